//! [`ElewenjeweBot`]: a rule-based Eléwénjewé player that weighs every legal action in a few bit
//! operations.

use cards_core::{Bot, CardSet, PlayerId, Seed, StdCard};

use crate::cards::{JOKER_BITS, RANK_COLUMN};
use crate::rules::Scoring;
use crate::score::LAYOUT;
use crate::state::{Cards, Elewenjewe, Pile};
use crate::{Action, View};

/// Card index of the 9♦, the layout diamond numeric cards can take.
const NINE_DIAMONDS: u32 = 21;
/// The jack's rank, the lowest face card.
const JACK: u8 = 11;

/// A rule-based Eléwénjewé player (the `rules` rung of the bot ladder).
///
/// Under the default scoring each layout diamond (K♦ Q♦ J♦ 9♦) is a point to its capturer and
/// strictly the most captured cards is one more, so the bot values an action as
///
/// `gain − what the played card could still do − what the table it leaves offers the others`:
///
/// - **gain**: a point for each layout diamond taken (none under `MostCards` scoring) and, per
///   card taken (the played card included), a weight for the most-cards point that is higher
///   while the race for it is close (from the visible captured-pile sizes and the cards still
///   to come this round). An Esun build counts its pile as a later capture, discounted by
///   twice the chance that an opponent holds the pile's value (or a joker) and takes it first.
/// - **the played card's future**: a K, Q or J is kept while its layout diamond lies loose (it
///   is that diamond's only key), a 9 (and a 10 beside an ace) likewise for the 9♦, a joker for
///   a big table, and a card that captures one of this seat's own piles for that pile.
/// - **what is left**: for each layout diamond left loose, the chance that some opponent holds
///   a card that takes it (a card of its rank; for the 9♦ also a 10 when an ace lies there; a
///   joker); for the loose cards, the chance that the next seat holds a card of each one's
///   value, at the most-cards weight; and for this seat's own piles, the chance that an
///   opponent holds their value. The chances come from the unseen cards (the hand, table,
///   piles and any captured piles the view shows are known; the layout diamonds are never in a
///   hand) and the opponents' hand sizes.
///
/// That is the **cheap pass**, a few popcounts per legal action, over every legal action.
/// The best twelve non-trail actions and every trail then get a **closer look**: what is left
/// is valued by the best capture the next seat could make from that table with a card of each
/// rank (the crate's suit-blind capture search, [`capture_patterns`](crate::capture_patterns),
/// at most ten searches per action), expected over the ranks it may hold; the layout diamonds
/// the later opponents could take count half; a third of the best capture this seat's own
/// remaining hand could then make counts for it; and only 0.3 of the played card's future is
/// charged (a sure gain now beats a key kept for later).
///
/// So it takes layout diamonds and big captures, trails the card that gives least away (not the
/// ace that lets a 10 take the 9♦ beside it), and keeps the keys to what it can still take.
/// It does not plan for the last player's take of the table (`last_player_takes`). Ties go to
/// the earlier legal action (the seed is not drawn from); an odd view gets `legal[0]`.
///
/// Its [`Bot::candidates`] are the closer look's actions by value, its choice first: the
/// ladder's `ismcts`, as the registry tunes it for Eléwénjewé, weighs the best three of them and
/// plays its choice unless it can tell that another is better (`cards-bots`' `SearchConfig`:
/// `prior_candidates` and `prior_visits`).
#[derive(Clone, Debug)]
pub struct ElewenjeweBot {
    /// Scratch: the actions of the closer look, by (value, legal index): the cheap pass's
    /// value, then the closer look's.
    shortlist: Vec<(f64, usize)>,
    /// Scratch: the trails of the cheap pass.
    trails: Vec<(f64, usize)>,
}

impl ElewenjeweBot {
    /// A new bot; `seed` is accepted for the interface (ties are broken by legal order).
    #[must_use]
    pub fn new(seed: Seed) -> ElewenjeweBot {
        let _ = seed;
        ElewenjeweBot {
            shortlist: Vec::with_capacity(SHORTLIST + 1),
            trails: Vec::new(),
        }
    }
}

impl cards_core::RuleBot for Elewenjewe {
    type RuleBot = ElewenjeweBot;

    fn rule_bot(seed: Seed) -> ElewenjeweBot {
        ElewenjeweBot::new(seed)
    }

    /// A seat remembers which cards each seat took this round ([`Recall`](crate::encode::Recall)):
    /// the view counts the captured piles but does not show them (unless Isiwo is played), so
    /// the ladder's search samples its worlds with those cards in their takers' piles, not in
    /// the hands and the stock ([`RecallWorlds`](cards_core::RecallWorlds)).
    fn memory() -> Option<Box<dyn cards_core::Memory<Elewenjewe>>> {
        Some(Box::new(cards_core::Recalled::<Elewenjewe>::new(
            crate::encode::Recall::default(),
        )))
    }

