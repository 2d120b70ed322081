//! The bad-input corpus (`tests/hostile/*.json`, `docs/limits.md`): for every surface a user
//! reaches (oracle lines, records, rules, `play`'s input, command-line values, file targets), a
//! committed set of hostile inputs, each run through the real binary under a memory and a time
//! bound, with the exit status and the words it must answer. A regression to unbounded use
//! fails the case (killed at its bound), not the machine.
//!
//! A case is a JSON object:
//! - `name`; `args` (each a string, or `{"repeat": R, "times": N, "then": T}` for a long one);
//!   `{tmp}` in an argument is the case's own empty directory;
//! - `stdin`: a string, a repeated one as above, or `{"file": PATH}` (`/dev/zero`); none: empty;
//! - `files`: what to make in `{tmp}` first: `{"name": "text"}`, or `{"name": {"dir": true}}`,
//!   `{"name": {"symlink": "target"}}`, `{"name": {"fifo": true}}`;
//! - `exit` (the status), `stdout` and `stderr` (texts each must contain), `not_stderr`,
//!   `not_stdout` (texts neither may contain), `lines` (how many lines stdout has);
//! - `kept`: `{"name": "text"}`, files of `{tmp}` that must still hold exactly that, and
//!   `not_there`: names that must not exist afterwards, (`.partial` files are never left);
//! - `memory_mb` (default 1024) and `seconds` (default 30): the bounds.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Every case file, by surface.
const SURFACES: &[&str] = &["oracle", "records", "rules", "play", "args", "files"];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile")
}

/// A text argument or input: as written, or generated.
fn text(value: &Value) -> Vec<u8> {
    match value {
        Value::String(s) => s.as_bytes().to_vec(),
        Value::Object(o) => {
            let repeat = o["repeat"].as_str().unwrap_or_default();
            let times = o["times"].as_u64().unwrap_or(1) as usize;
            let then = o.get("then").and_then(Value::as_str).unwrap_or_default();
            let mut out = repeat.repeat(times).into_bytes();
            out.extend_from_slice(then.as_bytes());
            out
        }
        other => panic!("not a text: {other}"),
    }
}

/// Makes the case's files in `dir`.
fn make_files(dir: &Path, files: &serde_json::Map<String, Value>) {
    for (name, what) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        match what {
            Value::Object(o) if o.contains_key("dir") => std::fs::create_dir_all(&path).unwrap(),
            #[cfg(unix)]
            Value::Object(o) if o.contains_key("symlink") => {
                std::os::unix::fs::symlink(o["symlink"].as_str().unwrap(), &path).unwrap();
            }
            #[cfg(unix)]
            Value::Object(o) if o.contains_key("fifo") => {
                let status = Command::new("mkfifo").arg(&path).status().unwrap();
                assert!(status.success());
            }
            other => std::fs::write(&path, text(other)).unwrap(),
        }
    }
}

