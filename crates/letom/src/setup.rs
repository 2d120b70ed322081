//! [`Setup`]: an explicit Letom position, and the checks that turn it (or a [`Deal`]) into a
//! game. Every deserialized state and every sampled world passes through them, so no input can
//! produce a position that breaks the game's rules (a card twice, a stock that does not fit the
//! turns left, a phase that does not fit). They do not ask whether a position is reachable
//! from some deal: a test or study position need not be.

use cards_core::{DidoCard, NoEvents, PlayerId, Seed};

use crate::action::NUMBERS;
use crate::state::{AsDealt, CarryIn, DECK, MAX_HAND, of_number, table};
use crate::{Deal, EventCounts, Hand, Letom, Outcome, Phase, Rules, SetupError};

/// An explicit Letom position: where every card is, whose turn it is and what the deal
/// remembers.
///
/// [`Game::from_setup`](cards_core::Game::from_setup) checks it and says what is wrong
/// ([`SetupError`]); [`Game::setup`](cards_core::Game::setup) gives any deal's position in this
/// form, and a deal's JSON is `{"rules": …, "setup": …}`. Per-seat lists have one entry per
/// seat at the table. Fields after `shaken` may be left out (zero, empty or none).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The dealer (plays first; never asked to sell).
    pub dealer: PlayerId,
    /// Who must do what.
    pub phase: Phase,
    /// Each seat's hand. In the sale phase, in the order dealt (a seller's cards go under
    /// the stock in that order); otherwise in card order.
    pub hands: Vec<Vec<DidoCard>>,
    /// The floor cards.
    pub floor: Hand,
    /// The stock, top first.
    pub stock: Vec<DidoCard>,
    /// Each seat's captured cards.
    pub captured: Vec<Hand>,
    /// Each seat's flip-only turns still owed.
    pub owed: Vec<u8>,
    /// The cards each seat revealed by shaking (three of a number per shake).
    pub shaken: Vec<Hand>,
    /// Each seat's bombs this deal.
    #[serde(default)]
    pub bombs: Vec<u8>,
    /// Each seat's Ren calls this deal.
    #[serde(default)]
    pub ren: Vec<u8>,
    /// Each seat's base points at its last Ren call (0 without a call).
    #[serde(default)]
    pub ren_base: Vec<u8>,
    /// The number of each seat's last Ren call among all this deal's calls (1 = the first;
    /// 0 = none).
    #[serde(default)]
    pub ren_order: Vec<u8>,
    /// The seat that sold its Guã and sits out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seller: Option<PlayerId>,
    /// The Guã the seller showed (and is paid for).
    #[serde(default, skip_serializing_if = "no_cards")]
    pub shown: Hand,
    /// The nagari carry factor in force (1 to 8; default 1).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub carry: u8,
    /// Each seat's shakes carried out of nagari deals.
    #[serde(default)]
    pub carried_shakes: Vec<u8>,
    /// Each seat's bombs carried out of nagari deals.
    #[serde(default)]
    pub carried_bombs: Vec<u8>,
    /// Each seat's stakes in the pot (this deal's included).
    #[serde(default)]
    pub pot: Vec<u32>,
    /// The seat that took the pot on its first turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stake_taker: Option<PlayerId>,
    /// The seats that have finished their first turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub first_done: Vec<PlayerId>,
    /// How often the special events happened.
    #[serde(default, skip_serializing_if = "is_default")]
    pub events: EventCounts,
    /// With gwang-selling and the reshuffle option, in the sale phase: the seed the stock is
    /// reshuffled with after the sale.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reshuffle: Option<Seed>,
    /// How the deal ended (it must be given exactly when the phase is `over`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

fn no_cards(h: &Hand) -> bool {
    h.is_empty()
}
fn is_default(e: &EventCounts) -> bool {
    *e == EventCounts::default()
}
fn one() -> u8 {
    1
}
fn is_one(v: &u8) -> bool {
    *v == 1
}

