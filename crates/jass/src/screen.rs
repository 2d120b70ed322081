//! The seat's screen: what every Jass view's `Display` shares — the line writer (`label:
//! value` lines, long ones wrapped), seats and sides named as the viewer knows them ("seat 2
//! (your partner)"), cards in either form (the notation, or with `{:#}` suit symbols), and the
//! contract of a deal. The card play of a deal (the trick, the last trick, tricks taken, the
//! hand) is in [`play`].

use core::fmt;

use cards_core::{JassCard, PlayerId};

use crate::{Contract, Mode};

pub(crate) mod play;

/// The widest a screen line should be, in characters.
pub(crate) const WIDTH: usize = 100;

/// Who is looking: the viewer's seat, the table's size, and whether seats play in teams of
/// two (seats 0 and 2 against 1 and 3).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Viewer {
    /// The viewer's seat (perhaps not at the table: an onlooker).
    pub me: PlayerId,
    /// The seats at the table.
    pub seats: usize,
    /// Whether seats play in teams of two.
    pub teams: bool,
}

impl Viewer {
    /// Whether `seat` is the viewer.
    fn is_me(&self, seat: PlayerId) -> bool {
        seat == self.me
    }

    /// The viewer's partner, in team play.
    pub fn partner(&self) -> Option<PlayerId> {
        (self.teams && self.me.index() < self.seats)
            .then(|| PlayerId(((self.me.index() + 2) % self.seats) as u8))
    }

    /// `seat 2`, `seat 2 (you)` or `seat 2 (your partner)`.
    pub fn seat(&self, seat: PlayerId) -> String {
        if self.is_me(seat) {
            format!("seat {seat} (you)")
        } else if self.partner() == Some(seat) {
            format!("seat {seat} (your partner)")
        } else {
            format!("seat {seat}")
        }
    }

    /// A side of `seats` (a team, or one seat): `your team, seats 0 and 2`, `seats 1 and 3`,
    /// `seat 1 (you)`.
    pub fn side(&self, seats: &[PlayerId]) -> String {
        match seats {
            [one] => self.seat(*one),
            [a, b] if seats.contains(&self.me) => format!("your team, seats {a} and {b}"),
            [a, b] => format!("seats {a} and {b}"),
            many => {
                let names: Vec<String> = many.iter().map(ToString::to_string).collect();
                format!("seats {}", names.join(", "))
            }
        }
    }

    /// The separator of a list of sides: `; ` between teams (their names hold commas), `, `
    /// between seats.
    pub fn sep(&self) -> &'static str {
        if self.teams { "; " } else { ", " }
    }

    /// The sides of the table: both teams, or each seat.
    pub fn sides(&self) -> Vec<Vec<PlayerId>> {
        if self.teams {
            (0..2)
                .map(|t| {
                    PlayerId::all(self.seats)
                        .filter(|s| s.index() % 2 == t)
                        .collect()
                })
                .collect()
        } else {
            PlayerId::all(self.seats).map(|s| vec![s]).collect()
        }
    }
}

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
        if self.alternate {
            format!("{card:#}")
        } else {
            card.to_string()
        }
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

/// The contract line's parts (to be joined by `; `) of a Schieber or Coiffeur deal: the
/// contract, its trump suit, its factor and who `named` or chose it; for a Trio the segment
/// modes named so far; for a variant the mode the current trick is played in (`trick_no` from
/// 0).
pub(crate) fn contract_parts(
    viewer: &Viewer,
    contract: Contract,
    factor: String,
    (named, declarer): (&str, Option<PlayerId>),
    trio: &[Mode],
    trick_no: usize,
) -> Vec<String> {
    let mut text = contract.to_string();
    if let Some(suit) = contract.mode().and_then(Mode::trump) {
        text.push_str(&format!(" ({suit})"));
    }
    text.push_str(&format!(" {factor}"));
    if let Some(seat) = declarer {
        text.push_str(&format!(", {named} by {}", viewer.seat(seat)));
    }
    let mut parts = vec![text];
    if contract == Contract::Trio && !trio.is_empty() {
        let modes: Vec<String> = trio.iter().map(ToString::to_string).collect();
        parts.push(format!("Trio modes so far {}", modes.join(", ")));
    }
    if contract.is_variant()
        && trick_no < crate::schieber_deal::TRICKS
        && let Some(mode) = contract.trick_mode(trick_no, trio)
    {
        parts.push(format!("this trick is played {mode}"));
    }
    parts
}
