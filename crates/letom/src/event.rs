//! [`Event`]: what happened in a deal or a match, in the order it happened, and what one seat
//! may know of it ([`Game::redact`](cards_core::Game::redact); `docs/letom.md`, "Events").

use core::fmt;

use cards_core::{Alternate, Cards, DidoCard, GameEvent, PlayerId, Seed, Term};

use crate::{Deal, Hand, MatchOutcome, Outcome, Settlement, Setup};

/// `seat 0 +6, seat 1 -6` (with signs when `sign`).
pub(crate) fn per_seat_text<T: fmt::Display>(values: &[T], sign: bool) -> String {
    let parts: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(s, v)| {
            if sign {
                format!("seat {s} {v:+}")
            } else {
                format!("seat {s} {v}")
            }
        })
        .collect();
    parts.join(", ")
}

/// The cards of a deal event, in the trace's deal form (`docs/oracle.md`): the deal as dealt
/// (`{"dealer":d,"hands":[[…],…],"floor":[…],"stock":[top first]}`, the seller's hand
/// included), or the stock after a sale that reshuffled it (`{"stock":[top first]}`).
/// Redacted for a seat, the hands it may not see and the stock are their sizes only.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Dealing {
    /// The cards dealt at the start of a deal.
    Table {
        /// The dealer, who plays first.
        dealer: PlayerId,
        /// Each seat's hand in the order dealt.
        hands: Vec<Cards<DidoCard>>,
        /// The floor cards in the order dealt.
        floor: Vec<DidoCard>,
        /// The stock, top first.
        stock: Cards<DidoCard>,
    },
    /// The stock reshuffled after a sale (gwang-selling with `reshuffle_sold`).
    Stock {
        /// The whole stock, top first.
        stock: Cards<DidoCard>,
    },
}

impl Dealing {
    /// A deal's cards, all shown.
    #[must_use]
    pub fn of(deal: &Deal) -> Dealing {
        Dealing::Table {
            dealer: deal.dealer,
            hands: deal.hands.iter().map(|h| Cards::Shown(h.clone())).collect(),
            floor: deal.floor.clone(),
            stock: Cards::Shown(deal.stock.clone()),
        }
    }

    /// Whether every card is shown (an unredacted deal event: the trace's form).
    fn complete(&self) -> bool {
        match self {
            Dealing::Table { hands, stock, .. } => {
                stock.shown().is_some() && hands.iter().all(|h| h.shown().is_some())
            }
            Dealing::Stock { stock } => stock.shown().is_some(),
        }
    }
}

/// Why a player gives every other player one pi (`docs/letom.md`, G8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reward {
    /// A bomb.
    Bomb,
    /// A stuck stack captured (ppuk / 싸기).
    Stack,
    /// Jjok (쪽).
    Jjok,
    /// Ttadak (따닥).
    Ttadak,
    /// A sweep (싹쓸이).
    Sweep,
}

impl fmt::Display for Reward {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reward::Bomb => "bomb",
            Reward::Stack => "stuck stack taken",
            Reward::Jjok => "jjok",
            Reward::Ttadak => "ttadak",
            Reward::Sweep => "sweep",
        })
    }
}

/// An explicit position told at once (the start of a game set up from a [`Setup`]): every
/// card where it lies. `public` is the position with the hands and the stock left empty (and
/// no reshuffle seed); `hands` and `stock` hold them, hidden where a seat may not see them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Each seat's hand (in the sale phase in the order dealt).
    pub hands: Vec<Cards<DidoCard>>,
    /// The stock, top first.
    pub stock: Cards<DidoCard>,
    /// With the reshuffle option, in the sale phase: the reshuffle seed (nobody sees it).
    pub reshuffle: Option<Seed>,
    /// Everything else.
    pub public: Setup,
}

/// How a deal ended, with everything it settled.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealEnd {
    /// How it ended.
    pub outcome: Outcome,
    /// Each seat's base points at the end (a seller who sat out scores 0): the trace's score
    /// event.
    pub score: Vec<i64>,
    /// The deal's zero-sum returns ([`Game::settlement`](cards_core::Game::settlement)): the
    /// settlement of a win and the Guã sale; the table stake is outside them.
    pub returns: Vec<i64>,
    /// The settlement's steps, for a deal won by Tom or by the highest score.
    pub settlement: Option<Settlement>,
    /// What a chongtong win is worth from each other seat, for a deal won by chongtong.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chongtong: Option<ChongtongPay>,
    /// The Guã sale, with gwang-selling: part of the returns, paid even in a nagari.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sale: Option<Sale>,
}

