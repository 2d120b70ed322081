//! [`SchieberDeal`]: one Schieber deal as a state machine — the contract (name a mode or
//! push), the nine tricks, and the credits moment by moment — with its [`SchieberDealOutcome`].

use core::fmt;

use cards_core::{CardSet, Events, Game, JassCard, JassRank, PlayerId};

use crate::action::{Contract, trio_allows};
use crate::schieber_deal::view::WeisView;
use crate::score::{MATCH_BONUS, STOECK};
use crate::weis::award_from;
use crate::{
    Action, Declaration, Event, Mode, RuleError, Rules, declare, legal_cards, trick_points,
    trick_winner,
};

mod game;
mod screen;
pub(crate) mod setup;
pub(crate) mod view;

/// Seats at a Schieber table.
pub(crate) const SEATS: usize = Rules::MAX_PLAYERS;
/// Cards in each hand, and tricks in a deal.
pub(crate) const TRICKS: usize = 9;
/// Cards played in a deal.
pub(crate) const PLAYS: usize = SEATS * TRICKS;

/// A set of Jass cards (a hand).
pub(crate) type Hand = CardSet<JassCard>;

/// The seat `offset` places after `seat` at the table of four.
pub(crate) const fn seat_after(seat: PlayerId, offset: usize) -> PlayerId {
    PlayerId(((seat.0 as usize + offset) % SEATS) as u8)
}

/// The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3.
pub(crate) const fn team_of(seat: PlayerId) -> usize {
    seat.index() % 2
}

/// The points credited to each team so far (index 0: seats 0 and 2; index 1: seats 1 and 3),
/// before the multiplier, by kind.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct Credits {
    /// Card points of the tricks taken, the last trick's 5 included.
    pub cards: [u32; 2],
    /// Weis: only the team with the strongest Weis scores, after the first trick.
    pub weis: [u32; 2],
    /// Stöck, credited when the second of the trump King and Queen is played.
    pub stoeck: [u32; 2],
    /// The Match bonus, to a team that took all nine tricks.
    #[serde(rename = "match")]
    pub match_bonus: [u32; 2],
}

impl Credits {
    /// Each team's total so far, before the multiplier.
    #[must_use]
    pub fn total(&self) -> [u32; 2] {
        // Saturating: a deserialized value may hold anything.
        core::array::from_fn(|i| {
            self.cards[i]
                .saturating_add(self.weis[i])
                .saturating_add(self.stoeck[i])
                .saturating_add(self.match_bonus[i])
        })
    }

    pub(crate) fn add(&mut self, credit: Credit) {
        *self.slot(credit.kind, credit.team) += credit.points;
    }

    /// These credits less `credit` (one the game did not count: it fell after the target).
    pub(crate) fn without(mut self, credit: Credit) -> Credits {
        let slot = self.slot(credit.kind, credit.team);
        *slot = slot.saturating_sub(credit.points);
        self
    }

    /// The running sum of `kind` for `team`.
    fn slot(&mut self, kind: CreditKind, team: usize) -> &mut u32 {
        let slot = match kind {
            CreditKind::Stoeck => &mut self.stoeck,
            CreditKind::Weis => &mut self.weis,
            CreditKind::Trick => &mut self.cards,
            CreditKind::Match => &mut self.match_bonus,
        };
        &mut slot[team & 1]
    }
}

/// What a credit is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CreditKind {
    /// Stöck (20): the second of the trump King and Queen was played by their holder.
    Stoeck,
    /// The Weis of the team with the strongest Weis, when the first trick completes.
    Weis,
    /// A completed trick's card points (the ninth trick's include the last trick's 5).
    Trick,
    /// The Match bonus (100), with the ninth trick.
    Match,
}

/// One credit: points (before the multiplier) to a team at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Credit {
    /// What it is for.
    pub kind: CreditKind,
    /// The team (0: seats 0 and 2; 1: seats 1 and 3).
    pub team: usize,
    /// Its points, before the multiplier.
    pub points: u32,
}

/// Who scores the Weis of a deal, once the first trick is complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct WeisScore {
    /// The seat holding the strongest Weis.
    pub seat: PlayerId,
    /// Its team, the one that scores.
    pub team: usize,
    /// The points scored (before the multiplier).
    pub points: u32,
}

