//! [`JassBot`]: the rule-based bot of every Jass game (the `rules` rung of the bot ladder):
//! one card play shared by all of them ([`card_play`]) and the decisions before the play
//! ([`contract`]).

mod card_play;
mod contract;
mod exact;

use cards_core::{Bot, GameRng, JassCard, PLAYER_STREAM, PerSeat, PlayerId, RuleBot, Seed};

use crate::action::Contract;
use crate::schieber_deal::Hand;
use crate::{
    Action, Coiffeur, CoiffeurView, Differenzler, DifferenzlerView, Mode, Schieber, SchieberDeal,
    SchieberDealView, SchieberView,
};
use card_play::{Aim, Table, choose_card};

/// A rule-based Jass player, for [`SchieberDeal`], [`Schieber`], [`Coiffeur`] and
/// [`Differenzler`]: it reads only its seat's view and its legal actions.
///
/// **The contract** (Schieber): each contract's worth is estimated from the hand — the
/// tricks it takes by itself (each card by how many stronger cards of its suit it lacks;
/// trumps by their own order and length, plain winners less in a trump game, a long suit
/// with its top running in Obenabe/Undenufe), turned into the team's card points, doubled
/// against the others' share, plus the Weis it likely scores and the Stöck, times the
/// contract's multiplier. Forehand names the best contract when it is worth more than what
/// the partner's choice is worth on average, and pushes otherwise; after a push the partner
/// names its best. A Trio segment takes the mode the hand is best in.
///
/// **Coiffeur**: the open slot where the hand beats an average hand by most, times the
/// slot's factor — a weak hand goes to a low factor, a strong one to a high factor, a Joker
/// only to a hand well above average (it can wait for one); a pass when no open slot is
/// worth 90 points (factor × points above average) and passing is allowed.
///
/// **Differenzler**: predicts the points its expected tricks bring in the shown trump;
/// during the play it takes points while it is short of the prediction by more than its
/// remaining hand is expected to bring anyway, and avoids them otherwise.
///
/// **The card play** (all games): each legal card is scored by the points it is expected to
/// win or give away — the chance it holds the trick against the seats still to play that
/// are not on its side (a stronger card of the led suit or a ruff, from the unseen cards,
/// the voids the play showed and the hand sizes), times the trick's points with the card's
/// own — less what the card is worth later (trumps most, the Buur and the Nell above all;
/// a card no unseen card beats). So it wins a trick cheaply when it can, follows with its
/// lowest card when the trick is lost, smears a ten or an ace onto a trick its partner
/// holds for sure (or, less, one its partner still to play may take over), keeps the Buur
/// and the Nell for a trick worth them, leads its top trump to pull the others' trumps when
/// its side named the contract (a defender keeps it; never a trump once the others have
/// none), and cashes the aces and top cards of Obenabe and Undenufe. Exact ties are broken
/// by its own generator.
///
/// Weis and Stöck are credited by the game itself (no decision), so the bot declares them by
/// playing.
#[derive(Clone, Debug)]
pub struct JassBot {
    rng: GameRng,
    tuning: Tuning,
}

/// The rule bot's weights, in card points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Tuning {
    /// A contract must be worth this much (multiplied points of difference) for forehand to
    /// name it rather than push: about what the partner's best choice is worth.
    pub push_value: f64,
    /// Differenzler: take points while short of the prediction by more than this share of
    /// what the remaining hand brings anyway.
    pub aim_share: f64,
    /// What holding a trump is worth for later tricks, at its lowest.
    pub trump_keep: f64,
    /// What each step up the trump order adds to it.
    pub trump_step: f64,
    /// What holding a card no unseen card of its suit beats is worth.
    pub boss_keep: f64,
    /// The points each later seat is guessed to add to a led trick.
    pub lead_guess: f64,
    /// The bonus per unseen trump (up to four) for leading the top trump.
    pub pull: f64,
    /// The share of the pull bonus for a side that did not name the contract.
    pub defender_pull: f64,
    /// How far a partner still to play, when it may beat the trick, counts as holding it.
    pub partner_after: f64,
    /// Coiffeur: how much better than average a hand must be for a Joker (it can wait for a
    /// good hand at its high factor).
    pub joker_hope: f64,
    /// Coiffeur: pass when the best slot is worth less than this (and a pass is allowed).
    pub pass_below: f64,
}

impl Tuning {
    /// The weights the bot plays with.
    pub(crate) const DEFAULT: Tuning = Tuning {
        push_value: 75.0,
        aim_share: 1.7,
        trump_keep: 23.0,
        trump_step: 8.0,
        boss_keep: 16.0,
        lead_guess: 6.0,
        pull: 8.0,
        defender_pull: -1.5,
        partner_after: 0.8,
        joker_hope: 15.0,
        pass_below: 90.0,
    };
}

