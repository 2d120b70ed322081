//! The module's exports: text in and out of the engine through two buffers in the module's
//! memory, so the host needs no glue library (`web/engine.js` is the whole of it).
//!
//! The host asks [`request_buffer`] for room for its request (UTF-8 JSON), writes at most
//! [`request_room`] bytes there, calls [`answer`] (the answer's length) and reads that many
//! bytes at [`answer_ptr`]. A request past [`MAX_REQUEST`] gets no room, and is refused by its
//! length. Only the attribute that keeps the names is unsafe; no pointer is read or written
//! here.

use std::cell::{Cell, RefCell};

use crate::{Engine, MAX_REQUEST};

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::default());
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The length of the request the host last asked room for.
    static ASKED: Cell<usize> = const { Cell::new(0) };
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Room for a request of `len` bytes (none for one past [`MAX_REQUEST`], which is refused
/// when answered): where the host writes it, [`request_room`] bytes at most.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn request_buffer(len: u32) -> *mut u8 {
    let len = len as usize;
    ASKED.set(len);
    REQUEST.with_borrow_mut(|request| {
        request.clear();
        request.resize(if len > MAX_REQUEST { 0 } else { len }, 0);
        request.as_mut_ptr()
    })
}

/// How many bytes the host may write at [`request_buffer`]'s answer.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn request_room() -> u32 {
    // At most MAX_REQUEST, so it fits.
    REQUEST.with_borrow(|request| u32::try_from(request.len()).unwrap_or(0))
}

/// Answers the request in the buffer: the answer's length in bytes, at [`answer_ptr`].
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn answer() -> u32 {
    let asked = ASKED.get();
    let text = REQUEST.with_borrow(|request| match std::str::from_utf8(request) {
        Ok(request) => ENGINE.with_borrow_mut(|engine| engine.answer_sized(asked, request)),
        Err(_) => r#"{"ok":false,"error":"the request is not text (UTF-8)"}"#.to_owned(),
    });
    ANSWER.with_borrow_mut(|answer| {
        *answer = text.into_bytes();
        u32::try_from(answer.len()).unwrap_or(u32::MAX)
    })
}

/// Where the last answer's bytes are.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn answer_ptr() -> *const u8 {
    ANSWER.with_borrow(|answer| answer.as_ptr())
}

/// The last answer's text (for tests and native hosts).
#[must_use]
pub fn last_answer() -> String {
    ANSWER.with_borrow(|answer| String::from_utf8_lossy(answer).into_owned())
}

/// Puts `text` in the request buffer, as the host does.
pub fn put_request(text: &str) {
    request_buffer(u32::try_from(text.len()).unwrap_or(u32::MAX));
    REQUEST.with_borrow_mut(|request| {
        let n = request.len().min(text.len());
        request[..n].copy_from_slice(&text.as_bytes()[..n]);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_goes_through_the_buffers() {
        put_request(r#"{"op":"catalogue"}"#);
        let len = answer();
        let text = last_answer();
        assert_eq!(len as usize, text.len());
        assert!(
            text.starts_with('{') && text.contains(r#""ok":true"#),
            "{text}"
        );
        put_request("\u{fffd}");
        REQUEST.with_borrow_mut(|r| r[0] = 0xff);
        answer();
        assert!(last_answer().contains("not text"));
        // A request past the limit gets no room, and is refused by its real length.
        let len = u32::try_from(MAX_REQUEST + 100).unwrap();
        request_buffer(len);
        assert_eq!(request_room(), 0);
        answer();
        assert!(last_answer().contains(&format!("at most 4 MiB, not {len} bytes")));
        request_buffer(7);
        assert_eq!(request_room(), 7);
    }
}
