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
///   is valued as the bot's *potential* less 0.7 × each opponent's — base points plus a share of
///   every scoring set or count still within reach, so a card that completes or advances a set
///   is worth much and a card that kills an opponent's set (its last missing card) is worth as
///   much to deny — plus the floor left behind: each number there may be taken by an opponent
///   before the bot's next turn, the likelier the more of its cards are unseen, and costs
///   twice what it adds to that opponent's potential; the bot may take it later with a hand
///   card of the number (half its worth, when nobody takes it first). So a card that cannot capture goes where it gives away least: a number whose
///   other cards are all seen, or one that completes nothing for anyone.
/// - **Take**, of two floor cards matching the flip, the one with the better outcome.
/// - **Tom or Ren**: go on only when it is safe and likely to pay: no opponent within one card
///   of a score (or, after its own Ren, of its next point; within three cards at a table of
///   three or four, where a stopped Ren pays for every loser alone, 독박), the bot's next point
///   within two cards (without one a Ren ends in a nagari), and the stake not already high (a
///   stop paying 60 per loser, with its Ren and multipliers). Each Ren adds a point and from
///   the third doubles, so a safe Ren is worth much; stopping as soon as a threat shows keeps
///   the loss (paid alone) away.
/// - **Sell** its Guã (gwang-selling) when the price is worth at least 2 points or the hand
///   matches little on the floor, else keep.
///
/// In a [`LetomMatch`] each deal is played the same way: a deal's returns add up to the match's
/// totals and the nagari carry scales every seat's stakes alike, so nothing in the match
/// changes what is best within a deal.
///
/// The bot keeps no state and draws nothing at random: ties go to the first legal action, so
/// the same view always gives the same choice. A view that no deal shows gets `legal[0]`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LetomBot {
    params: Params,
}

/// The weights and thresholds of the bot's rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Params {
    /// How much of a floor capture the bot expects to make itself later, with a hand card of
    /// that number, when nobody takes the cards first.
    pub my_future: f32,
    /// What an opponent's capture of a stuck stack is worth on top of its cards: the pi each
    /// other player then gives (per player).
    pub stack_reward: f32,
    /// The weight of what the floor offers the opponents.
    pub floor_weight: f32,
    /// The weight of the opponents' potential against the bot's own.
    pub opp_weight: f32,
    /// Whether the bot ever goes on (Ren).
    pub ren: bool,
    /// An opponent this many cards from a score (one more at a table of three or four) makes
    /// the bot stop.
    pub danger: u32,
    /// How many cards more an opponent may need and still make the bot stop at a table of
    /// three or four (where a stopped Ren pays for every loser).
    pub crowd: u32,
    /// The fewest turns left (hand cards and owed flips) with which the bot goes on.
    pub turns: u32,
    /// The most cards the bot may need for its next point and still go on.
    pub improve: u32,
    /// The stake (a stop's pay per loser before baks) from which the bot stops.
    pub stop_at: u64,
    /// Whether the bot shakes its triples.
    pub shake: bool,
}

impl Params {
    /// The bot's weights: each was set by duplicate deals of the bot against variants of
    /// itself, two and three players (the `tuning` test below, run by hand).
    const DEFAULT: Params = Params {
        my_future: 0.5,
        stack_reward: 0.4,
        floor_weight: 2.0,
        opp_weight: 0.7,
        ren: true,
        danger: 1,
        stop_at: 60,
        crowd: 2,
        turns: 1,
        improve: 2,
        shake: true,
    };
}

impl Default for Params {
    fn default() -> Params {
        Params::DEFAULT
    }
}

impl LetomBot {
    /// The bot (`seed` is not needed: it breaks ties by the legal actions' order).
    #[must_use]
    pub fn new(seed: Seed) -> LetomBot {
        let _ = seed;
        LetomBot::default()
    }

