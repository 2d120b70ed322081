//! A game's rules page (its crate's `docs/rules.md`) read by section, for a front end's
//! `rules` command and `help TERM`: the page is Markdown, its sections its `#` headings.

/// One section of a rules page: its heading (without the `#`s) and its text, the heading
/// line and every subsection included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Section<'a> {
    /// The heading's words.
    pub heading: &'a str,
    /// How deep it is: 1 for `#`, 2 for `##`.
    pub level: usize,
    /// The section's text, from its heading line to the next heading of its level or above.
    pub text: &'a str,
}

/// A heading line's level and words, outside code blocks.
fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.bytes().take_while(|&b| b == b'#').count();
    let words = line[level..].strip_prefix(' ')?;
    (1..=6).contains(&level).then(|| (level, words.trim()))
}

/// Every section of `page`, in order (a section's subsections are also sections of their
/// own). Headings inside fenced code blocks are not headings.
#[must_use]
pub fn sections(page: &str) -> Vec<Section<'_>> {
    // Each heading with its byte offset, outside ``` blocks.
    let mut heads: Vec<(usize, usize, &str)> = Vec::new();
    let mut fenced = false;
    let mut at = 0;
    for line in page.split_inclusive('\n') {
        let bare = line.trim_end();
        if bare.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && let Some((level, words)) = heading(bare) {
            heads.push((at, level, words));
        }
        at += line.len();
    }
    (heads.iter().enumerate())
        .map(|(i, &(start, level, words))| {
            let end = heads[i + 1..]
                .iter()
                .find(|&&(_, l, _)| l <= level)
                .map_or(page.len(), |&(offset, _, _)| offset);
            Section {
                heading: words,
                level,
                text: page[start..end].trim_end(),
            }
        })
        .collect()
}

/// The sections of `page` whose heading contains every word of `query` (case ignored), the
/// outermost only (a match inside a matched section is part of it). An empty query matches
/// nothing.
#[must_use]
pub fn find<'a>(page: &'a str, query: &str) -> Vec<Section<'a>> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    if words.is_empty() {
        return Vec::new();
    }
    let mut found: Vec<Section<'a>> = Vec::new();
    for section in sections(page) {
        let heading = section.heading.to_lowercase();
        if !words.iter().all(|w| heading.contains(w.as_str())) {
            continue;
        }
        let inside = found.iter().any(|f| {
            let (f0, s0) = (f.text.as_ptr() as usize, section.text.as_ptr() as usize);
            s0 >= f0 && s0 < f0 + f.text.len()
        });
        if !inside {
            found.push(section);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "# Game\nintro\n## Cards\nthe deck\n### Card notation\nAS\n```\n# not a heading\n```\n## Scoring\npoints\n";

    #[test]
    fn sections_run_to_the_next_heading_of_their_level() {
        let all = sections(PAGE);
        let headings: Vec<&str> = all.iter().map(|s| s.heading).collect();
        assert_eq!(headings, ["Game", "Cards", "Card notation", "Scoring"]);
        assert_eq!(all[0].text, PAGE.trim_end());
        assert_eq!(
            all[1].text,
            "## Cards\nthe deck\n### Card notation\nAS\n```\n# not a heading\n```"
        );
        assert_eq!(all[3].text, "## Scoring\npoints");
    }

    #[test]
    fn find_gives_the_outermost_matches() {
        let cards = find(PAGE, "CARD");
        assert_eq!(cards.len(), 1);
        assert_eq!(cards[0].heading, "Cards");
        assert_eq!(find(PAGE, "card notation")[0].heading, "Card notation");
        assert!(find(PAGE, "bidding").is_empty());
        assert!(find(PAGE, "  ").is_empty());
    }

    #[test]
    fn every_game_page_has_sections() {
        for line in crate::catalogue() {
            let all = sections(line.page);
            assert!(all.len() > 3, "{}", line.label);
            assert_eq!(all[0].level, 1, "{}", line.label);
        }
    }
}
