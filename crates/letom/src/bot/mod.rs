//! [`LetomBot`]: the rule-based bot of Letom and of a Letom match (`docs/letom.md`, "Bots").

mod turn;
mod value;

use cards_core::{Bot, RuleBot, Seed};

use crate::{Action, Hand, Letom, LetomMatch, MatchView, Phase, RenScoring, Rules, View, score};
use turn::Table;
use value::cards_needed;

/// The rule-based Letom player: what a good player does, read off the seat's [`View`] alone.
///
/// - **Bomb** whenever it can (four cards, a pi from everyone, × 3 if it wins, two flip-only
///   turns), else **shake** every triple (× 2 if it wins; a shaken triple keeps all its uses).
/// - **Play** the hand card (or take the flip-only turn) with the best expected outcome over
///   every card the flip may turn up: each outcome follows the rules of a turn exactly (pairs,
///   stuck stacks made and taken, jjok, ttadak, sweep, the pi every other player gives) and
///   is valued as the bot's *potential* less each opponent's — base points plus a share of
///   every scoring set or count still within reach, so a card that completes or advances a set
///   is worth much and a card that kills an opponent's set (its last missing card) is worth as
///   much to deny — plus the floor left behind: each number there may be taken by an opponent
///   before the bot's next turn, the likelier the more of its cards are unseen, and is worth
///   what it adds to that opponent's potential; the bot may take it later with a hand card of
///   the number. So a card that cannot capture goes where it gives away least: a number whose
///   other cards are all seen, or one that completes nothing for anyone.
/// - **Take**, of two floor cards matching the flip, the one with the better outcome.
/// - **Tom or Ren**: stop unless going on is both safe and likely to pay: at least three turns
///   left, no opponent within two cards of a score (three at a table of three or four, where
///   a stopped Ren pays for every loser), the next point within two cards, and the score not
///   already high (12 with its Ren and multipliers).
/// - **Sell** its Guã (gwang-selling) when the price is worth at least 2 points or the hand
///   matches little on the floor, else keep.
///
/// In a [`LetomMatch`] each deal is played the same way: a deal's returns add up to the match's
/// totals and the nagari carry scales every seat's stakes alike, so nothing in the match
/// changes what is best within a deal.
///
/// The bot keeps no state and draws nothing at random: ties go to the first legal action, so
/// the same view always gives the same choice. A view that no deal shows gets `legal[0]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LetomBot;

impl LetomBot {
    /// The bot (`seed` is not needed: it breaks ties by the legal actions' order).
    #[must_use]
    pub fn new(seed: Seed) -> LetomBot {
        let _ = seed;
        LetomBot
    }

    /// The bot's choice for `view` among `legal` (an element of `legal`; `Action::Flip` when
    /// `legal` is empty, which no caller asks).
    #[must_use]
    pub fn decide(view: &View, legal: &[Action]) -> Action {
        let Some(&first) = legal.first() else {
            return Action::Flip;
        };
        let Some(table) = Table::of(view) else {
            return first;
        };
        let choice = match view.public.phase {
            Phase::Sale { .. } => sale(view, &table, legal),
            Phase::Turn { .. } => turn(&table, legal),
            Phase::Take {
                flipped, rewards, ..
            } => best_by(legal, |a| match a {
                Action::Take(d) => Some(table.take_value(flipped, d, rewards)),
                _ => None,
            }),
            Phase::Decide { .. } => Some(if go_on(view, &table) {
                Action::Ren
            } else {
                Action::Tom
            }),
            Phase::Over => None,
        };
        choice.filter(|a| legal.contains(a)).unwrap_or(first)
    }
}

impl Bot<Letom> for LetomBot {
    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        LetomBot::decide(view, legal)
    }
}

impl Bot<LetomMatch> for LetomBot {
    fn choose(&mut self, view: &MatchView, legal: &[Action]) -> Action {
        LetomBot::decide(&view.deal, legal)
    }
}

impl RuleBot for Letom {
    type RuleBot = LetomBot;

