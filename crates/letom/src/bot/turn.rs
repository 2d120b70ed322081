//! A turn as the rule bot foresees it from its view: the hand step is known, the flip is each
//! card the stock may hold in turn, and every outcome is valued ([`Table::value`]).

use cards_core::DidoCard;

use super::Params;
use super::value::{gain, potential};
use crate::action::NUMBERS;
use crate::play::{DOUBLE_PI, Laid, SINGLE_PI};
use crate::state::{SEATS, of_number};
use crate::{Action, Hand, Phase, View};

/// The table as the bot's seat sees it, with what follows from it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Table {
    /// The bot's seat.
    pub me: usize,
    /// Seats at the table.
    pub n: usize,
    /// The seats that play this deal (all but a seller).
    pub playing: [bool; SEATS],
    pub hand: Hand,
    pub floor: Hand,
    pub captured: [Hand; SEATS],
    /// Cards the seat cannot see: the other hands and the stock.
    pub unseen: Hand,
    /// The unseen cards that may be the stock's top card: all but those a seat showed by
    /// shaking (they are in its hand).
    pub flip_pool: Hand,
    /// Cards in the other playing seats' hands.
    pub opp_hand_cards: usize,
    /// Whether this turn is the seat's last (no stuck stack forms, no reward is paid).
    pub last: bool,
    /// Whether a sweep is rewarded.
    pub sweep: bool,
    /// The weights of the valuation.
    pub params: Params,
}

/// A turn's result: the cards the seat captures, the floor after, the rewards earned.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outcome {
    pub mine: Hand,
    pub floor: Hand,
    pub rewards: u8,
}

/// The pi a seat with `pile` gives away: its lowest single pi, else the Sãpie (none without pi).
fn lowest_pi(pile: Hand) -> Hand {
    let bits = pile.bits();
    let single = bits & SINGLE_PI;
    Hand::from_bits_truncate(if single != 0 {
        single & single.wrapping_neg()
    } else {
        bits & DOUBLE_PI
    })
}

impl Table {
    /// The table of `view`'s seat, or `None` for a view no deal shows (sizes that do not fit).
    pub(crate) fn of(view: &View, params: Params) -> Option<Table> {
        let p = &view.public;
        let n = p.hands.len();
        let me = view.seat.index();
        if me >= n || n > SEATS || p.captured.len() != n || view.hand_sizes.len() != n {
            return None;
        }
        let mut playing = [false; SEATS];
        let mut captured = [Hand::EMPTY; SEATS];
        let mut seen: Hand = view.hand.iter().copied().collect();
        let hand = seen;
        seen |= p.floor;
        for s in 0..n {
            playing[s] = p.seller.map(|x| x.index()) != Some(s);
            captured[s] = p.captured[s];
            seen |= p.captured[s];
        }
        if let Phase::Take { flipped, .. } = p.phase {
            seen.insert(flipped);
        }
        let unseen = !seen;
        let mut flip_pool = unseen;
        for (s, shaken) in p.shaken.iter().enumerate() {
            if s != me {
                flip_pool -= *shaken;
            }
        }
        if !(flip_pool - p.shown).is_empty() {
            // A seller's Guã lie at the bottom of the stock, not on top.
            flip_pool -= p.shown;
        }
        let opp_hand_cards = (0..n)
            .filter(|&s| s != me && playing[s])
            .map(|s| view.hand_sizes[s])
            .sum();
        let owed = p.owed.get(me).copied().unwrap_or(0);
        Some(Table {
            me,
            n,
            playing,
            hand,
            floor: p.floor,
            captured,
            unseen,
            flip_pool,
            opp_hand_cards,
            // A `take` decision says whether its turn is the last; a turn starts with one left.
            last: match p.phase {
                Phase::Take { last, .. } => last,
                _ => hand.len() + usize::from(owed) == 1,
            },
            sweep: view.rules.sweep,
            params,
        })
    }

