//! Settling a game won by Tom (`docs/letom.md`, "Settlement"): the winner's score from its base
//! points, Ren calls, shakes, bombs and the nagari carry; what each loser owes after its baks;
//! who pays it (독박); the zero-sum returns. Each step is kept in the [`Settlement`] so a user
//! interface can show how the figures came about.

use core::fmt;

use cards_core::{CardSet, DidoCard, PerSeat};

use crate::{Breakdown, CountField, RenScoring, Rules, SettleError, score};

/// A game won by Tom, as settlement needs it: the oracle's `letom.settle` request, with the
/// cards as sets. Counts are signed so that a request read from JSON is checked here, with an
/// error naming the field, rather than wrapped or clamped on the way in.
///
/// Serde uses the request's field names, refuses unknown fields, and writes each pile as a
/// list of card texts (a card twice within one pile is refused by the card set itself).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettleInput {
    /// Each seat's captured cards, seat 0 first: 2 to 4 seats, no card in two piles.
    pub captured: Vec<CardSet<DidoCard>>,
    /// The seat that stopped (called Tom) and wins.
    pub winner: usize,
    /// Each seat's number of Ren calls in this game (≥ 0).
    pub ren: Vec<i64>,
    /// The **loser** who called Ren most recently (its `ren` is at least 1), or `None` when
    /// no loser called Ren: that loser pays every loser's amount alone (독박).
    pub last_ren: Option<usize>,
    /// Each seat's shakes in force (≥ 0): the winner's double its score once each.
    pub shakes: Vec<i64>,
    /// Each seat's bombs in force (≥ 0): the winner's multiply its score by the bomb factor
    /// once each.
    pub bombs: Vec<i64>,
    /// The nagari carry factor (≥ 1; 1 when the previous game was not a nagari).
    pub carry: i64,
}

/// The baks (박) that double what one loser owes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Baks {
    /// Pi-bak: the winner scored Pie and this loser's pi value is 1 to
    /// [`Rules::pi_bak_max`].
    pub pi: bool,
    /// Gwang-bak: the winner scored the Guã and this loser holds no Guã.
    pub gwang: bool,
    /// Meong-bak: the winner scored Ÿnkt with at least [`Rules::meong_bak_min`] Ÿnkt.
    pub meong: bool,
}

impl Baks {
    /// How many baks apply (0 to 3).
    #[must_use]
    pub const fn count(self) -> u32 {
        self.pi as u32 + self.gwang as u32 + self.meong as u32
    }

    /// The factor they multiply the loser's amount by: 2 per bak (1, 2, 4 or 8).
    #[must_use]
    pub const fn multiplier(self) -> i64 {
        1 << self.count()
    }
}

impl fmt::Display for Baks {
    /// `pi-bak, gwang-bak`; `no bak` when none applies.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (self.pi, "pi-bak"),
            (self.gwang, "gwang-bak"),
            (self.meong, "meong-bak"),
        ];
        let mut sep = "";
        for (on, name) in names {
            if on {
                write!(f, "{sep}{name}")?;
                sep = ", ";
            }
        }
        if sep.is_empty() {
            f.write_str("no bak")?;
        }
        Ok(())
    }
}

