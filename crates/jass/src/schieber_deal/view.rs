//! [`SchieberDealView`]: what one seat of a Schieber deal may see, its legal actions from the view alone,
//! and sampling a full deal consistent with it.

use cards_core::{CardSet, Game, JassCard, ObserveError, PlayerId, Rng};

use crate::action::Contract;
use crate::card_play::seat_after_at;
use crate::sampling::{HiddenDeal, evidence};
use crate::schieber_deal::{
    Credits, Hand, PLAYS, SEATS, SchieberDeal, SchieberDealOutcome, TRICKS, WeisScore, each_legal,
    seat_after, team_of,
};
use crate::{
    Action, Declaration, Event, Meld, Mode, Rules, SchieberDealSetup, SetupError, ViewError,
    trick_winner,
};

/// A completed trick as everyone saw it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrickView {
    /// The seat that led.
    pub leader: PlayerId,
    /// Its cards in play order (the leader's first): four, or three at a table of three.
    pub cards: Vec<JassCard>,
    /// The seat that won it.
    pub winner: PlayerId,
}

/// The public Weis of one seat of the scoring team.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatWeis {
    /// The seat.
    pub seat: PlayerId,
    /// Its Weis that became public: every counted Weis (or, with `seed_weis_scoring`, its best
    /// only), strongest first; empty when it had none.
    pub weis: Vec<Meld>,
}

/// The Weis made public after the first trick: who scored, and the scoring team's Weis with
/// their cards (the other team's stay hidden).
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeisView {
    /// Who holds the strongest Weis, its team and the points scored.
    pub score: WeisScore,
    /// Both seats of the scoring team, in seat order.
    pub shown: Vec<SeatWeis>,
}

/// What seat `seat` may see of a deal: its own hand; every seat's hand size; dealer,
/// forehand, whether forehand pushed, the contract and who named it (in a Trio, the segment
/// modes named so far); every card played (the
/// completed tricks with leaders and winners, and the current trick); the points credited so
/// far; the Stöck once credited; its own Weis; after the first trick the scoring team's Weis.
/// Not: the other hands, nor the other team's Weis.
///
/// `Display` is the seat's screen in the terminal (`docs/jass.md`, "The screen"): where the
/// game stands and whose turn it is, then one `label: value` line per item, built from the
/// view alone; `{:#}` writes the cards with suit symbols.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberDealView {
    /// Whose view this is.
    pub seat: PlayerId,
    /// The rules in force.
    pub rules: Rules,
    /// The dealer.
    pub dealer: PlayerId,
    /// Forehand.
    pub forehand: PlayerId,
    /// The viewer's hand now (empty for a seat not at the table).
    pub hand: CardSet<JassCard>,
    /// Every seat's number of cards in hand.
    pub hand_sizes: [usize; SEATS],
    /// Whether forehand pushed.
    pub pushed: bool,
    /// The contract, once named.
    pub contract: Option<Contract>,
    /// In a Trio, the segment modes named so far, in order (left out of JSON when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trio: Vec<Mode>,
    /// Who named it.
    pub declarer: Option<PlayerId>,
    /// The completed tricks, in order.
    pub tricks: Vec<TrickView>,
    /// The cards of the current trick so far, in play order.
    pub trick: Vec<JassCard>,
    /// The current trick's leader (once the deal is over: the last trick's).
    pub leader: PlayerId,
    /// The seat to act, `None` once the deal is over.
    pub to_act: Option<PlayerId>,
    /// The points credited so far, before the multiplier.
    pub credits: Credits,
    /// The seat whose Stöck was credited.
    pub stoeck: Option<PlayerId>,
    /// The viewer's counted Weis, once the contract is named.
    pub own_weis: Option<Declaration>,
    /// The public Weis, after the first trick when someone had a Weis.
    pub weis: Option<WeisView>,
    /// How the deal ended, once it has.
    pub outcome: Option<SchieberDealOutcome>,
}

/// The completed tricks of `plays` (from forehand's lead) and the current trick's leader;
/// `None` when a trick's mode is unknown (a Trio segment not named).
pub(crate) fn walk(
    forehand: PlayerId,
    contract: Contract,
    trio: &[Mode],
    plays: &[JassCard],
) -> Option<(Vec<TrickView>, PlayerId)> {
    completed_tricks(
        SEATS,
        forehand,
        plays,
        |t| contract.trick_mode(t, trio),
        TRICKS,
    )
}

