//! [`Rules`]: every Jass option the spec names that the landed parts use (more join as the
//! contract variants, the whole game and Coiffeur/Differenzler land; all with serde defaults,
//! so rules written now stay readable).

use core::ops::RangeInclusive;

use cards_core::{JassCard, JassRank, JassSuit, PlayerCountError, PlayerId, RuleRangeError};

use crate::{Contract, CreditKind, Multipliers, PlayRules, SetupError, WeisRules};

/// Which contract variants may be named (all off by default: the four trumps, Obenabe and
/// Undenufe only). Slalom enables both starts.
///
/// ```
/// use jass::Variants;
/// let v: Variants = serde_json::from_str(r#"{"trio":true}"#).unwrap();
/// assert!(v.trio && !v.slalom);
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(default, deny_unknown_fields)]
pub struct Variants {
    /// Slalom, from Obenabe and from Undenufe.
    pub slalom: bool,
    /// Guschti.
    pub guschti: bool,
    /// Mary.
    pub mary: bool,
    /// Trio.
    pub trio: bool,
}

impl Variants {
    /// Every variant enabled.
    pub const ALL: Variants = Variants {
        slalom: true,
        guschti: true,
        mary: true,
        trio: true,
    };

    /// Whether `contract` may be named: the modes always, a variant when enabled.
    #[must_use]
    pub const fn allows(&self, contract: Contract) -> bool {
        match contract {
            Contract::Mode(_) => true,
            Contract::Slalom(_) => self.slalom,
            Contract::Guschti => self.guschti,
            Contract::Mary => self.mary,
            Contract::Trio => self.trio,
        }
    }
}

/// The factor of each Coiffeur contract slot (the seed's table by default: ♦ ×1, ♥ ×2, ♠ ×3,
/// ♣ ×4, Obenabe ×5, Undenufe ×6, the Jokers ×7 and ×8; the extra contracts, when enabled,
/// ×9 to ×12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CoiffeurFactors {
    /// ♦ trump.
    pub diamonds: u32,
    /// ♥ trump.
    pub hearts: u32,
    /// ♠ trump.
    pub spades: u32,
    /// ♣ trump.
    pub clubs: u32,
    /// Obenabe.
    pub obenabe: u32,
    /// Undenufe.
    pub undenufe: u32,
    /// The first Joker slot.
    pub joker7: u32,
    /// The second Joker slot.
    pub joker8: u32,
    /// Slalom (either start), when enabled.
    pub slalom: u32,
    /// Guschti, when enabled.
    pub guschti: u32,
    /// Mary, when enabled.
    pub mary: u32,
    /// Trio, when enabled.
    pub trio: u32,
}

impl Default for CoiffeurFactors {
    fn default() -> Self {
        CoiffeurFactors {
            diamonds: 1,
            hearts: 2,
            spades: 3,
            clubs: 4,
            obenabe: 5,
            undenufe: 6,
            joker7: 7,
            joker8: 8,
            slalom: 9,
            guschti: 10,
            mary: 11,
            trio: 12,
        }
    }
}

/// Coiffeur's options (`docs/jass.md`, "Coiffeur").
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(default, deny_unknown_fields)]
pub struct CoiffeurRules {
    /// Each seat plays for itself (four sides, 32 deals with the base table) instead of two
    /// teams (seats 0 and 2 against 1 and 3, 16 deals).
    pub individual: bool,
    /// The factor of each slot.
    pub factors: CoiffeurFactors,
    /// The extra contracts each side also plays once, as extra slots (default: none).
    pub extras: Variants,
}

/// Differenzler's options (`docs/jass.md`, "Differenzler").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DifferenzlerRules {
    /// The number of deals in a game (default 16).
    pub deals: u32,
    /// Whether predictions stay hidden until the deal ends (default: public as made).
    pub hidden_predictions: bool,
}

impl DifferenzlerRules {
    /// The default number of deals.
    pub const DEFAULT_DEALS: u32 = 16;
    /// The most deals a game may have: 10,000 (400,000 actions at four seats).
    pub const MAX_DEALS: u32 = 10_000;
}

impl Default for DifferenzlerRules {
    fn default() -> Self {
        DifferenzlerRules {
            deals: Self::DEFAULT_DEALS,
            hidden_predictions: false,
        }
    }
}

