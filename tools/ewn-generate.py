#!/usr/bin/env python3
"""Generate single-player EWN puzzles (the plugin's input format), deterministically.

    tools/ewn-generate.py --rows 9 --cols 9 --pieces 6 --period 18 --count 5 --seed 1 --out build/ewn-gen

writes <out>/<prefix>-<seed>-<i>.in. The same arguments always give the same files (Python's
random.Random seeded with seed and i). Pieces: `--pieces` distinct numbers drawn from 1..6;
`--layout random` puts them on random cells, `--layout corner` on the cells nearest the top-left
corner (the game's starting triangle, so every piece is far from the goal corner). Goal piece:
`--goal random` (a piece on the board, or 0 = any piece with probability 1/4), or a fixed number.
"""
import argparse
import os
import random


def generate(rng, rows, cols, pieces, period, layout, goal):
    cells = rows * cols
    numbers = rng.sample(range(1, 7), pieces)
    if layout == "corner":
        order = sorted(range(cells), key=lambda c: (c // cols + c % cols, rng.random()))
        spots = order[:pieces]
    else:
        spots = rng.sample(range(cells), pieces)
    grid = [0] * cells
    for number, cell in zip(numbers, spots):
        grid[cell] = number
    dice = [rng.randint(1, 6) for _ in range(period)]
    if goal == "random":
        s = 0 if rng.random() < 0.25 else rng.choice(numbers)
    else:
        s = int(goal)
    lines = ["%d %d" % (rows, cols)]
    for r in range(rows):
        lines.append(" ".join("%d" % grid[r * cols + c] for c in range(cols)))
    lines.append("%d" % period)
    lines.append(" ".join("%d" % d for d in dice))
    lines.append("%d" % s)
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=9)
    ap.add_argument("--cols", type=int, default=9)
    ap.add_argument("--pieces", type=int, default=6)
    ap.add_argument("--period", type=int, default=18)
    ap.add_argument("--layout", choices=["random", "corner"], default="random")
    ap.add_argument("--goal", default="random", help="random, or 0..6")
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--prefix", default=None, help="file name prefix (default RxC-pP-tT-layout)")
    ap.add_argument("--out", default="build/ewn-gen")
    a = ap.parse_args()
    if not (1 <= a.rows <= 9 and 1 <= a.cols <= 9 and 1 <= a.pieces <= min(6, a.rows * a.cols) and 1 <= a.period <= 18):
        ap.error("need rows, cols 1..9, pieces 1..min(6, cells), period 1..18")
    prefix = a.prefix or "%dx%d-p%d-t%d-%s" % (a.rows, a.cols, a.pieces, a.period, a.layout)
    os.makedirs(a.out, exist_ok=True)
    for i in range(a.count):
        rng = random.Random("%d/%d" % (a.seed, i))
        path = os.path.join(a.out, "%s-%d-%d.in" % (prefix, a.seed, i))
        with open(path, "w") as f:
            f.write(generate(rng, a.rows, a.cols, a.pieces, a.period, a.layout, a.goal))
        print(path)


if __name__ == "__main__":
    main()
