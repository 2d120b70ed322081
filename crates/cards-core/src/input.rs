//! What a person types, read as the game's notation: the forms a screen writes cards in are
//! accepted where the notation is asked for.

/// `text` as a person typed it, put in the games' notation: surrounding space removed.
#[must_use]
pub fn notation(text: &str) -> String {
    text.trim().to_owned()
}
