//! [`View`]: what one seat may see, and its text, the seat's screen.

use core::fmt;

use cards_core::PlayerId;

use crate::rules::{Leftovers, Rules, Scoring};
use crate::score::{RoundRecord, winners};
use crate::state::{Cards, Pile};
use crate::text::{by_value, card_text, wrapped};

/// What one seat may see: its own hand, every hand's size, the loose table, the protected
/// piles (owners, values, cards), the captured piles (their cards with Isiwo, their sizes
/// only otherwise — one's own included), how many cards are left to deal or set aside, the
/// round's public facts so far, the finished rounds' records and the totals. Not the other
/// hands, the stock's order, the set-aside cards, nor the seed.
///
/// `Display` is the seat's screen: where the game stands and whose turn it is, then one line
/// per item (the hand, the loose table, each Esun pile, the hand sizes, the captured piles, the
/// stock, the scores, the rules in force), built from the view alone; `{:#}` writes the cards
/// with suit symbols (`10♥`), the plain form in the notation (`TH`). The repository's
/// `docs/elewenjewe.md` ("The screen") shows one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The rules in force.
    pub rules: Rules,
    /// Whose view this is.
    pub seat: PlayerId,
    /// The current round's number, from 0.
    pub round: u32,
    /// The current round's dealer.
    pub dealer: PlayerId,
    /// The seat to act (`None` once the game is over).
    pub to_act: Option<PlayerId>,
    /// The viewer's hand (empty for a seat not at the table).
    pub hand: Cards,
    /// Every seat's number of cards in hand.
    pub hand_sizes: Vec<usize>,
    /// The loose table cards.
    pub table: Cards,
    /// The protected piles, ordered by their lowest card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piles: Vec<Pile>,
    /// The size of each seat's captured pile this round.
    pub captured_sizes: Vec<usize>,
    /// With Isiwo: each seat's captured pile this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured: Option<Vec<Cards>>,
    /// Cards left to deal this round.
    pub stock: usize,
    /// Cards set aside this round.
    pub set_aside: usize,
    /// Captures each seat made this round by playing a joker.
    pub joker_plays: Vec<u8>,
    /// Esun penalties each seat incurred this round.
    pub penalties: Vec<u8>,
    /// The seat that played the last card so far this round.
    pub last: Option<PlayerId>,
    /// The finished rounds' records.
    pub records: Vec<RoundRecord>,
    /// Each seat's total after the finished rounds.
    pub totals: Vec<i64>,
}

impl View {
    /// Seat `s` as the text names it: `seat 2`, or `seat 0 (you)` for the viewer.
    fn name(&self, s: PlayerId) -> String {
        if s == self.seat {
            format!("seat {s} (you)")
        } else {
            format!("seat {s}")
        }
    }

    /// The seats at the table.
    fn seat_ids(&self) -> impl Iterator<Item = PlayerId> {
        (0..self.hand_sizes.len()).map(|s| PlayerId(s as u8))
    }

    /// `seat 0 (you) 4, seat 1 3`: one number per seat.
    fn per_seat(&self, value: impl Fn(usize) -> String) -> String {
        let parts: Vec<String> = self
            .seat_ids()
            .map(|s| format!("{} {}", self.name(s), value(s.index())))
            .collect();
        parts.join(", ")
    }

    /// The first line: the round, the dealer and whose turn it is, or how the game ended.
    fn headline(&self) -> String {
        let rounds = self.records.len() as u32;
        if self.to_act.is_none()
            && rounds > 0
            && let Some(top) = winners(&self.rules, rounds, &self.totals)
        {
            let best = top.first().map_or(0, |w| self.totals[w.index()]);
            let plural = if rounds == 1 { "" } else { "s" };
            let who = match top.as_slice() {
                [one] => format!("{} wins", self.name(*one)),
                many => {
                    let names: Vec<String> = many.iter().map(|&s| self.name(s)).collect();
                    format!("{} share the win", names.join(", "))
                }
            };
            return format!("game over after {rounds} round{plural} · {who} with {best} points");
        }
        let turn = match self.to_act {
            Some(s) => format!("{} to play", self.name(s)),
            None => "waiting for the deal".to_owned(),
        };
        format!(
            "round {} · {} deals · {turn}",
            u64::from(self.round) + 1,
            self.name(self.dealer)
        )
    }

