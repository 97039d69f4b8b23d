//! A game read from a file's tags and tokens into a [`Record`]: the project's record text
//! when it has a `[Game]` tag, PGN (its `[Variant]`, or standard chess) otherwise.

use super::lex::{At, RawGame};
use super::{GameResult, Record, RecordError, options, seat_tag};
use crate::game::{GameId, GameOptions};
use crate::registry::PGN_STANDARD;

/// Tags that say what the record is rather than being carried along: the game, its options and
/// start, and the result (the players' tags are taken by seat).
const OWN: [&str; 7] = ["Game", "Variant", "Options", "Start", "FEN", "SetUp", "Result"];

/// The record a game's tags and tokens describe.
pub fn record(raw: RawGame) -> Result<Record, RecordError> {
    if raw.tags.is_empty() && raw.moves.is_empty() && raw.result.is_none() {
        return Err(RecordError::at(raw.at, "there is no game here (no tags and no moves)"));
    }
    let find = |name: &str| raw.tags.iter().find(|t| t.0 == name).map(|(_, v, at)| (v.as_str(), *at));
    let own = find("Game").is_some();
    let game = which_game(&raw, own)?;
    let options = match find("Options") {
        Some((words, at)) => options::read(game, words).map_err(|e| RecordError::at(at, e))?,
        None => GameOptions::default_for(game),
    };
    let start = find(if own { "Start" } else { "FEN" }).or_else(|| find("FEN")).map(|(v, _)| v.to_string());
    let seats = usize::from(options.players);
    let seat_tags: Vec<String> = (0..seats).map(|i| seat_tag(game, i)).collect();
    let names = seat_tags.iter().map(|t| find(t).map_or("?", |(v, _)| v).to_string()).collect();
    let result = result(&raw, seats)?;
    let tags = raw.tags.iter().filter(|(n, ..)| !OWN.contains(&n.as_str()) && !seat_tags.contains(n)).map(|(n, v, _)| (n.clone(), v.clone())).collect();
    let (moves, at): (Vec<String>, Vec<At>) = raw.moves.into_iter().unzip();
    let san = !own && game.pgn_variant() == Some(PGN_STANDARD);
    Ok(Record { game, options, start, seats: names, result, tags, moves, san, at })
}

/// The game a record is of: its `[Game]` id in the record text; in PGN its `[Variant]`, or
/// standard chess without one.
fn which_game(raw: &RawGame, own: bool) -> Result<GameId, RecordError> {
    let find = |name: &str| raw.tags.iter().find(|t| t.0 == name);
    if own {
        let (_, id, at) = find("Game").expect("own records have a Game tag");
        return id.parse().map_err(|e: String| RecordError::at(*at, e));
    }
    let Some((_, name, at)) = find("Variant") else { return Ok(GameId::Chess) };
    GameId::from_pgn_variant(name).ok_or_else(|| {
        let known: Vec<&str> = GameId::ALL.iter().filter_map(|g| g.pgn_variant()).collect();
        RecordError::at(*at, format!("PGN variant '{name}' is not a game played here (PGN carries {}; other games have a [Game] tag)", known.join(", ")))
    })
}

/// The result: the `[Result]` tag and the movetext's termination marker, which must agree
/// where both are given.
fn result(raw: &RawGame, seats: usize) -> Result<GameResult, RecordError> {
    let tag = raw.tags.iter().find(|t| t.0 == "Result").map(|(_, v, at)| (v.as_str(), *at));
    let end = raw.result.as_ref().map(|(t, at)| (t.as_str(), *at));
    let read = |(t, at): (&str, At)| GameResult::from_token(t, seats).map_err(|e| RecordError::at(at, e));
    match (tag, end) {
        (Some(t), Some(e)) if t.0 != e.0 => Err(RecordError::at(e.1, format!("the movetext ends with {} but the Result tag says {}", e.0, t.0))),
        (Some(t), _) => read(t),
        (None, Some(e)) => read(e),
        (None, None) => Ok(GameResult::Unfinished),
    }
}
