//! The alpha-beta search over single cards: equivalent cards, move ordering, the table at
//! trick boundaries with enhanced transposition cutoffs, and the root's drivers (null-window
//! tests bisecting for the value, and testing the best cards).

use cards_core::{Card, JassCard};

use super::key::Alike;
use super::start::{Start, remaining};
use super::table::{Entry, Table};
use super::{LAST_BONUS, SEATS, TRICKS};
use crate::trick_rules::{above_trumps, legal_following};
use crate::{Contract, Mode, PlayRules};

/// The enhanced transposition cutoffs are tried on a trick's last card while at least this
/// many tricks are left, the current one included (below, a search is cheaper than the
/// table's cache misses).
const ETC_LEFT: usize = 3;

/// The value is first guessed ([`Search::guess`]) at a trick boundary with at least this many
/// tricks left (with fewer, the tests are too cheap for a guess to pay).
const GUESS_LEFT: usize = 5;

/// The numbering of the cards behind the table's compact keys: each card's place among the
/// cards its seat held when the numbering was made (bit `9 * seat + place` of a key). It stays
/// valid for every later position of the same contract and rules whose hands are within the
/// numbered ones, so a [`super::Solver`] keeps its table across such calls.
#[derive(Clone, Debug)]
pub(super) struct Cards {
    place: [u8; JassCard::COUNT],
    hands: [u64; SEATS],
    contract: Contract,
    rules: PlayRules,
}

impl Cards {
    /// The numbering of `s`'s hands.
    pub(super) fn new(s: &Start, contract: Contract) -> Cards {
        let mut place = [0u8; JassCard::COUNT];
        for (seat, &hand) in s.hands.iter().enumerate() {
            let mut bits = hand;
            let mut i = 0;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                place[c] = (9 * seat + i) as u8;
                i += 1;
            }
        }
        Cards {
            place,
            hands: s.hands,
            contract,
            rules: s.rules,
        }
    }

    /// Whether this numbering still names `s`'s hands: the same contract and rules, each hand
    /// within the one numbered.
    pub(super) fn covers(&self, s: &Start, contract: Contract) -> bool {
        self.contract == contract
            && self.rules == s.rules
            && (0..SEATS).all(|seat| s.hands[seat] & !self.hands[seat] == 0)
    }

    /// The compact key bits of `hands`.
    fn held(&self, hands: &[u64; SEATS]) -> u64 {
        let mut held = 0u64;
        for &hand in hands {
            let mut bits = hand;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                held |= 1 << self.place[c];
            }
        }
        held
    }
}

/// The current trick as the search needs it: the cards on the table, the led suit, the trumps
/// still allowed, the card winning so far and the points, each updated as a card is laid
/// rather than recomputed. (The search reads the trick only from here; [`Start`]'s array of
/// its cards is read once, to start it, and not kept up to date after.)
#[derive(Clone, Copy)]
pub(super) struct Trick {
    /// The cards on the table.
    pub(super) cards: u64,
    /// The led suit's 9 card bits (none before the lead), and its index: the ranks read the
    /// one, the legal cards the other.
    led: u64,
    led_suit: u8,
    /// The trumps a card may still play when another suit is led (see
    /// [`crate::trick_rules::above_trumps`]).
    above: u64,
    /// The place in the trick of the card winning it so far, its rank there
    /// ([`Trick::rank_of`]) and its bit.
    top: u8,
    rank: u8,
    top_card: u64,
    /// The points of the cards on the table.
    points: u32,
}

impl Trick {
    const EMPTY: Trick = Trick {
        cards: 0,
        led: 0,
        led_suit: 0,
        above: u64::MAX,
        top: 0,
        rank: 0,
        top_card: 0,
        points: 0,
    };

    /// Card `c`'s rank in this trick, its `row` of [`Search::rank`] for the trick's mode:
    /// `0x10` more in the led suit. The highest wins the trick.
    #[inline]
    fn rank_of(self, c: u8, row: &[u8; JassCard::COUNT]) -> u8 {
        let led = if self.led >> c & 1 != 0 { 0x10 } else { 0 };
        row[c as usize] | led
    }

    /// The trick, in `mode` (its ranks `row`), with card `c` laid at place `at`.
    #[inline]
    fn with(
        self,
        at: usize,
        c: u8,
        mode: Mode,
        row: &[u8; JassCard::COUNT],
        points: &[u8; JassCard::COUNT],
    ) -> Trick {
        let mut t = self;
        if at == 0 {
            t.led_suit = c / 9;
            t.led = 0x1FF << (9 * t.led_suit);
        } else {
            t.above &= above_trumps(JassCard::ALL[c as usize], mode);
        }
        let r = t.rank_of(c, row);
        if at == 0 || r > t.rank {
            (t.top, t.rank, t.top_card) = (at as u8, r, 1 << c);
        }
        t.cards |= 1 << c;
        t.points += u32::from(points[c as usize]);
        t
    }
}

