// The domain test binary links only tests/sokoban/*.cc and the plugin's objects: compile the
// independent checker (tests/sokoban_checker.cc, also linked into unit_tests) into it here.
#include "sokoban_checker.cc"