/// What a chongtong win is worth from each other seat (`docs/letom.md`, G16): 3 points times
/// the holder's shake and bomb multipliers (carried out of nagaris) and the nagari carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChongtongPay {
    /// The holder's shakes in force.
    pub shakes: u32,
    /// 2^shakes.
    pub shake_multiplier: i64,
    /// The holder's bombs in force.
    pub bombs: u32,
    /// The bomb factor to the power of the bombs.
    pub bomb_multiplier: i64,
    /// The nagari carry factor.
    pub carry: i64,
    /// What each other seat pays the holder (0 when it would not fit 64 bits, G26).
    pub each: i64,
}

impl ChongtongPay {
    /// `3 (chongtong) × 2 (1 shake)`: the amount each loser pays, each factor named.
    #[must_use]
    pub fn terms(&self) -> String {
        let mut text = "3 (chongtong)".to_owned();
        for (factor, why) in [
            (
                self.shake_multiplier,
                crate::settle::plural(self.shakes.into(), "shake"),
            ),
            (
                self.bomb_multiplier,
                crate::settle::plural(self.bombs.into(), "bomb"),
            ),
            (self.carry, "nagari carry".to_owned()),
        ] {
            if factor != 1 {
                text.push_str(&format!(" × {factor} ({why})"));
            }
        }
        text
    }
}

/// A deal's Guã sale (gwang-selling): the seller sat out, showing its Guã, and each playing
/// seat paid it `each`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sale {
    /// The seller.
    pub seller: PlayerId,
    /// The Guã it showed.
    pub shown: Hand,
    /// What each playing seat paid it (the price per Guã × the Guã shown).
    pub each: i64,
}

impl Sale {
    /// `seat 2 sold its Guã A0 S0: seat 0 and seat 1 each pay it 2 points` (the playing
    /// seats among `players`).
    fn line(&self, players: usize, alt: bool) -> String {
        let payers: Vec<String> = (0..players)
            .filter(|&s| s != self.seller.index())
            .map(|s| format!("seat {s}"))
            .collect();
        let payers = match payers.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => payers.join(""),
        };
        if self.shown.is_empty() {
            format!(
                "seat {} sold with no Guã to show: nobody pays it",
                self.seller
            )
        } else {
            format!(
                "seat {} sold its Guã {}: {payers} each pay it {}",
                self.seller,
                Alternate(&self.shown, alt),
                crate::settle::plural(self.each, "point")
            )
        }
    }
}

impl DealEnd {
    /// The deal's end told in full, one line each (`docs/letom.md`, "The deal's end"): how it
    /// ended (the winner's base points by category), who pays whom with each factor named,
    /// the Guã sale, every seat's base points, and what each seat won or paid.
    #[must_use]
    pub fn lines(&self, alt: bool) -> Vec<String> {
        let mut lines = Vec::new();
        let mut first = self.outcome.to_string();
        if let Some(s) = &self.settlement {
            first.push_str(&format!(
                " with {}",
                crate::view::points_text(&s.base, "base point")
            ));
        }
        lines.push(first);
        let seller = self.sale.map(|sale| sale.seller.index());
        match (&self.settlement, &self.chongtong, self.outcome.winner()) {
            (Some(s), _, _) => lines.extend(s.payments(seller)),
            (None, Some(c), Some(w)) => {
                let terms = c.terms();
                for seat in (0..self.returns.len()).filter(|&s| s != w.index()) {
                    lines.push(format!(
                        "seat {seat} pays seat {w} {}: {terms}",
                        crate::settle::plural(c.each, "point")
                    ));
                }
            }
            _ => lines.push("nobody wins the deal: nobody pays for it".to_owned()),
        }
        if let Some(sale) = &self.sale {
            lines.push(sale.line(self.returns.len(), alt));
        }
        lines.push(format!(
            "points this deal: {}; base points {}",
            per_seat_text(&self.returns, true),
            per_seat_text(&self.score, false)
        ));
        lines
    }
}

