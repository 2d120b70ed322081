//! The Jass ops that need no `Game`: `jass.legal`, `jass.trick`, `jass.weis` and `jass.deal`,
//! on the `jass` crate's card-level core (`docs/oracle.md`, "Jass"): the Jass adapter's own
//! ops ([`OPS`]), before `jass.playout` and `jass.trace`.
//!
//! Every request is checked before the rules see it: card text (any spelling the spec accepts;
//! answers use the canonical one), counts, and that no card is given twice — errors name the
//! field and the position (`hand[2]`).

use cards_core::{CardSet, JassCard};
use jass::{Declaration, Mode, PlayRules, Rules, Scale, WeisRules};
use serde::Serialize;

use super::Op;
use super::protocol::{Body, Fields, OpName, OracleError, fields};

/// The game's name in op names.
const GAME: &str = "jass";

/// The Jass adapter's own ops, in protocol order.
pub const OPS: &[Op] = &[
    Op {
        verb: "legal",
        answer: legal_op,
    },
    Op {
        verb: "trick",
        answer: trick_op,
    },
    Op {
        verb: "weis",
        answer: weis_op,
    },
    Op {
        verb: "deal",
        answer: deal_op,
    },
];

/// The mode's text (`trump:D`, `obenabe`, …) as a [`Mode`].
fn mode(op: OpName, text: &str) -> Result<Mode, OracleError> {
    text.parse::<Mode>()
        .map_err(|e| OracleError::invalid(op, format!("mode: {e}")))
}

/// The cards of the list `field`, which must hold `min..=max` distinct cards (`what` says how
/// many, for the message); errors name the position.
fn cards(
    op: OpName,
    field: &str,
    texts: &[String],
    (min, max): (usize, usize),
    what: &str,
) -> Result<Vec<JassCard>, OracleError> {
    if !(min..=max).contains(&texts.len()) {
        return Err(OracleError::invalid(
            op,
            format!("{field} must hold {what}, not {}", texts.len()),
        ));
    }
    let mut cards: Vec<JassCard> = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let card = text
            .parse::<JassCard>()
            .map_err(|e| OracleError::invalid(op, format!("{field}[{i}]: {e}")))?;
        if let Some(j) = cards.iter().position(|&c| c == card) {
            return Err(OracleError::invalid(
                op,
                format!("{field}[{i}]: {card} is given twice (also {field}[{j}])"),
            ));
        }
        cards.push(card);
    }
    Ok(cards)
}

/// The fields of a `jass.legal` request.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct LegalRequest {
    /// The mode's text.
    mode: String,
    /// The player's hand: 1–9 distinct cards.
    hand: Vec<String>,
    /// The cards already in the trick, in play order: 0–3 (empty when leading).
    trick: Vec<String>,
}

/// The answer to `jass.legal`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LegalAnswer {
    /// The cards of the hand that may be played next (a set; written in card index order).
    pub legal: CardSet<JassCard>,
}

/// `jass.legal`: the cards of `hand` that may be played onto `trick` in `mode` under the
/// default rules (Buur exception on, undertrumping forbidden).
///
/// # Errors
/// Unknown, missing or mistyped fields; a bad mode; bad card text; a hand of other than 1–9
/// cards or a trick of more than 3; a card given twice in the hand or the trick, or in both.
pub fn legal_op(rest: Fields) -> Result<Body, OracleError> {
    const OP: OpName = OpName::new(GAME, "legal");
    let request: LegalRequest = fields(OP, &rest)?;
    let mode = mode(OP, &request.mode)?;
    let hand = cards(OP, "hand", &request.hand, (1, 9), "1 to 9 cards")?;
    let trick = cards(OP, "trick", &request.trick, (0, 3), "0 to 3 cards")?;
    for (i, card) in hand.iter().enumerate() {
        if let Some(j) = trick.iter().position(|c| c == card) {
            return Err(OracleError::invalid(
                OP,
                format!("hand[{i}]: {card} is in the trick too (trick[{j}])"),
            ));
        }
    }
    let hand: CardSet<JassCard> = hand.into_iter().collect();
    Body::new(
        OP,
        &LegalAnswer {
            legal: jass::legal_cards(hand, &trick, mode, &PlayRules::default()),
        },
    )
}

