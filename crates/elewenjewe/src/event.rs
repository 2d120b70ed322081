//! [`Event`]: what happened in a game of Eléwénjewé, in the order it happened, and [`Deal`],
//! the oracle trace's deal form that the deal events carry.

use core::fmt;

use cards_core::{GameEvent, PlayerId, StdCard, Term};

use crate::outcome::Outcome;
use crate::score::RoundRecord;
use crate::setup::Setup;
use crate::state::{Cards, Pile};
use cards_core::Alternate;

/// The oracle trace's deal form (its JSON, exactly): a round's start
/// `{"dealer":d,"table":[the four layout diamonds]}`, or a batch
/// `{"hands":[[…],…],"table":[…]}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Deal {
    /// A round begins: its dealer, and the four layout diamonds laid face up on an empty
    /// table (the rest of the pack is shuffled into the stock).
    Round {
        /// The round's dealer.
        dealer: PlayerId,
        /// The layout diamonds (in card index order).
        table: Cards,
    },
    /// A batch of four cards each (or the one-card hand) is dealt from the stock.
    Batch {
        /// The cards each seat received, by seat (seat 0 first), in the order received; a
        /// seat sees only the number of another seat's cards.
        hands: Vec<cards_core::Cards<StdCard>>,
        /// The leftovers laid face up on the table now, in stock order (empty if none; the
        /// cards of a dissolving pile are not newly laid).
        table: Vec<StdCard>,
    },
}

/// One thing that happened, reported by [`Game::play_reporting`] and
/// [`Game::start_events`](cards_core::Game::start_events) in the order it happened. Its JSON is
/// tagged by `event`: `{"event":"trailed","seat":1,"card":"7H"}`.
///
/// What a seat sees of each ([`Game::redact`](cards_core::Game::redact)): everything, except
/// the cards dealt to other seats (their number), the leftovers set aside (their number) and,
/// in a [`Position`], the other hands, the stock, the set-aside cards and, without Isiwo, the
/// captured piles (their sizes). Captures are seen by all when they are made, Isiwo or not.
///
/// [`Game::play_reporting`]: cards_core::Game::play_reporting
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Event {
    /// Cards were dealt: a round began ([`Deal::Round`]) or a batch was dealt
    /// ([`Deal::Batch`]).
    Dealt(Deal),
    /// With leftovers `unused`: the cards left in the stock when the last full batch was
    /// dealt are set aside, face down (nobody sees them).
    SetAside {
        /// The cards set aside (only their number, redacted).
        cards: cards_core::Cards<StdCard>,
    },
    /// `seat` played `card` and left it on the table.
    Trailed {
        /// Who played.
        seat: PlayerId,
        /// The card, now lying on the table.
        card: StdCard,
    },
    /// `seat` played `card` and captured `taken` and the whole `piles`: every card goes to
    /// its captured pile, `card` included.
    Captured {
        /// Who captured.
        seat: PlayerId,
        /// The card played from hand (a joker takes the whole table).
        card: StdCard,
        /// The loose table cards taken, lying jokers included (not the piles' cards).
        taken: Cards,
        /// The protected piles taken whole.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        piles: Vec<Pile>,
    },
    /// Esun: `seat` played a card and built it with loose table cards into a protected pile.
    Built {
        /// Who built (the pile's owner).
        seat: PlayerId,
        /// The card played from hand (one of the pile's cards).
        card: StdCard,
        /// The pile now standing on the table.
        pile: Pile,
    },
    /// A protected pile still stood when the next cards were dealt or the round ended: its
    /// cards become loose table cards and its builder incurs an Esun penalty.
    Released {
        /// The pile (its owner is penalized).
        pile: Pile,
        /// The game points the owner loses for it, at the round's scoring.
        penalty: u32,
    },
    /// The round is over and `seat`, who played its last card, takes every card left on the
    /// table (the option `last_player_takes`).
    TookRest {
        /// Who took them.
        seat: PlayerId,
        /// The cards taken.
        cards: Cards,
    },
    /// A round was scored.
    RoundScored {
        /// The round's record, as the game keeps it ([`crate::Elewenjewe::records`]).
        record: RoundRecord,
        /// Of each seat's points, those for layout diamonds (the rest of its points is the
        /// point for the most cards).
        layout_points: Vec<i64>,
        /// The change to each seat's game total: its points less its Esun penalties (the
        /// trace's score event).
        score: Vec<i64>,
        /// Each seat's game total after the round.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        totals: Vec<i64>,
    },
    /// The game is over.
    Ended {
        /// How it ended.
        outcome: Outcome,
    },
    /// The start of a game set up at an explicit position
    /// ([`Game::from_setup`](cards_core::Game::from_setup)): every card where it lies.
    Position(Box<Position>),
}

