//! A deal's transitions: the start, the sale, a turn (hand step, flip, captures, rewards),
//! Ren/Tom and the end, each reporting its [`Event`]s as it goes (`docs/letom.md`, "The
//! deal" and "Events"). Reporting into [`cards_core::NoEvents`] builds nothing.

use cards_core::{Card, Cards, DidoCard, Events, Game, GameRng, PlayerId, Seed};

use crate::action::NUMBERS;
use crate::event::{DealEnd, Dealing, Event, Reward};
use crate::state::{AsDealt, CarryIn, MAX_HAND, SEATS, bump, of_number, shake_problem};
use crate::{Action, Deal, Exhaustion, Hand, Letom, NagariCause, Outcome, Phase, RuleError, Rules};

/// The single pi, in the order they are given away: A1–A8 then S1–S7 (deck index order).
pub(crate) const SINGLE_PI: u64 = (0b1_1111_1111 & !1) | ((0b0111_1111 << 1) << 9);
/// Sãpie, the double pi (S8).
pub(crate) const DOUBLE_PI: u64 = 1 << 17;

/// What the hand step played.
#[derive(Clone, Copy)]
enum Played {
    Card {
        card: DidoCard,
        onto: Option<DidoCard>,
    },
    Bomb(u8),
    Flip,
}

/// What the hand card waits to take when the flip comes (the rule bot foresees turns with it
/// too).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Laid {
    /// Nothing (a bomb took its four, or a flip-only turn).
    Nothing,
    /// The card matched nothing and lies on the floor.
    Alone(DidoCard),
    /// The card pairs with `onto`; `matched` floor cards of its number lay there (1 or 2).
    Pair {
        card: DidoCard,
        onto: DidoCard,
        matched: u8,
    },
    /// The card takes a stuck stack.
    Stack(DidoCard),
}

/// The pi rewards a turn earned so far, and why (paid at the turn's end), in one word so that
/// keeping the reasons costs a play that reports nothing next to nothing: the count in the low
/// byte, then reward `i`'s [`Reward`] in bits `8 + 3i..11 + 3i` (the first eight; a turn earns
/// at most three, a set-up position may owe up to 8 before its flip's choice).
#[derive(Clone, Copy)]
pub(crate) struct Rewards(u32);

impl Rewards {
    const NONE: Rewards = Rewards(0);
    const KINDS: [Reward; 5] = [
        Reward::Stack,
        Reward::Bomb,
        Reward::Jjok,
        Reward::Ttadak,
        Reward::Sweep,
    ];

    /// The rewards a choice for the flip carries: this turn's bomb first, if any, the rest
    /// stuck stacks taken by the hand card.
    pub(crate) fn pending(n: u8, bombed: bool) -> Rewards {
        Rewards(u32::from(n) | u32::from(bombed && n > 0) << 8)
    }

    fn count(self) -> u8 {
        self.0 as u8
    }

    fn add(&mut self, why: Reward) {
        let n = self.count();
        let code = match why {
            Reward::Stack => 0,
            Reward::Bomb => 1,
            Reward::Jjok => 2,
            Reward::Ttadak => 3,
            Reward::Sweep => 4,
        };
        let why = if n < 8 {
            code << (8 + 3 * u32::from(n))
        } else {
            0
        };
        self.0 = (self.0 & !0xff) | why | u32::from(n.saturating_add(1));
    }

    fn why(self, i: u8) -> Reward {
        let code = if i < 8 {
            (self.0 >> (8 + 3 * u32::from(i))) & 7
        } else {
            0
        };
        Rewards::KINDS
            .get(code as usize)
            .copied()
            .unwrap_or(Reward::Stack)
    }

    fn bombed(self) -> bool {
        self.count() > 0 && (self.0 >> 8) & 7 == 1
    }
}

