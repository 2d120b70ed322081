//! The cards dealt and the round's end: a new game, each round's layout and shuffle, the
//! batches, the leftovers, the piles dissolving when the hands run out, the last player's
//! take, the scoring and the next round. Each step reports its events.

use cards_core::{Events, Game as _, GameRng, PerSeat, PlayerId, Seed, StdCard};

use crate::event::{Deal, Event};
use crate::rules::{Leftovers, Rules, Scoring};
use crate::score::{LAYOUT, RoundRecord, ScoringPolicy as _, winners};
use crate::state::{BATCH, Cards, Elewenjewe, JOKERS, MAX, pack, seat_after};

impl Elewenjewe {
    /// A new game, round 0 dealt (the rules already validated for `players`).
    pub(crate) fn start(
        rules: &Rules,
        players: usize,
        seed: Seed,
        events: &mut impl Events<Event>,
    ) -> Elewenjewe {
        let mut game = Elewenjewe {
            rules: *rules,
            seed,
            players: players as u8,
            round: 0,
            dealer: PlayerId(0),
            hands: [Cards::EMPTY; MAX],
            table: Cards::EMPTY,
            piles: Vec::new(),
            captured: [Cards::EMPTY; MAX],
            stock: Vec::new(),
            set_aside: Cards::EMPTY,
            joker_plays: [0; MAX],
            penalties: [0; MAX],
            last: None,
            records: Vec::new(),
            totals: [0; MAX],
        };
        game.start_round(events);
        game
    }

    /// Round `self.round`: the layout, the shuffle, the dealer (round 0), the first batch.
    fn start_round(&mut self, events: &mut impl Events<Event>) {
        let n = self.n();
        let mut rng = GameRng::for_deal(self.seed, self.round);
        let mut deck: Vec<StdCard> = (pack(&self.rules) - LAYOUT).iter().collect();
        rng.shuffle(&mut deck);
        if self.round == 0 {
            self.dealer = match self.rules.first_dealer {
                Some(seat) => seat,
                None => PlayerId(rng.below(n as u64) as u8),
            };
        }
        self.table = LAYOUT;
        self.piles.clear();
        self.captured = [Cards::EMPTY; MAX];
        self.set_aside = Cards::EMPTY;
        self.joker_plays = [0; MAX];
        self.penalties = [0; MAX];
        self.last = None;
        self.stock = deck;
        events.emit(|| {
            Event::Dealt(Deal::Round {
                dealer: self.dealer,
                table: LAYOUT,
            })
        });
        self.deal(BATCH, events);
    }

    /// Deals `each` cards to every seat from the seat after the dealer (one packet each, the
    /// next card of the stock first), then handles the leftovers as the rules say.
    fn deal(&mut self, each: usize, events: &mut impl Events<Event>) {
        let n = self.n();
        let dealt = (each * n).min(self.stock.len());
        let mut received = Vec::new();
        if events.wanted() {
            received = vec![cards_core::Cards::Shown(Vec::new()); n];
        }
        for (k, packet) in self.stock[..dealt].chunks(each.max(1)).enumerate() {
            let seat = seat_after(self.dealer, k + 1, n).index();
            self.hands[seat].extend(packet.iter().copied());
            if let Some(cards_core::Cards::Shown(hand)) = received.get_mut(seat) {
                hand.extend_from_slice(packet);
            }
        }
        self.stock.drain(..dealt);
        let mut laid = Vec::new();
        let mut aside = Vec::new();
        let last_full = each == BATCH && self.stock.len() < BATCH * n;
        let one_card_rest = each == 1;
        if last_full || one_card_rest {
            match self.rules.leftovers {
                Leftovers::ToTable => laid = core::mem::take(&mut self.stock),
                Leftovers::Unused => aside = core::mem::take(&mut self.stock),
                Leftovers::OneCardHand if one_card_rest || self.stock.len() < n => {
                    laid = core::mem::take(&mut self.stock);
                }
                Leftovers::OneCardHand => {}
            }
            self.table.extend(laid.iter().copied());
            self.set_aside.extend(aside.iter().copied());
        }
        events.emit(|| {
            Event::Dealt(Deal::Batch {
                hands: received,
                table: laid,
            })
        });
        if !aside.is_empty() {
            events.emit(|| Event::SetAside {
                cards: cards_core::Cards::Shown(aside),
            });
        }
    }

    /// Every hand is empty: dissolve the piles (penalties), then the next batch, the one-card
    /// hand, or the round's end.
    pub(crate) fn refill(&mut self, events: &mut impl Events<Event>) {
        let n = self.n();
        for pile in core::mem::take(&mut self.piles) {
            self.penalties[pile.owner.index()] =
                self.penalties[pile.owner.index()].saturating_add(1);
            self.table |= pile.cards;
            events.emit(|| Event::Released {
                pile,
                penalty: self.rules.esun_penalty,
            });
        }
        if self.stock.len() >= BATCH * n {
            self.deal(BATCH, events);
        } else if !self.stock.is_empty() && self.stock.len() >= n {
            // Only `OneCardHand` keeps leftovers in the stock after the last full batch.
            self.deal(1, events);
        } else {
            self.end_round(events);
        }
    }

    /// The round's end: the last player's take, the record, the totals; the next round or
    /// the game's end.
    fn end_round(&mut self, events: &mut impl Events<Event>) {
        let n = self.n();
        if self.rules.last_player_takes
            && let Some(last) = self.last
        {
            let rest = self.table;
            self.captured[last.index()] |= rest;
            self.table = Cards::EMPTY;
            if !rest.is_empty() {
                events.emit(|| Event::TookRest {
                    seat: last,
                    cards: rest,
                });
            }
        }
        let of =
            |f: &dyn Fn(usize) -> u8| PerSeat::from_fn(n, |s| f(s.index())).unwrap_or_default();
        let mut record = RoundRecord {
            dealer: self.dealer,
            cards: of(&|s| self.captured[s].len() as u8),
            layout: PerSeat::from_fn(n, |s| self.captured[s.index()] & LAYOUT).unwrap_or_default(),
            jokers: of(&|s| (self.captured[s] & JOKERS).len() as u8),
            joker_plays: of(&|s| self.joker_plays[s]),
            penalties: of(&|s| self.penalties[s]),
            last: self.last,
            points: PerSeat::new(n).unwrap_or_default(),
        };
        record.points = self.rules.scoring.round_points(&record);
        let net = record.net(&self.rules);
        for (t, d) in self.totals.iter_mut().zip(net.iter()) {
            *t = t.saturating_add(*d);
        }
        self.records.push(record);
        events.emit(|| Event::RoundScored {
            record,
            layout_points: record
                .layout
                .iter()
                .map(|l| match self.rules.scoring {
                    Scoring::LayoutAndMost => l.len() as i64,
                    Scoring::MostCards => 0,
                })
                .collect(),
            score: net.to_vec(),
            totals: self.totals[..n].to_vec(),
        });
        let rounds = self.records.len() as u32;
        if winners(&self.rules, rounds, &self.totals[..n]).is_none() {
            self.round += 1;
            self.dealer = seat_after(self.dealer, 1, n);
            self.start_round(events);
        } else if events.wanted()
            && let Some(outcome) = self.outcome()
        {
            events.emit(|| Event::Ended { outcome });
        }
    }
}
