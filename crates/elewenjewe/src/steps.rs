//! [`Stepped`]: Eléwénjewé seen through a small action index, its captures and builds split
//! into steps (the frame's [`Indexed`] contract for split decisions).

use core::fmt;

use cards_core::{ActionMask, Card as _, Game, IndexError, Indexed, StdCard};

use crate::Pattern;
use crate::action::Action;
use crate::cards::{RANK_COLUMN, card_value};
use crate::error::RuleError;
use crate::state::{Cards, Elewenjewe, JOKERS};

const N: usize = StdCard::COUNT;

/// One step of a decision, and its index in `0..Step::COUNT` (703):
///
/// | indices | step |
/// |---|---|
/// | `0..54` | [`Step::Trail`] card `i`: the whole action [`Action::Trail`] |
/// | `54..108` | [`Step::Capture`] with card `i − 54`: starts a capture (a joker's capture, the whole table, is played at once) |
/// | `108..648` | [`Step::Build`] card `c` for value `v`, index `108 + (v − 1) × 54 + c`: starts an Esun build |
/// | `648..702` | [`Step::Pick`] table card `i − 648` (loose, or a card of a protected pile) |
/// | `702` | [`Step::Finish`]: plays the capture or build of the cards picked |
///
/// Jokers lying on the table are never picked: every capture takes them, and finishing adds
/// them. Only picks after which the cards picked can still grow into a legal capture (or
/// build) are offered, and finish only when they are one; a pile's cards are picked one by
/// one, and only whole piles finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Trail this card of the hand.
    Trail(StdCard),
    /// Start a capture with this card of the hand.
    Capture(StdCard),
    /// Start a build with this card of the hand for this value.
    Build(StdCard, u8),
    /// Add this table card to the capture or build under way.
    Pick(StdCard),
    /// Play the capture or build of the cards picked.
    Finish,
}

impl Step {
    const TRAIL: usize = 0;
    const CAPTURE: usize = N;
    const BUILD: usize = 2 * N;
    const PICK: usize = 12 * N;
    const FINISH: usize = 13 * N;
    /// Size of the index space.
    pub const COUNT: usize = 13 * N + 1;

    /// The step's index (a build value outside 1 ..= 10 is clamped).
    #[must_use]
    pub fn index(self) -> usize {
        let c = |c: StdCard| usize::from(c.index());
        match self {
            Step::Trail(card) => Self::TRAIL + c(card),
            Step::Capture(card) => Self::CAPTURE + c(card),
            Step::Build(card, v) => Self::BUILD + usize::from(v.clamp(1, 10) - 1) * N + c(card),
            Step::Pick(card) => Self::PICK + c(card),
            Step::Finish => Self::FINISH,
        }
    }

    /// The step with this index, or `None` when `index >= Step::COUNT`.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Step> {
        let card = |i: usize| u8::try_from(i % N).ok().and_then(StdCard::from_index);
        Some(match index {
            i if i < Self::CAPTURE => Step::Trail(card(i)?),
            i if i < Self::BUILD => Step::Capture(card(i)?),
            i if i < Self::PICK => Step::Build(card(i)?, ((i - Self::BUILD) / N + 1) as u8),
            i if i < Self::FINISH => Step::Pick(card(i)?),
            Self::FINISH => Step::Finish,
            _ => return None,
        })
    }
}

/// The step in words: `trail 7H`, `capture with 9S`, `build with AS for 10`, `pick 3D`,
/// `finish` (`{:#}` writes the cards with suit symbols).
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (verb, card, after) = match *self {
            Step::Trail(card) => ("trail ", card, None),
            Step::Capture(card) => ("capture with ", card, None),
            Step::Build(card, value) => ("build with ", card, Some(value)),
            Step::Pick(card) => ("pick ", card, None),
            Step::Finish => return f.write_str("finish"),
        };
        f.write_str(verb)?;
        fmt::Display::fmt(&card, f)?;
        match after {
            Some(value) => write!(f, " for {value}"),
            None => Ok(()),
        }
    }
}

/// A capture or build under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// The card of the hand played.
    pub played: StdCard,
    /// `None` for a capture; the value for a build.
    pub build: Option<u8>,
    /// The table cards picked so far (never a lying joker).
    pub picked: Cards,
}

/// Eléwénjewé through the stepped action index (see [`Step`]). Mid-decision it holds the
/// capture or build under way; [`Indexed::game`] is then still the state before the
/// decision, which changes only at [`Step::Finish`].
///
/// ```
/// use cards_core::{ActionMask, Indexed};
/// use elewenjewe::{Elewenjewe, Game, Rules, Seed, Stepped};
/// let game = Elewenjewe::new(&Rules::default(), 2, Seed::from(1))?;
/// let mut position = Stepped::from_game(game);
/// let mut mask = ActionMask::new(0);
/// while !position.game().is_terminal() {
///     position.legal_mask(&mut mask);
///     let step = mask.iter().next().expect("a live position offers a step");
///     position.play_index(step)?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stepped {
    game: Elewenjewe,
    pending: Option<Pending>,
}

