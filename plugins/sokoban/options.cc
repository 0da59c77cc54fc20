// options.cc -- see options.h.
#include "options.h"
#include "packing.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace sokoban {

const char *const OPTIONS_HELP =
    "deadsquares=on|off          (on) never push a box onto a dead square: a cell from which no\n"
    "                            goal can be reached by pushes (found by pulling from every goal)\n"
    "freeze=on|off               (on) prune pushes that freeze a box off a goal: blocked on both\n"
    "                            axes by walls, dead squares or other frozen boxes (chains, 2x2)\n"
    "frozengoals=on|off          (on) prune pushes that freeze a box on a goal (with its frozen\n"
    "                            group) when the goals left can then no longer all be filled: no\n"
    "                            matching of the other boxes to them with the frozen boxes as walls\n"
    "fgfast=on|off               (on) that test's matching on one goal mask per box (any number\n"
    "                            of goals), a greedy start, stopped at the first box left without\n"
    "                            a goal (off: the full matching): the same verdicts, less CPU\n"
    "fgplayer=on|off             (off) that test also takes the boxes frozen on goals as walls for\n"
    "                            the player: a box off a goal, or an empty goal, outside the\n"
    "                            player's region then is a deadlock (the player sealed in by boxes\n"
    "                            on goals; so far the later tests prune the same children)\n"
    "roomfill=on|off             (on) prune pushes that leave a group of adjacent goals (pieces of\n"
    "                            up to 12) in a filling that can never be completed (a table per\n"
    "                            piece, from a backward search from the full piece)\n"
    "localdead=on|off            (on) local deadlock search: after a push, a bounded search (100\n"
    "                            states) on the pushed box and the boxes touching it, all other\n"
    "                            boxes removed; a clump that can never get all its boxes onto goals\n"
    "                            (proven by exhausting the sub-search) prunes the push (cached)\n"
    "ldcache=shared|thread       (shared) the local deadlock results: one table for all threads\n"
    "                            (striped locks; a clump one thread proved is not searched again)\n"
    "                            or one table per thread\n"
    "ldprobe=on|off              (on) ask that table with the player's own cell before the flood\n"
    "                            that finds the clump's player area (a hit needs no flood)\n"
    "ldradius=1|2|mixed          (mixed) the clump: boxes within 1 (touching) or 2 king steps of\n"
    "                            the pushed box and of each other (up to 5); mixed: 2 in the\n"
    "                            portfolio's greedy searches, 1 elsewhere\n"
    "ldbudget=N                  (100) sub-states the local deadlock search expands per test\n"
    "ldlocal=on|off              (on) in that search, a child's player area from a look at the\n"
    "                            cells around the pushed box instead of a flood, when that is exact\n"
    "                            (no box dropped, no area split): the same sub-states, less CPU\n"
    "ldleft=off|all|LIST         (off) the searches (names as cdmembers: engine, astar, greedy,\n"
    "                            fess0, plan0, fess1, plan1, rest, joined by '+') that after a push\n"
    "                            also run the local deadlock search on the clumps of the boxes\n"
    "                            beside the cell the pushed box left (a box leaving can make a\n"
    "                            clump testable that was too large when it formed)\n"
    "ldcore=off|on               (off) in the searches whose clumps take boxes within 2 king\n"
    "                            steps (ldradius=2; with mixed, FESS thread 1's member and the\n"
    "                            greedy searches), a clump not proven dead is followed by its\n"
    "                            core, the boxes touching the tested one, when that is another set\n"
    "corral=on|off               (on) PI-corral pruning: when an area the player cannot reach\n"
    "                            must be entered first, expand only the pushes into it (and a\n"
    "                            corral that can never be entered, unsolved, is a deadlock)\n"
    "corralplayer=on|off         (on) when a push opens corrals onto the box's old cell, the\n"
    "                            child's player from the corral test's labels (their smallest\n"
    "                            cells) instead of a flood: the same children, less CPU\n"
    "playerstop=on|off           (on) when a push may split the player's area, the flood that\n"
    "                            finds the child's player stops once it meets the parent's\n"
    "                            smallest cell (the answer is then known): the same children\n"
    "pimerge=resume|rescan       (resume) when the PI-corral test merges a corral into the one it\n"
    "                            tries, go on scanning the pushes where it stopped (rescan: from\n"
    "                            the first box again, as before): the same pushes, less CPU\n"
    "heuristic=matching|greedy|none\n"
    "                            (matching) lower bound on the pushes left: matching = minimum-cost\n"
    "                            perfect matching of boxes to goals by push distance (Hungarian;\n"
    "                            admissible, so --engine astar --weight 1 gives fewest pushes);\n"
    "                            greedy = each box takes the nearest free goal (cheaper, not\n"
    "                            admissible); none = 0\n"
    "tunnels=on|strict|off       (on) tunnel macro: a box pushed into a one-wide corridor (walls\n"
    "                            beside it and beside the player) is pushed on to the corridor's end\n"
    "                            in one step; on: beside the single push (cuts no solution); strict:\n"
    "                            instead of it (fewer branches, may cut every solution)\n"
    "goalroom=on|strict|off      (on) goal-room macro: a box pushed into a group of goals with one\n"
    "                            entrance goes straight on to the next goal of the group's packing\n"
    "                            order (computed backwards from the full group) in one step; on:\n"
    "                            beside the plain push (cuts no solution); strict: instead of it\n"
    "                            (fewer branches, but a wrong order can cut every solution)\n"
    "                            Both macros count each push in the cost. In 'on' mode they only add\n"
    "                            shortcuts: --weight 1 still gives the fewest pushes and an exhausted\n"
    "                            search still proves unsolvability; with a 'strict' one neither holds\n"
    "portfolio=on|off            (on) with --threads 2 or more, the default engine is the plugin's\n"
    "                            own 'solve': a portfolio of different searches, one per thread\n"
    "                            (weighted A* w=1.5, greedy, w=3, A*, ...), the first solution wins;\n"
    "                            off (or any --engine) runs the runtime's engine on all threads\n"
    "ordering=on|off             (on) move ordering in the portfolio's searches: among children\n"
    "                            of equal priority, push the box pushed last again first, then\n"
    "                            pushes onto a goal (orders ties only: no bound or proof changes)\n"
    "sides=on|off                (on) the heuristic's push distances respect which side of a box\n"
    "                            the player can reach (a box cannot turn around in a corridor);\n"
    "                            maps up to 2048 interior cells; still admissible\n"
    "matching=cached|incremental|full\n"
    "                            (cached) how the matching bound is computed, the same value in\n"
    "                            each mode: full = from scratch for every state; incremental = each\n"
    "                            child from its parent's solution (one augmentation); cached = also\n"
    "                            each child's solution kept (per thread, checked for optimality)\n"
    "                            for when it is expanded; paused while under 40% of lookups hit\n"
    "dupskip=on|off              (on) the portfolio's best-first searches drop a child already in\n"
    "                            their store before its bound, corral and local deadlock tests (the\n"
    "                            search would drop it as stored: the same search, less CPU); off:\n"
    "                            every child is bounded and tested first\n"
    "learn=off|on|t0|t1          (off) learned deadlocks: the portfolio's best-first searches (on:\n"
    "                            all; t0|t1: that thread's) prove the state they expand dead by a\n"
    "                            bounded search on its boxes alone (levels of up to 64 boxes),\n"
    "                            shrink the proof to the boxes that make it, and prune a child\n"
    "                            holding them with the player on the same side (learn.h)\n"
    "learnbudget=N               (2000) sub-states of a probe's first proof\n"
    "learnshrink=N               (500) sub-states of each shrinking step (one box left out)\n"
    "learnrate=N                 (4) sub-states of probe credit a best-first expansion earns; a\n"
    "                            probe runs when the credit covers its whole budget\n"
    "learnmax=N                  (100000) patterns kept per level\n"
    "learncharge=off|N           (off) N probe sub-states count as one best-first expansion toward\n"
    "                            fess0after/fess1after: the probes do not delay the FESS members\n"
    "fess=off|share|on           (share) the feature-space search (fess.h) in the portfolio's thread\n"
    "                            1: share runs greedy alone for fessearly (2^16) expansions, then\n"
    "                            greedy and FESS in turn until fess1after (2^18), then FESS (with\n"
    "                            what fess1with says, in slices of 1024 expansions); on runs FESS\n"
    "                            instead of greedy; off: greedy only\n"
    "fessorder=on|off            (on) FESS counts the boxes packed in a packing order from a\n"
    "                            backward search from the solved position (packing.h); off: every\n"
    "                            box on a goal\n"
    "fessadvice=on|off           (on) FESS's advisors: a push that packs a box (in the order) or\n"
    "                            joins floor areas costs 0 in its cell's order, any other 1; off:\n"
    "                            every push 1\n"
    "fesstoward=off|on|chain     (chain) one more FESS advisor: a push that brings a box nearer\n"
    "                            (in push distance) to the goals of the first packing layer not\n"
    "                            yet full costs 0; chain: only when it pushes the box the push\n"
    "                            before moved (the first push of a box's run costs 1)\n"
    "fess0=off|on|chain          (on) the portfolio's thread 0 also runs a FESS member of its own\n"
    "                            (fesstoward=on or chain for it) after A*'s first fess0after\n"
    "                            expansions, in slices of 1024 (with what fess0with says); off:\n"
    "                            weighted A* only\n"
    "fess0after=N                (65536) thread 0's expansions before its FESS member starts\n"
    "fesspack=off|on|all         (on) FESS's packing macro: beside the plain pushes, one move (cost 0\n"
    "                            in its cell's order) that pushes a box all the way onto an empty\n"
    "                            goal of the first packing layer not full, the other boxes fixed;\n"
    "                            all: one such move for every box that has one\n"
    "fessrooms=on|off|t0|t1      (on) a third FESS feature: the links between rooms (areas joined\n"
    "                            by one-wide doorways, rooms.h) that the boxes block; a push that\n"
    "                            unblocks one is advised (costs 0); t0|t1: on for the FESS members\n"
    "                            (and the packall guest) of the portfolio's thread 0|1 only\n"
    "fesshot=off|1|2             (off) FESS's hotspot advisor: the box that stops the most boxes\n"
    "                            beside it (at least 1 or 2) from a push nearer a goal; a push of\n"
    "                            it that leaves it stopping fewer costs 0\n"
    "fessgoals=off|on|t0|t1      (t0) FESS members prune a push that freezes a box on a goal\n"
    "                            when the other boxes cannot fill the open goals, the player's\n"
    "                            side kept (the frozen-goal test without that relaxation); t0|t1:\n"
    "                            on for the FESS members of the portfolio's thread 0|1 only\n"
    "fesswalls=off|on|t0|t1      (off) FESS members prune a child where, with every box frozen on\n"
    "                            a goal as a wall, the other boxes cannot fill the goals left (a\n"
    "                            matching; the player's side kept, also where he stands now);\n"
    "                            t0|t1: on for the FESS members of the portfolio's thread 0|1 only\n"
    "fessseal=off|on|t0|t1|fess0 (fess0) FESS's seal count (seal.h): the goals the boxes could no\n"
    "                            longer fill, the player's side kept, once the next packing layers\n"
    "                            are full; a cell coordinate, a push that lowers it costs 0, a move\n"
    "                            that raises it is not advised (nor taken by the packing macro);\n"
    "                            t0|t1: on for the FESS members of the portfolio's thread 0|1 only;\n"
    "                            fess0: thread 0's FESS member only (not its plan mate or guest)\n"
    "fessstrand=off|on|cell      (off) FESS's stranded count (strand.h): the boxes that no longer\n"
    "                            reach a goal of their own (nor have the player beside them) with\n"
    "                            the goals of the full packing layers as walls; a push that lowers\n"
    "                            it costs 0, a move that raises it is not advised (nor taken by the\n"
    "                            packing macro); cell: also a cell coordinate\n"
    "fessowe=off|on|t0|t1        (off) FESS's packing macro passes over a packing (box, goal) that\n"
    "                            leaves the other boxes fewer goals of their own (a matching in\n"
    "                            fessstrand's relaxation, the goals of the packing layers up to\n"
    "                            the one being filled walls where a box stands, the packed goal\n"
    "                            too): the box's other goals of the layer, then the next box; the\n"
    "                            plain choice when it passes over all; t0|t1: on for the FESS\n"
    "                            members of the portfolio's thread 0|1 only; never the packall\n"
    "                            guest\n"
    "fessbox=off|on|t0|t1        (off) FESS's box-move advisor: a push of the box the push into\n"
    "                            the parent moved costs 0, whichever way (so a box's whole run\n"
    "                            costs 1, as a move in Festival's weights); t0|t1: on for the\n"
    "                            FESS members of the portfolio's thread 0|1 only (not its\n"
    "                            packall guest)\n"
    "fessopen=off|on|t0|t1       (t1) FESS's opener advisor: a push after which the other boxes\n"
    "                            (off goals) have more live pushes from the player's area costs 0;\n"
    "                            t0|t1: on for the FESS members of the portfolio's thread 0|1 only\n"
    "                            (not its packall guest)\n"
    "fessplan=off|on|all         (off) a fourth FESS feature, the boxes out of the packing plan\n"
    "                            (plan.h): on a cell the goals of the layer being filled will shut\n"
    "                            in, or on a later layer's goal that cuts the next goals off (all:\n"
    "                            also off the goals); a push that lowers it costs 0\n"
    "corraldead=off|on|pi|fess0  (fess0) corral deadlock search: a bounded search (cdbudget states)\n"
    "                            on the boxes around an area the player cannot reach, all other\n"
    "                            boxes removed and boxes pushed out of it dropped; if they can\n"
    "                            neither break it open nor all reach goals (proven by exhausting\n"
    "                            the search) the position is pruned (cached, shared by threads).\n"
    "                            on: after every push beside such an area; pi: once per expansion\n"
    "                            on the PI-corral (cheaper, finds less); fess0 (default): on for\n"
    "                            the portfolio's thread 0 FESS member and its plan mate only\n"
    "                            (cdmembers ignored), the members it pays for; the runtime's\n"
    "                            engines and the other members run without it\n"
    "cdbudget=N                  (2000) sub-states the corral deadlock search expands per test\n"
    "cdextend=off|4|8|4all|8all|fess0 (fess0) with the corral deadlock search: the boxes beside\n"
    "                            (4) or around (8) the corral's boxes kept too (one ring, 12 boxes\n"
    "                            at most), searched where a corral box could be pushed out past\n"
    "                            them (4|8), or also where the corral's own boxes were searched and\n"
    "                            not proven dead (4all|8all: costlier); fess0: 4all for thread 0's\n"
    "                            FESS member only (not its plan mate), whatever cdextmembers says\n"
    "cdextmembers=all|LIST       (all) with cdextend=4|8|4all|8all, the searches (names as\n"
    "                            cdmembers) whose corral test runs it; the others run the plain test\n"
    "areatree=on|off             (on) with corraldead=on: the corral beside a single push and the\n"
    "                            child's player area from a depth-first tree of the parent's\n"
    "                            player area (which cells split it; built once per expansion when\n"
    "                            needed) and pushes into a corral from its labels, instead of a\n"
    "                            flood per push: the same states, fewer floods\n"
    "fess1with=greedy|plan|none|box\n"
    "                            (box) with fess=share, what thread 1's FESS member alternates\n"
    "                            with after greedy's first 2^18 expansions: greedy; plan, a second\n"
    "                            FESS member with the out-of-plan feature (fessplan=on for it\n"
    "                            alone); none: FESS alone from then on; box: a second member with\n"
    "                            the box-move advisor (fessbox=on for it alone), sharing the\n"
    "                            thread as plan does, evenly by default (twinslice)\n"
    "fess1after=N                (262144) thread 1's greedy expansions before FESS has the thread\n"
    "                            (share; from its fessearly-th on, in turn with greedy)\n"
    "fesscpu=off|T               (off) a thread's FESS members (fess0, fess=share) also start\n"
    "                            once the thread has used T/10 CPU s (0-6000), before\n"
    "                            fess0after/fess1after expansions of its best-first search (on\n"
    "                            large levels those take longer than the time limit)\n"
    "fess0with=astar|plan|none   (plan) what thread 0's FESS member (fess0) alternates with once it\n"
    "                            has started: the weighted A*; plan, a second FESS member with the\n"
    "                            out-of-plan feature (and fesstoward=chain); none: nothing\n"
    "fessturns=cells|packed|mixed (cells) whose turn it is in FESS: cells, each non-empty feature\n"
    "                            cell in turn (the paper's rule); packed, each packed count in\n"
    "                            turn, then the cells of that count in turn (the few cells with\n"
    "                            many boxes packed get as many turns as the many with few);\n"
    "                            mixed: packed for thread 0's FESS members, cells for thread 1's\n"
    "packorder=floor|start|t0|t1|match|park|park2|parkN\n"
    "                            (match) FESS's packing order (backward from the solved position):\n"
    "                            a goal's box is freed when it can be pulled onto any cell off the\n"
    "                            goals (floor) or out to a box's start cell (start: reversed, each\n"
    "                            layer can be filled from the start cells); t0: start for thread\n"
    "                            0's FESS members, floor for thread 1's; t1 the other way round\n"
    "                            (floor: the order before; start solves XSokoban 11 12 13 22);\n"
    "                            match: as start, but each box's start cell serves one goal at\n"
    "                            most (a matching; XSokoban 14's order no longer asks one box for\n"
    "                            two goals; solves XSokoban 71); park: as match, but where match\n"
    "                            would fall back a goal's box may be parked on a cell off the\n"
    "                            goals first (left there as a wall, moved onto its goal later);\n"
    "                            park2: as park, but two parks in a row may come before a box\n"
    "                            gets out (XSokoban 18); parkN (N 3 to 8): park2's order, but\n"
    "                            where that falls back and is not followable, a deeper search (up\n"
    "                            to N parks in a row, 10 times the budget; XSokoban 69, Microban\n"
    "                            98)\n"
    "packorder0=floor|start|match|park|park2|parkN, packorder1=..., packorderall=...\n"
    "                            (park3 unless packorder= is given, then packorder's) the packing\n"
    "                            order of thread 0's FESS members (fess0 and its plan mate), of\n"
    "                            thread 1's, or of the packall guest alone, whatever packorder\n"
    "                            says (in any position); each distinct order is computed once per\n"
    "                            level (packorder0=park packorder1=match packorderall=match: the\n"
    "                            session-15 portfolio)\n"
    "packside=off|on|own|t0|t1|reach|t1reach\n"
    "                            (t1) every FESS member's packing order (whichever rule) keeps\n"
    "                            the player's side: a goal is filled only while the goals still to\n"
    "                            fill and the boxes still to come are on the player's side of it\n"
    "                            (a goal row across the map is filled after the goals beyond it);\n"
    "                            own: as on, but a goal that joins a part shut out already is\n"
    "                            scored without itself (fewer, larger layers where the start cells\n"
    "                            are split from the start); t0|t1: on for one thread's FESS\n"
    "                            members only, the other thread's and the packall guest keep the\n"
    "                            order without it (t1 the default since session 28); reach: as\n"
    "                            own, but only where no goal of the round, nor one that could come\n"
    "                            free right after it, would join that part to the main one (keeps\n"
    "                            on's door-last splits); t1reach: reach on thread 1's members only\n"
    "fessearly=off|N             (65536) from the best-first search's Nth expansion on, until\n"
    "                            fess0after/fess1after, its thread's FESS member shares the thread\n"
    "                            with it (1024 expansions each in turn); then the usual schedule\n"
    "cdmembers=all|LIST          (all) with corraldead=on|pi, the searches that run the test, the\n"
    "                            others run without it; LIST joins with '+' any of: engine (the\n"
    "                            runtime's engines: 1 thread, portfolio=off or --engine), astar\n"
    "                            (the portfolio's thread 0 weighted A*), greedy (thread 1), fess0\n"
    "                            and fess1 (the FESS members of threads 0 and 1), plan0 and plan1\n"
    "                            (their plan members), rest (threads 2 and up); none: no search\n"
    "back=off|t0|t1|only         (t0) the backward (pull) search from the solved position to the\n"
    "                            start: on thread 0 (t0) or thread 1 (t1) of the portfolio, 1024\n"
    "                            expansions after every 4096 of that thread's own searches; only:\n"
    "                            the backward search alone on every thread (even threads greedy,\n"
    "                            odd weighted A* w=1.5)\n"
    "backcpu=off|P               (10) with back=t0|t1, the backward member is weighted A* w=1.5\n"
    "                            and gets P% (1-90) of that thread's CPU time (the thread's CPU\n"
    "                            clock read every 64 expansions and after each slice) instead of\n"
    "                            1024 expansions per 4096 of the thread's own\n"
    "backafter=N                 (0) with backcpu: the backward member starts after the thread's\n"
    "                            best-first search has made N expansions\n"
    "backcap=S                   (3) with backcpu: CPU seconds after which the backward member is\n"
    "                            dropped and its memory freed (0: never)\n"
    "backorder=auto|greedy|weighted|fess\n"
    "                            (greedy) with back=t0|t1: the backward member's order; auto: greedy,\n"
    "                            or weighted A* w=1.5 with backcpu (greedy solves XSokoban 15 in\n"
    "                            40k expansions, w=1.5 87 in 2.4M); fess: the feature-space order\n"
    "                            of backfess=on\n"
    "backfess=off|on|sr|order    (off) with back=only: the even threads' backward members (greedy\n"
    "                            otherwise) take the feature-space order: states filed by boxes on\n"
    "                            start cells, areas of the free floor and boxes on goals that are\n"
    "                            not start cells (sr: the first two; order: the start cells counted\n"
    "                            in a fill order, deepest first), the cells visited in turn, in\n"
    "                            each the state of least estimate, then least weight (a pull onto\n"
    "                            a start cell or one that joins areas is free, others cost 1)\n"
    "backcap2=S                  (6) with backcpu and backcap: once the backward member has used\n"
    "                            its backcap, a second stage in backorder2's order (weighted: the\n"
    "                            same search when the first was weighted already) for S\n"
    "                            more CPU seconds (0: none); the member's memory share is then a\n"
    "                            quarter of the thread's, not a sixteenth\n"
    "backcpu2=P                  (50) the second stage's share: P% (1-90) of the thread's CPU time\n"
    "backorder2=weighted|fess|order\n"
    "                            (fess) the second stage's order: weighted A* w=1.5, or the\n"
    "                            feature-space order of backfess=on (fess) or backfess=order (order)\n"
    "backstage2=always|stall     (stall) with backcap2: the second stage starts at the first\n"
    "                            stage's cap always, or only when both stand still (stall): the\n"
    "                            first stage's estimate has not fallen for its last backstill2% of\n"
    "                            its CPU seconds, nor the thread's own searches progressed (best h,\n"
    "                            FESS packed count) for the last backstill2% of the thread's;\n"
    "                            else the member is dropped at its backcap, as without backcap2\n"
    "backstill2=P                (75) backstage2=stall's share: P% (1-100)\n"
    "backstart2=off|T            (5) with backcap2: the second stage also starts before the\n"
    "                            first stage's cap, once the first stage's estimate has not fallen\n"
    "                            and the thread's own searches have not progressed (best h, FESS\n"
    "                            packed count) for the last T tenths of the member's CPU seconds\n"
    "                            (1-600), a new search beside the first, which goes on to its own\n"
    "                            backcap; at the cap backstage2 decides as before\n"
    "backguard2=off|P            (45) with backstart2: the early start only while the thread's\n"
    "                            best-first search's least h is at most P% (1-1000) of the first\n"
    "                            stage's roots' estimate: its forward side has come close to the\n"
    "                            goal in estimate and stuck there; off: no such condition\n"
    "backshare=fixed|progress|host|guest\n"
    "                            (progress) with backcpu: the backward member gets backhigh% of\n"
    "                            the thread instead of backcpu% while its estimate fell after the\n"
    "                            thread's own searches last progressed (guest), while those have\n"
    "                            not progressed (best h, FESS packed count) for backstall CPU s\n"
    "                            (host), or either (progress); fixed: backcpu% always; a fall of\n"
    "                            its estimate after u of its CPU s keeps it to u + backcap/3 at least\n"
    "backhigh=P                  (30) backshare's larger share: P% (1-90) of the thread's CPU time\n"
    "backstall=S                 (1) backshare=host|progress: the host's CPU seconds without\n"
    "                            progress after which the backward member gets backhigh\n"
    "backahead=off|T             (off) with backshare: instead of backhigh, the backward member\n"
    "                            may run T tenths of a CPU s ahead of backcpu's share while its\n"
    "                            turn is up, and pays it back when not\n"
    "backroot=off|N              (off) with backshare: on a level whose backward roots' estimate\n"
    "                            (goals matched to start cells) is above N, backcpu% always (as\n"
    "                            fixed); at or below N, backshare as set\n"
    "backmeet=off|on             (off) count the backward member's new children found in thread\n"
    "                            0's forward store (a measurement: the log's \"N meets\")\n"
    "packall=off|t0|t1|fess0|fess1\n"
    "                            (t1) a FESS member with the packing macro on every box\n"
    "                            (fesspack=all for it alone) as a guest on thread 0 or 1, with\n"
    "                            packallcpu% of that thread's CPU time, from the start, until it\n"
    "                            has used packallcap CPU seconds (solves XSokoban 14); fess0|fess1:\n"
    "                            thread 0's or 1's own FESS members take fesspack=all instead (no\n"
    "                            guest); none with fesspack=off, nor on a thread whose FESS\n"
    "                            member is off (fess=off: thread 1, fess0=off: thread 0)\n"
    "packallcpu=P                (10) the packall guest's share of its thread's CPU, 1-90 %\n"
    "packallcap=S                (1) CPU seconds after which the packall guest is dropped (0: never)\n"
    "mateshare=fixed|progress|lease (lease) a FESS member and its plan mate (fess0with=plan):\n"
    "                            4096 expansions to the member, 1024 to the mate, in turn (fixed);\n"
    "                            or the 4096 to whichever's highest packed count rose last\n"
    "                            (progress); or, after a rise of the mate's count that took it G\n"
    "                            expansions, to the mate for its next matelease*G expansions,\n"
    "                            else to the member (lease)\n"
    "matelease=N                 (2) mateshare=lease: the lease a rise buys, N times the\n"
    "                            expansions it took, 1-1000\n"
    "twinslice=N                 (4096) the short slice of thread 1's FESS member and its box\n"
    "                            twin (fess1with=box), 1-4096 expansions (the long one is 4096,\n"
    "                            to the one mateshare picks; 4096: the thread split evenly, 1024:\n"
    "                            the twin's share until session 50; mateslice=cpu|atleast set\n"
    "                            the short slice by CPU time instead)\n"
    "mateslice=count|cpu|atleast (count) the short slice of a FESS member and its plan mate:\n"
    "                            1024 expansions (count), or a quarter of the CPU time the long\n"
    "                            slice (4096 expansions) just took, at the short one's measured\n"
    "                            cost per expansion (cpu: the pair's CPU 4:1 whatever each\n"
    "                            expansion costs; with fessearly, the mate's early turn when its\n"
    "                            CPU time is below a quarter of the member's); atleast: as cpu,\n"
    "                            but the mate never fewer expansions than with count and the\n"
    "                            member never more\n"
    "tieorder0=fifo|lifo|hash|rev|transpose\n"
    "                            (fifo) the order among children of equal priority and tie in\n"
    "                            thread 0's weighted A*: generation order (boxes row by row, each\n"
    "                            up, left, down, right) older first (fifo), newer first (lifo), a\n"
    "                            fixed pseudo-random order (hash), each expansion's children\n"
    "                            reversed (rev) or as the transposed map generates them\n"
    "                            (transpose); no priority or bound changes\n"
    "tieorder1=...               (fifo) the same for thread 1's greedy search\n"
    "tieguest=off|t0|t1          (t1) a second weighted A* w=1.5 with the tie order\n"
    "                            tieguestorder as a guest of thread 0 or 1: tieguestcpu% of its\n"
    "                            CPU time from the start until it has used tieguestcap CPU s (the\n"
    "                            order alone wins or loses XSokoban 72, by orientation)\n"
    "tieguestorder=fifo|lifo|hash|rev|transpose\n"
    "                            (hash) the tie guest's order, as tieorder0\n"
    "tieguestcpu=P               (2) the tie guest's share of its thread's CPU, 1-90 %\n"
    "tieguestcap=S               (1) CPU seconds after which the tie guest is dropped (0: never)\n"
    "tieguestseed=N              (1) the seed of the tie guest's hash order (each N another order)\n"
    "Default engine: with 1 thread (or portfolio=off) astar --weight 1.5; with 2+ threads the\n"
    "portfolio ('solve'). --engine astar --weight 1 gives the fewest pushes (unless a macro is\n"
    "strict), --engine greedy is sometimes faster.\n";

