//! Bounds on the value that need no search: the points a team is sure of.
//!
//! Each is checked against the exact value on random positions (`tests/solve.rs`).

use cards_core::Card;

use super::search::Search;
use super::{LAST_BONUS, SEATS, TRICKS};

impl Search<'_> {
    /// Points each team is sure to take: when every trick left is in one trump mode, the
    /// run of the highest trumps still in play held by one team (none on the table) goes to
    /// that team, since any trick with one of them is won by one of them.
    pub(super) fn sure(&self) -> [i32; 2] {
        let mut sure = [0; 2];
        let Some(trump) = self.trump else {
            return sure;
        };
        let s = &self.s;
        let shift = 9 * trump;
        let conv = &self.ordered_bits[trump];
        let bits = |h: u64| conv[((h >> shift) & 0x1FF) as usize];
        let mut table = 0u64;
        for c in &s.trick[..s.trick_len] {
            table |= 1u64 << c.index();
        }
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
        let mut run = if others == 0 {
            teams[t]
        } else {
            teams[t] & !((2u16 << (15 - others.leading_zeros())) - 1)
        };
        let pts = &self.order_points[trump];
        while run != 0 {
            sure[t] += i32::from(pts[run.trailing_zeros() as usize]);
            run &= run - 1;
        }
        sure
    }

    /// A lower bound on the points the leader's team takes from a trick boundary on, beside
    /// [`Search::sure`]'s: the leader's *quick tricks*. When every trick left is in one mode,
    /// a card of the leader's that every stronger card of its suit still in play is also the
    /// leader's wins when led, strongest first — in a trump mode only outside trumps and only
    /// when neither opponent holds a trump and the partner holds enough non-trumps to follow
    /// or discard each time, so nobody else takes the lead. Cashing them all first, the team
    /// takes their points, and at least the fewest points each other seat can give to as many
    /// tricks (the partner's from its non-trumps), and the last trick's 5 when they are all
    /// the tricks left. Disjoint from the trumps [`Search::sure`] counts: no trump falls in
    /// those tricks.
    pub(super) fn quick(&self) -> i32 {
        let s = &self.s;
        let l = s.leader;
        let partner = (l + 2) % SEATS;
        let opponents = s.hands[(l + 1) % SEATS] | s.hands[(l + 3) % SEATS];
        let trumps = self.trump.map_or(0, |t| 0x1FFu64 << (9 * t));
        if opponents & trumps != 0 {
            return 0;
        }
        let in_play = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3];
        let mine = s.hands[l];
        let mut total = 0i32;
        let mut rounds = 0u32;
        for suit in 0..4 {
            if self.trump == Some(suit) {
                continue;
            }
            let shift = 9 * suit;
            let conv = &self.ordered_bits[suit];
            let m = conv[((mine >> shift) & 0x1FF) as usize];
            if m == 0 {
                continue;
            }
            let others = conv[(((in_play & !mine) >> shift) & 0x1FF) as usize];
            // The leader's cards above every other card of the suit still in play.
            let mut top = if others == 0 {
                m
            } else {
                m & !((2u16 << (15 - others.leading_zeros())) - 1)
            };
            rounds += top.count_ones();
            while top != 0 {
                total += i32::from(self.order_points[suit][top.trailing_zeros() as usize]);
                top &= top - 1;
            }
        }
        if rounds == 0 {
            return 0;
        }
        let partner_cards = s.hands[partner] & !trumps;
        if partner_cards.count_ones() < rounds {
            return 0;
        }
        for cards in [
            s.hands[(l + 1) % SEATS],
            partner_cards,
            s.hands[(l + 3) % SEATS],
        ] {
            // The fewest points `rounds` of these cards can hold.
            let mut left = rounds;
            for &(points, of) in &self.by_points {
                if left == 0 || of == 0 {
                    break;
                }
                let n = (cards & of).count_ones().min(left);
                total += (n * u32::from(points)) as i32;
                left -= n;
            }
        }
        if rounds as usize == TRICKS - s.done {
            total += LAST_BONUS as i32;
        }
        total
    }
}
