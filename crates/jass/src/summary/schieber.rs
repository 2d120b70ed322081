//! What a summary of whole Schieber games ([`Schieber`], records `schieber`) counts: every
//! complete deal ([`DealSummary`]: contract, points, Weis by kind, Stöck, Match) and every
//! game ([`GameSummary`]: winner, length in deals, how it ended), and the report a Jass player
//! reads.

use std::fmt;

use cards_core::summary::{
    Distribution, LengthReport, Percent, Summary, Tally, Term, plural, rate,
};
use cards_core::{Game, JassRank, PlayerId};
use serde::Serialize;

use crate::card_play::PLAYS;
use crate::{Action, Contract, MeldKind, Schieber, SchieberDeal, SchieberOutcome};

impl Summary for Schieber {
    type Tally = JassTally;
    type Watch = Vec<DealSummary>;

    const TERMS: &'static [Term] = TERMS;

    const SCORE: &'static str = "point difference";

    const TRACED: &'static str = "its first deal";

    /// Before the last card of a deal: the deal as it ends (a deal stopped at the target is
    /// not complete and is not watched).
    fn watch(watch: &mut Vec<DealSummary>, now: &Schieber, action: Action) {
        let deal: &SchieberDeal = now.deal();
        if deal.plays().len() + 1 != PLAYS {
            return;
        }
        let mut ended = *deal;
        if ended.play(action).is_ok()
            && let Some(summary) = DealSummary::of(&ended)
        {
            watch.push(summary);
        }
    }

    fn score(state: &Schieber) -> Option<i64> {
        let [a, b] = state.totals();
        state.is_terminal().then(|| i64::from(a) - i64::from(b))
    }

    fn summarize(state: &Schieber, deals: Vec<DealSummary>) -> GameSummary {
        GameSummary {
            outcome: state.outcome(),
            stopped_mid_deal: !state.deal().is_terminal(),
            deals,
        }
    }
}

/// The contracts, in the legal-action order: the six modes, then the variants.
const CONTRACTS: usize = 11;

/// The contract of index `i` (see [`CONTRACTS`]).
fn contract(i: usize) -> Contract {
    Contract::ALL
        .into_iter()
        .chain(Contract::VARIANTS)
        .nth(i)
        .unwrap_or(Contract::ALL[0])
}

/// The index of `c` among the contracts.
fn contract_index(c: Contract) -> usize {
    Contract::ALL
        .into_iter()
        .chain(Contract::VARIANTS)
        .position(|x| x == c)
        .unwrap_or(0)
}

/// Kinds of Weis counted: runs of 3 to 9 cards, then the four-of-a-kinds in the strength
/// order (Jacks, 9s, Aces, 10s, Kings, Queens, then the regional 8s, 7s, 6s).
const KINDS: usize = 16;

/// The names of the kinds, in [`kind_index`] order.
const KIND_NAMES: [&str; KINDS] = [
    "3 in sequence",
    "4 in sequence",
    "5 in sequence",
    "6 in sequence",
    "7 in sequence",
    "8 in sequence",
    "9 in sequence",
    "four Jacks",
    "four 9s",
    "four Aces",
    "four 10s",
    "four Kings",
    "four Queens",
    "four 8s",
    "four 7s",
    "four 6s",
];

/// The first of the regional four-of-a-kinds (shown only when some were held).
const FOUR_LOW: usize = 13;

/// The kind of a Weis.
fn kind_index(kind: MeldKind) -> usize {
    match kind {
        MeldKind::Sequence { len, .. } => usize::from(len.clamp(3, 9)) - 3,
        MeldKind::Four(rank) => match rank {
            JassRank::Jack => 7,
            JassRank::Nine => 8,
            JassRank::Ace => 9,
            JassRank::Ten => 10,
            JassRank::King => 11,
            JassRank::Queen => 12,
            JassRank::Eight => 13,
            JassRank::Seven => 14,
            JassRank::Six => 15,
        },
    }
}

