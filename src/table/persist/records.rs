//! Game records at the table: the game written as PGN (the chess games PGN carries) or the
//! project's record text (`variant_rules::record`) beside the saves, and a record read back
//! in as a game — Open and Ctrl+O take `.pgn` and `.vtr` files as well as saves.

use std::path::{Path, PathBuf};

use variant_rules::Game;
use variant_rules::record::Record;

use crate::table::game::seats::Seats;

/// Records larger than this are refused unread: a long game's PGN is a few kilobytes, and a
/// file of many games is read only as far as its first.
const MAX_RECORD_BYTES: u64 = 8 << 20;

/// The file a record export writes in the data directory, by its format's extension.
pub const RECORD_FILE: &str = "record";

/// Whether a path names a record rather than a save (by its extension).
pub fn is_record(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("vtr"))
}

/// The record of `game` as played by `seats` (their names, where typed), in its usual format.
pub fn record_text(game: &Game, seats: &Seats) -> Result<(Record, String), String> {
    let mut record = Record::of(game);
    for (i, name) in record.seats.iter_mut().enumerate() {
        let typed = seats.name(variant_rules::Seat(i as u8));
        if !typed.is_empty() {
            *name = typed.to_string();
        }
    }
    let text = record.write(record.default_format()).map_err(|e| e.to_string())?;
    Ok((record, text))
}

/// Writes the game's record into `dir` (atomically); returns where.
pub fn export(game: &Game, seats: &Seats, dir: &Path) -> Result<PathBuf, String> {
    let (record, text) = record_text(game, seats)?;
    let path = dir.join(format!("{RECORD_FILE}.{}", record.default_format().extension()));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    crate::table::persist::atomic::write(&path, text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// Reads a record file and replays it: the game, and the players' names it gives (`?` for
/// unknown is dropped). Loading runs it under `save::guarded`, so not even an engine panic
/// escapes.
pub fn import(path: &Path) -> Result<(Game, Vec<String>), String> {
    let size = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?.len();
    if size > MAX_RECORD_BYTES {
        return Err(format!("{} is {size} bytes: too large for a record", path.display()));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{} is not text", path.display()))?;
    let record = Record::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let game = record.replay().map_err(|e| format!("{}: {e}", path.display()))?;
    let names = record.seats.iter().map(|n| if n == "?" { String::new() } else { n.clone() }).collect();
    Ok((game, names))
}

#[cfg(test)]
mod tests {
    use super::*;
    use variant_rules::{GameId, GameOptions};

    #[test]
    fn a_chess_game_goes_out_as_pgn_and_comes_back_with_its_players() {
        let dir = std::env::temp_dir().join(format!("vt-records-{}", std::process::id()));
        let mut game = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), None).unwrap();
        for m in ["e2e4", "e7e5", "g1f3"] {
            game.play(m).unwrap();
        }
        let mut seats = Seats::new(GameId::Chess, 2);
        seats.seats[0].name = "Ann".into();
        let path = export(&game, &seats, &dir).unwrap();
        assert!(is_record(&path), "{}", path.display());
        let text = std::fs::read_to_string(&path).unwrap();
        // Standard chess is PGN: the Seven Tag Roster and SAN, as other programs write it.
        assert!(text.contains("[White \"Ann\"]") && text.contains("1. e4 e5 2. Nf3"), "{text}");
        let (back, names) = import(&path).unwrap();
        assert_eq!(back.moves().collect::<Vec<_>>(), game.moves().collect::<Vec<_>>());
        assert_eq!(names, vec!["Ann".to_string(), String::new()]);
    }

    #[test]
    fn a_broken_record_is_refused_in_a_line() {
        let dir = std::env::temp_dir().join(format!("vt-records-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.pgn");
        std::fs::write(&path, "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
        let e = import(&path).unwrap_err();
        assert!(!e.contains('\n') && e.contains("Ke3"), "{e}");
    }
}
