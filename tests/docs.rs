//! The repository's `docs/` pages of the games are the crates' own rules pages (the ones each
//! crate's docs include), not copies: two copies drift, as Eléwénjewé's once did.

use std::path::Path;

#[test]
fn the_game_pages_in_docs_are_the_crates_pages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (page, own) in [
        ("docs/didopoikas.md", "crates/cards-core/docs/didopoikas.md"),
        ("docs/zaagox.md", "crates/zaagox/docs/rules.md"),
        ("docs/letom.md", "crates/letom/docs/rules.md"),
        ("docs/jass.md", "crates/jass/docs/rules.md"),
        ("docs/elewenjewe.md", "crates/elewenjewe/docs/rules.md"),
    ] {
        let read = |path: &str| {
            std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
        };
        assert!(
            read(page) == read(own),
            "{page} differs from {own}: link it to that page"
        );
    }
}
