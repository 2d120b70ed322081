//! [`Event`]: what happened in a Zaägox game, as the game reports it
//! ([`Game::play_reporting`](cards_core::Game::play_reporting),
//! [`Game::start_events`](cards_core::Game::start_events), [`Zaagox::claim_da`],
//! [`Zaagox::close_da`]) and as one seat may know it ([`Event::redacted`]).
//!
//! [`Zaagox::claim_da`]: crate::Zaagox::claim_da
//! [`Zaagox::close_da`]: crate::Zaagox::close_da

use core::fmt;

use cards_core::{Cards, DidoCard, GameEvent, PerSeat, PlayerId, Term};

use crate::{Hand, Outcome, Phase};
use cards_core::Alternate;

/// The cards as dealt, the oracle trace's deal form
/// `{"hands":[[...],...],"pile":[top first]}`: each seat's four cards in the order dealt and
/// the centre pile top first, before the first seat draws. As a seat sees it, the other
/// hands and the pile are only counts (the pile's order is hidden from every seat).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Deal {
    /// Each seat's hand, in the order dealt.
    pub hands: Vec<Cards<DidoCard>>,
    /// The centre pile, top first.
    pub pile: Cards<DidoCard>,
}

/// A pair in a set-up [`Position`]: its ageing cards only as a count for other seats.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PositionPair {
    /// The owner.
    pub owner: PlayerId,
    /// The two pair cards, lower index first.
    pub cards: [DidoCard; 2],
    /// The ageing cards in the order laid.
    pub ageing: Cards<DidoCard>,
}

/// A whole position, as [`Game::start_events`](cards_core::Game::start_events) tells a game
/// that did not start from its own deal (one from
/// [`Game::from_setup`](cards_core::Game::from_setup) or deserialized): every card where it
/// lies, whose turn it is. Hidden cards are counts for the seats that may not see them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Position {
    /// Each seat's hand.
    pub hands: Vec<Cards<DidoCard>>,
    /// The centre pile, top first.
    pub pile: Cards<DidoCard>,
    /// The pairs on the table, oldest first.
    pub pairs: Vec<PositionPair>,
    /// Each seat's stored cards.
    pub stored: Vec<Hand>,
    /// The discard lying out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard: Option<DidoCard>,
    /// Who must do what ([`Phase::Over`] for a finished game; an [`Event::Ended`] follows).
    pub phase: Phase,
    /// Turns played.
    pub turns: u32,
    /// Each seat's Ava declaration: its position (1 = declared first), `None` for none.
    pub ava: Vec<Option<u8>>,
}

