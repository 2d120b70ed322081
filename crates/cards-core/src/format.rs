//! [`FORMAT`]: the version of the JSON forms this release writes and reads.

/// The version of the JSON forms this release writes (a [`GameRecord`](crate::GameRecord)'s
/// and a game state's `"format"`) and the only one it reads. A JSON form without the field is
/// read as version 1, the form before the field existed.
///
/// A change to a record's or a state's JSON, to a card or action notation, or to what a seed
/// deals is a breaking change: it bumps this number and the crates' major version.
pub const FORMAT: u32 = 1;

/// Checks the `"format"` of a JSON form (`None`: absent, read as 1).
///
/// # Errors
/// A message naming the version found and the one this release reads.
pub(crate) fn check(what: &str, found: Option<u32>) -> Result<(), String> {
    match found.unwrap_or(1) {
        FORMAT => Ok(()),
        other => Err(format!(
            "this {what} is in format {other}; this release of cardrules reads format {FORMAT} only"
        )),
    }
}
