#!/usr/bin/env bash
# Summary of tools/sokoban-gate.sh output (a survey of a collection with one setting, or an A/B
# gate): per setting the levels run, the levels solved, the CPU seconds (user + sys) summed over
# the solved levels and over all, the load average's range, and the unsolved levels listed by
# their result (cpu-limit, or the solver's own result such as unsolvable or error: every level of
# a standard collection has a solution, so anything but solved or cpu-limit is a bug to look at).
#   tools/sokoban-gate-summary.sh GATE_OUTPUT...      (several files: one summary over them all)
# Exit status 1 when some run is such a bug (tools/sokoban-survey.sh relies on it).
# A line "== NAME" in the output (a loop over collections that echoes it before each gate run)
# starts a group of its own: NAME is put before the setting's name.
# A row whose result is cpu-limit can show a little less CPU than the limit: the gate's ulimit -t
# kills the process on the kernel's CPU clock, and /usr/bin/time reports the rusage split.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 GATE_OUTPUT..." >&2; exit 2; }
awk '
    $1 == "==" { group = $2 " "; next }
    $1 == "level" || NF < 11 { next }
    {
        s = group $2; if (!(s in n)) order[++groups] = s
        n[s]++; cpu = $7 + $8; all[s] += cpu
        if (!(s in lo) || $11 < lo[s]) lo[s] = $11
        if (!(s in hi) || $11 > hi[s]) hi[s] = $11
        if ($3 == "solved") { ok[s]++; solved[s] += cpu; if ($5 != "true") bad[s] = bad[s] " " $1 "(unverified)" }
        else if ($3 == "cpu-limit") lim[s] = lim[s] " " $1
        else bad[s] = bad[s] " " $1 "(" $3 ")"
    }
    END {
        for (i = 1; i <= groups; i++) {
            s = order[i]
            printf "%s: %d/%d solved; CPU %.1f s on the solved, %.1f s in all; load %s-%s\n", s, ok[s], n[s], solved[s], all[s], lo[s], hi[s]
            printf "  not solved (cpu-limit):%s\n", (s in lim) ? lim[s] : " none"
            if (s in bad) { printf "  BUG (every level has a solution):%s\n", bad[s]; bugs = 1 }
        }
        exit bugs
    }' "$@"
