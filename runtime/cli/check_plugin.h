// check_plugin: `solver --check-plugin NAME|PATH [--input FILE] [--level K] [--option k=v]
// [--threads N] [--time-limit S]`, the conformance check a plugin author runs.
//
// It loads the plugin, then checks the rules of include/solver/plugin.h one by one and prints
// one line per rule: PASS, FAIL (with the reason and where) or SKIP (with why), then a summary.
// Rules that need an instance (expansion, hashing, heuristic, thread safety, engines,
// verifier) run on the level of --input; without --input they are skipped.
//
// Contract: every group of checks that calls into the plugin runs in a forked child process
// with a deadline, so a plugin that crashes or hangs fails that check with the signal or the
// time it took instead of taking the checker down. The parent process never starts a thread
// (fork then copies a single-threaded process). Returns the exit code: 0 when no check failed,
// 1 when one did, 2 for a usage error (plugin not found, unreadable --input).
#pragma once

#include "cli/options.h"

namespace solver {

int run_check_plugin(const cli_options& options);

}  // namespace solver
