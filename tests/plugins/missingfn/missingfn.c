/* A plugin with a full-size table but the required expand() left empty. */
#include <solver/plugin.h>
static const solver_plugin table = {SOLVER_ABI_VERSION, sizeof(solver_plugin), "missingfn", "", "0", "", ""};
SOLVER_DEFINE_PLUGIN(table)
