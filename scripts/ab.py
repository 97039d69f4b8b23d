#!/usr/bin/env python3
"""A/B match between two builds of the chess AI: `variant-rules bestmove` of a new binary
against an old one at a fixed time a move, every opening of `rating.py`'s two sets played
from both sides (python-chess keeps the board, checks each move's legality and calls the
result). Prints the new build's score and the Elo difference it implies with a 95% interval
(from the per-game variance of the score), so each step of the search's work is measured.

    scripts/ab.py --new target/release/variant-rules --old /tmp/old-variant-rules --movetime-ms 100
    scripts/ab.py ... --openings-file scripts/openings.txt --skip 60 --openings 60

`scripts/openings.txt` (written by `scripts/openings.py`) holds 120 balanced openings, for
matches long enough to show a step of 20-40 Elo; two processes with different `--skip` play
different halves of it at once, one core each.

Each binary plays through one `variant-rules uci` process (its memory kept through a game);
`--old-protocol bestmove` drives a build from before that command existed.

Exit status: 0 when every game finished with legal moves, 1 on an illegal move.
"""

import argparse
import math
import os
import sys

import chess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rating import MAX_PLIES, MORE_OPENINGS, OPENINGS, Ours, load_openings  # noqa: E402


def play(white, black, opening, movetime_ms, max_plies):
    """One game between two AIs (`rating.Ours`); the result from White's side, and an illegal
    move or None."""
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    game_key = object()
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        mover = white if board.turn == chess.WHITE else black
        text = mover.move(board, movetime_ms, game_key)
        move = chess.Move.from_uci(text) if len(text) in (4, 5) else None
        if move is None or move not in board.legal_moves:
            return (0.0 if board.turn == chess.WHITE else 1.0), f"{mover.binary}: {text} in {board.fen()}"
        board.push(move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5, None
    return (1.0 if outcome.winner == chess.WHITE else 0.0), None


def elo(score):
    """The Elo difference a score fraction implies under the logistic model."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--new", required=True, help="the variant-rules binary under test")
    p.add_argument("--old", required=True, help="the variant-rules binary it is measured against")
    p.add_argument("--movetime-ms", type=int, default=100)
    p.add_argument("--old-protocol", choices=["uci", "bestmove"], default="uci", help="how to drive the old binary (bestmove for builds before `variant-rules uci`)")
    p.add_argument("--new-protocol", choices=["uci", "bestmove"], default="uci")
    p.add_argument("--openings", type=int, default=None, help="how many openings (each played twice; default all)")
    p.add_argument("--openings-file", help="a book of openings, one line of UCI moves each (scripts/openings.txt); default rating.py's 24")
    p.add_argument("--skip", type=int, default=0, help="openings of the book to pass over first (so two matches at once play different ones)")
    a = p.parse_args()
    book = load_openings(a.openings_file) if a.openings_file else OPENINGS + MORE_OPENINGS
    openings = book[a.skip :][: a.openings]
    if not openings:
        sys.exit("ab.py: no openings to play")
    new, old = Ours(a.new, a.new_protocol == "uci"), Ours(a.old, a.old_protocol == "uci")
    scores, failures = [], []
    for i, opening in enumerate(openings):
        for new_white in (True, False):
            white, black = (new, old) if new_white else (old, new)
            result, illegal = play(white, black, opening, a.movetime_ms, MAX_PLIES)
            score = result if new_white else 1 - result
            scores.append(score)
            if illegal:
                failures.append(illegal)
            print(f"opening {i + 1} new {'white' if new_white else 'black'}: {score}", flush=True)
    new.quit()
    old.quit()
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(n - 1, 1)
    half = 1.96 * math.sqrt(var / n)
    w, d = scores.count(1.0), scores.count(0.5)
    print(f"new vs old: {sum(scores)}/{n} (+{w} ={d} -{n - w - d}) at {a.movetime_ms} ms a move")
    print(f"elo_difference: {elo(mean):.0f} (95% {elo(mean - half):.0f} to {elo(mean + half):.0f})")
    for f in failures:
        print(f"FAILED: illegal move {f}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
