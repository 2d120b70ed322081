//! [`Viewer`]: who is looking at a screen, and every seat and side named as that seat knows
//! it (`seat 2 (your partner)`, `your team, seats 0 and 2`).

use cards_core::PlayerId;

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
