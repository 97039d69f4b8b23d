//! Matches: many games between controllers, seats rotated game by game, and each controller's
//! wins, draws and losses with a 95% confidence interval on its share of the decisive games.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{Controller, Memory, throw};
use crate::game::{Game, GameId, GameOptions};
use crate::position::{Outcome, Position, Seat, SeatSet};
use crate::record::Record;

/// A match: which game, who plays, how many games.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub game: GameId,
    pub options: GameOptions,
    /// One controller per seat, in turn order for the first game; game `g` moves every
    /// controller `g` seats on in the turn order, so each meets every seat (and, with
    /// alternating teams, every team) equally often.
    pub seats: Vec<Controller>,
    pub games: u32,
    /// Seeds the random and greedy controllers, the dice and each game's setup (Numbers,
    /// CHEX piles): game `g` uses `seed + g`.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Plies after which a game still going counts as a draw (the games' own limits, such as
    /// the fifty-move rule, usually end it first).
    pub max_plies: u32,
    /// Plies played by a random player (from the game's seed) before the controllers take
    /// over. Games without dice hold nothing random: two computers at a fixed time a move
    /// play the same game again whenever the seats come round to the same places, and a few
    /// random first plies make each game its own. A throw of the dice is not a ply here.
    pub random_plies: u32,
}

/// Plies before a match game is called a draw when no rule of the game has ended it.
pub const DEFAULT_MAX_PLIES: u32 = 1000;

/// How one game ended for the controller in entry `i` of [`MatchConfig::seats`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3 {
    Win,
    Draw,
    Loss,
}

/// One game's record.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub index: u32,
    /// Per entry of [`MatchConfig::seats`]: the seat it sat in and its result.
    pub results: Vec<(Seat, Result3)>,
    pub plies: u32,
    /// The outcome's reason ("checkmate", "ply cap", ...).
    pub reason: String,
    /// Per entry of [`MatchConfig::seats`]: its turns with more than one legal move. A game
    /// lost with none was lost to the dice (or the other side) before a choice came up.
    pub choices: Vec<u32>,
    /// The game's moves and result, each seat's player named by its controller (`ai:1000`),
    /// the round its game number: what `match --records` writes, to replay a game at the table.
    /// Given to [`run_match`]'s progress callback; the report's games keep `None` (a match of
    /// many games would hold every game's moves).
    pub record: Option<Record>,
}

/// Wins, draws and losses of one controller (an entry of the seats list, or every entry with
/// the same controller together: a team of two computers counts once per game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub label: String,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Losses in games where it never had more than one legal move to choose from.
    pub losses_without_choice: u32,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    /// Share of the decisive games won, with its 95% Wilson interval; `None` with no decisive game.
    pub fn decisive_share(&self) -> Option<(f64, f64, f64)> {
        let n = self.wins + self.losses;
        (n > 0).then(|| {
            let (lo, hi) = wilson(self.wins, n);
            (self.wins as f64 / n as f64, lo, hi)
        })
    }
    /// Counts one game's result, and whether it had any choice in it.
    fn add(&mut self, r: Result3, chose: bool) {
        match r {
            Result3::Win => self.wins += 1,
            Result3::Draw => self.draws += 1,
            Result3::Loss => {
                self.losses += 1;
                self.losses_without_choice += u32::from(!chose);
            }
        }
    }
}

/// The 95% Wilson score interval for `k` successes in `n` trials (good at shares near 0 or 1,
/// where the normal approximation's interval leaves [0, 1]).
pub fn wilson(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_964; // two-sided 95%
    let (n, p) = (n as f64, k as f64 / n as f64);
    let denom = 1.0 + Z * Z / n;
    let centre = (p + Z * Z / (2.0 * n)) / denom;
    let half = Z * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A finished match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    pub games: Vec<GameRecord>,
    /// One tally per entry of the seats list.
    pub entries: Vec<Tally>,
    /// One tally per distinct controller (entries with the same controller merged per game:
    /// a win if any of its seats won, else a draw if any drew).
    pub controllers: Vec<Tally>,
}

impl MatchConfig {
    /// Checks the seat list against the game's seat count before anything is played.
    pub fn validate(&self) -> Result<usize, String> {
        self.options.validate(self.game)?;
        let seats = Game::new(self.game, self.options, None)?.position().seating().count();
        if self.seats.len() != seats {
            return Err(format!("{} has {seats} seats; --seats lists {}", self.game, self.seats.len()));
        }
        if self.games == 0 || self.threads == 0 {
            return Err("--games and --threads must be at least 1".into());
        }
        Ok(seats)
    }