    /// The options in force that change play or scoring (none for the default rules).
    fn options(&self) -> Vec<String> {
        let r = &self.rules;
        let mut items = Vec::new();
        if r.jokers {
            items.push("jokers".to_owned());
        }
        if r.yoruba {
            items.push("Yorùbá rule".to_owned());
        }
        if r.esun {
            let s = if r.esun_penalty == 1 { "" } else { "s" };
            items.push(format!(
                "Esun (a pile left standing costs its builder {} point{s})",
                r.esun_penalty
            ));
        }
        if r.isiwo {
            items.push("Isiwo".to_owned());
        }
        if r.last_player_takes {
            items.push("the last to play takes the table".to_owned());
        }
        match r.leftovers {
            Leftovers::ToTable => {}
            Leftovers::Unused => items.push("leftovers set aside".to_owned()),
            Leftovers::OneCardHand => items.push("leftovers dealt one each".to_owned()),
        }
        let last = items.len().saturating_sub(1);
        for item in &mut items[..last] {
            item.push(',');
        }
        items
    }
}

/// The seat's screen (see [`View`]): one line per item, no trailing newline.
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        let cards = |c: Cards| -> Vec<String> {
            let list: Vec<String> = by_value(c).into_iter().map(|c| card_text(c, alt)).collect();
            if list.is_empty() {
                vec!["nothing".to_owned()]
            } else {
                list
            }
        };
        // Once the game is over, the counts are its last round's (its penalties in the totals).
        let over = self.to_act.is_none() && !self.records.is_empty();
        let when = if over {
            "in the last round"
        } else {
            "this round"
        };
        let mut lines = vec![self.headline()];
        let seated = self.seat.index() < self.hand_sizes.len();
        if seated {
            wrapped("your hand", &cards(self.hand), &mut lines);
        }
        wrapped("table", &cards(self.table), &mut lines);
        for pile in &self.piles {
            let label = format!("Esun pile of {} by {}", pile.value, self.name(pile.owner));
            wrapped(&label, &cards(pile.cards), &mut lines);
        }
        lines.push(format!(
            "cards in hand: {}",
            self.per_seat(|s| self.hand_sizes[s].to_string())
        ));
        lines.push(format!(
            "cards captured {when}: {}",
            self.per_seat(|s| self.captured_sizes.get(s).copied().unwrap_or(0).to_string())
        ));
        if let Some(captured) = &self.captured {
            for s in self.seat_ids() {
                let taken = captured.get(s.index()).copied().unwrap_or(Cards::EMPTY);
                wrapped(
                    &format!("captured by {}", self.name(s)),
                    &cards(taken),
                    &mut lines,
                );
            }
        }
        let mut stock = format!("to deal: {} cards", self.stock);
        if self.set_aside > 0 {
            stock.push_str(&format!(", {} set aside", self.set_aside));
        }
        lines.push(stock);
        if self.penalties.iter().any(|&p| p > 0) {
            let lost: Vec<String> = self
                .seat_ids()
                .filter_map(|s| {
                    let p = u64::from(self.penalties.get(s.index()).copied().unwrap_or(0));
                    let cost = p * u64::from(self.rules.esun_penalty); // u8 × u32: fits
                    (p > 0).then(|| format!("{} -{cost},", self.name(s)))
                })
                .collect();
            let mut lost = lost;
            if let Some(last) = lost.last_mut() {
                last.pop();
            }
            let label = if over {
                "Esun penalties in the last round".to_owned()
            } else {
                "Esun penalties this round (due at its end)".to_owned()
            };
            wrapped(&label, &lost, &mut lines);
        }
        let mut score = format!(
            "score: {} · first to {} wins",
            self.per_seat(|s| self.totals.get(s).copied().unwrap_or(0).to_string()),
            self.rules.target
        );
        if let Some(m) = self.rules.max_rounds {
            score.push_str(&format!(", at most {m} rounds"));
        }
        lines.push(score);
        lines.push(
            match self.rules.scoring {
                Scoring::LayoutAndMost => {
                    "scoring: 1 point for each of the layout diamonds taken, 1 for the most cards"
                }
                Scoring::MostCards => "scoring: 1 point for the most cards",
            }
            .to_owned(),
        );
        let options = self.options();
        if !options.is_empty() {
            wrapped("rules", &options, &mut lines);
        }
        f.write_str(&lines.join("\n"))
    }
}
