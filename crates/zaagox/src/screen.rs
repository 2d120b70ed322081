//! The text of a [`View`]: the seat's screen in a terminal game (`Display`), and the small
//! helpers the crate's other texts use to pass `{:#}` on to their cards.

use core::fmt::{self, Write as _};

use cards_core::{Alternate, DidoCard, PlayerId};

use crate::state::ageing_needed;
use crate::{AvaRule, Hand, Outcome, PairView, Phase, Scorer, Shape, ShapeMap, View};

/// The longest line the screen writes before wrapping onto an indented continuation line.
const WIDTH: usize = 100;

/// How few turns may be left before the first line names the turn limit.
const NEAR_LIMIT: u32 = 20;

/// Cards separated by spaces, or `none`.
struct List<'a>(&'a [DidoCard], bool);

impl fmt::Display for List<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        for (i, &card) in self.0.iter().enumerate() {
            write!(
                f,
                "{}{}",
                if i == 0 { "" } else { " " },
                Alternate(card, self.1)
            )?;
        }
        Ok(())
    }
}

/// `1 point`, `12 points`.
struct Points(i64);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = if self.0.abs() == 1 { "" } else { "s" };
        write!(f, "{} point{s}", self.0)
    }
}

/// The cards of a set in index order.
fn cards(set: Hand) -> Vec<DidoCard> {
    set.iter().collect()
}

/// The shape, colour and number (mod 4) kinds among `set`, as scoring counts them before the
/// five-card upgrades: blanks have a shape but no colour and no number.
fn kinds(set: Hand, shapes: &ShapeMap) -> (usize, usize, usize) {
    let (mut shape, mut colour, mut class) = (0u8, 0u8, 0u8);
    for card in set {
        shape |= 1 << shapes.shape(card) as u8;
        if !card.is_zero() {
            colour |= 1 << card.colour().index();
            class |= 1 << (card.number() % 4);
        }
    }
    (
        shape.count_ones() as usize,
        colour.count_ones() as usize,
        class.count_ones() as usize,
    )
}

impl View {
    /// `seat N (you)` for the viewer, `seat N` for anyone else.
    fn who(&self, seat: PlayerId) -> String {
        if seat == self.seat {
            format!("seat {seat} (you)")
        } else {
            format!("seat {seat}")
        }
    }

    /// The first line: the turn, and who must do what (or how the game ended).
    fn headline(&self, alt: bool) -> String {
        let now = match (self.outcome, self.phase) {
            (
                Some(Outcome::Won {
                    winner,
                    score,
                    ava_failed,
                }),
                _,
            ) => {
                let mut s = format!(
                    "game over: {} won with {}",
                    self.who(winner),
                    Points(score.points)
                );
                if let Some(payer) = ava_failed {
                    let _ = write!(
                        s,
                        "; {} declared Ava, failed, and pays alone",
                        self.who(payer)
                    );
                }
                s
            }
            (Some(outcome), _) => format!("game over: {outcome}"),
            (None, Phase::Act { seat }) => format!("{} to discard, pair or age", self.who(seat)),
            (None, Phase::Da { discarder, asking }) => {
                let discard = self
                    .discard
                    .map(|d| format!(" {}", Alternate(d, alt)))
                    .unwrap_or_default();
                let whose = if discarder == self.seat {
                    "your".to_owned()
                } else {
                    format!("seat {discarder}'s")
                };
                format!(
                    "{} may call Da on {whose} discard{discard}, or pass",
                    self.who(asking)
                )
            }
            (None, Phase::Store { seat, pair, .. }) => {
                let cards = self
                    .pairs
                    .iter()
                    .find(|p| p.owner == seat && p.cards[0] == pair)
                    .map_or_else(|| vec![pair], |p| p.cards.to_vec());
                format!(
                    "{} stores one card of the completed pair {} (the rest goes to the pile)",
                    self.who(seat),
                    List(&cards, alt)
                )
            }
            (None, Phase::Decide { seat, .. }) => format!(
                "{} has four stored cards: end (win now) or Ava ({})",
                self.who(seat),
                match self.rules.ava {
                    AvaRule::Continue => "play on to store a fifth",
                    AvaRule::Immediate => "draw and store a fifth card",
                }
            ),
            (None, Phase::Over) => "nothing dealt yet".to_owned(),
        };
        // The turn limit matters only when it is near.
        let limit = self.rules.turn_limit;
        if self.outcome.is_none() && limit.saturating_sub(self.turns) <= NEAR_LIMIT {
            format!("turn {} of at most {limit} · {now}", self.turns)
        } else {
            format!("turn {} · {now}", self.turns)
        }
    }

    /// One pair: its cards and its ageing count against what it needs (and, on one's own
    /// pairs, the ageing cards).
    fn pair_text(&self, pair: &PairView, alt: bool) -> String {
        let needed = ageing_needed(pair.cards[0].number());
        let mut s = format!(
            "{} with {} of {needed} ageing",
            List(&pair.cards, alt),
            pair.ageing_count
        );
        if let Some(ageing) = pair.ageing.as_deref().filter(|a| !a.is_empty()) {
            let _ = write!(s, " ({})", List(ageing, alt));
        }
        if pair.ageing_count >= needed {
            s.push_str(", complete");
        }
        s
    }

