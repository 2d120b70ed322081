//! Bounds on the value that need no search: the points a team is sure of.
//!
//! Each is checked against the exact value on random positions (`tests/solve.rs`).

use super::search::Search;
use super::{LAST_BONUS, SEATS, TRICKS};

/// The cards of `mine` above every card of `others`, both as one suit's cards in rank order
/// (bit `i`: the `i`-th weakest; [`Search::ordered_bits`]).
fn above(mine: u16, others: u16) -> u16 {
    if others == 0 {
        mine
    } else {
        mine & !((2u16 << (15 - others.leading_zeros())) - 1)
    }
}

impl Search<'_> {
    /// Points each team is sure to take: when every trick left is in one trump mode, the
    /// run of the highest trumps still in play held by one team (none on the table) goes to
    /// that team, since any trick with one of them is won by one of them; at a trick boundary,
    /// with the least the other cards of those tricks give ([`Search::beside_run`]).
    pub(super) fn sure(&self) -> [i32; 2] {
        let mut sure = [0; 2];
        let Some(trump) = self.trump else {
            return sure;
        };
        let s = &self.s;
        let shift = 9 * trump;
        let conv = &self.ordered_bits[trump];
        let bits = |h: u64| conv[((h >> shift) & 0x1FF) as usize];
        let table = self.trick.cards;
        let teams = [bits(s.hands[0] | s.hands[2]), bits(s.hands[1] | s.hands[3])];
        let on_table = bits(table);
        let all = teams[0] | teams[1] | on_table;
        if all == 0 || on_table > all ^ on_table {
            // No trump in play, or the highest one is on the table.
            return sure;
        }
        let t = usize::from(teams[0] > teams[1]) ^ 1;
        // The team's trumps above every trump of the other team or on the table.
        let others = teams[t ^ 1] | on_table;
        let run = above(teams[t], others);
        let pts = &self.order_points[trump];
        let mut bits = run;
        while bits != 0 {
            sure[t] += i32::from(pts[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        if s.trick_len == 0 {
            sure[t] = self.beside_run(trump, t, run, sure[t]);
        }
        sure
    }

    /// At a trick boundary, the least `team` takes with its `run` of sure trumps (rank-order
    /// bits of suit `trump`), their own `points` and the other cards of their tricks: one hand
    /// holds `m` of the run and the other no more, so at least `m` tricks hold a card of the
    /// run; each opponent gives a card to each of them, and the other hand gives a card that
    /// is not of the run to `m` less its own count of the run. When those `m` tricks are all
    /// that are left, the team takes everything.
    fn beside_run(&self, trump: usize, team: usize, run: u16, points: i32) -> i32 {
        let s = &self.s;
        let shift = 9 * trump;
        let conv = &self.ordered_bits[trump];
        let held = |seat: usize| conv[((s.hands[seat] >> shift) & 0x1FF) as usize] & run;
        let (a, b) = (held(team).count_ones(), held(team + 2).count_ones());
        let (fewer, m, k) = if a >= b {
            (team + 2, a, b)
        } else {
            (team, b, a)
        };
        if m as usize == TRICKS - s.done {
            return self.rem;
        }
        let mut run_cards = 0u64;
        let mut bits = run;
        while bits != 0 {
            run_cards |= 1u64 << self.order[trump][bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        points
            + self.fewest(s.hands[(team + 1) % SEATS], m)
            + self.fewest(s.hands[(team + 3) % SEATS], m)
            + self.fewest(s.hands[fewer] & !run_cards, m - k)
    }

    /// A lower bound on the points the leader's team takes from a trick boundary on, beside
    /// [`Search::sure`]'s: its *quick tricks*, when every trick left is in one mode. A card that
    /// is above every other card of its suit still in play is a *top*; outside trumps, and in a
    /// trump mode only when neither opponent holds a trump, a top wins whenever its suit is led.
    /// Two ways to cash tops, the better counted:
    /// - **The leader's tops**, strongest first, while the partner holds enough non-trumps to
    ///   follow or discard each time, so nobody else takes the lead.
    /// - **Then the partner's**: the leader cashes its own tops, then leads a card of a suit the
    ///   partner tops, and the partner, in the lead, cashes its tops. Both keep a non-trump that
    ///   is not a top for every trick the other leads, so neither plays a top, or a trump, out
    ///   of turn.
    ///
    /// The team takes the tops' points, the fewest points each other seat can give to as many
    /// tricks (the partner's and the leader's from their non-trumps that are not tops), and the
    /// last trick's 5 when they are all the tricks left. Disjoint from the trumps
    /// [`Search::sure`] counts: no trump falls in those tricks.
    pub(super) fn quick(&self) -> i32 {
        let s = &self.s;
        let l = s.leader;
        let partner = (l + 2) % SEATS;
        let (left, right) = (s.hands[(l + 1) % SEATS], s.hands[(l + 3) % SEATS]);
        let trumps = self.trump.map_or(0, |t| 0x1FFu64 << (9 * t));
        if (left | right) & trumps != 0 {
            return 0;
        }
        let (mine, theirs) = (s.hands[l], s.hands[partner]);
        let [my, partner] = self.tops(mine, theirs, mine | theirs | left | right);
        let partner_plain = theirs & !trumps;
        let bonus = |rounds: u32| {
            if rounds as usize == TRICKS - s.done {
                LAST_BONUS as i32
            } else {
                0
            }
        };
        let mut best = 0;
        if my.count > 0 && at_least(partner_plain, my.count) {
            best = my.points
                + self.fewest(left, my.count)
                + self.fewest(partner_plain, my.count)
                + self.fewest(right, my.count)
                + bonus(my.count);
        }
        // A suit the partner tops in which the leader holds a card to lead to it.
        let reach = (0..4).any(|suit| {
            let suit = 0x1FFu64 << (9 * suit);
            partner.cards & suit != 0 && mine & suit != 0
        });
        let partner_rest = partner_plain & !partner.cards;
        let my_rest = mine & !trumps & !my.cards;
        if reach && at_least(partner_rest, my.count) && at_least(my_rest, partner.count) {
            let rounds = my.count + partner.count;
            let through = my.points
                + partner.points
                + self.fewest(partner_rest, my.count)
                + self.fewest(my_rest, partner.count)
                + self.fewest(left, rounds)
                + self.fewest(right, rounds)
                + bonus(rounds);
            best = best.max(through);
        }
        best
    }

    /// The tops of `mine` and of `theirs` outside trumps (their cards above every other card
    /// of their suit in `in_play`, the cards still in play): in each suit only the hand
    /// holding its highest card has any.
    fn tops(&self, mine: u64, theirs: u64, in_play: u64) -> [Tops; 2] {
        let mut tops = [Tops::default(); 2];
        for suit in 0..4 {
            if self.trump == Some(suit) {
                continue;
            }
            let shift = 9 * suit;
            let conv = &self.ordered_bits[suit];
            let all = conv[((in_play >> shift) & 0x1FF) as usize];
            if all == 0 {
                continue;
            }
            let high = 1u16 << (15 - all.leading_zeros());
            let m = conv[((mine >> shift) & 0x1FF) as usize];
            let (side, hand) = if m & high != 0 {
                (0, m)
            } else {
                let t = conv[((theirs >> shift) & 0x1FF) as usize];
                if t & high == 0 {
                    continue;
                }
                (1, t)
            };
            let mut top = above(hand, all & !hand);
            let out = &mut tops[side];
            while top != 0 {
                let i = top.trailing_zeros() as usize;
                top &= top - 1;
                out.cards |= 1u64 << self.order[suit][i];
                out.points += i32::from(self.order_points[suit][i]);
                out.count += 1;
            }
        }
        tops
    }

    /// The fewest points `n` of `cards` can hold.
    pub(super) fn fewest(&self, cards: u64, n: u32) -> i32 {
        let (mut total, mut left) = (0i32, n);
        // Card by card rather than by counting each value's cards: `n` is small, and without
        // a popcount instruction in the baseline x86-64 target a count costs more.
        for &(points, of) in &self.by_points {
            if left == 0 || of == 0 {
                break;
            }
            let mut bits = cards & of;
            while bits != 0 && left != 0 {
                bits &= bits - 1;
                total += i32::from(points);
                left -= 1;
            }
        }
        total
    }
}

/// A hand's tops ([`Search::quick`]): the cards, their points and their number.
#[derive(Clone, Copy, Default)]
struct Tops {
    cards: u64,
    points: i32,
    count: u32,
}

/// Whether `cards` holds at least `n` cards (`n` is small: a few steps, no count).
fn at_least(cards: u64, n: u32) -> bool {
    let mut bits = cards;
    for _ in 1..n {
        bits &= bits.wrapping_sub(1);
    }
    n == 0 || bits != 0
}
