//! Outside players over a pipe (`exec:COMMAND`): a program in any language takes a seat.
//!
//! The program is started once per seat and game (`sh -c COMMAND`), on that seat's first
//! decision. For each decision it reads one line of JSON on its standard input:
//!
//! ```json
//! {"game":"jass-schieber-deal","seat":1,"view":{…},"events":[…],"legal":["6H","9H"]}
//! ```
//!
//! `view` is the seat's view (what the ladder's bots are shown), `events` the game's events
//! since the seat's last decision (from the game's start for its first), each redacted for the
//! seat, and `legal` its legal actions in the game's notation. It answers one line,
//! `{"action":"9H"}`, within the answer time. Anything else — no answer in time, a line that is
//! not that JSON, an action that is not legal, a line written before its decision was sent, a
//! program that cannot start or has ended, a front end's stop ([`interruptible`]) — is a
//! fault: the program is stopped, and that decision and the seat's later ones in the game are
//! the first legal action in the game's order. The tournament counts the fault against the
//! player and goes on (`docs/bots.md`, "Outside players"); after [`stop_every_program`] a
//! deal with programs is no result.

use std::cell::RefCell;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use cards_bots::Player;
use cards_core::Game;
use serde_json::{Value, json};

use crate::table::Catalogued;

/// The prefix of an outside program's name in a list of bots: `exec:python3 player.py`.
pub const EXEC_PREFIX: &str = "exec:";

/// Whether a bot's name names an outside program (`exec:…`).
#[must_use]
pub fn is_program(name: &str) -> bool {
    parts(name).is_some()
}

/// The label and the command of an outside program's name, `exec:COMMAND` or
/// `LABEL=exec:COMMAND` (a label of no spaces: what its results are called instead of the
/// whole command).
#[must_use]
pub fn parts(name: &str) -> Option<(Option<&str>, &str)> {
    let name = name.trim();
    if let Some(command) = name.strip_prefix(EXEC_PREFIX) {
        return Some((None, command.trim()));
    }
    let (label, rest) = name.split_once('=')?;
    let command = rest.strip_prefix(EXEC_PREFIX)?;
    (!label.is_empty() && !label.contains(char::is_whitespace))
        .then_some((Some(label), command.trim()))
}

/// The refusal of an answer time of `seconds`, written as a user would (`0.5`, `-1`, `1e308`,
/// `1e-10`).
fn refused_answer_time(seconds: f64) -> String {
    let written = if seconds == 0.0 || (1e-6..1e15).contains(&seconds.abs()) {
        format!("{seconds}")
    } else {
        format!("{seconds:e}")
    };
    format!(
        "an answer time is a number of seconds from 1e-9 to {}, not {written}",
        Program::MAX_ANSWER_TIME.as_secs()
    )
}

/// The longest answer line read, in bytes: an answer is one short action.
pub const MAX_ANSWER: usize = 64 * 1024;

/// An outside program as a player: its command and the time it has for each decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The command, run by `sh -c`.
    pub command: String,
    /// The longest it may take to answer one decision, from the moment its line is sent.
    pub answer_time: Duration,
}

impl Program {
    /// The answer time unless one is chosen: 10 seconds.
    pub const DEFAULT_ANSWER_TIME: Duration = Duration::from_secs(10);
    /// The longest answer time that may be chosen: one hour.
    pub const MAX_ANSWER_TIME: Duration = Duration::from_secs(3600);

    /// The answer time of `seconds`, as a front end takes it from its user: from one
    /// nanosecond (the finest a [`Duration`] holds) to [`Program::MAX_ANSWER_TIME`].
    ///
    /// # Errors
    /// For a number outside that range, or not a number, in the user's words:
    /// `an answer time is a number of seconds from 1e-9 to 3600, not 1e-10`.
    pub fn answer_time(seconds: f64) -> Result<Duration, String> {
        (1e-9..=Self::MAX_ANSWER_TIME.as_secs_f64())
            .contains(&seconds)
            .then(|| Duration::from_secs_f64(seconds))
            .ok_or_else(|| refused_answer_time(seconds))
    }

