//! The byte-driven checks of `letom::fuzzing` (feature `fuzzing`) on inputs made here: byte
//! scripts under every option, the JSON of real states, views, rules and setups, and action
//! text. The committed fuzz corpora are replayed by the root package's `tests/fuzz_corpus.rs`.
#![cfg(feature = "fuzzing")]

use cards_core::{Game, PlayerId, RandomPlayer, Seed};
use letom::{Letom, Rules, fuzzing};

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
fn driven_deals_keep_every_invariant() {
    // Every option byte, mixed opcodes (near misses, index probes).
    for (i, mut data) in inputs(96, 300, 1).enumerate() {
        data[0] = i as u8;
        fuzzing::game(&data);
    }
    // Mostly legal moves, so that deals reach their end; gwang-selling and the stake on.
    for (i, mut data) in inputs(96, 200, 2).enumerate() {
        data[0] = (i as u8 % 3) | 0x80 | (data[0] & 0x7c);
        data[3] = 5;
        for op in data.iter_mut().skip(12).step_by(2) {
            *op %= 4;
        }
        fuzzing::game(&data);
    }
    fuzzing::game(&[]);
}

#[test]
fn real_states_views_rules_and_setups_pass_the_json_checks() {
    let mut buf = Vec::new();
    for seed in 0..12u64 {
        let players = 2 + seed as usize % 3;
        let rules = fuzzing::rules_from(
            players,
            (seed as u8).wrapping_mul(37),
            (seed as u8).wrapping_mul(11),
            9,
            0x0d,
        );
        let mut game = Letom::new(&rules, players, Seed::from(seed)).unwrap();
        let mut player = RandomPlayer::new(Seed::from(seed));
        let mut step = 0;
        loop {
            if step % 5 == 0 || game.is_terminal() {
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
    fuzzing::state_json(&serde_json::to_vec(&Rules::default()).unwrap());
    for data in inputs(100, 60, 3) {
        fuzzing::state_json(&data);
    }
}

#[test]
fn action_text_checks_pass() {
    for text in [
        "play A3",
        "play a3 s3",
        "play A3 A4",
        "play A3 A3",
        "take G5",
        "flip",
        "shake 4",
        "bomb 8",
        "shake 9",
        "ren",
        "tom",
        "sell",
        "keep",
        "play  A3",
        " flip",
        "PLAY A3",
        "",
    ] {
        fuzzing::action_text(text.as_bytes());
    }
    for data in inputs(100, 12, 4) {
        fuzzing::action_text(&data);
    }
}

#[test]
fn driven_matches_keep_every_invariant() {
    // Every option byte and deal count, mixed opcodes.
    for (i, mut data) in inputs(64, 600, 7).enumerate() {
        data[0] = i as u8;
        fuzzing::series::game(&data);
    }
}
