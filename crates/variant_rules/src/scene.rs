//! The table's view of any position: pieces, stacks, hands, face-down piles, dice, cell marks and the words for them, one API for every game.
//!
//! The engine knows every game; a table (the 3D app, the terminal) knows only the concepts
//! here. Each game implements [`Scene`] where it lives (`checkers/scene.rs`, `chess/scene.rs`,
//! ...), mostly by leaving the defaults, and [`AnyPosition`] forwards to it. Nothing here is on
//! the hot path: move generation, perft and search never call it, and it allocates freely.

mod kinds;
pub(crate) mod text;
pub(crate) mod words;

pub use kinds::PieceKind;
pub use text::ascii_notation;
pub use words::{letters_and, side_name};

use crate::game::{AnyMove, AnyPosition, Game, GameId, GameOptions, MovePath};
use crate::position::{Position, Seat, SeatState};
use crate::topology::{Cell, Topology};

/// The set a piece belongs to, where sets are more than seats: its shade, and which set of
/// that shade (Double Chess's White 1 and White 2; two-player chess games' White and Black are
/// number 1 of theirs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SetOf {
    pub light: bool,
    pub number: u8,
}

impl SetOf {
    /// A two-player chess game's sets: the first seat White, the second Black.
    pub fn of_two(seat: Seat) -> SetOf {
        SetOf { light: seat == Seat::A, number: 1 }
    }
}

/// What a piece's state calls to show: frozen (Double Chess: its cut-throat player is
/// checkmated), immune (it just took a King and cannot be taken back this round), a King
/// standing checkmated (its player misses turns), and a cell out of play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    pub frozen: bool,
    pub immune: bool,
    pub mated: bool,
    /// The cell is off limits (cut-throat Double Chess's corners, Tri-Chess's closed triangles).
    pub closed: bool,
}

impl Marks {
    /// Whether the piece or cell shows nothing.
    pub fn is_empty(&self) -> bool {
        *self == Marks::default()
    }
    /// The piece marks in words, in the inspection panel's order ("frozen", "immune this
    /// round", "checkmated"); a closed cell is said otherwise ([`Scene::closed_words`]).
    pub fn words(&self) -> Vec<&'static str> {
        [(self.frozen, "frozen"), (self.immune, "immune this round"), (self.mated, "checkmated")].iter().filter(|w| w.0).map(|w| w.1).collect()
    }
}

/// A piece on the board (or one checker of a stack).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: PieceKind,
    /// The seat that owns it.
    pub seat: Seat,
    /// Its set, where sets are told apart other than by seat (`None`: the checkers family,
    /// Tri-Chess beyond two players, whose seats go by letter and colour).
    pub set: Option<SetOf>,
    /// Its number in the checkers family's Numbers variation (0: none).
    pub number: u8,
    pub marks: Marks,
}

impl Piece {
    /// A piece with no set, number or marks.
    pub fn new(kind: PieceKind, seat: Seat) -> Piece {
        Piece { kind, seat, set: None, number: 0, marks: Marks::default() }
    }
    /// The same piece with a set.
    pub fn in_set(self, set: Option<SetOf>) -> Piece {
        Piece { set, ..self }
    }
}

/// A face-down pile beside the board (CHEX's draw piles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    pub seat: Seat,
    /// Tiles lying face down (the one drawn and held not counted).
    pub face_down: usize,
    /// The tile its owner has drawn and must place, shown face up above the pile.
    pub held: Option<PieceKind>,
}

/// How a game's things are drawn, where that differs from chessmen on a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Look {
    /// Cells hold stacks of checkers (the checkers family).
    pub stacks: bool,
    /// Pieces are tiles (CHEX).
    pub tiles: bool,
    /// The board is an open plane rather than a board (CHEX).
    pub plane: bool,
    /// Pieces wait in hands beside the board (Toe-to-Toe's deployment, Chec Toe).
    pub hands: bool,
}