impl Letom {
    /// Starts a checked deal dealt in the order `as_dealt`, reporting it: the cards dealt, what it carries in, the stakes,
    /// then what happens at the deal (four of a number on the floor, chongtong) or the first
    /// question (the sale, or the dealer's turn).
    pub(crate) fn start(
        rules: &Rules,
        deal: &Deal,
        as_dealt: AsDealt,
        carry_in: CarryIn,
        reshuffle: Option<Seed>,
        ev: &mut impl Events<Event>,
    ) -> Letom {
        let players = deal.hands.len();
        let mut game = Letom::empty(rules, players, deal.dealer, carry_in);
        game.as_dealt = as_dealt;
        ev.emit(|| Event::Dealt(Dealing::of(deal)));
        if carry_in != CarryIn::NONE {
            ev.emit(|| Event::Carried {
                carry: carry_in.carry,
                shakes: carry_in.shakes[..players].to_vec(),
                bombs: carry_in.bombs[..players].to_vec(),
                pot: carry_in.pot[..players].to_vec(),
            });
        }
        game.floor = deal.floor.iter().copied().collect();
        for (seat, hand) in deal.hands.iter().enumerate() {
            game.hands[seat] = hand.iter().copied().collect();
        }
        game.set_stock(&deal.stock);
        let sells = rules.sells(players);
        // The floor first: four of a number there is a nagari even beside a chongtong.
        if (0..NUMBERS as u8).any(|n| of_number(game.floor, n).len() == 4) {
            game.pay_stakes(ev);
            game.end(
                Outcome::Nagari {
                    cause: NagariCause::FloorFour,
                },
                ev,
            );
            return game;
        }
        let holder = |hands: &[Hand; SEATS], s: usize| {
            (0..NUMBERS as u8)
                .find(|&n| of_number(hands[s], n).len() == 4)
                .map(|n| (PlayerId(s as u8), n))
        };
        let (first, second) = {
            let mut holders = (0..players).filter_map(|s| holder(&game.hands, s));
            (holders.next(), holders.next())
        };
        if first.is_some() {
            game.pay_stakes(ev);
            if ev.wanted() {
                for (seat, number) in (0..players).filter_map(|s| holder(&game.hands, s)) {
                    ev.emit(|| Event::Chongtong {
                        seat,
                        number,
                        cards: of_number(game.hands[seat.index()], number),
                    });
                }
            }
        }
        match (first, second) {
            (Some((winner, number)), None) => {
                game.end(Outcome::Chongtong { winner, number }, ev);
                return game;
            }
            (Some(_), Some(_)) => {
                game.end(
                    Outcome::Nagari {
                        cause: NagariCause::DoubleChongtong,
                    },
                    ev,
                );
                return game;
            }
            _ => {}
        }
        if sells {
            for (seat, hand) in deal.hands.iter().enumerate() {
                for (i, card) in hand.iter().enumerate().take(MAX_HAND) {
                    game.dealt[seat][i] = card.index();
                }
            }
            game.reshuffle = reshuffle.filter(|_| rules.reshuffle_sold);
            let seat = deal.dealer.next(players);
            game.phase = Phase::Sale { seat };
            ev.emit(|| Event::Asked { seat });
        } else {
            game.pay_stakes(ev);
            ev.emit(|| Event::TurnBegins { seat: deal.dealer });
        }
        game
    }

    /// Every playing seat puts its stake in the pot.
    fn pay_stakes(&mut self, ev: &mut impl Events<Event>) {
        if self.rules.stake == 0 {
            return;
        }
        for s in 0..usize::from(self.players) {
            if Some(PlayerId(s as u8)) != self.seller {
                self.carry_in.pot[s] += self.rules.stake;
            }
        }
        ev.emit(|| Event::Staked {
            seats: self.playing().map(|s| PlayerId(s as u8)).collect(),
            stake: self.rules.stake,
        });
    }