/// The order in which the credits that fall with one card count towards a whole game's
/// target ([`Rules::target`]): which credit reaches it first, when several would. The
/// default is the official "Stöck–Wys–Stich": Stöck, then Weis, then the trick's points.
/// The Match bonus always counts right after its trick (they go to one team, so their order
/// never decides anything), and so do the last trick's 5 points, part of the trick's. Stöck
/// and Weis never fall with one card (the Weis with the first trick's last card, the Stöck
/// with its holder's second card at the earliest), so only where each stands against the
/// trick can show. A single deal, Coiffeur and Differenzler have no target to reach and
/// ignore it.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum CreditOrder {
    /// Stöck, Weis, trick: the official order (the default).
    #[default]
    StoeckWeisTrick,
    /// Stöck, trick, Weis.
    StoeckTrickWeis,
    /// Weis, Stöck, trick.
    WeisStoeckTrick,
    /// Weis, trick, Stöck.
    WeisTrickStoeck,
    /// Trick, Stöck, Weis.
    TrickStoeckWeis,
    /// Trick, Weis, Stöck.
    TrickWeisStoeck,
}

impl CreditOrder {
    /// Every order, the default first.
    pub const ALL: [CreditOrder; 6] = [
        CreditOrder::StoeckWeisTrick,
        CreditOrder::StoeckTrickWeis,
        CreditOrder::WeisStoeckTrick,
        CreditOrder::WeisTrickStoeck,
        CreditOrder::TrickStoeckWeis,
        CreditOrder::TrickWeisStoeck,
    ];

    /// Where a credit of `kind` counts among those of one card: 0 first. The Match bonus
    /// shares its trick's place and counts after it, as a stable sort keeps it.
    #[must_use]
    pub const fn place(self, kind: CreditKind) -> u8 {
        use CreditKind::{Match, Stoeck, Trick, Weis};
        let [stoeck, weis, trick] = match self {
            CreditOrder::StoeckWeisTrick => [0, 1, 2],
            CreditOrder::StoeckTrickWeis => [0, 2, 1],
            CreditOrder::WeisStoeckTrick => [1, 0, 2],
            CreditOrder::WeisTrickStoeck => [2, 0, 1],
            CreditOrder::TrickStoeckWeis => [1, 2, 0],
            CreditOrder::TrickWeisStoeck => [2, 1, 0],
        };
        match kind {
            Stoeck => stoeck,
            Weis => weis,
            Trick | Match => trick,
        }
    }
}

/// The bonuses a Schieber deal credits beyond the card points (and the last trick's 5): each
/// on by default, as the game is played. Turning them off plays the card-play core that
/// published Jass bots and studies play ([`Rules::comparison`]). Coiffeur and Differenzler
/// ignore them (Coiffeur counts its Match as its own rules say; Differenzler has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Bonuses {
    /// Whether Weis are declared and scored (off: every seat's Weis is empty).
    pub weis: bool,
    /// Whether Stöck scores 20 (off: no one holds Stöck, and the whole game's Stöck exception
    /// never applies).
    pub stoeck: bool,
    /// Whether a side that takes all nine tricks scores the Match bonus of 100 (`match` in
    /// JSON).
    #[serde(rename = "match")]
    pub match_bonus: bool,
}

impl Bonuses {
    /// Every bonus counted (the default).
    pub const ALL: Bonuses = Bonuses {
        weis: true,
        stoeck: true,
        match_bonus: true,
    };
    /// No bonus: card points and the last trick's 5 only.
    pub const NONE: Bonuses = Bonuses {
        weis: false,
        stoeck: false,
        match_bonus: false,
    };
}

impl Default for Bonuses {
    fn default() -> Self {
        Bonuses::ALL
    }
}

/// Whether `value` is its type's default (for `skip_serializing_if`).
fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// The rules a Jass deal is played and scored under. `Rules::default()` is the documented
/// default (`docs/jass.md`).
///
/// ```
/// use jass::Rules;
/// let rules: Rules = serde_json::from_str(r#"{"first_dealer":2}"#).unwrap();
/// assert_eq!(rules.forehand_card.to_string(), "7D");
/// assert_eq!(rules.first_dealer.map(|s| s.index()), Some(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// How a card may be played (Buur exception, undertrumping when void).
    pub play: PlayRules,
    /// How Weis are counted (scale, four 6/7/8, cross-Weis).
    pub weis: WeisRules,
    /// Whether the team with the strongest Weis scores only the strongest player's best Weis
    /// plus the partner's best Weis (the seed's wording), instead of every counted Weis of
    /// both partners (the official rule, the default).
    pub seed_weis_scoring: bool,
    /// The bonuses counted beyond the card points (Weis, Stöck, Match; default all). Left out
    /// of JSON when the default, so records written before it read as before.
    #[serde(skip_serializing_if = "is_default")]
    pub bonuses: Bonuses,
    /// The factor of each contract.
    pub multipliers: Multipliers,
    /// The contract variants that may be named (default: none).
    pub variants: Variants,
    /// The first deal's dealer; `None` (the default, left out of JSON): drawn from the seed,
    /// right after the shuffle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_dealer: Option<PlayerId>,
    /// In the first deal of a game, the holder of this card is forehand (default ♦7, `7D`).
    pub forehand_card: JassCard,
    /// A whole Schieber game ([`Schieber`](crate::Schieber)) ends the moment a team's
    /// multiplied total reaches this (default 2500; left out of JSON: the default). `None`
    /// (`null` in JSON): the game is a single deal, won by the team with more points. One
    /// deal on its own ([`SchieberDeal`](crate::SchieberDeal)) ignores it.
    pub target: Option<u32>,
    /// The order in which the credits of one card count towards the target (default Stöck,
    /// Weis, trick; left out of JSON when the default).
    #[serde(skip_serializing_if = "is_default")]
    pub credit_order: CreditOrder,
    /// Coiffeur's options (ignored by the other games; left out of JSON when the defaults,
    /// so the other games' rules read as before).
    #[serde(skip_serializing_if = "is_default")]
    pub coiffeur: CoiffeurRules,
    /// Differenzler's options (ignored by the other games). Differenzler plays by
    /// [`Rules::play`] too: its undertrump option is `play.undertrump_when_void`. Left out
    /// of JSON when the defaults.
    #[serde(skip_serializing_if = "is_default")]
    pub differenzler: DifferenzlerRules,
}

