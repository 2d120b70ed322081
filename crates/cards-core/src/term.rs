//! [`Term`]: a word of a game's own vocabulary with what it means, for a newcomer.

/// A word of a game's own vocabulary (Letom's *jjok*, Jass's *Stöck*, Eléwénjewé's *Esun*)
/// and what it means, in one sentence. A front end explains a term the first time its word
/// appears in what it shows ([`crate::GameEvent::TERMS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Term {
    /// The word as the game's sentences write it.
    pub word: &'static str,
    /// What it means, in one sentence.
    pub meaning: &'static str,
}

impl Term {
    /// Whether `text` uses this term: its word appears there as a whole word, ignoring case
    /// (`Stöck` in "seat 2 shows Stöck", not `pi` in "pile").
    #[must_use]
    pub fn appears_in(&self, text: &str) -> bool {
        let word: Vec<char> = self.word.chars().flat_map(char::to_lowercase).collect();
        let text: Vec<char> = text.chars().flat_map(char::to_lowercase).collect();
        if word.is_empty() || word.len() > text.len() {
            return false;
        }
        let inside = |i: usize| text.get(i).is_some_and(|c| c.is_alphanumeric());
        (0..=text.len() - word.len()).any(|i| {
            text[i..i + word.len()] == word[..]
                && !(i > 0 && inside(i - 1))
                && !inside(i + word.len())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_appears_as_a_whole_word_only() {
        let pi = Term {
            word: "pi",
            meaning: "a junk card",
        };
        assert!(pi.appears_in("seat 1 takes a pi from seat 2"));
        assert!(pi.appears_in("Pi."));
        assert!(!pi.appears_in("the pile grows"));
        assert!(!pi.appears_in("api"));
        let stoeck = Term {
            word: "Stöck",
            meaning: "trump king and queen in one hand: 20 points",
        };
        assert!(stoeck.appears_in("seat 2 shows STÖCK (20)"));
        assert!(!stoeck.appears_in(""));
    }
}