/// The settlement of a game won by Tom, step by step.
///
/// `score = (base + ren_bonus) × ren_multiplier × shake_multiplier × bomb_multiplier × carry`;
/// `owed[i] = score × baks[i].multiplier()` for each loser (0 for the winner); `pay` is `owed`,
/// or, with 독박 (`dokbak`), every loser's amount paid by that one seat; `returns` is
/// `+Σ pay` for the winner and `−pay[i]` for the others, so they sum to 0. The [`Display`]
/// form lists the steps in that order.
///
/// [`Display`]: fmt::Display
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Settlement {
    /// The winning seat.
    pub winner: usize,
    /// The winner's base points, by category.
    pub base: Breakdown,
    /// The winner's Ren calls, n.
    pub ren: i64,
    /// The points Ren adds to the base: n.
    pub ren_bonus: i64,
    /// The Ren doubling: 2^(n−2) for n ≥ 3 under [`RenScoring::Doubling`], else 1.
    pub ren_multiplier: i64,
    /// The winner's shakes.
    pub shakes: i64,
    /// 2^shakes.
    pub shake_multiplier: i64,
    /// The winner's bombs.
    pub bombs: i64,
    /// The bomb factor (3, or 2 under [`BombMultiplier::Double`](crate::BombMultiplier)) to
    /// the power of the bombs.
    pub bomb_multiplier: i64,
    /// The nagari carry factor.
    pub carry: i64,
    /// The winner's score: what a loser with no bak owes.
    pub score: i64,
    /// Each seat's baks (none for the winner).
    pub baks: PerSeat<Baks>,
    /// What each seat owes the winner after its own baks (0 for the winner).
    pub owed: PerSeat<i64>,
    /// The loser who pays every loser's amount alone (독박), if any.
    pub dokbak: Option<usize>,
    /// What each seat actually pays.
    pub pay: PerSeat<i64>,
    /// Each seat's result: zero-sum.
    pub returns: PerSeat<i64>,
}

impl fmt::Display for Settlement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "seat {} wins", self.winner)?;
        writeln!(f, "base: {}", self.base)?;
        let mut line = format!(
            "score: ({} + {} Ren) = {}",
            self.base.points,
            self.ren,
            // Saturating: a settlement deserialized from anywhere may hold any numbers.
            i64::from(self.base.points).saturating_add(self.ren_bonus)
        );
        for (factor, why) in [
            (self.ren_multiplier, "Ren doubling"),
            (self.shake_multiplier, "shakes"),
            (self.bomb_multiplier, "bombs"),
            (self.carry, "nagari carry"),
        ] {
            if factor != 1 {
                line.push_str(&format!(" × {factor} ({why})"));
            }
        }
        writeln!(f, "{line} → {}", self.score)?;
        for (seat, (&owed, baks)) in self.owed.iter().zip(self.baks.iter()).enumerate() {
            // A seat owing nothing is the winner, or a seller who sat out (or the score is 0).
            if seat != self.winner && owed != 0 {
                writeln!(f, "seat {seat} owes {owed} ({baks})")?;
            }
        }
        if let Some(seat) = self.dokbak {
            let pays = self.pay.get(seat).copied().unwrap_or(0);
            writeln!(f, "독박: seat {seat} pays {pays} alone")?;
        }
        write!(f, "returns: {}", self.returns)
    }
}

