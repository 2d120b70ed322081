//! A deal's setting on the seat's screen: the table line (who you are, your partner, who
//! dealt, forehand) and the contract line (what is played, at which factor, named by whom).

use cards_core::PlayerId;

use super::Viewer;
use crate::{Contract, Mode};

/// The table line's parts: `you are seat 0, your partner seat 2` (in team play), then once
/// dealt (`deal`: the dealer, and forehand where the game names one) `seat 3 dealt, seat 0 is
/// forehand` (or `seat 3 dealt and is forehand`).
pub(crate) fn table_parts(v: &Viewer, deal: Option<(PlayerId, Option<PlayerId>)>) -> Vec<String> {
    let mut parts = Vec::new();
    if v.me.index() < v.seats {
        parts.push(match v.partner() {
            Some(partner) => format!("you are seat {}, your partner seat {partner}", v.me),
            None => format!("you are seat {}, playing for yourself", v.me),
        });
    }
    match deal {
        Some((dealer, Some(f))) if f == dealer => {
            parts.push(format!("seat {dealer} dealt and is forehand"));
        }
        Some((dealer, Some(f))) => parts.push(format!("seat {dealer} dealt, seat {f} is forehand")),
        Some((dealer, None)) => parts.push(format!("seat {dealer} dealt")),
        None => parts.push("not dealt yet".to_owned()),
    }
    parts
}

/// The contract line's parts (to be joined by `; `) of a Schieber or Coiffeur deal: the
/// contract, its trump suit, its factor and who `named` or chose it; for a Trio the segment
/// modes named so far; for a variant the mode the current trick is played in (`trick_no` from
/// 0). `alternate`: the screen's `{:#}`, which writes a trump suit's symbol (`trump:♦
/// (Diamonds)`).
pub(crate) fn contract_parts(
    viewer: &Viewer,
    alternate: bool,
    contract: Contract,
    factor: String,
    (named, declarer): (&str, Option<PlayerId>),
    trio: &[Mode],
    trick_no: usize,
) -> Vec<String> {
    let mut text = if alternate {
        format!("{contract:#}")
    } else {
        contract.to_string()
    };
    if let Some(suit) = contract.mode().and_then(Mode::trump) {
        text.push_str(&format!(" ({suit})"));
    }
    text.push_str(&format!(" {factor}"));
    if let Some(seat) = declarer {
        text.push_str(&format!(", {named} by {}", viewer.seat(seat)));
    }
    let mut parts = vec![text];
    if contract == Contract::Trio && !trio.is_empty() {
        let modes: Vec<String> = trio
            .iter()
            .map(|m| {
                if alternate {
                    format!("{m:#}")
                } else {
                    m.to_string()
                }
            })
            .collect();
        parts.push(format!("Trio modes so far {}", modes.join(", ")));
    }
    if contract.is_variant()
        && trick_no < crate::schieber_deal::TRICKS
        && let Some(mode) = contract.trick_mode(trick_no, trio)
    {
        parts.push(if alternate {
            format!("this trick is played {mode:#}")
        } else {
            format!("this trick is played {mode}")
        });
    }
    parts
}
