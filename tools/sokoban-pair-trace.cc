// sokoban-pair-trace: thread 0's FESS member or its plan mate (fess0with=plan) alone, run in
// slices of STEP expansions (the portfolio's pair_round slices are multiples of 1024), printing
// after each slice its expansions and highest packed count (the figure mateshare's rules read),
// and at the end its outcome. The counts are deterministic, so a schedule of the two members
// (mateshare=fixed|progress|hold...) can be replayed on the two traces offline: a member's
// course does not depend on how its expansions are sliced.
//   make -j2 all   (the plugin's objects), then
//   g++ -std=c++17 -O2 -Iinclude tools/sokoban-pair-trace.cc build/obj/plugins/sokoban/*.o -o build/bench/sokoban-pair-trace
//   build/bench/sokoban-pair-trace FILE LEVEL EXPANSIONS MEMBER(0|p) STEP [key=value ...]
// Output: one line "E P" per slice (expansions so far, max packed), then "end STATUS E".
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <solver/plugin.h>

#include "../plugins/sokoban/fess.h"
#include "../plugins/sokoban/search.h"
#include "sokoban-driver.h"

int main(int argc, char **argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: %s FILE LEVEL EXPANSIONS MEMBER(0|p) STEP [key=value ...]\n", argv[0]);
        return 2;
    }
    const uint32_t level = static_cast<uint32_t>(std::atoi(argv[2]));
    const uint64_t budget = std::strtoull(argv[3], nullptr, 10);
    const char member = argv[4][0];
    const uint64_t step = std::max<uint64_t>(1, std::strtoull(argv[5], nullptr, 10));
    sokoban::Instance inst;
    if (!load_driver_instance(argv[1], level, argv + 6, argv + argc, inst)) return 2;
    sokoban::FessSearch search(inst, 4ull << 30);
    if (inst.options.ldmixed) search.scratch().localdead.radius = 1; // thread 0's, as portfolio.cc
    search.set_order(sokoban::pack_out_of(inst.options, sokoban::PACK_FOR_FESS0));
    search.scratch().corraldead.mode =
        sokoban::corraldead_mode(inst.options, member == 'p' ? sokoban::CD_PLAN0 : sokoban::CD_FESS0);
    search.scratch().corraldead.extend = sokoban::cdextend_of(inst.options, member == 'p' ? sokoban::CD_PLAN0 : sokoban::CD_FESS0);
    search.scratch().localdead.left = sokoban::ldleft_on(inst.options, member == 'p' ? sokoban::CD_PLAN0 : sokoban::CD_FESS0);
    if (inst.options.fessrooms >= 2) search.set_rooms(sokoban::fess_rooms_on(inst.options, true));
    if (inst.options.fessopen >= 2) search.set_open(sokoban::fess_on_thread(inst.options.fessopen, true));
    if (member == 'p') {
        search.set_plan(std::max(1, inst.options.fessplan));
        search.set_chain(true);
    } else {
        search.set_chain(inst.options.fess0 == 2);
    }
    sokoban::FessSearch::Status st = sokoban::FessSearch::Status::running;
    while (search.expanded() < budget) {
        const uint64_t before = search.expanded();
        st = search.run(step, {});
        std::printf("%llu %u\n", static_cast<unsigned long long>(search.expanded()), search.max_packed());
        if (st != sokoban::FessSearch::Status::running || search.expanded() == before) break;
    }
    const char *names[] = {"running", "solved", "exhausted", "memory"};
    std::printf("end %s %llu\n", names[static_cast<int>(st)], static_cast<unsigned long long>(search.expanded()));
    return 0;
}
