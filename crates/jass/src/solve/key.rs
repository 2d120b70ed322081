//! The table's key of a position: the hands as the compact numbering's bits
//! ([`super::search::Cards`]), with the cards that the cards already played have made alike
//! written one way.
//!
//! Cards of a suit next to each other in rank order with equal points (the 6, 7 and 8 of
//! trumps, the 6 to 9 of a plain suit) form a *group*. Once cards of a group are out of play,
//! a seat's cards of the group lying between two cards the other seats still hold (or the
//! group's ends) can sit on any of the places there that are out of play: the points are the
//! same, and so is the order against every card still in play, in every trick of the deal. So
//! the key puts them on the seat's own lowest cards there, and positions reached by playing
//! different cards of a group share one entry of the table.
//!
//! Each card keeps the seat it was numbered with, so which cards of a group are still in play
//! says all about it: the change to the key is looked up by those cards.

use cards_core::JassCard;

use super::SEATS;

/// The most cards of a group: a longer stretch of equal points is cut into groups of this
/// many (a part of a group is one too; the longest in Jass has 4, a plain suit's 6 to 9).
const MOST: usize = 4;

/// No group.
const NONE: u8 = u8::MAX;

/// One group: its cards' bits, neighbours in the card numbering too (as in every Jass mode:
/// the low cards), from bit `shift` on, `mask` after the shift; and for each set of them still
/// in play (its bits so shifted) what that changes in the compact bits.
#[derive(Clone, Copy)]
struct Group {
    shift: u8,
    mask: u8,
    change: [u64; 1 << MOST],
}

/// The groups of a deal's cards: at most 8 (every mode's order has one a suit; a stretch
/// found beyond them is left out, which only shares fewer entries).
#[derive(Clone, Copy)]
pub(super) struct Alike {
    groups: [Group; 8],
    len: usize,
    /// Each card's group, as its place in `groups` (`NONE` for none).
    group_of: [u8; JassCard::COUNT],
}

impl Alike {
    /// The groups of a deal whose cards lie in each suit's rank order as `order` with the
    /// points `order_points`, numbered by `place` from the hands `numbered`; none unless
    /// `uniform` (every trick left in the counting mode, whose order they are read in).
    pub(super) fn new(
        order: &[[u8; 9]; 4],
        order_points: &[[u8; 9]; 4],
        place: &[u8; JassCard::COUNT],
        numbered: &[u64; SEATS],
        uniform: bool,
    ) -> Alike {
        let empty = Group {
            shift: 0,
            mask: 0,
            change: [0; 1 << MOST],
        };
        let mut alike = Alike {
            groups: [empty; 8],
            len: 0,
            group_of: [NONE; JassCard::COUNT],
        };
        if !uniform {
            return alike;
        }
        for suit in 0..4 {
            let pts = &order_points[suit];
            let mut i = 0;
            while i < 9 {
                let mut j = i;
                while j + 1 < 9 && j + 1 - i < MOST && pts[j + 1] == pts[i] {
                    j += 1;
                }
                let cards = &order[suit][i..=j];
                if j > i
                    && alike.len < alike.groups.len()
                    && let Some(group) = Group::new(cards, place, numbered)
                {
                    for &c in cards {
                        alike.group_of[usize::from(c)] = alike.len as u8;
                    }
                    alike.groups[alike.len] = group;
                    alike.len += 1;
                }
                i = j + 1;
            }
        }
        alike
    }

    /// The key bits of the cards in play `in_play` (every hand's), whose compact bits are
    /// `held`.
    #[inline]
    pub(super) fn key_bits(&self, in_play: u64, held: u64) -> u64 {
        let mut key = held;
        for g in &self.groups[..self.len] {
            key ^= g.change(in_play);
        }
        key
    }

    /// The key bits once card `c` is played, from the key bits `key` with the cards
    /// `in_play` (`c` among them) and `c`'s compact bit `bit`: only `c`'s group changes.
    #[inline]
    pub(super) fn without(&self, key: u64, in_play: u64, c: u8, bit: u64) -> u64 {
        match self.groups.get(usize::from(self.group_of[usize::from(c)])) {
            Some(g) => key ^ bit ^ g.change(in_play) ^ g.change(in_play & !(1 << c)),
            None => key ^ bit,
        }
    }

