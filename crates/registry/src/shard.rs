//! Work split by deal range: a [`Shard`] is a range of a tournament's deals played on its own
//! (in another process or on another machine), and [`merge`] folds shards covering every deal
//! into the standings one process would have given. Self-play data splits the same way
//! ([`SelfPlay`]). A deal is fixed by the run's seed and its number alone and its results are
//! integers, so a merge is exact: any split gives the same report, byte for byte.

use core::ops::Range;

use cards_core::{ActionMask, GameRng, Seed};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::Standings;
use crate::catalogue::{GameType, by_record};
use crate::duplicate::{Deal, Duplicate, Run};
use crate::error::TableError;
use crate::records::Records;

/// Why shards do not merge, or a range cannot be a shard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// Nothing to merge.
    #[error("there are no shards to merge")]
    Empty,
    /// Shards that cover no deal: a tournament plays at least one.
    #[error("the shards hold no deals, and a tournament plays at least one")]
    NoDeals,
    /// A range that ends before it starts.
    #[error("a shard's deals run from start to end, and {end} is before {start}")]
    Backwards {
        /// The first deal asked for.
        start: u64,
        /// The end asked for (past the last deal).
        end: u64,
    },
    /// A range of more deals than a run plays.
    #[error("a shard plays at most {} deals, not {deals}", crate::MAX_DEALS)]
    TooLong {
        /// The deals asked for.
        deals: u64,
    },
    /// The caller asked to stop (its `keep_on` said no) before this deal.
    #[error("stopped before deal {deal}, as asked")]
    Stopped {
        /// The first deal not played.
        deal: u64,
    },
    /// Shards of different tournaments.
    #[error("the shards are of different tournaments: their {what} differ")]
    Mismatch {
        /// What differs (`game`, `rules`, `players`, `bots`, `seed`, `records`).
        what: &'static str,
    },
    /// Deals no shard covers.
    #[error("no shard covers deals {from} to {}", .to - 1)]
    Gap {
        /// The first deal missing.
        from: u64,
        /// Past the last deal missing.
        to: u64,
    },
    /// A deal two shards cover.
    #[error("deal {deal} is in two shards")]
    Overlap {
        /// The first deal covered twice.
        deal: u64,
    },
    /// Memory ran short for the data a run holds until it returns: a self-play shard's
    /// decisions ([`SelfPlay::play`]) or a tournament's records ([`Records`]). Refused in words
    /// rather than aborting the process.
    #[error(
        "memory ran short for the data of deal {deal}, with {bytes} bytes held: split the run \
         into more, shorter shards"
    )]
    NoMemory {
        /// The deal whose data did not fit.
        deal: u64,
        /// The bytes the data held by then.
        bytes: u64,
    },
    /// A shard whose deals are not the ones its range says (edited or damaged in transit).
    #[error("the shard of deals {start}..{end} does not hold them as played: {why}")]
    Damaged {
        /// Its first deal.
        start: u64,
        /// Past its last deal.
        end: u64,
        /// What is wrong.
        why: String,
    },
}

impl ShardError {
    /// Whether to play deal `deal` of a run: [`ShardError::Stopped`] once `keep_on` says no.
    /// Every run that takes a `keep_on` asks through here, before each deal.
    ///
    /// # Errors
    /// [`ShardError::Stopped`] when `keep_on` says no.
    pub fn ask(keep_on: &mut dyn FnMut() -> bool, deal: u64) -> Result<(), ShardError> {
        if keep_on() {
            Ok(())
        } else {
            Err(ShardError::Stopped { deal })
        }
    }
}

/// What one shard plays: deals `range` of the run between `bots` on the game type `line` under
/// `rules` at `players` seats, seeded from `seed`. A run's shards differ only in `range`, and
/// deal `d` is the same in whichever shard plays it.
#[derive(Clone, Debug)]
pub struct Part<'a> {
    /// The game type.
    pub line: &'static GameType,
    /// The rules in force (the game's JSON form, as [`GameType::rules`] gives them).
    pub rules: &'a Value,
    /// The number of seats.
    pub players: usize,
    /// The bots' names: a tournament's entrants in order (ladder bots or `exec:` programs,
    /// as [`crate::Entry::from_name`] reads them), or self-play's seats (ladder bots only).
    pub bots: &'a [String],
    /// The run's seed.
    pub seed: u64,
    /// The deals this shard plays.
    pub range: Range<u64>,
}