/// A whole position as an event ([`Event::Position`]): the public facts and every card where it
/// lies, hidden cards as their number once redacted.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The current round's number, from 0.
    pub round: u32,
    /// The current round's dealer.
    pub dealer: PlayerId,
    /// The finished rounds' records.
    pub records: Vec<RoundRecord>,
    /// Each seat's game total after the finished rounds.
    pub totals: Vec<i64>,
    /// Each seat's hand.
    pub hands: Vec<cards_core::Cards<StdCard>>,
    /// The loose table cards.
    pub table: Cards,
    /// The protected piles standing on the table, ordered by their lowest card.
    pub piles: Vec<Pile>,
    /// Each seat's captured pile this round.
    pub captured: Vec<cards_core::Cards<StdCard>>,
    /// The undealt cards, the next to deal first.
    pub stock: cards_core::Cards<StdCard>,
    /// Leftovers set aside this round.
    pub set_aside: cards_core::Cards<StdCard>,
    /// Captures each seat made this round by playing a joker.
    pub joker_plays: Vec<u8>,
    /// Esun penalties each seat incurred this round.
    pub penalties: Vec<u8>,
    /// The seat that played the last card so far this round.
    pub last: Option<PlayerId>,
}

impl Position {
    /// Every card of `setup` where it lies, nothing hidden.
    pub(crate) fn of(setup: Setup, totals: &[i64]) -> Position {
        let shown = |c: Cards| cards_core::Cards::Shown(c.iter().collect());
        Position {
            round: setup.round,
            dealer: setup.dealer,
            records: setup.records,
            totals: totals.to_vec(),
            hands: setup.hands.into_iter().map(shown).collect(),
            table: setup.table,
            piles: setup.piles,
            captured: setup.captured.into_iter().map(shown).collect(),
            stock: cards_core::Cards::Shown(setup.stock),
            set_aside: shown(setup.set_aside),
            joker_plays: setup.joker_plays,
            penalties: setup.penalties,
            last: setup.last,
        }
    }
}

impl GameEvent for Event {
    type Deal = Deal;

    /// The words of Eléwénjewé that the sentences and the view's text use.
    const TERMS: &'static [Term] = &[
        Term {
            word: "Esun",
            meaning: "Instead of capturing, a player may build the card played with loose table \
                      cards into a protected pile whose groups each add up to the value of \
                      another card the player still holds; a pile still standing when the next \
                      cards are dealt costs its builder a penalty.",
        },
        Term {
            word: "trail",
            meaning: "A trail is a card played that captures nothing and builds no pile: it \
                      stays on the table, loose, for anyone to capture later.",
        },
        Term {
            word: "protected pile",
            meaning: "Cards built together by Esun: nobody can break it, and only a card of its \
                      value captures it, whole.",
        },
        Term {
            word: "layout diamonds",
            meaning: "The K♦, Q♦, J♦ and 9♦, laid face up on the table before each round's \
                      shuffle; with the default scoring each is worth 1 point to whoever \
                      captures it.",
        },
        Term {
            word: "leftovers",
            meaning: "The cards left in the stock when too few remain to give everyone four \
                      more; by the rules in force they are laid on the table, set aside unseen \
                      or dealt one to each player.",
        },
        Term {
            word: "Yorùbá rule",
            meaning: "An option under which the cards captured, or built into a pile, must all \
                      have different values, none equal to the value of the card played.",
        },
        Term {
            word: "Isiwo",
            meaning: "An option that lets everyone look at the cards each player has captured; \
                      without it only how many they are is shown.",
        },
        Term {
            word: "jokers",
            meaning: "Two extra cards, X1 and X2: a joker played captures the whole table, \
                      protected piles included, and a joker lying on the table goes with the \
                      next capture.",
        },
    ];

    /// A round's start and each batch.
    fn deal(&self) -> Option<&Deal> {
        match self {
            Event::Dealt(deal) => Some(deal),
            _ => None,
        }
    }

    /// The points each seat scored in the round, Esun penalties deducted.
    fn score(&self) -> Option<&[i64]> {
        match self {
            Event::RoundScored { score, .. } => Some(score),
            _ => None,
        }
    }
}

/// The cards of a set, separated by spaces (`9D JD`), or `nothing`.
struct List(Cards);

impl fmt::Display for List {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("nothing");
        }
        fmt::Display::fmt(&cards_core::Cards::Shown(self.0.iter().collect()), f)
    }
}

/// `seat 0's pile of 10 (AS 9C)`.
struct PileText<'a>(&'a Pile);

impl fmt::Display for PileText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        let cards = Alternate(List(p.cards), f.alternate());
        write!(f, "seat {}'s pile of {} ({cards})", p.owner, p.value)
    }
}

