//! The small helpers of every summary's text: shares, plurals, signed means, wrapping.

use std::fmt;

/// A share (0 to 1) as a percentage with two decimals; a non-zero share too small to show is
/// `<0.01%`, one just short of all `>99.99%`. Honours the width and alignment asked for.
#[derive(Debug, Clone, Copy)]
pub struct Percent(pub f64);

impl fmt::Display for Percent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0 * 100.0;
        let text = if p > 0.0 && p < 0.005 {
            "<0.01%".to_owned()
        } else if (99.995..100.0).contains(&p) {
            ">99.99%".to_owned()
        } else {
            format!("{p:.2}%")
        };
        f.pad(&text)
    }
}

/// `1 game`, `2 games`: `count` and the right form of the noun.
#[must_use]
pub fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// A signed mean with two decimals: `+0.36`, `-0.79`, `0.00`.
pub(super) fn signed(value: f64) -> String {
    if value.abs() < 0.005 {
        "0.00".to_owned()
    } else {
        format!("{value:+.2}")
    }
}

/// A median: whole when it is, else with one decimal (`97`, `97.5`).
pub(super) fn median(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}

/// `text` in lines of at most `width` characters, broken at spaces (a longer word gets a
/// line of its own).
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}