/// A deal as a match books it (`Event::Booked`): what it added to each seat's total.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookedDeal {
    /// The deal's number (0 = the first).
    pub number: u32,
    /// Each seat's points won or paid in the deal (its returns).
    pub returns: Vec<i64>,
    /// Each seat's stake paid into the pot this deal.
    pub staked: Vec<i64>,
    /// What each seat took from the pot this deal.
    pub pot_taken: Vec<i64>,
    /// The stakes left in the pot for the next deal.
    pub pot_left: i64,
}

/// What happened: the events [`Game::play_reporting`](cards_core::Game::play_reporting) and
/// [`Game::start_events`](cards_core::Game::start_events) report for [`Letom`](crate::Letom)
/// and [`LetomMatch`](crate::LetomMatch), in the order they happened. `Display` is a sentence
/// ("seat 2 took G3 S3"; `{:#}` writes its cards for people, the words unchanged); the JSON is tagged by `event` (`{"event":"played","seat":1,
/// "card":"A1","onto":null}`). `docs/letom.md` ("Events") says when each is reported and what
/// each seat sees of it.
///
/// ```
/// use letom::{Event, Game, Letom, PlayerId, Rules, Seed};
///
/// let mut deal = Letom::new(&Rules::default(), 2, Seed::from(0))?;
/// let mut events = Vec::new();
/// deal.start_events(&mut events); // the deal, then "seat 0 to play"
/// let mut view = Letom::blank_view(deal.rules(), 2, PlayerId(1));
/// deal.play_reporting("play A6".parse()?, &mut events)?;
/// assert_eq!(events[2].to_string(), "seat 0 played A6 onto P6");
/// // What seat 1 may know: seat 0's hand and the stock are only their sizes.
/// for event in &events {
///     Letom::observe(&mut view, &Letom::redact(deal.rules(), event, PlayerId(1)))?;
/// }
/// assert_eq!(view, deal.view(PlayerId(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Event {
    /// A match's deal begins (deal `number`, 0 = the first).
    DealBegins {
        /// The deal's number.
        number: u32,
    },
    /// The cards dealt, or the stock reshuffled after a sale: the trace's deal event.
    Dealt(Dealing),
    /// A position set up, told at once.
    Position(Box<Position>),
    /// What the deal carries in from the nagari deals before it: the carry factor, each
    /// seat's shakes and bombs still in force, and each seat's stakes left in the pot.
    Carried {
        /// The nagari carry factor.
        carry: u8,
        /// Each seat's shakes carried.
        shakes: Vec<u8>,
        /// Each seat's bombs carried.
        bombs: Vec<u8>,
        /// Each seat's stakes in the pot.
        pot: Vec<u32>,
    },
    /// Each of `seats` puts `stake` in the pot (the table stake).
    Staked {
        /// The seats that stake (the playing ones).
        seats: Vec<PlayerId>,
        /// The stake each pays.
        stake: u32,
    },
    /// `seat` was dealt all four `cards` of `number` and shows them (chongtong).
    Chongtong {
        /// The holder.
        seat: PlayerId,
        /// The number held four times.
        number: u8,
        /// The four cards, shown to all.
        cards: Hand,
    },
    /// `seat` is asked whether to sell its Guã.
    Asked {
        /// The seat asked.
        seat: PlayerId,
    },
    /// `seat` keeps its cards.
    Kept {
        /// The seat.
        seat: PlayerId,
    },
    /// `seat` sells and sits the deal out, showing its Guã; each playing player pays it
    /// `price`.
    Sold {
        /// The seller.
        seat: PlayerId,
        /// The Guã it shows.
        shown: Hand,
        /// What each playing player pays it.
        price: i64,
    },
    /// The seller's hand goes under the stock, in the order dealt (the last card at the very
    /// bottom).
    UnderStock {
        /// The seller.
        seat: PlayerId,
        /// Its cards (hidden from the other seats).
        cards: Cards<DidoCard>,
    },
    /// `seat`'s turn begins.
    TurnBegins {
        /// The seat to play.
        seat: PlayerId,
    },
    /// `seat` shakes: it shows its three `cards` of `number`.
    Shook {
        /// The seat.
        seat: PlayerId,
        /// The number shaken.
        number: u8,
        /// The three cards, shown to all.
        cards: Hand,
    },
    /// `seat` bombs: it plays its three `cards` of `number` onto the fourth on the floor (and
    /// now owes two flip-only turns).
    Bombed {
        /// The seat.
        seat: PlayerId,
        /// The number.
        number: u8,
        /// The three cards played.
        cards: Hand,
    },
    /// `seat` takes a flip-only turn (it plays no hand card).
    FlipOnly {
        /// The seat.
        seat: PlayerId,
    },
    /// `seat` plays `card` from its hand to the floor, onto the floor card it pairs with
    /// (`None` when it matches nothing or a stuck stack).
    Played {
        /// The seat.
        seat: PlayerId,
        /// The card played.
        card: DidoCard,
        /// The floor card it pairs with.
        onto: Option<DidoCard>,
    },
    /// `seat` flips the stock's top card onto the floor.
    Flipped {
        /// The seat.
        seat: PlayerId,
        /// The card turned up.
        card: DidoCard,
    },
    /// Two floor cards match the flipped `card`: `seat` chooses which it takes. `rewards`
    /// (pi rewards already earned this turn, `bombed` when one is a bomb) and `last` (the
    /// seat's last turn) are carried to the end of the turn.
    TakeOffered {
        /// The seat.
        seat: PlayerId,
        /// The flipped card, held until the choice.
        card: DidoCard,
        /// Pi rewards earned so far this turn.
        rewards: u8,
        /// Whether this is the seat's last turn.
        last: bool,
        /// Whether one of the rewards is this turn's bomb.
        bombed: bool,
    },
    /// `seat` captures `cards` from the floor.
    Captured {
        /// The seat.
        seat: PlayerId,
        /// The cards taken (the played or flipped card among them).
        cards: Hand,
    },
    /// `seat` made a stuck stack of `number`: its three cards stay together on the floor.
    StackMade {
        /// The seat.
        seat: PlayerId,
        /// The number.
        number: u8,
    },
    /// `seat` took the stuck stack of `number`; `rewarded` unless on its last turn.
    StackTaken {
        /// The seat.
        seat: PlayerId,
        /// The number.
        number: u8,
        /// Whether it earns a pi from every other player.
        rewarded: bool,
    },
    /// Jjok: `seat`'s flip paired the hand card of `number` that matched nothing.
    Jjok {
        /// The seat.
        seat: PlayerId,
        /// The number.
        number: u8,
    },
    /// Ttadak: `seat` took all four cards of `number` with its hand card and the flip.
    Ttadak {
        /// The seat.
        seat: PlayerId,
        /// The number.
        number: u8,
    },
    /// `seat`'s turn left the floor empty (a sweep).
    Swept {
        /// The seat.
        seat: PlayerId,
    },
    /// `from` gives `to` the pi `card` from its captured cards, for `why`.
    PiGiven {
        /// The giver.
        from: PlayerId,
        /// The taker.
        to: PlayerId,
        /// The pi handed over (the giver's lowest-value one).
        card: DidoCard,
        /// The reward it pays.
        why: Reward,
    },
    /// `seat` takes the pot (`amount`): on its first turn (a stuck stack made, a bomb, ttadak
    /// or jjok), or as the deal's winner.
    PotTaken {
        /// The seat.
        seat: PlayerId,
        /// The stakes in the pot.
        amount: i64,
        /// Whether it was taken on the seat's first turn.
        first_turn: bool,
    },
    /// `seat`'s turn is over, its captured cards worth `points` base points.
    TurnEnded {
        /// The seat.
        seat: PlayerId,
        /// Its base points now.
        points: u32,
    },
    /// `seat` may go on (Ren) or stop (Tom) with `points` base points.
    RenOffered {
        /// The seat.
        seat: PlayerId,
        /// Its base points.
        points: u32,
    },
    /// `seat` calls Ren (go) at `points` base points: its `calls`-th Ren.
    RenCalled {
        /// The seat.
        seat: PlayerId,
        /// Its base points.
        points: u32,
        /// Its Ren calls so far this deal, this one included.
        calls: u8,
    },
    /// `seat` calls Tom (stop) at `points` base points.
    TomCalled {
        /// The seat.
        seat: PlayerId,
        /// Its base points.
        points: u32,
    },
    /// `seat` stops automatically on its last turn at `points` base points.
    Stopped {
        /// The seat.
        seat: PlayerId,
        /// Its base points.
        points: u32,
    },
    /// The deal is over: how it ended and what it settled (the trace's score event).
    DealEnded(Box<DealEnd>),
    /// A match booked its finished deals: each seat's total, wins and the nagaris so far,
    /// and the deal just booked (none when a position set up tells its tallies).
    Booked {
        /// Each seat's total over the finished deals.
        totals: Vec<i64>,
        /// Deals won by each seat.
        wins: Vec<u32>,
        /// Deals that ended in a nagari.
        nagaris: u32,
        /// The deal just booked: what it added to each total.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deal: Option<BookedDeal>,
    },
    /// The match is over (stakes left in the pot returned to whoever staked them).
    MatchEnded(MatchOutcome),
}

