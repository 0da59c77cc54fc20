/* Breaks hashing: the incremental hash emitted with a child disagrees with hash() of its bytes. */
#define BROKEN_NAME "brokenhash"
#define BREAK_HASH 1
#include "../tiles_broken_base.h"
