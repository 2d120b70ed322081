//! [`Choice`]: the moves of one decision, listed with numbers and read back from what the
//! player types (a number, the game's action notation, or a step's words).

use cards_core::input::notation;
use cards_core::{ActionMask, Game, Indexed};

use super::Style;
use super::layout::columns;

/// A refusal in the game's words, with every cause under it (nothing of the reason is lost).
#[must_use]
pub fn reason(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

/// Up to this many legal actions are listed whole; a decision with more is chosen step by
/// step through the game's indexed position (a capture of many cards, card by card).
pub const LIST_MAX: usize = 40;

/// What the player's line chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked<A> {
    /// A whole action, legal now.
    Action(A),
    /// One step of a decision under way; more follow.
    Step,
    /// A move the game refused, with the rule's own words.
    Refused(String),
    /// Not a move at all, with what is accepted.
    Unknown(String),
}

/// The moves of the decision under way.
pub struct Choice<G: Game, P: Indexed<Game = G>> {
    legal: Vec<G::Action>,
    /// Choosing step by step: the position, the steps taken (their words), the legal steps.
    steps: Option<(P, Vec<String>, Vec<usize>)>,
}

impl<G: Game, P: Indexed<Game = G>> Choice<G, P> {
    /// The decision of the seat to act in `state`.
    #[must_use]
    pub fn new(state: &G) -> Self {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        let mut choice = Choice { legal, steps: None };
        choice.restart(state);
        choice
    }

    /// Back to the first step of a decision chosen step by step (nothing for a listed one).
    /// A decision is chosen step by step when it has more than [`LIST_MAX`] actions and the
    /// game's indexed position splits it into fewer first steps.
    pub fn restart(&mut self, state: &G) {
        self.steps = None;
        if self.legal.len() > LIST_MAX {
            let position = P::from_game(state.clone());
            let mask = Self::mask(&position);
            if mask.len() < self.legal.len() {
                self.steps = Some((position, Vec::new(), mask));
            }
        }
    }

    fn mask(position: &P) -> Vec<usize> {
        let mut mask = ActionMask::new(P::NUM_ACTIONS);
        position.legal_mask(&mut mask);
        mask.iter().collect()
    }

    /// Whether the decision is chosen step by step.
    #[must_use]
    pub fn stepped(&self) -> bool {
        self.steps.is_some()
    }

    /// The steps taken so far in words (empty for a listed decision).
    #[must_use]
    pub fn taken(&self) -> &[String] {
        self.steps.as_ref().map_or(&[], |(_, taken, _)| taken)
    }

    /// The number of legal actions of the whole decision.
    #[must_use]
    pub fn count(&self) -> usize {
        self.legal.len()
    }

    /// The legal actions, in the game's order.
    #[must_use]
    pub fn legal(&self) -> &[G::Action] {
        &self.legal
    }

    /// The options now, in words, in the order their numbers (from 1) give them.
    #[must_use]
    pub fn options(&self, style: Style) -> Vec<String> {
        match &self.steps {
            None => self.legal.iter().map(|a| style.form(a)).collect(),
            Some((_, _, mask)) => mask
                .iter()
                .filter_map(|&i| P::step(i))
                .map(|s| style.form(&s))
                .collect(),
        }
    }