impl GameEvent for Event {
    type Deal = Dealing;

    /// Letom's own words, as the events' sentences and the views' screens write them.
    const TERMS: &'static [Term] = TERMS;

    /// The deal as dealt, and the stock reshuffled after a sale, when every card is shown.
    fn deal(&self) -> Option<&Dealing> {
        match self {
            Event::Dealt(dealing) if dealing.complete() => Some(dealing),
            _ => None,
        }
    }

    /// Each seat's base points at the end of a deal (a seller's 0).
    fn score(&self) -> Option<&[i64]> {
        match self {
            Event::DealEnded(end) => Some(&end.score),
            _ => None,
        }
    }
}

/// Letom's own words that its sentences and screens use, each explained in one sentence
/// (`docs/letom.md` has the rules they stand for).
const TERMS: &[Term] = &[
    Term {
        word: "floor",
        meaning: "The face-up cards in the middle of the table, which players capture by \
                  matching their numbers.",
    },
    Term {
        word: "stock",
        meaning: "The face-down pile: after playing a hand card, a player flips its top card \
                  onto the floor and matches it too.",
    },
    Term {
        word: "Guã",
        meaning: "The four 0-cards (A0 S0 G0 P0), which match each other: all four captured \
                  score 4 points.",
    },
    Term {
        word: "pi",
        meaning: "A junk card, Alivaie or Suçes 1 to 8 (S8 counts as two): a pi value of 8 \
                  scores 1 point, and each pi beyond it 1 more.",
    },
    Term {
        word: "Pie",
        meaning: "The points for pi: 1 at a pi value of 8, plus 1 per pi beyond 8.",
    },
    Term {
        word: "Dan",
        meaning: "The Gran cards 1 to 8: four captured score 1 point, and each one beyond \
                  four 1 more.",
    },
    Term {
        word: "Ÿnkt",
        meaning: "The Pradol cards 1 to 8: four captured score 1 point, and each one beyond \
                  four 1 more.",
    },
    Term {
        word: "Godorie",
        meaning: "P2, P4 and P8 captured together: 5 points.",
    },
    Term {
        word: "Hõdan",
        meaning: "G1, G2 and G3 captured together: 3 points.",
    },
    Term {
        word: "Codan",
        meaning: "G4, G5 and G6 captured together: 3 points.",
    },
    Term {
        word: "Cyñdan",
        meaning: "G7 and G8 captured together: 2 points.",
    },
    Term {
        word: "base points",
        meaning: "What a player's captured cards are worth, category by category, before \
                  Ren and the multipliers.",
    },
    Term {
        word: "stuck stack",
        meaning: "Three cards of one number lying together on the floor: whoever captures \
                  that number takes all three and a pi from every other player.",
    },
    Term {
        word: "jjok",
        meaning: "The hand card matched nothing and the flip was its number: the player \
                  takes both and a pi from every other player.",
    },
    Term {
        word: "ttadak",
        meaning: "The hand card took one of two floor cards of its number and the flip was \
                  the fourth: the player takes all four and a pi from every other player.",
    },
    Term {
        word: "sweep",
        meaning: "A turn that leaves the floor empty: the player takes a pi from every other \
                  player.",
    },
    Term {
        word: "shakes",
        meaning: "Shows three hand cards of one number at the start of a turn: if that \
                  player wins, its score is doubled once per shake.",
    },
    Term {
        word: "bombs",
        meaning: "Plays three hand cards of one number onto the fourth on the floor, taking \
                  all four and a pi from every other player: the player then owes two \
                  flip-only turns, and its score is multiplied (by 3 by default) if it wins.",
    },
    Term {
        word: "flip-only",
        meaning: "A turn on which the player only flips the stock, playing no hand card: a \
                  bomb leaves two of them owed.",
    },
    Term {
        word: "last turn",
        meaning: "A player's turn with one hand card or flip-only turn left: no stuck stack \
                  forms on it and no pi reward is paid.",
    },
    Term {
        word: "Ren",
        meaning: "Go on: a player with 3 or more base points plays on for a higher score (1 \
                  more per Ren, doubled from the third), but if it then loses it may pay \
                  for every loser.",
    },
    Term {
        word: "Tom",
        meaning: "Stop: the player ends the deal and wins, and every other player pays it \
                  its score.",
    },
    Term {
        word: "pi-bak",
        meaning: "A loser with a pi value of 1 to 4 (by default) pays double when the winner \
                  scored Pie.",
    },
    Term {
        word: "gwang-bak",
        meaning: "A loser holding no Guã pays double when the winner scored the Guã.",
    },
    Term {
        word: "meong-bak",
        meaning: "Every loser pays double when the winner scored Ÿnkt with 6 or more Ÿnkt \
                  (by default).",
    },
    Term {
        word: "독박",
        meaning: "The loser who called Ren most recently pays what every loser owes, alone.",
    },
    Term {
        word: "nagari",
        meaning: "A deal that nobody wins (the stock ran out and nobody stopped): the next \
                  deal's score is doubled.",
    },
    Term {
        word: "chongtong",
        meaning: "A player dealt all four cards of one number wins the deal at once with 3 \
                  points.",
    },
    Term {
        word: "sell",
        meaning: "With gwang-selling, one player sits the deal out, and each playing player \
                  pays it for every Guã it shows.",
    },
    Term {
        word: "pot",
        meaning: "The table stake: every player puts it in each deal, and the first whose own \
                  first turn makes a stuck stack, a bomb, ttadak or jjok takes it, or else \
                  the deal's winner.",
    },
];

