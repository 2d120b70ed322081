//! [`Event`]: what happened in a Zaägox game, as the game reports it
//! ([`Game::play_reporting`](cards_core::Game::play_reporting),
//! [`Game::start_events`](cards_core::Game::start_events), [`Zaagox::claim_da`],
//! [`Zaagox::close_da`]) and as one seat may know it ([`Event::redacted`]).
//!
//! [`Zaagox::claim_da`]: crate::Zaagox::claim_da
//! [`Zaagox::close_da`]: crate::Zaagox::close_da

use core::fmt;

use cards_core::{Cards, DidoCard, GameEvent, PerSeat, PlayerId};

use crate::{Hand, Outcome, Phase};

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

/// `a card` or the card.
struct Drawn(Option<DidoCard>);

impl fmt::Display for Drawn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(card) => write!(f, "{card}"),
            None => f.write_str("a card"),
        }
    }
}

/// Each seat's hand: the cards or how many.
fn write_hands(f: &mut fmt::Formatter<'_>, hands: &[Cards<DidoCard>]) -> fmt::Result {
    for (s, hand) in hands.iter().enumerate() {
        write!(f, "{}seat {s}: {hand}", if s == 0 { "" } else { ", " })?;
    }
    Ok(())
}

impl fmt::Display for Event {
    /// A sentence: `seat 1 drew S3`, `seat 2 drew a card`, `seat 0 stored A1; S1 and 2
    /// ageing cards went to the bottom of the pile`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Dealt(deal) => {
                f.write_str("dealt ")?;
                write_hands(f, &deal.hands)?;
                write!(f, "; the centre pile holds {}", deal.pile)
            }
            Event::Position(p) => {
                write!(f, "set up at turn {}, {}: hands ", p.turns, p.phase)?;
                write_hands(f, &p.hands)?;
                write!(f, "; the centre pile holds {}", p.pile)?;
                if let Some(d) = p.discard {
                    write!(f, "; discard {d}")?;
                }
                for pair in &p.pairs {
                    let [lo, hi] = pair.cards;
                    write!(f, "; seat {}'s pair {lo} {hi}", pair.owner)?;
                    if !pair.ageing.is_empty() {
                        write!(f, " ageing {}", pair.ageing)?;
                    }
                }
                for (s, stored) in p.stored.iter().enumerate() {
                    if !stored.is_empty() {
                        write!(f, "; seat {s} stored {stored}")?;
                    }
                }
                Ok(())
            }
            Event::Drew { seat, card } => write!(f, "seat {seat} drew {}", Drawn(*card)),
            Event::Discarded { seat, card } => write!(f, "seat {seat} discarded {card}"),
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
                "seat {seat} called Da with {card} and paired it with the discard {discard}"
            ),
            Event::Paired {
                seat,
                cards: [a, b],
            } => write!(f, "seat {seat} laid the pair {a} {b}"),
            Event::Aged {
                seat,
                card,
                pair: [lo, hi],
            } => match card {
                Some(card) => write!(f, "seat {seat} laid {card} to age on its pair {lo} {hi}"),
                None => write!(f, "seat {seat} laid an ageing card on its pair {lo} {hi}"),
            },
            Event::PairCompleted {
                seat,
                pair: [lo, hi],
            } => write!(
                f,
                "seat {seat}'s pair {lo} {hi} is complete: seat {seat} stores one of its cards"
            ),
            Event::Stored {
                seat,
                card,
                other,
                ageing,
            } => {
                write!(f, "seat {seat} stored {card}; {other}")?;
                match ageing {
                    _ if ageing.is_empty() => {}
                    Cards::Shown(_) => write!(f, " and the ageing cards {ageing}")?,
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
                write!(f, "seat {seat} drew {} for Ava", Drawn(*card))
            }
            Event::AvaStored { seat, card } => write!(
                f,
                "seat {seat} drew {card} for Ava and stored it as the fifth card"
            ),
            Event::DiscardBuried { card } => {
                write!(f, "the discard {card} went to the bottom of the pile")
            }
            Event::Ended {
                outcome,
                settlement,
            } => {
                write!(f, "{outcome}; settlement")?;
                for (s, v) in settlement.iter().enumerate() {
                    write!(f, "{} seat {s} {v:+}", if s == 0 { "" } else { "," })?;
                }
                Ok(())
            }
        }
    }
}
