//! The `variant-rules` command line: listing, perft, check --json, and one-line errors with
//! exit code 2 for every kind of bad input.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_variant-rules")).args(args).output().expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(args: &[&str]) -> serde_json::Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_str(&stdout(&o)).expect("one JSON object")
}

#[test]
fn games_lists_every_id_with_options() {
    let o = run(&["games"]);
    assert!(o.status.success());
    for id in
        ["checkers", "stax", "queens", "chess", "shadow-chess", "cylinder-chess", "toe-to-toe", "chex", "dice-chess", "chec-toe", "double-chess", "tri-chess"]
    {
        assert!(stdout(&o).lines().any(|l| l.starts_with(id)), "{id} missing");
    }
    let v = json(&["games", "--json"]);
    assert_eq!(v.as_array().unwrap().len(), 15);
    assert!(v[14]["options"].as_array().unwrap().iter().any(|o| o.as_str().unwrap().contains("--edges full|cut")));
    assert!(v[10]["options"].as_array().unwrap().iter().any(|o| o.as_str().unwrap().contains("--notation grid|corner")));
    assert!(v[8]["options"].as_array().unwrap().iter().any(|o| o.as_str().unwrap().contains("gollon-piece-count")));
    assert!(v[6]["options"].as_array().unwrap().iter().any(|o| o.as_str().unwrap().contains("--deploy-groups")));
    assert!(v[1]["options"].as_array().unwrap().iter().any(|o| o.as_str().unwrap().contains("universal")));
}

