//! The files the command line writes (records), written one way everywhere: every target is
//! checked before any work starts, and every file is written whole or not at all.
//!
//! - A file is written to a temporary file in its own directory, then renamed over its name:
//!   a run killed mid-write leaves the old file (or none), never half a record.
//! - Only a regular file is ever replaced, and only when the user asked (`--force`): a path
//!   that is a directory, a symbolic link, a device, a FIFO or a socket is refused, so a
//!   command can neither turn `/dev/null` into a file nor follow a link somewhere else.
//! - A directory is created if needed and checked to be writable before the run, and the
//!   files a run could write are looked for in it first ([`Planned`]), so a long run is not
//!   lost at its end to a name already taken or a directory that cannot be written.

use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

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
    temporary(dir).map(drop).map_err(|source| OutputError::Io {
        path: dir.to_owned(),
        source,
    })
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
    let mut file = temporary(parent(path)).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    file.as_file().sync_all().map_err(io)?;
    file.persist(path).map_err(|e| io(e.error))?;
    Ok(())
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
