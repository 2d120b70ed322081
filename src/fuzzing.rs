//! Invariant checks driven by arbitrary bytes: the bodies of the cargo-fuzz targets in `fuzz/`.
//!
//! Each public function takes any byte string, drives one part of the libraries with it and
//! **panics** as soon as an invariant fails — the signal a fuzzer looks for. On every input that
//! breaks nothing it returns normally. The fuzz targets (`fuzz/fuzz_targets/*.rs`, nightly) are
//! one-line wrappers around these functions, and the stable test `tests/fuzz_corpus.rs` replays
//! the committed corpus through them, so every input a fuzzer kept stays a regression test.
//! `docs/fuzzing.md` says how to run them and what each one checks.
//!
//! Not part of the public API: hidden from the docs, free to change in any release.

use cards_core::{
    Card, CardSet, DidoCard, GameRng, JassCard, PlayerId, Seed, Shape, ShapeMap, StdCard,
};
use zaagox::{
    Action, AvaRule, Exhaustion, FirstPlayer, NegativeScores, Outcome, Phase, Rules, Score,
    ScoreError, Scorer, View, Zaagox, reference,
};

/// A set of Didopoikas cards.
type Hand = CardSet<DidoCard>;

/// Most whitespace-separated tokens of one input parsed one by one in [`parse_cards`].
const MAX_TOKENS: usize = 64;
/// Most 4- and 5-card windows of one input scored in [`zaagox_score`].
const MAX_WINDOWS: usize = 64;
/// Most steps one input drives in [`zaagox_game`] (two or three bytes each).
const MAX_GAME_STEPS: usize = 600;
/// [`zaagox_game`] runs the expensive checks (serde, views, sampled worlds) every this many steps.
const DEEP_CHECK_EVERY: usize = 16;
/// Most moves played on from a deserialized state in [`zaagox_state_json`].
const MAX_CONTINUATION: usize = 48;

// ---- open findings -----------------------------------------------------------------------------
//
// None at present. While a bug found here is open in another crate, a fuzz build may skip the
// inputs that reproduce it, so the fuzzer keeps looking for new bugs: guard that one check with
// `cfg!(fuzzing)` (cargo-fuzz builds with `--cfg fuzzing`; allow `unexpected_cfgs` on the item)
// and name the finding. The stable replay test stays strict. See docs/fuzzing.md.

// ---- input helpers ----------------------------------------------------------------------------

/// Reads an input front to back; past its end it yields nothing (or zeros where a value is needed).
struct Bytes<'a> {
    rest: &'a [u8],
}

impl<'a> Bytes<'a> {
    fn new(data: &'a [u8]) -> Self {
        Bytes { rest: data }
    }

    /// The next byte, or `None` at the end.
    fn next(&mut self) -> Option<u8> {
        let (&first, rest) = self.rest.split_first()?;
        self.rest = rest;
        Some(first)
    }

    /// The next byte, or 0 at the end.
    fn byte(&mut self) -> u8 {
        self.next().unwrap_or(0)
    }

    /// The next eight bytes as a little-endian integer, zero-padded at the end.
    fn u64(&mut self) -> u64 {
        let mut bytes = [0u8; 8];
        for b in &mut bytes {
            *b = self.byte();
        }
        u64::from_le_bytes(bytes)
    }
}

