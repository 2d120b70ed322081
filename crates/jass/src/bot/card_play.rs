//! The rule bot's card play, shared by every Jass game: what the seat knows from the cards
//! played ([`Knowledge`]), how likely a card is to hold the trick, and the choice of a card
//! ([`choose_card`]) by the points it is expected to bring to the seat's side.

use cards_core::{JassCard, JassSuit, PlayerId};

use super::Tuning;
use crate::action::Contract;
use crate::card_play::{MAX_SEATS, seat_after_at};
use crate::schieber_deal::Hand;
use crate::{Mode, TrickView, suit_cards, trick_winner};

/// What the chooser wants from the tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Aim {
    /// The seat's side gains every point it takes and loses every point the others take
    /// (Schieber, Coiffeur: a zero-sum split of 157).
    Team,
    /// The seat alone scores what it takes; the others' points do not matter to it
    /// (Differenzler below its prediction).
    Take,
    /// The seat wants to take no more points (Differenzler at or over its prediction).
    Avoid,
}

/// One card decision as the seat sees it: everything comes from its view.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Table<'a> {
    /// Seats at the table (3 or 4).
    pub seats: usize,
    /// The seat's hand.
    pub hand: Hand,
    /// Every seat's cards in hand (the others' as counts).
    pub hand_sizes: &'a [usize],
    /// The completed tricks.
    pub tricks: &'a [TrickView],
    /// The current trick so far.
    pub trick: &'a [JassCard],
    /// The current trick's leader.
    pub leader: PlayerId,
    /// The contract (Differenzler: the shown card's suit as trump).
    pub contract: Contract,
    /// The Trio segment modes named so far.
    pub trio: &'a [Mode],
    /// The tricks in a deal (9, or 12 at three seats).
    pub tricks_in_deal: usize,
    /// The seats whose tricks count for the deciding seat's side, the seat included (a bit
    /// per seat).
    pub friends: u8,
    /// What the seat wants.
    pub aim: Aim,
    /// Whether the seat's side named the contract.
    pub declaring: bool,
    /// The weights of the play.
    pub tuning: Tuning,
}

/// What the play so far shows: the cards nobody can see yet and the suits a seat showed it
/// lacks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Knowledge {
    /// Cards neither in the seat's hand nor played.
    pub unseen: Hand,
    /// Per seat, the suits it showed it lacks (a bit per suit index).
    pub voids: [u8; MAX_SEATS],
}

