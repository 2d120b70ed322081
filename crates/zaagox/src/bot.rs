//! [`ZaagoxBot`]: a rule-based Zaägox player that builds toward its best reachable stored set.

use cards_core::{Bot, DidoCard, Game as _, PerSeat, PlayerId, RuleBot, Seed};

use crate::state::{Hand, ageing_needed};
use crate::{Action, Phase, Scorer, ShapeMap, View, Zaagox};

/// The most plan sources (pairs, hand pairs, single hand cards) weighed at once; a hand of
/// five cards and a few pairs never reach it, so it only bounds an odd view.
const MAX_SOURCES: usize = 16;
/// Turns a plan charges for a stored card it has no card for yet (a pair not yet in sight).
const UNKNOWN_WORK: f64 = 9.0;
/// What a failed Ava is counted to cost per loser: about what a sensible player wins with (the
/// rule bot's mean winning score is 30 to 34).
const TYPICAL_WIN: f64 = 32.0;
/// The longest wait, in turns, charged for a single card's match.
const MAX_WAIT: f64 = 12.0;
/// What a search counts a game won (or lost) for, in points, on top of the settlement
/// ([`RuleBot::playout_value`]): about three typical winning scores, so a search plays to win
/// the game and not only for the rare large Ava.
pub const WIN_BONUS: f64 = 100.0;

/// A rule-based Zaägox player (the `rules` rung of the bot ladder).
///
/// Only the winner scores, and every loser pays the winner's score, so a player wants a high
/// score soon. The bot values a position by its best **plan**: the stored set it can finish from
/// its stored cards, its own pairs (with the ageing cards they still need), the pairs in its
/// hand, and single hand cards that still have an unseen partner of their number. Each plan is
/// scored with [`Scorer`] (one of the two cards of each pair is stored, so both are tried) and
/// discounted by the turns it takes: laying a pair is a turn, each missing ageing card is a turn
/// (a blank pair needs none, a 4 or 8 needs four), and a single card waits for its partner in
/// proportion to how few of them are unseen. The plan's value is `points × d^turns`, with `d`
/// lower when an opponent is close to four stored cards (speed matters more then).
///
/// - **Act**: each discard, pair and age is tried and the position it leaves is valued; a
///   discard is marked down by the chance that an opponent holds a card of its number (from
///   hand sizes and unseen cards) and by how much that card would add to the opponent's
///   visible stored set and pairs (new shapes, colours, number classes; cheap numbers first),
///   since a discard hands any such opponent a free pair by Da.
/// - **Da**: claim when the free pair improves the plan (it saves the pairing turn and the
///   wait for a partner, and the claimant moves next); passing is marked down a little by the
///   chance that an opponent behind takes it.
/// - **Store**: the pair card that leaves the best plan.
/// - **Four stored**: Ava when the best five-card plan in sight, counted as its points times its
///   discount (the stand-in for finishing first), less the cost of failing (paying a winner
///   alone, at a typical winning score of 32 per loser) times the chance of failing, beats the
///   sure four-card score; otherwise end and collect. A blank makes four colours or classes
///   count five, so a strong set plus a cheap blank pair is often worth it.
///
/// The bot reads only its [`View`] and the legal actions; ties go to the earlier legal action,
/// so it is deterministic (the seed is kept for the interface and not drawn from). An odd view
/// gets `legal[0]`.
#[derive(Clone, Debug)]
pub struct ZaagoxBot {
    /// The scorer for the shape map last seen (a view carries its rules).
    scorer: Scorer,
    shapes: ShapeMap,
}

impl ZaagoxBot {
    /// A new bot; `seed` is accepted for the interface (ties are broken by legal order).
    #[must_use]
    pub fn new(seed: Seed) -> ZaagoxBot {
        let _ = seed;
        ZaagoxBot {
            scorer: Scorer::DEFAULT,
            shapes: ShapeMap::DEFAULT,
        }
    }
}

