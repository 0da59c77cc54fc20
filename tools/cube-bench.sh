#!/usr/bin/env bash
# Cube benchmarks (not tests): figures for the README and the issue.
#   tools/cube-bench.sh tables            sizes of the cached pattern databases (and depth counts)
#   tools/cube-bench.sh rebuild           delete and rebuild the $TABLES tables (fst4, fstp, fstp2, fst or large), timed
#                                         (fstp: only its own file; fstp2: only its own, converted from fstp's
#                                         when that is cached, else built directly; OPTIONS=fstp2_build=direct
#                                         builds it directly whatever is cached)
#   tools/cube-bench.sh optimal [MAXLEN] [TIMEOUT] [MINLEN]
#                                         every position of puzzles/cube/optimal.txt whose proven
#                                         length is in MINLEN..MAXLEN (default 0..20), optimal mode,
#                                         2 threads, tables $TABLES, each with --time-limit TIMEOUT
#                                         (default 1800 s); checks the length against the proven one;
#                                         prints wall time of the process (table loading included),
#                                         CPU time, the search's wall and CPU time and generated
#                                         nodes from the log
#   tools/cube-bench.sh fast [N] [SEED]   N (default 1000) uniformly random states from a fixed
#                                         seed, fast mode (max_length 20): all verified (the CLI
#                                         replays every answer), longest, median and mean time;
#                                         phase 1's bound $PHASE1 (default table: the exact table,
#                                         built and cached on first use; small: the three small ones),
#                                         phase 2's $PHASE2 (default table, likewise; small: the two small
#                                         ones), more plugin options from $OPTIONS (e.g. "fast_ahead=off")
# Environment: BUILD (default build), THREADS (default 2), TABLES (default auto, the plugin's default:
# nx where cube-nx.pdb is cached, else fstp2, the log says which; or nx, fstp2, fstp, fst4, fst, large; rebuild: auto means fstp2), LEVELS (optimal:
# only these levels, e.g. "3 6 7"), OPTIONS (optimal and fast: more plugin options, e.g. "order_tasks=prev batch=0"),
# SOLVER_CACHE_DIR (default ~/.cache/solver).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
THREADS=${THREADS:-2}
TABLES=${TABLES:-auto}
SOLVER="$BUILD/solver"
what=${1:-all}
cache=${SOLVER_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/solver}
[ -x "$SOLVER" ] && [ -f "$BUILD/plugins/libcube.so" ] || make -s all

tables() {
    echo "== pattern databases in $cache"
    ls -l "$cache"/cube-*.pdb 2>/dev/null | awk '{printf "%-60s %8.1f MiB\n", $9, $5/1048576}'
    # Entries per depth from each file's header (magic, corners, k, items[16], size, bytes, sum, counts[16]).
    python3 - "$cache" <<'PY'
import glob, os, struct, sys
known = [1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736]
for path in sorted(glob.glob(os.path.join(sys.argv[1], "cube-*.pdb"))):
    with open(path, "rb") as f:
        h = f.read(232)
    name = os.path.basename(path)
    if h[:8] in (b"CUBEFST1", b"CUBEFST4", b"CUBEFSP4", b"CUBEFSP2"):  # magic, classes, size, bytes, sum, counts[24]
        classes, size = struct.unpack("<2Q", h[8:24])
        counts = [c for c in struct.unpack("<24Q", h[40:232]) if c]
        print(f"{name}: {classes} classes x 2187 twists{' x 2 parities' if h[:8] in (b'CUBEFSP4', b'CUBEFSP2') else ''} = {size} entries; per depth {counts}")
        continue
    counts = [c for c in struct.unpack("<16Q", h[56:184]) if c]
    note = ""
    if name == "cube-c01234567.pdb":
        note = "  (matches the published corner counts)" if counts == known else "  (DIFFERS from the published corner counts!)"
    print(f"{name}: per depth {counts}{note}")
PY
}

rebuild() {
    [ "$TABLES" = auto ] && TABLES=fstp2  # auto never builds the N table; its fallback is fstp2
    case "$TABLES" in
        fst) rm -f "$cache"/cube-c01234567.pdb "$cache"/cube-fst.pdb "$cache"/cube-fst-classes.bin ;;
        fst4) rm -f "$cache"/cube-c01234567.pdb "$cache"/cube-fst4.pdb "$cache"/cube-fst-classes.bin ;;
        fstp) rm -f "$cache"/cube-fstp4.pdb "$cache"/cube-fstp4.pdb.verified ;;
        fstp2) rm -f "$cache"/cube-fstp2.pdb "$cache"/cube-fstp2.pdb.verified ;;  # see fstp2_build
        large) rm -f "$cache"/cube-c01234567.pdb "$cache"/cube-e0123456.pdb "$cache"/cube-e56789ab.pdb ;;
        *) echo "rebuild: TABLES must be fst4, fstp, fstp2, fst or large" >&2; exit 2 ;;
    esac
    echo "== building the $TABLES tables with $THREADS threads, options ${OPTIONS:-(defaults)}"
    local extra=()
    for o in ${OPTIONS:-}; do extra+=(--option "$o"); done
    /usr/bin/time -f "total %e s wall, %U s user, %S s system, max RSS %M KiB" \
        "$SOLVER" --plugin cube --input "R U" --threads "$THREADS" --option tables="$TABLES" "${extra[@]}" --stats text 2>&1 |
        grep -E "table|total"
}