/// The completed tricks of `plays` at a table of `seats` from `first`'s lead, trick `t`
/// played in `mode_of(t)`, and the current trick's leader (when every card is played: the
/// last trick's); `None` when a trick's mode, the current one's included, is unknown. What
/// [`evidence`] walks, without what it proves of the hands: every view is built from it.
pub(crate) fn completed_tricks(
    seats: usize,
    first: PlayerId,
    plays: &[JassCard],
    mode_of: impl Fn(usize) -> Option<Mode>,
    tricks_in_deal: usize,
) -> Option<(Vec<TrickView>, PlayerId)> {
    let mut tricks = Vec::with_capacity(plays.len() / seats.max(1));
    let mut lead = first;
    for (t, chunk) in plays.chunks(seats.max(1)).enumerate() {
        let mode = mode_of(t)?;
        if chunk.len() == seats {
            let winner = seat_after_at(lead, trick_winner(chunk, mode), seats);
            tricks.push(TrickView {
                leader: lead,
                cards: chunk.to_vec(),
                winner,
            });
            if t + 1 < tricks_in_deal {
                lead = winner;
            }
        }
    }
    Some((tricks, lead))
}

/// The completed tricks as views.
pub(crate) fn trick_views(tricks: Vec<(PlayerId, Vec<JassCard>, PlayerId)>) -> Vec<TrickView> {
    tricks
        .into_iter()
        .map(|(leader, cards, winner)| TrickView {
            leader,
            cards,
            winner,
        })
        .collect()
}

impl SchieberDeal {
    /// The Weis of `team` that become public.
    pub(crate) fn shown_weis(&self, team: usize) -> Vec<SeatWeis> {
        [team, team + 2]
            .into_iter()
            .map(|s| {
                let d = &self.declarations[s % SEATS];
                SeatWeis {
                    seat: PlayerId(s as u8),
                    weis: if self.rules.seed_weis_scoring {
                        d.best().into_iter().collect()
                    } else {
                        d.melds().to_vec()
                    },
                }
            })
            .collect()
    }
}

/// How many random deals of the unseen cards [`SchieberDealView::sample_world`] tries before it gives up.
const MAX_TRIES: usize = 4000;

