//! [`LetomMatch`]: a match of several deals, with dealer succession, the nagari carry, the
//! shakes and bombs carried out of nagaris and the table stake's pot (`docs/letom.md`, "A
//! match").

use core::fmt;
use core::ops::RangeInclusive;

use cards_core::{
    Census, DidoCard, DirectIndex, Draw, Events, Game, NoEvents, ObserveError, PerSeat, PlayerId,
    Rng, Seed,
};

use crate::event::Event;
use crate::state::{CarryIn, SEATS};
use crate::{Action, Letom, Outcome, RuleError, Rules, Setup, SetupError, View};

/// The most shakes or bombs a seat carries out of consecutive nagaris (the cap keeps every
/// amount inside 64 bits; no real match comes near it).
pub const MAX_CARRIED: u8 = 32;

/// The largest total a match keeps (far beyond any real match): a deal whose returns would take
/// a total past it is booked for its stakes only, as a deal's own settlement beyond 64 bits is 0
/// (`docs/letom.md`, M5).
pub const MAX_TOTAL: i64 = 1 << 62;

/// `totals` after a deal's `returns` and its stakes (`taken` from the pot, `paid` into it); the
/// returns are left out when a total would pass [`MAX_TOTAL`]. Zero-sum either way.
pub(crate) fn book(totals: &[i64], returns: &[i64], taken: &[i64], paid: &[i64]) -> Vec<i64> {
    let wide = |with_returns: bool| -> Vec<i128> {
        (0..totals.len())
            .map(|s| {
                let r = if with_returns { returns[s] } else { 0 };
                i128::from(totals[s]) + i128::from(r) + i128::from(taken[s]) - i128::from(paid[s])
            })
            .collect()
    };
    let mut sums = wide(true);
    if sums.iter().any(|v| v.unsigned_abs() > MAX_TOTAL as u128) {
        sums = wide(false);
    }
    // Stakes are at most `Rules::MAX_STAKE` per seat and deal: far inside 64 bits.
    sums.into_iter()
        .map(|v| i64::try_from(v).unwrap_or(0))
        .collect()
}

/// A match of `Rules::deals` deals of Letom. Deal `k` is dealt from `GameRng::for_deal(seed,
/// k)`; the first dealer comes from the seed (or the rules), then the last winner deals, and
/// after a nagari the same dealer deals again. A nagari doubles the next deal's score (up to
/// `Rules::carry_cap`), and each player's shakes and bombs of a nagari deal stay in force for
/// that player; a win resets both. The table stake's pot stays after a nagari, and what is left
/// in it when the match ends goes back to whoever staked it.
///
/// Deals that end at the deal (a chongtong, four of a number on the floor) are played through
/// at once: the match is always at a decision or over.
///
/// ```
/// use letom::{Game, LetomMatch, Rules, Seed};
/// let rules = Rules { deals: 3, ..Rules::default() };
/// let mut game = LetomMatch::new(&rules, 3, Seed::from(5))?;
/// let mut player = cards_core::RandomPlayer::new(Seed::from(5));
/// cards_core::play_randomly(&mut game, &mut player, |_, _| {});
/// assert_eq!(game.deals_played(), 3);
/// assert_eq!(game.settlement().iter().sum::<i64>(), 0);
/// # Ok::<(), letom::SetupError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct LetomMatch {
    seed: Seed,
    /// The deal being played (or the last one, when the match is over).
    deal: Letom,
    /// The number of the current deal (0 = the first).
    number: u32,
    /// Each seat's total over the finished deals: returns, stakes paid and pots taken.
    totals: [i64; SEATS],
    /// Deals won by each seat.
    wins: [u32; SEATS],
    /// Deals that ended in a nagari.
    nagaris: u32,
    over: bool,
}

/// How a match ended: each seat's total.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MatchOutcome {
    /// Each seat's total over the match (returns, stakes and pots; zero-sum).
    pub totals: Vec<i64>,
    /// Deals won by each seat.
    pub wins: Vec<u32>,
    /// Deals that ended in a nagari.
    pub nagaris: u32,
}

