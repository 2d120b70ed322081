//! [`Style`]: how the terminal's text looks (suit symbols, colour), chosen from the terminal.

use std::fmt::Display;

/// How the text looks. Plain (the game's card notation, no escape codes) unless the output is
/// a terminal: then cards get suit symbols, and colour unless `NO_COLOR` is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Cards written for people (`10♥`, the `{:#}` form) instead of the notation (`TH`).
    pub symbols: bool,
    /// Red hearts and diamonds, bold prompts (ANSI escape codes).
    pub colour: bool,
    /// The cards are the Didopoikas deck's (`A1`, `P8`): with colour on, each is painted in a
    /// colour of its own (their colour scores, and the text shows it only by a letter).
    pub dido: bool,
}

const RED: &str = "\x1b[31m";
/// The Didopoikas colours' paints, in [`cards_core::Colour`] order (Alivaie, Suçes, Gran,
/// Pradol): four that tell apart on light and dark terminals. A display choice: the rules
/// name the colours, not their hues.
const DIDO: [&str; 4] = ["\x1b[35m", "\x1b[33m", "\x1b[32m", "\x1b[36m"];
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

impl Style {
    /// The style for an output that is (or is not) a terminal, under `NO_COLOR` and
    /// `TERM=dumb` as the environment gives them.
    #[must_use]
    pub fn detect(terminal: bool) -> Self {
        let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            symbols: terminal && !dumb,
            colour: terminal && !dumb && !no_colour,
            dido: false,
        }
    }

    /// `value` as this style writes it, uncoloured: `{:#}` with symbols, else `{}`.
    pub fn form(self, value: &impl Display) -> String {
        if self.symbols {
            format!("{value:#}")
        } else {
            value.to_string()
        }
    }

    /// `text` with red suits of hearts and diamonds when colour is on, and with
    /// [`Style::dido`] each Didopoikas card (a colour letter and a number, as a word of its
    /// own) in its colour's paint.
    #[must_use]
    pub fn paint(self, text: &str) -> String {
        if !self.colour {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len());
        let chars: Vec<char> = text.chars().collect();
        let word = |i: usize| chars.get(i).is_some_and(|c| c.is_alphanumeric());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if matches!(c, '♥' | '♦') {
                out.push_str(RED);
                out.push(c);
                out.push_str(RESET);
            } else if let Some(paint) = self
                .dido
                .then(|| dido_colour(c))
                .flatten()
                .filter(|_| matches!(chars.get(i + 1), Some('0'..='8')))
                .filter(|_| (i == 0 || !word(i - 1)) && !word(i + 2))
            {
                out.push_str(paint);
                out.push(c);
                out.push(chars[i + 1]);
                out.push_str(RESET);
                i += 1;
            } else {
                out.push(c);
            }
            i += 1;
        }
        out
    }

    /// `text` in bold when colour is on.
    #[must_use]
    pub fn bold(self, text: &str) -> String {
        if self.colour {
            format!("{BOLD}{text}{RESET}")
        } else {
            text.to_owned()
        }
    }
}

/// The paint of the Didopoikas colour with this letter.
fn dido_colour(letter: char) -> Option<&'static str> {
    let colour = cards_core::Colour::ALL
        .into_iter()
        .find(|c| c.letter() == letter)?;
    DIDO.get(usize::from(colour.index())).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_has_no_escape_codes() {
        let plain = Style::default();
        assert_eq!(plain.paint("10♥ 9♠"), "10♥ 9♠");
        assert_eq!(plain.bold("your move"), "your move");
        let colour = Style {
            symbols: true,
            colour: true,
            dido: false,
        };
        assert_eq!(colour.paint("10♥ 9♠"), "10\x1b[31m♥\x1b[0m 9♠");
        // Didopoikas cards only in a Didopoikas game, and only as words of their own.
        assert_eq!(colour.paint("A1"), "A1");
        let dido = Style {
            dido: true,
            ..colour
        };
        assert_eq!(
            dido.paint("pair A1 P1, A9 GA1 S12"),
            "pair \x1b[35mA1\x1b[0m \x1b[36mP1\x1b[0m, A9 GA1 S12"
        );
        assert_eq!(dido.paint("G0"), "\x1b[32mG0\x1b[0m");
        assert!(!Style::detect(false).symbols && !Style::detect(false).colour);
    }
}
