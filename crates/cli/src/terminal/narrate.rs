//! [`Narrator`]: the game's own words explained the first time the player reads them, a few
//! at a time, and any of them on demand (`help TERM`).

use cards_core::Term;

/// At most this many terms are explained under one text: a first screen that uses many new
/// words explains a few, names the others, and explains them as they come again.
pub const AT_ONCE: usize = 3;

/// Tells text to the player, explaining each of the game's terms the first time it appears
/// (in an event's sentence or on the screen), [`AT_ONCE`] at most at a time.
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

    /// The explanations `text` calls for (`  (jjok: ...)`), one line each (to be wrapped),
    /// marking them told; when more than [`AT_ONCE`] are new, the first few and a line naming
    /// the others (they are explained when they come again, or by `help TERM`).
    pub fn explain(&mut self, text: &str) -> Vec<String> {
        let new: Vec<usize> = (0..self.terms.len())
            .filter(|&i| !self.explained[i] && self.terms[i].appears_in(text))
            .collect();
        let mut lines = Vec::new();
        for &i in new.iter().take(AT_ONCE) {
            self.explained[i] = true;
            lines.push(explanation(&self.terms[i]));
        }
        if new.len() > AT_ONCE {
            let others: Vec<&str> = new[AT_ONCE..].iter().map(|&i| self.terms[i].word).collect();
            lines.push(format!(
                "  (new words here too: {}; help WORD explains any word)",
                others.join(", ")
            ));
        }
        lines
    }

    /// The term `word` names (any case), explained, and marked told.
    pub fn term(&mut self, word: &str) -> Option<String> {
        let word = word.trim();
        let i = self
            .terms
            .iter()
            .position(|t| t.word.to_lowercase() == word.to_lowercase())?;
        self.explained[i] = true;
        Some(explanation(&self.terms[i]))
    }

    /// The game's terms, in its order.
    pub fn words(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.terms.iter().map(|t| t.word)
    }
}

/// `  (word: meaning)`.
fn explanation(term: &Term) -> String {
    format!("  ({}: {})", term.word, term.meaning)
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
        Term {
            word: "gwang",
            meaning: "a bright card.",
        },
        Term {
            word: "go",
            meaning: "playing on for more.",
        },
        Term {
            word: "ppuk",
            meaning: "a card that could not be taken.",
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

    #[test]
    fn a_few_terms_at_a_time_the_others_named() {
        let mut n = Narrator::new(TERMS);
        let text = "jjok pi gwang go ppuk";
        assert_eq!(
            n.explain(text),
            [
                "  (jjok: a flipped card pairs with the card just played.)",
                "  (pi: a junk card.)",
                "  (gwang: a bright card.)",
                "  (new words here too: go, ppuk; help WORD explains any word)"
            ]
        );
        // The same text again: the others.
        assert_eq!(
            n.explain(text),
            [
                "  (go: playing on for more.)",
                "  (ppuk: a card that could not be taken.)"
            ]
        );
        assert!(n.explain(text).is_empty());
    }

    #[test]
    fn help_explains_a_term_in_any_case() {
        let mut n = Narrator::new(TERMS);
        assert_eq!(
            n.term(" GWANG "),
            Some("  (gwang: a bright card.)".to_owned())
        );
        assert_eq!(n.term("bright"), None);
        // Asked for, it is not explained again unasked.
        assert!(n.explain("a gwang").is_empty());
        assert_eq!(n.words().count(), TERMS.len());
    }
}
