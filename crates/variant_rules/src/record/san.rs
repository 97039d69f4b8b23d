//! Standard Algebraic Notation for orthodox chess: writing a legal move as SAN (`Nbd2`, `exd6`,
//! `O-O`, `e8=Q+`) and reading SAN as other software writes it back into the engine's move.

use crate::chess::{BISHOP, ChessMove, ChessPosition, KING, KNIGHT, MoveKind, PAWN, QUEEN, ROOK};
use crate::position::{MoveError, Position};
use crate::topology::Cell;

/// SAN's piece letters, indexed by the engine's piece kind (1 pawn .. 6 king).
const LETTERS: &[u8; 7] = b" PNBRQK";

/// The move `m` (legal in `pos`) in SAN, with `+` for check and `#` for mate.
pub fn write(pos: &ChessPosition, m: ChessMove) -> String {
    let mut s = body(pos, m);
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.in_check(after.turn()) {
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    s
}

/// The move without its check mark.
fn body(pos: &ChessPosition, m: ChessMove) -> String {
    let t = pos.topology();
    match m.kind {
        MoveKind::CastleKing => return "O-O".into(),
        MoveKind::CastleQueen => return "O-O-O".into(),
        _ => {}
    }
    let piece = pos.kind_at(m.from);
    let capture = matches!(m.kind, MoveKind::Capture | MoveKind::EnPassant | MoveKind::Shadow);
    let mut s = String::new();
    if piece == PAWN {
        if capture {
            s.push(file_letter(t.file(m.from)));
        }
    } else {
        s.push(LETTERS[piece as usize] as char);
        s += &disambiguation(pos, m, piece);
    }
    if capture {
        s.push('x');
    }
    s += &t.name(m.to);
    if m.promotion != 0 {
        s.push('=');
        s.push(LETTERS[m.promotion as usize] as char);
    }
    s
}

/// What tells `m` from the other legal moves of the same kind of piece to the same square: the
/// origin's file if that is enough, else its rank, else both.
fn disambiguation(pos: &ChessPosition, m: ChessMove, piece: u8) -> String {
    let t = pos.topology();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let rivals: Vec<Cell> = legal.iter().filter(|o| o.to == m.to && o.from != m.from && pos.kind_at(o.from) == piece).map(|o| o.from).collect();
    if rivals.is_empty() {
        return String::new();
    }
    let (file, rank) = (t.file(m.from), t.rank(m.from));
    if rivals.iter().all(|&c| t.file(c) != file) {
        file_letter(file).to_string()
    } else if rivals.iter().all(|&c| t.rank(c) != rank) {
        (rank + 1).to_string()
    } else {
        t.name(m.from)
    }
}

fn file_letter(file: u8) -> char {
    (b'a' + file) as char
}

/// What a SAN text asks for: a piece kind, hints at its origin, its destination, a promotion.
struct Wanted {
    piece: u8,
    file: Option<u8>,
    rank: Option<u8>,
    to: Cell,
    promotion: u8,
}

/// Reads a SAN move (`Nf3`, `exd5`, `e8=Q`, `e8Q`, `O-O`, `0-0-0`, check and annotation marks
/// ignored) as the legal move of `pos` it names. A text that is not SAN is `Malformed`, one that
/// names no legal move is `Illegal` with the engine's reason, one that names two is `Malformed`.
pub fn read(pos: &ChessPosition, text: &str) -> Result<ChessMove, MoveError> {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    if let Some(kind) = castling(t) {
        return legal.iter().copied().find(|m| m.kind == kind).ok_or_else(|| castling_refusal(pos, kind));
    }
    let wanted = parse(pos, t).ok_or_else(|| MoveError::Malformed(format!("'{text}' is not a SAN move (expected e.g. e4, Nf3, exd5, e8=Q or O-O)")))?;
    let tp = pos.topology();
    let fits = |c: Cell| pos.kind_at(c) == wanted.piece && wanted.file.is_none_or(|f| tp.file(c) == f) && wanted.rank.is_none_or(|r| tp.rank(c) == r);
    let found: Vec<ChessMove> = legal.iter().copied().filter(|m| m.to == wanted.to && m.promotion == wanted.promotion && fits(m.from)).collect();
    match found[..] {
        [m] => Ok(m),
        [] => Err(refusal(pos, &wanted, text, &legal, fits)),
        _ => {
            let names: Vec<String> = found.iter().map(|&m| write(pos, m)).collect();
            Err(MoveError::Malformed(format!("'{text}' is ambiguous: {}", names.join(" or "))))
        }
    }
}

/// The castling a text names, if it is `O-O`, `O-O-O` or their `0-0` spellings.
fn castling(t: &str) -> Option<MoveKind> {
    match t {
        "O-O" | "0-0" => Some(MoveKind::CastleKing),
        "O-O-O" | "0-0-0" => Some(MoveKind::CastleQueen),
        _ => None,
    }
}

/// Why the side to move cannot castle: the engine's answer to the king's two-square move.
fn castling_refusal(pos: &ChessPosition, kind: MoveKind) -> MoveError {
    let t = pos.topology();
    let king = (0..t.len() as Cell).find(|&c| pos.kind_at(c) == KING && pos.color_at(c) == Some(pos.turn()));
    let Some(king) = king else { return MoveError::Illegal("there is no King to castle".into()) };
    let file = if kind == MoveKind::CastleKing { t.file(king) + 2 } else { t.file(king).wrapping_sub(2) };
    match t.cell(file, t.rank(king)) {
        Some(to) => engine_refusal(pos, &format!("{}{}", t.name(king), t.name(to))),
        None => MoveError::Illegal("the King cannot castle from where it stands".into()),
    }
}

/// The engine's refusal of a move given in its own notation (or, should it be legal after all,
/// a plain refusal).
fn engine_refusal(pos: &ChessPosition, long: &str) -> MoveError {
    match pos.parse_move(long) {
        Err(e) => e,
        Ok(_) => MoveError::Illegal(format!("{long} does not match the SAN given")),
    }
}

/// Why no legal move matches: where one piece fits the text (the only one that reaches the square
/// with another promotion, or the only one of its kind), the engine's own reason for that
/// piece's move; otherwise which piece is missing.
fn refusal(pos: &ChessPosition, w: &Wanted, text: &str, legal: &[ChessMove], fits: impl Fn(Cell) -> bool) -> MoveError {
    let t = pos.topology();
    let mut reaching: Vec<Cell> = legal.iter().filter(|m| m.to == w.to && fits(m.from)).map(|m| m.from).collect();
    reaching.dedup();
    let ours: Vec<Cell> = (0..t.len() as Cell).filter(|&c| pos.color_at(c) == Some(pos.turn()) && fits(c)).collect();
    let colour = if pos.turn().index() == 0 { "White" } else { "Black" };
    let name = ["", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"][w.piece as usize];
    let one = if reaching.len() == 1 { &reaching[..] } else { &ours[..] };
    match one {
        [from] => {
            let promo = if w.promotion == 0 { String::new() } else { (LETTERS[w.promotion as usize] as char).to_ascii_lowercase().to_string() };
            engine_refusal(pos, &format!("{}{}{promo}", t.name(*from), t.name(w.to)))
        }
        [] if ours.is_empty() => MoveError::Illegal(format!("'{text}': {colour} has no {name} that could make it")),
        _ => MoveError::Illegal(format!("'{text}': no {colour} {name} can move to {}", t.name(w.to))),
    }
}

/// Splits a SAN text (marks removed) into what it asks for; `None` if it is not SAN.
fn parse(pos: &ChessPosition, t: &str) -> Option<Wanted> {
    let tp = pos.topology();
    let b = t.as_bytes();
    let (piece, mut rest) = match b.first()? {
        b'N' => (KNIGHT, &b[1..]),
        b'B' => (BISHOP, &b[1..]),
        b'R' => (ROOK, &b[1..]),
        b'Q' => (QUEEN, &b[1..]),
        b'K' => (KING, &b[1..]),
        b'P' => (PAWN, &b[1..]),
        _ => (PAWN, b),
    };
    let mut promotion = 0;
    // A promotion is a letter after the rank digit (`e8=Q`, `e8Q`, `e8q`): so `b` is never a
    // file there.
    if let (PAWN, [head @ .., p]) = (piece, rest) {
        let head = head.strip_suffix(b"=").unwrap_or(head);
        if let (Some(k), Some(d)) = (promotion_kind(*p), head.last())
            && d.is_ascii_digit()
        {
            promotion = k;
            rest = head;
        }
    }
    // The destination: the last file letter and rank digit.
    let [head @ .., f, r] = rest else { return None };
    let to = tp.cell(f.checked_sub(b'a')?, r.checked_sub(b'1')?).filter(|_| f.is_ascii_lowercase() && r.is_ascii_digit())?;
    let head = head.strip_suffix(b"x").or_else(|| head.strip_suffix(b":")).unwrap_or(head);
    let (mut file, mut rank) = (None, None);
    for &c in head {
        match c {
            b'a'..=b'z' if file.is_none() && rank.is_none() && c - b'a' < tp.width() => file = Some(c - b'a'),
            b'1'..=b'9' if rank.is_none() && c - b'1' < tp.height() => rank = Some(c - b'1'),
            _ => return None,
        }
    }
    Some(Wanted { piece, file, rank, to, promotion })
}

/// The piece a promotion letter names (SAN's capitals; lower case as some software writes it).
fn promotion_kind(c: u8) -> Option<u8> {
    match c.to_ascii_uppercase() {
        b'Q' => Some(QUEEN),
        b'R' => Some(ROOK),
        b'B' => Some(BISHOP),
        b'N' => Some(KNIGHT),
        _ => None,
    }
}
