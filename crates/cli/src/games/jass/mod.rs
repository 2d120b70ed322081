//! The Jass adapter: the registry's `jass` plays one Schieber deal ([`jass::SchieberDeal`],
//! whose records name `schieber-deal`). Its own ops are the card-level `jass.legal`,
//! `jass.trick`, `jass.weis` and `jass.deal` ([`ops`]); `jass.playout` and `jass.trace` are
//! generic, with the optional `"variant"` (`schieber`, the default; `coiffeur` and
//! `differenzler` answer "not implemented yet"). Here: the trace's deal and score events,
//! what `simulate` counts about a deal, and the contract line of `replay`.

pub mod ops;

use std::fmt;

use cards_core::{Game, JassCard, PlayerId, Seed};
use jass::{Contract, Outcome, Rules, SchieberDeal, Setup};
use serde::Serialize;
use serde_json::Value;

use super::adapter::{Adapter, Event, Op, Variant};
use crate::replay::Note;
use crate::simulate::{
    Bucket, BucketReport, Percent, Tally, Term, bucket_of, bucket_reports, plural, rate,
    write_histogram,
};

/// Jass in the CLI: one Schieber deal for now.
#[derive(Debug, Clone, Copy)]
pub struct JassAdapter;

/// Seats at a Schieber table.
const SEATS: usize = 4;

impl Adapter for JassAdapter {
    type Game = SchieberDeal;
    type Tally = JassTally;
    type Deal = Deal;

    const NAME: &'static str = "jass";

    const VARIANTS: &'static [Variant] = &[
        Variant {
            name: "schieber",
            label: "Schieber",
        },
        Variant {
            name: "coiffeur",
            label: "Coiffeur",
        },
        Variant {
            name: "differenzler",
            label: "Differenzler",
        },
    ];

    const ABOUT: &'static str = "Swiss Jass: one Schieber deal (Coiffeur and Differenzler later)";

    const OPS: &'static [Op] = ops::OPS;

    const TERMS: &'static [Term] = &[
        Term {
            word: "deal",
            meaning: "one game of this run: one Schieber deal, the first of a game (the holder \
                      of the seven of diamonds is forehand); seats 0 and 2 play against seats 1 \
                      and 3",
        },
        Term {
            word: "contract",
            meaning: "the mode the deal is played in, named by forehand or, after a push, by \
                      its partner: trump:C/D/H/S (that suit is trump), obenabe (high cards win), \
                      undenufe (low cards win)",
        },
        Term {
            word: "push",
            meaning: "forehand leaves the contract to its partner (the seat opposite), who must \
                      name one; forehand still leads",
        },
        Term {
            word: "card points",
            meaning: "the points of the cards in the tricks a team took, the last trick's 5 \
                      included (157 in a deal), before the multiplier",
        },
        Term {
            word: "multiplied points",
            meaning: "all a team scored (card points, Weis, Stöck, Match) times the contract's \
                      multiplier: x1 diamonds and hearts, x2 spades and clubs, x3 obenabe, x4 \
                      undenufe",
        },
        Term {
            word: "Weis",
            meaning: "melds held at the deal (runs of 3 or more in a suit, four of a kind); only \
                      the team with the strongest Weis scores, every Weis of both partners",
        },
        Term {
            word: "Stöck",
            meaning: "20 points for the holder of the trump King and Queen (trump contracts), \
                      when it plays the second of them",
        },
        Term {
            word: "Match",
            meaning: "100 bonus points for a team that took all nine tricks",
        },
        Term {
            word: "point difference",
            meaning: "seats 0 and 2's multiplied points minus seats 1 and 3's: the settlement \
                      (+difference to seats 0 and 2, -difference to seats 1 and 3)",
        },
    ];

    const SCORE: &'static str = "point difference";

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
        let dealt = SchieberDeal::from_setup(start.rules(), deal.setup())
            .map_err(|e| format!("the derived deal is not a valid start: {e}"))?;
        if dealt != *start {
            return Err("the derived deal does not give the game's start".to_owned());
        }
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

    fn score(state: &SchieberDeal) -> Option<i64> {
        state.outcome().map(|o| difference(&o))
    }

    fn summarize(state: &SchieberDeal) -> Summary {
        Summary {
            outcome: state.outcome(),
            pushed: state.pushed(),
        }
    }

    /// `contract`: the contract, who named it and whether forehand pushed.
    fn notes(state: &SchieberDeal) -> Vec<Note> {
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
        vec![Note {
            key: "contract",
            value,
            text,
        }]
    }
}

/// Seats 0 and 2's multiplied points minus seats 1 and 3's.
fn difference(outcome: &Outcome) -> i64 {
    i64::from(outcome.scored[0]) - i64::from(outcome.scored[1])
}

