//! Seeds and the project's own seeded randomness: ChaCha8 words, unbiased bounded sampling and
//! Fisher–Yates, all defined here so no dependency release can change a deal.

use core::fmt;
use core::str::FromStr;

use core::convert::Infallible;

use rand_core::{Rng, TryRng};

mod chacha;
use chacha::ChaCha8;

/// A 32-byte seed. Every chance event of a game comes from the seed given at its start.
///
/// `From<u64>` expands the integer with SplitMix64 (four outputs, little-endian), a fixed,
/// documented mapping. Text and serde form: 64 lower-case hex digits.
///
/// ```
/// use cards_core::Seed;
/// let seed = Seed::from(42);
/// assert_eq!(seed.to_string().parse::<Seed>().unwrap(), seed);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Seed(pub [u8; 32]);

impl From<u64> for Seed {
    fn from(value: u64) -> Self {
        let mut state = value;
        let mut bytes = [0u8; 32];
        for chunk in bytes.chunks_exact_mut(8) {
            // SplitMix64 (Steele, Lea, Flood 2014).
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            chunk.copy_from_slice(&z.to_le_bytes());
        }
        Seed(bytes)
    }
}

impl From<[u8; 32]> for Seed {
    fn from(bytes: [u8; 32]) -> Self {
        Seed(bytes)
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({self})")
    }
}

/// A seed's text was not 64 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a seed is 64 hex digits, not {text:?}")]
pub struct ParseSeedError {
    /// The text given (cut to 80 characters).
    pub text: String,
}

impl FromStr for Seed {
    type Err = ParseSeedError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseSeedError {
            text: s.chars().take(80).collect(),
        };
        // Check the digits first: `from_str_radix` alone would accept a sign such as "+f".
        if s.len() != 64 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(err());
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).map_err(|_| err())?;
        }
        Ok(Seed(bytes))
    }
}

impl serde::Serialize for Seed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Reads 64 hex digits, or an integer `n` (0 ≤ n < 2^64) meaning `Seed::from(n)`: the form
/// every command line and oracle request uses.
impl<'de> serde::Deserialize<'de> for Seed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        SeedText::deserialize(d).map(SeedText::seed)
    }
}

/// A seed as written: 64 hex digits, or the integer `n` of `Seed::from(n)` (a record keeps
/// which, to write it back the same way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SeedText {
    /// 64 hex digits.
    Bytes(Seed),
    /// An integer.
    Integer(u64),
}

impl SeedText {
    /// The seed it names.
    pub(crate) fn seed(self) -> Seed {
        match self {
            SeedText::Bytes(seed) => seed,
            SeedText::Integer(n) => Seed::from(n),
        }
    }
}

impl serde::Serialize for SeedText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SeedText::Bytes(seed) => seed.serialize(s),
            SeedText::Integer(n) => s.serialize_u64(*n),
        }
    }
}

impl<'de> serde::Deserialize<'de> for SeedText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = SeedText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a seed: 64 hex digits, or an integer from 0 to 2^64 - 1")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<SeedText, E> {
                v.parse().map(SeedText::Bytes).map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<SeedText, E> {
                Ok(SeedText::Integer(v))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<SeedText, E> {
                u64::try_from(v)
                    .map(SeedText::Integer)
                    .map_err(|_| E::custom(format_args!("a seed is 0 to 2^64 - 1, not {v}")))
            }
        }
        d.deserialize_any(V)
    }
}

/// The stream of a game's first deal (deal 0): its shuffle and any other chance at the start.
/// The same as [`GameRng::for_deal`]`(seed, 0)`.
pub const DEAL_STREAM: u64 = 0;
/// The stream the built-in [`RandomPlayer`](crate::RandomPlayer) draws from, so a player seeded
/// from the same seed as the game does not reuse the deal's numbers.
pub const PLAYER_STREAM: u64 = 1;
/// The stream the test kit's probes and world sampling draw from, so checking a game never
/// changes the game played.
pub const PROBE_STREAM: u64 = 2;

/// The project's deterministic generator: ChaCha8 keyed by a [`Seed`], on a numbered stream.
///
/// Only `next_u64` of ChaCha8 is used; bounded sampling and shuffling are this crate's own code,
/// pinned by golden vectors in the tests. The ChaCha8 is this crate's own too (`rng/chacha.rs`),
/// word for word `rand_chacha`'s `ChaCha8Rng` (tested against it), because it computes only
/// the blocks that are read (see `docs/performance.md`).
#[derive(Clone)]
pub struct GameRng(ChaCha8);

impl fmt::Debug for GameRng {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("GameRng { .. }")
    }
}

impl GameRng {
    /// A generator for `seed` on `stream` (see [`DEAL_STREAM`], [`PLAYER_STREAM`]).
    #[must_use]
    #[inline]
    pub fn new(seed: Seed, stream: u64) -> GameRng {
        GameRng(ChaCha8::new(&seed.0, stream))
    }

    /// The generator of deal `k` of a game seeded with `seed`: ChaCha8 on stream `k << 32`.
    ///
    /// Deal 0 is [`DEAL_STREAM`]; every later deal has a stream of its own, and none of them
    /// is a role stream ([`PLAYER_STREAM`], [`PROBE_STREAM`] and any other below 2^32), so the
    /// cards of deal `k` depend on the seed and `k` only: never on how earlier deals were
    /// played, nor on who played them.
    ///
    /// ```
    /// use cards_core::{GameRng, Seed, DEAL_STREAM};
    /// let seed = Seed::from(9);
    /// let mut first = GameRng::for_deal(seed, 0);
    /// assert_eq!(first.next_u64(), GameRng::new(seed, DEAL_STREAM).next_u64());
    /// assert_ne!(GameRng::for_deal(seed, 1).next_u64(), GameRng::for_deal(seed, 0).next_u64());
    /// ```
    #[must_use]
    #[inline]
    pub fn for_deal(seed: Seed, k: u32) -> GameRng {
        GameRng::new(seed, u64::from(k) << 32)
    }

