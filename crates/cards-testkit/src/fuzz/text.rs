//! Text notation and JSON on arbitrary input: cards of any deck, card sets, seeds and any
//! game's actions. [`parse_cards`] and [`game_text`] are whole fuzz-target bodies; the other
//! functions are their building blocks, for a game crate's own text checks.

use cards_core::{Card, CardSet, DidoCard, Game, JassCard, Seed, StdCard};

/// Most whitespace-separated tokens of one input parsed one by one.
pub const MAX_TOKENS: usize = 64;

/// The text of `data` (lossy UTF-8), then each of its first [`MAX_TOKENS`]
/// whitespace-separated tokens.
fn candidates(text: &str) -> impl Iterator<Item = &str> {
    core::iter::once(text).chain(text.split_whitespace().take(MAX_TOKENS))
}

/// Card notation of the three decks of `cards-core`, seed text, and card and card-set JSON, on
/// arbitrary input. Panics when a property fails.
///
/// The input, read as (lossy) UTF-8 text, and each of its first [`MAX_TOKENS`]
/// whitespace-separated tokens are parsed as a [`DidoCard`], a [`JassCard`] and a [`StdCard`]
/// and checked by [`card_text_canonical`] (with [`canonical_dido`], [`canonical_jass`] and
/// [`canonical_std`]); the text is parsed as a [`Seed`] ([`seed_text`]); the raw bytes are
/// deserialized as JSON for each card type and a [`CardSet`] of each deck ([`card_json`]) and
/// as a seed ([`seed_json`]).
///
/// # Panics
/// When any of these properties fails.
pub fn parse_cards(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for candidate in candidates(&text) {
        card_text_canonical::<DidoCard>(candidate, canonical_dido);
        card_text_canonical::<JassCard>(candidate, canonical_jass);
        card_text_canonical::<StdCard>(candidate, canonical_std);
    }
    seed_text(&text);
    card_json::<DidoCard>(data);
    card_json::<JassCard>(data);
    card_json::<StdCard>(data);
    seed_json(data);
}

/// One game's notation on arbitrary input: its cards, its actions, seeds, and their JSON.
/// Panics when a property fails.
///
/// The input as (lossy) UTF-8 text and each of its first [`MAX_TOKENS`] tokens are parsed as
/// the game's card ([`card_text`]); the whole text as an action ([`action_text`]) and as a seed
/// ([`seed_text`]); the raw bytes are deserialized as JSON for a card and a card set
/// ([`card_json`]), an action ([`action_json`]) and a seed ([`seed_json`]).
///
/// # Panics
/// When any of these properties fails.
pub fn game_text<G: Game>(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for candidate in candidates(&text) {
        card_text::<G::Card>(candidate);
    }
    action_text::<G>(&text);
    seed_text(&text);
    card_json::<G::Card>(data);
    action_json::<G>(data);
    seed_json(data);
}

/// The canonical spelling of a Didopoikas card's text: upper case.
#[must_use]
pub fn canonical_dido(text: &str) -> String {
    text.to_ascii_uppercase()
}

/// The canonical spelling of a standard card's text: upper case, `T` for a leading `10`.
#[must_use]
pub fn canonical_std(text: &str) -> String {
    let upper = text.to_ascii_uppercase();
    match upper.strip_prefix("10") {
        Some(suit) => format!("T{suit}"),
        None => upper,
    }
}

/// The canonical spelling of a Jass card's text: as [`canonical_std`], and `J`/`Q` for the
/// German-Swiss rank letters `U` (Under) and `O` (Ober).
#[must_use]
pub fn canonical_jass(text: &str) -> String {
    let text = canonical_std(text);
    if let Some(suit) = text.strip_prefix('U') {
        format!("J{suit}")
    } else if let Some(suit) = text.strip_prefix('O') {
        format!("Q{suit}")
    } else {
        text
    }
}

