//! What the four game types share: the trick play (current trick, completed tricks, hands,
//! turn), the contract, the seat-relative slots and the small writers.

pub(crate) use cards_core::encode::put;
use cards_core::encode::set_each;
use cards_core::{Card, JassCard, PlayerId};

use crate::{Contract, Mode, TrickView};

/// The cards of the deck, one slot each by [`Card::index`].
pub const CARDS: usize = JassCard::DECK_SIZE as usize;
/// Seat slots, relative to the viewer (slot 0 = the viewer, 1 = the next seat in play order),
/// padded to the largest table.
pub const SEATS: usize = crate::Rules::MAX_PLAYERS;
/// The most tricks a deal has (Differenzler at three: 36 cards in tricks of three).
pub const MAX_TRICKS: usize = 12;
/// The contracts: the six modes in [`Mode::ALL`] order, then [`Contract::VARIANTS`] in order.
pub const CONTRACTS: usize = Mode::ALL.len() + Contract::VARIANTS.len();
/// The modes, in [`Mode::ALL`] order.
pub const MODES: usize = Mode::ALL.len();
/// A Trio's segment modes: three slots of [`MODES`].
pub const TRIO: usize = 3 * MODES;

/// The play block, at the start of every game's public part (offsets within it):
/// the seat to act (relative one-hot).
pub const PLAY_TO_ACT: usize = 0;
/// The dealer (relative one-hot).
pub const PLAY_DEALER: usize = PLAY_TO_ACT + SEATS;
/// The current trick's leader (relative one-hot).
pub const PLAY_LEADER: usize = PLAY_DEALER + SEATS;
/// Each relative seat's cards in hand, / [`MAX_TRICKS`].
pub const PLAY_HAND_SIZES: usize = PLAY_LEADER + SEATS;
/// Each relative seat's tricks taken in this deal, / [`MAX_TRICKS`].
pub const PLAY_TRICKS_WON: usize = PLAY_HAND_SIZES + SEATS;
/// The current trick: per position in play order (the leader's first), a one-hot card.
pub const PLAY_TRICK: usize = PLAY_TRICKS_WON + SEATS;
/// The cards of the completed tricks of this deal (many-hot).
pub const PLAY_PLAYED: usize = PLAY_TRICK + SEATS * CARDS;
/// The play block's length.
pub const PLAY_LEN: usize = PLAY_PLAYED + CARDS;

/// The history block, in the information state: per card (by [`Card::index`]), the relative
/// seat that played it, the trick it fell in and its position in that trick, each one-hot
/// (all zero for a card not played). Play order is the (trick, position) order.
pub const HISTORY_CARD: usize = SEATS + MAX_TRICKS + SEATS;
/// Within a card's history entry: the relative seat that played it.
pub const HISTORY_SEAT: usize = 0;
/// Within a card's history entry: the trick, from 0.
pub const HISTORY_TRICK: usize = SEATS;
/// Within a card's history entry: its position in the trick (0 = led).
pub const HISTORY_POSITION: usize = SEATS + MAX_TRICKS;
/// The history block's length.
pub const HISTORY_LEN: usize = CARDS * HISTORY_CARD;

/// The private hand block: the viewer's hand (many-hot), first in every private part.
pub const HAND_LEN: usize = CARDS;

/// Where the table is from the viewer's seat.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Table {
    /// The viewer (0 for a seat not at the table, so an onlooker sees seats as they are).
    me: usize,
    /// Seats at the table.
    pub(crate) players: usize,
}

impl Table {
    pub(crate) fn new(me: PlayerId, players: usize) -> Table {
        let players = players.clamp(1, SEATS);
        let me = if me.index() < players { me.index() } else { 0 };
        Table { me, players }
    }

    /// The slot of `seat` relative to the viewer; `None` for a seat not at the table.
    pub(crate) fn slot(self, seat: PlayerId) -> Option<usize> {
        let s = seat.index();
        (s < self.players).then(|| (s + self.players - self.me) % self.players)
    }

    /// The viewer's team's index first: `[mine, theirs]` of a per-team pair.
    pub(crate) fn teams<T: Copy>(self, pair: [T; 2]) -> [T; 2] {
        let mine = self.me % 2;
        [pair[mine], pair[1 - mine]]
    }

