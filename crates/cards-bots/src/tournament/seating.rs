//! Who sits where when two bots play one deal: every seating of a duplicate match.

/// The seatings of bots A (`0`) and B (`1`) over `players` seats under which each deal is played:
///
/// - **3 players**: all six seatings that seat both (AAB, ABA, BAA, ABB, BAB, BBA), so each bot
///   holds every seat equally often, alone and in company;
/// - **otherwise** the alternating seating and its rotation (AB/BA for two players;
///   ABAB/BABA for four, which for Jass is the team swap, partners sitting opposite).
///
/// Each seat is held by A in exactly half the seatings, so the luck of a deal's cards falls
/// to both bots alike.
#[must_use]
pub fn seatings(players: usize) -> Vec<Vec<u8>> {
    if players == 3 {
        (1u8..7)
            .map(|mask| (0..3).map(|s| u8::from(mask >> s & 1 == 0)).collect())
            .collect()
    } else {
        (0..2u8)
            .map(|r| (0..players).map(|s| (s as u8 + r) % 2).collect())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_is_held_by_each_bot_equally_often() {
        for players in 2..=6 {
            let all = seatings(players);
            for seat in 0..players {
                let a = all.iter().filter(|s| s[seat] == 0).count();
                assert_eq!(2 * a, all.len(), "{players} players, seat {seat}");
            }
            assert!(all.iter().all(|s| s.contains(&0) && s.contains(&1)));
        }
        assert_eq!(seatings(4), vec![vec![0, 1, 0, 1], vec![1, 0, 1, 0]]);
        assert_eq!(seatings(3).len(), 6);
    }
}
