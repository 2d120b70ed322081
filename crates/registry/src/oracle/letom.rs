//! The Letom ops that need no `Game`: `letom.score` and `letom.settle`, on the `letom` crate's
//! scoring and settlement (`docs/oracle.md`, "Letom"), before the generic `playout` and
//! `trace`. (They answered as `ready` ops while the game itself was planned.)
//!
//! Every request is checked before the rules see it: card text (either case; answers use the
//! canonical text), no card twice anywhere, integers where counts and seats go — errors name
//! the field and the position (`captured[1][0]`, `ren[2]`). The range checks (seats, counts,
//! `last_ren`, `carry`) are the `letom` crate's own typed errors, which name fields the same way.

use cards_core::{Card as _, CardSet, DidoCard, PerSeat};
use letom::{Rules, SettleInput};
use serde::Serialize;
use serde_json::Number;

use super::Op;
use super::protocol::{Body, Fields, MAX_ECHO, OpName, OracleError, cut, fields};

/// The game's name in op names.
const GAME: &str = "letom";

/// Letom's own ops, in protocol order.
pub const OPS: &[Op] = &[
    Op {
        verb: "score",
        answer: score_op,
    },
    Op {
        verb: "settle",
        answer: settle_op,
    },
];

/// Where each card was seen first (`captured[i][j]` or `captured[j]`), so a repeat names both.
struct Seen([Option<String>; DidoCard::COUNT]);

impl Seen {
    fn new() -> Self {
        Seen(std::array::from_fn(|_| None))
    }

    /// Reads the card at `field` (its text `text`), refusing bad text and repeats.
    fn card(&mut self, op: OpName, field: String, text: &str) -> Result<DidoCard, OracleError> {
        let card = text
            .parse::<DidoCard>()
            .map_err(|e| OracleError::invalid(op, format!("{field}: {e}")))?;
        let slot = &mut self.0[usize::from(card.index())];
        if let Some(first) = slot {
            return Err(OracleError::invalid(
                op,
                format!("{field}: {card} is given twice (also {first})"),
            ));
        }
        *slot = Some(field);
        Ok(card)
    }
}

/// The fields of a `letom.score` request.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoreRequest {
    /// The captured cards' texts.
    captured: Vec<String>,
}

/// The answer to `letom.score`, fields in protocol order (after `ok`): each category's points
/// and their sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ScoreAnswer {
    /// The base points.
    pub points: u32,
    /// Godorie's points.
    pub godorie: u32,
    /// The Guã's points.
    pub guang: u32,
    /// Hõdan's points.
    pub hodan: u32,
    /// Codan's points.
    pub codan: u32,
    /// Cyñdan's points.
    pub cyndan: u32,
    /// Pie's points.
    pub pie: u32,
    /// Dan's points.
    pub dan: u32,
    /// Ÿnkt's points.
    pub ynkt: u32,
}

/// `letom.score`: the base points of a set of captured cards (no Ren, no multipliers).
///
/// # Errors
/// Unknown, missing or mistyped fields; bad card text; a card given twice.
pub fn score_op(rest: Fields) -> Result<Body, OracleError> {
    const OP: OpName = OpName::new(GAME, "score");
    let request: ScoreRequest = fields(OP, &rest)?;
    let mut seen = Seen::new();
    let mut captured = CardSet::<DidoCard>::EMPTY;
    for (i, text) in request.captured.iter().enumerate() {
        captured.insert(seen.card(OP, format!("captured[{i}]"), text)?);
    }
    let b = letom::score(captured);
    Body::new(
        OP,
        &ScoreAnswer {
            points: b.points,
            godorie: b.godorie,
            guang: b.guang,
            hodan: b.hodan,
            codan: b.codan,
            cyndan: b.cyndan,
            pie: b.pie,
            dan: b.dan,
            ynkt: b.ynkt,
        },
    )
}

/// Deserializes a field that may be `null` but must be present (serde would take a missing
/// `Option` as `None`).
fn required_nullable<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Number>, D::Error> {
    <Option<Number> as serde::Deserialize>::deserialize(d)
}