    /// Playouts: seven times in eight the greedy capturer (the capture taking the most, a
    /// layout diamond counted as four cards; with none, trail the card the other hands can
    /// least take), otherwise a random card of the hand and a random action of it. Found by
    /// the crate's capture enumeration card by card, never listing every legal action.
    fn playout_action<R: cards_core::Rng + ?Sized>(
        &self,
        _buf: &mut Vec<Action>,
        rng: &mut R,
    ) -> Option<Action> {
        crate::policy::playout_action(self, rng)
    }

    /// A playout stops at the end of the decision's round: the game's returns if that round
    /// ended it, else each seat's expected return (`n × chance − 1`) from the totals, under a
    /// model where each of a later round's points goes to either of two racing seats with
    /// chance one half (`docs/elewenjewe.md`, section Bots).
    fn playout_value(&self, root: &Self) -> Option<cards_core::PerSeat<f64>> {
        crate::policy::playout_value(self, root)
    }
}

impl ElewenjeweBot {
    /// The cheap pass over `legal`, then the closer look at its shortlist: leaves
    /// `self.shortlist` as (closer value, legal index), in legal order. `false` for an odd
    /// view (no context).
    fn weigh(&mut self, view: &View, legal: &[Action]) -> bool {
        self.shortlist.clear();
        self.trails.clear();
        let Some(ctx) = Context::new(view) else {
            return false;
        };
        // A cheap pass over every legal action, then a closer look at the best few and at
        // every trail: what the next seat and this one could take from the table left.
        for (i, &action) in legal.iter().enumerate() {
            let value = ctx.value_of(action);
            if matches!(action, Action::Trail(_)) {
                self.trails.push((value, i));
            } else {
                insert_best(&mut self.shortlist, (value, i), SHORTLIST);
            }
        }
        self.shortlist.append(&mut self.trails);
        self.shortlist.sort_by_key(|&(_, i)| i);
        for item in &mut self.shortlist {
            item.0 = ctx.closer_value(legal[item.1]);
        }
        true
    }

    /// The best of the shortlist ([`ElewenjeweBot::weigh`]), the earliest among equals.
    fn best(&self, legal: &[Action]) -> Option<Action> {
        let mut best = (f64::NEG_INFINITY, None);
        for &(value, i) in &self.shortlist {
            if value > best.0 {
                best = (value, Some(legal[i]));
            }
        }
        best.1
    }
}

impl Bot<Elewenjewe> for ElewenjeweBot {
    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let Some(&first) = legal.first() else {
            return Action::Trail(StdCard::JOKER_1);
        };
        if !self.weigh(view, legal) {
            return first;
        }
        self.best(legal).unwrap_or(first)
    }

    /// [`Bot::choose`]'s action, then the rest of the closer look's actions by their value,
    /// best first (ties: the earlier legal action): the rule bot's own ranking, which the
    /// ladder's `ismcts` takes as its root's candidates (the registry's Eléwénjewé tuning
    /// weighs three). An action the cheap pass left out of the closer look is never among
    /// them.
    fn candidates(&mut self, view: &View, legal: &[Action], k: usize, out: &mut Vec<Action>) {
        out.clear();
        let Some(&first) = legal.first() else {
            return;
        };
        if k == 0 {
            return;
        }
        if !self.weigh(view, legal) {
            out.push(first);
            return;
        }
        let choice = self.best(legal).unwrap_or(first);
        out.push(choice);
        // Stable: among equal values the earlier legal action comes first.
        self.shortlist.sort_by(|a, b| b.0.total_cmp(&a.0));
        let rest = self.shortlist.iter().map(|&(_, i)| legal[i]);
        out.extend(rest.filter(|&a| a != choice).take(k - 1));
    }
}

/// How many of the best non-trail actions of the cheap pass get the closer look.
const SHORTLIST: usize = 12;
/// The share of a played card's future that the closer look charges: a sure gain now is
/// worth more than a key kept for later (measured against a greedy capturer: 0.3 beats 1).
const FUTURE: f64 = 0.3;
/// The share of this seat's own best next capture counted: the table must survive the
/// opponents first.
const MINE: f64 = 0.35;

/// Keeps `list` as the `keep` highest values (earlier index first among equals).
fn insert_best(list: &mut Vec<(f64, usize)>, item: (f64, usize), keep: usize) {
    if list.len() == keep && list.last().is_some_and(|&(v, _)| v >= item.0) {
        return;
    }
    let at = list.partition_point(|&(v, _)| v >= item.0);
    list.insert(at, item);
    list.truncate(keep);
}

