//! [`Event`]: what happened in a Jass game, one type for all four (one Schieber deal, a whole
//! Schieber game, Coiffeur, Differenzler), and [`Deal`], the cards of a deal as the oracle's
//! trace shows them.

use core::fmt;

use cards_core::{CardSet, Cards, GameEvent, JassCard, PlayerId, Term};

use crate::SeededDeal;
use crate::action::Contract;
use crate::deal_summary::{DealSummary, points, seats_name, team_name};
use crate::{
    CoiffeurOutcome, Declaration, DifferenzlerOutcome, Mode, Rules, SchieberDealOutcome,
    SchieberOutcome, ScoreSheet, SheetEntry, Slot, WeisView,
};

/// The cards of a deal: the dealer, forehand (the seat that acts first), each seat's cards in
/// the order it received them, and in Differenzler the shown trump card (the dealer's last).
///
/// Its JSON is the oracle trace's deal form, `{"dealer":d,"forehand":f,"hands":[[…],…]}`
/// (Differenzler adds `"shown":"<card>"`); redacted for a seat, the other hands are their
/// card counts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Deal {
    /// The seat that dealt.
    pub dealer: PlayerId,
    /// The seat that acts first: in Schieber it names the contract or pushes and leads; in
    /// Coiffeur and Differenzler the seat after the dealer.
    pub forehand: PlayerId,
    /// Each seat's cards, in the order dealt (or only how many).
    pub hands: Vec<Cards<JassCard>>,
    /// Differenzler: the shown trump card, the last card of the dealer's hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<JassCard>,
}

impl Deal {
    /// A deal whose hands are all shown.
    pub(crate) fn shown<'a>(
        dealer: PlayerId,
        forehand: PlayerId,
        hands: impl IntoIterator<Item = &'a [JassCard]>,
        shown: Option<JassCard>,
    ) -> Deal {
        Deal {
            dealer,
            forehand,
            hands: hands
                .into_iter()
                .map(|h| Cards::Shown(h.to_vec()))
                .collect(),
            shown,
        }
    }
}

/// The deal event of `dealt` hands: in the order `table` dealt them when given, else in
/// card order (with Differenzler's `shown` card last in the dealer's hand).
pub(crate) fn deal_event(
    table: Option<&SeededDeal>,
    dealer: PlayerId,
    dealt: &[CardSet<JassCard>],
    shown: Option<JassCard>,
) -> Deal {
    let seats = dealt.len();
    let forehand = PlayerId(((dealer.index() + 1) % seats.max(1)) as u8);
    match table {
        Some(t) => Deal::shown(
            dealer,
            forehand,
            (0..seats).map(|s| t.hand(PlayerId(s as u8))),
            shown,
        ),
        None => {
            let hands: Vec<Vec<JassCard>> = dealt
                .iter()
                .enumerate()
                .map(|(s, h)| {
                    let mut cards: Vec<JassCard> = h.iter().collect();
                    // The shown card is the dealer's last.
                    if let Some(card) = shown.filter(|_| s == dealer.index()) {
                        cards.retain(|&c| c != card);
                        cards.push(card);
                    }
                    cards
                })
                .collect();
            Deal::shown(dealer, forehand, hands.iter().map(Vec::as_slice), shown)
        }
    }
}

