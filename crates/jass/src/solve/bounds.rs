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
        let mut team = None;
        for &c in self.order[trump].iter().rev() {
            let bit = 1u64 << c;
            let Some(seat) = s.hands.iter().position(|&h| h & bit != 0) else {
                if s.trick[..s.trick_len].iter().any(|t| t.index() == c) {
                    break;
                }
                continue;
            };
            let t = *team.get_or_insert(seat % 2);
            if t != seat % 2 {
                break;
            }
            sure[t] += i32::from(self.points[c as usize]);
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
        let in_play = s.hands.iter().fold(0u64, |a, h| a | h);
        let mine = s.hands[l];
        let mut total = 0i32;
        let mut rounds = 0u32;
        for (suit, row) in self.order.iter().enumerate() {
            if self.trump == Some(suit) {
                continue;
            }
            for &c in row.iter().rev() {
                let bit = 1u64 << c;
                if in_play & bit == 0 {
                    continue;
                }
                if mine & bit == 0 {
                    break;
                }
                total += i32::from(self.points[c as usize]);
                rounds += 1;
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
            let mut left = rounds;
            for &c in &self.by_points {
                if left == 0 {
                    break;
                }
                if cards & (1u64 << c) != 0 {
                    total += i32::from(self.points[c as usize]);
                    left -= 1;
                }
            }
        }
        if rounds as usize == TRICKS - s.done {
            total += LAST_BONUS as i32;
        }
        total
    }
}
