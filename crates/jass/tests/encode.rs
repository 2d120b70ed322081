//! The tensors ([`cards_core::Encode`]): the leak check over every rule set, golden examples
//! pinning the documented layout, and values in range.

use cards_core::{Encode, Game, PlayerId, Presets, RandomPlayer, Seed};
use cards_testkit::encoding::check_encoding;
use jass::encode::{schieber, schieber_deal as deal};
use jass::{Coiffeur, Differenzler, Rules, Schieber, SchieberDeal};
use proptest::prelude::*;

/// The default rules and each preset.
fn rule_sets() -> Vec<(&'static str, Rules)> {
    let mut sets = vec![("default", Rules::default())];
    sets.extend(Rules::presets());
    sets
}

/// The leak check over `seeds` games. In Jass an exchange of two unseen cards can change what
/// the seat is shown (a Weis made or unmade in the scoring team's hands becomes public after
/// the first trick): `check_encoding` skips such exchanges, since the seat's events differ,
/// and holds every other to the same tensors.
fn leak_check<G: Encode<Rules = Rules>>(name: &str, rules: &Rules, players: usize, seeds: u64) {
    let report = check_encoding::<G>(rules, players, 0..seeds)
        .unwrap_or_else(|e| panic!("{} {name} at {players}: {e}", G::NAME));
    assert!(report.positions > 0, "{} {name}: {report:?}", G::NAME);
    assert!(report.flips > 0, "{} {name}: {report:?}", G::NAME);
}

#[test]
fn schieber_deal_leaks_nothing() {
    for (name, rules) in rule_sets() {
        leak_check::<SchieberDeal>(name, &rules, 4, 60);
    }
}

#[test]
fn schieber_leaks_nothing() {
    for (name, rules) in rule_sets() {
        leak_check::<Schieber>(name, &rules, 4, 4);
    }
}

#[test]
fn differenzler_leaks_nothing() {
    let mut hidden = Rules::default();
    hidden.differenzler.hidden_predictions = true;
    for (name, rules) in rule_sets()
        .into_iter()
        .chain([("hidden predictions", hidden)])
    {
        for players in Rules::DIFFERENZLER_PLAYERS {
            leak_check::<Differenzler>(name, &rules, players, 3);
        }
    }
}

#[test]
fn coiffeur_leaks_nothing() {
    for (name, rules) in rule_sets() {
        leak_check::<Coiffeur>(name, &rules, 4, 3);
    }
}

// Golden examples: a position built by hand, the values the docs table puts where.

type Hand = cards_core::CardSet<cards_core::JassCard>;

