//! A whole Coiffeur game: the spec's scoring example, the choosing rules (passes, the forced
//! choice, skipped sides), Jokers, individual play, game length, the score sheet, returns,
//! conformance, setups, serde and refused actions.

use cards_core::{CardSet, GameRng, JassCard, JassSuit, RandomPlayer, Seed};
use cards_testkit::conformance::{Config, check};
use jass::{
    Action, Coiffeur, CoiffeurFactors, CoiffeurOutcome, CoiffeurRules, CoiffeurSetup, Contract,
    Game, Joker, Mode, PlayerId, RuleError, Rules, SeededDeal, SetupError, SheetCell, SheetEntry,
    SlalomStart, Slot, Variants, coiffeur_points, trick_points, trick_winner,
};

fn team() -> Rules {
    Rules::default()
}

fn individual() -> Rules {
    Rules {
        coiffeur: CoiffeurRules {
            individual: true,
            ..CoiffeurRules::default()
        },
        ..Rules::default()
    }
}

fn with_extras(mut rules: Rules) -> Rules {
    rules.coiffeur.extras = Variants::ALL;
    rules
}

/// Plays a whole game with random moves, calling `each` on every state before its action.
fn random_game(rules: &Rules, seed: u64, mut each: impl FnMut(&Coiffeur, Action)) -> Coiffeur {
    let mut game = Coiffeur::new(rules, 4, Seed::from(seed)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(seed ^ 0xc0ff));
    let mut buf = Vec::new();
    while let Some(action) = player.choose(&game, &mut buf) {
        each(&game, action);
        game.play(action).unwrap();
    }
    game
}

/// Plays on with the first legal action until `stop` says so or the game ends.
fn play_first(game: &mut Coiffeur, mut stop: impl FnMut(&Coiffeur) -> bool) {
    let mut moves = Vec::new();
    while game.to_act().is_some() && !stop(game) {
        game.legal_actions(&mut moves);
        game.play(moves[0]).unwrap();
    }
}

/// The contract a slot is played as in hand-made sheets.
fn contract_of(slot: Slot) -> Contract {
    match slot {
        Slot::Mode(mode) => Contract::Mode(mode),
        Slot::Joker(_) => Contract::Mode(Mode::Obenabe),
        Slot::Slalom => Contract::Slalom(SlalomStart::Undenufe),
        Slot::Guschti => Contract::Guschti,
        Slot::Mary => Contract::Mary,
        _ => Contract::Trio,
    }
}

/// A filled cell with the right points.
fn cell(
    rules: &Rules,
    side: usize,
    slot: Slot,
    declarer: u8,
    card_points: u32,
    deal: u32,
) -> SheetCell {
    let factor = slot.factor(&rules.coiffeur.factors);
    SheetCell {
        side,
        slot,
        entry: SheetEntry {
            contract: contract_of(slot),
            declarer: PlayerId(declarer),
            card_points,
            matched: false,
            points: coiffeur_points(card_points, false, factor),
            deal,
        },
    }
}

/// Shuffled hands (a seeded deal's).
fn plain_hands() -> [CardSet<JassCard>; 4] {
    let deal = SeededDeal::first(Seed::from(99), 4, None);
    core::array::from_fn(|s| deal.hand(PlayerId(s as u8)).iter().copied().collect())
}

/// A setup at the start of deal `sheet.len()` (numbered in the order given), dealt by `dealer`.
fn setup_with(sheet: Vec<SheetCell>, dealer: u8) -> CoiffeurSetup {
    let mut sheet = sheet;
    for (k, c) in sheet.iter_mut().enumerate() {
        c.entry.deal = k as u32;
    }
    CoiffeurSetup {
        seed: Seed::from(99),
        deal_number: sheet.len() as u32,
        sheet,
        dealer: PlayerId(dealer),
        hands: plain_hands(),
        choices: Vec::new(),
        trio: Vec::new(),
        plays: Vec::new(),
    }
}

/// Every slot of the base table filled for `side`, declared by `declarer`, scoring 0.
fn full_side(rules: &Rules, side: usize, declarer: u8) -> Vec<SheetCell> {
    rules
        .coiffeur
        .slots()
        .map(|slot| cell(rules, side, slot, declarer, 0, 0))
        .collect()
}

fn legal(game: &Coiffeur) -> Vec<Action> {
    let mut moves = Vec::new();
    game.legal_actions(&mut moves);
    moves
}

/// Refuses `action` with `error`, leaving the game exactly as it was.
fn refused(game: &Coiffeur, action: Action, error: RuleError) {
    let mut probe = *game;
    assert_eq!(probe.play(action), Err(error.clone()), "{action}");
    assert_eq!(probe, *game);
    assert_eq!(game.apply(action), Err(error));
}

// ---- Scoring ----

/// The spec: "123 at ×4 → 48; a Match, 257, at ×4 → 100".
#[test]
fn spec_scoring_example() {
    assert_eq!(coiffeur_points(123, false, 4), 48);
    assert_eq!(coiffeur_points(157, true, 4), 100);
    assert_eq!(coiffeur_points(9, false, 8), 0);
    assert_eq!(coiffeur_points(157, false, 1), 15);
}