/// Deals `start..end` of one tournament, each deal's games keyed by its number: self-contained,
/// so it travels between processes as JSON and comes back the same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shard {
    /// The game type's record name ([`GameType::record`]).
    pub game: String,
    /// The rules in force (every field).
    pub rules: Value,
    /// The number of seats.
    pub players: usize,
    /// The bots' ladder names, in the tournament's order.
    pub bots: Vec<String>,
    /// The run's seed.
    pub seed: u64,
    /// Whether each game's record was kept.
    pub record: bool,
    /// The first deal.
    pub start: u64,
    /// Past the last deal.
    pub end: u64,
    /// The deals, in order: `start`, `start + 1`, … (their records are in `records`).
    pub deals: Vec<Deal>,
    /// Every game's record, in deal order, when `record` (in one buffer, which a shortage of
    /// memory refuses in words).
    pub records: Records,
    /// Seconds its deals took (the report's timing; not part of any result).
    pub seconds: f64,
}

impl Shard {
    /// Plays `part`'s deals of the tournament between its bots, keeping each game's record
    /// with `record`. The deals are those [`GameType::duplicate`]'s tournament plays.
    /// `keep_on` is asked before each deal, so a front end can stop a long shard (Python's
    /// Ctrl-C): `|| true` plays them all.
    ///
    /// # Errors
    /// As [`TableError::Shard`]: [`ShardError::Backwards`] for a range that ends before it
    /// starts, [`ShardError::TooLong`] for more than [`crate::MAX_DEALS`] deals,
    /// [`ShardError::Stopped`] when `keep_on` says no, [`ShardError::NoMemory`] when memory
    /// runs short for the records; otherwise as [`GameType::duplicate`] and
    /// [`Duplicate::play_deal`].
    pub fn play(
        part: &Part<'_>,
        record: bool,
        keep_on: &mut dyn FnMut() -> bool,
    ) -> Result<Shard, TableError> {
        check_range(&part.range)?;
        let duplicate = part
            .line
            .duplicate(part.rules, part.players, part.bots, part.seed)?;
        let started = std::time::Instant::now();
        let mut deals = Vec::new();
        let mut records = Records::new();
        for d in part.range.clone() {
            ShardError::ask(keep_on, d)?;
            let mut deal = duplicate.play_deal(d, record)?;
            records.append(d, &core::mem::take(&mut deal.records))?;
            deals.push(deal);
        }
        Ok(Shard {
            game: part.line.record().to_owned(),
            rules: part.rules.clone(),
            players: part.players,
            bots: part.bots.iter().map(|b| b.trim().to_owned()).collect(),
            seed: part.seed,
            record,
            start: part.range.start,
            end: part.range.end,
            deals,
            records,
            seconds: started.elapsed().as_secs_f64(),
        })
    }
}

fn check_range(range: &Range<u64>) -> Result<(), ShardError> {
    if range.end < range.start {
        return Err(ShardError::Backwards {
            start: range.start,
            end: range.end,
        });
    }
    let deals = range.end - range.start;
    if deals > crate::MAX_DEALS {
        return Err(ShardError::TooLong { deals });
    }
    Ok(())
}

/// Shards merged: the whole run, as one process would have played it.
#[derive(Debug)]
pub struct Merged {
    /// The tournament the shards are of.
    pub duplicate: Box<dyn Duplicate>,
    /// The standings over every deal, folded in deal order.
    pub standings: Standings,
    /// The run's seed.
    pub seed: u64,
    /// Deals in all.
    pub deals: u64,
    /// The bots' names.
    pub bots: Vec<String>,
    /// Every game's record, in deal order (empty unless the shards kept them).
    pub records: Records,
    /// The seconds the shards' deals took, added up.
    pub seconds: f64,
}