    /// The program a bot's name gives (`exec:COMMAND` or `LABEL=exec:COMMAND`), or `None` for
    /// a ladder bot's name.
    ///
    /// # Errors
    /// When the command after `exec:` is empty, or the answer time is zero or above
    /// [`Program::MAX_ANSWER_TIME`].
    pub fn from_name(name: &str, answer_time: Duration) -> Option<Result<Program, String>> {
        let (_, command) = parts(name)?;
        Some(if command.is_empty() {
            Err(format!(
                "{name:?} names no program: write the command after {EXEC_PREFIX} \
                 (exec:'python3 player.py')"
            ))
        } else if let Err(refused) = Self::answer_time(answer_time.as_secs_f64()) {
            Err(refused)
        } else {
            Ok(Program {
                command: command.to_owned(),
                answer_time,
            })
        })
    }

    /// A player of `G` for one seat of one game (the program starts at its first decision).
    pub(crate) fn seat<G: Catalogued>(&self) -> PipePlayer<G> {
        PipePlayer {
            program: self.clone(),
            running: None,
            events: Vec::new(),
            faults: Vec::new(),
            failed: false,
            sent: 0,
            game: core::marker::PhantomData,
        }
    }
}

/// The programs running now, for [`stop_every_program`].
static RUNNING: Mutex<Programs> = Mutex::new(Programs {
    ids: Vec::new(),
    stopping: false,
});

struct Programs {
    /// Their process ids, each its group's id.
    ids: Vec<u32>,
    /// Whether [`stop_every_program`] has been called: then none starts.
    stopping: bool,
}

fn running() -> std::sync::MutexGuard<'static, Programs> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Ends every outside program running now, with what each started, and starts none after:
/// for a front end about to exit on a signal. Each program runs in a process group of its
/// own, so a terminal's Ctrl-C reaches the front end alone; without this, a program that
/// reads no input (stuck in a loop) would run on after the front end had gone.
pub fn stop_every_program() {
    let running = {
        let mut running = running();
        running.stopping = true;
        core::mem::take(&mut running.ids)
    };
    #[cfg(unix)]
    for id in running {
        if let Some(pid) = rustix::process::Pid::from_raw(id as i32) {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        }
    }
    #[cfg(not(unix))]
    drop(running);
}

/// Whether [`stop_every_program`] has been called: a run that ends afterwards may have ended
/// by the programs' faults it caused, so a front end reports no result of it.
#[must_use]
pub fn stopped_every_program() -> bool {
    running().stopping
}

thread_local! {
    /// Asked while this thread awaits a program's answer ([`interruptible`]).
    static KEEP_ON: RefCell<Option<Rc<dyn Fn() -> bool>>> = const { RefCell::new(None) };
}

/// How often an interruptible wait for an answer asks whether to go on.
const POLL: Duration = Duration::from_millis(20);

/// Runs `run` with `keep_on` asked before each decision an outside program is sent on this
/// thread, and every 20 ms while its answer is awaited: once it says no, the decision is the
/// program's fault ("stopped") and the program is stopped, as for any fault. For a front end
/// whose own interruption cannot reach this thread while it waits (Python's Ctrl-C, which the
/// interpreter can only see when asked); its `keep_on` should keep saying no once it has, so
/// the rest of the deal is the faults' fallback and the run can stop between deals.
pub fn interruptible<R>(keep_on: Rc<dyn Fn() -> bool>, run: impl FnOnce() -> R) -> R {
    /// Puts back what was asked before, however `run` ends.
    struct Restore(Option<Rc<dyn Fn() -> bool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            KEEP_ON.with(|k| *k.borrow_mut() = before);
        }
    }
    let _restore = Restore(KEEP_ON.with(|k| k.borrow_mut().replace(keep_on)));
    run()
}

/// Whether to go on, by the [`interruptible`] run this thread is in (always outside one).
fn keep_on() -> bool {
    KEEP_ON
        .with(|k| k.borrow().clone())
        .is_none_or(|keep_on| keep_on())
}

/// Whether this thread is in an [`interruptible`] run.
fn interruptible_here() -> bool {
    KEEP_ON.with(|k| k.borrow().is_some())
}

/// What a decision stopped by an [`interruptible`] run's `keep_on` is refused with.
const STOPPED: &str = "stopped: the run was interrupted";

/// A running program: a writer thread takes its decision lines to its input, and a reader
/// thread hands over its answer lines (or why there is none), so that a decision waits for an
/// answer with a deadline even when the program reads nothing and its input pipe is full.
struct Running {
    child: Child,
    lines: Sender<String>,
    answers: Receiver<Result<String, String>>,
}