/// A Schieber deal in a trace: `{"dealer":d,"forehand":f,"hands":[[9 cards],…]}`, each hand
/// in the order its cards were dealt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Deal {
    /// The dealer.
    pub dealer: u8,
    /// Forehand: names the contract or pushes, and leads the first trick.
    pub forehand: u8,
    /// Each seat's nine cards, in the order dealt.
    pub hands: Vec<Vec<JassCard>>,
}

impl Deal {
    /// The seeded first deal under `rules` from `seed`, as `SchieberDeal::new` deals it.
    #[must_use]
    pub fn seeded(rules: &Rules, seed: Seed) -> Deal {
        let seeded = jass::SeededDeal::first(rules, seed);
        Deal {
            dealer: seeded.dealer.0,
            forehand: seeded.forehand.0,
            hands: seeded.hands.iter().map(|hand| hand.to_vec()).collect(),
        }
    }

    /// The deal's start as a [`Setup`].
    #[must_use]
    pub fn setup(&self) -> Setup {
        let hands = std::array::from_fn(|seat| {
            self.hands
                .get(seat)
                .map(|hand| hand.iter().copied().collect())
                .unwrap_or_default()
        });
        Setup::dealt(PlayerId(self.dealer), PlayerId(self.forehand), hands)
    }
}

/// What `simulate` needs to know about one finished deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// How it ended (`None`: stopped before the end, a rules bug).
    pub outcome: Option<Outcome>,
    /// Whether forehand pushed.
    pub pushed: bool,
}

/// The point-difference histogram's buckets: inclusive bounds, the first and last open.
const BUCKETS: [Bucket; 9] = [
    (None, Some(-600), "<=-600"),
    (Some(-599), Some(-300), "-599..-300"),
    (Some(-299), Some(-150), "-299..-150"),
    (Some(-149), Some(-50), "-149..-50"),
    (Some(-49), Some(49), "-49..49"),
    (Some(50), Some(149), "50..149"),
    (Some(150), Some(299), "150..299"),
    (Some(300), Some(599), "300..599"),
    (Some(600), None, ">=600"),
];

/// What `simulate` counts about Schieber deals (integers only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JassTally {
    /// Deals that ended.
    pub deals: u64,
    /// Deals by contract, in [`Contract::ALL`] order.
    pub named: [u64; 6],
    /// Of those, the deals whose contract was named after a push.
    pub after_push: [u64; 6],
    /// Deals with another contract (none until the contract variants land).
    pub other: u64,
    /// Deals where forehand pushed.
    pub pushed: u64,
    /// Sum of each team's multiplied points.
    pub scored: [u64; 2],
    /// Sum of each team's card points.
    pub cards: [u64; 2],
    /// Sum of the multipliers.
    pub multiplier: u64,
    /// Deals where each team scored Weis.
    pub weis: [u64; 2],
    /// Deals where each team scored Stöck.
    pub stoeck: [u64; 2],
    /// Deals where each team made a Match.
    pub matches: [u64; 2],
    /// Point differences by bucket (see `BUCKETS`).
    pub buckets: [u64; 9],
    /// Sum of the point differences.
    pub difference: i128,
    /// Lowest and highest point difference.
    pub range: Option<(i64, i64)>,
}

impl Tally for JassTally {
    type Summary = Summary;
    type Report = JassReport;

    fn new(_players: usize) -> Self {
        JassTally {
            deals: 0,
            named: [0; 6],
            after_push: [0; 6],
            other: 0,
            pushed: 0,
            scored: [0; 2],
            cards: [0; 2],
            multiplier: 0,
            weis: [0; 2],
            stoeck: [0; 2],
            matches: [0; 2],
            buckets: [0; 9],
            difference: 0,
            range: None,
        }
    }

    fn add(&mut self, game: &Summary) {
        // An unfinished deal is counted by the engine.
        let Some(outcome) = &game.outcome else {
            return;
        };
        self.deals += 1;
        self.pushed += u64::from(game.pushed);
        match Contract::ALL.iter().position(|&c| c == outcome.contract) {
            Some(i) => {
                self.named[i] += 1;
                self.after_push[i] += u64::from(game.pushed);
            }
            None => self.other += 1,
        }
        let credits = &outcome.credits;
        for team in 0..2 {
            self.scored[team] += u64::from(outcome.scored[team]);
            self.cards[team] += u64::from(credits.cards[team]);
            self.weis[team] += u64::from(credits.weis[team] > 0);
            self.stoeck[team] += u64::from(credits.stoeck[team] > 0);
            self.matches[team] += u64::from(credits.match_bonus[team] > 0);
        }
        self.multiplier += u64::from(outcome.multiplier);
        let d = difference(outcome);
        self.buckets[bucket_of(&BUCKETS, d)] += 1;
        self.difference += i128::from(d);
        self.range = Some(match self.range {
            None => (d, d),
            Some((lo, hi)) => (lo.min(d), hi.max(d)),
        });
    }