/// The fields of a `jass.trick` request.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TrickRequest {
    /// The mode's text.
    mode: String,
    /// The trick's four cards in play order.
    cards: Vec<String>,
    /// Whether it is the deal's last trick (5 more points); required.
    last: bool,
}

/// The answer to `jass.trick`, fields in protocol order (after `ok`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TrickAnswer {
    /// The index into `cards` of the winning card.
    pub winner: usize,
    /// The trick's card points in the mode, plus 5 when it is the last trick.
    pub points: u32,
}

/// `jass.trick`: who wins a trick of four cards and what it is worth.
///
/// # Errors
/// Unknown, missing or mistyped fields (`last` is required); a bad mode; bad card text; other
/// than four cards; a card given twice.
pub fn trick_op(rest: Fields) -> Result<Body, OracleError> {
    const OP: OpName = OpName::new(GAME, "trick");
    let request: TrickRequest = fields(OP, &rest)?;
    let mode = mode(OP, &request.mode)?;
    let cards = cards(OP, "cards", &request.cards, (4, 4), "exactly 4 cards")?;
    Body::new(
        OP,
        &TrickAnswer {
            winner: jass::trick_winner(&cards, mode),
            points: jass::trick_points(&cards, mode, request.last),
        },
    )
}

/// The fields of a `jass.weis` request.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct WeisRequest {
    /// The player's nine cards.
    hand: Vec<String>,
    /// The mode's text.
    mode: String,
    /// The value scale, `"big"` (default) or `"small"`.
    #[serde(default)]
    scale: Scale,
    /// Whether four 8s, 7s and 6s count (default false).
    #[serde(default)]
    four_low: bool,
    /// Whether a card may serve a four-of-a-kind and a run at once (default false).
    #[serde(default)]
    cross_weis: bool,
}

/// `jass.weis`: the player's counted Weis, their total and the best Weis. The answer's fields
/// are [`Declaration`]'s serde form: `total`, `weis`, `best`.
///
/// # Errors
/// Unknown, missing or mistyped fields (a scale other than `"big"` or `"small"`); a bad mode;
/// bad card text; other than nine cards; a card given twice.
pub fn weis_op(rest: Fields) -> Result<Body, OracleError> {
    const OP: OpName = OpName::new(GAME, "weis");
    let request: WeisRequest = fields(OP, &rest)?;
    let hand = cards(OP, "hand", &request.hand, (9, 9), "exactly 9 cards")?;
    let mode = mode(OP, &request.mode)?;
    let rules = WeisRules {
        scale: request.scale,
        four_low: request.four_low,
        cross_weis: request.cross_weis,
    };
    let declaration: Declaration = jass::declare(hand.into_iter().collect(), mode, &rules);
    Body::new(OP, &declaration)
}

/// The fields of a `jass.deal` request.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DealRequest {
    /// The mode's text.
    mode: String,
    /// The four hands as dealt, seat 0 (forehand) first: 9 distinct cards each.
    hands: Vec<Vec<String>>,
    /// All 36 cards in the order they were played.
    plays: Vec<String>,
    /// The Weis scale, `"big"` (default) or `"small"`.
    #[serde(default)]
    scale: Scale,
    /// Whether four 8s, 7s and 6s count (default false).
    #[serde(default)]
    four_low: bool,
    /// Whether a card may serve a four-of-a-kind and a run at once (default false).
    #[serde(default)]
    cross_weis: bool,
}