impl SchieberDealView {
    /// The legal actions of this view's seat when it is the seat to act (in the order of
    /// [`Game::legal_actions`]), into `out` (cleared first);
    /// empty otherwise. They depend only on what the seat sees: its hand, the contract so far
    /// and the current trick.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_act != Some(self.seat) {
            return;
        }
        each_legal(
            self.contract,
            self.pushed,
            self.hand,
            &self.trick,
            self.tricks.len(),
            &self.trio,
            &self.rules,
            |a| out.push(a),
        );
    }

    /// A full deal that shows this view to its seat: the unseen cards are dealt to the other
    /// seats at random, subject to everything the view implies — hand sizes; the suits a seat
    /// showed it lacks by not following (in trump modes only a card neither led nor trump
    /// proves it; an undertrump proves the seat held only trumps, or with
    /// `undertrump_when_void` that it was void in the led suit; a non-trump on a trump lead
    /// proves no trump but perhaps the Buur under the Buur exception); the public Weis cards
    /// not yet played stay with their holder; and the Weis award and credits the view shows.
    ///
    /// Cards go one at a time to a seat drawn in proportion to what it still takes, among the
    /// seats that may hold the card and keep the rest dealable (Hall's condition), so the
    /// void and Weis-card constraints never make a draw fail: without voids the deal is
    /// uniform. The Weis award (no hidden hand may hold a Weis that changes it) is met by
    /// drawing again, up to 4000 times. The world is built as a [`SchieberDealSetup`] (dealt hands =
    /// sampled hands + each seat's played cards) and validated by replay, so it is reachable.
    ///
    /// # Errors
    /// [`SetupError`] when the view is inconsistent (it may come from anywhere): mostly
    /// [`SetupError::View`]; [`ViewError::NoWorld`] when no deal tried shows the view.
    pub fn sample_world<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<SchieberDeal, SetupError> {
        let bad = SetupError::View;
        self.rules.validate_schieber(SEATS)?;
        let me = self.seat.index();
        for (what, seat) in [
            ("the view's seat", self.seat),
            ("dealer", self.dealer),
            ("forehand", self.forehand),
        ] {
            if seat.index() >= SEATS {
                return Err(SetupError::SeatNotAtTable {
                    what,
                    seat,
                    seats: SEATS,
                });
            }
        }
        if self.hand.len() != self.hand_sizes[me] || self.hand_sizes.iter().any(|&n| n > TRICKS) {
            return Err(bad(ViewError::HandSize));
        }
        // Every card played, in order; each seen once.
        let mut plays: Vec<JassCard> = Vec::with_capacity(PLAYS);
        for t in &self.tricks {
            plays.extend_from_slice(&t.cards);
        }
        plays.extend_from_slice(&self.trick);
        if plays.len() > PLAYS || self.trick.len() >= SEATS {
            return Err(bad(ViewError::PlayCount));
        }
        let played_set: Hand = plays.iter().copied().collect();
        if played_set.len() != plays.len() || !(played_set & self.hand).is_empty() {
            return Err(bad(ViewError::CardTwice));
        }
        // The tricks must be the ones the plays make.
        let contract = match (self.contract, plays.is_empty()) {
            (Some(c), _) => c,
            (None, true) => Contract::ALL[0], // nothing played: no trick to check
            (None, false) => return Err(bad(ViewError::TrickSeats)),
        };
        let (tricks, leader) =
            walk(self.forehand, contract, &self.trio, &plays).ok_or(bad(ViewError::TrickSeats))?;
        if tricks != self.tricks || leader != self.leader {
            return Err(bad(ViewError::TrickSeats));
        }

        // Who played what, and what each seat showed it lacks.
        let seen = evidence(
            SEATS,
            self.forehand,
            &plays,
            |t| contract.trick_mode(t, &self.trio),
            &self.rules.play,
            TRICKS,
        )
        .ok_or(bad(ViewError::TrickSeats))?;
        let (played, forbidden) = (seen.played, seen.forbidden);
        if played
            .iter()
            .zip(self.hand_sizes)
            .any(|(p, n)| p.len() + n != TRICKS)
        {
            return Err(bad(ViewError::PlayCount));
        }

        // Public Weis cards not yet played stay with their holder.
        let mut required = [Hand::EMPTY; SEATS];
        if let Some(w) = &self.weis {
            for sw in &w.shown {
                let s = sw.seat.index();
                if s >= SEATS {
                    return Err(bad(ViewError::WeisCard));
                }
                for card in sw.weis.iter().flat_map(|m| m.cards()) {
                    let elsewhere = (0..SEATS).any(|o| o != s && played[o].contains(card))
                        || (s != me && self.hand.contains(card))
                        || (s == me && !self.hand.contains(card) && !played[s].contains(card));
                    if elsewhere {
                        return Err(bad(ViewError::WeisCard));
                    }
                    if s != me && !played[s].contains(card) {
                        required[s].insert(card);
                    }
                }
            }
        }

        // The unseen cards and who may take each.
        let known = self.hand | played_set | required.iter().fold(Hand::EMPTY, |a, &h| a | h);
        let pool: Vec<JassCard> = (!known).iter().collect();
        let mut need = [0usize; SEATS];
        for s in (0..SEATS).filter(|&s| s != me) {
            if !(required[s] & forbidden[s]).is_empty() {
                return Err(bad(ViewError::NoDeal));
            }
            need[s] = self.hand_sizes[s]
                .checked_sub(required[s].len())
                .ok_or(bad(ViewError::NoDeal))?;
        }
        if need.iter().sum::<usize>() != pool.len() {
            return Err(bad(ViewError::PlayCount));
        }
        let mut base = required;
        base[me] = self.hand;
        let hidden = HiddenDeal::new(pool, need, base, forbidden).ok_or(bad(ViewError::NoDeal))?;
        for _ in 0..MAX_TRIES {
            let hands = hidden.draw(rng);
            let dealt: [Hand; SEATS] = core::array::from_fn(|s| hands[s] | played[s]);
            if !self.weis_fits(&dealt) {
                continue;
            }
            let setup = SchieberDealSetup {
                dealer: self.dealer,
                forehand: self.forehand,
                hands: dealt,
                pushed: self.pushed,
                contract: self.contract,
                trio: self.trio.clone(),
                plays: plays.clone(),
            };
            if let Ok(world) = SchieberDeal::from_setup(&self.rules, setup)
                && world.view(self.seat) == *self
            {
                return Ok(world);
            }
        }
        Err(bad(ViewError::NoWorld))
    }

    /// A quick filter before the replay: whether dealt hands give the Weis this view shows
    /// (after the first trick), computed as the deal computes it.
    fn weis_fits(&self, dealt: &[Hand; SEATS]) -> bool {
        let Some(contract) = self.contract else {
            return true;
        };
        if self.tricks.is_empty() {
            return true;
        }
        let probe =
            SchieberDeal::weis_probe(&self.rules, self.forehand, contract, &self.trio, dealt);
        probe.weis.map(|score| WeisView {
            score,
            shown: probe.shown_weis(score.team),
        }) == self.weis
    }
}