/// What a die's face means in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaceMeaning {
    /// A piece kind may move (Dice Chess; Chec Toe's 1 to 4: drop or move that piece).
    Piece(PieceKind),
    /// That many moves (Gollon's count; 4, 5 and 6 all mean four).
    Count(u8),
    /// Chec Toe's 5: drop any piece, or move one as a Wizard.
    Wizard,
    /// Chec Toe's 6: void at first; a second one allows any piece; a third, the Apocalypse.
    Six,
}

/// What a move is, for a table that plays some of them by itself or offers them as buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveClass {
    /// A move of pieces.
    Play,
    /// A throw of the dice.
    Roll,
    /// Giving up the turn (Dice Chess's roll without a move, Chec Toe's P, Double Chess).
    Pass,
    /// Throwing again (Chec Toe's E, Dice Chess's `--no-move reroll`).
    Reroll,
    /// Chec Toe's three sixes.
    Apocalypse,
    /// Drawing from one's face-down pile (CHEX).
    Draw,
}

/// What the table knows of its players that the words for seats include: typed names,
/// colour names, and whether the players chose their own colours (then labels name them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Players {
    pub names: Vec<String>,
    pub colours: Vec<String>,
    pub custom_colours: bool,
}

impl Players {
    /// The name typed for a seat, trimmed (empty when none).
    pub fn name(&self, seat: Seat) -> &str {
        self.names.get(seat.index()).map_or("", |s| s.trim())
    }
    /// The name of a seat's colour ("Red"; empty when unknown).
    pub fn colour(&self, seat: Seat) -> &str {
        self.colours.get(seat.index()).map_or("", String::as_str)
    }
}

