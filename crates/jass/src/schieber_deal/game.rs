//! `impl Game for SchieberDeal` and its action index: the generic face used by the random
//! player, records, the test kit and the CLI.

use core::ops::RangeInclusive;

use cards_core::{Census, Events, Game, JassCard, ObserveError, PerSeat, PlayerId, Rng, Seed};

use crate::schieber_deal::view::WeisView;
use crate::schieber_deal::{PLAYS, SEATS, SchieberDeal, each_legal, seat_after, team_of};
use crate::{
    Action, Event, RuleError, Rules, SchieberDealOutcome, SchieberDealSetup, SchieberDealView,
    SetupError,
};

impl Game for SchieberDeal {
    type Rules = Rules;
    type Action = Action;
    type View = SchieberDealView;
    type Setup = SchieberDealSetup;
    type Outcome = SchieberDealOutcome;
    type Card = JassCard;
    type Error = RuleError;
    type Event = Event;
    type SetupError = SetupError;

    const NAME: &'static str = "schieber-deal";

    fn player_range(_rules: &Rules) -> RangeInclusive<usize> {
        Rules::SCHIEBER_PLAYERS
    }

    /// The seeded first deal of a game: see `docs/jass.md`, "One Schieber deal".
    fn new(rules: &Rules, players: usize, seed: Seed) -> Result<Self, SetupError> {
        rules.validate_schieber(players)?;
        let mut deck = JassCard::ALL;
        let (dealer, forehand, hands) = crate::SeededDeal::first_sets(rules, seed, &mut deck);
        let mut deal = SchieberDeal::dealt(rules, dealer, forehand, hands);
        // The slots not yet played keep the deck in dealing order, for `start_events`: no
        // extra work (the slots are filled anyway), and equality ignores them.
        deal.plays = deck;
        Ok(deal)
    }

    /// Checks the setup under `rules` by replaying it from the dealt hands.
    fn from_setup(rules: &Rules, raw: SchieberDealSetup) -> Result<Self, SetupError> {
        crate::schieber_deal::setup::check_table(rules, &raw)?;
        let mut deal = SchieberDeal::dealt(rules, raw.dealer, raw.forehand, raw.hands);
        let choose = |deal: &mut SchieberDeal, action: Action| {
            deal.play(action)
                .map_err(|error| SetupError::IllegalChoice { action, error })
        };
        if raw.pushed {
            choose(&mut deal, Action::Push)?;
        }
        match raw.contract {
            Some(contract) => choose(&mut deal, Action::Name(contract))?,
            None => {
                if let Some(&card) = raw.plays.first() {
                    return Err(SetupError::IllegalPlay {
                        play: 1,
                        trick: 1,
                        card,
                        error: RuleError::ContractFirst {
                            action: Action::Play(card),
                        },
                    });
                }
            }
        }
        crate::schieber_deal::setup::replay(&raw.trio, &raw.plays, |action| deal.play(action))?;
        Ok(deal)
    }

