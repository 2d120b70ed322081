//! The statistics of a tournament: means with confidence intervals, Wilson intervals for win
//! rates, and Bradley–Terry ratings.

/// A mean with its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Lower end of the 95 % interval.
    pub lo: f64,
    /// Upper end of the 95 % interval.
    pub hi: f64,
}

impl Estimate {
    /// Whether the interval lies wholly above or below `value`.
    #[must_use]
    pub fn excludes(&self, value: f64) -> bool {
        self.lo > value || self.hi < value
    }
}

/// Student's t quantile at 0.975 for `df` degrees of freedom (to within 1 % from 3 up).
fn t975(df: usize) -> f64 {
    match df {
        0 => f64::INFINITY,
        1 => 12.706,
        2 => 4.303,
        d => {
            let d = d as f64;
            1.959_964 + 2.372 / d + 2.82 / (d * d)
        }
    }
}

/// The mean of `xs` with a t interval (the values are independent: one per deal).
#[must_use]
pub fn mean_ci(xs: &[f64]) -> Estimate {
    let n = xs.len();
    if n == 0 {
        return Estimate {
            mean: 0.0,
            lo: f64::NEG_INFINITY,
            hi: f64::INFINITY,
        };
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    let var = if n > 1 {
        xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
    } else {
        f64::INFINITY
    };
    let half = t975(n - 1) * (var / n as f64).sqrt();
    Estimate {
        mean,
        lo: mean - half,
        hi: mean + half,
    }
}

/// The Wilson score interval (95 %) of `wins` successes in `n` trials.
#[must_use]
pub fn wilson(wins: f64, n: f64) -> Estimate {
    if n <= 0.0 {
        return Estimate {
            mean: 0.5,
            lo: 0.0,
            hi: 1.0,
        };
    }
    const Z: f64 = 1.959_964;
    let p = wins / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    Estimate {
        mean: p,
        lo: (centre - half).max(0.0),
        hi: (centre + half).min(1.0),
    }
}

/// Bradley–Terry ratings on the Elo scale (400 × log10 of strength, mean 0) with 95 %
/// intervals, from `score[i][j]`: what bot `i` scored against bot `j` (a win 1, a draw ½), and
/// `games[i][j]` (= `games[j][i]`): how many games they played.
///
/// Every pair that played is given one extra draw (a weak prior), so a bot that won every game
/// gets a large finite rating rather than an infinite one. Fitted by Hunter's MM iterations;
/// the intervals come from the observed information (the inverse Hessian of the
/// log-likelihood, with the ratings' mean held at 0).
#[must_use]
pub fn bradley_terry(score: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<Estimate> {
    let k = score.len();
    let n = |i: usize, j: usize| {
        if i != j && games[i][j] > 0.0 {
            games[i][j] + 1.0
        } else {
            0.0
        }
    };
    let w: Vec<f64> = (0..k)
        .map(|i| {
            (0..k)
                .filter(|&j| n(i, j) > 0.0)
                .map(|j| score[i][j] + 0.5)
                .sum()
        })
        .collect();
    let mut p = vec![1.0f64; k];
    for _ in 0..2000 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let denom: f64 = (0..k)
                .filter(|&j| n(i, j) > 0.0)
                .map(|j| n(i, j) / (p[i] + p[j]))
                .sum();
            next[i] = if denom > 0.0 { w[i] / denom } else { p[i] };
        }
        let g = next.iter().map(|x| x.ln()).sum::<f64>() / k as f64;
        let next: Vec<f64> = next.iter().map(|x| (x.ln() - g).exp()).collect();
        let delta = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if delta < 1e-12 {
            break;
        }
    }
    let theta: Vec<f64> = p.iter().map(|x| x.ln()).collect();
    // Observed information of θ (natural log strengths), plus the constraint Σθ = 0 as a rank-one
    // term, inverted by Gauss–Jordan.
    let mut h = vec![vec![0.0f64; k]; k];
    for i in 0..k {
        for j in 0..k {
            if n(i, j) > 0.0 {
                let pij = p[i] / (p[i] + p[j]);
                let v = n(i, j) * pij * (1.0 - pij);
                h[i][j] -= v;
                h[i][i] += v;
            }
        }
    }
    for row in &mut h {
        for x in row.iter_mut() {
            *x += 1.0;
        }
    }
    let cov = invert(h);
    let scale = 400.0 / std::f64::consts::LN_10;
    (0..k)
        .map(|i| {
            let var = cov
                .as_ref()
                .map_or(f64::INFINITY, |c| (c[i][i] - 1.0 / (k * k) as f64).max(0.0));
            let half = 1.959_964 * var.sqrt() * scale;
            let r = theta[i] * scale;
            Estimate {
                mean: r,
                lo: r - half,
                hi: r + half,
            }
        })
        .collect()
}

fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let k = a.len();
    let mut inv: Vec<Vec<f64>> = (0..k)
        .map(|i| (0..k).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..k {
        let pivot = (col..k).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..k {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for r in 0..k {
            if r != col {
                let f = a[r][col];
                for j in 0..k {
                    a[r][j] -= f * a[col][j];
                    inv[r][j] -= f * inv[col][j];
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_interval_covers_the_mean_and_narrows_with_n() {
        let xs: Vec<f64> = (0..100).map(|i| f64::from(i % 10)).collect();
        let e = mean_ci(&xs);
        assert!((e.mean - 4.5).abs() < 1e-12);
        // sd of 0..9 repeated is 2.887; half-width ≈ 1.984 × 2.887 / 10 = 0.573.
        assert!(((e.hi - e.lo) / 2.0 - 0.573).abs() < 0.005, "{e:?}");
        let wide = mean_ci(&xs[..10]);
        assert!(wide.hi - wide.lo > e.hi - e.lo);
    }

    #[test]
    fn wilson_matches_a_known_value() {
        // 60 of 100: the Wilson interval is 0.502 to 0.691.
        let e = wilson(60.0, 100.0);
        assert!(
            (e.lo - 0.502).abs() < 0.001 && (e.hi - 0.691).abs() < 0.001,
            "{e:?}"
        );
        let e = wilson(0.0, 10.0);
        assert!(e.lo == 0.0 && e.hi > 0.2);
    }

    #[test]
    fn bradley_terry_of_two_bots_is_the_log_odds() {
        // 75 of 100 with the prior's draw: p = 75.5 / 101, rating gap 400 log10(p / (1 − p)).
        let score = vec![vec![0.0, 75.0], vec![25.0, 0.0]];
        let games = vec![vec![0.0, 100.0], vec![100.0, 0.0]];
        let r = bradley_terry(&score, &games);
        let p: f64 = 75.5 / 101.0;
        let gap = 400.0 * (p / (1.0 - p)).log10();
        assert!((r[0].mean - r[1].mean - gap).abs() < 0.01, "{r:?} vs {gap}");
        assert!((r[0].mean + r[1].mean).abs() < 1e-9);
        assert!(r[0].lo < r[0].mean && r[0].hi > r[0].mean);
        // A stronger record gives a larger gap; equal records none.
        let even = bradley_terry(&[vec![0.0, 50.0], vec![50.0, 0.0]], &games);
        assert!(even[0].mean.abs() < 1e-9);
    }
}
