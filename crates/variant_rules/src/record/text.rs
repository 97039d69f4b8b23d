//! Writing a record as the project's own record text: PGN's tag pairs (`[Game]` first, then
//! `[Options]`, `[Start]`, the roster, the players and the result) over the engine's move
//! notation, one token a move, roll or pass, without move numbers (turns need not alternate).

use super::{ROSTER, Record, RecordError, options, tag_line, wrap};

/// The record as record text.
pub fn write(r: &Record) -> Result<String, RecordError> {
    let moves = r.moves_as(false)?;
    let mut out = tag_line("Game", r.game.as_str());
    let flags = options::flags(r.game, &r.options);
    if !flags.is_empty() {
        out += &tag_line("Options", &flags);
    }
    if let Some(start) = &r.start {
        out += &tag_line("Start", start);
    }
    out += &r.roster_lines();
    for (name, value) in r.tags.iter().filter(|(n, _)| !ROSTER.iter().any(|(m, _)| m == n)) {
        out += &tag_line(name, value);
    }
    out.push('\n');
    let mut tokens = moves;
    tokens.push(r.result.token(r.seats.len()));
    out += &wrap(&tokens);
    Ok(out)
}