/// What happened in a Jass game, in the order it happened: one type for [`SchieberDeal`],
/// [`Schieber`], [`Coiffeur`] and [`Differenzler`] (each reports the events its rules have).
///
/// Serde: internally tagged by `event`, e.g. `{"event":"played","seat":1,"card":"AS"}`.
/// Seats are seat numbers; a team is 0 (seats 0 and 2) or 1 (seats 1 and 3); a side is a
/// team, or in individual Coiffeur a seat. Points are before any multiplier unless said.
/// What each seat sees of each event: `docs/jass.md`, "Events".
///
/// [`SchieberDeal`]: crate::SchieberDeal
/// [`Schieber`]: crate::Schieber
/// [`Coiffeur`]: crate::Coiffeur
/// [`Differenzler`]: crate::Differenzler
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Event {
    /// A deal begins: its number (from 0), the dealer, forehand, and the standing before it:
    /// each team's multiplied total (Schieber; `[0, 0]` for one deal), each side's total
    /// (Coiffeur) or each seat's penalty (Differenzler).
    DealBegan {
        /// The deal's number, from 0.
        deal: u32,
        /// The dealer.
        dealer: PlayerId,
        /// The seat that acts first.
        forehand: PlayerId,
        /// The standing before the deal.
        totals: Vec<u32>,
    },
    /// The cards are dealt (redacted: only the seat's own hand is shown).
    Dealt(Deal),
    /// Schieber: forehand pushed the contract to its partner.
    Pushed {
        /// Forehand.
        seat: PlayerId,
    },
    /// Schieber: the contract is named.
    Named {
        /// Who named it (forehand, or its partner after a push).
        seat: PlayerId,
        /// The contract.
        contract: Contract,
    },
    /// A Trio segment's mode is named by the leader of its first trick.
    TrioMode {
        /// The leader.
        seat: PlayerId,
        /// The segment's mode.
        mode: Mode,
    },
    /// Schieber: a seat's counted Weis, once the counting mode is known (redacted for every
    /// other seat: `None`).
    WeisCounted {
        /// The seat.
        seat: PlayerId,
        /// Its counted Weis (perhaps none), when this seat may see it.
        weis: Option<Declaration>,
    },
    /// A card is played.
    Played {
        /// Who played it.
        seat: PlayerId,
        /// The card.
        card: JassCard,
    },
    /// Schieber: Stöck, credited when its holder plays the second of the trump King and
    /// Queen.
    Stoeck {
        /// The holder.
        seat: PlayerId,
        /// The points (20).
        points: u32,
    },
    /// Schieber: after the first trick, the strongest Weis scores; the scoring team's Weis are
    /// shown.
    WeisScored {
        /// Who scored, the points, and the scoring team's Weis.
        weis: WeisView,
    },
    /// A trick is complete.
    TrickTaken {
        /// Who took it.
        seat: PlayerId,
        /// Its card points in the counting mode (the last trick's 5 included).
        points: u32,
        /// Whether it was the deal's last trick.
        last: bool,
    },
    /// A side took every trick: the Match bonus (Schieber: credited; Coiffeur: added to the
    /// card points before the division).
    Match {
        /// The team, or in individual Coiffeur the seat.
        side: usize,
        /// The bonus (100).
        points: u32,
        /// The side's seats, for the sentence (left out of older JSON: then `side N`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seats: Vec<PlayerId>,
    },
    /// Schieber: a team's multiplied total reached the target (mid-deal, perhaps mid-card:
    /// the card's later credits still count for the deal but not for the game).
    TargetReached {
        /// The team.
        team: usize,
        /// Each team's multiplied total at that moment: what counts.
        totals: [u32; 2],
        /// The target reached.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<u32>,
    },
    /// Schieber: the Stöck exception — at the start of its first turn to play, the Stöck
    /// holder's Stöck brings its team to the target, and the game ends.
    EarlyStoeck {
        /// The holder.
        seat: PlayerId,
        /// The points credited to the team's total (20 × the multiplier).
        points: u32,
    },
    /// Coiffeur: a seat passes the choice on.
    Passed {
        /// Who passed.
        seat: PlayerId,
    },
    /// Coiffeur: a seat chooses an open slot of its side's sheet, played as `contract`.
    SlotChosen {
        /// Who chose it (the declarer; it leads).
        seat: PlayerId,
        /// The slot.
        slot: Slot,
        /// The contract it is played as (a Joker's: its mode).
        contract: Contract,
    },
    /// Coiffeur: a cell of the score sheet is filled at the end of its deal.
    CellFilled {
        /// The side.
        side: usize,
        /// The slot.
        slot: Slot,
        /// What was played and scored.
        entry: SheetEntry,
        /// The side's seats, for the sentence (left out of older JSON: then `side N`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        seats: Vec<PlayerId>,
    },
    /// Differenzler: a seat predicts its card points (redacted to `None` for the others
    /// when the rules hide predictions).
    Predicted {
        /// Who predicted.
        seat: PlayerId,
        /// The prediction, when this seat may see it.
        prediction: Option<u8>,
    },
    /// Differenzler with hidden predictions: at the game's end the last deal's predictions
    /// are shown, seat by seat.
    PredictionsShown {
        /// Each seat's prediction.
        predictions: Vec<u8>,
    },
    /// Differenzler: the deal's penalties, |prediction − card points taken|, seat by seat.
    Penalties {
        /// This deal's penalty of each seat.
        penalties: Vec<u32>,
        /// Each seat's total penalty now.
        totals: Vec<u32>,
        /// The card points each seat took in this deal (left out of older JSON).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        points: Vec<u32>,
        /// Each seat's prediction, when predictions are public (empty under
        /// `hidden_predictions`: they stay hidden until the game ends).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        predictions: Vec<u8>,
    },
    /// A deal is scored: the oracle trace's score event. Schieber: each team's multiplied
    /// points as credited to its total (up to the moment a target stopped the game);
    /// Coiffeur: the declaring side's points, 0 for the others (per team, or per seat when
    /// individual); Differenzler: the card points each seat took.
    DealScored {
        /// One number per team, side or seat.
        score: Vec<i64>,
        /// What the deal scored, item by item, for the sentence (not part of the trace).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        summary: Option<DealSummary>,
    },
    /// One Schieber deal ([`SchieberDeal`](crate::SchieberDeal)) is over.
    DealOver {
        /// How it ended.
        outcome: SchieberDealOutcome,
    },
    /// A whole Schieber game is over.
    SchieberOver {
        /// How it ended.
        outcome: SchieberOutcome,
    },
    /// A Coiffeur game is over.
    CoiffeurOver {
        /// How it ended.
        outcome: CoiffeurOutcome,
        /// The final score sheet, for the sentence (left out of older JSON).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sheet: Option<ScoreSheet>,
    },
    /// A Differenzler game is over.
    DifferenzlerOver {
        /// How it ended.
        outcome: DifferenzlerOutcome,
    },
}

