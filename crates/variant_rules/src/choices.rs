//! The options a player chooses besides the game, board and seats, as data: each one's
//! command-line flag, the launcher's key, its label, the words for its values, where it
//! applies, how it reads and writes [`GameOptions`] and the ruling a tooltip shows for it
//! (`choices/rulings.rs`, with those of the board, players and seating). A launcher (keys today,
//! the mouse tomorrow) lists and cycles these without naming a game.

mod rulings;

pub use rulings::{Ruling, board_ruling, players_ruling, seating_ruling};

use crate::checkers::QueensColours;
use crate::dicechess::DiceRules;
use crate::game::{GameId, GameOptions};

/// One option of the catalogue: a choice among `values` (index 0 is the usual one, except where
/// a game's default differs: see [`GameOptions::default_for`]).
#[derive(Clone, Copy)]
pub struct Choice {
    /// The command-line flag (`--corners`).
    pub flag: &'static str,
    /// The launcher's key for it (lower case), if it has one.
    pub key: Option<char>,
    /// What the launcher calls it ("corners").
    pub label: &'static str,
    /// The words for its values, as the flag takes them.
    pub values: &'static [&'static str],
    /// Which value the options hold.
    pub get: fn(&GameOptions) -> usize,
    /// Sets the value (an index into `values`).
    pub set: fn(&mut GameOptions, usize),
    /// Whether the option means anything for the game at this table (player count, seating):
    /// whether the value is accepted there is [`GameOptions::validate`]'s to say.
    pub applies: fn(GameId, &GameOptions) -> bool,
    /// The sentences of the rule text it rests on and the reading we chose (its tooltip).
    pub ruling: Ruling,
}

impl std::fmt::Debug for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Choice").field("flag", &self.flag).field("key", &self.key).finish()
    }
}

impl Choice {
    /// The word for the value the options hold.
    pub fn word(&self, opts: &GameOptions) -> &'static str {
        self.values[(self.get)(opts) % self.values.len()]
    }

    /// The options with this choice moved on by `step` values (wrapping round).
    pub fn stepped(&self, opts: &GameOptions, step: isize) -> GameOptions {
        let n = self.values.len() as isize;
        let mut with = *opts;
        (self.set)(&mut with, ((self.get)(opts) as isize + step).rem_euclid(n) as usize);
        with
    }

    /// Whether the choice is worth offering at this table: it applies, and either it holds a
    /// value other than the game's usual one or another value is accepted here.
    pub fn offered(&self, game: GameId, opts: &GameOptions) -> bool {
        if !(self.applies)(game, opts) {
            return false;
        }
        let usual = (self.get)(&GameOptions::default_for(game));
        (self.get)(opts) != usual || (1..self.values.len() as isize).any(|s| self.stepped(opts, s).validate(game).is_ok())
    }
}

/// A two-valued choice on a `bool` field: `values[0]` is `false`.
macro_rules! switch {
    ($flag:literal, $key:expr, $label:literal, [$no:literal, $yes:literal], $field:ident, $applies:expr, $ruling:expr) => {
        Choice {
            flag: $flag,
            key: $key,
            label: $label,
            values: &[$no, $yes],
            get: |o| o.$field as usize,
            set: |o, v| o.$field = v == 1,
            applies: $applies,
            ruling: $ruling,
        }
    };
}

