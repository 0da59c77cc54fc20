#!/bin/sh
# check-lengths.sh SOLVER PLUGIN FILE GOAL LEVEL...
# Solves each LEVEL of FILE optimally with ida, astar and hda at 2 threads (the plugin's
# verifier replays every answer before the solver prints it) and compares the number of moves
# with the known optimum, the last word of the puzzle's line (after '#').
set -eu
solver=$1 plugin=$2 file=$3 goal=$4
shift 4
status=0
for level in "$@"; do
    # The level-th puzzle line: lines with a number before any '#'.
    expected=$(grep -E '^[[:space:]]*[0-9]' "$file" | sed -n "${level}p" | awk '{print $NF}')
    for engine in ida astar hda; do
        answer=$("$solver" --plugin "$plugin" --input "$file" --level "$level" --option goal="$goal" \
                 --engine "$engine" --threads 2 --quiet)
        moves=$(printf '%s' "$answer" | tr -d ' \n' | wc -c | tr -d ' ')
        if [ "$moves" = "$expected" ]; then
            echo "ok   $file level $level, $engine: $moves moves (optimal: $expected)"
        else
            echo "FAIL $file level $level, $engine: $moves moves, the optimum is $expected"
            status=1
        fi
    done
done
exit $status
