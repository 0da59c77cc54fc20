/* Breaks bad-input handling: open() crashes on an input without numbers. */
#define BROKEN_NAME "brokenemptyinput"
#define BREAK_EMPTY_INPUT 1
#include "../tiles_broken_base.h"
