//! Writing a record as PGN: the Seven Tag Roster, `[Variant]` for a game other than standard
//! chess, `[SetUp]`/`[FEN]` for another start, `[Options]` for options other than the game's
//! defaults, then numbered movetext (SAN for standard chess, the engine's notation otherwise).

use super::{ROSTER, Record, RecordError, options, tag_line, wrap};
use crate::game::{GameId, GameOptions};
use crate::registry::PGN_STANDARD;

/// Whether `game`'s records with `opts` are PGN: the registry gives it a PGN variant, and for
/// standard chess the options are the defaults (orthodox chess on the cylinder is the game
/// other software knows as no variant at all: `cylinder-chess` is its PGN game).
pub fn carries(game: GameId, opts: &GameOptions) -> bool {
    match game.pgn_variant() {
        None => false,
        Some(PGN_STANDARD) => opts.effective(game) == GameOptions::default_for(game).effective(game),
        Some(_) => true,
    }
}

/// The record as PGN.
pub fn write(r: &Record) -> Result<String, RecordError> {
    if !carries(r.game, &r.options) {
        let why = match r.game.pgn_variant() {
            Some(_) => {
                format!("{} with {} is not standard chess: write it as the record text, or play cylinder-chess", r.game, options::flags(r.game, &r.options))
            }
            None => format!("{} has no PGN form: write it as the record text", r.game),
        };
        return Err(RecordError::new(None, why));
    }
    let standard = r.game.pgn_variant() == Some(PGN_STANDARD);
    let moves = r.moves_as(standard)?;
    let mut out = String::new();
    out += &r.roster_lines();
    if let Some(v) = r.game.pgn_variant().filter(|_| !standard) {
        out += &tag_line("Variant", v);
    }
    if let Some(fen) = &r.start {
        out += &tag_line("SetUp", "1");
        out += &tag_line("FEN", fen);
    }
    let flags = options::flags(r.game, &r.options);
    if !flags.is_empty() {
        out += &tag_line("Options", &flags);
    }
    for (name, value) in r.tags.iter().filter(|(n, _)| !ROSTER.iter().any(|(m, _)| m == n)) {
        out += &tag_line(name, value);
    }
    out.push('\n');
    let mut tokens = numbered(r.start.as_deref(), &moves);
    tokens.push(r.result.token(r.seats.len()));
    out += &wrap(&tokens);
    Ok(out)
}

/// The moves with PGN's move numbers (`1. e4 e5 2. Nf3`, `12... Qd7` when Black moves first),
/// counted from the start FEN's side to move and move number.
fn numbered(fen: Option<&str>, moves: &[String]) -> Vec<String> {
    let fields: Vec<&str> = fen.map_or_else(Vec::new, |f| f.split_whitespace().collect());
    let mut white = fields.get(1) != Some(&"b");
    let mut number: u32 = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
    let mut out = Vec::with_capacity(moves.len() * 3 / 2 + 1);
    for (i, m) in moves.iter().enumerate() {
        if white {
            out.push(format!("{number}."));
        } else if i == 0 {
            out.push(format!("{number}..."));
        }
        out.push(m.clone());
        if !white {
            number += 1;
        }
        white = !white;
    }
    out
}
