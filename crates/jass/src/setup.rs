//! [`Setup`]: an explicit Schieber deal position — the hands as dealt and every decision so
//! far — and the check that turns it into a game by replaying it, so every accepted setup is
//! reachable from its deal.

use cards_core::{CardSet, JassCard, NoEvents, PlayerId};

use crate::action::Contract;
use crate::deal::{Hand, PLAYS, SEATS, SchieberDeal};
use crate::{Action, Mode, RuleError, Rules, SetupError};

/// An explicit Schieber deal: the hands as dealt and the decisions made since, in order.
///
/// [`Game::from_setup`](cards_core::Game::from_setup) replays it from the dealt hands and
/// refuses it with a [`SetupError`] naming the first choice or play that breaks a rule;
/// [`Game::setup`](cards_core::Game::setup) gives any deal's position in this form, and a
/// deal's JSON is `{"rules": …, "setup": …}`. [`Setup::dealt`] is the start of a deal dealt
/// by hand.
///
/// ```
/// use cards_core::{CardSet, JassCard};
/// use jass::{Game, PlayerId, Rules, SchieberDeal, Setup};
///
/// let deck = JassCard::ALL;
/// let hands: [CardSet<JassCard>; 4] =
///     core::array::from_fn(|s| deck[9 * s..9 * s + 9].iter().copied().collect());
/// let deal = SchieberDeal::from_setup(&Rules::default(), Setup::dealt(PlayerId(3), PlayerId(2), hands))?;
/// assert_eq!(deal.to_act(), Some(PlayerId(2))); // forehand names the contract
/// # Ok::<(), jass::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The dealer.
    pub dealer: PlayerId,
    /// Forehand: names the contract or pushes, and leads the first trick. Any seat (a real
    /// tournament deal may have any forehand); a seeded first deal gives it to the holder of
    /// [`Rules::forehand_card`].
    pub forehand: PlayerId,
    /// The four hands as dealt, nine cards each, together the deck.
    pub hands: [CardSet<JassCard>; SEATS],
    /// Whether forehand pushed.
    pub pushed: bool,
    /// The contract, once named (by forehand, or by its partner after a push).
    pub contract: Option<Contract>,
    /// In a Trio, the segment modes named so far, in order (the first before play 1, the
    /// second before play 13, the third before play 25); empty otherwise (left out of JSON
    /// when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trio: Vec<Mode>,
    /// The cards played so far, in order (at most 36, only after the contract).
    pub plays: Vec<JassCard>,
}

impl Setup {
    /// The start of a deal dealt by hand: `hands` as dealt, nothing decided yet.
    #[must_use]
    pub fn dealt(dealer: PlayerId, forehand: PlayerId, hands: [CardSet<JassCard>; SEATS]) -> Setup {
        Setup {
            dealer,
            forehand,
            hands,
            pushed: false,
            contract: None,
            trio: Vec::new(),
            plays: Vec::new(),
        }
    }
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(SchieberDeal);

impl SchieberDeal {
    /// This position as a [`Setup`].
    pub(crate) fn setup_now(&self) -> Setup {
        Setup {
            dealer: self.dealer,
            forehand: self.forehand,
            hands: self.dealt,
            pushed: self.pushed,
            contract: self.contract,
            trio: self.trio().to_vec(),
            plays: self.plays().to_vec(),
        }
    }
}

/// Checks a setup under `rules` by replaying it from the dealt hands, and builds the deal.
pub(crate) fn validate(rules: &Rules, raw: &Setup) -> Result<SchieberDeal, SetupError> {
    rules.validate_schieber(SEATS)?;
    for (what, seat) in [("dealer", raw.dealer), ("forehand", raw.forehand)] {
        if seat.index() >= SEATS {
            return Err(SetupError::SeatNotAtTable {
                what,
                seat,
                seats: SEATS,
            });
        }
    }
    let mut all = Hand::EMPTY;
    for (seat, &hand) in PlayerId::all(SEATS).zip(&raw.hands) {
        if hand.len() != PLAYS / SEATS {
            return Err(SetupError::HandSize {
                seat,
                got: hand.len(),
                expected: PLAYS / SEATS,
            });
        }
        all |= hand;
    }
    if all != Hand::full() {
        return Err(SetupError::Cards { missing: !all });
    }
    let mut deal = SchieberDeal::dealt(rules, raw.dealer, raw.forehand, raw.hands);
    let choose = |deal: &mut SchieberDeal, action: Action| {
        deal.step(action, &mut NoEvents)
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
                    error: crate::RuleError::ContractFirst {
                        action: Action::Play(card),
                    },
                });
            }
        }
    }
    replay(&raw.trio, &raw.plays, |action| {
        deal.step(action, &mut NoEvents)
    })?;
    Ok(deal)
}

/// Replays `plays` with the Trio segment modes `trio` before plays 1, 13 and 25 through
/// `step`, naming the first refused choice or play.
pub(crate) fn replay(
    trio: &[Mode],
    plays: &[JassCard],
    mut step: impl FnMut(Action) -> Result<(), RuleError>,
) -> Result<(), SetupError> {
    let segment = 3 * SEATS;
    for i in 0..=plays.len() {
        if i % segment == 0
            && let Some(&mode) = trio.get(i / segment)
        {
            let action = Action::TrioMode(mode);
            step(action).map_err(|error| SetupError::IllegalChoice { action, error })?;
        }
        if let Some(&card) = plays.get(i) {
            step(Action::Play(card)).map_err(|error| SetupError::IllegalPlay {
                play: i + 1,
                trick: i / SEATS + 1,
                card,
                error,
            })?;
        }
    }
    if let Some(&mode) = trio.get(plays.len() / segment + 1) {
        let action = Action::TrioMode(mode);
        return Err(SetupError::IllegalChoice {
            action,
            error: RuleError::TrioTurn {
                action,
                why: "a Trio segment is named only when its first trick is to be led",
            },
        });
    }
    Ok(())
}
