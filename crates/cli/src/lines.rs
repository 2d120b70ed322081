//! Reading input line by line with a bound on what is held: the oracle's requests and the
//! moves `play` reads.

use std::io::{self, BufRead};

/// One line read from the input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line's bytes, without `\n` or `\r\n`.
    Text,
    /// The line was longer than the limit; this many bytes were skipped, to its end.
    TooLong(usize),
    /// The line went on past the most bytes the caller lets be skipped: this many were read
    /// and the rest of it, if any, is still unread.
    Unending(usize),
}

/// Reads the next line into `buf` (cleared first), keeping at most `limit` bytes; a longer
/// line is consumed to its end without being stored, unless it goes on past `skip` bytes
/// ([`Line::Unending`]: input that is not lines of text, such as `/dev/zero`). `None` at end of
/// input.
///
/// # Errors
/// The reader's errors.
pub fn read_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    limit: usize,
    skip: usize,
) -> io::Result<Option<Line>> {
    buf.clear();
    let mut seen = 0usize;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => (&chunk[..end], true),
            None => (chunk, false),
        };
        seen = seen.saturating_add(part.len());
        if seen <= limit + 1 {
            // Keep one byte beyond the limit so a `\r` just past it can still be dropped.
            buf.extend_from_slice(part);
        }
        let used = part.len() + usize::from(done);
        input.consume(used);
        // Past `skip` whether or not the line ends in this chunk: where the input is cut into
        // chunks must not decide.
        if seen > skip {
            buf.clear();
            return Ok(Some(Line::Unending(seen)));
        }
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
        seen -= 1;
    }
    if seen > limit {
        buf.clear();
        return Ok(Some(Line::TooLong(seen)));
    }
    Ok(Some(Line::Text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_on_skipping(input: &[u8], limit: usize, skip: usize) -> Vec<(Option<Line>, Vec<u8>)> {
        let mut reader = io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        let mut buf = Vec::new();
        loop {
            let line = read_line(&mut reader, &mut buf, limit, skip).unwrap();
            let end = line.is_none();
            out.push((line, buf.clone()));
            if end {
                return out;
            }
        }
    }

    fn run_on(input: &[u8], limit: usize) -> Vec<(Option<Line>, Vec<u8>)> {
        run_on_skipping(input, limit, usize::MAX)
    }

    #[test]
    fn lines_split_on_newline_and_drop_cr() {
        let lines = run_on(b"ab\r\n\ncdefgh\nxyz", 5);
        assert_eq!(
            lines,
            vec![
                (Some(Line::Text), b"ab".to_vec()),
                (Some(Line::Text), b"".to_vec()),
                (Some(Line::TooLong(6)), b"".to_vec()),
                (Some(Line::Text), b"xyz".to_vec()),
                (None, b"".to_vec()),
            ]
        );
        // A line exactly at the limit, with or without `\r`, is kept.
        let lines = run_on(b"abcde\r\nabcde\n", 5);
        assert_eq!(lines[0], (Some(Line::Text), b"abcde".to_vec()));
        assert_eq!(lines[1], (Some(Line::Text), b"abcde".to_vec()));
        assert_eq!(run_on(b"", 5), vec![(None, Vec::new())]);
    }

    /// A line that goes on past what may be skipped stops there, unread beyond.
    #[test]
    fn an_unending_line_is_not_read_to_its_end() {
        let lines = run_on_skipping(b"abcdefghijklmnop\nq", 3, 8);
        assert_eq!(
            lines,
            vec![
                (Some(Line::Unending(12)), Vec::new()),
                (Some(Line::TooLong(4)), Vec::new()),
                (Some(Line::Text), b"q".to_vec()),
                (None, Vec::new()),
            ]
        );
    }

    /// Whether a line ran past what may be skipped does not depend on how the input arrives.
    #[test]
    fn how_the_input_is_cut_does_not_decide() {
        for capacity in 1..=16 {
            let first = |input: &[u8]| {
                let mut reader = io::BufReader::with_capacity(capacity, input);
                read_line(&mut reader, &mut Vec::new(), 3, 8).unwrap()
            };
            let past = first(b"abcdefghij\n");
            assert!(
                matches!(past, Some(Line::Unending(9..))),
                "{capacity}: {past:?}"
            );
            assert_eq!(first(b"abcdefgh\n"), Some(Line::TooLong(8)), "{capacity}");
        }
    }
}