    /// What `line` chooses in `state` (the state the decision is taken in): a move as the
    /// game reads it ([`Game::read_action`]: the notation, the screen's form such as `9♣`, a
    /// number where the game asks for one), else an option's number, else a step's words.
    pub fn pick(&mut self, state: &G, line: &str, style: Style) -> Picked<G::Action> {
        let line = line.trim();
        let count = match &self.steps {
            None => self.legal.len(),
            Some((_, _, mask)) => mask.len(),
        };
        if let Some(action) = state.read_action(line) {
            if self.legal.contains(&action) {
                return Picked::Action(action);
            }
            return match state.apply(action) {
                Err(e) => Picked::Refused(reason(&e)),
                Ok(_) => Picked::Action(action),
            };
        }
        if let Ok(k) = line.parse::<usize>() {
            return match k.checked_sub(1).filter(|&i| i < count) {
                Some(i) => match &self.steps {
                    None => Picked::Action(self.legal[i]),
                    Some((_, _, mask)) => {
                        let index = mask[i];
                        self.step(state, index)
                    }
                },
                None => Picked::Unknown(format!(
                    "{k} is not one of the moves: they are numbered 1 to {count}"
                )),
            };
        }
        if let Some((_, _, mask)) = &self.steps {
            // A step as listed (`{:#}`) or in the notation, in any case.
            let typed = notation(line).to_lowercase();
            let names = |s: &P::Step| {
                [s.to_string(), format!("{s:#}")]
                    .iter()
                    .any(|form| notation(form).to_lowercase() == typed)
            };
            let found = mask
                .iter()
                .copied()
                .find(|&i| P::step(i).is_some_and(|s| names(&s)));
            if let Some(index) = found {
                return self.step(state, index);
            }
        }
        let example = self
            .legal
            .first()
            .map(|a| format!(", a move as shown (`{}`)", style.form(a)))
            .unwrap_or_default();
        let shown: String = line.chars().take(64).collect();
        Picked::Unknown(format!(
            "{shown:?} is not a move or a command: type a number from 1 to {count}{example}, \
             or help"
        ))
    }

    /// Takes the step `index` of a stepped decision.
    fn step(&mut self, state: &G, index: usize) -> Picked<G::Action> {
        let Some((position, taken, mask)) = &mut self.steps else {
            return Picked::Unknown("no decision is being chosen step by step".to_owned());
        };
        if let Err(e) = position.play_index(index) {
            return Picked::Refused(reason(&e));
        }
        if position.in_decision() {
            taken.extend(P::step(index).map(|s| s.to_string()));
            *mask = Self::mask(position);
            return Picked::Step;
        }
        // The decision is complete: the legal action that reaches the position's state.
        let reached = position.game().clone();
        let found = self
            .legal
            .iter()
            .copied()
            .find(|&a| state.apply(a).is_ok_and(|next| next == reached));
        self.restart(state);
        match found {
            Some(action) => Picked::Action(action),
            None => Picked::Refused("those steps make no legal move; start again".to_owned()),
        }
    }
}

/// Of a list longer than [`LIST_MAX`], this many options are shown first, and
/// [`SHOWN_LAST`] last.
const SHOWN_FIRST: usize = 8;
/// See [`SHOWN_FIRST`].
const SHOWN_LAST: usize = 4;

/// `options` numbered from 1 and packed into lines of at most `width` columns; of more than
/// [`LIST_MAX`], the first and last few around `…` (every number still plays its option).
#[must_use]
pub fn numbered(options: &[String], width: usize) -> Vec<String> {
    let mut items: Vec<String> = Vec::new();
    for (i, option) in options.iter().enumerate() {
        if options.len() > LIST_MAX && i == SHOWN_FIRST {
            items.push("…".to_owned());
        }
        if options.len() <= LIST_MAX || i < SHOWN_FIRST || i >= options.len() - SHOWN_LAST {
            items.push(format!("[{}] {option}", i + 1));
        }
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && columns(&line) + 3 + columns(&item) > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str("   ");
        }
        line.push_str(&item);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_numbered_and_packed() {
        let options: Vec<String> = ["6C", "9C", "KH", "AS"].map(String::from).to_vec();
        assert_eq!(
            numbered(&options, 20),
            ["[1] 6C   [2] 9C", "[3] KH   [4] AS"]
        );
        assert_eq!(
            numbered(&options, 80),
            ["[1] 6C   [2] 9C   [3] KH   [4] AS"]
        );
        assert!(numbered(&[], 80).is_empty());
    }
}

#[cfg(test)]
mod stepped {
    use cards_core::{Game, GameRng, RuleBot, Seed};
    use cards_registry::{Catalogued, GameType, Visitor, catalogue};

    use super::*;

