//! A slow, independent chess move generator for the tests: coordinates and sets instead of the
//! engine's tables and move lists, orthodox and Shadow Chess rules, flat or cylindrical 8x8.
//! It shares no code with the engine, so the engine's counts can be re-derived from it.

use std::collections::BTreeSet;

/// (file, rank), 0-based, a1 = (0, 0).
pub type Sq = (i32, i32);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub white: bool,
    /// One of `PNBRQK`.
    pub kind: char,
}

/// A position: board, side to move, castling rights and the en-passant target.
#[derive(Clone, Debug)]
pub struct RefPosition {
    pub width: i32,
    pub height: i32,
    pub cylinder: bool,
    pub shadow: bool,
    board: Vec<Option<Piece>>,
    white_to_move: bool,
    /// Any of `KQkq`.
    castling: BTreeSet<char>,
    ep: Option<Sq>,
}

/// A move as the engine writes it: `e2e4`, `e7e8q`, Shadow Chess's `b1c3xd5`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct RefMove {
    from: Sq,
    to: Sq,
    promotion: Option<char>,
    victim: Option<Sq>,
    castle: bool,
    en_passant: bool,
}

const ROOK_LINES: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_LINES: [Sq; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
/// The lines a bishop, rook or queen slides along.
fn slider_lines(kind: char) -> Vec<Sq> {
    match kind {
        'B' => BISHOP_LINES.to_vec(),
        'R' => ROOK_LINES.to_vec(),
        _ => ROOK_LINES.iter().chain(&BISHOP_LINES).copied().collect(),
    }
}

const KNIGHT_LEAPS: [Sq; 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

impl RefPosition {
    /// Reads a FEN (board, side, castling, en passant; clocks ignored).
    pub fn from_fen(fen: &str, cylinder: bool, shadow: bool) -> RefPosition {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let rows: Vec<&str> = f[0].split('/').collect();
        let height = rows.len() as i32;
        let mut cells: Vec<Vec<Option<Piece>>> = Vec::new();
        for row in &rows {
            let mut r = Vec::new();
            for ch in row.chars() {
                match ch.to_digit(10) {
                    Some(n) => r.extend(std::iter::repeat_n(None, n as usize)),
                    None => r.push(Some(Piece { white: ch.is_ascii_uppercase(), kind: ch.to_ascii_uppercase() })),
                }
            }
            cells.push(r);
        }
        let width = cells[0].len() as i32;
        let mut board = vec![None; (width * height) as usize];
        for (i, r) in cells.iter().enumerate() {
            for (file, p) in r.iter().enumerate() {
                board[((height - 1 - i as i32) * width + file as i32) as usize] = *p;
            }
        }
        let castling = if f[2] == "-" { BTreeSet::new() } else { f[2].chars().collect() };
        let ep = (f[3] != "-").then(|| {
            let b = f[3].as_bytes();
            ((b[0] - b'a') as i32, f[3][1..].parse::<i32>().unwrap() - 1)
        });
        RefPosition { width, height, cylinder, shadow, board, white_to_move: f[1] == "w", castling, ep }
    }

    fn at(&self, s: Sq) -> Option<Piece> {
        self.board[(s.1 * self.width + s.0) as usize]
    }
    fn put(&mut self, s: Sq, p: Option<Piece>) {
        let w = self.width;
        self.board[(s.1 * w + s.0) as usize] = p;
    }

    /// The square `d` away from `s`, round the joined sides on a cylinder.
    fn go(&self, s: Sq, d: Sq) -> Option<Sq> {
        let r = s.1 + d.1;
        if !(0..self.height).contains(&r) {
            return None;
        }
        let mut f = s.0 + d.0;
        if self.cylinder {
            f = f.rem_euclid(self.width);
        } else if !(0..self.width).contains(&f) {
            return None;
        }
        Some((f, r))
    }

    fn squares(&self) -> impl Iterator<Item = Sq> + use<> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |r| (0..w).map(move |f| (f, r)))
    }

    fn name(s: Sq) -> String {
        format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
    }

    fn text(m: &RefMove) -> String {
        let mut t = format!("{}{}", Self::name(m.from), Self::name(m.to));
        if let Some(p) = m.promotion {
            t.push(p.to_ascii_lowercase());
        }
        if let Some(v) = m.victim {
            t.push('x');
            t += &Self::name(v);
        }
        t
    }

    /// The cells the piece on `s` could move to in one move, ignoring its king: empty cells and
    /// enemy-held ones; no castling, no en passant; pawns' diagonals only onto an enemy.
    fn reach(&self, s: Sq) -> BTreeSet<Sq> {
        let p = self.at(s).expect("a piece");
        let mut out = BTreeSet::new();
        let free_or_enemy = |t: Sq| self.at(t).is_none_or(|q| q.white != p.white);
        match p.kind {
            'P' => {
                let fwd = if p.white { 1 } else { -1 };
                if let Some(one) = self.go(s, (0, fwd)).filter(|&t| self.at(t).is_none()) {
                    out.insert(one);
                    let home = if p.white { 1 } else { self.height - 2 };
                    if s.1 == home
                        && let Some(two) = self.go(one, (0, fwd)).filter(|&t| self.at(t).is_none())
                    {
                        out.insert(two);
                    }
                }
                for df in [-1, 1] {
                    if let Some(t) = self.go(s, (df, fwd)).filter(|&t| self.at(t).is_some_and(|q| q.white != p.white)) {
                        out.insert(t);
                    }
                }
            }
            'N' => out.extend(KNIGHT_LEAPS.iter().filter_map(|&d| self.go(s, d)).filter(|&t| t != s && free_or_enemy(t))),
            'K' => out.extend(ROOK_LINES.iter().chain(&BISHOP_LINES).filter_map(|&d| self.go(s, d)).filter(|&t| t != s && free_or_enemy(t))),
            k => {
                let lines = slider_lines(k);
                for d in lines {
                    let mut t = self.go(s, d);
                    while let Some(c) = t {
                        if c == s {
                            break;
                        }
                        if free_or_enemy(c) {
                            out.insert(c);
                        }
                        if self.at(c).is_some() {
                            break;
                        }
                        t = self.go(c, d);
                    }
                }
            }
        }
        out
    }

    /// Whether a piece of colour `white` attacks `s` by its ordinary capturing movement
    /// (as if an enemy piece stood there).
    fn attackers(&self, s: Sq, white: bool) -> Vec<Sq> {
        let mut probe = self.clone();
        probe.put(s, Some(Piece { white: !white, kind: 'P' }));
        self.squares()
            .filter(|&a| a != s && self.at(a).is_some_and(|p| p.white == white))
            .filter(|&a| {
                let p = self.at(a).unwrap();
                if p.kind == 'P' {
                    let fwd = if white { 1 } else { -1 };
                    [-1, 1].iter().any(|&df| self.go(a, (df, fwd)) == Some(s))
                } else {
                    probe.reach(a).contains(&s)
                }
            })
            .collect()
    }

    fn king(&self, white: bool) -> Sq {
        self.squares().find(|&s| self.at(s) == Some(Piece { white, kind: 'K' })).expect("a king")
    }

    /// Check, with Shadow Chess's shadow check where it applies.
    fn in_check(&self, white: bool) -> bool {
        let k = self.king(white);
        if !self.attackers(k, !white).is_empty() {
            return true;
        }
        if !self.shadow {
            return false;
        }
        let shadow = self.reach(k);
        shadow.iter().filter(|&&c| self.at(c).is_none()).any(|&c| self.attackers(c, !white).iter().any(|a| !shadow.contains(a)))
    }

    /// The shadow of the piece on `s`: its reach, each line cut at the first cell that another
    /// piece of the same side also reaches (rulings K4).
    fn shadow_of(&self, s: Sq) -> BTreeSet<Sq> {
        let p = self.at(s).unwrap();
        let reach = self.reach(s);
        let others_reach: BTreeSet<Sq> =
            self.squares().filter(|&o| o != s && self.at(o).is_some_and(|q| q.white == p.white)).flat_map(|o| self.reach(o)).collect();
        let shared = |c: Sq| others_reach.contains(&c);
        let mut out = BTreeSet::new();
        match p.kind {
            'N' | 'K' => return reach,
            'P' => {
                let fwd = if p.white { 1 } else { -1 };
                if let Some(one) = self.go(s, (0, fwd)).filter(|t| reach.contains(t)) {
                    out.insert(one);
                    if let Some(two) = self.go(one, (0, fwd)).filter(|t| reach.contains(t) && !shared(one)) {
                        out.insert(two);
                    }
                }
                for df in [-1, 1] {
                    if let Some(t) = self.go(s, (df, fwd)).filter(|t| reach.contains(t)) {
                        out.insert(t);
                    }
                }
            }
            k => {
                let lines = slider_lines(k);
                for d in lines {
                    let mut t = self.go(s, d);
                    while let Some(c) = t.filter(|c| reach.contains(c)) {
                        out.insert(c);
                        if self.at(c).is_some() || shared(c) {
                            break;
                        }
                        t = self.go(c, d);
                    }
                }
            }
        }
        out
    }

    fn pseudo_moves(&self) -> BTreeSet<RefMove> {
        let us = self.white_to_move;
        let far = if us { self.height - 1 } else { 0 };
        let mut out = BTreeSet::new();
        let plain = |from: Sq, to: Sq| RefMove { from, to, promotion: None, victim: None, castle: false, en_passant: false };
        for s in self.squares().filter(|&s| self.at(s).is_some_and(|p| p.white == us)) {
            let p = self.at(s).unwrap();
            for t in self.reach(s) {
                if p.kind == 'P' && t.1 == far {
                    for promo in ['Q', 'R', 'B', 'N'] {
                        out.insert(RefMove { promotion: Some(promo), ..plain(s, t) });
                    }
                } else {
                    out.insert(plain(s, t));
                }
            }
            if p.kind == 'P' {
                let fwd = if us { 1 } else { -1 };
                for df in [-1, 1] {
                    if let Some(t) = self.go(s, (df, fwd)).filter(|&t| Some(t) == self.ep) {
                        out.insert(RefMove { en_passant: true, ..plain(s, t) });
                    }
                }
            }
        }
        self.castlings(&mut out);
        if self.shadow {
            self.shadow_captures(&mut out);
        }
        out
    }

    /// Castling on 8 files: king e to g or c, rook h to f or a to d.
    fn castlings(&self, out: &mut BTreeSet<RefMove>) {
        let us = self.white_to_move;
        let home = if us { 0 } else { self.height - 1 };
        if self.in_check(us) {
            return;
        }
        let rights: [(char, i32, i32, &[i32]); 2] = [(if us { 'K' } else { 'k' }, 6, 5, &[5, 6]), (if us { 'Q' } else { 'q' }, 2, 3, &[1, 2, 3])];
        for (right, king_to, crossed, between) in rights {
            if !self.castling.contains(&right) || between.iter().any(|&f| self.at((f, home)).is_some()) {
                continue;
            }
            if !self.attackers((crossed, home), !us).is_empty() {
                continue;
            }
            out.insert(RefMove { from: (4, home), to: (king_to, home), promotion: None, victim: None, castle: true, en_passant: false });
        }
    }

    /// Shadow captures: an ordinary capturing movement onto an empty cell of an enemy piece's
    /// shadow from outside it takes that piece (rulings K5).
    fn shadow_captures(&self, out: &mut BTreeSet<RefMove>) {
        let us = self.white_to_move;
        let far = if us { self.height - 1 } else { 0 };
        let quiet: Vec<RefMove> =
            out.iter().filter(|m| !m.castle && !m.en_passant && self.at(m.to).is_none() && self.at(m.from).unwrap().kind != 'P').copied().collect();
        let victims: Vec<Sq> = self.squares().filter(|&q| self.at(q).is_some_and(|p| p.white != us && p.kind != 'K')).collect();
        for q in victims {
            let shadow = self.shadow_of(q);
            let enters = |from: Sq, to: Sq| shadow.contains(&to) && !shadow.contains(&from);
            for m in quiet.iter().filter(|m| enters(m.from, m.to)) {
                out.insert(RefMove { victim: Some(q), ..*m });
            }
            for s in self.squares().filter(|&s| self.at(s) == Some(Piece { white: us, kind: 'P' })) {
                let fwd = if us { 1 } else { -1 };
                for df in [-1, 1] {
                    let Some(t) = self.go(s, (df, fwd)).filter(|&t| self.at(t).is_none() && enters(s, t)) else { continue };
                    let m = RefMove { from: s, to: t, promotion: None, victim: Some(q), castle: false, en_passant: false };
                    if t.1 == far {
                        for promo in ['Q', 'R', 'B', 'N'] {
                            out.insert(RefMove { promotion: Some(promo), ..m });
                        }
                    } else {
                        out.insert(m);
                    }
                }
            }
        }
    }

    fn play(&self, m: &RefMove) -> RefPosition {
        let mut n = self.clone();
        let us = self.white_to_move;
        let p = self.at(m.from).unwrap();
        let home = if us { 0 } else { self.height - 1 };
        n.put(m.from, None);
        if let Some(v) = m.victim {
            n.put(v, None);
        }
        if m.en_passant {
            n.put((m.to.0, m.from.1), None);
        }
        n.put(m.to, Some(Piece { kind: m.promotion.unwrap_or(p.kind), ..p }));
        if m.castle {
            let (rf, rt) = if m.to.0 == 6 { (7, 5) } else { (0, 3) };
            n.put((rt, home), n.at((rf, home)));
            n.put((rf, home), None);
        }
        for (sq, right) in
            [((4, 0), "KQ"), ((7, 0), "K"), ((0, 0), "Q"), ((4, self.height - 1), "kq"), ((7, self.height - 1), "k"), ((0, self.height - 1), "q")]
        {
            if m.from == sq || m.to == sq || m.victim == Some(sq) {
                for r in right.chars() {
                    n.castling.remove(&r);
                }
            }
        }
        n.ep = (p.kind == 'P' && (m.to.1 - m.from.1).abs() == 2).then(|| (m.from.0, (m.from.1 + m.to.1) / 2));
        n.white_to_move = !us;
        n
    }

    fn legal(&self) -> Vec<RefMove> {
        self.pseudo_moves().into_iter().filter(|m| !self.play(m).in_check(self.white_to_move)).collect()
    }

    /// The legal moves, written as the engine writes them, sorted.
    pub fn legal_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().iter().map(Self::text).collect();
        v.sort();
        v
    }

    /// Plays the legal move written `text`.
    pub fn play_text(&self, text: &str) -> RefPosition {
        let m = self.legal().into_iter().find(|m| Self::text(m) == text).unwrap_or_else(|| panic!("reference: '{text}' is not legal"));
        self.play(&m)
    }

    /// Leaf count of the legal move tree.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
