//! The rulings behind the launcher's choices, as tooltip data: each option's quote and reading,
//! and those of the board, the player count and the seating (from `docs/rulings.md`).

use crate::game::{GameId, GameOptions};
use crate::registry::FamilyId;
use crate::topology::Wrap;

/// A ruling as a tooltip shows it: the sentences of the rule text it rests on and the reading
/// we chose. Every quote is in `docs/rulings.md` word for word (a test checks it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The ruling's mark in `docs/rulings.md` ("C11"; the Tri checkers section and
    /// Toe-to-Toe's both use "T").
    pub mark: &'static str,
    /// Sentences of the rule text, word for word ("..." where words are left out).
    pub quotes: &'static [&'static str],
    /// What we read them to mean, in plain words.
    pub reading: &'static str,
}

impl Ruling {
    /// The tooltip: the reading, each quote in quotation marks, and where the ruling is recorded.
    pub fn lines(&self) -> Vec<String> {
        let mut v = vec![self.reading.to_string()];
        v.extend(self.quotes.iter().map(|q| format!("\u{201c}{q}\u{201d}")));
        v.push(format!("(docs/rulings.md, {})", self.mark));
        v
    }
}

pub(super) const RULES: Ruling = Ruling {
    mark: "D1, D4-D7",
    quotes: &[
        "The player may move either of the pieces indicated on the two dice.",
        "There is no check or checkmate. Rather, the goal is to actually capture the king.",
        "To win you need to capture all enemy kings.",
        "A third form of the game uses two dice of contrasting colors, with one determining the piece that can move, and the other the number of moves that the piece makes.",
    ],
    reading: "The text's five rule sets: two dice (either piece shown may move; doubles allow any move), BrainKing's one die \
              without check, BrainKing on 10x10 with three kings, Gollon's count (one die: that many moves, 4-6 meaning four), \
              and Gollon's piece and count (one die names the piece, the other how many moves it makes).",
};

pub(super) const NUMBERS: Ruling = Ruling {
    mark: "C11, T12",
    quotes: &["No piece may jump a number higher than its own! ... A king may jump any piece, but only a king may jump a king."],
    reading: "Each player's twelve men are numbered 1-12 in an order shuffled by the seed. A man may jump a man whose number is \
              not higher than its own; only a king may jump a king; in a stack the top checkers are compared.",
};

pub(super) const QUEENS_COLOURS: Ruling = Ruling {
    mark: "C14, T8",
    quotes: &[
        "To avoid the possibility of an extensive jump on the first move, either adjacent opponents are on the same color, or each opponent places his or her first piece that would be in jeopardy in the back row of the friendly corner.",
        "If adjacent pairs are placed on opposite colors, such pairs must be partners",
    ],
    reading: "Four-player Queens: same puts each team on one colour, mixed splits them (which colours adjacent seats share \
              depends on the seating). Tri-Queens: mixed puts adjacent partners on opposite colours, so only as partners.",
};

pub(super) const SYMMETRIC: Ruling = Ruling {
    mark: "T5, T10",
    quotes: &[
        "part of an extra file of spaces to the right of the two player board",
        "symmetry may be achieved if instead of placing the pieces at points \"a,\" they are placed in the corners marked \"b\"",
    ],
    reading: "Off: the four-space seats start 4-5-3. On: two players add the extra triangles beside the board, five and six \
              open the cut corners, and every seat starts 5-4-3 with the same number of squares to crown on.",
};

pub(super) const QUEENS_POSITION: Ruling = Ruling {
    mark: "T8",
    quotes: &["If adjacent pairs are placed on opposite colors, such pairs must be partners"],
    reading: "Four-player Tri-Queens with partners on mixed colours: closed (Figure 19, each leaning towards the partner) \
              or open (Figure 18, spread, leaning away). Both figures are lost and rebuilt from the sentences.",
};

pub(super) const FORTY_MOVES: Ruling = Ruling {
    mark: "T11",
    quotes: &[
        "After all remaining pieces are kings, therefore, any player may invoke the 40-move option. Under this rule, if 40 moves are made with no piece being jumped, the player with the most pieces remaining becomes the winner.",
    ],
    reading: "On: once every piece is a king, forty moves each without a jump or a man's move end the game, and the team \
              with the most pieces wins (a tie is a draw). Off: play on to the end.",
};

pub(super) const QUEENS_ROWS: Ruling = Ruling {
    mark: "C14",
    quotes: &["In the latter case, each partner has five pieces in the back row, four in the middle, and three in the front."],
    reading: "5-4-3: every seat moves one front-row checker to its back row so that nobody can jump on the first move. \
              Relocate: the older start of games saved before 5-4-3, kept so that they replay.",
};