impl Running {
    fn start(command: &str) -> Result<Running, String> {
        let mut shell = Command::new("sh");
        shell
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // A process group of its own, so that `stop` reaches what it starts too.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut shell, 0);
        let mut child = {
            // Held across the start, so that `stop_every_program` sees every program that
            // has started, and none starts after it.
            let mut running = running();
            if running.stopping {
                return Err("could not start: every program is being stopped".to_owned());
            }
            let child = shell
                .spawn()
                .map_err(|e| format!("could not start `{command}`: {e}"))?;
            running.ids.push(child.id());
            child
        };
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            stop(&mut child);
            return Err(format!("could not open `{command}`'s pipes"));
        };
        let (send, answers) = mpsc::channel();
        let (lines, to_write) = mpsc::channel::<String>();
        let failed = send.clone();
        let writer = std::thread::Builder::new()
            .name("exec-decisions".into())
            .spawn(move || {
                let mut input = input;
                for line in to_write {
                    if let Err(e) = input
                        .write_all(line.as_bytes())
                        .and_then(|()| input.flush())
                    {
                        let why =
                            format!("could not be told the decision (it may have ended): {e}");
                        let _ = failed.send(Err(why));
                        return;
                    }
                }
            });
        if let Err(e) = writer {
            stop(&mut child);
            return Err(format!("could not write to `{command}`: {e}"));
        }
        let reader = std::thread::Builder::new()
            .name("exec-answers".into())
            .spawn(move || {
                let mut lines = BufReader::new(output);
                loop {
                    let mut line = Vec::new();
                    let read = (&mut lines)
                        .take(MAX_ANSWER as u64 + 1)
                        .read_until(b'\n', &mut line);
                    let answer = match read {
                        Ok(0) => Err("it ended (its output closed) instead of answering".into()),
                        Err(e) => Err(format!("its output could not be read: {e}")),
                        Ok(_) if line.len() > MAX_ANSWER => {
                            Err(format!("it answered a line longer than {MAX_ANSWER} bytes"))
                        }
                        Ok(_) => String::from_utf8(line)
                            .map_err(|_| "it answered a line that is not UTF-8".to_owned()),
                    };
                    let last = answer.is_err();
                    if send.send(answer).is_err() || last {
                        return;
                    }
                }
            });
        if let Err(e) = reader {
            stop(&mut child);
            return Err(format!("could not read `{command}`'s answers: {e}"));
        }
        Ok(Running {
            child,
            lines,
            answers,
        })
    }
}

/// Ends the program and everything in its process group: killing `sh` alone would leave a
/// wrapper script's player running, holding the answers' pipe and the standard error open.
fn stop(child: &mut Child) {
    running().ids.retain(|&id| id != child.id());
    // The game no longer needs it: a program that already ended makes the calls fail. Until
    // `wait` reaps it, its process id (its group's id) cannot be reused.
    #[cfg(unix)]
    let _ = rustix::process::kill_process_group(
        rustix::process::Pid::from_child(child),
        rustix::process::Signal::KILL,
    );
    let _ = child.kill();
    let _ = child.wait();
}

impl Drop for Running {
    fn drop(&mut self) {
        stop(&mut self.child);
    }
}

/// One seat of one game played by an outside [`Program`].
pub(crate) struct PipePlayer<G> {
    program: Program,
    running: Option<Running>,
    /// The seat's redacted events since its last decision, as JSON.
    events: Vec<Value>,
    faults: Vec<String>,
    /// Whether it faulted in this game: the rest of its decisions are the fallback's.
    failed: bool,
    /// The decisions sent to it so far: the next one's number.
    sent: u64,
    game: core::marker::PhantomData<fn() -> G>,
}