impl Rules {
    /// The player counts of Differenzler: three or four.
    pub const DIFFERENZLER_PLAYERS: RangeInclusive<usize> = 3..=4;
    /// The player counts of Schieber (one deal or a whole game): exactly four.
    pub const SCHIEBER_PLAYERS: RangeInclusive<usize> = 4..=4;
    /// The most seats at a Jass table (the size of per-seat arrays in the states).
    pub const MAX_PLAYERS: usize = 4;
    /// The default forehand card of a game's first deal: ♦7.
    pub const DEFAULT_FOREHAND_CARD: JassCard = JassCard::new(JassSuit::Diamonds, JassRank::Seven);
    /// The default target of a whole Schieber game: 2500.
    pub const DEFAULT_TARGET: u32 = 2500;
    /// The highest target: 1,000,000 (at ×1, a game of at most 12,739 deals).
    pub const MAX_TARGET: u32 = 1_000_000;
    /// The largest factor of a contract ([`Multipliers`]) or a Coiffeur slot
    /// ([`CoiffeurFactors`]): 1,000. With it every total stays far inside `u32` (a deal
    /// credits a team at most a few thousand points before its factor), so scores are exact.
    pub const MAX_FACTOR: u32 = 1_000;

    /// The flat preset: every contract ×1 ([`Multipliers::FLAT`]) and a target of 1000.
    #[must_use]
    pub fn flat() -> Rules {
        Rules {
            multipliers: Multipliers::FLAT,
            target: Some(1000),
            ..Rules::default()
        }
    }

    /// The comparison preset: the card-play core that public Jass bots and published Jass AI
    /// studies play, so results can be set beside theirs. No Weis, no Stöck, no Match bonus
    /// ([`Bonuses::NONE`]) and every contract counted once ([`Multipliers::FLAT`]); a whole
    /// game has the flat preset's target of 1000. A deal is then worth its 157 card points.
    ///
    /// ```
    /// let rules = jass::Rules::comparison();
    /// assert!(!rules.bonuses.weis && !rules.bonuses.stoeck && !rules.bonuses.match_bonus);
    /// assert_eq!(rules.multipliers, jass::Multipliers::FLAT);
    /// ```
    #[must_use]
    pub fn comparison() -> Rules {
        Rules {
            bonuses: Bonuses::NONE,
            ..Rules::flat()
        }
    }

    /// Checks the rules for a whole Schieber game of `players` seats: as
    /// [`Rules::validate_schieber`], and a target, when set, that can be played to.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] unless `players` is 4; [`SetupError::SeatNotAtTable`] for
    /// a `first_dealer` not at the table; [`SetupError::RuleRange`] for a target of 0 (or
    /// another number out of range); [`SetupError::Target`] for a contract with factor 0
    /// under a target (a game that might never end).
    pub fn validate_schieber_game(&self, players: usize) -> Result<(), SetupError> {
        PlayerCountError::check(
            <crate::Schieber as cards_core::Game>::NAME,
            players,
            Self::SCHIEBER_PLAYERS,
        )?;
        self.validate_schieber(players)?;
        if let Some(target) = self.target
            && self.min_factor() == 0
        {
            return Err(SetupError::Target {
                target,
                why: "a contract with factor 0 could make the game endless",
            });
        }
        Ok(())
    }

