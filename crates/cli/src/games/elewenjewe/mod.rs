//! Eléwénjewé in the CLI: its own op `elewenjewe.captures` ([`ops`]). Its summary is the
//! crate's own ([`elewenjewe::summary`]).

pub mod ops;

#[cfg(test)]
mod tests {
    use crate::oracle::playout::{Returns, TraceEntry, playout, trace};
    use elewenjewe::Elewenjewe;

    /// The trace: decisions plus the game's own deal and score events; the score events add up
    /// to the final totals.
    #[test]
    fn traces_games() {
        for players in 2..=5 {
            for seed in 0..3 {
                let t = trace::<Elewenjewe>(players, seed).unwrap();
                let (state, actions) = playout::<Elewenjewe>(players, seed).unwrap();
                let decisions = t
                    .events
                    .iter()
                    .filter(|e| matches!(e, TraceEntry::Decision { .. }))
                    .count();
                assert_eq!(decisions, actions);
                let mut sums = vec![0i64; players];
                for e in &t.events {
                    if let TraceEntry::Score { score } = e {
                        for (s, v) in sums.iter_mut().zip(score) {
                            *s += v;
                        }
                    }
                }
                assert_eq!(sums, state.totals().to_vec());
                assert_eq!(t.returns, Returns::of(&state));
            }
        }
    }
}
