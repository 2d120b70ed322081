//! After `pipe::stop_every_program` (a front end's Ctrl-C), a deal with outside programs is no
//! result: it may have been played partly by the faults' fallback. A test binary of its own,
//! since the stop lasts for the rest of the process.

use std::time::Duration;

use cards_registry::pipe::{stop_every_program, stopped_every_program};
use cards_registry::{Entry, TableError, find};

#[cfg(unix)]
#[test]
fn a_deal_ended_after_the_programs_were_stopped_is_no_result() {
    let answers = "python3 -c 'import json, sys\n\
                   for line in sys.stdin:\n    \
                   print(json.dumps({\"action\": json.loads(line)[\"legal\"][0]}), flush=True)'";
    let program = Entry::from_name(&format!("exec:{answers}"), Duration::from_secs(30)).unwrap();
    let jass = find("jass", None).unwrap();
    let rules = jass.default_rules();
    let with_program = jass
        .duplicate_with(&rules, 4, &[program, Entry::Bot("random".into())], 5)
        .unwrap();
    let ladder = jass
        .duplicate_with(
            &rules,
            4,
            &[Entry::Bot("rules".into()), Entry::Bot("random".into())],
            5,
        )
        .unwrap();

    let before = with_program.play_deal(0, false).unwrap();
    assert!(before.games.iter().all(|g| g.faults.is_empty()));
    assert!(!stopped_every_program());

    stop_every_program();
    assert!(stopped_every_program());
    assert_eq!(
        with_program.play_deal(1, false).unwrap_err(),
        TableError::ProgramsStopped { deal: 1 }
    );
    // A deal of the ladder's bots alone is untouched.
    assert_eq!(
        ladder.play_deal(1, false).unwrap().games.len(),
        before.games.len()
    );
}