/// How a game shows itself at a table. Every method has a default that suits a two-player
/// chess game, so a game implements only what it has.
pub trait Scene {
    /// The board's topology.
    fn board(&self) -> &'static Topology;
    /// The piece on a cell (the top checker of a stack).
    fn piece_on(&self, cell: Cell) -> Option<Piece>;
    /// The stack on a cell, bottom first (one piece, or none, outside the checkers family).
    fn stack_on(&self, cell: Cell) -> Vec<Piece> {
        self.piece_on(cell).into_iter().collect()
    }
    /// A cell's name as the game's notation writes it ("e4"; CHEX's "x,y").
    fn cell_name(&self, cell: Cell) -> String {
        self.board().name(cell)
    }
    /// The kind an internal piece code of this game stands for ([`MovePath::piece`]).
    fn kind_of_code(&self, code: u8) -> Option<PieceKind> {
        PieceKind::from_chess(code)
    }
    /// A kind's name in this game's words ("Knight"; Toe-to-Toe says "horse").
    fn kind_name(&self, kind: PieceKind) -> &'static str {
        kind.name()
    }
    /// Whether a cell is off limits.
    fn is_closed(&self, _cell: Cell) -> bool {
        false
    }
    /// How the inspection panel says a closed cell.
    fn closed_words(&self) -> &'static str {
        "off limits"
    }
    /// The pieces in a seat's hand, in the order they wait beside the board.
    fn hand(&self, _seat: Seat) -> Vec<PieceKind> {
        Vec::new()
    }
    /// The face-down piles, one per seat that has one.
    fn piles(&self) -> Vec<Pile> {
        Vec::new()
    }
    /// The cells of every King now attacked under the game's own rules, every seat's (not only
    /// the side to move's); empty in games without check.
    fn in_check(&self) -> Vec<Cell> {
        Vec::new()
    }
    /// How the game's things are drawn.
    fn look(&self) -> Look {
        Look::default()
    }
    /// The set a seat plays.
    fn set_of(&self, seat: Seat) -> Option<SetOf> {
        Some(SetOf::of_two(seat))
    }
    /// The set's name ("White", "White 1", "Set C"; the seat's role where sets are seats).
    fn set_name(&self, seat: Seat) -> String {
        self.seat_role(seat)
    }
    /// The seat's role in the game's own terms ("White", "Player A").
    fn seat_role(&self, seat: Seat) -> String {
        words::white_or_black(seat).into()
    }
    /// Whether labels always name the seat's colour (its seats are told apart by colour).
    fn colour_in_label(&self) -> bool {
        false
    }
    /// How the HUD names a seat: the typed name or the role, and the colour where it says
    /// something the role does not ("White", "Player A (Red)", "Bob (Ebony)").
    fn seat_label(&self, seat: Seat, players: &Players) -> String {
        let name = players.name(seat);
        let who = if name.is_empty() { self.seat_role(seat) } else { name.to_string() };
        if self.colour_in_label() || players.custom_colours || !name.is_empty() { format!("{who} ({})", players.colour(seat)) } else { who }
    }
    /// Whether [`Scene::seat_label`] says the seat's letter itself.
    fn label_has_letter(&self) -> bool {
        false
    }
    /// A seat state's word in this game ("eliminated"; Double Chess says "frozen").
    fn state_word(&self, state: SeatState) -> &'static str {
        state.as_str()
    }
    /// What stands on the board between moves, a sentence a line (Double Chess's standing
    /// checkmates and immune piece).
    fn state_lines(&self, _players: &Players) -> Vec<String> {
        Vec::new()
    }
    /// Who plays which set from which side, where the sets need saying.
    fn sets_line(&self) -> Option<String> {
        None
    }
    /// What a seat has lost (and holds in hand), for the HUD; `start` is the game's own start
    /// where losses are counted from it (Double Chess and Tri-Chess).
    fn lost(&self, seat: Seat, start: Option<&AnyPosition>) -> String;
    /// Whether [`Scene::lost`] is a sentence of its own ("in hand P", "16 to draw") rather than
    /// a list of pieces lost.
    fn lost_says_itself(&self) -> bool {
        false
    }
    /// How a choice between moves on the same cells reads ("promote to queen, no capture").
    fn describe(&self, text: &str, path: &MovePath) -> String {
        words::describe_chess(text, path)
    }
    /// What move `m`, played from `before`, did that the board does not show; `self` is the
    /// position after it.
    fn news(&self, _before: &AnyPosition, _m: AnyMove, _players: &Players) -> Vec<String> {
        Vec::new()
    }
    /// How many dice a roll throws (0: no dice).
    fn dice_count(&self) -> usize {
        0
    }
    /// Whether the dice's order matters (they have different jobs: Gollon's piece and count).
    fn dice_ordered(&self) -> bool {
        false
    }
    /// What face `face` of die `die` (from 0) means.
    fn face_meaning(&self, _die: usize, face: u8) -> FaceMeaning {
        FaceMeaning::Count(face)
    }
    /// The roll move thrown faces make, in die order (legal or not).
    fn roll_of(&self, _faces: &[u8]) -> Option<AnyMove> {
        None
    }
    /// The faces a roll move shows, in die order (`None` for any other move): what a table
    /// replaying the game puts on the dice.
    fn roll_faces(&self, _m: AnyMove) -> Option<Vec<u8>> {
        None
    }
    /// What the roll in force allows, for the HUD ("Rolled [3,5]: move a bishop or a rook").
    fn roll_line(&self) -> String {
        String::new()
    }
    /// What to say while a roll is due, where the game says more than "throw".
    fn throw_note(&self) -> Option<&'static str> {
        None
    }
    /// What kind of move `m` is.
    fn move_class(&self, _m: AnyMove) -> MoveClass {
        MoveClass::Play
    }
    /// The board as the terminal prints it (chessmen by letter, the second seat's lower case).
    fn text_board(&self, _players: &Players) -> String {
        text::grid(crate::layout::BoardLayout::of(self.board()), 2, |c| text::chess_glyph(self, c))
    }
}

