//! What a summary of many Jass games counts ([`cards_core::summary`]), for each game type it
//! plays: whole Schieber games ([`schieber`]: contracts, points, Weis, Stöck, Match), Coiffeur
//! ([`coiffeur`]: the sheet's slots and the choices) and Differenzler ([`differenzler`]: the
//! predictions and penalties).

pub mod coiffeur;
pub mod differenzler;
pub mod schieber;
