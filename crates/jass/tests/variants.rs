//! The contract variants (Slalom, Guschti, Mary, Trio): per-trick modes, the counting mode,
//! Trio's mode constraints, no Stöck, the multipliers, the action notation, setups and views.

use cards_core::{CardSet, GameRng, JassCard, PLAYER_STREAM};
use jass::{
    Action, Contract, CreditKind, Game, Mode, Multipliers, PlayerId, RuleError, Rules,
    SchieberDeal, SchieberDealSetup, Seed, SetupError, SlalomStart, Variants, declare,
    trick_points, trick_winner,
};

type Hand = CardSet<JassCard>;

fn act(text: &str) -> Action {
    text.parse().unwrap()
}

/// Plays `action` on a copy of `deal`.
fn try_play(mut deal: SchieberDeal, action: Action) -> Result<(), RuleError> {
    deal.play(action)
}

fn all_variants() -> Rules {
    Rules {
        variants: Variants::ALL,
        ..Rules::default()
    }
}

const OBEN: Mode = Mode::Obenabe;
const UNDE: Mode = Mode::Undenufe;

/// Plays a seeded deal under all variants with `contract` (named by forehand, or after a push
/// when `push`), Trio modes from `trio` when given (else random), the cards at random.
fn play_out(n: u64, contract: Contract, push: bool, trio: Option<[Mode; 3]>) -> SchieberDeal {
    let rules = all_variants();
    let mut deal = SchieberDeal::new(&rules, 4, Seed::from(n)).unwrap();
    if push {
        deal.play(Action::Push).unwrap();
    }
    deal.play(Action::Name(contract)).unwrap();
    let mut rng = GameRng::new(Seed::from(n), PLAYER_STREAM);
    let mut legal = Vec::new();
    let mut segment = 0;
    while deal.to_act().is_some() {
        deal.legal_actions(&mut legal);
        let pick = match (trio, legal[0]) {
            (Some(modes), Action::TrioMode(_)) => {
                segment += 1;
                Action::TrioMode(modes[segment - 1])
            }
            _ => legal[rng.below(legal.len() as u64) as usize],
        };
        deal.play(pick).unwrap();
    }
    deal
}

/// Recomputes the tricks of a finished deal: winners by each trick's mode, points by the
/// counting mode, and checks them against the credits; 157 card points in all.
fn check_tricks(deal: &SchieberDeal, modes: [Mode; 9], counting: Mode) {
    assert_eq!(deal.counting_mode(), Some(counting));
    let plays = deal.plays();
    let mut leader = deal.forehand();
    let mut cards = [0u32; 2];
    for (t, trick) in plays.chunks(4).enumerate() {
        assert_eq!(deal.trick_mode(t), Some(modes[t]), "trick {t}");
        let winner = PlayerId(((leader.index() + trick_winner(trick, modes[t])) % 4) as u8);
        cards[winner.index() % 2] += trick_points(trick, counting, t == 8);
        leader = winner;
    }
    let credits = deal.outcome().unwrap().credits;
    assert_eq!(credits.cards, cards);
    assert_eq!(cards[0] + cards[1], 157);
    assert_eq!(credits.stoeck, [0, 0], "no Stöck in a variant");
    assert_eq!(deal.stoeck(), None);
}

#[test]
fn slalom_alternates_from_its_start_and_counts_by_it() {
    for n in 0..30 {
        let deal = play_out(n, Contract::Slalom(SlalomStart::Obenabe), n % 2 == 1, None);
        let modes = core::array::from_fn(|t| if t % 2 == 0 { OBEN } else { UNDE });
        check_tricks(&deal, modes, OBEN);
        assert_eq!(deal.outcome().unwrap().multiplier, 4);
        let deal = play_out(n, Contract::Slalom(SlalomStart::Undenufe), false, None);
        let modes = core::array::from_fn(|t| if t % 2 == 0 { UNDE } else { OBEN });
        check_tricks(&deal, modes, UNDE);
        assert_eq!(deal.outcome().unwrap().multiplier, 4);
    }
}

