#!/usr/bin/env bash
# Solve every level of Sokoban collections one process per level and print a table:
# level, result, pushes, moves, seconds (the solver's own clock), nodes expanded ("-" for the
# portfolio, the default from 2 threads, whose searches run outside the runtime's counters).
# For one collection in one process, `solver --level all --time-limit S` prints the same table.
#   tools/sokoban-bench.sh [--threads N] [--time-limit S] [--build DIR] [-- extra solver args] FILE...
# A FILE with several levels (XSB) is run level by level; a single map is one row.
set -euo pipefail
threads=1; limit=10; build=build; extra=()
files=()
while [ $# -gt 0 ]; do
    case "$1" in
        --threads) threads=$2; shift 2;;
        --time-limit) limit=$2; shift 2;;
        --build) build=$2; shift 2;;
        --) shift; extra=("$@"); break;;
        *) files+=("$1"); shift;;
    esac
done
# The first occurrence of a JSON field, quoted or not (per-thread entries repeat "expanded").
field() { grep -o "\"$1\":\"\{0,1\}[^,\"}]*" | head -n 1 | sed 's/^"[^"]*":"\{0,1\}//'; }
printf '%-44s %-11s %7s %7s %9s %12s\n' level result pushes moves seconds expanded
solved=0; total=0; sum=0
for f in "${files[@]}"; do
    n=$(grep -c '^; [0-9]' "$f" 2>/dev/null || true)
    levels=1; [ "${n:-0}" -gt 1 ] && levels=$n
    for ((k = 1; k <= levels; k++)); do
        args=(--plugin sokoban --input "$f" --threads "$threads" --time-limit "$limit" --stats json "${extra[@]}")
        [ "$levels" -gt 1 ] && args+=(--level "$k")
        out=$("$build/solver" "${args[@]}" 2>"$build/.bench-err" || true)
        json=$(grep '^{' "$build/.bench-err" | tail -n 1)
        result=$(field result <<<"$json"); result=${result:-error}
        secs=$(field seconds <<<"$json"); exp=$(field expanded <<<"$json")
        # null: nobody counted (a plugin's own solve that reports no count; the portfolio reports).
        if [ -z "$exp" ] || [ "$exp" = null ]; then exp=-; fi
        pushes=-; moves=-
        if [ "$result" = solved ]; then
            pushes=$(field solution_cost <<<"$json"); moves=$(head -n 1 <<<"$out" | tr -d '\n' | wc -c)
            solved=$((solved + 1)); sum=$(awk -v a="$sum" -v b="$secs" 'BEGIN{print a+b}')
        fi
        total=$((total + 1))
        name=$f; [ "$levels" -gt 1 ] && name="$f:$k"
        printf '%-44s %-11s %7s %7s %9.3f %12s\n' "$name" "$result" "$pushes" "$moves" "${secs:-0}" "${exp:-0}"
    done
done
echo "solved $solved of $total (threads $threads, time limit $limit s each); total solve time of the solved: $sum s"