/// One complete deal of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealSummary {
    /// The contract's index (see [`CONTRACTS`]).
    contract: usize,
    /// The declaring team (0: seats 0 and 2).
    declarer: usize,
    /// Whether forehand pushed.
    pushed: bool,
    /// The deal's credits by kind and team, before the multiplier.
    credits: crate::Credits,
    /// The contract's factor.
    multiplier: u32,
    /// Each team's multiplied points.
    scored: [u32; 2],
    /// The counted Weis of all four seats, by kind.
    held: [u8; KINDS],
    /// The Weis that scored (made public), by kind.
    shown: [u8; KINDS],
    /// The team that scored the Weis.
    weis_team: Option<usize>,
}

impl DealSummary {
    /// The summary of a complete deal; `None` before it is over.
    #[must_use]
    pub fn of(deal: &SchieberDeal) -> Option<DealSummary> {
        let outcome = deal.outcome()?;
        let declarer = deal.declarer()?;
        let mut held = [0u8; KINDS];
        for seat in PlayerId::all(4) {
            for meld in deal.declaration(seat).iter().flat_map(|d| d.melds()) {
                held[kind_index(meld.kind())] += 1;
            }
        }
        let mut shown = [0u8; KINDS];
        if let Some(weis) = deal.view(PlayerId(0)).weis {
            for meld in weis.shown.iter().flat_map(|s| &s.weis) {
                shown[kind_index(meld.kind())] += 1;
            }
        }
        Some(DealSummary {
            contract: contract_index(outcome.contract),
            declarer: declarer.index() % 2,
            pushed: deal.pushed(),
            credits: outcome.credits,
            multiplier: outcome.multiplier,
            scored: outcome.scored,
            held,
            shown,
            weis_team: deal.weis_score().map(|w| w.team & 1),
        })
    }
}

/// One whole game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// How it ended (`None`: it did not, a rules bug counted by the engine).
    pub outcome: Option<SchieberOutcome>,
    /// Whether the last deal was stopped at the target before its last card.
    pub stopped_mid_deal: bool,
    /// Its complete deals.
    pub deals: Vec<DealSummary>,
}

/// What is counted per contract.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct ContractCounts {
    deals: u64,
    after_push: u64,
    declarer_cards: u64,
    declarer_total: u64,
    declarer_scored: u64,
    declarer_won: u64,
    declarer_match: u64,
    defender_match: u64,
}

/// What `simulate jass` counts (integers only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JassTally {
    games: u64,
    wins: [u64; 2],
    ties: u64,
    early_stoeck: u64,
    stopped_mid_deal: u64,
    winner_total: u64,
    loser_total: u64,
    deals_per_game: Distribution,
    deals_played: u64,
    deals: u64,
    contracts: [ContractCounts; CONTRACTS],
    pushed: u64,
    cards: [u64; 2],
    scored: [u64; 2],
    multiplier: u64,
    held: [u64; KINDS],
    shown: [u64; KINDS],
    weis_won: [u64; 2],
    weis_points: u64,
    stoeck: [u64; 2],
    matches: [u64; 2],
}

impl JassTally {
    fn add_deal(&mut self, d: &DealSummary) {
        self.deals += 1;
        self.pushed += u64::from(d.pushed);
        let c = &d.credits;
        let total = c.total();
        let (us, them) = (d.declarer, 1 - d.declarer);
        let counts = &mut self.contracts[d.contract.min(CONTRACTS - 1)];
        counts.deals += 1;
        counts.after_push += u64::from(d.pushed);
        counts.declarer_cards += u64::from(c.cards[us]);
        counts.declarer_total += u64::from(total[us]);
        counts.declarer_scored += u64::from(d.scored[us]);
        counts.declarer_won += u64::from(total[us] > total[them]);
        counts.declarer_match += u64::from(c.match_bonus[us] > 0);
        counts.defender_match += u64::from(c.match_bonus[them] > 0);
        for team in 0..2 {
            self.cards[team] += u64::from(c.cards[team]);
            self.scored[team] += u64::from(d.scored[team]);
            self.stoeck[team] += u64::from(c.stoeck[team] > 0);
            self.matches[team] += u64::from(c.match_bonus[team] > 0);
            self.weis_points += u64::from(c.weis[team]);
        }
        self.multiplier += u64::from(d.multiplier);
        for k in 0..KINDS {
            self.held[k] += u64::from(d.held[k]);
            self.shown[k] += u64::from(d.shown[k]);
        }
        if let Some(team) = d.weis_team {
            self.weis_won[team] += 1;
        }
    }
}

