//! The guides of chess for more than two: Double Chess and Tri-Chess.

use super::chess::chessmen;
use super::{AIM, BOARD, END, Page, SPECIAL};
use crate::checkers::DoublesSeating;
use crate::game::GameOptions;
use crate::scene::PieceKind;

/// Double Chess: four players on 12x12, partners or cut-throat.
pub(super) fn double_chess(page: &mut Page, opts: &GameOptions) {
    let partners = opts.seating != DoublesSeating::CutThroat;
    page.line(
        AIM,
        if partners {
            "Mate or take both enemy kings: your team wins even after losing one of its own."
        } else {
            "Each plays alone: mate the others, and the last player still in wins."
        },
    );
    page.line(BOARD, "A 12x12 board; each of the four sets stands on the centre eight files of its edge, pawns in front.");
    page.line(
        BOARD,
        if partners {
            "The two Whites play against the two Blacks, partners side by side; turns go W1, B1, W2, B2."
        } else {
            "Turns go clockwise from White 1. The four squares of each corner are closed."
        },
    );
    chessmen(page, "one, two or three squares from its first row, one or two in its own half, then one.");
    page.add(
        SPECIAL,
        [
            "The knight may leap a second time the same way onto an empty square, but never captures on that second hop.",
            "En passant applies to every square a pawn ran past, often at right angles. Pawns promote on the far edge.",
            "Castling is chess's, inside the set's own eight files.",
        ],
    );
    page.line(SPECIAL, if opts.hop_checks { "The second hop gives check, though it still cannot capture." } else { "The second hop never gives check." });
    if partners {
        page.add(
            SPECIAL,
            [
                "A mated player misses turns until the mating player takes the king (then its only move) or the mate breaks.",
                "The piece that takes a king is safe from the victim for one move; the victim's partner may take it.",
            ],
        );
        page.line(END, "A player with a king and no legal move, not in check, stalemates the whole game: a draw.");
    } else {
        page.add(
            SPECIAL,
            [
                "A mated player is out: their pieces freeze, still give check and may be taken; their king waits to be taken.",
                "The piece that takes a king is safe for one move from every player who helped mate it.",
            ],
        );
        page.line(END, "A stalemated player passes while two others play on; with only one other left, it is a draw.");
    }
    page.line(END, "Also drawn: the same position three times, or fifty moves each without a capture or pawn move.");
}

/// Tri-Chess: chess on a hexagon of triangles for two to six.
pub(super) fn tri_chess(page: &mut Page, opts: &GameOptions) {
    let extended = opts.players > 2 && !opts.plain_moves;
    tri_chess_aim_and_board(page, opts);
    page.piece(PieceKind::King, "to any of the twelve triangles touching his own; castles along his edge row.");
    page.piece(PieceKind::Queen, "rook and bishop together: any distance in twelve directions.");
    page.piece(PieceKind::Rook, "any distance along the six lines parallel to the edges, through sides of triangles.");
    page.piece(PieceKind::Bishop, "any distance along the six lines square to the edges, changing colour at every step.");
    page.piece(PieceKind::Knight, "two steps along a bishop line, then one step to either side; it leaps.");
    page.piece(PieceKind::Pawn, "one or two forward on its first move, then one; captures to the two triangles of its colour ahead.");
    page.add(SPECIAL, ["No move may leave your own king in check.", "A pawn promotes on the far edge to a queen, rook, bishop or knight."]);
    if extended {
        page.add(
            SPECIAL,
            [
                "A knight may make a second hop the same way onto an empty triangle, never capturing on it.",
                "A pawn may run three from its second row and two in its own half; en passant on every triangle it passed.",
            ],
        );
    }
    let partners = opts.seating != DoublesSeating::CutThroat;
    match (opts.players, partners) {
        (2, _) => page.line(END, "Checkmate wins; stalemate is a draw."),
        (_, false) => page.add(
            END,
            [
                "Checkmate puts a player out; their pieces stay frozen, still give check and may be taken.",
                "A stalemated player passes while two others play on. The last player in wins.",
            ],
        ),
        (_, true) => page.add(
            END,
            [
                "Partners play as in Double Chess: a mated player misses turns until the mating player takes the king.",
                "A team whose kings are all mated or taken is out; a player stalemated with a king draws the game.",
            ],
        ),
    }
    page.line(END, "Also drawn: the same position three times, or fifty moves each without a capture or pawn move.");
}

/// Tri-Chess's aim, board, sets and seats.
fn tri_chess_aim_and_board(page: &mut Page, opts: &GameOptions) {
    page.line(
        AIM,
        match (opts.players, opts.seating) {
            (2, _) => "Checkmate the enemy king.",
            (_, DoublesSeating::CutThroat) => "Each plays alone: checkmate the others, and be the last player in.",
            _ => "Play as a team: mate or take every opposing king, and be the last team in.",
        },
    );
    let rows = match opts.players {
        2 => "8 rows across",
        3 | 4 => "10 rows across",
        _ if opts.full_corners => "12 rows across, the whole hexagon",
        _ => "12 rows across with the corners cut out",
    };
    page.line(BOARD, format!("A hexagon of triangles, {rows}; each player sits at an edge."));
    page.line(BOARD, "Each set of eight stands on its own edge row with its pawns on the triangles in front.");
    page.line(
        BOARD,
        if opts.cut_edges && opts.players == 4 && opts.seating == DoublesSeating::CutThroat {
            "Nine pawns each, and the outer edges where nobody sits are out of play."
        } else if opts.cut_edges {
            "Eight pawns each: the outer edges where nobody sits are out of play."
        } else {
            "Each set has a ninth pawn, closing the gap a rook could otherwise slip out by."
        },
    );
    if opts.players > 2 {
        page.line(
            BOARD,
            match opts.seating {
                DoublesSeating::CutThroat => "Cut-throat: everyone plays alone; turns go clockwise.",
                DoublesSeating::Trios => "Two teams of three; turns alternate between the teams.",
                _ if opts.players == 6 => "Three teams of two neighbours; turns alternate between the teams.",
                _ => "Two teams of two neighbours; turns alternate between the teams.",
            },
        );
    }
}
