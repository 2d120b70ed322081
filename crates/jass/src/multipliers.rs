//! [`Multipliers`]: how much each contract's points count in Schieber, with the spec's presets.

use cards_core::JassSuit;

use crate::{Contract, Mode};

/// The factor every point of a deal is multiplied by, per contract mode (cards, last trick,
/// Match, Weis and Stöck alike); the contract variants have factors of their own
/// ([`Multipliers::contract_factor`]).
///
/// ```
/// use cards_core::JassSuit;
/// use jass::{Mode, Multipliers};
/// let table = Multipliers::default();
/// assert_eq!(table.factor(Mode::Trump(JassSuit::Diamonds)), 1);
/// assert_eq!(table.factor(Mode::Trump(JassSuit::Clubs)), 2);
/// assert_eq!(table.factor(Mode::Undenufe), 4);
/// assert_eq!(Multipliers::SWISSLOS.factor(Mode::Undenufe), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Multipliers {
    /// ♣ trump.
    pub clubs: u32,
    /// ♦ trump.
    pub diamonds: u32,
    /// ♥ trump.
    pub hearts: u32,
    /// ♠ trump.
    pub spades: u32,
    /// Obenabe.
    pub obenabe: u32,
    /// Undenufe.
    pub undenufe: u32,
    /// Slalom, from either start (default 4; left out of JSON: the default).
    #[serde(default = "default_slalom")]
    pub slalom: u32,
    /// Guschti (default 3; left out of JSON: the default).
    #[serde(default = "default_three")]
    pub guschti: u32,
    /// Mary (default 3; left out of JSON: the default).
    #[serde(default = "default_three")]
    pub mary: u32,
    /// Trio (default 3; left out of JSON: the default).
    #[serde(default = "default_three")]
    pub trio: u32,
}

fn default_slalom() -> u32 {
    Multipliers::SEED.slalom
}

fn default_three() -> u32 {
    3
}

impl Multipliers {
    /// The seed's default table: ♦ ♥ ×1, ♠ ♣ ×2, Obenabe ×3, Undenufe ×4; the variants
    /// Slalom ×4, Guschti, Mary and Trio ×3.
    pub const SEED: Multipliers = Multipliers {
        clubs: 2,
        diamonds: 1,
        hearts: 1,
        spades: 2,
        obenabe: 3,
        undenufe: 4,
        slalom: 4,
        guschti: 3,
        mary: 3,
        trio: 3,
    };
    /// The Swisslos 2500 table: as the seed's, but Undenufe ×3.
    pub const SWISSLOS: Multipliers = Multipliers {
        undenufe: 3,
        ..Multipliers::SEED
    };
    /// Everything ×1 (the spec pairs it with a target of 1000).
    pub const FLAT: Multipliers = Multipliers {
        clubs: 1,
        diamonds: 1,
        hearts: 1,
        spades: 1,
        obenabe: 1,
        undenufe: 1,
        slalom: 1,
        guschti: 1,
        mary: 1,
        trio: 1,
    };
    /// The seed's app table: as the seed's, but Undenufe ×3 (and its Slalom ×4).
    pub const APP: Multipliers = Multipliers {
        undenufe: 3,
        ..Multipliers::SEED
    };
    /// The seed's Swiss-card table: Eichel and Rosen ×1, Schilten and Schellen ×2 — under the
    /// seed's own suit mapping ♣ ♥ ×1, ♠ ♦ ×2 (which contradicts its French text).
    pub const SWISS_CARDS: Multipliers = Multipliers {
        clubs: 1,
        diamonds: 2,
        hearts: 1,
        spades: 2,
        ..Multipliers::SEED
    };
    /// "Black ×1, red ×2", which the seed names as an alternative.
    pub const BLACK_ONE_RED_TWO: Multipliers = Multipliers {
        clubs: 1,
        diamonds: 2,
        hearts: 2,
        spades: 1,
        ..Multipliers::SEED
    };

    /// The factor of a mode.
    #[must_use]
    pub const fn factor(&self, mode: Mode) -> u32 {
        match mode {
            Mode::Trump(JassSuit::Clubs) => self.clubs,
            Mode::Trump(JassSuit::Diamonds) => self.diamonds,
            Mode::Trump(JassSuit::Hearts) => self.hearts,
            Mode::Trump(JassSuit::Spades) => self.spades,
            Mode::Obenabe => self.obenabe,
            Mode::Undenufe => self.undenufe,
        }
    }

    /// The factor of a contract: its mode's, or the variant's own.
    #[must_use]
    pub const fn contract_factor(&self, contract: Contract) -> u32 {
        match contract {
            Contract::Mode(mode) => self.factor(mode),
            Contract::Slalom(_) => self.slalom,
            Contract::Guschti => self.guschti,
            Contract::Mary => self.mary,
            Contract::Trio => self.trio,
        }
    }
}

impl Default for Multipliers {
    /// [`Multipliers::SEED`].
    fn default() -> Self {
        Multipliers::SEED
    }
}
