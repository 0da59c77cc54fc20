#!/usr/bin/env bash
# make bench: benchmarks, never part of `make test`. Writes tables and a plot under BUILD/bench/.
#  1. the unit benchmarks built from tests/*_benchmark.cc (deque, pool, multi-queue, visited
#     table), each beside its simple baseline in the same run;
#  2. every engine on workloads that suit it (Sokoban course maps for astar/hda, Microban 93 for
#     greedy (a course map takes it 10 ms), EWN for
#     ida, the 8-puzzle's unsolvable half for bfs, the count test domain for count) at 1 and 2
#     threads, with the pthread pool (BUILD/solver) and with the OpenMP build
#     (build-omp/solver), in one run: median wall time of REPS runs and nodes expanded per
#     second, and the 2-thread/1-thread throughput ratio;
#  3. a PNG plot of the engine throughput (gnuplot, when installed).
# Environment: REPS (default 3), THREADS (default "1 2"), MEMORY (default 2G), UNITS=0 skips
# part 1, RT=1 runs every solver process at real-time priority (chrt -f 50; needs root): on a
# machine shared with other work it then gets both cores to itself while it runs, which is how
# the scaling figures in the issue notes were taken.
set -euo pipefail
build=${1:-build}
out="$build/bench"
mkdir -p "$out"
reps=${REPS:-3}
threads=${THREADS:-"1 2"}
memory=${MEMORY:-2G}
rt=()
[ "${RT:-0}" = 1 ] && rt=(chrt -f 50)

echo "== unit benchmarks" | tee "$out/units.txt"
[ "${UNITS:-1}" = 0 ] || for src in tests/*_benchmark.cc; do
    b="$build/bench/$(basename "$src" _benchmark.cc)"
    [ -x "$b" ] || continue
    echo "-- $(basename "$b")" | tee -a "$out/units.txt"
    "$b" 2>/dev/null | tee -a "$out/units.txt"
done

echo "== building the OpenMP variant (make OMP=1)"
make -s OMP=1 all >/dev/null
# name | plugin | input | engine and options
workloads=(
    "sokoban-22|sokoban|puzzles/sokoban/course/22.txt|--engine astar --weight 1"
    "sokoban-23|sokoban|puzzles/sokoban/course/23.txt|--engine astar --weight 1"
    "sokoban-25|sokoban|puzzles/sokoban/course/25.txt|--engine astar --weight 1"
    "sokoban-22|sokoban|puzzles/sokoban/course/22.txt|--engine hda --weight 1"
    "sokoban-25|sokoban|puzzles/sokoban/course/25.txt|--engine hda --weight 1"
    "microban-93|sokoban|puzzles/sokoban/microban_155.xsb|--level 93 --engine greedy"
    "ewn-31|ewn|puzzles/ewn/31.in|--engine astar"
    "ewn-31|ewn|puzzles/ewn/31.in|--engine ida"
    "ewn-33|ewn|puzzles/ewn/33.in|--engine ida"
    "8puzzle-odd|$build/tests/plugins/libeightpuzzle.so|1 2 3 4 5 6 8 7 0|--engine bfs"
    "count-32|$build/tests/plugins/libcountdomain.so|-|--engine count --option n=32"
)
make -s "$build/tests/plugins/libeightpuzzle.so" "$build/tests/plugins/libcountdomain.so"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
# The first occurrence of a numeric JSON field (per-thread entries repeat "expanded" later).
field() { grep -o "\"$1\":[0-9.e+-]*" | head -n 1 | cut -d: -f2; }

table="$out/engines.txt"
dat="$out/engines.dat"
printf '%-12s %-7s %-4s %-4s %9s %12s %12s %7s\n' workload engine pool thr seconds expanded nodes/s speedup | tee "$table"
: > "$dat"
for w in "${workloads[@]}"; do
    IFS='|' read -r name plugin input args <<<"$w"
    # The same plugin file for both pools, so that only the executor differs: the OpenMP build's
    # own plugins are compiled with -fopenmp, and that alone moved EWN's per-node speed by ~8%.
    case "$plugin" in */*) ;; *) plugin="$build/plugins/lib$plugin.so" ;; esac
    engine=$(sed -n 's/.*--engine \([a-z-]*\).*/\1/p' <<<"$args")
    for pool in ws omp; do
        bin="$build/solver"; [ "$pool" = omp ] && bin="build-omp/solver"
        base=0
        for t in $threads; do
            secs=(); exp=0
            for ((r = 0; r < reps; r++)); do
                # shellcheck disable=SC2086  # args holds several options on purpose
                json=$("${rt[@]}" "$bin" --plugin "$plugin" --input "$input" $args --threads "$t" --memory-limit "$memory" \
                       --time-limit 120 --stats json 2>&1 >/dev/null </dev/null | grep '^{' || true)
                secs+=("$(field seconds <<<"$json")")
                exp=$(field expanded <<<"$json")
            done
            s=$(printf '%s\n' "${secs[@]}" | median)
            nps=$(awk -v e="$exp" -v s="$s" 'BEGIN { printf "%.0f", (s > 0 ? e / s : 0) }')
            [ "$base" = 0 ] && base=$nps
            ratio=$(awk -v a="$nps" -v b="$base" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
            printf '%-12s %-7s %-4s %-4s %9.3f %12s %12s %7s\n' "$name" "$engine" "$pool" "$t" "$s" "$exp" "$nps" "$ratio" | tee -a "$table"
            echo "$name-$engine-$pool $t $s $exp $nps" >> "$dat"
        done
    done
done

command -v gnuplot >/dev/null || { [ "$(id -u)" -eq 0 ] && apt-get install -y -qq gnuplot-nox >/dev/null 2>&1; } || true
if command -v gnuplot >/dev/null; then
    gp="$out/engines.gp"
    # One bar pair per workload/engine/pool: nodes per second at 1 and at 2 threads.
    awk '$2 == 1 {one[$1] = $5; order[++n] = $1} $2 == 2 {two[$1] = $5}
         END {for (i = 1; i <= n; i++) print order[i], one[order[i]], two[order[i]]}' "$dat" > "$out/engines-pairs.dat"
    {
        echo "set terminal png size 1200,650; set output '$out/engines.png'"
        echo "set title 'solver engines: nodes expanded per second at 1 and 2 threads (ws = pthread pool, omp = OpenMP build)'"
        echo "set style data histograms; set style histogram clustered gap 1; set style fill solid 0.8 border -1"
        echo "set ylabel 'nodes/s'; set xtics rotate by -35 font ',9'; set key top left; set grid ytics; set logscale y"
        echo "plot '$out/engines-pairs.dat' using 2:xtic(1) title '1 thread', '' using 3 title '2 threads'"
    } > "$gp"
    gnuplot "$gp" && echo "plot: $out/engines.png"
else
    echo "gnuplot not installed (apt-get install gnuplot-nox): no plot"
fi
echo "tables: $out/units.txt $table"
