/* A shared library that is not a solver plugin: it exports no solver_plugin_entry. */
__attribute__((visibility("default"))) int not_a_solver_plugin(void) { return 42; }