/// `1 shake`, `2 shakes`.
pub(crate) fn plural(n: i64, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

impl Settlement {
    /// The winner's score as the rules build it, each factor with its name:
    /// `(6 base points + 2 for 2 Ren) × 2 (1 shake)`, or `9 base points` with none.
    #[must_use]
    pub fn score_terms(&self) -> String {
        let base = i64::from(self.base.points);
        let mut text = if self.ren_bonus == 0 {
            plural(base, "base point")
        } else {
            format!(
                "({} + {} for {} Ren)",
                plural(base, "base point"),
                self.ren_bonus,
                self.ren
            )
        };
        for (factor, why) in [
            (
                self.ren_multiplier,
                format!("{} Ren: doubled from the third", self.ren),
            ),
            (self.shake_multiplier, plural(self.shakes, "shake")),
            (self.bomb_multiplier, plural(self.bombs, "bomb")),
            (self.carry, "nagari carry".to_owned()),
        ] {
            if factor != 1 {
                text.push_str(&format!(" × {factor} ({why})"));
            }
        }
        text
    }

    /// Who pays whom, itemised (`docs/letom.md`, "The deal's end"): a line per loser with
    /// its amount and how it is made (the winner's score, each factor named, then the
    /// loser's own baks), `seat 1 pays seat 0 32 points: (6 base points + 2 for 2 Ren) × 2
    /// (1 shake) × 2 (pi-bak)`; with 독박 each loser's line says what it owes and one more
    /// line who pays it all. `sitting_out` (a seller) is neither winner nor loser.
    #[must_use]
    pub fn payments(&self, sitting_out: Option<usize>) -> Vec<String> {
        let w = self.winner;
        let terms = self.score_terms();
        let mut lines = Vec::new();
        for (seat, (&owed, baks)) in self.owed.iter().zip(self.baks.iter()).enumerate() {
            if seat == w || Some(seat) == sitting_out {
                continue;
            }
            let mut how = terms.clone();
            for (on, name) in [
                (baks.pi, "pi-bak"),
                (baks.gwang, "gwang-bak"),
                (baks.meong, "meong-bak"),
            ] {
                if on {
                    how.push_str(&format!(" × 2 ({name})"));
                }
            }
            lines.push(if self.dokbak.is_some() {
                format!("seat {seat} owes {}: {how}", plural(owed, "point"))
            } else {
                format!("seat {seat} pays seat {w} {}: {how}", plural(owed, "point"))
            });
        }
        if let Some(alone) = self.dokbak {
            let total = self.pay.get(alone).copied().unwrap_or(0);
            lines.push(format!(
                "독박: seat {alone}, the last loser to call Ren, pays seat {w} all {} alone",
                plural(total, "point")
            ));
        }
        lines
    }
}

/// `base^exp` as an `i64`, `None` when it does not fit.
fn power(base: i64, exp: i64) -> Option<i64> {
    u32::try_from(exp).ok().and_then(|e| base.checked_pow(e))
}

/// Settles a game won by Tom (`letom.md`, "Settlement", with the options of `rules`).
///
/// Only the winner's own Ren calls, shakes and bombs count; the losers' are part of the
/// request so that the 독박 check can see who called Ren. The legality of the Tom itself is not
/// judged (base points below 3 are accepted).
///
/// ```
/// use letom::{Rules, SettleInput, settle};
/// let pile = |cards: &str| cards.split_whitespace().map(|c| c.parse().unwrap()).collect();
/// // The oracle's example: seat 0 stops with Godorie and 8 pi after 2 Ren and a shake.
/// let input = SettleInput {
///     captured: vec![pile("P2 P4 P8 A1 A2 A3 A4 A5 A6 A7 A8"), pile("S1 S2"), pile("G1")],
///     winner: 0,
///     ren: vec![2, 0, 1],
///     last_ren: Some(2),
///     shakes: vec![1, 0, 0],
///     bombs: vec![0, 0, 0],
///     carry: 1,
/// };
/// let s = settle(&input, &Rules::default())?;
/// assert_eq!((s.base.points, s.score), (6, 16));
/// assert_eq!(s.owed, [0, 32, 16]); // seat 1 has 2 pi: pi-bak
/// assert_eq!(s.pay, [0, 0, 48]); // seat 2 called Ren: 독박
/// assert_eq!(s.returns, [48, 0, -48]);
/// # Ok::<(), letom::SettleError>(())
/// ```
///
/// # Errors
/// [`SettleError`], for the first problem found in this order: `captured` holds other than 2
/// to 4 seats; `ren`, `shakes` or `bombs` has another length; a card lies in two piles;
/// `winner` is not a seat; a count is negative; `last_ren` is not a seat, is the winner, or
/// names a seat with no Ren; `carry` is below 1; an amount (or a multiplier) does not fit an
/// `i64`.
pub fn settle(input: &SettleInput, rules: &Rules) -> Result<Settlement, SettleError> {
    let seats = input.captured.len();
    if !Rules::PLAYERS.contains(&seats) {
        return Err(SettleError::SeatCount { got: seats });
    }
    for (field, list) in [
        (CountField::Ren, &input.ren),
        (CountField::Shakes, &input.shakes),
        (CountField::Bombs, &input.bombs),
    ] {
        if list.len() != seats {
            return Err(SettleError::Length {
                field,
                got: list.len(),
                seats,
            });
        }
    }
    check_cards(&input.captured)?;
    let winner = input.winner;
    if winner >= seats {
        return Err(SettleError::Winner { winner, seats });
    }
    for (field, list) in [
        (CountField::Ren, &input.ren),
        (CountField::Shakes, &input.shakes),
        (CountField::Bombs, &input.bombs),
    ] {
        if let Some((seat, &value)) = list.iter().enumerate().find(|&(_, &v)| v < 0) {
            return Err(SettleError::Negative { field, seat, value });
        }
    }
    if let Some(seat) = input.last_ren {
        if seat >= seats {
            return Err(SettleError::LastRenNotASeat { seat, seats });
        }
        if seat == winner {
            return Err(SettleError::LastRenIsWinner { seat });
        }
        if input.ren[seat] == 0 {
            return Err(SettleError::LastRenWithoutRen { seat });
        }
    }
    if input.carry < 1 {
        return Err(SettleError::Carry { carry: input.carry });
    }
    let piles: Vec<Breakdown> = input.captured.iter().map(|&pile| score(pile)).collect();
    settle_checked(input, &piles, rules)
}

/// The first card found in two piles.
fn check_cards(piles: &[CardSet<DidoCard>]) -> Result<(), SettleError> {
    let mut seen = CardSet::<DidoCard>::EMPTY;
    for (second, &pile) in piles.iter().enumerate() {
        if let Some(card) = (pile & seen).first() {
            let first = piles
                .iter()
                .position(|p| p.contains(card))
                .unwrap_or_default();
            return Err(SettleError::CardTwice {
                card,
                first,
                second,
            });
        }
        seen |= pile;
    }
    Ok(())
}

/// The arithmetic of [`settle`] on checked input; `piles` is each seat's breakdown.
fn settle_checked(
    input: &SettleInput,
    piles: &[Breakdown],
    rules: &Rules,
) -> Result<Settlement, SettleError> {
    let overflow = |what| SettleError::Overflow { what };
    let seats = piles.len();
    let winner = input.winner;
    let base = piles[winner];
    let n = input.ren[winner];
    let ren_multiplier = match rules.ren {
        RenScoring::Doubling if n >= 3 => power(2, n - 2).ok_or(overflow("Ren doubling"))?,
        _ => 1,
    };
    let shakes = input.shakes[winner];
    let bombs = input.bombs[winner];
    let shake_multiplier = power(2, shakes).ok_or(overflow("shake multiplier"))?;
    let bomb_multiplier = power(rules.bomb.factor(), bombs).ok_or(overflow("bomb multiplier"))?;
    let with_ren = i64::from(base.points)
        .checked_add(n)
        .ok_or(overflow("score"))?;
    let score = [
        ren_multiplier,
        shake_multiplier,
        bomb_multiplier,
        input.carry,
    ]
    .into_iter()
    .try_fold(with_ren, i64::checked_mul)
    .ok_or(overflow("score"))?;

    let mut baks = PerSeat::<Baks>::new(seats).ok_or(overflow("seat count"))?;
    let mut owed = PerSeat::<i64>::new(seats).ok_or(overflow("seat count"))?;
    for seat in (0..seats).filter(|&s| s != winner) {
        let loser = piles[seat];
        let b = Baks {
            pi: base.pie > 0 && (1..=rules.pi_bak_max).contains(&loser.pi_value),
            gwang: base.guang > 0 && loser.guang_cards == 0,
            meong: base.ynkt > 0 && base.ynkt_cards >= rules.meong_bak_min,
        };
        baks[seat] = b;
        owed[seat] = score.checked_mul(b.multiplier()).ok_or(overflow("owed"))?;
    }
    let total = owed
        .iter()
        .try_fold(0i64, |sum, &o| sum.checked_add(o))
        .ok_or(overflow("total owed"))?;
    let mut pay = owed;
    if let Some(seat) = input.last_ren {
        pay.fill(0);
        pay[seat] = total;
    }
    let mut returns = pay.map(|p| -p);
    returns[winner] = total;
    Ok(Settlement {
        winner,
        base,
        ren: n,
        ren_bonus: n,
        ren_multiplier,
        shakes,
        shake_multiplier,
        bombs,
        bomb_multiplier,
        carry: input.carry,
        score,
        baks,
        owed,
        dokbak: input.last_ren,
        pay,
        returns,
    })
}