/// A constructed Match: the declarer holds all nine clubs, names ♣ (×4) and takes every
/// trick: 157 card points + 100 → 25 × 4 = 100.
#[test]
fn spec_match_at_clubs() {
    let rules = team();
    let clubs: CardSet<JassCard> = JassCard::ALL
        .into_iter()
        .filter(|c| c.suit() == JassSuit::Clubs)
        .collect();
    let rest: Vec<JassCard> = (!clubs).iter().collect();
    let mut hands = [clubs; 4];
    for s in 0..3 {
        hands[[0, 2, 3][s]] = rest[9 * s..9 * s + 9].iter().copied().collect();
    }
    let mut setup = setup_with(Vec::new(), 0);
    setup.hands = hands;
    let mut game = Coiffeur::from_setup(&rules, setup).unwrap();
    assert_eq!(game.to_act(), Some(PlayerId(1)));
    game.play(Action::Name(Contract::Mode(Mode::Trump(JassSuit::Clubs))))
        .unwrap();
    assert_eq!(game.declarer(), Some(PlayerId(1)));
    play_first(&mut game, |g| g.deal_number() > 0);
    let sheet = game.score_sheet();
    let row = sheet
        .slots
        .iter()
        .position(|s| s.slot == Slot::Mode(Mode::Trump(JassSuit::Clubs)))
        .unwrap();
    assert_eq!(sheet.slots[row].factor, 4);
    let entry = sheet.sides[1].entries[row].unwrap();
    assert_eq!(
        (entry.card_points, entry.matched, entry.points),
        (157, true, 100)
    );
    assert_eq!(sheet.sides[1].total, 100);
    assert_eq!(sheet.sides[0].total, 0);
    assert!(sheet.sides[0].entries.iter().all(Option::is_none));
}

/// Every deal: only the declaring side scores, the deal's card points as the tricks give
/// them (team play: both partners' tricks; individual play: the declarer's alone), the
/// Match only for all nine tricks, and the points by the formula at the slot's factor.
#[test]
fn deal_scores_count_the_declaring_side_only() {
    for rules in [team(), individual(), with_extras(individual())] {
        for seed in 0..4 {
            let mut expected: Vec<(u32, usize, Slot, u32, bool)> = Vec::new();
            let game = random_game(&rules, seed, |g, action| {
                let (Some(contract), Some(declarer), Some(slot)) =
                    (g.contract(), g.declarer(), g.slot())
                else {
                    return;
                };
                if g.plays().len() != 35 {
                    return;
                }
                let Action::Play(card) = action else {
                    panic!("{action}")
                };
                // The last trick, completed by this card.
                let mut cards = g.plays()[32..].to_vec();
                cards.push(card);
                let trio = g.trio_modes();
                let mode = contract.trick_mode(8, trio).unwrap();
                let counting = contract.counting_mode(trio).unwrap();
                let leader = (g.to_act().unwrap().index() + 1) % 4;
                let winner = (leader + trick_winner(&cards, mode)) % 4;
                let mut points = g.card_points();
                points[winner] += trick_points(&cards, counting, true);
                let side = rules.coiffeur.side_of(declarer);
                let seats = rules.coiffeur.seats_of(side);
                let cp: u32 = seats.iter().map(|s| points[s.index()]).sum();
                // A Match: the side's seats took all nine tricks.
                let matched = seats.contains(&PlayerId(winner as u8))
                    && g.view(declarer)
                        .tricks
                        .iter()
                        .all(|t| seats.contains(&t.winner));
                expected.push((g.deal_number(), side, slot, cp, matched));
            });
            let sheet = game.score_sheet();
            assert_eq!(expected.len() as u32, rules.coiffeur.deals());
            for (deal, side, slot, cp, matched) in expected {
                let row = sheet.slots.iter().position(|s| s.slot == slot).unwrap();
                let e = sheet.sides[side].entries[row].unwrap();
                assert_eq!((e.deal, e.card_points, e.matched), (deal, cp, matched));
                assert_eq!(
                    e.points,
                    coiffeur_points(cp, matched, sheet.slots[row].factor)
                );
                assert_eq!(rules.coiffeur.side_of(e.declarer), side);
            }
            // Totals are the sums of the cells.
            for side in &sheet.sides {
                let sum: u32 = side.entries.iter().flatten().map(|e| e.points).sum();
                assert_eq!(side.total, sum);
            }
            assert_eq!(game.totals(), sheet.totals());
            assert_eq!(game.outcome().unwrap().totals, sheet.totals());
        }
    }
}