impl AnyPosition {
    /// The position as the scene of its game.
    fn scene(&self) -> &dyn Scene {
        crate::game::dispatch!(self, p => p as &dyn Scene)
    }
    /// The board's topology.
    pub fn topology(&self) -> &'static Topology {
        self.scene().board()
    }
    /// The piece on a cell (the top checker of a stack), with its set and marks.
    pub fn piece_on(&self, cell: Cell) -> Option<Piece> {
        self.scene().piece_on(cell)
    }
    /// The stack on a cell, bottom first.
    pub fn stack_on(&self, cell: Cell) -> Vec<Piece> {
        self.scene().stack_on(cell)
    }
    /// Every occupied cell with its piece (a stack's top checker).
    pub fn pieces(&self) -> Vec<(Cell, Piece)> {
        (0..self.topology().len() as Cell).filter_map(|c| self.piece_on(c).map(|p| (c, p))).collect()
    }
    /// A cell's name as the game's notation writes it ("e4"; CHEX's "x,y").
    pub fn cell_name(&self, cell: Cell) -> String {
        self.scene().cell_name(cell)
    }
    /// The kind an internal piece code of this game stands for.
    pub fn kind_of_code(&self, code: u8) -> Option<PieceKind> {
        self.scene().kind_of_code(code)
    }
    /// The kind a move path drops or promotes to ([`MovePath::piece`]), if any.
    pub fn path_kind(&self, path: &MovePath) -> Option<PieceKind> {
        (path.piece != 0).then(|| self.kind_of_code(path.piece)).flatten()
    }
    /// The kind a move drops or promotes to, if any.
    pub fn move_kind(&self, m: AnyMove) -> Option<PieceKind> {
        self.path_kind(&self.move_path(m))
    }
    /// A kind's name in this game's words.
    pub fn kind_name(&self, kind: PieceKind) -> &'static str {
        self.scene().kind_name(kind)
    }
    /// Whether a cell is off limits.
    pub fn is_closed(&self, cell: Cell) -> bool {
        self.scene().is_closed(cell)
    }
    /// The cells off limits.
    pub fn closed_cells(&self) -> Vec<Cell> {
        (0..self.topology().len() as Cell).filter(|&c| self.is_closed(c)).collect()
    }
    /// The marks of a cell and the piece on it.
    pub fn marks_on(&self, cell: Cell) -> Marks {
        let marks = self.piece_on(cell).map_or_else(Marks::default, |p| p.marks);
        Marks { closed: self.is_closed(cell), ..marks }
    }
    /// The pieces in a seat's hand, in the order they wait beside the board.
    pub fn hand(&self, seat: Seat) -> Vec<PieceKind> {
        self.scene().hand(seat)
    }
    /// The face-down piles.
    pub fn piles(&self) -> Vec<Pile> {
        self.scene().piles()
    }
    /// The cells of every King now in check, whichever seat owns it (empty in games without
    /// check: the checkers family, Chec Toe, BrainKing's Dice Chess).
    pub fn in_check(&self) -> Vec<Cell> {
        self.scene().in_check()
    }
    /// The pieces on this position's board that are gone from `after` (neither on its board,
    /// stacks included, nor back in a hand), each on the cell it stood on, top of its stack
    /// first: what a move from here to `after` took off the board. Prisoners carried under a
    /// stack and promotions take nothing; of a seat that lost `n` pieces, the first `n` found
    /// on cells where it has fewer pieces than before are the ones taken.
    pub fn taken(&self, after: &AnyPosition) -> Vec<(Cell, Piece)> {
        let cells = self.topology().len().min(after.topology().len()) as Cell;
        let seats = self.seating().count();
        let count = |p: &AnyPosition, seat: Seat| {
            (0..p.topology().len() as Cell).map(|c| p.stack_on(c).iter().filter(|x| x.seat == seat).count()).sum::<usize>() + p.hand(seat).len()
        };
        let mut out = Vec::new();
        for seat in (0..seats as u8).map(Seat) {
            let mut lost = count(self, seat).saturating_sub(count(after, seat));
            for c in 0..cells {
                if lost == 0 {
                    break;
                }
                let (was, now) = (self.stack_on(c), after.stack_on(c));
                let mine = |st: &[Piece]| st.iter().filter(|x| x.seat == seat).count();
                let gone = mine(&was).saturating_sub(mine(&now)).min(lost);
                out.extend(was.iter().rev().filter(|x| x.seat == seat).take(gone).map(|&x| (c, x)));
                lost -= gone;
            }
        }
        out
    }
    /// How the game's things are drawn.
    pub fn look(&self) -> Look {
        self.scene().look()
    }
    /// The set a seat plays.
    pub fn set_of(&self, seat: Seat) -> Option<SetOf> {
        self.scene().set_of(seat)
    }
    /// The set's name ("White", "White 1", "Set C", "Player A").
    pub fn set_name(&self, seat: Seat) -> String {
        self.scene().set_name(seat)
    }
    /// The seat's role in the game's own terms ("White", "Player A").
    pub fn seat_role(&self, seat: Seat) -> String {
        self.scene().seat_role(seat)
    }
    /// How the HUD names a seat ("White", "Player A (Red)", "White 1 (A)", "Set C (Jade)").
    pub fn seat_label(&self, seat: Seat, players: &Players) -> String {
        self.scene().seat_label(seat, players)
    }
    /// Whether [`AnyPosition::seat_label`] says the seat's letter itself.
    pub fn label_has_letter(&self) -> bool {
        self.scene().label_has_letter()
    }
    /// A seat state's word in this game.
    pub fn state_word(&self, state: SeatState) -> &'static str {
        self.scene().state_word(state)
    }
    /// The seat's side of the board in words ("south", "north-west").
    pub fn side_words(&self, seat: Seat) -> &'static str {
        side_name(self.side_of(seat), crate::layout::BoardLayout::of(self.topology()).side_count())
    }
    /// What stands on the board between moves, a sentence a line.
    pub fn state_lines(&self, players: &Players) -> Vec<String> {
        self.scene().state_lines(players)
    }
    /// Who plays which set from which side, where the sets need saying.
    pub fn sets_line(&self) -> Option<String> {
        self.scene().sets_line()
    }
    /// Whether the captured summary is a sentence of its own per seat.
    pub fn lost_says_itself(&self) -> bool {
        self.scene().lost_says_itself()
    }
    /// What each seat has lost, in seat order; `start` counts Double Chess's and Tri-Chess's
    /// losses from the game's own start (see [`Game::captured_summary`]).
    pub fn captured_summary(&self, start: Option<&AnyPosition>) -> Vec<String> {
        self.seating().seats().map(|s| self.scene().lost(s, start)).collect()
    }
    /// How a choice between moves on the same cells reads.
    pub fn describe_move(&self, m: AnyMove) -> String {
        let (text, path) = (self.move_text(m), self.move_path(m));
        self.scene().describe(&text, &path)
    }
    /// What `m`, played from `before`, did that the board does not show; `self` is the
    /// position after it. Lines joined by newlines; empty when nothing to tell.
    pub fn news(&self, before: &AnyPosition, m: AnyMove, players: &Players) -> String {
        self.scene().news(before, m, players).join("\n")
    }
}

