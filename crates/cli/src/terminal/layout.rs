//! Text laid out for the terminal: its width, and every line wrapped to it by the columns
//! a person sees (colour codes take none).

/// The width when the output is not a terminal (a file, a pipe, a test).
pub const DEFAULT_WIDTH: usize = 80;
/// The narrowest width laid out for: below it the game's lines cannot be read anyway.
pub const MIN_WIDTH: usize = 30;

/// The terminal's width for an output that is (or is not) a terminal: `COLUMNS` when set to a
/// number, else the terminal's size; [`DEFAULT_WIDTH`] when the output is not a terminal (so a
/// script's transcript does not depend on the window it ran in) or the size is unknown.
#[must_use]
pub fn detect_width(terminal: bool) -> usize {
    if !terminal {
        return DEFAULT_WIDTH;
    }
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0);
    columns
        .or_else(|| {
            console::Term::stdout()
                .size_checked()
                .map(|(_, cols)| usize::from(cols))
        })
        .unwrap_or(DEFAULT_WIDTH)
        .max(MIN_WIDTH)
}

/// The columns `text` takes on a terminal: colour codes take none.
#[must_use]
pub fn columns(text: &str) -> usize {
    console::measure_text_width(text)
}

/// `text` padded with spaces to `width` visible columns (as it is when already as wide).
#[must_use]
pub fn pad(text: &str, width: usize) -> String {
    let mut padded = text.to_owned();
    padded.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(columns(text)),
    ));
    padded
}

/// Each line of `text` wrapped at spaces to at most `width` visible columns, its continuation
/// lines indented two more than the line (`  (term: …` goes on at four); a word wider than a
/// line is cut. Lines that fit are left as they are. Work is linear in the text.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(MIN_WIDTH);
    let mut lines = Vec::new();
    for line in text.lines() {
        if columns(line) <= width {
            lines.push(line.to_owned());
            continue;
        }
        let body = line.trim_start_matches(' ');
        let indent = (line.len() - body.len()).min(width / 2);
        // Continuations indented, but never so deep that little is left for the words.
        let more = " ".repeat((indent + 2).min(width / 2));
        let mut current = " ".repeat(indent);
        let mut used = indent;
        let mut empty = true;
        // Runs of spaces inside a line are kept (an empty word between two spaces) but not
        // at the start of a continuation.
        for word in body.split(' ') {
            if word.is_empty() && empty {
                continue;
            }
            let mut word = word.to_owned();
            loop {
                let cols = columns(&word);
                let room = width.saturating_sub(used + usize::from(!empty));
                if cols <= room {
                    if !empty {
                        current.push(' ');
                    }
                    current.push_str(&word);
                    used += cols + usize::from(!empty);
                    empty = false;
                    break;
                }
                if !empty {
                    let done = std::mem::replace(&mut current, more.clone());
                    lines.push(done.trim_end().to_owned());
                    used = more.len();
                    empty = true;
                    continue;
                }
                // A word wider than a whole line: cut it where the line ends.
                let (head, tail) = cut(&word, width - used);
                current.push_str(&head);
                lines.push(std::mem::replace(&mut current, more.clone()));
                used = more.len();
                word = tail;
            }
        }
        if !empty {
            lines.push(current.trim_end().to_owned());
        }
    }
    lines
}

/// `word` cut after `room` visible characters (at least one), for a word wider than a line.
/// Colour codes are not cut through: the words cut are plain text.
fn cut(word: &str, room: usize) -> (String, String) {
    let at = word
        .char_indices()
        .nth(room.max(1))
        .map_or(word.len(), |(i, _)| i);
    (word[..at].to_owned(), word[at..].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_wrap_at_spaces_to_the_visible_width() {
        let long = "  (forehand: The seat that acts first in a deal: in some games it names the contract.)";
        assert_eq!(
            wrap(long, 40),
            [
                "  (forehand: The seat that acts first in",
                "    a deal: in some games it names the",
                "    contract.)"
            ]
        );
        assert_eq!(wrap("  (pi: a junk card.)", 40), ["  (pi: a junk card.)"]);
        assert_eq!(wrap("a\nb", 40), ["a", "b"]);
        // Columns of spaces inside a line stay.
        assert_eq!(
            wrap(
                &format!("  hint     {}", "what the bot would play ".repeat(2)),
                40
            ),
            [
                "  hint     what the bot would play what",
                "    the bot would play"
            ]
        );
        // Colour codes take no columns: a painted line that fits is not wrapped.
        let red = "hand: 10\x1b[31m♥\x1b[0m ".repeat(3);
        assert_eq!(columns(&red), 3 * "hand: 10♥ ".chars().count());
        assert_eq!(wrap(&red, 30), std::slice::from_ref(&red));
        for line in wrap(&"word ".repeat(40), 30) {
            assert!(columns(&line) <= 30, "{line:?}");
        }
    }

    #[test]
    fn a_word_wider_than_a_line_is_cut() {
        let lines = wrap(&format!("x {}", "y".repeat(70)), 30);
        assert!(lines.iter().all(|l| columns(l) <= 30), "{lines:?}");
        assert_eq!(lines.concat().matches('y').count(), 70);
    }

    #[test]
    fn padding_counts_visible_columns() {
        assert_eq!(pad("9\x1b[31m♥\x1b[0m", 4), "9\x1b[31m♥\x1b[0m  ");
        assert_eq!(pad("10♣", 3), "10♣");
        assert_eq!(pad("toolong", 3), "toolong");
    }
}