/// Runs one case; `Err` says what went wrong.
fn run(case: &Value, root: &Path) -> Result<(), String> {
    let name = case["name"].as_str().unwrap_or("unnamed");
    let tmp = root.join(name.replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    if let Some(files) = case.get("files").and_then(Value::as_object) {
        make_files(&tmp, files);
    }
    let tmp_text = tmp.to_str().unwrap();
    let args: Vec<std::ffi::OsString> = case["args"]
        .as_array()
        .map(|a| a.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|a| {
            let bytes = text(a);
            String::from_utf8(bytes)
                .unwrap()
                .replace("{tmp}", tmp_text)
                .into()
        })
        .collect();
    let memory_mb = case["memory_mb"].as_u64().unwrap_or(1024);
    let seconds = case["seconds"].as_u64().unwrap_or(30);
    let bin = env!("CARGO_BIN_EXE_cardrules");
    // The memory bound: the address space the process may map, set by the shell.
    let mut command = if cfg!(unix) {
        let mut c = Command::new("sh");
        c.arg("-c")
            .arg(format!(
                "ulimit -v {}; exec \"$0\" \"$@\"",
                memory_mb * 1024
            ))
            .arg(bin)
            .args(&args);
        c
    } else {
        let mut c = Command::new(bin);
        c.args(&args);
        c
    };
    command
        .current_dir(&tmp)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let stdin = case.get("stdin");
    match stdin {
        Some(Value::Object(o)) if o.contains_key("file") => {
            let file = std::fs::File::open(o["file"].as_str().unwrap()).unwrap();
            command.stdin(Stdio::from(file));
        }
        Some(_) => {
            command.stdin(Stdio::piped());
        }
        None => {
            command.stdin(Stdio::null());
        }
    }
    let start = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| format!("{name}: cannot start: {e}"))?;
    let writer = match stdin {
        Some(value @ (Value::String(_) | Value::Object(_))) if child.stdin.is_some() => {
            let bytes = text(value);
            let mut pipe = child.stdin.take().unwrap();
            Some(std::thread::spawn(move || {
                // The program may stop reading early (a refused line ends a game): fine.
                let _ = pipe.write_all(&bytes);
            }))
        }
        _ => None,
    };
    let out_pipe = child.stdout.take().unwrap();
    let err_pipe = child.stderr.take().unwrap();
    let read = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = pipe.read_to_end(&mut buf);
            buf
        })
    };
    let out_reader = read(Box::new(out_pipe));
    let err_reader = read(Box::new(err_pipe));
    let limit = Duration::from_secs(seconds);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{name}: still running after {seconds} s (killed)"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if let Some(writer) = writer {
        let _ = writer.join();
    }
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    let shown = |s: &str| s.chars().take(600).collect::<String>();
    let fail = |why: String| {
        Err(format!(
            "{name}: {why}\n  status {status:?}\n  stdout: {}\n  stderr: {}",
            shown(&stdout),
            shown(&stderr)
        ))
    };
    let expected_exit = case["exit"].as_i64().unwrap_or(0);
    if status.code().map(i64::from) != Some(expected_exit) {
        return fail(format!("exit {:?}, not {expected_exit}", status.code()));
    }
    let list = |key: &str| -> Vec<String> {
        match case.get(key) {
            Some(Value::String(s)) => vec![s.clone()],
            Some(Value::Array(a)) => a.iter().map(|v| v.as_str().unwrap().to_owned()).collect(),
            _ => Vec::new(),
        }
    };
    for needle in list("stdout") {
        if !stdout.contains(&needle.replace("{tmp}", tmp_text)) {
            return fail(format!("stdout lacks {needle:?}"));
        }
    }
    for needle in list("stderr") {
        if !stderr.contains(&needle.replace("{tmp}", tmp_text)) {
            return fail(format!("stderr lacks {needle:?}"));
        }
    }
    // No answer names a Rust type or panics, whatever the case.
    for needle in list("not_stderr").into_iter().chain([
        "panicked".to_owned(),
        "struct Raw".to_owned(),
        "RUST_BACKTRACE".to_owned(),
    ]) {
        if stderr.contains(&needle) {
            return fail(format!("stderr has {needle:?}"));
        }
    }
    for needle in list("not_stdout") {
        if stdout.contains(&needle) {
            return fail(format!("stdout has {needle:?}"));
        }
    }
    if let Some(lines) = case["lines"].as_u64()
        && stdout.lines().count() as u64 != lines
    {
        return fail(format!(
            "{} lines on stdout, not {lines}",
            stdout.lines().count()
        ));
    }
    if let Some(kept) = case.get("kept").and_then(Value::as_object) {
        for (file, contents) in kept {
            let path = tmp.join(file);
            let meta = std::fs::symlink_metadata(&path);
            match contents {
                Value::Object(o) if o.contains_key("symlink") => {
                    if !meta.is_ok_and(|m| m.file_type().is_symlink()) {
                        return fail(format!("{file} is no longer a symbolic link"));
                    }
                }
                Value::Object(o) if o.contains_key("dir") => {
                    if !meta.is_ok_and(|m| m.is_dir()) {
                        return fail(format!("{file} is no longer a directory"));
                    }
                }
                #[cfg(unix)]
                Value::Object(o) if o.contains_key("fifo") => {
                    use std::os::unix::fs::FileTypeExt as _;
                    if !meta.is_ok_and(|m| m.file_type().is_fifo()) {
                        return fail(format!("{file} is no longer a FIFO"));
                    }
                }
                other => {
                    if std::fs::read(&path).ok() != Some(text(other)) {
                        return fail(format!("{file} changed"));
                    }
                }
            }
        }
    }
    for file in list("not_there") {
        if tmp.join(&file).exists() {
            return fail(format!("{file} exists"));
        }
    }
    let partial = walk(&tmp)
        .into_iter()
        .find(|p| p.to_string_lossy().ends_with(".partial"));
    if let Some(partial) = partial {
        return fail(format!("{} is left behind", partial.display()));
    }
    Ok(())
}

/// Every path under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                out.extend(walk(&path));
            }
            out.push(path);
        }
    }
    out
}

#[test]
fn every_hostile_input_is_refused_in_bounded_time_and_memory() {
    let root = std::env::temp_dir().join(format!("cardrules-hostile-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut count = 0;
    for surface in SURFACES {
        let path = corpus_dir().join(format!("{surface}.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        let cases: Vec<Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!cases.is_empty(), "{surface}");
        for case in &cases {
            count += 1;
            if let Err(e) = run(case, &root.join(surface)) {
                failures.push(format!("[{surface}] {e}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(
        failures.is_empty(),
        "{} of {count} hostile cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