/// FNV-1a: a fixed, dependency-free hash, used to derive seeds from whole inputs.
fn fnv1a(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A valid shape map with the blanks Quotos and the numbered cards' shapes taken from `bits`
/// (custom counts allowed), so scoring is also checked away from the default map.
fn shape_map_from(bits: u64) -> ShapeMap {
    let mut shapes = [Shape::Quotos; 36];
    for card in DidoCard::ALL {
        if !card.is_zero() {
            let i = u32::from(card.index());
            shapes[card.index() as usize] = Shape::ALL[(bits.rotate_right(i) % 3) as usize];
        }
    }
    ShapeMap::new(shapes, true).expect("blanks are Quotos and numbered cards are not")
}

// ---- 1. card text -----------------------------------------------------------------------------

/// Card notation and card-set JSON on arbitrary input.
///
/// The input, read as (lossy) UTF-8 text, and each of its first whitespace-separated tokens are
/// parsed as a [`DidoCard`], a [`JassCard`] and a [`StdCard`]:
/// - on success, `Display` is canonical (the input in the notation's canonical spelling: upper
///   case, `T` for `10`, `J`/`Q` for the Jass aliases `U`/`O`) and parses back to the same card;
/// - on failure, the error names the deck and echoes exactly the input's first 32 characters,
///   and displays without panicking.
///
/// The same text is also parsed as a Zaägox [`Action`] and a [`Seed`] (round trip and canonical
/// form on success, echoed text on failure), and the raw bytes are deserialized from JSON as each
/// card type and as a [`CardSet`] of each deck, which must never panic and, on success, must
/// serialize back to the same value.
///
/// # Panics
/// When any of these properties fails.
pub fn parse_cards(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let tokens: Vec<&str> = text.split_whitespace().take(MAX_TOKENS).collect();
    for candidate in core::iter::once(&*text).chain(tokens.iter().copied()) {
        check_card_text::<DidoCard>(candidate, canonical_dido);
        check_card_text::<JassCard>(candidate, canonical_jass);
        check_card_text::<StdCard>(candidate, canonical_std);
    }
    check_action_text(&text);
    check_seed_text(&text);
    check_card_json::<DidoCard>(data);
    check_card_json::<JassCard>(data);
    check_card_json::<StdCard>(data);
}

/// The canonical spelling of a Didopoikas card's text: upper case.
fn canonical_dido(text: &str) -> String {
    text.to_ascii_uppercase()
}

/// The canonical spelling of a standard card's text: upper case, `T` for a leading `10`.
fn canonical_std(text: &str) -> String {
    let upper = text.to_ascii_uppercase();
    match upper.strip_prefix("10") {
        Some(suit) => format!("T{suit}"),
        None => upper,
    }
}

/// The canonical spelling of a Jass card's text: as [`canonical_std`], and `J`/`Q` for the
/// German-Swiss rank letters `U` (Under) and `O` (Ober).
fn canonical_jass(text: &str) -> String {
    let text = canonical_std(text);
    if let Some(suit) = text.strip_prefix('U') {
        format!("J{suit}")
    } else if let Some(suit) = text.strip_prefix('O') {
        format!("Q{suit}")
    } else {
        text
    }
}

/// Parses `text` as a card of deck `C` and checks the result (see [`parse_cards`]).
fn check_card_text<C: Card>(text: &str, canonical: fn(&str) -> String) {
    match text.parse::<C>() {
        Ok(card) => {
            let shown = card.to_string();
            assert_eq!(
                shown,
                canonical(text),
                "{} card {text:?} displays as {shown:?}, not in canonical spelling",
                C::DECK_NAME
            );
            assert_eq!(
                canonical(&shown),
                shown,
                "{} display {shown:?} is not canonical",
                C::DECK_NAME
            );
            assert_eq!(
                shown.parse::<C>(),
                Ok(card),
                "{} card {text:?}: its display {shown:?} does not parse back",
                C::DECK_NAME
            );
            assert!(
                card.index() < C::DECK_SIZE,
                "{card:?} has an index past the deck"
            );
            assert_eq!(C::from_index(card.index()), Some(card));
            assert_eq!(C::all()[card.index() as usize], card);
        }
        Err(e) => {
            let echoed: String = text.chars().take(32).collect();
            assert_eq!(
                e.text,
                echoed,
                "a {} parse error must echo the input's first 32 characters",
                C::DECK_NAME
            );
            assert_eq!(e.deck, C::DECK_NAME);
            assert!(!e.reason.is_empty(), "a parse error gives a reason");
            assert!(!e.to_string().is_empty());
        }
    }
}

/// Parses `text` as a Zaägox action: a round trip through the text and the index on success,
/// the first 64 characters echoed on failure.
fn check_action_text(text: &str) {
    match text.parse::<Action>() {
        Ok(action) => {
            let shown = action.to_string();
            assert_eq!(
                shown.parse::<Action>().as_ref(),
                Ok(&action),
                "action {text:?} displays as {shown:?}, which does not parse back"
            );
            // Keywords are matched exactly (lower case, and none is a card); cards in any case.
            let canonical_words: Vec<String> = text
                .split_whitespace()
                .map(|w| match w.parse::<DidoCard>() {
                    Ok(_) => canonical_dido(w),
                    Err(_) => w.to_owned(),
                })
                .collect();
            assert_eq!(
                shown,
                canonical_words.join(" "),
                "action {text:?} displays as {shown:?}, not in canonical spelling"
            );
            assert!(action.index() < Action::COUNT);
            assert_eq!(Action::from_index(action.index()), Some(action));
        }
        Err(e) => {
            let echoed: String = text.chars().take(64).collect();
            assert_eq!(e.text, echoed, "an action parse error echoes 64 characters");
            assert!(!e.to_string().is_empty());
        }
    }
}

/// Parses `text` as a seed: 64 hex digits, displayed in lower case, round-tripping.
fn check_seed_text(text: &str) {
    match text.parse::<Seed>() {
        Ok(seed) => {
            let shown = seed.to_string();
            assert!(
                text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()),
                "seed text {text:?} is accepted but is not 64 hex digits"
            );
            assert_eq!(
                shown,
                text.to_ascii_lowercase(),
                "seed {text:?} displays as {shown}"
            );
            assert_eq!(shown.parse::<Seed>(), Ok(seed));
        }
        Err(e) => {
            let echoed: String = text.chars().take(80).collect();
            assert_eq!(e.text, echoed, "a seed parse error echoes 80 characters");
            assert!(!e.to_string().is_empty());
        }
    }
}

