//! The events check: plays whole random games and holds a game's events to the frame's
//! contract ([`cards_core::Game::play_reporting`] and its neighbours). Any implementation of
//! [`Game`] can run it beside [`conformance::check`](crate::conformance::check).
//!
//! At the start and after every action, for every seat and for an onlooker:
//! - the start's events ([`Game::start_events`]) and every action's events, each
//!   [`Game::redact`]ed for that seat and [`Game::observe`]d in order from
//!   [`Game::blank_view`], rebuild exactly the seat's [`Game::view`];
//! - no redacted event and no view names a card that `secret` says the seat may not know,
//!   judged after the action (the cards an event or a view names are the card texts in its
//!   JSON; a view's copy of the rules is left out, as rules may name a card);
//! - redacting is idempotent (a redacted event redacted again is itself), every event and
//!   redacted event survives JSON, and its `Display` is a sentence (not empty);
//!
//! and at every action:
//! - `play_reporting` reaches exactly the state `play` reaches, and reports at least one event;
//! - an action that is not legal is refused by `play_reporting` with nothing reported and the
//!   state unchanged (tried with the actions that were legal one step earlier).

use cards_core::{CardSet, Game, GameEvent, PlayerId, RandomPlayer, Seed};
use serde_json::Value;

use crate::conformance::Violation;

/// What a successful run covered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Actions played.
    pub actions: usize,
    /// Events reported (start events included, before redaction).
    pub events: usize,
    /// Redacted events that differ from the event (something was hidden from that seat).
    pub redacted: usize,
    /// Views rebuilt from events and compared.
    pub views: usize,
    /// Cards that `secret` named over all checks (a run where this stays 0 proves nothing
    /// about leaks).
    pub secrets: usize,
    /// Illegal actions refused with nothing reported.
    pub refused: usize,
}

/// Runs [`check_game`] for every seed and sums the reports.
///
/// `secret(state, seat)` is the set of cards `seat` may not know in `state`: other seats'
/// hidden cards, the order-hidden stock, whatever the game's spec hides.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check<G: Game>(
    rules: &G::Rules,
    players: usize,
    seeds: impl IntoIterator<Item = Seed>,
    secret: impl Fn(&G, PlayerId) -> CardSet<G::Card>,
) -> Result<Report, Violation> {
    let mut total = Report::default();
    for seed in seeds {
        let r = check_game::<G>(rules, players, seed, &secret)?;
        total.games += r.games;
        total.actions += r.actions;
        total.events += r.events;
        total.redacted += r.redacted;
        total.views += r.views;
        total.secrets += r.secrets;
        total.refused += r.refused;
    }
    Ok(total)
}

/// Plays one random game from `seed` (with the built-in random player) and checks every
/// invariant listed in the module docs.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_game<G: Game>(
    rules: &G::Rules,
    players: usize,
    seed: Seed,
    secret: &impl Fn(&G, PlayerId) -> CardSet<G::Card>,
) -> Result<Report, Violation> {
    let fail = |step: usize, message: String| Violation {
        game: G::NAME,
        players,
        seed,
        step,
        message,
    };
    let mut state =
        G::new(rules, players, seed).map_err(|e| fail(0, format!("setup failed: {e}")))?;
    let mut report = Report {
        games: 1,
        ..Report::default()
    };
    // Every seat, and one onlooker.
    let seats: Vec<PlayerId> = (0..=players).filter_map(PlayerId::from_index).collect();
    let mut views: Vec<G::View> = seats
        .iter()
        .map(|&s| G::blank_view(rules, players, s))
        .collect();
    let mut events = Vec::new();
    state.start_events(&mut events);
    if events.is_empty() {
        return Err(fail(0, "start_events reported nothing".into()));
    }
    follow(&state, &seats, &mut views, &events, secret, &mut report).map_err(|m| fail(0, m))?;

    let mut player = RandomPlayer::new(seed);
    let mut buf = Vec::new();
    let mut previous: Vec<G::Action> = Vec::new();
    let mut step = 0;
    while let Some(action) = player.choose(&state, &mut buf) {
        step += 1;
        // What was legal a step ago and is not now must be refused, reporting nothing.
        state.legal_actions(&mut buf);
        for &old in previous.iter().filter(|a| !buf.contains(a)).take(4) {
            events.clear();
            let before = state.clone();
            if state.play_reporting(old, &mut events).is_ok() {
                return Err(fail(step, format!("illegal action {old} played")));
            }
            if !events.is_empty() || state != before {
                return Err(fail(
                    step,
                    format!("refused action {old} reported events or changed the state"),
                ));
            }
            report.refused += 1;
        }
        previous.clone_from(&buf);

        let mut silent = state.clone();
        silent
            .play(action)
            .map_err(|e| fail(step, format!("legal action {action} refused: {e}")))?;
        events.clear();
        state.play_reporting(action, &mut events).map_err(|e| {
            fail(
                step,
                format!("legal action {action} refused when reporting: {e}"),
            )
        })?;
        if state != silent {
            return Err(fail(
                step,
                format!("play_reporting({action}) reached another state than play"),
            ));
        }
        if events.is_empty() {
            return Err(fail(step, format!("{action} reported no event")));
        }
        report.actions += 1;
        follow(&state, &seats, &mut views, &events, secret, &mut report)
            .map_err(|m| fail(step, format!("after {action}: {m}")))?;
    }
    Ok(report)
}