/// How a deal ended: the contract and each team's points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberDealOutcome {
    /// The contract played.
    pub contract: Contract,
    /// The points credited, by kind, before the multiplier.
    pub credits: Credits,
    /// The contract's factor.
    pub multiplier: u32,
    /// Each team's points × the multiplier.
    pub scored: [u32; 2],
}

impl fmt::Display for SchieberDealOutcome {
    /// A sentence: `Seats 0 and 2 score 312 and seats 1 and 3 score 159 (trump:S ×2: 156 to
    /// 79.5 before it)`, roughly.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.scored;
        let [ra, rb] = self.credits.total();
        write!(
            f,
            "{} ×{}: seats 0 and 2 score {a} ({ra} before the multiplier), seats 1 and 3 score \
             {b} ({rb})",
            self.contract, self.multiplier
        )?;
        match a.cmp(&b) {
            core::cmp::Ordering::Greater => f.write_str("; seats 0 and 2 win the deal"),
            core::cmp::Ordering::Less => f.write_str("; seats 1 and 3 win the deal"),
            core::cmp::Ordering::Equal => f.write_str("; a tie"),
        }?;
        for (team, seats) in [(0, "0 and 2"), (1, "1 and 3")] {
            if self.credits.match_bonus[team] > 0 {
                write!(f, " (seats {seats} made a Match)")?;
            }
        }
        Ok(())
    }
}

/// One Schieber deal: four seats in two teams (seats 0 and 2 against 1 and 3), forehand names
/// the contract or pushes it to the partner, forehand leads, nine tricks; Weis, Stöck, the
/// last trick's 5 and the Match bonus are credited the moment they fall.
///
/// Start it with [`Game::new`] (a seeded deal: the first deal of a
/// game, so the holder of [`Rules::forehand_card`] is forehand) or with
/// [`Game::from_setup`] from explicit hands
/// ([`SchieberDealSetup::dealt`](crate::SchieberDealSetup::dealt)) — a duplicate tournament plays one deal at every
/// table. A state is a few hundred bytes of fixed arrays; `Clone` is a copy.
#[derive(Clone, Copy, Debug)]
pub struct SchieberDeal {
    pub(crate) rules: Rules,
    pub(crate) dealer: PlayerId,
    pub(crate) forehand: PlayerId,
    /// The hands as dealt.
    pub(crate) dealt: [Hand; SEATS],
    /// The hands now.
    pub(crate) hands: [Hand; SEATS],
    pub(crate) pushed: bool,
    pub(crate) contract: Option<Contract>,
    /// The Trio segment modes named so far (the first `trio_len`).
    pub(crate) trio: [Mode; 3],
    pub(crate) trio_len: u8,
    /// The cards played, in order (the first `played`). In a seeded deal before the first
    /// card, the deck in dealing order (what [`SchieberDeal::dealt_in_order`] reads).
    pub(crate) plays: [JassCard; PLAYS],
    pub(crate) played: u8,
    /// The leader of the current trick (when over: of the last trick).
    pub(crate) leader: PlayerId,
    /// Each seat's counted Weis (from the contract on; empty before).
    pub(crate) declarations: [Declaration; SEATS],
    /// The seat holding the trump King and Queen at the deal (trump contracts).
    pub(crate) stoeck_holder: Option<PlayerId>,
    /// Whether the Stöck has been credited.
    pub(crate) stoeck_credited: bool,
    /// The Weis award, once trick 1 is complete (`None` before, or when no one had a Weis).
    pub(crate) weis: Option<WeisScore>,
    pub(crate) credits: Credits,
    /// CardPlay taken per team.
    pub(crate) taken: [u8; 2],
    /// The credits of the last card played, in their order.
    pub(crate) moment: [Option<Credit>; 4],
    /// The legal cards of the seat to act when a card is due: empty before the contract,
    /// while a Trio segment's mode is due, and once the deal is over. Kept up to date by
    /// every step (it is a function of the rest of the state), so choosing a card and checking
    /// it costs no [`legal_cards`] call beyond the one that prepares the next seat's.
    pub(crate) legal: Hand,
}