impl RuleBot for Zaagox {
    type RuleBot = ZaagoxBot;

    fn rule_bot(seed: Seed) -> ZaagoxBot {
        ZaagoxBot::new(seed)
    }

    /// Playouts: a cheap greedy player read off the whole state (the policy module): in a
    /// turn, 7 times in 8, lay a pair the set still needs, else age the least useful card
    /// onto the own pair closest to complete, else discard the least useful card (one no
    /// opponent can claim, if possible), otherwise a uniformly random action; always claim
    /// by Da, store the better card, and declare Ava only for a strong five-card set in reach.
    fn playout_action<R: cards_core::Rng + ?Sized>(
        &self,
        buf: &mut Vec<Action>,
        rng: &mut R,
    ) -> Option<Action> {
        crate::policy::playout_action(self, buf, rng)
    }

    /// A finished playout is valued by its settlement plus [`WIN_BONUS`] points for a game won
    /// (a positive settlement) and less the same for a game lost (a negative one); an
    /// exhausted game is worth 0. Why: the settlement is heavy-tailed (a four-card set pays up
    /// to 144, a five-card set after Ava up to 4,096), so a search that maximised it alone
    /// played for rare large wins and lost three games in four to the rule bot. The bonus
    /// makes winning the game count on its own, while the points still weigh (an Ava worth
    /// thousands still beats a small sure win). docs/zaagox.md, section Bots, gives the
    /// measurements.
    fn playout_value(&self, root: &Self) -> Option<PerSeat<f64>> {
        let _ = root;
        if self.phase != Phase::Over {
            return None;
        }
        let mut value = self.returns();
        for v in value.iter_mut() {
            if *v > 0.0 {
                *v += WIN_BONUS;
            } else if *v < 0.0 {
                *v -= WIN_BONUS;
            }
        }
        Some(value)
    }

    /// A seat remembers where the cards it saw go under lie in the centre pile, and who drew
    /// them ([`Recall`](crate::encode::Recall)): the view shows only the pile's size, yet once
    /// the pile has turned over the next draws are those cards. The ladder's search samples
    /// its worlds to agree ([`View::sample_world_recalled`]); docs/zaagox.md, section Bots,
    /// gives the measurements.
    fn memory() -> Option<Box<dyn cards_core::Memory<Zaagox>>> {
        Some(Box::new(cards_core::Recalled::<Zaagox>::new(
            crate::encode::Recall::new(),
        )))
    }

    /// Points, the [`WIN_BONUS`] for the game won counted in, so a hint says so.
    fn search_unit(&self) -> cards_core::ReturnsUnit {
        cards_core::ReturnsUnit::Points {
            word: "points (+100 a win)",
            per_point: 1.0,
        }
    }
}

impl Bot<Zaagox> for ZaagoxBot {
    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let Some(&first) = legal.first() else {
            // The contract never asks a seat with nothing to do; a harmless answer all the same.
            return Action::Pass;
        };
        if view.rules.shapes != self.shapes {
            self.shapes = view.rules.shapes;
            self.scorer = Scorer::new(&self.shapes);
        }
        let Some(ctx) = Context::new(view, &self.scorer) else {
            return first;
        };
        let mut best = (f64::NEG_INFINITY, first);
        for &action in legal {
            let value = ctx.value_of(action);
            if value > best.0 {
                best = (value, action);
            }
        }
        best.1
    }
}

/// One of the seat's own pairs as a plan sees it.
#[derive(Clone, Copy, Debug)]
struct OwnPair {
    cards: [DidoCard; 2],
    /// Ageing cards still needed.
    missing: u8,
}

