//! Rules shared by the Jass bot and world tests.

use jass::{Rules, Variants};

/// The default rules with every contract variant enabled (Slalom, Guschti, Mary, Trio).
pub fn with_variants() -> Rules {
    Rules {
        variants: Variants {
            slalom: true,
            guschti: true,
            mary: true,
            trio: true,
        },
        ..Rules::default()
    }
}
