#!/usr/bin/env python3
"""A rating match for the chess AI: `variant-rules bestmove` (one thread, a fixed time a move)
against Stockfish (Debian's package) held to UCI_Elo levels with UCI_LimitStrength, through
python-chess, which also checks every move the AI plays is legal. Each opening of a balanced
set is played twice per level, colours alternating; the result is each level's score and an
Elo estimate for the AI on Stockfish's UCI_Elo scale with its 95% interval (maximum likelihood
over every game under the logistic model, the interval from the likelihood's curvature).

    scripts/rating.py --levels 1350,1900,2200 --rounds 1 --movetime-ms 1000
    scripts/rating.py --smoke     # two short games: legality and plumbing only, no rating

The AI plays each game in one `variant-rules uci` process, keeping its memory (transposition
table, move history) from move to move as a computer seat at the table does; `--protocol
bestmove` runs `bestmove --moves` (the game so far) afresh for each move instead.
Exit status: 0 when every game finished with legal moves, 1 on an illegal move or a failure.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys

import chess
import chess.engine
import chess.pgn

# Balanced openings (four plies each: the main lines of the open, closed, Sicilian, Indian,
# English, French, Reti and Caro-Kann games), each played from both sides.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",
    "d2d4 d7d5 c2c4 e7e6",
    "e2e4 c7c5 g1f3 d7d6",
    "d2d4 g8f6 c2c4 e7e6",
    "c2c4 e7e5 b1c3 g8f6",
    "e2e4 e7e6 d2d4 d7d5",
    "g1f3 d7d5 g2g3 g8f6",
    "e2e4 c7c6 d2d4 d7d5",
]

# More main lines (Ruy Lopez, Italian, open and closed Sicilian, King's Indian, Grunfeld,
# Slav, Nimzo-Indian, Pirc, Alekhine, Scandinavian, Dutch, symmetrical English, Petrov,
# London, Vienna) for matches that need more distinct games: `ab.py` plays all 24.
MORE_OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",
    "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4",
    "e2e4 c7c5 b1c3 b8c6",
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7",
    "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5",
    "d2d4 d7d5 c2c4 c7c6",
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",
    "e2e4 g8f6 e4e5 f6d5",
    "e2e4 d7d5 e4d5 d8d5",
    "d2d4 f7f5 g2g3 g8f6",
    "c2c4 c7c5 b1c3 b8c6",
    "e2e4 e7e5 g1f3 g8f6",
    "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6",
    "e2e4 e7e5 b1c3 g8f6",
]

# Stockfish's UCI_Elo bounds (Stockfish 15.1 refuses values outside them).
ELO_RANGE = (1350, 2850)

# Plies after which an unfinished game is adjudicated a draw (neither engine resigns).
MAX_PLIES = 400


def ai_move(binary, board, movetime_ms):
    """The AI's move in `board`, as UCI text, by `variant-rules bestmove --moves` given the
    game from the start (so it knows which positions a repetition would draw)."""
    moves = " ".join(m.uci() for m in board.move_stack)
    out = subprocess.run(
        [binary, "bestmove", "chess", "--moves", moves, "--movetime", str(movetime_ms), "--json"],
        capture_output=True,
        text=True,
        timeout=movetime_ms / 1000 * 5 + 30,
    )
    if out.returncode != 0:
        raise RuntimeError(f"bestmove failed: {out.stderr.strip()[:200]}")
    return json.loads(out.stdout)["bestmove"]


class Ours:
    """The AI under test: one `variant-rules uci` process for the whole match (its memory kept
    from move to move of a game, as at the table), or with `uci=False` a fresh `variant-rules
    bestmove` per move (nothing kept)."""

    def __init__(self, binary, uci):
        self.binary = binary
        self.engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"]) if uci else None

    def move(self, board, movetime_ms, game_key):
        """The AI's move as UCI text (checked by the caller)."""
        if self.engine is None:
            return ai_move(self.binary, board, movetime_ms)
        try:
            result = self.engine.play(board, chess.engine.Limit(time=movetime_ms / 1000), game=game_key)
        except chess.engine.EngineError as e:
            # python-chess refuses a bestmove that is not legal here: report it as such.
            return f"(refused: {e})"
        return result.move.uci() if result.move else "0000"

    def quit(self):
        if self.engine is not None:
            self.engine.quit()


def play_game(ours, engine, level, opening, ai_white, movetime_ms, max_plies):
    """One game; returns (the AI's score 1/0.5/0, the PGN game, an illegal move or None)."""
    engine.configure({"UCI_LimitStrength": True, "UCI_Elo": level, "Threads": 1})
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    illegal = None
    game_key = object()
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        ai_to_move = (board.turn == chess.WHITE) == ai_white
        if ai_to_move:
            text = ours.move(board, movetime_ms, game_key)
            move = chess.Move.from_uci(text) if len(text) in (4, 5) else None
            if move is None or move not in board.legal_moves:
                illegal = f"{text} in {board.fen()}"
                break
        else:
            move = engine.play(board, chess.engine.Limit(time=movetime_ms / 1000)).move
        board.push(move)
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = "variant-rules" if ai_white else f"Stockfish UCI_Elo {level}"
    game.headers["Black"] = f"Stockfish UCI_Elo {level}" if ai_white else "variant-rules"
    if illegal:
        game.headers["Termination"] = "illegal move by variant-rules"
        game.headers["Result"] = "0-1" if ai_white else "1-0"
        return 0.0, game, illegal
    outcome = board.outcome(claim_draw=True)
    if outcome is None:
        game.headers["Termination"] = f"adjudicated a draw at {max_plies} plies"
        game.headers["Result"] = "1/2-1/2"
        return 0.5, game, None
    if outcome.winner is None:
        return 0.5, game, None
    return (1.0 if outcome.winner == (chess.WHITE if ai_white else chess.BLACK) else 0.0), game, None