impl Tally for JassTally {
    type Summary = GameSummary;
    type Report = JassReport;

    fn new(_players: usize) -> Self {
        JassTally {
            games: 0,
            wins: [0; 2],
            ties: 0,
            early_stoeck: 0,
            stopped_mid_deal: 0,
            winner_total: 0,
            loser_total: 0,
            deals_per_game: Distribution::default(),
            deals_played: 0,
            deals: 0,
            contracts: [ContractCounts::default(); CONTRACTS],
            pushed: 0,
            cards: [0; 2],
            scored: [0; 2],
            multiplier: 0,
            held: [0; KINDS],
            shown: [0; KINDS],
            weis_won: [0; 2],
            weis_points: 0,
            stoeck: [0; 2],
            matches: [0; 2],
        }
    }

    fn add(&mut self, game: &GameSummary) {
        for deal in &game.deals {
            self.add_deal(deal);
        }
        // An unfinished game is counted by the engine.
        let Some(outcome) = &game.outcome else {
            return;
        };
        self.games += 1;
        self.deals_per_game.add(u64::from(outcome.deals));
        self.deals_played += u64::from(outcome.deals);
        self.stopped_mid_deal += u64::from(game.stopped_mid_deal);
        self.early_stoeck += u64::from(outcome.early_stoeck.is_some());
        match outcome.winner {
            Some(team) => {
                let team = team & 1;
                self.wins[team] += 1;
                self.winner_total += u64::from(outcome.totals[team]);
                self.loser_total += u64::from(outcome.totals[1 - team]);
            }
            None => self.ties += 1,
        }
    }

    fn report(&self, _games: u64) -> JassReport {
        let deals = self.deals;
        let decided = self.wins[0] + self.wins[1];
        let mean = |sum: u64, of: u64| rate(sum, of);
        let teams = |counts: [u64; 2]| TeamCounts {
            deals: counts,
            rate: counts.map(|c| rate(c, deals)),
            either: counts[0] + counts[1],
            either_rate: rate(counts[0] + counts[1], deals),
        };
        JassReport {
            wins: self.wins,
            win_rate: self.wins.map(|w| rate(w, self.games)),
            ties: self.ties,
            final_totals_mean: FinalTotals {
                winner: mean(self.winner_total, decided),
                loser: mean(self.loser_total, decided),
            },
            ended: Ended {
                mid_deal: self.stopped_mid_deal,
                mid_deal_rate: rate(self.stopped_mid_deal, self.games),
                early_stoeck: self.early_stoeck,
                early_stoeck_rate: rate(self.early_stoeck, self.games),
            },
            deals: DealCounts {
                played: self.deals_played,
                complete: deals,
                per_game: self.deals_per_game.report(),
            },
            contracts: (0..CONTRACTS)
                .filter(|&i| i < Contract::ALL.len() || self.contracts[i].deals > 0)
                .map(|i| {
                    let c = &self.contracts[i];
                    ContractReport {
                        contract: contract(i).to_string(),
                        deals: c.deals,
                        rate: rate(c.deals, deals),
                        after_push: c.after_push,
                        after_push_rate: rate(c.after_push, c.deals),
                        declarer_card_points_mean: mean(c.declarer_cards, c.deals),
                        declarer_points_mean: mean(c.declarer_total, c.deals),
                        declarer_scored_mean: mean(c.declarer_scored, c.deals),
                        declarer_won_rate: rate(c.declarer_won, c.deals),
                        declarer_match_rate: rate(c.declarer_match, c.deals),
                        defender_match_rate: rate(c.defender_match, c.deals),
                    }
                })
                .collect(),
            pushed: Pushed {
                deals: self.pushed,
                rate: rate(self.pushed, deals),
            },
            points: Points {
                multiplied_mean: self.scored.map(|s| mean(s, deals)),
                card_points_mean: self.cards.map(|s| mean(s, deals)),
                multiplier_mean: mean(self.multiplier, deals),
            },
            weis: WeisReport {
                won: self.weis_won,
                won_rate: self.weis_won.map(|w| rate(w, deals)),
                none: deals - (self.weis_won[0] + self.weis_won[1]).min(deals),
                points_mean: mean(self.weis_points, deals),
                kinds: (0..KINDS)
                    .filter(|&k| k < FOUR_LOW || self.held[k] > 0)
                    .map(|k| KindReport {
                        kind: KIND_NAMES[k],
                        held: self.held[k],
                        held_per_100_deals: 100.0 * rate(self.held[k], deals),
                        scored: self.shown[k],
                        scored_per_100_deals: 100.0 * rate(self.shown[k], deals),
                    })
                    .collect(),
            },
            stoeck: teams(self.stoeck),
            matches: teams(self.matches),
        }
    }

