//! `cardrules oracle`: the JSON Lines conformance protocol (`docs/oracle.md`) on standard input
//! and output. The answers are the registry's ([`cards_registry::oracle::handle`]); this reads
//! the lines and writes them.
//!
//! A line ends at `\n`; a `\r` before it is dropped; a last line without `\n` is answered. A
//! line longer than [`MAX_LINE`] is skipped to its end without being held in memory, and
//! answered `ok:false`, so every line gets its answer.

use std::io::{self, BufRead, Write};

pub use cards_registry::oracle::playout;
use cards_registry::oracle::{MAX_LINE, handle, too_long};

use crate::lines::{Line, read_line};

/// Runs the oracle: answers every line of `input` on `output`, flushing after each answer.
///
/// # Errors
/// Only I/O errors reading `input` or writing `output`; bad requests are answered, not
/// returned.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut buf = Vec::new();
    while let Some(line) = read_line(&mut input, &mut buf, MAX_LINE, usize::MAX)? {
        let answer = match line {
            Line::Text => handle(&buf),
            Line::TooLong(len) | Line::Unending(len) => too_long(len),
        };
        output.write_all(answer.to_line().as_bytes())?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_answers_every_line_in_order() {
        let op = cards_registry::oracle::ops().pop().unwrap();
        let input = format!("\n{{\"op\":\"{op}\"}}\nnot json\n{{\"op\":\"nope\"}}");
        let input = input.as_bytes();
        let mut out = Vec::new();
        run(input, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].contains("empty request"));
        assert!(
            lines[1].contains(&op) && lines[1].contains("missing field"),
            "{}",
            lines[1]
        );
        assert!(lines[2].contains("not valid JSON"));
        assert!(lines[3].contains("unknown op"));
        assert!(text.ends_with('\n'));
    }
}