    pub(crate) fn turn_action(
        &mut self,
        seat: PlayerId,
        action: Action,
        ev: &mut impl Events<Event>,
    ) -> Result<(), RuleError> {
        let s = seat.index();
        let hand = self.hands[s];
        let last = hand.len() + usize::from(self.owed[s]) == 1;
        match action {
            Action::Shake(n) => {
                let why = shake_problem(hand, self.shaken[s], n);
                if let Some(why) = why {
                    return Err(RuleError::CannotShake {
                        seat,
                        number: n,
                        why,
                    });
                }
                let cards = of_number(hand, n);
                self.shaken[s] |= cards;
                ev.emit(|| Event::Shook {
                    seat,
                    number: n,
                    cards,
                });
                Ok(())
            }
            Action::Bomb(n) => {
                let why = shake_problem(hand, self.shaken[s], n).or_else(|| {
                    (of_number(self.floor, n).len() != 1)
                        .then_some("the fourth of them is not on the floor")
                });
                if let Some(why) = why {
                    return Err(RuleError::CannotBomb {
                        seat,
                        number: n,
                        why,
                    });
                }
                self.play_turn(seat, Played::Bomb(n), last, ev);
                Ok(())
            }
            Action::Play(card) | Action::PlayOnto(card, _) => {
                if !hand.contains(card) {
                    return Err(RuleError::NotInHand { seat, card, hand });
                }
                let matching = of_number(self.floor, card.number());
                let onto = match action {
                    Action::PlayOnto(_, d) => Some(d),
                    _ => None,
                };
                match (matching.len(), onto) {
                    (2, None) => {
                        return Err(RuleError::MustChoose {
                            card,
                            floor: matching,
                        });
                    }
                    (2, Some(d)) if !matching.contains(d) => {
                        return Err(RuleError::BadPairing {
                            card,
                            onto: d,
                            why: "it is not one of the two floor cards of the card's number",
                        });
                    }
                    (_, Some(d)) if matching.len() != 2 => {
                        return Err(RuleError::BadPairing {
                            card,
                            onto: d,
                            why: "name a floor card only when two floor cards match your card (here: play C alone)",
                        });
                    }
                    _ => {}
                }
                self.play_turn(seat, Played::Card { card, onto }, last, ev);
                Ok(())
            }
            Action::Flip => {
                if self.owed[s] == 0 {
                    return Err(RuleError::NoFlipOwed { seat });
                }
                self.play_turn(seat, Played::Flip, last, ev);
                Ok(())
            }
            _ => Err(RuleError::WrongMoment {
                action,
                expected: if hand.is_empty() {
                    "flip (a flip-only turn: your hand is empty)"
                } else {
                    "shake, bomb, play a hand card or flip"
                },
            }),
        }
    }

