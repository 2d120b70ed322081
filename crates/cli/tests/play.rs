//! `cardrules play` end to end, for every game and variant: a driver answers the prompts
//! through stdin as a person would, plays to the end of a seeded game, and the transcript is
//! checked against the game the test rebuilds from the record (no card the seat could not
//! see is ever named), with a refused move, a hint and an undo on the way.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};

use cards_core::{Card, Game, GameEvent, GameRecord, GameRng, PlayerId, Seed};

use crate::support;

/// The prompt the game writes (plain style) when it waits for a line.
const PROMPT: &str = "> ";

/// A `cardrules play` process and what it has written so far.
struct Driver {
    child: Child,
    stdin: ChildStdin,
    stdout: ChildStdout,
    transcript: String,
}

impl Driver {
    fn start(args: &[&str]) -> Driver {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardrules"))
            .arg("play")
            .args(args)
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start cardrules play");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        Driver {
            child,
            stdin,
            stdout,
            transcript: String::new(),
        }
    }

    /// Reads until the next prompt; the text since the last one, or `None` when the game
    /// ended (the process closed its output) without prompting again.
    fn next_prompt(&mut self) -> Option<String> {
        let from = self.transcript.len();
        let mut buf = [0u8; 8192];
        let mut pending = Vec::new();
        loop {
            let n = self.stdout.read(&mut buf).expect("read the game's output");
            if n == 0 {
                self.transcript
                    .push_str(&String::from_utf8(pending).expect("UTF-8 output"));
                return None;
            }
            pending.extend_from_slice(&buf[..n]);
            if let Ok(text) = std::str::from_utf8(&pending)
                && text.ends_with(PROMPT)
            {
                self.transcript.push_str(text);
                return Some(self.transcript[from..].to_owned());
            }
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write a move");
        self.stdin.flush().unwrap();
    }

    /// Waits for the process to end; its transcript.
    fn finish(mut self) -> String {
        assert!(
            self.next_prompt().is_none(),
            "the game prompted again after it should have ended"
        );
        let status = self.child.wait().unwrap();
        assert!(status.success(), "status {status:?}\n{}", self.transcript);
        self.transcript
    }
}

/// The highest option number `[k]` in the last options block of `text`.
fn option_count(text: &str) -> usize {
    let block = text.rsplit("moves").next().unwrap_or(text);
    block
        .split('[')
        .skip(1)
        .filter_map(|s| s.split(']').next()?.parse::<usize>().ok())
        .max()
        .unwrap_or(0)
}

/// The action count of the last `--- your move ... (after N actions) ---` line in `text`
/// (`1 action`).
fn actions_at(text: &str) -> Option<usize> {
    let line = text
        .lines()
        .rev()
        .find(|l| l.starts_with("--- your move"))?;
    let after = line.split("(after ").nth(1)?;
    after.split(' ').next()?.parse().ok()
}

/// Every card `text` names in the game's notation (a token that reads back as itself).
fn named<C: Card>(text: &str) -> Vec<C> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .filter_map(|w| w.parse::<C>().ok().filter(|c| c.to_string() == w))
        .collect()
}