/// `event` as `seat` may know it (seats not at the table are onlookers): other seats' hands,
/// the stock and the reshuffle seed hidden. Every other card in an event is face up.
pub(crate) fn redact(event: &Event, seat: PlayerId) -> Event {
    let own = |s: usize, cards: &Cards<DidoCard>| cards.shown_if(s == seat.index());
    match event {
        Event::Dealt(Dealing::Table {
            dealer,
            hands,
            floor,
            stock,
        }) => Event::Dealt(Dealing::Table {
            dealer: *dealer,
            hands: hands.iter().enumerate().map(|(s, h)| own(s, h)).collect(),
            floor: floor.clone(),
            stock: stock.hidden(),
        }),
        Event::Dealt(Dealing::Stock { stock }) => Event::Dealt(Dealing::Stock {
            stock: stock.hidden(),
        }),
        Event::Position(p) => Event::Position(Box::new(Position {
            hands: p.hands.iter().enumerate().map(|(s, h)| own(s, h)).collect(),
            stock: p.stock.hidden(),
            reshuffle: None,
            public: p.public.clone(),
        })),
        Event::UnderStock {
            seat: seller,
            cards,
        } => Event::UnderStock {
            seat: *seller,
            cards: own(seller.index(), cards),
        },
        other => other.clone(),
    }
}