/// Deserializes `data` as JSON for a card and a card set of deck `C`; whatever succeeds must
/// serialize to JSON that reads back as the same value.
fn check_card_json<C: Card>(data: &[u8]) {
    if let Ok(card) = serde_json::from_slice::<C>(data) {
        let json = serde_json::to_string(&card).expect("a card serializes");
        assert_eq!(json, format!("\"{card}\""), "a card serializes as its text");
        assert_eq!(serde_json::from_str::<C>(&json).ok(), Some(card));
    }
    if let Ok(set) = serde_json::from_slice::<CardSet<C>>(data) {
        assert!(
            set.is_subset(CardSet::full()),
            "a deserialized {} set holds bits outside the deck",
            C::DECK_NAME
        );
        let json = serde_json::to_string(&set).expect("a card set serializes");
        let listed: Vec<String> = set.iter().map(|c| format!("\"{c}\"")).collect();
        assert_eq!(
            json,
            format!("[{}]", listed.join(",")),
            "sets list cards in index order"
        );
        assert_eq!(serde_json::from_str::<CardSet<C>>(&json).ok(), Some(set));
        assert_eq!(set.iter().count(), set.len());
    }
}

// ---- 2. scoring -------------------------------------------------------------------------------

/// Zaägox scoring: the fast path against the plain reference, on arbitrary card lists.
///
/// Each byte `b` names the card with index `b % 40`; the indices 36–39 name no card and are
/// skipped. The whole list (any length, repeats allowed) and its first 4- and 5-card windows are
/// scored with [`zaagox::score`] and [`zaagox::reference::score`] under the default map, which
/// must agree exactly (the same [`Score`] or the same [`ScoreError`]); [`zaagox::score_set`] on
/// the distinct cards must agree with the reference on them, and with the slice score whenever
/// no card repeats. A [`Scorer`] for a shape map derived from the input must agree with the
/// reference under that map. Every score lies within the spec's bounds.
///
/// # Panics
/// When any of these properties fails.
pub fn zaagox_score(data: &[u8]) {
    let cards: Vec<DidoCard> = data
        .iter()
        .filter_map(|&b| DidoCard::from_index(b % 40))
        .collect();
    let custom = shape_map_from(fnv1a(data));
    let custom_scorer = Scorer::new(&custom);
    check_score(&cards, &custom, &custom_scorer);
    for len in [4, 5] {
        for window in cards.windows(len).take(MAX_WINDOWS) {
            check_score(window, &custom, &custom_scorer);
        }
    }
}

/// Checks the scoring functions on one list of cards (see [`zaagox_score`]).
fn check_score(cards: &[DidoCard], custom: &ShapeMap, custom_scorer: &Scorer) {
    let default = ShapeMap::default();
    let fast = zaagox::score(cards);
    let slow = reference::score(cards, &default);
    assert_eq!(
        fast, slow,
        "score and reference::score disagree on {cards:?}"
    );

    // What the error must be, worked out independently.
    let first_repeat = cards
        .iter()
        .enumerate()
        .find(|&(i, c)| cards[..i].contains(c))
        .map(|(_, &c)| c);
    match (&fast, cards.len(), first_repeat) {
        (Err(ScoreError::WrongCount { got }), n, _) if n != 4 && n != 5 => assert_eq!(*got, n),
        (Err(ScoreError::Duplicate { card }), 4 | 5, Some(first)) => assert_eq!(*card, first),
        (Ok(score), n @ (4 | 5), None) => check_score_value(score, n),
        (result, n, repeat) => {
            panic!("{cards:?} ({n} cards, first repeat {repeat:?}) scores as {result:?}")
        }
    }

    let set: Hand = cards.iter().copied().collect();
    let distinct: Vec<DidoCard> = set.iter().collect();
    let fast_set = zaagox::score_set(set);
    assert_eq!(
        fast_set,
        reference::score(&distinct, &default),
        "score_set and reference::score disagree on {set}"
    );
    if first_repeat.is_none() {
        assert_eq!(fast_set, fast, "score_set and score disagree on {cards:?}");
    }

    assert_eq!(
        custom_scorer.score(cards),
        reference::score(cards, custom),
        "Scorer::score and reference::score disagree on {cards:?} under {custom:?}"
    );
    let custom_set = custom_scorer.score_set(set);
    assert_eq!(
        custom_set,
        reference::score(&distinct, custom),
        "Scorer::score_set and reference::score disagree on {set} under {custom:?}"
    );
    if let Ok(score) = custom_set {
        check_score_value(&score, distinct.len());
    }
}

