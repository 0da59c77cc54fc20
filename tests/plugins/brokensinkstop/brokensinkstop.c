/* Breaks the sink contract: expand() keeps emitting after the sink asked it to stop. */
#define BROKEN_NAME "brokensinkstop"
#define BREAK_SINK_STOP 1
#include "../tiles_broken_base.h"