impl Table<'_> {
    /// Whether `seat` is on the deciding seat's side.
    pub(crate) fn is_friend(&self, seat: PlayerId) -> bool {
        self.friends >> (seat.index() & 7) & 1 == 1
    }

    /// The mode trick `t` is played in (a Trio segment not named yet: Obenabe, a guess that
    /// never panics).
    fn mode_of(&self, t: usize) -> Mode {
        self.contract
            .trick_mode(t, self.trio)
            .unwrap_or(Mode::Obenabe)
    }

    /// The current trick's mode.
    pub(crate) fn mode(&self) -> Mode {
        self.mode_of(self.tricks.len())
    }

    /// The mode card points are counted in.
    pub(crate) fn counting(&self) -> Mode {
        self.contract
            .counting_mode(self.trio)
            .unwrap_or_else(|| self.mode())
    }

    /// The unseen cards and the voids the play shows (in a trump trick, a card neither led
    /// nor trump shows a void in the led suit; a non-trump on a trump lead shows no trumps,
    /// perhaps but the Buur).
    pub(crate) fn knowledge(&self) -> Knowledge {
        let mut played = Hand::EMPTY;
        let mut voids = [0u8; MAX_SEATS];
        let current = (self.leader, self.trick);
        let tricks = self
            .tricks
            .iter()
            .map(|t| (t.leader, t.cards.as_slice()))
            .chain(core::iter::once(current));
        for (t, (leader, cards)) in tricks.enumerate() {
            let mode = self.mode_of(t);
            let Some(&lead) = cards.first() else {
                continue;
            };
            for (i, &card) in cards.iter().enumerate() {
                played.insert(card);
                let s = seat_after_at(leader, i, self.seats).index();
                if i == 0 || card.suit() == lead.suit() || s >= MAX_SEATS {
                    continue;
                }
                let shows_void = match mode.trump() {
                    None => true,
                    Some(trump) => trump == lead.suit() || card.suit() != trump,
                };
                if shows_void {
                    voids[s] |= 1 << lead.suit().index();
                }
            }
        }
        Knowledge {
            unseen: !(self.hand | played),
            voids,
        }
    }

    /// The seats still to play to the current trick after the deciding seat (after the
    /// leader when the trick is empty and `leading`).
    fn after_me(&self) -> impl Iterator<Item = PlayerId> + '_ {
        let played = self.trick.len();
        (played + 1..self.seats).map(move |i| seat_after_at(self.leader, i, self.seats))
    }

    /// The chance that `card`, winning the trick once played, still wins it after the seats
    /// that play later and are not friends (each opponent beats it when it holds a stronger
    /// card of the led suit, or, void in it, a trump). The others' hands are taken as a
    /// uniform split of the unseen cards, less what their voids rule out.
    fn hold_chance(&self, card: JassCard, led: JassSuit, k: &Knowledge) -> f64 {
        self.unbeaten(card, led, k, |o| !self.is_friend(o))
    }

    /// The chance that a friend still to play beats `card` (a partner taking the trick).
    fn friend_beats(&self, card: JassCard, led: JassSuit, k: &Knowledge) -> f64 {
        1.0 - self.unbeaten(card, led, k, |o| self.is_friend(o))
    }

    /// The chance that none of the seats still to play that `among` picks beats `card`.
    fn unbeaten(
        &self,
        card: JassCard,
        led: JassSuit,
        k: &Knowledge,
        among: impl Fn(PlayerId) -> bool,
    ) -> f64 {
        let mode = self.mode();
        let unseen = k.unseen;
        let total = unseen.len();
        let led_cards = suit_cards(led);
        let higher_led: Hand = (unseen & led_cards)
            .iter()
            .filter(|&c| mode.beats(c, card, led))
            .collect();
        let trumps_over: Hand = match mode.trump() {
            Some(t) if t != led => (unseen & suit_cards(t))
                .iter()
                .filter(|&c| mode.beats(c, card, led))
                .collect(),
            _ => Hand::EMPTY,
        };
        let led_left = (unseen & led_cards).len();
        let mut chance = 1.0;
        for o in self.after_me().filter(|&o| among(o)) {
            let held = self.hand_sizes.get(o.index()).copied().unwrap_or(0);
            let void_led = k.voids[o.index() & 3] >> led.index() & 1 == 1;
            let beats_in_suit = if void_led {
                0.0
            } else {
                1.0 - none_of(total, higher_led.len(), held)
            };
            let ruffs = match mode.trump() {
                Some(t)
                    if !trumps_over.is_empty() && k.voids[o.index() & 3] >> t.index() & 1 == 0 =>
                {
                    let void = if void_led {
                        1.0
                    } else {
                        none_of(total, led_left, held)
                    };
                    void * (1.0 - none_of(total, trumps_over.len(), held))
                }
                _ => 0.0,
            };
            chance *= (1.0 - beats_in_suit) * (1.0 - ruffs);
        }
        chance
    }

    /// What holding `card` is worth for later tricks, in points: trumps (the Buur and the
    /// Nell most), a card no unseen card of its suit beats, high cards as a tie-break; a last
    /// card of a plain suit is worth less in a trump trick (the void lets the seat ruff).
    fn keep(&self, card: JassCard, k: &Knowledge) -> f64 {
        let mode = self.mode();
        let strength = f64::from(mode.rank_strength(card));
        if mode.is_trump(card) {
            return self.tuning.trump_keep + self.tuning.trump_step * strength;
        }
        let suit = suit_cards(card.suit());
        let boss = (k.unseen & suit)
            .iter()
            .all(|c| mode.rank_strength(c) < mode.rank_strength(card));
        let mut value = strength;
        if boss {
            value += self.tuning.boss_keep;
        }
        if mode.trump().is_some() && (self.hand & suit).len() == 1 {
            value -= 3.0;
        }
        value
    }
}

