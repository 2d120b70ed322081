//! Eléwénjewé's invariant checks driven by arbitrary bytes: the bodies of the fuzz targets
//! `elewenjewe_game` and `elewenjewe_captures` (feature `fuzzing`).
//!
//! Each public function takes any byte string, drives one part of the crate with it and
//! **panics** as soon as an invariant fails — the signal a fuzzer looks for. The generic part
//! (the [`Game`] contract, probed through the [`Stepped`] index) is `cards-testkit`'s
//! byte-driven driver; this module is what is Eléwénjewé's own: how the first bytes choose the
//! table, near-miss actions, the invariants of a position, a move and a view, and the fast
//! capture functions against their references ([`reference`](mod@reference)). See
//! `docs/fuzzing.md`.
//!
//! Not a stable API: hidden from the docs, free to change in any release.

use cards_core::{CardSet, Game, PlayerId, StdCard};
use cards_testkit::fuzz::{self, FuzzGame, Input, Table};

use crate::{
    Action, CaptureError, Elewenjewe, Leftovers, Pattern, Rules, Scoring, SetupError, Stepped,
    View, builds, capture_patterns, count_builds, count_capture_patterns, count_captures,
    is_capture, reference,
};

/// A set of standard cards.
type Cards = CardSet<StdCard>;

/// Most cards on a driven table in [`captures`](fn@captures) (the reference tries every
/// subset).
const MAX_TABLE: u8 = 12;

/// Most legal actions (an estimate from above) a state of [`game`] may have: more end the run
/// (see [`FuzzGame::too_many_actions`]). Each step lists them and the deep checks hash and
/// index every one, so a run through crowded tables would crawl; the capture functions
/// themselves are checked on every table of up to 12 cards by [`captures`](fn@captures).
const MAX_LISTED: u64 = 4096;

// ---- entry points -----------------------------------------------------------------------------

/// A whole game driven by bytes, checked after every step: [`cards_testkit::fuzz::game`]
/// (through the [`Stepped`] index) with Eléwénjewé's own table, near-miss actions and
/// invariants.
///
/// The first bytes choose the table (see [`rules_from`]): byte 0 the player count
/// (`2 + b % 4`) and the first dealer, bytes 1 and 2 the preset and options, then eight bytes
/// the seed. Then each step reads an opcode and an argument byte (see the driver).
///
/// Besides the generic checks (the census among them: every card of the pack exactly once), on
/// every state: the hands, the loose table, the piles, the captured cards, the stock and the
/// set-aside cards are disjoint and make up the pack; no hand holds more than a batch; piles
/// have an owner at the table, a value 1 ..= 10 and at least two cards; the records' seats
/// match the table and each seat's total is the sum of its records' net. After each action:
/// the played card leaves the hand of the seat that played it (within a round), the records
/// only grow, and totals change only with a new record. Views show the seat its own hand, the
/// table, the piles and the totals. A finished game's outcome agrees with the state.
///
/// # Panics
/// When any of these properties fails.
pub fn game(data: &[u8]) {
    fuzz::game::<Elewenjewe>(data);
}

/// [`captures`](crate::captures), [`count_captures`], [`capture_patterns`],
/// [`count_capture_patterns`], [`is_capture`] and [`builds`] against
/// [`reference`](mod@reference) on played cards and tables read from the bytes.
///
/// One case an input (the reference tries every subset of the table, so a case costs up to
/// a fraction of a millisecond, and the fuzzer's feedback is per input): byte 0 the rules
/// (bit 0 jokers, bit 1 the Yorùbá rule, bit 2 `yoruba_pile_excludes_v`), byte 1 the played
/// card (`% 54`), byte 2 the table size (`% 13`), one byte per table card (`% 54`, repeats
/// skipped), a byte for the build value (`% 12`, so 0 and 11 are invalid values) and two
/// choosing a subset probe. Both sides must agree exactly, errors included: the same sets
/// (the fast ones distinct), counts equal to the lengths, the same patterns, `is_capture`
/// true exactly for the reference's sets (all of them, and a probe subset), the same builds.
///
/// # Panics
/// When any of these properties fails.
pub fn captures(data: &[u8]) {
    let mut input = Input::new(data);
    let flags = input.byte();
    let rules = Rules {
        jokers: flags & 1 != 0,
        yoruba: flags & 2 != 0,
        yoruba_pile_excludes_v: flags & 4 != 0,
        ..Rules::default()
    };
    let played = card(input.byte());
    let size = input.byte() % (MAX_TABLE + 1);
    let mut table = Cards::EMPTY;
    for _ in 0..size {
        table.insert(card(input.byte()));
    }
    let value = input.byte() % 12;
    let probe = input.u16();
    check_captures(played, table, value, probe, &rules);
}

