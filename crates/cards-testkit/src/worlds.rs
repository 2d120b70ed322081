//! Statistics for holding [`Game::sample_world`] to "worlds that leak nothing".
//!
//! A sampled world must show its seat exactly the seat's view (the conformance check holds
//! every game to that), respect what the view implies (a game's own test checks voids, shown
//! cards and the like), and **not favour the true deal**: [`placements`] samples many worlds
//! from one view and counts where each card the seat cannot see lands, so a test can compare
//! how often a hidden card is found where it truly lies against how often it is found where a
//! *decoy* (another world sampled from the same view) puts it, and run a χ² test
//! ([`chi_square_uniform`]) over cards of equal standing.
//!
//! Why a decoy: the true deal and a sampled world show the seat the same view, so a sampler
//! that knows only the view cannot tell them apart; one that leaks the truth (a view that
//! carries a seed, a sampler that starts from the real hands) finds the truth more often than
//! the decoy. Under constraints (voids, a card a seat must hold) chance is not uniform, and the
//! decoy measures it without a model of the constraints.

use std::collections::HashMap;
use std::hash::Hash;

use cards_core::{Card, CardSet, Game, PlayerId, Rng};

/// Where sampled worlds put the cards one seat cannot see; see the module docs.
#[derive(Clone, Debug)]
pub struct Placements<C: Card, Z> {
    /// Each hidden card with its true zone and its zone in the decoy world.
    pub hidden: Vec<(C, Z, Z)>,
    /// How many worlds were counted (the decoy not among them).
    pub samples: u64,
    /// How many times a card was found in its true zone, over all hidden cards and worlds.
    pub truth_hits: u64,
    /// How many times a card was found in its decoy zone.
    pub decoy_hits: u64,
    /// How many times each (card, zone) occurred.
    pub counts: HashMap<(C, Z), u64>,
}

impl<C: Card, Z: Clone + Eq + Hash> Placements<C, Z> {
    /// The share of (hidden card, world) pairs with the card in its true zone.
    #[must_use]
    pub fn truth_rate(&self) -> f64 {
        self.truth_hits as f64 / (self.hidden.len() as f64 * self.samples as f64).max(1.0)
    }

    /// The share of (hidden card, world) pairs with the card in its decoy zone.
    #[must_use]
    pub fn decoy_rate(&self) -> f64 {
        self.decoy_hits as f64 / (self.hidden.len() as f64 * self.samples as f64).max(1.0)
    }

    /// How often each of `cards` was found in `zone`, in `cards`' order.
    #[must_use]
    pub fn counts_in(&self, zone: &Z, cards: CardSet<C>) -> Vec<u64> {
        cards
            .iter()
            .map(|c| self.counts.get(&(c, zone.clone())).copied().unwrap_or(0))
            .collect()
    }

    /// Adds another tally (another state's) to this one.
    pub fn merge(&mut self, other: Placements<C, Z>) {
        self.hidden.extend(other.hidden);
        self.truth_hits += other.truth_hits;
        self.decoy_hits += other.decoy_hits;
        self.samples = self.samples.max(other.samples);
        for (k, v) in other.counts {
            *self.counts.entry(k).or_insert(0) += v;
        }
    }
}

/// Samples `samples + 1` worlds from `state.view(seat)` and counts where each hidden card lands.
///
/// `locate(world, card)` is the zone a card lies in (a seat's hand, the stock, a pile), or `None`
/// when `seat` can see where it is (its own hand, the table, a shown card): those cards are not
/// counted. The first world is the decoy. Every world is also held to showing `seat` exactly
/// its view and to holding the deck once.
///
/// # Errors
/// What went wrong, when a world cannot be sampled or shows the seat another view, or `locate`
/// calls a card visible in one world and hidden in another.
pub fn placements<G: Game, Z: Clone + Eq + Hash, R: Rng>(
    state: &G,
    seat: PlayerId,
    samples: usize,
    rng: &mut R,
    locate: impl Fn(&G, G::Card) -> Option<Z>,
) -> Result<Placements<G::Card, Z>, String> {
    placements_with(
        state,
        seat,
        samples,
        rng,
        |view, rng| G::sample_world(view, rng),
        locate,
    )
}

