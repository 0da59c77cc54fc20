/* A plugin whose table claims fewer bytes than ABI 1.0 requires (an older, truncated layout). */
#include <solver/plugin.h>
static const solver_plugin table = {SOLVER_ABI_VERSION, 24, "tinytable"};
SOLVER_DEFINE_PLUGIN(table)
