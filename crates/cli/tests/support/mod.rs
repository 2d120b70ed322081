//! Running the `cardrules` binary from the integration tests.

use std::process::{Command, Output};

/// Runs `cardrules` with `args`.
pub fn cardrules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardrules"))
        .args(args)
        .output()
        .expect("start cardrules")
}

/// The standard output of a run that must succeed.
pub fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "status {:?}, stderr: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The text the CLI prints on stderr for `args` (which must fail with usage status 2).
pub fn usage_error(args: &[&str]) -> String {
    let out = cardrules(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}