    /// A seat list (in turn order, as [`MatchConfig::seats`] takes it) that puts `team` in
    /// every seat of the first seat's team and `others` everywhere else. The turn order is not
    /// the seats' order in every seating (Tri-Chess partners move A, C, B, D), so a list made
    /// seat by seat would split the team; the rotation from game to game then moves the
    /// whole team together, as every team's seats alternate with the others' in turn order.
    pub fn team_against(game: GameId, options: &GameOptions, team: Controller, others: Controller) -> Result<Vec<Controller>, String> {
        let start = Game::new(game, *options, None)?;
        let seating = start.position().seating();
        let first = seating.team(Seat(0));
        Ok(seating.order().iter().map(|&s| if first.contains(s) { team } else { others }).collect())
    }

    /// Controllers that the first game seats on more than one team without filling each of
    /// them, with the seats they hold. A seat list is in turn order, which is not the seats'
    /// order in the partner seatings of the triangular boards (six seats in pairs move A, C,
    /// E, B, D, F), so `ai,ai,random,random,random,random` puts the two `ai` entries at A and
    /// C, on two teams, and the per-controller tally then counts a game won by either team.
    /// One controller in every seat, or one seat per team (cut-throat), is never split.
    pub fn split_controllers(&self) -> Result<Vec<(Controller, SeatSet)>, String> {
        let start = Game::new(self.game, self.options, None)?;
        let table = start.position().seating();
        let seats = seats_in_game(table.order(), self.seats.len(), 0);
        let teams = table.teams();
        let mut split = Vec::new();
        for (i, c) in self.seats.iter().enumerate() {
            if self.seats[..i].contains(c) {
                continue;
            }
            let held = SeatSet::of(&seats.iter().zip(&self.seats).filter(|(_, d)| *d == c).map(|(s, _)| *s).collect::<Vec<_>>());
            let touched: Vec<&SeatSet> = teams.iter().filter(|t| t.0 & held.0 != 0).collect();
            if touched.len() > 1 && touched.iter().any(|t| t.0 & !held.0 != 0) {
                split.push((*c, held));
            }
        }
        Ok(split)
    }
}

/// The seat each entry of a seat list of `entries` takes in game `g`: entry `i` sits `g` seats
/// further on in the turn order than in game 0.
fn seats_in_game(order: &[Seat], entries: usize, g: u32) -> Vec<Seat> {
    (0..entries).map(|i| order[(i + g as usize) % order.len()]).collect()
}

