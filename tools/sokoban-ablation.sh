#!/usr/bin/env bash
# Per-technique ablation of the Sokoban plugin: for each collection, solve every level with all
# techniques on, then with each one turned off, and print one table row per configuration:
# levels solved, then nodes expanded and the solver's own seconds summed over the `common`
# levels (those every configuration solved, so the rows compare the same work).
#   tools/sokoban-ablation.sh [--time-limit S | --cpu S] [--threads N] [--build DIR] [--only RE] FILE|DIR...
# A FILE is solved with --level all; a DIR stands for every *.txt map in it (one run each,
# summed into one row), e.g. puzzles/sokoban/course.
# --cpu S (whole seconds): every level in a process of its own under `ulimit -t S` (CPU seconds over all its
# threads) instead of a wall-clock limit, so that a loaded machine changes the seconds but not
# which levels are solved; a level stopped by the CPU limit counts as not solved.
# --only RE: only the configurations whose name matches the extended regular expression RE
# (the "all on" row always runs), e.g. --only '2 thr' for the portfolio rows.
# Default: 5 s per level, 1 thread (the runtime's astar engine, which counts nodes; the
# portfolio rows run with 2 threads, their nodes the states the portfolio reports expanded over
# both searches; move
# ordering, ordering=off, acts in the portfolio only, so its row is a portfolio row; so do the
# feature-space search rows: fess=off|on against the default share, and FESS's two parts
# switched off with FESS in place of greedy, where they decide more; fesstoward=off|on, its
# toward-the-next-layer advisor, against the default chain; fesspack=off|all, its packing
# macro, against the default on; fessrooms=off, its room-connectivity feature, against on;
# fess0=off, without the second FESS member on thread 0, against the default on; corraldead
# on|pi, the corral deadlock search, switched on for the runtime's engines: by default (fess0)
# only the portfolio's thread 0 FESS members run it; and on with areatree=off, its corrals by
# floods instead of the parent area's tree: the same nodes, more seconds; and, portfolio rows,
# corraldead=off (no member runs it) and on (every member runs it) against the default fess0;
# fess1with=greedy|plan and fess0with=astar|none, what the FESS members alternate with once
# they have started, against the defaults none and plan; back=off, the backward guest on thread
# 0, and packall=off, the packall guest on thread 1, against their defaults t0 and t1;
# fessopen=off, the opener advisor of thread 1's FESS members, against the default t1;
# fessgoals=off, the side-kept frozen-goal test of thread 0's FESS members, against the
# default t0; mateshare=fixed, thread 0's FESS member and plan mate in fixed turns, against lease;
# packorder=match|park, every FESS member with the order of session 13 or 15 (one park at most
# before a box gets out), against the default park3).
set -euo pipefail
limit=5; threads=1; build=build; cpu=; only=
files=()
while [ $# -gt 0 ]; do
    case "$1" in
        --time-limit) limit=$2; shift 2;;
        --cpu) cpu=$2; shift 2;;
        --only) only=$2; shift 2;;
        --threads) threads=$2; shift 2;;
        --build) build=$2; shift 2;;
        -h|--help) sed -n '2,34p' "$0"; exit 0;;
        *) files+=("$1"); shift;;
    esac