    fn rule_bot(seed: Seed) -> LetomBot {
        LetomBot::new(seed)
    }
}

impl RuleBot for LetomMatch {
    type RuleBot = LetomBot;

    fn rule_bot(seed: Seed) -> LetomBot {
        LetomBot::new(seed)
    }
}

/// The legal action with the highest value (the first among equals), skipping actions
/// `value` does not value.
fn best_by(legal: &[Action], mut value: impl FnMut(Action) -> Option<f32>) -> Option<Action> {
    let mut best = None::<(Action, f32)>;
    for &a in legal {
        if let Some(v) = value(a)
            && best.is_none_or(|(_, b)| v > b)
        {
            best = Some((a, v));
        }
    }
    best.map(|(a, _)| a)
}

/// A turn: bomb, else shake, else the play with the best expected outcome.
fn turn(table: &Table, legal: &[Action]) -> Option<Action> {
    let special = |pick: fn(&Action) -> bool| legal.iter().copied().find(pick);
    special(|a| matches!(a, Action::Bomb(_)))
        .or_else(|| special(|a| matches!(a, Action::Shake(_))))
        .or_else(|| best_by(legal, |a| table.expected(a)))
}

/// Whether to go on (Ren) rather than stop (Tom).
fn go_on(view: &View, table: &Table) -> bool {
    let p = &view.public;
    let me = table.me;
    let get = |v: &[u8], s: usize| u32::from(v.get(s).copied().unwrap_or(0));
    let turns_left = table.hand.len() as u32 + get(&p.owed, me);
    if turns_left < 3 {
        return false;
    }
    // What a stop pays now, per loser before baks: the Ren bonus and doubling, shakes, bombs,
    // the carry.
    let base = score(table.captured[me]).points;
    let ren = get(&p.ren, me);
    let doubling = match view.rules.ren {
        RenScoring::Doubling if ren >= 3 => 1u64 << (ren - 2).min(20),
        _ => 1,
    };
    let shakes = p.shaken.get(me).map_or(0, |h| h.len() as u32 / 3) + get(&p.carried_shakes, me);
    let bombs = get(&p.bombs, me) + get(&p.carried_bombs, me);
    let stake = u64::from(base + ren)
        * doubling
        * (1u64 << shakes.min(20))
        * (view.rules.bomb.factor() as u64).pow(bombs.min(10))
        * u64::from(p.carry.max(1));
    if stake >= 12 {
        return false;
    }
    // An opponent close to a score (or, after its own Ren, to its next point) may stop and
    // win; with several losers, the bot's Ren would make it pay for all of them (독박).
    let opponents = table.opponents().count();
    let danger = if opponents >= 2 { 3 } else { 2 };
    for o in table.opponents() {
        let target = if get(&p.ren, o) > 0 {
            get(&p.ren_base, o) + 1
        } else {
            Rules::REN_MIN
        };
        let reach = table.reachable(&table.captured, o, table.hand);
        if cards_needed(table.captured[o], reach, target).is_some_and(|k| k <= danger) {
            return false;
        }
    }
    // A Ren pays only with a later point: without one the deal ends in a nagari.
    let reach = table.reachable(&table.captured, me, table.hand);
    cards_needed(table.captured[me], reach, base + 1).is_some_and(|k| k <= 2)
}

/// Gwang-selling: sell when the Guã fetch at least 2 points, or fetch something and the hand
/// matches little of the floor.
fn sale(view: &View, table: &Table, legal: &[Action]) -> Option<Action> {
    if !legal.contains(&Action::Keep) {
        return Some(Action::Sell);
    }
    let guang = table.hand.iter().filter(|c| c.number() == 0).count() as u32;
    let payers = table.n.saturating_sub(1) as u32;
    let income = guang * view.rules.gwang_price * payers;
    let numbers = |h: Hand| h.iter().fold(0u16, |m, c| m | 1 << c.number());
    let matches = (numbers(table.hand) & numbers(table.floor)).count_ones();
    let sell = income >= 2 || (income >= 1 && matches < 2);
    Some(if sell { Action::Sell } else { Action::Keep })
}
