//! A seat's [`View`] kept up to date from its redacted [`Event`]s alone
//! ([`Game::observe`](cards_core::Game::observe)): the blank view before the deal, and what
//! each event changes in it.

use cards_core::{Card, Cards, DidoCard, ObserveError, PlayerId};

use crate::event::{Dealing, Event};
use crate::{EventCounts, Hand, Phase, Rules, Setup, View};

/// What `seat` sees before anything is dealt at a table of `players`: the rules, every
/// per-seat list in full and empty.
pub(crate) fn blank(rules: &Rules, players: usize, seat: PlayerId) -> View {
    let n = players.min(Rules::MAX_PLAYERS);
    View {
        seat,
        rules: *rules,
        hand: Vec::new(),
        hand_sizes: vec![0; n],
        stock_len: 0,
        public: Setup {
            dealer: PlayerId(0),
            phase: Phase::Turn { seat: PlayerId(0) },
            hands: vec![Vec::new(); n],
            floor: Hand::EMPTY,
            stock: Vec::new(),
            captured: vec![Hand::EMPTY; n],
            owed: vec![0; n],
            shaken: vec![Hand::EMPTY; n],
            bombs: vec![0; n],
            ren: vec![0; n],
            ren_base: vec![0; n],
            ren_order: vec![0; n],
            seller: None,
            shown: Hand::EMPTY,
            carry: 1,
            carried_shakes: vec![0; n],
            carried_bombs: vec![0; n],
            pot: vec![0; n],
            stake_taker: None,
            first_done: Vec::new(),
            events: EventCounts::default(),
            reshuffle: None,
            outcome: None,
        },
    }
}

fn bad(why: impl Into<String>) -> ObserveError {
    ObserveError::new(why)
}

/// The seat's index, refused when it is not at the table.
fn at_table(view: &View, seat: PlayerId) -> Result<usize, ObserveError> {
    let s = seat.index();
    if s < view.hand_sizes.len() {
        Ok(s)
    } else {
        Err(bad(format!("seat {seat} is not at the table")))
    }
}

/// One more: refused rather than wrapped.
fn inc(v: &mut u8) -> Result<(), ObserveError> {
    *v = v.checked_add(1).ok_or_else(|| bad("a count beyond 255"))?;
    Ok(())
}

/// The cards of a list, refusing a card twice.
fn set_of(cards: &[DidoCard]) -> Result<Hand, ObserveError> {
    let mut set = Hand::EMPTY;
    for &c in cards {
        if !set.insert(c) {
            return Err(bad(format!("{c} is listed twice")));
        }
    }
    Ok(set)
}

/// The view's own hand from an event's hands: shown for its own seat (none for an onlooker).
fn own_hand(view: &View, hands: &[Cards<DidoCard>]) -> Result<Vec<DidoCard>, ObserveError> {
    match hands.get(view.seat.index()) {
        None => Ok(Vec::new()),
        Some(Cards::Shown(cards)) => Ok(cards.clone()),
        Some(Cards::Hidden(_)) => Err(bad("the seat's own hand is hidden from it")),
    }
}

/// `cards` leave `seat`'s hand (the view knows which only for its own).
fn from_hand(view: &mut View, s: usize, cards: Hand) -> Result<(), ObserveError> {
    let size = &mut view.hand_sizes[s];
    *size = size
        .checked_sub(cards.len())
        .ok_or_else(|| bad(format!("seat {s} holds fewer cards than it plays")))?;
    if s == view.seat.index() {
        for card in cards {
            let at = view
                .hand
                .iter()
                .position(|&c| c == card)
                .ok_or_else(|| bad(format!("{card} is not in the seat's hand")))?;
            view.hand.remove(at);
        }
    }
    Ok(())
}

/// `card` comes onto the floor.
fn to_floor(view: &mut View, card: DidoCard) -> Result<(), ObserveError> {
    if view.public.floor.insert(card) {
        Ok(())
    } else {
        Err(bad(format!("{card} is already on the floor")))
    }
}

/// Whether every per-seat list of `public` has one entry per seat of a table of `n` (a view
/// read from anywhere may not: nothing is then indexed out of range).
fn lists_fit(public: &Setup, n: usize) -> bool {
    n <= Rules::MAX_PLAYERS
        && [
            public.hands.len(),
            public.captured.len(),
            public.owed.len(),
            public.shaken.len(),
            public.bombs.len(),
            public.ren.len(),
            public.ren_base.len(),
            public.ren_order.len(),
            public.carried_shakes.len(),
            public.carried_bombs.len(),
            public.pot.len(),
        ]
        .iter()
        .all(|&len| len == n)
}

