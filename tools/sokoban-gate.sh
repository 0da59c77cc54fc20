#!/usr/bin/env bash
# A/B gate for portfolio settings on Sokoban levels: one process per level and setting under
# `ulimit -t CPU` (CPU seconds over all threads), the settings interleaved level by level (the
# order alternates from one level to the next, so a drift in the machine's load falls on both):
#   tools/sokoban-gate.sh [--cpu 60] [--threads 2] [--file F] \
#       --set NAME BUILD 'EXTRA ARGS' [--set NAME2 BUILD2 'EXTRA ARGS2' ...] LEVEL...
# e.g. tools/sokoban-gate.sh --set base build '' --set back build '--option backcpu=30' 14 87
# One row per run: level, setting, result (solved / cpu-limit / the solver's result / signal-N
# for a crash / exit-N for an exit without statistics), pushes,
# verified (the plugin's verifier replayed it), the winner (the portfolio's log line), user and
# sys CPU seconds, wall seconds, the UTC time it ended and the load average then.
set -uo pipefail
cpu=60; threads=2; file=puzzles/sokoban/xsokoban_90.xsb; names=(); builds=(); args=(); levels=()
while [ $# -gt 0 ]; do
    case "$1" in
        --cpu) cpu=$2; shift 2;;
        --threads) threads=$2; shift 2;;
        --file) file=$2; shift 2;;
        --set) names+=("$2"); builds+=("$3"); args+=("$4"); shift 4;;
        *) levels+=("$1"); shift;;
    esac
done
[ ${#names[@]} -gt 0 ] || { echo "usage: $0 [--cpu N] --set NAME BUILD 'ARGS' ... LEVEL..." >&2; exit 2; }
field() { grep -o "\"$1\":\"\{0,1\}[^,\"}]*" | head -n 1 | sed 's/^"[^"]*":"\{0,1\}//'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-5s %-10s %-10s %6s %8s %-22s %7s %6s %7s %-8s %s\n' level setting result pushes verified winner user sys wall utc load
n=${#names[@]}; row=0
for k in "${levels[@]}"; do
    for ((j = 0; j < n; ++j)); do
        i=$(( (row % 2 == 0) ? j : n - 1 - j ))
        # shellcheck disable=SC2086 # the extra args are words on purpose
        (
            ulimit -t "$cpu"
            /usr/bin/time -o "$tmp/time" -f "%e %U %S" "${builds[$i]}/solver" --plugin sokoban --input "$file" \
                --level "$k" --threads "$threads" --time-limit 100000 --stats json ${args[$i]} >"$tmp/out" 2>"$tmp/err"
        )
        rc=$?
        json=$(grep '^{' "$tmp/err" | tail -n 1)
        # No statistics line: the CPU limit (SIGKILL at the hard limit, SIGXCPU at the soft one),
        # unless the solver died of another signal (a crash) or exited on its own without one.
        sig=$(sed -n 's/.*terminated by signal \([0-9]*\).*/\1/p' "$tmp/time" | head -n 1)
        result=$(field result <<<"$json")
        if [ -z "$result" ]; then
            if [ -n "$sig" ] && [ "$sig" != 9 ] && [ "$sig" != 24 ]; then result=signal-$sig
            elif [ -z "$sig" ] && [ "$rc" -ne 0 ] && [ "$rc" -lt 128 ]; then result=exit-$rc
            else result=cpu-limit; fi
        fi
        pushes=-; verified=-; winner=-
        if [ "$result" = solved ]; then
            pushes=$(field solution_cost <<<"$json"); verified=$(field verified <<<"$json")
            winner=$(sed -n 's/.*portfolio: \(.*\) won.*/\1/p' "$tmp/err" | head -n 1 | tr ' ' '_')
        fi
        read -r wall user sys < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+$' "$tmp/time" | tail -n 1)
        printf '%-5s %-10s %-10s %6s %8s %-22s %7s %6s %7s %-8s %s\n' "$k" "${names[$i]}" "$result" "$pushes" "$verified" \
            "${winner:--}" "$user" "$sys" "$wall" "$(date -u +%H:%M:%S)" "$(cut -d' ' -f1 /proc/loadavg)"
    done
    row=$((row + 1))
done
