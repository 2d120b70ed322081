//! [`DealAdapter`]: one Schieber deal ([`SchieberDeal`], records `schieber-deal`), as the
//! oracle's `jass.playout` and `jass.trace` play it: the trace's deal and score events and the
//! contract line of `replay`.

use cards_core::{Game, Seed};
use jass::SchieberDeal;
use serde_json::Value;

use super::{Deal, NAME};
use crate::games::adapter::{Adapter, Event};
use crate::games::generic;
use crate::replay::Note;

/// One Schieber deal: the first deal of a game (the holder of the seven of diamonds is
/// forehand); seats 0 and 2 play against seats 1 and 3.
#[derive(Debug, Clone, Copy)]
pub struct DealAdapter;

/// Seats at a Schieber table.
const SEATS: usize = 4;

impl Adapter for DealAdapter {
    type Game = SchieberDeal;
    type Deal = Deal;

    const NAME: &'static str = NAME;

    /// The seeded deal (`docs/jass.md`, "One Schieber deal"), recomputed: deal 0's stream
    /// shuffles the deck, then draws the dealer (unless the rules fix it); packets of three
    /// from the seat after the dealer; forehand holds the forehand card. Checked by rebuilding
    /// the deal from these hands and comparing it with `start`.
    fn start_events(
        start: &SchieberDeal,
        players: usize,
        seed: Seed,
        out: &mut Vec<Event<Deal>>,
    ) -> Result<(), String> {
        if players != SEATS {
            return Err(format!("a Schieber deal has 4 players, not {players}"));
        }
        let deal = Deal::seeded(start.rules(), seed);
        generic::check_derived(SchieberDeal::from_setup(start.rules(), deal.setup()), start)?;
        out.push(Event::Deal { deal });
        Ok(())
    }

    /// One deal: its score event (each team's multiplied points) comes right after the last
    /// decision.
    fn events_after(
        before: &SchieberDeal,
        _action: jass::Action,
        after: &SchieberDeal,
        out: &mut Vec<Event<Deal>>,
    ) {
        if !before.is_terminal()
            && let Some(outcome) = after.outcome()
        {
            out.push(Event::Score {
                score: outcome.scored.iter().map(|&p| i64::from(p)).collect(),
            });
        }
    }

    /// `contract`: the contract, who named it and whether forehand pushed.
    fn notes(state: &SchieberDeal) -> Vec<Note> {
        vec![contract_note(state)]
    }
}

/// The `contract` line of `replay`: the contract, who named it and whether forehand pushed.
pub fn contract_note(state: &SchieberDeal) -> Note {
    let forehand = state.forehand().index();
    let (value, text) = match (state.contract(), state.declarer()) {
        (Some(contract), Some(declarer)) => {
            let how = if state.pushed() {
                format!("after forehand (seat {forehand}) pushed")
            } else {
                "forehand".to_owned()
            };
            (
                serde_json::json!({
                    "contract": contract.to_string(),
                    "declarer": declarer.index(),
                    "forehand": forehand,
                    "pushed": state.pushed(),
                }),
                Some(format!(
                    "contract:   {contract}, named by seat {} ({how})",
                    declarer.index()
                )),
            )
        }
        _ => (Value::Null, None),
    };
    Note {
        key: "contract",
        value,
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::generic::{playout, trace};
    use cards_core::{JassCard, PlayerId};
    use jass::Rules;

    /// The deal event is the seeded start: packets of three from the seat after the dealer,
    /// forehand holding 7D, and rebuilding it gives exactly `SchieberDeal::new`'s state.
    #[test]
    fn the_deal_event_is_the_seeded_start() {
        for seed in 0..200 {
            let rules = Rules::default();
            let start = SchieberDeal::new(&rules, 4, Seed::from(seed)).unwrap();
            let deal = Deal::seeded(&rules, Seed::from(seed));
            assert_eq!(PlayerId(deal.dealer), start.dealer(), "seed {seed}");
            assert_eq!(PlayerId(deal.forehand), start.forehand(), "seed {seed}");
            for seat in PlayerId::all(4) {
                let hand: cards_core::CardSet<JassCard> =
                    deal.hands[seat.index()].iter().copied().collect();
                assert_eq!(hand, start.hand(seat), "seed {seed}");
            }
            // The dealer gets the deck's last card, the seat after it the first.
            let mut rng = cards_core::GameRng::for_deal(Seed::from(seed), 0);
            let mut deck = JassCard::ALL;
            rng.shuffle(&mut deck);
            let after = (usize::from(deal.dealer) + 1) % 4;
            assert_eq!(deal.hands[after][..3], deck[..3]);
            assert_eq!(deal.hands[usize::from(deal.dealer)][8], deck[35]);
            let mut events = Vec::new();
            DealAdapter::start_events(&start, 4, Seed::from(seed), &mut events).unwrap();
            assert_eq!(events, vec![Event::Deal { deal }]);
        }
        // A fixed dealer draws nothing for it.
        let rules = Rules {
            first_dealer: Some(PlayerId(2)),
            ..Rules::default()
        };
        let start = SchieberDeal::new(&rules, 4, Seed::from(5)).unwrap();
        let deal = Deal::seeded(&rules, Seed::from(5));
        assert_eq!(deal.dealer, 2);
        assert_eq!(
            SchieberDeal::from_setup(&rules, deal.setup()).unwrap(),
            start
        );
    }

    #[test]
    fn a_deal_that_does_not_fit_is_refused() {
        let start = SchieberDeal::new(&Rules::default(), 4, Seed::from(1)).unwrap();
        let mut events = Vec::new();
        let e = DealAdapter::start_events(&start, 4, Seed::from(2), &mut events).unwrap_err();
        assert!(e.contains("deal"), "{e}");
        assert!(DealAdapter::start_events(&start, 3, Seed::from(1), &mut events).is_err());
        assert!(events.is_empty());
    }

    #[test]
    fn the_trace_ends_with_the_multiplied_points() {
        for seed in 0..30 {
            let t = trace::<DealAdapter>(4, seed).unwrap();
            let (state, actions) = playout::<SchieberDeal>(4, seed).unwrap();
            assert_eq!(t.events.len(), actions + 2);
            let outcome = state.outcome().unwrap();
            let scored: Vec<i64> = outcome.scored.iter().map(|&p| i64::from(p)).collect();
            assert_eq!(t.events.last(), Some(&Event::Score { score: scored }));
            assert_eq!(t.returns, generic::Returns::of(&state));
            // The spec's returns: seats 0 and 2 get half the point difference, 1 and 3 lose it.
            let difference = f64::from(outcome.scored[0]) - f64::from(outcome.scored[1]);
            assert_eq!(
                t.returns.0,
                [
                    difference / 2.0,
                    -difference / 2.0,
                    difference / 2.0,
                    -difference / 2.0
                ]
            );
        }
    }
}