impl<G: Catalogued> PipePlayer<G> {
    /// The program's choice for `seat`, or why it has none.
    fn ask(&mut self, state: &G, legal: &[G::Action]) -> Result<G::Action, String> {
        let seat = state.to_act().ok_or("the game is over")?;
        if !keep_on() {
            return Err(STOPPED.to_owned());
        }
        if self.running.is_none() {
            self.running = Some(Running::start(&self.program.command)?);
        }
        let running = self.running.as_mut().ok_or("not running")?;
        let shown = |text: &str| text.trim().chars().take(80).collect::<String>();
        // An answer is due only once its decision is sent: a line already waiting (a second
        // answer to the last decision) would be read as this one's.
        if let Ok(early) = running.answers.try_recv() {
            return Err(format!("answered {:?} before it was asked", shown(&early?)));
        }
        let decision = self.sent;
        self.sent += 1;
        let line = json!({
            "decision": decision,
            "game": G::NAME,
            "seat": seat.index(),
            "view": serde_json::to_value(state.view(seat)).map_err(|e| e.to_string())?,
            "events": core::mem::take(&mut self.events),
            "legal": legal.iter().map(ToString::to_string).collect::<Vec<_>>(),
        });
        (running.lines.send(format!("{line}\n")))
            .map_err(|_| "could not be told the decision (it has ended)".to_owned())?;
        let answer = await_answer(&running.answers, self.program.answer_time)?;
        let answer_json = serde_json::from_str::<Value>(&answer).ok();
        let action = (answer_json.as_ref())
            .and_then(|v| v.get("action").and_then(Value::as_str).map(str::to_owned))
            .ok_or_else(|| {
                format!(
                    "answered {:?}, not a line {{\"action\": NOTATION}}",
                    shown(&answer)
                )
            })?;
        // A program that echoes the decision's number is sure not to have a late answer to
        // an earlier decision read as this one's.
        if let Some(echoed) = answer_json.as_ref().and_then(|v| v.get("decision"))
            && echoed.as_u64() != Some(decision)
        {
            return Err(format!(
                "answered {:?} to decision {decision}: an answer's \"decision\" is the one it \
                 answers",
                shown(&answer)
            ));
        }
        legal
            .iter()
            .find(|a| a.to_string() == action)
            .or_else(|| {
                let read = state.read_action(&action)?;
                legal.iter().find(|&&a| a == read)
            })
            .copied()
            .ok_or_else(|| {
                let all: Vec<String> = legal.iter().map(ToString::to_string).collect();
                format!(
                    "answered {:?}, which is not legal here; legal: {}",
                    shown(&action),
                    all.join(" ")
                )
            })
    }
}

/// The program's answer line within `time`, or why there is none. In an [`interruptible`]
/// run, the wait is in slices of [`POLL`], asking between them whether to go on.
fn await_answer(
    answers: &Receiver<Result<String, String>>,
    time: Duration,
) -> Result<String, String> {
    // No deadline past what an `Instant` holds: a `Program` built by hand may wait for ever.
    let deadline = Instant::now().checked_add(time);
    let slice = if interruptible_here() { POLL } else { time };
    loop {
        let left = deadline.map_or(Duration::MAX, |d| {
            d.saturating_duration_since(Instant::now())
        });
        match answers.recv_timeout(left.min(slice)) {
            Ok(answer) => return answer,
            Err(RecvTimeoutError::Disconnected) => return Err("it ended".into()),
            Err(RecvTimeoutError::Timeout) if left <= slice => {
                return Err(format!("no answer within {} s", time.as_secs_f64()));
            }
            Err(RecvTimeoutError::Timeout) => {
                if !keep_on() {
                    return Err(STOPPED.to_owned());
                }
            }
        }
    }
}

impl<G: Catalogued> Player<G> for PipePlayer<G> {
    fn act(&mut self, state: &G, legal: &[G::Action]) -> Option<G::Action> {
        let first = legal.first().copied()?;
        if self.failed {
            return Some(first);
        }
        match self.ask(state, legal) {
            Ok(action) => Some(action),
            Err(why) => {
                self.faults
                    .push(format!("`{}`: {why}", self.program.command));
                self.failed = true;
                self.running = None;
                Some(first)
            }
        }
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, event: &G::Event) {
        if !self.failed {
            self.events
                .push(serde_json::to_value(event).unwrap_or(Value::Null));
        }
    }

    fn take_faults(&mut self) -> Vec<String> {
        core::mem::take(&mut self.faults)
    }
}

