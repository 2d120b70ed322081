//! Tensors for a learning agent: one Schieber deal, seat 0 a client that is told only its own
//! redacted events, from which it keeps its view and its recall (`cards_core::Knowledge`) and
//! writes its observation and information state, public part first, into buffers it reuses.
//!
//! `cargo run --example tensors`

use cards_core::{Encode, Knowledge, PlayerId, RandomPlayer};
use jass::{Game, Rules, SchieberDeal, Seed};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rules = Rules::default();
    let mut game = SchieberDeal::new(&rules, 4, Seed::from(42))?;
    let me = PlayerId(0);

    // The client's side: what seat 0 knows, from its redacted events alone.
    let mut knowledge = Knowledge::<SchieberDeal>::new(&rules, 4, me);
    let mut events = Vec::new();
    game.start_events(&mut events);
    let mut observation = vec![0.0; SchieberDeal::OBSERVATION.len()];
    let mut information = vec![0.0; SchieberDeal::INFORMATION_STATE.len()];
    let (mut player, mut buf, mut told) = (RandomPlayer::new(Seed::from(7)), Vec::new(), 0);
    while let Some(action) = player.choose(&game, &mut buf) {
        for event in &events[told..] {
            knowledge.observe(&SchieberDeal::redact(&rules, event, me))?;
        }
        told = events.len();
        if game.to_act() == Some(me) {
            knowledge.observation(&[], &mut observation)?;
            knowledge.information_state(&[], &mut information)?;
            let (public, private) = observation.split_at(SchieberDeal::OBSERVATION.public);
            println!(
                "seat 0 to play {action}: {} public and {} private values set, {} in its history",
                public.iter().filter(|&&x| x != 0.0).count(),
                private.iter().filter(|&&x| x != 0.0).count(),
                information.iter().filter(|&&x| x != 0.0).count(),
            );
        }
        game.play_reporting(action, &mut events)?;
    }
    println!("{}", game.outcome().ok_or("the deal is over")?);
    Ok(())
}
