//! Rules at hand: each game's rules in short, as a rules panel shows them, following the options.
//!
//! [`guide`] gives a game's [`Guide`]: its aim, board and setup, how each piece moves (one line a
//! [`PieceKind`], named as the game's scene names it), its special rules and how it ends — short
//! lines of plain words, read from the rule texts and `docs/rulings.md`, that change with the
//! options (a cylinder, Numbers, the dice rule set, the seating…). The texts are data by
//! family: `guide/checkers.rs`, `guide/chess.rs` (with Toe-to-Toe and CHEX), `guide/dice.rs`
//! (Dice Chess and Chec Toe) and `guide/many.rs` (Double Chess and Tri-Chess).

mod checkers;
mod chess;
mod dice;
mod many;

use crate::checkers::DoublesSeating;
use crate::game::{AnyPosition, GameId, GameOptions};
use crate::scene::PieceKind;

/// The heading of the section that says what to aim for.
pub const AIM: &str = "Aim";
/// The heading of the board and the start.
pub const BOARD: &str = "Board and setup";
/// The heading of the section with a line per kind of piece ("Knight: …").
pub const PIECES: &str = "Pieces";
/// The heading of the rules beyond the pieces' moves.
pub const SPECIAL: &str = "Special rules";
/// The heading of how the game ends.
pub const END: &str = "End of the game";

/// The longest line a guide holds.
pub const LINE_WIDTH: usize = 120;

/// A game's rules in short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guide {
    /// The game's name as a heading ("Tri-Chess for 6, cut-throat").
    pub title: String,
    /// Aim, board and setup, pieces, special rules, end, in that order.
    pub sections: Vec<Section>,
}

/// One part of a guide: a heading and its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub heading: &'static str,
    pub lines: Vec<String>,
}

impl Guide {
    /// The section under a heading, if the guide has it.
    pub fn section(&self, heading: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.heading == heading)
    }

    /// Every line, each section's heading before its lines (for a terminal or a test).
    pub fn text(&self) -> Vec<String> {
        let mut v = vec![self.title.clone()];
        for s in &self.sections {
            v.push(format!("{}:", s.heading));
            v.extend(s.lines.iter().map(|l| format!("  {l}")));
        }
        v
    }
}

/// What a family's guide writes into: the sections in order, and the game's names for its kinds.
pub(crate) struct Page {
    names: Option<AnyPosition>,
    sections: Vec<Section>,
}

impl Page {
    fn new(game: GameId, opts: &GameOptions) -> Page {
        Page { names: AnyPosition::start(game, opts).ok(), sections: Vec::new() }
    }

    /// Adds lines under a heading (after any already there).
    pub(crate) fn add<S: Into<String>>(&mut self, heading: &'static str, lines: impl IntoIterator<Item = S>) {
        let lines = lines.into_iter().map(Into::into);
        match self.sections.iter_mut().find(|s| s.heading == heading) {
            Some(s) => s.lines.extend(lines),
            None => self.sections.push(Section { heading, lines: lines.collect() }),
        }
    }

    /// Adds a line under a heading.
    pub(crate) fn line(&mut self, heading: &'static str, line: impl Into<String>) {
        self.add(heading, [line.into()]);
    }

    /// Adds a piece's line, "Knight: how it moves", with the kind named as the game names it.
    pub(crate) fn piece(&mut self, kind: PieceKind, how: &str) {
        let name = self.names.as_ref().map_or(kind.name(), |p| p.kind_name(kind));
        let mut chars = name.chars();
        let name: String = chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect();
        self.line(PIECES, format!("{name}: {how}"));
    }
}