impl Stepped {
    /// The capture or build under way, if any.
    #[must_use]
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// Calls `f` with every completion of `p`'s decision: the pickable part (no lying jokers)
    /// of each legal capture or build of its card.
    fn each_option(&self, p: Pending, mut f: impl FnMut(Cards)) {
        let Some(seat) = self.game.to_act() else {
            return;
        };
        match p.build {
            None => self.game.each_capture(p.played, |t| f(t - JOKERS)),
            Some(v) => self.game.each_build(seat, p.played, |value, t| {
                if value == v {
                    f(t);
                }
            }),
        }
    }

    /// The picks that can still complete `p`, and whether it is complete: by value patterns
    /// (suit-blind, so a few dozen at most) where the piles are independent of the loose
    /// cards, else by listing every completion.
    fn completions(&self, p: Pending) -> (Cards, bool) {
        let rules = self.game.rules;
        let table = self.game.table();
        let loose_picked = p.picked & table;
        let patterns = match p.build {
            None if p.played.is_joker() || (rules.yoruba && rules.yoruba_checks_piles) => None,
            None => crate::capture_patterns(p.played, table, &rules).ok(),
            Some(v) => crate::build_patterns(p.played, table, v, &rules).ok(),
        };
        let Some(patterns) = patterns else {
            let (mut more, mut done) = (Cards::EMPTY, false);
            self.each_option(p, |option| {
                if p.picked.is_subset(option) {
                    more |= option - p.picked;
                    done |= option == p.picked;
                }
            });
            return (more, done);
        };
        // Piles of the played card's value: any may join any capture, whole.
        let (mut piles, mut whole) = (Cards::EMPTY, true);
        if p.build.is_none() {
            for pile in self.game.piles() {
                if card_value(p.played) == Some(pile.value) {
                    piles |= pile.cards;
                    let part = pile.cards & p.picked;
                    whole &= part.is_empty() || part == pile.cards;
                }
            }
        }
        let want = Pattern::of(loose_picked);
        let free = table - p.picked - JOKERS;
        let (mut more, mut fits, mut exact) = (Cards::EMPTY, false, false);
        for pattern in patterns {
            let pattern = pattern.with_jokers(0);
            if (1..=13).any(|r| pattern.count(r) < want.count(r)) {
                continue;
            }
            fits = true;
            exact |= pattern == want;
            for rank in (1..=13).filter(|&r| pattern.count(r) > want.count(r)) {
                more |= free & Cards::from_bits_truncate(RANK_COLUMN << (rank - 1));
            }
        }
        if !loose_picked.is_empty() && !fits {
            return (Cards::EMPTY, false);
        }
        let from_piles = p.picked - table;
        let done = whole
            && if loose_picked.is_empty() {
                !from_piles.is_empty()
            } else {
                exact
            };
        (more | (piles - p.picked), done)
    }

    /// Whether `card` has a capture now (without listing them).
    fn has_capture(&self, card: StdCard) -> bool {
        let rules = self.game.rules;
        if card.is_joker() || (rules.yoruba && rules.yoruba_checks_piles) {
            let mut any = false;
            self.game.each_capture(card, |_| any = true);
            return any;
        }
        let value = card_value(card);
        self.game.piles().iter().any(|p| Some(p.value) == value)
            || crate::count_capture_patterns(card, self.game.table(), &rules).is_ok_and(|n| n > 0)
    }

    /// The values `card` can be built for now by the seat to act, as bits (bit `v`).
    fn build_values(&self, card: StdCard) -> u16 {
        let rules = self.game.rules;
        let Some(seat) = self.game.to_act() else {
            return 0;
        };
        if !rules.esun || card_value(card).is_none() {
            return 0;
        }
        let rest = self.game.hand(seat).without(card);
        let mut values = 0;
        for v in 1..=10u8 {
            if rest.iter().any(|c| card_value(c) == Some(v))
                && crate::can_build(card, self.game.table(), v, &rules).unwrap_or(false)
            {
                values |= 1 << v;
            }
        }
        values
    }

    /// Whether `step` is legal now (exactly the steps of [`Indexed::legal_mask`]).
    #[must_use]
    pub fn is_legal(&self, step: Step) -> bool {
        let Some(seat) = self.game.to_act() else {
            return false;
        };
        let hand = self.game.hand(seat);
        match (self.pending, step) {
            (None, Step::Trail(card)) => hand.contains(card),
            (None, Step::Capture(card)) => hand.contains(card) && self.has_capture(card),
            (None, Step::Build(card, v)) => {
                hand.contains(card) && v <= 10 && self.build_values(card) >> v & 1 == 1
            }
            (Some(p), Step::Pick(card)) => {
                !p.picked.contains(card) && self.completions(p).0.contains(card)
            }
            (Some(p), Step::Finish) => self.completions(p).1,
            _ => false,
        }
    }

    fn finish(&self, p: Pending) -> Action {
        match p.build {
            None => Action::Capture {
                played: p.played,
                taken: p.picked | (self.game.table() & JOKERS),
            },
            Some(value) => Action::Build {
                played: p.played,
                value,
                taken: p.picked,
            },
        }
    }
}

impl Indexed for Stepped {
    type Game = Elewenjewe;
    const NUM_ACTIONS: usize = Step::COUNT;