impl SchieberDeal {
    /// A deal with `dealt` hands and `contract` named, with its Weis awarded (for sampling).
    fn weis_probe(
        rules: &Rules,
        forehand: PlayerId,
        contract: Contract,
        trio: &[Mode],
        dealt: &[Hand; SEATS],
    ) -> SchieberDeal {
        let mut deal = SchieberDeal::dealt(rules, forehand, forehand, *dealt);
        let _ = deal.play(Action::Name(contract));
        if let Some(&first) = trio.first() {
            let _ = deal.play(Action::TrioMode(first));
        }
        if let Some(mode) = deal.counting_mode() {
            deal.weis = deal.award_weis(mode);
        }
        deal
    }
}

/// An event that does not fit a view.
pub(crate) fn misfit(why: &str) -> ObserveError {
    ObserveError::new(why)
}

/// The hand a seat sees in a deal event: its own cards (empty for an onlooker), and every
/// hand's size.
pub(crate) fn seen_hands(
    deal: &crate::Deal,
    seat: PlayerId,
    seats: usize,
) -> Result<(Hand, Vec<usize>), ObserveError> {
    if deal.hands.len() != seats || deal.dealer.index() >= seats || deal.forehand.index() >= seats {
        return Err(misfit("a deal for another table"));
    }
    let hand = match deal.hands.get(seat.index()) {
        Some(cards) => {
            let shown = cards
                .shown()
                .ok_or_else(|| misfit("the seat's own hand is hidden"))?;
            let set: Hand = shown.iter().copied().collect();
            if set.len() != shown.len() {
                return Err(misfit("a card twice in a hand"));
            }
            set
        }
        None => Hand::EMPTY,
    };
    Ok((hand, deal.hands.iter().map(|h| h.len()).collect()))
}

/// The current trick and hands after `seat` played `card` (a card of its own hand when it is
/// the view's seat), in a trick of at most `seats` cards.
pub(crate) fn follow_card(
    hand: &mut Hand,
    hand_sizes: &mut [usize],
    trick: &mut Vec<JassCard>,
    me: PlayerId,
    seat: PlayerId,
    card: JassCard,
) -> Result<(), ObserveError> {
    let seats = hand_sizes.len();
    if trick.len() >= seats || trick.contains(&card) {
        return Err(misfit("a card that does not fit the trick"));
    }
    let size = hand_sizes
        .get_mut(seat.index())
        .ok_or_else(|| misfit("a seat not at the table"))?;
    *size = size
        .checked_sub(1)
        .ok_or_else(|| misfit("a card from an empty hand"))?;
    if seat == me && !hand.remove(card) {
        return Err(misfit("a card not in the seat's hand"));
    }
    trick.push(card);
    Ok(())
}

/// The completed trick taken by `winner`, `last` the deal's (of `tricks_in_deal`), at a table
/// of `seats`: the current trick becomes a completed one, and the winner leads next.
pub(crate) fn follow_trick(
    tricks: &mut Vec<TrickView>,
    trick: &mut Vec<JassCard>,
    leader: &mut PlayerId,
    (winner, last): (PlayerId, bool),
    seats: usize,
    tricks_in_deal: usize,
) -> Result<(), ObserveError> {
    if winner.index() >= seats
        || trick.len() != seats
        || last != (tricks.len() + 1 == tricks_in_deal)
    {
        return Err(misfit("a trick that is not complete"));
    }
    tricks.push(TrickView {
        leader: *leader,
        cards: core::mem::take(trick),
        winner,
    });
    if !last {
        *leader = winner;
    }
    Ok(())
}

impl SchieberDealView {
    /// What `seat` sees before the deal.
    pub(crate) fn blank(rules: &Rules, seat: PlayerId) -> SchieberDealView {
        SchieberDealView {
            seat,
            rules: *rules,
            dealer: PlayerId(0),
            forehand: PlayerId(0),
            hand: Hand::EMPTY,
            hand_sizes: [0; SEATS],
            pushed: false,
            contract: None,
            trio: Vec::new(),
            declarer: None,
            tricks: Vec::new(),
            trick: Vec::new(),
            leader: PlayerId(0),
            to_act: None,
            credits: Credits::default(),
            stoeck: None,
            own_weis: None,
            weis: None,
            outcome: None,
        }
    }

