//! [`Narrator`]: the game's own words explained the first time the player reads them.

use cards_core::Term;

/// Tells text to the player, explaining each of the game's terms the first time it appears
/// (in an event's sentence or on the screen).
#[derive(Debug, Clone)]
pub struct Narrator {
    terms: &'static [Term],
    explained: Vec<bool>,
}

impl Narrator {
    /// A narrator of a game with these terms, none explained yet.
    #[must_use]
    pub fn new(terms: &'static [Term]) -> Self {
        Narrator {
            terms,
            explained: vec![false; terms.len()],
        }
    }

    /// The explanations `text` calls for (`  (jjok: ...)`), one line each, marking them told.
    pub fn explain(&mut self, text: &str) -> Vec<String> {
        let mut lines = Vec::new();
        for (term, told) in self.terms.iter().zip(&mut self.explained) {
            if !*told && term.appears_in(text) {
                *told = true;
                lines.push(format!("  ({}: {})", term.word, term.meaning));
            }
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TERMS: &[Term] = &[
        Term {
            word: "jjok",
            meaning: "a flipped card pairs with the card just played.",
        },
        Term {
            word: "pi",
            meaning: "a junk card.",
        },
    ];

    #[test]
    fn a_term_is_explained_once() {
        let mut n = Narrator::new(TERMS);
        assert!(n.explain("seat 1 plays A1").is_empty());
        assert_eq!(
            n.explain("seat 1: jjok, takes a pi"),
            [
                "  (jjok: a flipped card pairs with the card just played.)",
                "  (pi: a junk card.)"
            ]
        );
        assert!(n.explain("jjok again").is_empty());
    }
}
