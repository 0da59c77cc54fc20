#!/usr/bin/env bash
# Survey whole Sokoban collections under a CPU limit, for sets the solver was never tuned on
# (session 25, issue 7). For each SET (a name in the collections' folder, e.g. microban2, or a
# path to an .xsb file): first the known solutions are replayed (build/bench/sokoban-replay, when
# SET.sol exists: a conversion or replay problem shows before the solver is judged), then every
# level (or those after --levels) is run by tools/sokoban-gate.sh under `ulimit -t CPU` (CPU
# seconds over all threads, so a loaded machine changes the wall time, not the result much), and
# a summary follows the gate's rows (tools/sokoban-gate-summary.sh): solved/levels, the CPU
# seconds summed over the solved and over all runs, the unsolved levels, and any run that is a
# bug (a known solution exists, so "unsolvable" (exit 1), an error (the gate's exit-N), a failed
# verification, or a crash (the gate's signal-N)).
#   python3 tools/sokoban-collections.py          (once: fetches the sets into the folder below)
#   make tools
#   tools/sokoban-survey.sh [--cpu 20] [--threads 2] [--build build] [--dir DIR] \
#       [--levels 'K1 K2 ...'] [--extra 'SOLVER ARGS'] SET...
#   e.g. tools/sokoban-survey.sh --cpu 20 microban2 grigorusha grigorusha-special
# DIR defaults to $SOLVER_CACHE_DIR/sokoban or ~/.cache/solver/sokoban.
set -uo pipefail
cpu=20; threads=2; build=build; levels=; extra=; sets=()
dir=${SOLVER_CACHE_DIR:-$HOME/.cache/solver}/sokoban
while [ $# -gt 0 ]; do
    case "$1" in
        --cpu) cpu=$2; shift 2;;
        --threads) threads=$2; shift 2;;
        --build) build=$2; shift 2;;
        --dir) dir=$2; shift 2;;
        --levels) levels=$2; shift 2;;
        --extra) extra=$2; shift 2;;
        -h|--help) sed -n '2,17p' "$0"; exit 0;;
        *) sets+=("$1"); shift;;
    esac
done
[ ${#sets[@]} -gt 0 ] || { echo "usage: $0 [--cpu N] [--levels 'K ...'] SET..." >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
status=0
for s in "${sets[@]}"; do
    f=$s; [ -f "$f" ] || f=$dir/$s.xsb
    [ -f "$f" ] || { echo "$s: no such set ($f); run python3 tools/sokoban-collections.py first" >&2; status=2; continue; }
    echo "== $f (--cpu $cpu, --threads $threads, $(date -u +%Y-%m-%dT%H:%M:%SZ), load $(cut -d' ' -f1-3 /proc/loadavg))"
    if [ -f "${f%.xsb}.sol" ] && [ -x "$build/bench/sokoban-replay" ]; then
        "$build/bench/sokoban-replay" "$f" || status=1
    fi
    ks=$levels
    if [ -z "$ks" ]; then
        n=$(grep -c '^; [0-9]' "$f" || true)
        ks=$(seq 1 "${n:-1}" | tr '\n' ' ')
    fi
    # shellcheck disable=SC2086 # the level list is words on purpose
    rows=$("$here/sokoban-gate.sh" --cpu "$cpu" --threads "$threads" --file "$f" --set cur "$build" "$extra" $ks)
    echo "$rows"
    "$here/sokoban-gate-summary.sh" <(echo "$rows") || status=1
done
exit $status
