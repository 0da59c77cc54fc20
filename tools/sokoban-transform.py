#!/usr/bin/env python3
"""Rotate or mirror every level of a Sokoban collection (XSB or course format), for checking that
the solver's results do not hang on the levels' orientation (its move order, tie-breaks and
tuning were measured on the levels as published):

    tools/sokoban-transform.py T FILE > OUT
    T: rot90 | rot180 | rot270 (clockwise) | flip (left-right) | flipv (top-bottom) | transpose

Comment and title lines are kept; each map is padded to a rectangle with spaces (outside the
walls) before it is turned, and trailing spaces are dropped afterwards. Solvability and the
optimal push count are the same in every orientation."""
import sys

TRANSFORMS = {
    "rot90": lambda g: [list(r) for r in zip(*g[::-1])],
    "rot180": lambda g: [r[::-1] for r in g[::-1]],
    "rot270": lambda g: [list(r) for r in zip(*g)][::-1],
    "flip": lambda g: [r[::-1] for r in g],
    "flipv": lambda g: g[::-1],
    "transpose": lambda g: [list(r) for r in zip(*g)],
}


def is_map_row(line):
    """The parser's rule (plugins/sokoban/parse.h): first character other than blanks, floor and
    run-length digits is a wall."""
    for ch in line:
        if ch in " \t-_0123456789":
            continue
        return ch == "#"
    return False


def turn(rows, how):
    width = max(len(r) for r in rows)
    grid = [list(r.ljust(width)) for r in rows]
    return ["".join(r).rstrip() for r in TRANSFORMS[how](grid)]


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in TRANSFORMS:
        sys.exit(__doc__)
    how = sys.argv[1]
    with open(sys.argv[2], encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    out, block = [], []
    for line in lines + [""]:
        if is_map_row(line):
            if any(c.isdigit() or c == "|" for c in line):
                sys.exit(f"{sys.argv[2]}: run-length encoded rows are not supported here")
            block.append(line)
            continue
        if block:
            out.extend(turn(block, how))
            block = []
        out.append(line)
    sys.stdout.write("\n".join(out[:-1]) + "\n")


if __name__ == "__main__":
    main()