/// The card of index `byte % 54` (jokers are 52 and 53).
fn card(byte: u8) -> StdCard {
    StdCard::ALL[usize::from(byte) % StdCard::COUNT]
}

/// One case of [`captures`](fn@captures).
fn check_captures(played: StdCard, table: Cards, value: u8, probe: u16, rules: &Rules) {
    let case = || format!("{played} onto {table} (value {value}, {rules:?})");
    let expected = reference::captures(played, table, rules);
    let fast: Result<Vec<Cards>, CaptureError> =
        crate::captures(played, table, rules).map(Iterator::collect);
    let fast = fast.map(|mut sets| {
        let len = sets.len();
        sets.sort_by_key(|s| s.bits());
        sets.dedup();
        assert_eq!(sets.len(), len, "captures repeats a set: {}", case());
        sets
    });
    assert_eq!(fast, expected, "captures: {}", case());
    let count = count_captures(played, table, rules);
    assert_eq!(
        count,
        expected
            .as_ref()
            .map(|s| s.len() as u64)
            .map_err(Clone::clone),
        "count_captures: {}",
        case()
    );

    let patterns: Result<Vec<Pattern>, CaptureError> =
        capture_patterns(played, table, rules).map(|p| {
            let mut p: Vec<Pattern> = p.collect();
            p.sort();
            p
        });
    // What `reference::capture_patterns` gives, from the sets already worked out.
    let expected_patterns = expected.clone().map(|sets| {
        let mut p: Vec<Pattern> = sets.into_iter().map(Pattern::of).collect();
        p.sort();
        p.dedup();
        p
    });
    assert_eq!(patterns, expected_patterns, "capture_patterns: {}", case());
    assert_eq!(
        count_capture_patterns(played, table, rules),
        expected_patterns
            .as_ref()
            .map(|p| p.len() as u64)
            .map_err(Clone::clone),
        "count_capture_patterns: {}",
        case()
    );

    match &expected {
        Ok(sets) => {
            for &set in sets {
                assert_eq!(
                    is_capture(played, table, set, rules),
                    Ok(true),
                    "is_capture refuses {set}: {}",
                    case()
                );
            }
            // A probe: some subset of the table (or a card off it).
            let mut subset = Cards::EMPTY;
            for (i, c) in table.iter().enumerate() {
                if probe >> (i % 16) & 1 == 1 {
                    subset.insert(c);
                }
            }
            if probe & 0x8000 != 0 {
                subset.insert(card(probe as u8));
            }
            assert_eq!(
                is_capture(played, table, subset, rules),
                Ok(sets.contains(&subset)),
                "is_capture on {subset}: {}",
                case()
            );
        }
        Err(e) => assert_eq!(
            is_capture(played, table, table, rules).as_ref(),
            Err(e),
            "is_capture's error: {}",
            case()
        ),
    }

    let built: Result<Vec<Cards>, CaptureError> = builds(played, table, value, rules).map(|b| {
        let mut b: Vec<Cards> = b.collect();
        b.sort_by_key(|s| s.bits());
        b
    });
    assert_eq!(
        built,
        reference::builds(played, table, value, rules),
        "builds: {}",
        case()
    );
}

