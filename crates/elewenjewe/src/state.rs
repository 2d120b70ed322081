//! [`Elewenjewe`], the game state and its accessors; [`Pile`]; the rule checks of an action
//! (captures, builds) and the legal actions, which `game.rs` (the transition) and `view.rs`
//! (a seat's legal actions) share.

use core::fmt;

use cards_core::{CardSet, Game as _, PlayerId, Seed, StdCard};

use crate::action::Action;
use crate::cards::{JOKER_BITS, card_value};
use crate::error::RuleError;
use crate::rules::Rules;
use crate::score::RoundRecord;
use crate::{captures, is_build, is_capture};

/// A set of cards of the pack.
pub type Cards = CardSet<StdCard>;

/// The most seats.
pub(crate) const MAX: usize = Rules::MAX_PLAYERS;
/// Cards in a full hand (one batch).
pub(crate) const BATCH: usize = 4;

/// The two jokers.
pub(crate) const JOKERS: Cards = CardSet::from_bits_truncate(JOKER_BITS);

/// A protected pile (Esun) standing on the table: whole, face up, built by `owner` for
/// `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pile {
    /// The builder (who pays the penalty if it still stands at the next batch or the
    /// round's end).
    pub owner: PlayerId,
    /// The value it was built for: only a card of this value captures it.
    pub value: u8,
    /// Its cards (the played card and the table cards built with it).
    pub cards: Cards,
}

impl Pile {
    /// The index of its lowest card: piles are kept ordered by it.
    pub(crate) fn lowest(&self) -> u32 {
        self.cards.bits().trailing_zeros()
    }
}

/// A game of Eléwénjewé (see the crate docs): the rules, the seed of every round's deal, and
/// the position.
///
/// Its JSON is `{"rules": …, "setup": …}` ([`Setup`](crate::Setup)), read back through the
/// same checks as [`Game::from_setup`](cards_core::Game::from_setup).
#[derive(Clone, PartialEq, Eq)]
pub struct Elewenjewe {
    pub(crate) rules: Rules,
    pub(crate) seed: Seed,
    pub(crate) players: u8,
    /// The current round's number, from 0 (the last round once the game is over).
    pub(crate) round: u32,
    pub(crate) dealer: PlayerId,
    pub(crate) hands: [Cards; MAX],
    /// Loose table cards (jokers included).
    pub(crate) table: Cards,
    /// Protected piles, ordered by their lowest card.
    pub(crate) piles: Vec<Pile>,
    /// This round's captured piles.
    pub(crate) captured: [Cards; MAX],
    /// Undealt cards, the next to deal first.
    pub(crate) stock: Vec<StdCard>,
    /// Leftovers set aside (`Leftovers::Unused`).
    pub(crate) set_aside: Cards,
    pub(crate) joker_plays: [u8; MAX],
    pub(crate) penalties: [u8; MAX],
    pub(crate) last: Option<PlayerId>,
    /// The finished rounds.
    pub(crate) records: Vec<RoundRecord>,
    /// Game totals after the finished rounds.
    pub(crate) totals: [i64; MAX],
}

impl fmt::Debug for Elewenjewe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n();
        f.debug_struct("Elewenjewe")
            .field("round", &self.round)
            .field("dealer", &self.dealer)
            .field("to_act", &self.to_act())
            .field("hands", &&self.hands[..n])
            .field("table", &self.table)
            .field("piles", &self.piles)
            .field("captured", &&self.captured[..n])
            .field("stock", &self.stock.len())
            .field("totals", &&self.totals[..n])
            .finish_non_exhaustive()
    }
}

/// The seat `k` places after `seat`.
pub(crate) fn seat_after(seat: PlayerId, k: usize, n: usize) -> PlayerId {
    PlayerId(((seat.index() + k) % n) as u8)
}

