/* The correct base of the broken plugins: passes every check of solver --check-plugin. */
#define BROKEN_NAME "tilesok"

#include "../tiles_broken_base.h"