/// Equal positions: every field but the slots of `plays` not yet played (a seeded deal keeps
/// its dealing order there; a deal from a setup does not).
impl PartialEq for SchieberDeal {
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules
            && self.dealer == other.dealer
            && self.forehand == other.forehand
            && self.dealt == other.dealt
            && self.hands == other.hands
            && self.pushed == other.pushed
            && self.contract == other.contract
            && self.trio == other.trio
            && self.trio_len == other.trio_len
            && self.plays() == other.plays()
            && self.played == other.played
            && self.leader == other.leader
            && self.declarations == other.declarations
            && self.stoeck_holder == other.stoeck_holder
            && self.stoeck_credited == other.stoeck_credited
            && self.weis == other.weis
            && self.credits == other.credits
            && self.taken == other.taken
            && self.moment == other.moment
            && self.legal == other.legal
    }
}

impl Eq for SchieberDeal {}

/// Whether a Trio segment's mode is due before trick `trick_no` (from 0) gets its first card
/// (`trick` its cards so far, `trio` the segment modes named so far).
pub(crate) fn trio_due(
    contract: Option<Contract>,
    trick: &[JassCard],
    trick_no: usize,
    trio: &[Mode],
) -> bool {
    contract == Some(Contract::Trio)
        && trick.is_empty()
        && trick_no < TRICKS
        && trio.len() * 3 <= trick_no
}

/// Calls `f` with every legal action of the seat to act, from what that seat sees: before the
/// contract the six modes in [`Mode::ALL`] order, the enabled variants in
/// [`Contract::VARIANTS`] order, then `push` unless forehand pushed already; a due Trio
/// segment's modes in [`Mode::ALL`] order; else the legal cards of `hand` onto `trick` (the
/// cards of trick `trick_no`, from 0, so far), in card index order.
#[allow(clippy::too_many_arguments)]
pub(crate) fn each_legal(
    contract: Option<Contract>,
    pushed: bool,
    hand: Hand,
    trick: &[JassCard],
    trick_no: usize,
    trio: &[Mode],
    rules: &Rules,
    mut f: impl FnMut(Action),
) {
    match contract {
        None => {
            Contract::ALL
                .into_iter()
                .chain(Contract::VARIANTS)
                .filter(|&c| rules.variants.allows(c))
                .map(Action::Name)
                .for_each(&mut f);
            if !pushed {
                f(Action::Push);
            }
        }
        Some(_) if trio_due(contract, trick, trick_no, trio) => Mode::ALL
            .into_iter()
            .filter(|&m| trio_allows(trio, m))
            .map(Action::TrioMode)
            .for_each(f),
        Some(contract) => {
            if let Some(mode) = contract.trick_mode(trick_no, trio) {
                legal_cards(hand, trick, mode, &rules.play)
                    .iter()
                    .map(Action::Play)
                    .for_each(f);
            }
        }
    }
}

impl SchieberDeal {
    /// The deal before the contract with these hands (unchecked: callers validate).
    pub(crate) fn dealt(
        rules: &Rules,
        dealer: PlayerId,
        forehand: PlayerId,
        hands: [Hand; SEATS],
    ) -> SchieberDeal {
        SchieberDeal {
            rules: *rules,
            dealer,
            forehand,
            dealt: hands,
            hands,
            pushed: false,
            contract: None,
            trio: [Mode::Obenabe; 3],
            trio_len: 0,
            plays: [JassCard::ALL[0]; PLAYS],
            played: 0,
            leader: forehand,
            declarations: [Declaration::EMPTY; SEATS],
            stoeck_holder: None,
            stoeck_credited: false,
            weis: None,
            credits: Credits::default(),
            taken: [0; 2],
            moment: [None; 4],
            legal: Hand::EMPTY,
        }
    }

    /// The cards of the current trick so far (empty when a trick is to be led or the deal is
    /// over).
    pub(crate) fn trick(&self) -> &[JassCard] {
        let played = (self.played as usize).min(PLAYS);
        let start = if played == PLAYS {
            PLAYS
        } else {
            played - played % SEATS
        };
        self.plays.get(start..played).unwrap_or(&[])
    }

    /// The Trio segment modes named so far, in order (empty unless the contract is Trio).
    #[must_use]
    pub fn trio(&self) -> &[Mode] {
        self.trio.get(..self.trio_len as usize).unwrap_or(&[])
    }