#[test]
fn guschti_and_mary_switch_after_trick_five() {
    for n in 0..30 {
        let deal = play_out(n, Contract::Guschti, false, None);
        check_tricks(
            &deal,
            core::array::from_fn(|t| if t < 5 { OBEN } else { UNDE }),
            OBEN,
        );
        assert_eq!(deal.outcome().unwrap().multiplier, 3);
        let deal = play_out(n, Contract::Mary, n % 3 == 0, None);
        check_tricks(
            &deal,
            core::array::from_fn(|t| if t < 5 { UNDE } else { OBEN }),
            UNDE,
        );
        assert_eq!(deal.outcome().unwrap().multiplier, 3);
    }
}

#[test]
fn trio_segments_follow_the_named_modes_and_count_by_the_first() {
    let hearts: Mode = "trump:H".parse().unwrap();
    let orders = [
        [hearts, OBEN, UNDE],
        [OBEN, UNDE, hearts],
        [UNDE, hearts, OBEN],
    ];
    for n in 0..30 {
        let order = orders[n as usize % 3];
        let deal = play_out(n, Contract::Trio, n % 2 == 0, Some(order));
        assert_eq!(deal.trio(), &order);
        check_tricks(&deal, core::array::from_fn(|t| order[t / 3]), order[0]);
        assert_eq!(deal.outcome().unwrap().multiplier, 3);
        // Weis declared in the counting mode.
        for s in PlayerId::all(4) {
            let expected = declare(deal.dealt_hand(s), order[0], &deal.rules().weis);
            assert_eq!(deal.declaration(s), Some(expected));
        }
    }
}

#[test]
fn trio_modes_are_obenabe_undenufe_and_one_trump_each_once() {
    let rules = all_variants();
    for n in 0..40 {
        let mut deal = SchieberDeal::new(&rules, 4, Seed::from(n)).unwrap();
        deal.play(Action::Push).unwrap();
        deal.play(Action::Name(Contract::Trio)).unwrap();
        // Forehand names trick 1's mode even though the partner chose Trio.
        assert_eq!(deal.to_act(), Some(deal.forehand()));
        assert_eq!(
            deal.declaration(deal.forehand()),
            None,
            "Weis wait for the mode"
        );
        let mut legal = Vec::new();
        deal.legal_actions(&mut legal);
        let all: Vec<Action> = Mode::ALL.into_iter().map(Action::TrioMode).collect();
        assert_eq!(legal, all);
        // A card first is refused.
        let card = deal.hand(deal.forehand()).iter().next().unwrap();
        assert!(matches!(
            deal.play(Action::Play(card)),
            Err(RuleError::TrioTurn { .. })
        ));
        let mut rng = GameRng::new(Seed::from(n), PLAYER_STREAM);
        let mut named = Vec::new();
        while deal.to_act().is_some() {
            deal.legal_actions(&mut legal);
            let pick = legal[rng.below(legal.len() as u64) as usize];
            if let Action::TrioMode(mode) = pick {
                let segment = named.len();
                // The leader of tricks 1, 4, 7 names it.
                assert_eq!(deal.plays().len(), 12 * segment);
                let expected: Vec<Action> = Mode::ALL
                    .into_iter()
                    .filter(|m| match m {
                        Mode::Trump(_) => !named.iter().any(|x: &Mode| x.trump().is_some()),
                        other => !named.contains(other),
                    })
                    .map(Action::TrioMode)
                    .collect();
                assert_eq!(legal, expected, "segment {segment}");
                if segment == 2 {
                    // The last kind is forced but explicit: one action, or the four trump
                    // suits when the trump is left (its suit is the chooser's choice).
                    let trump_left = !named.iter().any(|x: &Mode| x.trump().is_some());
                    assert_eq!(legal.len(), if trump_left { 4 } else { 1 });
                }
                // A used mode is refused.
                if let Some(&used) = named.first() {
                    assert_eq!(
                        try_play(deal, Action::TrioMode(used)),
                        Err(RuleError::TrioModeUsed { mode: used })
                    );
                }
                named.push(mode);
            } else {
                assert!(legal.iter().all(|a| matches!(a, Action::Play(_))));
            }
            deal.play(pick).unwrap();
        }
        assert_eq!(named.len(), 3);
        assert!(named.contains(&OBEN) && named.contains(&UNDE));
        assert_eq!(named.iter().filter(|m| m.trump().is_some()).count(), 1);
        assert_eq!(deal.trio(), named.as_slice());
        let credits = deal.outcome().unwrap().credits;
        assert_eq!(credits.cards[0] + credits.cards[1], 157);
        // A Trio mode outside a Trio segment start is refused.
        assert_eq!(
            try_play(deal, Action::TrioMode(OBEN)),
            Err(RuleError::GameOver)
        );
    }
}

