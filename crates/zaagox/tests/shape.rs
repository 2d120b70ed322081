//! The Didopoikas shape map Zaägox scores with (`docs/didopoikas.md`, "Shapes").

use cards_core::DidoCard;
use zaagox::{Scorer, Shape, ShapeMap, ShapeMapError};

#[test]
fn default_shape_map_matches_the_spec() {
    let map = ShapeMap::default();
    assert_eq!(map.counts(), Shape::DEFAULT_COUNTS);
    let shape = |s: &str| map.shape(s.parse().unwrap());
    assert_eq!(shape("S8"), Shape::Oxas);
    assert_eq!(shape("P8"), Shape::Oxas);
    assert_eq!(shape("A8"), Shape::Lindys);
    assert_eq!(shape("G8"), Shape::Lindys);
    assert_eq!(shape("A1"), Shape::Ronaldisis);
    assert_eq!(shape("S1"), Shape::Lindys);
    assert_eq!(shape("G0"), Shape::Quotos);
    let json = serde_json::to_string(&map).unwrap();
    assert_eq!(serde_json::from_str::<ShapeMap>(&json).unwrap(), map);
}

#[test]
fn user_shape_maps_are_validated() {
    let mut table = *ShapeMap::default().as_array();
    table.swap(1, 2); // A1 and A2 trade pictures: counts unchanged.
    assert!(ShapeMap::new(table, false).is_ok());
    let mut blank = table;
    blank[0] = Shape::Lindys;
    assert!(matches!(
        ShapeMap::new(blank, true),
        Err(ShapeMapError::BlankNotQuotos { .. })
    ));
    // A numbered card may be Quotos only with custom counts (the spec fixes only the blanks),
    // and then scores as a Quotos: A1 Quotos beside a blank is one shape kind, not two.
    let mut numbered = table;
    numbered[1] = Shape::Quotos;
    assert!(matches!(
        ShapeMap::new(numbered, false),
        Err(ShapeMapError::NumberedQuotos { .. })
    ));
    let quotos = ShapeMap::new(numbered, true).unwrap();
    let a1: DidoCard = "A1".parse().unwrap();
    assert_eq!(quotos.shape(a1), Shape::Quotos);
    let set: Vec<DidoCard> = ["A0", "A1", "S1", "G2"]
        .map(|c| c.parse().unwrap())
        .to_vec();
    let (custom, default) = (
        Scorer::new(&quotos).score(&set).unwrap(),
        Scorer::DEFAULT.score(&set).unwrap(),
    );
    assert_eq!(custom, zaagox::reference::score(&set, &quotos).unwrap());
    assert_eq!(
        custom.shape_kinds + 1,
        default.shape_kinds,
        "{custom} against {default}"
    );
    let mut counts = table;
    counts[1] = Shape::Oxas;
    assert!(matches!(
        ShapeMap::new(counts, false),
        Err(ShapeMapError::Counts { .. })
    ));
    let custom = ShapeMap::new(counts, true).unwrap();
    let json = serde_json::to_string(&custom).unwrap();
    assert_eq!(serde_json::from_str::<ShapeMap>(&json).unwrap(), custom);
    assert!(serde_json::from_str::<ShapeMap>(r#"{"shapes":{}}"#).is_err());
}
