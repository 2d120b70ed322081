//! The JSON formats, pinned: for every game type a record and the state it replays to are
//! golden fixtures (`tests/fixtures/<type>.record.json` and `<type>.state.json`). A change to
//! a record's or a state's JSON, to an action's notation or to what a seed deals fails here;
//! such a change is a breaking one and bumps `cards_core::FORMAT` and the major version (see
//! CHANGELOG.md). `CARDRULES_BLESS=1 cargo test --test tests formats` writes the fixtures anew.

use std::path::PathBuf;

use cards_core::{FORMAT, Game, GameRecord, RandomPlayer, Seed};

/// Actions played into each fixture: enough to be well into the game.
const ACTIONS: usize = 40;

fn fixture(name: &str, kind: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{name}.{kind}.json"))
}

/// A record of `ACTIONS` random actions of `G` from `seed`, and the state it reaches.
fn sample<G: Game>(players: usize, seed: u64) -> (GameRecord<G>, G) {
    let rules = G::Rules::default();
    let mut state = G::new(&rules, players, Seed::from(seed)).unwrap();
    let mut record = GameRecord::<G>::new(rules, players, Seed::from(seed));
    let mut player = RandomPlayer::new(Seed::from(seed));
    let mut buf = Vec::new();
    for _ in 0..ACTIONS {
        let Some(action) = player.choose(&state, &mut buf) else {
            break;
        };
        state.play(action).unwrap();
        record.actions.push(action);
    }
    (record, state)
}

fn pinned<G: Game>(name: &str, players: usize, seed: u64) {
    let (record, state) = sample::<G>(players, seed);
    let record_text = serde_json::to_string_pretty(&record).unwrap() + "\n";
    let state_text = serde_json::to_string_pretty(&state).unwrap() + "\n";
    if std::env::var_os("CARDRULES_BLESS").is_some() {
        std::fs::write(fixture(name, "record"), &record_text).unwrap();
        std::fs::write(fixture(name, "state"), &state_text).unwrap();
    }
    let golden_record = std::fs::read_to_string(fixture(name, "record")).unwrap();
    let golden_state = std::fs::read_to_string(fixture(name, "state")).unwrap();
    // What this release writes is the fixture, byte for byte.
    assert_eq!(
        record_text, golden_record,
        "{name}: the record's JSON changed"
    );
    assert_eq!(state_text, golden_state, "{name}: the state's JSON changed");
    // The fixtures read back: the record replays to the state the state fixture holds.
    let read: GameRecord<G> = serde_json::from_str(&golden_record).unwrap();
    let replayed = read.replay().unwrap();
    let read_state: G = serde_json::from_str(&golden_state).unwrap();
    assert_eq!(replayed, read_state, "{name}");
    assert_eq!(replayed, state, "{name}");
    // Another format is refused in words that say which one is read; none is read as 1.
    let current = format!("\"format\": {FORMAT}");
    assert!(golden_record.contains(&current) && golden_state.contains(&current));
    for (text, what) in [(&golden_record, "record"), (&golden_state, "state")] {
        let future = text.replacen(&current, "\"format\": 999", 1);
        let e = match what {
            "record" => serde_json::from_str::<GameRecord<G>>(&future).unwrap_err(),
            _ => serde_json::from_str::<G>(&future).unwrap_err(),
        };
        assert!(
            e.to_string().contains(&format!(
                "this {what} is in format 999; this release of cardrules reads format {FORMAT} only"
            )),
            "{name}: {e}"
        );
        let unversioned = text.replacen(&format!("{current},"), "", 1);
        assert_ne!(&unversioned, text);
        match what {
            "record" => assert_eq!(
                serde_json::from_str::<GameRecord<G>>(&unversioned).unwrap(),
                read
            ),
            _ => assert_eq!(serde_json::from_str::<G>(&unversioned).unwrap(), read_state),
        }
    }
}

#[test]
fn every_game_types_record_and_state_json_are_the_fixtures() {
    pinned::<zaagox::Zaagox>("zaagox", 3, 1);
    pinned::<letom::Letom>("letom", 3, 2);
    pinned::<letom::LetomMatch>("letom-match", 2, 3);
    pinned::<jass::SchieberDeal>("schieber-deal", 4, 4);
    pinned::<jass::Schieber>("schieber", 4, 5);
    pinned::<jass::Coiffeur>("coiffeur", 4, 6);
    pinned::<jass::Differenzler>("differenzler", 3, 7);
    pinned::<elewenjewe::Elewenjewe>("elewenjewe", 3, 8);
}