    /// The hand step and the flip of one turn, then its end (or the choice for the flip).
    /// Inlined into the transition: out of line, the sink's pointer passed along and the
    /// match on what the hand card waits for cost a play that reports nothing about 4%.
    #[inline(always)]
    fn play_turn(
        &mut self,
        seat: PlayerId,
        played: Played,
        last: bool,
        ev: &mut impl Events<Event>,
    ) {
        let s = seat.index();
        let mut rewards = Rewards::NONE;
        // The hand step: what the hand card is waiting to take.
        let laid = match played {
            Played::Card { card, onto } => {
                self.hands[s].remove(card);
                let matching = of_number(self.floor, card.number());
                let played = |onto| Event::Played { seat, card, onto };
                match matching.len() {
                    0 => {
                        ev.emit(|| played(None));
                        self.floor.insert(card);
                        Laid::Alone(card)
                    }
                    1 | 2 => {
                        let onto = onto.or(matching.first()).unwrap_or(card);
                        ev.emit(|| played(Some(onto)));
                        Laid::Pair {
                            card,
                            onto,
                            matched: matching.len() as u8,
                        }
                    }
                    _ => {
                        ev.emit(|| played(None));
                        Laid::Stack(card)
                    }
                }
            }
            Played::Bomb(n) => {
                let three = of_number(self.hands[s], n);
                let fourth = of_number(self.floor, n);
                ev.emit(|| Event::Bombed {
                    seat,
                    number: n,
                    cards: three,
                });
                self.hands[s] -= three;
                self.floor -= fourth;
                self.capture(seat, three | fourth, ev);
                self.bombs[s] += 1;
                self.owed[s] += 2;
                rewards.add(Reward::Bomb);
                self.stake_event(seat, ev);
                Laid::Nothing
            }
            Played::Flip => {
                self.owed[s] -= 1;
                ev.emit(|| Event::FlipOnly { seat });
                Laid::Nothing
            }
        };
        let Some(flipped) = self.pop_stock() else {
            // Unreachable in a valid position (the stock holds a card per turn to play).
            self.exhausted(ev);
            return;
        };
        ev.emit(|| Event::Flipped {
            seat,
            card: flipped,
        });
        let n = flipped.number();
        match laid {
            Laid::Alone(card) if card.number() == n => {
                // Jjok: the flip pairs the hand card that matched nothing.
                self.floor.remove(card);
                self.capture(seat, Hand::single(card).with(flipped), ev);
                if !last {
                    rewards.add(Reward::Jjok);
                    bump(&mut self.events.jjok);
                    ev.emit(|| Event::Jjok { seat, number: n });
                    self.stake_event(seat, ev);
                }
                return self.finish_turn(seat, rewards, last, ev);
            }
            Laid::Pair { card, matched, .. } if card.number() == n => {
                let floor_cards = of_number(self.floor, n);
                if matched == 2 {
                    // Ttadak: all four of the number.
                    self.floor -= floor_cards;
                    self.capture(seat, floor_cards.with(card).with(flipped), ev);
                    if !last {
                        rewards.add(Reward::Ttadak);
                        bump(&mut self.events.ttadak);
                        ev.emit(|| Event::Ttadak { seat, number: n });
                        self.stake_event(seat, ev);
                    }
                } else if last {
                    // No stuck stack on a last turn: the three are simply taken.
                    self.floor -= floor_cards;
                    self.capture(seat, floor_cards.with(card).with(flipped), ev);
                } else {
                    // A stuck stack: the three stay together on the floor.
                    self.floor.insert(card);
                    self.floor.insert(flipped);
                    bump(&mut self.events.stacks_made);
                    ev.emit(|| Event::StackMade { seat, number: n });
                    self.stake_event(seat, ev);
                }
                return self.finish_turn(seat, rewards, last, ev);
            }
            Laid::Pair { card, onto, .. } => {
                self.floor.remove(onto);
                self.capture(seat, Hand::single(card).with(onto), ev);
            }
            Laid::Stack(card) => {
                let number = card.number();
                let three = of_number(self.floor, number);
                self.floor -= three;
                self.capture(seat, three.with(card), ev);
                self.stack_taken(seat, number, last, &mut rewards, ev);
            }
            Laid::Alone(_) | Laid::Nothing => {}
        }
        // The flip, matched on its own.
        let matching = of_number(self.floor, n);
        match matching.len() {
            0 => {
                self.floor.insert(flipped);
            }
            1 => {
                self.floor -= matching;
                self.capture(seat, matching.with(flipped), ev);
            }
            2 => {
                let bombed = rewards.bombed();
                self.phase = Phase::Take {
                    seat,
                    flipped,
                    rewards: rewards.count(),
                    last,
                    bombed,
                };
                ev.emit(|| Event::TakeOffered {
                    seat,
                    card: flipped,
                    rewards: rewards.count(),
                    last,
                    bombed,
                });
                return;
            }
            _ => {
                self.floor -= matching;
                self.capture(seat, matching.with(flipped), ev);
                self.stack_taken(seat, n, last, &mut rewards, ev);
            }
        }
        self.finish_turn(seat, rewards, last, ev);
    }

    /// A stuck stack of `number` captured: rewarded unless on a last turn.
    fn stack_taken(
        &mut self,
        seat: PlayerId,
        number: u8,
        last: bool,
        rewards: &mut Rewards,
        ev: &mut impl Events<Event>,
    ) {
        bump(&mut self.events.stacks_taken);
        if !last {
            rewards.add(Reward::Stack);
        }
        ev.emit(|| Event::StackTaken {
            seat,
            number,
            rewarded: !last,
        });
    }

