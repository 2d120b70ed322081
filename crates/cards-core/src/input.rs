//! What a person types, read as the game's notation: the forms a screen writes cards in are
//! accepted where the notation is asked for.

/// The suit letter (`C D H S`) a suit symbol stands for: the black symbols the screens write
/// (`♣ ♦ ♥ ♠`), the white ones a person may type (`♧ ♢ ♡ ♤`).
fn suit_letter(c: char) -> Option<char> {
    Some(match c {
        '♣' | '♧' => 'C',
        '♦' | '♢' => 'D',
        '♥' | '♡' => 'H',
        '♠' | '♤' => 'S',
        _ => return None,
    })
}

/// The notation's rank letter of a rank as typed (`10` → `T`), any case: the ranks of the
/// standard and Jass decks (Jass's `U` and `O` included; the game's parser decides).
fn rank_letter(text: &str) -> Option<char> {
    if text == "10" {
        return Some('T');
    }
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    let c = c.to_ascii_uppercase();
    matches!(c, '2'..='9' | 'A' | 'T' | 'J' | 'Q' | 'K' | 'U' | 'O').then_some(c)
}

/// A card named by a rank and a suit (a letter or a symbol, either side of the rank):
/// its notation (`10♣`, `♣10`, `10c` → `TC`).
fn rank_and_suit(word: &str) -> Option<String> {
    let first = word.chars().next()?;
    let last = word.chars().next_back()?;
    let suit = |c: char| {
        suit_letter(c)
            .or(matches!(c.to_ascii_uppercase(), 'C' | 'D' | 'H' | 'S')
                .then(|| c.to_ascii_uppercase()))
    };
    // The rank first (`9♣`, `9c`), or a suit symbol first (`♣9`; a letter first is no card).
    let (rank, letter) = if let Some(s) = suit(last).filter(|_| word.len() > last.len_utf8()) {
        (&word[..word.len() - last.len_utf8()], s)
    } else {
        (&word[first.len_utf8()..], suit_letter(first)?)
    };
    Some(format!("{}{letter}", rank_letter(rank)?))
}

/// Whether `c` selects how the character before it is drawn (`♥️`, as some keyboards send a
/// suit): no part of what was typed.
fn is_selector(c: char) -> bool {
    matches!(c, '\u{fe0e}' | '\u{fe0f}')
}

/// One word (letters, digits, suit symbols) in the notation.
fn word(typed: &str, out: &mut String) {
    let owned: String;
    let word = if typed.chars().any(is_selector) {
        owned = typed.chars().filter(|&c| !is_selector(c)).collect();
        &owned
    } else {
        typed
    };
    let mut chars = word.chars();
    let (first, second) = (chars.next(), chars.next());
    // A suit alone (`trump:♣`, `trump:c`): its letter.
    if let (Some(c), None) = (first, second) {
        if let Some(letter) = suit_letter(c) {
            out.push(letter);
            return;
        }
        if matches!(c.to_ascii_uppercase(), 'C' | 'D' | 'H' | 'S') {
            out.push(c.to_ascii_uppercase());
            return;
        }
    }
    if let Some(card) = rank_and_suit(word) {
        out.push_str(&card);
        return;
    }
    // A Didopoikas card (`a1` → `A1`: a colour letter and 0–8) or a joker of the standard
    // deck (`x1`).
    if let (Some(c), Some(n), None) = (first, second, chars.next())
        && ((matches!(c.to_ascii_uppercase(), 'A' | 'S' | 'G' | 'P') && matches!(n, '0'..='8'))
            || (c.eq_ignore_ascii_case(&'X') && matches!(n, '1' | '2')))
    {
        out.push(c.to_ascii_uppercase());
        out.push(n);
        return;
    }
    // The notations' words are lower case (`push`, `trump`, `predict`, `joker7`): any case
    // reads as them. Other text (a suit symbol among letters, a word in another script) is
    // left to the game's parser as typed.
    if word.bytes().all(|b| b.is_ascii_alphanumeric()) {
        out.push_str(&word.to_ascii_lowercase());
    } else {
        out.push_str(word);
    }
}