/// The cards of rank `rank` (1 ..= 13), as bits.
const fn column(rank: u8) -> u64 {
    RANK_COLUMN << (rank - 1)
}

/// What one decision needs, computed once from the view.
struct Context<'a> {
    view: &'a View,
    me: PlayerId,
    /// Points for a layout diamond (0 when they score nothing).
    layout_weight: f64,
    /// The weight of one captured card toward the most-cards point.
    card_weight: f64,
    /// `any[r]`: the chance that some opponent holds a card of rank `r` (1 ..= 13); `any[0]`:
    /// a joker.
    any: [f64; 14],
    /// `next[r]`: the same for the next seat alone.
    next: [f64; 14],
    /// `later[r]`: the same for the opponents after the next.
    later: [f64; 14],
    /// What each hand card is still worth kept, by card index.
    future: [f64; StdCard::COUNT],
}

impl<'a> Context<'a> {
    fn new(view: &'a View) -> Option<Context<'a>> {
        let me = view.seat;
        let n = view.hand_sizes.len();
        if view.to_act != Some(me)
            || me.index() >= n
            || view.captured_sizes.len() != n
            || !crate::Rules::PLAYERS.contains(&n)
        {
            return None;
        }
        let layout_weight = match view.rules.scoring {
            Scoring::LayoutAndMost => 1.0,
            Scoring::MostCards => 0.0,
        };
        // The most-cards race: close while the leader's margin is small next to what is left.
        let mine = view.captured_sizes[me.index()] as f64;
        let best_other = (0..n)
            .filter(|&s| s != me.index())
            .map(|s| view.captured_sizes[s])
            .max()
            .unwrap_or(0) as f64;
        let piles: Cards = view.piles.iter().fold(Cards::EMPTY, |a, p| a | p.cards);
        let to_come =
            (view.table.len() + piles.len() + view.hand_sizes.iter().sum::<usize>() + view.stock)
                as f64;
        let share = (to_come / n as f64).max(1.0);
        let card_weight = 0.03 + 0.12 * (-((mine - best_other).abs() / share)).exp();

        let shown = view
            .captured
            .as_ref()
            .map_or(Cards::EMPTY, |c| c.iter().fold(Cards::EMPTY, |a, &b| a | b));
        let pack = if view.rules.jokers {
            Cards::full()
        } else {
            CardSet::from_bits_truncate(Cards::full().bits() & !JOKER_BITS)
        };
        // Cards that may be in an opponent's hand: the layout diamonds never are.
        let pool = pack - view.hand - view.table - piles - shown - LAYOUT;
        let opponents: usize = (0..n)
            .filter(|&s| s != me.index())
            .map(|s| view.hand_sizes[s])
            .sum();
        let next_seat = (me.index() + 1) % n;
        let next_hand = view.hand_sizes[next_seat];
        let mut any = [0.0; 14];
        let mut next = [0.0; 14];
        let mut later = [0.0; 14];
        for r in 0..14u8 {
            let bits = if r == 0 { JOKER_BITS } else { column(r) };
            let k = (pool.bits() & bits).count_ones() as usize;
            any[usize::from(r)] = holds(pool.len(), k, opponents);
            next[usize::from(r)] = holds(pool.len(), k, next_hand);
            later[usize::from(r)] = holds(pool.len(), k, opponents - next_hand);
        }
        let mut ctx = Context {
            view,
            me,
            layout_weight,
            card_weight,
            any,
            next,
            later,
            future: [0.0; StdCard::COUNT],
        };
        for card in view.hand {
            ctx.future[card_index(card)] = ctx.future_of(card);
        }
        Some(ctx)
    }

    /// What `card` is still worth in hand: the layout diamond it alone can take, the joker's
    /// sweep, the own pile it captures, or a little for any capture to come.
    fn future_of(&self, card: StdCard) -> f64 {
        let table = self.view.table.bits();
        let loose = |index: u32| table >> index & 1 == 1;
        let w = self.card_weight;
        match card.rank() {
            None => {
                0.5 * (self.layout_weight * f64::from((table & LAYOUT.bits()).count_ones()))
                    + 3.0 * w
            }
            Some(rank) => {
                let mut value = 0.5 * w;
                if rank >= JACK {
                    // K♦ Q♦ J♦ sit right after the 10♦ and the 9♦ is two below the J♦.
                    let diamond = 13 + u32::from(rank) - 1;
                    if loose(diamond) {
                        value += (1.0 - self.any[usize::from(rank)]) * self.layout_weight;
                    }
                } else if rank == 9 && loose(NINE_DIAMONDS) {
                    value += 0.8 * (1.0 - self.any[9]) * self.layout_weight;
                } else if rank == 10 && loose(NINE_DIAMONDS) && table & column(1) != 0 {
                    value += 0.4 * (1.0 - self.any[10]) * self.layout_weight;
                }
                for pile in self.own_piles() {
                    if pile.value == rank {
                        value += self.pile_worth(pile.cards) + 0.3;
                    }
                }
                value
            }
        }
    }

    fn own_piles(&self) -> impl Iterator<Item = &Pile> {
        self.view.piles.iter().filter(move |p| p.owner == self.me)
    }

    /// What capturing `cards` is worth: layout points and the most-cards weight.
    fn pile_worth(&self, cards: Cards) -> f64 {
        let bits = cards.bits();
        self.layout_weight * f64::from((bits & LAYOUT.bits()).count_ones())
            + self.card_weight * f64::from(bits.count_ones())
    }

    /// What the loose cards `table` and the piles not in `gone` offer the others.
    fn exposure(&self, table: u64, gone: u64) -> f64 {
        let mut risk = self.layout_risk(table, &self.any);
        let mut cards = 0.0;
        for rank in 1..=13u8 {
            let k = (table & column(rank)).count_ones();
            if k != 0 {
                cards += f64::from(k) * self.next[usize::from(rank)];
            }
        }
        // A card of one value also goes in sums with others; a joker sweeps everything.
        risk += self.card_weight * (1.5 * cards + self.any[0] * f64::from(table.count_ones()));
        for pile in self.own_piles() {
            if pile.cards.bits() & gone == 0 {
                risk += chance(&self.any, pile.value) * self.pile_worth(pile.cards);
            }
        }
        risk
    }

    /// How good `action` looks (see the type's docs).
    fn value_of(&self, action: Action) -> f64 {
        let table = self.view.table.bits();
        let played = action.played();
        let bit = 1u64 << card_index(played);
        let future = self.future[card_index(played)];
        match action {
            Action::Trail(_) => -future - self.exposure(table | bit, 0),
            Action::Capture { taken, .. } => {
                let taken = taken.bits();
                self.pile_worth(CardSet::from_bits_truncate(taken | bit))
                    - future
                    - self.exposure(table & !taken, taken)
            }
            Action::Build { value, taken, .. } => {
                let pile = taken.bits() | bit;
                let stolen = either(chance(&self.any, value), self.any[0]);
                // The pile is this seat's to take next time, unless an opponent takes it first.
                (1.0 - 2.0 * stolen) * self.pile_worth(CardSet::from_bits_truncate(pile))
                    - future
                    - self.exposure(table & !taken.bits(), 0)
            }
        }
    }
}

impl Context<'_> {
    /// The closer look at `action`: its gain and the played card's future as in
    /// [`Context::value_of`], but what it leaves is valued by the best capture the next seat
    /// could make from that table (expected over the ranks it may hold), the layout diamonds
    /// the later opponents could take, and, for what survives them, the best capture this
    /// seat's own remaining hand could make.
    fn closer_value(&self, action: Action) -> f64 {
        let table = self.view.table.bits();
        let played = action.played();
        let bit = 1u64 << card_index(played);
        let future = self.future[card_index(played)];
        let (gain, left, gone) = match action {
            Action::Trail(_) => (0.0, table | bit, 0),
            Action::Capture { taken, .. } => {
                let taken = taken.bits();
                (
                    self.pile_worth(CardSet::from_bits_truncate(taken | bit)),
                    table & !taken,
                    taken,
                )
            }
            Action::Build { value, taken, .. } => {
                let pile = taken.bits() | bit;
                let stolen = either(chance(&self.any, value), self.any[0]);
                (
                    (1.0 - 2.0 * stolen) * self.pile_worth(CardSet::from_bits_truncate(pile)),
                    table & !taken.bits(),
                    0,
                )
            }
        };
        let left_cards = CardSet::from_bits_truncate(left);
        let theirs = self.best_replies(left_cards, gone);
        let mut chances = self.next;
        let next_reply = expected_best(&theirs, &chances);
        // Mine: the hand left after this play, each rank held for certain.
        chances = [0.0; 14];
        for card in self.view.hand.without(played) {
            chances[card.rank().map_or(0, usize::from)] = 1.0;
        }
        let mine = expected_best(&theirs, &chances);
        gain - FUTURE * future - next_reply - 0.5 * self.layout_risk(left, &self.later)
            + MINE * mine
    }