/// Bounds every score obeys, under any shape map: −4 to 144 for four cards, −4 to 4096 for five;
/// kind counts that the cards can have; five kinds only with five cards.
fn check_score_value(score: &Score, cards: usize) {
    let max = if cards == 4 { 144 } else { 4096 };
    assert!(
        (-4..=max).contains(&score.points),
        "{score:?} is out of bounds for {cards} cards"
    );
    assert_eq!(usize::from(score.cards), cards);
    assert!((1..=4).contains(&score.shape_kinds), "{score:?}");
    assert!(
        score.colour_kinds <= 5 && score.number_kinds <= 5,
        "{score:?}"
    );
    if cards == 4 {
        assert!(
            score.colour_kinds <= 4 && score.number_kinds <= 4,
            "{score:?}"
        );
    }
    assert!(!score.strong || score.number_kinds >= 4, "{score:?}");
}

// ---- 3. a game driven by bytes ----------------------------------------------------------------

/// A Zaägox game driven by bytes, checked after every step.
///
/// The first bytes choose the table: byte 0 the player count (2–4), the Ava rule, how negative
/// scores settle, the first player and whether a custom shape map is used; byte 1 a small turn
/// limit (1–40) or the default; the next eight bytes the seed. Then each step reads an opcode
/// and an argument byte (and sometimes more):
/// - opcodes 0–3 play the legal action `arg % n` of the `n` listed by `legal_actions`, which must
///   apply, by `apply` and `play` alike;
/// - opcode 4 tries any action index below [`Action::COUNT`], opcode 5 a plausible action built
///   from the cards on the table: it must apply exactly when `legal_actions` lists it, and when
///   refused it returns an error and leaves the state as it was;
/// - opcode 6 is a real-time [`Zaagox::claim_da`] by any seat (also seats not at the table) with
///   one of its cards or any card, opcode 7 a real-time [`Zaagox::close_da`]; each must succeed
///   exactly when the rules allow it.
///
/// After each step: the census holds each of the 36 cards once; no seat stores more than four
/// cards without Ava (nor more than five); the settlement has one entry per seat and sums to 0
/// (all 0 while the game goes on; the spec's amounts once someone won); a won outcome's score is
/// the reference score of the winner's stored cards; the phase, `to_act`, the outcome and the
/// legal actions agree; legal actions are distinct and round-trip through their index and text.
/// Every few steps (one seat's view at a time) and at the end (every seat's): the state
/// round-trips through JSON, and the view round-trips through JSON and [`View::sample_world`] gives a valid world that shows the
/// same view (with the same legal actions when that seat is to act).
///
/// # Panics
/// When any of these properties fails.
pub fn zaagox_game(data: &[u8]) {
    let mut input = Bytes::new(data);
    let flags = input.byte();
    let players = 2 + usize::from(flags % 3);
    let limit = input.byte();
    let seed_bits = input.u64();
    let rules = Rules {
        ava: if flags & 0x04 == 0 {
            AvaRule::Continue
        } else {
            AvaRule::Immediate
        },
        negative_scores: if flags & 0x08 == 0 {
            NegativeScores::Pay
        } else {
            NegativeScores::AsZero
        },
        first_player: if flags & 0x10 == 0 {
            FirstPlayer::FromSeed
        } else {
            FirstPlayer::Seat(PlayerId((flags >> 5) % players as u8))
        },
        turn_limit: if limit < 0x80 {
            1 + u32::from(limit % 40)
        } else {
            Rules::DEFAULT_TURN_LIMIT
        },
        shapes: if flags & 0x80 == 0 {
            ShapeMap::default()
        } else {
            shape_map_from(seed_bits.rotate_left(17))
        },
    };
    let seed = Seed::from(seed_bits);
    let mut game = Zaagox::new(&rules, players, seed).expect("valid rules and tables are accepted");
    let mut legal = Vec::new();
    let mut rng = GameRng::new(seed, 2);
    check_state(&game, &mut legal);

    let mut steps = 0;
    while steps < MAX_GAME_STEPS && game.to_act().is_some() {
        let Some(op) = input.next() else { break };
        let arg = input.byte();
        game = match op % 8 {
            0..=3 => play_legal(&game, &legal, usize::from(arg)),
            4 => {
                let high = input.byte();
                let index = usize::from(u16::from_le_bytes([arg, high])) % Action::COUNT;
                let action = Action::from_index(index).expect("indices below COUNT are actions");
                assert_eq!(action.index(), index, "{action} does not keep its index");
                try_action(&game, &legal, action)
            }
            5 => {
                let action = plausible_action(&game, arg, input.byte(), input.byte());
                try_action(&game, &legal, action)
            }
            6 => try_claim(&game, arg, input.byte()),
            _ => try_close(&game),
        };
        check_state(&game, &mut legal);
        steps += 1;
        if steps % DEEP_CHECK_EVERY == 0 {
            // One seat's view each time, in turn; every seat's at the end.
            let seat = (steps / DEEP_CHECK_EVERY) % game.players();
            check_deep(&game, Some(PlayerId(seat as u8)), &mut rng);
        }
    }
    check_deep(&game, None, &mut rng);
}