    /// The end of a turn: the sweep, the pi rewards, then Ren/Tom or the next turn.
    #[inline]
    pub(crate) fn finish_turn(
        &mut self,
        seat: PlayerId,
        mut rewards: Rewards,
        last: bool,
        ev: &mut impl Events<Event>,
    ) {
        let s = seat.index();
        if self.rules.sweep && self.floor.is_empty() && !last {
            rewards.add(Reward::Sweep);
            bump(&mut self.events.sweeps);
            ev.emit(|| Event::Swept { seat });
        }
        for i in 0..rewards.count() {
            for giver in 0..self.num_players() {
                if giver != s && Some(PlayerId(giver as u8)) != self.seller {
                    self.give_pi(giver, s, rewards.why(i), ev);
                }
            }
        }
        self.first_done |= 1 << s;
        let base = crate::score(self.captured[s]).points;
        ev.emit(|| Event::TurnEnded { seat, points: base });
        if base >= Rules::REN_MIN && (self.ren[s] == 0 || base > u32::from(self.ren_base[s])) {
            if last {
                // The automatic stop on a last turn.
                ev.emit(|| Event::Stopped { seat, points: base });
                self.end(Outcome::Tom { winner: seat }, ev);
            } else {
                self.phase = Phase::Decide { seat };
                ev.emit(|| Event::RenOffered { seat, points: base });
            }
            return;
        }
        self.next_turn(seat, ev);
    }

    /// `giver` hands its lowest-value pi to `taker` (A1…A8, S1…S7, then S8), if it has one.
    fn give_pi(&mut self, giver: usize, taker: usize, why: Reward, ev: &mut impl Events<Event>) {
        let pile = self.captured[giver].bits();
        let single = pile & SINGLE_PI;
        let pick = if single != 0 {
            single & single.wrapping_neg()
        } else {
            pile & DOUBLE_PI
        };
        if pick != 0 {
            let card = Hand::from_bits_truncate(pick);
            self.captured[giver] -= card;
            self.captured[taker] |= card;
            self.events.pi_given = self.events.pi_given.saturating_add(1);
            if let Some(card) = card.first() {
                ev.emit(|| Event::PiGiven {
                    from: PlayerId(giver as u8),
                    to: PlayerId(taker as u8),
                    card,
                    why,
                });
            }
        }
    }

    pub(crate) fn call_ren(&mut self, seat: PlayerId, ev: &mut impl Events<Event>) {
        let s = seat.index();
        self.ren[s] += 1;
        self.ren_base[s] = crate::score(self.captured[s]).points as u8;
        self.ren_order[s] = self.ren.iter().sum();
        ev.emit(|| Event::RenCalled {
            seat,
            points: u32::from(self.ren_base[s]),
            calls: self.ren[s],
        });
        self.next_turn(seat, ev);
    }

    fn next_turn(&mut self, seat: PlayerId, ev: &mut impl Events<Event>) {
        if self.stock_len == 0 {
            return self.exhausted(ev);
        }
        let n = self.num_players();
        let mut next = seat.next(n);
        if Some(next) == self.seller {
            next = next.next(n);
        }
        self.phase = Phase::Turn { seat: next };
        ev.emit(|| Event::TurnBegins { seat: next });
    }

    /// The stock ran out and nobody stopped.
    fn exhausted(&mut self, ev: &mut impl Events<Event>) {
        let outcome = match self.rules.exhaustion {
            Exhaustion::Nagari => Outcome::Nagari {
                cause: NagariCause::Exhausted,
            },
            Exhaustion::HighestScore => {
                let points = |s: usize| crate::score(self.captured[s]).points;
                let best = self.playing().map(points).max().unwrap_or(0);
                let mut top = self.playing().filter(|&s| points(s) == best);
                match (top.next(), top.next()) {
                    (Some(s), None) => Outcome::HighestScore {
                        winner: PlayerId(s as u8),
                    },
                    _ => Outcome::Nagari {
                        cause: NagariCause::Tie,
                    },
                }
            }
        };
        self.end(outcome, ev);
    }

