//! The checkers family's guide: Checkers, Stax and Queens on the square board or the hexagon.

use super::{AIM, BOARD, END, Page, SPECIAL};
use crate::checkers::{DoublesSeating, UncoveredMan};
use crate::game::{GameId, GameOptions};
use crate::scene::PieceKind;
use crate::topology::Wrap;

/// Writes the guide of a checkers-family game.
pub(super) fn write(page: &mut Page, game: GameId, opts: &GameOptions) {
    let stacks = game != GameId::Checkers && game != GameId::TriChek;
    let queens = matches!(game, GameId::Queens | GameId::TriQueens);
    page.line(AIM, aim(stacks, opts));
    board(page, game, opts);
    pieces(page, game, queens);
    page.add(
        SPECIAL,
        [
            "Jumping is compulsory: if you can jump you must, and finish the whole jump; you choose which jump.",
            if game.is_hexagonal() {
                "A man is crowned on a triangle of its colour where it has no forward step left; that ends its move."
            } else {
                "A man that reaches the far row is crowned a king, and that ends its move."
            },
        ],
    );
    if stacks {
        stax_rules(page, opts);
    }
    if game == GameId::TriQueens {
        page.line(
            SPECIAL,
            if opts.tri_steps_open {
                "A move between two corners passes over the triangle between them, even when a piece stands there."
            } else {
                "A move between two corners may not pass a piece standing on the triangle between them."
            },
        );
    }
    table_rules(page, opts);
    end(page, game, opts);
}

/// What to aim for.
fn aim(stacks: bool, opts: &GameOptions) -> String {
    let take = if stacks { "Bury every enemy checker under your stacks, or block it" } else { "Take or block every enemy checker" };
    match (opts.players, opts.seating) {
        (2, _) => format!("{take}: a player who cannot move on their turn loses."),
        (_, DoublesSeating::CutThroat) => format!("{take}: each plays alone, and the last player able to move wins."),
        _ => format!("{take}: partners win together when neither opponent can move."),
    }
}

/// The board, the start, the seats and the board's options.
fn board(page: &mut Page, game: GameId, opts: &GameOptions) {
    if game.is_hexagonal() {
        let rows = match opts.players {
            2 => "8 rows across",
            3 | 4 => "10 rows across",
            _ if opts.symmetric => "12 rows across, its corners open",
            _ => "12 rows across with the corners cut out",
        };
        page.line(BOARD, format!("A hexagon of triangles, {rows}; triangles of the two colours point opposite ways."));
        page.line(BOARD, "Each player's twelve checkers stand on their colour in three rows from their own edge.");
        if opts.symmetric {
            page.line(BOARD, "Symmetric start: extra triangles are used so that every player starts five, four and three.");
        }
    } else if opts.players == 4 {
        page.line(BOARD, "Doubles: a 12x12 board; each of the four players sets twelve checkers on the centre eight files.");
    } else {
        page.line(BOARD, "An 8x8 board; each player's twelve checkers start on the three nearest rows. Dark moves first.");
    }
    if game == GameId::Queens && opts.players == 4 {
        page.line(BOARD, "Both colours are used: some players' checkers stand on dark squares, the others' on light.");
    } else if game == GameId::Queens {
        page.line(BOARD, "Both colours are used: one player's checkers stand on dark squares, the other's on light.");
    } else if game == GameId::TriQueens && opts.players == 2 {
        page.line(BOARD, "Both colours are used: one player's checkers stand on light triangles, the other's on dark.");
    } else if game == GameId::TriQueens {
        page.line(BOARD, "Both colours of triangle are used: some players start on dark triangles, others on light.");
    }
    if opts.players > 2 {
        page.line(BOARD, seating(opts));
    }
    match opts.topology {
        Wrap::Flat => {}
        Wrap::Cylinder => page.line(BOARD, "The board is a cylinder: pieces step and jump off one side edge onto the other."),
        Wrap::Universal => page.line(BOARD, "Universal board: side edges and ends both join, but only kings cross the ends."),
    }
}

