//! Writing a file so that a crash, a full disk or a killed process mid-write never destroys
//! what was there (the `tempfile` crate's glue): the new content goes to a uniquely named
//! temporary file in the same directory, is flushed to disk, and is renamed over the target;
//! the previous file is kept beside it as `<name>.bak` first.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// Where the previous version of `path` is kept: `save.json` → `save.json.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".bak");
    path.with_file_name(name)
}

/// Replaces `path` with `bytes` atomically, keeping the previous file as [`backup_path`].
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with(path, |f| f.write_all(bytes))
}

/// As [`write`], with the content produced by `fill` (tests inject a failing writer here).
/// If `fill`, the flush or the backup fails, the target and its backup are as they were and
/// the temporary file is removed.
pub fn write_with(path: &Path, fill: impl FnOnce(&mut File) -> io::Result<()>) -> io::Result<()> {
    let dir = parent_dir(path);
    std::fs::create_dir_all(&dir)?;
    let mut tmp = temp_in(&dir, path)?;
    fill(tmp.as_file_mut())?;
    tmp.as_file_mut().flush()?;
    if let Ok(old) = std::fs::metadata(path) {
        // The replacement keeps the file's permissions, as an in-place write would.
        tmp.as_file().set_permissions(old.permissions())?;
    }
    tmp.as_file().sync_all()?;
    if path.exists() {
        keep_backup(path, &dir)?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    sync_dir(&dir);
    Ok(())
}

/// Copies the current file to its backup, itself through a temporary file and a rename, so
/// the backup is never half written either.
fn keep_backup(path: &Path, dir: &Path) -> io::Result<()> {
    let mut tmp = temp_in(dir, path)?;
    let mut old = File::open(path)?;
    io::copy(&mut old, tmp.as_file_mut())?;
    tmp.as_file().set_permissions(old.metadata()?.permissions())?;
    tmp.as_file().sync_all()?;
    tmp.persist(backup_path(path)).map_err(|e| e.error)?;
    Ok(())
}

/// A temporary file beside `path`, named after it (`.save.json.XXXXXX.tmp`), removed if dropped.
/// On Unix it is created with the mode any new file gets (0666 less the umask), not tempfile's
/// owner-only 0600, since it becomes the save itself.
fn temp_in(dir: &Path, path: &Path) -> io::Result<NamedTempFile> {
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(path.file_name().unwrap_or_default());
    prefix.push(".");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder.tempfile_in(dir)
}

fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Makes the rename itself durable (Unix: the directory entry is flushed). Best effort: some
/// file systems refuse to sync a directory, and the data is already safe either way.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("vt-atomic-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn a_write_replaces_the_file_and_keeps_the_previous_one_as_backup() {
        let dir = scratch("replace");
        let path = dir.join("save.json");
        write(&path, b"first").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        assert!(!backup_path(&path).exists(), "nothing to back up the first time");
        write(&path, b"second").unwrap();
        write(&path, b"third").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"third");
        assert_eq!(std::fs::read(backup_path(&path)).unwrap(), b"second");
        assert_eq!(entries(&dir), ["save.json", "save.json.bak"], "no temporary files left");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_its_backup_and_no_temporary_file() {
        let dir = scratch("fail");
        let path = dir.join("save.json");
        write(&path, b"old").unwrap();
        write(&path, b"current").unwrap();
        // The disk fills up half way through the new content.
        let err = write_with(&path, |f| {
            f.write_all(b"{\"half\": ")?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
        })
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert_eq!(std::fs::read(&path).unwrap(), b"current");
        assert_eq!(std::fs::read(backup_path(&path)).unwrap(), b"old", "the backup is not touched by a failed write");
        assert_eq!(entries(&dir), ["save.json", "save.json.bak"]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_target_that_cannot_be_written_is_an_error_not_a_panic() {
        let dir = scratch("notdir");
        let file = dir.join("plain-file");
        std::fs::write(&file, b"x").unwrap();
        // Its "directory" is a file: nothing can be created there (also as root).
        assert!(write(&file.join("save.json"), b"new").is_err());
        assert_eq!(std::fs::read(&file).unwrap(), b"x");
        assert_eq!(entries(&dir), ["plain-file"]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_usual_mode_and_a_replaced_one_keeps_its_own() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("mode");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        std::fs::write(dir.join("plain"), b"x").unwrap();
        let path = dir.join("save.json");
        write(&path, b"new").unwrap();
        assert_eq!(mode(&path), mode(&dir.join("plain")), "as fs::write would create it (umask applied)");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write(&path, b"newer").unwrap();
        assert_eq!(mode(&path), 0o640);
        assert_eq!(mode(&backup_path(&path)), 0o640);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_missing_directory_is_created_and_a_bare_name_lands_in_the_current_one() {
        let dir = scratch("mkdir");
        let path = dir.join("a/b/save.json");
        write(&path, b"deep").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"deep");
        assert_eq!(parent_dir(Path::new("save.json")), PathBuf::from("."));
        assert_eq!(backup_path(Path::new("dir/save.json")), PathBuf::from("dir/save.json.bak"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
