//! The search bots on real games: legal, reproducible, and better than random; tournaments
//! that give the same table whatever order their deals run in.

use cards_bots::{Budget, Cheat, Entrant, Fair, Ismcts, Pimc, Player, Tournament};
use cards_core::{Bot, Game, RandomPlayer, Seed};
use jass::SchieberDeal;
use zaagox::Zaagox;

fn entrant<G: Game + 'static>(
    name: &str,
    make: impl Fn(Seed) -> Box<dyn Player<G>> + Send + Sync + 'static,
) -> Entrant<G> {
    Entrant {
        name: name.into(),
        make: Box::new(make),
    }
}

fn random<G: Game + 'static>() -> Entrant<G> {
    entrant("random", |s| Box::new(Fair(RandomPlayer::new(s))))
}

#[test]
fn ismcts_chooses_legally_and_reproducibly() {
    let game = SchieberDeal::new(&Default::default(), 4, Seed::from(3)).unwrap();
    let seat = game.to_act().unwrap();
    let view = game.view(seat);
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let choose = |seed: u64| {
        let mut bot = Ismcts::<SchieberDeal>::new(Budget::Iterations(200), Seed::from(seed));
        let a = bot.choose(&view, &legal);
        (
            a,
            Bot::<SchieberDeal>::hint(&bot).to_vec(),
            bot.last_iterations(),
        )
    };
    let (a, hint, n) = choose(1);
    assert!(legal.contains(&a));
    assert_eq!(n, 200);
    assert_eq!(hint.iter().map(|h| h.visits).sum::<u32>(), 200);
    assert_eq!(hint[0].action, a, "the most visited action is chosen");
    assert_eq!(
        choose(1),
        (a, hint, n),
        "same seed, same choice and statistics"
    );
}

#[test]
fn pimc_weighs_every_action_on_the_same_worlds() {
    let game = Zaagox::new(&Default::default(), 3, Seed::from(5)).unwrap();
    let view = game.view(game.to_act().unwrap());
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let mut bot = Pimc::<Zaagox>::new(Budget::Iterations(60 * legal.len() as u32), Seed::from(2));
    let a = bot.choose(&view, &legal);
    let hint = Bot::<Zaagox>::hint(&bot);
    assert!(legal.contains(&a) && hint[0].action == a);
    assert_eq!(hint.len(), legal.len());
    assert!(hint.iter().all(|h| h.visits == 60), "{hint:?}");
}

#[test]
fn ismcts_beats_random_at_jass_over_duplicate_deals() {
    let t = Tournament::new(
        Default::default(),
        4,
        vec![
            entrant::<SchieberDeal>("ismcts:100", |s| {
                Box::new(Fair(Ismcts::new(Budget::Iterations(100), s)))
            }),
            random(),
        ],
        Seed::from(11),
    )
    .unwrap();
    let deals: Vec<_> = (0..12).map(|d| t.play_deal(d, false).unwrap()).collect();
    let table = t.standings(deals.iter().map(|d| d.games.as_slice()));
    let pair = &table.pairs[0];
    // Measured: +184 [+79, +289] a deal (the settlement, multiplied by the contract's
    // multiplier), 21 of 24 games won; random play loses badly.
    assert!(
        pair.margin.mean > 15.0 && pair.wins > pair.losses,
        "{table}"
    );
}

#[test]
fn the_cheat_sees_the_state_and_beats_random() {
    let t = Tournament::new(
        Default::default(),
        2,
        vec![
            entrant::<Zaagox>("cheat:100", |s| {
                Box::new(Cheat::new(Budget::Iterations(100), s))
            }),
            random(),
        ],
        Seed::from(4),
    )
    .unwrap();
    let deals: Vec<_> = (0..10).map(|d| t.play_deal(d, false).unwrap()).collect();
    let table = t.standings(deals.iter().map(|d| d.games.as_slice()));
    assert!(table.pairs[0].margin.mean > 0.0, "{table}");
}