/// The alpha-beta search. Values are the points team 0 (seats 0 and 2) takes from the
/// current state on, the current trick's cards included.
pub(super) struct Search<'a> {
    pub(super) s: Start,
    /// Each card's points in the counting mode.
    pub(super) points: [u8; JassCard::COUNT],
    /// For each suit, its cards from weakest to strongest in the order every trick mode
    /// of the deal shares (the trump order for a trump suit, the natural one otherwise:
    /// Obenabe and Undenufe have the same neighbours).
    pub(super) order: [[u8; 9]; 4],
    /// The cards by their points: each distinct value, from the least, with its cards.
    pub(super) by_points: [(u8, u64); 10],
    /// For each suit, its 9 card bits (bit `rank`) to the same cards in [`Search::order`]'s
    /// order (bit `i`: `order[suit][i]`).
    pub(super) ordered_bits: [[u16; 512]; 4],
    /// For each suit, the points of its cards in [`Search::order`]'s order.
    pub(super) order_points: [[u8; 9]; 4],
    /// For each trick, each card's rank in it, led suit aside (as `trick_rules`' table):
    /// `0x20 | strength` for a trump, the strength otherwise; `0x10` more for the led suit.
    rank: [[u8; JassCard::COUNT]; TRICKS],
    /// The trump suit (0–3, as in [`Search::order`]) when every trick still to play is in
    /// one trump mode, the counting mode: then the top trumps give sure points.
    pub(super) trump: Option<usize>,
    /// Every trick still to play is in the counting mode (every contract but Slalom): the
    /// quick tricks apply.
    pub(super) uniform: bool,
    table: &'a mut Table,
    place: [u8; JassCard::COUNT],
    /// The cards the table's key writes one way ([`super::key`]).
    alike: Alike,
    /// The hands as the compact numbering's bits (see [`Cards`]).
    held: u64,
    /// The current trick as the search needs it, kept up to date card by card.
    pub(super) trick: Trick,
    /// The points still to take from the current state (cards in hand and on the table,
    /// and the last trick's 5), kept up to date as tricks complete: the value lies in
    /// `0..=rem`.
    pub(super) rem: i32,
    pub(super) nodes: u64,
}

impl<'a> Search<'a> {
    pub(super) fn new(s: &Start, cards: &Cards, table: &'a mut Table) -> Search<'a> {
        let points = core::array::from_fn(|i| s.counting.points(JassCard::ALL[i]) as u8);
        let mut order = [[0u8; 9]; 4];
        for (suit, row) in order.iter_mut().enumerate() {
            let mut cards: [u8; 9] = core::array::from_fn(|r| (suit * 9 + r) as u8);
            cards.sort_by_key(|&c| s.counting.rank_strength(JassCard::ALL[c as usize]));
            *row = cards;
        }
        let mut by_points = [(u8::MAX, 0u64); 10];
        let mut values: Vec<u8> = points.to_vec();
        values.sort_unstable();
        values.dedup();
        for (slot, &v) in by_points.iter_mut().zip(&values) {
            let cards = (0..JassCard::COUNT).filter(|&c| points[c] == v);
            *slot = (v, cards.fold(0, |a, c| a | 1u64 << c));
        }
        // Each set from the set without its lowest card: one step a set (a solve of a small
        // ending should not pay for 4 × 512 × 9).
        let mut ordered_bits = [[0u16; 512]; 4];
        for (suit, table) in ordered_bits.iter_mut().enumerate() {
            let mut at = [0u16; 9];
            for (i, &c) in order[suit].iter().enumerate() {
                at[c as usize - 9 * suit] = 1 << i;
            }
            for mask in 1..512 {
                table[mask] = table[mask & (mask - 1)] | at[mask.trailing_zeros() as usize];
            }
        }
        let order_points = order.map(|row| row.map(|c| points[c as usize]));
        // A contract has one or two trick modes: each row made once.
        let row = |mode: Mode| -> [u8; JassCard::COUNT] {
            core::array::from_fn(|c| {
                let card = JassCard::ALL[c];
                let trump = if mode.is_trump(card) { 0x20 } else { 0 };
                trump | mode.rank_strength(card)
            })
        };
        let mut rank = [[0u8; JassCard::COUNT]; TRICKS];
        for t in 0..TRICKS {
            rank[t] = match (0..t).find(|&u| s.modes[u] == s.modes[t]) {
                Some(u) => rank[u],
                None => row(s.modes[t]),
            };
        }
        let uniform = s.modes[s.done.min(TRICKS - 1)..]
            .iter()
            .all(|&m| m == s.counting);
        let trump = (0..4).find(|&suit| {
            uniform
                && matches!(s.counting, Mode::Trump(_))
                && s.counting.is_trump(JassCard::ALL[suit * 9])
        });
        let mut search = Search {
            s: *s,
            points,
            order,
            by_points,
            ordered_bits,
            order_points,
            rank,
            trump,
            uniform,
            table,
            place: cards.place,
            alike: Alike::new(&order, &order_points, &cards.place, &cards.hands, uniform),
            held: cards.held(&s.hands),
            trick: Trick::EMPTY,
            rem: remaining(s) as i32,
            nodes: 0,
        };
        for (i, &c) in s.trick[..s.trick_len].iter().enumerate() {
            let (mode, row) = (s.modes[s.done], &search.rank[s.done]);
            search.trick = search.trick.with(i, c.index(), mode, row, &search.points);
        }
        search
    }

    /// The cards still in the hands.
    #[inline]
    fn in_play(&self) -> u64 {
        let hands = &self.s.hands;
        hands[0] | hands[1] | hands[2] | hands[3]
    }

    /// The seat to play.
    fn seat(&self) -> usize {
        (self.s.leader + self.s.trick_len) % SEATS
    }

    /// The legal cards of `seat`, the seat to play ([`crate::legal_cards`] on the trick as
    /// the search keeps it).
    #[inline]
    fn legal(&self, seat: usize) -> u64 {
        let (s, t) = (&self.s, &self.trick);
        if s.trick_len == 0 {
            return s.hands[seat];
        }
        let mode = s.modes[s.done];
        legal_following(
            s.hands[seat],
            usize::from(t.led_suit),
            t.above,
            mode,
            &s.rules,
        )
    }

    /// The cards that divide runs ([`Self::each_run`]): every card in a hand, and the card
    /// winning the trick so far. The trick's other cards do not: a card above one of them and
    /// a card below it both lose to the winning card, and the trick takes them out of play.
    #[inline]
    fn dividers(&self) -> u64 {
        self.in_play() | self.trick.top_card
    }

    /// Walks the *runs* of `legal`, calling `f(suit, run)` with each as rank-order bits of
    /// its suit ([`Search::ordered_bits`]): cards of one suit with none of the
    /// [`Self::dividers`] between them in rank order. A run's cards win or lose a trick alike,
    /// now and later, so only their points tell them apart. The Buur stays out of runs: which
    /// trump a hand keeps decides whether the Buur exception frees it.
    fn each_run(&self, legal: u64, mut f: impl FnMut(usize, u16)) {
        let dividers = self.dividers();
        for suit in 0..4 {
            let shift = 9 * suit;
            let l = ((legal >> shift) & 0x1FF) as usize;
            if l == 0 {
                continue;
            }
            let conv = &self.ordered_bits[suit];
            let (mut l, d) = (conv[l], conv[((dividers >> shift) & 0x1FF) as usize]);
            // Dividers that are not legal end runs, and so does the Buur (the top trump).
            let mut ends = d & !l;
            if self.trump == Some(suit) && l & 0x100 != 0 {
                f(suit, 0x100);
                l &= !0x100;
                ends |= 0x100;
            }
            while l != 0 {
                let low = l & l.wrapping_neg();
                let end = ends & !(low | low.wrapping_sub(1));
                let run = if end == 0 {
                    l
                } else {
                    l & ((end & end.wrapping_neg()) - 1)
                };
                l &= !run;
                f(suit, run);
            }
        }
    }

    /// Walks the cards of `legal` still in play, suit by suit in rank order, calling
    /// `f(bit, starts_class)`: the cards of a run ([`Self::each_run`]) with equal points and
    /// none of other points between them are one class, and play alike.
    fn each_in_class(&self, legal: u64, mut f: impl FnMut(u64, bool)) {
        self.each_run(legal, |suit, run| {
            let pts = &self.order_points[suit];
            let mut before = None;
            let mut bits = run;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                f(1u64 << self.order[suit][i], before != Some(pts[i]));
                before = Some(pts[i]);
            }
        });
    }