    fn from_game(game: Elewenjewe) -> Self {
        Stepped {
            game,
            pending: None,
        }
    }

    fn game(&self) -> &Elewenjewe {
        &self.game
    }

    fn legal_mask(&self, mask: &mut ActionMask) {
        mask.reset(Self::NUM_ACTIONS);
        let Some(seat) = self.game.to_act() else {
            return;
        };
        match self.pending {
            None => {
                for card in self.game.hand(seat) {
                    mask.insert(Step::Trail(card).index());
                    if self.has_capture(card) {
                        mask.insert(Step::Capture(card).index());
                    }
                    let values = self.build_values(card);
                    for v in (1..=10u8).filter(|v| values >> v & 1 == 1) {
                        mask.insert(Step::Build(card, v).index());
                    }
                }
            }
            Some(p) => {
                let (more, done) = self.completions(p);
                for card in more {
                    mask.insert(Step::Pick(card).index());
                }
                if done {
                    mask.insert(Step::Finish.index());
                }
            }
        }
    }

    fn play_index(&mut self, index: usize) -> Result<(), IndexError<RuleError>> {
        let bound = Self::NUM_ACTIONS;
        let step = Step::from_index(index).ok_or(IndexError::OutOfRange { index, bound })?;
        if !self.is_legal(step) {
            return Err(IndexError::NotLegal { index });
        }
        let start = |played, build| Pending {
            played,
            build,
            picked: Cards::EMPTY,
        };
        match (step, self.pending) {
            (Step::Trail(card), _) => self
                .game
                .play(Action::Trail(card))
                .map_err(IndexError::Rule)?,
            (Step::Capture(card), _) if card.is_joker() => {
                let taken = self.game.whole_table();
                self.game
                    .play(Action::Capture {
                        played: card,
                        taken,
                    })
                    .map_err(IndexError::Rule)?;
            }
            (Step::Capture(card), _) => self.pending = Some(start(card, None)),
            (Step::Build(card, v), _) => self.pending = Some(start(card, Some(v))),
            (Step::Pick(card), Some(p)) => {
                self.pending = Some(Pending {
                    picked: p.picked.with(card),
                    ..p
                });
            }
            (Step::Finish, Some(p)) => {
                let action = self.finish(p);
                self.game.play(action).map_err(IndexError::Rule)?;
                self.pending = None;
            }
            (Step::Pick(_) | Step::Finish, None) => return Err(IndexError::NotLegal { index }),
        }
        Ok(())
    }

    /// A trail, and a played joker's capture, are one index; a capture is *capture with the
    /// card*, *pick* each card taken but the lying jokers in card index order, *finish*; a
    /// build likewise from *build the card for v*.
    fn action_path(action: Action, out: &mut Vec<usize>) {
        out.clear();
        match action {
            Action::Trail(card) => out.push(Step::Trail(card).index()),
            Action::Capture { played, .. } if played.is_joker() => {
                out.push(Step::Capture(played).index());
            }
            Action::Capture { played, taken } => {
                out.push(Step::Capture(played).index());
                out.extend((taken - JOKERS).iter().map(|c| Step::Pick(c).index()));
                out.push(Step::Finish.index());
            }
            Action::Build {
                played,
                value,
                taken,
            } => {
                out.push(Step::Build(played, value).index());
                out.extend(taken.iter().map(|c| Step::Pick(c).index()));
                out.push(Step::Finish.index());
            }
        }
    }

    /// A capture or build is under way.
    fn in_decision(&self) -> bool {
        self.pending.is_some()
    }

    /// A trail is a whole action; every other first step starts a capture or a build.
    fn whole_action(index: usize) -> Option<Action> {
        match Step::from_index(index)? {
            Step::Trail(card) => Some(Action::Trail(card)),
            _ => None,
        }
    }

    type Step = Step;

    fn step(index: usize) -> Option<Step> {
        Step::from_index(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_reads_as_words_and_passes_the_alternate_flag_to_its_card() {
        let card = |s: &str| s.parse::<StdCard>().unwrap();
        let steps = [
            Step::Trail(card("7H")),
            Step::Capture(card("9S")),
            Step::Build(card("AS"), 10),
            Step::Pick(card("TD")),
            Step::Pick(card("X1")),
            Step::Finish,
        ];
        let plain: Vec<String> = steps.iter().map(ToString::to_string).collect();
        let people: Vec<String> = steps.iter().map(|s| format!("{s:#}")).collect();
        assert_eq!(
            plain,
            [
                "trail 7H",
                "capture with 9S",
                "build with AS for 10",
                "pick TD",
                "pick X1",
                "finish"
            ]
        );
        assert_eq!(
            people,
            [
                "trail 7♥",
                "capture with 9♠",
                "build with A♠ for 10",
                "pick 10♦",
                "pick X1",
                "finish"
            ]
        );
        // What the frame tells a player an index names is the step itself.
        for step in steps {
            assert_eq!(<Stepped as Indexed>::step(step.index()), Some(step));
        }
        assert_eq!(<Stepped as Indexed>::step(Step::COUNT), None);
    }
}