#[test]
fn a_tournament_gives_the_same_table_in_any_order_of_deals() {
    let make = || {
        Tournament::new(
            Default::default(),
            3,
            vec![
                entrant::<Zaagox>("pimc:30", |s| {
                    Box::new(Fair(Pimc::new(Budget::Iterations(30), s)))
                }),
                random(),
            ],
            Seed::from(8),
        )
        .unwrap()
    };
    let t = make();
    let forward: Vec<_> = (0..6).map(|d| t.play_deal(d, true).unwrap()).collect();
    // Another tournament object, deals played backwards (as threads might finish them).
    let u = make();
    let mut backward: Vec<_> = (0..6)
        .rev()
        .map(|d| u.play_deal(d, true).unwrap())
        .collect();
    backward.reverse();
    assert_eq!(forward, backward);
    let a = t.standings(forward.iter().map(|d| d.games.as_slice()));
    let b = u.standings(backward.iter().map(|d| d.games.as_slice()));
    assert_eq!(a, b);
    assert_eq!(a.games, 6 * 6);
    // The records replay to the settlements the table counted.
    for deal in &forward {
        for (rec, game) in deal.records.iter().zip(&deal.games) {
            let end = rec.replay().unwrap();
            assert_eq!(&*end.settlement(), game.settlement.as_slice());
        }
    }
}

#[test]
fn a_game_result_round_trips_through_json() {
    // Shards in other processes send their results as JSON: it must bring back the same games.
    let t = Tournament::new(
        Default::default(),
        3,
        vec![random::<Zaagox>(), random()],
        Seed::from(4),
    )
    .unwrap();
    let games = t.play_deal(2, false).unwrap().games;
    let text = serde_json::to_string(&games).unwrap();
    let back: Vec<cards_bots::GameResult> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, games);
    assert!(text.contains("\"settlement\""), "{text}");
}

#[test]
fn entrants_of_one_name_are_told_apart() {
    let t = Tournament::new(
        Default::default(),
        2,
        vec![
            random::<Zaagox>(),
            random(),
            entrant("x", |s| Box::new(Fair(RandomPlayer::new(s)))),
        ],
        Seed::from(4),
    )
    .unwrap();
    assert_eq!(t.names(), ["random #1", "random #2", "x"]);
    let deals = [t.play_deal(0, false).unwrap()];
    let table = t.standings(deals.iter().map(|d| d.games.as_slice()));
    let names: Vec<&str> = table.bots.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["random #1", "random #2", "x"]);
    assert_eq!(
        (table.pairs[1].a.as_str(), table.pairs[1].b.as_str()),
        ("random #1", "x")
    );
}

#[test]
fn bad_tournaments_are_refused() {
    let one = Tournament::<Zaagox>::new(Default::default(), 2, vec![random()], Seed::from(1));
    assert!(one.unwrap_err().to_string().contains("at least two bots"));
    let bad = Tournament::<Zaagox>::new(
        Default::default(),
        9,
        vec![random(), random()],
        Seed::from(1),
    );
    assert!(bad.unwrap_err().to_string().contains("cannot be set up"));
}