/// Checks a deal's cards against the table: every card once, table sizes.
pub(crate) fn check_deal(rules: &Rules, deal: &Deal) -> Result<(), SetupError> {
    let players = deal.hands.len();
    rules.validate(players)?;
    if deal.dealer.index() >= players {
        return Err(SetupError::BadSeat {
            what: "dealer",
            seat: deal.dealer,
            why: "is not at the table",
        });
    }
    let (floor, hand) = table(players - usize::from(rules.sells(players)));
    let mut census = Placed::default();
    for h in &deal.hands {
        if h.len() != hand {
            return Err(SetupError::Inconsistent {
                what: "a hand",
                why: format!("{} cards were dealt, the table deals {hand}", h.len()),
            });
        }
        census.add_all(h.iter().copied())?;
    }
    if deal.floor.len() != floor {
        return Err(SetupError::Inconsistent {
            what: "the floor",
            why: format!(
                "{} cards were dealt, the table deals {floor}",
                deal.floor.len()
            ),
        });
    }
    census.add_all(deal.floor.iter().copied())?;
    census.add_all(deal.stock.iter().copied())?;
    census.complete()
}

/// The cards placed so far, refusing a card placed twice.
#[derive(Default)]
struct Placed(Hand);

impl Placed {
    fn add_all(&mut self, cards: impl IntoIterator<Item = DidoCard>) -> Result<(), SetupError> {
        for card in cards {
            if !self.0.insert(card) {
                return Err(SetupError::CardTwice { card });
            }
        }
        Ok(())
    }

    fn complete(&self) -> Result<(), SetupError> {
        match (Hand::full() - self.0).first() {
            Some(card) => Err(SetupError::CardMissing { card }),
            None => Ok(()),
        }
    }
}