/// Who plays with whom and in what order.
fn seating(opts: &GameOptions) -> String {
    let order = if opts.prose_sequence { " (in the prose's order)" } else { "" };
    match opts.seating {
        DoublesSeating::CutThroat => format!("Cut-throat: everyone plays alone; turns go round the table{order}."),
        DoublesSeating::PartnersAdjacent => "Partners sit side by side and play as a team; turns alternate between the teams.".into(),
        DoublesSeating::PartnersOpposite => "Partners sit opposite each other and play as a team; turns go round the table.".into(),
        DoublesSeating::PartnersGap => format!("Partners sit apart, a gap between them; turns alternate between the teams{order}."),
        DoublesSeating::Trios => "Two teams of three; turns alternate between the teams.".into(),
    }
}

/// How men and kings move.
fn pieces(page: &mut Page, game: GameId, queens: bool) {
    let (man, king) = match (game.is_hexagonal(), queens) {
        (false, false) => (
            "steps one square diagonally forward; jumps an enemy piece diagonally forward onto the empty square beyond.",
            "steps one square diagonally in any direction, and jumps backwards too (no long moves).",
        ),
        (false, true) => (
            "steps one square diagonally forward; jumps diagonally forward or straight forward.",
            "steps one square diagonally in any direction; jumps in all eight directions.",
        ),
        (true, false) => (
            "steps and jumps along the two forward lines, corner to corner over triangles of its colour.",
            "steps and jumps in all six directions, half again as many as on the square board.",
        ),
        (true, true) => (
            "steps along the two forward lines; jumps in five forward directions, over pieces of either colour.",
            "steps in all six directions along its colour; jumps in all twelve directions.",
        ),
    };
    page.piece(PieceKind::Man, man);
    page.piece(PieceKind::CheckerKing, king);
}

/// Stax's prisoners and stacks (Stax, Queens and their Tri forms).
fn stax_rules(page: &mut Page, opts: &GameOptions) {
    page.add(
        SPECIAL,
        [
            "A jumped checker is not removed: it goes under your jumping stack as a prisoner.",
            "A stack moves as its top checker. Jumping a stack takes only its top checker and frees those beneath.",
            "Only a stack's top checker is crowned, and a king freed from under a stack is still a king.",
        ],
    );
    page.line(
        SPECIAL,
        match opts.uncovered_man {
            UncoveredMan::Wait => "A man uncovered on its crowning row is not crowned there: it waits to be freed or jumped.",
            UncoveredMan::Crown => "A man uncovered on its crowning row is crowned at once.",
        },
    );
}

/// Numbers and the rules of a table of more than two.
fn table_rules(page: &mut Page, opts: &GameOptions) {
    if opts.numbers {
        page.line(SPECIAL, "Numbers: men carry shuffled numbers 1-12; none may jump a higher number, only a king a king.");
    }
    if opts.players > 2 {
        let partners = if opts.seating == DoublesSeating::CutThroat { "" } else { "Partners never jump each other's checkers. " };
        page.line(SPECIAL, format!("{partners}A player who cannot move when their turn comes is skipped."));
    }
}

/// How the game ends: no move, the move limit, the 40-move option, repetition.
fn end(page: &mut Page, game: GameId, opts: &GameOptions) {
    let top = if game == GameId::Checkers || game == GameId::TriChek { "no checker left" } else { "no checker on top of a stack" };
    if opts.players == 2 {
        page.line(END, format!("A player with {top}, or none that can move, on their turn loses."));
    } else {
        page.line(END, "The side whose move leaves no opponent able to move wins.");
    }
    if opts.move_limit > 0 {
        let each = opts.move_limit / opts.players.max(2) as u16;
        page.line(END, format!("Drawn after {each} moves each with no jump and no man moved."));
    }
    if game == GameId::TriChek && opts.forty_moves {
        page.line(END, "Once all pieces are kings, 40 moves each without a jump end it: the most pieces wins, a tie draws.");
    }
    page.line(END, "The same position with the same player to move for the third time is a draw.");
}
