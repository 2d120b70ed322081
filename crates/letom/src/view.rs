//! [`View`]: what one seat may see of a deal, and worlds sampled consistently with it.

use core::fmt;

use cards_core::{Colour, DidoCard, PlayerId};

use crate::{Hand, Phase, Rules, Setup};

/// What one seat may see: its own hand, the floor, every captured pile, revealed shakes,
/// owed flip-only turns, the stock's size, the Guã a seller showed, Ren calls, the carry and
/// the pot. Not: other hands, the stock's order.
///
/// `public` is the position with every hidden card taken out: its `hands` and `stock` are
/// empty lists (their sizes are `hand_sizes` and `stock_len`) and it carries no reshuffle
/// seed. [`Game::sample_world`](cards_core::Game::sample_world) deals the hidden cards back in.
///
/// `Display` is the seat's screen in the terminal (`docs/letom.md`, "The screen"): built from
/// the view alone, several lines of `label: value`; `{:#}` writes the cards for people.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The seat whose view this is.
    pub seat: PlayerId,
    /// The rules of the deal.
    pub rules: Rules,
    /// The seat's own hand (in the sale phase, in the order dealt).
    pub hand: Vec<DidoCard>,
    /// Cards in each seat's hand.
    pub hand_sizes: Vec<usize>,
    /// Cards in the stock.
    pub stock_len: usize,
    /// Everything else, public.
    pub public: Setup,
}

/// Lines longer than this are wrapped onto continuation lines indented by two spaces.
const WIDTH: usize = 96;

/// The cards in play order for a person: by number, then colour (`A2 S2 G4`).
fn by_number(cards: impl IntoIterator<Item = DidoCard>) -> Vec<DidoCard> {
    let mut cards: Vec<DidoCard> = cards.into_iter().collect();
    cards.sort_unstable_by_key(|c| (c.number(), c.colour()));
    cards
}

/// Cards separated by spaces, each in the notation (`{:#}` when `alt`); `-` for none.
fn list(cards: &[DidoCard], alt: bool) -> String {
    if cards.is_empty() {
        return "-".to_owned();
    }
    let words: Vec<String> = cards
        .iter()
        .map(|c| {
            if alt {
                format!("{c:#}")
            } else {
                format!("{c}")
            }
        })
        .collect();
    words.join(" ")
}

/// The floor in groups of one number (`A2 S2 G2 (stuck stack) · G4 · P6 P7`): three of a
/// number lie together as a stuck stack.
fn floor_text(floor: Hand, alt: bool) -> String {
    if floor.is_empty() {
        return "-".to_owned();
    }
    let cards = by_number(floor);
    let mut groups = Vec::new();
    for n in 0..crate::action::NUMBERS as u8 {
        let group: Vec<DidoCard> = cards.iter().copied().filter(|c| c.number() == n).collect();
        if group.is_empty() {
            continue;
        }
        let mut text = list(&group, alt);
        if group.len() == 3 {
            text.push_str(" (stuck stack)");
        }
        groups.push(text);
    }
    groups.join(" · ")
}

/// A seat's captured cards by category: `Guã A0 · Dan G1 G2 · Ÿnkt P2 · pi A1 S8 (pi value 3)`.
/// Dan is Gran 1–8 (Hõdan, Codan and Cyñdan among them), Ÿnkt Pradol 1–8 (Godorie's P2 P4
/// P8 among them), pi Alivaie and Suçes 1–8.
fn captured_text(pile: Hand, alt: bool) -> String {
    if pile.is_empty() {
        return "-".to_owned();
    }
    let b = crate::score(pile);
    let cards = by_number(pile);
    let of = |pred: &dyn Fn(DidoCard) -> bool| -> Vec<DidoCard> {
        cards.iter().copied().filter(|&c| pred(c)).collect()
    };
    let guang = of(&|c| c.is_zero());
    let dan = of(&|c| !c.is_zero() && c.colour() == Colour::Gran);
    let ynkt = of(&|c| !c.is_zero() && c.colour() == Colour::Pradol);
    let pi = of(&|c| !c.is_zero() && matches!(c.colour(), Colour::Alivaie | Colour::Suces));
    let mut parts = Vec::new();
    for (name, group) in [("Guã", &guang), ("Dan", &dan), ("Ÿnkt", &ynkt), ("pi", &pi)] {
        if group.is_empty() {
            continue;
        }
        let mut text = format!("{name} {}", list(group, alt));
        if name == "pi" {
            text.push_str(&format!(" (pi value {})", b.pi_value));
        }
        parts.push(text);
    }
    parts.join(" · ")
}

