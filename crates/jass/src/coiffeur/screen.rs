//! The seat's screen of a Coiffeur game: `Display` for [`CoiffeurView`], with the score sheet.

use super::*;
use crate::screen::deal::{contract_parts, table_parts};
use crate::screen::play::PlayText;
use crate::screen::{Screen, Viewer};

impl CoiffeurView {
    /// Who is looking.
    fn viewer(&self) -> Viewer {
        Viewer {
            me: self.seat,
            seats: SEATS,
            teams: !self.rules.coiffeur.individual,
        }
    }

    /// The card play as the seat sees it.
    fn play_text(&self) -> PlayText<'_> {
        PlayText {
            viewer: self.viewer(),
            tricks: &self.tricks,
            trick: &self.trick,
            leader: self.leader,
            hand: self.hand,
            tricks_in_deal: TRICKS,
            live: self.to_act.is_some() && self.contract.is_some(),
        }
    }

    /// The first line: `deal 3 of 16 · trick 5 of 9 · seat 2 to play`.
    fn headline(&self) -> String {
        let v = self.viewer();
        let play = self.play_text();
        let deal = format!(
            "deal {} of {}",
            u64::from(self.deal_number) + 1,
            self.rules.coiffeur.deals()
        );
        let dealt = self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty();
        let stands = match (self.to_act, self.contract) {
            _ if self.outcome.is_some() => "game over".to_owned(),
            (None, _) if play.over() => "deal over".to_owned(),
            (None, _) if !dealt => "waiting for the deal".to_owned(),
            (None, _) => "deal over".to_owned(),
            (Some(seat), None) => {
                let may_pass = chooser(
                    self.dealer,
                    &self.sheet.open(),
                    &self.rules.coiffeur,
                    self.passed.len(),
                )
                .is_some_and(|c| c.1);
                let or_pass = if may_pass { " or pass" } else { "" };
                format!("{} to choose a slot{or_pass}", v.seat(seat))
            }
            (Some(seat), Some(contract)) => {
                let n = self.tricks.len();
                if trio_due(Some(contract), &self.trick, n, &self.trio) {
                    format!(
                        "{} · {} to name the mode of tricks {} to {}",
                        play.number(),
                        v.seat(seat),
                        n + 1,
                        n + 3
                    )
                } else {
                    format!("{} · {} to play", play.number(), v.seat(seat))
                }
            }
        };
        format!("{deal} · {stands}")
    }

    /// The contract line's parts: the contract, the slot and its factor, who chose it, and
    /// whose points count.
    fn contract_line(&self, v: &Viewer, alternate: bool) -> Vec<String> {
        let (Some(slot), Some(contract)) = (self.slot, self.contract) else {
            return vec!["not chosen yet".to_owned()];
        };
        let c = &self.rules.coiffeur;
        let factor = slot.factor(&c.factors);
        let slot_text = match slot {
            Slot::Joker(_) => format!("×{factor} in slot {slot} (a Joker)"),
            Slot::Mode(_) => format!("×{factor}"),
            _ => format!("×{factor} in slot {slot}"),
        };
        let mut parts = contract_parts(
            v,
            alternate,
            contract,
            slot_text,
            ("chosen", self.declarer),
            &self.trio,
            self.tricks.len(),
        );
        if let Some(declarer) = self.declarer {
            let side = c.seats_of(c.side_of(declarer));
            parts.push(format!("only the points of {} count", v.side(&side)));
        }
        parts
    }
}

/// The seat's screen: the deal number, where the deal stands and whose turn it is, then one
/// `label: value` line per item — the table, the passes, the contract (its slot and factor),
/// the trick so far, the last trick, tricks and card points taken, the score sheet (a small
/// table under `sheet:`), the hand, and once over the result. `{:#}` writes the cards with
/// suit symbols. Built from the view alone.
impl fmt::Display for CoiffeurView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.viewer();
        let mut s = Screen::new(f);
        s.line(&self.headline())?;
        let dealt = self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty();
        let table = table_parts(&v, dealt.then_some((self.dealer, None)));
        s.item("table", &table, "; ")?;
        if self.contract.is_none() && !self.passed.is_empty() {
            let passed: Vec<String> = self.passed.iter().map(|&p| v.seat(p)).collect();
            s.item("passed", &passed, ", ")?;
        }
        let line = self.contract_line(&v, s.alternate());
        s.item("contract", &line, "; ")?;
        let play = self.play_text();
        play.write_trick(&mut s)?;
        play.write_last(&mut s)?;
        play.write_taken(&mut s)?;
        let points: Vec<String> = v
            .sides()
            .iter()
            .zip(&self.card_points)
            .map(|(side, p)| format!("{p} for {}", v.side(side)))
            .collect();
        s.item("card points", &points, v.sep())?;
        s.line("sheet:")?;
        for row in self.sheet.to_string().lines() {
            s.line(&format!("  {}", row.trim_end()))?;
        }
        play.write_hand(&mut s)?;
        if let Some(outcome) = &self.outcome {
            s.text("result", &outcome.to_string())?;
        }
        Ok(())
    }
}