/// Follows `event` in `view`; on error `view` may be half changed (the caller works on a
/// copy).
pub(crate) fn follow(view: &mut View, event: &Event) -> Result<(), ObserveError> {
    let n = view.hand_sizes.len();
    if !lists_fit(&view.public, n) {
        return Err(bad("the view's per-seat lists do not fit its table"));
    }
    match event {
        Event::Dealt(Dealing::Table {
            dealer,
            hands,
            floor,
            stock,
        }) => {
            if hands.len() != n {
                return Err(bad(format!(
                    "{} hands dealt at a table of {n}",
                    hands.len()
                )));
            }
            at_table(view, *dealer)?;
            let fresh = blank(&view.rules, n, view.seat);
            let hand = own_hand(view, hands)?;
            *view = View {
                hand,
                hand_sizes: hands.iter().map(Cards::len).collect(),
                stock_len: stock.len(),
                ..fresh
            };
            view.public.dealer = *dealer;
            view.public.floor = set_of(floor)?;
        }
        Event::Dealt(Dealing::Stock { stock }) => {
            if stock.len() != view.stock_len {
                return Err(bad("the reshuffled stock has another size"));
            }
        }
        Event::Position(position) => {
            let mut public = position.public.clone();
            if position.hands.len() != n || !lists_fit(&public, n) {
                return Err(bad("a position for another table"));
            }
            let hand = own_hand(view, &position.hands)?;
            for h in &mut public.hands {
                h.clear();
            }
            public.stock.clear();
            public.reshuffle = None;
            view.hand = hand;
            view.hand_sizes = position.hands.iter().map(Cards::len).collect();
            view.stock_len = position.stock.len();
            view.public = public;
        }
        Event::Carried {
            carry,
            shakes,
            bombs,
            pot,
        } => {
            if shakes.len() != n || bombs.len() != n || pot.len() != n {
                return Err(bad("carried lists for another table"));
            }
            let p = &mut view.public;
            p.carry = *carry;
            p.carried_shakes.clone_from(shakes);
            p.carried_bombs.clone_from(bombs);
            p.pot.clone_from(pot);
        }
        Event::Staked { seats, stake } => {
            for &seat in seats {
                let s = at_table(view, seat)?;
                let pot = &mut view.public.pot[s];
                *pot = pot
                    .checked_add(*stake)
                    .ok_or_else(|| bad("a pot beyond 32 bits"))?;
            }
        }
        Event::Chongtong { seat, .. } | Event::Kept { seat } => {
            at_table(view, *seat)?;
        }
        Event::Asked { seat } => {
            at_table(view, *seat)?;
            view.public.phase = Phase::Sale { seat: *seat };
        }
        Event::Sold { seat, shown, .. } => {
            at_table(view, *seat)?;
            view.public.seller = Some(*seat);
            view.public.shown = *shown;
        }
        Event::UnderStock { seat, cards } => {
            let s = at_table(view, *seat)?;
            if view.hand_sizes[s] != cards.len() {
                return Err(bad(format!("seat {seat} holds another number of cards")));
            }
            view.hand_sizes[s] = 0;
            view.stock_len = view
                .stock_len
                .checked_add(cards.len())
                .ok_or_else(|| bad("a stock beyond counting"))?;
            if s == view.seat.index() {
                view.hand.clear();
            }
        }
        Event::TurnBegins { seat } => {
            at_table(view, *seat)?;
            view.public.phase = Phase::Turn { seat: *seat };
        }
        Event::Shook { seat, cards, .. } => {
            let s = at_table(view, *seat)?;
            if s == view.seat.index() && cards.iter().any(|c| !view.hand.contains(&c)) {
                return Err(bad("the seat shakes cards it does not hold"));
            }
            view.public.shaken[s] |= *cards;
        }
        Event::Bombed { seat, cards, .. } => {
            let s = at_table(view, *seat)?;
            from_hand(view, s, *cards)?;
            for card in *cards {
                to_floor(view, card)?;
            }
            inc(&mut view.public.bombs[s])?;
            let owed = &mut view.public.owed[s];
            *owed = owed.checked_add(2).ok_or_else(|| bad("owed beyond 255"))?;
        }
        Event::FlipOnly { seat } => {
            let s = at_table(view, *seat)?;
            let owed = &mut view.public.owed[s];
            *owed = owed
                .checked_sub(1)
                .ok_or_else(|| bad(format!("seat {seat} owes no flip-only turn")))?;
        }
        Event::Played { seat, card, .. } => {
            let s = at_table(view, *seat)?;
            from_hand(view, s, Hand::single(*card))?;
            to_floor(view, *card)?;
        }
        Event::Flipped { seat, card } => {
            at_table(view, *seat)?;
            view.stock_len = view
                .stock_len
                .checked_sub(1)
                .ok_or_else(|| bad("a flip from an empty stock"))?;
            to_floor(view, *card)?;
        }
        Event::TakeOffered {
            seat,
            card,
            rewards,
            last,
            bombed,
        } => {
            at_table(view, *seat)?;
            let p = &mut view.public;
            if !p.floor.remove(*card) {
                return Err(bad(format!("{card} was not flipped onto the floor")));
            }
            p.phase = Phase::Take {
                seat: *seat,
                flipped: *card,
                rewards: *rewards,
                last: *last,
                bombed: *bombed,
            };
        }
        Event::Captured { seat, cards } => {
            let s = at_table(view, *seat)?;
            let p = &mut view.public;
            let held = match p.phase {
                Phase::Take { flipped, .. } => Hand::single(flipped),
                _ => Hand::EMPTY,
            };
            if !(*cards - p.floor - held).is_empty() {
                return Err(bad(format!("{cards} are not all on the floor")));
            }
            p.floor -= *cards;
            p.captured[s] |= *cards;
        }
        Event::StackMade { .. } => inc(&mut view.public.events.stacks_made)?,
        Event::StackTaken { .. } => inc(&mut view.public.events.stacks_taken)?,
        Event::Jjok { .. } => inc(&mut view.public.events.jjok)?,
        Event::Ttadak { .. } => inc(&mut view.public.events.ttadak)?,
        Event::Swept { .. } => inc(&mut view.public.events.sweeps)?,
        Event::PiGiven { from, to, card, .. } => {
            let (f, t) = (at_table(view, *from)?, at_table(view, *to)?);
            let p = &mut view.public;
            if !p.captured[f].remove(*card) {
                return Err(bad(format!("seat {from} has not captured {card}")));
            }
            p.captured[t].insert(*card);
            inc(&mut p.events.pi_given)?;
        }
        Event::PotTaken {
            seat, first_turn, ..
        } => {
            at_table(view, *seat)?;
            if *first_turn {
                view.public.stake_taker = Some(*seat);
            }
        }
        Event::TurnEnded { seat, .. } => {
            at_table(view, *seat)?;
            let done = &mut view.public.first_done;
            if !done.contains(seat) {
                done.push(*seat);
                done.sort_unstable();
            }
        }
        Event::RenOffered { seat, .. } => {
            at_table(view, *seat)?;
            view.public.phase = Phase::Decide { seat: *seat };
        }
        Event::RenCalled { seat, points, .. } => {
            let s = at_table(view, *seat)?;
            let p = &mut view.public;
            inc(&mut p.ren[s])?;
            p.ren_base[s] = u8::try_from(*points).map_err(|_| bad("points beyond 255"))?;
            let calls: u32 = p.ren.iter().map(|&r| u32::from(r)).sum();
            p.ren_order[s] = u8::try_from(calls).map_err(|_| bad("Ren calls beyond 255"))?;
        }
        Event::TomCalled { seat, .. } | Event::Stopped { seat, .. } => {
            at_table(view, *seat)?;
        }
        Event::DealEnded(end) => {
            if end.score.len() != n {
                return Err(bad("scores for another table"));
            }
            view.public.outcome = Some(end.outcome);
            view.public.phase = Phase::Over;
        }
        Event::DealBegins { .. } | Event::Booked { .. } | Event::MatchEnded(_) => {
            return Err(bad("a match's event, not a deal's"));
        }
    }
    // Outside the sale a hand is a set, listed in card order; the events of the deal before
    // its first question (the sale, or the dealer's turn) keep the order dealt.
    let dealing = matches!(
        event,
        Event::Dealt(_) | Event::Carried { .. } | Event::Staked { .. }
    );
    if !dealing && !matches!(view.public.phase, Phase::Sale { .. }) {
        view.hand.sort_unstable_by_key(|c| c.index());
    }
    Ok(())
}
