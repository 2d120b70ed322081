//! [`Setup`]: an explicit Eléwénjewé position, its validation, and the game's serde.

use cards_core::{CardSet, PlayerId, Seed, StdCard};

use crate::capture::splits_by_counts;
use crate::cards::card_value;
use crate::error::SetupError;
use crate::rules::{Leftovers, Rules};
use crate::score::{LAYOUT, RoundRecord, ScoringPolicy as _, winners};
use crate::state::{
    BATCH, Cards, Elewenjewe, JOKERS, MAX, Pile, pack, seat_after, yoruba_distinct,
};

/// An explicit position: the seed of the later rounds, the finished rounds, and the current
/// round's cards, every card of the pack placed once. The seat to act follows from the hand
/// sizes (the first seat from the one after the dealer holding the most cards); the game is
/// over exactly when every hand is empty. Per-seat lists have one entry per seat; their
/// number is the number of players.
///
/// [`Game::from_setup`](cards_core::Game::from_setup) checks it (decision S1 in
/// `docs/elewenjewe.md`: structurally, not by replay): the rules for the player count; every
/// card of the pack exactly once; hand sizes a batch played in turn produces (at most 4);
/// a stock the dealing rules can leave; piles that are piles (Esun on, owner at the table,
/// value 1 to 10, no joker, at least two cards splitting into groups of the value, distinct
/// values under the Yorùbá rule); set-aside cards only with `Leftovers::Unused`; records
/// with one entry per seat whose points are the scoring policy's; the finished rounds not
/// ending the game unless every hand is empty, and ending it if so.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The seed: round `k` is shuffled by `GameRng::for_deal(seed, k)`.
    pub seed: Seed,
    /// The current round's number, from 0 (the last round when the game is over).
    pub round: u32,
    /// The finished rounds, in order (the current one included once the game is over).
    pub records: Vec<RoundRecord>,
    /// The current round's dealer.
    pub dealer: PlayerId,
    /// Each seat's hand.
    pub hands: Vec<Cards>,
    /// The loose table cards (jokers included).
    pub table: Cards,
    /// The protected piles standing on the table (any order; kept ordered by lowest card).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piles: Vec<Pile>,
    /// Each seat's captured pile this round.
    pub captured: Vec<Cards>,
    /// The undealt cards, the next to deal first.
    pub stock: Vec<StdCard>,
    /// Leftovers set aside (only with `Leftovers::Unused`).
    #[serde(default, skip_serializing_if = "no_cards")]
    pub set_aside: Cards,
    /// Captures each seat made this round by playing a joker.
    pub joker_plays: Vec<u8>,
    /// Esun penalties each seat incurred this round.
    pub penalties: Vec<u8>,
    /// The seat that played the last card so far this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<PlayerId>,
}

fn per_seat<T: Copy + Default>(
    what: &'static str,
    v: &[T],
    n: usize,
) -> Result<[T; MAX], SetupError> {
    if v.len() != n {
        return Err(SetupError::SeatCount {
            what,
            got: v.len(),
            seats: n,
        });
    }
    let mut out = [T::default(); MAX];
    out[..n].copy_from_slice(v);
    Ok(out)
}

fn seat_ok(what: &'static str, seat: PlayerId, n: usize) -> Result<(), SetupError> {
    if seat.index() >= n {
        return Err(SetupError::NoSuchSeat {
            what,
            seat,
            seats: n,
        });
    }
    Ok(())
}

