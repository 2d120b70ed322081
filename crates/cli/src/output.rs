//! The files the command line writes (records), written one way everywhere: every target is
//! checked before any work starts, and every file is written whole or not at all.
//!
//! - A file is written to a temporary file in its own directory, then renamed over its name:
//!   a run killed mid-write leaves the old file (or none), never half a record. Ctrl-C removes
//!   the temporary files being written before the process ends ([`remove_partial_files`]).
//! - Only a regular file is ever replaced, and only when the user asked (`--force`): a path
//!   that is a directory, a symbolic link, a device, a FIFO or a socket is refused, so a
//!   command can neither turn `/dev/null` into a file nor follow a link somewhere else.
//! - A directory is created if needed and checked to be writable before the run, and the
//!   files a run could write are looked for in it first ([`Planned`]), so a long run is not
//!   lost at its end to a name already taken or a directory that cannot be written.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Why a file or directory cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The path exists and is not a regular file (or, for a directory, not a directory).
    #[error("{path} is {what}, not {wanted}: give another path")]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is (`a directory`, `a symbolic link`, …).
        what: &'static str,
        /// What it should be (`a regular file`, `a directory`).
        wanted: &'static str,
    },
    /// A file of that name exists and `--force` was not given.
    #[error("{path} exists; --force replaces it, or give another path")]
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// The file's directory does not exist.
    #[error("the directory of {path} does not exist")]
    NoDirectory {
        /// The file.
        path: PathBuf,
    },
    /// The operating system refused.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Its reason.
        source: io::Error,
    },
}

/// What `path` is, when it is not what a command may write to: `None` for a regular file.
fn kind(meta: &fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    Some(if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        special(&kind)
    })
}

#[cfg(unix)]
fn special(kind: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt as _;
    if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_block_device() || kind.is_char_device() {
        "a device"
    } else {
        "not a regular file"
    }
}

#[cfg(not(unix))]
fn special(_: &fs::FileType) -> &'static str {
    "not a regular file"
}

/// The directory a file is written in (`.` for a bare name).
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Checks that the file `path` may be written: absent, or a regular file when `force`; its
/// directory exists and takes new files. Changes nothing.
///
/// # Errors
/// [`OutputError`] saying what is wrong with the path.
pub fn check_file(path: &Path, force: bool) -> Result<(), OutputError> {
    match fs::symlink_metadata(path) {
        Ok(meta) => {
            if let Some(what) = kind(&meta) {
                return Err(OutputError::NotRegular {
                    path: path.to_owned(),
                    what,
                    wanted: "a regular file",
                });
            }
            if !force {
                return Err(OutputError::Exists {
                    path: path.to_owned(),
                });
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(source) => {
            return Err(OutputError::Io {
                path: path.to_owned(),
                source,
            });
        }
    }
    let dir = parent(path);
    if !dir.is_dir() {
        return Err(OutputError::NoDirectory {
            path: path.to_owned(),
        });
    }
    probe(dir)
}

/// Creates the directory `dir` if needed and checks that it takes new files.
///
/// # Errors
/// [`OutputError`] when `dir` is not a directory (a file, or a link: followed nowhere) or
/// cannot be created or written.
pub fn prepare_dir(dir: &Path) -> Result<(), OutputError> {
    match fs::symlink_metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(meta) => {
            return Err(OutputError::NotRegular {
                path: dir.to_owned(),
                what: kind(&meta).unwrap_or("a regular file"),
                wanted: "a directory",
            });
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            fs::create_dir_all(dir).map_err(|source| OutputError::Io {
                path: dir.to_owned(),
                source,
            })?;
        }
        Err(source) => {
            return Err(OutputError::Io {
                path: dir.to_owned(),
                source,
            });
        }
    }
    probe(dir)
}

/// Whether `dir` takes a new file: one is made and removed.
fn probe(dir: &Path) -> Result<(), OutputError> {
    Partial::new(dir)
        .map(drop)
        .map_err(|source| OutputError::Io {
            path: dir.to_owned(),
            source,
        })
}

/// The temporary files being written, for Ctrl-C to remove. A file is listed, under this lock,
/// from before it is made until after it is renamed or removed, so that once the handler holds
/// the lock no file is made, finished or left behind.
static PARTIAL_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn partial_files() -> MutexGuard<'static, Vec<PathBuf>> {
    // The list stays whole whatever panicked while it was held: each change is one push or
    // one removal.
    PARTIAL_FILES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes every temporary file being written, and returns the list's lock: while it is held,
/// no thread makes or finishes a file. For Ctrl-C's handler, which ends the process holding it:
/// what was being written is lost then, and the user named no such file.
pub fn remove_partial_files() -> MutexGuard<'static, Vec<PathBuf>> {
    let files = partial_files();
    remove_all(&files);
    files
}

