//! The information-set tree that [`Ismcts`](crate::Ismcts) and [`Cheat`](crate::Cheat) grow:
//! single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012) with availability counts and a
//! value per seat.

use std::collections::HashMap;

use cards_core::{ActionStats, Game, GameRng, MAX_SEATS, Seed};

use crate::budget::Budget;
use crate::playout::{Playout, playout};

const NONE: u32 = u32::MAX;

/// How the tree chooses: the knobs of [`Ismcts`](crate::Ismcts) and [`Cheat`](crate::Cheat).
///
/// The default is the plain search. The last four knobs are off by default; they are a game
/// type's tuning of the ladder's `ismcts` ([`BotSpec::player`](crate::BotSpec::player)), kept
/// by the caller that seats the bots (the registry, one per catalogue line): a game offers
/// its rule bot and candidates, and how far a search leans on them is measured by playing
/// searches, so it is the search's to say. Only Eléwénjewé and Differenzler set any.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SearchConfig {
    /// The UCB exploration constant, on values scaled to `0..=1` by the range of returns the
    /// search has seen so far.
    pub exploration: f64,
    /// The most children a node grows while it has children that are legal in the current
    /// world (the bounded candidate set of games with thousands of legal actions); more grow
    /// only when none of a node's children is legal in a world.
    pub max_children: usize,
    /// Common random numbers at the root: each iteration first picks the root's action (the
    /// view fixes the deciding seat's legal actions, so every world has the same), then plays
    /// it on the world numbered by that action's visits so far, drawing every later random
    /// number from that world's own generator. The `k`-th visit of every root action so meets
    /// the same world and the same draws, and the luck of the worlds falls alike on each: their
    /// comparison is paired. Off (`false`): every iteration samples a world of its own.
    pub common_worlds: bool,
    /// With a prior ([`Ismcts::with_prior`](crate::Ismcts::with_prior)): the prior's choice
    /// starts the count that makes the final choice this many visits ahead, so the search
    /// plays another action only when it visited that one this many times more. Selection is
    /// unchanged (it reads the real visits and values). 0: the most visited action.
    pub prior_visits: u32,
    /// With a prior: how many of the prior's best actions
    /// ([`Bot::candidates`](cards_core::Bot::candidates)) the root weighs; 0: every legal
    /// action (up to [`SearchConfig::max_children`]).
    pub prior_candidates: usize,
    /// With [`SearchConfig::common_worlds`] and a prior: the root visits its actions in turn
    /// (the fewest visits first), so the `k`-th visit of each meets the `k`-th world, and the
    /// final choice is the prior's unless another action beats it on those paired worlds by
    /// more than this many standard errors of their paired differences (the one with the
    /// largest mean difference among those that do). It replaces the count and
    /// [`SearchConfig::prior_visits`] in the final choice. 0: off. No game type sets it:
    /// for Eléwénjewé (five candidates, 2 standard errors) it measured no better than the head
    /// start (docs/bots.md, Eléwénjewé's section).
    pub paired_z: f64,
}

impl SearchConfig {
    /// Exploration 0.7 (the constant the IS-MCTS literature uses for card games on `0..=1`
    /// rewards), at most 64 children a node, and no common worlds, head start or candidate
    /// list: the plain search, as a constant so a static table can hold a tuning built on it.
    pub const DEFAULT: SearchConfig = SearchConfig {
        exploration: 0.7,
        max_children: 64,
        common_worlds: false,
        prior_visits: 0,
        prior_candidates: 0,
        paired_z: 0.0,
    };
}

impl Default for SearchConfig {
    /// [`SearchConfig::DEFAULT`].
    fn default() -> Self {
        SearchConfig::DEFAULT
    }
}

/// One node: the edge into it (the action, `None` at the root), its statistics, and its
/// children as a linked list in the arena.
#[derive(Clone, Debug)]
struct Node<A> {
    action: Option<A>,
    first_child: u32,
    next_sibling: u32,
    children: u32,
    visits: u32,
    /// Iterations in which this node's action was legal at its parent.
    avail: u32,
    /// Sum of the returns of every seat over the iterations through this node.
    value: [f64; MAX_SEATS],
}

