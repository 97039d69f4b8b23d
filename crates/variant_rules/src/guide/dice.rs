//! The dice games' guides: Dice Chess in its five rule sets, and Chec Toe.

use super::chess::{PAWN, chessmen};
use super::{AIM, BOARD, END, Page, SPECIAL};
use crate::dicechess::{BrainKingSix, DiceRules, NoMove};
use crate::game::GameOptions;
use crate::scene::PieceKind;

/// What each die face names in Dice Chess.
const FACES: &str = "1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king";

/// Dice Chess, as its `--rules` set plays.
pub(super) fn dice_chess(page: &mut Page, opts: &GameOptions) {
    let rules = opts.dice_rules;
    let brainking = matches!(rules, DiceRules::BrainKing | DiceRules::BrainKing10);
    page.line(
        AIM,
        match rules {
            DiceRules::BrainKing => "Capture the enemy king: there is no check or checkmate.",
            DiceRules::BrainKing10 => "Capture all three enemy kings: there is no check or checkmate.",
            _ => "Checkmate the enemy king, or capture it when a roll has left it in check.",
        },
    );
    page.line(
        BOARD,
        if rules == DiceRules::BrainKing10 {
            "A 10x10 board: each side has ten pawns and three kings side by side in the middle of its back row."
        } else {
            "An 8x8 board with the usual chess start; White moves first."
        },
    );
    page.line(
        BOARD,
        match rules {
            DiceRules::TwoDice => format!("Each turn begins with a throw of two dice: {FACES}."),
            DiceRules::BrainKing | DiceRules::BrainKing10 => format!("Each turn begins with a throw of one die: {FACES}."),
            DiceRules::GollonCount => "Each turn begins with a throw of one die: how many moves you make in a row.".into(),
            DiceRules::GollonPieceCount => format!("Throw two dice each turn; the ivory one names the piece ({FACES})."),
        },
    );
    chessmen(page, PAWN);
    page.add(SPECIAL, dice_rules(rules));
    if brainking {
        page.line(
            SPECIAL,
            match opts.brainking_six {
                BrainKingSix::None => "A pawn promotes to the piece its die shows, to any on a 1; a 6 moves only kings.",
                BrainKingSix::Any => "A pawn promotes to the piece its die shows; a 1 or a 6 lets it promote to any piece.",
            },
        );
    }
    page.line(
        SPECIAL,
        match (opts.no_move, brainking) {
            (NoMove::Reroll, _) => "A throw that allows no move is thrown again.",
            (NoMove::Pass, true) => "A throw that allows no move loses the turn.",
            (NoMove::Pass, false) => "A throw that allows no move loses the turn; a king left in check may then be taken.",
        },
    );
    end(page, brainking);
}

/// How Dice Chess ends: BrainKing's king taken, or chess's mate and draws.
fn end(page: &mut Page, brainking: bool) {
    if brainking {
        page.line(END, "Taking the king wins. A side with no move at all is stalemated: a draw.");
    } else {
        page.add(
            END,
            [
                "Checkmate or taking the king wins; mate and stalemate are judged before the throw, on every chess move.",
                "Drawn by stalemate, three repetitions, fifty moves each, or too little left to take a king.",
            ],
        );
    }
}

/// What the dice allow under each rule set, beyond the throw itself.
fn dice_rules(rules: DiceRules) -> Vec<&'static str> {
    match rules {
        DiceRules::TwoDice => vec![
            "Move one piece of a kind either die shows; doubles allow any move. Never into check.",
            "Castling needs a 4, a 6 or doubles; en passant a 1 or doubles, on the very next turn.",
            "Promotion is as in chess.",
        ],
        DiceRules::BrainKing | DiceRules::BrainKing10 => vec![
            "Move one piece of the kind the die shows.",
            "Kings may step into attack and stay there, and castle through attacked squares: nothing is check.",
            if rules == DiceRules::BrainKing10 { "With three kings there is no castling." } else { "Castling and en passant as in chess." },
        ],
        DiceRules::GollonCount => vec![
            "Make that many legal chess moves in a row; a 4, 5 or 6 means four.",
            "A move that gives check ends the series; a player in check must answer it with the first move.",
            "Castling, en passant and promotion are as in chess.",
        ],
        DiceRules::GollonPieceCount => vec![
            "The red die says how many moves (4, 5 or 6 mean four); one piece of that kind makes them all.",
            "Check, promotion, castling, or the piece having no move, ends the series early.",
            "Moves are legal chess moves, never into check.",
        ],
    }
}

/// Chec Toe: four in a row on 4x4, one die, drops, Wizards and Checkers.
pub(super) fn chec_toe(page: &mut Page, opts: &GameOptions) {
    page.line(AIM, "Make a Toe, four of your pieces in a line, and keep it through your opponent's next turn.");
    page.add(
        BOARD,
        [
            "A 4x4 board that starts empty. Each player owns a pawn, a knight, a bishop and a rook, all in hand.",
            "A captured piece goes back to its owner's hand, to be dropped again later.",
        ],
    );
    page.piece(PieceKind::Pawn, "one square orthogonally in any direction; captures one square diagonally towards the opponent.");
    page.piece(PieceKind::Knight, "as in chess.");
    page.piece(PieceKind::Bishop, "as in chess.");
    page.piece(PieceKind::Rook, "as in chess.");
    page.add(
        SPECIAL,
        [
            "Each turn, throw the die: 1 pawn, 2 knight, 3 bishop, 4 rook: drop that piece on an empty square, or move it.",
            "A 5 is the Wizard: drop any piece, or move any piece as a Wizard: a (3,1) leap or one diagonal step.",
            "A first 6 is thrown again. Two 6s: any piece moves its own way or is dropped. Three: all enemy pieces go to hand.",
            "Once a turn you may throw again; a 1-4 from that throw must be dropped or moved as a Checker.",
            "Checker: exactly two squares in a straight line, over the nearest square, capturing nothing.",
            "A drop is the whole turn. Until both players have dropped a piece, turns are drops only.",
            "You may pass after any throw.",
        ],
    );
    page.line(END, "A Toe is four in a row, column or long diagonal; it wins if it still stands when your next turn begins.");
    page.line(END, "Chec: capturing a piece of the opponent's Toe breaks it.");
    let limit = match opts.move_limit {
        0 => "There is no draw: play on until a Toe stands.".to_string(),
        n => format!("Drawn after {n} turns in all."),
    };
    page.line(END, limit);
}