/// Base points with the categories that score: `7 points (Godorie 5, Pie 2)`, the unit
/// `unit` (`point`, `base point`) with its plural.
pub(crate) fn points_text(b: &crate::Breakdown, unit: &str) -> String {
    let parts: Vec<String> = [
        ("Godorie", b.godorie),
        ("Guã", b.guang),
        ("Hõdan", b.hodan),
        ("Codan", b.codan),
        ("Cyñdan", b.cyndan),
        ("Pie", b.pie),
        ("Dan", b.dan),
        ("Ÿnkt", b.ynkt),
    ]
    .iter()
    .filter(|(_, p)| *p > 0)
    .map(|(name, p)| format!("{name} {p}"))
    .collect();
    let amount = crate::settle::plural(i64::from(b.points), unit);
    if parts.is_empty() {
        amount
    } else {
        format!("{amount} ({})", parts.join(", "))
    }
}

/// `n thing` or `n things`.
fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// `line`, wrapped at spaces onto continuation lines indented by two spaces.
pub(crate) fn push_wrapped(out: &mut Vec<String>, line: String) {
    let mut rest: &str = &line;
    let mut indent = "";
    loop {
        let room = WIDTH - indent.len();
        if rest.chars().count() <= room {
            out.push(format!("{indent}{rest}"));
            return;
        }
        // The last space within the room (by characters, not bytes).
        let cut = rest
            .char_indices()
            .take(room + 1)
            .filter(|&(_, c)| c == ' ')
            .map(|(i, _)| i)
            .last();
        match cut {
            Some(i) if i > 0 => {
                out.push(format!("{indent}{}", &rest[..i]));
                rest = &rest[i + 1..];
                indent = "  ";
            }
            _ => {
                out.push(format!("{indent}{rest}"));
                return;
            }
        }
    }
}

impl View {
    /// `if you stop (Tom): you win 12; seat 0 pays 8 (pi-bak), seat 2 pays 4`: the
    /// settlement of a Tom by this seat now (`None` beyond 64 bits).
    fn tom_now(&self) -> Option<String> {
        let p = &self.public;
        let s = self.win_table().settle(self.seat, true)?;
        let mut line = format!(
            "if you stop (Tom): you win {}",
            crate::settle::plural(
                s.returns.get(self.seat.index()).copied().unwrap_or(0),
                "point"
            )
        );
        let mut sep = "; ";
        for (loser, &pay) in s.pay.iter().enumerate() {
            if loser == self.seat.index() || Some(PlayerId(loser as u8)) == p.seller {
                continue;
            }
            line.push_str(&format!("{sep}seat {loser} pays {pay}"));
            sep = ", ";
            let baks = s.baks.get(loser).copied().unwrap_or_default();
            if baks.count() > 0 {
                line.push_str(&format!(" ({baks})"));
            }
        }
        if let Some(alone) = s.dokbak {
            line.push_str(&format!(
                " (독박: seat {alone}, the last loser to call Ren, pays alone)"
            ));
        }
        Some(line)
    }