/// The seat to act: the first seat from the one after the dealer that holds the most cards;
/// `None` when every hand is empty. `size(s)` is seat `s`'s number of cards in hand.
#[inline]
pub(crate) fn first_to_act(
    dealer: PlayerId,
    n: usize,
    size: impl Fn(usize) -> usize,
) -> Option<PlayerId> {
    let most = (0..n).map(&size).max().unwrap_or(0);
    if most == 0 {
        return None;
    }
    (1..=n)
        .map(|k| seat_after(dealer, k, n))
        .find(|s| size(s.index()) == most)
}

/// Every card of the pack under `rules`.
pub(crate) fn pack(rules: &Rules) -> Cards {
    if rules.jokers {
        Cards::full()
    } else {
        Cards::full() - JOKERS
    }
}

impl Elewenjewe {
    pub(crate) fn n(&self) -> usize {
        usize::from(self.players)
    }

    /// Whether the game is over: every hand is empty (a live position always has a card to
    /// play, since empty hands are refilled at once).
    pub(crate) fn over(&self) -> bool {
        self.hands[..self.n()].iter().all(|h| h.is_empty())
    }

    /// Everything on the table: loose cards and piles.
    pub(crate) fn whole_table(&self) -> Cards {
        self.piles.iter().fold(self.table, |t, p| t | p.cards)
    }

    /// Calls `f` with every capture of `played` ([`each_capture`]).
    pub(crate) fn each_capture(&self, played: StdCard, f: impl FnMut(Cards)) {
        each_capture(&self.rules, self.table, &self.piles, played, f);
    }

    /// Calls `f` with every build of `played` by `seat` ([`each_build`]).
    pub(crate) fn each_build(&self, seat: PlayerId, played: StdCard, f: impl FnMut(u8, Cards)) {
        each_build(&self.rules, self.table, self.hand(seat), played, f);
    }

    /// Checks `action` against every rule without changing anything.
    pub(crate) fn check(&self, action: Action) -> Result<PlayerId, RuleError> {
        let seat = self.to_act().ok_or(RuleError::GameOver)?;
        let hand = self.hands[seat.index()];
        let played = action.played();
        if !hand.contains(played) {
            return Err(RuleError::NotInHand {
                seat,
                card: played,
                hand,
            });
        }
        match action {
            Action::Trail(_) => Ok(seat),
            Action::Capture { taken, .. } => self.check_capture(played, taken).map(|()| seat),
            Action::Build { value, taken, .. } => {
                if !self.rules.esun {
                    return Err(RuleError::NoEsun);
                }
                if !taken.is_subset(self.table) {
                    return Err(RuleError::NotOnTable {
                        missing: taken - self.table,
                    });
                }
                let bad = |why| {
                    Err(RuleError::NotABuild {
                        played,
                        taken,
                        value,
                        why,
                    })
                };
                if !(1..=10).contains(&value) {
                    return bad("a pile is built for a value 1 to 10");
                }
                if !hand
                    .without(played)
                    .iter()
                    .any(|c| card_value(c) == Some(value))
                {
                    return Err(RuleError::ValueNotHeld {
                        seat,
                        played,
                        value,
                    });
                }
                match is_build(played, self.table, value, taken, &self.rules) {
                    Ok(true) => Ok(seat),
                    _ => bad(build_reason(played, value, taken, &self.rules)),
                }
            }
        }
    }

