/* A plugin built against a future, incompatible ABI major version (2.0). */
#include <solver/plugin.h>
static const solver_plugin table = {(2u << 16) | 0u, sizeof(solver_plugin), "wrongabi"};
SOLVER_DEFINE_PLUGIN(table)
