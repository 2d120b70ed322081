//! [`Presets`]: the named rule sets a game's rules offer besides their default.

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
}
