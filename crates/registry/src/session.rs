//! [`Session`]: one person's game against the bots, as a front end that shows one seat holds
//! it (the browser page; any screen): the table stays behind it, and what comes out is only
//! what the person's seat may see.

use cards_core::{GameRng, Seed};
use serde_json::Value;

use crate::catalogue::GameType;
use crate::error::TableError;
use crate::table::{Move, Step, Stepped, Table, Told, Weighed};

/// Whose decision a seed is drawn for ([`decision_seed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decider {
    /// A bot at the table.
    Bot,
    /// The hint's bot, for the person's seat.
    Hint,
}

/// The seed [`Session`] gives [`Table::bot_move`] (or [`Table::hint`]) for `seat`'s decision
/// after `actions` actions of the game seeded `seed`: drawn from a stream of its own, apart
/// from the deal's, by the seat and the moment, so a position is answered the same way however
/// it was reached. A front end that seats bots itself (the terminal game) draws the same, so
/// one seed plays the same game there and on the page.
#[must_use]
pub fn decision_seed(seed: Seed, decider: Decider, seat: usize, actions: usize) -> u64 {
    let stream = match decider {
        Decider::Bot => 1 << 20,
        Decider::Hint => 1 << 21,
    };
    let stream = stream + ((seat as u64) << 32) + actions as u64;
    GameRng::new(seed, stream).next_u64()
}

/// One person at one seat against bots in the others. Nothing it gives out shows a card the
/// seat may not see: the seat's view, its redacted events, its legal moves when it is to act,
/// and the record (which names every card) only once the game is over.
///
/// The bots are seeded from the game's seed, their seat and the number of actions played, so
/// the same moves get the same answers: after [`Session::undo`] the game goes on as it did
/// when the same moves are played again.
#[derive(Debug)]
pub struct Session {
    table: Box<dyn Table>,
    seat: usize,
    /// Each seat's bot (ladder name), `None` for the person's seat.
    bots: Vec<Option<String>>,
    seed: u64,
    /// The seat that played each action so far.
    actors: Vec<usize>,
    /// How many of the table's events the seat has been given.
    told: usize,
}

/// What the seat sees now ([`Session::screen`]).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Screen {
    /// The seat's view as data.
    pub view: Value,
    /// The seat's view as the screen a player reads.
    pub text: String,
    /// The seat to act; `None` once the game is over.
    pub to_act: Option<usize>,
    /// The seat's legal moves when it is to act (empty otherwise).
    pub legal: Vec<Move>,
    /// The seat's legal steps when it is to act: its moves one step at a time (a capture card
    /// by card).
    pub steps: Vec<Step>,
    /// The steps taken so far of a decision under way.
    pub taken: Vec<Step>,
    /// How the game ended, once it is over.
    pub end: Option<End>,
}

/// How a game ended, with what only the end may show ([`Screen::end`]).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct End {
    /// The outcome as a sentence.
    pub outcome: String,
    /// The outcome as data.
    pub data: Value,
    /// The integer settlement, one entry per seat.
    pub settlement: Vec<i64>,
    /// What the settlement counts ([`GameType::settlement`]).
    pub unit: &'static str,
    /// The game's record (every card of the deal: shown only now).
    pub record: Value,
}

impl Session {
    /// A new game of `line` at `players` seats under `rules` (JSON, as for
    /// [`GameType::new_table`]) dealt from `seed`, the person at `seat` and `bots` (ladder
    /// names) in the other seats: one for each other seat in seat order, or one for all.
    ///
    /// # Errors
    /// As [`GameType::new_table`]; [`TableError::Seat`] for a seat not at the table;
    /// [`TableError::Bot`] for a name that is not a bot or the wrong number of them.
    pub fn new(
        line: &'static GameType,
        rules: &Value,
        players: usize,
        seat: usize,
        seed: u64,
        bots: &[String],
    ) -> Result<Session, TableError> {
        let table = line.new_table(rules, players, seed)?;
        if seat >= players {
            return Err(TableError::Seat { seat, players });
        }
        let others = players - 1;
        if bots.len() != others && bots.len() != 1 {
            return Err(TableError::Bot(format!(
                "one bot for every other seat ({others} here) or one for all of them, not {}",
                bots.len()
            )));
        }
        let mut named = bots.iter();
        let bots: Vec<Option<String>> = (0..players)
            .map(|k| match (k == seat, bots) {
                (true, _) => None,
                (false, [one]) => Some(one.clone()),
                (false, _) => named.next().cloned(),
            })
            .collect();
        for name in bots.iter().flatten() {
            // A name the ladder does not know is refused now, not at the bot's first turn.
            name.parse::<cards_bots::BotSpec>()
                .map_err(|e| TableError::Bot(e.to_string()))?;
        }
        Ok(Session {
            table,
            seat,
            bots,
            seed,
            actors: Vec::new(),
            told: 0,
        })
    }