impl JassBot {
    /// A rule bot drawing its tie-breaks from `seed` (on the player stream).
    #[must_use]
    pub fn new(seed: Seed) -> JassBot {
        JassBot {
            rng: GameRng::new(seed, PLAYER_STREAM),
            tuning: Tuning::DEFAULT,
        }
    }

    /// The card to play, from the legal cards in `legal`, as `table` sees it.
    fn card(&mut self, table: &Table<'_>, legal: &[Action]) -> Option<Action> {
        let cards: Hand = legal
            .iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        if cards.is_empty() {
            return None;
        }
        let rng = &mut self.rng;
        choose_card(table, cards, |n| rng.index(n).unwrap_or(0)).map(Action::Play)
    }
}

/// `choice` when it is legal, else the first legal action (an odd view): never a panic.
fn legal_or_first(choice: Option<Action>, legal: &[Action]) -> Action {
    choice
        .filter(|a| legal.contains(a))
        .or_else(|| legal.first().copied())
        .unwrap_or(Action::Pass)
}

/// The bit of each seat of `seat`'s team at a table of four (seats 0+2, 1+3).
fn team_bits(seat: PlayerId) -> u8 {
    let s = seat.index() % 2;
    (1 << s) | (1 << (s + 2))
}

/// The card-play [`Table`] of a view with the common fields (`hand`, `hand_sizes`, `tricks`,
/// `trick`, `leader`, `trio`) of every Jass view.
macro_rules! table {
    ($view:expr, $bot:expr, seats: $seats:expr, contract: $contract:expr, friends: $friends:expr, aim: $aim:expr) => {
        Table {
            seats: $seats,
            hand: $view.hand,
            hand_sizes: &$view.hand_sizes,
            tricks: &$view.tricks,
            trick: &$view.trick,
            leader: $view.leader,
            contract: $contract,
            trio: &$view.trio,
            tricks_in_deal: JassCard::COUNT / $seats,
            friends: $friends,
            aim: $aim,
            declaring: $view
                .declarer
                .is_some_and(|d| $friends >> (d.index() & 7) & 1 == 1),
            tuning: $bot.tuning,
        }
    };
}

/// A Schieber deal's decision.
fn deal_choice(bot: &mut JassBot, view: &SchieberDealView, legal: &[Action]) -> Option<Action> {
    if legal.iter().any(|a| matches!(a, Action::Name(_))) {
        return contract::schieber_choice(view.hand, legal, &view.rules, bot.tuning.push_value);
    }
    if legal.iter().any(|a| matches!(a, Action::TrioMode(_))) {
        return contract::trio_choice(view.hand, legal);
    }
    let table = table!(view, bot, seats: 4, contract: view.contract?, friends: team_bits(view.seat), aim: Aim::Team);
    bot.card(&table, legal)
}

impl Bot<SchieberDeal> for JassBot {
    fn choose(&mut self, view: &SchieberDealView, legal: &[Action]) -> Action {
        legal_or_first(deal_choice(self, view, legal), legal)
    }
}

impl Bot<Schieber> for JassBot {
    fn choose(&mut self, view: &SchieberView, legal: &[Action]) -> Action {
        legal_or_first(deal_choice(self, &view.deal, legal), legal)
    }
}

/// A Coiffeur decision.
fn coiffeur_decision(bot: &mut JassBot, view: &CoiffeurView, legal: &[Action]) -> Option<Action> {
    if legal
        .iter()
        .any(|a| matches!(a, Action::Name(_) | Action::Joker(..) | Action::Pass))
    {
        return contract::coiffeur_choice(view.hand, legal, &view.rules, &bot.tuning);
    }
    if legal.iter().any(|a| matches!(a, Action::TrioMode(_))) {
        return contract::trio_choice(view.hand, legal);
    }
    let declarer = view.declarer?;
    // Team play: the partner's tricks count. Each for themself: the declarer stands alone and
    // the others together keep its points down.
    let friends = if !view.rules.coiffeur.individual {
        team_bits(view.seat)
    } else if declarer == view.seat {
        1 << (view.seat.index() & 3)
    } else {
        0b1111 & !(1 << (declarer.index() & 3))
    };
    let table =
        table!(view, bot, seats: 4, contract: view.contract?, friends: friends, aim: Aim::Team);
    bot.card(&table, legal)
}

impl Bot<Coiffeur> for JassBot {
    fn choose(&mut self, view: &CoiffeurView, legal: &[Action]) -> Action {
        legal_or_first(coiffeur_decision(self, view, legal), legal)
    }
}