/// Plays the legal action `pick % n` (`legal` is the current list); it must apply.
fn play_legal(game: &Zaagox, legal: &[Action], pick: usize) -> Zaagox {
    let action = legal[pick % legal.len()];
    let next = game
        .apply(action)
        .unwrap_or_else(|e| panic!("legal action {action} refused: {e}\n{game:?}"));
    let mut in_place = game.clone();
    in_place.play(action).expect("play agrees with apply");
    assert_eq!(in_place, next, "play and apply disagree on {action}");
    check_transition(game, action, &next);
    next
}

/// What each applied action must have done, beyond the state invariants.
fn check_transition(before: &Zaagox, action: Action, after: &Zaagox) {
    let seat = before
        .to_act()
        .expect("an action was applied, so someone was to act");
    let over = after.to_act().is_none();
    let has_pair = |a: DidoCard, b: DidoCard| {
        after
            .pairs()
            .iter()
            .any(|p| p.owner() == seat && p.cards().contains(&a) && p.cards().contains(&b))
    };
    match action {
        Action::Discard(card) | Action::Age { card, .. } => {
            assert!(
                !after.hand(seat).contains(card),
                "{action} left {card} in the hand"
            );
        }
        Action::Pair(a, b) => assert!(has_pair(a, b), "{action} made no pair"),
        Action::Da(card) => {
            let discard = before.discard().expect("a Da claim needs a discard");
            assert!(
                has_pair(card, discard),
                "{action} made no pair with {discard}"
            );
        }
        Action::Pass => {}
        Action::Store(card) => {
            assert!(
                after.stored(seat).contains(card),
                "{action} did not store {card}"
            );
        }
        Action::End => assert!(
            matches!(after.outcome(), Some(Outcome::Won { winner, .. }) if winner == seat),
            "{action} by seat {seat} did not make it win"
        ),
        Action::Ava => assert!(
            over || after.ava_declared(seat),
            "ava by seat {seat} left it without a declared Ava"
        ),
    }
}

/// Tries any action: it applies exactly when listed as legal, and a refusal changes nothing.
fn try_action(game: &Zaagox, legal: &[Action], action: Action) -> Zaagox {
    let listed = legal.contains(&action);
    let mut in_place = game.clone();
    let played = in_place.play(action);
    match game.apply(action) {
        Ok(next) => {
            assert!(
                listed,
                "{action} applies but is not listed as legal\n{game:?}"
            );
            assert_eq!(played, Ok(()), "play and apply disagree on {action}");
            assert_eq!(in_place, next, "play and apply disagree on {action}");
            check_transition(game, action, &next);
            next
        }
        Err(e) => {
            assert!(!listed, "listed action {action} refused: {e}\n{game:?}");
            assert_eq!(
                played,
                Err(e.clone()),
                "play and apply disagree on {action}"
            );
            assert_eq!(
                &in_place, game,
                "a refused {action} ({e}) changed the state"
            );
            assert!(!e.to_string().is_empty());
            game.clone()
        }
    }
}

/// An action built from cards on the table, so that near-misses (another seat's card, another
/// seat's pair, the wrong number) are tried far more often than by uniform indices.
fn plausible_action(game: &Zaagox, kind: u8, a: u8, b: u8) -> Action {
    let seat = game.to_act().unwrap_or_default();
    let hand = game.hand(seat);
    let pick = |set: Hand, byte: u8| -> DidoCard {
        if set.is_empty() || byte & 0x80 != 0 {
            DidoCard::ALL[usize::from(byte) % 36]
        } else {
            set.iter()
                .nth(usize::from(byte) % set.len())
                .expect("index below the length")
        }
    };
    let pair_card = |byte: u8| -> DidoCard {
        let pairs = game.pairs();
        if pairs.is_empty() || byte & 0x80 != 0 {
            DidoCard::ALL[usize::from(byte) % 36]
        } else {
            pairs[usize::from(byte) % pairs.len()].cards()[usize::from(byte >> 6) & 1]
        }
    };
    let other_seat = PlayerId(b % 4);
    match kind % 8 {
        0 => Action::Discard(pick(hand, a)),
        1 => Action::Discard(pick(game.hand(other_seat), a)),
        2 => Action::Pair(pick(hand, a), pick(hand, b)),
        3 => Action::Age {
            card: pick(hand, a),
            onto: pair_card(b),
        },
        4 => Action::Da(pick(hand, a)),
        5 => Action::Store(pair_card(a)),
        6 => Action::Pass,
        _ => {
            if a & 1 == 0 {
                Action::End
            } else {
                Action::Ava
            }
        }
    }
}