    /// Brings the view up to date with a deal's `event` (redacted for its seat); on error
    /// the view may be half changed (callers work on a copy).
    pub(crate) fn follow(&mut self, event: &Event) -> Result<(), ObserveError> {
        let started = self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty();
        match event {
            Event::DealBegan {
                dealer, forehand, ..
            } => {
                if dealer.index() >= SEATS || forehand.index() >= SEATS {
                    return Err(misfit("a seat not at the table"));
                }
                *self = SchieberDealView {
                    dealer: *dealer,
                    forehand: *forehand,
                    leader: *forehand,
                    ..SchieberDealView::blank(&self.rules, self.seat)
                };
            }
            Event::Dealt(deal) => {
                if started || deal.dealer != self.dealer || deal.forehand != self.forehand {
                    return Err(misfit("a deal out of turn"));
                }
                let (hand, sizes) = seen_hands(deal, self.seat, SEATS)?;
                if sizes.iter().any(|&n| n != TRICKS) || deal.shown.is_some() {
                    return Err(misfit("not a Schieber deal"));
                }
                self.hand = hand;
                self.hand_sizes = [TRICKS; SEATS];
            }
            Event::Pushed { seat } => {
                if !started || self.pushed || self.contract.is_some() || *seat != self.forehand {
                    return Err(misfit("a push out of turn"));
                }
                self.pushed = true;
            }
            Event::Named { seat, contract } => {
                if !started || self.contract.is_some() || self.to_act != Some(*seat) {
                    return Err(misfit("a contract out of turn"));
                }
                self.contract = Some(*contract);
                self.declarer = Some(*seat);
            }
            Event::TrioMode { mode, .. } => {
                if self.contract.is_none() || self.trio.len() >= 3 || !self.trick.is_empty() {
                    return Err(misfit("a Trio mode out of turn"));
                }
                self.trio.push(*mode);
            }
            Event::WeisCounted { seat, weis } => {
                if seat.index() >= SEATS || self.contract.is_none() {
                    return Err(misfit("a Weis out of turn"));
                }
                if *seat == self.seat {
                    self.own_weis = *weis;
                }
            }
            Event::Played { seat, card } => {
                if self.contract.is_none() || self.to_act != Some(*seat) {
                    return Err(misfit("a card out of turn"));
                }
                follow_card(
                    &mut self.hand,
                    &mut self.hand_sizes,
                    &mut self.trick,
                    self.seat,
                    *seat,
                    *card,
                )?;
            }
            Event::Stoeck { seat, points } => {
                let team = team_index(*seat)?;
                self.credits.stoeck[team] = self.credits.stoeck[team].saturating_add(*points);
                self.stoeck = Some(*seat);
            }
            Event::WeisScored { weis } => {
                let team = weis.score.team & 1;
                self.credits.weis[team] = self.credits.weis[team].saturating_add(weis.score.points);
                self.weis = Some(weis.clone());
            }
            Event::TrickTaken { seat, points, last } => {
                let team = team_index(*seat)?;
                follow_trick(
                    &mut self.tricks,
                    &mut self.trick,
                    &mut self.leader,
                    (*seat, *last),
                    SEATS,
                    TRICKS,
                )?;
                self.credits.cards[team] = self.credits.cards[team].saturating_add(*points);
            }
            Event::Match { side, points, .. } => {
                let slot = self
                    .credits
                    .match_bonus
                    .get_mut(*side)
                    .ok_or_else(|| misfit("a team not at the table"))?;
                *slot = slot.saturating_add(*points);
            }
            // The outcome follows from the tricks.
            Event::DealScored { .. } | Event::DealOver { .. } => {}
            _ => return Err(misfit("not an event of a Schieber deal")),
        }
        self.refresh();
        Ok(())
    }

    /// The seat to act and the outcome, from the rest of the view.
    fn refresh(&mut self) {
        let dealt = self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty();
        self.to_act = match self.contract {
            _ if !dealt => None,
            None if self.pushed => Some(seat_after(self.forehand, 2)),
            None => Some(self.forehand),
            Some(_) if self.tricks.len() >= TRICKS => None,
            Some(_) => Some(seat_after(self.leader, self.trick.len())),
        };
        self.outcome = match self.contract {
            Some(contract) if self.tricks.len() >= TRICKS => {
                let multiplier = self.rules.multipliers.contract_factor(contract);
                Some(SchieberDealOutcome {
                    contract,
                    credits: self.credits,
                    multiplier,
                    scored: self.credits.total().map(|t| t.saturating_mul(multiplier)),
                })
            }
            _ => None,
        };
    }
}

/// The team of a seat at the table.
fn team_index(seat: PlayerId) -> Result<usize, ObserveError> {
    if seat.index() < SEATS {
        Ok(team_of(seat))
    } else {
        Err(misfit("a seat not at the table"))
    }
}