pub(super) const TRI_STEPS: Ruling = Ruling {
    mark: "T7",
    quotes: &["It might appear at first glance that the checker at X could jump a piece on space A and land on space B, but this is an impermissible move."],
    reading: "Blocked: a step or jump between two corners passes over the other-coloured triangle between them, and may not \
              pass a piece standing there. Open: only the landing triangle matters, as on a square board.",
};

pub(super) const SEQUENCE: Ruling = Ruling {
    mark: "T3",
    quotes: &["Sequence for cut-throat is A, C, B, D in Figure 16.", "In this event, sequence of moves is D, C, A, B."],
    reading: "The table under Figure 17 and the prose give different orders for four-player cut-throat and partners-gap. \
              Table (clockwise round the board) is the default; prose plays the sentences' orders.",
};

pub(super) const EDGES: Ruling = Ruling {
    mark: "TC9",
    quotes: &[
        "players generally need 9 Pawns rather than the usual 8, unless they agree to outlaw the use of unoccupied edges of the board which lie between opponents.",
    ],
    reading: "Full: each set has a ninth Pawn, guarding the gap a Rook could otherwise leave by. Cut: eight Pawns, and the \
              outer edges where nobody sits are out of play.",
};

pub(super) const EXTENDED_MOVES: Ruling = Ruling {
    mark: "TC5, TC6",
    quotes: &[
        "The extended Knight move for mobility (not for capture) may be used if desired in all but twoplayer Tri-Chess",
        "(The extended Pawn move of Doubles is permitted in all but two-player TriChess.)",
    ],
    reading: "On: with three or more players a Knight may hop a second time the same way to an empty triangle (never \
              capturing), and Pawns may run up to three from the second row. Off: plain chess moves.",
};

pub(super) const CORNERS: Ruling = Ruling {
    mark: "TC1",
    quotes: &[
        "To accommodate Tri-Chess the corners are cut out, but you may wish to use some or all of those spaces either for symmetry or to separate partners.",
    ],
    reading: "Five and six players play on 12 rows. Cut: the corners are out (204 triangles). Full: the whole hexagon \
              (216 triangles), as saves made before this ruling were played.",
};

pub(super) const DOUBLE_HOP_CHECK: Ruling = Ruling {
    mark: "DC4",
    quotes: &["The Knight may, for example, check a King from more than half way across the board."],
    reading: "No: a Knight's second hop never captures, so it never gives check. Yes: the second hop attacks, so it checks \
              a King and a King may not step into its reach, though it still cannot take it.",
};

const CHECKERS_BOARDS: Ruling = Ruling {
    mark: "C10",
    quotes: &["One must become a king before moving or jumping across the ends, although non-kings may do so along the sides."],
    reading: "Cylinder: the left and right edges join, so pieces move and jump off one side onto the other. Universal: the \
              ends join too, but only kings cross them; men cross only the sides.",
};

const DOUBLES_BOARDS: Ruling = Ruling {
    mark: "C15",
    quotes: &["players sitting opposite each other regard their right and left edges as touching, but not their forward and rear edges."],
    reading: "With four players each seat's cylinder joins its own left and right edges; on the universal board all four \
              edges join and men cross only their own sides.",
};

const CHESS_CYLINDER: Ruling = Ruling {
    mark: "K2, K3",
    quotes: &[
        "the board is regarded as a cylinder with the right and left edges touching. Thus pieces may move \"around\" the cylinder",
        "The Universal variations of the Checkers family do not work, however, for major pieces cannot stand back to back around forward and rear edges of the board.",
    ],
    reading: "The left and right edges touch; a rook or queen going all the way round stops before its own square, and \
              castling keeps its usual squares. There is no universal chess.",
};

const HEXAGON: Ruling = Ruling {
    mark: "T1, T12",
    quotes: &[
        "The board has special markings setting off the two player board (8 rows across), from the three and four player board (10 rows) from the five and six player board (12 rows with the corners cut out).",
    ],
    reading: "A hexagon of triangles, 8 rows across for two players, 10 for three or four, 12 with the corners cut out for \
              five or six. It is always flat: the text calls cylindrical and universal play not practical.",
};

const TRI_CHESS_BOARD: Ruling = Ruling {
    mark: "TC1",
    quotes: &["Tri-Chess may be played by two players on an 8 rank board, by three or four on a 10 rank board, or by five or six on 12 ranks."],
    reading: "Two players on the 8-row hexagon, three or four on 10 rows, five or six on 12 rows with the corners cut out.",
};