    /// The bot's choice for `view` among `legal` (an element of `legal`; `Action::Flip` when
    /// `legal` is empty, which no caller asks).
    #[must_use]
    pub fn decide(&self, view: &View, legal: &[Action]) -> Action {
        let Some(&first) = legal.first() else {
            return Action::Flip;
        };
        let Some(table) = Table::of(view, self.params) else {
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
        self.decide(view, legal)
    }
}

impl Bot<LetomMatch> for LetomBot {
    fn choose(&mut self, view: &MatchView, legal: &[Action]) -> Action {
        self.decide(&view.deal, legal)
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
        .or_else(|| {
            table
                .params
                .shake
                .then(|| special(|a| matches!(a, Action::Shake(_))))
                .flatten()
        })
        .or_else(|| best_by(legal, |a| table.expected(a)))
}

/// Whether to go on (Ren) rather than stop (Tom).
fn go_on(view: &View, table: &Table) -> bool {
    let p = &view.public;
    let me = table.me;
    let get = |v: &[u8], s: usize| u32::from(v.get(s).copied().unwrap_or(0));
    let turns_left = table.hand.len() as u32 + get(&p.owed, me);
    if turns_left < table.params.turns || !table.params.ren {
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
    if stake >= table.params.stop_at {
        return false;
    }
    // An opponent close to a score (or, after its own Ren, to its next point) may stop and
    // win; with several losers, the bot's Ren would make it pay for all of them (독박).
    let opponents = table.opponents().count();
    let danger = table.params.danger
        + if opponents >= 2 {
            table.params.crowd
        } else {
            0
        };
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
    cards_needed(table.captured[me], reach, base + 1).is_some_and(|k| k <= table.params.improve)
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

#[cfg(test)]
mod tuning {
    //! Variants of the bot against the default in duplicate deals (run by hand:
    //! `cargo test -p letom --release --lib tuning -- --ignored --nocapture`).

    use super::{LetomBot, Params};
    use crate::{Letom, Rules};
    use cards_core::{Bot, Game, Seed};

    fn deal_result(players: usize, seed: u64, mask: u32, a: LetomBot, b: LetomBot) -> f64 {
        let mut game = Letom::new(&Rules::default(), players, Seed::from(seed)).unwrap();
        let mut legal = Vec::new();
        while let Some(seat) = game.to_act() {
            let view = game.view(seat);
            Letom::view_legal_actions(&view, &mut legal);
            let mut bot = if mask >> seat.index() & 1 == 1 { a } else { b };
            let action = Bot::<Letom>::choose(&mut bot, &view, &legal);
            game.play(action).unwrap();
        }
        let s = game.settlement();
        let (mut x, mut nx, mut y, mut ny) = (0.0, 0.0, 0.0, 0.0);
        for (i, v) in s.iter().enumerate() {
            if mask >> i & 1 == 1 {
                x += *v as f64;
                nx += 1.0;
            } else {
                y += *v as f64;
                ny += 1.0;
            }
        }
        x / nx - y / ny
    }

    fn versus(players: usize, a: Params, seeds: u64) -> (f64, f64) {
        let a = LetomBot { params: a };
        let b = LetomBot::default();
        let full = (1u32 << players) - 1;
        let per: Vec<f64> = (0..seeds)
            .map(|seed| {
                (1..full)
                    .map(|m| deal_result(players, seed, m, a, b))
                    .sum::<f64>()
                    / f64::from(full - 1)
            })
            .collect();
        let n = per.len() as f64;
        let mean = per.iter().sum::<f64>() / n;
        let var = per.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
        (mean, (var / n).sqrt())
    }

    #[test]
    #[ignore]
    fn tuning() {
        let d = Params::DEFAULT;
        let variants = [
            ("stop at 200", Params { stop_at: 200, ..d }),
            ("stop at 30", Params { stop_at: 30, ..d }),
            (
                "opp 0.85",
                Params {
                    opp_weight: 0.85,
                    ..d
                },
            ),
            ("shake off", Params { shake: false, ..d }),
        ];
        let seeds: u64 = std::env::var("SEEDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(2000);
        for (name, p) in variants {
            for players in [2, 3] {
                let (m, se) = versus(players, p, seeds);
                println!("{name:>16} {players}p: {m:+.3} ± {se:.3}");
            }
        }
    }
}