/// In individual play the partner's tricks do not count: one deal played the same way
/// under both rules, the individual entry is the declarer's own points only.
#[test]
fn individual_play_counts_the_declarers_tricks_only() {
    let mut differed = 0;
    for seed in 0..8u64 {
        let mut by_rules = Vec::new();
        for rules in [team(), individual()] {
            let setup = setup_with(Vec::new(), (seed % 4) as u8);
            let mut game = Coiffeur::from_setup(&rules, setup).unwrap();
            game.play(Action::Name(Contract::Mode(Mode::Obenabe)))
                .unwrap();
            let declarer = game.declarer().unwrap();
            let mut seat_points = [0; 4];
            // The same random plays under both rules: the legal cards do not depend on them.
            let mut player = RandomPlayer::new(Seed::from(seed));
            let mut buf = Vec::new();
            while game.deal_number() == 0 {
                if game.plays().len() == 35 {
                    seat_points = game.card_points();
                }
                let action = player.choose(&game, &mut buf).unwrap();
                game.play(action).unwrap();
            }
            let entry = game
                .score_sheet()
                .sides
                .iter()
                .flat_map(|s| s.entries.iter().flatten())
                .copied()
                .next()
                .unwrap();
            assert_eq!(entry.declarer, declarer);
            by_rules.push((entry, seat_points, declarer));
        }
        let (team_entry, team_points, _) = by_rules[0];
        let (solo_entry, seat_points, declarer) = by_rules[1];
        assert_eq!(team_points, seat_points);
        // The team entry adds the partner's tricks; the individual one is the declarer's.
        let partner = (declarer.index() + 2) % 4;
        assert!(solo_entry.card_points >= seat_points[declarer.index()]);
        assert!(team_entry.card_points >= solo_entry.card_points + seat_points[partner]);
        differed += usize::from(solo_entry.card_points < team_entry.card_points);
    }
    assert!(differed > 0, "some deal gives the partner a trick");
}

// ---- Choosing ----

/// Forehand chooses first; each seat may pass once; after four passes forehand must choose.
#[test]
fn pass_chain_then_forced_choice() {
    let rules = team();
    let mut game = Coiffeur::new(&rules, 4, Seed::from(5)).unwrap();
    let forehand = game.forehand();
    assert_eq!(forehand, PlayerId((game.dealer().0 + 1) % 4));
    for k in 0..4u8 {
        assert_eq!(game.to_act(), Some(PlayerId((forehand.0 + k) % 4)));
        let moves = legal(&game);
        assert_eq!(moves.len(), 6 + 12 + 1, "{moves:?}");
        assert_eq!(moves.last(), Some(&Action::Pass));
        game.play(Action::Pass).unwrap();
        assert_eq!(game.passed().len(), usize::from(k) + 1);
    }
    assert_eq!(game.to_act(), Some(forehand));
    let moves = legal(&game);
    assert!(!moves.contains(&Action::Pass));
    assert_eq!(moves.len(), 18);
    refused(
        &game,
        Action::Pass,
        RuleError::MustChoose { seat: forehand },
    );
    game.play(Action::Joker(Joker::Eight, Mode::Undenufe))
        .unwrap();
    assert_eq!(game.declarer(), Some(forehand));
    assert_eq!(game.slot(), Some(Slot::Joker(Joker::Eight)));
    assert_eq!(game.contract(), Some(Contract::Mode(Mode::Undenufe)));
    // The declarer leads.
    assert_eq!(game.to_act(), Some(forehand));
    assert_eq!(game.setup().choices.len(), 5);
}

/// The legal order: the modes in Mode::ALL order, the Jokers, the extras, then pass.
#[test]
fn choice_order() {
    let rules = with_extras(team());
    let game = Coiffeur::new(&rules, 4, Seed::from(1)).unwrap();
    let moves = legal(&game);
    let mut expected: Vec<Action> = Mode::ALL
        .into_iter()
        .map(|m| Action::Name(Contract::Mode(m)))
        .collect();
    for j in Joker::ALL {
        expected.extend(Mode::ALL.map(|m| Action::Joker(j, m)));
    }
    expected.extend(Contract::VARIANTS.map(Action::Name));
    expected.push(Action::Pass);
    assert_eq!(moves, expected);
    // Without extras they are not on the sheet.
    let game = Coiffeur::new(&team(), 4, Seed::from(1)).unwrap();
    refused(
        &game,
        Action::Name(Contract::Trio),
        RuleError::NotOpen {
            action: Action::Name(Contract::Trio),
        },
    );
}

/// Seats whose side has nothing open are skipped; the eligible seats pass once each, then
/// the first of them must choose.
#[test]
fn sides_with_nothing_open_are_skipped() {
    let rules = individual();
    let mut sheet = full_side(&rules, 1, 1);
    sheet.extend(full_side(&rules, 2, 2));
    // Dealer 0: seats 1 and 2 have nothing open, so seat 3 chooses first, then seat 0.
    let mut game = Coiffeur::from_setup(&rules, setup_with(sheet, 0)).unwrap();
    assert_eq!(game.deal_number(), 16);
    assert_eq!(game.to_act(), Some(PlayerId(3)));
    game.play(Action::Pass).unwrap();
    assert_eq!(game.to_act(), Some(PlayerId(0)));
    game.play(Action::Pass).unwrap();
    assert_eq!(game.passed(), vec![PlayerId(3), PlayerId(0)]);
    assert_eq!(game.to_act(), Some(PlayerId(3)));
    refused(
        &game,
        Action::Pass,
        RuleError::MustChoose { seat: PlayerId(3) },
    );
    game.play(Action::Name(Contract::Mode(Mode::Obenabe)))
        .unwrap();
    assert_eq!(game.declarer(), Some(PlayerId(3)));

    // Team play: side 0 is full, so only seats 1 and 3 choose.
    let rules = team();
    let game = Coiffeur::from_setup(&rules, setup_with(full_side(&rules, 0, 2), 1)).unwrap();
    assert_eq!(game.to_act(), Some(PlayerId(3)));
    let mut game = game;
    game.play(Action::Pass).unwrap();
    assert_eq!(game.to_act(), Some(PlayerId(1)));
    game.play(Action::Pass).unwrap();
    assert_eq!(game.to_act(), Some(PlayerId(3)));
    assert!(!legal(&game).contains(&Action::Pass));
}