    /// The relative slot of `seat` set in a one-hot of [`SEATS`].
    pub(crate) fn seat_hot(self, out: &mut [f32], seat: Option<PlayerId>) {
        set_each(out, seat.and_then(|s| self.slot(s)));
    }
}

/// `len` values of `out` from `at` (empty when out of range, so a writer never panics).
pub(crate) fn part(out: &mut [f32], at: usize, len: usize) -> &mut [f32] {
    out.get_mut(at..at.saturating_add(len)).unwrap_or_default()
}

/// `value / scale`, clamped to 1 (a count or score as a small float).
pub(crate) fn scaled(value: u32, scale: u32) -> f32 {
    (value as f32 / scale.max(1) as f32).min(1.0)
}

/// Cards as a many-hot.
pub(crate) fn cards(out: &mut [f32], cards: impl IntoIterator<Item = JassCard>) {
    set_each(out, cards.into_iter().map(|c| usize::from(c.index())));
}

/// The index of a mode in [`Mode::ALL`].
pub(crate) fn mode_index(mode: Mode) -> Option<usize> {
    Mode::ALL.iter().position(|&m| m == mode)
}

/// The index of a contract in the [`CONTRACTS`] one-hot.
pub(crate) fn contract_index(contract: Contract) -> Option<usize> {
    match contract {
        Contract::Mode(mode) => mode_index(mode),
        other => Contract::VARIANTS
            .iter()
            .position(|&c| c == other)
            .map(|i| MODES + i),
    }
}

/// The contract block (public, Schieber and Coiffeur): the contract, who named it, the Trio's
/// segment modes named so far and the mode of the current trick.
pub const CONTRACT: usize = 0;
/// Within the contract block: the declarer (relative one-hot).
pub const CONTRACT_DECLARER: usize = CONTRACT + CONTRACTS;
/// Within the contract block: the Trio segment modes, three one-hots of [`MODES`].
pub const CONTRACT_TRIO: usize = CONTRACT_DECLARER + SEATS;
/// Within the contract block: the mode the current trick is played in (one-hot).
pub const CONTRACT_TRICK_MODE: usize = CONTRACT_TRIO + TRIO;
/// The contract block's length.
pub const CONTRACT_LEN: usize = CONTRACT_TRICK_MODE + MODES;

/// Writes the contract block.
pub(crate) fn write_contract(
    out: &mut [f32],
    table: Table,
    contract: Option<Contract>,
    declarer: Option<PlayerId>,
    trio: &[Mode],
    tricks_done: usize,
) {
    set_each(
        part(out, CONTRACT, CONTRACTS),
        contract.and_then(contract_index),
    );
    table.seat_hot(part(out, CONTRACT_DECLARER, SEATS), declarer);
    for (k, &mode) in trio.iter().take(3).enumerate() {
        set_each(
            part(out, CONTRACT_TRIO + k * MODES, MODES),
            mode_index(mode),
        );
    }
    let mode = contract.and_then(|c| c.trick_mode(tricks_done, trio));
    set_each(
        part(out, CONTRACT_TRICK_MODE, MODES),
        mode.and_then(mode_index),
    );
}

/// What the play block is written from (the parts every view has).
pub(crate) struct Play<'a> {
    pub(crate) table: Table,
    pub(crate) to_act: Option<PlayerId>,
    pub(crate) dealer: PlayerId,
    pub(crate) leader: PlayerId,
    pub(crate) hand_sizes: &'a [usize],
    pub(crate) tricks: &'a [TrickView],
    pub(crate) trick: &'a [JassCard],
    /// Whether the deal has been dealt (before that, dealer and leader mean nothing yet).
    pub(crate) dealt: bool,
}

impl<'a> Play<'a> {
    /// The play block of a deal's view: its fields, the deal counted as dealt once a hand or
    /// a trick shows.
    pub(crate) fn of(
        table: Table,
        to_act: Option<PlayerId>,
        dealer: PlayerId,
        leader: PlayerId,
        hand_sizes: &'a [usize],
        tricks: &'a [TrickView],
        trick: &'a [JassCard],
    ) -> Self {
        Play {
            table,
            to_act,
            dealer,
            leader,
            hand_sizes,
            tricks,
            trick,
            dealt: hand_sizes.iter().any(|&n| n > 0) || !tricks.is_empty(),
        }
    }

