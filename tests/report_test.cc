// report_test.cc -- the --level all summary table and the answer length it shows.
#include "cli/report.h"

#include <doctest/doctest.h>

using namespace solver;

TEST_CASE("Report.AnswerSteps") {
    CHECK(answer_steps("dlUrrrdL") == 8);
    CHECK(answer_steps("WASD\n") == 4);
    CHECK(answer_steps("") == 0);
    CHECK(answer_steps("R U R'") == -1); // not one word of letters: no step count
    CHECK(answer_steps("3\n1 up") == -1);
}

TEST_CASE("Report.SummaryTableRowsAndTotals") {
    solve_report solved;
    solved.level = 1;
    solved.result = "solved";
    solved.solved = true;
    solved.solution_cost = 8;
    solved.seconds = 0.25;
    solved.engine = "astar";
    solved.stats.expanded = 13;
    solve_report stopped;
    stopped.level = 2;
    stopped.result = "time_limit";
    stopped.seconds = 1.5;
    stopped.engine = "solve"; // a plugin's own solve: no node count
    const std::vector<level_row> rows = {make_level_row(solved, "dlUrrrdL\n"), make_level_row(stopped, "")};
    CHECK(rows[0].steps == 8);
    CHECK(rows[1].steps == -1);
    const std::string t = summary_table(rows, "pushes");
    CHECK(t.find("level  result         pushes     moves   seconds        nodes\n") != std::string::npos);
    CHECK(t.find("     1  solved              8         8     0.250           13\n") != std::string::npos);
    CHECK(t.find("     2  time_limit          -         -     1.500            -\n") != std::string::npos);
    CHECK(t.find("solved 1 of 2 levels in 1.750 s, 13 nodes expanded\n") != std::string::npos);
    // Only the plugin's own solve: no node total to claim.
    const std::string own = summary_table({make_level_row(stopped, "")}, "pushes");
    CHECK(own.find("solved 0 of 1 levels in 1.500 s\n") != std::string::npos);
    CHECK(own.find("nodes expanded") == std::string::npos);
    CHECK(collection_progress(12, 155, 11, 3.25) == "level 12/155  solved 11  3.2 s");
}

TEST_CASE("Report.OwnSolveShowsOnlyTheCountsItReported") {
    solve_report own;
    own.level = 3;
    own.result = "solved";
    own.solved = true;
    own.solution_cost = 4;
    own.seconds = 0.5;
    own.engine = "solve";
    own.stats.expanded = 77;
    own.own_expanded = true; // reported through report_counts (ABI 1.2); generated not
    const std::string t = summary_table({make_level_row(own, "lurd")}, "pushes");
    CHECK(t.find("     3  solved              4         4     0.500           77\n") != std::string::npos);
    CHECK(t.find("solved 1 of 1 levels in 0.500 s, 77 nodes expanded\n") != std::string::npos);
    const std::string j = to_json(own);
    CHECK(j.find("\"expanded\":77,\"generated\":null,\"duplicates\":null,\"pruned\":null,\"reopened\":null,\"stored\":null,") !=
          std::string::npos);
    CHECK(j.find("\"search_memory_bytes\":null,") != std::string::npos);
    CHECK(to_text(own).find("| expanded 77 |") != std::string::npos);
    CHECK(to_text(own).find("generated") == std::string::npos);
    own.own_expanded = false; // nothing reported: no figure anywhere
    CHECK(to_json(own).find("\"expanded\":null,\"generated\":null,") != std::string::npos);
    CHECK(to_text(own).find("expanded") == std::string::npos);
    CHECK(summary_table({make_level_row(own, "lurd")}, "pushes").find("nodes expanded") == std::string::npos);
    solve_report engine = own; // a runtime engine: every counter is its own
    engine.engine = "astar";
    CHECK(to_json(engine).find("\"expanded\":77,\"generated\":0,\"duplicates\":0,") != std::string::npos);
}
