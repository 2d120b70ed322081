//! [`Alternate`]: a nested value written with the outer formatter's `{:#}` flag.

use core::fmt;

/// `0` written with `{:#}` when `1` holds, else plainly: a `Display` impl that writes a card
/// (or anything whose `{:#}` is the form for people) inside a sentence with `write!` passes its
/// own flag on this way, `write!(f, "played {}", Alternate(card, f.alternate()))`.
///
/// ```
/// use cards_core::{Alternate, JassCard};
/// let ten: JassCard = "TH".parse().unwrap();
/// assert_eq!(format!("{}", Alternate(ten, true)), "10♥");
/// assert_eq!(format!("{}", Alternate(ten, false)), "TH");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alternate<T>(pub T, pub bool);

impl<T: fmt::Display> fmt::Display for Alternate<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.1 {
            write!(f, "{:#}", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}
