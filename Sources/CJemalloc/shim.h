#ifndef LAYOUTBENCH_CJEMALLOC_SHIM_H
#define LAYOUTBENCH_CJEMALLOC_SHIM_H

// Only the mallctl family is used from Swift; the header also redeclares malloc and free,
// which are the same symbols libc's stdlib.h declares (no prefix), so the declarations agree.
#include <jemalloc/jemalloc.h>

#endif