/// A real-time Da claim by seat `who % 5` (seat 4 is never at the table): it succeeds exactly
/// when the seat is at the table, is not the discarder and holds the card, whose number matches
/// the open discard; a refusal changes nothing.
fn try_claim(game: &Zaagox, who: u8, card_byte: u8) -> Zaagox {
    let seat = PlayerId(who % 5);
    let hand = game.hand(seat);
    let card = if hand.is_empty() || card_byte & 0x80 != 0 {
        DidoCard::ALL[usize::from(card_byte) % 36]
    } else {
        hand.iter()
            .nth(usize::from(card_byte) % hand.len())
            .expect("index below the length")
    };
    let allowed = match (game.phase(), game.discard()) {
        (Phase::Da { discarder, .. }, Some(discard)) => {
            seat.index() < game.players()
                && seat != discarder
                && hand.contains(card)
                && card.number() == discard.number()
        }
        _ => false,
    };
    let eligible: Vec<PlayerId> = game.da_eligible().collect();
    if allowed {
        assert!(
            eligible.contains(&seat),
            "seat {seat} may claim but is not listed as eligible"
        );
    }
    match game.claim_da(seat, card) {
        Ok(next) => {
            assert!(
                allowed,
                "seat {seat} claimed with {card} against the rules\n{game:?}"
            );
            let discard = game.discard().expect("a claim needs a discard");
            assert_eq!(next.discard(), None, "a claimed discard leaves the table");
            assert!(
                !next.hand(seat).contains(card),
                "the claiming card leaves the hand"
            );
            assert!(
                next.pairs()
                    .iter()
                    .any(|p| p.owner() == seat && p.cards().contains(&card))
                    || next.stored(seat).contains(card)
                    || next.stored(seat).contains(discard),
                "the claim made no pair of {discard} and {card} for seat {seat}"
            );
            match next.phase() {
                Phase::Act { seat: s } => assert_eq!(s, seat.next(game.players())),
                Phase::Store { seat: s, .. } => assert_eq!(s, seat),
                Phase::Over => {}
                other => panic!("after a Da claim the phase is {other:?}"),
            }
            next
        }
        Err(e) => {
            assert!(
                !allowed,
                "seat {seat}'s claim with {card} refused: {e}\n{game:?}"
            );
            assert!(!e.to_string().is_empty());
            game.clone()
        }
    }
}

/// A real-time close of the Da window: it succeeds exactly when the window is open, and the seat
/// after the discarder plays next.
fn try_close(game: &Zaagox) -> Zaagox {
    match (game.phase(), game.close_da()) {
        (Phase::Da { discarder, .. }, Ok(next)) => {
            match next.phase() {
                Phase::Act { seat } => {
                    assert_eq!(seat, discarder.next(game.players()));
                    assert_eq!(
                        next.discard(),
                        None,
                        "a closed window's discard goes to the pile"
                    );
                }
                // The turn limit ends the game before the next turn starts; the discard stays.
                Phase::Over => {}
                other => panic!("after closing the Da window the phase is {other:?}"),
            }
            next
        }
        (Phase::Da { .. }, Err(e)) => panic!("closing an open Da window refused: {e}"),
        (phase, Ok(_)) => panic!("close_da succeeded in phase {phase:?}"),
        (_, Err(_)) => game.clone(),
    }
}