/// Parses `text` as a card of deck `C`, for any deck. Panics when a property fails.
///
/// - Accepted: the card's `Display` parses back to it and is a fixed point (its display
///   displays the same); its index is below `DECK_SIZE` and maps back to it through
///   `from_index` and `all()`.
/// - Refused: the [`ParseCardError`](cards_core::ParseCardError) names the deck, echoes
///   exactly the input's first 32 characters, gives a reason and displays.
///
/// Returns the card, for checks of the deck's own spelling.
///
/// # Panics
/// When any of these properties fails.
pub fn card_text<C: Card>(text: &str) -> Option<C> {
    match text.parse::<C>() {
        Ok(card) => {
            let shown = card.to_string();
            let again = shown.parse::<C>().unwrap_or_else(|e| {
                panic!(
                    "{} card {text:?}: its display {shown:?} does not parse: {e}",
                    C::DECK_NAME
                )
            });
            assert_eq!(
                again,
                card,
                "{} card {text:?}: its display {shown:?} parses as another card",
                C::DECK_NAME
            );
            assert_eq!(
                again.to_string(),
                shown,
                "{} display {shown:?} is not a fixed point",
                C::DECK_NAME
            );
            assert!(
                card.index() < C::DECK_SIZE,
                "{card:?} has an index past the deck"
            );
            assert_eq!(C::from_index(card.index()), Some(card));
            assert_eq!(C::all().get(usize::from(card.index())), Some(&card));
            Some(card)
        }
        Err(e) => {
            let echoed: String = text.chars().take(32).collect();
            assert_eq!(
                e.text,
                echoed,
                "a {} parse error must echo the input's first 32 characters",
                C::DECK_NAME
            );
            assert_eq!(e.deck, C::DECK_NAME, "a parse error names its deck");
            assert!(!e.reason.is_empty(), "a parse error gives a reason");
            assert!(
                !e.to_string().is_empty(),
                "a parse error displays as nothing"
            );
            None
        }
    }
}

/// [`card_text`], and for an accepted card: its display is `canonical(text)`, the input in the
/// deck's canonical spelling, and `canonical` leaves the display as it is.
///
/// # Panics
/// When any of these properties fails.
pub fn card_text_canonical<C: Card>(text: &str, canonical: fn(&str) -> String) -> Option<C> {
    let card = card_text::<C>(text)?;
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
    Some(card)
}

/// Parses `text` as a seed: only 64 hex digits are accepted, displayed in lower case and
/// round-tripping; a refusal echoes the input's first 80 characters.
///
/// # Panics
/// When any of these properties fails.
pub fn seed_text(text: &str) {
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

/// Parses `text` as an action of game `G`. An accepted action displays as text that parses
/// back to it, and serializes as that text. A refusal must only not panic (the error type is
/// the game's own). Returns the action, for checks of the game's own spelling.
///
/// # Panics
/// When any of these properties fails.
pub fn action_text<G: Game>(text: &str) -> Option<G::Action> {
    let action = text.parse::<G::Action>().ok()?;
    let shown = action.to_string();
    assert!(
        shown.parse::<G::Action>().ok() == Some(action),
        "action {text:?} displays as {shown:?}, which does not parse back"
    );
    let json = serde_json::to_string(&action).expect("an action serializes");
    assert_eq!(
        json,
        serde_json::to_string(&shown).expect("a string serializes"),
        "action {action:?} does not serialize as its text"
    );
    Some(action)
}

/// Deserializes `data` as JSON for an action of game `G`: never a panic, and what succeeds
/// serializes as its text and reads back as the same action.
///
/// # Panics
/// When any of these properties fails.
pub fn action_json<G: Game>(data: &[u8]) {
    if let Ok(action) = serde_json::from_slice::<G::Action>(data) {
        let json = serde_json::to_string(&action).expect("an action serializes");
        assert_eq!(
            json,
            serde_json::to_string(&action.to_string()).expect("a string serializes"),
            "action {action:?} does not serialize as its text"
        );
        let back = serde_json::from_str::<G::Action>(&json).ok();
        assert!(
            back == Some(action),
            "action {action:?} does not read back from {json}"
        );
    }
}

/// Deserializes `data` as JSON for a card and a card set of deck `C`: whatever succeeds
/// serializes to JSON that reads back as the same value (a card as its text, a set as its
/// cards' texts in index order), and a set holds no bits outside the deck.
///
/// # Panics
/// When any of these properties fails.
pub fn card_json<C: Card>(data: &[u8]) {
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

/// Deserializes `data` as JSON for a seed (64 hex digits or an integer): what succeeds
/// serializes as its 64 lower-case hex digits and reads back as the same seed.
///
/// # Panics
/// When any of these properties fails.
pub fn seed_json(data: &[u8]) {
    if let Ok(seed) = serde_json::from_slice::<Seed>(data) {
        let json = serde_json::to_string(&seed).expect("a seed serializes");
        assert_eq!(json, format!("\"{seed}\""), "a seed serializes as its text");
        assert_eq!(serde_json::from_str::<Seed>(&json).ok(), Some(seed));
    }
}