    /// The person's seat.
    #[must_use]
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// The game type played.
    #[must_use]
    pub fn game_type(&self) -> &'static GameType {
        self.table.game_type()
    }

    /// Each seat's bot, `None` for the person's.
    #[must_use]
    pub fn bots(&self) -> &[Option<String>] {
        &self.bots
    }

    /// The events the seat has not been given yet, as it saw them, in order.
    pub fn news(&mut self) -> Vec<Told> {
        let news = self
            .table
            .events(Some(self.seat), self.told)
            .unwrap_or_default();
        self.told = self.table.event_count();
        news
    }

    /// Every event so far as the seat saw them (what a screen rebuilt from the start shows);
    /// the seat has then been given them all.
    pub fn history(&mut self) -> Vec<Told> {
        self.told = 0;
        self.news()
    }

    /// What the seat sees now.
    #[must_use]
    pub fn screen(&self) -> Screen {
        let mine = self.table.to_act() == Some(self.seat);
        let end = self.table.outcome().map(|(outcome, data)| End {
            outcome,
            data,
            settlement: self.table.settlement(),
            unit: self.game_type().settlement,
            record: self.table.record(),
        });
        Screen {
            view: self.table.view(self.seat).unwrap_or_default(),
            text: self.table.view_text(self.seat).unwrap_or_default(),
            to_act: self.table.to_act(),
            legal: if mine { self.table.legal() } else { Vec::new() },
            steps: if mine {
                self.table.legal_steps()
            } else {
                Vec::new()
            },
            taken: if mine {
                self.table.steps_taken()
            } else {
                Vec::new()
            },
            end,
        }
    }

    /// Refuses unless the person's seat is to act.
    fn my_turn(&self) -> Result<(), TableError> {
        match self.table.to_act() {
            None => Err(TableError::Over),
            Some(seat) if seat == self.seat => Ok(()),
            Some(seat) => Err(TableError::Refused(format!(
                "it is seat {seat}'s turn, not yours (seat {})",
                self.seat
            ))),
        }
    }

    /// Plays the person's move given as text: the notation, or words the game reads as typed.
    ///
    /// # Errors
    /// [`TableError::Refused`] when it is not the seat's turn or the rules refuse the move
    /// (their words), [`TableError::Over`] once the game is over, [`TableError::Notation`] for
    /// text that is no move; nothing changes.
    pub fn play(&mut self, text: &str) -> Result<(), TableError> {
        self.my_turn()?;
        self.table.play(text)?;
        self.actors.push(self.seat);
        Ok(())
    }

    /// Plays the person's legal move at `index` ([`Move::index`]).
    ///
    /// # Errors
    /// As [`Session::play`]; [`TableError::Index`] past the legal moves.
    pub fn play_index(&mut self, index: usize) -> Result<(), TableError> {
        self.my_turn()?;
        self.table.play_index(index)?;
        self.actors.push(self.seat);
        Ok(())
    }

    /// Takes the person's step `id` ([`Step::id`]) of a decision made step by step.
    ///
    /// # Errors
    /// As [`Session::play`].
    pub fn play_step(&mut self, id: usize) -> Result<Stepped, TableError> {
        self.my_turn()?;
        let stepped = self.table.play_step(id)?;
        if matches!(stepped, Stepped::Played(_)) {
            self.actors.push(self.seat);
        }
        Ok(stepped)
    }

    /// Starts the person's decision under way again from its first step.
    pub fn restart_steps(&mut self) {
        self.table.restart_steps();
    }

    /// The seed of a decision at `seat` now ([`decision_seed`]).
    fn decision_seed(&self, decider: Decider, seat: usize) -> u64 {
        decision_seed(Seed::from(self.seed), decider, seat, self.actors.len())
    }

    /// Plays one move of the bot whose seat is to act: that seat, or `None` when the person is
    /// to act or the game is over. The move itself is in [`Session::news`], as the person's seat
    /// saw it: a bot's move may hold what that seat may not see (a card laid face down).
    ///
    /// # Errors
    /// As [`Table::bot_move`]: [`TableError::Refused`] when the bot chooses a move that is not
    /// legal, or [`TableError::Bot`] when it fails (a bug in it either way).
    pub fn bot_turn(&mut self) -> Result<Option<usize>, TableError> {
        let Some(seat) = self.table.to_act() else {
            return Ok(None);
        };
        let Some(Some(bot)) = self.bots.get(seat) else {
            return Ok(None);
        };
        let chosen = self
            .table
            .bot_move(bot, self.decision_seed(Decider::Bot, seat))?;
        self.table.play_index(chosen.index)?;
        self.actors.push(seat);
        Ok(Some(seat))
    }

    /// What the fair bot `bot` would play for the person now, its choice first, at most `top`
    /// moves; seeded from the moment, so the same question gets the same answer.
    ///
    /// # Errors
    /// As [`Table::hint`]; [`TableError::Refused`] when it is not the person's turn.
    pub fn hint(&self, bot: &str, top: usize) -> Result<Vec<Weighed>, TableError> {
        self.my_turn()?;
        self.table
            .hint(bot, self.decision_seed(Decider::Hint, self.seat), top)
    }

    /// Takes back the person's last move and everything after it: `false` (nothing changed)
    /// when the person has not moved yet. The seat's events start again from the beginning
    /// ([`Session::history`] rebuilds its screen).
    ///
    /// # Errors
    /// [`TableError::Record`] when the shortened record does not replay (a bug).
    pub fn undo(&mut self) -> Result<bool, TableError> {
        let Some(last) = self.actors.iter().rposition(|&s| s == self.seat) else {
            return Ok(false);
        };
        let mut record = self.table.record();
        if let Some(actions) = record.get_mut("actions").and_then(Value::as_array_mut) {
            actions.truncate(last);
        }
        let text = serde_json::to_string(&record).map_err(|e| TableError::Json(e.to_string()))?;
        self.table = self.game_type().replay(&text)?;
        self.actors.truncate(last);
        self.told = 0;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bots(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    /// Plays the person's first legal move whenever it is to act, the bots otherwise.
    fn play_out(session: &mut Session) -> Vec<String> {
        let mut told = Vec::new();
        for _ in 0..10_000 {
            told.extend(session.news().into_iter().map(|t| t.text));
            let screen = session.screen();
            if screen.end.is_some() {
                return told;
            }
            if session.bot_turn().unwrap().is_none() {
                session.play_index(0).unwrap();
            }
        }
        panic!("the game did not end");
    }

    #[test]
    fn every_type_plays_to_the_end_and_shows_the_record_only_then() {
        for line in crate::catalogue() {
            let players = *line.players().start();
            let rules = line.default_rules();
            let mut s = Session::new(line, &rules, players, 0, 7, &bots(&["random"])).unwrap();
            assert!(s.screen().end.is_none());
            let told = play_out(&mut s);
            assert!(!told.is_empty(), "{}", line.label);
            let end = s.screen().end.unwrap();
            assert_eq!(end.settlement.iter().sum::<i64>(), 0, "{}", line.label);
            let replayed = line.replay(&end.record.to_string()).unwrap();
            assert_eq!(replayed.settlement(), end.settlement, "{}", line.label);
        }
    }

    #[test]
    fn the_same_moves_get_the_same_game_after_an_undo() {
        let line = crate::find("jass", Some("schieber-deal")).unwrap();
        let rules = line.default_rules();
        let mut s = Session::new(line, &rules, 4, 1, 3, &bots(&["random"])).unwrap();
        assert!(!s.undo().unwrap(), "nothing to undo yet");
        while s.bot_turn().unwrap().is_some() {}
        s.play_index(0).unwrap();
        while s.bot_turn().unwrap().is_some() {}
        let before = s.screen();
        let events = s.history().len();
        assert!(s.undo().unwrap());
        assert_ne!(s.screen(), before);
        s.play_index(0).unwrap();
        while s.bot_turn().unwrap().is_some() {}
        assert_eq!(s.screen(), before);
        assert_eq!(s.history().len(), events);
    }

    #[test]
    fn refusals_leave_the_game_as_it_was() {
        let line = crate::find("jass", Some("schieber-deal")).unwrap();
        let rules = line.default_rules();
        // Seat 3 names the contract first in the first deal of seed 0? Whoever it is, the
        // person at a seat that is not to act is refused.
        let mut s = Session::new(line, &rules, 4, 0, 0, &bots(&["rules"])).unwrap();
        if s.screen().to_act == Some(0) {
            s = Session::new(line, &rules, 4, 1, 0, &bots(&["rules"])).unwrap();
        }
        let before = s.screen();
        let e = s.play_index(0).unwrap_err();
        assert!(e.to_string().contains("turn"), "{e}");
        assert!(s.hint("rules", 3).is_err());
        assert_eq!(s.screen(), before);
        assert!(Session::new(line, &rules, 4, 4, 0, &bots(&["rules"])).is_err());
        assert!(Session::new(line, &rules, 4, 0, 0, &bots(&["rules", "rules"])).is_err());
        assert!(Session::new(line, &rules, 4, 0, 0, &bots(&["grandmaster"])).is_err());
    }
}
