/* Breaks thread safety: children are built in one static buffer shared by all threads. */
#define BROKEN_NAME "brokenthreads"
#define BREAK_THREADS 1
#include "../tiles_broken_base.h"