/// The cheap invariants of a state, checked after every step; leaves the legal actions in
/// `legal`.
fn check_state(game: &Zaagox, legal: &mut Vec<Action>) {
    let census = game.census();
    assert_eq!(
        census.count, 36,
        "the zones hold {} cards\n{game:?}",
        census.count
    );
    assert_eq!(
        census.cards,
        Hand::full().bits(),
        "some card is missing\n{game:?}"
    );

    let players = game.players();
    assert!((2..=4).contains(&players));
    for seat in (0..4).map(PlayerId) {
        let stored = game.stored(seat).len();
        if seat.index() >= players {
            assert!(
                game.hand(seat).is_empty() && stored == 0,
                "seat {seat} is not at the table"
            );
            continue;
        }
        assert!(
            stored <= 4 || (stored == 5 && game.ava_declared(seat)),
            "seat {seat} stores {stored} cards (Ava: {})\n{game:?}",
            game.ava_declared(seat)
        );
    }
    assert!(
        game.turns() <= game.rules().turn_limit,
        "turns past the limit"
    );

    game.legal_actions(legal);
    let over = game.phase() == Phase::Over;
    assert_eq!(
        game.to_act().is_none(),
        over,
        "to_act disagrees with the phase"
    );
    assert_eq!(
        game.outcome().is_some(),
        over,
        "the outcome disagrees with the phase"
    );
    assert_eq!(
        legal.is_empty(),
        over,
        "legal actions disagree with the phase\n{game:?}"
    );
    for (i, &action) in legal.iter().enumerate() {
        assert!(!legal[..i].contains(&action), "{action} is listed twice");
        assert_eq!(Action::from_index(action.index()), Some(action));
        assert_eq!(action.to_string().parse::<Action>(), Ok(action));
    }
    match game.phase() {
        Phase::Da { .. } => assert!(game.discard().is_some(), "a Da window without a discard"),
        Phase::Act { .. } => assert_eq!(game.discard(), None, "a discard outside the Da window"),
        Phase::Store { seat, next, .. } | Phase::Decide { seat, next } => {
            assert_eq!(game.discard(), None, "a discard outside the Da window");
            // A completed pair or a fourth stored card never changes whose turn comes next.
            assert_eq!(
                next,
                seat.next(players),
                "after seat {seat}'s store or decision, seat {next} is to play next"
            );
        }
        Phase::Over => {}
    }

    if let Some(misfit) = outcome_misfit(game) {
        panic!("{misfit}\n{game:?}");
    }

    let settlement = game.settlement();
    assert_eq!(settlement.len(), players);
    assert_eq!(
        settlement.iter().sum::<i64>(),
        0,
        "settlement {settlement:?} is not zero-sum"
    );
    match game.outcome() {
        None | Some(Outcome::Exhausted { .. }) => {
            assert!(
                settlement.iter().all(|&r| r == 0),
                "{settlement:?} without a winner"
            );
        }
        Some(Outcome::Won {
            winner,
            score,
            ava_failed,
        }) => check_win(game, winner, score, ava_failed, &settlement),
    }
}

/// What is wrong with the way the game ended, if anything: the turn limit ends a game only when
/// reached, an empty pile only when empty, and only a turn-limit ending can leave a discard out
/// (the other endings come from moves made without one, or after it went back to the pile).
fn outcome_misfit(game: &Zaagox) -> Option<&'static str> {
    match game.outcome() {
        Some(Outcome::Exhausted {
            cause: Exhaustion::TurnLimit,
        }) if game.turns() != game.rules().turn_limit => {
            Some("the turn limit ended the game before it was reached")
        }
        Some(Outcome::Exhausted {
            cause: Exhaustion::PileEmpty,
        }) if game.pile_len() != 0 => Some("an empty pile ended the game but holds cards"),
        Some(Outcome::Exhausted {
            cause: Exhaustion::PileEmpty,
        })
        | Some(Outcome::Won { .. })
            if game.discard().is_some() =>
        {
            Some("a discard lies out after a win or after the pile ran out")
        }
        _ => None,
    }
}

/// Whether the Ava declarations are numbered 1, 2, … in order, as play numbers them.
fn ava_positions_consecutive(ava_order: &[u8]) -> bool {
    let mut positions: Vec<u8> = ava_order.iter().copied().filter(|&o| o != 0).collect();
    positions.sort_unstable();
    positions
        .iter()
        .enumerate()
        .all(|(i, &o)| usize::from(o) == i + 1)
}

/// A won game: the score is the reference score of the winner's stored cards and the
/// settlement pays it as the spec says.
fn check_win(
    game: &Zaagox,
    winner: PlayerId,
    score: Score,
    ava_failed: Option<PlayerId>,
    settlement: &[i64],
) {
    let stored: Vec<DidoCard> = game.stored(winner).iter().collect();
    assert!(
        stored.len() == 4 || (stored.len() == 5 && game.ava_declared(winner)),
        "winner {winner} stores {} cards",
        stored.len()
    );
    assert_eq!(
        Ok(score),
        reference::score(&stored, &game.rules().shapes),
        "the winning score is not the reference score"
    );
    let points = match game.rules().negative_scores {
        NegativeScores::Pay => score.points,
        NegativeScores::AsZero => score.points.max(0),
    };
    let losers = game.players() as i64 - 1;
    let mut expected = vec![0; game.players()];
    expected[winner.index()] = points * losers;
    match ava_failed {
        Some(payer) => {
            assert_ne!(payer, winner);
            assert!(
                game.ava_declared(payer),
                "{payer} pays for an Ava it did not declare"
            );
            expected[payer.index()] = -points * losers;
        }
        None => {
            for (seat, e) in expected.iter_mut().enumerate() {
                if seat != winner.index() {
                    *e = -points;
                }
            }
        }
    }
    assert_eq!(settlement, expected, "the settlement is not the spec's");
}

