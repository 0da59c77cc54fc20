/* Breaks option handling: unknown --option keys are accepted silently. */
#define BROKEN_NAME "brokenoption"
#define BREAK_OPTION 1
#include "../tiles_broken_base.h"