const DOUBLES_SEATS: Ruling = Ruling {
    mark: "C12",
    quotes: &[
        "Player A with the dark pieces on the right moves first, followed by B with light pieces directly across from A.",
        "In cut-throat play sequence proceeds clockwise around the board.",
    ],
    reading: "Partners adjacent: A and C against B and D, side by side, moving A, B, C, D. Partners opposite and \
              cut-throat: turns go clockwise. Seats are lettered in the order they move.",
};

const DOUBLES_PLAYERS: Ruling = Ruling {
    mark: "C12, C13",
    quotes: &["partners position their checkers in the usual manner on the center eight files, with one exception."],
    reading: "Four players play Doubles on a 12x12 board whose centre 8x8 is a standard board. Each sets twelve checkers \
              on the centre eight files of a side; where two would share a corner square, the later one sits behind.",
};

const DOUBLE_CHESS_SEATS: Ruling = Ruling {
    mark: "DC1",
    quotes: &[
        "White on the right (W1) moves first, followed by Black across (B1), then the other White (W2) and the other Black (B2).",
        "Partners sit at adjacent sides with a dark corner square between them.",
        "Play proceeds from White on the right clockwise around the board.",
    ],
    reading: "Partners: the two Whites against the two Blacks, side by side, moving W1, B1, W2, B2. Cut-throat: each for \
              themselves, clockwise; the sets keep their places.",
};

const TRI_SEATS: Ruling = Ruling {
    mark: "T3",
    quotes: &["In cut-throat play sequence proceeds clockwise around the board."],
    reading: "Seats are lettered clockwise from A on the south side; the figures' letters are lost. Two, three and five \
              players are necessarily cut-throat; four and six may be partners.",
};

const TRI_CHESS_SEATS: Ruling = Ruling {
    mark: "TC10, TC11",
    quotes: &[
        "checkmate eliminates a player from the game, although his or her pieces remain on the board subject to capture;",
        "Playing ABC vs. DEF requires repositioning A and F to put greater distance between opponents.",
    ],
    reading: "Cut-throat: a mated player is out, its pieces stay frozen and may be taken; the last player in wins. \
              Partners (AB vs CD, or three pairs, or trios of six) use Double Chess's partner rules.",
};

/// The ruling behind the board a game is played on with these options, where there is one.
pub fn board_ruling(game: GameId, opts: &GameOptions) -> Option<Ruling> {
    if game == GameId::TriChess {
        return Some(TRI_CHESS_BOARD);
    }
    if game.is_hexagonal() {
        return Some(HEXAGON);
    }
    if opts.topology == Wrap::Flat {
        return None;
    }
    match game.family() {
        FamilyId::Chess => Some(CHESS_CYLINDER),
        FamilyId::Checkers if opts.players == 4 => Some(DOUBLES_BOARDS),
        FamilyId::Checkers => Some(CHECKERS_BOARDS),
        _ => None,
    }
}

/// The ruling behind the player count, where there is one (the games of more than two).
pub fn players_ruling(game: GameId, players: u8) -> Option<Ruling> {
    match game {
        GameId::TriChess => Some(TRI_CHESS_BOARD),
        _ if game.is_hexagonal() => Some(HEXAGON),
        GameId::DoubleChess => Some(DOUBLE_CHESS_SEATS),
        _ if game.is_checkers_family() && players == 4 => Some(DOUBLES_PLAYERS),
        _ => None,
    }
}

/// The ruling behind the seating (who partners whom, who moves when), where the game has one.
pub fn seating_ruling(game: GameId, opts: &GameOptions) -> Option<Ruling> {
    match game {
        GameId::TriChess => Some(TRI_CHESS_SEATS),
        GameId::DoubleChess => Some(DOUBLE_CHESS_SEATS),
        _ if game.is_hexagonal() => Some(TRI_SEATS),
        _ if game.is_checkers_family() && opts.players == 4 => Some(DOUBLES_SEATS),
        _ => None,
    }
}

/// Every ruling this module holds, for the test that checks the quotes.
#[cfg(test)]
pub(super) const ALL: [Ruling; 23] = [
    RULES,
    NUMBERS,
    QUEENS_COLOURS,
    SYMMETRIC,
    QUEENS_POSITION,
    FORTY_MOVES,
    QUEENS_ROWS,
    TRI_STEPS,
    SEQUENCE,
    EDGES,
    EXTENDED_MOVES,
    CORNERS,
    DOUBLE_HOP_CHECK,
    CHECKERS_BOARDS,
    DOUBLES_BOARDS,
    CHESS_CYLINDER,
    HEXAGON,
    TRI_CHESS_BOARD,
    DOUBLES_SEATS,
    DOUBLES_PLAYERS,
    DOUBLE_CHESS_SEATS,
    TRI_SEATS,
    TRI_CHESS_SEATS,
];
