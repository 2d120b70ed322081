//! What happened: the events a game reports as it plays ([`Game::play_reporting`],
//! [`Game::start_events`]), where it reports them ([`Events`]), and the shape every game's
//! event type shares ([`GameEvent`]).
//!
//! A game reports, for every action applied, the events it caused in the order they happened
//! (a UI animates them one by one), and for the start the events of the deal. An event names
//! everything that happened, hidden cards included; [`Game::redact`] turns it into what one
//! seat (or an onlooker) may know, and [`Game::observe`] keeps a seat's [`Game::View`] up to
//! date from its redacted events alone, so a server can send each client only its own events.
//!
//! [`Game::play`] reports into [`NoEvents`], which builds no event at all: a game used only for
//! simulation pays nothing for them.
//!
//! [`Game`]: crate::Game
//! [`Game::play`]: crate::Game::play
//! [`Game::play_reporting`]: crate::Game::play_reporting
//! [`Game::start_events`]: crate::Game::start_events
//! [`Game::redact`]: crate::Game::redact
//! [`Game::observe`]: crate::Game::observe
//! [`Game::View`]: crate::Game::View

use core::fmt;

use crate::{Card, Term};

/// Where a game reports events. A game calls [`Events::emit`] with a closure that builds the
/// event, so a sink that keeps nothing ([`NoEvents`]) costs nothing: the closure is never
/// called and, once inlined, not even built.
///
/// `Vec<E>` collects every event; implement it for your own type to stream events elsewhere
/// (a channel, a socket, one buffer per seat).
pub trait Events<E> {
    /// Reports the event `make` builds.
    fn emit(&mut self, make: impl FnOnce() -> E);

    /// Whether events reported here are kept: a game may skip work that only events need when
    /// this is `false`. [`NoEvents`] says `false`; everything else `true`.
    fn wanted(&self) -> bool {
        true
    }
}

/// The sink that keeps nothing: [`Game::play`](crate::Game::play) plays through it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoEvents;

impl<E> Events<E> for NoEvents {
    #[inline(always)]
    fn emit(&mut self, _make: impl FnOnce() -> E) {}

    #[inline(always)]
    fn wanted(&self) -> bool {
        false
    }
}

impl<E> Events<E> for Vec<E> {
    #[inline]
    fn emit(&mut self, make: impl FnOnce() -> E) {
        self.push(make());
    }
}

impl<E, S: Events<E> + ?Sized> Events<E> for &mut S {
    #[inline]
    fn emit(&mut self, make: impl FnOnce() -> E) {
        (**self).emit(make);
    }

    #[inline]
    fn wanted(&self) -> bool {
        (**self).wanted()
    }
}

/// A game's event type: typed, serializable, and told as a sentence (`Display`: "seat 2
/// flipped S3 and took G3: jjok"; with `{:#}` cards are written for people, with suit symbols
/// where the deck has them). A redacted event is a value of the same type, with the cards its
/// seat may not see left out.
///
/// Two kinds of event are also milestones of the oracle's traces (the repository's
/// `docs/oracle.md`), so a trace is read off the events without knowing the game:
/// [`GameEvent::deal`] (cards dealt, or the order of undealt cards changed) and
/// [`GameEvent::score`] (a deal or round scored).
pub trait GameEvent:
    Clone
    + PartialEq
    + fmt::Debug
    + fmt::Display
    + serde::Serialize
    + serde::de::DeserializeOwned
    + Send
    + Sync
{
    /// The trace's deal form of this game (its JSON is the oracle's `{"deal": …}` object).
    type Deal: serde::Serialize;

    /// The game's own words that its sentences (and its views' text) use, each with what it
    /// means: a front end explains one the first time it shows it ([`Term::appears_in`]).
    const TERMS: &'static [Term] = &[];

    /// When this event deals cards or reorders undealt ones: the trace's deal form.
    fn deal(&self) -> Option<&Self::Deal> {
        None
    }

    /// When this event scores a deal or a round: the trace's score event, one number per
    /// team or seat as the oracle defines it for the game.
    fn score(&self) -> Option<&[i64]> {
        None
    }
}

/// Cards as a seat sees them in an event: which they are, or only how many. Its JSON is a
/// list of card texts, or the number of cards.
#[derive(Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(untagged, bound(serialize = "C: Card", deserialize = "C: Card"))]
pub enum Cards<C: Card> {
    /// The cards, in the order the event gives them.
    Shown(Vec<C>),
    /// Only how many there are.
    Hidden(usize),
}