impl AnyPosition {
    /// How many dice a roll throws in this game (0: none).
    pub fn dice_count(&self) -> usize {
        self.scene().dice_count()
    }
    /// Whether the dice's order matters.
    pub fn dice_ordered(&self) -> bool {
        self.scene().dice_ordered()
    }
    /// What face `face` of die `die` means.
    pub fn face_meaning(&self, die: usize, face: u8) -> FaceMeaning {
        self.scene().face_meaning(die, face)
    }
    /// The legal roll move that thrown `faces` (in die order) make, if a roll is due.
    pub fn roll_move(&self, faces: &[u8]) -> Option<AnyMove> {
        let m = self.scene().roll_of(faces)?;
        self.legal_move_list().contains(&m).then_some(m)
    }
    /// The roll token for thrown faces ("[3,5]"), sorted where the order does not matter.
    pub fn roll_token(&self, faces: &[u8]) -> String {
        words::roll_token(faces, self.dice_ordered())
    }
    /// The faces roll move `m` shows, in die order (`None` when `m` is no roll).
    pub fn roll_faces(&self, m: AnyMove) -> Option<Vec<u8>> {
        self.scene().roll_faces(m)
    }
    /// What the roll in force allows, for the HUD.
    pub fn roll_line(&self) -> String {
        self.scene().roll_line()
    }
    /// What to say while a roll is due ("Throw the die: Space, or flick it with the mouse").
    pub fn throw_prompt(&self) -> Option<String> {
        let n = self.dice_due()?;
        let note = self.scene().throw_note();
        Some(note.map(str::to_string).unwrap_or_else(|| words::throw_words(n).into()))
    }
    /// What kind of move `m` is.
    pub fn move_class(&self, m: AnyMove) -> MoveClass {
        self.scene().move_class(m)
    }
    /// The legal pass, if there is one.
    pub fn pass_move(&self) -> Option<AnyMove> {
        self.legal_move_list().into_iter().find(|&m| self.move_class(m) == MoveClass::Pass)
    }
    /// The legal draw from the side to move's pile, if there is one.
    pub fn draw_move(&self) -> Option<AnyMove> {
        self.legal_move_list().into_iter().find(|&m| self.move_class(m) == MoveClass::Draw)
    }
    /// The legal re-roll, if there is one.
    pub fn reroll_move(&self) -> Option<AnyMove> {
        self.legal_move_list().into_iter().find(|&m| self.move_class(m) == MoveClass::Reroll)
    }
    /// The move the side to move must make with no choice involved (a pass or re-roll that is
    /// the only move, the Apocalypse), for the table to play by itself; none while a roll is
    /// due or once the game is over.
    pub fn forced_move(&self) -> Option<AnyMove> {
        if self.dice_due().is_some() || self.outcome().is_some() {
            return None;
        }
        match self.legal_move_list().as_slice() {
            &[only] if !matches!(self.move_class(only), MoveClass::Play | MoveClass::Roll | MoveClass::Draw) => Some(only),
            _ => None,
        }
    }
    /// The dice actions a player may choose now besides moving: the re-roll and the pass
    /// where legal and not forced.
    pub fn optional_actions(&self) -> Vec<AnyMove> {
        if self.forced_move().is_some() {
            return Vec::new();
        }
        self.reroll_move().into_iter().chain(self.pass_move()).collect()
    }
}

