//! [`View`]: what one seat may see, and [`View::sample_world`].

use cards_core::{Draw as _, Game as _, PlayerId, Rng, StdCard};

use crate::action::Action;
use crate::error::SetupError;
use crate::rules::Rules;
use crate::score::{LAYOUT, RoundRecord};
use crate::setup::{Setup, validate};
use crate::state::{Cards, Elewenjewe, Pile, pack};

/// What one seat may see: its own hand, every hand's size, the loose table, the protected
/// piles (owners, values, cards), the captured piles (their cards with Isiwo, their sizes
/// only otherwise — one's own included), how many cards are left to deal or set aside, the
/// round's public facts so far, the finished rounds' records and the totals. Not the other
/// hands, the stock's order, the set-aside cards, nor the seed.
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
    /// The legal actions of this view's seat when it is to act (in
    /// [`Game::legal_actions`](cards_core::Game::legal_actions) order), into `out` (cleared
    /// first); empty otherwise. They depend only on the seat's hand, the table and the piles.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act != Some(self.seat) {
            return;
        }
        crate::state::each_legal(&self.rules, self.hand, self.table, &self.piles, |a| {
            out.push(a)
        });
    }

    /// A whole game that shows this view to its seat: the cards it does not show are dealt
    /// at random (`rng`) to the other hands, the captured piles (sizes kept; a layout diamond
    /// not in sight must lie in some captured pile), the set-aside cards and the stock (in a
    /// random order), with a fresh seed for later rounds; the result is validated like any
    /// [`Setup`].
    ///
    /// # Errors
    /// [`SetupError`] when the view is inconsistent (it may come from anywhere), mostly
    /// [`SetupError::View`].
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Elewenjewe, SetupError> {
        let bad = |why| SetupError::View { why };
        let n = self.hand_sizes.len();
        self.rules.validate(n)?;
        let me = self.seat.index();
        if me >= n {
            return Err(bad("the viewer is not at the table"));
        }
        if self.captured_sizes.len() != n || self.hand.len() != self.hand_sizes[me] {
            return Err(bad("per-seat sizes do not fit the table"));
        }
        let shown_captured = match &self.captured {
            Some(c) if self.rules.isiwo && c.len() == n => {
                c.iter().fold(Cards::EMPTY, |a, &b| a | b)
            }
            None if !self.rules.isiwo => Cards::EMPTY,
            _ => return Err(bad("captured piles are shown exactly when Isiwo is played")),
        };
        let piles = self.piles.iter().fold(Cards::EMPTY, |a, p| a | p.cards);
        let known = self.hand | self.table | piles | shown_captured;
        let mut pool: Vec<StdCard> = (pack(&self.rules) - known).iter().collect();
        let layout: Vec<StdCard> = (LAYOUT - known).iter().collect();
        pool.retain(|c| !LAYOUT.contains(*c));
        // Captured slots to fill (without Isiwo): one per card, by seat.
        let mut slots: Vec<usize> = Vec::new();
        if self.captured.is_none() {
            for (s, &size) in self.captured_sizes.iter().enumerate() {
                slots.extend(core::iter::repeat_n(s, size));
            }
        }
        if layout.len() > slots.len() {
            return Err(bad(
                "a layout diamond out of sight must lie in a captured pile",
            ));
        }
        let others: usize = (0..n)
            .filter(|&s| s != me)
            .map(|s| self.hand_sizes[s])
            .sum();
        if pool.len() + layout.len() != slots.len() + others + self.stock + self.set_aside {
            return Err(bad("the unseen cards do not fill the hidden places"));
        }
        rng.shuffle(&mut slots);
        rng.shuffle(&mut pool);
        let mut captured: Vec<Cards> = match &self.captured {
            Some(c) => c.clone(),
            None => vec![Cards::EMPTY; n],
        };
        let mut cards = layout.into_iter().chain(pool);
        for &s in &slots {
            captured[s].extend(cards.next());
        }
        let hands: Vec<Cards> = (0..n)
            .map(|s| {
                if s == me {
                    self.hand
                } else {
                    cards.by_ref().take(self.hand_sizes[s]).collect()
                }
            })
            .collect();
        let set_aside: Cards = cards.by_ref().take(self.set_aside).collect();
        let stock: Vec<StdCard> = cards.collect();
        let setup = Setup {
            seed: rng.seed(),
            round: self.round,
            records: self.records.clone(),
            dealer: self.dealer,
            hands,
            table: self.table,
            piles: self.piles.clone(),
            captured,
            stock,
            set_aside,
            joker_plays: self.joker_plays.clone(),
            penalties: self.penalties.clone(),
            last: self.last,
        };
        let world = validate(&self.rules, &setup)?;
        if world.view(self.seat) != *self {
            return Err(bad(
                "the view's derived facts (seat to act, totals) do not fit its cards",
            ));
        }
        Ok(world)
    }
}