// ---- the driver's hooks -----------------------------------------------------------------------

/// Eléwénjewé in `cards-testkit`'s byte-driven checks (see [`game`]).
impl FuzzGame for Elewenjewe {
    type Position = Stepped;

    fn table(input: &mut Input<'_>) -> Table<Self> {
        let seats = input.byte();
        let players = 2 + seats % 4;
        let rules = rules_from(players, seats / 4, input.byte(), input.byte());
        Table {
            rules,
            players: usize::from(players),
            seed: input.u64().into(),
        }
    }

    fn plausible_action(&self, kind: u8, input: &mut Input<'_>) -> Option<Action> {
        let pick = input.byte();
        let seat = self.to_act().unwrap_or(PlayerId(0));
        let hand = self.hand(seat);
        let played = hand
            .iter()
            .nth(usize::from(pick) % hand.len().max(1))
            .unwrap_or(card(pick));
        let loose = self.table();
        // Some part of the table, chosen by the next byte's bits (cards past 8 always in).
        let mask = input.byte();
        let mut part = Cards::EMPTY;
        for (i, c) in loose.iter().enumerate() {
            if i >= 8 || mask >> i & 1 == 1 {
                part.insert(c);
            }
        }
        let piles = self.piles().iter().fold(Cards::EMPTY, |a, p| a | p.cards);
        Some(match kind % 5 {
            0 => Action::Trail(played),
            // A part of the table: often not a capture.
            1 => Action::Capture {
                played,
                taken: part,
            },
            // The whole table, piles included.
            2 => Action::Capture {
                played,
                taken: loose | piles,
            },
            3 => Action::Build {
                played,
                value: pick % 12,
                taken: part,
            },
            // Another seat's card.
            _ => {
                let other = PlayerId(((seat.index() + 1) % self.num_players()) as u8);
                let theirs = self.hand(other);
                Action::Trail(
                    theirs
                        .iter()
                        .nth(usize::from(pick) % theirs.len().max(1))
                        .unwrap_or(played),
                )
            }
        })
    }

    /// A table of dozens of loose cards, which trailing again and again can lay, has millions
    /// of captures and builds (36 cards: 4.5 million captures for one ten); past
    /// 4,096 legal actions (`MAX_LISTED`, an estimate from above) the run ends.
    fn too_many_actions(&self) -> bool {
        let table = self.table();
        let Some(seat) = self.to_act() else {
            return false;
        };
        if table.len() < 8 {
            return false;
        }
        let rules = self.rules();
        let mut listed = 0u64;
        for card in self.hand(seat).iter() {
            let piles = self
                .piles()
                .iter()
                .filter(|p| crate::cards::card_value(card) == Some(p.value))
                .count();
            let captures = count_captures(card, table, rules).unwrap_or(0) + 1;
            listed = listed.saturating_add(captures << piles.min(20));
            if rules.esun {
                for value in 1..=10 {
                    listed =
                        listed.saturating_add(count_builds(card, table, value, rules).unwrap_or(0));
                }
            }
        }
        listed > MAX_LISTED
    }

    fn check_state(&self) {
        check_state(self);
    }

    fn check_transition(&self, action: Action, after: &Elewenjewe) {
        check_transition(self, action, after);
    }

    fn check_view(&self, seat: PlayerId, view: &View) {
        assert_eq!(view.seat, seat);
        assert_eq!(view.hand, self.hand(seat), "a view shows another hand");
        assert_eq!(view.table, self.table(), "a view shows another table");
        assert_eq!(view.piles, self.piles(), "a view shows other piles");
        assert_eq!(view.totals, self.totals(), "a view shows other totals");
        assert_eq!(view.records, self.records(), "a view shows other records");
        assert_eq!(view.to_act, self.to_act());
        let n = self.num_players();
        let sizes: Vec<usize> = (0..n).map(|s| self.hand(PlayerId(s as u8)).len()).collect();
        assert_eq!(view.hand_sizes, sizes, "a view shows wrong hand sizes");
        let captured: Vec<usize> = (0..n)
            .map(|s| self.captured(PlayerId(s as u8)).len())
            .collect();
        assert_eq!(view.captured_sizes, captured, "wrong captured sizes");
        assert_eq!(
            view.captured.is_some(),
            self.rules().isiwo,
            "captured piles shown exactly with Isiwo"
        );
        assert_eq!(view.stock, self.stock().len());
    }