    /// A fresh seed drawn from this generator (for a sampled world's later deals).
    pub fn seed(&mut self) -> Seed {
        Draw::seed(self)
    }

    /// The next 64 random bits: the next two 32-bit words of the stream, the first as the low
    /// half.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..bound`, without modulo bias (Lemire's multiply-and-reject).
    ///
    /// # Panics
    /// When `bound` is 0, since no integer lies in `0..0`.
    #[inline]
    pub fn below(&mut self, bound: u64) -> u64 {
        Draw::below(self, bound)
    }

    /// A uniform index into a slice of length `len`, or `None` when `len` is 0.
    #[inline]
    pub fn index(&mut self, len: usize) -> Option<usize> {
        Draw::index(self, len)
    }

    /// Shuffles `items` in place: Fisher–Yates from the back, `j = below(i + 1)`.
    #[inline]
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        Draw::shuffle(self, items);
    }
}

/// `GameRng` is a rand generator: rand's distributions and extension methods work on it, and
/// through them it gives exactly the words [`GameRng::next_u64`] gives. Deals still use
/// [`GameRng::below`] and [`GameRng::shuffle`], this crate's own algorithms, because rand's
/// sampling and shuffling are not promised to stay value-stable across its releases.
impl TryRng for GameRng {
    type Error = Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.0.next_u32())
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.0.next_u64())
    }

    #[inline]
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.0.fill_bytes(dst);
        Ok(())
    }
}

/// `GameRng::from_seed(bytes)` is [`GameRng::new`]`(Seed(bytes), DEAL_STREAM)`, so rand's seeding
/// helpers (`seed_from_u64`, `from_rng`) make `GameRng`s too. `seed_from_u64` uses rand's own
/// expansion of the integer, not [`Seed::from`]`(u64)`: for the project's seeds use
/// `GameRng::new(Seed::from(n), stream)`.
impl rand_core::SeedableRng for GameRng {
    type Seed = [u8; 32];

    fn from_seed(seed: [u8; 32]) -> GameRng {
        GameRng::new(Seed(seed), DEAL_STREAM)
    }
}

/// This project's bounded sampling and shuffle, for any rand generator: what world sampling
/// and players use, so a caller may hand in its own generator (a server's `StdRng`, a bot's
/// `SmallRng`, a test's fixed stream). On a [`GameRng`] they are exactly the generator's own
/// [`GameRng::below`] and [`GameRng::shuffle`], the ones every deal uses.
pub trait Draw: Rng {
    /// A uniform integer in `0..bound`, without modulo bias (Lemire's multiply-and-reject on
    /// 64-bit words).
    ///
    /// # Panics
    /// When `bound` is 0, since no integer lies in `0..0`.
    #[inline]
    fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below(0): the range is empty");
        let m = u128::from(self.next_u64()) * u128::from(bound);
        if (m as u64) < bound {
            return below_rejecting(self, bound, m);
        }
        (m >> 64) as u64
    }

    /// A uniform index into a slice of length `len`, or `None` when `len` is 0.
    #[inline]
    fn index(&mut self, len: usize) -> Option<usize> {
        (len > 0).then(|| self.below(len as u64) as usize)
    }

    /// A fresh seed: four 64-bit words, little-endian (for a sampled world's later deals).
    fn seed(&mut self) -> Seed {
        let mut bytes = [0u8; 32];
        for chunk in bytes.chunks_exact_mut(8) {
            chunk.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        Seed(bytes)
    }

    /// Shuffles `items` in place: Fisher–Yates from the back, `j = below(i + 1)`.
    #[inline]
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

impl<R: Rng + ?Sized> Draw for R {}

/// The rest of [`Draw::below`] when the first product's low part is below `bound` (rare: with
/// probability `bound / 2^64`): rejects the low parts that would over-represent some results.
/// Out of line, so the usual path keeps no division and few registers.
#[cold]
#[inline(never)]
fn below_rejecting<R: Rng + ?Sized>(rng: &mut R, bound: u64, first: u128) -> u64 {
    let threshold = bound.wrapping_neg() % bound;
    let mut m = first;
    while (m as u64) < threshold {
        m = u128::from(rng.next_u64()) * u128::from(bound);
    }
    (m >> 64) as u64
}

/// The whole deck of `C` shuffled by `seed` on [`DEAL_STREAM`] (deal 0): the deal every game
/// starts from. Later deals shuffle with [`GameRng::for_deal`].
///
/// ```
/// use cards_core::{shuffled_deck, DidoCard, Seed};
/// let deck = shuffled_deck::<DidoCard>(Seed::from(7));
/// assert_eq!(deck.len(), 36);
/// assert_eq!(deck, shuffled_deck::<DidoCard>(Seed::from(7)));
/// ```
#[must_use]
pub fn shuffled_deck<C: crate::Card>(seed: Seed) -> Vec<C> {
    let mut deck = C::all().to_vec();
    GameRng::new(seed, DEAL_STREAM).shuffle(&mut deck);
    deck
}