/// What happened, in the order it happened. A card a seat may not see is `None` (a single
/// card) or a count ([`Cards::Hidden`]) in the event as [`Event::redacted`] for that seat.
///
/// The JSON form is tagged by `event`: `{"event":"discarded","seat":1,"card":"A1"}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Event {
    /// The deal of a new game: four cards to each seat, the rest as the centre pile. The
    /// first seat's draw follows ([`Event::Drew`]).
    Dealt(Deal),
    /// A set-up position (see [`Position`]), told as a whole.
    Position(Box<Position>),
    /// `seat` drew the top card of the centre pile and begins a turn (one more turn played).
    Drew {
        /// The seat drawing.
        seat: PlayerId,
        /// The card, for the drawer only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<DidoCard>,
    },
    /// `seat` discarded `card` face up.
    Discarded {
        /// The discarder.
        seat: PlayerId,
        /// The discard.
        card: DidoCard,
    },
    /// `seat`, which holds a card of the discard's number, is asked whether it calls Da
    /// (seat-order polling after `discarder`).
    DaAsked {
        /// The seat asked.
        seat: PlayerId,
        /// Who discarded.
        discarder: PlayerId,
    },
    /// `seat` passed on the Da.
    Passed {
        /// The seat that passed.
        seat: PlayerId,
    },
    /// The Da window was closed with no claim (a real-time table's
    /// [`Zaagox::close_da`](crate::Zaagox::close_da)).
    DaClosed,
    /// `seat` called Da: `card` from its hand and the `discard` became its new pair.
    DaClaimed {
        /// The claimant.
        seat: PlayerId,
        /// The claimant's card of the discard's number.
        card: DidoCard,
        /// The discard claimed.
        discard: DidoCard,
    },
    /// `seat` laid two hand cards of one number as a new pair.
    Paired {
        /// The owner of the new pair.
        seat: PlayerId,
        /// The pair, lower card first.
        cards: [DidoCard; 2],
    },
    /// `seat` laid a hand card face down to age on its own pair `pair`.
    Aged {
        /// The owner of the pair.
        seat: PlayerId,
        /// The ageing card, for the owner only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<DidoCard>,
        /// The pair aged, lower card first.
        pair: [DidoCard; 2],
    },
    /// `seat`'s pair `pair` has all the ageing cards it needs: `seat` chooses the card to store.
    PairCompleted {
        /// The owner.
        seat: PlayerId,
        /// The pair, lower card first.
        pair: [DidoCard; 2],
    },
    /// `seat` stored `card` from its completed pair; the pair's `other` card, then its
    /// `ageing` cards in the order laid, went to the bottom of the centre pile.
    Stored {
        /// The owner.
        seat: PlayerId,
        /// The card stored.
        card: DidoCard,
        /// The other pair card, now at the bottom of the pile (it lay face up).
        other: DidoCard,
        /// The ageing cards, after `other` at the bottom of the pile: shown to the owner only.
        ageing: Cards<DidoCard>,
    },
    /// `seat` has four stored cards and chooses End or Ava.
    FourStored {
        /// The seat deciding.
        seat: PlayerId,
    },
    /// `seat` declared Ava: its final set will have five cards.
    AvaDeclared {
        /// The declarer.
        seat: PlayerId,
    },
    /// `seat` drew its Ava card into its hand ([`AvaRule::Continue`](crate::AvaRule::Continue));
    /// no turn begins.
    AvaDrew {
        /// The declarer.
        seat: PlayerId,
        /// The card, for the declarer only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<DidoCard>,
    },
    /// `seat` drew its Ava card and stored it at once as its fifth card
    /// ([`AvaRule::Immediate`](crate::AvaRule::Immediate)).
    AvaStored {
        /// The declarer.
        seat: PlayerId,
        /// The fifth stored card.
        card: DidoCard,
    },
    /// The discard lying out went to the bottom of the centre pile (a new turn begins).
    DiscardBuried {
        /// The discard.
        card: DidoCard,
    },
    /// The game is over: how it ended and the settlement (each seat's result, zero-sum).
    Ended {
        /// How it ended.
        outcome: Outcome,
        /// Each seat's result, as [`Game::settlement`](cards_core::Game::settlement).
        settlement: PerSeat<i64>,
    },
}

/// Hidden from `seat` unless `owner` is `seat`.
fn own(card: Option<DidoCard>, owner: PlayerId, seat: PlayerId) -> Option<DidoCard> {
    card.filter(|_| owner == seat)
}