    fn report(&self, _games: u64) -> JassReport {
        let deals = self.deals;
        let mean = |sum: u64| rate(sum, deals);
        let teams = |counts: [u64; 2]| TeamCounts {
            deals: counts,
            rate: counts.map(|c| rate(c, deals)),
            either: counts[0] + counts[1],
            either_rate: rate(counts[0] + counts[1], deals),
        };
        JassReport {
            deals,
            contracts: Contract::ALL
                .iter()
                .zip(self.named.iter().zip(&self.after_push))
                .map(|(contract, (&named, &after_push))| ContractReport {
                    contract: contract.to_string(),
                    deals: named,
                    rate: rate(named, deals),
                    after_push,
                    after_push_share: rate(after_push, named),
                })
                .collect(),
            other_contracts: self.other,
            pushed: Pushed {
                deals: self.pushed,
                rate: rate(self.pushed, deals),
            },
            points: Points {
                multiplied_mean: self.scored.map(mean),
                card_points_mean: self.cards.map(mean),
                multiplier_mean: mean(self.multiplier),
            },
            weis: teams(self.weis),
            stoeck: teams(self.stoeck),
            matches: teams(self.matches),
            difference: DifferenceReport {
                mean: (deals > 0).then(|| self.difference as f64 / deals as f64),
                min: self.range.map(|(lo, _)| lo),
                max: self.range.map(|(_, hi)| hi),
                histogram: bucket_reports(&BUCKETS, &self.buckets, deals),
            },
        }
    }
}

/// The Jass part of `simulate`'s report (JSON fields `deals`, `contracts`,
/// `other_contracts`, `pushed`, `points`, `weis`, `stoeck`, `matches`, `difference`); team
/// arrays are `[seats 0 and 2, seats 1 and 3]`, rates shares of the finished deals.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JassReport {
    /// Deals that ended.
    pub deals: u64,
    /// Each contract, in the legal-action order.
    pub contracts: Vec<ContractReport>,
    /// Deals with a contract not listed (none until the contract variants land).
    pub other_contracts: u64,
    /// Deals where forehand pushed.
    pub pushed: Pushed,
    /// Mean points per deal.
    pub points: Points,
    /// Deals where a team scored Weis.
    pub weis: TeamCounts,
    /// Deals where a team scored Stöck.
    pub stoeck: TeamCounts,
    /// Deals where a team made a Match.
    pub matches: TeamCounts,
    /// The point difference (seats 0 and 2 minus seats 1 and 3, multiplied).
    pub difference: DifferenceReport,
}

/// How often one contract was played.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractReport {
    /// The contract (`trump:H`, `obenabe`, …).
    pub contract: String,
    /// Deals played in it.
    pub deals: u64,
    /// Their share of all deals.
    pub rate: f64,
    /// Of those, the deals where it was named after a push.
    pub after_push: u64,
    /// Their share of the deals played in it.
    pub after_push_share: f64,
}

/// Pushes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pushed {
    /// Deals where forehand pushed.
    pub deals: u64,
    /// Their share of all deals.
    pub rate: f64,
}

/// Mean points per deal, by team.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Points {
    /// Mean multiplied points.
    pub multiplied_mean: [f64; 2],
    /// Mean card points (before the multiplier).
    pub card_points_mean: [f64; 2],
    /// Mean multiplier.
    pub multiplier_mean: f64,
}

/// Deals where each team (and either) scored something.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamCounts {
    /// By team.
    pub deals: [u64; 2],
    /// By team, as shares of all deals.
    pub rate: [f64; 2],
    /// Either team.
    pub either: u64,
    /// Either team, as a share of all deals.
    pub either_rate: f64,
}

/// The point difference over the run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DifferenceReport {
    /// Mean (`null` without deals).
    pub mean: Option<f64>,
    /// Lowest.
    pub min: Option<i64>,
    /// Highest.
    pub max: Option<i64>,
    /// Deals by bucket.
    pub histogram: Vec<BucketReport>,
}

