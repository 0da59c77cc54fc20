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