    /// One card of each class of equivalent cards in `legal` (see [`Self::each_in_class`]).
    fn representatives(&self, legal: u64) -> u64 {
        if legal & legal.wrapping_sub(1) == 0 {
            return legal;
        }
        let mut reps = 0u64;
        self.each_in_class(legal, |bit, starts| {
            if starts {
                reps |= bit;
            }
        });
        reps
    }

    /// The cards of `legal` worth trying for `seat`, the seat to play, in a search for the
    /// value. Of a run ([`Self::each_run`]), where the trick's winning team is known whichever
    /// of its cards is played, the card with the most points dominates when it is the seat's
    /// team, the fewest when it is not: the other card, kept, gives the trick it later falls
    /// in at most the difference, and that trick's winner takes it. Elsewhere one card of
    /// each point value stands for the run's others of that value, and the cards chosen of
    /// the run go to `open` (their values, at most their difference in points apart, bound
    /// each other).
    fn choices(&self, seat: usize, legal: u64, open: &mut Open) -> u64 {
        if legal & legal.wrapping_sub(1) == 0 {
            return legal;
        }
        let long = self.long_runs(legal);
        let mut reps = legal & !long;
        if long != 0 {
            self.each_run(legal & long, |suit, run| {
                let (chosen, known) = self.run_choices(seat, suit, run);
                if !known && open.len < open.runs.len() {
                    open.runs[open.len] = chosen;
                    open.len += 1;
                }
                reps |= chosen;
            });
        }
        reps
    }

    /// The suits (as card bits) in which `legal` has a run ([`Self::each_run`]) of two cards
    /// or more; in the other suits each legal card is a run of its own. Computed for all four
    /// suits at once on the card bits, the trump suit's put in rank order (the others' natural
    /// order has the neighbours of every mode).
    #[inline]
    fn long_runs(&self, legal: u64) -> u64 {
        const BOTTOM: u64 = 1 | 1 << 9 | 1 << 18 | 1 << 27;
        const TOP: u64 = BOTTOM << 8;
        let mut dividers = self.dividers();
        let mut legal = legal;
        let mut buur = 0u64;
        if let Some(t) = self.trump {
            let (shift, conv) = (9 * t, &self.ordered_bits[t]);
            let rank_order = |bits: u64| {
                bits & !(0x1FF << shift)
                    | u64::from(conv[(bits >> shift & 0x1FF) as usize]) << shift
            };
            (legal, dividers) = (rank_order(legal), rank_order(dividers));
            buur = 0x100 << shift;
        }
        // Spread each legal card up through the cards above it that divide nothing, within its
        // suit; a legal card just above what was reached joins the run of the one below.
        let mut reach = legal;
        let mut open = !dividers & !BOTTOM & ((1 << 36) - 1);
        reach |= open & (reach << 1);
        open &= open << 1;
        reach |= open & (reach << 2);
        open &= open << 2;
        reach |= open & (reach << 4);
        let joined = ((reach & !TOP) << 1) & legal & !buur;
        // Each suit with a card joined, as all its 9 bits: a suit's low 8 bits plus 0xFF carry
        // into its top bit when any is set, and never beyond it.
        const LOW: u64 = 0xFF * BOTTOM;
        let any = (((joined & LOW) + LOW) | joined) & TOP;
        (any >> 8) * 0x1FF
    }