    /// The card of `hand` alike to card `c` by the key: `c` itself when held, else the
    /// lowest-numbered card the hand holds of `c`'s group, if any (a table entry's best card,
    /// read in a position sharing the entry, to try first; `c` may be no card at all).
    pub(super) fn held_alike(&self, hand: u64, c: u8) -> Option<u8> {
        if hand >> c & 1 != 0 {
            return Some(c);
        }
        let g = self
            .groups
            .get(usize::from(*self.group_of.get(usize::from(c))?))?;
        let mine = hand & u64::from(g.mask) << g.shift;
        (mine != 0).then(|| mine.trailing_zeros() as u8)
    }
}

impl Group {
    /// What the cards `in_play` change in the compact bits.
    #[inline]
    fn change(&self, in_play: u64) -> u64 {
        self.change[((in_play >> self.shift) & u64::from(self.mask)) as usize]
    }

    /// The group of `cards` (weakest first), if they are neighbours in the card numbering.
    fn new(cards: &[u8], place: &[u8; JassCard::COUNT], numbered: &[u64; SEATS]) -> Option<Group> {
        let len = cards.len();
        let low = *cards.iter().min()?;
        let bits = cards.iter().fold(0u64, |b, &c| b | 1 << c);
        if bits != ((1 << len) - 1) << low {
            return None;
        }
        // The set in play is read in the numbering's order: bit `j` of it is `cards[at[j]]`.
        let at: [usize; MOST] =
            core::array::from_fn(|n| cards.iter().position(|&c| c == low + n as u8).unwrap_or(0));
        // Each seat's cards of the group, and the group's cards numbered at all (bit `j`: the
        // `j`-th weakest).
        let mut own = [0usize; SEATS];
        for (j, &c) in cards.iter().enumerate() {
            if let Some(seat) = (0..SEATS).find(|&s| numbered[s] >> c & 1 != 0) {
                own[seat] |= 1 << j;
            }
        }
        let numbered_cards = own.iter().fold(0, |a, &o| a | o);
        let bits_of = |set: usize| {
            (0..len)
                .filter(|j| set >> j & 1 != 0)
                .fold(0u64, |k, j| k | 1 << place[usize::from(cards[j])])
        };
        let mut change = [0u64; 1 << MOST];
        for set in 0..1usize << len {
            // Only numbered cards are ever in play.
            if set & !numbered_cards != 0 {
                continue;
            }
            let mut written = 0usize;
            for &own in &own {
                let others = set & !own;
                // Walk the group from its weakest card, cut at each card another seat has in
                // play; in each stretch the seat's cards in play go to its lowest own ones.
                let mut j = 0;
                while j < len {
                    let mut end = j;
                    while end < len && others >> end & 1 == 0 {
                        end += 1;
                    }
                    let stretch = ((1usize << end) - 1) & !((1usize << j) - 1);
                    let mut count = (set & own & stretch).count_ones();
                    let mut lowest = own & stretch;
                    while count > 0 {
                        written |= lowest & lowest.wrapping_neg();
                        lowest &= lowest - 1;
                        count -= 1;
                    }
                    j = end + 1;
                }
            }
            // From the group's rank order to the numbering's.
            let numbering = |set: usize| (0..len).fold(0, |n, i| n | (set >> at[i] & 1) << i);
            change[numbering(set)] = bits_of(set) ^ bits_of(written);
        }
        Some(Group {
            shift: low,
            mask: ((1u16 << len) - 1) as u8,
            change,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::table::Entry;
    use super::*;

    /// The cards as `Alike` reads them in a trump contract's plain suits: each suit weakest
    /// first in the card numbering, the 6 to 9 of no points (one group of four a suit); the
    /// compact places numbered from `hands`.
    fn numbered(hands: &[u64; SEATS]) -> (Alike, [u8; JassCard::COUNT]) {
        let order = core::array::from_fn(|suit| core::array::from_fn(|r| (9 * suit + r) as u8));
        let order_points = [[0, 0, 0, 0, 10, 2, 3, 4, 11]; 4];
        let mut place = [0u8; JassCard::COUNT];
        for (seat, &hand) in hands.iter().enumerate() {
            let cards = (0..JassCard::COUNT).filter(|&c| hand >> c & 1 != 0);
            for (i, c) in cards.enumerate() {
                place[c] = (9 * seat + i) as u8;
            }
        }
        let alike = Alike::new(&order, &order_points, &place, hands, true);
        (alike, place)
    }

    /// The key bits of the position whose hands are `hands`.
    fn key(alike: &Alike, place: &[u8; JassCard::COUNT], hands: &[u64; SEATS]) -> u64 {
        let in_play = hands.iter().fold(0, |a, &h| a | h);
        let held = (0..JassCard::COUNT)
            .filter(|&c| in_play >> c & 1 != 0)
            .fold(0, |k, c| k | 1u64 << place[c]);
        alike.key_bits(in_play, held)
    }

    /// The key bits of positions dealt from `dealt` (the places numbered from it), by hands.
    fn keys(dealt: &[u64; SEATS]) -> impl Fn(&[u64; SEATS]) -> u64 {
        let (alike, place) = numbered(dealt);
        move |hands| key(&alike, &place, hands)
    }

    // Cards 0 to 3 are the 6 to 9 of the first suit, one group; card 4 its 10.

    #[test]
    fn a_seats_alike_cards_played_either_way_share_a_key() {
        let key = keys(&[0b11, 0b100, 0b1000, 0b1_0000]);
        // Seat 0 played its 6 or its 7: either way it holds one card below the 8 of seat 1.
        let six_played = [0b10, 0b100, 0b1000, 0b1_0000];
        let seven_played = [0b01, 0b100, 0b1000, 0b1_0000];
        assert_eq!(key(&six_played), key(&seven_played));
        // The 10 has points, the 9 none: which of them seat 1 keeps tells apart.
        let key = keys(&[0b1, 0b1_1000, 0, 0]);
        assert_ne!(key(&[0b1, 0b1000, 0, 0]), key(&[0b1, 0b1_0000, 0, 0]));
    }

    #[test]
    fn cards_on_either_side_of_another_seats_card_keep_their_own_keys() {
        // Seat 0 holds the 6 and the 8 around seat 1's 7: the card it keeps is below the 7 or
        // above it, and the keys differ.
        let key = keys(&[0b101, 0b010, 0b1000, 0]);
        let kept_eight = [0b100, 0b010, 0b1000, 0];
        let kept_six = [0b001, 0b010, 0b1000, 0];
        assert_ne!(key(&kept_eight), key(&kept_six));
        // With seat 1's 7 played too, both are the lowest card of the group left in play.
        let seven_gone = |seat0: u64| [seat0, 0, 0b1000, 0];
        assert_eq!(key(&seven_gone(0b100)), key(&seven_gone(0b001)));
    }

    #[test]
    fn a_key_without_a_card_is_the_key_of_the_hands_without_it() {
        // Both suits' groups split between the seats (cards 9 to 12 are the second's).
        let dealt = [
            1 << 12 | 0b1_0001_0011,
            1 << 10 | 0b0110_0100,
            0b1000_1000,
            1 << 11 | 1 << 9,
        ];
        let (alike, place) = numbered(&dealt);
        let in_play = dealt.iter().fold(0, |a, &h| a | h);
        let full = key(&alike, &place, &dealt);
        for c in (0..JassCard::COUNT).filter(|&c| in_play >> c & 1 != 0) {
            let mut hands = dealt;
            let seat = hands.iter().position(|h| h >> c & 1 != 0).unwrap();
            hands[seat] &= !(1 << c);
            let bit = 1u64 << place[c];
            assert_eq!(
                alike.without(full, in_play, c as u8, bit),
                key(&alike, &place, &hands),
                "card {c}"
            );
        }
    }

    #[test]
    fn an_entrys_card_is_read_as_the_seats_card_of_its_group() {
        let (alike, _) = numbered(&[0b11, 0b100, 0b1000, 0b1_0000]);
        // Held: itself; not held: the hand's lowest of the group; no card of the group: none.
        assert_eq!(alike.held_alike(0b10, 1), Some(1));
        assert_eq!(alike.held_alike(0b01, 1), Some(0));
        assert_eq!(alike.held_alike(0b1_0000, 1), None);
        // The 10 is in no group.
        assert_eq!(alike.held_alike(0b01, 4), None);
        assert_eq!(alike.held_alike(0b01, Entry::NO_CARD), None);
    }
}
