/* Breaks canonical states: the state carries the last move, so one position has several byte strings. */
#define BROKEN_NAME "brokencanonical"
#define BREAK_CANONICAL 1
#include "../tiles_broken_base.h"