    /// [`Self::choices`] for one run (rank-order bits of suit `suit`).
    fn run_choices(&self, seat: usize, suit: usize, run: u16) -> (u64, bool) {
        let pts = &self.order_points[suit];
        let card = |i: u32| 1u64 << self.order[suit][i as usize];
        if run & run.wrapping_sub(1) == 0 {
            return (card(run.trailing_zeros()), true);
        }
        let (mut lo, mut hi) = (run.trailing_zeros(), run.trailing_zeros());
        let mut seen = 0u32; // the point values met, one bit each (points < 32)
        let mut each = 0u64;
        let mut bits = run;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let p = pts[i as usize];
            if p < pts[lo as usize] {
                lo = i;
            }
            if p > pts[hi as usize] {
                hi = i;
            }
            if seen & (1 << p) == 0 {
                seen |= 1 << p;
                each |= card(i);
            }
        }
        if pts[lo as usize] == pts[hi as usize] {
            return (card(lo), true);
        }
        match self.takes(seat, self.order[suit][lo as usize]) {
            Some(true) => (card(hi), true),
            Some(false) => (card(lo), true),
            None => (each, false),
        }
    }

    /// Whether `seat`'s team takes the current trick when `seat` plays card `c`, if that is
    /// known whatever the seats after it play: the card winning after `c` cannot be beaten by
    /// any card an opponent after it holds (its team takes it), or by any its partner after it
    /// holds (the other team takes it: an opponent only raises it).
    fn takes(&self, seat: usize, c: u8) -> Option<bool> {
        let s = &self.s;
        let k = s.trick_len;
        // The led suit as the later seats see it (`c`'s when `c` leads), and `c`'s rank in it.
        let (led, r) = if k == 0 {
            (usize::from(c / 9), self.rank[s.done][c as usize] | 0x10)
        } else {
            (usize::from(self.trick.led_suit), self.trick_rank(c))
        };
        let (top_seat, top) = if k == 0 || r > self.trick.rank {
            (seat, r)
        } else {
            (
                (s.leader + usize::from(self.trick.top)) % SEATS,
                self.trick.rank,
            )
        };
        let ours = top_seat % 2 == seat % 2;
        for later in (k + 1)..SEATS {
            let other = (s.leader + later) % SEATS;
            // An opponent matters when our card is on top, the partner when theirs is.
            if (other % 2 == seat % 2) != ours && self.reach(s.hands[other], led) > top {
                return None;
            }
        }
        Some(ours)
    }

    /// Every card of `legal` equivalent to a card of `chosen` (see [`Self::each_in_class`]).
    fn expand(&self, legal: u64, chosen: u64) -> u64 {
        let (mut out, mut class_chosen) = (0u64, false);
        self.each_in_class(legal, |bit, starts| {
            if starts {
                class_chosen = chosen & bit != 0;
            }
            if class_chosen {
                out |= bit;
            }
        });
        out
    }

    /// The highest rank the cards `hand` can reach in a trick whose led suit is `suit` (their
    /// cards of that suit and their trumps, ranked as [`Trick::rank_of`]); 0 with none. What
    /// the later seats can do to a trick, for the dominated cards ([`Self::takes`]) and the
    /// move ordering.
    fn reach(&self, hand: u64, suit: usize) -> u8 {
        let row = &self.rank[self.s.done];
        let led = 0x1FFu64 << (9 * suit);
        let trumps = self.trump.map_or(0, |t| 0x1FFu64 << (9 * t));
        let mut bits = hand & (led | trumps);
        let mut best = 0u8;
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            best = best.max(row[d] | if led >> d & 1 != 0 { 0x10 } else { 0 });
        }
        best
    }

    /// The cards of `reps` in the order to try them, best guess first (`first` before all);
    /// returns how many. Each card gets a key from what the seats still to play can reach
    /// ([`Self::reach`]), highest first (the weights were chosen on node counts,
    /// `docs/jass-solver.md`):
    /// - a lead: a card no opponent can beat, outside trumps above all, the most points first;
    ///   then a card over which the partner can beat every opponent's card, then the rest,
    ///   both the strongest first;
    /// - the second and third seats: a card taking the trick safely (above all the next seat
    ///   can reach; the weakest, fewest points first), then one winning for now; when the
    ///   trick is sure to go to the partner (its card stands, or the last seat, the second
    ///   seat's partner, can beat everything), points onto it from the weakest cards; the
    ///   third seat takes its partner's card over safely when the last seat could beat it;
    /// - the last seat: a winning card with the most points, or points onto the partner's
    ///   card from the weakest cards;
    /// - otherwise the fewest points.
    fn ordered(&self, seat: usize, reps: u64, first: u8, out: &mut [u8; 9]) -> usize {
        if reps & reps.wrapping_sub(1) == 0 {
            out[0] = reps.trailing_zeros() as u8;
            return usize::from(reps != 0);
        }
        let s = &self.s;
        let k = s.trick_len;
        let mut keys = [0i32; 9];
        let mut n = 0;
        let rank = &self.rank[s.done];
        let (hands, led) = (&s.hands, usize::from(self.trick.led_suit));
        // The best the next seat can reach, and the last seat's for the second seat.
        let (next, last) = match k {
            1 => (
                self.reach(hands[(s.leader + 2) % SEATS], led),
                self.reach(hands[(s.leader + 3) % SEATS], led),
            ),
            2 => (self.reach(hands[(s.leader + 3) % SEATS], led), 0),
            _ => (0, 0),
        };
        // For a lead, by suit: the best either opponent and the partner can reach.
        let mut leads = [(0u8, 0u8); 4];
        let mut known = 0u8;
        let top = self.trick.rank;
        let partner_on_top = (s.leader + usize::from(self.trick.top)) % 2 == seat % 2;
        let mut bits = reps;
        while bits != 0 && n < 9 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let pts = i32::from(self.points[c as usize]);
            let r = rank[c as usize];
            let strength = i32::from(r & 0xF) + if r & 0x20 != 0 { 9 } else { 0 };
            let key = if k == 0 {
                let suit = usize::from(c / 9);
                if known & (1 << suit) == 0 {
                    let opponents = hands[(seat + 1) % SEATS] | hands[(seat + 3) % SEATS];
                    let partner = hands[(seat + 2) % SEATS];
                    leads[suit] = (self.reach(opponents, suit), self.reach(partner, suit));
                    known |= 1 << suit;
                }
                let (opponents, partner) = leads[suit];
                if (r | 0x10) > opponents && r & 0x20 == 0 {
                    600 + 16 * pts - strength
                } else if (r | 0x10) > opponents {
                    300 + 16 * pts - strength
                } else if partner > opponents {
                    200 + 16 * strength + pts
                } else {
                    16 * strength + pts
                }
            } else {
                let rc = self.trick_rank(c);
                let (beats, safe) = (rc > top, rc > next);
                match (k, partner_on_top, beats, safe) {
                    (1, _, true, true) => 350 - pts - strength,
                    (1, _, true, false) => 300 - pts + strength,
                    (1, _, false, _) if last > top.max(next) => 200 + pts - 4 * strength,
                    (2, true, false, _) if top > next => 200 + pts - 4 * strength,
                    (2, true, true, true) if top <= next => 150 - strength,
                    (2, false, true, true) => 350 - pts - strength,
                    (2, false, true, false) => 300 - pts + strength,
                    (3, false, true, _) => 300 + pts,
                    (3, true, false, _) => 200 + pts - 2 * strength,
                    (_, true, true, _) => 100 - strength,
                    _ => 100 - pts,
                }
            };
            let key = if c == first { i32::MAX } else { key };
            // Insertion, highest key first.
            let mut i = n;
            while i > 0 && keys[i - 1] < key {
                keys[i] = keys[i - 1];
                out[i] = out[i - 1];
                i -= 1;
            }
            keys[i] = key;
            out[i] = c;
            n += 1;
        }
        n
    }

    /// Plays `card` and searches on; returns the value of the rest (this trick's points
    /// counted for its winner).
    fn child(&mut self, seat: usize, card: u8, alpha: i32, beta: i32) -> i32 {
        // What a play changes, to undo it (the rest of the state is read-only here).
        let s = &self.s;
        let (trick_len, leader, done) = (s.trick_len, s.leader, s.done);
        let on_table = self.trick;
        let held = self.held;
        let value = match self.advance(seat, card) {
            None => self.search(alpha, beta),
            Some((gained, points)) => {
                let v = gained + self.search(alpha - gained, beta - gained);
                self.rem += points;
                v
            }
        };
        let s = &mut self.s;
        s.hands[seat] |= 1u64 << card;
        (s.trick_len, s.leader, s.done) = (trick_len, leader, done);
        self.trick = on_table;
        self.held = held;
        value
    }

    /// Plays `card` for `seat` on all the search keeps ([`Self::play`], the table's key bits,
    /// the points left); when it completes a trick, returns what team 0 takes of it and its
    /// points. The callers undo it by restoring what they saved.
    #[inline(always)]
    fn advance(&mut self, seat: usize, card: u8) -> Option<(i32, i32)> {
        self.held &= !(1 << self.place[card as usize]);
        let (points, winner) = self.play(seat, card)?;
        self.rem -= points as i32;
        Some((for_team0(winner, points as i32), points as i32))
    }

    /// Card `c`'s rank in the current trick (at least one card played): its row in
    /// [`Search::rank`], `0x10` more in the led suit. The highest wins the trick.
    #[inline]
    fn trick_rank(&self, c: u8) -> u8 {
        self.trick.rank_of(c, &self.rank[self.s.done])
    }

    /// [`Start::play`] on the search's own tables: plays `card` for `seat` and returns the
    /// trick's points and winner when it completes one. Always inlined: out of line, the call's
    /// saves and restores at every card cost 3.5 % of a whole deal's instructions.
    #[inline(always)]
    fn play(&mut self, seat: usize, card: u8) -> Option<(u32, usize)> {
        let (at, done) = (self.s.trick_len, self.s.done);
        self.trick =
            (self.trick).with(at, card, self.s.modes[done], &self.rank[done], &self.points);
        if !self.s.take(seat, card) {
            return None;
        }
        let (top, points) = (usize::from(self.trick.top), self.trick.points);
        self.trick = Trick::EMPTY;
        Some(self.s.gather(top, points))
    }

    /// The value of the state, fail-soft alpha-beta.
    fn search(&mut self, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        // The value lies in 0..=rem: a window outside it is decided already.
        if self.rem <= alpha {
            return self.rem;
        }
        if beta <= 0 {
            return 0;
        }
        let boundary = self.s.trick_len == 0;
        if self.s.done == TRICKS {
            return 0;
        }
        if self.s.done == TRICKS - 1 && boundary {
            return self.last_trick();
        }
        let seat = self.seat();
        let mut first = Entry::NO_CARD;
        let mut key = 0;
        // The bounds the table held, for the store below to keep (its subtree cannot reach
        // this position again, so they hold unless another position took the entry).
        let mut known = (0, u8::MAX);
        if boundary {
            // The table first: deep in the search most boundaries are found there, and the
            // bounds below would be computed for nothing.
            let held = self.alike.key_bits(self.in_play(), self.held);
            key = self.table.key(held, self.s.leader);
            if let Some(e) = self.table.probe(key) {
                let (lo, hi) = (i32::from(e.lower()), i32::from(e.upper()));
                if lo >= beta {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                if lo == hi {
                    return lo;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                first = (self.alike)
                    .held_alike(self.s.hands[seat], e.best())
                    .unwrap_or(Entry::NO_CARD);
                known = (e.lower(), e.upper());
            }
        }
        if self.s.done == TRICKS - 2 && boundary {
            let best = self.two_tricks(alpha, beta);
            self.remember(key, known, best, (alpha, beta), Entry::NO_CARD);
            return best;
        }
        let mut sure = [0; 2];
        // At trick boundaries only: within a trick the sure points can only fall (a trump
        // played stays below the run or tops the table), so they decide almost no node
        // there (31 in 1.8M, 5 tricks left).
        if boundary && self.trump.is_some() {
            sure = self.sure();
            let [lower, other] = sure;
            let upper = self.rem - other;
            if upper <= alpha {
                return upper;
            }
            if lower >= beta {
                return lower;
            }
        }
        if boundary && self.uniform {
            // The leader's quick tricks beside its team's sure trumps.
            let team = self.s.leader % 2;
            let lower = sure[team] + self.quick();
            if team == 0 && lower >= beta {
                return lower;
            }
            if team == 1 && self.rem - lower <= alpha {
                return self.rem - lower;
            }
        }
        // Within a trick, one card worth playing (the only legal one, or the others dominated
        // by it) is played at once: nothing to order, bound or store (no table within a trick).
        // The only legal card is caught before the choices, which cost a call even then.
        // (`single`, not `is_power_of_two`: the baseline x86-64 target counts bits slowly.)
        let legal = self.legal(seat);
        if !boundary && single(legal) {
            return self.child(seat, legal.trailing_zeros() as u8, alpha, beta);
        }
        let mut open = Open::default();
        let reps = self.choices(seat, legal, &mut open);
        if !boundary && single(reps) {
            return self.child(seat, reps.trailing_zeros() as u8, alpha, beta);
        }
        let mut cards = [0u8; 9];
        let n = self.ordered(seat, reps, first, &mut cards);
        let max = seat.is_multiple_of(2);
        if self.s.trick_len == SEATS - 1
            && n > 1
            && self.s.done + ETC_LEFT < TRICKS
            && let Some(v) = self.etc(seat, &cards[..n], alpha, beta)
        {
            return v;
        }
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut best_card = Entry::NO_CARD;
        let (a0, b0) = (alpha, beta);
        // The values found for the cards of runs whose trick is undecided, by their place in
        // `cards` (the places in `found`), to bound their run's other cards.
        let mut values = [0i32; 9];
        let mut found = 0u16;
        for (i, &c) in cards[..n].iter().enumerate() {
            let v = match open.bound(c, (&cards, &values, found), &self.points, max) {
                // A bound from a card of its run already tried that cannot change this node.
                Some(b) if (max && b <= alpha) || (!max && b >= beta) => b,
                _ => {
                    let v = self.child(seat, c, alpha, beta);
                    if open.holds(c) {
                        values[i] = v;
                        found |= 1 << i;
                    }
                    v
                }
            };
            if max {
                if v > best {
                    best = v;
                    best_card = c;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_card = c;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if boundary {
            self.remember(key, known, best, (a0, b0), best_card);
        }
        best
    }

    /// Stores in the table, for the boundary `key`, what `best` (fail-soft, searched in the
    /// window `(alpha, beta)`) proves beside the bounds `known` its probe read, and the card
    /// `card` that gave it.
    fn remember(&mut self, key: u64, known: (u8, u8), best: i32, window: (i32, i32), card: u8) {
        let (mut lower, mut upper) = known;
        let v = best.clamp(0, 255) as u8;
        if best <= window.0 {
            upper = upper.min(v);
        } else if best >= window.1 {
            lower = lower.max(v);
        } else {
            lower = v;
            upper = v;
        }
        self.table.store(key, lower, upper, card);
    }

    /// Enhanced transposition cutoff, on a trick's last card: a card completing the trick
    /// into a position the table already bounds past the window decides the node.
    fn etc(&self, seat: usize, cards: &[u8], alpha: i32, beta: i32) -> Option<i32> {
        let max = seat.is_multiple_of(2);
        let s = &self.s;
        let (top, top_rank) = (usize::from(self.trick.top), self.trick.rank);
        let table = self.trick.points as i32;
        let in_play = self.in_play();
        let held = self.alike.key_bits(in_play, self.held);
        for &c in cards {
            let winner = if self.trick_rank(c) > top_rank {
                seat
            } else {
                (s.leader + top) % SEATS
            };
            let gained = for_team0(winner, table + i32::from(self.points[c as usize]));
            let bit = 1 << self.place[c as usize];
            let key = (self.table).key(self.alike.without(held, in_play, c, bit), winner);
            if let Some(e) = self.table.probe(key) {
                if max && gained + i32::from(e.lower()) >= beta {
                    return Some(gained + i32::from(e.lower()));
                }
                if !max && gained + i32::from(e.upper()) <= alpha {
                    return Some(gained + i32::from(e.upper()));
                }
            }
        }
        None
    }

    /// The last trick, every hand down to one card: no choice left.
    fn last_trick(&self) -> i32 {
        self.final_trick(self.s.leader, &self.s.hands)
    }

    /// The last trick's points for team 0 with every hand of `hands` down to one card,
    /// `leader` to lead it.
    fn final_trick(&self, leader: usize, hands: &[u64; SEATS]) -> i32 {
        let (mode, row) = (self.s.modes[TRICKS - 1], &self.rank[TRICKS - 1]);
        let mut trick = Trick::EMPTY;
        for i in 0..SEATS {
            // Every hand holds one card (`min` keeps an empty one, never met, in bounds).
            let c =
                (hands[(leader + i) % SEATS].trailing_zeros() as u8).min(JassCard::COUNT as u8 - 1);
            trick = trick.with(i, c, mode, row, &self.points);
        }
        let winner = leader + usize::from(trick.top);
        for_team0(winner, (trick.points + LAST_BONUS) as i32)
    }

    /// The value with two tricks left, at their boundary (every hand down to two cards),
    /// fail-soft in the window `(alpha, beta)`: alpha-beta over the at most 16 ways to play
    /// the first of them, the last being forced, with none of a node's work (the classes,
    /// the ordering, the bounds, a table read at the next boundary). Counted as one node.
    fn two_tricks(&self, alpha: i32, beta: i32) -> i32 {
        let t = TRICKS - 2;
        let (mode, row) = (self.s.modes[t], &self.rank[t]);
        self.two_from(0, Trick::EMPTY, self.s.hands, (mode, row), alpha, beta)
    }

    /// [`Self::two_tricks`] from the trick's place `k`, its cards so far `trick`, the hands
    /// `hands`.
    fn two_from(
        &self,
        k: usize,
        trick: Trick,
        hands: [u64; SEATS],
        (mode, row): (Mode, &[u8; JassCard::COUNT]),
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let s = &self.s;
        let seat = (s.leader + k) % SEATS;
        let legal = if k == 0 {
            hands[seat]
        } else {
            let led = usize::from(trick.led_suit);
            legal_following(hands[seat], led, trick.above, mode, &s.rules)
        };
        let max = seat.is_multiple_of(2);
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut bits = legal;
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let t = trick.with(k, c, mode, row, &self.points);
            let mut left = hands;
            left[seat] &= !(1u64 << c);
            let v = if k == SEATS - 1 {
                let winner = (s.leader + usize::from(t.top)) % SEATS;
                for_team0(winner, t.points as i32) + self.final_trick(winner, &left)
            } else {
                self.two_from(k + 1, t, left, (mode, row), alpha, beta)
            };
            if max {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// One null-window test at the root, "does team 0 take at least `b`?": the fail-soft
    /// value and the card that gave it (for team 0 to play: the first card reaching `b`, or
    /// the best tried; for team 1: the first holding team 0 below `b`, or the best tried).
    fn root_test(&mut self, b: i32, first: u8) -> (i32, u8) {
        let seat = self.seat();
        let max = seat.is_multiple_of(2);
        let legal = self.legal(seat);
        // A dominated card is never better: the value and one card reaching it need only
        // the choices.
        let reps = self.choices(seat, legal, &mut Open::default());
        let mut cards = [0u8; 9];
        let n = self.ordered(seat, reps, first, &mut cards);
        let mut best = if max { i32::MIN } else { i32::MAX };
        let mut best_card = cards[0];
        for &c in &cards[..n] {
            let v = self.child(seat, c, b - 1, b);
            if (max && v > best) || (!max && v < best) {
                best = v;
                best_card = c;
            }
            if (max && v >= b) || (!max && v < b) {
                break;
            }
        }
        (best, best_card)
    }

    /// The exact value (team 0's points from here on) and a card of the seat to play that
    /// reaches it.
    pub(super) fn value(&mut self) -> (i32, u8) {
        let guess = self.guess();
        let (value, proven) = self.tests(guess);
        if let Some((card, p)) = proven
            && p == value
        {
            return (value, card);
        }
        // No test proved a card to exactly the value (the window never sat there on the
        // right side, or the root had one value from the start): test the cards.
        let first = proven.map_or(Entry::NO_CARD, |(c, _)| c);
        let (card, _) = self.best_cards(value, first, true);
        (value, card)
    }

    /// A first guess at the value, at a trick boundary with enough tricks left: the points of
    /// the trick the move ordering plays first, and the exact value of the rest. When that
    /// trick is one best play would choose, the guess is the value, and the tests start right
    /// at it (the rest's tests, and the table they fill, are then what the value needs anyway).
    fn guess(&mut self) -> Option<i32> {
        if self.s.trick_len != 0 || self.s.done + GUESS_LEFT > TRICKS {
            return None;
        }
        let (s, trick, held, rem) = (self.s, self.trick, self.held, self.rem);
        let taken = loop {
            let seat = self.seat();
            let legal = self.legal(seat);
            let reps = self.choices(seat, legal, &mut Open::default());
            let mut cards = [0u8; 9];
            self.ordered(seat, reps, Entry::NO_CARD, &mut cards);
            if let Some((gained, _)) = self.advance(seat, cards[0]) {
                break gained;
            }
        };
        let (rest, _) = self.tests(None);
        (self.s, self.trick, self.held, self.rem) = (s, trick, held, rem);
        Some(taken + rest)
    }

    /// The exact value by a sequence of null-window tests ("does team 0 take at least `b`?"
    /// prunes far more than a wide window, and the table keeps the bounds found from one to
    /// the next), and the card proven best and the bound it was proven to, if any: a lower
    /// bound on its value for team 0 to play, an upper bound for team 1.
    ///
    /// From a `guess`, the first test sits at it and the next ones step away from it on the
    /// side the first found, 1, 2, 4 … points past the bound found, until one fails; then, as
    /// without a guess, each test halves what the bounds leave. (A test far from the value
    /// often costs as much as one next to it: its proof must answer every move of one team.
    /// MTD(f)'s tests at the last bound found creep a point or two a test, as the fail-soft
    /// bounds are often just past the window.)
    fn tests(&mut self, guess: Option<i32>) -> (i32, Option<(u8, i32)>) {
        let max = self.seat().is_multiple_of(2);
        let (mut lo, mut hi) = (0i32, self.rem);
        let mut proven: Option<(u8, i32)> = None;
        // The side the guess's tests step to (`Some(true)`: up) and the next step.
        let (mut side, mut step) = (None::<bool>, 1);
        let mut guess = guess;
        while lo < hi {
            let b = match (guess, side) {
                (Some(g), None) => g.clamp(lo + 1, hi),
                (Some(_), Some(true)) => (lo + step).min(hi),
                (Some(_), Some(false)) => (hi + 1 - step).max(lo + 1),
                (None, _) => lo + (hi - lo + 1) / 2,
            };
            let first = proven.map_or(Entry::NO_CARD, |(c, _)| c);
            let (v, card) = self.root_test(b, first);
            let up = v >= b;
            if up {
                lo = v.min(hi);
                if max && proven.is_none_or(|(_, p)| v > p) {
                    proven = Some((card, v));
                }
            } else {
                hi = v.max(lo);
                if !max && proven.is_none_or(|(_, p)| v < p) {
                    proven = Some((card, v));
                }
            }
            if guess.is_some() {
                match side {
                    None => side = Some(up),
                    Some(s) if s == up => step *= 2,
                    Some(_) => guess = None,
                }
            }
        }
        (lo, proven)
    }

    /// The cards of the seat to play that reach `value` (the exact value), each card of a
    /// class standing for it, as a bitset, and the first found; only the first with
    /// `one`. `known` is a card already known to reach it (or [`Entry::NO_CARD`]).
    fn best_cards(&mut self, value: i32, known: u8, one: bool) -> (u8, u64) {
        let seat = self.seat();
        let legal = self.legal(seat);
        // Every best card needs every class; one needs only the choices.
        let reps = if one {
            self.choices(seat, legal, &mut Open::default())
        } else {
            self.representatives(legal)
        };
        let mut cards = [0u8; 9];
        let n = self.ordered(seat, reps, known, &mut cards);
        let mut chosen = 0u64;
        let mut found = Entry::NO_CARD;
        for &c in &cards[..n] {
            let reaches = c == known
                || if seat.is_multiple_of(2) {
                    self.child(seat, c, value - 1, value) >= value
                } else {
                    self.child(seat, c, value, value + 1) <= value
                };
            if reaches {
                chosen |= 1u64 << c;
                if found == Entry::NO_CARD {
                    found = c;
                }
                if one {
                    break;
                }
            }
        }
        (found, chosen)
    }

    /// Every legal card reaching `value` (the exact value), `known` one of them.
    pub(super) fn all_best(&mut self, value: i32, known: u8) -> u64 {
        let seat = self.seat();
        let legal = self.legal(seat);
        let (_, chosen) = self.best_cards(value, known, false);
        self.expand(legal, chosen)
    }

    /// Whether team 0 takes at least `b` from here on: one null-window test.
    pub(super) fn reaches(&mut self, b: i32) -> bool {
        self.search(b - 1, b) >= b
    }
}

/// Whether `cards` holds exactly one card.
#[inline]
fn single(cards: u64) -> bool {
    cards != 0 && cards & (cards - 1) == 0
}

/// What team 0 takes of a trick's `points` when the seat `winner` (or a seat of its team,
/// counted on from it) wins it: all or nothing.
#[inline]
fn for_team0(winner: usize, points: i32) -> i32 {
    if winner.is_multiple_of(2) { points } else { 0 }
}

/// The runs of a node whose cards the search tries one of each point value (the trick's
/// winning team not known): two cards of one run are worth at most their difference in
/// points apart (see [`Search::choices`]), so a value found for one bounds the other.
#[derive(Default)]
struct Open {
    runs: [u64; 4],
    len: usize,
}

impl Open {
    /// The run holding card `c`, if one does.
    fn run_of(&self, c: u8) -> Option<u64> {
        self.runs[..self.len]
            .iter()
            .copied()
            .find(|&r| r >> c & 1 != 0)
    }

    /// Whether card `c` is in one of the runs.
    fn holds(&self, c: u8) -> bool {
        self.run_of(c).is_some()
    }

    /// The bound on card `c`'s value from the values of its run's cards already tried, each
    /// fail-soft: an upper bound when the seat's team is team 0 (`max`), a lower bound
    /// otherwise, the tightest. The cards tried are `cards` and their `values` at the places
    /// in the bits of `found`.
    fn bound(
        &self,
        c: u8,
        (cards, values, found): (&[u8; 9], &[i32; 9], u16),
        points: &[u8; JassCard::COUNT],
        max: bool,
    ) -> Option<i32> {
        let run = self.run_of(c)?;
        let pc = i32::from(points[c as usize]);
        let mut best: Option<i32> = None;
        let mut places = found;
        while places != 0 {
            let i = places.trailing_zeros() as usize;
            places &= places - 1;
            let (m, v) = (cards[i], values[i]);
            if run >> m & 1 == 0 {
                continue;
            }
            let d = (pc - i32::from(points[m as usize])).abs();
            let b = if max { v + d } else { v - d };
            best = Some(match best {
                None => b,
                Some(x) if max => x.min(b),
                Some(x) => x.max(b),
            });
        }
        best
    }
}