/// Every card a JSON value names in its strings.
fn named_in_json<C: Card>(value: &serde_json::Value, out: &mut Vec<C>) {
    match value {
        serde_json::Value::String(s) => out.extend(named::<C>(s)),
        serde_json::Value::Array(items) => items.iter().for_each(|v| named_in_json(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| named_in_json(v, out)),
        _ => {}
    }
}

/// `known[n]`: every card the seat had been shown after 0..=n actions of the record (in its
/// views, and in its events as `Game::redact` tells them to it), rebuilt from the seed and
/// the actions. (That redacted events and views hold nothing hidden is each game crate's own
/// test, through the test kit.)
fn known_cards<G: Game>(record: &GameRecord<G>, seat: PlayerId) -> Vec<Vec<G::Card>> {
    let mut state = record.start_state().expect("the record starts");
    let rules = record.rules.clone();
    let mut seen: Vec<G::Card> = Vec::new();
    let mut known = Vec::new();
    let look = |state: &G, events: &[G::Event], seen: &mut Vec<G::Card>| {
        let json = serde_json::to_value(state.view(seat)).unwrap();
        named_in_json(&json, seen);
        for event in events {
            let told = serde_json::to_value(G::redact(&rules, event, seat)).unwrap();
            named_in_json(&told, seen);
        }
        seen.sort();
        seen.dedup();
    };
    let mut events = Vec::new();
    state.start_events(&mut events);
    look(&state, &events, &mut seen);
    known.push(seen.clone());
    for &action in &record.actions {
        events.clear();
        state
            .play_reporting(action, &mut events)
            .expect("the record replays");
        look(&state, &events, &mut seen);
        known.push(seen.clone());
    }
    known
}

/// `text` without the explanations of the game's terms (fixed texts, which may name cards as
/// examples), wherever the screen's width wrapped them.
fn without_terms<G: Game>(text: &str) -> String {
    let mut text = text.to_owned();
    for term in <G::Event as GameEvent>::TERMS {
        text = without_spaced(&text, &format!("({}: {})", term.word, term.meaning));
    }
    text
}

/// `text` without each occurrence of `needle`, a space in the needle standing for any run
/// of white space (a line wrapped and indented) in the text.
fn without_spaced(text: &str, needle: &str) -> String {
    let words: Vec<&str> = needle.split(' ').collect();
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(words[0]) {
        // The end of the needle's words from `at`, if the rest of them follow.
        let mut end = at + words[0].len();
        let mut whole = true;
        for word in &words[1..] {
            let after = &rest[end..];
            let gap = after.len() - after.trim_start().len();
            if gap == 0 || !after[gap..].starts_with(word) {
                whole = false;
                break;
            }
            end += gap + word.len();
        }
        let (keep, skip) = if whole {
            (at, end)
        } else {
            let next = at + words[0].len();
            (next, next)
        };
        out.push_str(&rest[..keep]);
        rest = &rest[skip..];
    }
    out.push_str(rest);
    out
}

/// Asserts that `text` names no card outside `known` (what the seat had seen by then).
fn assert_nothing_hidden<C: Card>(text: &str, known: &[C], what: &str) {
    for card in named::<C>(text) {
        assert!(
            known.contains(&card),
            "{what} names {card}, which the seat had not seen:\n{text}"
        );
    }
}

/// A move the game refuses at `state`, in its notation: an action legal somewhere in a few
/// random games that is not legal now.
fn refused_move<G: Game>(state: &G) -> (String, String) {
    let rules = state.rules().clone();
    for seed in 0..20u64 {
        let mut game = G::new(&rules, state.num_players(), Seed::from(seed)).unwrap();
        let mut legal = Vec::new();
        let mut rng = GameRng::new(Seed::from(seed), 7);
        for _ in 0..200 {
            if game.is_terminal() {
                break;
            }
            game.legal_actions(&mut legal);
            for &a in &legal {
                if let Err(e) = state.apply(a) {
                    return (a.to_string(), e.to_string());
                }
            }
            let Some(i) = rng.index(legal.len()) else {
                break;
            };
            game.play(legal[i]).unwrap();
        }
    }
    panic!("no refused move found");
}

fn record_of<G: Game>(path: &Path) -> GameRecord<G> {
    let text = std::fs::read_to_string(path).expect("the record is written");
    serde_json::from_str(&text).expect("the record reads back")
}

fn temp_record(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardrules-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.json"))
}

/// Plays `args` (a game, its variant and seats) to the end from `seed` as seat `seat`:
/// a bad word, a refused move and a hint at the first decision, then a move and its undo,
/// then a varied choice at every decision; checks the transcript against the record.
fn play_through<G: Game>(name: &str, args: &[&str], seat: usize, seed: u64) -> String {
    play_choosing::<G>(name, args, seat, seed, varied)
}

/// The `k`th choice of a game: a different option each time, by number.
fn varied(k: usize, prompt: &str) -> String {
    ((k * 7 + 3) % option_count(prompt) + 1).to_string()
}

/// As [`play_through`], each choice after the undo made by `choose` from the choice's number
/// and the text since the last prompt.
fn play_choosing<G: Game>(
    name: &str,
    args: &[&str],
    seat: usize,
    seed: u64,
    choose: fn(usize, &str) -> String,
) -> String {
    let path = temp_record(name);
    let seed_text = seed.to_string();
    let seat_text = seat.to_string();
    let mut all: Vec<&str> = args.to_vec();
    all.extend([
        "--seed",
        &seed_text,
        "--seat",
        &seat_text,
        "--record",
        path.to_str().unwrap(),
        "--plain",
        "--hint",
        "ismcts:200",
    ]);
    let mut game = Driver::start(&all);

    // The first decision: a word that is no move, a move the rules refuse, a hint.
    let first = game.next_prompt().expect("a first decision");
    let before_first = actions_at(&first).expect("the screen says how many actions were played");
    let start: GameRecord<G> = record_of(&path);
    assert_eq!(start.actions.len(), before_first);
    let state = start.replay().unwrap();
    game.send("no such move");
    let answer = game.next_prompt().unwrap();
    assert!(answer.contains("is not a move or a command"), "{answer}");
    let (refused, why) = refused_move(&state);
    game.send(&refused);
    let answer = game.next_prompt().unwrap();
    assert!(
        answer.contains(&format!("refused: {why}")),
        "{refused}: expected the rule's words {why:?}:\n{answer}"
    );
    game.send("hint");
    let answer = game.next_prompt().unwrap();
    assert!(
        answer.contains("ismcts:200 would play [") || answer.contains("ismcts:200 would choose ["),
        "{answer}"
    );

    // A move, then back to the first decision with undo.
    game.send("1");
    let mut text = game.next_prompt();
    if let Some(second) = &text {
        if !second.contains("--- your move") {
            // The first move was a step of a longer decision: finish it with its last option.
            let mut t = second.clone();
            while !t.contains("--- your move") {
                game.send(&option_count(&t).to_string());
                t = game.next_prompt().expect("the decision goes on");
            }
        }
        game.send("undo");
        let answer = game.next_prompt().expect("the screen again after undo");
        assert!(answer.contains("took back your move"), "{answer}");
        assert_eq!(actions_at(&answer), Some(before_first), "{answer}");
        let back: GameRecord<G> = record_of(&path);
        assert_eq!(back.actions.len(), before_first, "undo shortens the record");
        text = Some(answer);
    }

    // Then to the end, choosing a different option each time.
    let mut k = 0usize;
    while let Some(t) = text {
        assert!(option_count(&t) > 0, "a prompt without moves:\n{t}");
        game.send(&choose(k, &t));
        k += 1;
        text = game.next_prompt();
    }
    let transcript = game.finish();
    assert!(
        transcript.contains("--- the game is over ---"),
        "{transcript}"
    );
    assert_fits(&transcript, 80);
    assert!(transcript.contains("settlement: seat 0"), "{transcript}");
    assert!(
        transcript.contains(&format!("replay it: cardrules replay {}", path.display())),
        "{transcript}"
    );

    // The record replays to the end, and the transcript names no card the seat had not seen.
    let record: GameRecord<G> = record_of(&path);
    assert!(record.replay().unwrap().is_terminal());
    let known = known_cards(&record, PlayerId::from_index(seat).unwrap());
    let checked = without_terms::<G>(&transcript);
    let (preamble, _) = checked.split_once("--- your move").unwrap();
    assert_nothing_hidden(preamble, &known[before_first], "the start");
    // What follows the undo is on the record's line of play: each screen against what the
    // seat had seen at it, and what follows a screen up to the next against what it had seen
    // by the next.
    let after_undo = checked.rsplit_once("took back your move").unwrap().1;
    let screens: Vec<&str> = after_undo.split("--- your move").skip(1).collect();
    for (i, segment) in screens.iter().enumerate() {
        let n = actions_at(&format!("--- your move{segment}")).unwrap();
        let screen = segment.split("\nmoves").next().unwrap();
        assert_nothing_hidden(screen, &known[n], "a screen");
        let next = screens
            .get(i + 1)
            .and_then(|s| actions_at(&format!("--- your move{s}")))
            .unwrap_or(record.actions.len());
        assert_nothing_hidden(segment, &known[next], "a move's narration");
    }
    let _ = std::fs::remove_file(&path);
    transcript
}

/// Runs `cardrules` with `args`, `input` on its stdin.
fn cardrules_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start cardrules");
    let mut stdin = child.stdin.take().expect("stdin");
    // A game that stops early closes its input: a refused write is then no failure.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("run cardrules")
}