/// `match over: totals seat 0 -22, seat 1 +40, seat 2 -18 after 3 deals; seat 1 wins with the
/// highest total; deals won seat 0 1, seat 1 2, seat 2 0; nagari deals 0` (seats sharing the top
/// total share the win).
impl fmt::Display for MatchOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let deals = self.wins.iter().map(|&w| u64::from(w)).sum::<u64>() + u64::from(self.nagaris);
        let deals = if deals == 1 {
            "1 deal".to_owned()
        } else {
            format!("{deals} deals")
        };
        write!(
            f,
            "match over: totals {} after {deals}; ",
            crate::event::per_seat_text(&self.totals, true)
        )?;
        let top = self.totals.iter().copied().max().unwrap_or(0);
        let best: Vec<String> = (0..self.totals.len())
            .filter(|&s| self.totals[s] == top)
            .map(|s| format!("seat {s}"))
            .collect();
        if best.len() == 1 {
            write!(f, "{} wins with the highest total", best[0])?;
        } else {
            write!(f, "{} share the highest total", best.join(" and "))?;
        }
        write!(
            f,
            "; deals won {}; nagari deals {}",
            crate::event::per_seat_text(&self.wins, false),
            self.nagaris
        )
    }
}

/// An explicit match position: the seed of the deals still to come, the current deal and the
/// tallies so far.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSetup {
    /// The seed later deals are dealt from (deal `k` from `GameRng::for_deal(seed, k)`).
    pub seed: Seed,
    /// The number of the current deal (0 = the first).
    pub number: u32,
    /// The current deal (or the last one, when the match is over).
    pub deal: Setup,
    /// Each seat's total over the finished deals.
    pub totals: Vec<i64>,
    /// Deals won by each seat.
    pub wins: Vec<u32>,
    /// Deals that ended in a nagari.
    pub nagaris: u32,
}

/// What one seat sees of a match: its view of the current deal and the public tallies.
///
/// `Display` is the seat's screen: the deal's number before the deal's screen (the
/// [`View`]'s), then the match's totals and wins so far (`docs/letom.md`, "The screen").
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchView {
    /// The seat's view of the current deal.
    pub deal: View,
    /// The number of the current deal.
    pub number: u32,
    /// Each seat's total over the finished deals.
    pub totals: Vec<i64>,
    /// Deals won by each seat.
    pub wins: Vec<u32>,
    /// Deals that ended in a nagari.
    pub nagaris: u32,
}

impl fmt::Display for MatchView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head = format!(
            "deal {} of {}",
            u64::from(self.number) + 1,
            self.deal.rules.deals
        );
        let mut lines = self.deal.screen(Some(&head), f.alternate());
        let me = self.deal.seat;
        let name = |s: usize| {
            if s == me.index() {
                format!("seat {s} (you)")
            } else {
                format!("seat {s}")
            }
        };
        let totals: Vec<String> = self
            .totals
            .iter()
            .enumerate()
            .map(|(s, t)| format!("{} {t:+}", name(s)))
            .collect();
        crate::view::push_wrapped(&mut lines, format!("match totals: {}", totals.join(", ")));
        let wins: Vec<String> = self
            .wins
            .iter()
            .enumerate()
            .map(|(s, w)| format!("{} {w}", name(s)))
            .collect();
        crate::view::push_wrapped(
            &mut lines,
            format!(
                "deals won: {} · nagari deals {}",
                wins.join(", "),
                self.nagaris
            ),
        );
        f.write_str(&lines.join("\n"))
    }
}

impl LetomMatch {
    /// The tallies as they stand, as a [`MatchOutcome`].
    fn outcome_now(&self) -> MatchOutcome {
        let n = self.deal.num_players();
        MatchOutcome {
            totals: self.totals[..n].to_vec(),
            wins: self.wins[..n].to_vec(),
            nagaris: self.nagaris,
        }
    }

    /// The current deal (or the last one, when the match is over).
    #[must_use]
    pub fn deal(&self) -> &Letom {
        &self.deal
    }

    /// The number of the current deal (0 = the first).
    #[must_use]
    pub fn deal_number(&self) -> u32 {
        self.number
    }

    /// Deals finished so far.
    #[must_use]
    pub fn deals_played(&self) -> u32 {
        self.number + u32::from(self.deal.outcome.is_some())
    }

    /// Each seat's total over the finished deals (returns, stakes paid, pots taken; at the
    /// end, stakes left in the pot returned).
    #[must_use]
    pub fn totals(&self) -> PerSeat<i64> {
        PerSeat::from_slice(&self.totals[..self.deal.num_players()]).unwrap_or_default()
    }