fn remove_all(files: &[PathBuf]) {
    for path in files {
        // Best effort: the process ends whatever the answer.
        let _ = fs::remove_file(path);
    }
}

/// A temporary file in a directory (see [`temporary`]), listed in [`PARTIAL_FILES`] while it
/// exists: removed when dropped, unless [`Partial::persist`] renamed it.
struct Partial(Option<tempfile::NamedTempFile>);

impl Partial {
    fn new(dir: &Path) -> io::Result<Self> {
        let mut files = partial_files();
        let file = temporary(dir)?;
        files.push(file.path().to_owned());
        Ok(Self(Some(file)))
    }

    fn file(&self) -> io::Result<&fs::File> {
        self.0.as_ref().map(|f| f.as_file()).ok_or_else(gone)
    }

    /// Renames the file to `path` (over a file there).
    fn persist(mut self, path: &Path) -> io::Result<()> {
        let mut files = partial_files();
        let file = self.0.take().ok_or_else(gone)?;
        unlist(&mut files, file.path());
        // On failure the error holds the file, removed as it drops, still under the lock.
        file.persist(path).map(drop).map_err(|e| e.error)
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        let mut files = partial_files();
        if let Some(file) = self.0.take() {
            unlist(&mut files, file.path());
            let _ = file.close();
        }
    }
}

/// Only [`Partial::persist`] and the drop take the file, and each ends its `Partial`.
fn gone() -> io::Error {
    io::Error::other("the temporary file was already renamed")
}

fn unlist(files: &mut Vec<PathBuf>, path: &Path) {
    if let Some(at) = files.iter().position(|p| p == path) {
        files.swap_remove(at);
    }
}

/// A temporary file in `dir` (removed when dropped unless persisted), readable as a file the
/// user made is.
fn temporary(dir: &Path) -> io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".cardrules-").suffix(".partial");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        // Subject to the umask, like any file the user creates (tempfile's default is 0600).
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// Writes `bytes` to `path` whole: into a temporary file beside it, then renamed over it.
/// Replaces only a regular file (checked again here; whether it may be replaced at all is
/// [`check_file`]'s question, asked before the work).
///
/// # Errors
/// [`OutputError`] when the path is not a regular file or the system refuses; nothing is left
/// behind then.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let io = |source| OutputError::Io {
        path: path.to_owned(),
        source,
    };
    if let Ok(meta) = fs::symlink_metadata(path)
        && let Some(what) = kind(&meta)
    {
        return Err(OutputError::NotRegular {
            path: path.to_owned(),
            what,
            wanted: "a regular file",
        });
    }
    let file = Partial::new(parent(path)).map_err(io)?;
    let mut handle = file.file().map_err(io)?;
    handle.write_all(bytes).map_err(io)?;
    handle.sync_all().map_err(io)?;
    file.persist(path).map_err(io)
}

/// The files a run may write into a directory, to look for before the run: a run's names are
/// known (all of them, or a pattern with the range it covers) before its games are played.
pub trait Planned {
    /// Whether this run may write a file called `name`.
    fn may_write(&self, name: &str) -> bool;
}