    fn lengths(&self) -> Vec<(&'static str, LengthReport)> {
        vec![("deals", self.deals_per_game.report())]
    }

    fn unit(&self) -> Option<(&'static str, u64)> {
        Some(("deals", self.deals_played))
    }
}

/// The terms of the Jass summary.
pub const TERMS: &[Term] = &[
    Term {
        word: "game",
        meaning: "a whole Schieber game: deals until a team's multiplied total reaches the \
                  target (2500 by default), the moment it does, even mid-deal; seats 0 and 2 \
                  play against seats 1 and 3. The first deal's forehand holds the seven of \
                  diamonds",
    },
    Term {
        word: "deal",
        meaning: "nine cards to each seat, a contract, nine tricks; the deal statistics count \
                  complete deals (a deal stopped at the target counts only in the length)",
    },
    Term {
        word: "contract",
        meaning: "the mode a deal is played in, named by forehand or, after a push, by its \
                  partner: trump:C/D/H/S (that suit is trump), obenabe (high cards win), \
                  undenufe (low cards win), and the variants when enabled",
    },
    Term {
        word: "push",
        meaning: "forehand leaves the contract to its partner (the seat opposite), who must \
                  name one; forehand still leads",
    },
    Term {
        word: "declarer",
        meaning: "the team that named the contract",
    },
    Term {
        word: "card points",
        meaning: "the points of the cards in the tricks a team took, the last trick's 5 \
                  included (157 in a deal), before the multiplier",
    },
    Term {
        word: "points",
        meaning: "everything a team scored in a deal (card points, Weis, Stöck, Match) before \
                  the multiplier; multiplied points are these times the contract's factor",
    },
    Term {
        word: "Weis",
        meaning: "melds held at the deal (runs of 3 or more in a suit, four of a kind), each \
                  hand's counted combination; only the team with the strongest Weis scores, \
                  every Weis of both partners",
    },
    Term {
        word: "Stöck",
        meaning: "20 points for the holder of the trump King and Queen (trump contracts)",
    },
    Term {
        word: "Match",
        meaning: "100 bonus points for a team that took all nine tricks",
    },
    Term {
        word: "point difference",
        meaning: "seats 0 and 2's final total minus seats 1 and 3's (the settlement is +1 to \
                  each seat of the winning team, -1 to the others)",
    },
];

