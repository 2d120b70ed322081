//! The seat's screen: what every Jass view's `Display` shares. Here the line writer
//! ([`Screen`]: `label: value` lines, long ones wrapped, cards in either form — the notation,
//! or with `{:#}` suit symbols); seats and sides named as the viewer knows them in [`viewer`];
//! a deal's table and contract lines in [`deal`]; its card play (the trick, the last trick,
//! tricks taken, the hand) in [`play`].

use core::fmt;

use cards_core::JassCard;

pub(crate) mod deal;
pub(crate) mod play;
pub(crate) mod viewer;

pub(crate) use viewer::Viewer;

/// The widest a screen line should be, in characters.
pub(crate) const WIDTH: usize = 100;

/// Writes a screen: `label: value` lines, one per item, separated by newlines (no trailing
/// one); a value too long for [`WIDTH`] wraps between its parts onto lines indented by two
/// spaces. Cards come out in the formatter's form (`{:#}`: suit symbols).
pub(crate) struct Screen<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    alternate: bool,
    lines: usize,
}

impl<'a, 'b> Screen<'a, 'b> {
    /// A screen written to `f`.
    pub fn new(f: &'a mut fmt::Formatter<'b>) -> Self {
        let alternate = f.alternate();
        Screen {
            f,
            alternate,
            lines: 0,
        }
    }

    /// Whether cards are written for people (`{:#}`).
    pub fn alternate(&self) -> bool {
        self.alternate
    }

    /// One card, in the screen's form.
    pub fn card(&self, card: JassCard) -> String {
        cards_core::Alternate(card, self.alternate).to_string()
    }

    /// A whole line as it is (the first line: where the game stands).
    pub fn line(&mut self, text: &str) -> fmt::Result {
        if self.lines > 0 {
            self.f.write_str("\n")?;
        }
        self.lines += 1;
        self.f.write_str(text)
    }

    /// `label: ` then `parts` joined by `sep`, wrapped between parts (after the separator)
    /// onto continuation lines indented by two spaces when the line would pass [`WIDTH`].
    pub fn item(&mut self, label: &str, parts: &[String], sep: &str) -> fmt::Result {
        let pieces: Vec<String> = parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                if i + 1 < parts.len() {
                    format!("{part}{sep}")
                } else {
                    part.clone()
                }
            })
            .collect();
        self.pieces(label, &pieces)
    }

    /// `label: ` then `pieces` one after another (each with its own separator), wrapped
    /// between pieces onto continuation lines indented by two spaces when the line would pass
    /// [`WIDTH`].
    pub fn pieces(&mut self, label: &str, pieces: &[String]) -> fmt::Result {
        let mut line = format!("{label}: ");
        let head = line.chars().count();
        let mut width = head;
        for piece in pieces {
            let n = piece.trim_end().chars().count();
            if width > head && width + n > WIDTH {
                let done = line.trim_end().to_owned();
                self.line(&done)?;
                line = "  ".to_owned();
                width = 2;
            }
            width += piece.chars().count();
            line.push_str(piece);
        }
        self.line(line.trim_end())
    }

    /// `label: value` on one line (or wrapped between words when too long).
    pub fn text(&mut self, label: &str, value: &str) -> fmt::Result {
        let words: Vec<String> = value.split(' ').map(str::to_owned).collect();
        self.item(label, &words, " ")
    }
}
