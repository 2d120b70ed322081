//! serde's messages in a user's words: the JSON a value should be, never a Rust type's name.
//!
//! A record or a rule that does not read fails with serde's message, which names what it
//! expected by the Rust type behind it (`expected struct Rules`, `expected u8`, `internally
//! tagged enum Phase`). The user wrote JSON, so the message says which JSON it wanted.

/// `message` with serde's Rust type names put as the JSON they stand for.
#[must_use]
pub fn user_words(message: &str) -> String {
    // What was found, in serde's data model's words (`sequence`, `map`), as JSON's.
    let mut message = message.to_owned();
    for (serde, json) in [
        ("invalid type: sequence", "invalid type: list"),
        ("invalid type: map", "invalid type: object"),
        ("invalid type: unit value", "invalid type: null"),
    ] {
        message = message.replace(serde, json);
    }
    let mut out = String::with_capacity(message.len());
    let mut rest = message.as_str();
    while let Some(at) = rest.find("expected ") {
        let (before, after) = rest.split_at(at + "expected ".len());
        out.push_str(before);
        let (said, used) = expected(after);
        out.push_str(&said);
        rest = &after[used..];
    }
    out.push_str(rest);
    out
}

/// What follows `expected ` in JSON words, and how many bytes of `text` that replaces.
fn expected(text: &str) -> (String, usize) {
    let word_end = |from: usize| {
        text[from..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(text.len(), |end| from + end)
    };
    for (prefix, json) in [
        ("internally tagged enum ", "a JSON object"),
        ("struct ", "a JSON object"),
        ("tuple struct ", "a JSON list"),
        ("enum ", "one of the names it takes"),
    ] {
        if let Some(name) = text.strip_prefix(prefix)
            && name.starts_with(|c: char| c.is_ascii_uppercase())
        {
            let mut end = word_end(prefix.len());
            // `struct Setup with 23 elements`: a list of that many is accepted too, but an
            // object is what is written.
            if let Some(tail) = text[end..].strip_prefix(" with ")
                && let Some(n) = tail.find(" element")
            {
                let count = &tail[..n];
                if count.bytes().all(|b| b.is_ascii_digit()) {
                    end += " with ".len() + n + " element".len();
                    if text[end..].starts_with('s') {
                        end += 1;
                    }
                }
            }
            return (json.to_owned(), end);
        }
    }
    for (serde, json) in [("a sequence", "a JSON list"), ("a map", "a JSON object")] {
        if text.starts_with(serde) && word_end(serde.len()) == serde.len() {
            return (json.to_owned(), serde.len());
        }
    }
    let end = word_end(0);
    let most = |max: u64| format!("a whole number from 0 to {max}");
    let said = match &text[..end] {
        "u8" => most(u8::MAX.into()),
        "u16" => most(u16::MAX.into()),
        "u32" => most(u32::MAX.into()),
        "u64" => most(u64::MAX),
        // 32 bits on wasm32: the page's engine.
        "usize" => most(usize::MAX as u64),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".to_owned(),
        "f32" | "f64" => "a number".to_owned(),
        "unit" => "null".to_owned(),
        "variant" if text[end..].starts_with(" identifier") => {
            return (
                "one of the names it takes".to_owned(),
                end + " identifier".len(),
            );
        }
        _ => return (String::new(), 0),
    };
    (said, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_types_become_json() {
        for (serde, words) in [
            (
                "invalid type: integer `5`, expected struct RawShapeMap at line 1 column 36",
                "invalid type: integer `5`, expected a JSON object at line 1 column 36",
            ),
            (
                "invalid type: string \"x\", expected struct Setup with 23 elements",
                "invalid type: string \"x\", expected a JSON object",
            ),
            (
                "invalid type: null, expected internally tagged enum Phase",
                "invalid type: null, expected a JSON object",
            ),
            (
                "invalid value: integer `-2`, expected u64",
                "invalid value: integer `-2`, expected a whole number from 0 to 18446744073709551615",
            ),
            (
                "invalid type: string \"1\", expected u8",
                "invalid type: string \"1\", expected a whole number from 0 to 255",
            ),
            (
                "invalid type: map, expected variant identifier",
                "invalid type: object, expected one of the names it takes",
            ),
            (
                "invalid type: map, expected unit",
                "invalid type: object, expected null",
            ),
            (
                "invalid type: sequence, expected a map",
                "invalid type: list, expected a JSON object",
            ),
            (
                "invalid type: unit value, expected a sequence",
                "invalid type: null, expected a JSON list",
            ),
            (
                "unknown variant `x`, expected one of `big`, `small`",
                "unknown variant `x`, expected one of `big`, `small`",
            ),
            (
                "expected value at line 1 column 1",
                "expected value at line 1 column 1",
            ),
            ("missing field `players`", "missing field `players`"),
        ] {
            assert_eq!(user_words(serde), words);
        }
        // A usize's range is the platform's: 2^32 - 1 on wasm32, the page's engine.
        assert_eq!(
            user_words("invalid value: integer `-2`, expected usize"),
            format!(
                "invalid value: integer `-2`, expected a whole number from 0 to {}",
                usize::MAX
            )
        );
    }
}