    /// A position of `G` whose seat has more legal actions than are listed, if random play
    /// meets one.
    fn crowded<G: Game>(players: usize) -> Option<G> {
        let mut legal = Vec::new();
        for seed in 0..200u64 {
            let mut game = G::new(&G::Rules::default(), players, Seed::from(seed)).ok()?;
            let mut rng = GameRng::new(Seed::from(seed), 9);
            while !game.is_terminal() {
                game.legal_actions(&mut legal);
                if legal.len() > LIST_MAX {
                    return Some(game);
                }
                let i = rng.index(legal.len())?;
                game.play(legal[i]).ok()?;
            }
        }
        None
    }

    /// Checks the step-by-step choice of every game type whose crowded decisions its step
    /// form splits: the visit answers whether it found one.
    struct Crowded;

    impl Visitor for Crowded {
        type Out = bool;

        fn visit<G: Catalogued, P: Indexed<Game = G> + Send + 'static>(
            self,
            line: &'static GameType,
        ) -> bool {
            let Some(game) = crowded::<G>(*line.players().start()) else {
                return false;
            };
            // A crowded decision the step form does not split is listed whole.
            if !Choice::<G, P>::new(&game).stepped() {
                return false;
            }
            chosen_step_by_step::<G, P>(&game);
            typed_in_words::<G, P>(&game);
            true
        }
    }

    /// A crowded decision is chosen step by step into a legal action.
    fn chosen_step_by_step<G: RuleBot, P: Indexed<Game = G>>(game: &G) {
        let mut choice = Choice::<G, P>::new(game);
        let plain = Style::default();
        let options = choice.options(plain);
        assert!(options.len() < choice.count(), "{options:?}");
        // The first option that starts a decision of several steps.
        let start = (0..options.len())
            .find(|&i| {
                let picked = choice.pick(game, &(i + 1).to_string(), plain);
                let step = picked == Picked::Step;
                choice.restart(game);
                step
            })
            .expect("a decision of several steps to start");
        assert_eq!(
            choice.pick(game, &(start + 1).to_string(), plain),
            Picked::Step
        );
        assert_eq!(choice.taken(), [options[start].clone()]);
        // A word that names no option leaves the decision as it was.
        assert!(matches!(
            choice.pick(game, "no such step", plain),
            Picked::Unknown(_)
        ));
        let mut picked = None;
        for _ in 0..60 {
            let last = choice.options(plain).len().to_string();
            match choice.pick(game, &last, plain) {
                Picked::Step => {}
                Picked::Action(action) => {
                    picked = Some(action);
                    break;
                }
                Picked::Refused(why) | Picked::Unknown(why) => panic!("{why}"),
            }
        }
        let action = picked.expect("the steps end in an action");
        assert!(choice.legal().contains(&action), "{action}");
        // The choice starts again for the next try.
        assert!(choice.taken().is_empty());
    }

    /// A step is typed in words, in any case, and a restart starts again.
    fn typed_in_words<G: RuleBot, P: Indexed<Game = G>>(game: &G) {
        let mut choice = Choice::<G, P>::new(game);
        let first = choice.options(Style::default())[0].clone();
        let picked = choice.pick(game, &first.to_uppercase(), Style::default());
        assert!(
            matches!(picked, Picked::Step | Picked::Action(_)),
            "{first}"
        );
        choice.restart(game);
        assert!(choice.taken().is_empty());
        assert_eq!(choice.options(Style::default())[0], first);
        // As a terminal lists it, with suit symbols: the same step.
        let symbols = Style {
            symbols: true,
            ..Style::default()
        };
        let shown = choice.options(symbols)[0].clone();
        let picked = choice.pick(game, &shown, symbols);
        assert!(
            matches!(picked, Picked::Step | Picked::Action(_)),
            "{shown}"
        );
        choice.restart(game);
    }

    #[test]
    fn crowded_decisions_are_chosen_step_by_step() {
        let checked = catalogue()
            .iter()
            .filter(|line| line.visit(Crowded))
            .count();
        assert!(checked > 0, "no game type splits a crowded decision");
    }
}