impl<A> Node<A> {
    fn new(action: Option<A>) -> Self {
        Node {
            action,
            first_child: NONE,
            next_sibling: NONE,
            children: 0,
            visits: 0,
            avail: 0,
            value: [0.0; MAX_SEATS],
        }
    }
}

/// The tree with its scratch space, reused from one decision to the next.
#[derive(Clone, Debug)]
pub(crate) struct Tree<A> {
    nodes: Vec<Node<A>>,
    path: Vec<u32>,
    legal: Vec<A>,
    /// For each position of `legal`, the child that plays it (`NONE`: untried).
    child_of: Vec<u32>,
    lookup: HashMap<A, u32>,
    /// The range of returns seen in this decision, to scale values for UCB.
    lo: f64,
    hi: f64,
    seat: usize,
    /// The prior's choice (the root's first child) and its head start in the final count.
    prior: Option<(A, u32)>,
    /// The root's actions, the same in every world of the decision: the deciding seat's legal
    /// actions, or a prior's candidates among them.
    root: Vec<A>,
    /// With [`SearchConfig::paired_z`]: each root child's node and the deciding seat's return
    /// of each of its visits, in order (so the `k`-th entries of two children met one world).
    samples: Vec<(u32, Vec<f64>)>,
    /// Whether this decision keeps `samples`.
    paired: bool,
}

impl<A: Copy + Eq + core::hash::Hash> Tree<A> {
    pub(crate) fn new() -> Self {
        Tree {
            nodes: Vec::new(),
            path: Vec::new(),
            legal: Vec::new(),
            child_of: Vec::new(),
            lookup: HashMap::new(),
            lo: f64::INFINITY,
            hi: f64::NEG_INFINITY,
            seat: 0,
            prior: None,
            root: Vec::new(),
            samples: Vec::new(),
            paired: false,
        }
    }

    /// Starts a decision for `seat` among `root` (not empty): its legal actions, or candidates
    /// among them.
    pub(crate) fn reset(&mut self, seat: usize, root: &[A]) {
        self.nodes.clear();
        self.nodes.push(Node::new(None));
        self.lo = f64::INFINITY;
        self.hi = f64::NEG_INFINITY;
        self.seat = seat;
        self.prior = None;
        self.root.clear();
        self.root.extend_from_slice(root);
        self.samples.clear();
        self.paired = false;
    }

    /// Grows `action` as the root's first child, so it is among the candidates whatever the
    /// bound on children (a prior's choice), `head_start` visits ahead in the final count.
    pub(crate) fn seed_root(&mut self, action: A, head_start: u32) {
        if self.nodes.len() == 1 {
            self.add_child(0, action);
            // Its availability is counted by the iterations, like every child's.
            self.nodes[1].avail = 0;
            self.prior = Some((action, head_start));
        }
    }