/// [`placements`] with another sampler in place of [`Game::sample_world`] (a test's leaky
/// sampler shows that the statistics catch a leak).
///
/// # Errors
/// As [`placements`].
pub fn placements_with<G: Game, Z: Clone + Eq + Hash, R: Rng>(
    state: &G,
    seat: PlayerId,
    samples: usize,
    rng: &mut R,
    mut sampler: impl FnMut(&G::View, &mut R) -> Result<G, G::SetupError>,
    locate: impl Fn(&G, G::Card) -> Option<Z>,
) -> Result<Placements<G::Card, Z>, String> {
    let view = state.view(seat);
    let deck = G::deck(state.rules());
    let mut sample = |rng: &mut R| -> Result<G, String> {
        let world = sampler(&view, rng).map_err(|e| format!("sample_world failed: {e}"))?;
        if world.view(seat) != view {
            return Err(format!("a world shows seat {seat} another view"));
        }
        if !world.census().is_exactly(deck) {
            return Err("a world does not hold the deck once".into());
        }
        Ok(world)
    };
    let decoy = sample(rng)?;
    let mut hidden = Vec::new();
    for card in deck.iter() {
        match (locate(state, card), locate(&decoy, card)) {
            (Some(t), Some(d)) => hidden.push((card, t, d)),
            (None, None) => {}
            _ => {
                return Err(format!(
                    "{card} is hidden in one world and visible in another"
                ));
            }
        }
    }
    let mut out = Placements {
        hidden,
        samples: samples as u64,
        truth_hits: 0,
        decoy_hits: 0,
        counts: HashMap::new(),
    };
    for _ in 0..samples {
        let world = sample(rng)?;
        for (card, truth, decoy) in &out.hidden {
            let Some(zone) = locate(&world, *card) else {
                return Err(format!(
                    "{card} is hidden in one world and visible in another"
                ));
            };
            out.truth_hits += u64::from(zone == *truth);
            out.decoy_hits += u64::from(zone == *decoy);
            *out.counts.entry((*card, zone)).or_insert(0) += 1;
        }
    }
    Ok(out)
}

/// Pearson's χ² statistic of `counts` against equal expected counts.
#[must_use]
pub fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    if counts.is_empty() || total == 0 {
        return 0.0;
    }
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

/// The χ² value that `df` degrees of freedom exceed with probability 0.001 (the
/// Wilson–Hilferty approximation, within 1% from 3 degrees of freedom up).
#[must_use]
pub fn chi_square_critical(df: usize) -> f64 {
    const Z: f64 = 3.090_232; // the normal quantile at 0.999
    let k = df.max(1) as f64;
    let a = 2.0 / (9.0 * k);
    k * (1.0 - a + Z * a.sqrt()).powi(3)
}

/// Whether `counts` could come from a uniform spread: a χ² test at the 0.1% level.
///
/// # Errors
/// The statistic and the critical value when uniformity is rejected.
pub fn chi_square_uniform(counts: &[u64]) -> Result<(), String> {
    let df = counts.len().saturating_sub(1);
    if df == 0 {
        return Ok(());
    }
    let stat = chi_square(counts);
    let critical = chi_square_critical(df);
    if stat > critical {
        return Err(format!(
            "χ² = {stat:.1} over {df} degrees of freedom exceeds {critical:.1} (p < 0.001): {counts:?}"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn critical_values_match_the_tables() {
        // χ²(0.999) from the tables: df 10 → 29.59, df 30 → 59.70, df 100 → 149.45.
        for (df, table) in [(10, 29.59), (30, 59.70), (100, 149.45)] {
            let v = chi_square_critical(df);
            assert!((v - table).abs() / table < 0.01, "df {df}: {v} vs {table}");
        }
    }

    #[test]
    fn uniform_passes_and_skewed_fails() {
        assert!(chi_square_uniform(&[100, 98, 103, 99, 100]).is_ok());
        assert!(chi_square_uniform(&[150, 80, 100, 90, 80]).is_err());
        assert!(chi_square(&[5, 5, 5]).abs() < 1e-12);
    }
}
