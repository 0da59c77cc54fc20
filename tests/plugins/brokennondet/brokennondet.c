/* Breaks determinism: the children come in another order on every call. */
#define BROKEN_NAME "brokennondet"
#define BREAK_NONDETERMINISTIC 1
#include "../tiles_broken_base.h"
