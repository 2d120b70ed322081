//! Tensors for learning agents ([`cards_core::Encode`]) for the four game types: one deal
//! of Schieber ([`schieber_deal`]), a whole Schieber game ([`schieber`]), Differenzler
//! ([`differenzler`]) and Coiffeur ([`coiffeur`]). They share the trick play, the history
//! and the contract ([`shared`]). Every layout is tabled in the repository's
//! `docs/jass.md`, "Tensors for learning agents".
//!
//! Seats are relative to the viewer (slot 0 = the viewer, 1 = the next seat in play order),
//! padded to four; cards are one-hot or many-hot over [`cards_core::Card::index`]; every
//! value is in `[0, 1]`. Every view holds the deal's whole trick history, so each type's
//! [`Recall`](cards_core::Encode::Recall) is `()`: the information state is the observation's
//! public part, then the deal's history (every card with who played it, in which trick, at
//! which position), then the same private part. Earlier deals of a game are summarised by
//! the scores (or sheet, or penalties) its view shows.

pub mod coiffeur;
pub mod differenzler;
pub mod schieber;
pub mod schieber_deal;
pub mod shared;
