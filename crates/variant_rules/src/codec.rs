//! Text codecs the board games share: the board field as rows of cells, empty runs written as numbers (FEN's board field).
//!
//! [`write_rows`] writes a square board row by row from the last rank down, rows joined by `/`,
//! each row's empty cells as run lengths and every other cell as its token (a letter, or a
//! bracketed stack). [`row_tokens`] and [`read_row`] read one row back; the games keep their own
//! error wording by matching on [`RowError`].

use std::fmt::{self, Write};

use crate::topology::{Cell, Topology};

/// How a game writes the runs and pieces of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowSyntax {
    /// Whether consecutive digits make one number (`10`: ten empty cells, for boards wider than
    /// nine) or each digit is a run of its own (`13`: one empty cell, then three).
    pub multi_digit_runs: bool,
    /// Whether `[` ... `]` groups what stands on one cell (a stack) into one token.
    pub groups: bool,
}

impl RowSyntax {
    /// FEN's board field: runs of any length, one letter per piece.
    pub const FEN: RowSyntax = RowSyntax { multi_digit_runs: true, groups: false };
    /// Boards of at most nine files whose texts read each digit as a run of its own.
    pub const SINGLE_DIGITS: RowSyntax = RowSyntax { multi_digit_runs: false, groups: false };
}

/// One item of a row, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowToken<'a> {
    /// A run of this many empty cells (never 0: that is [`RowError::ZeroRun`]).
    Empty(u32),
    /// One cell's contents: a single character, or a whole `[...]` group, brackets included.
    Piece(&'a str),
}

/// Why a row could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowError {
    /// A run of zero empty cells.
    ZeroRun,
    /// The row describes more cells than the board is wide.
    TooLong,
    /// A `[` group has no closing `]`.
    Unclosed,
    /// The game refused a piece token, for this reason.
    Piece(String),
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowError::ZeroRun => f.write_str("a run of empty cells counts at least one"),
            RowError::TooLong => f.write_str("the row is longer than the board is wide"),
            RowError::Unclosed => f.write_str("a '[' is not closed"),
            RowError::Piece(why) => f.write_str(why),
        }
    }
}

/// The tokens of one row (no `/` in it), read with `syntax`. Run lengths saturate instead of
/// overflowing, so any text is safe to pass.
pub fn row_tokens(row: &str, syntax: RowSyntax) -> RowTokens<'_> {
    RowTokens { row, at: 0, syntax }
}

/// Iterator of [`row_tokens`].
#[derive(Clone, Debug)]
pub struct RowTokens<'a> {
    row: &'a str,
    at: usize,
    syntax: RowSyntax,
}

impl<'a> Iterator for RowTokens<'a> {
    type Item = Result<RowToken<'a>, RowError>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = &self.row[self.at..];
        let ch = rest.chars().next()?;
        if let Some(d) = ch.to_digit(10) {
            let mut run = d;
            let mut len = 1;
            if self.syntax.multi_digit_runs {
                for next in rest[1..].chars().map_while(|c| c.to_digit(10)) {
                    run = run.saturating_mul(10).saturating_add(next);
                    len += 1;
                }
            }
            self.at += len;
            return Some(if run == 0 { Err(RowError::ZeroRun) } else { Ok(RowToken::Empty(run)) });
        }
        let len = if ch == '[' && self.syntax.groups {
            match rest.find(']') {
                Some(end) => end + 1,
                None => {
                    self.at = self.row.len();
                    return Some(Err(RowError::Unclosed));
                }
            }
        } else {
            ch.len_utf8()
        };
        self.at += len;
        Some(Ok(RowToken::Piece(&rest[..len])))
    }
}

/// Reads one row of at most `width` cells: `None` for an empty cell, `piece(token)` for the
/// others. Returns the cells described, which may be fewer than `width` (the caller says how
/// many a row must have); more is [`RowError::TooLong`].
pub fn read_row<T>(row: &str, syntax: RowSyntax, width: usize, mut piece: impl FnMut(&str) -> Result<T, String>) -> Result<Vec<Option<T>>, RowError> {
    let mut cells: Vec<Option<T>> = Vec::with_capacity(width);
    for token in row_tokens(row, syntax) {
        match token? {
            RowToken::Empty(run) => {
                let run = run as usize;
                if run > width - cells.len() {
                    return Err(RowError::TooLong);
                }
                cells.extend(std::iter::repeat_with(|| None).take(run));
            }
            RowToken::Piece(text) => {
                if cells.len() >= width {
                    return Err(RowError::TooLong);
                }
                cells.push(Some(piece(text).map_err(RowError::Piece)?));
            }
        }
    }
    Ok(cells)
}

/// Writes the board of `topo`, last rank first, rows joined by `/`: each run of empty cells as
/// its length, every other cell as the token `piece(cell)` gives (`None`: empty). On a hexagon
/// of triangles a row holds only its own cells, west to east.
pub fn write_rows<T: fmt::Display>(topo: &Topology, mut piece: impl FnMut(Cell) -> Option<T>) -> String {
    let mut s = String::new();
    for rank in (0..topo.height()).rev() {
        let mut empty = 0u32;
        for c in (0..topo.width()).filter_map(|file| topo.cell(file, rank)) {
            match piece(c) {
                None => empty += 1,
                Some(token) => {
                    if empty > 0 {
                        let _ = write!(s, "{empty}");
                        empty = 0;
                    }
                    let _ = write!(s, "{token}");
                }
            }
        }
        if empty > 0 {
            let _ = write!(s, "{empty}");
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::Wrap;

    #[test]
    fn rows_round_trip() {
        let t = Topology::get(10, 4, Wrap::Flat);
        let text = write_rows(t, |c| (t.file(c) == t.rank(c)).then_some('x'));
        assert_eq!(text, "3x6/2x7/1x8/x9");
        let row = read_row("3x6", RowSyntax::FEN, 10, |s| Ok(s.to_string())).unwrap();
        assert_eq!(row.len(), 10);
        assert_eq!(row[3].as_deref(), Some("x"));
    }

    #[test]
    fn single_digits_and_errors() {
        let one = |s: &str| Ok::<_, String>(s.chars().next().unwrap());
        assert_eq!(read_row("13", RowSyntax::SINGLE_DIGITS, 4, one).unwrap().len(), 4);
        assert_eq!(read_row("13", RowSyntax::FEN, 4, one), Err(RowError::TooLong));
        assert_eq!(read_row("9999999999999999999999", RowSyntax::FEN, 12, one), Err(RowError::TooLong));
        assert_eq!(read_row("0p", RowSyntax::FEN, 8, one), Err(RowError::ZeroRun));
        assert_eq!(read_row("ppppp", RowSyntax::FEN, 4, one), Err(RowError::TooLong));
        assert_eq!(read_row("pé", RowSyntax::FEN, 4, |s| if s == "p" { Ok('p') } else { Err(format!("bad {s}")) }), Err(RowError::Piece("bad é".into())));
    }

    #[test]
    fn groups_are_one_token() {
        let syntax = RowSyntax { multi_digit_runs: true, groups: true };
        let tokens: Vec<_> = row_tokens("a[b,c]2", syntax).collect();
        assert_eq!(tokens, vec![Ok(RowToken::Piece("a")), Ok(RowToken::Piece("[b,c]")), Ok(RowToken::Empty(2))]);
        assert_eq!(row_tokens("[a,b", syntax).collect::<Vec<_>>(), vec![Err(RowError::Unclosed)]);
        assert_eq!(row_tokens("[", RowSyntax::FEN).collect::<Vec<_>>(), vec![Ok(RowToken::Piece("["))]);
    }
}
