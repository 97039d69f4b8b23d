//! Every kind of piece of every game, with its name, its letter and the games' internal codes.

/// A kind of piece, as a table draws and names it. The games keep their own compact codes
/// inside the engine; this is their public face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// A checker not crowned (the checkers family).
    Man,
    /// A crowned checker.
    CheckerKing,
    /// The chessmen (Chess and its variants, Dice Chess, CHEX's tiles, Chec Toe's four,
    /// Double Chess and Tri-Chess); Toe-to-Toe's pawn and king are these too.
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// Toe-to-Toe's short-range army.
    Horse,
    Elephant,
    Chariot,
    General,
}

impl PieceKind {
    /// Every kind.
    pub const ALL: [PieceKind; 12] = [
        PieceKind::Man,
        PieceKind::CheckerKing,
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
        PieceKind::Horse,
        PieceKind::Elephant,
        PieceKind::Chariot,
        PieceKind::General,
    ];

    /// The chessmen by chess code (1 pawn .. 6 king).
    const CHESS: [PieceKind; 6] = [PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen, PieceKind::King];
    /// Toe-to-Toe's kinds by its code (1 pawn, 2 horse, 3 elephant, 4 chariot, 5 general, 6 king).
    const TOE: [PieceKind; 6] = [PieceKind::Pawn, PieceKind::Horse, PieceKind::Elephant, PieceKind::Chariot, PieceKind::General, PieceKind::King];

    /// Its English name, capitalised ("Knight", "Man").
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Man => "Man",
            PieceKind::CheckerKing | PieceKind::King => "King",
            PieceKind::Pawn => "Pawn",
            PieceKind::Knight => "Knight",
            PieceKind::Bishop => "Bishop",
            PieceKind::Rook => "Rook",
            PieceKind::Queen => "Queen",
            PieceKind::Horse => "Horse",
            PieceKind::Elephant => "Elephant",
            PieceKind::Chariot => "Chariot",
            PieceKind::General => "General",
        }
    }

    /// Its name in a sentence ("knight", "horse").
    pub fn word(self) -> String {
        self.name().to_lowercase()
    }

    /// Its letter, upper case, as the game's notation writes it (Toe-to-Toe's elephant `E`,
    /// chariot `R`, general `G`; a checker `M`, a crowned one `K`).
    pub fn letter(self) -> char {
        match self {
            PieceKind::Man => 'M',
            PieceKind::CheckerKing | PieceKind::King => 'K',
            PieceKind::Pawn => 'P',
            PieceKind::Knight | PieceKind::Horse => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook | PieceKind::Chariot => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::Elephant => 'E',
            PieceKind::General => 'G',
        }
    }

    /// The chessman of a chess code (1 pawn .. 6 king; the low bits of a board byte).
    pub(crate) fn from_chess(code: u8) -> Option<PieceKind> {
        Self::CHESS.get((code as usize).wrapping_sub(1)).copied()
    }

    /// Toe-to-Toe's kind of a code.
    pub(crate) fn from_toe(code: u8) -> Option<PieceKind> {
        Self::TOE.get((code as usize).wrapping_sub(1)).copied()
    }

    /// Whether it is a checker (the checkers family's man or king).
    pub fn is_checker(self) -> bool {
        matches!(self, PieceKind::Man | PieceKind::CheckerKing)
    }
}

impl std::fmt::Display for PieceKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_map_onto_kinds_and_back_by_letter() {
        let chess: Vec<char> = (1..=6).map(|c| PieceKind::from_chess(c).unwrap().letter()).collect();
        assert_eq!(chess.iter().collect::<String>(), "PNBRQK");
        let toe: Vec<char> = (1..=6).map(|c| PieceKind::from_toe(c).unwrap().letter()).collect();
        assert_eq!(toe.iter().collect::<String>(), "PNERGK", "Toe-to-Toe's letters as its notation writes them");
        assert_eq!((PieceKind::from_chess(0), PieceKind::from_chess(7), PieceKind::from_toe(0)), (None, None, None));
        assert_eq!(PieceKind::from_toe(5).unwrap().word(), "general");
    }
}
