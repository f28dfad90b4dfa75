/* The id set behind event cancellation (model/event/idset.h) against a
 * plain array. */
#include "../harness/harness.h"
#include "../../model/event/idset.h"

#include <string.h>

/* Random puts and deletes (with the backward shift doing real work in a
 * table that grows) against a plain array of what should be there. */
TEST(idset, matches_a_reference_array)
{
    enum { N = 6000 };
    static uint8_t ref[N + 1];
    memset(ref, 0, sizeof ref);
    idset s = {0};
    uint32_t x = 7;
    for (int step = 0; step < 60000; step++) {
        x = x * 1103515245u + 12345u;
        uint64_t id = 1 + (x >> 8) % N;
        if ((x >> 4) & 1) {
            uint8_t v = (uint8_t)(1 + ((x >> 5) & 1));
            idset_put(&s, id, v);
            ref[id] = v;
        } else {
            idset_del(&s, id);
            ref[id] = 0;
        }
    }
    uint32_t n = 0;
    for (uint64_t id = 1; id <= N; id++) {
        ASSERT_EQ(idset_get(&s, id), ref[id]);
        n += ref[id] != 0;
    }
    ASSERT_EQ(s.n, n);
    ASSERT_EQ(idset_get(&s, N + 5), 0);
    idset_free(&s);
    ASSERT_EQ(idset_get(&s, 3), 0);
}
