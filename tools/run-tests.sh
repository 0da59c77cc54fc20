#!/usr/bin/env bash
# Runs every test binary given, then prints one summary line "N passed, N failed" (test cases)
# with the tests' wall seconds (the build before them not counted).
#
# The binaries run side by side on TEST_JOBS job slots (default: the number of cores), and a
# binary with more than TEST_SHARD test cases (default 50) passing the filters is split into
# shards of consecutive test cases (doctest's --first/--last over its fixed file-and-line order),
# so that the two largest binaries do not run alone on one core while the other idles: most test
# cases are single-threaded. The binaries named in TEST_WHOLE (default cube_tests, whose test
# cases share small table files in one cache folder and check how they were built) are never
# split. Each unit's output is printed whole when it ends. TEST_JOBS=1 runs them one after the
# other, in the order given.
set -uo pipefail
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
shard=${TEST_SHARD:-50}
whole=" ${TEST_WHOLE:-cube_tests} "
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "run-tests.sh: TEST_JOBS must be a positive number, not '$jobs'" >&2; exit 2; }
[[ "$shard" =~ ^[1-9][0-9]*$ ]] || { echo "run-tests.sh: TEST_SHARD must be a positive number, not '$shard'" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# SOLVER_TEST_THREAD_LOG=FILE: each test case appends to FILE the threads and processes it started
# (tests/doctest_main/main.cc; builds without a sanitizer only); emptied first.
[ -z "${SOLVER_TEST_THREAD_LOG:-}" ] || : >"$SOLVER_TEST_THREAD_LOG"

# The units: "binary first last" (first = 0: the whole binary, its own count).
units=()
for bin in "$@"; do
    # shellcheck disable=SC2086  # TEST_ARGS holds doctest options, split on purpose
    n=$("$bin" ${TEST_ARGS:-} --count 2>/dev/null | sed -nE 's/.*passing the current filters: *([0-9]+).*/\1/p')
    if [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -gt "$shard" ] && [[ "$whole" != *" $(basename "$bin") "* ]]; then
        parts=$(( (n + shard - 1) / shard ))
        for ((k = 0; k < parts; k++)); do
            units+=("$bin $((k * n / parts + 1)) $(((k + 1) * n / parts))")
        done
    else
        units+=("$bin 0 0")
    fi
done

# Runs unit number $1; its output goes to $work/$1.out, its result to $work/$1.res as
# "rc passed failed seconds" (wall seconds, shown with the unit so that CI's slow units can be
# found from its log).
run_unit() {
    local i=$1 bin first last range=() out rc line p f start=$SECONDS
    read -r bin first last <<<"${units[$i]}"
    [ "$first" -gt 0 ] && range=(--first="$first" --last="$last")
    out="$work/$i.out"
    # shellcheck disable=SC2086
    "$bin" ${TEST_ARGS:-} "${range[@]}" >"$out" 2>&1
    rc=$?
    line=$(grep -E '^\[doctest\] test cases:' "$out" | tail -n 1)
    p=$(sed -E 's/.*\| *([0-9]+) passed.*/\1/' <<<"$line"); f=$(sed -E 's/.*\| *([0-9]+) failed.*/\1/' <<<"$line")
    [[ "$f" =~ ^[0-9]+$ ]] || f=1
    if [[ ! "$p" =~ ^[0-9]+$ ]]; then p=0
    # With a range, doctest's summary still counts every test case passing the filters as
    # passed; the shard's own are its range less its failures.
    elif [ "$first" -gt 0 ]; then p=$((last - first + 1 - f)); [ "$p" -ge 0 ] || p=0
    fi
    echo "$rc $p $f $((SECONDS - start))" >"$work/$i.res"
}

show_unit() {
    local i=$1 bin first last rc p f secs took=""
    read -r bin first last <<<"${units[$i]}"
    [ -f "$work/$i.res" ] && read -r rc p f secs <"$work/$i.res" && took=" ($secs s)"
    if [ "$first" -gt 0 ]; then
        echo "== $bin$took (test cases $first-$last of those passing the filters; doctest's summary counts them all)"
    else
        echo "== $bin$took"
    fi
    cat "$work/$i.out"
}

running=0
declare -A pid_unit=()
finish_one() {
    local done_pid
    wait -n -p done_pid
    show_unit "${pid_unit[$done_pid]}"
    unset "pid_unit[$done_pid]"
    running=$((running - 1))
}
for i in "${!units[@]}"; do
    [ "$running" -lt "$jobs" ] || finish_one
    run_unit "$i" &
    pid_unit[$!]=$i
    running=$((running + 1))
done
while [ "$running" -gt 0 ]; do finish_one; done

passed=0; failed=0; status=0
for i in "${!units[@]}"; do
    if [ -f "$work/$i.res" ]; then read -r rc p f _ <"$work/$i.res"; else rc=1 p=0 f=1; fi
    passed=$((passed + p)); failed=$((failed + f))
    [ "$rc" -eq 0 ] || status=1
    # A failing unit is named again here, with its failing test cases and first error lines and
    # any sanitizer report, so that the last lines of a long log (all a CI summary may keep) say
    # what failed.
    if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
        read -r bin first last <<<"${units[$i]}"
        echo "FAILED: $bin$([ "$first" -gt 0 ] && echo " (test cases $first-$last)") exit $rc, $f failed"
        awk '/^TEST CASE:/ { tc = $0; sub(/^TEST CASE: */, "", tc) }
             /: (FATAL )?ERROR: / && n < 8 { print "  in " tc ": " $0; n++ }
             /^(==[0-9]+==ERROR: |WARNING: ThreadSanitizer|SUMMARY: )/ && m < 4 { print "  " $0; m++ }' "$work/$i.out"
    fi
done
echo "$passed passed, $failed failed (tests $SECONDS s)"
[ "$failed" -eq 0 ] || status=1
exit $status