done
[ ${#files[@]} -gt 0 ] || { echo "usage: $0 [--time-limit S] [--threads N] FILE..." >&2; exit 2; }
configs=("all on|"
         "deadsquares off|--option deadsquares=off"
         "freeze off|--option freeze=off"
         "frozengoals off|--option frozengoals=off"
         "roomfill off|--option roomfill=off"
         "localdead off|--option localdead=off"
         "corral off|--option corral=off"
         "sides off|--option sides=off"
         "matching -> greedy|--option heuristic=greedy"
         "matching cache off|--option matching=incremental"
         "tunnels off|--option tunnels=off"
         "goalroom off|--option goalroom=off"
         "portfolio (2 threads)|--threads 2 --option portfolio=on"
         "ordering off (2 thr.)|--threads 2 --option portfolio=on --option ordering=off"
         "fess off (2 thr.)|--threads 2 --option portfolio=on --option fess=off"
         "fess on (2 thr.)|--threads 2 --option portfolio=on --option fess=on"
         "fessorder off (2 thr.)|--threads 2 --option portfolio=on --option fess=on --option fessorder=off"
         "no advisors (2 thr.)|--threads 2 --option portfolio=on --option fess=on --option fessadvice=off"
         "fesstoward off (2 thr.)|--threads 2 --option portfolio=on --option fesstoward=off"
         "fesstoward on (2 thr.)|--threads 2 --option portfolio=on --option fesstoward=on"
         "fess0 off (2 thr.)|--threads 2 --option portfolio=on --option fess0=off"
         "fesspack off (2 thr.)|--threads 2 --option portfolio=on --option fesspack=off"
         "fesspack all (2 thr.)|--threads 2 --option portfolio=on --option fesspack=all"
         "fessrooms off (2 thr.)|--threads 2 --option portfolio=on --option fessrooms=off"
         "fessplan on (2 thr.)|--threads 2 --option portfolio=on --option fessplan=on"
         "fessopen off (2 thr.)|--threads 2 --option portfolio=on --option fessopen=off"
         "fessgoals off (2 thr.)|--threads 2 --option portfolio=on --option fessgoals=off"
         "mateshare fixed (2 thr.)|--threads 2 --option portfolio=on --option mateshare=fixed"
         "corraldead on|--option corraldead=on"
         "corraldead pi|--option corraldead=pi"
         "corraldead on, areatree off|--option corraldead=on --option areatree=off"
         "corraldead off (2 thr.)|--threads 2 --option portfolio=on --option corraldead=off"
         "corraldead all (2 thr.)|--threads 2 --option portfolio=on --option corraldead=on"
         "fess1with greedy (2 thr.)|--threads 2 --option portfolio=on --option fess1with=greedy"
         "fess1with plan (2 thr.)|--threads 2 --option portfolio=on --option fess1with=plan"
         "fess0with astar (2 thr.)|--threads 2 --option portfolio=on --option fess0with=astar"
         "fess0with none (2 thr.)|--threads 2 --option portfolio=on --option fess0with=none"
         "fessturns packed (2 thr.)|--threads 2 --option portfolio=on --option fessturns=packed"
         "fessturns mixed (2 thr.)|--threads 2 --option portfolio=on --option fessturns=mixed"
         "fessearly 65536 (2 thr.)|--threads 2 --option portfolio=on --option fessearly=65536"
         "packorder floor (2 thr.)|--threads 2 --option portfolio=on --option packorder=floor"
         "packorder t0 (2 thr.)|--threads 2 --option portfolio=on --option packorder=t0"
         "packorder t1 (2 thr.)|--threads 2 --option portfolio=on --option packorder=t1"
         "packorder match (2 thr.)|--threads 2 --option portfolio=on --option packorder=match"
         "packorder park (2 thr.)|--threads 2 --option portfolio=on --option packorder=park"
         "back off (2 thr.)|--threads 2 --option portfolio=on --option back=off"
         "packall off (2 thr.)|--threads 2 --option portfolio=on --option packall=off")
if [ -n "$only" ]; then
    kept=()
    for c in "${configs[@]}"; do
        name=${c%%|*}
        if [ "$name" = "all on" ] || grep -Eq -- "$only" <<<"$name"; then kept+=("$c"); fi
    done
    configs=("${kept[@]}")
fi
printf '%-22s %-20s %8s %8s %14s %10s\n' configuration collection solved common nodes seconds
# One level (file, level number or empty) in a process of its own under `ulimit -t $cpu`; a
# process stopped by the limit gives a line of its own ("cpu_limit") in place of the JSON.
one() {
    local m=$1 k=$2; shift 2
    local lv=(); [ -n "$k" ] && lv=(--level "$k")
    local out
    out=$( (ulimit -t "$cpu"; "$build/solver" --plugin sokoban --input "$m" "${lv[@]}" --time-limit $((cpu * 10)) --stats json "$@" 2>&1 >/dev/null) 2>/dev/null | grep '^{' || true)
    if [ -n "$out" ]; then echo "$out"
    else echo "{\"plugin\":\"sokoban\",\"source\":\"$m\",\"level\":${k:-1},\"result\":\"cpu_limit\",\"verified\":false,\"expanded\":0,\"seconds\":$cpu,}"
    fi
}
# The JSON lines of one configuration on one collection (a file, or every map of a folder).
run() {
    local f=$1; shift
    if [ -n "$cpu" ]; then
        if [ -d "$f" ]; then
            for m in "$f"/*.txt; do one "$m" "" "$@"; done
        else
            local n
            n=$("$build/solver" --plugin sokoban --input "$f" --level 1000000 2>&1 | sed -n 's/.*the input holds \([0-9]*\) levels.*/\1/p' || true)
            [ -n "$n" ] || n=1
            for k in $(seq 1 "$n"); do one "$f" "$k" "$@"; done
        fi
    elif [ -d "$f" ]; then
        for m in "$f"/*.txt; do
            "$build/solver" --plugin sokoban --input "$m" --time-limit "$limit" --stats json "$@" 2>&1 >/dev/null | grep '^{' || true
        done
    else
        "$build/solver" --plugin sokoban --input "$f" --level all --time-limit "$limit" --stats json "$@" 2>&1 >/dev/null | grep '^{' || true
    fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for f in "${files[@]}"; do
    # One file per configuration: "key result expanded seconds" per level.
    i=0
    for c in "${configs[@]}"; do
        args=${c#*|}
        t=(--threads "$threads"); [[ "$args" == *--threads* ]] && t=()
        # shellcheck disable=SC2086
        run "$f" "${t[@]}" $args |
            sed -n 's/^{"plugin":"sokoban","source":"\([^"]*\)","level":\([0-9]*\),.*"result":"\([a-z_]*\)".*"verified":[a-z]*,"expanded":\([0-9]*\),.*"seconds":\([0-9.e+-]*\),.*/\1:\2 \3 \4 \5/p' \
            >"$tmp/$i"
        i=$((i + 1))
    done
    # Levels every configuration solved: nodes and seconds are summed over those only, so the
    # rows compare the same work.
    i=0
    for c in "${configs[@]}"; do
        name=${c%%|*}
        awk -v name="$name" -v coll="$(basename "$f")" -v me="$tmp/$i" '
            FNR == 1 { file++ }
            { if ($2 == "solved") ok[$1]++; if (FILENAME == me) { res[$1] = $2; nx[$1] = $3; sec[$1] = $4; n++ } }
            END {
                for (k in res) {
                    if (res[k] == "solved") solved++
                    if (ok[k] == file) { common++; nodes += nx[k]; secs += sec[k] }
                }
                printf "%-22s %-20s %8s %8d %14s %10.2f\n", name, coll, solved + 0 "/" n, common, nodes, secs
            }' "$tmp"/[0-9]*
        i=$((i + 1))
    done
done
if [ -n "$cpu" ]; then echo "CPU limit $cpu s per level (ulimit -t, one process each), $threads thread(s) unless the row says otherwise"
else echo "time limit $limit s per level, $threads thread(s) unless the row says otherwise"; fi