/// `text` as a person typed it, put in the games' notation: the forms the screens write cards
/// and suits in (`{:#}`: `10♣` → `TC`, `9♣` → `9C`, `trump:♣` → `trump:C`, `♠` alone → `S`)
/// and any case where the notation is unambiguous (`9c` → `9C`, `a1` → `A1`, `Push` → `push`,
/// `trump:h` → `trump:H`); surrounding space removed and each run of space inside made one
/// space; other text left as it is. Work and length are linear in the text's.
///
/// ```
/// use cards_core::input::notation;
/// assert_eq!(notation(" 10♣ "), "TC");
/// assert_eq!(notation("trump:♥"), "trump:H");
/// assert_eq!(notation("capture 9♠:  6♣ 3♦"), "capture 9S: 6C 3D");
/// assert_eq!(notation("Play a1 s1"), "play A1 S1");
/// assert_eq!(notation("predict:60"), "predict:60");
/// ```
#[must_use]
pub fn notation(text: &str) -> String {
    let text = text.trim();
    let mut out = String::with_capacity(text.len());
    let mut start = None;
    let mut space = false;
    let is_word = |c: char| c.is_alphanumeric() || suit_letter(c).is_some() || is_selector(c);
    for (i, c) in text.char_indices() {
        if is_word(c) {
            start.get_or_insert(i);
            continue;
        }
        if let Some(from) = start.take() {
            let before = out.len();
            word(&text[from..i], &mut out);
            space &= out.len() == before;
        }
        if c.is_whitespace() {
            if !space {
                out.push(' ');
            }
            space = true;
            continue;
        }
        space = false;
        out.push(c);
    }
    if let Some(from) = start {
        word(&text[from..], &mut out);
    }
    // A word of selectors alone writes nothing: the space beside it may end the text.
    if out.starts_with(' ') || out.ends_with(' ') {
        out = out.trim().to_owned();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Card, DidoCard, GameRng, JassCard, JassSuit, Seed, StdCard};

    #[test]
    fn every_card_as_a_screen_writes_it_reads_as_its_notation() {
        fn check<C: Card>() {
            for card in C::all() {
                let shown = format!("{card:#}");
                assert_eq!(notation(&shown), card.to_string(), "{shown}");
                assert_eq!(notation(&shown.to_lowercase()), card.to_string(), "{shown}");
                assert_eq!(notation(&card.to_string()), card.to_string());
                assert_eq!(notation(&card.to_string().to_lowercase()), card.to_string());
            }
        }
        check::<JassCard>();
        check::<StdCard>();
        check::<DidoCard>();
    }

    #[test]
    fn suits_and_words_read_as_the_notation() {
        for suit in JassSuit::ALL {
            let symbol = format!("{:#}", JassCard::new(suit, crate::JassRank::Six));
            let symbol = symbol.trim_start_matches('6');
            let letter = suit.letter().to_string();
            assert_eq!(notation(symbol), letter);
            assert_eq!(
                notation(&format!("trump:{symbol}")),
                format!("trump:{letter}")
            );
            assert_eq!(
                notation(&format!("trump:{}", letter.to_lowercase())),
                format!("trump:{letter}")
            );
        }
        assert_eq!(notation("♥️"), "H");
        assert_eq!(notation("♡10"), "TH");
        assert_eq!(notation("Joker7:Trump:♠"), "joker7:trump:S");
        assert_eq!(notation("build A♠=10: 9♣ 2♦"), "build AS=10: 9C 2D");
        assert_eq!(notation("age a1 ON p8"), "age A1 on P8");
        assert_eq!(notation("x2"), "X2");
        // What names no card is left to the game's parser.
        assert_eq!(notation("♣♣"), "♣♣");
        assert_eq!(notation("11♣"), "11♣");
        assert_eq!(notation("Zürich"), "Zürich");
        assert_eq!(notation("60"), "60");
        assert_eq!(notation(" \t "), "");
    }

    /// Random text from an alphabet of what matters here: the result is the notation again
    /// (reading it twice changes nothing) and never longer than the text.
    #[test]
    fn reading_is_idempotent_and_bounded() {
        const ALPHABET: &[char] = &[
            '1', '0', '9', 'a', 'S', 'c', 'x', 'T', ':', ' ', '\t', '♣', '♥', '♡', '\u{fe0f}', 'é',
            '=', 'P', '8',
        ];
        let mut rng = GameRng::new(Seed::from(29), 0);
        for _ in 0..5000 {
            let len = rng.index(12).unwrap_or(0);
            let text: String = (0..len)
                .map(|_| ALPHABET[rng.index(ALPHABET.len()).unwrap_or(0)])
                .collect();
            let once = notation(&text);
            assert_eq!(notation(&once), once, "{text:?}");
            assert!(once.len() <= text.len(), "{text:?} → {once:?}");
        }
    }
}