/// Checks `setup` against every rule (what
/// [`Game::from_setup`](cards_core::Game::from_setup) refuses).
pub(crate) fn check(rules: &Rules, setup: &Setup) -> Result<(), SetupError> {
    let n = setup.hands.len();
    rules.validate(n)?;
    let seats = |what: &'static str, got: usize| -> Result<(), SetupError> {
        if got == n || (got == 0 && optional(what)) {
            Ok(())
        } else {
            Err(SetupError::SeatCount {
                what,
                got,
                seats: n,
            })
        }
    };
    seats("captured", setup.captured.len())?;
    seats("owed", setup.owed.len())?;
    seats("shaken", setup.shaken.len())?;
    seats("bombs", setup.bombs.len())?;
    seats("ren", setup.ren.len())?;
    seats("ren_base", setup.ren_base.len())?;
    seats("ren_order", setup.ren_order.len())?;
    seats("carried_shakes", setup.carried_shakes.len())?;
    seats("carried_bombs", setup.carried_bombs.len())?;
    seats("pot", setup.pot.len())?;
    let seat_ok = |what: &'static str, seat: PlayerId| {
        if seat.index() < n {
            Ok(())
        } else {
            Err(SetupError::BadSeat {
                what,
                seat,
                why: "is not at the table",
            })
        }
    };
    seat_ok("dealer", setup.dealer)?;
    if let Some(s) = setup.seller {
        seat_ok("seller", s)?;
        if !rules.sells(n) {
            return Err(SetupError::BadSeat {
                what: "seller",
                seat: s,
                why: "sells, but these rules and players have no gwang-selling",
            });
        }
        if s == setup.dealer {
            return Err(SetupError::BadSeat {
                what: "seller",
                seat: s,
                why: "is the dealer, who is never asked to sell",
            });
        }
    }
    if let Some(s) = setup.stake_taker {
        seat_ok("stake_taker", s)?;
    }
    for &s in &setup.first_done {
        seat_ok("first_done", s)?;
    }
    let get = |v: &[u8], s: usize| v.get(s).copied().unwrap_or(0);
    // Cards: each once.
    let mut census = Placed::default();
    for (s, h) in setup.hands.iter().enumerate() {
        census.add_all(h.iter().copied())?;
        if h.len() > MAX_HAND && matches!(setup.phase, Phase::Sale { .. }) {
            return Err(SetupError::Inconsistent {
                what: "a hand in the sale phase",
                why: format!(
                    "seat {s} holds {} cards, at most {MAX_HAND} are dealt",
                    h.len()
                ),
            });
        }
    }
    census.add_all(setup.floor)?;
    census.add_all(setup.stock.iter().copied())?;
    for &c in &setup.captured {
        census.add_all(c)?;
    }
    if let Phase::Take { flipped, .. } = setup.phase {
        census.add_all([flipped])?;
    }
    census.complete()?;
    if setup.seller.is_none() && !setup.shown.is_empty()
        || setup.shown.bits() & !crate::state::GUANG != 0
    {
        return Err(SetupError::Inconsistent {
            what: "shown",
            why: "only a seller shows cards, and only Guã".into(),
        });
    }
    // Per-seat values.
    for s in 0..n {
        let seat = PlayerId(s as u8);
        let shaken = setup.shaken.get(s).copied().unwrap_or_default();
        for number in 0..NUMBERS as u8 {
            let k = of_number(shaken, number).len();
            if k != 0 && k != 3 {
                return Err(SetupError::Inconsistent {
                    what: "shaken",
                    why: format!("seat {s} revealed {k} cards of {number}: a shake shows three"),
                });
            }
        }
        if get(&setup.carried_shakes, s) > 32 || get(&setup.carried_bombs, s) > 32 {
            return Err(SetupError::Inconsistent {
                what: "carried multipliers",
                why: format!("seat {s} carries more than 32 shakes or bombs"),
            });
        }
        if get(&setup.ren_order, s) > 0 && get(&setup.ren, s) == 0
            || get(&setup.ren_order, s) == 0 && get(&setup.ren, s) > 0
        {
            return Err(SetupError::Inconsistent {
                what: "ren_order",
                why: format!("seat {s}: a seat has a last call exactly when it called Ren"),
            });
        }
        if Some(seat) == setup.seller
            && (!setup.hands[s].is_empty()
                || !setup.captured[s].is_empty()
                || get(&setup.owed, s) > 0)
        {
            return Err(SetupError::Inconsistent {
                what: "the seller",
                why: format!("seat {s} sold and sits out: it holds and captures nothing"),
            });
        }
    }
    // At most one Ren call per turn, and a bomb takes three cards of a number: bounds that
    // also keep the counts from overflowing as play goes on.
    let calls: u32 = setup.ren.iter().map(|&r| u32::from(r)).sum();
    if calls > DECK as u32 {
        return Err(SetupError::Inconsistent {
            what: "ren",
            why: format!("{calls} Ren calls: a deal has at most {DECK} turns, one call each"),
        });
    }
    let bombs: u32 = setup.bombs.iter().map(|&b| u32::from(b)).sum();
    if bombs > NUMBERS as u32 {
        return Err(SetupError::Inconsistent {
            what: "bombs",
            why: format!("{bombs} bombs: each takes a number's cards, and there are {NUMBERS}"),
        });
    }
    if setup.ren_order.iter().any(|&o| u32::from(o) > calls) {
        return Err(SetupError::Inconsistent {
            what: "ren_order",
            why: format!("a last call is numbered beyond the {calls} calls made"),
        });
    }
    if !(1..=Rules::MAX_CARRY as u8).contains(&setup.carry) {
        return Err(SetupError::Inconsistent {
            what: "carry",
            why: format!("{} is not 1 to {}", setup.carry, Rules::MAX_CARRY),
        });
    }
    if setup
        .pot
        .iter()
        .any(|&p| p > Rules::MAX_STAKE * Rules::MAX_DEALS)
    {
        return Err(SetupError::Inconsistent {
            what: "pot",
            why: "a stake beyond what any match pays in".into(),
        });
    }
    // Stakes come whole: none without a table stake, and past the sale every playing seat's
    // own for this deal is in.
    let sale = matches!(setup.phase, Phase::Sale { .. });
    let short = (0..n).find(|&p| {
        let pot = setup.pot.get(p).copied().unwrap_or(0);
        let paid = !sale && setup.seller.map(PlayerId::index) != Some(p);
        match rules.stake {
            0 => pot != 0,
            stake => pot % stake != 0 || paid && pot < stake,
        }
    });
    if let Some(p) = short {
        return Err(SetupError::Inconsistent {
            what: "pot",
            why: format!(
                "seat {p}'s {} in the pot is not whole table stakes of {}{}",
                setup.pot.get(p).copied().unwrap_or(0),
                rules.stake,
                if sale { "" } else { ", this deal's included" }
            ),
        });
    }
    // The stock holds one card per turn still to play.
    let hand_cards: usize = setup.hands.iter().map(Vec::len).sum();
    let owed: usize = setup.owed.iter().map(|&o| usize::from(o)).sum();
    match setup.phase {
        Phase::Sale { seat } => {
            seat_ok("phase", seat)?;
            if seat == setup.dealer || setup.seller.is_some() || !rules.sells(n) {
                return Err(SetupError::Phase {
                    phase: setup.phase.to_string(),
                    why: "a sale needs gwang-selling, no seller yet, and asks only non-dealers",
                });
            }
            let (floor, hand) = table(n - 1);
            let _ = floor;
            // No flip-only turn is owed before play (none is, before a bomb): with one, the
            // stock would not fit the turns after the sale.
            if owed > 0 {
                return Err(SetupError::Phase {
                    phase: setup.phase.to_string(),
                    why: "no flip-only turn is owed before play",
                });
            }
            if setup.hands.iter().any(|h| h.len() != hand)
                || setup.stock.len() + hand != (n - 1) * hand
            {
                return Err(SetupError::Stock {
                    stock: setup.stock.len(),
                    expected: (n - 2) * hand,
                    why: "before the sale every hand holds the dealt cards and the stock one hand fewer than the players' turns",
                });
            }
        }
        Phase::Over => {
            if setup.outcome.is_none() {
                return Err(SetupError::Phase {
                    phase: setup.phase.to_string(),
                    why: "a deal that is over has an outcome",
                });
            }
        }
        Phase::Turn { seat } | Phase::Take { seat, .. } | Phase::Decide { seat } => {
            seat_ok("phase", seat)?;
            if setup.stock.len() != hand_cards + owed {
                return Err(SetupError::Stock {
                    stock: setup.stock.len(),
                    expected: hand_cards + owed,
                    why: "the hands and the stock run out together",
                });
            }
            if Some(seat) == setup.seller {
                return Err(SetupError::Phase {
                    phase: setup.phase.to_string(),
                    why: "the seller sits out",
                });
            }
            if rules.sells(n) && setup.seller.is_none() {
                return Err(SetupError::Phase {
                    phase: setup.phase.to_string(),
                    why: "with gwang-selling, play starts after a seat sold",
                });
            }
            let s = seat.index();
            check_turns(setup, s)?;
            match setup.phase {
                Phase::Turn { .. } if setup.hands[s].is_empty() && get(&setup.owed, s) == 0 => {
                    return Err(SetupError::Phase {
                        phase: setup.phase.to_string(),
                        why: "the seat has no card to play and owes no flip",
                    });
                }
                Phase::Take {
                    flipped,
                    rewards,
                    bombed,
                    ..
                } if of_number(setup.floor, flipped.number()).len() != 2
                    || rewards > 8
                    || (bombed && rewards == 0) =>
                {
                    return Err(SetupError::Phase {
                        phase: setup.phase.to_string(),
                        why: "a choice for the flip needs exactly two floor cards of its number (and a bomb's reward among its rewards when it says one)",
                    });
                }
                Phase::Take { last, .. }
                    if last != (setup.hands[s].is_empty() && get(&setup.owed, s) == 0) =>
                {
                    return Err(SetupError::Phase {
                        phase: setup.phase.to_string(),
                        why: "a choice for the flip is on the seat's last turn exactly when it has no card and owes no flip",
                    });
                }
                Phase::Decide { .. } => {
                    let base = crate::score(setup.captured[s]).points;
                    if base < Rules::REN_MIN
                        || (get(&setup.ren, s) > 0 && base <= u32::from(get(&setup.ren_base, s)))
                    {
                        return Err(SetupError::Phase {
                            phase: setup.phase.to_string(),
                            why: "Ren or Tom is offered only from 3 points, and above the last Ren",
                        });
                    }
                }
                _ => {}
            }
        }
    }
    if setup.outcome.is_some() != (setup.phase == Phase::Over) {
        return Err(SetupError::Phase {
            phase: setup.phase.to_string(),
            why: "an outcome is given exactly when the deal is over",
        });
    }
    if let Some(winner) = setup.outcome.and_then(Outcome::winner) {
        seat_ok("outcome", winner)?;
    }
    if setup.reshuffle.is_some() && !matches!(setup.phase, Phase::Sale { .. }) {
        return Err(SetupError::Inconsistent {
            what: "reshuffle",
            why: "the reshuffle seed is kept only until the sale".into(),
        });
    }
    for number in 0..NUMBERS as u8 {
        if of_number(setup.floor, number).len() == 4 && setup.phase != Phase::Over {
            return Err(SetupError::Inconsistent {
                what: "the floor",
                why: format!("four cards of {number} lie on the floor of a deal in play"),
            });
        }
    }
    if setup.reshuffle.is_some() && !rules.reshuffle_sold {
        return Err(SetupError::Inconsistent {
            what: "reshuffle",
            why: "a reshuffle seed needs the reshuffle_sold option".into(),
        });
    }
    Ok(())
}