    /// The public parts that settle a win.
    fn win_table(&self) -> crate::state::WinTable<'_> {
        let p = &self.public;
        crate::state::WinTable {
            rules: &self.rules,
            captured: &p.captured,
            ren: &p.ren,
            ren_order: &p.ren_order,
            shaken: &p.shaken,
            bombs: &p.bombs,
            carried_shakes: &p.carried_shakes,
            carried_bombs: &p.carried_bombs,
            carry: p.carry,
            seller: p.seller,
        }
    }

    /// Once the deal is over, how it was settled, as its `deal_ended` event tells it.
    #[must_use]
    pub fn deal_end(&self) -> Option<crate::DealEnd> {
        let outcome = self.public.outcome?;
        Some(self.win_table().deal_end(outcome, self.public.shown))
    }

    /// The screen's lines: `head` (the match's deal number) before the first.
    pub(crate) fn screen(&self, head: Option<&str>, alt: bool) -> Vec<String> {
        let p = &self.public;
        let n = self.hand_sizes.len();
        let me = self.seat;
        let mine = me.index() < n;
        let who = |s: PlayerId| {
            if s == me {
                "you".to_owned()
            } else {
                format!("seat {s}")
            }
        };
        // "if you win", "if it wins".
        let its = |s: PlayerId| if s == me { "you win" } else { "it wins" };
        let card = |c: DidoCard| {
            if alt {
                format!("{c:#}")
            } else {
                format!("{c}")
            }
        };
        let mut lines = Vec::new();

        // Where the deal stands and whose turn it is.
        let mut first = String::new();
        if let Some(head) = head {
            first.push_str(head);
            first.push_str(" · ");
        }
        first.push_str(&match p.phase {
            Phase::Sale { seat } if seat == me => {
                "you are asked whether to sell your Guã (sell or keep)".to_owned()
            }
            Phase::Sale { seat } => format!("seat {seat} is asked whether to sell its Guã"),
            Phase::Turn { seat } if seat == me => "your turn".to_owned(),
            Phase::Turn { seat } => format!("seat {seat} to play"),
            Phase::Take { seat, flipped, .. } if seat == me => format!(
                "you flipped {}: which floor card do you take?",
                card(flipped)
            ),
            Phase::Take { seat, flipped, .. } => format!(
                "seat {seat} flipped {}: which floor card does it take?",
                card(flipped)
            ),
            Phase::Decide { seat } if seat == me => {
                "your call: Ren (go on) or Tom (stop)?".to_owned()
            }
            Phase::Decide { seat } => format!("seat {seat} to call Ren or Tom"),
            Phase::Over => match p.outcome {
                Some(outcome) => format!("over: {outcome}"),
                None => "over".to_owned(),
            },
        });
        first.push_str(&format!(" · stock {}", count(self.stock_len, "card")));
        if p.carry > 1 {
            first.push_str(&format!(" · nagari carry × {}", p.carry));
        }
        if !mine {
            first.push_str(" · you watch");
        }
        push_wrapped(&mut lines, first);

        // The seat's own cards, the floor, the card awaiting a take.
        if mine {
            push_wrapped(
                &mut lines,
                format!(
                    "your hand: {}",
                    list(&by_number(self.hand.iter().copied()), alt)
                ),
            );
        }
        push_wrapped(&mut lines, format!("floor: {}", floor_text(p.floor, alt)));
        if let Phase::Take { flipped, .. } = p.phase {
            let matches = by_number(crate::state::of_number(p.floor, flipped.number()));
            push_wrapped(
                &mut lines,
                format!(
                    "flipped: {} (matches {})",
                    card(flipped),
                    list(&matches, alt)
                ),
            );
        }

        // Every seat: its hand size, points, calls and declarations, then its captured cards.
        for s in 0..n {
            let seat = PlayerId(s as u8);
            let mut tags = Vec::new();
            if seat == me {
                tags.push("you");
            }
            if seat == p.dealer {
                tags.push("dealer");
            }
            if Some(seat) == p.seller {
                tags.push("sold");
            }
            let mut line = format!("seat {s}");
            if !tags.is_empty() {
                line.push_str(&format!(" ({})", tags.join(", ")));
            }
            if Some(seat) == p.seller {
                // The seller sits the deal out: what it showed and is paid is all there is.
                let price = u64::from(self.rules.gwang_price) * p.shown.len() as u64;
                line.push_str(": sits this deal out");
                if p.shown.is_empty() {
                    line.push_str(", with no Guã to show");
                } else {
                    line.push_str(&format!(
                        ", showed {} and is paid {price} by each player",
                        list(&by_number(p.shown), alt)
                    ));
                }
                push_wrapped(&mut lines, line);
                continue;
            }
            let pile = p.captured.get(s).copied().unwrap_or_default();
            line.push_str(&format!(
                ": {} in hand · {}",
                self.hand_sizes[s],
                points_text(&crate::score(pile), "point")
            ));
            let ren = p.ren.get(s).copied().unwrap_or(0);
            if ren > 0 {
                let base = p.ren_base.get(s).copied().unwrap_or(0);
                line.push_str(&format!(" · Ren {ren} (last at {base} points)"));
            }
            let shaken = p.shaken.get(s).copied().unwrap_or_default();
            if !shaken.is_empty() {
                // The numbers shaken, and the shaken cards not yet played (still in the hand).
                let mut numbers: Vec<String> = by_number(shaken)
                    .iter()
                    .map(|c| format!("{}s", c.number()))
                    .collect();
                numbers.dedup();
                line.push_str(&format!(" · shakes {}", numbers.join(" ")));
                let mut out_of_hand = p.floor;
                for pile in &p.captured {
                    out_of_hand |= *pile;
                }
                if let Phase::Take { flipped, .. } = p.phase {
                    out_of_hand.insert(flipped);
                }
                let held = shaken - out_of_hand;
                if !held.is_empty() {
                    line.push_str(&format!(" (in hand: {})", list(&by_number(held), alt)));
                }
            }
            let bombs = p.bombs.get(s).copied().unwrap_or(0);
            if bombs > 0 {
                line.push_str(&format!(" · bombs {bombs}"));
            }
            let owed = p.owed.get(s).copied().unwrap_or(0);
            if owed > 0 {
                line.push_str(&format!(
                    " · owes {}",
                    count(usize::from(owed), "flip-only turn")
                ));
            }
            let carried_shakes = p.carried_shakes.get(s).copied().unwrap_or(0);
            let carried_bombs = p.carried_bombs.get(s).copied().unwrap_or(0);
            if carried_shakes > 0 || carried_bombs > 0 {
                line.push_str(&format!(
                    " · carried from the nagari: shakes {carried_shakes}, bombs {carried_bombs}"
                ));
            }
            // What the seat's score is multiplied by if it wins (Ren aside).
            let shakes = shaken.len() as u32 / 3 + u32::from(carried_shakes);
            let bombs = u32::from(bombs) + u32::from(carried_bombs);
            let factor = 2u64
                .checked_pow(shakes)
                .and_then(|m| m.checked_mul((self.rules.bomb.factor() as u64).checked_pow(bombs)?))
                .and_then(|m| m.checked_mul(u64::from(p.carry)));
            match factor {
                Some(1) => {}
                Some(m) => line.push_str(&format!(" · score × {m} if {}", its(seat))),
                None => line.push_str(&format!(" · score × a huge factor if {}", its(seat))),
            }
            push_wrapped(&mut lines, line);
            push_wrapped(
                &mut lines,
                format!("seat {s} took: {}", captured_text(pile, alt)),
            );
        }

        // Deciding Ren or Tom: what a Tom would settle now.
        if p.phase == (Phase::Decide { seat: me })
            && let Some(line) = self.tom_now()
        {
            push_wrapped(&mut lines, line);
        }

        // The deal over: who paid whom and why, as the deal's end told it (the base points
        // are on the seats' lines above).
        if let Some(end) = self.deal_end() {
            for line in end.lines(alt).into_iter().skip(1) {
                let line = match line.split_once("; base points ") {
                    Some((points, _)) => points.to_owned(),
                    None => line,
                };
                push_wrapped(&mut lines, line);
            }
        }

        // The pot.
        let pot: u64 = p.pot.iter().map(|&v| u64::from(v)).sum();
        if self.rules.stake > 0 || pot > 0 {
            let mut line = format!("pot: {pot}");
            if let Some(taker) = p.stake_taker {
                line.push_str(&format!(" (taken by {} on a first turn)", who(taker)));
            } else if let Some(winner) = p.outcome.and_then(crate::Outcome::winner)
                && pot > 0
            {
                line.push_str(&format!(" (taken by {}, the winner)", who(winner)));
            }
            line.push_str(&format!(" · stake {} a deal", self.rules.stake));
            push_wrapped(&mut lines, line);
        }
        lines
    }
}

/// The seat's screen: where the deal stands and whose turn it is, the seat's hand, the floor
/// (stuck stacks marked), then for every seat its hand size, base points by category, Ren
/// calls, shakes, bombs, owed flip-only turns and what its score is multiplied by if it wins,
/// and its captured cards by category; then the sale and the pot where they apply. Lines of
/// `label: value`, no trailing newline; `{:#}` writes the cards for people.
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines = self.screen(None, f.alternate());
        f.write_str(&lines.join("\n"))
    }
}
