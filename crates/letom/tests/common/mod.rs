//! Rule sets shared by the integration tests.

use letom::{BombMultiplier, Dokbak, Exhaustion, PlayerId, RenScoring, Rules};

/// Every option away from its default: Ren additive, bombs × 2, pi-bak to 2, meong-bak from
/// 5, no sweep, the highest score on exhaustion, carry × 2, 독박 by the last Ren caller,
/// gwang-selling at 3 a Guã with the reshuffle, a stake of 5, seat 1 dealing first.
pub fn flipped() -> Rules {
    Rules {
        ren: RenScoring::Additive,
        bomb: BombMultiplier::Double,
        pi_bak_max: 2,
        meong_bak_min: 5,
        sweep: false,
        exhaustion: Exhaustion::HighestScore,
        carry_cap: 2,
        dokbak: Dokbak::LastRenCaller,
        gwang_selling: true,
        gwang_price: 3,
        reshuffle_sold: true,
        stake: 5,
        first_dealer: Some(PlayerId(1)),
        ..Rules::default()
    }
}
