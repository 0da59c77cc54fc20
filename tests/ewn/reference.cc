// reference.cc -- compiles the independent EWN rule book (tests/ewn_checker.cc, shared with the
// end-to-end tests in unit_tests) into this domain's test binary, whose link line holds only
// tests/ewn/*.cc and the plugin's objects.
#include "../ewn_checker.cc"