/// What one decision needs from the view, computed once.
struct Context<'a> {
    view: &'a View,
    scorer: &'a Scorer,
    me: PlayerId,
    /// The seat's pairs.
    pairs: Vec<OwnPair>,
    /// Cards the seat cannot see (other hands, others' ageing cards, the pile).
    unseen: Hand,
    /// Cards stored, per seat.
    stored: Hand,
    /// The size of the set to finish: 4, or 5 after this seat declared Ava.
    target: usize,
    /// Per-turn discount.
    discount: f64,
}

impl<'a> Context<'a> {
    fn new(view: &'a View, scorer: &'a Scorer) -> Option<Context<'a>> {
        let me = view.seat;
        let players = view.players;
        if view.stored.len() != players || view.hand_sizes.len() != players || me.index() >= players
        {
            return None;
        }
        let mut visible = view.hand;
        let mut pairs = Vec::new();
        for p in &view.pairs {
            visible |= p.cards.iter().copied().collect::<Hand>();
            if p.owner == me {
                if let Some(ageing) = &p.ageing {
                    visible |= ageing.iter().copied().collect::<Hand>();
                }
                let need = ageing_needed(p.cards[0].number());
                pairs.push(OwnPair {
                    cards: p.cards,
                    missing: need.saturating_sub(p.ageing_count),
                });
            }
        }
        view.stored.iter().for_each(|&s| visible |= s);
        if let Some(d) = view.discard {
            visible.insert(d);
        }
        let declared = view.ava.get(me.index()).copied().flatten().is_some();
        let threat = (0..players)
            .filter(|&s| s != me.index())
            .map(|s| view.stored[s].len())
            .max()
            .unwrap_or(0);
        Some(Context {
            view,
            scorer,
            me,
            pairs,
            unseen: !visible,
            stored: view.stored[me.index()],
            target: if declared { 5 } else { 4 },
            discount: 0.86 - 0.04 * threat.min(4) as f64,
        })
    }

    /// How good `action` looks, as the plan value of the position it leaves.
    fn value_of(&self, action: Action) -> f64 {
        let hand = self.view.hand;
        let mut pairs = self.pairs.clone();
        match action {
            Action::Discard(card) => {
                let plan = self.plan(self.stored, &pairs, hand.without(card), self.target);
                plan * (1.0 - self.danger(card))
            }
            Action::Pair(a, b) => {
                pairs.push(OwnPair {
                    cards: [a, b],
                    missing: ageing_needed(a.number()),
                });
                self.plan(self.stored, &pairs, hand.without(a).without(b), self.target)
            }
            Action::Age { card, onto } => {
                if let Some(p) = pairs.iter_mut().find(|p| p.cards[0] == onto) {
                    p.missing = p.missing.saturating_sub(1);
                }
                self.plan(self.stored, &pairs, hand.without(card), self.target)
            }
            Action::Da(card) => {
                let Some(discard) = self.view.discard else {
                    return f64::NEG_INFINITY;
                };
                let cards = if card < discard {
                    [card, discard]
                } else {
                    [discard, card]
                };
                pairs.push(OwnPair {
                    cards,
                    missing: ageing_needed(card.number()),
                });
                // The claimant also moves next, ahead of the seats it skips.
                self.plan(self.stored, &pairs, hand.without(card), self.target) / self.discount
            }
            Action::Pass => {
                let plan = self.plan(self.stored, &pairs, hand, self.target);
                match self.view.discard {
                    Some(d) => plan * (1.0 - 0.5 * self.danger(d)),
                    None => plan,
                }
            }
            Action::Store(card) => {
                let Phase::Store { pair, .. } = self.view.phase else {
                    return f64::NEG_INFINITY;
                };
                pairs.retain(|p| p.cards[0] != pair);
                self.plan(self.stored.with(card), &pairs, hand, self.target)
            }
            Action::End => gain(self.points(self.stored)),
            Action::Ava => self.ava_value(),
        }
    }

    /// The points of a complete set (4 or 5 cards); a very low value otherwise.
    fn points(&self, set: Hand) -> f64 {
        self.scorer
            .score_set(set)
            .map_or(-100.0, |s| s.points as f64)
    }

    /// Ava's value, per loser: the best five-card plan (its points times its discount, the
    /// stand-in for finishing first), less what failing costs — paying a winner alone, counted
    /// at a typical winning score — times the chance of failing. `End` is worth the four-card
    /// score for sure, so Ava is chosen only when this is higher.
    fn ava_value(&self) -> f64 {
        if self.view.pile_len < 6 {
            return f64::NEG_INFINITY;
        }
        // One more card is drawn at Ava; an unknown card is not counted on.
        let (five, chance) = self.best_plan(self.stored, &self.pairs, self.view.hand, 5);
        five - (1.0 - chance) * TYPICAL_WIN
    }

    /// How much discarding `card` may help the opponents: for each, the chance it holds a card
    /// of the same number (and can claim it by Da), times what the pair would add to what it
    /// visibly collects. A share of the discarder's plan value, at most 0.6.
    fn danger(&self, card: DidoCard) -> f64 {
        let number = card.number();
        let same = self.unseen.iter().filter(|c| c.number() == number).count();
        let total = self.unseen.len();
        if same == 0 || total == 0 {
            return 0.0;
        }
        let cheap = f64::from(5 - ageing_needed(number)) / 5.0;
        let mut sum = 0.0;
        for (seat, &size) in self.view.hand_sizes.iter().enumerate() {
            if seat == self.me.index() || size == 0 {
                continue;
            }
            // The chance that none of `size` unseen cards has the number, one at a time.
            let mut none = 1.0;
            for i in 0..size.min(total) {
                none *= (total - same).saturating_sub(i) as f64 / (total - i) as f64;
            }
            let holds = 1.0 - none;
            let collected = self.view.stored.get(seat).copied().unwrap_or(Hand::EMPTY);
            let mut progress = collected.len() as f64;
            let mut theirs = collected;
            for p in self.view.pairs.iter().filter(|p| p.owner.index() == seat) {
                progress += 0.5;
                theirs.insert(p.cards[0]);
            }
            let novelty = f64::from(self.novelty(theirs, card));
            sum += holds * 0.04 * (1.0 + progress) * (1.0 + novelty) * cheap;
        }
        sum.min(0.6)
    }

    /// How many of the card's shape, colour and number class `set` lacks.
    fn novelty(&self, set: Hand, card: DidoCard) -> u8 {
        let shapes = &self.view.rules.shapes;
        let shape = shapes.shape(card);
        let mut new = u8::from(!set.iter().any(|c| shapes.shape(c) == shape));
        if !card.is_zero() {
            let numbered = set.iter().filter(|c| !c.is_zero());
            let (mut colour, mut class) = (true, true);
            for c in numbered {
                colour &= c.colour() != card.colour();
                class &= c.number() % 4 != card.number() % 4;
            }
            new += u8::from(colour) + u8::from(class);
        }
        new
    }

    /// The value of the best plan from `stored`, `pairs` and `hand` toward `target` cards.
    fn plan(&self, stored: Hand, pairs: &[OwnPair], hand: Hand, target: usize) -> f64 {
        self.best_plan(stored, pairs, hand, target).0
    }

    /// The best plan's value and its discount (1 when the set is complete).
    fn best_plan(&self, stored: Hand, pairs: &[OwnPair], hand: Hand, target: usize) -> (f64, f64) {
        let needed = target.saturating_sub(stored.len());
        if needed == 0 {
            return (gain(self.points(stored)), 1.0);
        }
        let mut sources = Vec::with_capacity(MAX_SOURCES);
        for p in pairs {
            sources.push(Source {
                options: p.cards,
                two: true,
                work: f64::from(p.missing),
                uses: Hand::EMPTY,
            });
        }
        let singles: Vec<DidoCard> = hand.iter().collect();
        for (i, &a) in singles.iter().enumerate() {
            for &b in &singles[i + 1..] {
                if a.number() == b.number() {
                    sources.push(Source {
                        options: [a, b],
                        two: true,
                        work: 1.0 + f64::from(ageing_needed(a.number())),
                        uses: Hand::single(a).with(b),
                    });
                }
            }
        }
        let unseen_total = self.unseen.len().max(1) as f64;
        for &a in &singles {
            let partners = self
                .unseen
                .iter()
                .filter(|c| c.number() == a.number())
                .count();
            if partners == 0 {
                continue;
            }
            let wait = (unseen_total / (1.5 * partners as f64)).clamp(1.0, MAX_WAIT);
            sources.push(Source {
                options: [a, a],
                two: false,
                // A single waits in parallel with the rest of the plan: half its wait is charged.
                work: 1.0 + f64::from(ageing_needed(a.number())) + 0.5 * wait,
                uses: Hand::single(a),
            });
        }
        sources.truncate(MAX_SOURCES);
        let mut search = Search {
            ctx: self,
            sources: &sources,
            target,
            best: (f64::NEG_INFINITY, 0.0),
        };
        search.pick(0, needed, stored, Hand::EMPTY, 0.0);
        search.best
    }
}