impl<G: Game> core::fmt::Debug for PipePlayer<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PipePlayer")
            .field("program", &self.program)
            .field("failed", &self.failed)
            .finish_non_exhaustive()
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// Why `command`'s answer to its second decision of a Schieber deal is refused, after its
    /// first was taken and `pause` has passed.
    fn second_answer_refused(command: &str, pause: Duration) -> String {
        use cards_core::Seed;
        use jass::{Action, Contract, Game, Mode, Rules, SchieberDeal};

        let program = Program {
            command: command.to_owned(),
            answer_time: Duration::from_secs(20),
        };
        let mut player = program.seat::<SchieberDeal>();
        let mut deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(3)).unwrap();
        deal.play(Action::Name(Contract::Mode(Mode::Obenabe)))
            .unwrap();
        let mut legal = Vec::new();
        deal.legal_actions(&mut legal);
        assert_eq!(player.ask(&deal, &legal), Ok(legal[0]));
        deal.play(legal[0]).unwrap();
        std::thread::sleep(pause);
        deal.legal_actions(&mut legal);
        player.ask(&deal, &legal).unwrap_err()
    }

    /// A line the program writes before its decision is sent is a fault, not the decision's
    /// answer: here a second answer to the first decision, found waiting at the second.
    #[test]
    fn a_line_before_its_decision_is_a_fault() {
        let twice = "python3 -c 'import json, sys\n\
                     for line in sys.stdin:\n    \
                     answer = json.dumps({\"action\": json.loads(line)[\"legal\"][0]})\n    \
                     print(answer + \"\\n\" + answer, flush=True)'";
        // Time for the second line to reach the reader.
        let why = second_answer_refused(twice, Duration::from_millis(500));
        assert!(why.contains("before it was asked"), "{why}");
    }

    /// A program that echoes each decision's number has an answer to an earlier decision,
    /// read at a later one, refused as a fault; the number it was sent is accepted.
    #[test]
    fn an_answer_echoing_another_decision_is_a_fault() {
        // It answers every decision as if it were the first (decision 0).
        let stale = "python3 -c 'import json, sys\n\
                     for line in sys.stdin:\n    \
                     legal = json.loads(line)[\"legal\"]\n    \
                     print(json.dumps({\"action\": legal[0], \"decision\": 0}), flush=True)'";
        let why = second_answer_refused(stale, Duration::ZERO);
        assert!(why.contains("to decision 1"), "{why}");
    }

    /// In an interruptible run, a decision waits only until the run says to stop: a program
    /// that never answers is stopped then, not at the end of its answer time, and once the
    /// run has said no, no program is started.
    #[test]
    fn an_interruptible_run_stops_waiting_when_asked() {
        use cards_core::Seed;
        use jass::{Action, Contract, Game, Mode, Rules, SchieberDeal};

        // The longest wait a `Duration` holds, as a `Program` built by hand may ask.
        let program = Program {
            command: "sleep 60".to_owned(),
            answer_time: Duration::MAX,
        };
        let mut deal = SchieberDeal::new(&Rules::default(), 4, Seed::from(3)).unwrap();
        deal.play(Action::Name(Contract::Mode(Mode::Obenabe)))
            .unwrap();
        let mut legal = Vec::new();
        deal.legal_actions(&mut legal);
        let started = Instant::now();
        let until = started + Duration::from_millis(300);
        let mut player = program.seat::<SchieberDeal>();
        let why = interruptible(Rc::new(move || Instant::now() < until), || {
            player.ask(&deal, &legal)
        })
        .unwrap_err();
        assert_eq!(why, STOPPED);
        let waited = started.elapsed();
        assert!(
            (Duration::from_millis(300)..Duration::from_secs(10)).contains(&waited),
            "{waited:?}"
        );
        assert!(!interruptible_here(), "the run's keep_on outlived it");

        let mut fresh = program.seat::<SchieberDeal>();
        let why = interruptible(Rc::new(|| false), || fresh.ask(&deal, &legal)).unwrap_err();
        assert_eq!(why, STOPPED);
        assert!(
            fresh.running.is_none(),
            "a program started after the run said no"
        );
    }

    /// A program that reads nothing: a decision line larger than its input pipe holds (a pipe
    /// holds 64 KiB on Linux) must not stop the decision from timing out as any other.
    #[test]
    fn a_program_that_reads_nothing_cannot_hold_a_decision_up() {
        let running = Running::start("sleep 60").unwrap();
        let (done, finished) = mpsc::channel();
        // The decision on a thread of its own, so that a blocking write fails the test rather
        // than hanging it.
        std::thread::spawn(move || {
            let sent = running.lines.send("x".repeat(4 << 20));
            let answer = running.answers.recv_timeout(Duration::from_millis(300));
            let _ = done.send((
                sent.is_ok(),
                matches!(answer, Err(RecvTimeoutError::Timeout)),
            ));
        });
        let (sent, timed_out) = finished
            .recv_timeout(Duration::from_secs(20))
            .expect("the decision blocked on the program's full input pipe");
        assert!(sent && timed_out);
    }
}
