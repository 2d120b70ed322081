//! `GameRng` as a rand generator, and this crate's sampling over any rand generator.

use cards_core::{Draw, GameRng, RandomPlayer, Rng, Seed};
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom as _;
use rand::{RngExt as _, SeedableRng as _};

#[test]
fn gamerng_through_rand_gives_the_same_words() {
    let mut direct = GameRng::new(Seed::from(3), 5);
    let mut through = direct.clone();
    for _ in 0..1000 {
        assert_eq!(direct.next_u64(), Rng::next_u64(&mut through));
    }
    // `below` and `shuffle` on a GameRng are the crate's own, whichever way they are called.
    let mut a = GameRng::new(Seed::from(4), 0);
    let mut b = a.clone();
    for bound in 1..200 {
        assert_eq!(a.below(bound), Draw::below(&mut b, bound));
    }
}

/// Pearson's chi-square statistic of `counts` against a uniform expectation.
fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

#[test]
fn rand_distributions_on_gamerng_are_uniform_enough() {
    // 5 degrees of freedom: the 0.1% critical value is 20.52. The draws are seeded, so this is
    // reproducible; a biased sampler would fail it by orders of magnitude.
    let mut rng = GameRng::new(Seed::from(11), 0);
    let mut counts = [0u64; 6];
    for _ in 0..60_000 {
        counts[rng.random_range(0..6usize)] += 1;
    }
    assert!(chi_square(&counts) < 20.52, "{counts:?}");
    // And our own bounded sampling over someone else's generator.
    let mut small = SmallRng::seed_from_u64(11);
    let mut counts = [0u64; 6];
    for _ in 0..60_000 {
        counts[small.below(6) as usize] += 1;
    }
    assert!(chi_square(&counts) < 20.52, "{counts:?}");
    // rand's slice helpers take a GameRng too.
    let faces = [1, 2, 3, 4, 5, 6];
    assert!(faces.choose(&mut rng).is_some());
}

#[test]
fn draw_shuffles_with_any_generator() {
    let mut small = SmallRng::seed_from_u64(2);
    let mut items: Vec<u32> = (0..52).collect();
    small.shuffle(&mut items);
    let mut sorted = items.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..52).collect::<Vec<_>>());
    assert_ne!(items, sorted);
    let _player: RandomPlayer<SmallRng> = RandomPlayer::from_rng(small);
}

#[test]
fn gamerng_is_seedable_the_rand_way() {
    use rand::SeedableRng as _;
    let seed = Seed::from(77);
    let mut a = GameRng::from_seed(seed.0);
    let mut b = GameRng::new(seed, cards_core::DEAL_STREAM);
    assert_eq!(a.next_u64(), b.next_u64());
    let mut c = GameRng::seed_from_u64(1);
    let mut d = GameRng::seed_from_u64(1);
    assert_eq!(c.next_u64(), d.next_u64());
}