impl Merged {
    /// The report as the command line's `tournament --json` writes it ([`Duplicate::report_json`]).
    ///
    /// # Errors
    /// When the JSON cannot be written (a bug in a game's serde).
    pub fn report_json(&self) -> Result<String, TableError> {
        let run = Run {
            seed: self.seed,
            deals: self.deals,
            bots: &self.bots,
            records: Vec::new(),
            seconds: self.seconds,
        };
        self.duplicate.report_json(&self.standings, &run)
    }
}

/// Merges `shards` (any order) that cover deals `0..n` of one tournament, each deal once, into
/// the standings over all `n` deals: the same as one process playing them.
///
/// # Errors
/// [`ShardError`] (as [`TableError::Shard`]) for no shards, shards of no deals, shards of
/// different tournaments, a gap, an overlap, a shard whose games are not its tournament's, or memory too short for
/// their records ([`ShardError::NoMemory`]); otherwise as [`GameType::duplicate`] for a game
/// type or rules this build does not have.
pub fn merge(shards: &[Shard]) -> Result<Merged, TableError> {
    let first = shards.first().ok_or(ShardError::Empty)?;
    for s in shards {
        let what = if s.game != first.game {
            "game"
        } else if s.rules != first.rules {
            "rules"
        } else if s.players != first.players {
            "players"
        } else if s.bots != first.bots {
            "bots"
        } else if s.seed != first.seed {
            "seed"
        } else if s.record != first.record {
            "records"
        } else {
            continue;
        };
        return Err(ShardError::Mismatch { what }.into());
    }
    let line = by_record(&first.game).ok_or_else(|| {
        TableError::Rules(format!("{:?} is not a game type of this build", first.game))
    })?;
    let duplicate = line.duplicate(&first.rules, first.players, &first.bots, first.seed)?;
    let mut order: Vec<&Shard> = shards.iter().collect();
    order.sort_by_key(|s| (s.start, s.end));
    let mut next = 0;
    let mut results = Vec::new();
    let mut records = Records::new();
    for s in order {
        check_range(&(s.start..s.end))?;
        if s.start > next {
            return Err(ShardError::Gap {
                from: next,
                to: s.start,
            }
            .into());
        }
        if s.start < next && s.end > s.start {
            return Err(ShardError::Overlap { deal: s.start }.into());
        }
        check_deals(s, &*duplicate)?;
        for deal in &s.deals {
            results.push(deal.games.clone());
        }
        records.append(s.start, &s.records)?;
        next = next.max(s.end);
    }
    if next == 0 {
        return Err(ShardError::NoDeals.into());
    }
    let standings = duplicate.standings(&results);
    Ok(Merged {
        duplicate,
        standings,
        seed: first.seed,
        deals: next,
        bots: first.bots.clone(),
        records,
        seconds: shards.iter().map(|s| s.seconds).sum(),
    })
}

/// Checks that `s` holds its range's deals in order, each with its tournament's games (every
/// pair under every seating, a settlement per seat summing to zero), so a hand-edited shard
/// cannot reach the standings' arithmetic.
fn check_deals(s: &Shard, duplicate: &dyn Duplicate) -> Result<(), ShardError> {
    let damaged = |why: String| ShardError::Damaged {
        start: s.start,
        end: s.end,
        why,
    };
    let pairs = duplicate.pairs();
    let seatings = duplicate.seatings().len();
    if s.deals.len() as u64 != s.end - s.start {
        return Err(damaged(format!("it holds {} deals", s.deals.len())));
    }
    for (deal, d) in s.deals.iter().zip(s.start..) {
        if deal.deal != d {
            return Err(damaged(format!(
                "deal {} where deal {d} belongs",
                deal.deal
            )));
        }
        let expected = pairs
            .iter()
            .flat_map(|&pair| (0..seatings).map(move |seating| (pair, seating)));
        if deal.games.len() != pairs.len() * seatings
            || !deal.games.iter().zip(expected).all(|(g, (pair, seating))| {
                // Every game is zero-sum; summed wide, so that no value can overflow.
                let sum: i128 = g.settlement.iter().map(|&v| i128::from(v)).sum();
                g.pair == pair
                    && g.seating == seating
                    && g.settlement.len() == s.players
                    && sum == 0
            })
        {
            return Err(damaged(format!(
                "deal {d}'s games are not its tournament's"
            )));
        }
        if !deal.records.is_empty() {
            return Err(damaged(format!("deal {d} holds records of its own")));
        }
    }
    let games: usize = s.deals.iter().map(|deal| deal.games.len()).sum();
    let records = if s.record { games } else { 0 };
    if s.records.len() != records {
        return Err(damaged(format!(
            "it holds {} records for {records}",
            s.records.len()
        )));
    }
    Ok(())
}