/// The fields of a `letom.settle` request. Numbers stay JSON numbers here so that a fraction,
/// or an integer beyond 64 bits, is refused with a message naming its field.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SettleRequest {
    /// Each seat's captured cards' texts.
    captured: Vec<Vec<String>>,
    /// The winning seat.
    winner: Number,
    /// Each seat's Ren calls.
    ren: Vec<Number>,
    /// The loser who called Ren most recently, or null.
    #[serde(deserialize_with = "required_nullable")]
    last_ren: Option<Number>,
    /// Each seat's shakes in force.
    shakes: Vec<Number>,
    /// Each seat's bombs in force.
    bombs: Vec<Number>,
    /// The nagari carry factor.
    carry: Number,
}

/// The answer to `letom.settle`, fields in protocol order (after `ok`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SettleAnswer {
    /// The winner's base points.
    pub base: u32,
    /// The winner's score.
    pub score: i64,
    /// What each seat owes after its own baks (0 for the winner).
    pub owed: PerSeat<i64>,
    /// What each seat actually pays (독박 included).
    pub pay: PerSeat<i64>,
    /// The zero-sum results.
    pub returns: PerSeat<i64>,
}

/// The number `n` of field `field` as an `i64`, or an error naming the field.
fn integer(op: OpName, field: &str, n: &Number) -> Result<i64, OracleError> {
    n.as_i64().ok_or_else(|| {
        OracleError::invalid(
            op,
            format!(
                "{field} must be an integer (64-bit), not {}",
                cut(&n.to_string(), MAX_ECHO)
            ),
        )
    })
}

/// A seat number: a non-negative integer, or an error naming `field` (the range check against
/// the table is the settlement's).
fn seat(op: OpName, field: &str, n: &Number, seats: usize) -> Result<usize, OracleError> {
    let value = integer(op, field, n)?;
    usize::try_from(value).map_err(|_| {
        OracleError::invalid(
            op,
            format!(
                "{field} is {value}, not a seat: the seats are 0 to {}",
                seats.saturating_sub(1)
            ),
        )
    })
}

/// The integers of the list `field`, errors naming the position.
fn integers(op: OpName, field: &str, list: &[Number]) -> Result<Vec<i64>, OracleError> {
    list.iter()
        .enumerate()
        .map(|(i, n)| integer(op, &format!("{field}[{i}]"), n))
        .collect()
}

