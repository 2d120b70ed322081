//! [`DealSummary`]: what a deal scored, item by item, for the sentence a player reads when a
//! deal ends ([`Event::DealScored`](crate::Event::DealScored)). Public facts only: every
//! number in it was credited in front of the whole table.

use core::fmt;

use cards_core::PlayerId;

use crate::{Contract, Credits, Slot};

/// What a deal scored, item by item (the labelled summary of
/// [`Event::DealScored`](crate::Event::DealScored)). Its JSON is internally tagged by `game`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
#[non_exhaustive]
pub enum DealSummary {
    /// A Schieber deal (alone, or in a whole game): each team's credits by kind before the
    /// multiplier, the multiplier, and in a whole game the totals after it.
    Schieber {
        /// The deal's number, from 0.
        deal: u32,
        /// The contract played (`None` when the game ended before it was named: the Stöck
        /// exception never does, so only a malformed state).
        contract: Option<Contract>,
        /// The contract's factor.
        multiplier: u32,
        /// What counted, by kind, before the multiplier: card points (the last trick's 5
        /// included), Weis, Stöck, Match. A deal stopped at the target keeps what counted up
        /// to that moment (a Stöck shown early included).
        credits: Credits,
        /// A whole game: each team's multiplied total after this deal; `None` for one deal
        /// played alone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        totals: Option<[u32; 2]>,
        /// The target, when the game has one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<u32>,
        /// The team that reached the target in this deal, if one did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reached: Option<usize>,
    },
    /// A Coiffeur deal: the declaring side's take and how it became points, and every
    /// side's total.
    Coiffeur {
        /// The deal's number, from 0.
        deal: u32,
        /// The deals of the game.
        deals: u32,
        /// The seat that chose the slot.
        declarer: PlayerId,
        /// The declaring side's seats (its team, or the declarer alone).
        seats: Vec<PlayerId>,
        /// The slot filled.
        slot: Slot,
        /// The contract it was played as.
        contract: Contract,
        /// The slot's factor.
        factor: u32,
        /// The declaring side's card points (0 to 157, the last trick's 5 included).
        card_points: u32,
        /// Whether it took every trick (100 more before the division).
        matched: bool,
        /// The points scored: floor((card points + Match) / 10) × factor.
        points: u32,
        /// Every side's total after this deal, with each side's seats.
        totals: Vec<(Vec<PlayerId>, u32)>,
    },
    /// A Differenzler deal: the score is the card points each seat took (the penalties
    /// follow in [`Event::Penalties`](crate::Event::Penalties)).
    Differenzler {
        /// The deal's number, from 0.
        deal: u32,
        /// The deals of the game.
        deals: u32,
    },
}

/// `seats 0 and 2`, `seat 1`, `seats 0, 1 and 2`.
pub(crate) fn seats_name(seats: &[PlayerId]) -> String {
    match seats {
        [] => "nobody".to_owned(),
        [one] => format!("seat {one}"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(ToString::to_string).collect();
            format!("seats {} and {last}", init.join(", "))
        }
    }
}

/// `seats 0 and 2` or `seats 1 and 3`.
pub(crate) fn team_name(team: usize) -> &'static str {
    if team.is_multiple_of(2) {
        "seats 0 and 2"
    } else {
        "seats 1 and 3"
    }
}

/// `1 point`, `21 points`.
pub(crate) fn points(n: impl Into<u64>) -> String {
    let n = n.into();
    if n == 1 {
        "1 point".to_owned()
    } else {
        format!("{n} points")
    }
}