/// The game's rules in short, as they stand with these options.
pub fn guide(game: GameId, opts: &GameOptions) -> Guide {
    let opts = opts.effective(game);
    let mut page = Page::new(game, &opts);
    match game {
        GameId::Checkers | GameId::Stax | GameId::Queens | GameId::TriChek | GameId::TriStax | GameId::TriQueens => checkers::write(&mut page, game, &opts),
        GameId::Chess | GameId::ShadowChess | GameId::CylinderChess => chess::orthodox(&mut page, game, &opts),
        GameId::ToeToe => chess::toe_to_toe(&mut page, &opts),
        GameId::Chex => chess::chex(&mut page, &opts),
        GameId::DiceChess => dice::dice_chess(&mut page, &opts),
        GameId::ChecToe => dice::chec_toe(&mut page, &opts),
        GameId::DoubleChess => many::double_chess(&mut page, &opts),
        GameId::TriChess => many::tri_chess(&mut page, &opts),
    }
    let order = [AIM, BOARD, PIECES, SPECIAL, END];
    page.sections.sort_by_key(|s| order.iter().position(|&h| h == s.heading));
    Guide { title: title(game, &opts), sections: page.sections }
}

/// The heading: the game's name, with the table it is set for where it seats more than two.
fn title(game: GameId, opts: &GameOptions) -> String {
    let name = match game {
        GameId::Checkers => "Checkers",
        GameId::Stax => "Stax",
        GameId::Queens => "Queens",
        GameId::Chess => "Chess",
        GameId::ShadowChess => "Shadow Chess",
        GameId::CylinderChess => "Cylindrical Chess",
        GameId::ToeToe => "Toe-to-Toe Chess",
        GameId::Chex => "CHEX",
        GameId::DiceChess => "Dice Chess",
        GameId::ChecToe => "Chec Toe",
        GameId::DoubleChess => "Double Chess",
        GameId::TriChek => "Tri-Chek",
        GameId::TriStax => "Tri-Stax",
        GameId::TriQueens => "Tri-Queens",
        GameId::TriChess => "Tri-Chess",
    };
    let seating = match opts.seating {
        DoublesSeating::CutThroat => "cut-throat",
        DoublesSeating::PartnersAdjacent => "partners",
        DoublesSeating::PartnersOpposite => "partners opposite",
        DoublesSeating::PartnersGap => "partners apart",
        DoublesSeating::Trios => "two trios",
    };
    match opts.players {
        2 if game.player_counts().len() > 1 => format!("{name} for 2"),
        2 => name.to_string(),
        n => format!("{name} for {n}, {seating}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dicechess::DiceRules;
    use crate::topology::Wrap;

    /// Every table the tests read: each game's default, and every player count and seating it
    /// accepts, with each two-valued option of the catalogue flipped where it is accepted.
    fn tables() -> Vec<(GameId, GameOptions)> {
        let mut v = Vec::new();
        for g in GameId::ALL {
            for &n in g.player_counts() {
                for seating in DoublesSeating::TRI {
                    let o = GameOptions { players: n, seating, ..GameOptions::default_for(g) };
                    // `validate` accepts some seatings a start refuses (Doubles partners-gap).
                    if AnyPosition::start(g, &o).is_err() {
                        continue;
                    }
                    v.push((g, o));
                    for c in crate::choices::CHOICES.iter().filter(|c| (c.applies)(g, &o)) {
                        v.extend((1..c.values.len() as isize).map(|s| c.stepped(&o, s)).filter(|o| AnyPosition::start(g, o).is_ok()).map(|o| (g, o)));
                    }
                }
            }
        }
        v
    }

    #[test]
    fn every_game_has_a_guide_of_eight_to_twenty_short_lines_in_five_sections() {
        let all = tables();
        assert!(all.len() > 60, "{} tables", all.len());
        let mut wrong = Vec::new();
        for (g, o) in all {
            let guide = guide(g, &o);
            let lines: Vec<&String> = guide.sections.iter().flat_map(|s| &s.lines).collect();
            if !(8..=20).contains(&lines.len()) {
                wrong.push(format!("{}: {} lines", guide.title, lines.len()));
            }
            let bad = lines.iter().filter(|l| l.trim().is_empty() || l.chars().count() > LINE_WIDTH);
            wrong.extend(bad.map(|l| format!("{g}: {} chars: {l:?}", l.chars().count())));
            let headings: Vec<&str> = guide.sections.iter().map(|s| s.heading).collect();
            assert_eq!(headings, [AIM, BOARD, PIECES, SPECIAL, END], "{g}");
            assert!(!guide.title.is_empty());
        }
        wrong.sort();
        wrong.dedup();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// The kinds a start holds, on the board, in hand or drawn: found through the scene API,
    /// not through the guide's own lists.
    fn kinds_at_start(g: GameId, o: &GameOptions) -> Vec<(PieceKind, String)> {
        let pos = AnyPosition::start(g, o).unwrap_or_else(|e| panic!("{g}: {e}"));
        let mut kinds: Vec<PieceKind> = pos.pieces().into_iter().map(|(_, p)| p.kind).collect();
        for seat in 0..o.players.max(2) {
            kinds.extend(pos.hand(crate::Seat(seat)));
        }
        kinds.extend(pos.piles().into_iter().filter_map(|p| p.held));
        kinds.sort();
        kinds.dedup();
        kinds.into_iter().map(|k| (k, pos.kind_name(k).to_lowercase())).collect()
    }

    #[test]
    fn every_piece_a_start_holds_is_explained_by_the_games_own_name_for_it() {
        for (g, o) in tables() {
            let guide = guide(g, &o);
            let pieces = &guide.section(PIECES).unwrap().lines;
            let kinds = kinds_at_start(g, &o);
            assert!(!kinds.is_empty() || g == GameId::Chex, "{g}: the start holds pieces");
            for (kind, name) in kinds {
                let explained = pieces.iter().any(|l| l.to_lowercase().starts_with(&format!("{name}: ")));
                assert!(explained, "{g} {o:?}: no line for {kind:?} ({name}) in {pieces:?}");
            }
        }
        let toe = guide(GameId::ToeToe, &GameOptions::default_for(GameId::ToeToe));
        assert!(toe.section(PIECES).unwrap().lines.iter().any(|l| l.starts_with("Horse: ")), "Toe-to-Toe says horse");
        let chex = guide(GameId::Chex, &GameOptions::default_for(GameId::Chex));
        assert_eq!(chex.section(PIECES).unwrap().lines.len(), 6, "CHEX's piles hold the six chessmen");
    }

    fn says(g: GameId, o: &GameOptions, words: &str) -> bool {
        guide(g, o).text().iter().any(|l| l.contains(words))
    }

    #[test]
    fn the_text_follows_the_options() {
        let stax = GameOptions::default_for(GameId::Stax);
        assert!(!says(GameId::Stax, &stax, "cylinder"));
        assert!(says(GameId::Stax, &GameOptions { topology: Wrap::Cylinder, ..stax }, "cylinder"));
        assert!(says(GameId::Stax, &GameOptions { topology: Wrap::Universal, ..stax }, "only kings cross"));
        assert!(!says(GameId::Stax, &stax, "Numbers"));
        assert!(says(GameId::Stax, &GameOptions { numbers: true, ..stax }, "Numbers"));
        assert!(says(GameId::Stax, &GameOptions { players: 4, ..stax }, "12x12"));
        assert!(says(GameId::Checkers, &GameOptions::default_for(GameId::Checkers), "40 moves each"));
        let dice = GameOptions::default_for(GameId::DiceChess);
        assert!(says(GameId::DiceChess, &dice, "two dice"));
        assert!(says(GameId::DiceChess, &GameOptions { dice_rules: DiceRules::BrainKing10, ..dice }, "three kings"));
        assert!(!says(GameId::DiceChess, &dice, "three kings"));
        let tri = GameOptions { players: 6, ..GameOptions::default_for(GameId::TriChess) };
        assert!(says(GameId::TriChess, &tri, "12 rows"));
        assert!(says(GameId::TriChess, &GameOptions { players: 2, ..tri }, "8 rows"));
        assert!(says(GameId::TriChess, &tri, "second hop"));
        assert!(!says(GameId::TriChess, &GameOptions { plain_moves: true, ..tri }, "second hop"));
        assert!(says(GameId::Chess, &GameOptions::default_for(GameId::CylinderChess), "cylinder"));
        assert!(!says(GameId::Chess, &GameOptions::default_for(GameId::Chess), "cylinder"));
    }
}