impl<C: Card> Cards<C> {
    /// How many cards.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Cards::Shown(cards) => cards.len(),
            Cards::Hidden(n) => *n,
        }
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cards, when shown.
    #[must_use]
    pub fn shown(&self) -> Option<&[C]> {
        match self {
            Cards::Shown(cards) => Some(cards),
            Cards::Hidden(_) => None,
        }
    }

    /// The same number of cards, hidden.
    #[must_use]
    pub fn hidden(&self) -> Cards<C> {
        Cards::Hidden(self.len())
    }

    /// Hidden unless `visible`.
    #[must_use]
    pub fn shown_if(&self, visible: bool) -> Cards<C> {
        if visible { self.clone() } else { self.hidden() }
    }
}

impl<C: Card> fmt::Debug for Cards<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The notation, whatever the flags (`{:#?}` must not turn it into symbols).
        write!(f, "{self}")
    }
}

/// The cards separated by spaces (`A1 S3`; `{:#}` writes each with `{:#}`), or `3 cards` when
/// hidden.
impl<C: Card> fmt::Display for Cards<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cards::Shown(cards) => {
                for (i, card) in cards.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    fmt::Display::fmt(card, f)?;
                }
                Ok(())
            }
            Cards::Hidden(1) => f.write_str("1 card"),
            Cards::Hidden(n) => write!(f, "{n} cards"),
        }
    }
}

/// Why [`Game::observe`](crate::Game::observe) could not follow an event: it does not fit the
/// view (an event of another game or seat, or out of order). The view is then unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the event does not fit this view: {0}")]
pub struct ObserveError(pub String);

impl ObserveError {
    /// An error saying `why`.
    pub fn new(why: impl Into<String>) -> Self {
        ObserveError(why.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DidoCard;

    #[test]
    fn cards_json_is_a_list_or_a_count() {
        let shown: Cards<DidoCard> =
            Cards::Shown(vec!["A1".parse().unwrap(), "S3".parse().unwrap()]);
        assert_eq!(serde_json::to_string(&shown).unwrap(), r#"["A1","S3"]"#);
        assert_eq!(serde_json::to_string(&shown.hidden()).unwrap(), "2");
        let back: Cards<DidoCard> = serde_json::from_str(r#"["A1","S3"]"#).unwrap();
        assert_eq!(back, shown);
        let back: Cards<DidoCard> = serde_json::from_str("2").unwrap();
        assert_eq!(back, Cards::Hidden(2));
        assert!(serde_json::from_str::<Cards<DidoCard>>(r#"["Z9"]"#).is_err());
        assert_eq!(shown.to_string(), "A1 S3");
        assert_eq!(Cards::<DidoCard>::Hidden(1).to_string(), "1 card");
        assert_eq!(shown.shown_if(false), Cards::Hidden(2));
    }

    #[test]
    fn no_events_builds_nothing() {
        let mut built = 0;
        let mut sink = NoEvents;
        Events::<u8>::emit(&mut sink, || {
            built += 1;
            1
        });
        assert_eq!(built, 0);
        assert!(!Events::<u8>::wanted(&sink));
        let mut kept: Vec<u8> = Vec::new();
        kept.emit(|| 7);
        let by_ref: &mut Vec<u8> = &mut kept;
        Events::emit(&mut &mut *by_ref, || 8);
        assert_eq!(kept, [7, 8]);
    }
    #[test]
    fn the_alternate_form_writes_cards_for_people_and_debug_keeps_the_notation() {
        use crate::{Card, CardSet, JassCard, StdCard};
        let ten: JassCard = "TH".parse().unwrap();
        assert_eq!(format!("{ten} {ten:#} {ten:#?}"), "TH 10♥ TH");
        let nine: StdCard = "9S".parse().unwrap();
        let joker: StdCard = "X1".parse().unwrap();
        let ten_clubs = StdCard::from_index(9).unwrap();
        assert_eq!(format!("{nine:#} {joker:#} {ten_clubs:#}"), "9♠ X1 10♣");
        let set: CardSet<JassCard> = [ten, "6C".parse().unwrap()].into_iter().collect();
        assert_eq!(format!("{set} / {set:#}"), "6C TH / 6♣ 10♥");
        let shown = Cards::Shown(vec![ten]);
        assert_eq!(format!("{shown:#} {shown:#?}"), "10♥ TH");
    }
}