namespace {

const char *const ACCEPTED =
    "accepted keys: deadsquares=on|off, freeze=on|off, frozengoals=on|off, fgfast=on|off, fgplayer=on|off, roomfill=on|off, localdead=on|off, ldcache=shared|thread, ldprobe=on|off, ldradius=1|2|mixed, ldbudget=N, ldlocal=on|off, ldleft=off|all|LIST (as cdmembers), ldcore=off|on, corral=on|off, corralplayer=on|off, playerstop=on|off, pimerge=resume|rescan, heuristic=matching|greedy|none, "
    "sides=on|off, tunnels=on|strict|off, goalroom=on|strict|off, portfolio=on|off, ordering=on|off, matching=cached|incremental|full, dupskip=on|off, learn=off|on|t0|t1, learnbudget=N, learnshrink=N, learnrate=N, learnmax=N, learncharge=off|N, "
    "fess=off|share|on, fessorder=on|off, fessadvice=on|off, fesstoward=off|on|chain, fesspack=off|on|all, fessrooms=on|off|t0|t1, fesshot=off|1|2, fessgoals=off|on|t0|t1, fesswalls=off|on|t0|t1, fessseal=off|on|t0|t1|fess0, fessstrand=off|on|cell, fessowe=off|on|t0|t1, fessbox=off|on|t0|t1, fessopen=off|on|t0|t1, fessplan=off|on|all, fess0=off|on|chain, fess0after=N, corraldead=off|on|pi|fess0, cdbudget=N, cdextend=off|4|8|4all|8all|fess0, cdextmembers=all|LIST, areatree=on|off, fess1with=greedy|plan|none|box, fess1after=N, fesscpu=off|T, fess0with=astar|plan|none, fessturns=cells|packed|mixed, packorder=floor|start|t0|t1|match|park|park2|parkN, packorder0=floor|start|match|park|park2|parkN, packorder1=floor|start|match|park|park2|parkN, packorderall=floor|start|match|park|park2|parkN, packside=off|on|own|t0|t1|reach|t1reach, fessearly=off|N, cdmembers=all|none|LIST (engine+astar+greedy+fess0+plan0+fess1+plan1+rest), back=off|t0|t1|only, backcpu=off|P, backafter=N, backcap=S, backorder=auto|greedy|weighted|fess, backfess=off|on|sr|order, backcap2=S, backcpu2=P, backorder2=weighted|fess|order, backstage2=always|stall, backstill2=P, backstart2=off|T, backguard2=off|P, backshare=fixed|progress|host|guest, backhigh=P, backstall=S, backahead=off|T, backroot=off|N, backmeet=off|on, packall=off|t0|t1|fess0|fess1, packallcpu=P, packallcap=S, mateshare=fixed|progress|lease, matelease=N, twinslice=N, mateslice=count|cpu|atleast, tieorder0=fifo|lifo|hash|rev|transpose, tieorder1=fifo|lifo|hash|rev|transpose, tieguest=off|t0|t1, tieguestorder=fifo|lifo|hash|rev|transpose, tieguestcpu=P, tieguestcap=S, tieguestseed=N";

// Levenshtein distance, for the unknown-option hint.
size_t edit_distance(const std::string &a, const std::string &b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

// An unknown key's error: the keys nearest to it, with their values as ACCEPTED gives them, and
// where the whole list is. Not the whole list (89 keys, about 5 KB): the runtime's error buffer
// is 1 KiB and cut it off after `fess1after=N`, half of the keys (session 39).
std::string unknown_option_message(const std::string &key) {
    std::vector<std::pair<size_t, std::string>> near;  // (distance, "key=values")
    const size_t limit = std::max<size_t>(2, key.size() / 3);
    for (const std::string &entry : option_entries()) {
        const std::string name = entry.substr(0, entry.find('='));
        size_t d = edit_distance(key, name);
        // A key that starts the other (fess0 / fess0after, backstart / backstart2) counts as near.
        if (d > limit && key.size() >= 3 && (name.rfind(key, 0) == 0 || key.rfind(name, 0) == 0)) d = limit;
        if (d <= limit) near.emplace_back(d, entry);
    }
    std::stable_sort(near.begin(), near.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::string out = "unknown option '" + key + "'";
    if (!near.empty()) {
        out += "; did you mean ";
        for (size_t i = 0; i < near.size() && i < 3; ++i) out += (i ? ", " : "") + near[i].second;
        out += "?";
    }
    out += " (`solver --plugin sokoban --help` lists all " + std::to_string(option_entries().size()) +
           " options)";
    return out;
}

// value as one of the words, stored as its position (0, 1, ...) in out; else the error names
// them all.
template <class T, size_t N>
bool one_of(const char *key, const char *value, const char *const (&words)[N], T &out, std::string &error) {
    static_assert(N >= 2, "one_of needs at least two words");
    for (size_t i = 0; i < N; ++i)
        if (std::strcmp(value, words[i]) == 0) {
            out = static_cast<T>(i);
            return true;
        }
    error = std::string("option ") + key + ": bad value '" + value + "'; expected ";
    for (size_t i = 0; i < N; ++i) error += std::string(words[i]) + (i + 2 < N ? ", " : i + 2 == N ? " or " : "");
    return false;
}

// A packing-order rule (packorder=, packorder0|1|all=): one of `words` (its index), or parkN for
// N from 3 to the longest chain (packing.h PACK_OUT_PARK_LAST), stored as the index of park2
// plus N - 2. Else the error lists the words and parkN.
template <size_t N>
bool pack_rule(const char *key, const char *value, const char *const (&words)[N], int &out, std::string &error) {
    static_assert(N >= 2, "pack_rule needs the words up to park2, park2 last");
    const int longest = park_chain_of(PACK_OUT_PARK_LAST);
    for (size_t i = 0; i < N; ++i)
        if (std::strcmp(value, words[i]) == 0) {
            out = static_cast<int>(i);
            return true;
        }
    if (std::strncmp(value, "park", 4) == 0 && value[4] >= '3' && value[4] <= '0' + longest && value[5] == '\0') {
        out = static_cast<int>(N) - 1 + (value[4] - '2');
        return true;
    }
    error = std::string("option ") + key + ": bad value '" + value + "'; expected ";
    for (size_t i = 0; i < N; ++i) error += std::string(words[i]) + ", ";
    error += "or parkN for N from 3 to " + std::to_string(longest);
    return false;
}

// value as a number of expansions from 0 to 2^40; with `off_word`, "off" too, stored as 2^40
// (a count no search reaches). Else the error names what was expected.
bool expansions(const char *key, const char *value, bool off_word, uint64_t &out, std::string &error) {
    constexpr unsigned long long limit = 1ull << 40;
    if (off_word && std::strcmp(value, "off") == 0) {
        out = limit;
        return true;
    }
    char *end = nullptr;
    const unsigned long long v = std::strtoull(value, &end, 10);
    if (value[0] < '0' || value[0] > '9' || *end != '\0' || v > limit) {
        error = std::string("option ") + key + ": bad value '" + value + "'; expected " +
                (off_word ? "off or " : "") + "a number of expansions, 0 to 2^40";
        return false;
    }
    out = v;
    return true;
}

// value as a whole number from lo to hi (with `off_word`, "off" too, stored as 0).
bool number(const char *key, const char *value, bool off_word, long lo, long hi, int &out, std::string &error) {
    if (off_word && std::strcmp(value, "off") == 0) {
        out = 0;
        return true;
    }
    char *end = nullptr;
    const long v = std::strtol(value, &end, 10);
    if (value[0] < '0' || value[0] > '9' || *end != '\0' || v < lo || v > hi) {
        error = std::string("option ") + key + ": bad value '" + value + "'; expected " + (off_word ? "off or " : "") +
                "a number from " + std::to_string(lo) + " to " + std::to_string(hi);
        return false;
    }
    out = static_cast<int>(v);
    return true;
}

bool on_off(const char *key, const char *value, bool &out, std::string &error) {
    if (std::strcmp(value, "on") == 0 || std::strcmp(value, "1") == 0 || std::strcmp(value, "true") == 0) {
        out = true;
        return true;
    }
    if (std::strcmp(value, "off") == 0 || std::strcmp(value, "0") == 0 || std::strcmp(value, "false") == 0) {
        out = false;
        return true;
    }
    error = std::string("option ") + key + ": bad value '" + value + "'; expected on or off";
    return false;
}

// A set of the portfolio's searches (options.h CD_* bits): all, none (also off with off_word)
// or names joined by '+' (cdmembers=, cdextmembers=, ldleft=).
bool member_list(const char *key, const char *value, bool off_word, uint32_t &out, std::string &error) {
    static const char *const names[] = {"engine", "astar", "greedy", "fess0", "plan0", "fess1", "plan1", "rest"};
    uint32_t mask = 0;
    if (std::strcmp(value, "all") == 0) {
        mask = 0xff;
    } else if (std::strcmp(value, "none") != 0 && !(off_word && std::strcmp(value, "off") == 0)) {
        const std::string list = value;
        for (size_t at = 0; at <= list.size();) {
            const size_t end = std::min(list.find('+', at), list.size());
            const std::string name = list.substr(at, end - at);
            uint32_t bit = 0;
            for (int j = 0; j < 8; ++j)
                if (name == names[j]) bit = 1u << j;
            if (bit == 0) {
                error = std::string("option ") + key + ": bad value '" + value +
                        "'; expected all, none or names joined by '+' from engine, astar, greedy, fess0, plan0, fess1, plan1, rest";
                return false;
            }
            mask |= bit;
            at = end + 1;
        }
    }
    out = mask;
    return true;
}

} // namespace

// ACCEPTED split into its entries ("key=values"), in its order.
const std::vector<std::string> &option_entries() {
    static const std::vector<std::string> entries = [] {
        std::vector<std::string> v;
        std::string list = ACCEPTED;
        list = list.substr(list.find(':') + 2);
        size_t at = 0;
        while (at < list.size()) {
            // An entry ends at ", " outside parentheses ("ldleft=off|all|LIST (as cdmembers)").
            size_t end = at;
            int depth = 0;
            while (end < list.size() && !(depth == 0 && list.compare(end, 2, ", ") == 0)) {
                if (list[end] == '(') ++depth;
                if (list[end] == ')') --depth;
                ++end;
            }
            v.push_back(list.substr(at, end - at));
            at = end + 2;
        }
        return v;
    }();
    return entries;
}


bool parse_options(const solver_option *options, size_t count, Options &out, std::string &error) {
    Options o;
    bool packorder_given = false, member_given[3] = {false, false, false}; // packorder= sets every member not given (below)
    for (size_t i = 0; i < count; ++i) {
        const char *key = options[i].key ? options[i].key : "";
        const char *value = options[i].value ? options[i].value : "";
        if (std::strcmp(key, "deadsquares") == 0) {
            if (!on_off(key, value, o.deadsquares, error)) return false;
        } else if (std::strcmp(key, "freeze") == 0) {
            if (!on_off(key, value, o.freeze, error)) return false;
        } else if (std::strcmp(key, "frozengoals") == 0) {
            if (!on_off(key, value, o.frozengoals, error)) return false;
        } else if (std::strcmp(key, "roomfill") == 0) {
            if (!on_off(key, value, o.roomfill, error)) return false;
        } else if (std::strcmp(key, "localdead") == 0) {
            if (!on_off(key, value, o.localdead, error)) return false;
        } else if (std::strcmp(key, "ldcache") == 0) {
            if (std::strcmp(value, "shared") == 0) o.ldshared = true;
            else if (std::strcmp(value, "thread") == 0) o.ldshared = false;
            else {
                error = std::string("option ldcache: bad value '") + value + "'; expected shared or thread";
                return false;
            }
        } else if (std::strcmp(key, "ldradius") == 0) {
            o.ldmixed = false;
            if (std::strcmp(value, "1") == 0) o.ldradius = 1;
            else if (std::strcmp(value, "2") == 0) o.ldradius = 2;
            else if (std::strcmp(value, "mixed") == 0) o.ldmixed = true, o.ldradius = 1;
            else {
                error = std::string("option ldradius: bad value '") + value + "'; expected 1, 2 or mixed";
                return false;
            }
        } else if (std::strcmp(key, "ldbudget") == 0) {
            char *end = nullptr;
            const long v = std::strtol(value, &end, 10);
            if (!*value || *end || v < 1 || v > 100000) {
                error = std::string("option ldbudget: bad value '") + value + "'; expected a number from 1 to 100000";
                return false;
            }
            o.ldbudget = static_cast<int>(v);
        } else if (std::strcmp(key, "ldlocal") == 0) {
            if (!on_off(key, value, o.ldlocal, error)) return false;
        } else if (std::strcmp(key, "learn") == 0) {
            static const char *const words[] = {"off", "on", "t0", "t1"};
            if (!one_of(key, value, words, o.learn, error)) return false;
        } else if (std::strcmp(key, "learnbudget") == 0) {
            if (!number(key, value, false, 1, 1000000, o.learnbudget, error)) return false;
        } else if (std::strcmp(key, "learnshrink") == 0) {
            if (!number(key, value, false, 1, 1000000, o.learnshrink, error)) return false;
        } else if (std::strcmp(key, "learnrate") == 0) {
            if (!number(key, value, false, 1, 100000, o.learnrate, error)) return false;
        } else if (std::strcmp(key, "learnmax") == 0) {
            if (!number(key, value, false, 1, 10000000, o.learnmax, error)) return false;
        } else if (std::strcmp(key, "learncharge") == 0) {
            if (std::strcmp(value, "off") == 0) o.learncharge = 0;
            else if (!number(key, value, false, 1, 100000, o.learncharge, error)) return false;
        } else if (std::strcmp(key, "fgplayer") == 0) {
            if (!on_off(key, value, o.fgplayer, error)) return false;
        } else if (std::strcmp(key, "fgfast") == 0) {
            if (!on_off(key, value, o.fgfast, error)) return false;
        } else if (std::strcmp(key, "pimerge") == 0) {
            int v = 0;
            if (!one_of(key, value, {"resume", "rescan"}, v, error)) return false;
            o.pirescan = v == 1;
        } else if (std::strcmp(key, "ldprobe") == 0) {
            if (!on_off(key, value, o.ldprobe, error)) return false;
        } else if (std::strcmp(key, "sides") == 0) {
            if (!on_off(key, value, o.sides, error)) return false;
        } else if (std::strcmp(key, "tunnels") == 0) {
            if (std::strcmp(value, "strict") == 0) {
                o.tunnels = true;
                o.tunnels_strict = true;
            } else {
                if (!on_off(key, value, o.tunnels, error)) {
                    error = std::string("option tunnels: bad value '") + value + "'; expected on, strict or off";
                    return false;
                }
                o.tunnels_strict = false;
            }
        } else if (std::strcmp(key, "portfolio") == 0) {
            if (!on_off(key, value, o.portfolio, error)) return false;
        } else if (std::strcmp(key, "ordering") == 0) {
            if (!on_off(key, value, o.ordering, error)) return false;
        } else if (std::strcmp(key, "goalroom") == 0) {
            if (std::strcmp(value, "strict") == 0) {
                o.goalroom = true;
                o.goalroom_strict = true;
            } else {
                if (!on_off(key, value, o.goalroom, error)) {
                    error = std::string("option goalroom: bad value '") + value + "'; expected on, strict or off";
                    return false;
                }
                o.goalroom_strict = false;
            }
        } else if (std::strcmp(key, "corral") == 0) {
            if (!on_off(key, value, o.corral, error)) return false;
        } else if (std::strcmp(key, "corralplayer") == 0) {
            if (!on_off(key, value, o.corralplayer, error)) return false;
        } else if (std::strcmp(key, "playerstop") == 0) {
            if (!on_off(key, value, o.playerstop, error)) return false;
        } else if (std::strcmp(key, "heuristic") == 0) {
            if (std::strcmp(value, "matching") == 0) o.heuristic = HeuristicKind::matching;
            else if (std::strcmp(value, "greedy") == 0) o.heuristic = HeuristicKind::greedy;
            else if (std::strcmp(value, "none") == 0) o.heuristic = HeuristicKind::none;
            else {
                error = std::string("option heuristic: bad value '") + value +
                        "'; expected matching, greedy or none";
                return false;
            }
        } else if (std::strcmp(key, "matching") == 0) {
            if (std::strcmp(value, "cached") == 0) o.matching = MatchingMode::cached;
            else if (std::strcmp(value, "incremental") == 0) o.matching = MatchingMode::incremental;
            else if (std::strcmp(value, "full") == 0) o.matching = MatchingMode::full;
            else {
                error = std::string("option matching: bad value '") + value +
                        "'; expected cached, incremental or full";
                return false;
            }
        } else if (std::strcmp(key, "dupskip") == 0) {
            if (!on_off(key, value, o.dupskip, error)) return false;
        } else if (std::strcmp(key, "fessadvice") == 0) {
            if (!on_off(key, value, o.fessadvice, error)) return false;
        } else if (std::strcmp(key, "fesstoward") == 0) {
            if (!one_of(key, value, {"off", "on", "chain"}, o.fesstoward, error)) return false;
        } else if (std::strcmp(key, "fessorder") == 0) {
            if (!on_off(key, value, o.fessorder, error)) return false;
        } else if (std::strcmp(key, "fessseal") == 0) {
            if (!one_of(key, value, {"off", "on", "t0", "t1", "fess0"}, o.fessseal, error)) return false;
        } else if (std::strcmp(key, "fessstrand") == 0) {
            if (!one_of(key, value, {"off", "on", "cell"}, o.fessstrand, error)) return false;
        } else if (std::strcmp(key, "fessowe") == 0) {
            if (!one_of(key, value, {"off", "on", "t0", "t1"}, o.fessowe, error)) return false;
        } else if (std::strcmp(key, "fessbox") == 0) {
            if (!one_of(key, value, {"off", "on", "t0", "t1"}, o.fessbox, error)) return false;
        } else if (std::strcmp(key, "fessopen") == 0) {
            if (!one_of(key, value, {"off", "on", "t0", "t1"}, o.fessopen, error)) return false;
        } else if (std::strcmp(key, "fessgoals") == 0) {
            if (!one_of(key, value, {"off", "on", "t0", "t1"}, o.fessgoals, error)) return false;
        } else if (std::strcmp(key, "fesswalls") == 0) {
            if (!one_of(key, value, {"off", "on", "t0", "t1"}, o.fesswalls, error)) return false;
        } else if (std::strcmp(key, "fesshot") == 0) {
            if (!one_of(key, value, {"off", "1", "2"}, o.fesshot, error)) return false;
        } else if (std::strcmp(key, "fessplan") == 0) {
            if (!one_of(key, value, {"off", "on", "all"}, o.fessplan, error)) return false;
        } else if (std::strcmp(key, "fessrooms") == 0) {
            if (!one_of(key, value, {"off", "on", "t0", "t1"}, o.fessrooms, error)) return false;
        } else if (std::strcmp(key, "fesspack") == 0) {
            if (!one_of(key, value, {"off", "on", "all"}, o.fesspack, error)) return false;
        } else if (std::strcmp(key, "fess") == 0) {
            if (!one_of(key, value, {"off", "share", "on"}, o.fess, error)) return false;
        } else if (std::strcmp(key, "fess0") == 0) {
            if (!one_of(key, value, {"off", "on", "chain"}, o.fess0, error)) return false;
        } else if (std::strcmp(key, "fess0after") == 0) {
            if (!expansions(key, value, false, o.fess0after, error)) return false;
        } else if (std::strcmp(key, "corraldead") == 0) {
            if (!one_of(key, value, {"off", "on", "pi", "fess0"}, o.corraldead, error)) return false;
        } else if (std::strcmp(key, "cdbudget") == 0) {
            char *end = nullptr;
            const long v = std::strtol(value, &end, 10);
            if (!*value || *end || v < 1 || v > 1000000) {
                error = std::string("option cdbudget: bad value '") + value + "'; expected a number from 1 to 1000000";
                return false;
            }
            o.cdbudget = static_cast<int>(v);
        } else if (std::strcmp(key, "areatree") == 0) {
            if (!on_off(key, value, o.areatree, error)) return false;
        } else if (std::strcmp(key, "cdextend") == 0) {
            int v = 0;
            if (!one_of(key, value, {"off", "4", "8", "4all", "8all", "fess0"}, v, error)) return false;
            o.cdextend = v == 0 ? 0 : v % 2 || v == 5 ? 4 : 8;
            o.cdextendall = v >= 3;
            o.cdextfess0 = v == 5;
        } else if (std::strcmp(key, "fess1with") == 0) {
            if (!one_of(key, value, {"greedy", "plan", "none", "box"}, o.fess1with, error)) return false;
        } else if (std::strcmp(key, "fess1after") == 0) {
            if (!expansions(key, value, false, o.fess1after, error)) return false;
        } else if (std::strcmp(key, "fess0with") == 0) {
            if (!one_of(key, value, {"astar", "plan", "none"}, o.fess0with, error)) return false;
        } else if (std::strcmp(key, "fesscpu") == 0) {
            if (std::strcmp(value, "off") == 0) o.fesscpu = -1; // 0 is a value here: at the first reading
            else if (!number(key, value, false, 0, 6000, o.fesscpu, error)) return false;
        } else if (std::strcmp(key, "fessearly") == 0) {
            if (!expansions(key, value, true, o.fessearly, error)) return false;
        } else if (std::strcmp(key, "packorder") == 0) {
            if (!pack_rule(key, value, {"floor", "start", "t0", "t1", "match", "park", "park2"}, o.packorder, error)) return false;
            packorder_given = true;
        } else if (std::strcmp(key, "packorder0") == 0 || std::strcmp(key, "packorder1") == 0 || std::strcmp(key, "packorderall") == 0) {
            int &member = key[9] == '0' ? o.packorder0 : key[9] == '1' ? o.packorder1 : o.packorderall;
            member_given[key[9] == '0' ? 0 : key[9] == '1' ? 1 : 2] = true;
            if (!pack_rule(key, value, {"floor", "start", "match", "park", "park2"}, member, error)) return false; // packing.h PACK_OUT_* 0-10
        } else if (std::strcmp(key, "packside") == 0) {
            if (!one_of(key, value, {"off", "on", "own", "t0", "t1", "reach", "t1reach"}, o.packside, error)) return false; // packing.h PACK_SIDE_* 0-2 and 5, options.h PACKSIDE_T0|T1|T1REACH
        } else if (std::strcmp(key, "fessturns") == 0) {
            if (!one_of(key, value, {"cells", "packed", "mixed"}, o.fessturns, error)) return false;
        } else if (std::strcmp(key, "cdmembers") == 0) {
            if (!member_list(key, value, false, o.cdmembers, error)) return false;
        } else if (std::strcmp(key, "cdextmembers") == 0) {
            if (!member_list(key, value, false, o.cdextmembers, error)) return false;
        } else if (std::strcmp(key, "ldcore") == 0) {
            if (!on_off(key, value, o.ldcore, error)) return false;
        } else if (std::strcmp(key, "ldleft") == 0) {
            if (!member_list(key, value, true, o.ldleft, error)) return false;
        } else if (std::strcmp(key, "back") == 0) {
            if (!one_of(key, value, {"off", "t0", "t1", "only"}, o.back, error)) return false;
        } else if (std::strcmp(key, "backcpu") == 0) {
            if (!number(key, value, true, 1, 90, o.backcpu, error)) return false;
        } else if (std::strcmp(key, "backafter") == 0) {
            if (!expansions(key, value, false, o.backafter, error)) return false;
        } else if (std::strcmp(key, "backcap") == 0) {
            if (!number(key, value, false, 0, 100000, o.backcap, error)) return false;
        } else if (std::strcmp(key, "backorder") == 0) {
            if (!one_of(key, value, {"auto", "greedy", "weighted", "fess"}, o.backorder, error)) return false;
        } else if (std::strcmp(key, "backfess") == 0) {
            if (!one_of(key, value, {"off", "on", "sr", "order"}, o.backfess, error)) return false;
        } else if (std::strcmp(key, "backcap2") == 0) {
            if (!number(key, value, false, 0, 100000, o.backcap2, error)) return false;
        } else if (std::strcmp(key, "backcpu2") == 0) {
            if (!number(key, value, false, 1, 90, o.backcpu2, error)) return false;
        } else if (std::strcmp(key, "backorder2") == 0) {
            if (!one_of(key, value, {"weighted", "fess", "order"}, o.backorder2, error)) return false;
        } else if (std::strcmp(key, "backshare") == 0) {
            if (!one_of(key, value, {"fixed", "progress", "host", "guest"}, o.backshare, error)) return false;
        } else if (std::strcmp(key, "backhigh") == 0) {
            if (!number(key, value, false, 1, 90, o.backhigh, error)) return false;
        } else if (std::strcmp(key, "backahead") == 0) {
            if (!number(key, value, true, 1, 600, o.backahead, error)) return false;
        } else if (std::strcmp(key, "backstage2") == 0) {
            if (!one_of(key, value, {"always", "stall"}, o.backstage2, error)) return false;
        } else if (std::strcmp(key, "backstill2") == 0) {
            if (!number(key, value, false, 1, 100, o.backstill2, error)) return false;
        } else if (std::strcmp(key, "backstart2") == 0) {
            if (!number(key, value, true, 1, 600, o.backstart2, error)) return false;
        } else if (std::strcmp(key, "backguard2") == 0) {
            if (!number(key, value, true, 1, 1000, o.backguard2, error)) return false;
        } else if (std::strcmp(key, "backroot") == 0) {
            if (!number(key, value, true, 1, 100000, o.backroot, error)) return false;
        } else if (std::strcmp(key, "backstall") == 0) {
            if (!number(key, value, false, 1, 3600, o.backstall, error)) return false;
        } else if (std::strcmp(key, "backmeet") == 0) {
            if (!on_off(key, value, o.backmeet, error)) return false;
        } else if (std::strcmp(key, "packall") == 0) {
            if (!one_of(key, value, {"off", "t0", "t1", "fess0", "fess1"}, o.packall, error)) return false;
        } else if (std::strcmp(key, "packallcpu") == 0) {
            if (!number(key, value, false, 1, 90, o.packallcpu, error)) return false;
        } else if (std::strcmp(key, "packallcap") == 0) {
            if (!number(key, value, false, 0, 100000, o.packallcap, error)) return false;
        } else if (std::strcmp(key, "mateshare") == 0) {
            if (!one_of(key, value, {"fixed", "progress", "lease"}, o.mateshare, error)) return false;
        } else if (std::strcmp(key, "matelease") == 0) {
            if (!number(key, value, false, 1, 1000, o.matelease, error)) return false;
        } else if (std::strcmp(key, "twinslice") == 0) {
            if (!number(key, value, false, 1, 4096, o.twinslice, error)) return false;
        } else if (std::strcmp(key, "tieorder0") == 0 || std::strcmp(key, "tieorder1") == 0) {
            if (!one_of(key, value, {"fifo", "lifo", "hash", "rev", "transpose"}, key[8] == '0' ? o.tieorder0 : o.tieorder1, error))
                return false;
        } else if (std::strcmp(key, "tieguest") == 0) {
            if (!one_of(key, value, {"off", "t0", "t1"}, o.tieguest, error)) return false;
        } else if (std::strcmp(key, "tieguestorder") == 0) {
            if (!one_of(key, value, {"fifo", "lifo", "hash", "rev", "transpose"}, o.tieguestorder, error)) return false;
        } else if (std::strcmp(key, "tieguestcpu") == 0) {
            if (!number(key, value, false, 1, 90, o.tieguestcpu, error)) return false;
        } else if (std::strcmp(key, "tieguestseed") == 0) {
            if (!number(key, value, false, 0, 1000000, o.tieguestseed, error)) return false;
        } else if (std::strcmp(key, "tieguestcap") == 0) {
            if (!number(key, value, false, 0, 100000, o.tieguestcap, error)) return false;
        } else if (std::strcmp(key, "mateslice") == 0) {
            if (!one_of(key, value, {"count", "cpu", "atleast"}, o.mateslice, error)) return false;
        } else {
            error = unknown_option_message(key);
            return false;
        }
    }
    // The members' defaults (park3, session 17) hold only while packorder= is not given: that
    // one names every member's order but those given their own (in any position).
    if (packorder_given) {
        if (!member_given[0]) o.packorder0 = -1;
        if (!member_given[1]) o.packorder1 = -1;
        if (!member_given[2]) o.packorderall = -1;
    }
    out = o;
    return true;
}

} // namespace sokoban