    /// The mode the deal is counted in (card points, Weis): the contract's, for a Trio its
    /// first segment's once named; `None` before.
    #[must_use]
    pub fn counting_mode(&self) -> Option<Mode> {
        self.contract?.counting_mode(self.trio())
    }

    /// The mode trick `trick` (0..9) is played in, once known.
    #[must_use]
    pub fn trick_mode(&self, trick: usize) -> Option<Mode> {
        self.contract?.trick_mode(trick, self.trio())
    }

    fn trio_is_due(&self) -> bool {
        trio_due(
            self.contract,
            self.trick(),
            self.played as usize / SEATS,
            self.trio(),
        )
    }

    /// The legal cards of the seat to act, computed from the rest of the state: what
    /// [`SchieberDeal::legal`] caches.
    pub(crate) fn legal_from_scratch(&self) -> Hand {
        let (Some(seat), Some(contract)) = (self.to_act(), self.contract) else {
            return Hand::EMPTY;
        };
        if self.trio_is_due() {
            return Hand::EMPTY;
        }
        match contract.trick_mode(self.played as usize / SEATS, self.trio()) {
            Some(mode) => legal_cards(
                self.hands[seat.index()],
                self.trick(),
                mode,
                &self.rules.play,
            ),
            None => Hand::EMPTY,
        }
    }

    /// The current trick's mode and the counting mode, once both are known.
    #[inline(always)]
    pub(crate) fn modes(&self, contract: Contract) -> Option<(Mode, Mode)> {
        match contract {
            Contract::Mode(mode) => Some((mode, mode)),
            other => Some((
                other.trick_mode(self.played as usize / SEATS, self.trio())?,
                other.counting_mode(self.trio())?,
            )),
        }
    }

    /// Plays `action` after checking every rule, all or nothing (out of line: the fast path
    /// in [`SchieberDeal::play_reporting`] stays small).
    #[inline(never)]
    pub(crate) fn step_checked(
        &mut self,
        action: Action,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let seat = self.to_act().ok_or(RuleError::GameOver)?;
        match (self.contract, action) {
            (None, Action::Push) if self.pushed => Err(RuleError::PushedAlready),
            (None, Action::Push) => {
                self.pushed = true;
                self.moment = [None; 4];
                events.emit(|| Event::Pushed { seat });
                Ok(())
            }
            (None, Action::Name(contract)) if !self.rules.variants.allows(contract) => {
                Err(RuleError::NotEnabled { contract })
            }
            (None, Action::Name(contract)) => {
                self.name(contract);
                events.emit(|| Event::Named { seat, contract });
                // A Trio counts its Weis once its first segment's mode is named.
                if events.wanted() && self.counting_mode().is_some() {
                    self.report_weis(events);
                }
                Ok(())
            }
            (None, Action::Play(_) | Action::TrioMode(_)) => {
                Err(RuleError::ContractFirst { action })
            }
            (Some(_), Action::TrioMode(mode)) if self.trio_is_due() => {
                if !trio_allows(self.trio(), mode) {
                    return Err(RuleError::TrioModeUsed { mode });
                }
                self.trio[self.trio_len as usize] = mode;
                self.trio_len += 1;
                if self.trio_len == 1 {
                    self.declare_weis(mode);
                }
                self.moment = [None; 4];
                self.legal = self.legal_from_scratch();
                events.emit(|| Event::TrioMode { seat, mode });
                if self.trio_len == 1 {
                    self.report_weis(events);
                }
                Ok(())
            }
            (Some(_), Action::TrioMode(_)) => Err(RuleError::TrioTurn {
                action,
                why: "a Trio mode is named only at the start of tricks 1, 4 and 7 of a Trio",
            }),
            (Some(_), Action::Play(_)) if self.trio_is_due() => Err(RuleError::TrioTurn {
                action,
                why: "the leader names this Trio segment's mode first",
            }),
            (_, Action::Joker(..) | Action::Pass | Action::Predict(_)) => {
                Err(RuleError::OtherGame {
                    action,
                    game: "Schieber",
                })
            }
            (Some(contract), Action::Play(card)) => self.play_card(seat, contract, card, events),
            (Some(_), _) => Err(RuleError::ContractNamed { action }),
        }
    }

