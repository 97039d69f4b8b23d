//! Tri-Chess (chess family section IV "Triangular"): the engine's moves checked against an
//! independent model of the drawn board. The model knows only the triangles' outlines from
//! [`BoardLayout`] — which triangles share a side or a corner, which centroids lie on a straight
//! line, which strip between two neighbouring lattice lines a triangle lies in — and never reads
//! the engine's step tables. On it: per-piece move counts (with hand counts), perft at depths 1-2
//! of every start by the model's own move generator, the text's claims about Knights, Rooks,
//! Bishops and the Queen, and the shape of every starting position.

use std::collections::{BTreeMap, BTreeSet};

use variant_rules::checkers::DoublesSeating;
use variant_rules::doublechess::{BISHOP, DoubleChessPosition, DoubleKind, DoubleMove, KING, KNIGHT, PAWN, QUEEN, ROOK};
use variant_rules::layout::BoardLayout;
use variant_rules::{AnyPosition, Cell, GameId, GameOptions, Position, Seat, Side, perft};

// ---- plane geometry --------------------------------------------------------------------------

type Pt = [f64; 2];

/// Two points closer than this (layout units, a triangle's side being sqrt(3)) are one point.
const EPS: f64 = 1e-3;
/// A centroid this close to a line lies on it (centroids off a line lie 0.86 or more from it).
const ON_LINE: f64 = 0.01;

fn sub(a: Pt, b: Pt) -> Pt {
    [a[0] - b[0], a[1] - b[1]]
}
fn dot(a: Pt, b: Pt) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
fn cross(a: Pt, b: Pt) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}
fn unit(degrees: f64) -> Pt {
    let (s, c) = degrees.to_radians().sin_cos();
    [c, s]
}
fn same_point(a: Pt, b: Pt) -> bool {
    (a[0] - b[0]).abs() < EPS && (a[1] - b[1]).abs() < EPS
}
fn dist(a: Pt, b: Pt) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Bishop line `i` points 30° + 60° x i from east: perpendicular to an edge of the hexagon.
fn bishop_angle(i: usize) -> f64 {
    30.0 + 60.0 * i as f64
}
/// Rook direction `i` points 60° x i from east: parallel to an edge of the hexagon.
fn rook_angle(i: usize) -> f64 {
    60.0 * i as f64
}

// ---- the model -------------------------------------------------------------------------------

/// One Knight pattern from a cell: two steps along Bishop line `line`, then across a side of the
/// second triangle that does not lie along the line, counter-clockwise of the line (`left`) or
/// clockwise; `side_first` when the first step crosses a side (else an angle).
#[derive(Clone, Copy, Debug)]
struct Leap {
    line: usize,
    left: bool,
    side_first: bool,
    land: usize,
    /// The extended move: the same pattern (same line, same turn) again from `land`.
    second: Option<usize>,
}

/// The board as drawn: every relation the move rules need, found from triangle outlines.
struct Model {
    n: usize,
    centre: Vec<Pt>,
    up: Vec<bool>,
    /// Triangles sharing a side.
    side_nb: Vec<Vec<usize>>,
    /// Triangles sharing a side or only a corner.
    touch: Vec<Vec<usize>>,
    /// Whether a triangle has a corner on the hexagon's outline.
    at_edge: Vec<bool>,
    /// `bishop[c][i]`: the triangles whose centroids lie on the line from `c`'s centroid along
    /// Bishop line `i`, nearest first.
    bishop: Vec<[Vec<usize>; 6]>,
    /// `rook[c][i]`: the walk from `c` along its strip parallel to Rook direction `i`, each step
    /// across a side to the neighbour in the strip that lies further that way.
    rook: Vec<[Vec<usize>; 6]>,
    knight: Vec<Vec<Leap>>,
    /// The cells whose (first) Knight leap lands on a cell.
    knight_from: Vec<Vec<usize>>,
    /// The hexagon's six edges, `(from, to)` as the seated player sees them (left to right),
    /// clockwise from the south; and the inward normal of each.
    edges: Vec<(Pt, Pt)>,
    inward: Vec<Pt>,
    row_h: f64,
    rows: usize,
}

impl Model {
    fn of(layout: &BoardLayout) -> Model {
        let n = layout.len();
        let pt = |q: [f32; 2]| [q[0] as f64, q[1] as f64];
        let corners: Vec<[Pt; 3]> = (0..n)
            .map(|c| {
                let k = layout.polygon(c as Cell).corners();
                assert_eq!(k.len(), 3, "a triangle");
                [pt(k[0]), pt(k[1]), pt(k[2])]
            })
            .collect();
        let centre: Vec<Pt> = corners.iter().map(|k| [(k[0][0] + k[1][0] + k[2][0]) / 3.0, (k[0][1] + k[1][1] + k[2][1]) / 3.0]).collect();
        // A triangle points up when one corner lies above its centroid and two below.
        let up: Vec<bool> = (0..n).map(|c| corners[c].iter().filter(|k| k[1] > centre[c][1]).count() == 1).collect();
        let side = layout.cell_size() as f64;
        let row_h = side * 3f64.sqrt() / 2.0;
        let shared = |a: usize, b: usize| corners[a].iter().filter(|&&x| corners[b].iter().any(|&y| same_point(x, y))).count();
        let mut side_nb = vec![Vec::new(); n];
        let mut touch = vec![Vec::new(); n];
        for a in 0..n {
            for b in (0..n).filter(|&b| b != a) {
                match shared(a, b) {
                    0 => {}
                    1 => touch[a].push(b),
                    2 => {
                        touch[a].push(b);
                        side_nb[a].push(b);
                    }
                    k => panic!("two triangles share {k} corners"),
                }
            }
        }
        // A corner is inside the board when six triangles meet there.
        let meeting = |p: Pt| corners.iter().filter(|k| k.iter().any(|&q| same_point(p, q))).count();
        let at_edge: Vec<bool> = corners.iter().map(|k| k.iter().any(|&p| meeting(p) < 6)).collect();

        let line = |c: usize, degrees: f64| -> Vec<usize> {
            let u = unit(degrees);
            let mut on: Vec<(f64, usize)> = (0..n)
                .filter(|&j| j != c)
                .map(|j| (sub(centre[j], centre[c]), j))
                .filter(|&(d, _)| cross(u, d).abs() < ON_LINE && dot(u, d) > EPS)
                .map(|(d, j)| (dot(u, d), j))
                .collect();
            on.sort_by(|a, b| a.0.total_cmp(&b.0));
            // Consecutive triangles on the line touch; a gap would end the line.
            let mut ray = Vec::new();
            let mut prev = c;
            for (_, j) in on {
                if !touch[prev].contains(&j) {
                    break;
                }
                ray.push(j);
                prev = j;
            }
            ray
        };
        // Strips: the bands between neighbouring lattice lines (lines through the triangles'
        // corners), numbered by the distance of a centroid from one corner of the board.
        let origin = corners[0][0];
        let strip = |c: usize, normal: Pt| (dot(sub(centre[c], origin), normal) / row_h).floor() as i64;
        let walk = |c: usize, degrees: f64| -> Vec<usize> {
            let u = unit(degrees);
            let normal = [-u[1], u[0]];
            let mine = strip(c, normal);
            let mut ray = Vec::new();
            let mut at = c;
            loop {
                let next: Vec<usize> = side_nb[at].iter().copied().filter(|&m| strip(m, normal) == mine && dot(sub(centre[m], centre[at]), u) > EPS).collect();
                assert!(next.len() <= 1, "one way on along a strip");
                match next.first() {
                    Some(&m) => {
                        ray.push(m);
                        at = m;
                    }
                    None => break,
                }
            }
            ray
        };
        let bishop: Vec<[Vec<usize>; 6]> = (0..n).map(|c| std::array::from_fn(|i| line(c, bishop_angle(i)))).collect();
        let rook: Vec<[Vec<usize>; 6]> = (0..n).map(|c| std::array::from_fn(|i| walk(c, rook_angle(i)))).collect();

        let mut knight: Vec<Vec<Leap>> = vec![Vec::new(); n];
        for (c, leaps) in knight.iter_mut().enumerate() {
            for (i, ray) in bishop[c].iter().enumerate() {
                if ray.len() < 2 {
                    continue;
                }
                let b = ray[1];
                let u = unit(bishop_angle(i));
                for &m in &side_nb[b] {
                    let d = sub(centre[m], centre[b]);
                    if cross(u, d).abs() < ON_LINE {
                        continue; // straight along the line, ahead or behind
                    }
                    leaps.push(Leap { line: i, left: cross(u, d) > 0.0, side_first: side_nb[c].contains(&ray[0]), land: m, second: None });
                }
            }
        }
        for c in 0..n {
            for k in 0..knight[c].len() {
                let l = knight[c][k];
                knight[c][k].second = knight[l.land].iter().find(|m| m.line == l.line && m.left == l.left).map(|m| m.land);
            }
        }
        let mut knight_from = vec![Vec::new(); n];
        for (c, leaps) in knight.iter().enumerate() {
            for l in leaps {
                knight_from[l.land].push(c);
            }
        }
        let edges: Vec<(Pt, Pt)> = (0..6).map(|s| layout.edge(Side(s))).map(|(p, q)| (pt(p), pt(q))).collect();
        // Edges run from the seated player's left to right, counter-clockwise round the board:
        // the board lies to their left.
        let inward: Vec<Pt> = edges
            .iter()
            .map(|&(p, q)| {
                let d = sub(q, p);
                let l = d[0].hypot(d[1]);
                [-d[1] / l, d[0] / l]
            })
            .collect();
        let mut m = Model { n, centre, up, side_nb, touch, at_edge, bishop, rook, knight, knight_from, edges, inward, row_h, rows: 0 };
        m.rows = (0..n).map(|c| m.depth(0, c)).max().unwrap() + 1;
        m
    }

