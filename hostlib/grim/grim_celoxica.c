/* Table B.2's calls (grim_celoxica.h): header arguments per Table B.1. */
#include "grim_celoxica.h"
#include "grim_internal.h"
#include "../../model/rc1000/rc1000_map.h"

int grim_celoxica_send(grim *g, uint32_t grim_resource_id, uint16_t function, uint8_t function_sub_op,
                       uint8_t pipeline_stage, uint8_t C, uint8_t A, uint8_t B, uint32_t write_addr,
                       uint32_t read0_addr, uint32_t read1_addr_or_const, uint16_t calculation_words,
                       uint16_t payload_words, const uint32_t *payload_starting_address)
{
    if (calculation_words < 1 || calculation_words > 1024)
        return grim_fail(g, "grim_celoxica_send: calculation_words must be 1..1024, not %u", calculation_words);
    if (function_sub_op > 15 || C > 1 || A > 1 || B > 1)
        return grim_fail(g, "grim_celoxica_send: sub-op 0..15 and drivers 0 or 1 (sub-op %u, C %u, A %u, B %u)",
                         function_sub_op, C, A, B);
    if (!A && payload_words < calculation_words)
        return grim_fail(g, "grim_celoxica_send: port A reads the payload, %u words, but the calculation takes %u",
                         payload_words, calculation_words);
    uint32_t a0 = RC_ARG0(pipeline_stage, A, B, C, function_sub_op, calculation_words & 1023u);
    return grim_celoxica_out(g, grim_resource_id, function, a0, read0_addr, read1_addr_or_const, write_addr,
                             payload_starting_address, payload_words);
}

int grim_celoxica_ldMem(grim *g, uint32_t grim_resource_id, uint32_t card_memory_address, uint16_t number_words,
                        const uint32_t *payload_starting_address)
{
    return grim_celoxica_send(g, grim_resource_id, GRIM_CELOXICA_PASS, 0, 0, 1, 0, 0, card_memory_address, 0, 0,
                              number_words, number_words, payload_starting_address);
}

int grim_celoxica_alu_local(grim *g, uint32_t grim_resource_id, uint8_t alu_op, uint32_t dst_addr,
                            uint32_t src0_addr, uint32_t src1_addr, uint16_t calculation_words)
{
    return grim_celoxica_send(g, grim_resource_id, GRIM_CELOXICA_ALU, alu_op, 0, 1, 1, 1, dst_addr, src0_addr,
                              src1_addr, calculation_words, 0, NULL);
}