#[test]
fn zaagox_plays_to_the_end() {
    play_through::<zaagox::Zaagox>("zaagox", &["zaagox", "--players", "3"], 1, 5);
}

#[test]
fn letom_plays_a_deal_to_the_end() {
    play_through::<letom::Letom>("letom", &["letom", "--players", "3"], 0, 11);
}

#[test]
fn letom_plays_a_match_to_the_end() {
    play_through::<letom::LetomMatch>(
        "letom-match",
        &[
            "letom",
            "--variant",
            "match",
            "--players",
            "2",
            "--rule",
            "deals=3",
        ],
        1,
        4,
    );
}

#[test]
fn the_end_of_the_input_ends_the_game_cleanly() {
    let out = cardrules_with_input(&["play", "zaagox", "--seed", "2"], "1\n1\n");
    let text = support::stdout(&out);
    assert!(
        text.contains("the input ended: the game stops after"),
        "{text}"
    );
    assert!(text.contains("Nothing was recorded"), "{text}");
}

#[test]
fn bad_seats_and_bots_are_refused_saying_what_is_allowed() {
    let e = support::usage_error(&["play", "zaagox", "--seat", "5"]);
    assert!(e.contains("--seat 5: the seats are 0 to 1"), "{e}");
    let e = support::usage_error(&["play", "zaagox", "--bots", "genius"]);
    assert!(e.contains("random, rules"), "{e}");
    // Found by the game's table rather than the arguments' parser, and still the arguments'
    // fault: usage errors (status 2).
    let e = support::usage_error(&["play", "zaagox", "--players", "4", "--bots", "rules,random"]);
    assert!(e.contains("one bot for every other seat (3 here)"), "{e}");
    let e = support::usage_error(&["play", "zaagox", "--hint", "cheat"]);
    assert!(e.contains("a fair bot"), "{e}");
    let e = support::usage_error(&["play", "zaagox", "--rule", "turn-limit=0"]);
    assert!(e.contains("turn_limit must be 1 to"), "{e}");
}

