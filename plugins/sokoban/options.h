// options.h -- the --option key=value switches; each technique can be turned off so its
// effect can be measured.
#ifndef SOKOBAN_OPTIONS_H
#define SOKOBAN_OPTIONS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <solver/plugin.h>

#include "heuristic.h"

namespace sokoban {

// packside=t0|t1 (session 28): the side on one thread's FESS members only (fess.h pack_side_of).
enum : int { PACKSIDE_T0 = 3, PACKSIDE_T1 = 4 }; // after packing.h's PACK_SIDE_OFF|ON|OWN (0-2)
// packside=t1reach (session 29): packing.h's reach (5) on thread 1's FESS members only, as t1
// does with on (fess.h pack_side_of).
enum : int { PACKSIDE_T1REACH = 6 };

struct Options {
    bool deadsquares = true;                       // deadsquares=on|off
    bool freeze = true;                            // freeze=on|off
    bool corral = true;                            // corral=on|off
    bool frozengoals = true;                       // frozengoals=on|off (frozengoals.h)
    bool roomfill = true;                          // roomfill=on|off (roomfill.h)
    bool localdead = true;                         // localdead=on|off (localdead.h)
    bool ldshared = true;                          // ldcache=shared|thread (localdead_cache.h)
    bool ldprobe = true;                           // ldprobe=on|off (localdead.h)
    int ldradius = 1;                              // ldradius=1|2|mixed (localdead.h)
    bool ldmixed = true;                           // mixed (the default): radius 2 on the portfolio's greedy searches
    int ldbudget = 100;                            // ldbudget=N, 1..100000 (localdead.h)
    bool ldlocal = true;                           // ldlocal=on|off: the local sub-search's child player without a flood when exact (localdead.cc)
    bool ldcore = false;                           // ldcore=off|on (localdead.h): after a wide clump (radius 2) not proven dead, its touching core
    uint32_t ldleft = 0;                           // ldleft=off|all|LIST (CD_* bits below; localdead.h): the searches that also test the clumps beside the pushed box's old cell
    bool fgfast = true;                            // fgfast=on|off: the frozen-goal matching on goal masks, stopped early (frozengoals.cc)
    bool fgplayer = false;                         // fgplayer=on|off: the frozen-goal test's player region (frozengoals.h); off: it pruned nothing the later tests keep (NOTES.md, session 40)
    bool corralplayer = true;                      // corralplayer=on|off: a child's player from the PI-corral test's corral labels when a corral opens onto the pushed box's cell (search.cc, child_player)
    bool playerstop = true;                        // playerstop=on|off: child_player's flood stops at the parent's smallest cell (search.cc)
    bool pirescan = false;                         // pimerge=resume|rescan: find_pi_corral rescans from the first box after a merge (corral.h)
    bool sides = true;                             // sides=on|off (heuristic distances)
    bool tunnels = true;                           // tunnels=on|strict|off (tunnel macro, macros.h)
    bool tunnels_strict = false;                   // strict: the macro replaces the push; on: beside it
    bool goalroom = true;                          // goalroom=on|strict|off (goal-room macro, macros.h)
    bool goalroom_strict = false;                  // strict: the macro replaces the push; on: beside it
    bool portfolio = true;                         // portfolio=on|off (portfolio.h, 2+ threads)
    bool ordering = true;                          // ordering=on|off (ordering.h, the portfolio's ties)
    HeuristicKind heuristic = HeuristicKind::matching; // heuristic=matching|greedy|none
    MatchingMode matching = MatchingMode::cached;  // matching=cached|incremental|full (heuristic.h)
    // learn=on|off (learn.h, session 41): the best-first searches prove the state they expand
    // dead with a bounded search when their credit (learnrate=N sub-states an expansion) covers
    // a probe (learnbudget=N sub-states, then learnshrink=N for each box left out), and every
    // forward search prunes a child holding a learned pattern (learnmax=N patterns at most).
    // learn=off|on|t0|t1 (0-3): which portfolio threads' best-first searches probe and prune
    // (on: every one); the FESS members and the other engines never ask the table.
    int learn = 0;
    int learnbudget = 2000, learnshrink = 500, learnrate = 4, learnmax = 100000;
    // learncharge=off|N (session 42): N of a best-first search's probe sub-states count as one of
    // its expansions toward fess0after/fess1after, so that its FESS members start at about the
    // CPU time they would without the probes (0: off, the probes delay them).
    int learncharge = 0;
    bool dupskip = true;                           // dupskip=on|off: best-first searches drop stored children before their bound (search.h Scratch::known)
    bool fessadvice = true; // fessadvice=on|off: FESS's advisor moves (packing, opening the floor) cost 0, not 1
    bool fessorder = true; // fessorder=on|off: FESS's packed feature follows the packing order (packing.h)
    int fesstoward = 2; // fesstoward=off|on|chain (0, 1, 2): FESS's advisor frees pushes that bring a box nearer the next layer's goals (chain: only the same box's next push)
    int fess = 1; // fess=off|share|on (fess.h): the portfolio's thread 1 runs greedy only (0), alternates greedy and FESS (1), FESS only (2)
    // fess0=off|on|chain (portfolio.h): the portfolio's thread 0 alternates its weighted A* with a
    // FESS member of its own after fess0after=N expansions (0 off, 1 fesstoward=on, 2 chain).
    int fess0 = 1;
    uint64_t fess0after = 1u << 16; // 2^16 since session 44 (2^18 before; NOTES.md)
    int fessbox = 0; // fessbox=off|on|t0|t1 (0-3, session 46; t0|t1 as fessrooms): a FESS push of the box the push into the parent moved costs 0, whichever way (Festival's weight counts box moves, not pushes)
    int fessopen = 3; // fessopen=off|on|t0|t1 (0-3, default t1 since session 18): FESS's opener advisor (fess.h): a push that gives the other boxes more live pushes from the player's area costs 0; t0|t1 as fessrooms
    int fessgoals = 2; // fessgoals=off|on|t0|t1 (0-3, session 20; t0 the default since session 21; t0|t1 as fessrooms): FESS members prune a push that freezes a box on a goal when the other boxes cannot fill the open goals with the player's side kept (sidegoals.h)
    int fesswalls = 0; // fesswalls=off|on|t0|t1 (0-3, session 24; t0|t1 as fessgoals): FESS members prune a child where the boxes outside the frozen ones cannot fill the goals left with every box frozen on a goal as a wall and the player's side kept (frozenwalls.h)
    int fessseal = 4; // fessseal=off|on|t0|t1|fess0 (0-4, session 21, default fess0 since session 22; t0|t1 as fessrooms; fess0: thread 0's FESS member alone, not its plan mate or packall guest): FESS's seal count (seal.h) as a cell coordinate; a push that lowers it costs 0, a move that raises it is never advised and the packing macro tries the next box instead
    int fessstrand = 0; // fessstrand=off|on|cell (0-2; session 26): FESS's stranded count (strand.h), the boxes left without a goal when the goals of the full packing layers are walls: a push that lowers it costs 0, a move that raises it is never advised and the packing macro tries the next box instead; cell: also a cell coordinate
    // fessowe=off|on|t0|t1 (0-3; session 33, helper owe33): FESS's packing macro passes over a packing (box, goal) that
    // leaves the other boxes fewer goals owed to them (fess.h: the goals of the layers up to the one being filled, with their
    // boxes, as walls, a matching in strand.h's relaxation), the plain macro's when it passes over all; t0|t1 as fessrooms
    int fessowe = 0;
    int fesshot = 0; // fesshot=off|1|2: FESS's hotspot advisor (fess.h), the least count that makes a hotspot
    int fessrooms = 1; // fessrooms=off|on|t0|t1 (0, 1, 2, 3): FESS's room-connectivity feature (rooms.h), a third cell coordinate; t0|t1: on for that thread's FESS members (and its packall guest) only, off on the other's (session 17, portfolio.cc)
    int fessplan = 0; // fessplan=off|on|all (0, 1, 2): FESS's out-of-plan feature (plan.h) as a fourth cell coordinate; on: boxes to be shut in or on later goals in the way, all: also boxes off the goals in the way
    int fesspack = 1; // fesspack=off|on|all (0, 1, 2): FESS's packing macro (one move pushes a box all the way onto a goal of the next packing layer, fess.h)
    int corraldead = 3; // corraldead=off|on|pi|fess0 (0, 1, 2, 3; corraldead.h), default fess0 (on for thread 0's FESS members only: the quiet XSokoban sweep solved 58/90 against 56 with off): after each push beside a corral, or once per expansion on the PI-corral; for all searches it costs more CPU than it saves (README)
    int cdbudget = 2000;    // cdbudget=N, 1..1000000: sub-states per corral deadlock test
    int cdextend = 4;       // cdextend=off|4|8|4all|8all|fess0 (0, 4, 8; fess0: 4all): the corral test's second search with the boxes beside|around the corral's (corraldead.h)
    bool cdextfess0 = true; // cdextend=fess0 (the default since session 22): the ring for thread 0's FESS member only, whatever cdextmembers says
    uint32_t cdextmembers = 0xff; // cdextmembers=all|LIST (CD_* bits below, session 22): with cdextend=4|8|4all|8all, the searches whose corral test runs it; the others the plain test
    bool cdextendall = true; // cdextend=4all|8all|fess0: that search also after a plain search that failed
    bool areatree = true; // areatree=on|off: with corraldead=on, the corral beside a single push and the child's player from the parent area's cut cells (areatree.h) or the parent's corral labels instead of floods
    // fess1with=greedy|plan|none (0, 1, 2; portfolio.h): what thread 1's FESS member alternates
    // with after greedy's first 2^18 expansions (fess=share): greedy, a second FESS member with
    // the out-of-plan feature (fessplan=on for it alone), or nothing (FESS alone); 3 (box,
    // session 46): a second member with the box-move advisor (fessbox=on for it alone), the
    // default since session 48 (none before).
    int fess1with = 3;
    uint64_t fess1after = 1u << 18; // fess1after=N: thread 1's greedy expansions before FESS starts (fess=share)
    int fess0with = 1; // fess0with=astar|plan|none (0, 1, 2): the same for thread 0's FESS member (fess0) and its weighted A*
    // fesscpu=off|T (tenths of a thread CPU second, 0-6000, -1 off; default off; session 39,
    // portfolio.cc): a thread's FESS members also start once the thread has used T/10 CPU s,
    // when its best-first search has not yet made fess0after/fess1after expansions. On the large
    // levels (40+ boxes) an expansion costs 50-150 us, so 2^18 of them take more than the
    // level's time and the members made for those levels never run (NOTES.md, session 39).
    int fesscpu = -1;
    // fessearly=off|N (portfolio.cc): from the best-first search's Nth expansion until
    // fess0after/fess1after, its thread's FESS member gets 1024 expansions after each 1024 of it
    // (off: 2^40, never). 2^16 since session 44 (off before): with fess0after 2^16 it changes
    // only thread 1, whose greedy search keeps half its thread until 2^18 (its late wins stay).
    uint64_t fessearly = 1ull << 16;
    // packorder=floor|start|t0|t1|match|park|park2 (0-6; packing.h): FESS's packing order frees a goal's box when
    // it is pulled onto any cell off the goals (floor) or out to a box's start cell (start); t0:
    // start for thread 0's FESS members only, floor for thread 1's; t1 the other way round.
    // match (4): as start, one box per start cell over the whole order (packing.h PACK_OUT_MATCH).
    // Default match since session 13: XSokoban 71 solved at 60 CPU s (not with start), none of
    // the must-stay levels lost (README); start was the default of session 12.
    // park (5): as match, with parking where match would fall back (packing.h PACK_OUT_PARK).
    // park2 (6, session 16): as park, two parks in a row allowed (packing.h PACK_OUT_PARK2).
    // park3 .. park8 (7-12, session 17): up to N parks in a row, a deeper search where park2's
    // order falls back (packing.h PACK_OUT_PARK2 + 1 .. PACK_OUT_PARK_LAST; fess.h pack_out_of).
    int packorder = 4;
    // packorder0=, packorder1=, packorderall=floor|start|match|park|park2|park3..park8 (packing.h PACK_OUT_* 0-10;
    // -1: packorder's rule): the packing order of thread 0's FESS members (fess0 and its plan
    // mate), of thread 1's, and of the packall guest, whatever packorder says (fess.h
    // pack_out_of; portfolio.cc computes each distinct order once per level). Default since
    // session 17: park3 (5) on every member (session 16: park2 (4); session 15: park on thread
    // 0's members, match on the others); packorder= sets each of the three not given to -1
    // (packorder's rule, options.cc).
    int packorder0 = 5, packorder1 = 5, packorderall = 5;
    int packside = PACKSIDE_T1; // default t1 since session 28 (GRIGoRusha 19 solved, no level lost); packside=off|on (0-1, packing.h PACK_SIDE_*; session 27, packing.h compute_packing_order's side): every FESS member's packing order keeps the player's side (a goal is filled only while the goals still to fill and the boxes still to come are on the player's side of it)
    // session 28: own (2, packing.h PACK_SIDE_OWN: the variant on every member), t0|t1 (3-4,
    // PACKSIDE_T0|T1: on for one thread's FESS members only; fess.h pack_side_of)
    int fessturns = 0; // fessturns=cells|packed|mixed (0, 1, 2; fess.h): FESS's turns go round the non-empty cells (cells), or round the packed counts first and the cells of each in turn (packed); mixed: packed on thread 0's members only, cells on thread 1's (portfolio.cc)
    // cdmembers=all|LIST (CD_* bits below): the searches that run corraldead=on|pi; the others
    // run without it (portfolio.h names the members).
    uint32_t cdmembers = 0xff;
    // back=off|t0|t1|only (0-3; backward.h, portfolio.cc): the backward (pull) search member on
    // thread 0 or thread 1 beside what that thread runs (1024 of its expansions after every 4096
    // of the thread's own; greedy), or alone on every thread (only: even threads greedy, odd
    // weighted A* w=1.5; the forward searches do not run). Default t0, as a capped greedy guest
    // (backcpu=10 backcap=3 backorder=greedy: README session 15; backcap 1 until session 25).
    int back = 1;
    // backcpu=off|P (1-90; portfolio.h CpuShares): with back=t0|t1, the backward member is
    // weighted A* w=1.5 and gets P% of that thread's CPU time instead of 1024 expansions per
    // 4096, from the thread's best-first expansion backafter=N on (0 off).
    int backcpu = 10;
    uint64_t backafter = 0;
    // backcap=S (0 none): with backcpu, the backward guest is dropped (its memory freed) once it
    // has used S CPU seconds. backorder=auto|greedy|weighted (0-2): with back=t0|t1, its order
    // (auto: greedy, weighted A* w=1.5 with backcpu). Default 3 since session 25 (1 before): on
    // Sasquatch I the greedy guest wins 19 of the 33 levels solved at 60 CPU s, and 18 and 33
    // need it for about 1.5 CPU s (it stood at estimate 0 and 1 when dropped at 1 s); the 3 s
    // are reached only after about 30 CPU s of its thread (NOTES.md, session 25).
    int backcap = 3;
    // backorder=fess (3, session 32): the guest in the feature-space order (backward.h).
    int backorder = 1;
    // backfess=off|on|sr|order (0-3; backward.h BACK_FESS_*, session 32): with back=only, the
    // even threads' members (greedy otherwise) run the feature-space order over pulls (on:
    // starts, regions and goals; sr: starts and regions; order: starts in the fill order); the
    // odd threads stay weighted A* w=1.5.
    int backfess = 0;
    // backcap2=S (0 off; README session 16): with backcpu and backcap, a second stage of the
    // guest once the first has used its backcap: weighted A* w=1.5 (a new search after a greedy
    // first stage, the same one continued after a weighted one) with backcpu2=P% (1-90) of the
    // thread's CPU time until it has used S more CPU seconds. With it the guest's memory share
    // is a quarter (not a sixteenth) of the thread's. Session 35's defaults (the lead's quiet gate,
    // NOTES.md): backcap2=6 backcpu2=50 backorder2=fess backstage2=stall, which win Sasquatch I
    // 12 and start the stage on none of XSokoban's long must-stay levels.
    int backcap2 = 6;
    int backcpu2 = 50;
    // backorder2=weighted|fess|order (0-2; backward.h BACK_STAGE2_*, session 33): the second
    // stage's order: weighted A* w=1.5 (the default until session 35), the feature-space order
    // (as backfess=on; the default since) or its fill-order variant (as backfess=order), a new
    // search either way.
    int backorder2 = 1;
    // backstage2=always|stall (0-1; portfolio.h StageGate, session 35; default stall): with
    // backcap2, whether the second stage starts at the first stage's cap always (as before), or
    // only when the first stage's least estimate has not fallen for its last backstill2=P%
    // (1-100, 75) of its CPU seconds and the thread's own searches have not progressed for the
    // last P% of the thread's (a skipped stage: the guest is dropped, as without backcap2).
    int backstage2 = 1;
    int backstill2 = 75;
    // backstart2=off|T (tenths of a guest CPU second, 1-600; default 5 since session 37, with
    // backguard2=45; off before; portfolio.h
    // StageGate::early, session 36): with backcap2, the second stage also starts before the
    // first stage's cap, at the first reading where the guest's least estimate has not fallen
    // and the thread's own searches have not progressed for the last T/10 of the guest's CPU
    // seconds (both still over the same stretch), a new search beside the first stage, which
    // goes on until its own cap; at the cap, backstage2 decides as before (when it did not start
    // early).
    int backstart2 = 5;
    // backguard2=off|P (percent, 1-1000; default 45 since session 37's gates; portfolio.h StageGate::guard_passes,
    // session 37): with backstart2, the early start also needs the thread's best-first
    // search's least h to be at most P% of the backward guest's roots' estimate
    // (BackwardSearch::root_h): the forward side has come close to the goal in estimate and
    // stands there. Made to keep the early stage off the long XSokoban levels thread 0's FESS
    // member wins (least h 75-80 % of the roots' there, 4-29 % on the Sasquatch levels the
    // early stage wins; NOTES.md session 37).
    int backguard2 = 45;
    // backshare=fixed|progress|host|guest (0-3; portfolio.h BackShare, session 26): with
    // backcpu, the guest's share is backhigh=P% (1-90) instead of backcpu while it is ahead
    // (its estimate fell after the host's last progress: guest), while the host (the thread's
    // own searches) has not progressed for backstall=S CPU seconds of the thread (host), or
    // either (progress); fixed: backcpu always. Default progress with backhigh=30 since session
    // 26 (lead's quiet sweeps: GRIGoRusha 129/140 at 10 s against 127, special 39/40 against 38,
    // XSokoban the same 72/90 at 30 s in 8 % more time on the 72; NOTES.md session 26).
    int backshare = 1;
    int backhigh = 30;
    int backstall = 1;
    // backahead=off|T (tenths of a CPU second, 1-600; default off): with backshare, instead of
    // backhigh the guest may run at most T/10 s ahead of backcpu's schedule while up, and pays
    // it back when not (portfolio.h BackShare).
    int backahead = 0;
    // backroot=off|N (1-100000; default off, session 27): with backshare, a level whose backward
    // roots' least estimate (the matching of the goals to the start cells) is above N keeps the
    // guest at backcpu (as fixed); at or below N backshare as set (portfolio.h BackShare).
    int backroot = 0;
    // backmeet=off|on (README session 17): count the backward guest's new children found in
    // thread 0's forward store (the log's "N meets"); a measurement, off by default since
    // session 17 (0 meets on XSokoban 87 in 2.25 M expansions, session 16).
    bool backmeet = false;
    // packall=off|t0|t1|fess0|fess1 (0-4, default t1): a guest FESS member with the packing macro on every
    // box (fesspack=all for it alone) on thread 0 or 1, packallcpu=P% (1-90) of the thread's CPU
    // time until it has used packallcap=S CPU seconds (0: no cap); fess0|fess1: thread 0's or
    // 1's own FESS member (and its plan mate) with fesspack=all instead, no guest.
    int packall = 2;
    int packallcpu = 10;
    int packallcap = 1;
    // mateshare=fixed|progress|lease (0, 1, 2; portfolio.h MateLead, NOTES.md sessions 19, 20):
    // a FESS member and its plan mate (fess0with=plan, fess1with=plan) take 4096 and 1024
    // expansions in turn (fixed), or the one whose highest packed count rose last takes the 4096
    // (progress), or, after a rise of the mate's count that took it G expansions, the mate takes
    // it for its next matelease=N * G expansions, then the member again (lease).
    int mateshare = 2; // lease since session 21 (XSokoban 70/90 at 30 s against 69; 44 about 6 % more CPU; NOTES.md sessions 20, 21)
    int matelease = 2;
    // twinslice=N (session 50): the short slice, in expansions, of thread 1's FESS member and its
    // box twin (fess1with=box); the long slice stays 4096 and goes as mateshare says. 4096 (the
    // default since session 50) splits the thread evenly whoever leads; 1024, a plan mate's
    // short slice, was the twin's until then (XSokoban at 30 s: 75 of 90 against 73; NOTES.md,
    // session 50). With mateslice=cpu|atleast the short slice comes from the CPU time instead.
    int twinslice = 4096;
    // mateslice=count|cpu|atleast (0, 1, 2; portfolio.h MateSlices, session 23): the short slice of a FESS
    // member and its plan mate's round is 1024 expansions (count) or a quarter of the CPU time
    // the long slice (4096 expansions) just took (cpu: the pair's CPU 4:1 whatever an expansion
    // of each costs); with fessearly, cpu gives the mate the early turn when its CPU time is
    // below a quarter of the member's, instead of every fifth turn. atleast (2): as cpu, but
    // the mate's short slice never below 1024 expansions, the member's never above.
    int mateslice = 0;
    // tieorder0=fifo|lifo|hash|rev|transpose, tieorder1 likewise (0-4; ordering.h ChildOrder,
    // session 24): the order among the children of equal (priority, tie) in thread 0's weighted
    // A* (tieorder0) and thread 1's greedy search (tieorder1). fifo: generation order, older
    // nodes first; lifo: newer first; hash: a fixed pseudo-random order (the child's hash mixed
    // with a seed of the thread's); rev: the children of one expansion in reversed generation
    // order; transpose: in the order the transposed map would generate them (boxes column by
    // column, directions left, up, right, down).
    int tieorder0 = 0;
    int tieorder1 = 0;
    // tieguest=off|t0|t1 (0, 1, 2; portfolio.cc TieGuest, session 24): a second weighted A*
    // w=1.5 whose equal children go in the order tieguestorder (as tieorder0; default hash), a
    // guest of thread 0 or 1 with tieguestcpu% of its CPU time from its start until it has used
    // tieguestcap CPU seconds (0: no cap); tieguestseed=N picks the hash order.
    // Default t1 at 2 % (session 24): XSokoban 72/90 at 30 s instead of 71, no level lost, the
    // others' time unchanged (NOTES.md, session 24, the lead's sweeps).
    int tieguest = 2;
    int tieguestorder = 2;
    int tieguestcpu = 2;
    int tieguestcap = 1;
    int tieguestseed = 1; // tieguestseed=N: the hash order's seed (each N another order)
};

// The searches cdmembers names: the runtime's engines (1 thread, portfolio=off, --engine), the
// portfolio's thread 0 weighted A*, thread 1 greedy, their FESS members (fess0, fess1), their
// plan members (fess0with=plan, fess1with=plan), and the searches of threads 2 and up.
enum : uint32_t {
    CD_ENGINE = 1, CD_ASTAR = 2, CD_GREEDY = 4, CD_FESS0 = 8, CD_PLAN0 = 16, CD_FESS1 = 32, CD_PLAN1 = 64, CD_REST = 128
};
// The corral deadlock mode (0 off, 1 on, 2 pi) of the search `member` (a CD_* bit).
// corraldead=fess0 (3): `on` for thread 0's FESS member and its plan mate only, whatever
// cdmembers says (measured: they gain, thread 1's FESS member loses; README).
inline int corraldead_mode(const Options &o, uint32_t member) {
    if (o.corraldead == 3) return (member & (CD_FESS0 | CD_PLAN0)) ? 1 : 0;
    return (o.cdmembers & member) ? o.corraldead : 0;
}

// cdextend of the search `member` (a CD_* bit): the option's ring (4|8), or 0 where
// cdextmembers leaves it out.
inline int cdextend_of(const Options &o, uint32_t member) {
    return (o.cdextfess0 ? member == CD_FESS0 : (o.cdextmembers & member) != 0) ? o.cdextend : 0;
}

// ldleft (localdead.h, local_deadlock_left): does the search `member` (a CD_* bit) test the
// clumps beside the cell a pushed box left?
inline bool ldleft_on(const Options &o, uint32_t member) { return (o.ldleft & member) != 0; }

extern const char *const OPTIONS_HELP;

// The accepted keys with their values ("freeze=on|off", ...), in the order of the unknown-key
// error's list.
const std::vector<std::string> &option_entries();

// false with `error` set on an unknown key (the nearest keys and where all are listed) or a bad
// value (the values accepted).
bool parse_options(const solver_option *options, size_t count, Options &out, std::string &error);

} // namespace sokoban

#endif