/// A policy that stops every playout at once, worth 1 to the seat that acts at the decision's
/// world and 0 to the others, counting the actions it is asked for.
#[derive(Clone, Debug)]
struct StopAtOnce(std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl cards_bots::Playout<SchieberDeal> for StopAtOnce {
    fn action(
        &mut self,
        world: &SchieberDeal,
        buf: &mut Vec<jass::Action>,
        rng: &mut cards_core::GameRng,
    ) -> Option<jass::Action> {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        world.pick_legal(buf, |n| rng.index(n))
    }

    const CUTS: bool = true;

    fn value(
        &self,
        _world: &SchieberDeal,
        root: &SchieberDeal,
    ) -> Option<cards_core::PerSeat<f64>> {
        let seat = root.to_act()?;
        let mut value = cards_core::PerSeat::new(root.num_players())?;
        value[seat.index()] = 1.0;
        Some(value)
    }
}

#[test]
fn a_policy_that_cuts_playouts_is_valued_where_it_stops() {
    let game = SchieberDeal::new(&Default::default(), 4, Seed::from(8)).unwrap();
    let seat = game.to_act().unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let asked = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let policy = StopAtOnce(asked.clone());
    let mut ismcts = Ismcts::with_policy(Budget::Iterations(300), Seed::from(1), policy.clone());
    let a = ismcts.choose(&game.view(seat), &legal);
    assert!(legal.contains(&a));
    let hint = Bot::<SchieberDeal>::hint(&ismcts);
    assert!(
        hint.iter().all(|h| h.value == 1.0),
        "every playout is worth 1: {hint:?}"
    );
    let budget = Budget::Iterations(10 * legal.len() as u32);
    let mut pimc = Pimc::with_policy(budget, Seed::from(1), policy);
    pimc.choose(&game.view(seat), &legal);
    let hint = Bot::<SchieberDeal>::hint(&pimc);
    assert!(
        hint.iter().all(|h| h.visits == 10 && h.value == 1.0),
        "{hint:?}"
    );
    assert_eq!(
        asked.load(std::sync::atomic::Ordering::Relaxed),
        0,
        "no playout action is played past the cut"
    );
}

/// A Schieber position at the first card of a deal (the contract named): the view and the
/// legal cards.
fn first_card(seed: u64) -> (jass::SchieberDealView, Vec<jass::Action>) {
    let mut game = SchieberDeal::new(&Default::default(), 4, Seed::from(seed)).unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    game.play(legal[0]).unwrap();
    let seat = game.to_act().unwrap();
    game.legal_actions(&mut legal);
    (game.view(seat), legal)
}

/// The ladder's `ismcts` with the default tuning (every game type's but Eléwénjewé's) searches
/// as it did before the prior's knobs existed: these statistics were recorded before them
/// (`ismcts:300`, the rule bot as prior, Schieber seed 5, first card).
#[test]
fn the_ladders_search_is_unchanged_without_tuning() {
    use cards_bots::{BotSpec, SearchConfig};
    let plain = SearchConfig::DEFAULT;
    assert_eq!(plain, SearchConfig::default());
    assert_eq!(plain.prior_visits, 0);
    assert_eq!(plain.prior_candidates, 0);
    assert!(!plain.common_worlds);
    let mut game = SchieberDeal::new(&Default::default(), 4, Seed::from(5)).unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    game.play(legal[0]).unwrap();
    game.legal_actions(&mut legal);
    let spec: BotSpec = "ismcts:300".parse().unwrap();
    let mut player = spec.player::<SchieberDeal>(Seed::from(9), &plain);
    let a = player.act(&game, &legal).unwrap();
    let stats: Vec<(usize, u32)> = player
        .hint()
        .iter()
        .map(|s| (legal.iter().position(|&l| l == s.action).unwrap(), s.visits))
        .collect();
    assert_eq!(legal.iter().position(|&l| l == a), Some(stats[0].0));
    assert_eq!(stats, GOLDEN_STATS);
}

/// See [`the_ladders_search_is_unchanged_without_tuning`]: (legal index, visits),
/// best first.
const GOLDEN_STATS: &[(usize, u32)] = &[
    (6, 39),
    (0, 36),
    (1, 34),
    (8, 33),
    (7, 33),
    (5, 32),
    (2, 32),
    (4, 31),
    (3, 30),
];

/// A policy that stops every playout at once and values it, for the seat that decided, by a
/// coin of the sampled world (the parity of the next seat's hand), the same whatever the
/// decision; or 1 where that seat played `better`.
#[derive(Clone, Debug)]
struct Coin {
    better: Option<cards_core::JassCard>,
}

impl cards_bots::Playout<SchieberDeal> for Coin {
    fn action(
        &mut self,
        world: &SchieberDeal,
        buf: &mut Vec<jass::Action>,
        rng: &mut cards_core::GameRng,
    ) -> Option<jass::Action> {
        world.pick_legal(buf, |n| rng.index(n))
    }

    const CUTS: bool = true;

    fn value(&self, world: &SchieberDeal, root: &SchieberDeal) -> Option<cards_core::PerSeat<f64>> {
        use cards_core::Card as _;
        let seat = root.to_act()?;
        let next = seat.next(root.num_players());
        let coin = root
            .hand(next)
            .iter()
            .map(|c| usize::from(c.index()))
            .sum::<usize>()
            % 2;
        let played = root.hand(seat) - world.hand(seat);
        let mut value = cards_core::PerSeat::new(root.num_players())?;
        value[seat.index()] = if self.better.is_some_and(|c| played.contains(c)) {
            1.0
        } else {
            coin as f64
        };
        Some(value)
    }
}

/// A bot that always plays the legal action at `index`.
#[derive(Clone, Copy, Debug)]
struct Fixed(usize);

impl Bot<SchieberDeal> for Fixed {
    fn choose(&mut self, _: &jass::SchieberDealView, legal: &[jass::Action]) -> jass::Action {
        legal[self.0.min(legal.len() - 1)]
    }
}

/// A search with the prior [`Fixed`]`(prior)`, the [`Coin`] policy and `config`.
fn coin_search(
    seed: u64,
    prior: usize,
    better: Option<cards_core::JassCard>,
    config: cards_bots::SearchConfig,
) -> Ismcts<SchieberDeal, Coin> {
    Ismcts::with_policy(Budget::Iterations(1000), Seed::from(seed), Coin { better })
        .with_config(config)
        .with_prior(Box::new(Fixed(prior)))
}

#[test]
fn a_head_start_keeps_the_priors_choice_among_equals_but_not_against_a_better_action() {
    let (view, legal) = first_card(3);
    assert!(legal.len() >= 5, "{legal:?}");
    let prior = 2;
    // At 1,000 iterations over nine equal cards UCB gives each from about 40 to 240 visits.
    let head_start = cards_bots::SearchConfig {
        prior_visits: 400,
        ..Default::default()
    };
    let mut others = 0;
    for seed in 0..8 {
        // Every card is worth the same (a coin of the world): without a head start the most
        // visited is whichever the coins favoured; with one, the prior's.
        let mut plain = coin_search(seed, prior, None, Default::default());
        others += usize::from(plain.choose(&view, &legal) != legal[prior]);
        let mut ahead = coin_search(seed, prior, None, head_start);
        let got = ahead.choose(&view, &legal);
        let hint = Bot::<SchieberDeal>::hint(&ahead);
        assert_eq!(got, legal[prior], "seed {seed}: {hint:?}");
        assert_eq!(
            hint.iter().map(|s| s.visits).sum::<u32>(),
            1000,
            "real visits"
        );
        // One card is worth 1 where the others are worth a coin: it is played, head start or
        // not.
        let jass::Action::Play(card) = legal[4] else {
            panic!("a card: {:?}", legal[4]);
        };
        let mut clear = coin_search(seed, prior, Some(card), head_start);
        assert_eq!(clear.choose(&view, &legal), legal[4], "seed {seed}");
    }
    assert!(others > 0, "the plain search followed the prior every time");
}

#[test]
fn common_worlds_pair_the_root_actions_and_stay_reproducible() {
    let (view, legal) = first_card(3);
    // Exploration so strong that UCB takes the root's actions in turn, visiting each as often.
    let level = cards_bots::SearchConfig {
        exploration: 1e6,
        ..Default::default()
    };
    let common = cards_bots::SearchConfig {
        common_worlds: true,
        ..level
    };
    let search = |config| {
        let mut bot = coin_search(4, 0, None, config);
        let a = bot.choose(&view, &legal);
        assert_eq!(bot.last_iterations(), 1000);
        (a, Bot::<SchieberDeal>::hint(&bot).to_vec())
    };
    // Pairs of root actions visited equally often, and whether their values agree.
    let pairs = |hint: &[cards_core::ActionStats<jass::Action>]| {
        let mut out = Vec::new();
        for (i, x) in hint.iter().enumerate() {
            for y in &hint[i + 1..] {
                if x.visits == y.visits {
                    out.push(x.value == y.value);
                }
            }
        }
        out
    };
    // The value is a coin of the world alone. On common worlds every action's k-th visit
    // meets the same world, so actions visited equally often have exactly the same value.
    let (a, hint) = search(common);
    assert_eq!(hint.iter().map(|s| s.visits).sum::<u32>(), 1000);
    let paired = pairs(&hint);
    assert!(
        !paired.is_empty() && paired.iter().all(|&same| same),
        "{hint:?}"
    );
    // On worlds of their own, they differ.
    let (_, own) = search(level);
    assert!(pairs(&own).iter().any(|&same| !same), "{own:?}");
    assert_eq!(search(common), (a, hint), "the same seed, the same search");
}

/// A prior that offers two candidates: the legal actions at `first` and `second`.
#[derive(Clone, Copy, Debug)]
struct Two(usize, usize);

impl Bot<SchieberDeal> for Two {
    fn choose(&mut self, _: &jass::SchieberDealView, legal: &[jass::Action]) -> jass::Action {
        legal[self.0]
    }

    fn candidates(
        &mut self,
        _: &jass::SchieberDealView,
        legal: &[jass::Action],
        k: usize,
        out: &mut Vec<jass::Action>,
    ) {
        out.clear();
        out.extend([legal[self.0], legal[self.1]].into_iter().take(k));
    }
}

#[test]
fn the_priors_candidates_are_the_roots_only_actions() {
    let (view, legal) = first_card(3);
    for common_worlds in [false, true] {
        let config = cards_bots::SearchConfig {
            prior_candidates: 3,
            common_worlds,
            ..Default::default()
        };
        let mut bot = Ismcts::<SchieberDeal>::new(Budget::Iterations(300), Seed::from(1))
            .with_config(config)
            .with_prior(Box::new(Two(3, 1)));
        let a = bot.choose(&view, &legal);
        let hint = Bot::<SchieberDeal>::hint(&bot);
        let mut seen: Vec<_> = hint.iter().map(|s| s.action).collect();
        seen.sort();
        let mut two = vec![legal[3], legal[1]];
        two.sort();
        assert_eq!(seen, two, "common worlds {common_worlds}");
        assert!(a == legal[3] || a == legal[1]);
        assert_eq!(hint.iter().map(|s| s.visits).sum::<u32>(), 300);
    }
}

#[test]
fn a_paired_choice_keeps_the_priors_choice_among_equals_and_takes_a_better_action() {
    let (view, legal) = first_card(3);
    assert!(legal.len() >= 5, "{legal:?}");
    let prior = 2;
    let paired = cards_bots::SearchConfig {
        common_worlds: true,
        paired_z: 2.0,
        ..Default::default()
    };
    let jass::Action::Play(card) = legal[4] else {
        panic!("a card: {:?}", legal[4]);
    };
    for seed in 0..4 {
        // Every card is worth a coin of the world: on common worlds their differences are all
        // 0, so no card beats the prior's.
        let mut equal = coin_search(seed, prior, None, paired);
        let got = equal.choose(&view, &legal);
        let hint = Bot::<SchieberDeal>::hint(&equal).to_vec();
        assert_eq!(got, legal[prior], "seed {seed}: {hint:?}");
        assert_eq!(hint[0].action, got, "the choice leads the hint");
        // The root takes the worlds in turn: every action visited as often, give or take one.
        let most = hint.iter().map(|s| s.visits).max().unwrap_or(0);
        let least = hint.iter().map(|s| s.visits).min().unwrap_or(0);
        assert_eq!(hint.len(), legal.len());
        assert!(most - least <= 1, "{hint:?}");
        assert_eq!(hint.iter().map(|s| s.visits).sum::<u32>(), 1000);
        // One card worth 1 where the others are worth a coin is played.
        let mut clear = coin_search(seed, prior, Some(card), paired);
        assert_eq!(clear.choose(&view, &legal), legal[4], "seed {seed}");
        let mut again = coin_search(seed, prior, Some(card), paired);
        again.choose(&view, &legal);
        assert_eq!(
            Bot::<SchieberDeal>::hint(&again),
            Bot::<SchieberDeal>::hint(&clear),
            "the same seed, the same search"
        );
    }
}
