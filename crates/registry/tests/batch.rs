//! Batches against single tables: every table of a batch plays the game a [`Table`] dealt from
//! its deal seed plays, with the same tensors and masks, whatever the split and the thread a
//! part runs on; refusals change nothing.

use cards_core::ActionMask;
use cards_registry::batch::{Batch, BatchConfig, Buffers, OVER, Tensor, deal_seed};
use cards_registry::{GameType, Table, catalogue};
use serde_json::json;

/// Buffers a test owns.
#[derive(Clone, Debug, PartialEq)]
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
        let dims = batch.dims();
        let n = batch.config().tables;
        Rows {
            tensor: vec![0.0; n * dims.tensor],
            mask: vec![0; n * dims.actions],
            player: vec![0; n],
            rewards: vec![0.0; n * dims.players],
            terminated: vec![false; n],
            truncated: vec![false; n],
            episode: vec![0; n],
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

    /// Table `i`'s rows beside the other buffers' rows for it.
    fn row(&self, batch: &dyn Batch, i: usize) -> Rows {
        let d = batch.dims();
        Rows {
            tensor: self.tensor[i * d.tensor..(i + 1) * d.tensor].to_vec(),
            mask: self.mask[i * d.actions..(i + 1) * d.actions].to_vec(),
            player: vec![self.player[i]],
            rewards: self.rewards[i * d.players..(i + 1) * d.players].to_vec(),
            terminated: vec![self.terminated[i]],
            truncated: vec![self.truncated[i]],
            episode: vec![self.episode[i]],
        }
    }
}