/// `seat 0`, `seat 0 and seat 2`, `seat 0, seat 1 and seat 2`.
fn seats(f: &mut fmt::Formatter<'_>, seats: &[PlayerId]) -> fmt::Result {
    for (i, s) in seats.iter().enumerate() {
        if i + 1 == seats.len() && i > 0 {
            f.write_str(" and ")?;
        } else if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "seat {s}")?;
    }
    Ok(())
}

/// `seat 0 +6, seat 1 -6`.
fn per_seat<T: fmt::Display>(f: &mut fmt::Formatter<'_>, values: &[T], sign: bool) -> fmt::Result {
    for (s, v) in values.iter().enumerate() {
        if s > 0 {
            f.write_str(", ")?;
        }
        if sign {
            write!(f, "seat {s} {v:+}")?;
        } else {
            write!(f, "seat {s} {v}")?;
        }
    }
    Ok(())
}

/// `1 base point`, `6 base points`.
fn base_points(points: u32) -> String {
    crate::settle::plural(i64::from(points), "base point")
}

/// `staked seat 0 2, seat 1 2; seat 1 took 4` (or `4 left for the next deal`).
fn pot_text(d: &BookedDeal) -> String {
    let mut text = format!("staked {}", per_seat_text(&d.staked, false));
    for (s, &taken) in d.pot_taken.iter().enumerate() {
        if taken > 0 {
            text.push_str(&format!("; seat {s} took {taken}"));
        }
    }
    if d.pot_left > 0 {
        text.push_str(&format!("; {} left for the next deal", d.pot_left));
    }
    text
}

