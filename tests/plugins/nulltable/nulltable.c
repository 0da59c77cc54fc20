/* A plugin whose entry point returns no table. */
#include <solver/plugin.h>
SOLVER_EXPORT const solver_plugin *solver_plugin_entry(void) { return NULL; }