/// The chance that `held` cards drawn from `total` include none of `special` of them.
fn none_of(total: usize, special: usize, held: usize) -> f64 {
    if special == 0 {
        return 1.0;
    }
    let mut p = 1.0;
    for i in 0..held {
        if total < special + i + 1 {
            return 0.0;
        }
        p *= (total - special - i) as f64 / (total - i) as f64;
    }
    p
}

/// The card the rule bot plays, from `legal` (the legal cards, never empty).
///
/// Each legal card is scored by the points it is expected to win or give away: with `P` the
/// trick's points so far plus the card's own (and the last trick's 5), a card that takes the
/// trick with chance `p` scores `(2p − 1)·P` for a team (`p·P` taking alone, `−p·P`
/// avoiding), a card that does not beat the trick scores by who holds the trick (a
/// partner's sure trick: the card's points are smeared, `+P`; an opponent's: `−P`); then the
/// card's worth for later tricks is subtracted (the Buur and Nell are kept for a trick worth
/// them, bosses are kept, the lowest card follows a lost trick). A lead is scored the same
/// way against all the seats that play after it, with a guess of what they add, and a trump
/// lead that draws the last trumps of the others is preferred when the seat holds the top
/// trump (pulling trumps).
pub(crate) fn choose_card(
    table: &Table<'_>,
    legal: Hand,
    mut tie: impl FnMut(usize) -> usize,
) -> Option<JassCard> {
    let k = table.knowledge();
    let mode = table.mode();
    let counting = table.counting();
    let last = table.tricks.len() + 1 >= table.tricks_in_deal;
    let bonus = if last { 5.0 } else { 0.0 };
    let on_table: f64 = table
        .trick
        .iter()
        .map(|&c| f64::from(counting.points(c)))
        .sum();
    let mut best: Option<JassCard> = None;
    let mut best_score = f64::NEG_INFINITY;
    let mut ties = 0usize;
    for card in legal.iter() {
        let score = score_card(table, &k, card, mode, counting, on_table + bonus);
        if score > best_score + 1e-9 {
            best = Some(card);
            best_score = score;
            ties = 1;
        } else if (score - best_score).abs() <= 1e-9 {
            // Equal scores: one of the tied cards, drawn uniformly (reservoir).
            ties += 1;
            if tie(ties) == 0 {
                best = Some(card);
            }
        }
    }
    best
}

