//! The frame's small types: per-seat values, the action mask, seeds in JSON, player counts.

use cards_core::{ActionMask, MAX_SEATS, PerSeat, PlayerCountError, PlayerId, Seed};

#[test]
fn per_seat_holds_exactly_the_table() {
    let mut s = PerSeat::<i64>::new(3).unwrap();
    assert_eq!(s, [0, 0, 0]);
    s[1] = 5;
    s[2] = -5;
    assert_eq!(s.iter().sum::<i64>(), 0);
    assert_eq!(serde_json::to_string(&s).unwrap(), "[0,5,-5]");
    let back: PerSeat<i64> = serde_json::from_str("[0,5,-5]").unwrap();
    assert_eq!(back, s);
    assert_eq!(s.map(|v| v as f64), [0.0, 5.0, -5.0]);
    assert_eq!(s.to_string(), "[0, 5, -5]");
    assert_eq!(format!("{s:?}"), "[0, 5, -5]");
    assert!(PerSeat::<i64>::new(MAX_SEATS + 1).is_none());
    let nine = format!("[{}]", ["1"; MAX_SEATS + 1].join(","));
    let err = serde_json::from_str::<PerSeat<i64>>(&nine).unwrap_err();
    assert!(err.to_string().contains("at most"), "{err}");
    // Unused slots never leak into equality.
    let mut a = PerSeat::<i64>::from_slice(&[1, 2]).unwrap();
    let b = PerSeat::<i64>::from_slice(&[1, 2]).unwrap();
    a[0] = 1;
    assert_eq!(a, b);
}

#[test]
fn action_mask_is_a_bounded_bitset() {
    let mut mask = ActionMask::new(130);
    assert!(mask.is_empty());
    for i in [0, 63, 64, 129] {
        assert!(mask.insert(i));
    }
    assert!(!mask.insert(64), "already in");
    assert!(!mask.insert(130));
    assert_eq!(mask.len(), 4);
    assert_eq!(mask.iter().collect::<Vec<_>>(), [0, 63, 64, 129]);
    assert!(!mask.contains(130) && !mask.contains(usize::MAX));
    mask.reset(10);
    assert!(mask.is_empty());
    assert_eq!(mask.bound(), 10);
    assert_eq!(mask.words().len(), 1);
}

#[test]
fn seeds_read_hex_or_integers() {
    let hex = serde_json::to_string(&Seed::from(42)).unwrap();
    assert_eq!(hex.len(), 66);
    assert_eq!(serde_json::from_str::<Seed>(&hex).unwrap(), Seed::from(42));
    assert_eq!(serde_json::from_str::<Seed>("42").unwrap(), Seed::from(42));
    assert_eq!(
        serde_json::from_str::<Seed>("18446744073709551615").unwrap(),
        Seed::from(u64::MAX)
    );
    for bad in ["-1", "1.5", "18446744073709551616", "\"42\"", "null", "[]"] {
        assert!(serde_json::from_str::<Seed>(bad).is_err(), "{bad}");
    }
}

#[test]
fn player_counts_are_checked_with_their_range() {
    assert!(PlayerCountError::check("g", 3, 2..=4).is_ok());
    let err = PlayerCountError::check("g", 5, 2..=4).unwrap_err();
    assert_eq!(err.to_string(), "g is played by 2 to 4 players, not 5");
    assert_eq!(PlayerId(3).next(4), PlayerId(0));
    assert_eq!(PlayerId(3).next(0), PlayerId(0));
    assert_eq!(format!("{:?}", PlayerId(1)), "Seat(1)");
    assert_eq!(PlayerId::all(3).collect::<Vec<_>>().len(), 3);
    assert_eq!(PlayerId::from_index(MAX_SEATS), None);
}