/// A seat that is the only eligible one must choose at once.
#[test]
fn only_eligible_seat_chooses_at_once() {
    let rules = individual();
    let mut sheet = Vec::new();
    for side in 0..3 {
        sheet.extend(full_side(&rules, side, side as u8));
    }
    // Seat 3 has only undenufe and joker8 left: fill the rest.
    for slot in [
        Slot::Mode(Mode::Trump(JassSuit::Diamonds)),
        Slot::Mode(Mode::Trump(JassSuit::Hearts)),
        Slot::Mode(Mode::Trump(JassSuit::Spades)),
        Slot::Mode(Mode::Trump(JassSuit::Clubs)),
        Slot::Mode(Mode::Obenabe),
        Slot::Joker(Joker::Seven),
    ] {
        sheet.push(cell(&rules, 3, slot, 3, 0, 0));
    }
    let game = Coiffeur::from_setup(&rules, setup_with(sheet, 3)).unwrap();
    assert_eq!(game.to_act(), Some(PlayerId(3)));
    let mut expected = vec![Action::Name(Contract::Mode(Mode::Undenufe))];
    expected.extend(Mode::ALL.map(|m| Action::Joker(Joker::Eight, m)));
    assert_eq!(legal(&game), expected);
    refused(
        &game,
        Action::Pass,
        RuleError::MustChoose { seat: PlayerId(3) },
    );
    for used in [
        Action::Name(Contract::Mode(Mode::Obenabe)),
        Action::Joker(Joker::Seven, Mode::Undenufe),
    ] {
        refused(&game, used, RuleError::NotOpen { action: used });
    }
    // The view alone gives the same choices.
    let mut from_view = Vec::new();
    Coiffeur::view_legal_actions(&game.view(PlayerId(3)), &mut from_view);
    assert_eq!(from_view, expected);
}

/// A Joker may be played as a mode its side already played, at the Joker's factor.
#[test]
fn joker_as_a_mode_already_played() {
    let rules = team();
    let diamonds = Slot::Mode(Mode::Trump(JassSuit::Diamonds));
    let sheet = vec![
        cell(&rules, 0, diamonds, 0, 80, 0),
        cell(&rules, 1, diamonds, 1, 90, 0),
    ];
    // Dealer 3: seat 0 (side 0) chooses.
    let mut game = Coiffeur::from_setup(&rules, setup_with(sheet, 3)).unwrap();
    let d = Mode::Trump(JassSuit::Diamonds);
    refused(
        &game,
        Action::Name(Contract::Mode(d)),
        RuleError::NotOpen {
            action: Action::Name(Contract::Mode(d)),
        },
    );
    assert!(legal(&game).contains(&Action::Joker(Joker::Seven, d)));
    game.play(Action::Joker(Joker::Seven, d)).unwrap();
    assert_eq!(game.contract(), Some(Contract::Mode(d)));
    play_first(&mut game, |g| g.deal_number() > 2);
    let sheet = game.score_sheet();
    let row = sheet
        .slots
        .iter()
        .position(|s| s.slot == Slot::Joker(Joker::Seven))
        .unwrap();
    let e = sheet.sides[0].entries[row].unwrap();
    assert_eq!(e.contract, Contract::Mode(d));
    assert_eq!(e.deal, 2);
    assert_eq!(e.points, coiffeur_points(e.card_points, e.matched, 7));
    assert_eq!(sheet.sides[0].total, 8 + e.points);
    // Drawn: the sheet shows the Joker's mode.
    assert!(sheet.to_string().contains("trump:D"), "{sheet}");
}

// ---- Game length, the sheet, dealing ----

#[test]
fn game_length_and_every_cell_filled_once() {
    let cases = [
        (team(), 16),
        (individual(), 32),
        (with_extras(team()), 24),
        (with_extras(individual()), 48),
        (
            Rules {
                coiffeur: CoiffeurRules {
                    extras: Variants {
                        trio: true,
                        ..Variants::default()
                    },
                    ..CoiffeurRules::default()
                },
                ..Rules::default()
            },
            18,
        ),
    ];
    for (rules, deals) in cases {
        assert_eq!(rules.coiffeur.deals(), deals);
        for seed in 0..2 {
            let mut actions = 0;
            let game = random_game(&rules, seed, |_, _| actions += 1);
            assert!(actions <= Coiffeur::max_actions(&rules, 4));
            let outcome = game.outcome().unwrap();
            assert_eq!(outcome.deals, deals);
            assert_eq!(game.deal_number() + 1, deals);
            let sheet = game.score_sheet();
            let mut seen: Vec<u32> = sheet
                .sides
                .iter()
                .flat_map(|s| s.entries.iter())
                .map(|e| e.expect("every cell filled").deal)
                .collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..deals).collect::<Vec<_>>());
            assert_eq!(
                sheet.slots.len() * sheet.sides.len(),
                deals as usize,
                "{sheet}"
            );
            assert_eq!(sheet.totals(), outcome.totals);
            // Drawn: one line per slot, a header and the totals.
            assert_eq!(sheet.to_string().lines().count(), sheet.slots.len() + 2);
            assert!(!outcome.to_string().is_empty());
        }
    }
}