    /// The layout diamonds in `table` that opponents holding rank `r` with chance
    /// `chances[r]` (0: a joker) could take: a diamond's own rank, or for the 9♦ a 9, or a 10
    /// when an ace lies there too, or a joker.
    fn layout_risk(&self, table: u64, chances: &[f64; 14]) -> f64 {
        let layout = table & LAYOUT.bits();
        if layout == 0 {
            return 0.0;
        }
        let mut risk = 0.0;
        for rank in [JACK, 12, 13] {
            if layout >> (13 + u32::from(rank) - 1) & 1 == 1 {
                risk += either(chances[usize::from(rank)], chances[0]);
            }
        }
        if layout >> NINE_DIAMONDS & 1 == 1 {
            let ten = if table & column(1) != 0 {
                chances[10]
            } else {
                0.0
            };
            risk += either(either(chances[9], ten), chances[0]);
        }
        risk * self.layout_weight
    }

    /// The most a card of each rank (1 ..= 13; 0: a joker) could take from the loose cards
    /// `table` and the piles not in `gone`, in points and card weight, from the capture
    /// search's suit-blind patterns.
    fn best_replies(&self, table: Cards, gone: u64) -> [f64; 14] {
        let rules = &self.view.rules;
        let w = self.card_weight;
        let lw = self.layout_weight;
        let bits = table.bits();
        let nine_diamonds = bits >> NINE_DIAMONDS & 1 == 1;
        let mut best = [0.0; 14];
        for rank in 1..=13u8 {
            let column_bits = bits & column(rank);
            // A card of this rank that is not on the table, to ask the search with.
            let Some(suit) = (0..4).find(|s| column_bits >> (13 * s) & 1 << (rank - 1) == 0) else {
                continue;
            };
            let card = StdCard::ALL[13 * suit + usize::from(rank) - 1];
            let mut top = 0.0f64;
            if rank > 10 {
                let k = column_bits.count_ones();
                let k = if rules.yoruba { k.min(1) } else { k };
                if k > 0 {
                    let diamond = bits >> (13 + u32::from(rank) - 1) & 1 == 1;
                    top = w * f64::from(k + 1) + lw * f64::from(u8::from(diamond));
                }
            } else if let Ok(patterns) = crate::capture_patterns(card, table, rules) {
                for p in patterns {
                    let layout = nine_diamonds && rank >= 9 && p.count(9) > 0;
                    let value = w * (p.len() + 1) as f64 + lw * f64::from(u8::from(layout));
                    top = top.max(value);
                }
            }
            for pile in &self.view.piles {
                if pile.value == rank && pile.cards.bits() & gone == 0 {
                    top += self.pile_worth(pile.cards);
                }
            }
            best[usize::from(rank)] = top;
        }
        if !table.is_empty() && rules.jokers {
            let all = self
                .view
                .piles
                .iter()
                .filter(|p| p.cards.bits() & gone == 0)
                .fold(table, |a, p| a | p.cards);
            best[0] = self.pile_worth(all) + w;
        }
        best
    }
}