/// A card's score: see [`choose_card`].
fn score_card(
    table: &Table<'_>,
    k: &Knowledge,
    card: JassCard,
    mode: Mode,
    counting: Mode,
    on_table: f64,
) -> f64 {
    let points = f64::from(counting.points(card));
    let keep = table.keep(card, k);
    let unseen_trumps = mode.trump().map_or(0, |t| (k.unseen & suit_cards(t)).len());
    let (chance, trick_points) = match table.trick.first() {
        None => {
            // A lead: the others add about a low card each when it holds, and their best
            // when they take it; a guess of 4 points a card.
            let led = card.suit();
            let chance = table.hold_chance(card, led, k);
            let added = table.tuning.lead_guess * (table.seats - 1) as f64;
            (chance, points + added + on_table)
        }
        Some(&lead) => {
            let led = lead.suit();
            let w = trick_winner(table.trick, mode);
            let winning_card = table.trick[w];
            let winner = seat_after_at(table.leader, w, table.seats);
            let p = if mode.beats(card, winning_card, led) {
                table.hold_chance(card, led, k)
            } else if table.aim != Aim::Team {
                0.0
            } else if table.is_friend(winner) {
                table.hold_chance(winning_card, led, k)
            } else {
                // A partner still to play may take the trick over.
                table.tuning.partner_after * table.friend_beats(winning_card, led, k)
            };
            (p, points + on_table)
        }
    };
    let mut score = match table.aim {
        Aim::Team => (2.0 * chance - 1.0) * trick_points * 2.0 - keep,
        Aim::Take => chance * trick_points * 2.0 - keep,
        // Avoiding: a strong card is a liability, shed it while someone else takes the trick.
        Aim::Avoid => -chance * trick_points * 2.0 + 0.5 * keep,
    };
    if table.trick.is_empty() && mode.is_trump(card) && table.aim != Aim::Avoid {
        let top = k
            .unseen
            .iter()
            .filter(|&c| mode.is_trump(c))
            .all(|c| mode.rank_strength(c) < mode.rank_strength(card));
        if unseen_trumps == 0 {
            // Nobody else holds a trump: leading one only spends it.
            score -= 20.0;
        } else if top {
            // Pulling trumps with the top one: the others' trumps fall under it.
            let pull = if table.declaring {
                table.tuning.pull
            } else {
                table.tuning.pull * table.tuning.defender_pull
            };
            score += pull * unseen_trumps.min(4) as f64;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PlayRules, legal_cards};

    fn cards(text: &str) -> Vec<JassCard> {
        text.split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect()
    }

    /// Seat 0's card with trump hearts, in the first trick led by `leader` (the cards of
    /// `trick` so far), holding `hand`; seats 0 and 2 are partners.
    fn play(leader: u8, trick: &str, hand: &str) -> JassCard {
        let trick = cards(trick);
        let hand: Hand = cards(hand).into_iter().collect();
        let mut sizes = [hand.len(); 4];
        for i in 0..trick.len() {
            sizes[(usize::from(leader) + i) % 4] -= 1;
        }
        let mode = Mode::Trump(JassSuit::Hearts);
        let table = Table {
            seats: 4,
            hand,
            hand_sizes: &sizes,
            tricks: &[],
            trick: &trick,
            leader: PlayerId(leader),
            contract: Contract::Mode(mode),
            trio: &[],
            tricks_in_deal: 9,
            friends: 0b0101,
            aim: Aim::Team,
            declaring: true,
            tuning: Tuning::DEFAULT,
        };
        let legal = legal_cards(hand, &trick, mode, &PlayRules::DEFAULT);
        choose_card(&table, legal, |_| 1).unwrap()
    }

    fn card(text: &str) -> JassCard {
        text.parse().unwrap()
    }

    #[test]
    fn smears_a_ten_onto_the_partners_sure_trick() {
        assert_eq!(play(1, "6S AS 7S", "TS 8S 6C"), card("TS"));
    }

    #[test]
    fn follows_with_the_lowest_card_when_the_trick_is_lost() {
        assert_eq!(play(1, "AS 6S 7S", "KS 8S 6C"), card("8S"));
    }

    #[test]
    fn wins_cheaply_and_keeps_the_ace() {
        assert_eq!(play(1, "9S 6S 7S", "AS TS 6C"), card("TS"));
    }

    #[test]
    fn keeps_the_buur_for_a_trick_worth_it() {
        // Nothing to win: a discard, not the Buur.
        assert_ne!(play(1, "6S 7S 8S", "JH 6D 7C"), card("JH"));
        // An ace and a ten on the table: the Buur takes them.
        assert_eq!(play(1, "AS 7S TS", "JH 6D 7C"), card("JH"));
    }

    #[test]
    fn pulls_trumps_with_the_top_trump() {
        // The Buur, the Nell and two more trumps, no side ace: the top trump leads.
        assert_eq!(play(0, "", "JH 9H AH KH 7C 8D 9D 6S 7S"), card("JH"));
        // The same without the Buur: no trump lead into it.
        assert!(!Mode::Trump(JassSuit::Hearts).is_trump(play(0, "", "QH 9H AH KH 7C 8D 9D 6S 7S")));
    }

    #[test]
    fn none_of_is_a_hypergeometric_zero() {
        assert!((none_of(10, 0, 3) - 1.0).abs() < 1e-12);
        // 2 special among 4, draw 2: C(2,2)/C(4,2) = 1/6.
        assert!((none_of(4, 2, 2) - 1.0 / 6.0).abs() < 1e-12);
        assert_eq!(none_of(3, 2, 2), 0.0);
    }
}