/// A deal's number, dealer, hands as dealt and first seat to act.
type DealSeen = (u32, PlayerId, [CardSet<JassCard>; 4], Option<PlayerId>);

/// Deal 0 is `SeededDeal::first`; each later deal `SeededDeal::later`, dealt by the next seat;
/// the seat after the dealer chooses first.
#[test]
fn dealing_and_rotation() {
    let rules = Rules {
        first_dealer: Some(PlayerId(2)),
        ..team()
    };
    for seed in [3u64, 8] {
        let mut deals: Vec<DealSeen> = Vec::new();
        random_game(&rules, seed, |g, _| {
            if deals.last().is_none_or(|d| d.0 != g.deal_number()) {
                let hands = [0, 1, 2, 3].map(|s| g.dealt_hand(PlayerId(s)));
                deals.push((g.deal_number(), g.dealer(), hands, g.to_act()));
            }
        });
        assert_eq!(deals.len(), 16);
        let mut dealer = PlayerId(2);
        for (k, &(n, d, hands, first)) in deals.iter().enumerate() {
            let table = if k == 0 {
                SeededDeal::first(Seed::from(seed), 4, rules.first_dealer)
            } else {
                SeededDeal::later(Seed::from(seed), n, 4, PlayerId((dealer.0 + 1) % 4))
            };
            assert_eq!(n as usize, k);
            assert_eq!(d, table.dealer);
            let expected: [CardSet<JassCard>; 4] =
                core::array::from_fn(|s| table.hand(PlayerId(s as u8)).iter().copied().collect());
            assert_eq!(hands, expected);
            // The seat after the dealer chooses first (while every side has a slot open).
            if k < 8 {
                assert_eq!(first, Some(table.forehand));
            }
            dealer = d;
        }
    }
    // Without a fixed dealer, deal 0's dealer comes from the seed.
    let game = Coiffeur::new(&team(), 4, Seed::from(11)).unwrap();
    assert_eq!(
        game.dealer(),
        SeededDeal::first(Seed::from(11), 4, None).dealer
    );
}

// ---- Returns ----

#[test]
fn returns_from_totals() {
    let r = |totals: &[u32]| {
        let o = CoiffeurOutcome::from_totals(totals.to_vec(), 16);
        (o.returns(), o.settlement(), o.winners.clone())
    };
    // Team play: ±1, a tie all 0.
    assert_eq!(r(&[500, 400]).0, [1.0, -1.0, 1.0, -1.0]);
    assert_eq!(r(&[300, 400]).1, [-1, 1, -1, 1]);
    assert_eq!(r(&[400, 400]).0, [0.0; 4]);
    assert_eq!(r(&[400, 400]).2, vec![0, 1]);
    // Individual: a sole winner +3, the others −1 (settlement ×3).
    assert_eq!(r(&[10, 90, 20, 30]).0, [-1.0, 3.0, -1.0, -1.0]);
    assert_eq!(r(&[10, 90, 20, 30]).1, [-3, 9, -3, -3]);
    // Two tied: (4−2)/2 = 1 each.
    assert_eq!(r(&[90, 10, 90, 30]).0, [1.0, -1.0, 1.0, -1.0]);
    assert_eq!(r(&[90, 10, 90, 30]).1, [3, -3, 3, -3]);
    // Three tied: 1/3 each.
    let (ret, set, _) = r(&[5, 90, 90, 90]);
    assert_eq!(set, [-3, 1, 1, 1]);
    assert!((ret[1] - 1.0 / 3.0).abs() < 1e-12 && ret[0] == -1.0);
    assert!(ret.iter().sum::<f64>().abs() < 1e-12);
    // All four tied: 0.
    assert_eq!(r(&[7, 7, 7, 7]).0, [0.0; 4]);
    for totals in [
        &[1u32, 2][..],
        &[3, 3],
        &[1, 2, 3, 4],
        &[4, 4, 1, 4],
        &[0, 0, 0, 0],
    ] {
        let (ret, set, _) = r(totals);
        assert_eq!(set.iter().sum::<i64>(), 0);
        assert!(ret.iter().sum::<f64>().abs() < 1e-12);
    }
}

