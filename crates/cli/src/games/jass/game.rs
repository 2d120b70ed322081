//! [`GameAdapter`]: a whole Schieber game to the target ([`Schieber`], records `schieber`),
//! as `cardrules simulate jass` plays it: the rule options of `--rule`, what is watched of
//! every deal ([`DealSummary`]), and the trace events of a whole game (a deal event at every
//! deal, a score event at the end of every deal).

use cards_core::{Game, JassCard, Seed};
use jass::{Action, Multipliers, Rules, Scale, Schieber, SchieberDeal, Variants};

use super::tally::{DealSummary, GameSummary, JassTally};
use super::{ABOUT, Deal, NAME, deal, ops};
use crate::games::adapter::{Adapter, Event, Op, RuleOption, Simulation, on_off, unknown_option};
use crate::replay::Note;
use crate::simulate::Term;

/// Cards played in a complete deal.
const PLAYS: usize = 36;

/// Whole Schieber games.
#[derive(Debug, Clone, Copy)]
pub struct GameAdapter;

/// The options of `simulate jass --rule NAME=VALUE`.
pub const OPTIONS: &[RuleOption] = &[
    RuleOption {
        name: "variants",
        values: "none|all|LIST",
        help: "the contract variants that may be named, LIST a comma-separated list of \
               slalom, guschti, mary, trio (default: none)",
    },
    RuleOption {
        name: "weis",
        values: "big|small",
        help: "the Weis scale (default: big)",
    },
    RuleOption {
        name: "four-low",
        values: "on|off",
        help: "four 8s, 7s or 6s are Weis of 100 (default: off)",
    },
    RuleOption {
        name: "cross-weis",
        values: "on|off",
        help: "a card may serve a four-of-a-kind and a sequence (default: off)",
    },
    RuleOption {
        name: "seed-weis-scoring",
        values: "on|off",
        help: "the Weis team scores only each partner's best Weis (default: off: every Weis)",
    },
    RuleOption {
        name: "buur-exception",
        values: "on|off",
        help: "a player whose only trump is the Jack need not follow trump with it (default: \
               on)",
    },
    RuleOption {
        name: "multipliers",
        values: "seed|swisslos|flat|app|swiss-cards|black-red",
        help: "the multiplier table (default: seed: diamonds and hearts x1, spades and clubs \
               x2, obenabe x3, undenufe x4)",
    },
    RuleOption {
        name: "target",
        values: "N|none",
        help: "the points that end a game (default: 2500; none: every game is one deal)",
    },
    RuleOption {
        name: "forehand-card",
        values: "CARD",
        help: "in a game's first deal the holder of this card is forehand (default: 7D)",
    },
];

/// `none`, `all` or a comma-separated list of variants.
pub(super) fn variants(value: &str) -> Result<Variants, String> {
    match value.to_ascii_lowercase().as_str() {
        "none" => return Ok(Variants::default()),
        "all" => return Ok(Variants::ALL),
        _ => {}
    }
    let mut chosen = Variants::default();
    for name in value.split(',').map(str::trim) {
        let flag = match name.to_ascii_lowercase().as_str() {
            "slalom" => &mut chosen.slalom,
            "guschti" => &mut chosen.guschti,
            "mary" => &mut chosen.mary,
            "trio" => &mut chosen.trio,
            _ => {
                return Err(format!(
                    "the variants are none, all or a list of slalom, guschti, mary and trio; \
                     {name:?} is not one"
                ));
            }
        };
        *flag = true;
    }
    Ok(chosen)
}

impl Adapter for GameAdapter {
    type Game = Schieber;
    type Deal = Deal;

    const NAME: &'static str = NAME;

    const ABOUT: &'static str = ABOUT;

    const OPS: &'static [Op] = ops::OPS;

    /// The first deal, as [`super::DealAdapter`] derives it (the game's deal 0 is the
    /// one-deal game's deal).
    fn start_events(
        start: &Schieber,
        players: usize,
        seed: Seed,
        out: &mut Vec<Event<Deal>>,
    ) -> Result<(), String> {
        <super::DealAdapter as Adapter>::start_events(start.deal(), players, seed, out)
    }