    /// A seat's pairs, `; `-separated, or `none`.
    fn pairs_text(&self, seat: PlayerId, alt: bool) -> String {
        let pairs: Vec<String> = self
            .pairs
            .iter()
            .filter(|p| p.owner == seat)
            .map(|p| self.pair_text(p, alt))
            .collect();
        if pairs.is_empty() {
            "none".to_owned()
        } else {
            pairs.join("; ")
        }
    }

    /// A seat's stored cards, with the kinds so far, or the set's score once it has four.
    fn stored_text(&self, seat: PlayerId, alt: bool) -> String {
        let set = self.stored.get(seat.index()).copied().unwrap_or_default();
        let mut s = List(&cards(set), alt).to_string();
        if set.len() >= 4 {
            if let Ok(score) = Scorer::new(&self.rules.shapes).score_set(set) {
                let _ = write!(
                    s,
                    ", worth {} (kinds: {} shape, {} colour, {} number{})",
                    Points(score.points),
                    score.shape_kinds,
                    score.colour_kinds,
                    score.number_kinds,
                    match (score.number_kinds >= 4, score.strong) {
                        (false, _) => "",
                        (true, true) => ", strong",
                        (true, false) => ", weak",
                    }
                );
            }
        } else if !set.is_empty() {
            let (shape, colour, number) = kinds(set, &self.rules.shapes);
            let _ = write!(
                s,
                " (kinds so far: {shape} shape, {colour} colour, {number} number)"
            );
        }
        s
    }

    /// The shapes of the face-up cards on the screen (hand, pairs, stored cards, discard),
    /// grouped, or `None` when there are none.
    fn shapes_text(&self, alt: bool) -> Option<String> {
        let mut shown = self.hand;
        for pair in &self.pairs {
            shown.extend(pair.cards);
        }
        for &set in &self.stored {
            shown |= set;
        }
        shown.extend(self.discard);
        let groups: Vec<String> = Shape::ALL
            .iter()
            .filter_map(|&shape| {
                let of: Vec<DidoCard> = shown
                    .iter()
                    .filter(|&c| self.rules.shapes.shape(c) == shape)
                    .collect();
                (!of.is_empty()).then(|| format!("{shape:?} {}", List(&of, alt)))
            })
            .collect();
        (!groups.is_empty()).then(|| groups.join(" · "))
    }

    /// The screen's lines, before wrapping.
    fn lines(&self, alt: bool) -> Vec<String> {
        let mut lines = vec![self.headline(alt)];
        // Empty sections are left out until they matter: a newcomer's first screen names
        // only the words it needs (each is explained where it first appears).
        let mut pile = format!("pile: {} cards", self.pile_len);
        if let Some(d) = self.discard {
            let _ = write!(pile, " · discard: {}", Alternate(d, alt));
        }
        lines.push(pile);
        let has_pairs = |seat: PlayerId| self.pairs.iter().any(|p| p.owner == seat);
        let has_stored =
            |seat: PlayerId| self.stored.get(seat.index()).is_some_and(|s| !s.is_empty());
        let ava = |seat: PlayerId| self.ava.get(seat.index()).copied().flatten().is_some();
        let players = self.players.min(self.hand_sizes.len());
        let me = self.seat.index();
        if me < players {
            lines.push(format!("your hand: {}", List(&cards(self.hand), alt)));
            if has_pairs(self.seat) {
                lines.push(format!("your pairs: {}", self.pairs_text(self.seat, alt)));
            }
            if has_stored(self.seat) {
                lines.push(format!("your stored: {}", self.stored_text(self.seat, alt)));
            }
            if ava(self.seat) {
                lines.push("your Ava: declared (you win on a fifth stored card)".to_owned());
            }
        }
        // The other seats in turn order after the viewer's (an onlooker sees them from seat 0).
        let start = if me < players { me + 1 } else { 0 };
        for k in 0..players {
            let index = (start + k) % players;
            if index == me {
                continue;
            }
            let Some(seat) = PlayerId::from_index(index) else {
                continue;
            };
            let size = self.hand_sizes[index];
            lines.push(format!(
                "seat {seat}: {size} card{} in hand{}",
                if size == 1 { "" } else { "s" },
                if ava(seat) { " · declared Ava" } else { "" },
            ));
            if has_stored(seat) {
                lines.push(format!(
                    "seat {seat}'s stored: {}",
                    self.stored_text(seat, alt)
                ));
            }
            if has_pairs(seat) {
                lines.push(format!(
                    "seat {seat}'s pairs: {}",
                    self.pairs_text(seat, alt)
                ));
            }
        }
        if let Some(shapes) = self.shapes_text(alt) {
            lines.push(format!("shape of each card: {shapes}"));
        }
        lines
    }
}

/// Writes `line`, wrapped at spaces onto continuation lines indented by two spaces when it is
/// longer than [`WIDTH`] columns.
fn write_wrapped(f: &mut fmt::Formatter<'_>, line: &str) -> fmt::Result {
    let mut column = 0;
    for (i, word) in line.split(' ').enumerate() {
        let width = word.chars().count();
        if i > 0 {
            if column + 1 + width > WIDTH {
                f.write_str("\n  ")?;
                column = 2;
            } else {
                f.write_str(" ")?;
                column += 1;
            }
        }
        f.write_str(word)?;
        column += width;
    }
    Ok(())
}

impl fmt::Display for View {
    /// The seat's screen: everything it sees and needs to decide, one item a line
    /// (`docs/zaagox.md`, "The screen"). `{:#}` writes the cards with `{:#}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        for (i, line) in self.lines(alt).iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write_wrapped(f, line)?;
        }
        Ok(())
    }
}
