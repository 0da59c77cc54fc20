/* Breaks admissibility: h = 2 x Manhattan distance, still flagged SOLVER_H_ADMISSIBLE. */
#define BROKEN_NAME "brokenadmissible"
#define BREAK_INADMISSIBLE 1
#include "../tiles_broken_base.h"