/// `{:#}` of an event writes its cards with `{:#}` (for people); the plain form is the
/// sentence the golden tests pin.
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alt = f.alternate();
        match self {
            Event::DealBegins { number } => write!(f, "deal {} begins", u64::from(*number) + 1),
            Event::Dealt(Dealing::Table {
                dealer,
                hands,
                floor,
                stock,
            }) => {
                write!(f, "seat {dealer} deals: the floor ")?;
                for (i, c) in floor.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{}", Alternate(c, alt))?;
                }
                for (s, h) in hands.iter().enumerate() {
                    write!(f, "; seat {s} holds {}", Alternate(h, alt))?;
                }
                write!(f, "; the stock {}", Alternate(stock, alt))
            }
            Event::Dealt(Dealing::Stock { stock }) => {
                write!(f, "the stock is reshuffled: {}", Alternate(stock, alt))
            }
            Event::Position(p) => {
                write!(f, "the deal as set up: {}", Alternate(&p.public.phase, alt))
            }
            // Only what is carried: a seat with nothing carried is not named.
            Event::Carried {
                carry,
                shakes,
                bombs,
                pot,
            } => {
                write!(
                    f,
                    "carried from the nagari before: this deal's winner scores × {carry}"
                )?;
                for (what, counts) in [("shake", shakes), ("bomb", bombs)] {
                    for (s, &n) in counts.iter().enumerate().filter(|&(_, &n)| n > 0) {
                        let n = crate::settle::plural(i64::from(n), what);
                        write!(f, "; seat {s} keeps {n} (its score × more if it wins)")?;
                    }
                }
                let total: u64 = pot.iter().map(|&v| u64::from(v)).sum();
                if total > 0 {
                    write!(f, "; the pot holds {total} (staked: ")?;
                    per_seat(f, pot, false)?;
                    f.write_str(")")?;
                }
                Ok(())
            }
            Event::Staked { seats: who, stake } => {
                seats(f, who)?;
                write!(f, " each put {stake} in the pot")
            }
            Event::Chongtong {
                seat,
                number,
                cards,
            } => {
                write!(
                    f,
                    "seat {seat} was dealt all four {number}s ({}): chongtong",
                    Alternate(cards, alt)
                )
            }
            Event::Asked { seat } => write!(f, "seat {seat} is asked whether to sell its Guã"),
            Event::Kept { seat } => write!(f, "seat {seat} keeps its cards"),
            Event::Sold { seat, shown, price } => {
                write!(f, "seat {seat} sells and sits out, ")?;
                if shown.is_empty() {
                    f.write_str("with no Guã to show")?;
                } else {
                    write!(f, "showing {}", Alternate(shown, alt))?;
                }
                write!(
                    f,
                    ": each playing seat pays it {}",
                    crate::settle::plural(*price, "point")
                )
            }
            Event::UnderStock { seat, cards } => {
                write!(
                    f,
                    "seat {seat}'s cards go under the stock: {}",
                    Alternate(cards, alt)
                )
            }
            Event::TurnBegins { seat } => write!(f, "seat {seat} to play"),
            Event::Shook {
                seat,
                number,
                cards,
            } => write!(
                f,
                "seat {seat} shakes its three {number}s: {}",
                Alternate(cards, alt)
            ),
            Event::Bombed {
                seat,
                number,
                cards,
            } => write!(
                f,
                "seat {seat} bombs with its three {number}s ({})",
                Alternate(cards, alt)
            ),
            Event::FlipOnly { seat } => write!(f, "seat {seat} takes a flip-only turn"),
            Event::Played {
                seat,
                card,
                onto: Some(onto),
            } => write!(
                f,
                "seat {seat} played {} onto {}",
                Alternate(card, alt),
                Alternate(onto, alt)
            ),
            Event::Played { seat, card, .. } => {
                write!(f, "seat {seat} played {}", Alternate(card, alt))
            }
            Event::Flipped { seat, card } => {
                write!(f, "seat {seat} flipped {}", Alternate(card, alt))
            }
            Event::TakeOffered { seat, card, .. } => write!(
                f,
                "two floor cards match the flipped {}: seat {seat} chooses which to take",
                Alternate(card, alt)
            ),
            Event::Captured { seat, cards } => {
                write!(f, "seat {seat} took {}", Alternate(cards, alt))
            }
            Event::StackMade { seat, number } => {
                write!(f, "seat {seat} made a stuck stack of {number}s")
            }
            Event::StackTaken {
                seat,
                number,
                rewarded,
            } => {
                write!(f, "seat {seat} took the stuck stack of {number}s")?;
                if !*rewarded {
                    f.write_str(" on its last turn (no reward)")?;
                }
                Ok(())
            }
            Event::Jjok { seat, number } => {
                write!(f, "seat {seat}: jjok (the flip paired its {number})")
            }
            Event::Ttadak { seat, number } => {
                write!(f, "seat {seat}: ttadak (all four {number}s)")
            }
            Event::Swept { seat } => write!(f, "seat {seat} swept the floor"),
            Event::PiGiven {
                from,
                to,
                card,
                why,
            } => write!(
                f,
                "seat {from} gives seat {to} the pi {} ({why})",
                Alternate(card, alt)
            ),
            Event::PotTaken {
                seat,
                amount,
                first_turn,
            } => {
                let amount = crate::settle::plural(*amount, "point");
                if *first_turn {
                    write!(f, "seat {seat} takes the pot, {amount}, on its first turn")
                } else {
                    write!(
                        f,
                        "seat {seat} takes the pot, {amount}, as the deal's winner"
                    )
                }
            }
            Event::TurnEnded { seat, points } => {
                let points = base_points(*points);
                write!(f, "seat {seat}'s turn is over: it has {points}")
            }
            Event::RenOffered { seat, points } => {
                let points = base_points(*points);
                write!(f, "seat {seat} has {points}: Ren (go on) or Tom (stop)?")
            }
            Event::RenCalled {
                seat,
                points,
                calls,
            } => {
                let points = base_points(*points);
                write!(f, "seat {seat} calls Ren at {points} (its Ren {calls})")
            }
            Event::TomCalled { seat, points } => {
                write!(f, "seat {seat} calls Tom at {}", base_points(*points))
            }
            Event::Stopped { seat, points } => write!(
                f,
                "seat {seat} stops at {} on its last turn (Tom)",
                base_points(*points)
            ),
            // Several lines: the first says how the deal ended, the others (indented by two)
            // itemise the payments.
            Event::DealEnded(end) => f.write_str(&end.lines(alt).join("\n  ")),
            // Several lines, as the deal's end: the deal's part, then the match's tallies.
            Event::Booked {
                totals,
                wins,
                nagaris,
                deal,
            } => {
                write!(f, "match totals: {}", per_seat_text(totals, true))?;
                match deal {
                    Some(d) => {
                        writeln!(f, ", after deal {}", u64::from(d.number) + 1)?;
                        writeln!(f, "  this deal: {}", per_seat_text(&d.returns, true))?;
                        if d.staked.iter().chain(&d.pot_taken).any(|&v| v != 0) || d.pot_left > 0 {
                            writeln!(f, "  pot: {}", pot_text(d))?;
                        }
                    }
                    None => writeln!(f, ", so far")?,
                }
                write!(
                    f,
                    "  deals won: {} · nagari deals {nagaris}",
                    per_seat_text(wins, false)
                )
            }
            Event::MatchEnded(outcome) => write!(f, "{outcome}"),
        }
    }
}