#[test]
fn jass_schieber_plays_a_whole_game_to_the_end() {
    play_through::<jass::Schieber>("schieber", &["jass"], 2, 5);
}

#[test]
fn jass_coiffeur_plays_to_the_end() {
    play_through::<jass::Coiffeur>("coiffeur", &["jass", "--variant", "coiffeur"], 1, 3);
}

#[test]
fn jass_differenzler_plays_to_the_end() {
    play_through::<jass::Differenzler>(
        "differenzler",
        &["jass", "--variant", "differenzler", "--players", "3"],
        0,
        8,
    );
}

/// Eléwénjewé's choice: trail while it can, so the table fills up and captures multiply;
/// in a decision chosen step by step, the last option (the last card, then finish).
fn trailing(k: usize, prompt: &str) -> String {
    if prompt.contains("moves, one step at a time") {
        return option_count(prompt).to_string();
    }
    let options = prompt.rsplit("moves").next().unwrap_or(prompt);
    options
        .split('[')
        .skip(1)
        .find(|o| o.contains("] trail"))
        .and_then(|o| o.split(']').next())
        .map_or_else(|| varied(k, prompt), str::to_owned)
}

#[test]
fn elewenjewe_plays_to_the_end_choosing_captures_card_by_card() {
    let transcript = play_choosing::<elewenjewe::Elewenjewe>(
        "elewenjewe",
        &["elewenjewe", "--players", "2", "--bots", "random"],
        0,
        2,
        trailing,
    );
    assert!(
        transcript.contains("moves, one step at a time"),
        "no decision of this game was chosen step by step"
    );
    assert!(
        transcript.contains("so far: capture with"),
        "no capture was chosen card by card"
    );
}

#[test]
fn each_other_seat_gets_its_bot_in_seat_order() {
    let out = cardrules_with_input(
        &[
            "play",
            "jass",
            "--seat",
            "2",
            "--seed",
            "1",
            "--bots",
            "random,rules,pimc:50",
        ],
        "quit\n",
    );
    let text = support::stdout(&out);
    // The line as a person reads it, whatever the width wrapped.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.starts_with(
            "Schieber: you are seat 2 of 4; seat 0: random, seat 1: rules, seat 3: pimc:50. Seed 1."
        ),
        "{text}"
    );
    assert!(text.contains("you quit: the game stops after"), "{text}");
}

