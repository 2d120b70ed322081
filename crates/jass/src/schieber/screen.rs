//! The seat's screen of a whole Schieber game: `Display` for [`SchieberView`], the deal's
//! screen ([`SchieberDealView`]) under the game's standing.

use super::*;
use crate::screen::{Screen, Viewer};

/// The seat's screen: the deal number, where the deal stands and whose turn it is, then the
/// game's score (the multiplied totals) and the target, the deal's lines (as a
/// [`SchieberDealView`] shows them) and once over the game's result.
/// `{:#}` writes the cards with suit symbols. Built from the view alone.
impl fmt::Display for SchieberView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = Screen::new(f);
        let stands = if self.outcome.is_some() {
            "game over".to_owned()
        } else {
            self.deal.headline(self.to_act)
        };
        s.line(&format!(
            "deal {} · {stands}",
            u64::from(self.deal_number) + 1
        ))?;
        let v = Viewer {
            me: self.deal.seat,
            seats: SEATS,
            teams: true,
        };
        let mut parts: Vec<String> = v
            .sides()
            .iter()
            .zip(self.totals)
            .map(|(side, total)| format!("{total} for {}", v.side(side)))
            .collect();
        if let Some(last) = parts.last_mut() {
            match self.deal.rules.target {
                Some(target) => last.push_str(&format!("; playing to {target}")),
                None => last.push_str("; no target"),
            }
        }
        s.item("score", &parts, "; ")?;
        self.deal.write_body(&mut s, self.to_act)?;
        if let Some(outcome) = &self.outcome {
            s.text("game result", &outcome.to_string())?;
        }
        Ok(())
    }
}
