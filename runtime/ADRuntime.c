/* ADPass runtime: shadow memory for users who preallocate shadows. */
#include "ad.h"

#include <stdlib.h>
#include <string.h>

void *ad_shadow_alloc(size_t bytes) { return calloc(1, bytes ? bytes : 1); }

void ad_shadow_zero(void *shadow, size_t bytes) { memset(shadow, 0, bytes); }

void ad_shadow_free(void *shadow) { free(shadow); }