def expected(diff):
    """The logistic expected score of a player `diff` Elo above its opponent."""
    return 1.0 / (1.0 + 10 ** (-diff / 400.0))


def load_openings(path):
    """The openings of a book file (`scripts/openings.txt`: one line of UCI moves from the start
    each, `#` lines skipped), every line checked to be legal; exits with a one-line message on
    a bad one."""
    try:
        with open(path) as f:
            book = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    except OSError as e:
        sys.exit(f"{os.path.basename(sys.argv[0])}: cannot read {path}: {e.strerror}")
    for line in book:
        board = chess.Board()
        try:
            for uci in line.split():
                board.push_uci(uci)
        except ValueError as e:
            sys.exit(f"{os.path.basename(sys.argv[0])}: {path}: not a line of legal moves from the start: {line} ({e})")
    return book


def estimate(results):
    """Maximum-likelihood Elo and its 95% interval from (level, score) pairs, draws as half
    a win (the usual score form of the logistic model)."""
    k = math.log(10) / 400.0
    r = sum(level for level, _ in results) / len(results)
    for _ in range(100):
        grad = sum(k * (s - expected(r - level)) for level, s in results)
        info = sum(k * k * expected(r - level) * (1 - expected(r - level)) for level, _ in results)
        step = grad / max(info, 1e-12)
        # A perfect or nil score has no finite maximum: stop at the scale's edge.
        r = min(max(r + step, ELO_RANGE[0] - 800), ELO_RANGE[1] + 800)
        if abs(step) < 0.01:
            break
    info = sum(k * k * expected(r - level) * (1 - expected(r - level)) for level, _ in results)
    half = 1.96 / math.sqrt(max(info, 1e-12))
    return r, r - half, r + half


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin", default="target/release/variant-rules", help="the variant-rules binary")
    p.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    p.add_argument("--levels", default="1350,1900,2200", help="Stockfish UCI_Elo levels, comma separated")
    p.add_argument("--rounds", type=int, default=1, help="times through the openings (each twice, colours swapped) per level")
    p.add_argument("--openings-file", help="a book of openings (scripts/openings.txt) instead of the eight main lines")
    p.add_argument("--skip", type=int, default=0, help="book openings to pass over first (so two matches at once play different ones)")
    p.add_argument("--openings", type=int, default=8, help="how many book openings per level (with --openings-file)")
    p.add_argument("--movetime-ms", type=int, default=1000)
    p.add_argument("--pgn", help="write every game to this PGN file")
    p.add_argument("--protocol", choices=["uci", "bestmove"], default="uci", help="drive the AI through one `variant-rules uci` process (default) or a `bestmove` process per move")
    p.add_argument("--smoke", action="store_true", help="two games of 60 plies at 50 ms against the lowest level: plumbing and legality only")
    a = p.parse_args()
    levels = [int(x) for x in a.levels.split(",") if x.strip()]
    if any(not ELO_RANGE[0] <= lv <= ELO_RANGE[1] for lv in levels):
        sys.exit(f"rating: levels must lie in Stockfish's UCI_Elo range {ELO_RANGE}")
    book = load_openings(a.openings_file)[a.skip :][: a.openings] if a.openings_file else OPENINGS
    if not book:
        sys.exit("rating: no openings to play")
    openings, max_plies, movetime = book * a.rounds, MAX_PLIES, a.movetime_ms
    if a.smoke:
        levels, openings, max_plies, movetime = [ELO_RANGE[0]], OPENINGS[:1], 60, 50
    engine = chess.engine.SimpleEngine.popen_uci(a.stockfish)
    ours = Ours(a.bin, a.protocol == "uci")
    results, failures, games = [], [], []
    try:
        for level in levels:
            w = d = l = 0
            for i, opening in enumerate(openings):
                for ai_white in (True, False):
                    score, game, illegal = play_game(ours, engine, level, opening, ai_white, movetime, max_plies)
                    games.append(game)
                    if illegal:
                        failures.append(f"illegal move against {level}: {illegal}")
                    results.append((level, score))
                    w, d, l = w + (score == 1.0), d + (score == 0.5), l + (score == 0.0)
                    print(f"level {level} opening {i + 1} AI {'white' if ai_white else 'black'}: {score} ({game.headers['Result']}, {game.end().ply()} plies)", flush=True)
            n = w + d + l
            print(f"level {level}: {w + d / 2}/{n} (+{w} ={d} -{l})", flush=True)
    finally:
        engine.quit()
        ours.quit()
    if a.pgn:
        with open(a.pgn, "w") as f:
            for g in games:
                print(g, file=f, end="\n\n")
    for f in failures:
        print(f"FAILED: {f}")
    if not a.smoke and results:
        r, lo, hi = estimate(results)
        print(f"elo: {r:.0f} (95% {lo:.0f}-{hi:.0f}) over {len(results)} games at {movetime} ms a move")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