/// The expensive invariants: serde round trips of the state and of the views of `seats` (all
/// seats when `None`), and sampled worlds that show the same views.
fn check_deep(game: &Zaagox, seats: Option<PlayerId>, rng: &mut GameRng) {
    let json = serde_json::to_string(game).expect("a state serializes");
    let back: Zaagox = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("a reachable state does not deserialize: {e}\n{json}"));
    assert_eq!(&back, game, "the JSON round trip changed the state");

    let ava_order = game.view(PlayerId(0)).ava_order;
    assert!(
        ava_positions_consecutive(&ava_order),
        "Ava positions {ava_order:?} are not 1, 2, … in order of declaration"
    );

    let mut legal = Vec::new();
    let mut world_legal = Vec::new();
    game.legal_actions(&mut legal);
    let all = (0..game.players()).map(|s| PlayerId(s as u8));
    for seat in all.filter(|&s| seats.is_none_or(|only| only == s)) {
        let view = game.view(seat);
        for pair in &view.pairs {
            assert_eq!(
                pair.ageing.is_some(),
                pair.owner == seat,
                "ageing shown to the wrong seat"
            );
        }
        let json = serde_json::to_string(&view).expect("a view serializes");
        let back: View = serde_json::from_str(&json)
            .unwrap_or_else(|e| panic!("a view does not deserialize: {e}\n{json}"));
        assert_eq!(back, view, "the view's JSON round trip changed it");
        let world = view
            .sample_world(rng)
            .unwrap_or_else(|e| panic!("a real game's view cannot be sampled: {e}\n{json}"));
        assert_eq!(
            world.view(seat),
            view,
            "the sampled world shows seat {seat} another view"
        );
        check_state(&world, &mut world_legal);
        if game.to_act() == Some(seat) {
            assert_eq!(
                world_legal, legal,
                "the sampled world offers {seat} other moves"
            );
        }
    }
    if game.to_act().is_none() {
        check_finished(game);
    }
}

/// A finished game refuses everything.
fn check_finished(game: &Zaagox) {
    for action in [Action::Pass, Action::End, Action::Discard(DidoCard::ALL[0])] {
        assert!(
            game.apply(action).is_err(),
            "{action} applies to a finished game"
        );
    }
    assert!(game.close_da().is_err(), "close_da on a finished game");
    for seat in (0..4).map(PlayerId) {
        for card in game.hand(seat) {
            assert!(
                game.claim_da(seat, card).is_err(),
                "claim_da on a finished game"
            );
        }
    }
}

// ---- 4. states from JSON ----------------------------------------------------------------------

/// Zaägox states, views and rules from arbitrary JSON.
///
/// Deserializing the bytes as a [`Zaagox`], a [`View`] or a [`Rules`] must never panic. A state
/// that deserializes is valid: it passes every check of [`zaagox_game`] (census, stored cards,
/// settlement, phase, serde and views), each of its legal actions applies and leads to a state
/// that passes them too, and a few dozen moves played on from it keep passing them. A view that
/// deserializes round-trips through JSON, and when [`View::sample_world`] accepts it, the world
/// is valid and shows exactly that view.
///
/// # Panics
/// When any of these properties fails.
pub fn zaagox_state_json(data: &[u8]) {
    let hash = fnv1a(data);
    let mut rng = GameRng::new(Seed::from(hash), 3);
    let mut legal = Vec::new();

    let state = serde_json::from_slice::<Zaagox>(data).ok();
    if let Some(game) = state {
        check_state(&game, &mut legal);
        let mut next_legal = Vec::new();
        for i in 0..legal.len() {
            let next = play_legal(&game, &legal, i);
            check_state(&next, &mut next_legal);
        }
        check_deep(&game, None, &mut rng);

        // Play on with moves chosen by the input's hash.
        let mut state = game;
        let mut choice = hash;
        for _ in 0..MAX_CONTINUATION {
            if state.to_act().is_none() {
                break;
            }
            state.legal_actions(&mut legal);
            choice = choice
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state = play_legal(&state, &legal, (choice >> 33) as usize);
            check_state(&state, &mut legal);
        }
        check_deep(&state, None, &mut rng);
    }

    if let Ok(view) = serde_json::from_slice::<View>(data) {
        let json = serde_json::to_string(&view).expect("a view serializes");
        assert_eq!(
            serde_json::from_str::<View>(&json).ok().as_ref(),
            Some(&view)
        );
        match view.sample_world(&mut rng) {
            Ok(world) => {
                check_state(&world, &mut legal);
                assert_eq!(
                    world.view(view.seat),
                    view,
                    "sample_world accepted a view but its world shows another\n{json}"
                );
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }

    if let Ok(rules) = serde_json::from_slice::<Rules>(data) {
        let json = serde_json::to_string(&rules).expect("rules serialize");
        assert_eq!(serde_json::from_str::<Rules>(&json).ok(), Some(rules));
        for players in 2..=4 {
            if rules.validate(players).is_ok() {
                let game = Zaagox::new(&rules, players, Seed::from(hash))
                    .expect("validated rules set up a game");
                check_state(&game, &mut legal);
            }
        }
    }
}