/// Checks, before a run that writes into `dir`, that no file it may write is there already
/// (unless `force`, and then only regular files), after [`prepare_dir`].
///
/// # Errors
/// [`OutputError::Exists`] (or [`OutputError::NotRegular`]) naming the first such file by
/// name, and [`prepare_dir`]'s errors.
pub fn check_dir(dir: &Path, plan: &dyn Planned, force: bool) -> Result<(), OutputError> {
    prepare_dir(dir)?;
    let io = |source| OutputError::Io {
        path: dir.to_owned(),
        source,
    };
    let mut taken: Vec<(PathBuf, fs::Metadata)> = Vec::new();
    for entry in fs::read_dir(dir).map_err(io)? {
        let entry = entry.map_err(io)?;
        let name = entry.file_name();
        if name.to_str().is_some_and(|name| plan.may_write(name)) {
            taken.push((entry.path(), entry.metadata().map_err(io)?));
        }
    }
    taken.sort_by(|a, b| a.0.cmp(&b.0));
    for (path, meta) in taken {
        if let Some(what) = kind(&meta) {
            return Err(OutputError::NotRegular {
                path,
                what,
                wanted: "a regular file",
            });
        }
        if !force {
            return Err(OutputError::Exists { path });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("cardrules-output-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".partial"))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_written_whole_and_replaced_only_when_asked() {
        let dir = scratch("file");
        let path = dir.join("a.json");
        check_file(&path, false).unwrap();
        write_file(&path, b"one").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"one");
        let e = check_file(&path, false).unwrap_err();
        assert!(matches!(e, OutputError::Exists { .. }), "{e}");
        assert!(e.to_string().contains("--force"), "{e}");
        check_file(&path, true).unwrap();
        write_file(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert!(leftovers(&dir).is_empty());
        let e = check_file(&dir.join("no/such/dir/a.json"), true).unwrap_err();
        assert!(matches!(e, OutputError::NoDirectory { .. }), "{e}");
    }

    #[test]
    fn a_temporary_file_is_listed_for_ctrl_c_while_it_exists() {
        let dir = scratch("listed");
        let listed = |path: &Path| partial_files().iter().any(|p| p == path);
        // Dropped: removed and no longer listed.
        let dropped = Partial::new(&dir).unwrap();
        let path = dropped.0.as_ref().unwrap().path().to_owned();
        assert!(listed(&path) && path.exists());
        drop(dropped);
        assert!(!listed(&path) && !path.exists());
        // Renamed: no longer listed.
        let renamed = Partial::new(&dir).unwrap();
        let path = renamed.0.as_ref().unwrap().path().to_owned();
        renamed.persist(&dir.join("a.json")).unwrap();
        assert!(!listed(&path));
        assert_eq!(fs::read(dir.join("a.json")).unwrap(), b"");
        // What Ctrl-C's handler does to a file being written.
        let cut = Partial::new(&dir).unwrap();
        let path = cut.0.as_ref().unwrap().path().to_owned();
        remove_all(std::slice::from_ref(&path));
        assert!(leftovers(&dir).is_empty());
        drop(cut);
        assert!(!listed(&path));
    }

    #[test]
    fn what_is_not_a_regular_file_is_never_replaced() {
        let dir = scratch("special");
        let sub = dir.join("sub");
        fs::create_dir(&sub).unwrap();
        for force in [false, true] {
            let e = check_file(&sub, force).unwrap_err();
            assert!(e.to_string().contains("is a directory"), "{e}");
        }
        let e = write_file(&sub, b"x").unwrap_err();
        assert!(matches!(e, OutputError::NotRegular { .. }), "{e}");
        assert!(sub.is_dir());
        assert!(leftovers(&dir).is_empty());
        #[cfg(unix)]
        {
            let target = dir.join("target.json");
            fs::write(&target, b"kept").unwrap();
            let link = dir.join("link.json");
            std::os::unix::fs::symlink(&target, &link).unwrap();
            let e = check_file(&link, true).unwrap_err();
            assert!(e.to_string().contains("is a symbolic link"), "{e}");
            assert!(write_file(&link, b"x").is_err());
            assert_eq!(fs::read(&target).unwrap(), b"kept");
            assert!(
                fs::symlink_metadata(&link)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            let e = check_file(Path::new("/dev/null"), true).unwrap_err();
            assert!(e.to_string().contains("/dev/null is a device"), "{e}");
            let e = prepare_dir(&link).unwrap_err();
            assert!(e.to_string().contains("not a directory"), "{e}");
        }
    }

    struct Names(&'static [&'static str]);

    impl Planned for Names {
        fn may_write(&self, name: &str) -> bool {
            self.0.contains(&name)
        }
    }

    #[test]
    fn a_directory_is_checked_for_the_runs_names_first() {
        let dir = scratch("dir").join("new");
        check_dir(&dir, &Names(&["a.json"]), false).unwrap();
        assert!(dir.is_dir());
        fs::write(dir.join("other.json"), b"").unwrap();
        check_dir(&dir, &Names(&["a.json"]), false).unwrap();
        fs::write(dir.join("a.json"), b"").unwrap();
        let e = check_dir(&dir, &Names(&["a.json"]), false).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("a.json exists; --force replaces it, or give another path"),
            "{e}"
        );
        check_dir(&dir, &Names(&["a.json"]), true).unwrap();
        fs::create_dir(dir.join("b.json")).unwrap();
        let e = check_dir(&dir, &Names(&["b.json"]), true).unwrap_err();
        assert!(e.to_string().contains("is a directory"), "{e}");
        let file = dir.join("other.json");
        let e = prepare_dir(&file).unwrap_err();
        assert!(
            e.to_string().contains("is a regular file, not a directory"),
            "{e}"
        );
    }
}
