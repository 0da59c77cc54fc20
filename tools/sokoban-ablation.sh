#!/usr/bin/env bash
# Per-technique ablation of the Sokoban plugin: for each collection, solve every level with all
# techniques on, then with each one turned off, and print one table row per configuration:
# levels solved, nodes expanded (summed over every level, stopped ones included) and the
# solver's own time summed over the solved levels.
#   tools/sokoban-ablation.sh [--time-limit S] [--threads N] [--build DIR] FILE|DIR...
# A FILE is solved with --level all; a DIR stands for every *.txt map in it (one run each,
# summed into one row), e.g. puzzles/sokoban/course.
# Default: 5 s per level, 1 thread (the runtime's astar engine, which counts nodes; the
# portfolio row runs with 2 threads and its plugin-side search reports no node count).
set -euo pipefail
limit=5; threads=1; build=build
files=()
while [ $# -gt 0 ]; do
    case "$1" in
        --time-limit) limit=$2; shift 2;;
        --threads) threads=$2; shift 2;;
        --build) build=$2; shift 2;;
        -h|--help) sed -n '2,10p' "$0"; exit 0;;
        *) files+=("$1"); shift;;
    esac
done
[ ${#files[@]} -gt 0 ] || { echo "usage: $0 [--time-limit S] [--threads N] FILE..." >&2; exit 2; }
configs=("all on|"
         "deadsquares off|--option deadsquares=off"
         "freeze off|--option freeze=off"
         "corral off|--option corral=off"
         "sides off|--option sides=off"
         "matching -> greedy|--option heuristic=greedy"
         "tunnels off|--option tunnels=off"
         "goalroom off|--option goalroom=off"
         "portfolio (2 threads)|--threads 2 --option portfolio=on")
printf '%-22s %-34s %8s %14s %12s\n' configuration collection solved nodes seconds
# The JSON lines of one configuration on one collection (a file, or every map of a folder).
run() {
    local f=$1; shift
    if [ -d "$f" ]; then
        for m in "$f"/*.txt; do
            "$build/solver" --plugin sokoban --input "$m" --time-limit "$limit" --stats json "$@" 2>&1 >/dev/null | grep '^{' || true
        done
    else
        "$build/solver" --plugin sokoban --input "$f" --level all --time-limit "$limit" --stats json "$@" 2>&1 >/dev/null | grep '^{' || true
    fi
}
for f in "${files[@]}"; do
    for c in "${configs[@]}"; do
        name=${c%%|*}; args=${c#*|}
        # shellcheck disable=SC2086
        t=(--threads "$threads"); [[ "$args" == *--threads* ]] && t=()
        json=$(run "$f" "${t[@]}" $args)
        total=$(grep -c . <<<"$json" || true)
        solved=$(grep -c '"result":"solved"' <<<"$json" || true)
        # The first "expanded" of each line is the total (per-thread entries follow).
        nodes=$(sed -n 's/^[^}]*"verified":[a-z]*,"expanded":\([0-9]*\).*/\1/p' <<<"$json" | awk '{s+=$1} END{print s+0}' || true)
        secs=$(grep '"result":"solved"' <<<"$json" | grep -o '"seconds":[0-9.e+-]*' | awk -F: '{s+=$2} END{printf "%.2f", s}' || true)
        [ "$name" = "portfolio (2 threads)" ] && nodes=-
        printf '%-22s %-34s %8s %14s %12s\n' "$name" "$(basename "$f")" "$solved/$total" "$nodes" "$secs"
    done
done
echo "time limit $limit s per level, $threads thread(s) unless the row says otherwise; nodes summed over every level"
