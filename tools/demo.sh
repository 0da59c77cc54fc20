#!/usr/bin/env bash
# make demo: solve a sample of each shipped domain with the freshly built solver.
set -euo pipefail
build=${1:-build}
run() {
    echo "\$ solver $*"
    "$build/solver" "$@" --stats text
    echo
}
have() { [ -f "$build/plugins/lib$1.so" ]; }
if have sokoban; then
    run --plugin sokoban --input puzzles/sokoban/course/21.txt
    run --plugin sokoban --input puzzles/sokoban/microban_155.xsb --level 3
fi
if have ewn; then
    run --plugin ewn --input puzzles/ewn/31.in
fi
if have matchsticks; then
    run --plugin matchsticks --input "4 4"
fi
if have cube; then
    run --plugin cube --input "R U R' U' F2 D" --option mode=fast
fi
