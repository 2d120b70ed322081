//! Steps a batch of tables with the middle legal step of each, for a profiler or a quick
//! figure: `cargo run --release -p cards-registry --example batch_steps -- jass schieber-deal
//! 1024 300 [THREADS]` (with threads, its parts run on a rayon pool, a few a thread).

use cards_registry::batch::{BatchConfig, Buffers};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("jass", String::as_str);
    let variant = args.get(1).map(String::as_str).filter(|v| *v != "-");
    let tables: usize = args.get(2).map_or(Ok(1024), |a| a.parse())?;
    let steps: usize = args.get(3).map_or(Ok(300), |a| a.parse())?;
    let threads: usize = args.get(4).map_or(Ok(1), |a| a.parse())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let part = tables.div_ceil(threads * 4).max(1);
    let line = cards_registry::find(game, variant)?;
    let config = BatchConfig {
        players: (*line.players().start()).max(2),
        tables,
        seed: 1,
        ..BatchConfig::default()
    };
    let mut batch = line.batch(config)?;
    let dims = batch.dims();
    let mut tensor = vec![0.0; tables * dims.tensor];
    let mut mask = vec![0i8; tables * dims.actions];
    let mut player = vec![0; tables];
    let mut rewards = vec![0.0; tables * dims.players];
    let (mut terminated, mut truncated, mut episode) =
        (vec![false; tables], vec![false; tables], vec![0; tables]);
    macro_rules! out {
        () => {
            Buffers {
                tensor: &mut tensor,
                mask: &mut mask,
                player: &mut player,
                rewards: &mut rewards,
                terminated: &mut terminated,
                truncated: &mut truncated,
                episode: &mut episode,
            }
        };
    }
    batch.reset(None, out!())?;
    let mut actions = vec![0i64; tables];
    let start = std::time::Instant::now();
    for _ in 0..steps {
        for (i, a) in actions.iter_mut().enumerate() {
            let row = &mask[i * dims.actions..(i + 1) * dims.actions];
            // The middle legal step: always the lowest would have Eléwénjewé trail card after
            // card onto a crowded table, no game played with sense.
            let legal = row.iter().filter(|&&m| m == 1).count();
            let id = row
                .iter()
                .enumerate()
                .filter(|&(_, &m)| m == 1)
                .nth(legal / 2);
            *a = id.map_or(0, |(i, _)| i as i64);
        }
        batch.check(&actions)?;
        let parts = batch.parts(part, out!())?;
        pool.install(|| {
            use rayon::prelude::*;
            parts.into_par_iter().try_for_each(|(mut p, out)| {
                let first = p.first();
                p.step(&actions[first..first + p.len()], out)
            })
        })?;
    }
    let seconds = start.elapsed().as_secs_f64();
    let decisions = (tables * steps) as f64;
    println!(
        "{}: {tables} tables, {steps} steps, {threads} thread(s): {:.2} million decisions/s, {:.0} ns each; episodes {}",
        line.label,
        decisions / seconds / 1e6,
        seconds / decisions * 1e9,
        episode.iter().sum::<u64>()
    );
    Ok(())
}