/// Checks a setup under `rules` and builds the game.
pub(crate) fn validate(rules: &Rules, raw: &Setup) -> Result<Elewenjewe, SetupError> {
    let n = raw.hands.len();
    rules.validate(n)?;
    let hands = per_seat("hands", &raw.hands, n)?;
    let captured = per_seat("captured", &raw.captured, n)?;
    let joker_plays = per_seat("joker_plays", &raw.joker_plays, n)?;
    let penalties = per_seat("penalties", &raw.penalties, n)?;
    seat_ok("dealer", raw.dealer, n)?;
    if let Some(last) = raw.last {
        seat_ok("last", last, n)?;
    }
    // Every card once.
    let deck = pack(rules);
    let mut seen = Cards::EMPTY;
    let mut place = |zone: Cards| -> Result<(), SetupError> {
        if let Some(card) = (zone - deck).first() {
            return Err(SetupError::NotInPlay { card });
        }
        if let Some(card) = (zone & seen).first() {
            return Err(SetupError::CardTwice { card });
        }
        seen |= zone;
        Ok(())
    };
    for &zone in hands[..n].iter().chain(&captured[..n]) {
        place(zone)?;
    }
    place(raw.table)?;
    place(raw.set_aside)?;
    for pile in &raw.piles {
        place(pile.cards)?;
    }
    for &card in &raw.stock {
        place(CardSet::single(card))?;
    }
    if let Some(card) = (deck - seen).first() {
        return Err(SetupError::CardMissing { card });
    }
    // Hands: from the seat after the dealer, some seats with h − 1 cards, then the rest with h.
    let sizes: Vec<usize> = hands[..n].iter().map(|h| h.len()).collect();
    let most = sizes.iter().copied().max().unwrap_or(0);
    let bad_hands = |why| SetupError::HandSizes {
        sizes: sizes.clone(),
        dealer: raw.dealer,
        why,
    };
    if most > BATCH {
        return Err(bad_hands("a hand holds at most 4 cards"));
    }
    let order: Vec<usize> = (1..=n)
        .map(|k| sizes[seat_after(raw.dealer, k, n).index()])
        .collect();
    if order.iter().any(|&s| s + 1 < most) || order.windows(2).any(|w| w[0] > w[1]) {
        return Err(bad_hands(
            "each seat plays one card in turn from the seat after the dealer",
        ));
    }
    let over = most == 0;
    // Stock.
    let len = raw.stock.len();
    let bad_stock = |why| SetupError::Stock {
        len,
        players: n,
        why,
    };
    let one_card_pending =
        rules.leftovers == Leftovers::OneCardHand && (n..BATCH * n).contains(&len);
    if len != 0 && len < BATCH * n && !one_card_pending {
        return Err(bad_stock(
            "leftovers short of a batch leave the stock when the last batch is dealt",
        ));
    }
    if over && len != 0 {
        return Err(bad_stock(
            "the game is over only when nothing is left to deal",
        ));
    }
    if !raw.set_aside.is_empty() && rules.leftovers != Leftovers::Unused {
        return Err(SetupError::Progress {
            why: "cards are set aside only with leftovers `unused`",
        });
    }
    // Piles.
    let mut piles = raw.piles.clone();
    for pile in &piles {
        let bad = |why| SetupError::BadPile {
            cards: pile.cards,
            value: pile.value,
            why,
        };
        if !rules.esun {
            return Err(bad("protected piles are played only with Esun"));
        }
        seat_ok("a pile's owner", pile.owner, n)?;
        if !(1..=10).contains(&pile.value) {
            return Err(bad("a pile is built for a value 1 to 10"));
        }
        if pile.cards.len() < 2 || !(pile.cards & JOKERS).is_empty() {
            return Err(bad(
                "a pile holds the played card and at least one table card, no joker",
            ));
        }
        if pile.cards.iter().any(|c| card_value(c).is_none())
            || !splits_by_counts(pile.value, pile.cards.bits(), 0, false, false)
        {
            return Err(bad(
                "its cards do not split into groups each summing to the value",
            ));
        }
        if rules.yoruba && !yoruba_distinct(StdCard::JOKER_1, pile.cards) {
            return Err(bad("under the Yorùbá rule a pile's values are distinct"));
        }
    }
    if over && !piles.is_empty() {
        return Err(SetupError::Progress {
            why: "piles dissolve at the round's end: none stands once the game is over",
        });
    }
    piles.sort_by_key(Pile::lowest);
    // Records and progress.
    let mut totals = [0i64; MAX];
    for record in &raw.records {
        let lists = [
            ("a record's cards", record.cards.len()),
            ("a record's layout", record.layout.len()),
            ("a record's jokers", record.jokers.len()),
            ("a record's joker_plays", record.joker_plays.len()),
            ("a record's penalties", record.penalties.len()),
            ("a record's points", record.points.len()),
        ];
        for (what, got) in lists {
            if got != n {
                return Err(SetupError::SeatCount {
                    what,
                    got,
                    seats: n,
                });
            }
        }
        seat_ok("a record's dealer", record.dealer, n)?;
        if let Some(last) = record.last {
            seat_ok("a record's last player", last, n)?;
        }
        if record.layout.iter().any(|l| !l.is_subset(LAYOUT)) {
            return Err(SetupError::Progress {
                why: "a record's layout lists a card that is not a layout diamond",
            });
        }
        if rules.scoring.round_points(record) != record.points {
            return Err(SetupError::Progress {
                why: "a record's points are not what the scoring policy gives",
            });
        }
        for (t, d) in totals.iter_mut().zip(record.net(rules).iter()) {
            *t = t.saturating_add(*d);
        }
    }
    let done = raw.records.len() as u64;
    let ends = winners(rules, done as u32, &totals[..n]).is_some();
    let progress = |why| Err(SetupError::Progress { why });
    if u64::from(raw.round) >= u64::from(rules.most_rounds()) {
        return progress("the round number is not below the rules' round limit");
    }
    if over {
        if done != u64::from(raw.round) + 1 || !ends {
            return progress(
                "with every hand empty, the game is over: the records must end it, the last one this round's",
            );
        }
    } else if done != u64::from(raw.round) || ends {
        return progress("one record per finished round, and they must not have ended the game");
    }
    Ok(Elewenjewe {
        rules: *rules,
        seed: raw.seed,
        players: n as u8,
        round: raw.round,
        dealer: raw.dealer,
        hands,
        table: raw.table,
        piles,
        captured,
        stock: raw.stock.clone(),
        set_aside: raw.set_aside,
        joker_plays,
        penalties,
        last: raw.last,
        records: raw.records.clone(),
        totals,
    })
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(Elewenjewe);

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn no_cards(cards: &Cards) -> bool {
    cards.is_empty()
}
