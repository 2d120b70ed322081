//! Worlds that leak nothing, for every Jass game: over many random states and every seat,
//! each sampled world shows the seat exactly its view and holds the deck once; it respects
//! what the view implies (the voids the play showed — with the Buur exception and the
//! undertrump rules —, the public Weis cards and the shown trump card still with their
//! holder, forehand, dealer and contract); it finds the true deal no more often than a decoy
//! world; and right after the deal every unseen card lies in a given hand equally often (χ²).

use cards_core::{CardSet, Game, GameRng, JassCard, PlayerId, RandomPlayer, Seed};
use cards_testkit::worlds::{Placements, chi_square_uniform, placements};
use jass::{
    Coiffeur, Contract, Differenzler, Mode, PlayRules, Rules, Schieber, SchieberDeal,
    SchieberDealView, TrickView, stronger_trumps, suit_cards,
};

use crate::support::with_variants;

type Hand = CardSet<JassCard>;

/// The public play a view shows, as the implications check needs it.
struct Play<'a> {
    seats: usize,
    tricks: &'a [TrickView],
    trick: &'a [JassCard],
    leader: PlayerId,
    contract: Option<Contract>,
    trio: &'a [Mode],
    rules: PlayRules,
}

/// A Jass game under test: each seat's hand now, and what its views imply.
trait World: Game<Card = JassCard> {
    fn hands(&self) -> Vec<Hand>;
    fn public_play(view: &Self::View) -> Play<'_>;
    /// Cards a seat must still hold, and the forehand/contract/trump state, checked on `world`.
    fn implied(view: &Self::View, world: &Self) -> Result<(), String>;
}

/// The void implications of the play on `hands` (the world's hands now: cards only leave a
/// hand, so a card missing then is missing now).
/// Returns how many plays showed a void (or an undertrump).
fn check_voids(play: &Play<'_>, hands: &[Hand]) -> Result<usize, String> {
    let Some(contract) = play.contract else {
        return Ok(0);
    };
    let mut shown = 0;
    let current = (play.leader, play.trick);
    let all = play
        .tricks
        .iter()
        .map(|t| (t.leader, t.cards.as_slice()))
        .chain(core::iter::once(current));
    for (t, (leader, cards)) in all.enumerate() {
        let Some(&lead) = cards.first() else { continue };
        let Some(mode) = contract.trick_mode(t, play.trio) else {
            continue;
        };
        let led = suit_cards(lead.suit());
        for (i, &card) in cards.iter().enumerate().skip(1) {
            let s = (leader.index() + i) % play.seats;
            let hand = hands[s];
            if card.suit() == lead.suit() {
                continue;
            }
            let bad = match mode.trump() {
                None => !(hand & led).is_empty(),
                // Trump led, a non-trump played: no trump left, but perhaps the Buur alone.
                Some(trump) if trump == lead.suit() => {
                    let mut trumps = hand & suit_cards(trump);
                    if play.rules.buur_exception
                        && let Some(buur) = mode.buur()
                    {
                        trumps.remove(buur);
                    }
                    !trumps.is_empty()
                }
                Some(trump) if card.suit() != trump => !(hand & led).is_empty(),
                Some(trump) => {
                    // A trump on a plain lead: an undertrump proves a void in the led suit and,
                    // without the undertrump option, only trumps.
                    let high = cards[..i]
                        .iter()
                        .copied()
                        .filter(|&c| mode.is_trump(c))
                        .reduce(|a, b| if mode.beats(b, a, lead.suit()) { b } else { a });
                    match high {
                        Some(h) if !stronger_trumps(mode, h).contains(card) => {
                            !(hand & led).is_empty()
                                || (!play.rules.undertrump_when_void
                                    && !(hand & !suit_cards(trump)).is_empty())
                        }
                        _ => false,
                    }
                }
            };
            shown += 1;
            if bad {
                return Err(format!(
                    "trick {t}: seat {s} played {card} on {lead} yet holds {hand} in a world"
                ));
            }
        }
    }
    Ok(shown)
}