/// One team's line: `120 card points + 20 Weis + 20 Stöck = 160 × 2 = 320` (only the kinds
/// it scored; card points always).
fn team_line(credits: &Credits, team: usize, multiplier: u32) -> String {
    let items = [
        (credits.weis[team], "Weis"),
        (credits.stoeck[team], "Stöck"),
        (credits.match_bonus[team], "Match"),
    ];
    let mut text = format!("{} card points", credits.cards[team]);
    let mut sum = credits.cards[team];
    let mut several = false;
    for (n, word) in items {
        if n > 0 {
            text.push_str(&format!(" + {n} {word}"));
            sum = sum.saturating_add(n);
            several = true;
        }
    }
    if several {
        text.push_str(&format!(" = {sum}"));
    }
    text.push_str(&format!(
        " × {multiplier} = {}",
        sum.saturating_mul(multiplier)
    ));
    text
}

impl DealSummary {
    /// Writes the summary under a first line, with the deal's `score` (the trace's numbers,
    /// used for Differenzler's card points).
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>, score: &[i64]) -> fmt::Result {
        let alternate = f.alternate();
        let contract_text = |c: &Contract| {
            if alternate {
                format!("{c:#}")
            } else {
                c.to_string()
            }
        };
        match self {
            DealSummary::Schieber {
                deal,
                contract,
                multiplier,
                credits,
                totals,
                target,
                reached,
            } => {
                write!(f, "deal {} is scored", u64::from(*deal) + 1)?;
                if let Some(c) = contract {
                    write!(f, ", {} ×{multiplier}", contract_text(c))?;
                }
                match reached {
                    Some(team) => writeln!(
                        f,
                        " (stopped when {} reached the target):",
                        team_name(*team)
                    )?,
                    None => writeln!(f, ":")?,
                }
                for team in 0..2 {
                    writeln!(
                        f,
                        "  {}: {}",
                        team_name(team),
                        team_line(credits, team, *multiplier)
                    )?;
                }
                // The 5 is in only once the last trick is taken.
                let whole = credits.cards[0].saturating_add(credits.cards[1]) >= 157;
                f.write_str(if whole {
                    "  (card points include the last trick's 5)"
                } else {
                    "  (the game ended before every card point of the deal was counted)"
                })?;
                if let Some([a, b]) = totals {
                    write!(f, "\n  score: seats 0 and 2: {a}, seats 1 and 3: {b}")?;
                    if let Some(t) = target {
                        write!(f, "; playing to {t}")?;
                    }
                }
                Ok(())
            }
            DealSummary::Coiffeur {
                deal,
                deals,
                declarer,
                seats,
                slot,
                contract,
                factor,
                card_points,
                matched,
                points: scored,
                totals,
            } => {
                let side = seats_name(seats);
                write!(
                    f,
                    "deal {} of {deals} is scored: seat {declarer} chose ",
                    u64::from(*deal) + 1
                )?;
                match slot {
                    Slot::Joker(_) | Slot::Slalom => {
                        let slot = if alternate {
                            format!("{slot:#}")
                        } else {
                            slot.to_string()
                        };
                        write!(f, "{slot}, played as {},", contract_text(contract))?;
                    }
                    _ => f.write_str(&contract_text(contract))?,
                }
                writeln!(f, " (×{factor}) for {side}")?;
                let taken = if *matched {
                    format!("{card_points} card points and a Match: ({card_points} + 100)")
                } else {
                    format!("{card_points} card points: {card_points}")
                };
                let tenths = card_points.saturating_add(if *matched { 100 } else { 0 }) / 10;
                writeln!(
                    f,
                    "  {side} took {taken} / 10 = {tenths} (rounded down) × {factor} = {}",
                    points(*scored)
                )?;
                let parts: Vec<String> = totals
                    .iter()
                    .map(|(seats, t)| format!("{}: {t}", seats_name(seats)))
                    .collect();
                write!(f, "  sheet totals: {}", parts.join(", "))
            }
            DealSummary::Differenzler { deal, deals } => {
                let parts: Vec<String> = score
                    .iter()
                    .enumerate()
                    .map(|(s, p)| format!("seat {s}: {p}"))
                    .collect();
                write!(
                    f,
                    "deal {} of {deals} is over; card points taken: {}",
                    u64::from(*deal) + 1,
                    parts.join(", ")
                )
            }
        }
    }
}
