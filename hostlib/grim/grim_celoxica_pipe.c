/* Table B.2's setPipeline / killPipeline (grim_celoxica.h): a message to the
 * frame's built-in handler (RC_FRAME_H, hw/frame/frame.v) that writes one
 * forwarding entry of the card's directory in bank 0 (B.2.3: "the
 * set_pipeline handler simply copies [the] payload into the specified
 * forwarding register entry"), or marks it killed. */
#include "grim_celoxica.h"
#include "grim_internal.h"
#include "../../model/rc1000/rc1000_map.h"

#define DIR_ENTRIES 256u   /* the directory's entries: Table B.1's 8-bit forward id */

int grim_celoxica_setPipeline(grim *g, uint32_t grim_resource_id, unsigned pipeline_id, unsigned next_pipeline_id,
                              uint8_t next_C, uint8_t next_A, uint8_t next_B, uint32_t next_write_addr,
                              uint32_t next_read0_addr, uint32_t next_read1_addr_or_const,
                              uint16_t next_calculation_words, uint32_t next_endpoint, uint16_t next_function,
                              uint8_t next_sub_op)
{
    if (pipeline_id >= DIR_ENTRIES || next_pipeline_id >= DIR_ENTRIES)
        return grim_fail(g, "grim_celoxica_setPipeline: pipeline ids are 0..%u (the card's directory has %u entries), "
                            "not %u (next %u)", DIR_ENTRIES - 1, DIR_ENTRIES, pipeline_id, next_pipeline_id);
    if (next_calculation_words < 1 || next_calculation_words > 1024)
        return grim_fail(g, "grim_celoxica_setPipeline: next_calculation_words must be 1..1024, not %u",
                         next_calculation_words);
    if (next_sub_op > 15 || next_C > 1 || next_A > 1 || next_B > 1)
        return grim_fail(g, "grim_celoxica_setPipeline: next sub-op 0..15 and drivers 0 or 1 (sub-op %u, C %u, A %u, B %u)",
                         next_sub_op, next_C, next_A, next_B);
    if (!next_function || next_endpoint > 0xFFFFu)
        return grim_fail(g, "grim_celoxica_setPipeline: the next stage needs a handler (not 0: %u) and an endpoint "
                            "(0..0xffff: 0x%x)", next_function, next_endpoint);
    /* the entry is the next message's GRIM header; the frame sets its sender
     * id and payload length when it generates the message */
    uint32_t e[8] = {GRIM_W0(0, 0), GRIM_W1(GRIM_T_AM, 0, 0, 0), GRIM_W2(0, next_endpoint), GRIM_W3(0, next_function),
                     RC_ARG0(next_pipeline_id, next_A, next_B, next_C, next_sub_op, next_calculation_words & 1023u),
                     next_read0_addr, next_read1_addr_or_const, next_write_addr};
    return grim_celoxica_out(g, grim_resource_id, RC_FRAME_H, RC_ARG0(pipeline_id, 0, 0, 0, RC_FOP_SET, RC_DIR_WORDS),
                             0, 0, 0, e, 8);
}

int grim_celoxica_killPipeline(grim *g, uint32_t grim_resource_id, unsigned pipeline_id)
{
    if (pipeline_id >= DIR_ENTRIES)
        return grim_fail(g, "grim_celoxica_killPipeline: pipeline ids are 0..%u (the card's directory has %u entries), "
                            "not %u", DIR_ENTRIES - 1, DIR_ENTRIES, pipeline_id);
    return grim_celoxica_out(g, grim_resource_id, RC_FRAME_H, RC_ARG0(pipeline_id, 0, 0, 0, RC_FOP_KILL, 0), 0, 0, 0,
                             NULL, 0);
}