/// Asserts that no line of `text` is wider than `width` columns (the text is plain: one
/// column a character).
fn assert_fits(text: &str, width: usize) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= width,
            "a line wider than {width} columns:\n{line}\nin:\n{text}"
        );
    }
}

/// The text of `cardrules play ARGS` given `input`, checked to have ended well.
fn play_text(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend(args);
    let out = cardrules_with_input(&all, input);
    let text = support::stdout(&out);
    assert!(out.status.success(), "{text}\n{:?}", out.stderr);
    text
}

#[test]
fn moves_are_read_as_the_screen_writes_them() {
    // Seat 2 is forehand in deal 1 of seed 4: it names the contract, a suit by its symbol.
    let args = [
        "jass", "--seed", "4", "--seat", "2", "--plain", "--bots", "random",
    ];
    let text = play_text(&args, "Trump:♣\nquit\n");
    assert!(text.contains("seat 2 named trump:C"), "{text}");
    // Cards as the screen writes them with symbols, and the notation in any case: each is
    // played (a legal one) or refused with the game's words (never "not a move").
    let cards = ["6♣", "7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "A♣"];
    for card in cards {
        let plain = card
            .replace("10", "T")
            .replace('♣', "C")
            .replace('♥', "H")
            .to_lowercase();
        for typed in [card.to_owned(), plain] {
            let text = play_text(&args, &format!("trump:C\n{typed}\nquit\n"));
            let answer = text.rsplit("> trump:C").next().unwrap();
            assert!(!answer.contains("is not a move"), "{typed}:\n{answer}");
            let notation = typed.to_uppercase().replace('♣', "C").replace("10", "T");
            // Legal: played; not: the rule's refusal (the card not in the hand, or not
            // following suit).
            assert!(
                answer.contains(&format!("seat 2 played {notation}"))
                    || answer.contains("refused: "),
                "{typed}:\n{answer}"
            );
        }
    }
}

#[test]
fn a_listed_move_is_played_by_its_number_or_its_words() {
    // The hint names the move by its number and says how its tries went in the game's unit.
    let text = play_text(
        &[
            "zaagox",
            "--seed",
            "3",
            "--plain",
            "--bots",
            "random",
            "--hint",
            "ismcts:40",
        ],
        "hint\ndiscard a6\nquit\n",
    );
    let hint = text
        .lines()
        .find(|l| l.starts_with("ismcts:40 would choose ["))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(hint.contains("of its 40 tries"), "{hint}");
    assert!(text.contains("% of the tries, on average "), "{text}");
    assert!(text.contains("seat 0 discarded A6"), "{text}");
}

#[test]
fn a_single_legal_move_is_played_for_the_player_saying_so() {
    // Nine tricks of Schieber: the ninth card is the only one left.
    let args = ["jass", "--seed", "4", "--plain", "--bots", "random"];
    let input = "1\n".repeat(12) + "quit\n";
    let text = play_text(&args, &input);
    let line = text
        .lines()
        .find(|l| l.starts_with("only one move: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("played for you"), "{line}");
    // Asked for, it waits like any other move.
    let mut asked = args.to_vec();
    asked.push("--ask-forced");
    let text = play_text(&asked, &input);
    assert!(!text.contains("only one move"), "{text}");
}

#[test]
fn help_explains_a_word_of_the_game() {
    let text = play_text(
        &["jass", "--seed", "4", "--plain", "--bots", "random"],
        "help\nhelp weis\nhelp nonsense\nquit\n",
    );
    assert!(
        text.contains("help WORD  what a word of the game means"),
        "{text}"
    );
    assert!(text.contains("the game's words: forehand"), "{text}");
    assert!(text.contains("  (Weis: A meld"), "{text}");
    assert!(
        text.contains("\"nonsense\" is not one of the game's words; they are: forehand"),
        "{text}"
    );
}

/// The first screen of a game with many new words explains a few of them, naming the others.
#[test]
fn a_screen_explains_a_few_words_at_a_time() {
    let text = play_text(
        &["zaagox", "--seed", "3", "--plain", "--bots", "random"],
        "quit\n",
    );
    let screen = text.split("--- your move").nth(1).unwrap();
    let explained = screen.lines().filter(|l| l.starts_with("  (")).count();
    assert!(explained <= 4, "{screen}");
    assert!(screen.contains("help WORD explains any word"), "{screen}");
}

/// After an undo, the same moves give the same game: the deal is the seed's, and each bot's
/// decision is seeded by the seat and the moment, not by how often it was asked.
#[test]
fn undo_then_the_same_moves_give_the_same_game() {
    for (game, players) in [("zaagox", "2"), ("letom", "3"), ("jass", "4")] {
        let straight = temp_record(&format!("undo-straight-{game}"));
        let undone = temp_record(&format!("undo-undone-{game}"));
        let args = |path: &Path| {
            vec![
                game.to_owned(),
                "--players".to_owned(),
                players.to_owned(),
                "--seed".to_owned(),
                "8".to_owned(),
                "--plain".to_owned(),
                "--bots".to_owned(),
                "random".to_owned(),
                "--record".to_owned(),
                path.to_str().unwrap().to_owned(),
                "--force".to_owned(),
            ]
        };
        let a = args(&straight);
        let b = args(&undone);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let b: Vec<&str> = b.iter().map(String::as_str).collect();
        let first = play_text(&a, "1\n2\n1\n2\nquit\n");
        let second = play_text(&b, "1\n2\nundo\n2\n1\n2\nquit\n");
        assert!(second.contains("took back your move"), "{second}");
        assert!(second.contains("the seed fixes the deal"), "{second}");
        let x: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&straight).unwrap()).unwrap();
        let y: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&undone).unwrap()).unwrap();
        assert_eq!(
            x["actions"], y["actions"],
            "{game}:\n{first}\n---\n{second}"
        );
        let _ = std::fs::remove_file(&straight);
        let _ = std::fs::remove_file(&undone);
    }
}