/// Near the end through a setup: the last open slot has factor 0, so the sheet's totals
/// decide; whole-game returns as the spec says.
#[test]
fn returns_at_the_end_of_a_game() {
    let zero_undenufe = |individual: bool| Rules {
        coiffeur: CoiffeurRules {
            individual,
            factors: CoiffeurFactors {
                undenufe: 0,
                ..CoiffeurFactors::default()
            },
            ..CoiffeurRules::default()
        },
        ..Rules::default()
    };
    let obenabe = Slot::Mode(Mode::Obenabe);
    let undenufe = Slot::Mode(Mode::Undenufe);
    // The sides' obenabe (×5) card points; the last side leaves undenufe open.
    let game_with = |rules: &Rules, cps: &[u32]| {
        let sides = cps.len();
        let mut sheet = Vec::new();
        for (side, &cp) in cps.iter().enumerate() {
            for slot in rules.coiffeur.slots() {
                if side == sides - 1 && slot == undenufe {
                    continue;
                }
                let cp = if slot == obenabe { cp } else { 0 };
                sheet.push(cell(rules, side, slot, side as u8, cp, 0));
            }
        }
        let mut game = Coiffeur::from_setup(rules, setup_with(sheet, 0)).unwrap();
        assert_eq!(game.deal_number() + 1, rules.coiffeur.deals());
        play_first(&mut game, |_| false);
        game
    };
    let rules = zero_undenufe(false);
    let game = game_with(&rules, &[100, 90]);
    assert_eq!(game.returns(), [1.0, -1.0, 1.0, -1.0]);
    assert_eq!(game.outcome().unwrap().totals, vec![50, 45]);
    let game = game_with(&rules, &[100, 100]);
    assert_eq!(game.returns(), [0.0; 4]);
    assert!(game.outcome().unwrap().to_string().contains("tie"));

    let rules = zero_undenufe(true);
    let cases: [([u32; 4], [i64; 4]); 4] = [
        ([100, 20, 30, 40], [9, -3, -3, -3]),
        ([100, 100, 30, 40], [3, 3, -3, -3]),
        ([0, 100, 100, 100], [-3, 1, 1, 1]),
        ([60, 60, 60, 60], [0, 0, 0, 0]),
    ];
    for (cps, settlement) in cases {
        let game = game_with(&rules, &cps);
        assert_eq!(game.settlement(), settlement, "{cps:?}");
        let returns = game.returns();
        for s in 0..4 {
            assert!((returns[s] - settlement[s] as f64 / 3.0).abs() < 1e-12);
        }
        assert!(
            game.outcome()
                .unwrap()
                .to_string()
                .contains("after 32 deals")
        );
    }
}

// ---- Whole games ----

#[test]
fn random_games_end_zero_sum_and_play_equals_apply() {
    for rules in [team(), individual(), with_extras(team())] {
        for seed in 10..14 {
            let mut n = 0;
            let game = random_game(&rules, seed, |g, action| {
                n += 1;
                let mut played = *g;
                played.play(action).unwrap();
                assert_eq!(g.apply(action).unwrap(), played);
                assert_eq!(g.settlement(), [0; 4]);
            });
            assert!(game.is_terminal());
            assert!(n <= Coiffeur::max_actions(&rules, 4));
            assert_eq!(game.settlement().iter().sum::<i64>(), 0);
            assert!(game.returns().iter().sum::<f64>().abs() < 1e-9);
            assert!(legal(&game).is_empty());
            refused(&game, Action::Pass, RuleError::GameOver);
        }
    }
}

fn run(rules: Rules, seeds: std::ops::Range<u64>, config: Config) {
    let report = check::<Coiffeur>(&rules, 4, seeds.map(Seed::from), config)
        .unwrap_or_else(|v| panic!("{v}"));
    assert!(report.illegal_refused > 0, "{report:?}");
    assert!(report.worlds_differing > 0, "{report:?}");
}

/// Views and worlds every few states keep a whole game (600+ states) quick in debug builds;
/// `conformance_every_view` checks them at every state of a few games.
fn sparse() -> Config {
    Config {
        view_every: 5,
        ..Config::default()
    }
}

#[test]
fn conformance_team() {
    run(team(), 0..24, sparse());
}

#[test]
fn conformance_individual() {
    run(individual(), 100..112, sparse());
}

#[test]
fn conformance_extras() {
    run(with_extras(team()), 200..208, sparse());
    run(with_extras(individual()), 300..304, sparse());
}

/// The play options change what a seat's cards prove (voids), so the sampled worlds.
#[test]
fn conformance_play_options() {
    let rules = Rules {
        play: jass::PlayRules {
            buur_exception: false,
            undertrump_when_void: true,
        },
        first_dealer: Some(PlayerId(1)),
        ..with_extras(team())
    };
    run(rules, 500..508, sparse());
}

/// Views and sampled worlds at every state.
#[test]
fn conformance_every_view() {
    let rules = Rules {
        first_dealer: Some(PlayerId(3)),
        ..with_extras(team())
    };
    run(rules, 400..402, Config::default());
    run(individual(), 410..412, Config::default());
}

// ---- Setups, serde, refusals ----

#[test]
fn serde_round_trips() {
    let rules = with_extras(individual());
    let mut checked = 0;
    random_game(&rules, 21, |g, _| {
        checked += 1;
        if checked % 37 != 0 {
            return;
        }
        let json = serde_json::to_string(g).unwrap();
        let back: Coiffeur = serde_json::from_str(&json).unwrap();
        assert_eq!(back, *g);
        let setup = g.setup();
        let json = serde_json::to_string(&setup).unwrap();
        let back: CoiffeurSetup = serde_json::from_str(&json).unwrap();
        assert_eq!(back, setup);
        assert_eq!(Coiffeur::from_setup(&rules, back).unwrap(), *g);
        for seat in 0..4 {
            let view = g.view(PlayerId(seat));
            let json = serde_json::to_string(&view).unwrap();
            let back: jass::CoiffeurView = serde_json::from_str(&json).unwrap();
            assert_eq!(back, view);
            let world = view
                .sample_world(&mut GameRng::for_deal(Seed::from(1), 0))
                .unwrap();
            assert_eq!(world.view(PlayerId(seat)), view);
        }
    });
    assert!(checked > 37 * 10);
    // The slot text is the serde form.
    let slot: Slot = serde_json::from_str("\"joker8\"").unwrap();
    assert_eq!(slot, Slot::Joker(Joker::Eight));
    assert_eq!(
        serde_json::to_string(&Slot::Mode(Mode::Trump(JassSuit::Hearts))).unwrap(),
        "\"trump:H\""
    );
    assert!("joker9".parse::<Slot>().is_err());
    for slot in Slot::ALL {
        assert_eq!(slot.to_string().parse::<Slot>(), Ok(slot));
    }
}

