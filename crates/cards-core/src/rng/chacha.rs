//! ChaCha8 with a 64-bit block counter and a 64-bit stream id, word for word the stream of
//! `rand_chacha`'s `ChaCha8Rng` (the tests hold it to that crate), computing only the blocks
//! a game reads.
//!
//! Why our own: `rand_chacha` always computes four 64-byte blocks per refill, and a deal reads
//! about five blocks from each of its two generators, so it computed 16 blocks where 10 are
//! read (about a quarter of a random deal's instructions). Here nothing is computed before the
//! first word; the first refill computes four blocks, the second one block, later ones four
//! again (a generator that lives for a whole game reads many).
//!
//! Why plain arrays and no SIMD crate: the project forbids `unsafe`, so no `std::arch`
//! intrinsics, and no new dependency. The block function is plain `u32` arithmetic; the
//! four-block refill is a loop over the four blocks around it, which LLVM's loop vectoriser
//! turns into SSE2 (baseline x86-64) on its own, one block per lane (about 240 instructions a
//! block). A lone block stays scalar (about 530): LLVM's SLP vectoriser does not vectorise
//! SSE2 rotations, whatever form they are written in. `docs/performance.md` has the figures.

/// "expand 32-byte k".
const CONSTANTS: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];
/// Words per block.
const BLOCK: usize = 16;
/// Words in the buffer: four blocks.
const BUF: usize = 4 * BLOCK;

/// The quarter round on words `a`, `b`, `c`, `d` of a block.
#[inline(always)]
fn quarter(s: &mut [u32; BLOCK], a: usize, b: usize, c: usize, d: usize) {
    s[a] = s[a].wrapping_add(s[b]);
    s[d] = (s[d] ^ s[a]).rotate_left(16);
    s[c] = s[c].wrapping_add(s[d]);
    s[b] = (s[b] ^ s[c]).rotate_left(12);
    s[a] = s[a].wrapping_add(s[b]);
    s[d] = (s[d] ^ s[a]).rotate_left(8);
    s[c] = s[c].wrapping_add(s[d]);
    s[b] = (s[b] ^ s[c]).rotate_left(7);
}

/// A column round and a diagonal round.
#[inline(always)]
fn double_round(s: &mut [u32; BLOCK]) {
    quarter(s, 0, 4, 8, 12);
    quarter(s, 1, 5, 9, 13);
    quarter(s, 2, 6, 10, 14);
    quarter(s, 3, 7, 11, 15);
    quarter(s, 0, 5, 10, 15);
    quarter(s, 1, 6, 11, 12);
    quarter(s, 2, 7, 8, 13);
    quarter(s, 3, 4, 9, 14);
}

/// The ChaCha8 block function: the state after four double rounds plus the input. The
/// rounds are written out, not looped: a loop over blocks around this is then an innermost
/// loop, which LLVM vectorises.
#[inline(always)]
fn block(input: &[u32; BLOCK]) -> [u32; BLOCK] {
    let mut s = *input;
    double_round(&mut s);
    double_round(&mut s);
    double_round(&mut s);
    double_round(&mut s);
    for (x, i) in s.iter_mut().zip(input) {
        *x = x.wrapping_add(*i);
    }
    s
}

/// The input of block `counter`.
#[inline(always)]
fn input(key: &[u32; 8], counter: u64, stream: u64) -> [u32; BLOCK] {
    let [c0, c1, c2, c3] = CONSTANTS;
    let [k0, k1, k2, k3, k4, k5, k6, k7] = *key;
    [
        c0,
        c1,
        c2,
        c3,
        k0,
        k1,
        k2,
        k3,
        k4,
        k5,
        k6,
        k7,
        counter as u32,
        (counter >> 32) as u32,
        stream as u32,
        (stream >> 32) as u32,
    ]
}

/// Blocks `counter..counter + 4` into `out`, in stream order. The loop over the four blocks
/// is what LLVM vectorises (SSE2: one block per lane, four blocks for less than the price of
/// two lone ones), since each block's rounds are independent of the others'. Out of line and
/// on plain arguments: inlined into the refill, LLVM unrolled the loop instead.
#[inline(never)]
fn four_blocks(key: &[u32; 8], counter: u64, stream: u64, out: &mut [u32; BUF]) {
    for lane in 0..4 {
        let input = input(key, counter.wrapping_add(lane as u64), stream);
        let words = block(&input);
        for (w, &word) in words.iter().enumerate() {
            out[lane * BLOCK + w] = word;
        }
    }
}

/// One block into `out` (scalar code: LLVM does not vectorise a lone block's rotations for
/// SSE2). Out of line on plain arguments, for the same reason as [`four_blocks`]: inlined
/// into the refill, LLVM gathered the final additions into vector registers word by word,
/// about 120 instructions more.
#[inline(never)]
fn one_block(input: &[u32; BLOCK], out: &mut [u32; BLOCK]) {
    *out = block(input);
}

/// The generator: key, stream, the next block to compute, and the words computed and not yet
/// read (`buf[pos..len]`).
#[derive(Clone)]
pub(crate) struct ChaCha8 {
    key: [u32; 8],
    stream: u64,
    /// The counter of the next block to compute.
    block: u64,
    buf: [u32; BUF],
    len: u8,
    pos: u8,
    /// Refills so far (saturating): the second computes one block.
    refills: u8,
}

