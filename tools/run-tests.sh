#!/usr/bin/env bash
# Runs every test binary given, then prints one summary line "N passed, N failed" (test cases).
set -uo pipefail
passed=0; failed=0; status=0
for bin in "$@"; do
    echo "== $bin"
    out=$(mktemp)
    # shellcheck disable=SC2086  # TEST_ARGS holds doctest options, split on purpose
    "$bin" ${TEST_ARGS:-} 2>&1 | tee "$out"
    rc=${PIPESTATUS[0]}
    line=$(grep -E '^\[doctest\] test cases:' "$out" | tail -n 1)
    p=$(sed -E 's/.*\| *([0-9]+) passed.*/\1/' <<<"$line"); f=$(sed -E 's/.*\| *([0-9]+) failed.*/\1/' <<<"$line")
    [[ "$p" =~ ^[0-9]+$ ]] || p=0
    [[ "$f" =~ ^[0-9]+$ ]] || f=1
    passed=$((passed + p)); failed=$((failed + f))
    [ "$rc" -eq 0 ] || status=1
    rm -f "$out"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] || status=1
exit $status
