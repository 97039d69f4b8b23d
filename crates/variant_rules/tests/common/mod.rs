//! Shared helpers for the rules integration tests: building games from CLI-style specs,
//! reading perft data files, and seeded random play.
#![allow(dead_code)]

pub mod reference_chess;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use variant_rules::{AnyPosition, Game, GameId, GameOptions, Position, Wrap};

/// A game spec as written in the data files: `stax --topology universal --numbers --seed 7`.
pub fn parse_spec(spec: &str) -> (GameId, GameOptions) {
    let mut words = spec.split_whitespace();
    let game: GameId = words.next().expect("game id").parse().expect("known game");
    let mut opts = GameOptions::default_for(game);
    while let Some(w) = words.next() {
        match w {
            "--topology" => opts.topology = words.next().unwrap().parse::<Wrap>().unwrap(),
            "--numbers" => opts.numbers = true,
            "--seed" => opts.seed = words.next().unwrap().parse().unwrap(),
            "--deploy-groups" => opts.deploy_groups = words.next().unwrap().parse().unwrap(),
            "--rules" => opts.dice_rules = words.next().unwrap().parse().unwrap(),
            "--no-move" => opts.no_move = words.next().unwrap().parse().unwrap(),
            "--move-limit" => opts.move_limit = words.next().unwrap().parse().unwrap(),
            "--draw-in-check" => opts.draw_in_check = words.next().unwrap().parse().unwrap(),
            "--uncovered-man" => opts.uncovered_man = words.next().unwrap().parse().unwrap(),
            "--brainking-six" => opts.brainking_six = words.next().unwrap().parse().unwrap(),
            "--players" => opts.players = words.next().unwrap().parse().unwrap(),
            "--seating" => opts.seating = words.next().unwrap().parse().unwrap(),
            "--queens-colours" => opts.queens_colours = words.next().unwrap().parse().unwrap(),
            "--notation" => opts.notation = words.next().unwrap().parse().unwrap(),
            "--symmetric" => opts.symmetric = true,
            "--queens-position" => opts.queens_open = words.next() == Some("open"),
            "--forty-moves" => opts.forty_moves = words.next() == Some("on"),
            "--edges" => opts.cut_edges = words.next() == Some("cut"),
            "--extended-moves" => opts.plain_moves = words.next() == Some("off"),
            "--corners" => opts.full_corners = words.next() == Some("full"),
            "--double-hop-check" => opts.hop_checks = words.next() == Some("yes"),
            "--queens-rows" => opts.queens_relocate = words.next() == Some("relocate"),
            "--tri-steps" => opts.tri_steps_open = words.next() == Some("open"),
            "--sequence" => opts.prose_sequence = words.next() == Some("prose"),
            other => panic!("unknown option {other} in spec"),
        }
    }
    (game, opts)
}

/// One line of a perft data file.
pub struct PerftCase {
    pub spec: String,
    pub game: GameId,
    pub opts: GameOptions,
    pub position: Option<String>,
    pub counts: Vec<(u32, u64)>,
}

impl PerftCase {
    pub fn start(&self) -> AnyPosition {
        match &self.position {
            Some(t) => AnyPosition::from_text(self.game, &self.opts, t).expect("valid position"),
            None => AnyPosition::start(self.game, &self.opts).expect("valid options"),
        }
    }
}

/// Reads `tests/data/<name>`.
pub fn perft_cases(name: &str) -> Vec<PerftCase> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("perft data file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "bad perft line: {line}");
            let (game, opts) = parse_spec(parts[0]);
            let counts = parts[2]
                .split_whitespace()
                .map(|dn| {
                    let (d, n) = dn.split_once(':').expect("depth:nodes");
                    (d.parse().unwrap(), n.parse().unwrap())
                })
                .collect();
            let position = (parts[1] != "start").then(|| parts[1].to_string());
            PerftCase { spec: parts[0].to_string(), game, opts, position, counts }
        })
        .collect()
}

/// Every game x topology x (Numbers on/off) combination, and every Dice Chess rule set.
pub fn all_configs() -> Vec<(GameId, GameOptions)> {
    let mut v = Vec::new();
    for game in GameId::ALL {
        if game == GameId::DiceChess {
            for rules in variant_rules::dicechess::DiceRules::ALL {
                let mut o = GameOptions::default_for(game);
                o.dice_rules = rules;
                v.push((game, o));
            }
            continue;
        }
        for &wrap in game.topologies() {
            for numbers in [false, true] {
                if numbers && !game.is_checkers_family() {
                    continue;
                }
                let mut o = GameOptions::default_for(game);
                o.topology = wrap;
                o.numbers = numbers;
                o.seed = 3;
                v.push((game, o));
            }
        }
    }
    v
}

/// Plays random legal moves from the start until the game ends or `max_plies`; calls `each`
/// with the game before every move. Returns the finished game.
pub fn random_game(game: GameId, opts: GameOptions, seed: u64, max_plies: usize, mut each: impl FnMut(&Game)) -> Game {
    let mut g = Game::new(game, opts, None).expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..max_plies {
        each(&g);
        if g.outcome().is_some() {
            break;
        }
        let moves = g.position().legal_move_list();
        let m = moves[rng.random_range(0..moves.len())];
        g.play_move(m);
    }
    g
}

/// Board rows as position text: rows joined by `/`, runs of empty cells (`""`) as numbers.
pub fn rows_text(rows: &[Vec<String>]) -> String {
    rows.iter()
        .map(|r| {
            let mut s = String::new();
            let mut run = 0;
            for c in r {
                if c.is_empty() {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    s += &run.to_string();
                    run = 0;
                }
                s += c;
            }
            if run > 0 {
                s += &run.to_string();
            }
            s
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The legal moves of a game's position, as texts.
pub fn legal_set(g: &Game) -> std::collections::BTreeSet<String> {
    let p = g.position();
    p.legal_move_list().into_iter().map(|m| p.move_text(m)).collect()
}

/// Plays space-separated moves, panicking with the position on the first one refused.
pub fn play_all(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e} in {}", g.position().to_text()));
    }
}

/// A set of move texts.
pub fn set(moves: &[&str]) -> std::collections::BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}
