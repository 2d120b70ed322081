//! [`Narrator`]: the game's own words explained the first time the player reads them.

use cards_core::Term;

/// Explanations are wrapped to this many columns (indented by two, continued by four).
const WIDTH: usize = 100;

/// `text` in lines of at most `width` columns where its words allow, the first indented by
/// two spaces and the rest by four.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::from("  ");
    let mut empty = true;
    for word in text.split(' ') {
        if !empty && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::replace(&mut line, "    ".to_owned()));
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    lines.push(line);
    lines
}

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
                lines.extend(wrap(&format!("({}: {})", term.word, term.meaning), WIDTH));
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

    #[test]
    fn explanations_wrap_at_word_boundaries() {
        let long =
            "(forehand: The seat that acts first in a deal: in some games it names the contract.)";
        assert_eq!(
            wrap(long, 40),
            [
                "  (forehand: The seat that acts first in",
                "    a deal: in some games it names the",
                "    contract.)"
            ]
        );
        assert_eq!(wrap("(pi: a junk card.)", 40), ["  (pi: a junk card.)"]);
    }
}
