//! States, views, rules and setups of any game deserialized from arbitrary JSON
//! ([`state_json`]).

use cards_core::{GameRng, PROBE_STREAM, PlayerId, Seed};

use super::driver::{Checker, play_checked};
use super::{FuzzGame, fnv1a};

/// Most moves played on from a deserialized state in [`state_json`].
pub const MAX_CONTINUATION: usize = 48;

/// A game's states, views, rules and setups from arbitrary JSON. Panics when an invariant
/// fails.
///
/// The bytes are deserialized as a `G`, a `G::View`, a `G::Rules` and a `G::Setup`; none of
/// this may panic, and whatever deserializes must make sense:
///
/// - **A state** is valid: it passes every per-state check of [`game`](super::game) (and
///   [`FuzzGame::check_state`]); each of its legal actions plays and leads to a state that
///   passes them too; the deep checks pass (serde, the setup round trip, every seat's view and
///   sampled world); and up to [`MAX_CONTINUATION`] moves played on from it (chosen by a hash
///   of the input) keep passing them.
/// - **A view** round-trips through JSON; when [`Game::sample_world`] accepts it, the world
///   passes the state checks and shows exactly that view to its seat
///   ([`FuzzGame::view_seat`]; to some seat when the view does not say whose it is), and the
///   view lists the world's legal actions when that seat is to act, none otherwise
///   ([`Game::view_legal_actions`]); a refusal displays.
/// - **Rules** round-trip through JSON; [`Game::new`] refuses every player count outside
///   [`Game::player_range`], and [`FuzzGame::check_new`] approves its answer for every count
///   inside; every game it sets up passes the state checks.
/// - **A setup** round-trips through JSON; when [`Game::from_setup`] accepts it under the
///   default rules, the game passes the state checks and `from_setup(setup())` gives it back;
///   a refusal displays.
///
/// [`Game::sample_world`]: cards_core::Game::sample_world
/// [`Game::new`]: cards_core::Game::new
/// [`Game::view_legal_actions`]: cards_core::Game::view_legal_actions
/// [`Game::player_range`]: cards_core::Game::player_range
/// [`Game::from_setup`]: cards_core::Game::from_setup
///
/// # Panics
/// When any of these properties fails.
pub fn state_json<G: FuzzGame>(data: &[u8]) {
    let hash = fnv1a(data);
    let seed = Seed::from(hash);
    let mut checker = Checker::<G>::new(GameRng::new(seed, PROBE_STREAM));

    if let Ok(game) = serde_json::from_slice::<G>(data) {
        check_state_and_successors(&mut checker, &game);
        checker.check_deep(&game, None);

        // Play on with moves chosen by the input's hash.
        let mut state = game;
        let mut choice = hash;
        for _ in 0..MAX_CONTINUATION {
            if state.is_terminal() {
                break;
            }
            choice = choice
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state = checker.play_legal(&state, (choice >> 33) as usize);
            checker.check_state(&state);
        }
        checker.check_deep(&state, None);
    }

    if let Ok(view) = serde_json::from_slice::<G::View>(data) {
        let json = serde_json::to_string(&view).expect("a view serializes");
        let back = serde_json::from_str::<G::View>(&json)
            .unwrap_or_else(|e| panic!("a view does not deserialize: {e}\n{json}"));
        assert_eq!(back, view, "the view's JSON round trip changed it\n{json}");
        // Any view, however inconsistent, lists its legal actions without a panic.
        let mut listed = Vec::new();
        G::view_legal_actions(&view, &mut listed);
        match G::sample_world(&view, &mut checker.rng) {
            Ok(world) => {
                checker.check_state(&world);
                let seat = match G::view_seat(&view) {
                    Some(seat) => (world.view(seat) == view).then_some(seat),
                    None => PlayerId::all(world.num_players()).find(|&s| world.view(s) == view),
                };
                let seat = seat.unwrap_or_else(|| {
                    panic!("sample_world accepted a view but its world shows another\n{json}")
                });
                if world.to_act() == Some(seat) {
                    assert_eq!(
                        listed,
                        checker.legal(),
                        "a view's legal actions differ from its sampled world's\n{json}"
                    );
                } else {
                    assert!(
                        listed.is_empty(),
                        "a view of a seat not to act lists legal actions\n{json}"
                    );
                }
            }
            Err(e) => assert!(
                !e.to_string().is_empty(),
                "a setup error displays as nothing"
            ),
        }
    }

    if let Ok(rules) = serde_json::from_slice::<G::Rules>(data) {
        let json = serde_json::to_string(&rules).expect("rules serialize");
        let back = serde_json::from_str::<G::Rules>(&json)
            .unwrap_or_else(|e| panic!("rules do not deserialize: {e}\n{json}"));
        assert_eq!(
            back, rules,
            "the rules' JSON round trip changed them\n{json}"
        );
        let range = G::player_range(&rules);
        for players in 0..=range.end().saturating_add(1) {
            let result = G::new(&rules, players, seed);
            match &result {
                Ok(game) => {
                    assert!(
                        range.contains(&players),
                        "a game of {players} seats set up, outside the player range {range:?}"
                    );
                    assert_eq!(game.num_players(), players, "a new game has another table");
                    checker.check_state(game);
                }
                Err(e) => assert!(
                    !e.to_string().is_empty(),
                    "a setup error displays as nothing"
                ),
            }
            if range.contains(&players) {
                G::check_new(&rules, players, &result);
            }
        }
    }

    if let Ok(setup) = serde_json::from_slice::<G::Setup>(data) {
        let json = serde_json::to_string(&setup).expect("a setup serializes");
        let back = serde_json::from_str::<G::Setup>(&json)
            .unwrap_or_else(|e| panic!("a setup does not deserialize: {e}\n{json}"));
        assert_eq!(
            back, setup,
            "the setup's JSON round trip changed it\n{json}"
        );
        let rules = G::Rules::default();
        match G::from_setup(&rules, setup) {
            Ok(game) => {
                checker.check_state(&game);
                let again = G::from_setup(&rules, game.setup())
                    .unwrap_or_else(|e| panic!("the state's own setup is refused: {e}"));
                assert_eq!(again, game, "from_setup(setup()) is a different state");
            }
            Err(e) => assert!(
                !e.to_string().is_empty(),
                "a setup error displays as nothing"
            ),
        }
    }
}

/// Checks `game`, then plays each of its legal actions and checks where it leads.
fn check_state_and_successors<G: FuzzGame>(checker: &mut Checker<G>, game: &G) {
    checker.check_state(game);
    let legal = checker.legal().to_vec();
    for action in legal {
        let next = play_checked(game, action);
        checker.check_state(&next);
    }
    // Leave the checker's legal actions and mask at `game`, for the deep checks.
    checker.check_state(game);
}