optimal() {
    local maxlen=${1:-20} timeout=${2:-1800} minlen=${3:-0} file=puzzles/cube/optimal.txt
    echo "== optimal mode, tables $TABLES, $THREADS threads, options ${OPTIONS:-(defaults)}, positions of proven length $minlen..$maxlen ($file)"
    local level=0 ok=0 bad=0 skipped=0 log
    log=$(mktemp)
    while IFS= read -r line; do
        case "$line" in '#'*|'') continue ;; esac
        level=$((level + 1))
        local want=${line##*; }
        if [ "$want" -gt "$maxlen" ] || [ "$want" -lt "$minlen" ]; then skipped=$((skipped + 1)); continue; fi
        if [ -n "${LEVELS:-}" ] && ! grep -qw "$level" <<<"$LEVELS"; then skipped=$((skipped + 1)); continue; fi
        local out got rc search scpu gen cpu wall extra=()
        for o in ${OPTIONS:-}; do extra+=(--option "$o"); done
        set +e
        out=$(/usr/bin/time -f "TIME %e %U %S" "$SOLVER" --plugin cube --input "$file" --level "$level" --threads "$THREADS" \
            --option tables="$TABLES" "${extra[@]}" --time-limit "$timeout" --stats text 2>"$log")
        rc=$?
        set -e
        got=$(awk 'NF {print NF; exit}' <<<"$out")
        [ "$rc" -eq 0 ] || got="-"
        wall=$(awk '/^TIME/ {print $2}' "$log")
        cpu=$(awk '/^TIME/ {print $3 + $4}' "$log")
        # The last finished iteration: "cube: depth D done, N nodes expanded, G generated so far, S s
        # (R M generated/s), C s CPU" (older tables: no CPU field)
        search=$(grep -E "depth [0-9]+ done" "$log" | tail -1 | sed -E 's/.* so far, ([0-9.]+) s.*/\1/')
        scpu=$(grep -E "depth [0-9]+ done" "$log" | tail -1 | sed -nE 's/.*, ([0-9.]+) s CPU$/\1/p')
        gen=$(grep -E "depth [0-9]+ done" "$log" | tail -1 | sed -E 's/.*expanded, ([0-9]+) generated.*/\1/')
        local verdict=OK
        if [ "$got" != "$want" ]; then verdict=WRONG; bad=$((bad + 1)); else ok=$((ok + 1)); fi
        [ "$rc" -eq 3 ] && verdict="TIMEOUT"
        printf "level %2d  proven %2s  found %2s  %8.2f s wall %8.2f s cpu  search %8s s wall %8s s cpu  %12s generated  %s  %s\n" \
            "$level" "$want" "$got" "$wall" "$cpu" "${search:--}" "${scpu:--}" "${gen:--}" "$verdict" "$out"
    done <"$file"
    rm -f "$log"
    echo "optimal: $ok at the proven length, $bad not (failed or timed out), $skipped skipped (outside $minlen..$maxlen)"
}

fast() {
    local n=${1:-1000} seed=${2:-20261121}
    mkdir -p "$BUILD/bench"
    g++ -std=c++17 -O2 -Iinclude tools/cube-random.cc plugins/cube/cube.cc -o "$BUILD/bench/cube-random"
    local input="$BUILD/bench/cube-random-$n-$seed.txt" stats="$BUILD/bench/cube-fast-$n-$seed.json"
    "$BUILD/bench/cube-random" "$n" "$seed" >"$input"
    echo "== fast mode: $n random states (seed $seed), max_length 20, phase1=${PHASE1:-table}, phase2=${PHASE2:-table}, options ${OPTIONS:-(defaults)}, $THREADS threads, one process"
    local t0 t1 extra=()
    for o in ${OPTIONS:-}; do extra+=(--option "$o"); done
    t0=$(date +%s.%N)
    "$SOLVER" --plugin cube --input "$input" --level all --option mode=fast --option "phase1=${PHASE1:-table}" \
        --option "phase2=${PHASE2:-table}" "${extra[@]}" --threads "$THREADS" --stats json \
        >"$BUILD/bench/cube-fast-$n-$seed.out" 2>"$stats"
    t1=$(date +%s.%N)
    python3 - "$stats" "$n" <<'PY'
import json, sys, statistics
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
n = int(sys.argv[2])
solved = [r for r in rows if r["result"] == "solved"]
lengths = [r["solution_cost"] for r in solved]
verified = sum(1 for r in solved if r["verified"])
secs = sorted(r["seconds"] for r in solved)
print(f"solved {len(solved)}/{n}, verified {verified}, longest {max(lengths)} moves, mean length {statistics.mean(lengths):.2f}")
print(f"time per cube: median {statistics.median(secs)*1e3:.2f} ms, mean {statistics.mean(secs)*1e3:.2f} ms, "
      f"90th pct {secs[int(0.9*len(secs))]*1e3:.1f} ms, max {secs[-1]*1e3:.0f} ms (the first includes the table setup)")
hist = {}
for l in lengths: hist[l] = hist.get(l, 0) + 1
print("lengths:", " ".join(f"{k}:{hist[k]}" for k in sorted(hist)))
PY
    echo "wall time for all: $(echo "$t1 - $t0" | bc) s; answers in $BUILD/bench/cube-fast-$n-$seed.out"
}

case "$what" in
    tables) tables ;;
    rebuild) rebuild ;;
    optimal) shift; optimal "$@" ;;
    fast) shift; fast "$@" ;;
    all) tables; fast; optimal ;;
    *) echo "usage: $0 tables|rebuild|optimal [MAXLEN [TIMEOUT [MINLEN]]]|fast [N [SEED]]|all" >&2; exit 2 ;;
esac