/// A way to one more stored card: a pair (either card may be stored) or a single hand card.
#[derive(Clone, Copy, Debug)]
struct Source {
    options: [DidoCard; 2],
    /// Whether both options are real (a pair); a single has one.
    two: bool,
    /// Turns it still takes.
    work: f64,
    /// The hand cards it takes.
    uses: Hand,
}

/// The depth-first search over plans: which sources, and which card of each is stored.
struct Search<'a, 'b> {
    ctx: &'a Context<'b>,
    sources: &'a [Source],
    target: usize,
    /// The best plan's value and discount.
    best: (f64, f64),
}

impl Search<'_, '_> {
    /// Keeps the better of the best plan so far and one worth `value`, finished with the
    /// discount `factor` (the plan's stand-in for the chance of finishing it first).
    fn offer(&mut self, value: f64, factor: f64) {
        if value > self.best.0 {
            self.best = (value, factor);
        }
    }

    fn pick(&mut self, from: usize, needed: usize, set: Hand, used: Hand, work: f64) {
        if needed == 0 {
            let factor = self.ctx.discount.powf(work);
            self.offer(gain(self.ctx.points(set)) * factor, factor);
            return;
        }
        if from >= self.sources.len() {
            self.unknown(needed, set, work);
            return;
        }
        let s = self.sources[from];
        if (s.uses & used).is_empty() {
            let options = if s.two { 2 } else { 1 };
            for &card in &s.options[..options] {
                if !set.contains(card) {
                    self.pick(
                        from + 1,
                        needed - 1,
                        set.with(card),
                        used | s.uses,
                        work + s.work,
                    );
                }
            }
        }
        self.pick(from + 1, needed, set, used, work);
    }

    /// Completes a plan that lacks `needed` sources: one missing card is valued as the mean over
    /// the unseen cards (a pair yet to come, any of them); more than one get a modest score.
    fn unknown(&mut self, needed: usize, set: Hand, work: f64) {
        let work = work + UNKNOWN_WORK * needed as f64;
        let factor = self.ctx.discount.powf(work);
        if needed == 1 && set.len() + 1 == self.target {
            let (mut sum, mut n) = (0.0, 0.0);
            for card in self.ctx.unseen.iter() {
                sum += gain(self.ctx.points(set.with(card)));
                n += 1.0;
            }
            if n > 0.0 {
                self.offer(sum / n * factor, factor);
            }
        } else {
            self.offer(4.0 * factor, factor);
        }
    }
}

/// What a winning score is worth to the winner: the points when positive; a small positive
/// value falling with the points otherwise, so that a worse set is still worse.
fn gain(points: f64) -> f64 {
    if points >= 1.0 {
        points
    } else {
        (points - 1.0).exp2()
    }
}