#[test]
fn no_stoeck_in_a_trio_with_trump_even_holding_king_and_queen() {
    // Seat 0 holds the heart King and Queen; a Trio with hearts first.
    let hands: [Hand; 4] =
        core::array::from_fn(|s| JassCard::ALL[9 * s..9 * s + 9].iter().copied().collect());
    let holder = (0..4)
        .find(|&s| {
            hands[s].contains("KH".parse().unwrap()) && hands[s].contains("QH".parse().unwrap())
        })
        .expect("a seat holds both");
    let rules = all_variants();
    let mut deal = SchieberDeal::from_setup(
        &rules,
        SchieberDealSetup::dealt(PlayerId(3), PlayerId(holder as u8), hands),
    )
    .unwrap();
    deal.play(act("trio")).unwrap();
    deal.play(act("trio:trump:H")).unwrap();
    let mut legal = Vec::new();
    while deal.to_act().is_some() {
        deal.legal_actions(&mut legal);
        deal.play(legal[0]).unwrap();
        assert!(deal.last_credits().all(|c| c.kind != CreditKind::Stoeck));
    }
    assert_eq!(deal.credits().stoeck, [0, 0]);
    // The same hands as a hearts contract do score the Stöck.
    let mut deal = SchieberDeal::from_setup(
        &rules,
        SchieberDealSetup::dealt(PlayerId(3), PlayerId(holder as u8), hands),
    )
    .unwrap();
    deal.play(act("trump:H")).unwrap();
    while deal.to_act().is_some() {
        deal.legal_actions(&mut legal);
        deal.play(legal[0]).unwrap();
    }
    assert_eq!(deal.credits().stoeck.iter().sum::<u32>(), 20);
}

#[test]
fn variants_are_off_by_default_and_legal_in_the_documented_order() {
    let deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(1)).unwrap();
    let mut legal = Vec::new();
    deal.legal_actions(&mut legal);
    assert_eq!(legal.len(), 7);
    assert_eq!(
        try_play(deal, act("guschti")),
        Err(RuleError::NotEnabled {
            contract: Contract::Guschti
        })
    );
    let deal = SchieberDeal::new(&all_variants(), 4, Seed::from(1)).unwrap();
    deal.legal_actions(&mut legal);
    let text: Vec<String> = legal.iter().map(ToString::to_string).collect();
    assert_eq!(
        text.join(" "),
        "trump:C trump:D trump:H trump:S obenabe undenufe slalom:obenabe slalom:undenufe \
         guschti mary trio push"
    );
    // Only Trio enabled.
    let rules = Rules {
        variants: Variants {
            trio: true,
            ..Variants::default()
        },
        ..Rules::default()
    };
    let mut deal = SchieberDeal::new(&rules, 4, Seed::from(1)).unwrap();
    deal.legal_actions(&mut legal);
    assert_eq!(legal[6], act("trio"));
    assert_eq!(legal.len(), 8);
    assert!(matches!(
        deal.play(act("mary")),
        Err(RuleError::NotEnabled { .. })
    ));
}

#[test]
fn notation_and_index_round_trip_with_stable_old_indices() {
    // 54 Schieber actions, then Coiffeur's and Differenzler's (`tests/deal.rs`).
    assert_eq!(Action::COUNT, 225);
    for i in 0..Action::COUNT {
        let a = Action::from_index(i).unwrap();
        assert_eq!(a.index(), i);
        let text = a.to_string();
        assert_eq!(text.parse::<Action>().unwrap(), a, "{text}");
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
    }
    assert_eq!(Action::from_index(Action::COUNT), None);
    assert_eq!(act("trump:C").index(), 36);
    assert_eq!(act("undenufe").index(), 41);
    assert_eq!(act("push").index(), 42);
    for (i, t) in [
        "slalom:obenabe",
        "slalom:undenufe",
        "guschti",
        "mary",
        "trio",
    ]
    .into_iter()
    .enumerate()
    {
        assert_eq!(act(t).index(), 43 + i);
        assert_eq!(t.parse::<Contract>().unwrap().to_string(), t);
    }
    assert_eq!(act("trio:obenabe"), Action::TrioMode(OBEN));
    assert_eq!(act("trio:trump:H").to_string(), "trio:trump:H");
    assert_eq!(act("trio:trump:C").index(), 48);
    assert!("trio:trio".parse::<Action>().is_err());
    assert!("slalom:trump:H".parse::<Action>().is_err());
}