    /// Checks every number of the rules against its range, whichever Jass game is played (the
    /// options of one game are ignored by the others, so one value serves them all).
    ///
    /// # Errors
    /// [`SetupError::RuleRange`] for a target (when set) outside 1 to [`Rules::MAX_TARGET`],
    /// a factor above [`Rules::MAX_FACTOR`] or `differenzler.deals` outside 1 to
    /// [`DifferenzlerRules::MAX_DEALS`].
    pub fn validate_numbers(&self) -> Result<(), SetupError> {
        if let Some(target) = self.target {
            RuleRangeError::check("target", target, 1..=u64::from(Self::MAX_TARGET))?;
        }
        let factor =
            |rule, value| RuleRangeError::check(rule, value, 0..=u64::from(Self::MAX_FACTOR));
        let m = &self.multipliers;
        for (rule, value) in [
            ("multipliers.clubs", m.clubs),
            ("multipliers.diamonds", m.diamonds),
            ("multipliers.hearts", m.hearts),
            ("multipliers.spades", m.spades),
            ("multipliers.obenabe", m.obenabe),
            ("multipliers.undenufe", m.undenufe),
            ("multipliers.slalom", m.slalom),
            ("multipliers.guschti", m.guschti),
            ("multipliers.mary", m.mary),
            ("multipliers.trio", m.trio),
        ] {
            factor(rule, value)?;
        }
        let f = &self.coiffeur.factors;
        for (rule, value) in [
            ("coiffeur.factors.diamonds", f.diamonds),
            ("coiffeur.factors.hearts", f.hearts),
            ("coiffeur.factors.spades", f.spades),
            ("coiffeur.factors.clubs", f.clubs),
            ("coiffeur.factors.obenabe", f.obenabe),
            ("coiffeur.factors.undenufe", f.undenufe),
            ("coiffeur.factors.joker7", f.joker7),
            ("coiffeur.factors.joker8", f.joker8),
            ("coiffeur.factors.slalom", f.slalom),
            ("coiffeur.factors.guschti", f.guschti),
            ("coiffeur.factors.mary", f.mary),
            ("coiffeur.factors.trio", f.trio),
        ] {
            factor(rule, value)?;
        }
        RuleRangeError::check(
            "differenzler.deals",
            self.differenzler.deals,
            1..=u64::from(DifferenzlerRules::MAX_DEALS),
        )?;
        Ok(())
    }

    /// The smallest factor of any contract that may be named.
    pub(crate) fn min_factor(&self) -> u32 {
        Contract::ALL
            .into_iter()
            .chain(Contract::VARIANTS)
            .filter(|&c| self.variants.allows(c))
            .map(|c| self.multipliers.contract_factor(c))
            .min()
            .unwrap_or(0)
    }

    /// Checks the rules for a Differenzler table of `players` seats (the count itself is the
    /// caller's to check): the numbers in range, a `first_dealer` at the table.
    ///
    /// # Errors
    /// As [`Rules::validate_numbers`] (`differenzler.deals` 0 among them);
    /// [`SetupError::SeatNotAtTable`] for a `first_dealer` not at the table.
    pub fn validate_differenzler(&self, players: usize) -> Result<(), SetupError> {
        self.validate_numbers()?;
        if let Some(seat) = self.first_dealer
            && seat.index() >= players
        {
            return Err(SetupError::SeatNotAtTable {
                what: "first_dealer",
                seat,
                seats: players,
            });
        }
        Ok(())
    }

    /// Checks the rules for a Schieber table of `players` seats.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] unless `players` is 4; as [`Rules::validate_numbers`];
    /// [`SetupError::SeatNotAtTable`] for a `first_dealer` that is not at the table.
    pub fn validate_schieber(&self, players: usize) -> Result<(), SetupError> {
        PlayerCountError::check(
            <crate::SchieberDeal as cards_core::Game>::NAME,
            players,
            Self::SCHIEBER_PLAYERS,
        )?;
        self.validate_numbers()?;
        if let Some(seat) = self.first_dealer
            && seat.index() >= players
        {
            return Err(SetupError::SeatNotAtTable {
                what: "first_dealer",
                seat,
                seats: players,
            });
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            play: PlayRules::default(),
            weis: WeisRules::default(),
            seed_weis_scoring: false,
            bonuses: Bonuses::ALL,
            multipliers: Multipliers::default(),
            variants: Variants::default(),
            first_dealer: None,
            forehand_card: Self::DEFAULT_FOREHAND_CARD,
            target: Some(Self::DEFAULT_TARGET),
            credit_order: CreditOrder::StoeckWeisTrick,
            coiffeur: CoiffeurRules::default(),
            differenzler: DifferenzlerRules::default(),
        }
    }
}

/// `flat` ([`Rules::flat`]) and `comparison` ([`Rules::comparison`]).
impl cards_core::Presets for Rules {
    fn presets() -> Vec<(&'static str, Self)> {
        vec![("flat", Rules::flat()), ("comparison", Rules::comparison())]
    }
}