/// Each playing seat's turns left (hand cards plus owed flips) fit the turn order, so that
/// the seat to act always has a turn while the stock lasts: from the seat whose turn is next
/// (`s` itself at the start of its turn, the seat after it once it has played), no seat has
/// more turns left than the one before it, nor fewer than the first one less one.
fn check_turns(setup: &Setup, s: usize) -> Result<(), SetupError> {
    let n = setup.hands.len();
    let turns =
        |p: usize| setup.hands[p].len() + usize::from(setup.owed.get(p).copied().unwrap_or(0));
    let first = usize::from(!matches!(setup.phase, Phase::Turn { .. }));
    let order: Vec<usize> = (0..n)
        .map(|i| (s + first + i) % n)
        .filter(|&p| Some(PlayerId(p as u8)) != setup.seller)
        .map(turns)
        .collect();
    let fits = order.windows(2).all(|w| w[0] >= w[1])
        && order
            .first()
            .zip(order.last())
            .is_none_or(|(&a, &z)| z + 1 >= a);
    if fits {
        Ok(())
    } else {
        Err(SetupError::Inconsistent {
            what: "turns left",
            why: format!(
                "each seat's hand cards plus owed flips in turn order from the next to play are {order:?}: \
                 they must never rise and end at most one below the first"
            ),
        })
    }
}

/// Optional per-seat lists (may be left out, meaning all zero).
fn optional(what: &str) -> bool {
    !matches!(what, "captured" | "owed" | "shaken")
}

impl Letom {
    /// A deal from the cards given (a hand-dealt deal, another implementation's): checks the
    /// cards, then plays what happens at the deal (four of a number on the floor, chongtong)
    /// and starts the sale or the dealer's turn, exactly as a seeded deal starts. A `Deal`
    /// carries no seed, so under `reshuffle_sold` the seller's cards go under the stock
    /// unshuffled; give a [`Setup`] with its `reshuffle` seed to reshuffle.
    ///
    /// # Errors
    /// [`SetupError`] for rules out of range, a card twice or missing,
    /// hand, floor or stock sizes other than the table's.
    pub fn from_deal(rules: &Rules, deal: &Deal) -> Result<Letom, crate::SetupError> {
        check_deal(rules, deal)?;
        Ok(Letom::start(
            rules,
            deal,
            AsDealt::of(deal),
            CarryIn::NONE,
            None,
            &mut NoEvents,
        ))
    }
}

// The JSON form `{"rules": …, "setup": …}`, through `setup` and `from_setup`.
cards_core::serde_via_setup!(Letom);