    fn check_capture(&self, played: StdCard, taken: Cards) -> Result<(), RuleError> {
        let whole = self.whole_table();
        if !taken.is_subset(whole) {
            return Err(RuleError::NotOnTable {
                missing: taken - whole,
            });
        }
        if played.is_joker() {
            if taken != whole || taken.is_empty() {
                return Err(RuleError::JokerTakesAll {
                    taken,
                    table: whole,
                });
            }
            return Ok(());
        }
        let mut from_piles = Cards::EMPTY;
        for pile in &self.piles {
            let part = taken & pile.cards;
            if part.is_empty() {
                continue;
            }
            if part != pile.cards {
                return Err(RuleError::PartOfPile { pile: pile.cards });
            }
            if card_value(played) != Some(pile.value) {
                return Err(RuleError::PileValue {
                    played,
                    pile: pile.cards,
                    value: pile.value,
                });
            }
            from_piles |= part;
        }
        let loose = taken & self.table;
        let jokers = self.table & JOKERS;
        let not = |why| Err(RuleError::NotACapture { played, taken, why });
        if taken.is_empty() {
            return not("a capture takes at least one card (or trail the card)");
        }
        if !jokers.is_subset(taken) {
            return not("a joker lying on the table goes with every capture");
        }
        if from_piles.is_empty() || loose != jokers {
            match is_capture(played, self.table, loose, &self.rules) {
                Ok(true) => {}
                _ => return not(capture_reason(played, loose, &self.rules)),
            }
        }
        if !from_piles.is_empty()
            && self.rules.yoruba
            && self.rules.yoruba_checks_piles
            && !yoruba_distinct(played, taken)
        {
            return not(
                "the Yorùbá rule (pile cards included): values distinct, none the played card's",
            );
        }
        Ok(())
    }

    // ---- Public accessors: what is the game's own. ----

    /// The current round's number, from 0 (the last round once the game is over).
    #[must_use]
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The current round's dealer.
    #[must_use]
    pub fn dealer(&self) -> PlayerId {
        self.dealer
    }

    /// `seat`'s hand (empty for a seat not at the table).
    #[must_use]
    pub fn hand(&self, seat: PlayerId) -> Cards {
        self.hands[..self.n()]
            .get(seat.index())
            .copied()
            .unwrap_or_default()
    }

    /// The loose table cards (jokers included; not the protected piles).
    #[must_use]
    pub fn table(&self) -> Cards {
        self.table
    }

    /// The protected piles standing on the table, ordered by their lowest card.
    #[must_use]
    pub fn piles(&self) -> &[Pile] {
        &self.piles
    }

    /// The cards `seat` has captured this round (empty for a seat not at the table).
    #[must_use]
    pub fn captured(&self, seat: PlayerId) -> Cards {
        self.captured[..self.n()]
            .get(seat.index())
            .copied()
            .unwrap_or_default()
    }

    /// The undealt cards of this round, the next to deal first.
    #[must_use]
    pub fn stock(&self) -> &[StdCard] {
        &self.stock
    }

    /// Leftovers set aside this round ([`Leftovers::Unused`](crate::Leftovers::Unused)).
    #[must_use]
    pub fn set_aside(&self) -> Cards {
        self.set_aside
    }

    /// The records of the finished rounds, in order.
    #[must_use]
    pub fn records(&self) -> &[RoundRecord] {
        &self.records
    }

    /// Each seat's game total after the finished rounds (points minus Esun penalties).
    #[must_use]
    pub fn totals(&self) -> &[i64] {
        &self.totals[..self.n()]
    }

    /// The seat that played the last card so far this round.
    #[must_use]
    pub fn last_player(&self) -> Option<PlayerId> {
        self.last
    }
}

/// The Yorùbá rule over every captured card (jokers aside): pairwise distinct values, none
/// the played card's.
pub(crate) fn yoruba_distinct(played: StdCard, taken: Cards) -> bool {
    let mut seen = [false; 14];
    if let Some(r) = played.rank() {
        seen[usize::from(r)] = true;
    }
    for card in taken - JOKERS {
        let r = usize::from(card.rank().unwrap_or(0));
        if seen[r] {
            return false;
        }
        seen[r] = true;
    }
    true
}

fn capture_reason(played: StdCard, loose: Cards, rules: &Rules) -> &'static str {
    if (loose - JOKERS).is_empty() {
        return "a joker alone is never a capture";
    }
    match card_value(played) {
        None if rules.yoruba => {
            "under the Yorùbá rule a face card takes exactly one card of its own rank"
        }
        None => "a face card takes only cards of its own rank",
        Some(_) if rules.yoruba && !yoruba_distinct(played, loose) => {
            "under the Yorùbá rule the cards taken must all have different values, none that of the card played"
        }
        Some(_) => {
            "the cards taken must make groups that each add up to the value of the card played"
        }
    }
}