/// The expected best of `values` when rank `r` is held with chance `chances[r]`,
/// independently: the best held rank counts, the others not.
fn expected_best(values: &[f64; 14], chances: &[f64; 14]) -> f64 {
    let mut order: [usize; 14] = core::array::from_fn(|i| i);
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    let mut none_better = 1.0;
    let mut sum = 0.0;
    for r in order {
        if values[r] <= 0.0 {
            break;
        }
        sum += values[r] * chances[r] * none_better;
        none_better *= 1.0 - chances[r];
    }
    sum
}

/// A card's index in the bit layout (suit × 13 + rank − 1; jokers 52 and 53).
fn card_index(card: StdCard) -> usize {
    (cards_core::Card::index(card) as usize).min(53)
}

/// The chance that `hand` cards drawn from `pool` unseen cards include one of `k` given ones.
fn holds(pool: usize, k: usize, hand: usize) -> f64 {
    if k == 0 || hand == 0 || pool == 0 {
        return 0.0;
    }
    let mut none = 1.0;
    for i in 0..hand.min(pool) {
        none *= (pool - k).saturating_sub(i) as f64 / (pool - i) as f64;
    }
    1.0 - none
}

/// `chances[rank]`, or 0 for a rank out of range (an odd view's pile).
fn chance(chances: &[f64; 14], rank: u8) -> f64 {
    chances.get(usize::from(rank)).copied().unwrap_or(0.0)
}

/// The chance of either of two independent events.
fn either(a: f64, b: f64) -> f64 {
    1.0 - (1.0 - a) * (1.0 - b)
}