    fn setup(&self) -> SchieberDealSetup {
        SchieberDealSetup {
            dealer: self.dealer,
            forehand: self.forehand,
            hands: self.dealt,
            pushed: self.pushed,
            contract: self.contract,
            trio: self.trio().to_vec(),
            plays: self.plays().to_vec(),
        }
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn num_players(&self) -> usize {
        Rules::MAX_PLAYERS
    }

    fn to_act(&self) -> Option<PlayerId> {
        match self.contract {
            None if self.pushed => Some(seat_after(self.forehand, 2)),
            None => Some(self.forehand),
            Some(_) if self.played as usize >= PLAYS => None,
            Some(_) => Some(seat_after(self.leader, self.played as usize % SEATS)),
        }
    }

    /// Before the contract: the six modes in [`Mode::ALL`](crate::Mode::ALL) order, the
    /// enabled variants in [`Contract::VARIANTS`](crate::Contract::VARIANTS) order, then
    /// `push` (forehand only); then the legal cards in card index order, a due Trio
    /// segment's modes in `Mode::ALL` order before its first trick.
    fn for_each_legal(&self, f: impl FnMut(Action)) {
        if !self.legal.is_empty() {
            // A card is due: the cached legal cards (the same as `each_legal` lists).
            self.legal.iter().map(Action::Play).for_each(f);
            return;
        }
        let Some(seat) = self.to_act() else {
            return;
        };
        each_legal(
            self.contract,
            self.pushed,
            self.hands[seat.index()],
            self.trick(),
            self.played as usize / SEATS,
            self.trio(),
            &self.rules,
            f,
        );
    }

    /// While a card is due, picks from the legal cards' bitset without listing them: the
    /// card at the picked position in card index order, as the default would (the cards
    /// counted once, by [`CardSet::pick`](cards_core::CardSet::pick)). Inlined into the
    /// caller; the listing (the contract, a Trio mode) is out of line, so a card's pick saves
    /// no registers for it.
    #[inline]
    fn pick_legal(
        &self,
        buf: &mut Vec<Action>,
        pick: impl FnOnce(usize) -> Option<usize>,
    ) -> Option<Action> {
        if self.legal.is_empty() {
            return self.pick_listed(buf, pick);
        }
        self.legal.pick(pick).map(Action::Play)
    }

    /// The card, its credits (Stöck, Weis, the trick, Match) as they fall; at the end the
    /// deal's score ([`Event::DealScored`]: each team's multiplied points) and
    /// [`Event::DealOver`].
    #[inline(always)]
    fn play_reporting(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        // The fast path: a card in the cached legal set is legal (the contract is named, no
        // Trio mode is due, the deal is not over), so nothing needs checking again.
        if let Action::Play(card) = action
            && self.legal.contains(card)
            && let (Some(seat), Some(contract)) = (self.to_act(), self.contract)
            && let Some((mode, counting)) = self.modes(contract)
        {
            self.play_legal(seat, card, mode, counting, events);
        } else {
            self.step_checked(action, events)?;
        }
        debug_assert_eq!(
            self.legal,
            self.legal_from_scratch(),
            "the cached legal cards"
        );
        if events.wanted() && self.to_act().is_none() {
            self.report_end(events);
        }
        Ok(())
    }

    /// [`Event::DealBegan`] and [`Event::Dealt`] (a seeded deal's hands in the order dealt,
    /// a set-up deal's in card order), then the events of the decisions and plays so far.
    fn start_events(&self, events: &mut impl Events<Event>) {
        events.emit(|| Event::DealBegan {
            deal: 0,
            dealer: self.dealer,
            forehand: self.forehand,
            totals: vec![0; 2],
        });
        events.emit(|| Event::Dealt(self.deal_event()));
        let mut deal = SchieberDeal::dealt(&self.rules, self.dealer, self.forehand, self.dealt);
        crate::schieber_deal::setup::replay_decisions(self, |action| {
            deal.play_reporting(action, &mut *events)
        });
    }

    fn redact(rules: &Rules, event: &Event, seat: PlayerId) -> Event {
        event.redacted(rules, seat)
    }

    fn blank_view(rules: &Rules, _players: usize, seat: PlayerId) -> SchieberDealView {
        SchieberDealView::blank(rules, seat)
    }

    fn observe(view: &mut SchieberDealView, event: &Event) -> Result<(), ObserveError> {
        let mut next = view.clone();
        next.follow(event)?;
        *view = next;
        Ok(())
    }

    fn outcome(&self) -> Option<SchieberDealOutcome> {
        let contract = self.contract?;
        if self.to_act().is_some() {
            return None;
        }
        let multiplier = self.rules.multipliers.contract_factor(contract);
        Some(SchieberDealOutcome {
            contract,
            credits: self.credits,
            multiplier,
            scored: self.credits.total().map(|t| t * multiplier),
        })
    }

    /// With d = team 0's multiplied points − team 1's: seats 0 and 2 get +d, seats 1 and 3
    /// get −d (twice the returns, so it stays an integer).
    fn settlement(&self) -> PerSeat<i64> {
        let d = self.difference().unwrap_or(0);
        PerSeat::from_fn(SEATS, |s| if team_of(s) == 0 { d } else { -d }).unwrap_or_default()
    }

    /// The spec's returns: +d/2 for seats 0 and 2, −d/2 for seats 1 and 3.
    fn returns(&self) -> PerSeat<f64> {
        let d = self.difference().unwrap_or(0) as f64 / 2.0;
        PerSeat::from_fn(SEATS, |s| if team_of(s) == 0 { d } else { -d }).unwrap_or_default()
    }

    /// The multiplied points by which seat's team is ahead of the other: the returns are half
    /// that difference (±d/2), so a return counts two points.
    fn returns_unit(&self) -> cards_core::ReturnsUnit {
        cards_core::ReturnsUnit::Points {
            word: "points ahead of the other team",
            per_point: 0.5,
        }
    }

    fn view(&self, player: PlayerId) -> SchieberDealView {
        let (tricks, leader) = match self.contract {
            Some(contract) => {
                crate::schieber_deal::view::walk(self.forehand, contract, self.trio(), self.plays())
                    .unwrap_or((Vec::new(), self.forehand))
            }
            None => (Vec::new(), self.forehand),
        };
        let at_table = player.index() < SEATS;
        SchieberDealView {
            seat: player,
            rules: self.rules,
            dealer: self.dealer,
            forehand: self.forehand,
            hand: self.hand(player),
            hand_sizes: self.hands.map(|h| h.len()),
            pushed: self.pushed,
            contract: self.contract,
            trio: self.trio().to_vec(),
            declarer: self.declarer(),
            tricks,
            trick: self.trick().to_vec(),
            leader,
            to_act: self.to_act(),
            credits: self.credits,
            stoeck: self.stoeck(),
            own_weis: if at_table {
                self.declaration(player)
            } else {
                None
            },
            weis: self.weis.map(|score| WeisView {
                score,
                shown: self.shown_weis(score.team),
            }),
            outcome: self.outcome(),
        }
    }

    fn view_legal_actions(view: &SchieberDealView, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    fn sample_world<R: Rng + ?Sized>(
        view: &SchieberDealView,
        rng: &mut R,
    ) -> Result<Self, SetupError> {
        view.sample_world(rng)
    }

    /// A contract choice, perhaps a push before it, three Trio modes in a Trio, and 36
    /// cards.
    fn max_actions(_rules: &Rules, _players: usize) -> usize {
        PLAYS + 5
    }

    fn census(&self) -> Census<JassCard> {
        let mut census = Census::default();
        self.hands.iter().for_each(|&h| census.add(h));
        census.add_all(self.plays().iter().copied());
        census
    }
}

impl SchieberDeal {
    /// [`Game::pick_legal`] with no card due: lists the actions into `buf` and picks there.
    #[inline(never)]
    fn pick_listed(
        &self,
        buf: &mut Vec<Action>,
        pick: impl FnOnce(usize) -> Option<usize>,
    ) -> Option<Action> {
        self.legal_actions(buf);
        pick(buf.len()).and_then(|i| buf.get(i).copied())
    }
}

crate::action::direct_index!(SchieberDeal);