/// Plays the match; `progress` sees each game as it ends (from whichever thread played it).
pub fn run_match(config: &MatchConfig, progress: &(dyn Fn(&GameRecord) + Sync)) -> Result<MatchReport, String> {
    config.validate()?;
    let next = AtomicU32::new(0);
    let records = Mutex::new(Vec::new());
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.min(config.games as usize) {
            scope.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= config.games {
                        break;
                    }
                    match play_game(config, g) {
                        Ok(mut record) => {
                            progress(&record);
                            record.record = None;
                            records.lock().expect("no thread panics holding it").push(record);
                        }
                        Err(e) => {
                            *failure.lock().expect("no thread panics holding it") = Some(e);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().expect("threads joined") {
        return Err(e);
    }
    let mut games = records.into_inner().expect("threads joined");
    games.sort_by_key(|r| r.index);
    Ok(report(config, games))
}

fn report(config: &MatchConfig, games: Vec<GameRecord>) -> MatchReport {
    let mut entries: Vec<Tally> = config.seats.iter().enumerate().map(|(i, c)| Tally { label: format!("{}#{}", c, i + 1), ..Tally::default() }).collect();
    let mut labels: Vec<Controller> = Vec::new();
    for c in &config.seats {
        if !labels.contains(c) {
            labels.push(*c);
        }
    }
    let mut controllers: Vec<Tally> = labels.iter().map(|c| Tally { label: c.to_string(), ..Tally::default() }).collect();
    for g in &games {
        for (i, &(_, r)) in g.results.iter().enumerate() {
            entries[i].add(r, g.choices[i] > 0);
        }
        for (l, c) in labels.iter().enumerate() {
            let mine = || g.results.iter().zip(&g.choices).zip(&config.seats).filter(|(_, s)| *s == c).map(|((&(_, r), &n), _)| (r, n));
            let merged = mine().map(|(r, _)| r).fold(Result3::Loss, |acc, r| match (acc, r) {
                (Result3::Win, _) | (_, Result3::Win) => Result3::Win,
                (Result3::Draw, _) | (_, Result3::Draw) => Result3::Draw,
                _ => Result3::Loss,
            });
            controllers[l].add(merged, mine().any(|(_, n)| n > 0));
        }
    }
    MatchReport { games, entries, controllers }
}

/// One game of the match: controllers seated by rotation, dice thrown with their odds.
fn play_game(config: &MatchConfig, g: u32) -> Result<GameRecord, String> {
    let seed = config.seed.wrapping_add(g as u64);
    let options = GameOptions { seed, ..config.options };
    let mut game = Game::new(config.game, options, None)?;
    let order = game.position().seating().order().to_vec();
    let seat_of = seats_in_game(&order, config.seats.len(), g);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let stop = AtomicBool::new(false);
    // Each entry keeps its search's memory through the game, as a computer seat at the table does.
    let mut memories: Vec<Memory> = config.seats.iter().map(|_| Memory::new()).collect();
    let mut plies = 0;
    // Plies chosen by a player (throws apart), for `random_plies`.
    let mut moves = 0;
    let mut choices = vec![0; config.seats.len()];
    let mut legal = Vec::new();
    while game.outcome().is_none() && plies < config.max_plies {
        let pos = game.position();
        let m = match throw(pos, &mut rng) {
            Some(roll) => roll,
            None => {
                let mover = pos.turn();
                let entry = seat_of.iter().position(|&s| s == mover).ok_or_else(|| format!("no controller sits at seat {mover}"))?;
                let opening = moves < config.random_plies;
                moves += 1;
                let controller = if opening { &Controller::Random } else { &config.seats[entry] };
                choices[entry] += u32::from(!opening && pos.legal_move_count(&mut legal) > 1);
                controller
                    .decide_with(pos, &game.repetition_hashes(), &stop, &mut rng, &mut memories[entry])
                    .ok_or_else(|| format!("{controller} found no move in {}", pos.to_text()))?
            }
        };
        game.play_move(m);
        plies += 1;
    }
    let outcome = game.outcome();
    let results = seat_of
        .iter()
        .map(|&s| {
            let r = match outcome {
                Some(Outcome::Win { winners, .. }) if winners.contains(s) => Result3::Win,
                Some(Outcome::Win { .. }) => Result3::Loss,
                _ => Result3::Draw,
            };
            (s, r)
        })
        .collect();
    let reason = outcome.map_or_else(|| "ply cap".to_string(), |o| o.reason().to_string());
    let mut record = Record::of(&game);
    for (entry, &s) in seat_of.iter().enumerate() {
        record.seats[s.index()] = config.seats[entry].to_string();
    }
    record.set_tag("Event", &format!("variant-rules match, seed {}", config.seed));
    record.set_tag("Round", &(g + 1).to_string());
    if config.random_plies > 0 {
        // The seats' names stand for the players after these opening plies.
        record.set_tag("RandomPlies", &config.random_plies.to_string());
    }
    Ok(GameRecord { index: g, results, plies, reason, choices, record: Some(record) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `team_against` seats the controller on exactly one whole team in every game of a match
    /// (the rotation included), in each seating whose turn order differs from the seats' order
    /// and in those where it does not; a list made in the seats' order splits the team where
    /// the two orders differ (the strength bench's mistake until 2026-12-04).
    #[test]
    fn a_team_list_seats_one_whole_team_in_every_game() {
        let configurations = [
            (GameId::TriStax, 4, "partners-adjacent"),
            (GameId::TriChek, 6, "partners-adjacent"),
            (GameId::TriQueens, 6, "trios"),
            (GameId::TriChess, 4, "partners-adjacent"),
            (GameId::TriChess, 6, "partners-adjacent"),
            (GameId::TriChess, 6, "trios"),
            (GameId::Checkers, 4, "partners-adjacent"),
            (GameId::Stax, 4, "partners-opposite"),
            (GameId::DoubleChess, 4, "partners-adjacent"),
            (GameId::TriChek, 5, "cut-throat"),
        ];
        let mut split_by_seat_order = 0;
        for (game, players, seating) in configurations {
            let mut options = GameOptions::default_for(game);
            if game != GameId::DoubleChess {
                options.players = players;
                options.seating = seating.parse().unwrap();
            }
            let start = Game::new(game, options, None).unwrap_or_else(|e| panic!("{game} {players} {seating}: {e}"));
            let table = start.position().seating();
            let teams = table.teams();
            let list = MatchConfig::team_against(game, &options, Controller::Greedy, Controller::Random).unwrap();
            assert_eq!(list.len(), table.count(), "{game} {seating}");
            let held = |list: &[Controller], g: u32| {
                let seats = seats_in_game(table.order(), list.len(), g);
                SeatSet::of(&seats.iter().zip(list).filter(|(_, c)| **c == Controller::Greedy).map(|(s, _)| *s).collect::<Vec<_>>())
            };
            for g in 0..table.count() as u32 {
                let seats = held(&list, g);
                assert!(teams.contains(&seats), "{game} {players} {seating}, game {g}: the controller holds {seats:?}, not a team of {teams:?}");
            }
            // The list made in the seats' order, as the bench made it.
            let first = table.team(Seat(0));
            let by_index: Vec<Controller> = table.seats().map(|s| if first.contains(s) { Controller::Greedy } else { Controller::Random }).collect();
            if !teams.contains(&held(&by_index, 0)) {
                split_by_seat_order += 1;
            }
        }
        assert_eq!(split_by_seat_order, 6, "the six partner seatings of the triangular boards listed move out of the seats' order");
    }

    /// A loss counts as one without a choice only where the loser never had one; a controller
    /// in two seats (a team) had one if either seat did.
    #[test]
    fn losses_without_a_choice_are_counted_apart() {
        let config = MatchConfig {
            game: GameId::Checkers,
            options: GameOptions::default_for(GameId::Checkers),
            seats: vec![Controller::Greedy, Controller::Random, Controller::Greedy, Controller::Random],
            games: 3,
            seed: 0,
            threads: 1,
            max_plies: 10,
            random_plies: 0,
        };
        let (w, l) = (Result3::Win, Result3::Loss);
        let game = |index, results: [Result3; 4], choices: [u32; 4]| GameRecord {
            index,
            results: results.iter().enumerate().map(|(i, &r)| (Seat(i as u8), r)).collect(),
            plies: 10,
            reason: "test".into(),
            choices: choices.to_vec(),
            record: None,
        };
        let report = report(&config, vec![game(0, [l, w, l, w], [0, 3, 0, 3]), game(1, [l, w, l, w], [0, 3, 2, 3]), game(2, [w, l, w, l], [0, 0, 0, 0])]);
        let counts = |t: &Tally| (t.losses, t.losses_without_choice);
        assert_eq!(report.entries.iter().map(counts).collect::<Vec<_>>(), vec![(2, 2), (1, 1), (2, 1), (1, 1)]);
        assert_eq!(report.controllers.iter().map(counts).collect::<Vec<_>>(), vec![(2, 1), (1, 1)]);
    }

    /// A seat list written in the seats' order splits a team of two computers at six seats in
    /// pairs, and the match says so; the same list in turn order, a lone computer against
    /// five, and one controller everywhere are not split.
    #[test]
    fn a_computer_listed_on_two_teams_is_named() {
        let mut options = GameOptions::default_for(GameId::TriQueens);
        options.players = 6;
        options.seating = "partners-adjacent".parse().unwrap();
        let (ai, r) = (Controller::Greedy, Controller::Random);
        let split = |seats: Vec<Controller>, options: GameOptions| {
            let config = MatchConfig { game: GameId::TriQueens, options, seats, games: 1, seed: 0, threads: 1, max_plies: 10, random_plies: 0 };
            config.split_controllers().unwrap().iter().map(|(c, s)| format!("{c} {}", s.letters())).collect::<Vec<_>>()
        };
        assert_eq!(split(vec![ai, ai, r, r, r, r], options), vec!["greedy AC", "random BDEF"]);
        assert!(split(vec![ai, r, r, ai, r, r], options).is_empty());
        assert!(split(vec![r; 6], options).is_empty());
        let mut cut_throat = options;
        cut_throat.seating = "cut-throat".parse().unwrap();
        assert!(split(vec![ai, r, r, r, r, r], cut_throat).is_empty());
    }
}