    fn name(&mut self, contract: Contract) {
        self.contract = Some(contract);
        // A Trio declares its Weis when its first segment's mode is named.
        if let Some(mode) = contract.mode() {
            self.declare_weis(mode);
        }
        // Stöck: trump contracts only, never a variant, and only when counted.
        self.stoeck_holder = match contract {
            Contract::Mode(mode) if self.rules.bonuses.stoeck => mode.trump().and_then(|suit| {
                let pair = stoeck_pair(suit);
                PlayerId::all(SEATS).find(|s| pair.is_subset(self.dealt[s.index()]))
            }),
            _ => None,
        };
        self.moment = [None; 4];
        self.legal = self.legal_from_scratch();
    }

    /// Reports each seat's counted Weis, once the counting mode is known.
    fn report_weis(&self, events: &mut impl Events<Event>) {
        for seat in PlayerId::all(SEATS) {
            events.emit(|| Event::WeisCounted {
                seat,
                weis: self.declaration(seat),
            });
        }
    }

    /// Each seat's counted Weis in the counting mode.
    fn declare_weis(&mut self, mode: Mode) {
        // In place: no four-declaration temporary to copy.
        for (declaration, &hand) in self.declarations.iter_mut().zip(&self.dealt) {
            *declaration = if self.rules.bonuses.weis {
                declare(hand, mode, &self.rules.weis)
            } else {
                Declaration::EMPTY
            };
        }
    }

    fn play_card(
        &mut self,
        seat: PlayerId,
        contract: Contract,
        card: JassCard,
        events: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let hand = self.hands[seat.index()];
        if !hand.contains(card) {
            return Err(RuleError::NotInHand { seat, card });
        }
        let Some((mode, counting)) = self.modes(contract) else {
            return Err(RuleError::TrioTurn {
                action: Action::Play(card),
                why: "the leader names this Trio segment's mode first",
            });
        };
        let legal = legal_cards(hand, self.trick(), mode, &self.rules.play);
        if !legal.contains(card) {
            return Err(RuleError::Illegal {
                seat,
                card,
                why: crate::trick_rules::why_illegal(card, self.trick(), mode),
                legal,
            });
        }
        self.play_legal(seat, card, mode, counting, events);
        Ok(())
    }

    /// Plays `card`, a legal card of `seat`, the seat to act, in trick mode `mode` and
    /// counting mode `counting`: nothing is checked, nothing fails.
    #[inline(always)]
    pub(crate) fn play_legal(
        &mut self,
        seat: PlayerId,
        card: JassCard,
        mode: Mode,
        counting: Mode,
        events: &mut impl Events<Event>,
    ) {
        let index = self.played as usize;
        let trick_no = index / SEATS;
        self.hands[seat.index()].remove(card);
        if let Some(slot) = self.plays.get_mut(index) {
            *slot = card;
        }
        self.played += 1;
        if self.moment[0].is_some() {
            self.moment = [None; 4];
        }
        events.emit(|| Event::Played { seat, card });
        let mut n = 0;
        // Stöck: the second of the trump King and Queen, played by their holder.
        if self.stoeck_holder == Some(seat)
            && !self.stoeck_credited
            && let Some(suit) = counting.trump()
            && stoeck_pair(suit).contains(card)
            && (stoeck_pair(suit) & self.hands[seat.index()]).is_empty()
        {
            self.stoeck_credited = true;
            self.credit(&mut n, CreditKind::Stoeck, team_of(seat), STOECK);
            events.emit(|| Event::Stoeck {
                seat,
                points: STOECK,
            });
        }
        // The trick's first card: `index` rounded down to a multiple of four.
        let start = trick_no * SEATS;
        if !(self.played as usize).is_multiple_of(SEATS) {
            // The trick goes on: the next seat follows in the same mode.
            let next = seat_after(seat, 1);
            let trick = self.plays.get(start..=index).unwrap_or(&[]);
            self.legal = legal_cards(self.hands[next.index()], trick, mode, &self.rules.play);
            return;
        }
        self.end_trick(start, trick_no, mode, counting, n, events);
    }

