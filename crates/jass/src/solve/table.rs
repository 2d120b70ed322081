//! The transposition table: bounds on the points team 0 takes from a trick boundary on, one
//! word an entry, two entries a bucket, kept between the calls of a [`super::Solver`].

/// One entry, packed in a word. Bits 0–35: the four hands, 9 bits a seat, each bit a card
/// the seat held when the key's numbering was made ([`super::search::Cards`]); 36–37: the
/// leader; 38–41: the epoch (1–15; 0 marks an empty entry); 42–49: the lower bound; 50–57:
/// the upper bound; 58–63: the card that last gave the value here (63: none).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Entry(u64);

impl Entry {
    const KEY: u64 = (1 << 42) - 1;
    pub(super) const NO_CARD: u8 = 63;

    pub(super) fn lower(self) -> u8 {
        (self.0 >> 42) as u8
    }
    pub(super) fn upper(self) -> u8 {
        (self.0 >> 50) as u8
    }
    pub(super) fn best(self) -> u8 {
        (self.0 >> 58) as u8
    }
    fn key(self) -> u64 {
        self.0 & Self::KEY
    }
    fn epoch(self) -> u64 {
        (self.0 >> 38) & 15
    }
    /// Cards still held in the key's hands: 4 per trick left, what a search of it costs.
    fn cards(self) -> u32 {
        (self.0 & ((1 << 36) - 1)).count_ones()
    }
}

/// The table: a power of two of entries, two ways a bucket.
pub(super) struct Table {
    /// The entries' words: plain `u64`s, so that a new table is allocated zeroed (pages the
    /// system gives zeroed) rather than written through, which cost a whole solve's 5 % of
    /// instructions on the median deals.
    slots: Vec<u64>,
    /// The epoch of the current numbering of the cards: entries of another epoch are empty.
    epoch: u64,
}

impl Table {
    /// A table of `2^bits` entries (at least 2), empty.
    pub(super) fn new(bits: u32) -> Table {
        Table {
            slots: vec![0; 1 << bits.clamp(1, 30)],
            epoch: 1,
        }
    }

    /// Its size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u64>()
    }

    /// Forgets every entry: the next epoch, the table wiped when the 15 epochs are used up.
    pub(super) fn forget(&mut self) {
        self.epoch += 1;
        if self.epoch > 15 {
            self.slots.fill(0);
            self.epoch = 1;
        }
    }

    /// The key of the hands `held` (36 bits) with `leader` to lead, in this epoch.
    #[inline]
    pub(super) fn key(&self, held: u64, leader: usize) -> u64 {
        held | (leader as u64) << 36 | self.epoch << 38
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.slots.len() - 1) & !1
    }

    /// The entry of `key`, if the table holds it.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        let (e0, e1) = (Entry(self.slots[b]), Entry(self.slots[b + 1]));
        if e0.key() == key {
            Some(e0)
        } else if e1.key() == key {
            Some(e1)
        } else {
            None
        }
    }

    /// Stores bounds for `key`: in its own entry, else in the bucket's entry of the fewer
    /// cards (the cheaper to search again; one of another epoch is empty), the second on a tie.
    pub(super) fn store(&mut self, key: u64, lower: u8, upper: u8, best: u8) {
        let b = self.bucket(key);
        let (e0, e1) = (Entry(self.slots[b]), Entry(self.slots[b + 1]));
        let slot = if e0.key() == key {
            b
        } else if e1.key() == key {
            b + 1
        } else {
            let worth = |e: Entry| {
                if e.epoch() == self.epoch {
                    e.cards()
                } else {
                    0
                }
            };
            if worth(e0) < worth(e1) { b } else { b + 1 }
        };
        self.slots[slot] = key
            | u64::from(lower) << 42
            | u64::from(upper) << 50
            | u64::from(best.min(Entry::NO_CARD)) << 58;
    }
}