/// `jass.deal`: scores one complete Schieber deal (`jass::score_deal`): its tricks, card
/// points, Weis, Stöck, Match, totals, the multiplier of the seed's default table and the
/// multiplied points, per team.
///
/// # Errors
/// Unknown, missing or mistyped fields; a bad mode; bad card text; other than four hands of
/// nine distinct cards, or hands that are not the 36 cards; other than 36 distinct plays; and
/// the first play that is not in the hand to play or not legal, named by trick number (from 1)
/// and card.
pub fn deal_op(rest: Fields) -> Result<Body, OracleError> {
    const OP: OpName = OpName::new(GAME, "deal");
    let request: DealRequest = fields(OP, &rest)?;
    let mode = mode(OP, &request.mode)?;
    if request.hands.len() != 4 {
        return Err(OracleError::invalid(
            OP,
            format!("hands must hold 4 hands, not {}", request.hands.len()),
        ));
    }
    let mut hands = [CardSet::<JassCard>::EMPTY; 4];
    for (seat, texts) in request.hands.iter().enumerate() {
        let field = format!("hands[{seat}]");
        hands[seat] = cards(OP, &field, texts, (9, 9), "exactly 9 cards")?
            .into_iter()
            .collect();
    }
    let plays = cards(OP, "plays", &request.plays, (36, 36), "exactly 36 cards")?;
    let rules = Rules {
        weis: WeisRules {
            scale: request.scale,
            four_low: request.four_low,
            cross_weis: request.cross_weis,
        },
        ..Rules::default()
    };
    let score = jass::score_deal(&hands, &plays, mode, &rules)
        .map_err(|e| OracleError::invalid(OP, e.to_string()))?;
    Body::new(OP, &score)
}

#[cfg(test)]
mod tests {
    use super::*;

    use proptest::prelude::*;
    use serde_json::{Value, json};

    use crate::oracle::handle;

    /// The answer line to a request line.
    fn line(request: &str) -> String {
        handle(request.as_bytes()).to_line()
    }

    /// The error of a refused request (panics on success).
    fn refusal(request: &str) -> String {
        let answer = line(request);
        let v: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(v["ok"], false, "{request} -> {answer}");
        assert_eq!(v.as_object().unwrap().len(), 2, "{answer}");
        v["error"].as_str().unwrap().to_owned()
    }

    /// `docs/oracle.md`'s examples, byte for byte.
    #[test]
    fn the_protocols_examples() {
        assert_eq!(
            line(
                r#"{"op":"jass.legal","mode":"trump:D","hand":["AD","9D","6D","TS"],"trick":["6C","JD","TD"]}"#
            ),
            r#"{"ok":true,"legal":["TS"]}"#
        );
        assert_eq!(
            line(
                r#"{"op":"jass.trick","mode":"obenabe","cards":["6H","AH","KS","8H"],"last":false}"#
            ),
            r#"{"ok":true,"winner":1,"points":23}"#
        );
        assert_eq!(
            line(
                r#"{"op":"jass.trick","mode":"obenabe","cards":["6H","AH","KS","8H"],"last":true}"#
            ),
            r#"{"ok":true,"winner":1,"points":28}"#
        );
        // Four Jacks and the run 6H–9H, disjoint: both count; the Jacks are the best Weis.
        let four_jacks = r#"{"kind":"four","cards":["JC","JD","JH","JS"],"points":200}"#;
        assert_eq!(
            line(
                r#"{"op":"jass.weis","hand":["6H","7H","8H","9H","JC","JD","JS","JH","AS"],"mode":"trump:H","scale":"big","four_low":false,"cross_weis":false}"#
            ),
            format!(
                r#"{{"ok":true,"total":250,"weis":[{four_jacks},{{"kind":"sequence","cards":["6H","7H","8H","9H"],"points":50}}],"best":{four_jacks}}}"#
            )
        );
        // The options may be omitted; no Weis: an empty list and a null best.
        assert_eq!(
            line(
                r#"{"op":"jass.weis","hand":["6C","8C","TC","QC","AD","7H","9H","JS","KS"],"mode":"obenabe"}"#
            ),
            r#"{"ok":true,"total":0,"weis":[],"best":null}"#
        );
    }

