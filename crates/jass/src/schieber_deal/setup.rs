//! [`SchieberDealSetup`]: an explicit Schieber deal position — the hands as dealt and every decision so
//! far — and the check that turns it into a game by replaying it, so every accepted setup is
//! reachable from its deal.

use cards_core::{CardSet, JassCard, PlayerId};

use crate::action::Contract;
use crate::schieber_deal::{Hand, PLAYS, SEATS, SchieberDeal};
use crate::{Action, Mode, RuleError, Rules, SetupError};

/// An explicit Schieber deal: the hands as dealt and the decisions made since, in order.
///
/// [`Game::from_setup`](cards_core::Game::from_setup) replays it from the dealt hands and
/// refuses it with a [`SetupError`] naming the first choice or play that breaks a rule;
/// [`Game::setup`](cards_core::Game::setup) gives any deal's position in this form, and a
/// deal's JSON is `{"rules": …, "setup": …}`. [`SchieberDealSetup::dealt`] is the start of a deal dealt
/// by hand.
///
/// ```
/// use cards_core::{CardSet, JassCard};
/// use jass::{Game, PlayerId, Rules, SchieberDeal, SchieberDealSetup};
///
/// let deck = JassCard::ALL;
/// let hands: [CardSet<JassCard>; 4] =
///     core::array::from_fn(|s| deck[9 * s..9 * s + 9].iter().copied().collect());
/// let deal = SchieberDeal::from_setup(&Rules::default(), SchieberDealSetup::dealt(PlayerId(3), PlayerId(2), hands))?;
/// assert_eq!(deal.to_act(), Some(PlayerId(2))); // forehand names the contract
/// # Ok::<(), jass::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchieberDealSetup {
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

impl SchieberDealSetup {
    /// The start of a deal dealt by hand: `hands` as dealt, nothing decided yet.
    #[must_use]
    pub fn dealt(
        dealer: PlayerId,
        forehand: PlayerId,
        hands: [CardSet<JassCard>; SEATS],
    ) -> SchieberDealSetup {
        SchieberDealSetup {
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

/// Checks the table of a setup under `rules`: the seats, and nine cards each, the deck once.
pub(crate) fn check_table(rules: &Rules, raw: &SchieberDealSetup) -> Result<(), SetupError> {
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
    Ok(())
}

/// Replays the decisions that brought `deal` where it stands (forehand's push, the contract,
/// the Trio modes and the cards) through `step`. The position was reached by them (a setup is
/// checked by replay), so none is refused.
pub(crate) fn replay_decisions(
    deal: &SchieberDeal,
    mut step: impl FnMut(Action) -> Result<(), RuleError>,
) {
    if deal.pushed {
        let _ = step(Action::Push);
    }
    if let Some(contract) = deal.contract {
        let _ = step(Action::Name(contract));
    }
    let _ = replay(deal.trio(), deal.plays(), step);
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