/// Self-play data of deals `start..end`: every decision of every deal, in deal order, with
/// what the acting seat saw (its observation tensor and legal mask over the game type's step
/// ids) and the step it took, and each deal's returns. Shards of it concatenate in deal order
/// to the data of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlay {
    /// The observation tensor's length.
    pub observation_size: usize,
    /// The number of step ids (a mask's length).
    pub step_space: usize,
    /// The number of seats.
    pub players: usize,
    /// The first deal.
    pub start: u64,
    /// Past the last deal.
    pub end: u64,
    /// Each decision's deal.
    pub deal: Vec<u64>,
    /// Each decision's acting seat.
    pub seat: Vec<u32>,
    /// Each decision's observation of the acting seat, one after another.
    pub observations: Vec<f32>,
    /// Each decision's legal mask (1: legal), one after another.
    pub masks: Vec<i8>,
    /// Each decision's step id taken.
    pub action: Vec<u32>,
    /// Each deal's returns, one row of `players` per deal.
    pub returns: Vec<f64>,
    /// Each deal's table seed ([`GameType::new_table`]'s), so a deal can be dealt again and
    /// replayed from its actions.
    pub seeds: Vec<u64>,
}

impl SelfPlay {
    /// Plays `part`'s deals, seat `s` played by the ladder bot `bots[s]` (or `bots[0]` at every
    /// seat when one is given). Deal `d` is dealt and its bots seeded from the run's seed and
    /// `d` alone, so it is the same in any shard. `keep_on` is asked before each deal, as by
    /// [`Shard::play`].
    ///
    /// # Errors
    /// As [`TableError::Shard`]: [`ShardError::Backwards`] for a range that ends before it
    /// starts, [`ShardError::TooLong`] for more than [`crate::MAX_DEALS`] deals,
    /// [`ShardError::Stopped`] when `keep_on` says no, [`ShardError::NoMemory`] when memory
    /// runs short for the data; [`TableError::Bot`] for a bot name that is not one or a bot
    /// count that is neither 1 nor `players`, and as [`GameType::new_table`] for rules or
    /// players the game refuses.
    pub fn play(
        part: &Part<'_>,
        keep_on: &mut dyn FnMut() -> bool,
    ) -> Result<SelfPlay, TableError> {
        let Part {
            line,
            rules,
            players,
            bots,
            seed,
            ref range,
        } = *part;
        check_range(range)?;
        if bots.len() != 1 && bots.len() != players {
            return Err(TableError::Bot(format!(
                "give one bot for every seat or one for all; {} bots for {players} seats",
                bots.len()
            )));
        }
        for b in bots {
            b.parse::<cards_bots::BotSpec>()
                .map_err(|e| TableError::Bot(e.to_string()))?;
        }
        let size = line.tensor_shapes().0.len();
        let space = line.step_space();
        let mut out = SelfPlay {
            observation_size: size,
            step_space: space,
            players,
            start: range.start,
            end: range.end,
            deal: Vec::new(),
            seat: Vec::new(),
            observations: Vec::new(),
            masks: Vec::new(),
            action: Vec::new(),
            returns: Vec::new(),
            seeds: Vec::new(),
        };
        let mut mask = ActionMask::new(space);
        let mut observation = vec![0.0; size];
        for d in range.clone() {
            ShardError::ask(keep_on, d)?;
            // Its own stream of the run's seed: the deal's cards, then each decision's bot seed.
            let mut rng = GameRng::new(Seed::from(seed), d);
            let table_seed = rng.next_u64();
            out.room_for_deal(d)?;
            out.seeds.push(table_seed);
            let mut table = line.new_table(rules, players, table_seed)?;
            while let Some(seat) = table.to_act() {
                let bot = &bots[if bots.len() == 1 { 0 } else { seat }];
                let chosen = table.bot_move(bot, rng.next_u64())?;
                for id in table.move_steps(&chosen.notation)? {
                    out.room_for_decision(d)?;
                    table.observation(seat, &mut observation)?;
                    table.step_mask(&mut mask);
                    let start = out.masks.len();
                    out.masks.resize(start + space, 0);
                    for legal in mask.iter() {
                        out.masks[start + legal] = 1;
                    }
                    out.observations.extend_from_slice(&observation);
                    out.deal.push(d);
                    out.seat.push(seat as u32);
                    out.action.push(id as u32);
                    table.take_step(id)?;
                }
            }
            out.returns.extend(table.returns());
        }
        Ok(out)
    }