/// Every game type's first screens, hint and help wrapped to 80 columns (the width when the
/// output is not a terminal), and to a narrower `--width`.
#[test]
fn every_game_fits_the_width() {
    let games: [&[&str]; 8] = [
        &["zaagox", "--players", "3"],
        &["jass"],
        &["jass", "--variant", "schieber-deal"],
        &["jass", "--variant", "coiffeur"],
        &["jass", "--variant", "differenzler", "--players", "3"],
        &["elewenjewe", "--players", "2"],
        &["letom", "--players", "3"],
        &["letom", "--variant", "match", "--players", "2"],
    ];
    for game in games {
        for width in [None, Some("50")] {
            let mut args = game.to_vec();
            args.extend([
                "--seed",
                "5",
                "--plain",
                "--bots",
                "random",
                "--hint",
                "ismcts:30",
            ]);
            if let Some(w) = width {
                args.extend(["--width", w]);
            }
            let text = play_text(&args, "help\nhint\n1\nhint\n2\n1\n1\nshow\nquit\n");
            assert_fits(&text, width.map_or(80, |w| w.parse().unwrap()));
        }
    }
}

/// One seed plays the same game in the terminal and on the page (the registry's `Session`):
/// each bot's decision is seeded alike, and a bot that remembers (Eléwénjewé's `ismcts`,
/// which recalls the cards it saw taken) is told the game so far in both.
#[test]
fn the_terminal_and_the_page_play_the_same_game() {
    for seed in ["1", "2", "3", "4"] {
        let path = temp_record(&format!("terminal-and-page-{seed}"));
        let args = [
            "elewenjewe",
            "--players",
            "2",
            "--seed",
            seed,
            "--plain",
            "--bots",
            "ismcts:1000",
            "--record",
            path.to_str().unwrap(),
            "--force",
        ];
        play_text(&args, &"1\n".repeat(400));
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let _ = std::fs::remove_file(&path);
        let line = cards_registry::find("elewenjewe", None).unwrap();
        let bots = ["ismcts:1000".to_owned()];
        let seed = seed.parse().unwrap();
        let mut page =
            cards_registry::Session::new(line, &record["rules"], 2, 0, seed, &bots).unwrap();
        let actions = record["actions"].as_array().unwrap();
        assert!(actions.len() > 40, "{record}");
        // The page's bots move for themselves; the person's moves are the terminal's.
        for action in actions {
            if page.bot_turn().unwrap().is_none() {
                page.play(action.as_str().unwrap()).unwrap();
            }
        }
        let end = page.screen().end.expect("the page's game is over too");
        assert_eq!(end.record["actions"], record["actions"], "seed {seed}");
    }
}