impl Game {
    /// What each seat has lost, counted where it matters from the full sets of the game's
    /// options (also for a game set up from a position: Tri-Chess's sets start with a ninth
    /// Pawn or without).
    pub fn captured_summary(&self) -> Vec<String> {
        let pos = self.position();
        let start = matches!(pos, AnyPosition::DoubleChess(_)).then(|| AnyPosition::start(self.id(), self.options()).ok()).flatten();
        pos.captured_summary(start.as_ref())
    }
}

impl GameId {
    /// A seat's role at a table of `count` seats, before any position exists (the launcher):
    /// "Player A".."Player F", or "White"/"Black".
    pub fn seat_role(self, count: usize, seat: Seat) -> String {
        if self.is_checkers_family() || self == GameId::DoubleChess || (self == GameId::TriChess && count > 2) {
            words::player(seat)
        } else {
            words::white_or_black(seat).into()
        }
    }
    /// Whether a label of this game always names the seat's colour ([`Scene::colour_in_label`]).
    pub fn colour_in_label(self, count: usize) -> bool {
        self.is_checkers_family() || (self == GameId::TriChess && count > 2)
    }
    /// Whether the dice's order matters under these options (Gollon's piece-and-count dice).
    pub fn dice_ordered(self, opts: &GameOptions) -> bool {
        self == GameId::DiceChess && opts.dice_rules == crate::dicechess::DiceRules::GollonPieceCount
    }
}