    /// Writes the play block into `out` ([`PLAY_LEN`] long).
    pub(crate) fn write(&self, out: &mut [f32]) {
        let t = self.table;
        t.seat_hot(part(out, PLAY_TO_ACT, SEATS), self.to_act);
        if self.dealt {
            t.seat_hot(part(out, PLAY_DEALER, SEATS), Some(self.dealer));
            t.seat_hot(part(out, PLAY_LEADER, SEATS), Some(self.leader));
        }
        for (s, &n) in self.hand_sizes.iter().enumerate().take(SEATS) {
            if let Some(slot) = t.slot(PlayerId(s as u8)) {
                put(
                    out,
                    PLAY_HAND_SIZES + slot,
                    scaled(n as u32, MAX_TRICKS as u32),
                );
            }
        }
        let mut won = [0u32; SEATS];
        for trick in self.tricks {
            if let Some(w) = t.slot(trick.winner).and_then(|s| won.get_mut(s)) {
                *w += 1;
            }
            cards(part(out, PLAY_PLAYED, CARDS), trick.cards.iter().copied());
        }
        for (slot, &n) in won.iter().enumerate() {
            put(out, PLAY_TRICKS_WON + slot, scaled(n, MAX_TRICKS as u32));
        }
        for (k, &card) in self.trick.iter().take(SEATS).enumerate() {
            cards(part(out, PLAY_TRICK + k * CARDS, CARDS), [card]);
        }
    }

    /// Writes the history block into `out` ([`HISTORY_LEN`] long): every card played in this
    /// deal, completed tricks and the current one, with who played it, when and where.
    pub(crate) fn write_history(&self, out: &mut [f32]) {
        let t = self.table;
        let current = (self.leader, self.trick);
        let all = self
            .tricks
            .iter()
            .map(|tr| (tr.leader, tr.cards.as_slice()))
            .chain([current]);
        for (k, (leader, played)) in all.enumerate().take(MAX_TRICKS) {
            for (pos, &card) in played.iter().enumerate().take(SEATS) {
                let entry = part(out, usize::from(card.index()) * HISTORY_CARD, HISTORY_CARD);
                let seat = PlayerId(((leader.index() + pos) % t.players) as u8);
                t.seat_hot(part(entry, HISTORY_SEAT, SEATS), Some(seat));
                put(entry, HISTORY_TRICK + k, 1.0);
                put(entry, HISTORY_POSITION + pos, 1.0);
            }
        }
    }
}

/// `Encode` for a Jass game type whose view holds every trick of its deal, so its recall is
/// `()`: the observation is the public part (`$public`) then the private part (`$private`), and
/// the information state puts the deal's history (`$play(view).write_history`) after the
/// public part. The calling module names `PUBLIC_LEN`, `PRIVATE_LEN` and `HISTORY`, its
/// history's offset.
macro_rules! encode_from_view {
    ($game:ty, $view:ty, $public:expr, $private:expr, $play:expr) => {
        impl cards_core::Encode for $game {
            const OBSERVATION: cards_core::Shape = cards_core::Shape::new(PUBLIC_LEN, PRIVATE_LEN);
            const INFORMATION_STATE: cards_core::Shape = cards_core::Shape::new(
                PUBLIC_LEN + $crate::encode::shared::HISTORY_LEN,
                PRIVATE_LEN,
            );

            type Recall = ();

            fn recall_start(_: &Self::Rules, _: usize, _: cards_core::PlayerId) {}

            fn recall(_: &mut (), _: &Self::Event) {}

            fn write_observation(
                view: &$view,
                _: &[usize],
                public: &mut [f32],
                private: &mut [f32],
            ) {
                $public(view, public);
                $private(view, private);
            }

            fn write_information_state(
                view: &$view,
                _: &(),
                _: &[usize],
                public: &mut [f32],
                private: &mut [f32],
            ) {
                $public(view, public);
                $play(view).write_history($crate::encode::shared::part(
                    public,
                    HISTORY,
                    $crate::encode::shared::HISTORY_LEN,
                ));
                $private(view, private);
            }
        }
    };
}
pub(crate) use encode_from_view;