    /// At the end of a deal its score (each team's multiplied points credited in it, up to
    /// the target), then the next deal when the game goes on.
    fn events_after(
        before: &Schieber,
        _action: Action,
        after: &Schieber,
        out: &mut Vec<Event<Deal>>,
    ) {
        let next = after.deal_number() != before.deal_number();
        if !(next || after.is_terminal() && !before.is_terminal()) {
            return;
        }
        let start = before.scores_before_deal();
        let end = if next {
            after.scores_before_deal()
        } else {
            after.totals()
        };
        out.push(Event::Score {
            score: (0..2)
                .map(|team| i64::from(end[team]) - i64::from(start[team]))
                .collect(),
        });
        if next {
            let deal = after.deal();
            let seeded =
                jass::SeededDeal::later(after.setup().seed, after.deal_number(), deal.dealer());
            out.push(Event::Deal {
                deal: Deal::from(seeded),
            });
        }
    }

    /// `contract` of the last deal, and `deals`: how many were played.
    fn notes(state: &Schieber) -> Vec<Note> {
        let deals = state.deal_number().saturating_add(1);
        vec![
            Note {
                key: "deals",
                value: deals.into(),
                text: Some(format!("deals:      {deals}")),
            },
            deal::contract_note(state.deal()),
        ]
    }
}

impl Simulation for GameAdapter {
    type Tally = JassTally;
    type Watch = Vec<DealSummary>;

    const TERMS: &'static [Term] = super::tally::TERMS;

    const SCORE: &'static str = "point difference";

    const TRACED: &'static str = "its first deal";

    const OPTIONS: &'static [RuleOption] = OPTIONS;

    fn set_option(rules: &mut Rules, name: &str, value: &str) -> Result<(), String> {
        match name {
            "variants" => rules.variants = variants(value)?,
            "weis" => {
                rules.weis.scale = match value.to_ascii_lowercase().as_str() {
                    "big" => Scale::Big,
                    "small" => Scale::Small,
                    _ => return Err(format!("the Weis scale is big or small, not {value:?}")),
                }
            }
            "four-low" => rules.weis.four_low = on_off(value)?,
            "cross-weis" => rules.weis.cross_weis = on_off(value)?,
            "seed-weis-scoring" => rules.seed_weis_scoring = on_off(value)?,
            "buur-exception" => rules.play.buur_exception = on_off(value)?,
            "multipliers" => {
                rules.multipliers = match value.to_ascii_lowercase().as_str() {
                    "seed" => Multipliers::SEED,
                    "swisslos" => Multipliers::SWISSLOS,
                    "flat" => Multipliers::FLAT,
                    "app" => Multipliers::APP,
                    "swiss-cards" => Multipliers::SWISS_CARDS,
                    "black-red" => Multipliers::BLACK_ONE_RED_TWO,
                    _ => {
                        return Err(format!(
                            "the multiplier tables are seed, swisslos, flat, app, swiss-cards \
                             and black-red, not {value:?}"
                        ));
                    }
                }
            }
            "target" => {
                rules.target = if value.eq_ignore_ascii_case("none") {
                    None
                } else {
                    Some(value.parse::<u32>().ok().filter(|&t| t > 0).ok_or_else(|| {
                        format!("the target is a whole number from 1 to {}, or none, not {value:?}", u32::MAX)
                    })?)
                }
            }
            "forehand-card" => {
                rules.forehand_card = value
                    .parse::<JassCard>()
                    .map_err(|e| format!("the forehand card is a card like 7D: {e}"))?;
            }
            _ => {
                return Err(unknown_option("jass", name, OPTIONS));
            }
        }
        Ok(())
    }

    /// Before the last card of a deal: the deal as it ends (a deal stopped at the target is
    /// not complete and is not watched).
    fn watch(watch: &mut Vec<DealSummary>, now: &Schieber, action: Action) {
        let deal: &SchieberDeal = now.deal();
        if deal.plays().len() + 1 != PLAYS {
            return;
        }
        let mut ended = *deal;
        if ended.play(action).is_ok()
            && let Some(summary) = DealSummary::of(&ended)
        {
            watch.push(summary);
        }
    }

    fn score(state: &Schieber) -> Option<i64> {
        let [a, b] = state.totals();
        state.is_terminal().then(|| i64::from(a) - i64::from(b))
    }

