//! The seat's screen of a Differenzler game: `Display` for [`DifferenzlerView`].

use super::*;
use crate::screen::deal::table_parts;
use crate::screen::play::PlayText;
use crate::screen::{Screen, Viewer};

impl DifferenzlerView {
    /// Who is looking.
    fn viewer(&self) -> Viewer {
        Viewer {
            me: self.seat,
            seats: self.hand_sizes.len(),
            teams: false,
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
            tricks_in_deal: PLAYS / self.hand_sizes.len().max(1),
            live: self.to_act.is_some(),
        }
    }

    /// Whether the cards are dealt.
    fn dealt(&self) -> bool {
        self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty()
    }

    /// The first line: `deal 3 of 16 · trick 5 of 12 · seat 2 to play`.
    fn headline(&self) -> String {
        let v = self.viewer();
        let play = self.play_text();
        let deal = format!(
            "deal {} of {}",
            u64::from(self.deal_number) + 1,
            self.rules.differenzler.deals
        );
        let stands = match self.to_act {
            _ if self.outcome.is_some() => "game over".to_owned(),
            None if !self.dealt() => "waiting for the deal".to_owned(),
            None => "deal over".to_owned(),
            Some(seat) if usize::from(self.predicted) < self.hand_sizes.len() => {
                format!("{} to predict", v.seat(seat))
            }
            Some(seat) => format!("{} · {} to play", play.number(), v.seat(seat)),
        };
        format!("{deal} · {stands}")
    }

    /// `40 for seat 1, hidden for seat 2, not yet for seat 3`, from the seat after the
    /// dealer.
    fn prediction_parts(&self, v: &Viewer) -> Vec<String> {
        let n = self.hand_sizes.len();
        (0..n)
            .map(|i| {
                let seat = seat_after_at(self.dealer, 1 + i, n);
                let said = match self.predictions.get(seat.index()).copied().flatten() {
                    Some(p) => p.to_string(),
                    None if i < usize::from(self.predicted) => "hidden".to_owned(),
                    None => "not yet".to_owned(),
                };
                format!("{said} for {}", v.seat(seat))
            })
            .collect()
    }
}

/// The seat's screen: the deal number, where the deal stands and whose turn it is, then one
/// `label: value` line per item — the trump and the shown card, each seat's prediction as far
/// as the seat sees it, the trick so far, the last trick, tricks and card points taken, the
/// penalties before this deal, the hand, and once over the result. `{:#}` writes the cards
/// with suit symbols. Built from the view alone.
impl fmt::Display for DifferenzlerView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.viewer();
        let mut s = Screen::new(f);
        s.line(&self.headline())?;
        let table = table_parts(&v, self.dealt().then_some((self.dealer, None)));
        s.item("table", &table, "; ")?;
        if self.dealt() {
            s.text(
                "trump",
                &format!(
                    "{}, the suit of {}, the dealer's card shown to all",
                    self.shown.suit(),
                    s.card(self.shown),
                ),
            )?;
            s.item("predictions", &self.prediction_parts(&v), ", ")?;
        }
        let play = self.play_text();
        play.write_trick(&mut s)?;
        play.write_last(&mut s)?;
        play.write_taken(&mut s)?;
        let sides = v.sides();
        let per_seat = |values: &[u32]| -> Vec<String> {
            sides
                .iter()
                .zip(values)
                .map(|(side, p)| format!("{p} for {}", v.side(side)))
                .collect()
        };
        s.item("card points", &per_seat(&self.points), ", ")?;
        s.item(
            "penalties before this deal",
            &per_seat(&self.penalties),
            ", ",
        )?;
        play.write_hand(&mut s)?;
        let predicting = usize::from(self.predicted) < self.hand_sizes.len();
        if predicting && self.to_act == Some(self.seat) {
            // What to type: the number itself (a list of 158 moves is no help here).
            s.text(
                "predict",
                &format!(
                    "type the card points you expect to take, 0 to {} (e.g. 60 or predict 60)",
                    crate::MAX_PREDICTION
                ),
            )?;
        }
        if let Some(outcome) = &self.outcome {
            s.text("result", &outcome.to_string())?;
        }
        Ok(())
    }
}