/// The sentence; `{:#}` writes its cards with suit symbols (`10♥`), the plain form in the
/// notation (`TH`).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        let list = |cards: Cards| Alternate(List(cards), alt);
        match self {
            Event::Dealt(Deal::Round { dealer, table }) => write!(
                f,
                "A new round: seat {dealer} deals, and {} lie face up on the table.",
                list(*table)
            ),
            Event::Dealt(Deal::Batch { hands, table }) => {
                f.write_str("Cards dealt: ")?;
                for (s, hand) in hands.iter().enumerate() {
                    if s > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "seat {s} gets {}", Alternate(hand, alt))?;
                }
                if !table.is_empty() {
                    let laid = cards_core::Cards::Shown(table.clone());
                    write!(
                        f,
                        "; the leftovers {} are laid on the table",
                        Alternate(laid, alt)
                    )?;
                }
                f.write_str(".")
            }
            Event::SetAside { cards } => {
                write!(f, "The leftovers are set aside: {}.", Alternate(cards, alt))
            }
            Event::Trailed { seat, card } => {
                let card = Alternate(card, alt);
                write!(
                    f,
                    "seat {seat} plays {card}, a trail: it captures nothing and stays on the table."
                )
            }
            Event::Captured {
                seat,
                card,
                taken,
                piles,
            } => {
                write!(
                    f,
                    "seat {seat} plays {} and captures ",
                    Alternate(card, alt)
                )?;
                if !taken.is_empty() || piles.is_empty() {
                    write!(f, "{}", list(*taken))?;
                }
                for (i, pile) in piles.iter().enumerate() {
                    let and = if i == 0 && taken.is_empty() {
                        ""
                    } else {
                        " and "
                    };
                    write!(f, "{and}{}", Alternate(PileText(pile), alt))?;
                }
                f.write_str(".")
            }
            Event::Built { seat, card, pile } => write!(
                f,
                "seat {seat} plays {} and builds a protected pile of {}: {}.",
                Alternate(card, alt),
                pile.value,
                list(pile.cards)
            ),
            Event::Released { pile, penalty } => write!(
                f,
                "A protected pile still stands, {}: its cards lie loose on the table, and seat {} loses {penalty} point{} (the Esun penalty).",
                Alternate(PileText(pile), alt),
                pile.owner,
                if *penalty == 1 { "" } else { "s" }
            ),
            Event::TookRest { seat, cards } => write!(
                f,
                "seat {seat} played the round's last card and takes what is left on the table: {}.",
                list(*cards)
            ),
            Event::RoundScored {
                record,
                layout_points,
                score,
                totals,
            } => {
                f.write_str("The round is scored:")?;
                for (s, net) in score.iter().enumerate() {
                    let points = record.points.get(s).copied().unwrap_or(0);
                    let layout = layout_points.get(s).copied().unwrap_or(0);
                    let cards = record.cards.get(s).copied().unwrap_or(0);
                    let sep = if s == 0 { " " } else { "; " };
                    let plural = if points == 1 { "" } else { "s" };
                    let cards_plural = if cards == 1 { "" } else { "s" };
                    write!(
                        f,
                        "{sep}seat {s} captured {cards} card{cards_plural} and scores {points} point{plural}"
                    )?;
                    let mut sources = Vec::new();
                    if layout != 0 {
                        sources.push(format!("{layout} for layout diamonds"));
                    }
                    if points != layout {
                        // Values from anywhere: the difference of two `i64` fits `i128`.
                        let most = i128::from(points) - i128::from(layout);
                        sources.push(format!("{most} for the most cards"));
                    }
                    if !sources.is_empty() {
                        write!(f, " ({})", sources.join(", "))?;
                    }
                    if *net != points {
                        let less = i128::from(points) - i128::from(*net);
                        write!(f, " less {less} for Esun penalties: {net}")?;
                    }
                }
                if !totals.is_empty() {
                    let all: Vec<String> = totals
                        .iter()
                        .enumerate()
                        .map(|(s, t)| format!("seat {s} {t}"))
                        .collect();
                    write!(f, ". Game totals now: {}", all.join(", "))?;
                }
                f.write_str(".")
            }
            Event::Ended { outcome } => write!(f, "The game is over: {outcome}"),
            Event::Position(p) => {
                write!(
                    f,
                    "The game stands at round {}, seat {} dealing: ",
                    p.round, p.dealer
                )?;
                for (s, hand) in p.hands.iter().enumerate() {
                    write!(f, "seat {s} holds {}, ", Alternate(hand, alt))?;
                }
                write!(f, "the table holds {}", list(p.table))?;
                for pile in &p.piles {
                    write!(f, " and {}", Alternate(PileText(pile), alt))?;
                }
                write!(f, ", {} to deal.", p.stock.len())
            }
        }
    }
}
