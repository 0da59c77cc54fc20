#!/usr/bin/env bash
# make demo: solve a sample of each shipped domain with the freshly built solver.
set -euo pipefail
build=${1:-build}
run() {
    echo "\$ solver $*"
    "$build/solver" "$@" --stats text
    echo
}
if [ -f "$build/plugins/libsokoban.so" ]; then
    run --plugin sokoban --input puzzles/sokoban/course/21.txt
    run --plugin sokoban --input puzzles/sokoban/microban_155.xsb --level 3
fi