impl Event {
    /// This event as `seat` may know it (`Game::redact` of every Jass game): the other
    /// seats' hands become counts, the other seats' counted Weis and (with hidden
    /// predictions) predictions are left out. A seat not at the table sees no hand.
    #[must_use]
    pub fn redacted(&self, rules: &Rules, seat: PlayerId) -> Event {
        match self {
            Event::Dealt(deal) => Event::Dealt(Deal {
                hands: deal
                    .hands
                    .iter()
                    .enumerate()
                    .map(|(s, h)| h.shown_if(s == seat.index()))
                    .collect(),
                ..deal.clone()
            }),
            Event::WeisCounted { seat: s, weis } if *s != seat && weis.is_some() => {
                Event::WeisCounted {
                    seat: *s,
                    weis: None,
                }
            }
            Event::Predicted {
                seat: s,
                prediction,
            } if *s != seat && prediction.is_some() && rules.differenzler.hidden_predictions => {
                Event::Predicted {
                    seat: *s,
                    prediction: None,
                }
            }
            other => other.clone(),
        }
    }
}

/// The words of Jass that the events' sentences and the views' screens use, each explained
/// for a newcomer (consistent with `docs/jass.md`).
const TERMS: &[Term] = &[
    Term {
        word: "forehand",
        // The rule's card in words, not as a card: a term is read beside cards a seat may
        // not see, and names none of them.
        meaning: "The seat that acts first in a deal (the seat after the dealer; in a Schieber \
                  game's first deal whoever holds the seven of diamonds): in Schieber it names \
                  the contract or pushes, and leads; in Coiffeur it chooses a slot or passes \
                  first; in Differenzler it predicts first and leads.",
    },
    Term {
        word: "push",
        meaning: "Forehand may push (schieben) instead of naming the contract: its partner must \
                  then name one, and forehand still leads.",
    },
    Term {
        word: "pushed",
        meaning: "Forehand pushed (schieben): it left the choice of the contract to its partner, \
                  who must then name one; forehand still leads.",
    },
    Term {
        word: "pass",
        meaning: "In Coiffeur a seat may pass instead of choosing a slot: the choice moves on \
                  to the next seat; once every seat has passed, the first must choose.",
    },
    Term {
        word: "passed",
        meaning: "In Coiffeur the seat left the choice of the slot to the next seat; once every \
                  seat has passed, the first must choose.",
    },
    Term {
        word: "trump",
        meaning: "The suit that beats every other suit; in it the Jack (Buur) ranks highest, then \
                  the 9 (Nell), then A K Q 10 8 7 6.",
    },
    Term {
        word: "Obenabe",
        meaning: "A contract without trump where the highest card of the led suit wins, ace \
                  first (A K Q J 10 9 8 7 6), and the 8s are worth 8 points.",
    },
    Term {
        word: "Undenufe",
        meaning: "A contract without trump where the lowest card of the led suit wins, 6 first \
                  (6 7 8 9 10 J Q K A), and the 6s are worth 11 points.",
    },
    Term {
        word: "Slalom",
        meaning: "A contract whose tricks alternate Obenabe and Undenufe from its start, counted \
                  by the starting mode's card values.",
    },
    Term {
        word: "Guschti",
        meaning: "A contract played Obenabe for tricks 1 to 5 and Undenufe for tricks 6 to 9, \
                  counted as Obenabe.",
    },
    Term {
        word: "Mary",
        meaning: "A contract played Undenufe for tricks 1 to 5 and Obenabe for tricks 6 to 9, \
                  counted as Undenufe.",
    },
    Term {
        word: "Trio",
        meaning: "A contract of three parts of three tricks: the leader of tricks 1, 4 and 7 \
                  names Obenabe, Undenufe and one trump suit, each once.",
    },
    Term {
        word: "Weis",
        meaning: "A meld held at the deal (three or more cards in a row of one suit, or four of \
                  a kind); after the first trick only the team with the strongest Weis scores \
                  its Weis.",
    },
    Term {
        word: "Stöck",
        meaning: "The King and Queen of trump in one hand: 20 points to their holder's team \
                  when it plays the second of them.",
    },
    Term {
        word: "Match",
        meaning: "Taking every trick of a deal: 100 points more (in Coiffeur added to the card \
                  points before they are divided by 10).",
    },
    Term {
        word: "multiplier",
        meaning: "The contract's factor in Schieber: every point of the deal (cards, Weis, \
                  Stöck, Match) counts that many times (×1 to ×4 by default).",
    },
    Term {
        word: "card points",
        meaning: "The points of the cards in the tricks taken (A 11, 10 10, K 4, Q 3, trump J 20 \
                  and 9 14, ...), 157 in a deal with the last trick's 5.",
    },
    Term {
        word: "slot",
        meaning: "A row of the Coiffeur score sheet: a contract each side must play once; the \
                  side that chose it scores its card points divided by 10 (rounded down) times \
                  the slot's factor.",
    },
    Term {
        word: "Joker",
        meaning: "A Coiffeur slot that may be played in any of the six modes, at its own factor.",
    },
    Term {
        word: "penalties",
        meaning: "In Differenzler each deal's penalty is the difference between a seat's \
                  prediction and the card points it took; the lowest total wins.",
    },
];