/// The Jass part of `simulate`'s report (JSON fields `wins`, `win_rate`, `ties`,
/// `final_totals_mean`, `ended`, `deals`, `contracts`, `pushed`, `points`, `weis`, `stoeck`,
/// `matches`); team arrays are `[seats 0 and 2, seats 1 and 3]`; deal rates are shares of
/// the complete deals, game rates of the games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JassReport {
    /// Games won by each team.
    pub wins: [u64; 2],
    /// Their share of the games.
    pub win_rate: [f64; 2],
    /// Games tied (only without a target).
    pub ties: u64,
    /// Mean final totals.
    pub final_totals_mean: FinalTotals,
    /// How games ended.
    pub ended: Ended,
    /// Deals played.
    pub deals: DealCounts,
    /// Each contract: the six modes, then the variants that were played.
    pub contracts: Vec<ContractReport>,
    /// Deals where forehand pushed.
    pub pushed: Pushed,
    /// Mean points per deal.
    pub points: Points,
    /// Weis.
    pub weis: WeisReport,
    /// Deals where a team scored Stöck.
    pub stoeck: TeamCounts,
    /// Deals where a team made a Match.
    pub matches: TeamCounts,
}

/// Mean final totals of the decided games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FinalTotals {
    /// The winning team's.
    pub winner: f64,
    /// The losing team's.
    pub loser: f64,
}

/// How games ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ended {
    /// Games stopped at the target before the last card of their last deal.
    pub mid_deal: u64,
    /// Their share of the games.
    pub mid_deal_rate: f64,
    /// Games ended by a Stöck credited before its holder's first card (the Stöck exception).
    pub early_stoeck: u64,
    /// Their share of the games.
    pub early_stoeck_rate: f64,
}

/// Deals played.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealCounts {
    /// Every deal begun, the last one of each game included.
    pub played: u64,
    /// Complete deals (what the deal statistics count).
    pub complete: u64,
    /// Deals per game.
    pub per_game: LengthReport,
}

/// One contract.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContractReport {
    /// The contract (`trump:H`, `obenabe`, `slalom:undenufe`, …).
    pub contract: String,
    /// Complete deals played in it.
    pub deals: u64,
    /// Their share of the complete deals.
    pub rate: f64,
    /// Of those, the deals where it was named after a push.
    pub after_push: u64,
    /// Their share of its deals.
    pub after_push_rate: f64,
    /// The declarer's mean card points.
    pub declarer_card_points_mean: f64,
    /// The declarer's mean points before the multiplier.
    pub declarer_points_mean: f64,
    /// The declarer's mean multiplied points.
    pub declarer_scored_mean: f64,
    /// Share of its deals where the declarer scored more than the other team.
    pub declarer_won_rate: f64,
    /// Share of its deals where the declarer made a Match.
    pub declarer_match_rate: f64,
    /// Share of its deals where the other team made a Match.
    pub defender_match_rate: f64,
}

/// Pushes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pushed {
    /// Complete deals where forehand pushed.
    pub deals: u64,
    /// Their share of the complete deals.
    pub rate: f64,
}

/// Mean points per complete deal, by team.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Points {
    /// Mean multiplied points.
    pub multiplied_mean: [f64; 2],
    /// Mean card points (before the multiplier).
    pub card_points_mean: [f64; 2],
    /// Mean multiplier.
    pub multiplier_mean: f64,
}

/// Weis over the complete deals.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WeisReport {
    /// Deals where each team scored the Weis.
    pub won: [u64; 2],
    /// Their share of the deals.
    pub won_rate: [f64; 2],
    /// Deals where no seat had a Weis.
    pub none: u64,
    /// Mean Weis points scored per deal (before the multiplier).
    pub points_mean: f64,
    /// By kind (the regional four 8s, 7s, 6s only when some were held).
    pub kinds: Vec<KindReport>,
}

/// One kind of Weis.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KindReport {
    /// The kind (`3 in sequence`, `four Jacks`, …).
    pub kind: &'static str,
    /// How many were held: in the counted combinations of all four hands.
    pub held: u64,
    /// Per 100 deals.
    pub held_per_100_deals: f64,
    /// How many scored (the Weis team's, made public).
    pub scored: u64,
    /// Per 100 deals.
    pub scored_per_100_deals: f64,
}

/// Deals where each team (and either) scored something.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamCounts {
    /// By team.
    pub deals: [u64; 2],
    /// By team, as shares of the deals.
    pub rate: [f64; 2],
    /// Either team.
    pub either: u64,
    /// Either team, as a share of the deals.
    pub either_rate: f64,
}

