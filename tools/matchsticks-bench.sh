#!/usr/bin/env bash
# matchsticks-bench.sh -- time the matchsticks plugin: the full S = 0..14 squares table of
# 4x4, 5x5, 6x6 (7x7 with BOARDS="4 5 6 7") and the 10x10 no-dangling counts for R = 0..16
# (and all R), at 1 and 2 threads. Prints a Markdown table: wall seconds, CPU seconds
# (user + sys, from /usr/bin/time), exit code, and an md5 of the output so runs at different
# thread counts can be seen to agree.
#
#   tools/matchsticks-bench.sh                 # build/solver, boards 4 5 6, threads 1 2
#   BOARDS="4 5 6 7" LIMIT=3600 tools/matchsticks-bench.sh
#   THREADS="1 2 4" BUILD=build tools/matchsticks-bench.sh
#
# A run that passes LIMIT seconds is stopped by the solver's own --time-limit (exit 3).
# Wall time on a shared machine depends on its load; the CPU column is the steadier figure.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
BOARDS=${BOARDS:-"4 5 6"}
THREADS=${THREADS:-"1 2"}
LIMIT=${LIMIT:-600}
SOLVER="$BUILD/solver"
[ -x "$SOLVER" ] || { echo "no $SOLVER: run make first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package 'time')" >&2; exit 2; }

run() {  # label threads args...
    local label=$1 threads=$2
    shift 2
    local out err
    out=$(mktemp) err=$(mktemp)
    /usr/bin/time -f "%e %U %S" -o "$err.time" "$SOLVER" --plugin matchsticks --threads "$threads" \
        --time-limit "$LIMIT" --quiet "$@" >"$out" 2>"$err"
    local rc=$?
    read -r wall user sys <"$err.time"
    local cpu
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    printf '| %-34s | %7s | %9s | %8s | %4s | %s |\n' "$label" "$threads" "$wall" "$cpu" "$rc" \
        "$(md5sum <"$out" | cut -c1-8)"
    rm -f "$out" "$err" "$err.time"
}

echo "matchsticks benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf '| %-34s | %7s | %9s | %8s | %4s | %s |\n' "run" "threads" "wall (s)" "CPU (s)" "exit" "output md5"
echo "|------------------------------------|---------|-----------|----------|------|------------|"
for b in $BOARDS; do
    for t in $THREADS; do run "squares $b x $b, S = 0..14" "$t" --input "$b $b"; done
done
for t in $THREADS; do
    run "nodangling 10 x 10, R = 0..16" "$t" --input "10 10" --option mode=nodangling --option r=0..16
done
for t in $THREADS; do
    run "nodangling 10 x 10, R = 0..220" "$t" --input "10 10" --option mode=nodangling
done