/// The Schieber deal's own implications: the public Weis cards not played stay with their
/// holder; forehand, dealer, push and contract as shown.
fn deal_implied(view: &SchieberDealView, world: &SchieberDeal) -> Result<(), String> {
    if let Some(w) = &view.weis {
        for sw in &w.shown {
            for card in sw.weis.iter().flat_map(|m| m.cards()) {
                let played = world.plays().contains(&card);
                if !played && !world.hand(sw.seat).contains(card) {
                    return Err(format!("shown Weis card {card} left seat {}", sw.seat));
                }
            }
        }
    }
    if world.stoeck() != view.stoeck {
        return Err("the Stöck moved".into());
    }
    if (
        world.forehand(),
        world.dealer(),
        world.pushed(),
        world.contract(),
    ) != (view.forehand, view.dealer, view.pushed, view.contract)
    {
        return Err("forehand, dealer or contract differ".into());
    }
    Ok(())
}

/// The [`Play`] of a four-seat view (a Schieber deal's or Coiffeur's: the same fields).
macro_rules! four_seat_play {
    ($view:expr) => {
        Play {
            seats: 4,
            tricks: &$view.tricks,
            trick: &$view.trick,
            leader: $view.leader,
            contract: $view.contract,
            trio: &$view.trio,
            rules: $view.rules.play,
        }
    };
}

impl World for SchieberDeal {
    fn hands(&self) -> Vec<Hand> {
        PlayerId::all(4).map(|s| self.hand(s)).collect()
    }
    fn public_play(view: &SchieberDealView) -> Play<'_> {
        four_seat_play!(view)
    }
    fn implied(view: &SchieberDealView, world: &Self) -> Result<(), String> {
        deal_implied(view, world)
    }
}

impl World for Schieber {
    fn hands(&self) -> Vec<Hand> {
        self.deal().hands()
    }
    fn public_play(view: &Self::View) -> Play<'_> {
        SchieberDeal::public_play(&view.deal)
    }
    fn implied(view: &Self::View, world: &Self) -> Result<(), String> {
        if (world.deal_number(), world.scores_before_deal()) != (view.deal_number, view.scores) {
            return Err("deal number or scores differ".into());
        }
        deal_implied(&view.deal, world.deal())
    }
}

impl World for Coiffeur {
    fn hands(&self) -> Vec<Hand> {
        PlayerId::all(4).map(|s| self.hand(s)).collect()
    }
    fn public_play(view: &Self::View) -> Play<'_> {
        four_seat_play!(view)
    }
    fn implied(view: &Self::View, world: &Self) -> Result<(), String> {
        if (
            world.dealer(),
            world.declarer(),
            world.contract(),
            world.score_sheet(),
        ) != (
            view.dealer,
            view.declarer,
            view.contract,
            view.sheet.clone(),
        ) {
            return Err("dealer, declarer, contract or sheet differ".into());
        }
        Ok(())
    }
}

impl World for Differenzler {
    fn hands(&self) -> Vec<Hand> {
        PlayerId::all(self.num_players())
            .map(|s| self.hand(s))
            .collect()
    }
    fn public_play(view: &Self::View) -> Play<'_> {
        Play {
            seats: view.hand_sizes.len(),
            tricks: &view.tricks,
            trick: &view.trick,
            leader: view.leader,
            contract: Some(Contract::Mode(Mode::Trump(view.shown.suit()))),
            trio: &[],
            rules: view.rules.play,
        }
    }
    fn implied(view: &Self::View, world: &Self) -> Result<(), String> {
        if (world.dealer(), world.shown()) != (view.dealer, view.shown) {
            return Err("dealer or shown card differ".into());
        }
        let shown = view.shown;
        if !world.plays().contains(&shown) && !world.hand(view.dealer).contains(shown) {
            return Err(format!("the shown card {shown} left the dealer"));
        }
        Ok(())
    }
}

/// Where a card lies in `world` as `seat` cannot see it: the seat holding it, or `None` when
/// `seat` sees it (its own hand, the cards played).
fn locate<G: World>(seat: PlayerId) -> impl Fn(&G, JassCard) -> Option<usize> {
    move |world, card| {
        let hands = world.hands();
        match hands.iter().position(|h| h.contains(card)) {
            Some(s) if s != seat.index() => Some(s),
            _ => None,
        }
    }
}