/// Every option a launcher offers, in the order it lists them.
pub const CHOICES: [Choice; 13] = [
    Choice {
        flag: "--rules",
        key: None,
        label: "rules",
        values: &["two-dice", "brainking", "brainking-10x10", "gollon-count", "gollon-piece-count"],
        get: |o| DiceRules::ALL.iter().position(|&r| r == o.dice_rules).unwrap_or(0),
        set: |o, v| o.dice_rules = DiceRules::ALL[v % DiceRules::ALL.len()],
        applies: |g, _| g == GameId::DiceChess,
        ruling: rulings::RULES,
    },
    switch!("--numbers", Some('n'), "numbers", ["off", "on"], numbers, |g, _| g.is_checkers_family(), rulings::NUMBERS),
    Choice {
        flag: "--queens-colours",
        key: Some('q'),
        label: "colours",
        values: &["same", "mixed"],
        get: |o| (o.queens_colours == QueensColours::Mixed) as usize,
        set: |o, v| o.queens_colours = if v == 1 { QueensColours::Mixed } else { QueensColours::Same },
        applies: |g, o| matches!(g, GameId::Queens | GameId::TriQueens) && o.players == 4,
        ruling: rulings::QUEENS_COLOURS,
    },
    switch!("--symmetric", Some('y'), "symmetric", ["off", "on"], symmetric, |g, _| g.is_triangular(), rulings::SYMMETRIC),
    switch!(
        "--queens-position",
        Some('o'),
        "position",
        ["closed", "open"],
        queens_open,
        |g, o| g == GameId::TriQueens && o.players == 4,
        rulings::QUEENS_POSITION
    ),
    switch!("--forty-moves", Some('f'), "40 moves", ["off", "on"], forty_moves, |g, _| g == GameId::TriChek, rulings::FORTY_MOVES),
    switch!("--queens-rows", Some('r'), "rows", ["5-4-3", "relocate"], queens_relocate, |g, o| g == GameId::Queens && o.players == 4, rulings::QUEENS_ROWS),
    switch!("--tri-steps", Some('t'), "steps", ["blocked", "open"], tri_steps_open, |g, _| g == GameId::TriQueens, rulings::TRI_STEPS),
    switch!("--sequence", Some('g'), "sequence", ["table", "prose"], prose_sequence, |g, o| g.is_triangular() && o.players == 4, rulings::SEQUENCE),
    switch!("--edges", Some('e'), "edges", ["full", "cut"], cut_edges, |g, _| g == GameId::TriChess, rulings::EDGES),
    switch!(
        "--extended-moves",
        Some('x'),
        "extended moves",
        ["on", "off"],
        plain_moves,
        |g, o| g == GameId::TriChess && o.players > 2,
        rulings::EXTENDED_MOVES
    ),
    switch!("--corners", Some('c'), "corners", ["cut", "full"], full_corners, |g, o| g == GameId::TriChess && o.players >= 5, rulings::CORNERS),
    switch!("--double-hop-check", Some('h'), "second hop checks", ["no", "yes"], hop_checks, |g, _| g == GameId::DoubleChess, rulings::DOUBLE_HOP_CHECK),
];

/// The game a launcher has chosen before anyone chooses: Stax, the game the rule texts start
/// from.
pub const FIRST_GAME: GameId = GameId::Stax;

/// The games in the order a launcher lists them: the checkers family first (the square boards'
/// games, then the triangular ones beside them), then the rest in the engine's order.
pub fn listed() -> Vec<GameId> {
    let group = |g: &GameId| {
        if !g.is_checkers_family() {
            2
        } else if g.is_triangular() {
            1
        } else {
            0
        }
    };
    let mut all = GameId::ALL.to_vec();
    all.sort_by_key(group);
    all
}

