//! What a person types reads as the move meant: for every game type, at every decision of a
//! seeded random game, each legal move as the screen writes it (`{:#}`: `10♣`, `trump:♣`) and
//! in its notation reads back as that move, typed and through the erased table.

use cards_core::{GameRng, Indexed, Seed};
use cards_registry::{Catalogued, GameType, TableError, Visitor, catalogue};
use serde_json::json;

/// Plays one seeded random game of the visited type, reading every legal move back at every
/// decision; answers the number of moves read.
struct ReadBack {
    seed: u64,
}

impl Visitor for ReadBack {
    type Out = usize;

    fn visit<G: Catalogued, P: Indexed<Game = G> + Send + 'static>(
        self,
        line: &'static GameType,
    ) -> usize {
        let players = *line.players().start();
        let mut game = G::new(&G::Rules::default(), players, Seed::from(self.seed)).unwrap();
        let mut table = line.new_table(&json!({}), players, self.seed).unwrap();
        let mut rng = GameRng::new(Seed::from(self.seed), 29);
        let mut legal = Vec::new();
        let mut read = 0;
        while !game.is_terminal() {
            game.legal_actions(&mut legal);
            let moves = table.legal();
            for (k, &action) in legal.iter().enumerate() {
                for text in [format!("{action:#}"), action.to_string()] {
                    assert_eq!(game.read_action(&text), Some(action), "{line:?}: {text:?}");
                    // As typed in a terminal: spaces around it, the words in capitals.
                    let shouted = format!("  {}\t", text.to_uppercase());
                    assert_eq!(
                        game.read_action(&shouted),
                        Some(action),
                        "{line:?}: {shouted:?}"
                    );
                    let erased = table.read_action(&text).unwrap();
                    assert_eq!(erased, moves[k], "{line:?}: {text:?}");
                }
                // A learning loop's step ids read the screen's form as the notation.
                if let Ok(id) = table.step_id(&action.to_string()) {
                    let shown = table.step_id(&format!("{action:#}"));
                    assert_eq!(shown.ok(), Some(id), "{line:?}: {action:#}");
                }
                read += 1;
            }
            let i = rng.index(legal.len()).unwrap();
            game.play(legal[i]).unwrap();
            table.play_index(i).unwrap();
        }
        assert!(matches!(
            table.read_action("no such move"),
            Err(TableError::Notation(_))
        ));
        read
    }
}

#[test]
fn every_move_reads_back_as_shown_and_as_notation() {
    for line in catalogue() {
        for seed in [3, 29] {
            let read = line.visit(ReadBack { seed });
            assert!(read > 0, "{line:?}");
        }
    }
}

/// A move that is not legal now still reads: its index says it is not in the list.
#[test]
fn an_illegal_move_reads_with_no_place_in_the_list() {
    let line = cards_registry::find("jass", Some("schieber-deal")).unwrap();
    let table = line.new_table(&json!({}), 4, 5).unwrap();
    let read = table.read_action("predict:3").unwrap();
    assert_eq!(read.index, table.legal_len());
    assert_eq!(read.notation, "predict:3");
    let contract = table.read_action("Trump:♣").unwrap();
    assert_eq!(contract.notation, "trump:C");
    // Played as typed, it is the move read.
    let mut table = table;
    table.play(" Trump:♣ ").unwrap();
    assert_eq!(table.record()["actions"], json!(["trump:C"]));
}
