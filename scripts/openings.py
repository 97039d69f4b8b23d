#!/usr/bin/env python3
"""Writes a book of balanced chess openings for `ab.py --openings-file`: from the start, each
ply picks at random among the moves Stockfish (Debian's `stockfish`, depth 8, five best)
scores within 30 centipawns of its best, for eight plies; a line is kept when Stockfish at
depth 14 scores it within 40 centipawns of level and it is new. One line of UCI moves per
opening, so the book is read by anything that plays moves from the start.

    scripts/openings.py --count 120 --seed 1 > scripts/openings.txt

The 24 hand-picked main lines of `rating.py` give 48 games; A/B steps of 20-40 Elo need
several hundred distinct games to show, which is what this book is for.
"""

import argparse
import random
import sys

import chess
import chess.engine

# Plies each opening plays from the start (eight: past the first exchanges of most main
# lines, before the middlegame's plans).
PLIES = 8
# A move is a candidate when Stockfish scores it this close to its best (centipawns).
NEAR_BEST = 30
# A finished line is kept when Stockfish scores it this close to level (centipawns).
BALANCED = 40


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--count", type=int, default=120)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    a = p.parse_args()
    rng = random.Random(a.seed)
    seen, made = set(), 0
    with chess.engine.SimpleEngine.popen_uci(a.stockfish) as sf:
        for _ in range(a.count * 20):
            if made >= a.count:
                break
            board = chess.Board()
            for _ in range(PLIES):
                infos = sf.analyse(board, chess.engine.Limit(depth=8), multipv=5)
                scored = [(i["score"].relative.score(mate_score=100000), i["pv"][0]) for i in infos if "pv" in i]
                best = max(s for s, _ in scored)
                board.push(rng.choice([m for s, m in scored if s >= best - NEAR_BEST]))
            line = " ".join(m.uci() for m in board.move_stack)
            if line in seen:
                continue
            score = sf.analyse(board, chess.engine.Limit(depth=14))["score"].white().score(mate_score=100000)
            if abs(score) <= BALANCED:
                seen.add(line)
                made += 1
                print(line, flush=True)
    if made < a.count:
        sys.exit(f"openings.py: only {made} balanced openings found")


if __name__ == "__main__":
    main()
