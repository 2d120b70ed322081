//! `cardrules rules`: a game's rules page, a section of it, or its terms, from the registry
//! (the page is the game crate's `docs/rules.md`; the terms are the game's `GameEvent::TERMS`).

use cards_registry::GameType;
use cards_registry::page;

/// Why nothing was printed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{searched} of {label}'s rules has {query:?}; its sections are: {sections}; \
     `cardrules rules {game} --terms` lists its terms"
)]
pub struct NotFound {
    /// What was searched: "no section heading and no term", or "no term" with `--terms`.
    searched: &'static str,
    label: &'static str,
    game: &'static str,
    query: String,
    sections: String,
}

/// What `rules` prints for `line`: with `query` words, the terms whose word has them and
/// (without `terms`) the page's sections whose heading has them; with `terms` alone, every
/// term; else the whole page.
///
/// # Errors
/// [`NotFound`] when `query` matches nothing searched, naming the sections.
pub fn text(line: &'static GameType, query: &[String], terms: bool) -> Result<String, NotFound> {
    let query = query.join(" ");
    let words = query.to_lowercase();
    let matching_terms: Vec<_> = (line.terms().iter())
        .filter(|t| {
            terms && words.is_empty() || !words.is_empty() && t.word.to_lowercase().contains(&words)
        })
        .collect();
    let mut out = String::new();
    if terms && words.is_empty() {
        out.push_str(&format!("The words of {}:\n", line.label));
    }
    for term in &matching_terms {
        out.push_str(&format!("{}: {}\n", term.word, term.meaning));
    }
    if terms && (words.is_empty() || !matching_terms.is_empty()) {
        return Ok(out);
    }
    if words.is_empty() {
        return Ok(format!("{}\n", line.page.trim_end()));
    }
    let found = if terms {
        Vec::new()
    } else {
        page::find(line.page, &query)
    };
    if found.is_empty() && matching_terms.is_empty() {
        let sections: Vec<&str> = (page::sections(line.page).into_iter())
            .filter(|s| s.level == 2)
            .map(|s| s.heading)
            .collect();
        return Err(NotFound {
            searched: if terms {
                "no term"
            } else {
                "no section heading and no term"
            },
            label: line.label,
            game: line.game,
            query,
            sections: sections.join("; "),
        });
    }
    for section in found {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(section.text);
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_terms_and_misses() {
        for line in cards_registry::catalogue() {
            let whole = text(line, &[], false).unwrap();
            assert_eq!(whole.trim_end(), line.page.trim_end());
            let terms = text(line, &[], true).unwrap();
            for term in line.terms() {
                assert!(terms.contains(term.meaning), "{}", term.word);
                let one = text(line, &[term.word.to_owned()], false).unwrap();
                assert!(one.contains(term.meaning), "{}", term.word);
            }
            let second = page::sections(line.page)
                .into_iter()
                .find(|s| s.level == 2)
                .unwrap();
            let found = text(line, &[second.heading.to_owned()], false).unwrap();
            assert!(found.contains(second.text), "{}", second.heading);
            let miss = text(line, &["zzqx".to_owned()], false)
                .unwrap_err()
                .to_string();
            assert!(
                miss.contains(second.heading) && miss.contains("--terms"),
                "{miss}"
            );
            // With --terms, words pick terms only, never a section.
            let term = &line.terms()[0];
            let picked = text(line, &[term.word.to_owned()], true).unwrap();
            assert_eq!(picked, format!("{}: {}\n", term.word, term.meaning));
            let heading = text(line, &[second.heading.to_owned()], true);
            assert!(
                heading.is_err_and(|e| e.to_string().starts_with("no term of")),
                "{}",
                second.heading
            );
        }
    }
}