    /// A decision's iterations after [`Tree::reset`]: as many as `budget` allows on the worlds
    /// `next_world` gives (`None` ends the search early). Fills `hint` with the root's
    /// statistics and returns the most visited of the root's actions (the prior's counted with
    /// its head start), or the first of them when the search found none (no world at all);
    /// `None` only for a root without actions.
    pub(crate) fn decide<G: Game<Action = A>, P: Playout<G>>(
        &mut self,
        budget: Budget,
        rng: &mut GameRng,
        policy: &mut P,
        config: &SearchConfig,
        mut next_world: impl FnMut(&mut GameRng) -> Option<G>,
        hint: &mut Vec<ActionStats<A>>,
    ) -> Option<A> {
        let mut clock = budget.clock();
        let mut done = 0;
        self.paired = config.paired_z > 0.0 && config.common_worlds;
        if self.paired {
            // The children grown before the iterations (the prior's choice).
            let mut c = self.nodes.first().map_or(NONE, |n| n.first_child);
            while c != NONE {
                self.samples.push((c, Vec::new()));
                c = self.nodes[c as usize].next_sibling;
            }
        }
        if config.common_worlds {
            let base = rng.seed();
            while clock.tick(done) {
                if !self.iterate_common(base, rng, policy, config, &mut next_world) {
                    break;
                }
                clock.charge(policy.spent());
                done += 1;
            }
        } else {
            while clock.tick(done) {
                let Some(world) = next_world(rng) else { break };
                self.iterate(world, rng, policy, config);
                clock.charge(policy.spent());
                done += 1;
            }
        }
        self.root_stats(hint);
        if self.paired
            && let Some(pos) = self.paired_choice(config.paired_z, hint)
        {
            // The choice leads the hint; the statistics stay the real ones.
            let chosen = hint.remove(pos);
            hint.insert(0, chosen);
        }
        hint.first()
            .map(|s| s.action)
            .filter(|a| self.root.contains(a))
            .or_else(|| self.root.first().copied())
    }

    /// The number of iterations so far.
    pub(crate) fn iterations(&self) -> u32 {
        self.nodes.first().map_or(0, |n| n.visits)
    }

    /// One iteration on `world` (a determinization, or the true state for the cheat):
    /// select and expand down the tree, play out at random, back up every seat's return.
    pub(crate) fn iterate<G: Game<Action = A>, P: Playout<G>>(
        &mut self,
        world: G,
        rng: &mut GameRng,
        policy: &mut P,
        config: &SearchConfig,
    ) {
        self.path.clear();
        self.path.push(0);
        // The decision's world, kept only for a policy that may stop a playout early.
        let root = P::CUTS.then(|| world.clone());
        self.descend(world, root, 0, rng, policy, config);
    }

    /// One iteration with common worlds ([`SearchConfig::common_worlds`]): the root's action
    /// first (its actions are the same in every world), then the world numbered by its visits
    /// so far, sampled from that number's own generator (`base` on stream `k`), which also
    /// draws the rest of the iteration. `false` when no world comes.
    fn iterate_common<G: Game<Action = A>, P: Playout<G>>(
        &mut self,
        base: Seed,
        rng: &mut GameRng,
        policy: &mut P,
        config: &SearchConfig,
        next_world: &mut impl FnMut(&mut GameRng) -> Option<G>,
    ) -> bool {
        self.path.clear();
        self.path.push(0);
        let step = if self.paired {
            self.step_paired()
        } else {
            None
        };
        let Some((child, expanded)) = step.or_else(|| self.step_root(rng, config)) else {
            return false;
        };
        let k = self.nodes[child as usize].visits;
        let mut common = GameRng::new(base, u64::from(k));
        let Some(mut world) = next_world(&mut common) else {
            return false;
        };
        let root = P::CUTS.then(|| world.clone());
        let Some(action) = self.nodes[child as usize].action else {
            return false;
        };
        if world.play(action).is_err() {
            return false;
        }
        self.path.push(child);
        if expanded {
            self.play_out(world, root.as_ref(), &mut common, policy);
        } else {
            self.descend(world, root, child, &mut common, policy, config);
        }
        true
    }

    /// The rest of an iteration from `node`, the last of `path`, with `world` at it: select and
    /// expand down the tree, then play out and back up.
    fn descend<G: Game<Action = A>, P: Playout<G>>(
        &mut self,
        mut world: G,
        root: Option<G>,
        mut node: u32,
        rng: &mut GameRng,
        policy: &mut P,
        config: &SearchConfig,
    ) {
        let limit = G::max_actions(world.rules(), world.num_players());
        for _ in 0..limit {
            let Some(actor) = world.to_act() else { break };
            let step = if node == 0 {
                self.step_root(rng, config)
            } else {
                let mut legal = std::mem::take(&mut self.legal);
                world.legal_actions(&mut legal);
                let step = self.step(node, actor.index(), &legal, rng, config);
                self.legal = legal;
                step
            };
            let Some((child, expanded)) = step else { break };
            let Some(action) = self.nodes[child as usize].action else {
                break;
            };
            if world.play(action).is_err() {
                break;
            }
            self.path.push(child);
            node = child;
            if expanded {
                break;
            }
        }
        self.play_out(world, root.as_ref(), rng, policy);
    }