/// The choice a launcher key stands for.
pub fn by_key(key: char) -> Option<&'static Choice> {
    CHOICES.iter().find(|c| c.key == Some(key))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::OptionArgs;

    /// Every value word is what the command line takes for that flag: `variant-rules`' own
    /// parser (not this table) reads each into the options, and the choice reads back the same
    /// value.
    #[test]
    fn every_word_is_the_flag_the_command_line_takes() {
        for c in CHOICES {
            let game = GameId::ALL.into_iter().find(|&g| {
                let o = GameOptions::default_for(g);
                (c.applies)(g, &o) || (c.applies)(g, &GameOptions { players: 4, ..o }) || (c.applies)(g, &GameOptions { players: 6, ..o })
            });
            let game = game.unwrap_or_else(|| panic!("{} applies to some game", c.flag));
            let mut read_back = 0;
            for (i, word) in c.values.iter().enumerate() {
                let mut args = OptionArgs::default();
                if c.flag == "--queens-position" {
                    // Figure 18's open position: partners side by side, spread over both colours.
                    args.queens_colours = Some("mixed".into());
                    args.seating = Some("partners-adjacent".into());
                }
                let players = [2u8, 4, 6].into_iter().find(|&n| (c.applies)(game, &GameOptions { players: n, ..GameOptions::default_for(game) }));
                if let Some(n) = players.filter(|&n| n != 2) {
                    args.players = Some(n.to_string());
                }
                let value = Some(word.to_string());
                match c.flag {
                    "--rules" => args.rules = value,
                    "--numbers" => args.numbers = i == 1,
                    "--symmetric" => args.symmetric = i == 1,
                    "--queens-colours" => args.queens_colours = value,
                    "--queens-position" => args.queens_position = value,
                    "--forty-moves" => args.forty_moves = value,
                    "--queens-rows" => args.queens_rows = value,
                    "--tri-steps" => args.tri_steps = value,
                    "--sequence" => args.sequence = value,
                    "--edges" => args.edges = value,
                    "--extended-moves" => args.extended_moves = value,
                    "--corners" => args.corners = value,
                    "--double-hop-check" => args.double_hop_check = value,
                    other => panic!("{other} is not a flag this test knows"),
                }
                if let Ok((g, opts)) = args.resolve(game.as_str()) {
                    assert_eq!((c.get)(&opts), i, "{} {word} on {g}", c.flag);
                    assert_eq!(c.word(&opts), *word);
                    read_back += 1;
                }
            }
            assert_eq!(read_back, c.values.len(), "every value of {} is accepted on {game}", c.flag);
        }
    }

    /// `docs/rulings.md` as one line: its quote marks (`> `) taken off and every run of
    /// whitespace made one space, so a quote matches across the file's line breaks.
    fn flat(text: &str) -> String {
        let lines = text.lines().map(|l| l.trim_start().strip_prefix('>').unwrap_or(l));
        lines.collect::<Vec<_>>().join(" ").split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// Every quote a tooltip shows is in `docs/rulings.md` word for word, and every option, board,
    /// player count and seating with a ruling has a reading to show.
    #[test]
    fn every_ruling_quotes_the_rulings_word_for_word() {
        let doc = flat(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rulings.md")));
        let mut all: Vec<Ruling> = rulings::ALL.to_vec();
        all.extend(CHOICES.iter().map(|c| c.ruling));
        for r in &all {
            assert!(!r.quotes.is_empty() && r.reading.len() > 40, "{}: a quote and a reading", r.mark);
            assert!(doc.contains(&format!("**{}", r.mark.split([',', '-']).next().unwrap())), "{} is a ruling of the doc", r.mark);
            for q in r.quotes {
                assert!(doc.contains(&flat(q)), "{}: not in docs/rulings.md: {q}", r.mark);
            }
            let lines = r.lines();
            assert_eq!(lines.len(), r.quotes.len() + 2);
            assert!(lines[1].starts_with('\u{201c}') && lines.last().unwrap().contains(r.mark));
        }
        assert!(!doc.contains(&flat("only a queen may jump a king")), "the check can fail");
    }

    #[test]
    fn the_board_players_and_seating_have_rulings_where_the_text_gives_them() {
        let chess = GameOptions::default_for(GameId::Chess);
        assert_eq!(board_ruling(GameId::Chess, &chess), None, "the flat board needs no ruling");
        let cylinder = GameOptions { topology: crate::Wrap::Cylinder, ..chess };
        assert_eq!(board_ruling(GameId::Chess, &cylinder).map(|r| r.mark), Some("K2, K3"));
        let doubles = GameOptions { players: 4, topology: crate::Wrap::Universal, ..GameOptions::default_for(GameId::Stax) };
        assert_eq!(board_ruling(GameId::Stax, &doubles).map(|r| r.mark), Some("C15"));
        assert_eq!(players_ruling(GameId::Stax, 4).map(|r| r.mark), Some("C12, C13"));
        assert_eq!(seating_ruling(GameId::Stax, &doubles).map(|r| r.mark), Some("C12"));
        assert_eq!(players_ruling(GameId::Stax, 2), None);
        for g in GameId::ALL.into_iter().filter(|g| g.player_counts().iter().any(|&n| n > 2)) {
            let o = GameOptions::default_for(g);
            let most = *g.player_counts().last().unwrap();
            assert!(players_ruling(g, most).is_some(), "{g}");
            assert!(seating_ruling(g, &GameOptions { players: most, ..o }).is_some(), "{g}");
        }
        for g in GameId::ALL.into_iter().filter(|g| g.is_hexagonal()) {
            assert!(board_ruling(g, &GameOptions::default_for(g)).is_some(), "{g}: the hexagon's sizes");
        }
    }

    #[test]
    fn keys_are_distinct_and_not_the_launchers_own() {
        let keys: Vec<char> = CHOICES.iter().filter_map(|c| c.key).collect();
        for (i, k) in keys.iter().enumerate() {
            assert!(!keys[i + 1..].contains(k), "key {k} twice");
            assert!(!"spa".contains(*k), "{k} is the launcher's seed, players or seating key");
        }
        assert_eq!(by_key('c').map(|c| c.flag), Some("--corners"));
        assert!(by_key('z').is_none());
    }

    #[test]
    fn offered_only_where_another_value_is_accepted() {
        let corners = by_key('c').unwrap();
        let mut six = GameOptions::default_for(GameId::TriChess);
        six.players = 6;
        assert!(corners.offered(GameId::TriChess, &six));
        assert!(!corners.offered(GameId::TriChess, &GameOptions::default_for(GameId::TriChess)), "two players: the 8-rank board");
        let edges = by_key('e').unwrap();
        assert!(!edges.offered(GameId::TriChess, &six), "six players occupy every edge");
        assert!(!by_key('h').unwrap().offered(GameId::Chess, &GameOptions::default_for(GameId::Chess)));
        let rules = CHOICES.iter().find(|c| c.flag == "--rules").unwrap();
        let dice = GameOptions::default_for(GameId::DiceChess);
        assert!(rules.offered(GameId::DiceChess, &dice));
        assert_eq!(rules.word(&rules.stepped(&dice, -1)), "gollon-piece-count", "Left from the first rule set wraps to the last");
    }
}
