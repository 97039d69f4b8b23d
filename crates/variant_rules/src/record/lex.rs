//! Reading a record file's text into games of tag pairs and move tokens, as PGN lays them out
//! and as other software writes it: `{}` and `;` comments, `%` escape lines, NAGs (`$1`),
//! `( )` variations, move numbers (`12.`, `12...`, `1.e4`), `!`/`?` marks and result tokens.
//! The project's own record text shares the layout, so one reader serves both.

use super::RecordError;

/// Where a token starts: line and column, both counted from 1 (columns in characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct At {
    pub line: u32,
    pub column: u32,
}

/// One game as read: its tag pairs in order, its move tokens, and its termination marker.
#[derive(Clone, Debug, Default)]
pub struct RawGame {
    pub at: At,
    pub tags: Vec<(String, String, At)>,
    pub moves: Vec<(String, At)>,
    pub result: Option<(String, At)>,
}

impl RawGame {
    pub fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }
    /// Notes where the game starts, if nothing of it has been read yet.
    fn begin(&mut self, at: At) {
        if self.is_empty() {
            self.at = at;
        }
    }
}

/// Whether a token ends a game's movetext: PGN's four markers, or the project's `win:` for a
/// game of more than two seats.
pub fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") || token.starts_with("win:")
}

/// A cursor over the text, counting lines and columns.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    at: At,
    /// Whether the cursor stands at the start of a line (for `%` escape lines).
    line_start: bool,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.line_start = c == '\n';
        if c == '\n' {
            self.at.line += 1;
            self.at.column = 1;
        } else {
            self.at.column += 1;
        }
        Some(c)
    }
    fn skip_line(&mut self) {
        while self.next().is_some_and(|c| c != '\n') {}
    }
}

/// Reads every game in `text` (at least one, perhaps empty).
pub fn games(text: &str) -> Result<Vec<RawGame>, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut cur = Cursor { chars: text.chars().peekable(), at: At { line: 1, column: 1 }, line_start: true };
    let mut out = Vec::new();
    let mut game = RawGame { at: cur.at, ..RawGame::default() };
    loop {
        let at = cur.at;
        let line_start = cur.line_start;
        let Some(c) = cur.peek() else { break };
        match c {
            _ if c.is_whitespace() => {
                cur.next();
            }
            '%' if line_start => cur.skip_line(),
            ';' => cur.skip_line(),
            '{' => skip_comment(&mut cur, at)?,
            '(' => skip_variation(&mut cur, at)?,
            ')' => return Err(RecordError::at(at, "')' closes no variation")),
            '}' => return Err(RecordError::at(at, "'}' closes no comment")),
            '[' if is_tag_start(&cur) => {
                // Tags after moves begin the next game (its predecessor had no result token).
                if !game.moves.is_empty() {
                    out.push(std::mem::take(&mut game));
                }
                game.begin(at);
                game.tags.push(tag(&mut cur, at)?);
            }
            _ => {
                let token = token(&mut cur);
                let Some(t) = clean(&token) else { continue };
                game.begin(at);
                if is_result(t) {
                    game.result = Some((t.to_string(), at));
                    out.push(std::mem::take(&mut game));
                } else {
                    game.moves.push((t.to_string(), at));
                }
            }
        }
    }
    if !game.is_empty() || out.is_empty() {
        out.push(game);
    }
    Ok(out)
}

/// Whether the `[` under the cursor opens a tag pair (`[Event "..."]`) rather than a roll
/// token (`[3,5]`): a tag's name starts with a letter.
fn is_tag_start(cur: &Cursor) -> bool {
    let mut ahead = cur.chars.clone();
    ahead.next();
    ahead.next().is_some_and(|c| c.is_ascii_alphabetic())
}

/// Reads `[Name "value"]` (value escapes `\"` and `\\`).
fn tag(cur: &mut Cursor, at: At) -> Result<(String, String, At), RecordError> {
    cur.next();
    let mut name = String::new();
    while let Some(c) = cur.peek().filter(|c| c.is_ascii_alphanumeric() || *c == '_') {
        name.push(c);
        cur.next();
    }
    while cur.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cur.next();
    }
    if cur.peek() != Some('"') {
        return Err(RecordError::at(cur.at, format!("tag [{name} ...] needs its value in double quotes")));
    }
    cur.next();
    let mut value = String::new();
    loop {
        match cur.next() {
            Some('"') => break,
            Some('\\') => match cur.next() {
                Some(c @ ('"' | '\\')) => value.push(c),
                _ => return Err(RecordError::at(cur.at, format!("tag [{name}]: only \\\" and \\\\ are escapes"))),
            },
            Some('\n') | None => return Err(RecordError::at(at, format!("tag [{name}]'s value is not closed by '\"' on its line"))),
            Some(c) => value.push(c),
        }
    }
    while cur.peek().is_some_and(|c| c == ' ' || c == '\t') {
        cur.next();
    }
    if cur.next() != Some(']') {
        return Err(RecordError::at(at, format!("tag [{name} \"{value}\" is not closed by ']'")));
    }
    Ok((name, value, at))
}

/// Skips a `{ ... }` comment (they do not nest).
fn skip_comment(cur: &mut Cursor, at: At) -> Result<(), RecordError> {
    cur.next();
    loop {
        match cur.next() {
            Some('}') => return Ok(()),
            Some(_) => {}
            None => return Err(RecordError::at(at, "comment '{' is never closed by '}'")),
        }
    }
}

/// Skips a `( ... )` variation, with the variations and comments inside it.
fn skip_variation(cur: &mut Cursor, at: At) -> Result<(), RecordError> {
    cur.next();
    let mut depth = 1u32;
    while depth > 0 {
        let here = cur.at;
        match cur.peek() {
            None => return Err(RecordError::at(at, "variation '(' is never closed by ')'")),
            Some('{') => skip_comment(cur, here)?,
            Some(';') => cur.skip_line(),
            Some(c) => {
                cur.next();
                depth = match c {
                    '(' => depth + 1,
                    ')' => depth - 1,
                    _ => depth,
                };
            }
        }
    }
    Ok(())
}

/// Reads one token: up to whitespace or a comment, variation or tag bracket.
fn token(cur: &mut Cursor) -> String {
    let mut t = String::new();
    while let Some(c) = cur.peek() {
        if c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';') {
            break;
        }
        t.push(c);
        cur.next();
    }
    t
}

/// A token without its move number (`12.`, `12...`, `1.e4` → `e4`), NAG (`$14`: none) and
/// `!`/`?` marks; `None` when nothing is left.
fn clean(token: &str) -> Option<&str> {
    if token.starts_with('$') && token[1..].bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let t = if digits > 0 && token[digits..].starts_with('.') { token[digits..].trim_start_matches('.') } else { token };
    let t = t.trim_end_matches(['!', '?']);
    (!t.is_empty()).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_nags_and_marks_go() {
        assert_eq!(clean("12."), None);
        assert_eq!(clean("12..."), None);
        assert_eq!(clean("1.e4"), Some("e4"));
        assert_eq!(clean("3...Nf6!?"), Some("Nf6"));
        assert_eq!(clean("$14"), None);
        assert_eq!(clean("666"), Some("666"), "Chec Toe's Apocalypse is no move number");
        assert_eq!(clean("1,0x2,1"), Some("1,0x2,1"), "a CHEX capture is no move number");
    }
}
