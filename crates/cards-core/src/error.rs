//! Errors shared by every deck.

/// A card's text could not be parsed; the message names the text and the deck.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a {deck} card: {reason}")]
pub struct ParseCardError {
    /// The text that was given (possibly cut to its first 32 characters).
    pub text: String,
    /// The deck it was parsed for.
    pub deck: &'static str,
    /// What was wrong with it.
    pub reason: &'static str,
}

impl ParseCardError {
    pub(crate) fn new(text: &str, deck: &'static str, reason: &'static str) -> Self {
        // Cap the echoed text so a huge bad input does not make a huge error.
        let text: String = text.chars().take(32).collect();
        ParseCardError { text, deck, reason }
    }
}
