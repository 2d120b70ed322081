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
}

const RED: &str = "\x1b[31m";
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

    /// `text` with red suits of hearts and diamonds when colour is on.
    #[must_use]
    pub fn paint(self, text: &str) -> String {
        if !self.colour {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            if matches!(c, '♥' | '♦') {
                out.push_str(RED);
                out.push(c);
                out.push_str(RESET);
            } else {
                out.push(c);
            }
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
        };
        assert_eq!(colour.paint("10♥ 9♠"), "10\x1b[31m♥\x1b[0m 9♠");
        assert!(!Style::detect(false).symbols && !Style::detect(false).colour);
    }
}