    /// The deal is over: the pot to its winner (unless taken on a first turn), then the
    /// deal's end with its scores.
    pub(crate) fn end(&mut self, outcome: Outcome, ev: &mut impl Events<Event>) {
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
        if !ev.wanted() {
            return;
        }
        if let Some(seat) = self.pot_winner().filter(|_| self.stake_taker.is_none()) {
            ev.emit(|| Event::PotTaken {
                seat,
                amount: self.pot_amount(),
                first_turn: false,
            });
        }
        ev.emit(|| {
            Event::DealEnded(Box::new(DealEnd {
                outcome,
                score: (0..self.num_players())
                    .map(|s| i64::from(crate::score(self.captured[s]).points))
                    .collect(),
                returns: cards_core::Game::settlement(self).iter().copied().collect(),
                settlement: self.settlement_details(),
                chongtong: self.chongtong_pay(),
                sale: self.sale(),
            }))
        });
    }

    fn pot_amount(&self) -> i64 {
        self.carry_in.pot.iter().map(|&v| i64::from(v)).sum()
    }

    pub(crate) fn sell(&mut self, seat: PlayerId, ev: &mut impl Events<Event>) {
        let s = seat.index();
        self.seller = Some(seat);
        self.shown = Hand::from_bits_truncate(self.hands[s].bits() & crate::state::GUANG);
        ev.emit(|| Event::Sold {
            seat,
            shown: self.shown,
            price: i64::from(self.rules.gwang_price) * self.shown.len() as i64,
        });
        // Under the stock in dealt order: the last card dealt lies at the very bottom.
        let size = self.hands[s].len();
        let mut cards: Vec<u8> = self.dealt[s][..size].to_vec();
        ev.emit(|| Event::UnderStock {
            seat,
            cards: Cards::Shown(
                cards
                    .iter()
                    .filter_map(|&i| DidoCard::from_index(i))
                    .collect(),
            ),
        });
        if let Some(seed) = self.reshuffle {
            let mut all = self.stock();
            all.extend(cards.iter().filter_map(|&i| DidoCard::from_index(i)));
            cards_core::Draw::shuffle(&mut GameRng::new(seed, cards_core::DEAL_STREAM), &mut all);
            self.set_stock(&all);
            ev.emit(|| {
                Event::Dealt(Dealing::Stock {
                    stock: Cards::Shown(all),
                })
            });
        } else {
            let len = usize::from(self.stock_len);
            self.stock.copy_within(0..len, size);
            cards.reverse();
            self.stock[..size].copy_from_slice(&cards);
            self.stock_len += size as u8;
        }
        self.hands[s] = Hand::EMPTY;
        self.dealt = [[0; MAX_HAND]; SEATS];
        self.reshuffle = None;
        self.pay_stakes(ev);
        self.phase = Phase::Turn { seat: self.dealer };
        ev.emit(|| Event::TurnBegins { seat: self.dealer });
    }

    #[inline]
    pub(crate) fn set_stock(&mut self, top_first: &[DidoCard]) {
        self.stock = [0; crate::state::DECK];
        for (i, card) in top_first.iter().rev().enumerate() {
            self.stock[i] = card.index();
        }
        self.stock_len = top_first.len() as u8;
    }

    fn pop_stock(&mut self) -> Option<DidoCard> {
        let len = usize::from(self.stock_len.checked_sub(1)?);
        let card = DidoCard::from_index(self.stock[len])?;
        self.stock[len] = 0;
        self.stock_len -= 1;
        Some(card)
    }

    pub(crate) fn capture(&mut self, seat: PlayerId, cards: Hand, ev: &mut impl Events<Event>) {
        self.captured[seat.index()] |= cards;
        ev.emit(|| Event::Captured { seat, cards });
    }

    /// A stake event (making a stuck stack, a bomb, ttadak, jjok): the pot goes to the first
    /// seat whose own first turn has one.
    fn stake_event(&mut self, seat: PlayerId, ev: &mut impl Events<Event>) {
        if self.rules.stake > 0
            && self.stake_taker.is_none()
            && self.first_done & (1 << seat.index()) == 0
        {
            self.stake_taker = Some(seat);
            ev.emit(|| Event::PotTaken {
                seat,
                amount: self.pot_amount(),
                first_turn: true,
            });
        }
    }
}