#[test]
fn illegal_actions_are_refused_unchanged() {
    let rules = with_extras(team());
    let mut game = Coiffeur::new(&rules, 4, Seed::from(2)).unwrap();
    let card = game.hand(game.to_act().unwrap()).iter().next().unwrap();
    for (action, error) in [
        (
            Action::Push,
            RuleError::OtherGame {
                action: Action::Push,
                game: "Coiffeur",
            },
        ),
        (
            Action::Predict(3),
            RuleError::OtherGame {
                action: Action::Predict(3),
                game: "Coiffeur",
            },
        ),
        (
            Action::Play(card),
            RuleError::ContractFirst {
                action: Action::Play(card),
            },
        ),
        (
            Action::TrioMode(Mode::Obenabe),
            RuleError::ContractFirst {
                action: Action::TrioMode(Mode::Obenabe),
            },
        ),
    ] {
        refused(&game, action, error);
    }
    game.play(Action::Name(Contract::Trio)).unwrap();
    let leader = game.to_act().unwrap();
    assert_eq!(Some(leader), game.declarer());
    // A Trio: the leader names the first segment's mode before any card.
    let card = game.hand(leader).iter().next().unwrap();
    refused(
        &game,
        Action::Play(card),
        RuleError::TrioTurn {
            action: Action::Play(card),
            why: "the leader names this Trio segment's mode first",
        },
    );
    for action in [
        Action::Pass,
        Action::Name(Contract::Mary),
        Action::Joker(Joker::Seven, Mode::Obenabe),
    ] {
        refused(&game, action, RuleError::ContractNamed { action });
    }
    assert_eq!(legal(&game), Mode::ALL.map(Action::TrioMode).to_vec());
    game.play(Action::TrioMode(Mode::Trump(JassSuit::Hearts)))
        .unwrap();
    // A card from another hand.
    let stranger = game
        .hand(PlayerId((leader.0 + 1) % 4))
        .iter()
        .next()
        .unwrap();
    refused(
        &game,
        Action::Play(stranger),
        RuleError::NotInHand {
            seat: leader,
            card: stranger,
        },
    );
    refused(
        &game,
        Action::TrioMode(Mode::Obenabe),
        RuleError::TrioTurn {
            action: Action::TrioMode(Mode::Obenabe),
            why: "a Trio mode is named only at the start of tricks 1, 4 and 7 of a Trio",
        },
    );
    // Through trick 3, then the second segment: hearts is used, another trump suit too.
    play_first(&mut game, |g| g.plays().len() == 12);
    refused(
        &game,
        Action::TrioMode(Mode::Trump(JassSuit::Spades)),
        RuleError::TrioModeUsed {
            mode: Mode::Trump(JassSuit::Spades),
        },
    );
    assert_eq!(
        legal(&game),
        vec![
            Action::TrioMode(Mode::Obenabe),
            Action::TrioMode(Mode::Undenufe)
        ]
    );
}

