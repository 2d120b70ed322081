//! `impl Encode for LetomMatch`: the current deal's tensors ([`deal`](super::deal)), with the
//! match's tallies after the public part. Earlier deals are summarised by those tallies (the
//! totals, wins and nagaris the view shows); the recall starts afresh at each deal.

use cards_core::{Encode, PlayerId, Shape};

use super::deal::{Recall, write_information};
use super::{
    INFORMATION_PRIVATE, INFORMATION_PUBLIC, OBSERVATION_PRIVATE, OBSERVATION_PUBLIC, SEATS, Seats,
    put, scaled, window,
};
use crate::event::Event;
use crate::{LetomMatch, MatchView, Rules};

/// The match block's offset in the observation's public part (after the deal's).
pub const MATCH_IN_OBSERVATION: usize = OBSERVATION_PUBLIC;
/// The match block's offset in the information state's public part (after the deal's).
pub const MATCH_IN_INFORMATION: usize = INFORMATION_PUBLIC;

// Within the match block.
/// The current deal's number (0 = the first), / the deals in the match.
pub const MATCH_DEAL: usize = 0;
/// Each slot's total over the finished deals, squashed: 0.5 + 0.5 × t / (|t| + [`TOTAL_SCALE`]).
pub const MATCH_TOTALS: usize = 1;
/// Each slot's deals won, / the deals in the match.
pub const MATCH_WINS: usize = 5;
/// The nagaris so far, / the deals in the match.
pub const MATCH_NAGARIS: usize = 9;
/// The match block's length.
pub const MATCH_LEN: usize = 10;

/// A total of this many points sits at 0.75 (and its loss at 0.25): totals have no bound, so
/// they are squashed into (0, 1) rather than capped.
pub const TOTAL_SCALE: f32 = 50.0;

/// The match's tallies into `out` (the match block).
fn write_match(view: &MatchView, out: &mut [f32]) {
    let deals = view.deal.rules.deals.max(1) as f32;
    let seats = Seats::new(view.deal.hand_sizes.len(), view.deal.seat);
    put(out, MATCH_DEAL, scaled(view.number as f32, deals));
    for s in 0..view.totals.len().min(SEATS) {
        let k = seats.slot(PlayerId(s as u8));
        let t = view.totals.get(s).copied().unwrap_or(0) as f32;
        put(
            out,
            MATCH_TOTALS + k,
            0.5 + 0.5 * t / (t.abs() + TOTAL_SCALE),
        );
        let wins = view.wins.get(s).copied().unwrap_or(0) as f32;
        put(out, MATCH_WINS + k, scaled(wins, deals));
    }
    put(out, MATCH_NAGARIS, scaled(view.nagaris as f32, deals));
}

impl Encode for LetomMatch {
    const OBSERVATION: Shape = Shape::new(OBSERVATION_PUBLIC + MATCH_LEN, OBSERVATION_PRIVATE);
    const INFORMATION_STATE: Shape =
        Shape::new(INFORMATION_PUBLIC + MATCH_LEN, INFORMATION_PRIVATE);

    type Recall = Recall;

    fn recall_start(_rules: &Rules, _players: usize, seat: PlayerId) -> Recall {
        Recall::new(seat)
    }

    /// A deal's begin starts the recall afresh; the match's other events leave it.
    fn recall(recall: &mut Recall, event: &Event) {
        recall.fold(event);
    }

    /// `steps` is always empty: Letom's actions are played whole.
    fn write_observation(
        view: &MatchView,
        _steps: &[usize],
        public: &mut [f32],
        private: &mut [f32],
    ) {
        super::write_public(&view.deal, public);
        super::write_private(&view.deal, private);
        write_match(view, window(public, MATCH_IN_OBSERVATION, MATCH_LEN));
    }

    fn write_information_state(
        view: &MatchView,
        recall: &Recall,
        _steps: &[usize],
        public: &mut [f32],
        private: &mut [f32],
    ) {
        write_information(&view.deal, recall, public, private);
        write_match(view, window(public, MATCH_IN_INFORMATION, MATCH_LEN));
    }
}