    /// Plays `world` out and backs its returns up along `path`.
    fn play_out<G: Game<Action = A>, P: Playout<G>>(
        &mut self,
        mut world: G,
        root: Option<&G>,
        rng: &mut GameRng,
        policy: &mut P,
    ) {
        let returns = playout(&mut world, root, policy, rng, &mut self.legal);
        if self.paired
            && let Some(&child) = self.path.get(1)
            && let Some((_, values)) = self.samples.iter_mut().find(|(c, _)| *c == child)
        {
            values.push(returns.get(self.seat).copied().unwrap_or(0.0));
        }
        for &r in returns.iter() {
            self.lo = self.lo.min(r);
            self.hi = self.hi.max(r);
        }
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            for (v, r) in node.value.iter_mut().zip(returns.iter()) {
                *v += r;
            }
        }
    }

    /// At `node`, with `legal` the actions of `actor` in this world: counts availability, then
    /// expands an untried action (returning `(child, true)`) or selects a child by UCB
    /// (`(child, false)`). `None` when `legal` is empty.
    fn step(
        &mut self,
        node: u32,
        actor: usize,
        legal: &[A],
        rng: &mut GameRng,
        config: &SearchConfig,
    ) -> Option<(u32, bool)> {
        if legal.is_empty() {
            return None;
        }
        self.match_children(node, legal);
        let children = self.nodes[node as usize].children as usize;
        let untried = self.child_of.iter().filter(|&&c| c == NONE).count();
        let mut compatible = 0;
        for &c in &self.child_of {
            if c != NONE {
                self.nodes[c as usize].avail += 1;
                compatible += 1;
            }
        }
        if untried > 0 && (children < config.max_children || compatible == 0) {
            let k = rng.index(untried).unwrap_or(0);
            let pos = self
                .child_of
                .iter()
                .enumerate()
                .filter(|(_, c)| **c == NONE)
                .nth(k)
                .map_or(0, |(i, _)| i);
            return Some((self.add_child(node, legal[pos]), true));
        }
        let (lo, scale) = if self.hi > self.lo {
            (self.lo, 1.0 / (self.hi - self.lo))
        } else {
            (0.0, 0.0)
        };
        let mut best = (NONE, f64::NEG_INFINITY);
        for &c in &self.child_of {
            if c == NONE {
                continue;
            }
            let n = &self.nodes[c as usize];
            let visits = f64::from(n.visits.max(1));
            let mean = n.value[actor] / visits;
            let q = if scale > 0.0 {
                (mean - lo) * scale
            } else {
                0.5
            };
            let u = q + config.exploration * (f64::from(n.avail).ln() / visits).sqrt();
            if u > best.1 {
                best = (c, u);
            }
        }
        (best.0 != NONE).then_some((best.0, false))
    }

    /// With [`SearchConfig::paired_z`], once every root action has its child: the least
    /// visited child (ties: the earliest grown), so the root's actions take the worlds in turn.
    /// `None` while some root action is untried ([`Tree::step`] grows it).
    fn step_paired(&mut self) -> Option<(u32, bool)> {
        if self.samples.len() < self.root.len() {
            return None;
        }
        let &(child, _) = self
            .samples
            .iter()
            .min_by_key(|(c, _)| self.nodes[*c as usize].visits)?;
        Some((child, false))
    }

    /// The paired final choice ([`SearchConfig::paired_z`]): the position in `hint` of the
    /// action to play, `None` without a prior.
    fn paired_choice(&self, z: f64, hint: &[ActionStats<A>]) -> Option<usize> {
        let (prior, _) = self.prior?;
        let node_of = |a: A| {
            self.samples
                .iter()
                .find(|(c, _)| self.nodes[*c as usize].action == Some(a))
        };
        let (_, base) = node_of(prior)?;
        let mut best: Option<(f64, A)> = None;
        for (c, values) in &self.samples {
            let Some(action) = self.nodes[*c as usize].action else {
                continue;
            };
            if action == prior {
                continue;
            }
            let n = values.len().min(base.len());
            if n < 2 {
                continue;
            }
            let d = |k: usize| values[k] - base[k];
            let mean = (0..n).map(d).sum::<f64>() / n as f64;
            let var = (0..n).map(|k| (d(k) - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
            let se = (var / n as f64).sqrt();
            if mean > z * se && best.is_none_or(|(m, _)| mean > m) {
                best = Some((mean, action));
            }
        }
        let chosen = best.map_or(prior, |(_, a)| a);
        hint.iter().position(|s| s.action == chosen)
    }

    /// [`Tree::step`] at the root, among the root's actions.
    fn step_root(&mut self, rng: &mut GameRng, config: &SearchConfig) -> Option<(u32, bool)> {
        let root = std::mem::take(&mut self.root);
        let step = self.step(0, self.seat, &root, rng, config);
        self.root = root;
        step
    }

    /// Fills `child_of`: for each legal action, the child of `node` that plays it.
    fn match_children(&mut self, node: u32, legal: &[A]) {
        self.child_of.clear();
        self.child_of.resize(legal.len(), NONE);
        let children = self.nodes[node as usize].children as usize;
        if children == 0 {
            return;
        }
        if children * legal.len() <= 256 {
            let mut c = self.nodes[node as usize].first_child;
            while c != NONE {
                let n = &self.nodes[c as usize];
                if let Some(pos) = legal.iter().position(|a| Some(*a) == n.action) {
                    self.child_of[pos] = c;
                }
                c = n.next_sibling;
            }
        } else {
            // Thousands of legal actions: one hash lookup each instead of a scan per child.
            self.lookup.clear();
            let mut c = self.nodes[node as usize].first_child;
            while c != NONE {
                let n = &self.nodes[c as usize];
                if let Some(a) = n.action {
                    self.lookup.insert(a, c);
                }
                c = n.next_sibling;
            }
            for (slot, a) in self.child_of.iter_mut().zip(legal) {
                if let Some(&c) = self.lookup.get(a) {
                    *slot = c;
                }
            }
        }
    }

    fn add_child(&mut self, parent: u32, action: A) -> u32 {
        let id = self.nodes.len() as u32;
        if parent == 0 && self.paired {
            self.samples.push((id, Vec::new()));
        }
        let mut child = Node::new(Some(action));
        child.avail = 1;
        let p = &mut self.nodes[parent as usize];
        child.next_sibling = p.first_child;
        p.first_child = id;
        p.children += 1;
        self.nodes.push(child);
        id
    }

    /// The root's children as statistics for the deciding seat, most visited first, the
    /// prior's visits counted with its head start (ties: the higher value, then the earlier
    /// child). The statistics give the real visits.
    pub(crate) fn root_stats(&self, out: &mut Vec<ActionStats<A>>) {
        out.clear();
        let Some(root) = self.nodes.first() else {
            return;
        };
        let mut c = root.first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if let Some(action) = n.action {
                let visits = n.visits;
                out.push(ActionStats {
                    action,
                    visits,
                    value: n.value[self.seat] / f64::from(visits.max(1)),
                });
            }
            c = n.next_sibling;
        }
        // Children are linked newest first: reverse for creation order, then sort stably.
        out.reverse();
        let count = |s: &ActionStats<A>| match self.prior {
            Some((prior, head_start)) if prior == s.action => s.visits.saturating_add(head_start),
            _ => s.visits,
        };
        out.sort_by(|a, b| {
            count(b).cmp(&count(a)).then(
                b.value
                    .partial_cmp(&a.value)
                    .unwrap_or(core::cmp::Ordering::Equal),
            )
        });
    }
}