impl Event {
    /// This event as `seat` may know it (a seat not at the table is an onlooker): other seats'
    /// hands and ageing cards and the pile's cards become counts, other seats' drawn and ageing
    /// cards `None`. Everything else lies face up and is kept.
    #[must_use]
    pub fn redacted(&self, seat: PlayerId) -> Event {
        let hands = |hands: &[Cards<DidoCard>]| -> Vec<Cards<DidoCard>> {
            hands
                .iter()
                .enumerate()
                .map(|(s, h)| h.shown_if(s == seat.index()))
                .collect()
        };
        match self {
            Event::Dealt(deal) => Event::Dealt(Deal {
                hands: hands(&deal.hands),
                pile: deal.pile.hidden(),
            }),
            Event::Position(p) => Event::Position(Box::new(Position {
                hands: hands(&p.hands),
                pile: p.pile.hidden(),
                pairs: p
                    .pairs
                    .iter()
                    .map(|pair| PositionPair {
                        ageing: pair.ageing.shown_if(pair.owner == seat),
                        ..pair.clone()
                    })
                    .collect(),
                ..(**p).clone()
            })),
            &Event::Drew { seat: s, card } => Event::Drew {
                seat: s,
                card: own(card, s, seat),
            },
            &Event::Aged {
                seat: s,
                card,
                pair,
            } => Event::Aged {
                seat: s,
                card: own(card, s, seat),
                pair,
            },
            Event::Stored {
                seat: s,
                card,
                other,
                ageing,
            } => Event::Stored {
                seat: *s,
                card: *card,
                other: *other,
                ageing: ageing.shown_if(*s == seat),
            },
            &Event::AvaDrew { seat: s, card } => Event::AvaDrew {
                seat: s,
                card: own(card, s, seat),
            },
            other => other.clone(),
        }
    }
}

impl GameEvent for Event {
    type Deal = Deal;

    /// Zaägox's own words, as its sentences and its [`View`](crate::View)'s screen write them.
    const TERMS: &'static [Term] = TERMS;

    /// The deal of a new game ([`Event::Dealt`]). A set-up [`Position`] is not a deal.
    fn deal(&self) -> Option<&Deal> {
        match self {
            Event::Dealt(deal) => Some(deal),
            _ => None,
        }
    }

    /// The settlement, when the game ends ([`Event::Ended`]): Zaägox is one round.
    fn score(&self) -> Option<&[i64]> {
        match self {
            Event::Ended { settlement, .. } => Some(settlement),
            _ => None,
        }
    }
}

/// The words of [`GameEvent::TERMS`], in the order a newcomer meets them.
const TERMS: &[Term] = &[
    Term {
        word: "turn",
        meaning: "A turn is one draw from the top of the pile and the discard, pair or age that \
                  follows it; the turn number counts the turns played.",
    },
    Term {
        word: "pile",
        meaning: "The pile is the face-down centre pile: each turn begins with a draw from its \
                  top, cards put away go to its bottom, and when it runs out the game ends with \
                  no winner.",
    },
    Term {
        word: "discard",
        meaning: "The discard is the one card lying face up beside the pile: another player \
                  may claim it by calling Da, otherwise it goes to the bottom of the pile when \
                  the next turn begins.",
    },
    Term {
        word: "Da",
        meaning: "Calling Da claims another player's discard: a player holding a card of the \
                  same number lays the two as a new pair, and the player after the claimant \
                  takes the next turn.",
    },
    Term {
        word: "pair",
        meaning: "A pair is two cards of the same number laid face up in front of their owner; \
                  it collects ageing cards until it is complete.",
    },
    Term {
        word: "ageing",
        meaning: "Ageing cards are hand cards laid face down on one's own pair (others see only \
                  how many): a pair of 1, 2, 3 or 4 needs that many, a pair of 5, 6, 7 or 8 \
                  needs 1, 2, 3 or 4, and a pair of blanks needs none.",
    },
    Term {
        word: "complete",
        meaning: "A pair is complete once it has all the ageing cards it needs: its owner \
                  stores one of its two cards, and the other card and the ageing cards go to \
                  the bottom of the pile.",
    },
    Term {
        word: "stored",
        meaning: "Stored cards are the face-up cards a player collects, one from each complete \
                  pair; with four, the player may end the game and win, scored on how different \
                  they are in shape, colour and number.",
    },
    Term {
        word: "Ava",
        meaning: "A player with four stored cards may declare Ava instead of ending, to win on \
                  five stored cards; if another player wins first, the declarer alone pays that \
                  winner for every loser.",
    },
    Term {
        word: "kinds",
        meaning: "The kinds of a stored set are how many different shapes, colours and \
                  numbers it holds (numbers counted modulo 4, so 1 and 5 are alike; blanks have \
                  a shape but no colour or number): more kinds score more.",
    },
    Term {
        word: "strong",
        meaning: "Four or five number kinds are strong when the numbers on the numbered cards \
                  are exactly 1, 2, 3 and 4 or exactly 5, 6, 7 and 8 (repeats aside); strong \
                  scores more than weak.",
    },
    Term {
        word: "weak",
        meaning: "Four or five number kinds are weak when the numbers on the numbered cards \
                  are neither exactly 1 to 4 nor exactly 5 to 8; weak scores less than strong.",
    },
    Term {
        word: "colour",
        meaning: "A card's colour is its letter: A Alivaie, S Suçes, G Gran, P Pradol; the \
                  blanks (the 0-cards) have none.",
    },
    Term {
        word: "shape",
        meaning: "A card's shape is the picture on it, which its name does not show: Oxas \
                  (perfect circles only), Lindys (no perfect circle), Ronaldisis (circles and \
                  lines) or Quotos (the blank 0-cards, with no colour and no number); the \
                  screen's shape line tells it for every card lying face up.",
    },
];