/// A cheap deterministic choice among the legal steps of a mask row.
fn pick(mask: &[i8], salt: u64) -> i64 {
    let legal: Vec<usize> = (0..mask.len()).filter(|&i| mask[i] == 1).collect();
    let k = (salt.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize % legal.len().max(1);
    legal.get(k).map_or(0, |&i| i as i64)
}

fn config(line: &GameType, tables: usize, tensor: Tensor) -> BatchConfig {
    BatchConfig {
        players: *line.players().start(),
        tables,
        seed: 11,
        tensor,
        ..BatchConfig::default()
    }
}

/// Steps `batch` `steps` times with `pick`, returning every step's rows.
fn run(batch: &mut dyn Batch, steps: usize, part: usize) -> Vec<Rows> {
    let mut rows = Rows::new(batch);
    batch.reset(None, rows.out()).unwrap();
    let mut seen = vec![rows.clone()];
    let tables = batch.config().tables;
    let first = batch.config().first_table;
    for s in 0..steps {
        let d = batch.dims().actions;
        let actions: Vec<i64> = (0..tables)
            .map(|i| {
                pick(
                    &rows.mask[i * d..(i + 1) * d],
                    s as u64 ^ (first + i as u64) << 20,
                )
            })
            .collect();
        batch.check(&actions).unwrap();
        for (mut p, out) in batch.parts(part, rows.out()).unwrap() {
            let f = p.first();
            p.step(&actions[f..f + p.len()], out).unwrap();
        }
        seen.push(rows.clone());
    }
    seen
}

#[test]
fn every_table_plays_the_game_its_deal_seed_deals() {
    for line in catalogue() {
        for tensor in [Tensor::Observation, Tensor::InformationState] {
            let tables = 3;
            let mut batch = line.batch(config(line, tables, tensor)).unwrap();
            let dims = batch.dims();
            let mut rows = Rows::new(batch.as_ref());
            batch.reset(None, rows.out()).unwrap();
            let players = batch.config().players;
            let new = |i: usize, e: u64| {
                line.new_table(&json!({}), players, deal_seed(11, i as u64, e))
                    .unwrap()
            };
            let mut mirrors: Vec<Box<dyn Table>> = (0..tables).map(|i| new(i, 0)).collect();
            let mut episodes = vec![0u64; tables];
            let mut buffer = vec![0.0f32; dims.tensor];
            let mut mask = ActionMask::default();
            let mut last = vec![0usize; tables];
            // Long enough for a second episode at the short games' tables.
            for s in 0..150u64 {
                for (i, mirror) in mirrors.iter_mut().enumerate() {
                    let row = rows.row(batch.as_ref(), i);
                    assert_eq!(row.episode[0], episodes[i], "{line:?}");
                    let seat = match mirror.to_act() {
                        Some(seat) => {
                            assert_eq!(row.player[0], seat as i32, "{line:?} table {i}");
                            mirror.step_mask(&mut mask);
                            let expected: Vec<i8> = (0..dims.actions)
                                .map(|a| i8::from(mask.contains(a)))
                                .collect();
                            assert_eq!(row.mask, expected, "{line:?} table {i}");
                            assert!(!row.terminated[0]);
                            seat
                        }
                        None => {
                            assert_eq!(row.player[0], OVER);
                            assert!(row.terminated[0]);
                            assert!(row.mask.iter().all(|&m| m == 0));
                            last[i]
                        }
                    };
                    match tensor {
                        Tensor::Observation => mirror.observation(seat, &mut buffer).unwrap(),
                        Tensor::InformationState => {
                            mirror.information_state(seat, &mut buffer).unwrap();
                        }
                    }
                    assert_eq!(row.tensor, buffer, "{line:?} {tensor:?} table {i} step {s}");
                    assert!(!row.truncated[0]);
                }
                let actions: Vec<i64> = (0..tables)
                    .map(|i| pick(&rows.row(batch.as_ref(), i).mask, s * 7 + i as u64))
                    .collect();
                batch.step(&actions, rows.out()).unwrap();
                for (i, mirror) in mirrors.iter_mut().enumerate() {
                    if let Some(seat) = mirror.to_act() {
                        last[i] = seat;
                        mirror.take_step(actions[i] as usize).unwrap();
                        let row = rows.row(batch.as_ref(), i);
                        if mirror.to_act().is_none() {
                            let paid: Vec<f32> =
                                mirror.returns().iter().map(|&r| r as f32).collect();
                            assert_eq!(row.rewards, paid, "{line:?}: the end pays the returns");
                        } else {
                            assert!(row.rewards.iter().all(|&r| r == 0.0));
                        }
                    } else {
                        // Next-step autoreset: this step dealt the table's next episode.
                        // (A deal that ends before anyone decides is skipped.)
                        assert!(rows.episode[i] > episodes[i]);
                        episodes[i] = rows.episode[i];
                        *mirror = new(i, episodes[i]);
                        last[i] = 0;
                        assert!(
                            rows.row(batch.as_ref(), i)
                                .rewards
                                .iter()
                                .all(|&r| r == 0.0)
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_batch_plays_the_same_games_however_it_is_split() {
    for line in catalogue() {
        let whole = run(
            line.batch(config(line, 6, Tensor::Observation))
                .unwrap()
                .as_mut(),
            40,
            6,
        );
        let parts = run(
            line.batch(config(line, 6, Tensor::Observation))
                .unwrap()
                .as_mut(),
            40,
            4,
        );
        assert_eq!(whole, parts, "{line:?}");
        // Tables 4 and 5 of the six, as a batch of their own.
        let mut tail = config(line, 2, Tensor::Observation);
        tail.first_table = 4;
        let tail = run(line.batch(tail).unwrap().as_mut(), 40, 1);
        let mut probe = line.batch(config(line, 6, Tensor::Observation)).unwrap();
        for (w, t) in whole.iter().zip(&tail) {
            for k in 0..2 {
                assert_eq!(
                    w.row(probe.as_mut(), 4 + k),
                    t.row(probe.as_mut(), k),
                    "{line:?}"
                );
            }
        }
    }
}

#[test]
fn a_refused_step_changes_nothing() {
    let line = cards_registry::find("jass", Some("schieber-deal")).unwrap();
    let mut batch = line.batch(config(line, 2, Tensor::Observation)).unwrap();
    let mut rows = Rows::new(batch.as_ref());
    let actions = [0i64, 0];
    assert!(
        batch
            .step(&actions, rows.out())
            .unwrap_err()
            .to_string()
            .contains("reset")
    );
    batch.reset(None, rows.out()).unwrap();
    let before = rows.clone();
    let d = batch.dims().actions;
    let legal = pick(&rows.mask[..d], 1);
    let illegal = (0..d as i64)
        .find(|&a| rows.mask[d + a as usize] == 0)
        .unwrap();
    for bad in [[legal, illegal], [legal, -1], [legal, 10_000]] {
        let e = batch.step(&bad, rows.out()).unwrap_err().to_string();
        assert!(e.contains("table 1"), "{e}");
        assert_eq!(rows, before);
    }
    assert!(batch.step(&[legal], rows.out()).is_err());
    let mut twin = line.batch(config(line, 2, Tensor::Observation)).unwrap();
    let mut twin_rows = Rows::new(twin.as_ref());
    twin.reset(None, twin_rows.out()).unwrap();
    let good = [legal, pick(&rows.mask[d..], 2)];
    batch.step(&good, rows.out()).unwrap();
    twin.step(&good, twin_rows.out()).unwrap();
    assert_eq!(rows, twin_rows);
    let next = [pick(&rows.mask[..d], 3), pick(&rows.mask[d..], 4)];
    let mut short = Rows::new(batch.as_ref());
    short.tensor.pop();
    let e = batch.step(&next, short.out()).unwrap_err().to_string();
    assert!(e.contains("tensor"), "{e}");
    // Refused before any table moved: the same step into whole buffers matches the twin's.
    batch.step(&next, rows.out()).unwrap();
    twin.step(&next, twin_rows.out()).unwrap();
    assert_eq!(rows, twin_rows);
}

#[test]
fn bots_play_the_seats_no_learner_holds() {
    for line in catalogue() {
        let mut c = config(line, 4, Tensor::Observation);
        c.learners = vec![0];
        c.opponents = vec!["rules".to_owned()];
        let seen = run(line.batch(c).unwrap().as_mut(), 60, 3);
        let mut ended = 0;
        for rows in &seen {
            assert!(rows.player.iter().all(|&p| p == 0 || p == OVER), "{line:?}");
            for i in 0..4 {
                let players = rows.rewards.len() / 4;
                let paid = &rows.rewards[i * players..(i + 1) * players];
                if paid.iter().any(|&r| r != 0.0) {
                    ended += 1;
                    assert!(rows.terminated[i]);
                    assert!(paid.iter().sum::<f32>().abs() < 1e-3, "{line:?}: {paid:?}");
                }
            }
        }
        // 60 of seat 0's decisions end a deal at each table (a whole Schieber game, a
        // Coiffeur or a Letom match takes longer).
        let long = ["schieber", "coiffeur", "differenzler", "letom-match"];
        assert!(ended > 0 || long.contains(&line.record()), "{line:?}");
    }
}

#[test]
fn duplicate_pairs_share_their_deals_with_the_learners_turned() {
    let line = cards_registry::find("jass", Some("schieber-deal")).unwrap();
    let mut c = config(line, 4, Tensor::Observation);
    c.learners = vec![0];
    c.duplicate = true;
    let mut batch = line.batch(c.clone()).unwrap();
    let mut rows = Rows::new(batch.as_ref());
    batch.reset(None, rows.out()).unwrap();
    // The learner sits at seat 0 of the even tables and at seat 1 of the odd ones.
    assert_eq!(rows.player, [0, 1, 0, 1]);
    assert_eq!(batch.deal(0), batch.deal(1));
    assert_eq!(batch.deal(2), batch.deal(3));
    assert_ne!(batch.deal(0), batch.deal(2));
    assert_eq!(batch.deal(0), Some(deal_seed(11, 0, 0)));
    assert_eq!(batch.deal(3), Some(deal_seed(11, 2, 0)));
    assert_eq!(batch.deal(4), None);
    assert_eq!(batch.learner_seats(0), [0]);
    assert_eq!(batch.learner_seats(3), [1]);
    assert!(batch.learner_seats(4).is_empty());
    c.duplicate = false;
    let mut plain = line.batch(c).unwrap();
    let mut plain_rows = Rows::new(plain.as_ref());
    plain.reset(None, plain_rows.out()).unwrap();
    assert_eq!(plain_rows.player, [0, 0, 0, 0]);
}

#[test]
fn with_autoreset_disabled_a_finished_table_waits_for_its_reset() {
    let line = cards_registry::find("jass", Some("schieber-deal")).unwrap();
    let mut c = config(line, 2, Tensor::Observation);
    c.autoreset = cards_registry::batch::Autoreset::Disabled;
    c.learners = vec![0, 2];
    let mut batch = line.batch(c).unwrap();
    let mut rows = Rows::new(batch.as_ref());
    batch.reset(None, rows.out()).unwrap();
    let d = batch.dims().actions;
    let mut s = 0;
    while !rows.terminated.contains(&true) {
        let actions = [pick(&rows.mask[..d], s), pick(&rows.mask[d..], s + 1)];
        batch.step(&actions, rows.out()).unwrap();
        s += 1;
        assert!(s < 100, "a deal ends");
    }
    // The learners (seats 0 and 2) took their 18 cards, and the trump choice when theirs.
    assert!((18..=20).contains(&s), "{s}");
    let k = rows.terminated.iter().position(|&t| t).unwrap();
    let other = 1 - k;
    let paid = rows.rewards[4 * k..4 * k + 4].to_vec();
    assert!(paid.iter().any(|&r| r != 0.0));
    assert_eq!(paid[0], paid[2]);
    // The finished table waits: its action is ignored, its returns are not paid again.
    let mut actions = [0, 0];
    actions[other] = pick(&rows.mask[d * other..d * other + d], 0);
    let waited = rows.clone();
    batch.step(&actions, rows.out()).unwrap();
    let n = batch.dims().tensor;
    assert!(rows.terminated[k] && rows.player[k] == OVER);
    assert!(rows.rewards[4 * k..4 * k + 4].iter().all(|&r| r == 0.0));
    assert_eq!(
        rows.tensor[n * k..n * k + n],
        waited.tensor[n * k..n * k + n]
    );
    assert_eq!(rows.episode[k], 0);
    // Resetting the other table leaves this one over, its returns paid once only.
    let mut only = [false, false];
    only[other] = true;
    batch.reset(Some(&only), rows.out()).unwrap();
    assert!(rows.terminated[k] && rows.rewards.iter().all(|&r| r == 0.0));
    assert_eq!(rows.episode[k], 0);
    assert_eq!(rows.episode[other], 1);
    batch.reset(Some(&[k == 0, k == 1]), rows.out()).unwrap();
    assert_eq!(rows.episode, [1, 1]);
    assert!(!rows.terminated[k]);
    assert_eq!(batch.deal(k), Some(deal_seed(11, k as u64, 1)));
    batch.reseed(5);
    batch.reset(None, rows.out()).unwrap();
    assert_eq!(rows.episode, [0, 0]);
    assert_eq!(batch.deal(1), Some(deal_seed(5, 1, 0)));
}

#[test]
fn an_illegal_action_can_end_its_episode_instead_of_refusing_the_step() {
    let line = cards_registry::find("letom", Some("deal")).unwrap();
    let mut c = config(line, 2, Tensor::Observation);
    c.illegal_reward = Some(-2.5);
    let mut batch = line.batch(c).unwrap();
    let mut rows = Rows::new(batch.as_ref());
    batch.reset(None, rows.out()).unwrap();
    let d = batch.dims();
    let seat = rows.player[1] as usize;
    let illegal = (0..d.actions as i64)
        .find(|&a| rows.mask[d.actions + a as usize] == 0)
        .unwrap();
    batch
        .step(&[pick(&rows.mask[..d.actions], 0), illegal], rows.out())
        .unwrap();
    assert!(rows.terminated[1] && !rows.terminated[0]);
    assert_eq!(rows.player[1], OVER);
    let mut paid = vec![0.0; d.players];
    paid[seat] = -2.5;
    assert_eq!(rows.rewards[d.players..], paid);
    // The next step deals its next episode, whatever action it is given.
    batch
        .step(&[pick(&rows.mask[..d.actions], 1), -7], rows.out())
        .unwrap();
    assert_eq!(rows.episode, [0, 1]);
    assert!(!rows.terminated[1] && rows.rewards.iter().all(|&r| r == 0.0));
}

#[test]
fn a_table_not_reset_after_a_reseed_keeps_its_deal() {
    let line = cards_registry::find("letom", Some("deal")).unwrap();
    let mut batch = line.batch(config(line, 2, Tensor::Observation)).unwrap();
    let mut rows = Rows::new(batch.as_ref());
    batch.reset(None, rows.out()).unwrap();
    let kept = batch.deal(1);
    batch.reseed(99);
    batch.reset(Some(&[true, false]), rows.out()).unwrap();
    assert_eq!(batch.deal(0), Some(deal_seed(99, 0, 0)));
    assert_eq!(batch.deal(1), kept);
    assert_eq!(kept, Some(deal_seed(11, 1, 0)));
}

#[test]
fn opponents_may_differ_by_seat() {
    let line = cards_registry::find("jass", Some("schieber-deal")).unwrap();
    let mut one = config(line, 4, Tensor::Observation);
    one.learners = vec![0];
    one.opponents = vec!["rules".to_owned()];
    let mut each = one.clone();
    each.opponents = ["random", "rules", "rules", "rules"]
        .map(str::to_owned)
        .to_vec();
    // The same bot in every other seat, named once or seat by seat: the same games.
    assert_eq!(
        run(line.batch(one.clone()).unwrap().as_mut(), 40, 4),
        run(line.batch(each.clone()).unwrap().as_mut(), 40, 4)
    );
    // A random partner plays other games than a rule-bot partner.
    each.opponents[2] = "random".to_owned();
    assert_ne!(
        run(line.batch(one.clone()).unwrap().as_mut(), 40, 4),
        run(line.batch(each.clone()).unwrap().as_mut(), 40, 4)
    );
    each.opponents.pop();
    let e = line.batch(each).unwrap_err().to_string();
    assert!(e.contains("one for each of the 4 seats, not 3"), "{e}");
}

#[test]
fn learners_name_seats_at_the_table_once() {
    let line = cards_registry::find("jass", Some("schieber-deal")).unwrap();
    let mut twice = config(line, 2, Tensor::Observation);
    twice.learners = vec![0, 2, 0];
    let e = line.batch(twice.clone()).unwrap_err().to_string();
    assert!(e.contains("the learners name seat 0 twice"), "{e}");
    twice.learners = vec![4];
    let e = line.batch(twice).unwrap_err().to_string();
    assert!(e.contains("the seats are 0 to 3, not 4"), "{e}");
}

#[test]
fn a_batch_is_bounded() {
    let line = cards_registry::find("letom", Some("deal")).unwrap();
    for tables in [0, cards_registry::batch::MAX_BATCH + 1, usize::MAX] {
        let e = line
            .batch(config(line, tables, Tensor::Observation))
            .unwrap_err();
        assert!(
            e.to_string().contains("a batch holds 1 to 1048576 tables"),
            "{e}"
        );
    }
}