    #[test]
    fn legal_cards_by_case() {
        let legal = |mode: &str, hand: &str, trick: &str| {
            let text = line(&format!(
                r#"{{"op":"jass.legal","mode":"{mode}","hand":{hand},"trick":{trick}}}"#
            ));
            let v: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v["ok"], true, "{text}");
            v["legal"].clone()
        };
        // Leading: the whole hand, in index order, canonical spelling.
        assert_eq!(
            legal("undenufe", r#"["ah","10c","UD"]"#, "[]"),
            json!(["TC", "JD", "AH"])
        );
        // Follow suit in Obenabe.
        assert_eq!(
            legal("obenabe", r#"["AH","6H","KS"]"#, r#"["9H"]"#),
            json!(["6H", "AH"])
        );
        // Trump led, only the Buur: anything (Buur exception on by default).
        assert_eq!(
            legal("trump:S", r#"["JS","6H","KD"]"#, r#"["AS"]"#),
            json!(["KD", "6H", "JS"])
        );
    }

    #[test]
    fn refusals_name_the_problem() {
        let legal = |hand: &str, trick: &str| {
            refusal(&format!(
                r#"{{"op":"jass.legal","mode":"trump:D","hand":{hand},"trick":{trick}}}"#
            ))
        };
        let e = legal(r#"["AD","9D","XD"]"#, "[]");
        assert!(
            e.starts_with("bad jass.legal request: hand[2]: \"XD\""),
            "{e}"
        );
        let e = legal(r#"["AD"]"#, r#"["6C","ZZ"]"#);
        assert!(e.contains("trick[1]: \"ZZ\" is not a Jass card"), "{e}");
        let e = legal(r#"["AD","9D","ad"]"#, "[]");
        assert!(
            e.ends_with("hand[2]: AD is given twice (also hand[0])"),
            "{e}"
        );
        let e = legal(r#"["AD"]"#, r#"["6C","6C"]"#);
        assert!(
            e.ends_with("trick[1]: 6C is given twice (also trick[0])"),
            "{e}"
        );
        let e = legal(r#"["AD","9D"]"#, r#"["6C","9D"]"#);
        assert!(
            e.ends_with("hand[1]: 9D is in the trick too (trick[1])"),
            "{e}"
        );
        let e = legal("[]", "[]");
        assert!(e.ends_with("hand must hold 1 to 9 cards, not 0"), "{e}");
        let ten = r#"["6C","7C","8C","9C","TC","JC","QC","KC","AC","6D"]"#;
        assert!(legal(ten, "[]").ends_with("not 10"));
        let e = legal(r#"["AD"]"#, r#"["6C","7C","8C","9C"]"#);
        assert!(e.ends_with("trick must hold 0 to 3 cards, not 4"), "{e}");
        let e = legal("[1]", "[]");
        assert!(e.contains("invalid type"), "{e}");
        let e = legal(r#""AD""#, "[]");
        assert!(e.contains("invalid type"), "{e}");
        let e = refusal(r#"{"op":"jass.legal","mode":"trump:D","hand":["AD"]}"#);
        assert!(e.contains("missing field `trick`"), "{e}");
        let e =
            refusal(r#"{"op":"jass.legal","mode":"trump:D","hand":["AD"],"trick":[],"rules":{}}"#);
        assert!(e.contains("unknown field `rules`"), "{e}");
        for mode in [
            "trump:X",
            "Obenabe",
            "trump:DD",
            "trump",
            "",
            "slalom:obenabe",
        ] {
            let e = refusal(&format!(
                r#"{{"op":"jass.legal","mode":"{mode}","hand":["AD"],"trick":[]}}"#
            ));
            assert!(
                e.contains("mode: ") && e.contains("is not a Jass mode"),
                "{e}"
            );
        }
        let e = refusal(r#"{"op":"jass.legal","mode":4,"hand":["AD"],"trick":[]}"#);
        assert!(e.contains("invalid type"), "{e}");

        let trick = |cards: &str, last: &str| {
            refusal(&format!(
                r#"{{"op":"jass.trick","mode":"obenabe","cards":{cards}{last}}}"#
            ))
        };
        let e = trick(r#"["6H","AH","KS"]"#, r#","last":false"#);
        assert!(e.ends_with("cards must hold exactly 4 cards, not 3"), "{e}");
        let e = trick(r#"["6H","AH","KS","8H","9H"]"#, r#","last":false"#);
        assert!(e.ends_with("not 5"), "{e}");
        let e = trick(r#"["6H","AH","KS","6h"]"#, r#","last":false"#);
        assert!(
            e.ends_with("cards[3]: 6H is given twice (also cards[0])"),
            "{e}"
        );
        let e = trick(r#"["6H","AH","KS","1H"]"#, r#","last":false"#);
        assert!(e.contains("cards[3]: \"1H\""), "{e}");
        let e = trick(r#"["6H","AH","KS","8H"]"#, "");
        assert!(e.contains("missing field `last`"), "{e}");
        let e = trick(r#"["6H","AH","KS","8H"]"#, r#","last":1"#);
        assert!(e.contains("invalid type"), "{e}");
        let e = trick(r#"["6H","AH","KS","8H"]"#, r#","last":"false""#);
        assert!(e.contains("invalid type"), "{e}");
        let e = trick(r#"["6H","AH","KS","8H"]"#, r#","last":false,"first":0"#);
        assert!(e.contains("unknown field `first`"), "{e}");

        let nine = r#"["6H","7H","8H","9H","JC","JD","JS","JH","AS"]"#;
        let weis = |hand: &str, more: &str| {
            refusal(&format!(
                r#"{{"op":"jass.weis","hand":{hand},"mode":"trump:H"{more}}}"#
            ))
        };
        let e = weis(r#"["6H","7H","8H","9H","JC","JD","JS","JH"]"#, "");
        assert!(e.ends_with("hand must hold exactly 9 cards, not 8"), "{e}");
        let e = weis(r#"["6H","7H","8H","9H","JC","JD","JS","JH","6H"]"#, "");
        assert!(
            e.ends_with("hand[8]: 6H is given twice (also hand[0])"),
            "{e}"
        );
        let e = weis(r#"["6H","7H","8H","9H","JC","JD","JS","JH","AX"]"#, "");
        assert!(e.contains("hand[8]: \"AX\""), "{e}");
        let e = weis(nine, r#","scale":"huge""#);
        assert!(e.contains("unknown variant `huge`"), "{e}");
        let e = weis(nine, r#","scale":"Big""#);
        assert!(e.contains("unknown variant `Big`"), "{e}");
        let e = weis(nine, r#","scale":null"#);
        assert!(e.contains("invalid type"), "{e}");
        let e = weis(nine, r#","four_low":"yes""#);
        assert!(e.contains("invalid type"), "{e}");
        let e = weis(nine, r#","cross_weis":0"#);
        assert!(e.contains("invalid type"), "{e}");
        let e = weis(nine, r#","stoeck":true"#);
        assert!(e.contains("unknown field `stoeck`"), "{e}");
        let e = refusal(&format!(r#"{{"op":"jass.weis","hand":{nine}}}"#));
        assert!(e.contains("missing field `mode`"), "{e}");
        let e = refusal(&format!(
            r#"{{"op":"jass.weis","hand":{nine},"mode":"trump:H","mode":"obenabe"}}"#
        ));
        assert!(e.contains("\"mode\" is given twice"), "{e}");
    }

    #[test]
    fn weis_options_change_the_answer() {
        // Four 8s count only with four_low.
        let hand = r#"["8C","8D","8H","8S","6C","TD","QH","AS","7D"]"#;
        let total = |more: &str| {
            let text = line(&format!(
                r#"{{"op":"jass.weis","hand":{hand},"mode":"trump:C"{more}}}"#
            ));
            serde_json::from_str::<Value>(&text).unwrap()["total"].clone()
        };
        assert_eq!(total(""), json!(0));
        assert_eq!(total(r#","four_low":true"#), json!(100));
        // A 7-card run: 200 on the big scale, 100 on the small one.
        let run = r#"["6S","7S","8S","9S","TS","JS","QS","AC","AD"]"#;
        let scaled = |scale: &str| {
            let text = line(&format!(
                r#"{{"op":"jass.weis","hand":{run},"mode":"obenabe","scale":"{scale}"}}"#
            ));
            serde_json::from_str::<Value>(&text).unwrap()["total"].clone()
        };
        assert_eq!(scaled("big"), json!(200));
        assert_eq!(scaled("small"), json!(100));
    }

    /// Cards as a JSON array of their canonical text.
    fn texts(cards: &[JassCard]) -> Value {
        Value::from(cards.iter().map(ToString::to_string).collect::<Vec<_>>())
    }

    /// A shuffled deck: a strategy of all 36 cards in random order.
    fn deck() -> impl Strategy<Value = Vec<JassCard>> {
        Just(JassCard::ALL.to_vec()).prop_shuffle()
    }

    proptest! {
        /// `jass.legal` answers exactly `jass::legal_cards` under the default rules.
        #[test]
        fn legal_is_the_crates(
            deck in deck(),
            hand_len in 1usize..=9,
            trick_len in 0usize..=3,
            mode in 0usize..6,
        ) {
            let mode = Mode::ALL[mode];
            let hand = &deck[..hand_len];
            let trick = &deck[hand_len..hand_len + trick_len];
            let request = json!({
                "op": "jass.legal",
                "mode": mode.to_string(),
                "hand": texts(hand),
                "trick": texts(trick),
            });
            let answer: Value = serde_json::from_str(&line(&request.to_string())).unwrap();
            prop_assert_eq!(&answer["ok"], &json!(true));
            let expected = jass::legal_cards(
                hand.iter().copied().collect(),
                trick,
                mode,
                &PlayRules::default(),
            );
            let got: CardSet<JassCard> = serde_json::from_value(answer["legal"].clone()).unwrap();
            prop_assert_eq!(got, expected);
            prop_assert_eq!(&answer["legal"], &serde_json::to_value(expected).unwrap());
        }

        /// `jass.trick` answers `jass::trick_winner` and `jass::trick_points`.
        #[test]
        fn trick_is_the_crates(deck in deck(), mode in 0usize..6, last in any::<bool>()) {
            let mode = Mode::ALL[mode];
            let cards = &deck[..4];
            let request = json!({
                "op": "jass.trick", "mode": mode.to_string(), "cards": texts(cards), "last": last,
            });
            let answer = line(&request.to_string());
            let expected = format!(
                r#"{{"ok":true,"winner":{},"points":{}}}"#,
                jass::trick_winner(cards, mode),
                jass::trick_points(cards, mode, last)
            );
            prop_assert_eq!(answer, expected);
        }

        /// `jass.weis`: `total` is the sum of the listed points, `best` one of the listed Weis
        /// (null exactly when none), and the whole answer is `jass::declare`'s.
        #[test]
        fn weis_is_consistent(
            deck in deck(),
            mode in 0usize..6,
            small in any::<bool>(),
            four_low in any::<bool>(),
            cross_weis in any::<bool>(),
        ) {
            let mode = Mode::ALL[mode];
            let hand = &deck[..9];
            let scale = if small { Scale::Small } else { Scale::Big };
            let request = json!({
                "op": "jass.weis", "hand": texts(hand), "mode": mode.to_string(),
                "scale": scale, "four_low": four_low, "cross_weis": cross_weis,
            });
            let answer: Value = serde_json::from_str(&line(&request.to_string())).unwrap();
            prop_assert_eq!(&answer["ok"], &json!(true));
            let weis = answer["weis"].as_array().unwrap();
            let sum: u64 = weis.iter().map(|w| w["points"].as_u64().unwrap()).sum();
            prop_assert_eq!(answer["total"].as_u64(), Some(sum));
            if weis.is_empty() {
                prop_assert_eq!(&answer["best"], &Value::Null);
            } else {
                prop_assert!(weis.contains(&answer["best"]), "{}", answer);
            }
            let rules = WeisRules { scale, four_low, cross_weis };
            let declared = jass::declare(hand.iter().copied().collect(), mode, &rules);
            let mut expected = serde_json::to_value(declared).unwrap();
            expected.as_object_mut().unwrap().insert("ok".to_owned(), json!(true));
            prop_assert_eq!(answer, expected);
        }
    }
    /// A seeded deal with random legal plays (seat 0 leads), for `jass.deal` requests.
    fn random_deal(seed: u64, mode: Mode) -> ([CardSet<JassCard>; 4], Vec<JassCard>) {
        use cards_core::{GameRng, Seed, shuffled_deck};
        let deck = shuffled_deck::<JassCard>(Seed::from(seed));
        let hands: [CardSet<JassCard>; 4] =
            core::array::from_fn(|s| deck[9 * s..9 * s + 9].iter().copied().collect());
        let mut rng = GameRng::new(Seed::from(seed), 5);
        let (mut held, mut plays, mut leader) = (hands, Vec::new(), 0);
        for _ in 0..9 {
            let mut trick = Vec::new();
            for i in 0..4 {
                let seat = (leader + i) % 4;
                let legal: Vec<JassCard> =
                    jass::legal_cards(held[seat], &trick, mode, &PlayRules::default())
                        .iter()
                        .collect();
                let card = legal[rng.below(legal.len() as u64) as usize];
                held[seat].remove(card);
                trick.push(card);
            }
            leader = (leader + jass::trick_winner(&trick, mode)) % 4;
            plays.extend(trick);
        }
        (hands, plays)
    }

    fn deal_request(mode: Mode, hands: &[CardSet<JassCard>; 4], plays: &[JassCard]) -> String {
        let hands: Vec<Value> = hands
            .iter()
            .map(|h| texts(&h.iter().collect::<Vec<_>>()))
            .collect();
        json!({"op": "jass.deal", "mode": mode.to_string(), "hands": hands, "plays": texts(plays)})
            .to_string()
    }

    #[test]
    fn deal_answers_the_library_score_in_protocol_order() {
        for seed in 0..60 {
            let mode = Mode::ALL[seed as usize % 6];
            let (hands, plays) = random_deal(seed, mode);
            let answer = line(&deal_request(mode, &hands, &plays));
            let score = jass::score_deal(&hands, &plays, mode, &Rules::default()).unwrap();
            let mut expected = serde_json::to_value(score).unwrap();
            expected["ok"] = json!(true);
            assert_eq!(serde_json::from_str::<Value>(&answer).unwrap(), expected);
            let order = [
                "\"ok\"",
                "\"tricks\"",
                "\"card_points\"",
                "\"weis\"",
                "\"stoeck\"",
                "\"match\"",
                "\"total\"",
                "\"multiplier\"",
                "\"scored\"",
            ];
            let at: Vec<usize> = order.iter().map(|k| answer.find(k).unwrap()).collect();
            assert!(at.windows(2).all(|w| w[0] < w[1]), "{answer}");
            assert!(answer.starts_with(r#"{"ok":true,"tricks":[{"leader":0,"cards":["#));
        }
    }

    #[test]
    fn deal_refusals_name_the_trick_and_the_card() {
        let mode = Mode::Trump(cards_core::JassSuit::Hearts);
        let (hands, mut plays) = random_deal(3, mode);
        plays.swap(0, 1); // seat 0 plays seat 1's card
        let e = refusal(&deal_request(mode, &hands, &plays));
        assert!(
            e.contains("trick 1: ") && e.contains("not in the hand of seat 0"),
            "{e}"
        );
        let (hands, plays) = random_deal(4, mode);
        let e = refusal(&deal_request(mode, &hands, &plays[..35]));
        assert!(
            e.contains("plays must hold exactly 36 cards, not 35"),
            "{e}"
        );
        let mut twice = hands;
        twice[1] = twice[1]
            .without(twice[1].first().unwrap())
            .with(hands[0].first().unwrap());
        let e = refusal(&deal_request(mode, &twice, &plays));
        assert!(e.contains("each of the 36 cards once"), "{e}");
        let e = refusal(
            r#"{"op":"jass.deal","mode":"trump:H","hands":[[],[],[],[]],"plays":[],"x":1}"#,
        );
        assert!(e.contains("unknown field"), "{e}");
    }
}

/// The oracle's traces of whole games, against the typed playouts.
#[cfg(test)]
mod traces {
    use crate::oracle::playout::{Returns, TraceEntry, playout, trace};
    use cards_core::Game;
    use jass::{Coiffeur, Differenzler, Schieber, SchieberDeal};

    /// The score entries of a trace, in order.
    fn scores(events: &[TraceEntry]) -> Vec<&Vec<i64>> {
        events
            .iter()
            .filter_map(|e| match e {
                TraceEntry::Score { score } => Some(score),
                _ => None,
            })
            .collect()
    }

    /// A whole game's trace: a deal event at every deal (each one the seeded deal of the
    /// game), a score event at the end of every deal; the scores add up to the final totals;
    /// the first deal is the one-deal game's.
    #[test]
    fn a_whole_game_traces_deal_by_deal() {
        for seed in 0..6 {
            let t = trace::<Schieber>(4, seed).unwrap();
            let (state, actions) = playout::<Schieber>(4, seed).unwrap();
            let deals = t
                .events
                .iter()
                .filter(|e| matches!(e, TraceEntry::Deal { .. }))
                .count();
            let scores = scores(&t.events);
            let outcome = state.outcome().unwrap();
            assert_eq!(deals as u32, outcome.deals);
            assert_eq!(scores.len() as u32, outcome.deals);
            assert_eq!(t.events.len(), actions + 2 * deals);
            for team in 0..2 {
                let sum: i64 = scores.iter().map(|s| s[team]).sum();
                assert_eq!(sum, i64::from(outcome.totals[team]), "seed {seed}");
            }
            let one = trace::<SchieberDeal>(4, seed).unwrap();
            assert_eq!(t.events[0], one.events[0]);
            // The first deal's forehand deals the second, then the deal passes one seat; from
            // the second deal on forehand is the seat after the dealer.
            let dealt: Vec<serde_json::Value> =
                t.events.iter().filter_map(TraceEntry::deal).collect();
            let seat = |v: &serde_json::Value| v.as_u64().unwrap();
            for (k, deal) in dealt.iter().enumerate().skip(1) {
                let expected = if k == 1 {
                    seat(&dealt[0]["forehand"])
                } else {
                    (seat(&dealt[k - 1]["dealer"]) + 1) % 4
                };
                assert_eq!(seat(&deal["dealer"]), expected, "seed {seed}, deal {k}");
                assert_eq!(seat(&deal["forehand"]), (seat(&deal["dealer"]) + 1) % 4);
                let cards: usize = (deal["hands"].as_array().unwrap().iter())
                    .map(|h| h.as_array().unwrap().len())
                    .sum();
                assert_eq!(cards, 36);
            }
        }
    }

    /// A Coiffeur trace: a deal event at every deal, a score event after each (the declaring
    /// side's points, 0 for the others) adding up to the final totals.
    #[test]
    fn a_coiffeur_game_traces_deal_by_deal() {
        for seed in 0..3 {
            let t = trace::<Coiffeur>(4, seed).unwrap();
            let (state, actions) = playout::<Coiffeur>(4, seed).unwrap();
            let scores = scores(&t.events);
            assert_eq!(scores.len(), 16);
            assert_eq!(t.events.len(), actions + 32);
            for s in &scores {
                assert_eq!(s.len(), 2);
                assert!(s.iter().filter(|&&p| p != 0).count() <= 1);
            }
            let outcome = state.outcome().unwrap();
            for side in 0..2 {
                let sum: i64 = scores.iter().map(|s| s[side]).sum();
                assert_eq!(sum, i64::from(outcome.totals[side]));
            }
            assert_eq!(t.returns, Returns::of(&state));
        }
    }

    /// A Differenzler trace: a deal event (with the shown card, the dealer's last) at every
    /// deal and a score event after each, whose card points total 157.
    #[test]
    fn a_differenzler_game_traces_deal_by_deal() {
        for players in [3, 4] {
            for seed in 0..5 {
                let t = trace::<Differenzler>(players, seed).unwrap();
                let (state, actions) = playout::<Differenzler>(players, seed).unwrap();
                let deals: Vec<serde_json::Value> =
                    t.events.iter().filter_map(TraceEntry::deal).collect();
                let scores = scores(&t.events);
                assert_eq!(deals.len(), 16);
                assert_eq!(scores.len(), 16);
                assert_eq!(t.events.len(), actions + 32);
                for d in &deals {
                    let hands = d["hands"].as_array().unwrap();
                    assert_eq!(hands.len(), players);
                    let dealer = d["dealer"].as_u64().unwrap() as usize;
                    assert_eq!(
                        &d["shown"],
                        hands[dealer].as_array().unwrap().last().unwrap()
                    );
                    assert_eq!(
                        d["forehand"].as_u64().unwrap() as usize,
                        (dealer + 1) % players
                    );
                }
                for s in &scores {
                    assert_eq!(s.iter().sum::<i64>(), 157);
                }
                assert_eq!(t.returns, Returns::of(&state));
            }
        }
    }
}
