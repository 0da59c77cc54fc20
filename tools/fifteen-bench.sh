#!/usr/bin/env bash
# fifteen-bench: the out-of-tree example plugin (tools/plugin-example) on Korf's 15-puzzle
# instances, never part of `make test`. Installs the solver into BUILD/fifteen-bench/prefix,
# builds the example there through pkg-config (as a third party would), then solves each
# instance optimally with each engine at each thread count and compares the length with
# Korf's. Prints and writes BUILD/fifteen-bench/results.txt: instance, optimum, engine,
# threads, moves found, expanded, wall and user seconds, peak memory.
# Usage: tools/fifteen-bench.sh [BUILD]   Environment: LEVELS (Korf numbers, default
# "79 12 9 94 28 45 61 81 78 5 2"), ENGINES (default "ida"), THREADS (default "1 2"),
# TIME_LIMIT (seconds per run, default 600), MEMORY (default 2G).
set -euo pipefail
build=${1:-build}
levels=${LEVELS:-"79 12 9 94 28 45 61 81 78 5 2"}
engines=${ENGINES:-ida}
threads=${THREADS:-"1 2"}
limit=${TIME_LIMIT:-600}
memory=${MEMORY:-2G}
root=$(pwd)
out="$root/$build/fifteen-bench"
rm -rf "$out"
mkdir -p "$out"
make -s install PREFIX="$out/prefix" BUILD="$build" >/dev/null
cp -r "$out/prefix/share/doc/solver/plugin-example" "$out/fifteen"
export PKG_CONFIG_PATH="$out/prefix/lib/pkgconfig"
make -s -C "$out/fifteen" libfifteen.so
solver="$out/prefix/bin/solver"
plugin="$out/fifteen/libfifteen.so"
file="$out/fifteen/puzzles/korf100.txt"
printf '%-6s %-7s %-6s %-7s %-6s %-12s %-9s %-9s %-9s\n' korf optimum engine threads moves expanded wall_s user_s peak_KB | tee "$out/results.txt"
for level in $levels; do
    expected=$(grep -E '^[[:space:]]*[0-9]' "$file" | sed -n "${level}p" | awk '{print $NF}')
    for engine in $engines; do
        for t in $threads; do
            /usr/bin/time -f '%e %U %M' -o "$out/time" "$solver" --plugin "$plugin" --input "$file" --level "$level" \
                --option goal=first --engine "$engine" --threads "$t" --time-limit "$limit" --memory-limit "$memory" \
                --stats json >"$out/answer" 2>"$out/stats" || true
            moves=$(tr -d ' \n' <"$out/answer" | wc -c | tr -d ' ')
            [ "$moves" -gt 0 ] || moves=none
            expanded=$(grep -o '"expanded": *[0-9]*' "$out/stats" | head -1 | grep -o '[0-9]*$' || echo '?')
            read -r wall user peak <"$out/time"
            flag=""
            [ "$moves" = "$expected" ] || flag="  <- not the optimum"
            printf '%-6s %-7s %-6s %-7s %-6s %-12s %-9s %-9s %-9s%s\n' "$level" "$expected" "$engine" "$t" "$moves" \
                "$expanded" "$wall" "$user" "$peak" "$flag" | tee -a "$out/results.txt"
        done
    done
done
echo "(the machine's other load shows in wall times: repeat runs before comparing them)"