/// `game` after a random number (below `max_steps`) of random legal moves.
fn random_state<G: Game>(mut game: G, seed: u64, max_steps: u64) -> G {
    let mut rng = GameRng::new(Seed::from(seed), 9);
    let steps = rng.below(max_steps);
    let mut player = RandomPlayer::new(Seed::from(seed));
    let mut buf = Vec::new();
    for _ in 0..steps {
        let Some(action) = player.choose(&game, &mut buf) else {
            break;
        };
        game.play(action).expect("a legal action plays");
    }
    game
}

/// Checks every seat of every state: (a) and (b) on each sampled world, and returns the
/// placements merged over all of them for (c).
fn check_states<G: World>(
    states: impl Iterator<Item = G>,
    samples: usize,
) -> Placements<JassCard, usize> {
    let mut rng = GameRng::new(Seed::from(77), 3);
    let mut all: Option<Placements<JassCard, usize>> = None;
    let mut checked = 0;
    let mut voids = 0;
    for state in states {
        if state.is_terminal() {
            continue;
        }
        for seat in PlayerId::all(state.num_players()) {
            let view = state.view(seat);
            // (b) on worlds sampled here; (a) inside `placements`.
            for _ in 0..4 {
                let world = G::sample_world(&view, &mut rng).expect("a world");
                check_voids(&G::public_play(&view), &world.hands()).unwrap();
                G::implied(&view, &world).unwrap();
            }
            // The true state satisfies the same checks (the checks themselves are sound).
            voids += check_voids(&G::public_play(&view), &state.hands()).unwrap();
            G::implied(&view, &state).unwrap();
            let p = placements(&state, seat, samples, &mut rng, locate::<G>(seat)).unwrap();
            checked += 1;
            match &mut all {
                Some(a) => a.merge(p),
                None => all = Some(p),
            }
        }
    }
    assert!(checked > 20, "too few states: {checked}");
    assert!(voids > 20, "too few voids shown: {voids}");
    all.expect("some states")
}

/// (c): over all the states, the truth is found no more often than the decoy. Tolerance
/// 0.02: the honest sampler's difference stays below 0.01 on these states (each state has one
/// decoy, so the difference moves by chance), while a sampler that returned the true deal in
/// one world of ten would add about 0.06 (a tenth of the cards not already found there).
fn truth_no_better_than_decoy(all: &Placements<JassCard, usize>) {
    assert!(!all.hidden.is_empty());
    eprintln!(
        "{} hidden cards: truth {:.4}, decoy {:.4}",
        all.hidden.len(),
        all.truth_rate(),
        all.decoy_rate()
    );
    assert!(
        all.truth_rate() <= all.decoy_rate() + 0.02,
        "truth {} decoy {}",
        all.truth_rate(),
        all.decoy_rate()
    );
}

/// (d): right after the deal, every card `seat` cannot see (less `exclude`) lies in seat
/// `other`'s hand equally often.
fn uniform_at_the_deal<G: World>(game: &G, seat: PlayerId, other: usize, exclude: Hand) {
    let mut rng = GameRng::new(Seed::from(99), 3);
    let one = placements(game, seat, 1500, &mut rng, locate::<G>(seat)).unwrap();
    let unseen: Hand = one
        .hidden
        .iter()
        .map(|h| h.0)
        .filter(|c| !exclude.contains(*c))
        .collect();
    assert!(unseen.len() >= 20);
    chi_square_uniform(&one.counts_in(&other, unseen)).unwrap();
}

#[test]
fn schieber_deal_worlds() {
    let states = (0..30u64).map(|s| {
        let mut rules = if s % 3 == 0 {
            with_variants()
        } else {
            Rules::default()
        };
        rules.play.buur_exception = s % 5 != 4;
        random_state(SchieberDeal::new(&rules, 4, Seed::from(s)).unwrap(), s, 38)
    });
    let states: Vec<SchieberDeal> = states.collect();
    // Some states show Weis cards still in hand (the implication is exercised).
    let shown = states
        .iter()
        .filter(|d| {
            let view = d.view(PlayerId(0));
            view.weis.iter().flat_map(|w| &w.shown).any(|sw| {
                sw.weis
                    .iter()
                    .flat_map(|m| m.cards())
                    .any(|c| !d.plays().contains(&c))
            })
        })
        .count();
    assert!(shown >= 3, "{shown} states show unplayed Weis cards");
    truth_no_better_than_decoy(&check_states(states.into_iter(), 40));
    let fresh = SchieberDeal::new(&Rules::default(), 4, Seed::from(1)).unwrap();
    uniform_at_the_deal(&fresh, PlayerId(0), 1, Hand::EMPTY);
}