/// `a card` or the card (`{:#}` passed on to it).
struct Drawn(Option<DidoCard>);

impl fmt::Display for Drawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(card) => fmt::Display::fmt(&card, f),
            None => f.write_str("a card"),
        }
    }
}

/// Each seat's hand: the cards or how many.
fn write_hands(f: &mut fmt::Formatter<'_>, hands: &[Cards<DidoCard>], alt: bool) -> fmt::Result {
    for (s, hand) in hands.iter().enumerate() {
        write!(
            f,
            "{}seat {s}: {}",
            if s == 0 { "" } else { ", " },
            Alternate(hand, alt)
        )?;
    }
    Ok(())
}

impl fmt::Display for Event {
    /// A sentence: `seat 1 drew S3`, `seat 2 drew a card`, `seat 0 stored A1; S1 and 2
    /// ageing cards went to the bottom of the pile`. `{:#}` writes the cards with `{:#}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        let c = |card: DidoCard| Alternate(card, alt);
        match self {
            Event::Dealt(deal) => {
                f.write_str("dealt ")?;
                write_hands(f, &deal.hands, alt)?;
                write!(f, "; the centre pile holds {}", Alternate(&deal.pile, alt))
            }
            Event::Position(p) => {
                write!(
                    f,
                    "set up at turn {}, {}: hands ",
                    p.turns,
                    Alternate(p.phase, alt)
                )?;
                write_hands(f, &p.hands, alt)?;
                write!(f, "; the centre pile holds {}", Alternate(&p.pile, alt))?;
                if let Some(d) = p.discard {
                    write!(f, "; discard {}", c(d))?;
                }
                for pair in &p.pairs {
                    let [lo, hi] = pair.cards;
                    write!(f, "; seat {}'s pair {} {}", pair.owner, c(lo), c(hi))?;
                    if !pair.ageing.is_empty() {
                        write!(f, " ageing {}", Alternate(&pair.ageing, alt))?;
                    }
                }
                for (s, stored) in p.stored.iter().enumerate() {
                    if !stored.is_empty() {
                        write!(f, "; seat {s} stored {}", Alternate(stored, alt))?;
                    }
                }
                Ok(())
            }
            Event::Drew { seat, card } => {
                write!(f, "seat {seat} drew {}", Alternate(Drawn(*card), alt))
            }
            Event::Discarded { seat, card } => write!(f, "seat {seat} discarded {}", c(*card)),
            Event::DaAsked { seat, discarder } => {
                write!(f, "seat {seat} may call Da on seat {discarder}'s discard")
            }
            Event::Passed { seat } => write!(f, "seat {seat} passed on the Da"),
            Event::DaClosed => f.write_str("nobody called Da"),
            Event::DaClaimed {
                seat,
                card,
                discard,
            } => write!(
                f,
                "seat {seat} called Da with {} and paired it with the discard {}",
                c(*card),
                c(*discard)
            ),
            Event::Paired {
                seat,
                cards: [a, b],
            } => write!(f, "seat {seat} laid the pair {} {}", c(*a), c(*b)),
            Event::Aged {
                seat,
                card,
                pair: [lo, hi],
            } => match card {
                Some(card) => write!(
                    f,
                    "seat {seat} laid {} to age on its pair {} {}",
                    c(*card),
                    c(*lo),
                    c(*hi)
                ),
                None => write!(
                    f,
                    "seat {seat} laid an ageing card on its pair {} {}",
                    c(*lo),
                    c(*hi)
                ),
            },
            Event::PairCompleted {
                seat,
                pair: [lo, hi],
            } => write!(
                f,
                "seat {seat}'s pair {} {} is complete: seat {seat} stores one of its cards",
                c(*lo),
                c(*hi)
            ),
            Event::Stored {
                seat,
                card,
                other,
                ageing,
            } => {
                write!(f, "seat {seat} stored {}; {}", c(*card), c(*other))?;
                match ageing {
                    _ if ageing.is_empty() => {}
                    Cards::Shown(_) => {
                        write!(f, " and the ageing cards {}", Alternate(ageing, alt))?
                    }
                    Cards::Hidden(1) => f.write_str(" and 1 ageing card")?,
                    Cards::Hidden(n) => write!(f, " and {n} ageing cards")?,
                }
                f.write_str(" went to the bottom of the pile")
            }
            Event::FourStored { seat } => {
                write!(
                    f,
                    "seat {seat} has four stored cards and chooses: end or Ava"
                )
            }
            Event::AvaDeclared { seat } => write!(f, "seat {seat} declared Ava"),
            Event::AvaDrew { seat, card } => {
                write!(
                    f,
                    "seat {seat} drew {} for Ava",
                    Alternate(Drawn(*card), alt)
                )
            }
            Event::AvaStored { seat, card } => write!(
                f,
                "seat {seat} drew {} for Ava and stored it as the fifth card",
                c(*card)
            ),
            Event::DiscardBuried { card } => {
                write!(f, "the discard {} went to the bottom of the pile", c(*card))
            }
            // Several lines: how it ended, who pays whom, each seat's points.
            Event::Ended {
                outcome,
                settlement,
            } => {
                write!(f, "{outcome}")?;
                if let Outcome::Won {
                    winner, ava_failed, ..
                } = outcome
                {
                    let w = winner.index();
                    // In `i128`: a settlement from anywhere may hold `i64::MIN`, whose
                    // negation `i64` has not.
                    let points = |n: i128| {
                        if n == 1 {
                            "1 point".to_owned()
                        } else {
                            format!("{n} points")
                        }
                    };
                    for (s, &v) in settlement.iter().enumerate() {
                        if s == w || v == 0 {
                            continue;
                        }
                        if ava_failed.is_some_and(|p| p.index() == s) {
                            write!(
                                f,
                                "\n  seat {s} pays seat {w} {} alone, for every loser (its Ava failed)",
                                points(-i128::from(v))
                            )?;
                        } else if v < 0 {
                            write!(f, "\n  seat {s} pays seat {w} {}", points(-i128::from(v)))?;
                        } else {
                            write!(
                                f,
                                "\n  seat {w} pays seat {s} {} (a negative score is paid by the winner)",
                                points(i128::from(v))
                            )?;
                        }
                    }
                }
                f.write_str("\n  points this game:")?;
                for (s, v) in settlement.iter().enumerate() {
                    write!(f, "{} seat {s} {v:+}", if s == 0 { "" } else { "," })?;
                }
                Ok(())
            }
        }
    }
}
