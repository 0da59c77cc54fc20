// The domain test binary links only tests/cube/*.cc and the plugin's objects: compile the
// independent sticker model (tests/cube_checker.cc) into it here.
#include "cube_checker.cc"
