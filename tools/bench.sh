#!/usr/bin/env bash
# make bench: benchmarks, never part of `make test`. Writes tables and a plot under BUILD/bench/.
#  1. the unit benchmarks built from tests/*_benchmark.cc (deque, pool, multi-queue, visited
#     table), each beside its simple baseline in the same run;
#  2. engines on real Sokoban maps at 1 and 2 threads, with the pthread pool (BUILD/solver)
#     and with the OpenMP build (build-omp/solver), in one run: median wall time of REPS runs
#     and nodes expanded per second;
#  3. a PNG plot of the engine throughput (gnuplot, when installed).
# Environment: REPS (default 3), MAPS (default "22 24 25"), ENGINES (default: astar hda ida
# greedy where available), THREADS (default "1 2"), MEMORY (default 2G).
set -euo pipefail
build=${1:-build}
out="$build/bench"
mkdir -p "$out"
reps=${REPS:-3}
maps=${MAPS:-"22 24 25"}
threads=${THREADS:-"1 2"}
memory=${MEMORY:-2G}

echo "== unit benchmarks" | tee "$out/units.txt"
for b in "$build"/bench/*; do
    [ -x "$b" ] && [ -f "$b" ] || continue
    case "$b" in *.txt|*.png|*.dat|*.gp) continue;; esac
    echo "-- $(basename "$b")" | tee -a "$out/units.txt"
    "$b" 2>/dev/null | tee -a "$out/units.txt"
done

echo "== building the OpenMP variant (make OMP=1)"
make -s OMP=1 all >/dev/null
available=$("$build/solver" --help | sed -n 's/^ *\([a-z-]*\): .*/\1/p')
engines=${ENGINES:-$(for e in astar hda ida greedy; do grep -qx "$e" <<<"$available" && echo -n "$e "; done)}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
field() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p"; }

table="$out/engines.txt"
dat="$out/engines.dat"
printf '%-6s %-4s %-7s %-5s %9s %12s %12s %8s\n' map pool engine thr seconds expanded nodes/s cost | tee "$table"
: > "$dat"
for m in $maps; do
    map="puzzles/sokoban/course/$m.txt"
    for e in $engines; do
        for pool in ws omp; do
            bin="$build/solver"; [ "$pool" = omp ] && bin="build-omp/solver"
            for t in $threads; do
                secs=(); exp=0; cost=-
                for ((r = 0; r < reps; r++)); do
                    json=$("$bin" --plugin sokoban --input "$map" --engine "$e" --threads "$t" --memory-limit "$memory" \
                           --time-limit 60 --stats json 2>&1 >/dev/null | grep '^{' || true)
                    secs+=("$(field seconds <<<"$json")")
                    exp=$(field expanded <<<"$json")
                    cost=$(field solution_cost <<<"$json"); cost=${cost:-none}
                done
                s=$(printf '%s\n' "${secs[@]}" | median)
                nps=$(awk -v e="$exp" -v s="$s" 'BEGIN { printf "%.0f", (s > 0 ? e / s : 0) }')
                printf '%-6s %-4s %-7s %-5s %9.3f %12s %12s %8s\n' "$m" "$pool" "$e" "$t" "$s" "$exp" "$nps" "$cost" | tee -a "$table"
                echo "$m $pool $e $t $s $exp $nps" >> "$dat"
            done
        done
    done
done

if command -v gnuplot >/dev/null; then
    gp="$out/engines.gp"
    {
        echo "set terminal png size 1000,600; set output '$out/engines.png'"
        echo "set title 'solver engines on Sokoban course maps: nodes expanded per second'"
        echo "set style data histograms; set style histogram clustered; set style fill solid 0.8; set boxwidth 0.9"
        echo "set ylabel 'nodes/s'; set xtics rotate by -30; set key outside"
        echo "plot '$dat' using 7:xtic(sprintf('%s %s %s', stringcolumn(1), stringcolumn(3), stringcolumn(2))) every ::0 title 'all runs (1 then 2 threads per group)'"
    } > "$gp"
    gnuplot "$gp" && echo "plot: $out/engines.png"
else
    echo "gnuplot not installed (apt-get install gnuplot-nox): no plot"
fi
echo "tables: $out/units.txt $table"