#[test]
fn bad_setups_are_refused() {
    let rules = team();
    let ok = setup_with(
        vec![cell(&rules, 0, Slot::Mode(Mode::Obenabe), 2, 57, 0)],
        0,
    );
    let game = Coiffeur::from_setup(&rules, ok.clone()).unwrap();
    assert_eq!(game.totals(), vec![25, 0]);
    let refuse = |setup: CoiffeurSetup| Coiffeur::from_setup(&rules, setup).unwrap_err();

    // The same slot twice for a side.
    let mut s = ok.clone();
    s.sheet
        .push(cell(&rules, 0, Slot::Mode(Mode::Obenabe), 0, 10, 1));
    s.deal_number = 2;
    assert!(matches!(
        refuse(s),
        SetupError::IllegalChoice {
            error: RuleError::NotOpen { .. },
            ..
        }
    ));
    // A slot not on the sheet.
    let mut s = ok.clone();
    s.sheet[0] = cell(&rules, 0, Slot::Trio, 0, 0, 0);
    assert!(matches!(
        refuse(s),
        SetupError::IllegalChoice {
            error: RuleError::NotOpen { .. },
            ..
        }
    ));
    // A Joker cell played as an extra.
    let mut s = ok.clone();
    s.sheet[0].slot = Slot::Joker(Joker::Seven);
    s.sheet[0].entry.contract = Contract::Guschti;
    assert!(matches!(
        refuse(s),
        SetupError::IllegalChoice {
            error: RuleError::NotOpen { .. },
            ..
        }
    ));
    // Wrong points, too many card points, a Match short of 157, a declarer of the other
    // side, a side not at the table, a deal out of range, a missing cell, a game past its end.
    let mut bad: Vec<CoiffeurSetup> = Vec::new();
    let mut s = ok.clone();
    s.sheet[0].entry.points += 1;
    bad.push(s);
    let mut s = ok.clone();
    s.sheet[0].entry.card_points = 158;
    bad.push(s);
    let mut s = ok.clone();
    s.sheet[0].entry.matched = true;
    bad.push(s);
    let mut s = ok.clone();
    s.sheet[0].entry.declarer = PlayerId(1);
    bad.push(s);
    let mut s = ok.clone();
    s.sheet[0].side = 2;
    bad.push(s);
    let mut s = ok.clone();
    s.sheet[0].entry.deal = 1;
    bad.push(s);
    let mut s = ok.clone();
    s.deal_number = 2;
    bad.push(s);
    let mut s = ok.clone();
    s.deal_number = 16;
    bad.push(s);
    for s in bad {
        let e = refuse(s.clone());
        assert!(matches!(e, SetupError::Sheet { .. }), "{e} for {s:?}");
    }
    let mut s = ok.clone();
    s.sheet[0].entry.declarer = PlayerId(4);
    assert!(matches!(refuse(s), SetupError::SeatNotAtTable { .. }));
    let mut s = ok.clone();
    s.dealer = PlayerId(4);
    assert!(matches!(refuse(s), SetupError::SeatNotAtTable { .. }));
    // Hands: a card twice.
    let mut s = ok.clone();
    let card = s.hands[0].iter().next().unwrap();
    s.hands[1].remove(s.hands[1].iter().next().unwrap());
    s.hands[1].insert(card);
    assert!(matches!(refuse(s), SetupError::Cards { .. }));
    // Choices: a pass by the seat that must choose, a used slot, a card before the choice.
    let mut s = ok.clone();
    s.choices = vec![Action::Pass; 5];
    assert!(matches!(
        refuse(s),
        SetupError::IllegalChoice {
            error: RuleError::MustChoose { .. },
            ..
        }
    ));
    let mut s = ok.clone();
    s.dealer = PlayerId(3); // seat 0 (side 0) chooses
    s.choices = vec![Action::Name(Contract::Mode(Mode::Obenabe))];
    assert!(matches!(
        refuse(s),
        SetupError::IllegalChoice {
            error: RuleError::NotOpen { .. },
            ..
        }
    ));
    let mut s = ok.clone();
    s.plays = vec![JassCard::ALL[9]];
    assert!(matches!(
        refuse(s),
        SetupError::IllegalPlay {
            error: RuleError::ContractFirst { .. },
            ..
        }
    ));
    // Three players, or five: not Coiffeur.
    assert!(matches!(
        Coiffeur::new(&rules, 3, Seed::from(1)),
        Err(SetupError::PlayerCount(_))
    ));
    // A state's JSON goes through the same checks.
    let json = serde_json::to_string(&game)
        .unwrap()
        .replace("\"points\":25", "\"points\":26");
    assert!(serde_json::from_str::<Coiffeur>(&json).is_err());
}

/// Views: what an opponent sees, and inconsistent views refused with typed errors.
#[test]
fn views_and_sampling() {
    let rules = team();
    let mut game = Coiffeur::new(&rules, 4, Seed::from(4)).unwrap();
    game.play(Action::Pass).unwrap();
    game.play(Action::Name(Contract::Mode(Mode::Undenufe)))
        .unwrap();
    play_first(&mut game, |g| g.plays().len() == 6);
    let seat = game.to_act().unwrap();
    let view = game.view(seat);
    assert_eq!(view.hand, game.hand(seat));
    assert_eq!(view.passed.len(), 1);
    assert_eq!(view.declarer, game.declarer());
    assert_eq!(view.slot, Some(Slot::Mode(Mode::Undenufe)));
    assert_eq!(view.tricks.len(), 1);
    assert_eq!(view.trick.len(), 2);
    assert_eq!(
        view.card_points.iter().sum::<u32>(),
        game.card_points().iter().sum::<u32>()
    );
    let mut from_view = Vec::new();
    view.legal_actions(&mut from_view);
    assert_eq!(from_view, legal(&game));
    let mut rng = GameRng::for_deal(Seed::from(7), 0);
    let world = view.sample_world(&mut rng).unwrap();
    assert_eq!(world.view(seat), view);
    assert_eq!(world.hand(seat), game.hand(seat));
    // Another seat's view lists nothing.
    let other = game.view(PlayerId((seat.0 + 1) % 4));
    other.legal_actions(&mut from_view);
    assert!(from_view.is_empty());

    let mut bad = view.clone();
    bad.hand_sizes[seat.index()] += 1;
    assert_eq!(
        bad.sample_world(&mut rng),
        Err(SetupError::View(jass::ViewError::HandSize))
    );
    let mut bad = view.clone();
    bad.trick.push(bad.hand.iter().next().unwrap());
    assert_eq!(
        bad.sample_world(&mut rng),
        Err(SetupError::View(jass::ViewError::CardTwice))
    );
    let mut bad = view.clone();
    bad.tricks[0].winner = PlayerId((bad.tricks[0].winner.0 + 1) % 4);
    assert_eq!(
        bad.sample_world(&mut rng),
        Err(SetupError::View(jass::ViewError::TrickSeats))
    );
    let mut bad = view.clone();
    bad.passed.push(PlayerId(0));
    assert!(bad.sample_world(&mut rng).is_err());
    let onlooker = game.view(PlayerId(5));
    assert!(matches!(
        onlooker.sample_world(&mut rng),
        Err(SetupError::SeatNotAtTable { .. })
    ));
}