#[test]
fn multipliers_and_rules_json_stay_compatible() {
    let m: Multipliers = serde_json::from_str(
        r#"{"clubs":1,"diamonds":1,"hearts":1,"spades":1,"obenabe":1,"undenufe":1}"#,
    )
    .unwrap();
    assert_eq!((m.slalom, m.guschti, m.mary, m.trio), (4, 3, 3, 3));
    assert_eq!(
        m.contract_factor(Contract::Slalom(SlalomStart::Undenufe)),
        4
    );
    assert_eq!(Multipliers::FLAT.contract_factor(Contract::Trio), 1);
    let rules: Rules = serde_json::from_str(r#"{"first_dealer":1}"#).unwrap();
    assert_eq!(rules.variants, Variants::default());
    let back: Rules =
        serde_json::from_str(&serde_json::to_string(&all_variants()).unwrap()).unwrap();
    assert_eq!(back, all_variants());
    // A custom factor is used.
    let rules = Rules {
        multipliers: Multipliers {
            mary: 7,
            ..Multipliers::default()
        },
        ..all_variants()
    };
    let mut deal = SchieberDeal::new(&rules, 4, Seed::from(3)).unwrap();
    deal.play(act("mary")).unwrap();
    assert_eq!(deal.multiplier(), Some(7));
}

#[test]
fn trio_setups_replay_views_show_segments_and_worlds_sample() {
    let rules = all_variants();
    for n in 0..20u64 {
        let full = play_out(n, Contract::Trio, n % 2 == 1, None);
        for cut in [0usize, 1, 12, 13, 24, 25, 30, 36] {
            // The position after `cut` plays (with the Trio modes due by then).
            let mut setup = full.setup();
            setup.plays.truncate(cut);
            setup.trio.truncate(cut / 12 + 1);
            if cut == 0 {
                setup.trio.clear();
            }
            let deal = SchieberDeal::from_setup(&rules, setup.clone()).unwrap();
            assert_eq!(deal.setup(), setup);
            let json = serde_json::to_string(&deal).unwrap();
            let back: SchieberDeal = serde_json::from_str(&json).unwrap();
            assert_eq!(back, deal);
            for s in PlayerId::all(4) {
                let view = deal.view(s);
                assert_eq!(view.trio, setup.trio);
                let mut from_view = Vec::new();
                let mut from_deal = Vec::new();
                SchieberDeal::view_legal_actions(&view, &mut from_view);
                if deal.to_act() == Some(s) {
                    deal.legal_actions(&mut from_deal);
                }
                assert_eq!(from_view, from_deal);
                let mut rng = GameRng::new(Seed::from(n), PLAYER_STREAM);
                let world = SchieberDeal::sample_world(&view, &mut rng).unwrap();
                assert_eq!(world.view(s), view);
            }
        }
        // Too many Trio modes for the plays, or a mode twice, is refused.
        let mut setup = full.setup();
        setup.plays.truncate(5);
        assert!(matches!(
            SchieberDeal::from_setup(&rules, setup.clone()),
            Err(SetupError::IllegalChoice { .. })
        ));
        setup.trio = vec![OBEN, OBEN];
        setup.plays.clear();
        setup.plays.extend_from_slice(&full.plays()[..12]);
        assert!(SchieberDeal::from_setup(&rules, setup).is_err());
    }
}

#[test]
fn the_whole_game_plays_variants() {
    use jass::Schieber;
    let rules = Rules {
        target: Some(1000),
        ..all_variants()
    };
    for n in 0..10 {
        let mut game = Schieber::new(&rules, 4, Seed::from(n)).unwrap();
        let mut rng = GameRng::new(Seed::from(n), PLAYER_STREAM);
        let mut legal = Vec::new();
        let mut steps = 0;
        while game.to_act().is_some() {
            game.legal_actions(&mut legal);
            game.play(legal[rng.below(legal.len() as u64) as usize])
                .unwrap();
            steps += 1;
            let back = Schieber::from_setup(&rules, game.setup()).unwrap();
            assert_eq!(back.setup(), game.setup());
        }
        assert!(steps <= Schieber::max_actions(&rules, 4));
        assert!(game.outcome().is_some());
    }
}