/// Redacts `events` for every seat, follows them in that seat's view and compares the view
/// with the state's.
fn follow<G: Game>(
    state: &G,
    seats: &[PlayerId],
    views: &mut [G::View],
    events: &[G::Event],
    secret: &impl Fn(&G, PlayerId) -> CardSet<G::Card>,
    report: &mut Report,
) -> Result<(), String> {
    let rules = state.rules();
    report.events += events.len();
    for event in events {
        round_trip(event)?;
    }
    for (&seat, view) in seats.iter().zip(views.iter_mut()) {
        let hidden = secret(state, seat);
        report.secrets += hidden.len();
        for event in events {
            let redacted = G::redact(rules, event, seat);
            if redacted != *event {
                report.redacted += 1;
            }
            if G::redact(rules, &redacted, seat) != redacted {
                return Err(format!(
                    "redacting {event} twice for seat {seat} changes it"
                ));
            }
            round_trip(&redacted)?;
            let leaked = named::<G>(&redacted)? & hidden;
            if !leaked.is_empty() {
                return Err(format!(
                    "the event \"{redacted}\" shows seat {seat} cards it may not know: {leaked:?}"
                ));
            }
            G::observe(view, &redacted)
                .map_err(|e| format!("seat {seat} cannot follow \"{redacted}\": {e}"))?;
        }
        let truth = state.view(seat);
        if *view != truth {
            return Err(format!(
                "seat {seat}'s view rebuilt from its events differs from its view:\n rebuilt: {view:?}\n    view: {truth:?}"
            ));
        }
        let mut json = serde_json::to_value(&truth).map_err(|e| format!("view JSON: {e}"))?;
        // The rules a view carries may name a card (Jass's forehand card): that is no leak.
        let rules_json = serde_json::to_value(rules).map_err(|e| format!("rules JSON: {e}"))?;
        without(&mut json, &rules_json);
        let leaked = cards_in::<G::Card>(&json) & hidden;
        if !leaked.is_empty() {
            return Err(format!(
                "seat {seat}'s view shows cards it may not know: {leaked:?}"
            ));
        }
        report.views += 1;
    }
    Ok(())
}

/// The event survives JSON and tells itself in words.
fn round_trip<E: GameEvent>(event: &E) -> Result<(), String> {
    let json = serde_json::to_string(event).map_err(|e| format!("event JSON: {e}"))?;
    let back: E =
        serde_json::from_str(&json).map_err(|e| format!("event {json} does not read back: {e}"))?;
    if back != *event {
        return Err(format!(
            "event {json} reads back as another event: {back:?}"
        ));
    }
    if event.to_string().trim().is_empty() {
        return Err(format!("event {json} displays as nothing"));
    }
    Ok(())
}

/// `json` with every object member whose value is `part` left out, at any depth.
fn without(json: &mut Value, part: &Value) {
    match json {
        Value::Object(fields) => {
            fields.retain(|_, value| value != part);
            fields.values_mut().for_each(|value| without(value, part));
        }
        Value::Array(items) => items.iter_mut().for_each(|item| without(item, part)),
        _ => {}
    }
}

/// The cards an event names.
fn named<G: Game>(event: &G::Event) -> Result<CardSet<G::Card>, String> {
    let json = serde_json::to_value(event).map_err(|e| format!("event JSON: {e}"))?;
    Ok(cards_in::<G::Card>(&json))
}

/// Every card text in a JSON value: strings, and the words of strings (an action's text
/// `play A1 S3` names two cards).
pub fn cards_in<C: cards_core::Card>(json: &Value) -> CardSet<C> {
    let mut found = CardSet::EMPTY;
    let mut add = |text: &str| {
        for word in text.split(|c: char| c.is_whitespace() || ":=,;()".contains(c)) {
            if let Ok(card) = word.parse::<C>() {
                found.insert(card);
            }
        }
    };
    let mut stack = vec![json];
    while let Some(value) = stack.pop() {
        match value {
            Value::String(s) => add(s),
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => {
                for (key, item) in map {
                    add(key);
                    stack.push(item);
                }
            }
            _ => {}
        }
    }
    found
}