    /// The hexagon's centre: the mean of its corners.
    fn hex_centre(&self) -> Pt {
        let sum = self.edges.iter().fold([0.0, 0.0], |s, e| [s[0] + e.0[0], s[1] + e.0[1]]);
        [sum[0] / 6.0, sum[1] / 6.0]
    }

    /// The triangle in the middle of edge `e`'s row: its centroid straight in from the edge's
    /// midpoint.
    fn edge_middle(&self, e: usize) -> usize {
        let (p, q) = self.edges[e];
        let half = [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0];
        let along = sub(q, p);
        let off = |c: usize| dot(sub(self.centre[c], half), along).abs();
        (0..self.n).filter(|&c| self.depth(e, c) == 0).min_by(|&a, &b| off(a).total_cmp(&off(b))).unwrap()
    }

    /// Rows between a cell and edge `e` (0 = on the edge's row).
    fn depth(&self, e: usize, c: usize) -> usize {
        let d = dot(sub(self.centre[c], self.edges[e].0), self.inward[e]) / self.row_h;
        assert!(d > 0.0, "every centroid lies inside every edge");
        d.floor() as usize
    }

    /// The Bishop line pointing straight away from edge `e`: a Pawn's forward.
    fn forward(&self, e: usize) -> usize {
        let n = self.inward[e];
        let angle = n[1].atan2(n[0]).to_degrees().rem_euclid(360.0);
        let i = ((angle - 30.0) / 60.0).round().rem_euclid(6.0) as usize;
        assert!((angle - bishop_angle(i)).abs() < 0.01, "edge {e}'s normal {angle}° is a Bishop line");
        i
    }

    /// The two triangles a Pawn on `c` with forward line `f` captures on: of the same colour,
    /// touching its corners, 30° either side of forward.
    fn pawn_captures(&self, f: usize, c: usize) -> Vec<usize> {
        let u = unit(bishop_angle(f));
        self.touch[c]
            .iter()
            .copied()
            .filter(|&t| {
                let d = sub(self.centre[t], self.centre[c]);
                self.up[t] == self.up[c] && dot(u, d) / d[0].hypot(d[1]) > 0.5
            })
            .collect()
    }

    /// The edge all `cells` lie on (depth 0), if exactly one.
    fn home_edge(&self, cells: &[usize]) -> Option<usize> {
        let edges: Vec<usize> = (0..6).filter(|&e| cells.iter().all(|&c| self.depth(e, c) == 0)).collect();
        (edges.len() == 1).then(|| edges[0])
    }

    /// How many corners of `c` lie on edge `e`'s line (2: a side on the edge, apex inward).
    fn corners_on_edge(&self, layout: &BoardLayout, e: usize, c: usize) -> usize {
        let (p, n) = (self.edges[e].0, self.inward[e]);
        layout.polygon(c as Cell).corners().iter().filter(|q| dot(sub([q[0] as f64, q[1] as f64], p), n).abs() < EPS).count()
    }
}

// ---- the model's move generator --------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Kind {
    fn of_engine(k: u8) -> Kind {
        match k {
            PAWN => Kind::Pawn,
            KNIGHT => Kind::Knight,
            BISHOP => Kind::Bishop,
            ROOK => Kind::Rook,
            QUEEN => Kind::Queen,
            KING => Kind::King,
            _ => panic!("no piece kind {k}"),
        }
    }
    fn engine(self) -> u8 {
        match self {
            Kind::Pawn => PAWN,
            Kind::Knight => KNIGHT,
            Kind::Bishop => BISHOP,
            Kind::Rook => ROOK,
            Kind::Queen => QUEEN,
            Kind::King => KING,
        }
    }
    fn letter(self) -> char {
        b"PNBRQK"[self as usize] as char
    }
}

type Board = Vec<Option<(usize, Kind)>>;

/// A board and each seat's last Pawn run (the cells it passed, where the Pawn stands).
#[derive(Clone)]
struct State {
    board: Board,
    runs: Vec<Option<(Vec<usize>, usize)>>,
    /// `mated[v]`: the seat that has checkmated `v` and may (must) take its King.
    mated: Vec<Option<usize>>,
}

impl State {
    fn empty(n: usize) -> State {
        State { board: vec![None; n], runs: vec![None; 6], mated: vec![None; 6] }
    }
}

#[derive(Clone, Debug)]
struct Mv {
    from: usize,
    to: usize,
    promo: Option<Kind>,
    victim: Option<usize>,
    passed: Vec<usize>,
}

impl Mv {
    fn to(from: usize, to: usize) -> Mv {
        Mv { from, to, promo: None, victim: None, passed: Vec::new() }
    }
    fn key(&self) -> (usize, usize, u8) {
        (self.from, self.to, self.promo.map_or(0, Kind::engine))
    }
}

/// The rules of one table on the model: who sits where, who is whose enemy, what is closed.
struct Rules<'a> {
    m: &'a Model,
    /// Each seat's edge and forward line.
    edge: Vec<usize>,
    fwd: Vec<usize>,
    enemy: Vec<Vec<bool>>,
    extended: bool,
    closed: Vec<bool>,
}

