//! The byte-driven checks of `zaagox::fuzzing` (feature `fuzzing`) on inputs made here: byte
//! scripts, the JSON of real states, views, rules and setups, and the spec's scoring examples.
//! The committed fuzz corpora are replayed by the root package's `tests/fuzz_corpus.rs`.
#![cfg(feature = "fuzzing")]

use cards_core::{Game, PlayerId, RandomPlayer, Seed};
use zaagox::{AvaRule, Rules, Zaagox, fuzzing};

/// A fixed stream of pseudo-random inputs (a linear congruential generator's high bytes).
fn inputs(count: usize, len: usize, salt: u64) -> impl Iterator<Item = Vec<u8>> {
    let mut state = 0x2545_f491_4f6c_dd1d_u64 ^ salt;
    (0..count).map(move |_| {
        (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (state >> 56) as u8
            })
            .collect()
    })
}

#[test]
fn driven_games_keep_every_invariant() {
    // Every table flag, short and long inputs.
    for (i, mut data) in inputs(64, 700, 1).enumerate() {
        data[0] = i as u8 * 4 + 1;
        fuzzing::game(&data);
    }
    // A small turn limit and mostly legal moves: games that end.
    for mut data in inputs(32, 400, 2) {
        data[1] = 5;
        for op in data.iter_mut().skip(10).step_by(2) {
            *op %= 4;
        }
        fuzzing::game(&data);
    }
    fuzzing::game(&[]);
}

#[test]
fn real_states_views_rules_and_setups_pass_the_json_checks() {
    let mut buf = Vec::new();
    for seed in 0..6u64 {
        let rules = Rules {
            ava: if seed % 2 == 0 {
                AvaRule::Continue
            } else {
                AvaRule::Immediate
            },
            ..Rules::default()
        };
        let players = 2 + seed as usize % 3;
        let mut game = Zaagox::new(&rules, players, Seed::from(seed)).unwrap();
        let mut player = RandomPlayer::new(Seed::from(seed));
        let mut step = 0;
        loop {
            if step % 25 == 0 || game.is_terminal() {
                fuzzing::state_json(&serde_json::to_vec(&game).unwrap());
                let view = game.view(PlayerId((step % players) as u8));
                fuzzing::state_json(&serde_json::to_vec(&view).unwrap());
                fuzzing::state_json(&serde_json::to_vec(&game.setup()).unwrap());
            }
            let Some(action) = player.choose(&game, &mut buf) else {
                break;
            };
            game.play(action).unwrap();
            step += 1;
        }
        fuzzing::state_json(&serde_json::to_vec(&rules).unwrap());
    }
    for data in inputs(100, 60, 3) {
        fuzzing::state_json(&data);
    }
}

#[test]
fn scoring_and_notation_checks_pass() {
    // The spec's first worked example (A1 A2 A3 A4), a repeat, too few cards.
    for data in [&[1u8, 2, 3, 4][..], &[1, 1, 2, 3], &[5, 6], &[]] {
        fuzzing::score(data);
    }
    for data in inputs(100, 12, 4) {
        fuzzing::score(&data);
    }
    for text in [
        "discard a1",
        "pair A1 S1",
        "age A3 on A1",
        "da  s1",
        "pass",
        "store P8",
        "end",
        "ava",
        "Discard A1",
        "\"pass\"",
        "",
    ] {
        fuzzing::action_text(text.as_bytes());
    }
}
