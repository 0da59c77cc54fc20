/* Breaks the verifier: it accepts any legal move sequence, goal reached or not. */
#define BROKEN_NAME "brokenverifier"
#define BREAK_VERIFIER 1
#include "../tiles_broken_base.h"