    /// The other playing seats.
    pub(crate) fn opponents(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n).filter(move |&s| s != self.me && self.playing[s])
    }

    /// The cards `seat` may still capture: all but those the others captured (and, for an
    /// opponent, the bot's own hand, which only the bot plays).
    pub(crate) fn reachable(&self, captured: &[Hand; SEATS], seat: usize, hand: Hand) -> Hand {
        let mut out = Hand::full();
        for (s, pile) in captured.iter().enumerate().take(self.n) {
            if s != seat {
                out -= *pile;
            }
        }
        if seat != self.me {
            out -= hand;
        }
        out
    }

    /// What capturing `card` is worth, to the bot and as a card denied to the opponents
    /// (valued on the piles as they are): how the bot picks between two floor cards.
    fn card_worth(&self, card: DidoCard) -> f32 {
        let one = Hand::single(card);
        let mine = gain(
            self.captured[self.me],
            one,
            self.reachable(&self.captured, self.me, self.hand),
        );
        let theirs = self
            .opponents()
            .map(|o| {
                gain(
                    self.captured[o],
                    one,
                    self.reachable(&self.captured, o, self.hand),
                )
            })
            .fold(0.0, f32::max);
        mine + theirs
    }

    /// The more valuable of two floor cards.
    fn pick(&self, two: Hand) -> DidoCard {
        let mut best = None::<(DidoCard, f32)>;
        for card in two {
            let w = self.card_worth(card);
            if best.is_none_or(|(_, b)| w > b) {
                best = Some((card, w));
            }
        }
        best.map_or(DidoCard::ALL[0], |(c, _)| c)
    }

    /// The hand step of a turn action: what it captures at once and what waits for the flip;
    /// `None` for an action that is not a turn's play (a shake, Ren, …).
    fn hand_step(&self, action: Action) -> Option<(Outcome, Laid)> {
        let mut out = Outcome {
            mine: Hand::EMPTY,
            floor: self.floor,
            rewards: 0,
        };
        let laid = match action {
            Action::Flip => Laid::Nothing,
            Action::Bomb(n) => {
                out.mine = of_number(self.hand, n) | of_number(self.floor, n);
                out.floor -= out.mine;
                out.rewards = 1;
                Laid::Nothing
            }
            Action::Play(card) | Action::PlayOnto(card, _) => {
                let matching = of_number(self.floor, card.number());
                match matching.len() {
                    0 => {
                        out.floor.insert(card);
                        Laid::Alone(card)
                    }
                    1 | 2 => {
                        let onto = match action {
                            Action::PlayOnto(_, d) => d,
                            _ => matching.first()?,
                        };
                        Laid::Pair {
                            card,
                            onto,
                            matched: matching.len() as u8,
                        }
                    }
                    _ => Laid::Stack(card),
                }
            }
            _ => return None,
        };
        Some((out, laid))
    }

    /// The turn finished by flipping `flipped` (or by no flip at all, for a view with no card
    /// that can be flipped): the rules of `play.rs`, choosing between two floor cards by
    /// [`Table::pick`].
    fn flip_step(&self, mut out: Outcome, laid: Laid, flipped: Option<DidoCard>) -> Outcome {
        let last = self.last;
        let Some(f) = flipped else {
            self.take_laid(&mut out, laid);
            return self.ended(out);
        };
        let n = f.number();
        match laid {
            Laid::Alone(card) if card.number() == n => {
                out.floor.remove(card);
                out.mine |= Hand::single(card).with(f);
                out.rewards += u8::from(!last);
                return self.ended(out);
            }
            Laid::Pair { card, matched, .. } if card.number() == n => {
                let floor_cards = of_number(out.floor, n);
                if matched == 2 || last {
                    out.floor -= floor_cards;
                    out.mine |= floor_cards.with(card).with(f);
                    out.rewards += u8::from(matched == 2 && !last);
                } else {
                    out.floor.insert(card);
                    out.floor.insert(f);
                }
                return self.ended(out);
            }
            _ => self.take_laid(&mut out, laid),
        }
        let matching = of_number(out.floor, n);
        match matching.len() {
            0 => out.floor.insert(f),
            1 => {
                out.floor -= matching;
                out.mine |= matching.with(f);
                true
            }
            2 => {
                let d = self.pick(matching);
                out.floor.remove(d);
                out.mine |= Hand::single(d).with(f);
                true
            }
            _ => {
                out.floor -= matching;
                out.mine |= matching.with(f);
                out.rewards += u8::from(!last);
                true
            }
        };
        self.ended(out)
    }

    /// The hand card's capture when the flip does not change it: its pair, or the stuck stack.
    fn take_laid(&self, out: &mut Outcome, laid: Laid) {
        match laid {
            Laid::Pair { card, onto, .. } => {
                out.floor.remove(onto);
                out.mine |= Hand::single(card).with(onto);
            }
            Laid::Stack(card) => {
                let three = of_number(out.floor, card.number());
                out.floor -= three;
                out.mine |= three.with(card);
                out.rewards += u8::from(!self.last);
            }
            Laid::Alone(_) | Laid::Nothing => {}
        }
    }

    /// The sweep at the turn's end.
    fn ended(&self, mut out: Outcome) -> Outcome {
        if self.sweep && out.floor.is_empty() && !self.last {
            out.rewards += 1;
        }
        out
    }

    /// The expected [`Table::value`] of a turn action over the cards the flip may turn up,
    /// or `None` for an action that is not a turn's play.
    pub(crate) fn expected(&self, action: Action) -> Option<f32> {
        let (start, laid) = self.hand_step(action)?;
        let hand_after = match action {
            Action::Play(c) | Action::PlayOnto(c, _) => self.hand.without(c),
            Action::Bomb(n) => self.hand - of_number(self.hand, n),
            _ => self.hand,
        };
        if self.flip_pool.is_empty() {
            let out = self.flip_step(start, laid, None);
            return Some(self.value(out, hand_after, self.unseen));
        }
        let mut total = 0.0;
        for f in self.flip_pool {
            let out = self.flip_step(start, laid, Some(f));
            total += self.value(out, hand_after, self.unseen.without(f));
        }
        Some(total / self.flip_pool.len() as f32)
    }

    /// The value of taking `d` with the flipped card in a `take` decision that carries
    /// `rewards` earned before it.
    pub(crate) fn take_value(&self, flipped: DidoCard, d: DidoCard, rewards: u8) -> f32 {
        let out = self.ended(Outcome {
            mine: Hand::single(flipped).with(d),
            floor: self.floor.without(d),
            rewards,
        });
        self.value(out, self.hand, self.unseen)
    }

    /// Every seat's captured cards after a turn's result: the bot's captures, then each
    /// reward's pi from every other playing seat.
    fn captured_after(&self, out: Outcome) -> [Hand; SEATS] {
        let mut captured = self.captured;
        captured[self.me] |= out.mine;
        for _ in 0..out.rewards {
            for o in self.opponents() {
                let pi = lowest_pi(captured[o]);
                captured[o] -= pi;
                captured[self.me] |= pi;
            }
        }
        captured
    }

    /// How good a turn's result is for the bot: its potential, less the opponents', after
    /// the rewards' pi change hands, plus what the floor left behind offers it and the
    /// opponents before its next turn.
    pub(crate) fn value(&self, out: Outcome, hand_after: Hand, unseen_after: Hand) -> f32 {
        let captured = self.captured_after(out);
        let mut value = potential(
            captured[self.me],
            self.reachable(&captured, self.me, hand_after),
        );
        for o in self.opponents() {
            value -= self.params.opp_weight
                * potential(captured[o], self.reachable(&captured, o, hand_after));
        }
        value + self.floor_value(out.floor, &captured, hand_after, unseen_after)
    }

    /// What the floor offers: for each number on it, the opponents may take it first (the
    /// more unseen cards of the number, the likelier), and the bot may take it later with a
    /// hand card of that number. A number whose other cards are all seen is safe.
    fn floor_value(&self, floor: Hand, captured: &[Hand; SEATS], hand: Hand, unseen: Hand) -> f32 {
        let opponents = self.opponents().count();
        let hidden = unseen.len();
        // The chance that a given unseen card is played or flipped by an opponent before the
        // bot's next turn: its flips, and a share of its hand cards.
        let q = if hidden == 0 {
            0.0
        } else {
            ((opponents as f32 + 0.5 * self.opp_hand_cards as f32) / hidden as f32).min(0.9)
        };
        let reach_me = self.reachable(captured, self.me, hand);
        let mut total = 0.0;
        for g in 0..NUMBERS as u8 {
            let cards = of_number(floor, g);
            if cards.is_empty() {
                continue;
            }
            let stack = cards.len() >= 3;
            let unseen_g = of_number(unseen, g).len() as i32;
            let taken = 1.0 - (1.0 - q).powi(unseen_g);
            let best_of = |pile: Hand, reach: Hand, extra: Hand| -> f32 {
                if stack || cards.len() == 1 {
                    gain(pile, cards | extra, reach)
                } else {
                    cards
                        .iter()
                        .map(|c| gain(pile, extra.with(c), reach))
                        .fold(f32::MIN, f32::max)
                }
            };
            if taken > 0.0 {
                let theirs = self
                    .opponents()
                    .map(|o| best_of(captured[o], self.reachable(captured, o, hand), Hand::EMPTY))
                    .fold(0.0, f32::max);
                let reward = if stack {
                    self.params.stack_reward * opponents as f32
                } else {
                    0.0
                };
                total -= self.params.floor_weight * taken * (theirs + reward);
            }
            let mine = of_number(hand, g)
                .iter()
                .map(|m| best_of(captured[self.me], reach_me, Hand::single(m)))
                .fold(0.0, f32::max);
            total += self.params.my_future * (1.0 - taken) * mine;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use cards_core::{Game, GameRng, RandomPlayer, Seed};

    use super::{Params, Table};
    use crate::{Action, Letom, Phase, Rules};

    /// The bot's foresight of a turn is the game's own rules: for the stock's true top card,
    /// every play's foreseen captures, pi and floor are what playing it gives.
    #[test]
    fn a_foreseen_turn_is_the_turn_played() {
        let mut checked = 0;
        for seed in 0..300u64 {
            let players = 2 + (seed % 3) as usize;
            let mut game = Letom::new(&Rules::default(), players, Seed::from(seed)).unwrap();
            let mut random = RandomPlayer::new(Seed::from(seed));
            let mut legal = Vec::new();
            let steps = GameRng::new(Seed::from(seed), 9).below(30);
            for _ in 0..steps {
                match random.choose(&game, &mut legal) {
                    Some(a) => game.play(a).unwrap(),
                    None => break,
                }
            }
            let Phase::Turn { seat } = game.phase() else {
                continue;
            };
            let table = Table::of(&game.view(seat), Params::DEFAULT).unwrap();
            let top = game.stock()[0];
            game.legal_actions(&mut legal);
            for &action in &legal {
                let Some((start, laid)) = table.hand_step(action) else {
                    continue;
                };
                let out = table.flip_step(start, laid, Some(top));
                let mut real = game.clone();
                real.play(action).unwrap();
                if let Phase::Take { flipped, .. } = real.phase() {
                    let d = table.pick(
                        real.floor()
                            & crate::state::of_number(!crate::Hand::EMPTY, flipped.number()),
                    );
                    real.play(Action::Take(d)).unwrap();
                }
                let expected = table.captured_after(out);
                for p in 0..players {
                    let p = crate::PlayerId(p as u8);
                    assert_eq!(
                        real.captured(p),
                        expected[p.index()],
                        "{action} then {top}: {game}"
                    );
                }
                assert_eq!(real.floor(), out.floor, "{action} then {top}: {game}");
                checked += 1;
            }
        }
        assert!(checked > 300, "{checked} plays checked");
    }
}