#[test]
fn schieber_game_worlds() {
    let states = (0..16u64).map(|s| {
        random_state(
            Schieber::new(&Rules::flat(), 4, Seed::from(100 + s)).unwrap(),
            s,
            200,
        )
    });
    truth_no_better_than_decoy(&check_states(states, 25));
    let fresh = Schieber::new(&Rules::default(), 4, Seed::from(2)).unwrap();
    uniform_at_the_deal(&fresh, PlayerId(1), 3, Hand::EMPTY);
}

#[test]
fn coiffeur_worlds() {
    let states = (0..16u64).map(|s| {
        let mut rules = Rules::default();
        rules.coiffeur.individual = s % 2 == 1;
        rules.coiffeur.extras.trio = s % 4 == 0;
        rules.play.undertrump_when_void = s % 3 == 0;
        random_state(
            Coiffeur::new(&rules, 4, Seed::from(200 + s)).unwrap(),
            s,
            400,
        )
    });
    truth_no_better_than_decoy(&check_states(states, 25));
    let fresh = Coiffeur::new(&Rules::default(), 4, Seed::from(3)).unwrap();
    uniform_at_the_deal(&fresh, PlayerId(2), 0, Hand::EMPTY);
}

#[test]
fn differenzler_worlds() {
    let states = (0..24u64).map(|s| {
        let mut rules = Rules::default();
        rules.differenzler.deals = 3;
        rules.differenzler.hidden_predictions = s % 2 == 0;
        rules.play.undertrump_when_void = s % 3 == 0;
        let n = 3 + (s % 2) as usize;
        random_state(
            Differenzler::new(&rules, n, Seed::from(300 + s)).unwrap(),
            s,
            150,
        )
    });
    truth_no_better_than_decoy(&check_states(states, 25));
    for n in [3, 4] {
        let fresh = Differenzler::new(&Rules::default(), n, Seed::from(4)).unwrap();
        let dealer = fresh.dealer();
        // A seat that is not the dealer, and another that is not the dealer either: the
        // shown card is known to be the dealer's, every other unseen card is of equal standing.
        let seat = PlayerId(((dealer.index() + 1) % n) as u8);
        let other = (dealer.index() + 2) % n;
        uniform_at_the_deal(&fresh, seat, other, Hand::single(fresh.shown()));
    }
}

#[test]
fn the_void_check_catches_a_hand_that_breaks_a_shown_void() {
    // Find a state where a seat showed a void, and hand it a card of that suit.
    for s in 0..200u64 {
        let state = random_state(
            SchieberDeal::new(&Rules::default(), 4, Seed::from(s)).unwrap(),
            s,
            38,
        );
        let view = state.view(PlayerId(0));
        let play = SchieberDeal::public_play(&view);
        let mut hands = state.hands();
        assert!(check_voids(&play, &hands).is_ok());
        let Some(contract) = view.contract else {
            continue;
        };
        for t in &view.tricks {
            let lead = t.cards[0];
            let mode = contract.trick_mode(0, &[]).unwrap();
            for (i, &card) in t.cards.iter().enumerate().skip(1) {
                let seat = (t.leader.index() + i) % 4;
                let not_trump = !mode.is_trump(card) && !mode.is_trump(lead);
                if card.suit() != lead.suit() && not_trump {
                    // Any card of the led suit held elsewhere, now in the void seat's hand.
                    let other = (0..4)
                        .find(|&o| o != seat && !(hands[o] & suit_cards(lead.suit())).is_empty());
                    if let Some(o) = other {
                        let moved = (hands[o] & suit_cards(lead.suit())).first().unwrap();
                        hands[o].remove(moved);
                        hands[seat].insert(moved);
                        assert!(check_voids(&play, &hands).is_err());
                        return;
                    }
                }
            }
        }
    }
    panic!("no state with a void found");
}