    /// Credits trick `trick_no`, whose four cards start at `start` in the plays, after its
    /// last card (`n` credits of this moment so far), and prepares the next trick.
    #[inline(never)]
    fn end_trick(
        &mut self,
        start: usize,
        trick_no: usize,
        mode: Mode,
        counting: Mode,
        n: usize,
        events: &mut impl Events<Event>,
    ) {
        let mut n = n;
        // The trick as a fixed-size array: no slice bounds to check, and the winner and
        // points loops are unrolled over four cards.
        let cards: [JassCard; SEATS] = self
            .plays
            .get(start..)
            .and_then(|rest| rest.first_chunk())
            .copied()
            .unwrap_or([JassCard::ALL[0]; SEATS]);
        let winner = seat_after(self.leader, trick_winner(&cards, mode));
        if trick_no == 0 {
            self.weis = self.award_weis(counting);
            if let Some(w) = self.weis {
                self.credit(&mut n, CreditKind::Weis, w.team, w.points);
                events.emit(|| Event::WeisScored {
                    weis: WeisView {
                        score: w,
                        shown: self.shown_weis(w.team),
                    },
                });
            }
        }
        let last = trick_no == TRICKS - 1;
        let team = team_of(winner);
        let points = trick_points(&cards, counting, last);
        self.credit(&mut n, CreditKind::Trick, team, points);
        events.emit(|| Event::TrickTaken {
            seat: winner,
            points,
            last,
        });
        self.taken[team] += 1;
        if last && self.taken[team] as usize == TRICKS && self.rules.bonuses.match_bonus {
            self.credit(&mut n, CreditKind::Match, team, MATCH_BONUS);
            events.emit(|| Event::Match {
                side: team,
                points: MATCH_BONUS,
                seats: vec![PlayerId(team as u8), PlayerId(team as u8 + 2)],
            });
        }
        if !last {
            self.leader = winner;
        }
        self.legal = match self.contract {
            // A plain mode, a trick to lead: every card in the leader's hand is legal (what
            // `legal_cards` gives for an empty trick), without `legal_from_scratch`'s walk
            // through the contract.
            Some(Contract::Mode(_)) if !last => self.hands[winner.index()],
            _ => self.legal_from_scratch(),
        };
    }

    /// Credits `points` of `kind` to `team`, as the `n`-th credit of this moment.
    fn credit(&mut self, n: &mut usize, kind: CreditKind, team: usize, points: u32) {
        let c = Credit { kind, team, points };
        self.credits.add(c);
        if let Some(slot) = self.moment.get_mut(*n) {
            *slot = Some(c);
        }
        *n += 1;
    }

    /// The Weis award: the declarations in play order from forehand.
    pub(crate) fn award_weis(&self, mode: Mode) -> Option<WeisScore> {
        // In play order from forehand, read in place.
        let a = award_from(
            &self.declarations,
            self.forehand.index(),
            mode,
            self.rules.weis.scale,
        )?;
        let seat = seat_after(self.forehand, a.position);
        Some(WeisScore {
            seat,
            team: team_of(seat),
            points: if self.rules.seed_weis_scoring {
                a.best_points
            } else {
                a.points
            },
        })
    }

    /// Team 0's multiplied points minus team 1's, once the deal is over.
    pub(crate) fn difference(&self) -> Option<i64> {
        self.outcome()
            .map(|o| i64::from(o.scored[0]) - i64::from(o.scored[1]))
    }

    // ---- Public accessors: what is the deal's own. ----

    /// The dealer.
    #[must_use]
    pub fn dealer(&self) -> PlayerId {
        self.dealer
    }

    /// Forehand: names the contract (or pushes) and leads the first trick.
    #[must_use]
    pub fn forehand(&self) -> PlayerId {
        self.forehand
    }