    fn view_seat(view: &View) -> Option<PlayerId> {
        Some(view.seat)
    }

    fn check_finished(&self) {
        let outcome = self.outcome().expect("a finished game has an outcome");
        assert_eq!(outcome.totals, self.totals(), "the outcome's totals");
        assert_eq!(outcome.rounds as usize, self.records().len());
        assert!(!outcome.winners.is_empty(), "a finished game has no winner");
        let best = self.totals().iter().copied().max().unwrap_or(0);
        for w in &outcome.winners {
            assert_eq!(
                self.totals()[w.index()],
                best,
                "a winner without the best total"
            );
        }
        assert!(
            best >= i64::from(self.rules().target) && outcome.winners.len() == 1
                || outcome.rounds >= self.rules().most_rounds(),
            "the game ended early: {outcome}"
        );
        assert_eq!(self.settlement().iter().sum::<i64>(), 0);
    }

    fn check_new(rules: &Rules, players: usize, result: &Result<Elewenjewe, SetupError>) {
        assert_eq!(
            rules.validate(players).is_ok(),
            result.is_ok(),
            "Game::new disagrees with the rules' validation for {players} seats: {result:?}"
        );
    }
}

/// The rules of a driven table for `players` seats: `dealer` picks the first dealer
/// (`% (players + 1)`: a seat, or the last value for one drawn from the seed); `preset` bits
/// 0–1 the preset (default, casual, yoruba, casual with Yorùbá), bit 2 Esun, bit 3 Isiwo, bits
/// 4–5 the leftovers (`% 3`), bit 6 the last player takes the table, bit 7 `MostCards`
/// scoring; `more` bits 0–1 the target (1 to 4, so that games end within the driver's steps),
/// bit 2 a round limit of 2, bit 3 `yoruba_pile_excludes_v`, bit 4 `yoruba_checks_piles`
/// (both with the Yorùbá rule and Esun only), bits 5–6 the Esun penalty (0 to 3; with Esun
/// only).
#[must_use]
pub fn rules_from(players: u8, dealer: u8, preset: u8, more: u8) -> Rules {
    let dealer = dealer % (players + 1);
    Rules {
        jokers: preset & 1 != 0,
        yoruba: preset & 2 != 0,
        esun: preset & 4 != 0,
        isiwo: preset & 8 != 0,
        leftovers: match preset >> 4 & 3 {
            0 => Leftovers::ToTable,
            1 => Leftovers::Unused,
            _ => Leftovers::OneCardHand,
        },
        last_player_takes: preset & 0x40 != 0,
        scoring: if preset & 0x80 == 0 {
            Scoring::LayoutAndMost
        } else {
            Scoring::MostCards
        },
        target: u32::from(more & 3) + 1,
        max_rounds: (more & 4 != 0).then_some(2),
        // The Yorùbá pile options and the penalty only where they mean something
        // (`Rules::validate` refuses them otherwise).
        yoruba_pile_excludes_v: preset & 6 == 6 && more & 8 != 0,
        yoruba_checks_piles: preset & 6 == 6 && more & 0x10 != 0,
        esun_penalty: if preset & 4 != 0 {
            u32::from(more >> 5 & 3)
        } else {
            1
        },
        first_dealer: (dealer < players).then_some(PlayerId(dealer)),
        ..Rules::default()
    }
}

// ---- states and transitions -------------------------------------------------------------------