    /// A match from `seed`, reporting its start: deal 0, and every deal after it that ends
    /// at the deal (a chongtong, four of a number on the floor) with its booking.
    fn dealt(
        rules: &Rules,
        players: usize,
        seed: Seed,
        events: &mut impl Events<Event>,
    ) -> Result<LetomMatch, SetupError> {
        rules.validate(players)?;
        events.emit(|| Event::DealBegins { number: 0 });
        let mut game = LetomMatch {
            seed,
            deal: Letom::seeded(rules, players, seed, 0, None, CarryIn::NONE, events),
            number: 0,
            totals: [0; SEATS],
            wins: [0; SEATS],
            nagaris: 0,
            over: false,
        };
        game.advance(events);
        Ok(game)
    }

    /// Closes finished deals and plays the deals that need no decision, until a decision or
    /// the end of the match.
    fn advance(&mut self, events: &mut impl Events<Event>) {
        while !self.over && self.deal.outcome.is_some() {
            self.close_deal(events);
        }
    }

    /// Books a finished deal and deals the next (or ends the match).
    fn close_deal(&mut self, events: &mut impl Events<Event>) {
        let deal = &self.deal;
        let n = deal.num_players();
        let (paid, taken) = deal.stakes();
        let booked = book(&self.totals[..n], &deal.settlement(), &taken, &paid);
        self.totals[..n].copy_from_slice(&booked);
        let outcome = deal.outcome.unwrap_or(Outcome::Nagari {
            cause: crate::NagariCause::Exhausted,
        });
        let mut next = CarryIn::NONE;
        let dealer = match outcome.winner() {
            Some(winner) => {
                self.wins[winner.index()] += 1;
                winner
            }
            None => {
                self.nagaris += 1;
                next.carry =
                    (deal.carry_in.carry.saturating_mul(2)).min(deal.rules.carry_cap as u8);
                for s in 0..n {
                    let (shakes, bombs) = deal.multipliers(PlayerId(s as u8));
                    next.shakes[s] = (shakes as u8).min(MAX_CARRIED);
                    next.bombs[s] = (bombs as u8).min(MAX_CARRIED);
                }
                deal.dealer
            }
        };
        if deal.pot_winner().is_none() {
            next.pot = deal.carry_in.pot;
        }
        events.emit(|| Event::Booked {
            totals: self.totals[..n].to_vec(),
            wins: self.wins[..n].to_vec(),
            nagaris: self.nagaris,
            deal: Some(crate::BookedDeal {
                number: self.number,
                returns: deal.settlement().iter().copied().collect(),
                staked: paid.iter().copied().collect(),
                pot_taken: taken.iter().copied().collect(),
                pot_left: next.pot.iter().map(|&v| i64::from(v)).sum(),
            }),
        });
        if self.number + 1 >= deal.rules.deals {
            // The end: stakes still in the pot go back to whoever staked them.
            // Totals stay within 2^62 and a pot holds at most 4 × 1000 × 10,000: no overflow.
            for s in 0..n {
                self.totals[s] = self.totals[s].saturating_add(i64::from(next.pot[s]));
            }
            self.over = true;
            events.emit(|| Event::MatchEnded(self.outcome_now()));
            return;
        }
        let rules = deal.rules;
        self.number += 1;
        let number = self.number;
        events.emit(|| Event::DealBegins { number });
        self.deal = Letom::seeded(&rules, n, self.seed, number, Some(dealer), next, events);
    }
}