fn build_reason(played: StdCard, value: u8, taken: Cards, rules: &Rules) -> &'static str {
    match card_value(played) {
        None => "only a card A to 10 can be built",
        Some(v) if v > value => "the played card is worth more than the pile's value",
        _ if taken.is_empty() => "a pile takes at least one table card",
        _ if !(taken & JOKERS).is_empty() => "a joker never goes into a pile",
        _ if rules.yoruba && !yoruba_distinct(played, taken) => {
            "under the Yorùbá rule a pile's cards must all have different values, none that of the card played"
        }
        _ => "the cards must make groups that each add up to the pile's value",
    }
}

/// Calls `f` with every capture of `played` at a table of loose cards `table` and protected
/// `piles` (the order of [`Game::for_each_legal`](cards_core::Game::for_each_legal)): a played
/// joker takes everything (one option, none on an empty table); otherwise, for each subset
/// of the piles of its value (as a binary counter, the first pile lowest), with some piles
/// first the piles alone (with any lying jokers), then each loose capture in
/// [`captures`] order. (Only the first 20 piles of one value are combined: no game reaches
/// that many.)
pub(crate) fn each_capture(
    rules: &Rules,
    table: Cards,
    piles: &[Pile],
    played: StdCard,
    mut f: impl FnMut(Cards),
) {
    if played.is_joker() {
        let all = piles.iter().fold(table, |t, p| t | p.cards);
        if !all.is_empty() {
            f(all);
        }
        return;
    }
    let value = card_value(played);
    let mut eligible = [Cards::EMPTY; 20];
    let mut k = 0;
    for p in piles {
        if Some(p.value) == value && k < eligible.len() {
            eligible[k] = p.cards;
            k += 1;
        }
    }
    let Ok(loose) = captures(played, table, rules) else {
        return;
    };
    let jokers = table & JOKERS;
    let check_piles = rules.yoruba && rules.yoruba_checks_piles;
    let ok = |taken: Cards| !check_piles || yoruba_distinct(played, taken);
    for mask in 0..1u32 << k {
        let piles = (0..k)
            .filter(|i| mask >> i & 1 == 1)
            .fold(Cards::EMPTY, |a, i| a | eligible[i]);
        if mask != 0 && ok(piles | jokers) {
            f(piles | jokers);
        }
        for option in loose.clone() {
            if mask == 0 || ok(piles | option) {
                f(piles | option);
            }
        }
    }
}

/// Calls `f` with every Esun build of `played` from `hand` (values 1 ..= 10 held after the
/// play, ascending, each in [`builds`](crate::builds) order), when Esun is played.
pub(crate) fn each_build(
    rules: &Rules,
    table: Cards,
    hand: Cards,
    played: StdCard,
    mut f: impl FnMut(u8, Cards),
) {
    if !rules.esun || card_value(played).is_none() {
        return;
    }
    let rest = hand.without(played);
    for value in 1..=10u8 {
        if !rest.iter().any(|c| card_value(c) == Some(value)) {
            continue;
        }
        if let Ok(options) = crate::builds(played, table, value, rules) {
            options.for_each(|t| f(value, t));
        }
    }
}

/// Every legal action of a seat holding `hand`: for each card in card index order, its
/// captures, its builds, its trail.
pub(crate) fn each_legal(
    rules: &Rules,
    hand: Cards,
    table: Cards,
    piles: &[Pile],
    mut f: impl FnMut(Action),
) {
    for played in hand {
        each_capture(rules, table, piles, played, |taken| {
            f(Action::Capture { played, taken })
        });
        each_build(rules, table, hand, played, |value, taken| {
            f(Action::Build {
                played,
                value,
                taken,
            });
        });
        f(Action::Trail(played));
    }
}
