//! [`Presets`]: the named rule sets a game's rules offer besides their default.

use core::ops::RangeInclusive;

/// Named rule sets of a game's rules besides [`Default`] (Eléwénjewé's `casual`, Letom's
/// `go-stop`): what a front end offers by name. Each is a complete rules value, documented in
/// its game's rules page. A game without presets implements it with the provided empty list.
pub trait Presets: Sized {
    /// The presets, each with its name (lower case, words joined by `-`), in the order to list
    /// them (one may be the default rules under the name its source gives them).
    #[must_use]
    fn presets() -> Vec<(&'static str, Self)> {
        Vec::new()
    }

    /// The seat counts the preset `name` is made for, where its source names them
    /// (Eléwénjewé's `professional`: two players); `None`, the default, for every count the
    /// game takes. A seat count is not a rule, so a front end checks it where the table is set
    /// (the registry's `GameType::rules`).
    #[must_use]
    fn preset_seats(name: &str) -> Option<RangeInclusive<usize>> {
        let _ = name;
        None
    }
}
