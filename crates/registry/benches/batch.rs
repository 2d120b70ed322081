//! What a batch saves a learner's data collection: `batch/<record name>`, one group per game
//! type the issue names (a Schieber deal, a Letom deal, Eléwénjewé), each iteration one
//! decision at each of 256 tables, with the seat's observation tensor and the legal mask
//! written for every decision:
//!
//! | variant | how |
//! |---|---|
//! | `tables` | the simple reference: 256 `Box<dyn Table>`s, each decision `Table::step_mask` (copied into a row of bytes, as a learner reads it), `Table::observation`, `Table::take_step` (a table dealt afresh when its game ends) |
//! | `batch` | one [`Batch`] of 256 tables: `Batch::step` into flat buffers |
//!
//! Both take the middle one of the legal step ids at every decision, so they play the same
//! games. (Always the lowest would have Eléwénjewé trail card after card: a crowded table
//! whose captures take far longer to list than any game played with sense.)
//!
//! `cargo bench -p cards-registry --bench batch -- --warm-up-time 1 --measurement-time 3`
//! (the figures: `docs/performance.md`).

use std::hint::black_box;

use cards_core::ActionMask;
use cards_registry::batch::{Batch, BatchConfig, Buffers, deal_seed};
use cards_registry::{Table, find};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use serde_json::json;

const TABLES: usize = 256;

/// The middle one of the legal step ids of a mask row.
fn choose(row: &[i8]) -> usize {
    let legal = row.iter().filter(|&&m| m == 1).count();
    let id = row
        .iter()
        .enumerate()
        .filter(|&(_, &m)| m == 1)
        .nth(legal / 2);
    id.map_or(0, |(i, _)| i)
}

const LINES: [(&str, Option<&str>); 3] = [
    ("jass", Some("schieber-deal")),
    ("letom", Some("deal")),
    ("elewenjewe", None),
];

/// Flat buffers for a batch.
struct Rows {
    tensor: Vec<f32>,
    mask: Vec<i8>,
    player: Vec<i32>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    episode: Vec<u64>,
}

impl Rows {
    fn new(batch: &dyn Batch) -> Self {
        let d = batch.dims();
        Rows {
            tensor: vec![0.0; TABLES * d.tensor],
            mask: vec![0; TABLES * d.actions],
            player: vec![0; TABLES],
            rewards: vec![0.0; TABLES * d.players],
            terminated: vec![false; TABLES],
            truncated: vec![false; TABLES],
            episode: vec![0; TABLES],
        }
    }

    fn out(&mut self) -> Buffers<'_> {
        Buffers {
            tensor: &mut self.tensor,
            mask: &mut self.mask,
            player: &mut self.player,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            episode: &mut self.episode,
        }
    }
}

fn bench(c: &mut Criterion) {
    for (game, variant) in LINES {
        let line = find(game, variant).expect("a catalogue line");
        let players = *line.players().start();
        let config = BatchConfig {
            players,
            tables: TABLES,
            seed: 1,
            ..BatchConfig::default()
        };
        let mut group = c.benchmark_group(format!("batch/{}", line.record()));
        group.throughput(Throughput::Elements(TABLES as u64));

        let mut tables: Vec<(Box<dyn Table>, u64)> = (0..TABLES as u64)
            .map(|t| {
                let table = line.new_table(&json!({}), players, deal_seed(1, t, 0));
                (table.expect("a table"), 0)
            })
            .collect();
        let (tensor_len, _) = line.tensor_shapes();
        let mut tensor = vec![0.0f32; tensor_len.len()];
        let mut mask = ActionMask::default();
        let mut row = vec![0i8; line.step_space()];
        group.bench_function(BenchmarkId::new("tables", TABLES), |b| {
            b.iter(|| {
                for (t, (table, episode)) in tables.iter_mut().enumerate() {
                    let Some(seat) = table.to_act() else {
                        *episode += 1;
                        let seed = deal_seed(1, t as u64, *episode);
                        *table = line.new_table(&json!({}), players, seed).expect("a table");
                        continue;
                    };
                    table.step_mask(&mut mask);
                    row.fill(0);
                    for id in mask.iter() {
                        row[id] = 1;
                    }
                    table.observation(seat, &mut tensor).expect("a tensor");
                    table.take_step(choose(&row)).expect("a legal step");
                }
                black_box(&tensor);
            });
        });

        let mut batch = line.batch(config).expect("a batch");
        let mut rows = Rows::new(batch.as_ref());
        batch.reset(None, rows.out()).expect("a reset");
        let actions_len = batch.dims().actions;
        let mut actions = vec![0i64; TABLES];
        group.bench_function(BenchmarkId::new("batch", TABLES), |b| {
            b.iter(|| {
                for (a, row) in actions.iter_mut().zip(rows.mask.chunks(actions_len)) {
                    *a = choose(row) as i64;
                }
                batch.step(&actions, rows.out()).expect("legal steps");
                black_box(&rows.tensor);
            });
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
