//! The seat's screen of a Schieber deal: `Display` for [`SchieberDealView`] (and the deal part
//! of a whole game's screen, [`SchieberView`](crate::SchieberView)) and for [`WeisView`].

use core::fmt;

use cards_core::PlayerId;

use super::{SEATS, TRICKS, team_of};
use crate::screen::deal::{contract_parts, table_parts};
use crate::screen::play::PlayText;
use crate::screen::{Screen, Viewer};
use crate::{Declaration, Meld, SchieberDealView, WeisView};

impl SchieberDealView {
    /// Who is looking.
    fn viewer(&self) -> Viewer {
        Viewer {
            me: self.seat,
            seats: SEATS,
            teams: true,
        }
    }

    /// The card play as the seat sees it, `live` when a seat is to act.
    fn play_text(&self, live: bool) -> PlayText<'_> {
        PlayText {
            viewer: self.viewer(),
            tricks: &self.tricks,
            trick: &self.trick,
            leader: self.leader,
            hand: self.hand,
            tricks_in_deal: TRICKS,
            live,
        }
    }

    /// The screen's first line, with `to_act` the seat to act (a whole game's: `None` once
    /// it is over): `trick 5 of 9 · seat 2 to play`, `choosing the contract · seat 0 (you) to
    /// name it or push`, `deal over`.
    pub(crate) fn headline(&self, to_act: Option<PlayerId>) -> String {
        let v = self.viewer();
        let play = self.play_text(to_act.is_some());
        let dealt = self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty();
        let Some(seat) = to_act else {
            return if play.over() {
                "deal over".to_owned()
            } else if dealt {
                "game over".to_owned()
            } else {
                "waiting for the deal".to_owned()
            };
        };
        let who = v.seat(seat);
        match self.contract {
            None if self.pushed => format!("choosing the contract · {who} to name it"),
            None => format!("choosing the contract · {who} to name it or push"),
            Some(contract) => {
                let n = self.tricks.len();
                if super::trio_due(Some(contract), &self.trick, n, &self.trio) {
                    format!(
                        "{} · {who} to name the mode of tricks {} to {}",
                        play.number(),
                        n + 1,
                        n + 3
                    )
                } else {
                    format!("{} · {who} to play", play.number())
                }
            }
        }
    }

    /// Every line after the first, with `to_act` the seat to act (a whole game's): the
    /// table, the contract, the card play, the points, the Weis and Stöck, the hand, and how
    /// the deal ended.
    pub(crate) fn write_body(
        &self,
        s: &mut Screen<'_, '_>,
        to_act: Option<PlayerId>,
    ) -> fmt::Result {
        let v = self.viewer();
        let dealt = self.hand_sizes.iter().any(|&n| n > 0) || !self.tricks.is_empty();
        let table = table_parts(&v, dealt.then_some((self.dealer, Some(self.forehand))));
        s.item("table", &table, "; ")?;

        let pushed = format!("{} pushed", v.seat(self.forehand));
        let contract = match self.contract {
            None if self.pushed => vec!["not named yet".to_owned(), pushed],
            None => vec!["not named yet".to_owned()],
            Some(c) => {
                let factor = format!("×{}", self.rules.multipliers.contract_factor(c));
                let mut parts = contract_parts(
                    &v,
                    s.alternate(),
                    c,
                    factor,
                    ("named", self.declarer),
                    &self.trio,
                    self.tricks.len(),
                );
                if self.pushed {
                    parts[0].push_str(&format!(", after {pushed}"));
                }
                parts
            }
        };
        s.item("contract", &contract, "; ")?;

        let play = self.play_text(to_act.is_some());
        play.write_trick(s)?;
        play.write_last(s)?;
        play.write_taken(s)?;
        self.write_points(s, &v)?;
        self.write_weis(s, &v)?;
        if let Some(seat) = self.stoeck {
            let points = self.credits.stoeck[team_of(seat)];
            s.text("Stöck", &format!("{} scored {points}", v.seat(seat)))?;
        }
        play.write_hand(s)?;
        if let Some(outcome) = &self.outcome {
            s.text("deal result", &outcome.to_string())?;
        }
        Ok(())
    }

    /// `points: 65 for your team, seats 0 and 2 (cards 45, Weis 20); 12 for seats 1 and 3`,
    /// before the multiplier.
    fn write_points(&self, s: &mut Screen<'_, '_>, v: &Viewer) -> fmt::Result {
        let c = &self.credits;
        let totals = c.total();
        let parts: Vec<String> = v
            .sides()
            .iter()
            .enumerate()
            .map(|(team, side)| {
                let mut text = format!("{} for {}", totals[team], v.side(side));
                let extras: Vec<String> = [
                    ("Weis", c.weis[team]),
                    ("Stöck", c.stoeck[team]),
                    ("Match", c.match_bonus[team]),
                ]
                .into_iter()
                .filter(|&(_, p)| p > 0)
                .map(|(what, p)| format!("{what} {p}"))
                .collect();
                if !extras.is_empty() {
                    text.push_str(&format!(
                        " (cards {}, {})",
                        c.cards[team],
                        extras.join(", ")
                    ));
                }
                text
            })
            .collect();
        let label = match self
            .contract
            .map(|c| self.rules.multipliers.contract_factor(c))
        {
            Some(factor) if factor != 1 => format!("points (before ×{factor})"),
            _ => "points".to_owned(),
        };
        s.item(&label, &parts, "; ")
    }

    /// Before the first trick is complete, the seat's own Weis; after it, the public Weis
    /// (and the seat's own when its team did not score).
    fn write_weis(&self, s: &mut Screen<'_, '_>, v: &Viewer) -> fmt::Result {
        if self.contract.is_none() {
            return Ok(());
        }
        let declared = self.own_weis.unwrap_or(Declaration::EMPTY);
        if self.tricks.is_empty() {
            if self.own_weis.is_none() {
                return Ok(());
            }
            if declared.melds().is_empty() {
                return s.text("your Weis", "none");
            }
            let mut parts = own_parts(&declared, s);
            if let Some(last) = parts.last_mut() {
                last.push_str(", compared after the first trick");
            }
            return s.item("your Weis", &parts, ", ");
        }
        let Some(w) = &self.weis else {
            return s.text("Weis", "nobody had any");
        };
        let pieces = weis_pieces(w, |p| v.seat(p), |t| v.side(t), |m| meld_texts(m, s));
        s.pieces("Weis", &pieces)?;
        if w.score.team != team_of(self.seat) && !declared.melds().is_empty() {
            let mut parts = own_parts(&declared, s);
            if let Some(last) = parts.last_mut() {
                last.push_str(", not scored");
            }
            s.item("your Weis", &parts, ", ")?;
        }
        Ok(())
    }
}