/// A Differenzler decision.
fn differenzler_decision(
    bot: &mut JassBot,
    view: &DifferenzlerView,
    legal: &[Action],
) -> Option<Action> {
    let seats = view.hand_sizes.len();
    if !crate::Rules::DIFFERENZLER_PLAYERS.contains(&seats) {
        return None; // an odd view: the first legal action
    }
    let trump = view.shown.suit();
    let me = view.seat.index();
    if legal.iter().any(|a| matches!(a, Action::Predict(_))) {
        let want = i32::from(contract::prediction(view.hand, trump, seats));
        return legal
            .iter()
            .copied()
            .filter_map(|a| match a {
                Action::Predict(n) => Some((a, (i32::from(n) - want).abs())),
                _ => None,
            })
            .min_by_key(|&(_, d)| d)
            .map(|(a, _)| a);
    }
    let predicted = view
        .predictions
        .get(me)
        .copied()
        .flatten()
        .map_or(0.0, f64::from);
    let taken = view.points.get(me).copied().map_or(0.0, f64::from);
    let need = predicted - taken;
    let future = contract::still_to_take(view.hand, trump, seats);
    // Short of the prediction by more than the hand brings anyway: take; otherwise avoid.
    let aim = if need > 0.0 && need > bot.tuning.aim_share * future {
        Aim::Take
    } else {
        Aim::Avoid
    };
    let table = Table {
        seats,
        hand: view.hand,
        hand_sizes: &view.hand_sizes,
        tricks: &view.tricks,
        trick: &view.trick,
        leader: view.leader,
        contract: Contract::Mode(Mode::Trump(trump)),
        trio: &[],
        tricks_in_deal: JassCard::COUNT / seats.max(1),
        friends: 1 << (me & 3),
        aim,
        declaring: false,
        tuning: bot.tuning,
    };
    bot.card(&table, legal)
}

/// How far apart the predictions a search weighs lie, in card points: about a third of the
/// rule bots' mean penalty (13 to 14 points a deal), so a handful of them span the estimate's
/// likely error.
const PREDICTION_STEP: i32 = 5;

impl Bot<Differenzler> for JassBot {
    fn choose(&mut self, view: &DifferenzlerView, legal: &[Action]) -> Action {
        legal_or_first(differenzler_decision(self, view, legal), legal)
    }

    /// At a prediction: the bot's estimate first, then the predictions
    /// 5 points apart around it, nearest first (below before above), up to
    /// `k`; a search so compares a few sensible predictions instead of spreading its tries
    /// over all 158. At a card: none, so a search weighs every legal card (the bot ranks no
    /// cards beyond its choice).
    fn candidates(
        &mut self,
        view: &DifferenzlerView,
        legal: &[Action],
        k: usize,
        out: &mut Vec<Action>,
    ) {
        out.clear();
        if k == 0 || !legal.iter().any(|a| matches!(a, Action::Predict(_))) {
            return;
        }
        let Some(Action::Predict(first)) = differenzler_decision(self, view, legal) else {
            return;
        };
        let want = i32::from(first);
        let max = i32::from(crate::MAX_PREDICTION);
        // Offsets 0, −1, +1, −2, +2, … steps: nearest first, below before above, until every
        // step within 0..=157 was tried.
        for i in 0..=2 * (max / PREDICTION_STEP + 1) {
            if out.len() >= k {
                break;
            }
            let offset = (i + 1) / 2 * if i % 2 == 1 { -1 } else { 1 };
            let Ok(n) = u8::try_from(want + offset * PREDICTION_STEP) else {
                continue;
            };
            let action = Action::Predict(n);
            if legal.contains(&action) && !out.contains(&action) {
                out.push(action);
            }
        }
    }
}

/// Differenzler's searches stop each playout at the end of the decision's deal, valued by the
/// penalties so far (`src/differenzler/playout.rs`): the returns are a sum over the deals, and
/// the later deals' luck would bury one prediction or card.
impl RuleBot for Differenzler {
    type RuleBot = JassBot;

    fn rule_bot(seed: Seed) -> JassBot {
        JassBot::new(seed)
    }

    #[inline]
    fn playout_value(&self, root: &Self) -> Option<PerSeat<f64>> {
        self.deal_value(root)
    }
}

/// Coiffeur's searches stop each playout at the end of the decision's deal, valued by the cell
/// it filled against what the slot is taken to be worth (`src/coiffeur/playout.rs`): a game is
/// a whole score sheet, and one slot's choice or one card would drown in the luck of every
/// deal still to come.
impl RuleBot for Coiffeur {
    type RuleBot = JassBot;

    fn rule_bot(seed: Seed) -> JassBot {
        JassBot::new(seed)
    }

    #[inline]
    fn playout_value(&self, root: &Self) -> Option<PerSeat<f64>> {
        self.deal_value(root)
    }

    /// What a search's values count at this decision (`Coiffeur::deal_value`): in the last
    /// deal the game's returns (wins); before it, the cell's points over what the slot is
    /// worth.
    fn search_unit(&self) -> cards_core::ReturnsUnit {
        let open: u32 = self.open().iter().map(|m| m.count_ones()).sum();
        if open <= 1 {
            cards_core::Game::returns_unit(self)
        } else {
            cards_core::ReturnsUnit::Points {
                word: "points over the slot's worth",
                per_point: 1.0,
            }
        }
    }
}