fn hand(text: &str) -> Hand {
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

fn card(text: &str) -> usize {
    usize::from(cards_core::Card::index(
        text.parse::<cards_core::JassCard>().unwrap(),
    ))
}

fn tensors<G: Encode<Recall = ()>>(view: &G::View) -> (Vec<f32>, Vec<f32>) {
    let mut obs = vec![0.0; G::OBSERVATION.len()];
    let mut info = vec![0.0; G::INFORMATION_STATE.len()];
    cards_core::encode::observation::<G>(view, &[], &mut obs).unwrap();
    cards_core::encode::information_state::<G>(view, &(), &[], &mut info).unwrap();
    (obs, info)
}

fn sum(values: &[f32]) -> f32 {
    values.iter().sum()
}

/// Dealer 0, forehand 1 names spades; trick 1: AS 6S QS 8S (seat 1 takes 14); the Weis of
/// seats 1 (four Jacks, 200) and 3 (a diamonds 3-run, 20) is scored; seat 1 leads JS.
fn golden_deal() -> jass::SchieberDealSetup {
    let mut setup = jass::SchieberDealSetup::dealt(
        PlayerId(0),
        PlayerId(1),
        [
            hand("6H 7H 8H AC 6D 8S TD QC 9S"),
            hand("JC JD JH JS 6C 8D AS KH 7S"),
            hand("7C 9C KC 7D 9D 9H QH 6S TS"),
            hand("8C TC QD KD AD TH AH QS KS"),
        ],
    );
    setup.contract = Some("trump:S".parse().unwrap());
    setup.plays = ["AS", "6S", "QS", "8S", "JS"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    setup
}

/// Seat 3's view: slots are seat 3 (0), seat 0 (1), seat 1 (2), seat 2 (3); its team is 1.
fn check_golden_deal(public: &[f32], private: &[f32]) {
    use jass::encode::shared::*;
    let spades = 3; // Mode::ALL: clubs, diamonds, hearts, spades, Obenabe, Undenufe
    assert_eq!(public[PLAY_TO_ACT + 3], 1.0); // seat 2
    assert_eq!(sum(&public[PLAY_TO_ACT..PLAY_TO_ACT + SEATS]), 1.0);
    assert_eq!(public[PLAY_DEALER + 1], 1.0); // seat 0
    assert_eq!(public[PLAY_LEADER + 2], 1.0); // seat 1
    assert_eq!(public[PLAY_HAND_SIZES], 8.0 / 12.0);
    assert_eq!(public[PLAY_HAND_SIZES + 2], 7.0 / 12.0);
    assert_eq!(public[PLAY_TRICKS_WON + 2], 1.0 / 12.0);
    assert_eq!(public[PLAY_TRICK + card("JS")], 1.0);
    assert_eq!(sum(&public[PLAY_TRICK..PLAY_PLAYED]), 1.0);
    for c in ["AS", "6S", "QS", "8S"] {
        assert_eq!(public[PLAY_PLAYED + card(c)], 1.0, "{c}");
    }
    assert_eq!(sum(&public[PLAY_PLAYED..PLAY_LEN]), 4.0);
    let c = deal::CONTRACT;
    assert_eq!(public[c + CONTRACT + spades], 1.0);
    assert_eq!(public[c + CONTRACT_DECLARER + 2], 1.0);
    assert_eq!(
        sum(&public[c + CONTRACT_TRIO..c + CONTRACT_TRICK_MODE]),
        0.0
    );
    assert_eq!(public[c + CONTRACT_TRICK_MODE + spades], 1.0);
    assert_eq!(public[deal::PUSHED], 0.0);
    // Credits [cards, Weis, Stöck, Match] × [viewer's team 1, team 0].
    assert_eq!(public[deal::CREDITS], 14.0 / 257.0);
    assert_eq!(public[deal::CREDITS + 2], 220.0 / 257.0);
    assert_eq!(sum(&public[deal::CREDITS..deal::STOECK]), 234.0 / 257.0);
    assert_eq!(sum(&public[deal::STOECK..deal::WEIS_SEAT]), 0.0);
    assert_eq!(public[deal::WEIS_SEAT + 2], 1.0);
    assert_eq!(public[deal::WEIS_POINTS], 220.0 / 257.0);
    for c in ["JC", "JD", "JH", "JS"] {
        assert_eq!(public[deal::WEIS_SHOWN + 2 * CARDS + card(c)], 1.0, "{c}");
    }
    for c in ["QD", "KD", "AD"] {
        assert_eq!(public[deal::WEIS_SHOWN + card(c)], 1.0, "{c}");
    }
    assert_eq!(sum(&public[deal::WEIS_SHOWN..deal::PUBLIC_LEN]), 7.0);
    // Private: the hand less QS, its own 3-run.
    for c in ["8C", "TC", "QD", "KD", "AD", "TH", "AH", "KS"] {
        assert_eq!(private[deal::HAND + card(c)], 1.0, "{c}");
    }
    assert_eq!(sum(&private[deal::HAND..deal::OWN_WEIS]), 8.0);
    assert_eq!(sum(&private[deal::OWN_WEIS..deal::OWN_WEIS_POINTS]), 3.0);
    assert_eq!(private[deal::OWN_WEIS + card("AD")], 1.0);
    assert_eq!(private[deal::OWN_WEIS_POINTS], 20.0 / 257.0);
    assert_eq!(private[deal::OWN_WEIS_COUNTED], 1.0);
}

/// The history block of the golden deal (seat 3's slots).
fn check_golden_history(history: &[f32]) {
    use jass::encode::shared::*;
    let entry = |c: &str| &history[card(c) * HISTORY_CARD..(card(c) + 1) * HISTORY_CARD];
    // AS: seat 1 (slot 2) led trick 0.
    assert_eq!(entry("AS")[HISTORY_SEAT + 2], 1.0);
    assert_eq!(entry("AS")[HISTORY_TRICK], 1.0);
    assert_eq!(entry("AS")[HISTORY_POSITION], 1.0);
    // 8S: seat 0 (slot 1), fourth in trick 0.
    assert_eq!(entry("8S")[HISTORY_SEAT + 1], 1.0);
    assert_eq!(entry("8S")[HISTORY_TRICK], 1.0);
    assert_eq!(entry("8S")[HISTORY_POSITION + 3], 1.0);
    // QS: the viewer's own, third.
    assert_eq!(entry("QS")[HISTORY_SEAT], 1.0);
    assert_eq!(entry("QS")[HISTORY_POSITION + 2], 1.0);
    // JS: seat 1 leads trick 1.
    assert_eq!(entry("JS")[HISTORY_SEAT + 2], 1.0);
    assert_eq!(entry("JS")[HISTORY_TRICK + 1], 1.0);
    assert_eq!(entry("JS")[HISTORY_POSITION], 1.0);
    assert_eq!(sum(history), 15.0);
    assert_eq!(history.len(), HISTORY_LEN);
}

#[test]
fn golden_schieber_deal() {
    let game = SchieberDeal::from_setup(&Rules::default(), golden_deal()).unwrap();
    let view = game.view(PlayerId(3));
    let (obs, info) = tensors::<SchieberDeal>(&view);
    assert_eq!((obs.len(), info.len()), (401 + 74, 401 + 720 + 74));
    assert_eq!(SchieberDeal::OBSERVATION.public, deal::PUBLIC_LEN);
    let (public, private) = obs.split_at(deal::PUBLIC_LEN);
    check_golden_deal(public, private);
    let (ipublic, iprivate) = info.split_at(deal::PUBLIC_LEN + 720);
    assert_eq!(&ipublic[..deal::PUBLIC_LEN], public);
    check_golden_history(&ipublic[deal::HISTORY..]);
    assert_eq!(iprivate, private);
}

#[test]
fn golden_schieber() {
    let setup = jass::SchieberSetup {
        seed: Seed::from(1),
        deal_number: 3,
        scores: [1000, 700],
        deal: golden_deal(),
    };
    let game = Schieber::from_setup(&Rules::default(), setup).unwrap();
    let view = game.view(PlayerId(3));
    let (obs, info) = tensors::<Schieber>(&view);
    assert_eq!((obs.len(), info.len()), (401 + 9 + 74, 401 + 9 + 720 + 74));
    let (public, private) = obs.split_at(schieber::PUBLIC_LEN);
    check_golden_deal(&public[..deal::PUBLIC_LEN], private);
    assert_eq!(public[schieber::DEAL_NUMBER], 3.0 / 32.0);
    // [viewer's team 1, team 0] / 2500; this deal's 234 at spades' ×2.
    assert_eq!(public[schieber::SCORES], 700.0 / 2500.0);
    assert_eq!(public[schieber::SCORES + 1], 1000.0 / 2500.0);
    assert_eq!(public[schieber::TOTALS], (700.0 + 468.0) / 2500.0);
    assert_eq!(public[schieber::TOTALS + 1], 1000.0 / 2500.0);
    assert_eq!(sum(&public[schieber::EARLY_STOECK..]), 0.0);
    check_golden_history(&info[schieber::HISTORY..schieber::HISTORY + 720]);
    assert_eq!(&info[schieber::HISTORY + 720..], private);
}

/// Differenzler at three: the seats predict 40, 50, 60 in turn, the leader plays its first
/// legal card; the view of the second to predict.
fn differenzler_golden(hidden: bool) {
    use jass::encode::{differenzler as dz, shared::*};
    let mut rules = Rules::default();
    rules.differenzler.hidden_predictions = hidden;
    let mut game = Differenzler::new(&rules, 3, Seed::from(5)).unwrap();
    let mut order = Vec::new();
    for p in [40, 50, 60] {
        let seat = game.to_act().unwrap();
        order.push(seat);
        game.play(jass::Action::Predict(p)).unwrap();
    }
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let jass::Action::Play(led) = legal[0] else {
        panic!("a card to play: {legal:?}")
    };
    let leader = game.to_act().unwrap();
    game.play(legal[0]).unwrap();
    let me = order[1];
    let slot = |s: PlayerId| (s.index() + 3 - me.index()) % 3;
    let view = game.view(me);
    let (obs, info) = tensors::<Differenzler>(&view);
    assert_eq!(obs.len(), dz::PUBLIC_LEN + 38);
    assert_eq!(info.len(), dz::PUBLIC_LEN + HISTORY_LEN + 38);
    let (public, private) = obs.split_at(dz::PUBLIC_LEN);
    assert_eq!(&public[dz::SEATED..dz::SHOWN], &[1.0, 1.0, 1.0, 0.0]);
    assert_eq!(
        public[dz::SHOWN + usize::from(cards_core::Card::index(view.shown))],
        1.0
    );
    assert_eq!(sum(&public[dz::SHOWN..dz::PREDICTED]), 1.0);
    assert_eq!(public[dz::PREDICTED], 0.75);
    let (first, third) = (
        dz::PREDICTIONS + 2 * slot(order[0]),
        dz::PREDICTIONS + 2 * slot(order[2]),
    );
    if hidden {
        assert_eq!(sum(&public[dz::PREDICTIONS..dz::POINTS]), 0.0);
    } else {
        assert_eq!(&public[first..first + 2], &[1.0, 40.0 / 157.0]);
        assert_eq!(&public[third..third + 2], &[1.0, 60.0 / 157.0]);
    }
    // The viewer's own prediction is private only.
    assert_eq!(&public[dz::PREDICTIONS..dz::PREDICTIONS + 2], &[0.0, 0.0]);
    assert_eq!(&private[dz::OWN_PREDICTED..], &[1.0, 50.0 / 157.0]);
    assert_eq!(public[PLAY_LEADER + slot(leader)], 1.0);
    assert_eq!(
        public[PLAY_TRICK + usize::from(cards_core::Card::index(led))],
        1.0
    );
    assert_eq!(public[PLAY_HAND_SIZES + slot(leader)], 11.0 / 12.0);
    assert_eq!(sum(&public[PLAY_HAND_SIZES..PLAY_TRICKS_WON]), 35.0 / 12.0);
    assert_eq!(
        sum(&private[dz::HAND..dz::OWN_PREDICTED]),
        view.hand.len() as f32
    );
    assert_eq!(public[dz::DEAL_NUMBER], 0.0);
    // History: the led card, by the leader, first in trick 0.
    let entry = dz::HISTORY + usize::from(cards_core::Card::index(led)) * HISTORY_CARD;
    assert_eq!(info[entry + HISTORY_SEAT + slot(leader)], 1.0);
    assert_eq!(info[entry + HISTORY_TRICK], 1.0);
    assert_eq!(info[entry + HISTORY_POSITION], 1.0);
    assert_eq!(sum(&info[dz::HISTORY..dz::HISTORY + HISTORY_LEN]), 3.0);
}

#[test]
fn golden_differenzler() {
    differenzler_golden(false);
    differenzler_golden(true);
}

/// Coiffeur in teams: the first to choose passes when it may or chooses, until a contract
/// stands; then one card. Seat 0's view of the slot, contract and hand.
#[test]
fn golden_coiffeur() {
    use jass::encode::{coiffeur as cf, shared::*};
    let rules = Rules::default();
    let mut game = Coiffeur::new(&rules, 4, Seed::from(3)).unwrap();
    let mut legal = Vec::new();
    // Choose: the first legal action (a slot's contract, or a pass).
    let chooser = game.to_act().unwrap();
    game.legal_actions(&mut legal);
    let chosen = legal[0];
    game.play(chosen).unwrap();
    while game.view(PlayerId(0)).contract.is_none() {
        game.legal_actions(&mut legal);
        game.play(legal[0]).unwrap();
    }
    let view = game.view(PlayerId(0));
    let (obs, info) = tensors::<Coiffeur>(&view);
    assert_eq!(obs.len(), cf::PUBLIC_LEN + 36);
    assert_eq!(info.len(), cf::PUBLIC_LEN + HISTORY_LEN + 36);
    let (public, private) = obs.split_at(cf::PUBLIC_LEN);
    let slot = view.slot.unwrap();
    let k = jass::Slot::ALL.iter().position(|&s| s == slot).unwrap();
    assert_eq!(public[cf::SLOT + k], 1.0);
    assert_eq!(sum(&public[cf::SLOT..cf::CONTRACT]), 1.0);
    assert_eq!(
        sum(&public[cf::CONTRACT + CONTRACT..cf::CONTRACT + CONTRACT_DECLARER]),
        1.0
    );
    let declarer = view.declarer.unwrap();
    assert_eq!(
        public[cf::CONTRACT + CONTRACT_DECLARER + declarer.index()],
        1.0
    );
    assert_eq!(public[PLAY_TO_ACT + view.to_act.unwrap().index()], 1.0);
    assert_eq!(sum(&public[cf::PASSED..cf::SLOT]), view.passed.len() as f32);
    if chosen == jass::Action::Pass {
        assert_eq!(public[cf::PASSED + chooser.index()], 1.0);
    }
    // Nothing on the sheet yet, nothing played.
    assert_eq!(sum(&public[cf::CARD_POINTS..]), 0.0);
    assert_eq!(sum(&public[PLAY_TRICK..PLAY_LEN]), 0.0);
    assert_eq!(sum(&info[cf::HISTORY..cf::HISTORY + HISTORY_LEN]), 0.0);
    assert_eq!(sum(private), 9.0);
    assert_eq!(&info[cf::PUBLIC_LEN + HISTORY_LEN..], private);
}

/// Plays `G` randomly from `seed` for at most `actions`, and at every `every`-th position
/// checks each seat's tensors: values in [0, 1], the private hand slice holding exactly the
/// seat's hand, and `extra` on the view and observation.
fn check_random<G: Encode<Rules = Rules, Recall = ()>>(
    players: usize,
    seed: u64,
    actions: usize,
    every: usize,
    hand_of: impl Fn(&G::View) -> Hand,
    extra: impl Fn(&G::View, &[f32]),
) {
    let rules = Rules::default();
    let mut game = G::new(&rules, players, Seed::from(seed)).unwrap();
    let mut player = RandomPlayer::new(Seed::from(seed));
    let mut buf = Vec::new();
    for step in 0..actions {
        if step % every == 0 {
            for seat in PlayerId::all(players) {
                let view = game.view(seat);
                let (obs, info) = tensors::<G>(&view);
                for x in obs.iter().chain(&info) {
                    assert!(x.is_finite() && (0.0..=1.0).contains(x), "{x} at {step}");
                }
                // The private part starts with the hand.
                let hand = &obs[G::OBSERVATION.public..G::OBSERVATION.public + 36];
                assert_eq!(sum(hand), hand_of(&view).len() as f32);
                for c in hand_of(&view) {
                    assert_eq!(hand[usize::from(cards_core::Card::index(c))], 1.0);
                }
                extra(&view, &obs);
            }
        }
        let Some(action) = player.choose(&game, &mut buf) else {
            break;
        };
        game.play(action).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn schieber_deal_tensors_in_range(seed in any::<u64>()) {
        check_random::<SchieberDeal>(4, seed, 40, 1, |v| v.hand, |_, _| {});
    }

    #[test]
    fn schieber_tensors_in_range(seed in any::<u64>()) {
        check_random::<Schieber>(4, seed, 400, 13, |v| v.deal.hand, |_, _| {});
    }

    #[test]
    fn differenzler_tensors_in_range(seed in any::<u64>(), players in 3usize..=4) {
        check_random::<Differenzler>(players, seed, 300, 11, |v| v.hand, |v, obs| {
            use jass::encode::differenzler as dz;
            assert_eq!(sum(&obs[dz::SEATED..dz::SHOWN]), v.hand_sizes.len() as f32);
        });
    }

    #[test]
    fn coiffeur_tensors_in_range(seed in any::<u64>()) {
        check_random::<Coiffeur>(4, seed, 800, 17, |v| v.hand, |v, obs| {
            use jass::encode::coiffeur as cf;
            // Every filled cell of the sheet is on the tensor's sheet.
            let filled = v.sheet.sides.iter().flat_map(|s| &s.entries).flatten().count();
            let cells = (0..cf::SIDES * cf::SLOTS).map(|k| obs[cf::SHEET + 2 * k]);
            assert_eq!(cells.sum::<f32>(), filled as f32);
        });
    }
}

/// The shapes `docs/jass.md` tables, for every rule set and table size of each type.
#[test]
fn shapes_are_the_documented_ones() {
    use cards_core::Shape;
    assert_eq!(SchieberDeal::OBSERVATION, Shape::new(401, 74));
    assert_eq!(SchieberDeal::INFORMATION_STATE, Shape::new(1121, 74));
    assert_eq!(Schieber::OBSERVATION, Shape::new(410, 74));
    assert_eq!(Schieber::INFORMATION_STATE, Shape::new(1130, 74));
    assert_eq!(Differenzler::OBSERVATION, Shape::new(258, 38));
    assert_eq!(Differenzler::INFORMATION_STATE, Shape::new(978, 38));
    assert_eq!(Coiffeur::OBSERVATION, Shape::new(360, 36));
    assert_eq!(Coiffeur::INFORMATION_STATE, Shape::new(1080, 36));
    use jass::encode::{coiffeur as cf, differenzler as dz, shared::*};
    assert_eq!((PLAY_TRICK, PLAY_PLAYED, PLAY_LEN), (20, 164, 200));
    assert_eq!(
        (CONTRACT_DECLARER, CONTRACT_TRIO, CONTRACT_TRICK_MODE),
        (11, 15, 33)
    );
    assert_eq!(
        (deal::PUSHED, deal::CREDITS, deal::WEIS_SHOWN),
        (239, 240, 257)
    );
    assert_eq!((schieber::DEAL_NUMBER, schieber::EARLY_STOECK), (401, 406));
    assert_eq!((dz::SHOWN, dz::PREDICTIONS, dz::PENALTIES), (204, 241, 253));
    assert_eq!(
        (cf::SLOT, cf::CONTRACT, cf::SHEET, cf::TOTALS),
        (204, 216, 259, 355)
    );
}