impl GameEvent for Event {
    type Deal = Deal;

    const TERMS: &'static [Term] = TERMS;

    fn deal(&self) -> Option<&Deal> {
        match self {
            Event::Dealt(deal) => Some(deal),
            _ => None,
        }
    }

    fn score(&self) -> Option<&[i64]> {
        match self {
            Event::DealScored { score, .. } => Some(score),
            _ => None,
        }
    }
}

/// An outcome's sentence (`Seats 0 and 2 win …`) after a colon: its first letter in lower case.
fn mid_sentence(outcome: &dyn fmt::Display) -> String {
    let text = outcome.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => text,
    }
}

/// Numbers labelled by seat: `seat 0: 60, seat 1: 42`.
fn by_seat<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .enumerate()
        .map(|(s, x)| format!("seat {s}: {x}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Event {
    /// A sentence a player understands: `seat 1 played AS`, `seat 2 took the trick (21
    /// points)`, `seat 3 was dealt 9 cards`. `{:#}` writes the cards with suit symbols
    /// (`seat 1 played A♠`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alternate = f.alternate();
        // A value with cards, in the formatter's form.
        let form = |x: &dyn fmt::Display| {
            if alternate {
                format!("{x:#}")
            } else {
                format!("{x}")
            }
        };
        match self {
            Event::DealBegan {
                deal,
                dealer,
                forehand,
                ..
            } => write!(
                f,
                "deal {} begins: seat {dealer} deals, seat {forehand} is forehand",
                u64::from(*deal) + 1
            ),
            Event::Dealt(deal) => {
                let hands: Vec<String> = deal
                    .hands
                    .iter()
                    .enumerate()
                    .map(|(s, h)| format!("seat {s} was dealt {}", form(h)))
                    .collect();
                write!(f, "{}", hands.join("; "))?;
                if let Some(card) = deal.shown {
                    write!(
                        f,
                        "; the dealer shows {}: {} is trump",
                        form(&card),
                        card.suit()
                    )?;
                }
                Ok(())
            }
            Event::Pushed { seat } => write!(
                f,
                "seat {seat} pushed: its partner, seat {}, names the contract",
                (seat.index() + 2) % 4
            ),
            Event::Named { seat, contract } => write!(f, "seat {seat} named {}", form(contract)),
            Event::TrioMode { seat, mode } => {
                write!(
                    f,
                    "seat {seat} named {} for the next three tricks",
                    form(mode)
                )
            }
            Event::WeisCounted { seat, weis: None } => {
                write!(f, "seat {seat} counted its Weis (hidden for now)")
            }
            Event::WeisCounted {
                seat,
                weis: Some(d),
            } => match d.best() {
                None => write!(f, "seat {seat} has no Weis"),
                Some(best) => write!(
                    f,
                    "seat {seat} has Weis worth {} (best: {})",
                    d.total(),
                    form(&best)
                ),
            },
            Event::Played { seat, card } => write!(f, "seat {seat} played {}", form(card)),
            Event::Stoeck { seat, points: p } => {
                write!(f, "seat {seat} scores Stöck: {}", points(*p))
            }
            Event::WeisScored { weis } => write!(
                f,
                "seat {} has the best Weis: {} score {} for Weis",
                weis.score.seat,
                team_name(weis.score.team),
                weis.score.points
            ),
            Event::TrickTaken {
                seat,
                points: p,
                last,
            } => {
                write!(f, "seat {seat} took the trick ({}", points(*p))?;
                f.write_str(if *last {
                    ", the last trick's 5 included)"
                } else {
                    ")"
                })
            }
            Event::Match {
                side,
                points: p,
                seats,
            } => {
                let who = if seats.is_empty() {
                    format!("side {side}")
                } else {
                    seats_name(seats)
                };
                write!(f, "{who} took every trick: a Match, {} more", points(*p))
            }
            Event::TargetReached {
                team,
                totals,
                target,
            } => {
                let (own, other) = (totals[team & 1], totals[(team & 1) ^ 1]);
                write!(f, "{} reached the target", team_name(*team))?;
                if let Some(t) = target {
                    write!(f, " of {t}")?;
                }
                write!(
                    f,
                    " with {own} (against {} for {})",
                    points(other),
                    team_name((team & 1) ^ 1)
                )
            }
            Event::EarlyStoeck { seat, points } => write!(
                f,
                "seat {seat} shows Stöck before playing and reaches the target (+{points})"
            ),
            Event::Passed { seat } => write!(f, "seat {seat} passed"),
            Event::SlotChosen {
                seat,
                slot,
                contract,
            } => match slot {
                Slot::Joker(_) | Slot::Slalom => {
                    write!(
                        f,
                        "seat {seat} chose {}, played as {}",
                        form(slot),
                        form(contract)
                    )
                }
                _ => write!(f, "seat {seat} chose {}", form(slot)),
            },
            Event::CellFilled {
                side,
                slot,
                entry,
                seats,
            } => {
                let who = if seats.is_empty() {
                    format!("side {side}")
                } else {
                    seats_name(seats)
                };
                write!(
                    f,
                    "{who}: {} in the {} slot of the sheet ({} card points{})",
                    points(entry.points),
                    form(slot),
                    entry.card_points,
                    if entry.matched { " and a Match" } else { "" }
                )
            }
            Event::Predicted {
                seat,
                prediction: None,
            } => write!(f, "seat {seat} made its prediction"),
            Event::Predicted {
                seat,
                prediction: Some(p),
            } => write!(f, "seat {seat} predicted {}", points(*p)),
            Event::PredictionsShown { predictions } => {
                write!(f, "the predictions were {}", by_seat(predictions))
            }
            Event::Penalties {
                penalties,
                totals,
                points: taken,
                predictions,
            } => {
                f.write_str("penalties (the difference between prediction and points taken):")?;
                for (s, penalty) in penalties.iter().enumerate() {
                    write!(f, "\n  seat {s}: ")?;
                    if let Some(p) = predictions.get(s) {
                        write!(f, "predicted {p}, ")?;
                    }
                    if let Some(t) = taken.get(s) {
                        write!(f, "took {t}, ")?;
                    }
                    write!(f, "penalty {penalty}")?;
                    if let Some(total) = totals.get(s) {
                        write!(f, " (in all {total})")?;
                    }
                }
                f.write_str("\n  the lowest total penalty wins")
            }
            Event::DealScored {
                score,
                summary: Some(summary),
            } => summary.write(f, score),
            Event::DealScored {
                score,
                summary: None,
            } => {
                f.write_str("the deal scores ")?;
                if score.len() == 2 {
                    write!(
                        f,
                        "{}: {}, {}: {}",
                        team_name(0),
                        score[0],
                        team_name(1),
                        score[1]
                    )
                } else {
                    f.write_str(&by_seat(score))
                }
            }
            Event::DealOver { outcome } => write!(f, "the deal is over: {outcome}"),
            Event::SchieberOver { outcome } => {
                write!(f, "the game is over: {}", mid_sentence(outcome))
            }
            Event::CoiffeurOver { outcome, sheet } => {
                write!(f, "the game is over: {}", mid_sentence(outcome))?;
                if let Some(sheet) = sheet {
                    write!(f, "\nthe score sheet:\n{sheet}")?;
                }
                Ok(())
            }
            Event::DifferenzlerOver { outcome } => {
                write!(f, "the game is over: {}", mid_sentence(outcome))
            }
        }
    }
}