impl fmt::Display for JassReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = self.wins[0] + self.wins[1] + self.ties;
        writeln!(f, "{:<16}{:>8}  {:>10}", "Games won", "games", "of games")?;
        for (team, label) in [(0, "seats 0+2"), (1, "seats 1+3")] {
            writeln!(
                f,
                "  {label:<14}{:>8}  {:>10}",
                self.wins[team],
                Percent(self.win_rate[team])
            )?;
        }
        if self.ties > 0 {
            writeln!(f, "  {:<14}{:>8}", "tied", self.ties)?;
        }
        writeln!(
            f,
            "Final score (mean): winner {:.1}, loser {:.1}",
            self.final_totals_mean.winner, self.final_totals_mean.loser
        )?;
        writeln!(
            f,
            "Games ended mid-deal at the target: {} ({}); by a Stöck before its holder's first \
             card: {} ({})",
            self.ended.mid_deal,
            Percent(self.ended.mid_deal_rate),
            self.ended.early_stoeck,
            Percent(self.ended.early_stoeck_rate)
        )?;
        writeln!(
            f,
            "Deals: {} played in {}, {} complete (the figures below are per complete deal)",
            self.deals.played,
            plural(games, "game", "games"),
            self.deals.complete
        )?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<18}{:>8}{:>10}{:>9}  {:>23}{:>10}{:>9}{:>9}",
            "", "", "", "", "declarer (mean points)", "declarer", "Match", "Match"
        )?;
        writeln!(
            f,
            "{:<18}{:>8}{:>10}{:>9}  {:>7}{:>8}{:>8}{:>10}{:>9}{:>9}",
            "Contract",
            "deals",
            "of deals",
            "pushed",
            "cards",
            "all",
            "x mult",
            "won deal",
            "declarer",
            "against"
        )?;
        for c in &self.contracts {
            writeln!(
                f,
                "  {:<16}{:>8}{:>10}{:>9}  {:>7.1}{:>8.1}{:>8.1}{:>10}{:>9}{:>9}",
                c.contract,
                c.deals,
                Percent(c.rate),
                Percent(c.after_push_rate),
                c.declarer_card_points_mean,
                c.declarer_points_mean,
                c.declarer_scored_mean,
                Percent(c.declarer_won_rate),
                Percent(c.declarer_match_rate),
                Percent(c.defender_match_rate)
            )?;
        }
        writeln!(
            f,
            "Forehand pushed in {} ({} of deals); \"pushed\" above: share of the contract's \
             deals named after a push",
            plural(self.pushed.deals, "deal", "deals"),
            Percent(self.pushed.rate)
        )?;
        writeln!(f)?;
        let p = &self.points;
        writeln!(
            f,
            "{:<26}{:>12}{:>12}",
            "Points per deal (mean)", "seats 0+2", "seats 1+3"
        )?;
        writeln!(
            f,
            "  {:<24}{:>12.2}{:>12.2}",
            "multiplied points", p.multiplied_mean[0], p.multiplied_mean[1]
        )?;
        writeln!(
            f,
            "  {:<24}{:>12.2}{:>12.2}",
            "card points", p.card_points_mean[0], p.card_points_mean[1]
        )?;
        writeln!(f, "  mean multiplier: {:.3}", p.multiplier_mean)?;
        writeln!(f)?;
        let w = &self.weis;
        writeln!(
            f,
            "{:<18}{:>9}{:>15}{:>9}{:>15}",
            "Weis", "held", "per 100 deals", "scored", "per 100 deals"
        )?;
        for k in &w.kinds {
            writeln!(
                f,
                "  {:<16}{:>9}{:>15.2}{:>9}{:>15.2}",
                k.kind, k.held, k.held_per_100_deals, k.scored, k.scored_per_100_deals
            )?;
        }
        writeln!(
            f,
            "Weis won by seats 0+2 in {} ({}), by seats 1+3 in {} ({}); no Weis in {}",
            plural(w.won[0], "deal", "deals"),
            Percent(w.won_rate[0]),
            plural(w.won[1], "deal", "deals"),
            Percent(w.won_rate[1]),
            plural(w.none, "deal", "deals")
        )?;
        writeln!(
            f,
            "Weis points scored per deal (mean, before the multiplier): {:.2}",
            w.points_mean
        )?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<16}{:>18}{:>18}{:>18}",
            "Deals with", "seats 0+2", "seats 1+3", "either team"
        )?;
        for (label, counts) in [("Stöck", &self.stoeck), ("a Match", &self.matches)] {
            let cell = |count: u64, share: f64| format!("{count} ({})", Percent(share));
            writeln!(
                f,
                "  {label:<14}{:>18}{:>18}{:>18}",
                cell(counts.deals[0], counts.rate[0]),
                cell(counts.deals[1], counts.rate[1]),
                cell(counts.either, counts.either_rate)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use cards_core::Seed;

    /// Every complete deal is counted once; its card points total 157; the games' deals add
    /// up; the Weis that scored are among those held.
    #[test]
    fn tally_counts_every_deal_of_every_game() {
        let rules = Rules::default();
        let mut tally = JassTally::new(4);
        let mut complete = 0;
        for seed in 0..60 {
            let played = Schieber::random_game(&rules, 4, Seed::from(seed)).unwrap();
            let summary = &played.summary;
            let outcome = summary.outcome.unwrap();
            assert_eq!(
                summary.deals.len() as u32,
                outcome.deals - u32::from(summary.stopped_mid_deal),
                "seed {seed}"
            );
            for d in &summary.deals {
                assert_eq!(d.credits.cards[0] + d.credits.cards[1], 157);
                for k in 0..KINDS {
                    assert!(d.shown[k] <= d.held[k]);
                }
                assert_eq!(d.weis_team.is_some(), d.held.iter().any(|&n| n > 0));
            }
            complete += summary.deals.len() as u64;
            tally.add(summary);
        }
        assert_eq!(tally.games, 60);
        assert_eq!(tally.deals, complete);
        assert_eq!(tally.cards[0] + tally.cards[1], 157 * complete);
        assert_eq!(tally.wins[0] + tally.wins[1], 60);
        let per_contract: u64 = tally.contracts.iter().map(|c| c.deals).sum();
        assert_eq!(per_contract, complete);
        let report = tally.report(60);
        let text = report.to_string();
        for needle in [
            "Games won",
            "trump:C",
            "undenufe",
            "3 in sequence",
            "four Jacks",
            "Weis won by seats 0+2",
            "Stöck",
            "a Match",
        ] {
            assert!(text.contains(needle), "{needle} missing from\n{text}");
        }
        // The variants show only when played; four 8s only when held.
        assert!(
            !text.contains("slalom") && !text.contains("four 8s"),
            "{text}"
        );
        assert_eq!(tally.unit(), Some(("deals", tally.deals_played)));
    }

    #[test]
    fn variants_are_counted_under_their_names() {
        let rules = Rules {
            variants: crate::Variants::ALL,
            ..Rules::default()
        };
        let mut tally = JassTally::new(4);
        for seed in 0..40 {
            let played = Schieber::random_game(&rules, 4, Seed::from(seed)).unwrap();
            tally.add(&played.summary);
        }
        let text = tally.report(40).to_string();
        for needle in ["slalom:obenabe", "guschti", "mary", "trio"] {
            assert!(text.contains(needle), "{needle} missing from\n{text}");
        }
    }

    #[test]
    fn kinds_are_named_in_strength_order() {
        assert_eq!(
            kind_index(MeldKind::Sequence {
                suit: cards_core::JassSuit::Hearts,
                low: JassRank::Six,
                len: 9
            }),
            6
        );
        assert_eq!(
            KIND_NAMES[kind_index(MeldKind::Four(JassRank::Jack))],
            "four Jacks"
        );
        assert_eq!(
            KIND_NAMES[kind_index(MeldKind::Four(JassRank::Six))],
            "four 6s"
        );
        for i in 0..CONTRACTS {
            assert_eq!(contract_index(contract(i)), i);
        }
    }
}