impl fmt::Display for JassReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<14}{:>8}  {:>12}  {:>12}  {:>12}",
            "Contract", "deals", "of all deals", "after a push", "of its deals"
        )?;
        for c in &self.contracts {
            writeln!(
                f,
                "  {:<12}{:>8}  {:>12}  {:>12}  {:>12}",
                c.contract,
                c.deals,
                Percent(c.rate),
                c.after_push,
                Percent(c.after_push_share)
            )?;
        }
        if self.other_contracts > 0 {
            writeln!(f, "  {:<12}{:>8}", "other", self.other_contracts)?;
        }
        writeln!(
            f,
            "Forehand pushed in {} ({} of all deals)",
            plural(self.pushed.deals, "deal", "deals"),
            Percent(self.pushed.rate)
        )?;
        writeln!(f)?;
        let p = &self.points;
        writeln!(
            f,
            "{:<26}{:>12}{:>12}",
            "Points per deal (mean)", "seats 0+2", "seats 1+3"
        )?;
        writeln!(
            f,
            "  {:<24}{:>12.2}{:>12.2}",
            "multiplied points", p.multiplied_mean[0], p.multiplied_mean[1]
        )?;
        writeln!(
            f,
            "  {:<24}{:>12.2}{:>12.2}",
            "card points", p.card_points_mean[0], p.card_points_mean[1]
        )?;
        writeln!(f, "  mean multiplier: {:.3}", p.multiplier_mean)?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<16}{:>18}{:>18}{:>18}",
            "Deals with", "seats 0+2", "seats 1+3", "either team"
        )?;
        for (label, counts) in [
            ("Weis scored", &self.weis),
            ("Stöck", &self.stoeck),
            ("a Match", &self.matches),
        ] {
            let cell = |count: u64, share: f64| format!("{count} ({})", Percent(share));
            writeln!(
                f,
                "  {label:<14}{:>18}{:>18}{:>18}",
                cell(counts.deals[0], counts.rate[0]),
                cell(counts.deals[1], counts.rate[1]),
                cell(counts.either, counts.either_rate)
            )?;
        }
        writeln!(f)?;
        let d = &self.difference;
        match (d.mean, d.min, d.max) {
            (Some(mean), Some(min), Some(max)) => {
                writeln!(
                    f,
                    "Point difference (seats 0+2 minus seats 1+3, multiplied) over {}: mean \
                     {mean:.2}, min {min}, max {max}",
                    plural(self.deals, "deal", "deals")
                )?;
                writeln!(
                    f,
                    "{:<14}{:>10}  {:>14}",
                    "  difference", "deals", "of all deals"
                )?;
                write_histogram(f, &d.histogram, 12, 14)?;
            }
            _ => writeln!(f, "Point difference: no deal ended")?,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::generic::{playout, trace};

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
            JassAdapter::start_events(&start, 4, Seed::from(seed), &mut events).unwrap();
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
        let e = JassAdapter::start_events(&start, 4, Seed::from(2), &mut events).unwrap_err();
        assert!(e.contains("deal"), "{e}");
        assert!(JassAdapter::start_events(&start, 3, Seed::from(1), &mut events).is_err());
        assert!(events.is_empty());
    }

    #[test]
    fn the_trace_ends_with_the_multiplied_points() {
        for seed in 0..30 {
            let t = trace::<JassAdapter>(4, seed).unwrap();
            let (state, actions) = playout::<SchieberDeal>(4, seed).unwrap();
            assert_eq!(t.events.len(), actions + 2);
            let outcome = state.outcome().unwrap();
            let scored: Vec<i64> = outcome.scored.iter().map(|&p| i64::from(p)).collect();
            assert_eq!(t.events.last(), Some(&Event::Score { score: scored }));
            assert_eq!(t.returns, state.settlement().to_vec());
            assert_eq!(JassAdapter::score(&state), Some(t.returns[0]));
        }
    }

    #[test]
    fn tally_counts_and_reports() {
        let mut tally = JassTally::new(4);
        for seed in 0..400 {
            let (state, _) = playout::<SchieberDeal>(4, seed).unwrap();
            tally.add(&JassAdapter::summarize(&state));
        }
        tally.add(&Summary {
            outcome: None,
            pushed: false,
        });
        assert_eq!(tally.deals, 400);
        assert_eq!(tally.named.iter().sum::<u64>(), 400);
        assert_eq!(tally.after_push.iter().sum::<u64>(), tally.pushed);
        assert_eq!(tally.cards[0] + tally.cards[1], 400 * 157);
        assert_eq!(tally.buckets.iter().sum::<u64>(), 400);
        let report = tally.report(401);
        let text = report.to_string();
        for needle in [
            "trump:C",
            "undenufe",
            "Forehand pushed in",
            "Weis scored",
            "Stöck",
        ] {
            assert!(text.contains(needle), "{needle} missing from\n{text}");
        }
        assert!(
            JassTally::new(4)
                .report(0)
                .to_string()
                .contains("Point difference: no deal ended")
        );
        assert_eq!(bucket_of(&BUCKETS, i64::MIN), 0);
        assert_eq!(bucket_of(&BUCKETS, -600), 0);
        assert_eq!(bucket_of(&BUCKETS, -599), 1);
        assert_eq!(bucket_of(&BUCKETS, 0), 4);
        assert_eq!(bucket_of(&BUCKETS, 600), 8);
        assert_eq!(bucket_of(&BUCKETS, i64::MAX), 8);
    }
}