    fn summarize(state: &Schieber, deals: Vec<DealSummary>) -> GameSummary {
        GameSummary {
            outcome: state.outcome(),
            stopped_mid_deal: !state.deal().is_terminal(),
            deals,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::generic::{playout, trace};
    use crate::simulate::{RuleChoices, SimulateError};

    /// A whole game's trace: a deal event at every deal (each one the seeded deal of the
    /// game), a score event at the end of every deal; the scores add up to the final totals;
    /// the first deal is the one-deal game's.
    #[test]
    fn a_whole_game_traces_deal_by_deal() {
        for seed in 0..6 {
            let t = trace::<GameAdapter>(4, seed).unwrap();
            let (state, actions) = playout::<Schieber>(4, seed).unwrap();
            let deals = t
                .events
                .iter()
                .filter(|e| matches!(e, Event::Deal { .. }))
                .count();
            let scores: Vec<&Vec<i64>> = t
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Score { score } => Some(score),
                    _ => None,
                })
                .collect();
            let outcome = state.outcome().unwrap();
            assert_eq!(deals as u32, outcome.deals);
            assert_eq!(scores.len() as u32, outcome.deals);
            assert_eq!(t.events.len(), actions + 2 * deals);
            for team in 0..2 {
                let sum: i64 = scores.iter().map(|s| s[team]).sum();
                assert_eq!(sum, i64::from(outcome.totals[team]), "seed {seed}");
            }
            let one = trace::<super::super::DealAdapter>(4, seed).unwrap();
            assert_eq!(t.events[0], one.events[0]);
            // The first deal's forehand deals the second, then the deal passes one seat; from
            // the second deal on forehand is the seat after the dealer.
            let dealt: Vec<&Deal> = t
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Deal { deal } => Some(deal),
                    _ => None,
                })
                .collect();
            for (k, deal) in dealt.iter().enumerate().skip(1) {
                let expected = if k == 1 {
                    dealt[0].forehand
                } else {
                    (dealt[k - 1].dealer + 1) % 4
                };
                assert_eq!(deal.dealer, expected, "seed {seed}, deal {k}");
                assert_eq!(deal.forehand, (deal.dealer + 1) % 4);
                assert_eq!(deal.hands.iter().map(Vec::len).sum::<usize>(), 36);
            }
        }
    }

    #[test]
    fn options_set_the_rules() {
        let rules = |set: &[(&str, &str)]| {
            crate::games::generic::rules_from::<GameAdapter>(&RuleChoices {
                json: None,
                set: set
                    .iter()
                    .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
                    .collect(),
            })
        };
        let r = rules(&[
            ("variants", "slalom,trio"),
            ("weis", "small"),
            ("four-low", "on"),
            ("cross-weis", "yes"),
            ("target", "1000"),
            ("multipliers", "flat"),
            ("forehand-card", "7c"),
        ])
        .unwrap();
        assert!(r.variants.slalom && r.variants.trio && !r.variants.mary);
        assert_eq!(r.weis.scale, Scale::Small);
        assert!(r.weis.four_low && r.weis.cross_weis);
        assert_eq!(r.target, Some(1000));
        assert_eq!(r.multipliers, Multipliers::FLAT);
        assert_eq!(r.forehand_card.to_string(), "7C");
        assert_eq!(
            rules(&[("variants", "all")]).unwrap().variants,
            Variants::ALL
        );
        assert_eq!(rules(&[("target", "none")]).unwrap().target, None);
        for (name, value, needle) in [
            ("variants", "slalom,bridge", "\"bridge\" is not one"),
            ("weis", "huge", "big or small"),
            ("four-low", "maybe", "on or off"),
            ("target", "0", "whole number"),
            ("target", "-5", "whole number"),
            ("multipliers", "double", "seed, swisslos"),
            ("forehand-card", "ZZ", "a card like 7D"),
            ("colour", "red", "no rule option \"colour\""),
        ] {
            match rules(&[(name, value)]) {
                Err(SimulateError::Rules(message)) => {
                    assert!(message.contains(needle), "{message}");
                    assert!(
                        message.contains(&format!("--rule {name}={value}")),
                        "{message}"
                    );
                }
                other => panic!("{name}={value}: {other:?}"),
            }
        }
        // --rules JSON first, then --rule on top.
        let both = crate::games::generic::rules_from::<GameAdapter>(&RuleChoices {
            json: Some(r#"{"variants":{"mary":true},"target":900}"#.to_owned()),
            set: vec![("weis".to_owned(), "small".to_owned())],
        })
        .unwrap();
        assert!(both.variants.mary);
        assert_eq!(both.target, Some(900));
        assert_eq!(both.weis.scale, Scale::Small);
        let bad = crate::games::generic::rules_from::<GameAdapter>(&RuleChoices {
            json: Some(r#"{"colour":1}"#.to_owned()),
            set: vec![],
        });
        assert!(matches!(bad, Err(SimulateError::Rules(m)) if m.contains("unknown field")));
    }
}