impl Rules<'_> {
    fn empty(&self, b: &Board, t: usize) -> bool {
        !self.closed[t] && b[t].is_none()
    }
    /// Whether seat `s` may end a move on `t`: open, and empty or an enemy — a King only when
    /// `s` has checkmated it ("Next move W1 must take the King").
    fn may_land(&self, st: &State, s: usize, t: usize) -> bool {
        !self.closed[t] && st.board[t].is_none_or(|(o, k)| self.enemy[s][o] && (k != Kind::King || st.mated[o] == Some(s)))
    }

    fn promotes(&self, s: usize, t: usize) -> bool {
        let ahead = self.m.bishop[t][self.fwd[s]].first();
        2 * self.m.depth(self.edge[s], t) >= self.m.rows && ahead.is_none_or(|&a| self.closed[a])
    }

    /// Destinations of a piece (not a Pawn) of seat `s` on `from`.
    fn dests(&self, st: &State, s: usize, from: usize, k: Kind) -> BTreeSet<usize> {
        let (m, b) = (self.m, &st.board);
        let mut out = BTreeSet::new();
        let mut slide = |rays: &[Vec<usize>]| {
            for ray in rays {
                for &t in ray {
                    if self.closed[t] {
                        break;
                    }
                    if self.may_land(st, s, t) {
                        out.insert(t);
                    }
                    if b[t].is_some() {
                        break;
                    }
                }
            }
        };
        match k {
            Kind::Bishop => slide(&m.bishop[from]),
            Kind::Rook => slide(&m.rook[from]),
            Kind::Queen => {
                slide(&m.bishop[from]);
                slide(&m.rook[from]);
            }
            Kind::King => out.extend(m.touch[from].iter().copied().filter(|&t| self.may_land(st, s, t))),
            Kind::Knight => {
                for l in &m.knight[from] {
                    if self.may_land(st, s, l.land) {
                        out.insert(l.land);
                    }
                    if let Some(t) = l.second
                        && self.extended
                        && self.empty(b, l.land)
                        && self.empty(b, t)
                    {
                        out.insert(t);
                    }
                }
            }
            Kind::Pawn => unreachable!(),
        }
        out
    }

    fn pawn_moves(&self, st: &State, s: usize, from: usize, out: &mut Vec<Mv>) {
        let (m, b) = (self.m, &st.board);
        let depth = m.depth(self.edge[s], from);
        let reach = match (self.extended, depth) {
            (true, 0 | 1) => 3,
            (true, d) if 2 * d < m.rows => 2,
            (false, 0 | 1) => 2,
            _ => 1,
        };
        let mut push = |mv: Mv| {
            if self.promotes(s, mv.to) {
                for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                    out.push(Mv { promo: Some(k), ..mv.clone() });
                }
            } else {
                out.push(mv);
            }
        };
        let ray = &m.bishop[from][self.fwd[s]];
        for (i, &t) in ray.iter().take(reach).enumerate() {
            if !self.empty(b, t) {
                break;
            }
            push(Mv { passed: ray[..i].to_vec(), ..Mv::to(from, t) });
        }
        for t in m.pawn_captures(self.fwd[s], from) {
            if self.closed[t] {
                continue;
            }
            match b[t] {
                Some(_) if self.may_land(st, s, t) => push(Mv::to(from, t)),
                None => {
                    for (e, run) in st.runs.iter().enumerate() {
                        if let Some((passed, at)) = run
                            && self.enemy[s][e]
                            && passed.contains(&t)
                            && b[*at] == Some((e, Kind::Pawn))
                        {
                            push(Mv { victim: Some(*at), ..Mv::to(from, t) });
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn pseudo(&self, st: &State, s: usize) -> Vec<Mv> {
        let mut out = Vec::new();
        for (from, p) in st.board.iter().enumerate() {
            match *p {
                Some((o, Kind::Pawn)) if o == s => self.pawn_moves(st, s, from, &mut out),
                Some((o, k)) if o == s => out.extend(self.dests(st, s, from, k).into_iter().map(|t| Mv::to(from, t))),
                _ => {}
            }
        }
        out
    }

    fn apply(&self, st: &State, s: usize, mv: &Mv) -> State {
        let mut next = st.clone();
        let piece = next.board[mv.from].take();
        if let Some(v) = mv.victim {
            next.board[v] = None;
        }
        next.board[mv.to] = mv.promo.map(|k| (s, k)).or(piece);
        next.runs[s] = (!mv.passed.is_empty()).then(|| (mv.passed.clone(), mv.to));
        next
    }

    /// The enemies of `s` whose pieces attack `t` on `b`.
    fn attackers(&self, b: &Board, t: usize, s: usize) -> BTreeSet<usize> {
        let m = self.m;
        let mut seats = BTreeSet::new();
        let mut foe = |c: usize, kinds: &[Kind]| {
            if let Some((o, k)) = b[c]
                && self.enemy[s][o]
                && kinds.contains(&k)
            {
                seats.insert(o);
            }
        };
        for (rays, kinds) in [(&m.bishop[t], [Kind::Bishop, Kind::Queen]), (&m.rook[t], [Kind::Rook, Kind::Queen])] {
            for ray in rays {
                if let Some(c) = ray.iter().copied().find(|&c| self.closed[c] || b[c].is_some())
                    && !self.closed[c]
                {
                    foe(c, &kinds);
                }
            }
        }
        for &c in &m.touch[t] {
            foe(c, &[Kind::King]);
            if let Some((o, Kind::Pawn)) = b[c]
                && m.pawn_captures(self.fwd[o], c).contains(&t)
            {
                foe(c, &[Kind::Pawn]);
            }
        }
        for &c in &m.knight_from[t] {
            foe(c, &[Kind::Knight]);
        }
        seats
    }

    fn attacked(&self, b: &Board, t: usize, s: usize) -> bool {
        !self.attackers(b, t, s).is_empty()
    }

    fn king(&self, b: &Board, s: usize) -> Option<usize> {
        b.iter().position(|&p| p == Some((s, Kind::King)))
    }

    /// After `mover`'s move: the seats now checkmated and by whom, and who moves next. The text:
    /// when the seat in check has no move it is mated ("If W1 mates W2, the latter's pieces are
    /// frozen in place. Next move W1 must take the King"); and when an attacker moves before the
    /// seat in check, "The situation is treated as if it were checkmate" (discovery). A mated
    /// seat misses its turns (cut-throat: frozen; partners: "loses his or her next turn").
    fn settle(&self, st: &mut State, mover: usize, order: &[usize]) -> usize {
        let after = |from: usize| -> Vec<usize> {
            let i = order.iter().position(|&x| x == from).unwrap();
            (1..=order.len()).map(|k| order[(i + k) % order.len()]).collect()
        };
        for v in after(mover).into_iter().filter(|&v| v != mover) {
            let Some(k) = self.king(&st.board, v) else { continue };
            let attackers = self.attackers(&st.board, k, v);
            if attackers.is_empty() || st.mated[v].is_some() {
                continue;
            }
            let sequence = after(mover);
            let first = sequence.iter().copied().find(|x| attackers.contains(x) || *x == v).unwrap();
            st.mated[v] = if first != v {
                Some(first)
            } else if self.legal(st, v).is_empty() {
                Some(if attackers.contains(&mover) { mover } else { after(v).into_iter().find(|x| attackers.contains(x)).unwrap() })
            } else {
                None
            };
        }
        after(mover).into_iter().find(|&x| st.mated[x].is_none()).unwrap()
    }

    /// The moves of `s` to move: a seat that has mated a King must take it if it can (and is not
    /// in check); a cut-throat seat with no move and not in check passes while two others play.
    fn moves(&self, st: &State, s: usize, cut_throat: bool) -> Keys {
        let legal: Vec<Mv> = self.legal(st, s);
        let in_check = self.king(&st.board, s).is_some_and(|k| self.attacked(&st.board, k, s));
        let takes: Keys = legal.iter().filter(|mv| matches!(st.board[mv.to], Some((_, Kind::King)))).map(Mv::key).collect();
        if !takes.is_empty() && !in_check {
            return takes;
        }
        let others = st.mated.iter().take(self.edge.len()).enumerate().filter(|&(x, m)| x != s && m.is_none()).count();
        if legal.is_empty() && cut_throat && !in_check && others >= 2 {
            return Keys::from([PASS]);
        }
        legal.iter().map(Mv::key).collect()
    }

    /// Seat `s`'s legal moves: those after which its King (if it has one) is not attacked.
    fn legal(&self, st: &State, s: usize) -> Vec<Mv> {
        self.pseudo(st, s)
            .into_iter()
            .filter(|mv| {
                let next = self.apply(st, s, mv);
                self.king(&next.board, s).is_none_or(|k| !self.attacked(&next.board, k, s))
            })
            .collect()
    }
}

// ---- tables from the text --------------------------------------------------------------------

/// Move order and teams as the text gives them (seats A = 0 ...): cut-throat "play proceeds
/// clockwise"; "With AB vs. CD, sequence of moves is A, C, B, D"; "AB vs. CD vs. EF partners
/// (sequence A, C, E, B, D, F)"; "Playing ABC vs. DEF ... Sequence is A, D, B, E, C, F".
fn sequence(players: usize, seating: DoublesSeating) -> (Vec<usize>, Vec<Vec<usize>>) {
    use DoublesSeating::*;
    match (players, seating) {
        (_, CutThroat) => ((0..players).collect(), (0..players).map(|s| vec![s]).collect()),
        (4, PartnersAdjacent) => (vec![0, 2, 1, 3], vec![vec![0, 1], vec![2, 3]]),
        (6, PartnersAdjacent) => (vec![0, 2, 4, 1, 3, 5], vec![vec![0, 1], vec![2, 3], vec![4, 5]]),
        (6, Trios) => (vec![0, 3, 1, 4, 2, 5], vec![vec![0, 1, 2], vec![3, 4, 5]]),
        other => panic!("no such table {other:?}"),
    }
}

fn options(players: u8, seating: DoublesSeating, cut_edges: bool, plain_moves: bool) -> GameOptions {
    GameOptions { players, seating, cut_edges, plain_moves, ..GameOptions::default_for(GameId::TriChess) }
}

/// Every start: each player count and seating the text describes, both edge options.
fn all_starts() -> Vec<(&'static str, GameOptions)> {
    use DoublesSeating::*;
    vec![
        ("2p", options(2, CutThroat, false, false)),
        ("2p cut edges", options(2, CutThroat, true, false)),
        ("3p", options(3, CutThroat, false, false)),
        ("3p cut edges", options(3, CutThroat, true, false)),
        ("3p plain moves", options(3, CutThroat, false, true)),
        ("4p cut-throat", options(4, CutThroat, false, false)),
        ("4p cut-throat cut edges", options(4, CutThroat, true, false)),
        ("4p partners", options(4, PartnersAdjacent, false, false)),
        ("4p partners cut edges", options(4, PartnersAdjacent, true, false)),
        ("5p", options(5, CutThroat, false, false)),
        ("5p cut edges", options(5, CutThroat, true, false)),
        ("6p cut-throat", options(6, CutThroat, false, false)),
        ("6p partners", options(6, PartnersAdjacent, false, false)),
        ("6p trios", options(6, Trios, false, false)),
    ]
}

fn start(o: &GameOptions) -> DoubleChessPosition {
    match AnyPosition::start(GameId::TriChess, o).unwrap_or_else(|e| panic!("{o:?}: {e}")) {
        AnyPosition::DoubleChess(p) => p,
        _ => panic!("Tri-Chess runs on DoubleChessPosition"),
    }
}

fn model_of(p: &DoubleChessPosition) -> Model {
    Model::of(BoardLayout::of(p.topology()))
}

fn state_of(p: &DoubleChessPosition, n: usize) -> State {
    let board = (0..n).map(|c| p.owner_at(c as Cell).map(|o| (o.0 as usize, Kind::of_engine(p.kind_at(c as Cell))))).collect();
    State { board, ..State::empty(n) }
}

/// The seats' edges, found from where each seat's pieces (not Pawns) stand at the start.
fn seat_edges(m: &Model, p: &DoubleChessPosition, players: usize) -> Vec<usize> {
    (0..players)
        .map(|s| {
            let cells: Vec<usize> = (0..m.n).filter(|&c| p.owner_at(c as Cell) == Some(Seat(s as u8)) && p.kind_at(c as Cell) != PAWN).collect();
            m.home_edge(&cells).unwrap_or_else(|| panic!("seat {s}'s pieces are not on one edge row"))
        })
        .collect()
}

fn rules<'a>(m: &'a Model, edges: Vec<usize>, o: &GameOptions, closed: Vec<bool>) -> Rules<'a> {
    let players = o.players as usize;
    let (_, teams) = sequence(players, o.seating);
    let team = |s: usize| teams.iter().position(|t| t.contains(&s)).unwrap();
    let enemy = (0..players).map(|s| (0..players).map(|t| team(t) != team(s)).collect()).collect();
    let fwd = edges.iter().map(|&e| m.forward(e)).collect();
    Rules { m, edge: edges, fwd, enemy, extended: players > 2 && !o.plain_moves, closed }
}

fn engine_moves(p: &DoubleChessPosition) -> Vec<DoubleMove> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    v
}

/// Moves as (from, to, promotion).
type Keys = BTreeSet<(usize, usize, u8)>;
/// The pass as a key (the engine's pass has no cells).
const PASS: (usize, usize, u8) = (Cell::MAX as usize, Cell::MAX as usize, 0);

fn key(m: &DoubleMove) -> (usize, usize, u8) {
    (m.from as usize, m.to as usize, m.promotion)
}

fn names(p: &DoubleChessPosition, keys: impl IntoIterator<Item = (usize, usize, u8)>) -> Vec<String> {
    let t = p.topology();
    keys.into_iter()
        .map(|k| {
            if k == PASS {
                "pass".into()
            } else {
                format!("{}{}{}", t.name(k.0 as Cell), t.name(k.1 as Cell), if k.2 == 0 { String::new() } else { k.2.to_string() })
            }
        })
        .collect()
}

/// The differences between two move sets, as names.
fn diff(p: &DoubleChessPosition, ours: &Keys, engine: &Keys) -> String {
    format!("only the model: {:?}; only the engine: {:?}", names(p, ours.difference(engine).copied()), names(p, engine.difference(ours).copied()))
}

// ---- positions from text ---------------------------------------------------------------------

/// A position record with `pieces` (cell, seat, kind), rows from the top down, each row's
/// triangles west to east, found from the model's rows and centroids.
fn text(m: &Model, pieces: &[(usize, usize, Kind)], to_move: usize) -> String {
    let mut rows = Vec::new();
    for r in (0..m.rows).rev() {
        let mut cells: Vec<usize> = (0..m.n).filter(|&c| m.depth(0, c) == r).collect();
        cells.sort_by(|&a, &b| m.centre[a][0].total_cmp(&m.centre[b][0]));
        let (mut row, mut empty) = (String::new(), 0);
        for c in cells {
            match pieces.iter().find(|p| p.0 == c) {
                Some(&(_, seat, k)) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row += &format!("[{}{}]", (b'a' + seat as u8) as char, k.letter());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    format!("{} {} - - - - - 0", rows.join("/"), (b'a' + to_move as u8) as char)
}

/// Reads a position on a table and checks every piece stands where it was meant to.
fn position(m: &Model, o: &GameOptions, pieces: &[(usize, usize, Kind)]) -> DoubleChessPosition {
    position_for(m, o, pieces, 0)
}

fn position_for(m: &Model, o: &GameOptions, pieces: &[(usize, usize, Kind)], to_move: usize) -> DoubleChessPosition {
    let t = text(m, pieces, to_move);
    let p = DoubleChessPosition::tri_from_text(&t, o.tri_chess()).unwrap_or_else(|e| panic!("{t}: {e}"));
    for &(c, s, k) in pieces {
        assert_eq!((p.owner_at(c as Cell), p.kind_at(c as Cell)), (Some(Seat(s as u8)), k.engine()), "{t}: {}", p.topology().name(c as Cell));
    }
    p
}

/// Cells for the Kings of seats B and A (in that order), outside `keep` (the cells a test looks
/// at) and apart, as far from `from` as the board allows; B's touching nothing in `guard` either
/// (the cells A's King is tested on).
fn far_kings(m: &Model, keep: &BTreeSet<usize>, guard: &BTreeSet<usize>, from: usize) -> [usize; 2] {
    let mut cells: Vec<usize> = (0..m.n).filter(|c| !keep.contains(c)).collect();
    cells.sort_by(|&a, &b| dist(m.centre[b], m.centre[from]).total_cmp(&dist(m.centre[a], m.centre[from])));
    let b = *cells.iter().find(|&&c| !m.touch[c].iter().any(|x| guard.contains(x))).expect("room for B's King");
    let a = *cells.iter().find(|&&c| c != b && !m.touch[b].contains(&c)).expect("room for A's King");
    [b, a]
}

/// Every cell a lone piece of seat `s` on `c` moves to or captures on, on an empty board.
fn reach(r: &Rules, s: usize, c: usize, k: Kind) -> BTreeSet<usize> {
    let mut st = State::empty(r.m.n);
    st.board[c] = Some((s, k));
    let mut out: BTreeSet<usize> = r.pseudo(&st, s).iter().map(|mv| mv.to).collect();
    if k == Kind::Pawn {
        out.extend(r.m.pawn_captures(r.fwd[s], c));
    }
    out
}

/// The three-player table (10 rows): options, model, rules.
fn three_players() -> (GameOptions, DoubleChessPosition, Model) {
    let o = options(3, DoublesSeating::CutThroat, false, false);
    let p = start(&o);
    let m = model_of(&p);
    (o, p, m)
}

fn rules_3p<'a>(m: &'a Model, o: &GameOptions, p: &DoubleChessPosition) -> Rules<'a> {
    rules(m, seat_edges(m, p, 3), o, vec![false; m.n])
}

/// The engine's moves of `pieces[0]` in a position of `pieces` plus A's and B's Kings placed
/// away from everything in `keep`; and the model's.
fn moves_of(m: &Model, o: &GameOptions, r: &Rules, pieces: &[(usize, usize, Kind)], keep: &BTreeSet<usize>) -> (DoubleChessPosition, Keys, Keys) {
    let from = pieces[0].0;
    let mut all = pieces.to_vec();
    let kings_moves = pieces[0].2 == Kind::King;
    let none = BTreeSet::new();
    let [b, a] = far_kings(m, keep, if kings_moves { keep } else { &none }, from);
    all.push((b, 1, Kind::King));
    if !kings_moves {
        all.push((a, 0, Kind::King));
    }
    let p = position(m, o, &all);
    let engine: BTreeSet<_> = engine_moves(&p).iter().filter(|mv| mv.from as usize == from).map(key).collect();
    let st = state_of(&p, m.n);
    let ours: BTreeSet<_> = r.legal(&st, 0).iter().filter(|mv| mv.from == from).map(Mv::key).collect();
    (p, engine, ours)
}

// ---- the model itself ------------------------------------------------------------------------

#[test]
fn the_model_has_the_texts_geometry() {
    for players in [2, 3, 5] {
        let p = start(&options(players, DoublesSeating::CutThroat, false, false));
        let m = model_of(&p);
        let mut interior = 0;
        for c in 0..m.n {
            assert!(m.side_nb[c].len() <= 3 && m.touch[c].len() <= 12);
            if !m.at_edge[c] {
                interior += 1;
                assert_eq!((m.side_nb[c].len(), m.touch[c].len()), (3, 12), "every triangle off the edge touches twelve");
            }
            for i in 0..6 {
                // "Bishops move perpendicular to any edge of the board, passing alternately
                // through sides and angles of triangles."
                let mut path = vec![c];
                path.extend(&m.bishop[c][i]);
                for w in path.windows(3) {
                    assert_ne!(m.side_nb[w[0]].contains(&w[1]), m.side_nb[w[1]].contains(&w[2]), "line {i} from {c} alternates");
                }
                for &x in &m.bishop[c][i] {
                    assert!(m.bishop[x][(i + 3) % 6].contains(&c), "Bishop lines run both ways");
                }
                // Rooks "move parallel to any edge of the board through sides of triangles".
                let mut path = vec![c];
                path.extend(&m.rook[c][i]);
                for w in path.windows(2) {
                    assert!(m.side_nb[w[0]].contains(&w[1]));
                }
                for &x in &m.rook[c][i] {
                    assert!(m.rook[x][(i + 3) % 6].contains(&c), "Rook strips run both ways");
                }
            }
        }
        assert!(interior > 0);
        // Each row across the board is one strip: the Rook crosses a whole row.
        assert_eq!(
            m.rows,
            match players {
                2 => 8,
                3 => 10,
                _ => 12,
            }
        );
    }
}

// ---- 1. per-piece move counts ----------------------------------------------------------------

#[test]
fn each_piece_moves_as_the_model_and_the_hand_counts_say_on_ten_rows() {
    let (o, start_pos, m) = three_players();
    let r = rules_3p(&m, &o, &start_pos);
    let layout = BoardLayout::of(start_pos.topology());
    let centre_pt = m.hex_centre();
    let has_corner_at = |c: usize, q: Pt| layout.polygon(c as Cell).corners().iter().any(|k| same_point([k[0] as f64, k[1] as f64], q));
    // (a) The up triangle whose apex is the hexagon's centre.
    let centre = (0..m.n).find(|&c| m.up[c] && has_corner_at(c, centre_pt) && m.centre[c][1] < centre_pt[1]).unwrap();
    // (b) The middle of the south edge: a triangle with its side on the edge (10 rows: "the
    // central triangle on an edge ... its apex points inward").
    let mid = |e: usize| m.edge_middle(e);
    let edge = mid(0);
    assert_eq!(m.corners_on_edge(layout, 0, edge), 2);
    // (c) The south-west corner's triangle on the south edge (its base on the edge).
    let sw = m.edges[0].0;
    let corner = (0..m.n).find(|&c| has_corner_at(c, sw) && m.corners_on_edge(layout, 0, c) == 2).unwrap();
    // Pawns of A (south) cannot stand on A's edge row: the middle of the south-west edge and the
    // west corner's triangle below the board's middle line.
    let pawn_edge = mid(1);
    let west = m.edges[1].0;
    let pawn_corner = (0..m.n).find(|&c| has_corner_at(c, west) && m.centre[c][1] < west[1]).unwrap();

    // Hand counts, 10-row board (side k = 5; rows hold 11, 13, 15, 17, 19, 19, 17, 15, 13, 11
    // triangles from the south). Centre C: the up triangle with its apex at the centre (row 4).
    // Edge E: the up triangle in the middle of the south row. Corner K: the up triangle at the
    // south row's west end, its base's left end the south-west corner.
    //  King: C touches 12 (3 in the row above its apex, 4 in its row, 5 below its base); E loses
    //    the 5 below: 7; K also loses the two west of it in its row and below it: 6 (its row: 3 of
    //    the 4, the row above: 3).
    //  Bishop: each line through C crosses all 10 rows parallel to its edges (its offset from
    //    the centre is under half an edge): 3 x 9 = 27. E: north 9 (the centre line), 30° and
    //    150° 5 each (the lines leave through the SE / SW edge after 5 triangles), the lower three
    //    lines leave at once: 19. K: north 9, 30° 9 (the long diagonal to the east corner), 150°
    //    1, the rest none: 19.
    //  Rook: C's three strips are rows of 19 (row 4 from the S, SE and SW edges): 3 x 18, less
    //    the 3 side neighbours each reached along two strips: 51. E: its row of 11 (10), two
    //    strips of 15 with E at an end (14 each), less the 2 side neighbours shared: 36. K: its
    //    row (1 west, 9 east), the 60° strip is a row of 19 with K at its end (18), the 120°
    //    strip the SW edge row of 11 with K at its end (10); less 2: 36.
    //  Queen: Rook + Bishop less the side neighbours both reach (a Bishop line meets each of the
    //    cell's strips only in the cell and one side neighbour): C 51 + 27 - 3 = 75, E 36 + 19 -
    //    2 = 53, K 36 + 19 - 2 = 53.
    //  Knight (3 players: extended moves on): C: 12 leaps, each extended landing lies at
    //    4h along the line and 1 side-unit across (sqrt(13) sides from C), inside the hexagon in
    //    all 12 cases: 24. E: the leaps along the north line (2) and the 30° / 150° lines (2
    //    each); of their extensions the two turning toward the SE / SW edge leave the board:
    //    6 + 4 = 10. K: north (2) and 30° (2), 150° ends after one step: 4, all extensions on
    //    the board: 8.
    //  Pawn (A's, forward north): on C (row 4, its own half: up to two) 2; in the middle of the
    //    SW edge (row 2: up to two) 2; on the west corner's lower triangle (row 4) one step
    //    north reaches the triangle at the corner above, in the far half with no step left
    //    (the next one is off the board): it promotes, 4 ways: 4.
    type Spot = (&'static str, usize, usize);
    let cases: [(Kind, [Spot; 3]); 6] = [
        (Kind::King, [("centre", centre, 12), ("edge", edge, 7), ("corner", corner, 6)]),
        (Kind::Queen, [("centre", centre, 75), ("edge", edge, 53), ("corner", corner, 53)]),
        (Kind::Rook, [("centre", centre, 51), ("edge", edge, 36), ("corner", corner, 36)]),
        (Kind::Bishop, [("centre", centre, 27), ("edge", edge, 19), ("corner", corner, 19)]),
        (Kind::Knight, [("centre", centre, 24), ("edge", edge, 10), ("corner", corner, 8)]),
        (Kind::Pawn, [("centre", centre, 2), ("edge (SW)", pawn_edge, 2), ("corner (W)", pawn_corner, 4)]),
    ];
    let mut table = String::from("Tri-Chess, 10 rows, 3 players (extended moves), lone piece of A:\npiece   where        cell   engine  model  hand\n");
    let mut wrong = Vec::new();
    for (k, spots) in cases {
        for (label, c, hand) in spots {
            let keep: BTreeSet<usize> = reach(&r, 0, c, k).into_iter().chain([c]).collect();
            let (p, engine, ours) = moves_of(&m, &o, &r, &[(c, 0, k)], &keep);
            let name = p.topology().name(c as Cell);
            table += &format!("{:<7} {label:<12} {name:<6} {:>6} {:>6} {hand:>5}\n", format!("{k:?}"), engine.len(), ours.len());
            if engine != ours || ours.len() != hand {
                wrong.push(format!(
                    "{k:?} on {label} {name}: engine {}, model {}, hand {hand}; {} [{}]",
                    engine.len(),
                    ours.len(),
                    diff(&p, &ours, &engine),
                    p.to_text()
                ));
            }
        }
    }
    eprintln!("{table}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// ---- 2. perft ----------------------------------------------------------------------------------

#[test]
fn perft_at_depths_1_and_2_matches_the_models_own_generator() {
    // Castling needs the cells between King and Rook empty: in the first two plies each seat
    // moves at most once, and its Bishop, Knight and Queen still stand between them, so the model
    // leaves castling out (and the engine's moves are checked to hold none).
    let mut wrong = Vec::new();
    let mut lines = Vec::new();
    let mut skips = Vec::new();
    for (name, o) in all_starts() {
        let p = start(&o);
        let m = model_of(&p);
        let players = o.players as usize;
        let closed: Vec<bool> = (0..m.n).map(|c| p.is_closed(c as Cell)).collect();
        let r = rules(&m, seat_edges(&m, &p, players), &o, closed);
        let (order, _) = sequence(players, o.seating);
        let engine_order: Vec<usize> = p.seating().order().iter().map(|s| s.0 as usize).collect();
        assert_eq!(engine_order, order, "{name}: the sequence of moves");
        let first = order[0];
        let cut_throat = o.seating == DoublesSeating::CutThroat;
        assert_eq!(p.turn().0 as usize, first);
        let st = state_of(&p, m.n);
        let ours1 = r.legal(&st, first);
        let eng1 = engine_moves(&p);
        let ours_keys: Keys = ours1.iter().map(Mv::key).collect();
        let eng_keys: Keys = eng1.iter().map(key).collect();
        assert_eq!(ours_keys.len(), ours1.len(), "{name}: the model lists a move twice");
        if ours_keys != eng_keys || eng_keys.len() != eng1.len() {
            wrong.push(format!(
                "{name} depth 1: model {}, engine {} ({} listed); {}",
                ours1.len(),
                eng_keys.len(),
                eng1.len(),
                diff(&p, &ours_keys, &eng_keys)
            ));
        }
        // The model's second ply: who moves (mates skip seats) and with what.
        let mut ours2 = 0usize;
        let mut second: BTreeMap<(usize, usize, u8), (usize, Keys)> = BTreeMap::new();
        for mv in &ours1 {
            let mut next = r.apply(&st, first, mv);
            let to_move = r.settle(&mut next, first, &order);
            let keys = r.moves(&next, to_move, cut_throat);
            ours2 += keys.len();
            if to_move != order[1] {
                skips.push(format!("{name}: after {:?} seat {} moves", names(&p, [mv.key()]), Seat(to_move as u8).letter()));
            }
            second.insert(mv.key(), (to_move, keys));
        }
        for em in &eng1 {
            assert_ne!(em.kind, DoubleKind::Castle, "{name}: castling in the first ply");
            let mut q = p.clone();
            q.play_unchecked(*em);
            let eng_next = engine_moves(&q);
            assert!(eng_next.iter().all(|m2| m2.kind != DoubleKind::Castle), "{name}: castling in the second ply");
            let Some((to_move, ours_next)) = second.get(&key(em)) else { continue };
            let eng_next: Keys = eng_next.iter().map(key).collect();
            if (q.turn().0 as usize, &eng_next) != (*to_move, ours_next) && wrong.len() < 40 {
                wrong.push(format!(
                    "{name} after {:?}: model: seat {} with {} moves, engine: seat {} with {}; {} [{}]",
                    names(&p, [key(em)]),
                    Seat(*to_move as u8).letter(),
                    ours_next.len(),
                    q.turn().letter(),
                    eng_next.len(),
                    diff(&q, ours_next, &eng_next),
                    q.to_text()
                ));
            }
        }
        let (e1, e2) = (perft(&mut p.clone(), 1), perft(&mut p.clone(), 2));
        lines.push(format!("{name:<24} depth 1: engine {e1:>4} model {:>4}   depth 2: engine {e2:>7} model {ours2:>7}", ours1.len()));
        if e1 != ours1.len() as u64 || e2 != ours2 as u64 {
            wrong.push(format!("{name}: perft engine {e1}/{e2}, model {}/{ours2}", ours1.len()));
        }
    }
    eprintln!("{}\n{}", lines.join("\n"), skips.join("\n"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// ---- 3. the text's claims --------------------------------------------------------------------

#[test]
fn knight_moves_through_a_side_first_are_rook_moves_and_through_an_angle_first_are_not() {
    // "When it passes through an angle first, its moves are unique; ... When, however, it moves
    // through a side, then through an angle, before moving to the side, its pattern may be
    // duplicated by a Rook" — on an empty board, from every triangle.
    let (o, start_pos, m) = three_players();
    let r = rules_3p(&m, &o, &start_pos);
    let (mut side_first, mut angle_first, mut open) = (0, 0, 0);
    for c in 0..m.n {
        let keep: BTreeSet<usize> = reach(&r, 0, c, Kind::Knight).into_iter().chain(reach(&r, 0, c, Kind::Rook)).chain([c]).collect();
        let (p, knight, ours) = moves_of(&m, &o, &r, &[(c, 0, Kind::Knight)], &keep);
        assert_eq!(knight, ours, "Knight on {}: {}", p.topology().name(c as Cell), diff(&p, &ours, &knight));
        let (_, rook, _) = moves_of(&m, &o, &r, &[(c, 0, Kind::Rook)], &keep);
        let rook: BTreeSet<usize> = rook.iter().map(|k| k.1).collect();
        for l in &m.knight[c] {
            let t = p.topology();
            assert!(knight.contains(&(c, l.land, 0)));
            assert_eq!(
                rook.contains(&l.land),
                l.side_first,
                "Knight {} to {} ({} first): a Rook move?",
                t.name(c as Cell),
                t.name(l.land as Cell),
                if l.side_first { "side" } else { "angle" }
            );
            if l.side_first {
                side_first += 1;
            } else {
                angle_first += 1;
            }
        }
        // Figure 34: six X's and six *'s round a Knight with room for all twelve leaps.
        if m.knight[c].len() == 12 {
            open += 1;
            assert_eq!(m.knight[c].iter().filter(|l| l.side_first).count(), 6, "{}", p.topology().name(c as Cell));
        }
    }
    assert!(side_first > 500 && angle_first > 500 && open > 20, "{side_first} {angle_first} {open}");
}

#[test]
fn a_rook_and_a_bishop_on_adjacent_triangles_guard_each_other() {
    // "a Rook and a Bishop on adjacent spaces may guard each other": across every shared side
    // each attacks the other's triangle (shown as the capture of an enemy standing there).
    // Across a corner only, the Bishop reaches the Rook's triangle but not the other way round.
    let (o, start_pos, m) = three_players();
    let r = rules_3p(&m, &o, &start_pos);
    let attacks = |a: usize, ka: Kind, b: usize, kb: Kind| {
        let keep: BTreeSet<usize> = reach(&r, 0, a, ka).into_iter().chain(reach(&r, 0, b, kb)).chain([a, b]).collect();
        let (_, engine, ours) = moves_of(&m, &o, &r, &[(a, 0, ka), (b, 1, kb)], &keep);
        assert_eq!(engine, ours);
        engine.contains(&(a, b, 0))
    };
    let mut pairs = 0;
    for c in 0..m.n {
        for &d in m.side_nb[c].iter().filter(|&&d| d > c) {
            assert!(attacks(c, Kind::Rook, d, Kind::Bishop) && attacks(d, Kind::Bishop, c, Kind::Rook), "Rook {c} / Bishop {d}");
            assert!(attacks(d, Kind::Rook, c, Kind::Bishop) && attacks(c, Kind::Bishop, d, Kind::Rook), "Rook {d} / Bishop {c}");
            pairs += 1;
        }
    }
    assert!(pairs > 150);
    for c in (0..m.n).filter(|&c| !m.at_edge[c]) {
        // The three triangles of the other colour that touch only a corner of c.
        for &d in m.touch[c].iter().filter(|&&d| !m.side_nb[c].contains(&d) && m.up[d] != m.up[c]) {
            assert!(attacks(d, Kind::Bishop, c, Kind::Rook) && !attacks(c, Kind::Rook, d, Kind::Bishop), "corner pair {c} / {d}");
        }
    }
}

#[test]
fn the_queen_has_twelve_directions_and_every_piece_half_again_the_square_boards() {
    let (o, start_pos, m) = three_players();
    let r = rules_3p(&m, &o, &start_pos);
    // "From any given space (away from the edge), she may move off in any of twelve different
    // directions": from every triangle with no corner on the edge, all twelve lines (six Rook
    // strips, six Bishop lines) hold a move on an empty board.
    for c in (0..m.n).filter(|&c| !m.at_edge[c]) {
        let lines = m.rook[c].iter().chain(&m.bishop[c]).filter(|ray| !ray.is_empty()).count();
        assert_eq!(lines, 12, "cell {c}");
    }
    // From the centre the twelve are different moves: each line holds a triangle no other does.
    let mid = m.hex_centre();
    let centre = (0..m.n).min_by(|&a, &b| dist(m.centre[a], mid).total_cmp(&dist(m.centre[b], mid))).unwrap();
    let rays: Vec<&Vec<usize>> = m.rook[centre].iter().chain(&m.bishop[centre]).collect();
    for (i, ray) in rays.iter().enumerate() {
        assert!(ray.iter().any(|x| rays.iter().enumerate().all(|(j, other)| j == i || !other.contains(x))), "direction {i} from the centre");
    }
    let union: BTreeSet<usize> = rays.iter().flat_map(|r| r.iter().copied()).collect();
    let keep: BTreeSet<usize> = union.iter().copied().chain([centre]).collect();
    let (_, queen, _) = moves_of(&m, &o, &r, &[(centre, 0, Kind::Queen)], &keep);
    assert_eq!(queen.iter().map(|k| k.1).collect::<BTreeSet<_>>(), union, "the Queen goes along all twelve");

    // "every piece covers half again as much territory": directions from the centre against the
    // square board's Rook 4, Bishop 4, Queen 8, King 8, Knight 8.
    let plain = options(3, DoublesSeating::CutThroat, false, true);
    let r_plain = rules_3p(&m, &plain, &start_pos);
    let count = |k: Kind, o: &GameOptions, r: &Rules| {
        let keep: BTreeSet<usize> = reach(r, 0, centre, k).into_iter().chain([centre]).collect();
        moves_of(&m, o, r, &[(centre, 0, k)], &keep).1.len()
    };
    let rook_dirs = m.rook[centre].iter().filter(|r| !r.is_empty()).count();
    let bishop_dirs = m.bishop[centre].iter().filter(|r| !r.is_empty()).count();
    let found = [
        ("Rook", rook_dirs, 4),
        ("Bishop", bishop_dirs, 4),
        ("Queen", rook_dirs + bishop_dirs, 8),
        ("King", count(Kind::King, &o, &r), 8),
        ("Knight", count(Kind::Knight, &plain, &r_plain), 8),
    ];
    for (piece, here, square) in found {
        assert_eq!(2 * here, 3 * square, "{piece}: {here} here against {square} on squares");
    }
}

// ---- Pawns' captures, en passant, and positions at random ---------------------------------------

#[test]
fn pawns_capture_diagonally_forward_on_their_own_colour_and_en_passant() {
    // "It captures diagonally forward to either triangle of the same color": A's Pawn in the
    // centre, every triangle touching it held by B, takes exactly two — the same-coloured ones
    // 30° either side of forward (north) — and cannot step (the triangle ahead is held).
    let (o, start_pos, m) = three_players();
    let r = rules_3p(&m, &o, &start_pos);
    let mid = m.hex_centre();
    let centre = (0..m.n).filter(|&c| m.up[c]).min_by(|&a, &b| dist(m.centre[a], mid).total_cmp(&dist(m.centre[b], mid))).unwrap();
    let mut pieces = vec![(centre, 0, Kind::Pawn)];
    pieces.extend(m.touch[centre].iter().map(|&c| (c, 1, Kind::Knight)));
    let keep: BTreeSet<usize> = pieces.iter().map(|p| p.0).collect();
    let (p, engine, ours) = moves_of(&m, &o, &r, &pieces, &keep);
    assert_eq!(engine, ours, "{}", diff(&p, &ours, &engine));
    assert_eq!(engine.len(), 2);
    for &(_, to, _) in &engine {
        assert!(m.up[to] && !m.side_nb[centre].contains(&to) && m.centre[to][1] > m.centre[centre][1], "{}", p.topology().name(to as Cell));
    }

    // En passant: A's Pawn runs three triangles from its second row ("one, two, or three spaces
    // on its first move"); a Pawn of B that captures onto a triangle it passed may take it.
    let a_pawn = (0..m.n).filter(|&c| m.depth(r.edge[0], c) == 1).min_by(|&a, &b| dist(m.centre[a], mid).total_cmp(&dist(m.centre[b], mid))).unwrap();
    let path: Vec<usize> = m.bishop[a_pawn][r.fwd[0]][..3].to_vec();
    let mut found = 0;
    for (i, &passed) in path[..2].iter().enumerate() {
        for b_pawn in (0..m.n).filter(|&c| !path.contains(&c) && c != a_pawn && m.depth(r.edge[1], c) > 0 && !r.promotes(1, c)) {
            if !m.pawn_captures(r.fwd[1], b_pawn).contains(&passed) {
                continue;
            }
            let pieces = [(a_pawn, 0, Kind::Pawn), (b_pawn, 1, Kind::Pawn)];
            let keep: BTreeSet<usize> = path.iter().copied().chain([a_pawn, b_pawn]).chain(m.pawn_captures(r.fwd[1], b_pawn)).collect();
            let (p, _, _) = moves_of(&m, &o, &r, &pieces, &keep);
            let run = engine_moves(&p).into_iter().find(|mv| (mv.from as usize, mv.to as usize) == (a_pawn, path[2])).expect("the three-triangle run");
            let mut q = p.clone();
            q.play_unchecked(run);
            assert_eq!(q.turn(), Seat(1));
            let engine: Keys = engine_moves(&q).iter().map(key).collect();
            let st = state_of(&p, m.n);
            let mv = r.legal(&st, 0).into_iter().find(|mv| mv.key() == key(&run)).expect("the model's run");
            let ours: Keys = r.legal(&r.apply(&st, 0, &mv), 1).iter().map(Mv::key).collect();
            assert_eq!(engine, ours, "{} after the run, passed #{i}: {}", q.to_text(), diff(&q, &ours, &engine));
            let ep = engine_moves(&q).into_iter().find(|mv| mv.kind == DoubleKind::EnPassant).expect("en passant");
            assert_eq!((ep.from as usize, ep.to as usize, ep.victim as usize), (b_pawn, passed, path[2]));
            found += 1;
        }
    }
    assert!(found >= 2, "{found} en-passant positions");
}

#[test]
fn random_positions_have_the_models_legal_moves() {
    // Positions of every table with pieces at random (each seat a King and up to 17 more; Pawns
    // off their own edge row and promotion triangles), any seat to move: the engine's legal
    // moves are the model's — captures, blocks, checks, pins and closed cells included.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize
    };
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (name, o) in all_starts() {
        let p0 = start(&o);
        let m = model_of(&p0);
        let players = o.players as usize;
        let cut_throat = o.seating == DoublesSeating::CutThroat;
        let closed: Vec<bool> = (0..m.n).map(|c| p0.is_closed(c as Cell)).collect();
        let r = rules(&m, seat_edges(&m, &p0, players), &o, closed.clone());
        for round in 0..60 {
            let extra = 2 + (round % 4) * 5;
            let mut free: Vec<usize> = (0..m.n).filter(|&c| !closed[c]).collect();
            let mut pieces = Vec::new();
            for s in 0..players {
                for j in 0..=extra {
                    let kind = if j == 0 { Kind::King } else { [Kind::Pawn, Kind::Pawn, Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen][next() % 6] };
                    for _ in 0..50 {
                        let i = next() % free.len();
                        let c = free[i];
                        if kind == Kind::Pawn && (m.depth(r.edge[s], c) == 0 || r.promotes(s, c)) {
                            continue;
                        }
                        free.swap_remove(i);
                        pieces.push((c, s, kind));
                        break;
                    }
                }
            }
            let to_move = next() % players;
            let p = position_for(&m, &o, &pieces, to_move);
            let engine: Keys = engine_moves(&p).iter().map(key).collect();
            let ours = r.moves(&state_of(&p, m.n), to_move, cut_throat);
            checked += 1;
            if engine != ours && wrong.len() < 20 {
                wrong.push(format!("{name}: seat {} to move: {} [{}]", Seat(to_move as u8).letter(), diff(&p, &ours, &engine), p.to_text()));
            }
        }
    }
    assert!(wrong.is_empty(), "{} of {checked} positions differ:\n{}", wrong.len(), wrong.join("\n"));
}

// ---- 4. starting positions -------------------------------------------------------------------

#[test]
fn every_start_sets_eight_pieces_on_the_edge_king_apex_inward_and_pawns_in_front() {
    for (name, o) in all_starts() {
        let p = start(&o);
        let m = model_of(&p);
        let layout = BoardLayout::of(p.topology());
        let players = o.players as usize;
        let edges = seat_edges(&m, &p, players);
        let (_, teams) = sequence(players, o.seating);
        // Seats go clockwise round the board ("play proceeds clockwise" in cut-throat), A on
        // the south; 2 players face each other, 3 leave a side between each pair.
        assert_eq!(edges[0], 0, "{name}");
        let gaps: Vec<usize> = (0..players).map(|s| (edges[(s + 1) % players] + 6 - edges[s]) % 6).collect();
        assert!(gaps.iter().all(|&g| g > 0) && gaps.iter().sum::<usize>() == 6, "{name}: {edges:?}");
        match players {
            2 => assert_eq!(gaps, [3, 3], "{name}"),
            3 => assert_eq!(gaps, [2, 2, 2], "{name}"),
            _ => {}
        }
        // Partners "sit next to each other".
        for t in teams.iter().filter(|t| t.len() > 1) {
            for w in t.windows(2) {
                assert_eq!((edges[w[1]] + 6 - edges[w[0]]) % 6, 1, "{name}: partners {t:?} side by side");
            }
        }
        let rows = m.rows;
        assert_eq!(rows, [8, 10, 10, 12, 12][players - 2], "{name}: \"8 rank board ... 10 ... 12 ranks\"");
        for (s, &e) in edges.iter().enumerate() {
            let mine: Vec<usize> = (0..m.n).filter(|&c| p.owner_at(c as Cell) == Some(Seat(s as u8))).collect();
            let (pawns, pieces): (Vec<usize>, Vec<usize>) = mine.iter().partition(|&&c| p.kind_at(c as Cell) == PAWN);
            // Eight pieces along the edge row, side by side, from the seat's left:
            // R N B (Q K or K Q) B N R.
            let (from, to) = m.edges[e];
            let along = sub(to, from);
            let mut row = pieces.clone();
            row.sort_by(|&a, &b| dot(m.centre[a], along).total_cmp(&dot(m.centre[b], along)));
            assert_eq!(row.len(), 8, "{name}: seat {s}");
            assert!(row.windows(2).all(|w| m.side_nb[w[0]].contains(&w[1])), "{name}: seat {s}'s pieces side by side");
            let kinds: String = row.iter().map(|&c| Kind::of_engine(p.kind_at(c as Cell)).letter()).collect();
            assert!(kinds == "RNBQKBNR" || kinds == "RNBKQBNR", "{name}: seat {s} has {kinds}");
            // Pawns: one row out, nine unless the unoccupied edges are cut out ("players
            // generally need 9 Pawns rather than the usual 8, unless they agree to outlaw the use
            // of unoccupied edges"); four-player cut-throat: "Nine Pawns must be used".
            assert!(pawns.iter().all(|&c| m.depth(e, c) == 1), "{name}: seat {s}'s Pawns in the second row");
            let four_open = players == 4 && o.seating == DoublesSeating::CutThroat;
            match (players, o.cut_edges) {
                (_, true) if !four_open => assert_eq!(pawns.len(), 8, "{name}: seat {s}"),
                (2..=4, _) => assert_eq!(pawns.len(), 9, "{name}: seat {s}"),
                _ => assert!((8..=9).contains(&pawns.len()), "{name}: seat {s}"),
            }
            // "care should be taken to place the King on a triangle whose apex points inward".
            let king = row[kinds.find('K').unwrap()];
            assert_eq!(m.corners_on_edge(layout, e, king), 2, "{name}: seat {s}'s King apex inward");
            if e == 0 {
                assert!(p.topology().is_dark(king as Cell), "{name}: the south King on an up triangle");
            }
            // The edge row's centre triangle: the Queen's on 8 and 12 rows (its apex outward,
            // "the Queen goes in the center triangle regardless of color"); on 10 rows its apex
            // points inward.
            let edge_row: Vec<usize> = (0..m.n).filter(|&c| m.depth(e, c) == 0).collect();
            let middle = m.edge_middle(e);
            if rows == 10 {
                assert_eq!(m.corners_on_edge(layout, e, middle), 2, "{name}");
                if o.seating == DoublesSeating::PartnersAdjacent {
                    // "On this size board in closed position, Kings must be placed on the
                    // central triangle on an edge, since its apex points inward."
                    assert_eq!(king, middle, "{name}: seat {s}'s King in the centre");
                }
            } else {
                assert_eq!(m.corners_on_edge(layout, e, middle), 1, "{name}");
                assert_eq!(p.kind_at(middle as Cell), QUEEN, "{name}: seat {s}'s Queen in the centre");
            }
            if players == 2 {
                // "White's right Rook is against the right edge of the board with an empty space
                // in the left corner", the King "away from the empty corner".
                let empty: Vec<usize> = edge_row.iter().copied().filter(|&c| p.owner_at(c as Cell).is_none()).collect();
                assert_eq!(empty.len(), 1, "{name}: seat {s}");
                let queen = row[kinds.find('Q').unwrap()];
                assert!(dist(m.centre[king], m.centre[empty[0]]) > dist(m.centre[queen], m.centre[empty[0]]), "{name}: seat {s}");
                if s == 0 {
                    let by_along = |c: usize| dot(m.centre[c], along);
                    assert!(
                        edge_row.iter().all(|&c| by_along(empty[0]) <= by_along(c) && by_along(c) <= by_along(row[7])),
                        "{name}: White's empty left corner"
                    );
                }
            }
        }
        // Closed cells: "the two spaces in the corner between are omitted" (four-player
        // cut-throat) and, with the edges cut, the unoccupied edge rows' empty triangles.
        let mut expected = BTreeSet::new();
        if players == 4 && o.seating == DoublesSeating::CutThroat {
            for s in 0..players {
                let (a, b) = (edges[s], edges[(s + 1) % players]);
                if (b + 6 - a) % 6 == 1 {
                    // Edges run counter-clockwise: edge a starts where the next one clockwise ends.
                    let shared = m.edges[a].0;
                    let at: Vec<usize> =
                        (0..m.n).filter(|&c| layout.polygon(c as Cell).corners().iter().any(|k| same_point([k[0] as f64, k[1] as f64], shared))).collect();
                    assert_eq!(at.len(), 2, "{name}: two spaces in a corner");
                    expected.extend(at);
                }
            }
            assert_eq!(expected.len(), 4, "{name}: two corners between neighbours");
        }
        if o.cut_edges {
            for e in (0..6).filter(|e| !edges.contains(e)) {
                expected.extend((0..m.n).filter(|&c| m.depth(e, c) == 0 && p.owner_at(c as Cell).is_none()));
            }
        }
        let closed: BTreeSet<usize> = (0..m.n).filter(|&c| p.is_closed(c as Cell)).collect();
        assert_eq!(closed, expected, "{name}: closed cells");
    }
}

// ---- the 12-rank board's corners (TC1) -------------------------------------------------------

fn tri_chess_game(spec_players: u8, full_corners: bool) -> variant_rules::Game {
    let o = GameOptions { players: spec_players, full_corners, ..GameOptions::default_for(GameId::TriChess) };
    variant_rules::Game::new(GameId::TriChess, o, None).unwrap()
}

fn cells(g: &variant_rules::Game) -> usize {
    match g.position() {
        AnyPosition::DoubleChess(p) => p.topology().len(),
        _ => unreachable!("Tri-Chess"),
    }
}

#[test]
fn five_and_six_players_play_the_twelve_rank_board_with_its_corners_cut_out_unless_they_use_them() {
    // "To accommodate Tri-Chess the corners are cut out, but you may wish to use some or all of
    // those spaces" — the same 204 triangles as the Tri checkers games' 12-row board.
    let tri_chek = variant_rules::Game::new(GameId::TriChek, GameOptions { players: 6, ..GameOptions::default_for(GameId::TriChek) }, None).unwrap();
    let checkers_cells = match tri_chek.position() {
        AnyPosition::Checkers(p) => p.topology().len(),
        _ => unreachable!(),
    };
    for players in [5, 6] {
        let cut = tri_chess_game(players, false);
        assert_eq!(cells(&cut), checkers_cells, "{players} players: the cut board is Tri-Chek's");
        assert_eq!(cells(&cut), 216 - 12, "{players} players: two triangles gone at each of six corners");
        assert_eq!(cells(&tri_chess_game(players, true)), 216, "{players} players, --corners full: all of the hexagon");
        // Every set still stands whole on the cut board: sixteen or seventeen men a seat.
        let AnyPosition::DoubleChess(p) = cut.position() else { unreachable!() };
        for s in 0..players {
            let men = (0..p.topology().len() as Cell).filter(|&c| p.piece_at(c) != 0 && p.owner_at(c) == Some(Seat(s))).count();
            assert!((16..=17).contains(&men), "{players} players: seat {s} has {men} men");
        }
    }
    assert!(!GameOptions::default_for(GameId::TriChess).full_corners, "cut is the default");
}

#[test]
fn a_save_from_before_the_corners_were_cut_replays_on_the_full_board() {
    // Old saves carry no `full_corners`: they were played with the corners in play.
    let mut json = serde_json::to_value(GameOptions { players: 6, ..GameOptions::default_for(GameId::TriChess) }).unwrap();
    json.as_object_mut().unwrap().remove("full_corners");
    let old: GameOptions = serde_json::from_value(json).unwrap();
    let g = variant_rules::Game::new(GameId::TriChess, old, None).unwrap();
    assert_eq!(cells(&g), 216, "an old six-player save loads on the board it was played on");
    // The field means nothing elsewhere: an old two-player save or a chess save is unchanged.
    let mut json = serde_json::to_value(GameOptions::default_for(GameId::Chess)).unwrap();
    json.as_object_mut().unwrap().remove("full_corners");
    let old: GameOptions = serde_json::from_value(json).unwrap();
    let g = variant_rules::Game::new(GameId::Chess, old, None).unwrap();
    assert_eq!(*g.options(), GameOptions::default_for(GameId::Chess));
}