/// `rules` prints the guide as the options make it, and the rulings behind the options offered.
#[test]
fn rules_prints_the_guide_and_the_rulings_for_the_options() {
    let o = run(&["rules", "stax", "--players", "4", "--topology", "cylinder"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.starts_with("Stax for 4, partners\n"), "{text}");
    for words in ["Pieces:", "  Man: ", "12x12", "cylinder", "Rulings:", "board: ", "(docs/rulings.md, C15)", "--numbers: "] {
        assert!(text.contains(words), "{words} missing from\n{text}");
    }
    assert!(!text.contains("--corners"), "Tri-Chess's option is not Stax's");
    let dice = stdout(&run(&["rules", "dice-chess", "--rules", "brainking-10x10"]));
    assert!(dice.contains("three kings") && dice.contains("--rules: "), "{dice}");
    rejects(&["rules", "stax", "--players", "3"], "players");
}

#[test]
fn perft_prints_its_count_last() {
    let o = run(&["perft", "chess", "3"]);
    assert_eq!(stdout(&o).lines().last(), Some("perft 3 8902"));
    let o = run(&["perft", "stax", "--topology", "universal", "2"]);
    assert_eq!(stdout(&o).lines().last(), Some("perft 2 64"));
    let o = run(&["perft", "checkers", "--position", "8/8/8/8/3b4/2a5/8/8 a 0", "1", "--divide"]);
    assert_eq!(stdout(&o), "c3xe5: 1\nperft 1 1\n");
}

#[test]
fn check_reports_status_moves_and_position() {
    let v = json(&["check", "chess", "--moves", "e2e4 e7e5", "--json"]);
    assert_eq!(v["status"], "ongoing");
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["winners"], serde_json::json!([]));
    assert!(v.get("winner").is_none(), "`winner` is retired for `winners`");
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 29);
    assert_eq!(v["position"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let v = json(&["check", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4", "--json"]);
    assert_eq!((v["status"].as_str(), v["winners"].clone(), v["reason"].as_str()), (Some("win"), serde_json::json!(["black"]), Some("checkmate")));
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 0);
    assert_eq!(v["to_move"], serde_json::Value::Null, "nobody is to move once the game is over");
    let v = json(&["check", "stax", "--numbers", "--seed", "5", "--topology", "cylinder", "--json"]);
    assert_eq!(v["to_move"], "a");
    assert_eq!(v["options"]["topology"], "cylinder");
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 8);
}

/// Bad input: exit code 2, exactly one line on stderr containing `needle`, nothing on stdout.
fn rejects(args: &[&str], needle: &str) {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line expected, got: {err}");
    assert!(err.contains(needle), "{args:?}: '{err}' should mention '{needle}'");
    assert!(!err.contains("panicked"));
    assert!(o.stdout.is_empty());
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    rejects(&["perft", "chequers", "2"], "unknown game 'chequers'");
    rejects(&["perft", "chess", "--frobnicate", "2"], "--frobnicate");
    rejects(&["perft", "chess", "two"], "two");
    rejects(&["check", "stax", "--topology", "mobius"], "unknown topology 'mobius'");
    rejects(&["check", "chess", "--topology", "universal"], "universal");
    rejects(&["check", "chess", "--numbers"], "--numbers");
    rejects(&["check", "chess", "--move-limit", "9"], "--move-limit");
    rejects(&["check", "chess", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"], "bad FEN");
    rejects(&["check", "chess", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"], "'X'");
    rejects(&["check", "chess", "--fen", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"], "side not to move in check");
    rejects(&["check", "chess", "--fen", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"], "castling");
    rejects(&["check", "chess", "--fen", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1"], "en-passant");
    rejects(&["check", "stax", "--fen", "x"], "--position");
    rejects(&["check", "stax", "--position", "8/8/8 a 0"], "bad position");
    rejects(&["check", "checkers", "--position", "8/8/8/8/8/8/8/[a,a]7 a 0"], "no stacks");
    rejects(&["check", "chess", "--moves", "e2e4 e7e5 e4e5"], "move 3 'e4e5' illegal");
    rejects(&["check", "chess", "--moves", "e2e4 zz9"], "move 2 'zz9' malformed");
    rejects(&["check", "chess", "--moves", "e7e5"], "not your piece");
    rejects(&["check", "chess", "--moves", "N@c3"], "no drops");
    rejects(&["check", "checkers", "--moves", "c3-d4 f6-e5 g3-h4"], "jumping is compulsory");
    rejects(&["check", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4 e2e4"], "game is over (checkmate)");
    rejects(&["check", "chess", "--fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "--moves", "a7a8"], "promotion");
}

#[test]
fn help_exits_zero() {
    let o = run(&["--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("perft"));
}

/// A reader that goes away (`variant-rules games | head -1`) ends the program quietly: the read
/// end is closed before the program writes, so its first line meets a broken pipe.
#[test]
fn a_closed_pipe_is_no_panic() {
    use std::process::Stdio;
    for args in [&["games"][..], &["check", "tri-chess", "--players", "6"], &["--help"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_variant-rules")).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("runs");
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("ends");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(o.status.success(), "{args:?}: {:?} {err}", o.status);
    }
}

#[test]
fn toe_to_toe_plays_drops_swaps_and_refuses_bad_groups() {
    let v = json(&["check", "toe-to-toe", "--moves", "K@d2", "--json"]);
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 4 * 23, "White's second drop: four kinds left, 23 squares");
    let v = json(&["check", "toe-to-toe", "--position", "rn4nr/2ek1e2/4g3/pppppppp/PPPPPPPP/4G3/2EK1E2/RN4NR w - - 16 0", "--moves", "h1~a1", "--json"]);
    assert!(v["legal_moves"].as_array().unwrap().iter().all(|m| m.as_str().unwrap().contains('~')));
    for (args, why) in [
        (&["perft", "toe-to-toe", "1", "--deploy-groups", "3,3"][..], "add up to 8"),
        (&["perft", "chess", "1", "--deploy-groups", "2,2,2,2"][..], "belongs to Toe-to-Toe"),
        (&["check", "toe-to-toe", "--moves", "K@e5"][..], "move 1 'K@e5' illegal"),
        (&["check", "toe-to-toe", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"][..], "--position"),
    ] {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
}

#[test]
fn dice_games_take_rolls_passes_and_rerolls_in_the_move_list() {
    // A roll token gives the outcome the next move obeys; legal_moves is what that roll allows.
    let v = json(&["check", "dice-chess", "--moves", "[1,1] e2e4 [2,3]", "--json"]);
    assert_eq!(v["roll_due"], false);
    let mut legal: Vec<&str> = v["legal_moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    // The generator's order is no promise: the set is (the knights' four first moves).
    legal.sort_unstable();
    assert_eq!(legal, ["b8a6", "b8c6", "g8f6", "g8h6"]);
    assert!(v["position"].as_str().unwrap().ends_with("[2,3]"));
    // Before a roll, legal_moves lists the outcomes: 21 for two dice.
    let v = json(&["check", "dice-chess", "--json"]);
    assert_eq!((v["roll_due"].as_bool(), v["legal_moves"].as_array().unwrap().len()), (Some(true), 21));
    let v = json(&["check", "dice-chess", "--rules", "brainking", "--moves", "[3] pass [4]", "--json"]);
    assert_eq!(v["legal_moves"], serde_json::json!(["pass"]));
    let v = json(&["check", "dice-chess", "--no-move", "reroll", "--moves", "[3,4]", "--json"]);
    assert_eq!(v["legal_moves"], serde_json::json!(["reroll"]));
    // The sample game of dice-chess.txt, as a move list.
    let sample = "[1,1] e2e4 [2,3] b8c6 [3,4] f1c4 [4,5] a8b8 [3,6] c4f7 [2,4] pass [2,4] g1h3 [1,3] pass [2,4] h3g5";
    let v = json(&["check", "dice-chess", "--moves", sample, "--json"]);
    assert_eq!((v["status"].as_str(), v["reason"].as_str()), (Some("win"), Some("checkmate")));
    // Chec Toe: a roll, a re-roll, a drop written in ASCII.
    let v = json(&["check", "chec-toe", "--moves", "[2] reroll [4] Ra4v", "--json"]);
    assert_eq!(v["moves"], serde_json::json!(["[2]", "reroll", "[4]", "Ra4⌄"]));
    assert_eq!(v["position"], "R3/4/4/4 b turns:1");
    let o = run(&["perft", "chec-toe", "2"]);
    assert_eq!(stdout(&o).lines().last(), Some("perft 2 144"));
    for (args, why) in [
        (&["check", "dice-chess", "--moves", "e2e4"][..], "roll the dice first"),
        (&["check", "dice-chess", "--moves", "[3,4] e2e4"][..], "bishop or a rook"),
        (&["check", "dice-chess", "--moves", "[1,1] [2,2]"][..], "already been rolled"),
        (&["check", "dice-chess", "--moves", "[7,1]"][..], "1 to 6"),
        (&["check", "dice-chess", "--moves", "[4]"][..], "rolls 2 dice"),
        (&["check", "dice-chess", "--moves", "[1,2] pass"][..], "pass only when"),
        (&["check", "dice-chess", "--rules", "snakes"][..], "unknown dice rules 'snakes'"),
        (&["check", "dice-chess", "--no-move", "sulk"][..], "unknown --no-move"),
        (&["check", "chess", "--rules", "brainking"][..], "belongs to Dice Chess"),
        (&["check", "dice-chess", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1 [3,5]"][..], "king"),
        (&["check", "chec-toe", "--moves", "[6] Ra4v"][..], "requires a re-roll"),
        (&["check", "chec-toe", "--moves", "[3] Ra4v"][..], "only the bishop"),
        (&["check", "chec-toe", "--position", "4/4/4 w"][..], "4 ranks"),
    ] {
        rejects(args, why);
    }
}

/// The CHEX moves of a short game from `--seed 11`: each side draws and places twice, then
/// White draws again (so a tile is held face up), with the engine choosing the placements.
fn chex_opening() -> (Vec<String>, variant_rules::Game) {
    use variant_rules::{Game, GameId, GameOptions, Position};
    let opts = GameOptions { seed: 11, ..GameOptions::default_for(GameId::Chex) };
    let mut g = Game::new(GameId::Chex, opts, None).unwrap();
    let mut moves = Vec::new();
    for _ in 0..4 {
        for pick in ["draw", ""] {
            let p = g.position();
            let m = if pick == "draw" { pick.to_string() } else { p.move_text(*p.legal_move_list().last().unwrap()) };
            g.play(&m).unwrap();
            moves.push(m);
        }
    }
    g.play("draw").unwrap();
    moves.push("draw".into());
    (moves, g)
}

/// Whether `out` contains three tiles of `pile` in a row (more than its size says).
fn shows_pile(out: &str, pile: &str) -> bool {
    let p: Vec<char> = pile.chars().collect();
    p.windows(3).any(|w| out.contains(&w.iter().collect::<String>()))
}

#[test]
fn chex_check_shows_pile_sizes_never_the_pile_order() {
    // X1: "Shuffle well and place face down to become each player's draw pile" — no output a
    // player reads shows the order of the face-down tiles; `position` is the public text.
    let (moves, g) = chex_opening();
    use variant_rules::Position;
    let full = g.position().to_text();
    let piles: Vec<&str> = full.split(' ').nth(2).unwrap().split('/').collect();
    assert!(piles.iter().all(|p| p.len() >= 10), "{full}");
    let args = ["check", "chex", "--seed", "11", "--moves", &moves.join(" ")];
    let v = json(&[&args[..], &["--json"]].concat());
    let position = v["position"].as_str().unwrap();
    assert_eq!(position, g.position().public_text());
    let f: Vec<&str> = position.split(' ').collect();
    assert_eq!(f[0], full.split(' ').next().unwrap(), "the tiles in play are public");
    // White holds its drawn tile (face up) on top of 11 face-down tiles; Black has 12 left.
    assert_eq!(f[2], format!("{}/{}", piles[0].len() - 1, piles[1].len()));
    assert_eq!(f[3], format!("+{}", &piles[0][..1]), "the drawn tile is face up");
    let text = stdout(&run(&args));
    assert!(text.contains(&format!("position: {position}\n")), "{text}");
    for out in [v.to_string(), text] {
        for pile in &piles {
            assert!(!shows_pile(&out, pile), "the order of {pile} shows in {out}");
        }
    }
}

#[test]
fn chex_draw_in_check_option() {
    // X3: drawing while in check is allowed (the text's reading) unless --draw-in-check forbidden.
    let pos = "K0,0;Q1,0;P1,1;P1,-1;k2,0 b -/q - 0";
    let v = json(&["check", "chex", "--position", pos, "--json"]);
    assert_eq!((v["status"].as_str(), v["legal_moves"].clone()), (Some("ongoing"), serde_json::json!(["draw"])));
    assert_eq!(v["options"]["draw_in_check"], "allowed");
    let v = json(&["check", "chex", "--draw-in-check", "forbidden", "--position", pos, "--json"]);
    assert_eq!((v["status"].as_str(), v["winners"].clone(), v["reason"].as_str()), (Some("win"), serde_json::json!(["white"]), Some("checkmate")));
    let v = json(&["games", "--json"]);
    assert!(v[7]["options"].as_array().unwrap().iter().any(|o| o.as_str().unwrap().contains("--draw-in-check allowed|forbidden")));
    rejects(&["check", "chess", "--draw-in-check", "forbidden"], "--draw-in-check belongs to CHEX");
    rejects(&["check", "chex", "--draw-in-check", "sometimes"], "unknown --draw-in-check 'sometimes'");
    rejects(&["check", "chex", "--position", "K0,0;P0,1;k1,2 w QQQQQQQQQQQQQQQQQ/- - 0"], "the set has");
    rejects(&["check", "chex", "--position", "K0,0;k1,ö w -/- - 0"], "not a cell");
    rejects(&["check", "chex", "--moves", "draw Ő@0,0"], "move 2 'Ő@0,0' malformed");
}

#[test]
fn four_player_check_json_reports_seats_teams_and_winners() {
    let v = json(&["check", "stax", "--players", "4", "--seating", "partners-adjacent", "--json"]);
    assert_eq!(v["players"], 4);
    assert_eq!(v["to_move"], "a");
    assert_eq!(v["order"], serde_json::json!(["a", "b", "c", "d"]));
    assert_eq!(v["teams"], serde_json::json!([["a", "c"], ["b", "d"]]));
    assert_eq!(v["winners"], serde_json::json!([]));
    assert_eq!(v["seats"].as_array().unwrap().len(), 4);
    assert!(v["seats"].as_array().unwrap().iter().all(|s| s["state"] == "in-play"));
    let v = json(&["check", "checkers", "--players", "4", "--seating", "cut-throat", "--json"]);
    assert_eq!(v["teams"].as_array().unwrap().len(), 4);
    // A won game names the whole team.
    let won = "12/12/12/12/12/12/5b6/4a7/12/12/12/6c5 a 0";
    let v = json(&["check", "checkers", "--players", "4", "--position", won, "--moves", "e5xg7", "--json"]);
    assert_eq!(v["status"], "win");
    assert_eq!(v["winners"], serde_json::json!(["a", "c"]));
    assert!(v.get("winner").is_none(), "one list names the whole team: no single `winner`");
    assert_eq!(v["to_move"], serde_json::Value::Null);
    assert_eq!(v["reason"], "every opponent captured or immobile");
    let o = run(&["perft", "checkers", "--players", "4", "2"]);
    assert_eq!(stdout(&o).lines().last(), Some("perft 2 36"));
}

#[test]
fn bad_seat_options_are_one_line_errors() {
    for args in [
        &["check", "checkers", "--players", "3"][..],
        &["check", "checkers", "--players", "-4"],
        &["check", "chess", "--players", "4"],
        &["check", "checkers", "--seating", "cut-throat"],
        &["check", "stax", "--players", "4", "--seating", "sideways"],
        &["check", "stax", "--players", "4", "--queens-colours", "mixed"],
        &["check", "queens", "--players", "4", "--queens-colours", "plaid"],
        &["check", "checkers", "--players", "4", "--position", "8/8/8/8/8/8/8/8 a 0"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn bestmove_prints_a_legal_move_with_score_and_line() {
    let v = json(&["bestmove", "chess", "--fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "--depth", "3", "--json"]);
    assert_eq!(v["bestmove"], "a1a8");
    assert_eq!(v["score_text"], "win in 1");
    assert_eq!(v["pv"][0], "a1a8");
    let o = run(&["bestmove", "dice-chess", "--moves", "[3,4]", "--depth", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let line = stdout(&o);
    let best = line.split_whitespace().nth(1).unwrap().to_string();
    let legal = json(&["check", "dice-chess", "--moves", "[3,4]", "--json"]);
    assert!(legal["legal_moves"].as_array().unwrap().iter().any(|m| m == &serde_json::Value::String(best.clone())), "{line}");
    let v = json(&["bestmove", "stax", "--players", "4", "--seating", "cut-throat", "--movetime", "50", "--json"]);
    assert!(v["depth"].as_u64().unwrap() >= 1 && v["nodes"].as_u64().unwrap() > 0, "{v}");
    // Each search method of a three-team table plays one of the legal moves.
    let legal = json(&["check", "tri-chess", "--players", "3", "--json"]);
    for method in ["paranoid", "brs", "mcts", "auto"] {
        let v = json(&["bestmove", "tri-chess", "--players", "3", "--depth", "2", "--method", method, "--json"]);
        assert!(legal["legal_moves"].as_array().unwrap().contains(&v["bestmove"]), "{method}: {v}");
    }
}

#[test]
fn match_tallies_every_game() {
    let v = json(&["match", "chec-toe", "--seats", "greedy,random", "--games", "4", "--threads", "2", "--json"]);
    assert_eq!(v["games"], 4);
    for t in v["seats"].as_array().unwrap().iter().chain(v["controllers"].as_array().unwrap()) {
        let sum = t["wins"].as_u64().unwrap() + t["draws"].as_u64().unwrap() + t["losses"].as_u64().unwrap();
        assert_eq!(sum, 4, "{t}");
    }
    assert_eq!(v["controllers"][0]["label"], "greedy");
    // Random first plies are read: every ply of a 6-ply game random.
    let v = json(&["match", "chess", "--seats", "greedy,greedy", "--games", "2", "--max-plies", "6", "--random-plies", "6", "--json"]);
    assert_eq!(v["games"], 2);
    assert_eq!(v["controllers"][0]["draws"], 2, "{v}");
}

/// `match --records` writes every game's record as it ends, each seat named by its controller
/// (the seats rotate) and the round by the game's number, and each record replays; bad seats or
/// a path that cannot be written are refused before any game is played (and before the file
/// is made).
#[test]
fn match_writes_every_games_record() {
    let records = TempFile::named("match.pgn");
    let (path, p) = (&records.0, records.path());
    let v = json(&[
        "match",
        "chess",
        "--seats",
        "greedy,random",
        "--games",
        "3",
        "--threads",
        "2",
        "--max-plies",
        "30",
        "--random-plies",
        "2",
        "--records",
        p,
        "--json",
    ]);
    assert_eq!(v["games"], 3);
    let text = std::fs::read_to_string(path).expect("the records were written");
    // Each game's tags, read here without the engine's reader: (round, White, Black).
    let tag = |game: &str, name: &str| game.lines().find_map(|l| l.strip_prefix(&format!("[{name} \"")).map(|v| v.trim_end_matches("\"]").to_string()));
    let mut games: Vec<_> = text.split("[Event ").skip(1).map(|g| (tag(g, "Round"), tag(g, "White"), tag(g, "Black"), tag(g, "RandomPlies"))).collect();
    games.sort();
    let seated = |round: &str, white: &str, black: &str| (Some(round.into()), Some(white.into()), Some(black.into()), Some("2".to_string()));
    assert_eq!(games, [seated("1", "greedy", "random"), seated("2", "random", "greedy"), seated("3", "greedy", "random")], "{text}");
    for n in ["1", "2", "3"] {
        let o = run(&["record", "chess", "--record", p, "--record-game", n]);
        assert!(o.status.success(), "game {n}: {}", String::from_utf8_lossy(&o.stderr));
    }
    let _ = std::fs::remove_file(path);
    rejects(&["match", "chess", "--seats", "greedy,random", "--games", "1", "--records", "/nonexistent-dir/x.pgn"], "--records");
    rejects(&["match", "chess", "--seats", "greedy,random,random", "--records", p], "lists 3");
    assert!(!path.exists(), "refused seats leave no records file");
}

#[test]
fn bestmove_and_match_refuse_bad_input_in_one_line() {
    rejects(&["bestmove", "chess", "--movetime", "0"], "movetime");
    rejects(&["bestmove", "dice-chess"], "to be thrown first");
    rejects(&["bestmove", "chess", "--fen", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"], "game is over");
    rejects(&["match", "chess", "--seats", "ai,random,random"], "lists 3");
    rejects(&["match", "chess", "--seats", "ai:0,random"], "unknown controller");
    rejects(&["match", "chess", "--seats", "ai,robot"], "unknown controller");
    rejects(&["match", "chess", "--games", "0"], "games");
    rejects(&["match", "chess", "--random-plies", "many"], "random-plies");
    rejects(&["match", "chess", "--random-plies", "1001"], "random-plies");
    rejects(&["bestmove", "tri-chess", "--players", "3", "--method", "minimax"], "unknown search method");
    rejects(&["match", "tri-chess", "--players", "3", "--seats", "ai:50:brs,ai:50:best,random"], "unknown search method");
}

#[test]
fn double_chess_check_json_names_sets_mates_frozen_seats_and_the_immune_piece() {
    // The Figure 30 rebuild (rulings DC11): W1 mates B2, B1 and W2 move, W1 takes the King.
    let fig30 = "2[bR]3[bK]2[bR]2/3[bP][bP]7/5[bN]5[dR]/1[cP]10/1[cP]1[aP]6[dP]1/11[dK]/10[dP]1/[cR]3[bQ]1[dB]5/[cK]6[aQ]2[dP]1/3[aN]2[cB]5/5[aP][aP][aP]4/5[aK]3[aR]2 a - - - - - 0";
    let v = json(&["check", "double-chess", "--position", fig30, "--moves", "h4k7 d11d10 b9c9", "--json"]);
    assert_eq!(v["to_move"], "a", "B2's turn was skipped");
    assert_eq!(v["seats"][3]["state"], "mated");
    assert_eq!(v["seats"][3]["mated_by"], "a");
    assert_eq!(v["seats"][3]["set"], "Black 2");
    assert_eq!(v["legal_moves"], serde_json::json!(["k7l7"]));
    let v = json(&["check", "double-chess", "--position", fig30, "--moves", "h4k7 d11d10 b9c9 k7l7", "--json"]);
    assert_eq!(v["immune"]["cell"], "l7");
    assert_eq!(v["immune"]["from"], serde_json::json!(["d"]));
    assert_eq!(v["seats"][3]["king"], serde_json::Value::Null);
    // Cut-throat: a mated set is frozen.
    let ct = "6[cK]5/12/12/12/12/11[dK]/[bK]11/9[aR]2/12/10[aR]1/12/5[aK]6 a - - - bc - 0";
    let v = json(&["check", "double-chess", "--seating", "cut-throat", "--position", ct, "--moves", "j5l5", "--json"]);
    assert_eq!(v["status"], "win");
    assert_eq!(v["winners"], serde_json::json!(["a"]));
    assert_eq!(v["seats"][2]["frozen"], true);
    // Bad input: one line, non-zero exit.
    for args in [
        &["check", "double-chess", "--seating", "partners-opposite"][..],
        &["check", "double-chess", "--players", "2"],
        &["check", "double-chess", "--moves", "f2f9"],
        &["check", "chess", "--notation", "corner"],
    ] {
        let o = run(args);
        assert!(!o.status.success(), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&o.stderr).trim().lines().count(), 1, "{args:?}");
    }
}

#[test]
fn triangular_games_check_perft_and_refuse_what_the_text_rules_out() {
    // Six players of Tri-Stax: the start has all six seats and their moves.
    let v = json(&["check", "tri-stax", "--players", "6", "--seating", "trios", "--json"]);
    assert_eq!(v["to_move"], "f", "\"Sequence is F, C, A, D, B, E\"");
    assert!(!v["legal_moves"].as_array().unwrap().is_empty());
    let o = run(&["perft", "tri-queens", "2"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim(), "perft 2 100");
    for args in [
        &["check", "tri-queens", "--players", "6", "--seating", "partners-opposite"][..],
        &["check", "tri-chek", "--players", "3", "--seating", "partners-adjacent"],
        &["check", "tri-chek", "--players", "7"],
        &["check", "tri-stax", "--forty-moves", "on"],
        &["check", "tri-queens", "--queens-position", "sideways"],
        &["check", "tri-chek", "--topology", "cylinder"],
        &["check", "tri-chek", "--position", "9/11/13/15/15/13/11/8 a 0"],
    ] {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn tri_chess_checks_plays_and_refuses_bad_tables() {
    // Three players, clockwise from A; the JSON names the seats and their moves.
    let v = json(&["check", "tri-chess", "--players", "3", "--json"]);
    assert_eq!(v["to_move"], "a");
    let moves = v["legal_moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m == "j2j5"), "a Pawn's extended first move: {moves:?}");
    // A move played through the command line moves the turn to B.
    let v = json(&["check", "tri-chess", "--players", "3", "--moves", "j2j5", "--json"]);
    assert_eq!(v["to_move"], "b");
    let v = json(&["check", "tri-chess", "--players", "6", "--seating", "trios", "--json"]);
    assert_eq!(v["order"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect::<String>(), "adbecf", "\"Sequence is A, D, B, E, C, F\"");
    for args in [
        &["check", "tri-chess", "--players", "3", "--seating", "partners-adjacent"][..],
        &["check", "tri-chess", "--players", "6", "--edges", "cut"],
        &["check", "tri-chess", "--players", "4", "--seating", "trios"],
        &["check", "tri-chess", "--edges", "sideways"],
        &["check", "tri-chess", "--notation", "corner"],
        &["check", "chess", "--extended-moves", "off"],
        &["check", "tri-chess", "--moves", "j2j9"],
        &["check", "tri-chess", "--position", "9/11/13 a - - - - - 0"],
    ] {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn corners_and_double_hop_check_are_options_in_games_and_check_json() {
    let games = stdout(&run(&["games"]));
    assert!(games.contains("--corners cut|full") && games.contains("--double-hop-check no|yes"), "{games}");
    let v = json(&["check", "tri-chess", "--players", "6", "--json"]);
    assert_eq!(v["options"]["full_corners"], false, "five and six play the cut board by default");
    let v = json(&["check", "tri-chess", "--players", "5", "--corners", "full", "--json"]);
    assert_eq!(v["options"]["full_corners"], true);
    let v = json(&["check", "double-chess", "--double-hop-check", "yes", "--json"]);
    assert_eq!(v["options"]["hop_checks"], true);
    for (args, needle) in [
        (&["check", "tri-chess", "--players", "4", "--corners", "full"][..], "five and six"),
        (&["check", "tri-chess", "--players", "6", "--corners", "round"], "expected cut or full"),
        (&["check", "chess", "--corners", "cut"], "--corners"),
        (&["check", "double-chess", "--double-hop-check", "maybe"], "expected no or yes"),
        (&["check", "tri-chess", "--double-hop-check", "yes"], "Double Chess"),
    ] {
        rejects(args, needle);
    }
}

#[test]
fn queens_rows_tri_steps_and_sequence_are_options_with_one_line_errors() {
    // New options show in `check --json` and `games`.
    let v = json(&["check", "queens", "--players", "4", "--json"]);
    assert_eq!(v["options"]["queens_relocate"], false, "5-4-3 is the default of a new game");
    let v = json(&["check", "queens", "--players", "4", "--queens-rows", "relocate", "--json"]);
    assert_eq!(v["options"]["queens_relocate"], true);
    let v = json(&["check", "tri-queens", "--json"]);
    assert_eq!(v["options"]["tri_steps_open"], false, "blocked is the default");
    let v = json(&["check", "tri-queens", "--tri-steps", "open", "--json"]);
    assert_eq!(v["options"]["tri_steps_open"], true);
    // "Sequence for cut-throat is A, C, B, D in Figure 16."
    let v = json(&["check", "tri-stax", "--players", "4", "--sequence", "prose", "--json"]);
    assert_eq!(v["options"]["prose_sequence"], true);
    assert_eq!(v["order"], serde_json::json!(["a", "c", "b", "d"]));
    let v = json(&["check", "tri-stax", "--players", "4", "--seating", "partners-gap", "--sequence", "prose", "--json"]);
    assert_eq!(v["order"], serde_json::json!(["d", "c", "a", "b"]));
    let v = json(&["games", "--json"]);
    let help = |id: &str, flag: &str| {
        v.as_array().unwrap().iter().any(|g| g["id"] == id && g["options"].as_array().unwrap().iter().any(|o| o.as_str().unwrap().starts_with(flag)))
    };
    assert!(help("queens", "--queens-rows 5-4-3|relocate"));
    assert!(help("tri-queens", "--tri-steps blocked|open"));
    assert!(help("tri-chek", "--sequence table|prose"));
    assert!(!help("stax", "--queens-rows") && !help("tri-chek", "--tri-steps") && !help("checkers", "--sequence"));
    // Bad values and options where they change nothing: one line, exit code 2.
    rejects(&["check", "queens", "--players", "4", "--queens-rows", "6-3-3"], "unknown --queens-rows '6-3-3' (expected 5-4-3 or relocate)");
    rejects(&["check", "queens", "--queens-rows", "5-4-3"], "--queens-rows");
    rejects(&["check", "stax", "--players", "4", "--queens-rows", "relocate"], "--queens-rows");
    rejects(&["check", "tri-queens", "--tri-steps", "closed"], "unknown --tri-steps 'closed' (expected blocked or open)");
    rejects(&["check", "tri-chek", "--tri-steps", "open"], "--tri-steps belongs to Tri-Queens");
    rejects(&["check", "tri-chek", "--players", "4", "--sequence", "book"], "unknown --sequence 'book' (expected prose or table)");
    rejects(&["check", "tri-chek", "--players", "4", "--seating", "partners-adjacent", "--sequence", "prose"], "--sequence prose");
    rejects(&["check", "tri-chek", "--players", "3", "--sequence", "prose"], "--sequence prose");
    rejects(&["check", "stax", "--sequence", "table"], "--sequence belongs to");
}

/// A file under the temporary directory, named for this process and a name, removed when
/// dropped: a test that fails part way leaves nothing behind.
struct TempFile(std::path::PathBuf);

impl TempFile {
    /// The path, not yet written.
    fn named(name: &str) -> TempFile {
        TempFile(std::env::temp_dir().join(format!("variant-rules-cli-{}-{name}", std::process::id())))
    }
    /// The file, holding `text`.
    fn holding(name: &str, text: &str) -> TempFile {
        let file = TempFile::named(name);
        std::fs::write(&file.0, text).expect("temporary file");
        file
    }
    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temp dir")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn record_prints_pgn_or_the_record_text() {
    let o = run(&["record", "chess", "--moves", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1", "--tag", "White=Ann", "--tag", "Site=Oslo"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(
        text.starts_with("[Event \"?\"]\n[Site \"Oslo\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ann\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"),
        "{text}"
    );
    assert!(text.ends_with("\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *\n"), "{text}");
    let o = run(&["record", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4", "--format", "text"]);
    assert!(stdout(&o).starts_with("[Game \"chess\"]\n") && stdout(&o).ends_with("\nf2f3 e7e5 g2g4 d8h4 0-1\n"), "{}", stdout(&o));
    let o = run(&["record", "stax", "--players", "4", "--moves", "c3-d4"]);
    assert!(stdout(&o).contains("[Options \"--players 4\"]\n") && stdout(&o).contains("[SeatD \"?\"]\n"), "{}", stdout(&o));
    let o = run(&["record", "dice-chess", "--moves", "[1,1] e2e4 [2,3] b8c6"]);
    assert!(stdout(&o).ends_with("\n[1,1] e2e4 [2,3] b8c6 *\n"), "the rolls are in the record: {}", stdout(&o));
}

#[test]
fn check_perft_and_bestmove_read_a_record_file() {
    let pgn_file =
        TempFile::holding("game.pgn", "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {best by test} e5 (1... c5) 2. Nf3 $1 *\n\n[Event \"y\"]\n\n1. d4 *\n");
    let pgn = pgn_file.path();
    let v = json(&["check", "chess", "--record", pgn, "--json"]);
    assert_eq!(v["moves"], serde_json::json!(["e2e4", "e7e5", "g1f3"]));
    let v = json(&["check", "chess", "--record", pgn, "--record-game", "2", "--json"]);
    assert_eq!(v["moves"], serde_json::json!(["d2d4"]));
    let o = run(&["perft", "chess", "1", "--record", pgn]);
    assert_eq!(stdout(&o).lines().last(), Some("perft 1 29"), "Black to move after 1. e4 e5 2. Nf3 (python-chess counts 29)");
    let o = run(&["bestmove", "chess", "--record", pgn, "--depth", "1"]);
    assert!(stdout(&o).starts_with("bestmove "), "{}", stdout(&o));
    let o = run(&["record", "chess", "--record", pgn, "--format", "text"]);
    assert!(stdout(&o).contains("[Event \"x\"]") && stdout(&o).ends_with("\ne2e4 e7e5 g1f3 *\n"), "a record converts: {}", stdout(&o));
    let text_file = TempFile::holding("stax.txt", "[Game \"stax\"]\n[Options \"--players 4\"]\n\nc3-d4 *\n");
    let text = text_file.path();
    let v = json(&["check", "stax", "--record", text, "--json"]);
    assert_eq!((v["moves"].clone(), v["players"].clone()), (serde_json::json!(["c3-d4"]), serde_json::json!(4)));
    let bad_file = TempFile::holding("bad.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n");
    let bad = bad_file.path();
    rejects(&["check", "chess", "--record", bad], "line 3, column 13: move 3 'Ke3' illegal: the King on e1 cannot move that way, to e3");
    rejects(&["check", "stax", "--record", pgn], "is a record of chess, not of stax");
    rejects(&["check", "chess", "--record", pgn, "--moves", "e2e4"], "--moves");
    rejects(&["check", "chess", "--record", pgn, "--record-game", "3"], "holds 2 games, so there is no game 3");
    rejects(&["check", "chess", "--record", "/nonexistent/game.pgn"], "cannot read /nonexistent/game.pgn");
    rejects(&["check", "stax", "--record", text, "--players", "2", "--numbers"], "has its own options ('--players 4')");
    rejects(&["check", "chess", "--record-game", "2"], "--record");
    rejects(&["record", "chess", "--format", "xml"], "unknown record format 'xml'");
    rejects(&["record", "stax", "--format", "pgn"], "stax has no PGN form");
    rejects(&["record", "chess", "--tag", "White"], "is not NAME=VALUE");
    rejects(&["record", "chess", "--moves", "e2e5"], "move 1 'e2e5' illegal");
}
