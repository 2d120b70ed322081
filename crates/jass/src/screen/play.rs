//! The card play of a deal on the seat's screen, shared by every Jass view: the trick so far,
//! the last trick, the tricks each side has taken, and the hand.

use core::fmt;

use cards_core::{CardSet, JassCard, PlayerId};

use super::{Screen, Viewer};
use crate::TrickView;

/// The card play of a deal as one seat sees it.
pub(crate) struct PlayText<'a> {
    /// Who is looking.
    pub viewer: Viewer,
    /// The completed tricks.
    pub tricks: &'a [TrickView],
    /// The current trick's cards so far.
    pub trick: &'a [JassCard],
    /// The current trick's leader.
    pub leader: PlayerId,
    /// The viewer's hand.
    pub hand: CardSet<JassCard>,
    /// The tricks in a deal (9, or 12 at a Differenzler table of three).
    pub tricks_in_deal: usize,
    /// Whether a seat is to play now (else an empty trick is not shown: the game is over, or
    /// no one knows yet who leads).
    pub live: bool,
}

/// The plays of a trick led by `leader` at a table of `seats`: `seat 1 led AS`, then `seat 2
/// KS`, … (`name` names a seat, `card` writes a card).
pub(crate) fn plays(
    leader: PlayerId,
    cards: &[JassCard],
    seats: usize,
    name: impl Fn(PlayerId) -> String,
    card: impl Fn(JassCard) -> String,
) -> Vec<String> {
    cards
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let seat = PlayerId(((leader.index() + i) % seats.max(1)) as u8);
            let verb = if i == 0 { " led" } else { "" };
            format!("{}{verb} {}", name(seat), card(c))
        })
        .collect()
}

impl PlayText<'_> {
    /// Whether every trick of the deal is complete.
    pub fn over(&self) -> bool {
        self.tricks.len() >= self.tricks_in_deal
    }

    /// `trick 5 of 9` (the current one; the last once the deal is over).
    pub fn number(&self) -> String {
        let n = (self.tricks.len() + 1).min(self.tricks_in_deal);
        format!("trick {n} of {}", self.tricks_in_deal)
    }

    /// `trick: seat 1 led AS, seat 2 (your partner) KS`, or `trick: seat 1 (you) to lead`;
    /// nothing once the deal is over, nor for an empty trick that no one is to lead.
    pub fn write_trick(&self, s: &mut Screen<'_, '_>) -> fmt::Result {
        if self.over() || (self.trick.is_empty() && !self.live) {
            return Ok(());
        }
        if self.trick.is_empty() {
            return s.text(
                "trick",
                &format!("{} to lead", self.viewer.seat(self.leader)),
            );
        }
        let parts = plays(
            self.leader,
            self.trick,
            self.viewer.seats,
            |p| self.viewer.seat(p),
            |c| s.card(c),
        );
        s.item("trick", &parts, ", ")
    }

    /// `last trick: seat 3 led 9S, …; seat 0 (you) took it`, once a trick is complete.
    pub fn write_last(&self, s: &mut Screen<'_, '_>) -> fmt::Result {
        let Some(last) = self.tricks.last() else {
            return Ok(());
        };
        let mut parts = plays(
            last.leader,
            &last.cards,
            self.viewer.seats,
            |p| self.viewer.seat(p),
            |c| s.card(c),
        );
        if let Some(end) = parts.last_mut() {
            end.push_str(&format!("; {} took it", self.viewer.seat(last.winner)));
        }
        s.item("last trick", &parts, ", ")
    }

    /// `tricks: 3 for your team, seats 0 and 2; 1 for seats 1 and 3`.
    pub fn write_taken(&self, s: &mut Screen<'_, '_>) -> fmt::Result {
        let parts: Vec<String> = self
            .viewer
            .sides()
            .iter()
            .map(|side| {
                let n = self
                    .tricks
                    .iter()
                    .filter(|t| side.contains(&t.winner))
                    .count();
                format!("{n} for {}", self.viewer.side(side))
            })
            .collect();
        s.item(
            "tricks",
            &parts,
            if self.viewer.teams { "; " } else { ", " },
        )
    }

    /// `hand: 6C 9C JD …` (`none` when empty).
    pub fn write_hand(&self, s: &mut Screen<'_, '_>) -> fmt::Result {
        let cards: Vec<String> = self.hand.iter().map(|c| s.card(c)).collect();
        if cards.is_empty() {
            return s.text("hand", "none");
        }
        s.item("hand", &cards, " ")
    }
}

/// `seat 1 led 6S, seat 2 AS, seat 3 KS, seat 0 9S; seat 2 took it` (`{:#}`: suit symbols).
impl fmt::Display for TrickView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alternate = f.alternate();
        let parts = plays(
            self.leader,
            &self.cards,
            self.cards.len(),
            |p| format!("seat {p}"),
            |c| {
                if alternate {
                    format!("{c:#}")
                } else {
                    c.to_string()
                }
            },
        );
        write!(f, "{}; seat {} took it", parts.join(", "), self.winner)
    }
}