    /// `seat`'s hand now (empty for a seat not at the table).
    #[must_use]
    pub fn hand(&self, seat: PlayerId) -> CardSet<JassCard> {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// `seat`'s hand as dealt (empty for a seat not at the table).
    #[must_use]
    pub fn dealt_hand(&self, seat: PlayerId) -> CardSet<JassCard> {
        self.dealt.get(seat.index()).copied().unwrap_or_default()
    }

    /// Whether forehand pushed.
    #[must_use]
    pub fn pushed(&self) -> bool {
        self.pushed
    }

    /// The contract, once named.
    #[must_use]
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// Who named the contract: forehand, or its partner after a push.
    #[must_use]
    pub fn declarer(&self) -> Option<PlayerId> {
        self.contract
            .map(|_| seat_after(self.forehand, if self.pushed { 2 } else { 0 }))
    }

    /// Every card played so far, in order.
    #[must_use]
    pub fn plays(&self) -> &[JassCard] {
        self.plays
            .get(..(self.played as usize).min(PLAYS))
            .unwrap_or(&[])
    }

    /// The points credited so far, by kind and team, before the multiplier.
    #[must_use]
    pub fn credits(&self) -> Credits {
        self.credits
    }

    /// The credits of the last action, in the order the deal credited them (Stöck, Weis,
    /// trick, Match): what a whole game checks against its target one by one, in
    /// [`Rules::credit_order`]. Empty after a contract choice or a card that credited nothing.
    pub fn last_credits(&self) -> impl Iterator<Item = Credit> + '_ {
        self.moment.iter().flatten().copied()
    }

    /// The multiplier of the contract, once named.
    #[must_use]
    pub fn multiplier(&self) -> Option<u32> {
        self.contract
            .map(|c| self.rules.multipliers.contract_factor(c))
    }

    /// `seat`'s counted Weis, once the counting mode is known (it depends on the mode): from
    /// the contract, in a Trio from its first segment's mode.
    #[must_use]
    pub fn declaration(&self, seat: PlayerId) -> Option<Declaration> {
        self.counting_mode()?;
        self.declarations.get(seat.index()).copied()
    }

    /// Who scored the Weis, once the first trick is complete and someone had a Weis.
    #[must_use]
    pub fn weis_score(&self) -> Option<WeisScore> {
        self.weis
    }

    /// The seat whose Stöck has been credited.
    #[must_use]
    pub fn stoeck(&self) -> Option<PlayerId> {
        self.stoeck_holder.filter(|_| self.stoeck_credited)
    }
}

/// The trump King and Queen of `suit`.
pub(crate) fn stoeck_pair(suit: cards_core::JassSuit) -> Hand {
    Hand::single(JassCard::new(suit, JassRank::King))
        | Hand::single(JassCard::new(suit, JassRank::Queen))
}

/// The events a deal reports beyond its actions: its start and its end.
impl SchieberDeal {
    /// The hands in the order dealt, when this is a seeded deal before its first card (the
    /// slots of `plays` still hold the deck: see [`SchieberDeal::plays`]).
    pub(crate) fn dealt_in_order(&self) -> Option<[[JassCard; TRICKS]; SEATS]> {
        if self.played != 0 {
            return None;
        }
        let hands = crate::SeededDeal::hands_of(&self.plays, self.dealer);
        let fits = hands
            .iter()
            .zip(&self.dealt)
            .all(|(order, &set)| order.iter().copied().collect::<Hand>() == set);
        fits.then_some(hands)
    }

    /// The deal event of these hands: in the order dealt when known, else in card order.
    pub(crate) fn deal_event(&self) -> crate::Deal {
        let sorted = self.dealt.map(|h| {
            let mut cards = [JassCard::ALL[0]; TRICKS];
            cards.iter_mut().zip(h.iter()).for_each(|(c, h)| *c = h);
            cards
        });
        let hands = self.dealt_in_order().unwrap_or(sorted);
        crate::Deal::shown(
            self.dealer,
            self.forehand,
            hands.iter().map(|h| &h[..]),
            None,
        )
    }

    /// The end of a deal played alone: its score and outcome.
    pub(crate) fn report_end(&self, events: &mut impl Events<Event>) {
        if let Some(outcome) = self.outcome() {
            events.emit(|| Event::DealScored {
                score: outcome.scored.iter().map(|&p| i64::from(p)).collect(),
                summary: Some(crate::DealSummary::Schieber {
                    deal: 0,
                    contract: Some(outcome.contract),
                    multiplier: outcome.multiplier,
                    credits: outcome.credits,
                    totals: None,
                    target: None,
                    reached: None,
                }),
            });
            events.emit(|| Event::DealOver { outcome });
        }
    }
}
