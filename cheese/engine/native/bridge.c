/* Copy-then-mutate helpers for the Python bridge: one C call per State.apply.
 *
 * A Python state is an immutable bytes object; a transition copies it into a scratch
 * buffer and mutates the copy. Doing the copy here, instead of building a bytearray in
 * Python first, halves the Python-side cost of apply.
 */
#include <stdint.h>
#include <string.h>

#include "bridge_api.h"

int32_t ch_apply_copy(int32_t (*apply)(uint8_t *, int32_t), const char *source, char *target,
                      int32_t size, int32_t action) {
    memcpy(target, source, (size_t)size);
    return apply((uint8_t *)target, action);
}

void ch_determinize_copy(void (*determinize)(uint8_t *, int32_t, uint64_t), const char *source,
                         char *target, int32_t size, int32_t seat, uint64_t rng_seed) {
    memcpy(target, source, (size_t)size);
    determinize((uint8_t *)target, seat, rng_seed);
}
