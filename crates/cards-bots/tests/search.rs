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