impl ChaCha8 {
    /// The generator for `seed` on `stream`, at the stream's first word; computes nothing.
    #[inline]
    pub(crate) fn new(seed: &[u8; 32], stream: u64) -> ChaCha8 {
        let mut key = [0u32; 8];
        for (k, bytes) in key.iter_mut().zip(seed.chunks_exact(4)) {
            *k = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        }
        ChaCha8 {
            key,
            stream,
            block: 0,
            buf: [0; BUF],
            len: 0,
            pos: 0,
            refills: 0,
        }
    }

    /// The next word of the stream.
    #[inline]
    pub(crate) fn next_u32(&mut self) -> u32 {
        if self.pos >= self.len {
            self.refill();
        }
        let word = self.buf[usize::from(self.pos) % BUF];
        self.pos += 1;
        word
    }

    /// The next two words, the first as the low half (as `rand_chacha`).
    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        // Both words in the buffer: the usual case, one test.
        if usize::from(self.pos) + 2 <= usize::from(self.len) {
            // `min` only tells the compiler that both reads are in bounds (pos ≤ 62 here).
            let i = usize::from(self.pos).min(BUF - 2);
            self.pos += 2;
            return u64::from(self.buf[i]) | (u64::from(self.buf[i + 1]) << 32);
        }
        let lo = self.next_u32();
        let hi = self.next_u32();
        u64::from(lo) | (u64::from(hi) << 32)
    }

    /// Fills `dest` with the next words, little-endian; a last partial word is consumed whole
    /// (as `rand_chacha`).
    pub(crate) fn fill_bytes(&mut self, dest: &mut [u8]) {
        let mut chunks = dest.chunks_exact_mut(4);
        for chunk in chunks.by_ref() {
            chunk.copy_from_slice(&self.next_u32().to_le_bytes());
        }
        let rest = chunks.into_remainder();
        if !rest.is_empty() {
            let n = rest.len();
            rest.copy_from_slice(&self.next_u32().to_le_bytes()[..n]);
        }
    }

    /// Computes the next blocks into the buffer: four, except one on the second refill (a
    /// deal's shuffle and a random player's choices in one deal each read five blocks).
    #[cold]
    #[inline(never)]
    fn refill(&mut self) {
        if self.refills == 1 {
            self.one_block();
        } else {
            self.four_blocks();
        }
        self.refills = self.refills.saturating_add(1);
        self.pos = 0;
    }

    /// Blocks `block..block + 4` (see [`four_blocks`]).
    fn four_blocks(&mut self) {
        four_blocks(&self.key, self.block, self.stream, &mut self.buf);
        self.block = self.block.wrapping_add(4);
        self.len = BUF as u8;
    }

    /// Block `block` alone (see [`one_block`]).
    fn one_block(&mut self) {
        let input = input(&self.key, self.block, self.stream);
        if let Some(out) = self.buf.first_chunk_mut() {
            one_block(&input, out);
        }
        self.block = self.block.wrapping_add(1);
        self.len = BLOCK as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::ChaCha8;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    fn reference(seed: [u8; 32], stream: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::from_seed(seed);
        rng.set_stream(stream);
        rng
    }

    fn seeds() -> impl Iterator<Item = [u8; 32]> {
        (0u64..60).map(|i| crate::Seed::from(i.wrapping_mul(0x9E37_79B9) ^ i).0)
    }

    const STREAMS: [u64; 7] = [0, 1, 2, 3, 1 << 32, 7 << 32, u64::MAX];

    #[test]
    fn words_equal_rand_chacha() {
        for seed in seeds() {
            for stream in STREAMS {
                let mut ours = ChaCha8::new(&seed, stream);
                let mut theirs = reference(seed, stream);
                for _ in 0..700 {
                    assert_eq!(ours.next_u32(), theirs.next_u32());
                }
            }
        }
    }

    #[test]
    fn mixed_reads_equal_rand_chacha() {
        for (n, seed) in seeds().enumerate() {
            for stream in STREAMS {
                let mut ours = ChaCha8::new(&seed, stream);
                let mut theirs = reference(seed, stream);
                // A pattern of reads that crosses every block and refill boundary at odd
                // and even word positions.
                for step in 0..400usize {
                    match (step * 7 + n) % 5 {
                        0 => assert_eq!(ours.next_u32(), theirs.next_u32()),
                        1 | 2 => assert_eq!(ours.next_u64(), theirs.next_u64()),
                        _ => {
                            let len = (step * 13 + n) % 23;
                            let mut a = [0u8; 23];
                            let mut b = [0u8; 23];
                            ours.fill_bytes(&mut a[..len]);
                            theirs.fill_bytes(&mut b[..len]);
                            assert_eq!(a, b);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn long_streams_equal_rand_chacha() {
        for seed in seeds().take(3) {
            let mut ours = ChaCha8::new(&seed, 5);
            let mut theirs = reference(seed, 5);
            for _ in 0..20_000 {
                assert_eq!(ours.next_u64(), theirs.next_u64());
            }
        }
    }

    #[test]
    fn clones_continue_alike() {
        let mut a = ChaCha8::new(&[3; 32], 1);
        for _ in 0..37 {
            a.next_u64();
        }
        let mut b = a.clone();
        for _ in 0..200 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }
}