/// The seat's own Weis: each, then `; 220 in all` after the last.
fn own_parts(d: &Declaration, s: &Screen<'_, '_>) -> Vec<String> {
    let mut melds = meld_texts(d.melds(), s);
    if let Some(last) = melds.last_mut() {
        last.push_str(&format!("; {} in all", d.total()));
    }
    melds
}

/// Each Weis as text in the screen's form.
fn meld_texts(melds: &[Meld], s: &Screen<'_, '_>) -> Vec<String> {
    melds
        .iter()
        .map(|m| {
            if s.alternate() {
                format!("{m:#}")
            } else {
                m.to_string()
            }
        })
        .collect()
}

/// `seat 1 has the best, 70 for seats 1 and 3: `, `seat 1 sequence 6H-9H (50), `, `seat 3
/// none`: pieces with their separators (`name` names a seat, `side` a team, `melds` writes
/// Weis).
fn weis_pieces(
    w: &WeisView,
    name: impl Fn(PlayerId) -> String,
    side: impl Fn(&[PlayerId]) -> String,
    melds: impl Fn(&[Meld]) -> Vec<String>,
) -> Vec<String> {
    let team: Vec<PlayerId> = w.shown.iter().map(|sw| sw.seat).collect();
    let mut parts = Vec::new();
    for sw in &w.shown {
        let texts = melds(&sw.weis);
        if texts.is_empty() {
            parts.push(format!("{} none", name(sw.seat)));
        }
        for (i, text) in texts.into_iter().enumerate() {
            parts.push(if i == 0 {
                format!("{} {text}", name(sw.seat))
            } else {
                text
            });
        }
    }
    let n = parts.len();
    let mut pieces = vec![format!(
        "{} has the best, {} for {}: ",
        name(w.score.seat),
        w.score.points,
        side(&team)
    )];
    pieces.extend(parts.into_iter().enumerate().map(
        |(i, p)| {
            if i + 1 < n { format!("{p}, ") } else { p }
        },
    ));
    pieces
}

/// `seat 1 has the best, 70 for seats 1 and 3: seat 1 sequence 6H-9H (50), seat 3 none`
/// (`{:#}`: suit symbols).
impl fmt::Display for WeisView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alternate = f.alternate();
        let pieces = weis_pieces(
            self,
            |p| format!("seat {p}"),
            |team| {
                let seats: Vec<String> = team.iter().map(ToString::to_string).collect();
                format!("seats {}", seats.join(" and "))
            },
            |ms| {
                ms.iter()
                    .map(|m| {
                        if alternate {
                            format!("{m:#}")
                        } else {
                            m.to_string()
                        }
                    })
                    .collect()
            },
        );
        f.write_str(&pieces.concat())
    }
}

/// The seat's screen: where the deal stands and whose turn it is, then one `label: value`
/// line per item — the table, the contract, the trick so far, the last trick, tricks and
/// points taken, the Weis and Stöck shown, the hand, and once over the result. `{:#}` writes
/// the cards with suit symbols. Built from the view alone: nothing the seat may not see.
impl fmt::Display for SchieberDealView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = Screen::new(f);
        s.line(&self.headline(self.to_act))?;
        self.write_body(&mut s, self.to_act)
    }
}