impl Game for LetomMatch {
    type Rules = Rules;
    type Action = Action;
    type View = MatchView;
    type Setup = MatchSetup;
    type Outcome = MatchOutcome;
    type Card = DidoCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "letom-match";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::PLAYERS
    }

    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        LetomMatch::dealt(rules, players, seed, &mut NoEvents)
    }

    fn from_setup(rules: &Rules, setup: MatchSetup) -> Result<Self, SetupError> {
        let setup = &setup;
        let deal = Letom::from_setup(rules, setup.deal.clone())?;
        let n = deal.num_players();
        for (what, got) in [("totals", setup.totals.len()), ("wins", setup.wins.len())] {
            if got != n {
                return Err(SetupError::SeatCount {
                    what,
                    got,
                    seats: n,
                });
            }
        }
        if setup.number >= rules.deals {
            return Err(SetupError::Inconsistent {
                what: "number",
                why: format!("deal {} of a match of {} deals", setup.number, rules.deals),
            });
        }
        // A finished deal is only ever the match's last (play deals the next one at once),
        // and the totals then include it.
        let over = deal.outcome.is_some();
        if over && setup.number + 1 != rules.deals {
            return Err(SetupError::Inconsistent {
                what: "deal",
                why: "a finished deal that is not the match's last is followed by the next".into(),
            });
        }
        let won: u64 = setup.wins.iter().map(|&w| u64::from(w)).sum();
        let finished = u64::from(setup.number) + u64::from(over);
        if won + u64::from(setup.nagaris) != finished {
            return Err(SetupError::Inconsistent {
                what: "wins and nagaris",
                why: format!(
                    "{won} wins and {} nagaris do not add up to the {finished} deals finished",
                    setup.nagaris
                ),
            });
        }
        if setup
            .totals
            .iter()
            .any(|t| t.unsigned_abs() > MAX_TOTAL as u64)
        {
            return Err(SetupError::Inconsistent {
                what: "totals",
                why: format!("a total beyond {MAX_TOTAL} (2^62)"),
            });
        }
        // Zero-sum: what the totals lack is the stakes of earlier deals still in the pot (once
        // the match is over, nothing).
        let (paid, _) = deal.stakes();
        let in_pot: i64 = if over {
            0
        } else {
            (0..n)
                .map(|s| i64::from(setup.deal.pot.get(s).copied().unwrap_or(0)) - paid[s])
                .sum()
        };
        let sum: i64 = setup.totals.iter().sum();
        if sum + in_pot != 0 {
            return Err(SetupError::Inconsistent {
                what: "totals",
                why: format!(
                    "the totals add up to {sum} and the earlier stakes in the pot to {in_pot}: \
                     a match is zero-sum"
                ),
            });
        }
        let mut game = LetomMatch {
            seed: setup.seed,
            deal,
            number: setup.number,
            totals: [0; SEATS],
            wins: [0; SEATS],
            nagaris: setup.nagaris,
            over,
        };
        game.totals[..n].copy_from_slice(&setup.totals);
        game.wins[..n].copy_from_slice(&setup.wins);
        Ok(game)
    }

    fn setup(&self) -> MatchSetup {
        let n = self.deal.num_players();
        MatchSetup {
            seed: self.seed,
            number: self.number,
            deal: self.deal.setup(),
            totals: self.totals[..n].to_vec(),
            wins: self.wins[..n].to_vec(),
            nagaris: self.nagaris,
        }
    }

    fn rules(&self) -> &Rules {
        &self.deal.rules
    }

    fn num_players(&self) -> usize {
        self.deal.num_players()
    }

    fn to_act(&self) -> Option<PlayerId> {
        if self.over { None } else { self.deal.to_act() }
    }

    fn for_each_legal(&self, f: impl FnMut(Action)) {
        if !self.over {
            self.deal.for_each_legal(f);
        }
    }

    /// The action in the current deal; when it ends the deal, the deal's booking, then the
    /// next deal (and every deal after it that ends at the deal), or the end of the match.
    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        if self.over {
            return Err(RuleError::GameOver);
        }
        self.deal.play_reporting(action, events)?;
        self.advance(events);
        Ok(())
    }

    /// A match fresh from [`Game::new`] tells its start as it happened; any other position
    /// is told at once: the tallies, the deal's number, then the deal's own start events.
    fn start_events(&self, events: &mut impl Events<Event>) {
        let n = self.deal.num_players();
        let mut told = Vec::new();
        let fresh = LetomMatch::dealt(&self.deal.rules, n, self.seed, &mut told);
        if fresh.as_ref() == Ok(self) {
            for event in told {
                events.emit(|| event);
            }
            return;
        }
        events.emit(|| Event::Booked {
            totals: self.totals[..n].to_vec(),
            wins: self.wins[..n].to_vec(),
            nagaris: self.nagaris,
            deal: None,
        });
        events.emit(|| Event::DealBegins {
            number: self.number,
        });
        self.deal.start_events(events);
        if self.over {
            events.emit(|| Event::MatchEnded(self.outcome_now()));
        }
    }

    fn redact(_rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        crate::event::redact(event, seat)
    }

    fn blank_view(rules: &Rules, players: usize, seat: PlayerId) -> MatchView {
        let n = players.min(Rules::MAX_PLAYERS);
        MatchView {
            deal: Letom::blank_view(rules, players, seat),
            number: 0,
            totals: vec![0; n],
            wins: vec![0; n],
            nagaris: 0,
        }
    }

    /// The match's own events (a deal begins, the booking, the end) change its tallies;
    /// every other event is the deal's.
    fn observe(view: &mut MatchView, event: &Event) -> Result<(), ObserveError> {
        let n = view.totals.len();
        match event {
            Event::DealBegins { number } => view.number = *number,
            Event::Booked {
                totals,
                wins,
                nagaris,
                ..
            } => {
                if totals.len() != n || wins.len() != n {
                    return Err(ObserveError::new("tallies for another table"));
                }
                view.totals.clone_from(totals);
                view.wins.clone_from(wins);
                view.nagaris = *nagaris;
            }
            Event::MatchEnded(outcome) => {
                if outcome.totals.len() != n || outcome.wins.len() != n {
                    return Err(ObserveError::new("tallies for another table"));
                }
                view.totals.clone_from(&outcome.totals);
                view.wins.clone_from(&outcome.wins);
                view.nagaris = outcome.nagaris;
            }
            deal => Letom::observe(&mut view.deal, deal)?,
        }
        Ok(())
    }

    fn outcome(&self) -> Option<MatchOutcome> {
        self.over.then(|| self.outcome_now())
    }

    /// The returns are the match's totals: points over all its deals, one return per point.
    fn returns_unit(&self) -> cards_core::ReturnsUnit {
        cards_core::ReturnsUnit::Points {
            word: "points over the match",
            per_point: 1.0,
        }
    }

    /// Each seat's total, once the match is over (zero-sum: stakes left in the pot are
    /// returned).
    fn settlement(&self) -> PerSeat<i64> {
        let n = self.deal.num_players();
        if self.over {
            self.totals()
        } else {
            PerSeat::new(n).unwrap_or_default()
        }
    }

    fn view(&self, player: PlayerId) -> MatchView {
        let n = self.deal.num_players();
        MatchView {
            deal: self.deal.view(player),
            number: self.number,
            totals: self.totals[..n].to_vec(),
            wins: self.wins[..n].to_vec(),
            nagaris: self.nagaris,
        }
    }

    fn view_legal_actions(view: &MatchView, out: &mut Vec<Action>) {
        Letom::view_legal_actions(&view.deal, out);
    }

    /// The current deal sampled from its view, and a fresh seed for the deals to come.
    fn sample_world<R: Rng + ?Sized>(view: &MatchView, rng: &mut R) -> Result<Self, SetupError> {
        let deal = Letom::sample_world(&view.deal, rng)?;
        let setup = MatchSetup {
            seed: rng.seed(),
            number: view.number,
            deal: deal.setup(),
            totals: view.totals.clone(),
            wins: view.wins.clone(),
            nagaris: view.nagaris,
        };
        LetomMatch::from_setup(&view.deal.rules, setup)
    }

    fn max_actions(rules: &Rules, players: usize) -> usize {
        Letom::max_actions(rules, players).saturating_mul(rules.deals as usize)
    }

    fn census(&self) -> Census<DidoCard> {
        self.deal.census()
    }
}

impl DirectIndex for LetomMatch {
    const ACTION_COUNT: usize = Action::COUNT;

    fn action_index(action: Action) -> usize {
        action.index()
    }

    fn action_from_index(index: usize) -> Option<Action> {
        Action::from_index(index)
    }
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(LetomMatch);

#[cfg(test)]
mod tests {
    use super::{MAX_TOTAL, book};

    #[test]
    fn booking_adds_returns_and_stakes_and_never_passes_the_cap() {
        assert_eq!(book(&[5, -5], &[8, -8], &[4, 0], &[2, 2]), [15, -15]);
        let near = MAX_TOTAL - 3;
        // The returns would pass 2^62: the stakes alone are booked, still zero-sum.
        assert_eq!(
            book(&[near, -near], &[8, -8], &[4, 0], &[2, 2]),
            [near + 2, -near - 2]
        );
        assert_eq!(
            book(&[0, 0], &[i64::MAX, -i64::MAX], &[0, 0], &[0, 0]),
            [0, 0]
        );
    }
}