/// The invariants of any position.
fn check_state(game: &Elewenjewe) {
    let n = game.num_players();
    let rules = game.rules();
    let seats = || PlayerId::all(n);
    // Cards conserved: every place disjoint, together the pack.
    let mut seen = Cards::EMPTY;
    let mut place = |what: &str, cards: Cards| {
        assert!(
            (seen & cards).is_empty(),
            "{what} shares cards with another place: {}",
            seen & cards
        );
        seen |= cards;
    };
    for seat in seats() {
        let hand = game.hand(seat);
        assert!(hand.len() <= 4, "seat {seat} holds {} cards", hand.len());
        place("a hand", hand);
        place("a captured pile", game.captured(seat));
    }
    place("the table", game.table());
    for pile in game.piles() {
        assert!(pile.owner.index() < n, "a pile's owner is not at the table");
        assert!(
            (1..=10).contains(&pile.value),
            "a pile for value {}",
            pile.value
        );
        assert!(
            pile.cards.len() >= 2,
            "a pile of {} cards",
            pile.cards.len()
        );
        place("a pile", pile.cards);
    }
    let stock: Cards = game.stock().iter().copied().collect();
    assert_eq!(stock.len(), game.stock().len(), "a card twice in the stock");
    place("the stock", stock);
    place("the set-aside cards", game.set_aside());
    assert_eq!(seen, Elewenjewe::deck(rules), "the cards are not the pack");
    if !rules.esun {
        assert!(game.piles().is_empty(), "a pile without Esun");
    }

    // Totals are the sum of the records' net.
    let mut totals = vec![0i64; n];
    for record in game.records() {
        assert_eq!(record.cards.len(), n, "a record's seats");
        assert!(record.dealer.index() < n, "a record's dealer");
        for (t, v) in totals.iter_mut().zip(record.net(rules).iter()) {
            *t += v;
        }
    }
    assert_eq!(game.totals(), totals, "totals are not the records' net");
    assert!(game.records().len() as u32 <= rules.most_rounds());
    assert!(game.dealer().index() < n, "the dealer is not at the table");
    if let Some(seat) = game.to_act() {
        assert!(seat.index() < n);
        assert!(
            !game.hand(seat).is_empty(),
            "seat {seat} to act with no cards"
        );
    }
}

/// What `action`, applied to `before`, must have done to reach `after`.
fn check_transition(before: &Elewenjewe, action: Action, after: &Elewenjewe) {
    let seat = before
        .to_act()
        .expect("an action was applied to a live game");
    let played = action.played();
    assert!(before.hand(seat).contains(played), "played a card not held");
    let records = before.records().len();
    assert!(after.records().len() >= records, "records were lost");
    assert!(
        after.records().len() <= records + 1,
        "one action ended two rounds"
    );
    assert_eq!(
        &after.records()[..records],
        before.records(),
        "a finished round's record changed"
    );
    if after.records().len() == records {
        assert_eq!(
            after.totals(),
            before.totals(),
            "totals moved within a round"
        );
        assert_eq!(after.round(), before.round());
        assert!(
            !after.hand(seat).contains(played),
            "the played card {played} is still in seat {seat}'s hand"
        );
        let others = after.hand(seat) - before.hand(seat);
        // Only a new batch adds cards to a hand.
        if !others.is_empty() {
            assert!(
                after.stock().len() < before.stock().len(),
                "cards joined a hand without a deal"
            );
        }
        // What the played card did: captured, on the table, or in a new pile (which dissolves
        // when the next batch is dealt).
        let dealt = after.stock().len() < before.stock().len();
        match action {
            Action::Trail(c) => assert!(after.table().contains(c), "a trailed card vanished"),
            Action::Capture { taken, .. } => assert!(
                taken.is_subset(after.captured(seat)) && after.captured(seat).contains(played),
                "a capture's cards are not among seat {seat}'s captured"
            ),
            Action::Build { value, .. } if !dealt => assert!(
                after
                    .piles()
                    .iter()
                    .any(|p| p.cards.contains(played) && p.value == value && p.owner == seat),
                "a built card is in no pile of its value"
            ),
            Action::Build { .. } => {}
        }
    }
}
