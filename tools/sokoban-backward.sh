#!/usr/bin/env bash
# The backward (pull) search alone (--option back=only, backward.h) on XSokoban levels, one
# process per level under `ulimit -t CPU` (CPU seconds over both threads), with /usr/bin/time:
#   tools/sokoban-backward.sh [--cpu 60] [--threads 2] [--build build] [--file F] [-- extra solver args] LEVEL...
# One row per level: level, result (solved / cpu-limit / the solver's result), pushes,
# verified (the plugin's verifier replayed it), the winning thread (0 greedy, 1 weighted A* w=1.5),
# wall, user and sys seconds, peak KiB.
set -uo pipefail
cpu=60; threads=2; build=build; file=puzzles/sokoban/xsokoban_90.xsb; extra=(); levels=()
while [ $# -gt 0 ]; do
    case "$1" in
        --cpu) cpu=$2; shift 2;;
        --threads) threads=$2; shift 2;;
        --build) build=$2; shift 2;;
        --file) file=$2; shift 2;;
        --) shift; extra=("$@"); break;;
        *) levels+=("$1"); shift;;
    esac
done
field() { grep -o "\"$1\":\"\{0,1\}[^,\"}]*" | head -n 1 | sed 's/^"[^"]*":"\{0,1\}//'; }
tmp=$(mktemp -d)
printf '%-6s %-10s %7s %8s %6s %8s %8s %8s %9s\n' level result pushes verified thread wall user sys KiB
for k in "${levels[@]}"; do
    (
        ulimit -t "$cpu"
        /usr/bin/time -o "$tmp/time" -f "%e %U %S %M" "$build/solver" --plugin sokoban --input "$file" --level "$k" \
            --threads "$threads" --time-limit 100000 --option back=only --stats json "${extra[@]}" >"$tmp/out" 2>"$tmp/err"
    )
    json=$(grep '^{' "$tmp/err" | tail -n 1)
    result=$(field result <<<"$json"); result=${result:-cpu-limit}
    pushes=-; verified=-; thread=-
    if [ "$result" = solved ]; then
        pushes=$(field solution_cost <<<"$json"); verified=$(field verified <<<"$json")
        thread=$(grep -o 'backward (thread [0-9]*' "$tmp/err" | grep -o '[0-9]*$' | head -n 1)
    fi
    read -r wall user sys kib < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$' "$tmp/time" | tail -n 1)
    printf '%-6s %-10s %7s %8s %6s %8s %8s %8s %9s\n' "$k" "$result" "$pushes" "$verified" "${thread:--}" "$wall" "$user" "$sys" "$kib"
done
rm -rf "$tmp"