    /// Room for a deal's seed and returns, so that their pushes do not allocate;
    /// [`ShardError::NoMemory`] when memory runs short (a vector's own growth would abort the
    /// process instead).
    fn room_for_deal(&mut self, deal: u64) -> Result<(), ShardError> {
        let fits =
            self.seeds.try_reserve(1).is_ok() && self.returns.try_reserve(self.players).is_ok();
        self.room_or_refused(fits, deal)
    }

    /// Room for one more decision of deal `deal`, as [`Self::room_for_deal`].
    fn room_for_decision(&mut self, deal: u64) -> Result<(), ShardError> {
        let fits = self.deal.try_reserve(1).is_ok()
            && self.seat.try_reserve(1).is_ok()
            && self.action.try_reserve(1).is_ok()
            && self.observations.try_reserve(self.observation_size).is_ok()
            && self.masks.try_reserve(self.step_space).is_ok();
        self.room_or_refused(fits, deal)
    }

    fn room_or_refused(&self, fits: bool, deal: u64) -> Result<(), ShardError> {
        if fits {
            return Ok(());
        }
        Err(ShardError::NoMemory {
            deal,
            bytes: self.bytes(),
        })
    }

    /// The bytes its data takes.
    fn bytes(&self) -> u64 {
        fn of<T>(data: &[T]) -> u64 {
            size_of_val(data) as u64
        }
        of(&self.deal)
            + of(&self.seat)
            + of(&self.observations)
            + of(&self.masks)
            + of(&self.action)
            + of(&self.returns)
            + of(&self.seeds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Data to which `observation_size` floats a decision are added.
    fn data(observation_size: usize) -> SelfPlay {
        SelfPlay {
            observation_size,
            step_space: 3,
            players: 2,
            start: 0,
            end: 10,
            deal: vec![0; 5],
            seat: vec![0; 5],
            observations: vec![0.0; 5 * observation_size.min(8)],
            masks: vec![0; 15],
            action: vec![0; 5],
            returns: vec![0.0; 2],
            seeds: vec![0],
        }
    }

    /// Room that cannot be had is refused in words, with the bytes held, and leaves the data
    /// as it was; room that can is made without a push.
    #[test]
    fn room_for_a_decision_is_made_or_refused_in_words() {
        let mut fits = data(8);
        fits.room_for_decision(1).unwrap();
        assert!(fits.observations.capacity() >= fits.observations.len() + 8);
        assert!(fits.masks.capacity() >= fits.masks.len() + 3);
        assert_eq!(fits.deal.len(), 5);
        let mut huge = data(usize::MAX / 2);
        let before = huge.clone();
        let e = huge.room_for_decision(7).unwrap_err();
        // 5 deals, 1 seed and 2 returns of 8 bytes; 5 seats, 5 actions and 40 floats of 4;
        // 15 mask bytes.
        assert_eq!(
            e,
            ShardError::NoMemory {
                deal: 7,
                bytes: 8 * 8 + 50 * 4 + 15
            }
        );
        assert!(
            e.to_string()
                .contains("split the run into more, shorter shards"),
            "{e}"
        );
        assert_eq!(huge, before);
    }
}