/// `letom.settle`: settles a game won by Tom under the default rules (`letom::settle`).
///
/// # Errors
/// Unknown, missing or mistyped fields (`last_ren` is required, `null` allowed); bad card
/// text; a card given twice, within a pile or across piles; a number that is not a 64-bit
/// integer; and every refusal of [`letom::settle`] (seat count, list lengths, `winner` and
/// `last_ren` out of range, `last_ren` the winner or without Ren, a negative count, `carry`
/// below 1, an amount beyond 64 bits).
pub fn settle_op(rest: Fields) -> Result<Body, OracleError> {
    const OP: OpName = OpName::new(GAME, "settle");
    let request: SettleRequest = fields(OP, &rest)?;
    let mut seen = Seen::new();
    let mut captured = Vec::with_capacity(request.captured.len());
    for (i, pile) in request.captured.iter().enumerate() {
        let mut set = CardSet::<DidoCard>::EMPTY;
        for (j, text) in pile.iter().enumerate() {
            set.insert(seen.card(OP, format!("captured[{i}][{j}]"), text)?);
        }
        captured.push(set);
    }
    let seats = captured.len();
    let input = SettleInput {
        captured,
        winner: seat(OP, "winner", &request.winner, seats)?,
        ren: integers(OP, "ren", &request.ren)?,
        last_ren: request
            .last_ren
            .as_ref()
            .map(|n| seat(OP, "last_ren", n, seats))
            .transpose()?,
        shakes: integers(OP, "shakes", &request.shakes)?,
        bombs: integers(OP, "bombs", &request.bombs)?,
        carry: integer(OP, "carry", &request.carry)?,
    };
    let s = letom::settle(&input, &Rules::default())
        .map_err(|e| OracleError::invalid(OP, e.to_string()))?;
    Body::new(
        OP,
        &SettleAnswer {
            base: s.base.points,
            score: s.score,
            owed: s.owed,
            pay: s.pay,
            returns: s.returns,
        },
    )
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    /// The answer line to `line`, through the oracle, as JSON.
    fn answer(line: &str) -> Value {
        serde_json::from_str(&crate::oracle::handle(line.as_bytes()).to_line()).unwrap()
    }

    /// The error text of a refused `line`.
    fn refused(line: &str) -> String {
        let v = answer(line);
        assert_eq!(v["ok"], false, "{line}: {v}");
        v["error"].as_str().unwrap().to_owned()
    }

    #[test]
    fn score_answers_the_oracle_example_exactly() {
        let line =
            crate::oracle::handle(br#"{"op":"letom.score","captured":["P2","P4","P8","A0"]}"#)
                .to_line();
        assert_eq!(
            line,
            r#"{"ok":true,"points":5,"godorie":5,"guang":0,"hodan":0,"codan":0,"cyndan":0,"pie":0,"dan":0,"ynkt":0}"#
        );
        let v = answer(
            r#"{"op":"letom.score","captured":["g1","g2","g3","S8","A1","A2","A3","A4","A5","A6"]}"#,
        );
        assert_eq!(
            (v["points"].clone(), v["hodan"].clone(), v["pie"].clone()),
            (json!(4), json!(3), json!(1))
        );
        assert_eq!(answer(r#"{"op":"letom.score","captured":[]}"#)["points"], 0);
    }

    #[test]
    fn score_refusals_name_the_field() {
        for (line, needle) in [
            (
                r#"{"op":"letom.score","captured":["P2","p2"]}"#,
                "captured[1]: P2 is given twice (also captured[0])",
            ),
            (r#"{"op":"letom.score","captured":["P9"]}"#, "captured[0]:"),
            (
                r#"{"op":"letom.score","captured":["P2"],"x":1}"#,
                "unknown field `x`",
            ),
            (r#"{"op":"letom.score"}"#, "missing field `captured`"),
            (
                r#"{"op":"letom.score","captured":"P2"}"#,
                "bad letom.score request",
            ),
        ] {
            let e = refused(line);
            assert!(e.contains(needle), "{line}: {e}");
        }
    }

    const EXAMPLE: &str = r#"{"op":"letom.settle","captured":[["P2","P4","P8","A1","A2","A3","A4","A5","A6","A7","A8"],["S1","S2"],["G1"]],"winner":0,"ren":[2,0,1],"last_ren":2,"shakes":[1,0,0],"bombs":[0,0,0],"carry":1}"#;

    #[test]
    fn settle_answers_the_oracle_example_exactly() {
        assert_eq!(
            crate::oracle::handle(EXAMPLE.as_bytes()).to_line(),
            r#"{"ok":true,"base":6,"score":16,"owed":[0,32,16],"pay":[0,0,48],"returns":[48,0,-48]}"#
        );
        let v = answer(&EXAMPLE.replace(r#""last_ren":2"#, r#""last_ren":null"#));
        assert_eq!(v["pay"], json!([0, 32, 16]));
        assert_eq!(v["returns"], json!([48, -32, -16]));
    }

    #[test]
    fn settle_refusals_name_the_field() {
        let with = |from: &str, to: &str| {
            assert!(EXAMPLE.contains(from), "{from}");
            EXAMPLE.replace(from, to)
        };
        for (line, needle) in [
            (
                with(r#"["G1"]"#, r#"["A1"]"#),
                "captured[2][0]: A1 is given twice (also captured[0][3])",
            ),
            (
                with(r#"["S1","S2"]"#, r#"["S1","s1"]"#),
                "captured[1][1]: S1 is given twice (also captured[1][0])",
            ),
            (with(r#"["G1"]"#, r#"["G9"]"#), "captured[2][0]:"),
            (
                with(r#"["S1","S2"],["G1"]"#, r#"["S1","S2"]"#),
                "ren has 3 entries, but captured has 2 seats",
            ),
            (
                with(r#""bombs":[0,0,0]"#, r#""bombs":[0,0]"#),
                "bombs has 2 entries",
            ),
            (
                with(
                    r#""captured":[["P2""#,
                    r#""captured":[["P2"],["S3"],["S4"],["S5"],["S6""#,
                ),
                "captured must hold the cards of 2 to 4 seats, not 7",
            ),
            (
                with(r#""winner":0"#, r#""winner":3"#),
                "winner is 3, not a seat: the seats are 0 to 2",
            ),
            (
                with(r#""winner":0"#, r#""winner":-1"#),
                "winner is -1, not a seat",
            ),
            (
                with(r#""winner":0"#, r#""winner":0.5"#),
                "winner must be an integer",
            ),
            (
                with(r#""last_ren":2"#, r#""last_ren":5"#),
                "last_ren is 5, not a seat",
            ),
            (
                with(r#""last_ren":2"#, r#""last_ren":-2"#),
                "last_ren is -2, not a seat",
            ),
            (
                with(r#""last_ren":2"#, r#""last_ren":0"#),
                "last_ren is 0, the winner",
            ),
            (
                with(r#""last_ren":2"#, r#""last_ren":1"#),
                "ren[1] is 0: that seat called no Ren",
            ),
            (with(r#","last_ren":2"#, ""), "missing field `last_ren`"),
            (
                with(r#""ren":[2,0,1]"#, r#""ren":[2,-1,1]"#),
                "ren[1] is -1: a count cannot be negative",
            ),
            (
                with(r#""shakes":[1,0,0]"#, r#""shakes":[1,0,1.5]"#),
                "shakes[2] must be an integer",
            ),
            (
                with(
                    r#""shakes":[1,0,0]"#,
                    r#""shakes":[1,0,18446744073709551615]"#,
                ),
                "shakes[2] must be an integer",
            ),
            (
                with(r#""bombs":[0,0,0]"#, r#""bombs":[0,-3,0]"#),
                "bombs[1] is -3",
            ),
            (
                with(r#""carry":1"#, r#""carry":0"#),
                "carry is 0: the nagari carry factor is at least 1",
            ),
            (
                with(r#""carry":1"#, r#""carry":"1""#),
                "bad letom.settle request",
            ),
            (
                with(r#""shakes":[1,0,0]"#, r#""shakes":[70,0,0]"#),
                "does not fit a 64-bit integer",
            ),
            (
                with(r#""carry":1"#, r#""carry":1,"rules":{}"#),
                "unknown field `rules`",
            ),
        ] {
            let e = refused(&line);
            assert!(e.contains(needle), "{line}: {e}");
        }
    }
}

/// The oracle's traces of whole games, against the typed playouts.
#[cfg(test)]
mod traces {
    use crate::oracle::playout::{Returns, TraceEntry, playout, trace, trace_under};
    use cards_core::{DidoCard, Game, PlayerId};
    use letom::{BombMultiplier, Exhaustion, Letom, LetomMatch, Outcome, Rules};

    /// The decision entries of a trace: one per action played.
    fn decisions(events: &[TraceEntry]) -> usize {
        events
            .iter()
            .filter(|e| matches!(e, TraceEntry::Decision { .. }))
            .count()
    }

    /// Rebuilds a trace's game from its events alone: the deal event through
    /// [`Letom::from_deal`], then each decision (legal at its moment, listed in its `legal`, by
    /// the seat to act), a stock event replacing the stock, and the score event at the end;
    /// returns the final state.
    pub(super) fn replay(rules: &Rules, events: &[TraceEntry]) -> Letom {
        let Some(deal) = events.first().and_then(TraceEntry::deal) else {
            panic!("no deal first: {events:?}");
        };
        let deal: letom::Deal = serde_json::from_value(deal).unwrap();
        let mut state = Letom::from_deal(rules, &deal).unwrap();
        let mut legal = Vec::new();
        let mut scored = false;
        for event in &events[1..] {
            assert!(!scored, "an event after the score: {event:?}");
            match event {
                TraceEntry::Decision {
                    seat,
                    legal: listed,
                    action,
                } => {
                    assert_eq!(Some(PlayerId(*seat)), state.to_act());
                    state.legal_actions(&mut legal);
                    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
                    assert_eq!(&texts, listed);
                    assert!(listed.contains(action));
                    let before = state.clone();
                    state.play(action.parse().unwrap()).unwrap();
                    if action == "sell" && !rules.reshuffle_sold {
                        // The seller's hand under the stock, in its dealt order.
                        let seller = state.seller().unwrap().index();
                        let mut expected = before.stock();
                        expected.extend(&before.setup().hands[seller]);
                        assert_eq!(state.stock(), expected);
                    }
                }
                TraceEntry::Deal { .. } if event.deal().unwrap().get("hands").is_none() => {
                    assert!(rules.reshuffle_sold);
                    let deal = event.deal().unwrap();
                    let stock: Vec<DidoCard> =
                        serde_json::from_value(deal["stock"].clone()).unwrap();
                    let mut setup = state.setup();
                    setup.stock = stock;
                    state = Letom::from_setup(rules, setup).unwrap();
                }
                TraceEntry::Deal { deal } => panic!("a second deal: {deal:?}"),
                TraceEntry::Score { score } => {
                    assert!(state.is_terminal());
                    let base: Vec<i64> = PlayerId::all(state.num_players())
                        .map(|p| i64::from(state.base_points(p)))
                        .collect();
                    assert_eq!(score, &base);
                    scored = true;
                }
            }
        }
        assert!(scored && state.is_terminal());
        state
    }

    /// Every trace at 2–4 players replays from its events alone to the playout's final state
    /// and returns; deals that end at once have a deal and a score event only.
    #[test]
    fn traces_replay_from_their_events() {
        let mut at_once = 0;
        for players in 2..=4 {
            for seed in 0..150 {
                let t = trace::<Letom>(players, seed).unwrap();
                let (state, actions) = playout::<Letom>(players, seed).unwrap();
                assert_eq!(decisions(&t.events), actions);
                let end = replay(&Rules::default(), &t.events);
                assert_eq!(end, state, "{players} players, seed {seed}");
                assert_eq!(t.returns, Returns::of(&state));
                if actions == 0 {
                    at_once += 1;
                    assert_eq!(t.events.len(), 2, "{:?}", t.events);
                }
            }
        }
        assert!(at_once > 0, "no deal ended at the deal in 450");
    }

    /// Gwang-selling with and without the reshuffle: the trace shows the reshuffled stock
    /// after the sale, and replays to the same end either way.
    #[test]
    fn sales_replay_with_and_without_the_reshuffle() {
        for reshuffle_sold in [false, true] {
            let rules = Rules {
                gwang_selling: true,
                reshuffle_sold,
                ..Rules::default()
            };
            let mut sales = 0;
            for players in 3..=4 {
                for seed in 0..60 {
                    let (state, trace) = trace_under::<Letom>(&rules, players, seed).unwrap();
                    let events = trace.events;
                    let stocks = events
                        .iter()
                        .filter(|e| e.deal().is_some_and(|deal| deal.get("hands").is_none()))
                        .count();
                    let sold = state.seller().is_some();
                    sales += usize::from(sold);
                    assert_eq!(stocks, usize::from(sold && reshuffle_sold));
                    assert_eq!(replay(&rules, &events), state);
                }
            }
            assert!(sales > 110, "{sales}");
        }
    }

    /// The rules the tests play matches under: the defaults with more deals, a stake with
    /// gwang-selling and the reshuffle, a low carry cap with the highest score ending deals,
    /// and single-deal matches.
    fn rule_sets() -> [Rules; 4] {
        [
            Rules {
                deals: 12,
                ..Rules::default()
            },
            Rules {
                deals: 7,
                stake: 2,
                gwang_selling: true,
                reshuffle_sold: true,
                ..Rules::default()
            },
            Rules {
                deals: 25,
                carry_cap: 2,
                exhaustion: Exhaustion::HighestScore,
                bomb: BombMultiplier::Double,
                stake: 1,
                ..Rules::default()
            },
            Rules {
                deals: 1,
                ..Rules::default()
            },
        ]
    }

    /// The seeds 0.., then the first seeds from 1000 whose first deal under `rules` ends at the
    /// deal (a chongtong, four of a number on the floor), so that some match starts so.
    fn seeds(rules: &Rules, players: usize, count: u64) -> Vec<u64> {
        let at_once = (1000..)
            .filter(|&seed| {
                Letom::new(rules, players, cards_core::Seed::from(seed))
                    .unwrap()
                    .is_terminal()
            })
            .take(2);
        (0..count).chain(at_once).collect()
    }

    /// The trace of the random match (`rules`, `players`, `seed`), as `generic::trace` makes it
    /// under default rules: the final state and the events.
    fn traced(rules: &Rules, players: usize, seed: u64) -> (LetomMatch, Vec<TraceEntry>) {
        let (state, trace) = trace_under::<LetomMatch>(rules, players, seed).unwrap();
        (state, trace.events)
    }

    /// A trace cut into its deals: each from a deal event with its cards to its score event.
    fn deals_of(events: &[TraceEntry]) -> Vec<&[TraceEntry]> {
        let starts: Vec<usize> = events
            .iter()
            .enumerate()
            .filter(|(_, e)| e.deal().is_some_and(|deal| deal.get("hands").is_some()))
            .map(|(i, _)| i)
            .collect();
        assert_eq!(starts.first(), Some(&0), "{events:?}");
        starts
            .iter()
            .zip(starts.iter().skip(1).chain([&events.len()]))
            .map(|(&a, &b)| &events[a..b])
            .collect()
    }

    /// A whole match traces deal by deal: one deal event with the seeded cards and one score
    /// event per deal, each deal replaying from its own events alone (the one-deal trace's
    /// check) to the outcome the match booked; under default rules the first deal's events are
    /// the one-deal trace of the same seed; deals that end at the deal have their two events.
    #[test]
    fn a_whole_match_traces_deal_by_deal() {
        for players in 2..=4 {
            for seed in 0..8 {
                let t = trace::<LetomMatch>(players, seed).unwrap();
                let (state, actions) = playout::<LetomMatch>(players, seed).unwrap();
                assert_eq!(decisions(&t.events), actions);
                assert_eq!(t.returns, Returns::of(&state));
                let one = trace::<Letom>(players, seed).unwrap();
                assert_eq!(t.events[..one.events.len()], one.events[..], "seed {seed}");
            }
        }
        let mut at_once = [0; 2];
        for rules in rule_sets() {
            for players in 2..=4 {
                for seed in seeds(&rules, players, 25) {
                    let (state, events) = traced(&rules, players, seed);
                    let outcome = state.outcome().unwrap();
                    let deals = deals_of(&events);
                    assert_eq!(deals.len() as u32, rules.deals, "seed {seed}");
                    let mut wins = vec![0u32; players];
                    let mut nagaris = 0;
                    for (k, deal) in deals.iter().enumerate() {
                        let end = replay(&rules, deal);
                        match end.outcome().and_then(Outcome::winner) {
                            Some(w) => wins[w.index()] += 1,
                            None => nagaris += 1,
                        }
                        if deal.len() == 2 {
                            at_once[usize::from(k > 0)] += 1;
                        }
                    }
                    assert_eq!(wins, outcome.wins, "{rules:?} {players} {seed}");
                    assert_eq!(nagaris, outcome.nagaris);
                }
            }
        }
        // Deals that end at the deal, at a match's start and after an action.
        assert!(at_once.iter().all(|&n| n > 0), "{at_once:?}");
    }
}
