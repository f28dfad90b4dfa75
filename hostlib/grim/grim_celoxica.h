/* Table B.2's host calls for the RC-1000 as a GRIM endpoint (appendix B.5):
 * thin layers over grim_send that put the frame's parameters into the
 * message header as Table B.1 lays them out (Arg[0] forward id | A | B | C
 * | sub-op | op-length; Arg[1] port A's address; Arg[2] port B's address
 * or constant; Arg[3] port C's address), sent to the card's endpoint (an
 * NI-served card: grim_card.h). Names and parameters as the table gives
 * them, with the endpoint handle first as in the rest of this library.
 * Addresses are Figure B.7's virtual ones (RC_VA: page and word), or for
 * port C, RC_ARG3_QUEUE to make a message of the result.
 * setPipeline / killPipeline (grim_celoxica_pipe.c) are messages to the
 * frame's built-in handler, which writes the forwarding entry in bank 0.
 * A card its node's process serves (no NI endpoint: the process injects
 * into the frame's host queue) takes the same calls once the caller names
 * the process's relay handler (grim_celoxica_relay, grim_celoxica_relay.c). */
#ifndef MYRISIM_GRIM_CELOXICA_H
#define MYRISIM_GRIM_CELOXICA_H

#include "grim.h"

#include <stdint.h>

/* The handler ids of the card's first configuration (exp_rc1000_node.c:
 * 0x40 + canvas slot): the pass circuit and the built-in ALU. */
#define GRIM_CELOXICA_PASS 0x40u
#define GRIM_CELOXICA_ALU  0x48u

/* Any message to the card: function (the handler id), its sub-op, the
 * forwarding entry (pipeline_stage) its result's header comes from, the
 * drivers C, A, B (1: scratchpad; A 0 = the payload, B 0 = the constant,
 * C 0 = the recycle buffer), the ports' addresses, calculation_words (1 to
 * 1,024) and payload_words of payload. */
int grim_celoxica_send(grim *g, uint32_t grim_resource_id, uint16_t function, uint8_t function_sub_op,
                       uint8_t pipeline_stage, uint8_t C, uint8_t A, uint8_t B, uint32_t write_addr,
                       uint32_t read0_addr, uint32_t read1_addr_or_const, uint16_t calculation_words,
                       uint16_t payload_words, const uint32_t *payload_starting_address);
/* number_words of payload into the scratchpad at card_memory_address (the
 * pass circuit, port C a scratchpad store). */
int grim_celoxica_ldMem(grim *g, uint32_t grim_resource_id, uint32_t card_memory_address, uint16_t number_words,
                        const uint32_t *payload_starting_address);
/* The ALU on scratchpad operands: dst[i] = alu_op(src0[i], src1[i])
 * (hw/circuits/circ_valu.v: 1 add, 2 subtract, 3 multiply, ...). */
int grim_celoxica_alu_local(grim *g, uint32_t grim_resource_id, uint8_t alu_op, uint32_t dst_addr,
                            uint32_t src0_addr, uint32_t src1_addr, uint16_t calculation_words);

/* Forwarding entry pipeline_id (0..255) := the header of the message the
 * frame generates from a result that names it: Table B.2's next forward
 * id, drivers, addresses and calculation words, and, since our entries
 * are whole GRIM headers, where it goes: next_endpoint (GRIM_EP; the card
 * itself for a recycled stage) and its handler next_function (a circuit's
 * id on a card, an AM handler on a host) with next_sub_op. Bad ids and
 * fields are refused with an error naming them (grim_error); nothing is
 * sent then. */
int grim_celoxica_setPipeline(grim *g, uint32_t grim_resource_id, unsigned pipeline_id, unsigned next_pipeline_id,
                              uint8_t next_C, uint8_t next_A, uint8_t next_B, uint32_t next_write_addr,
                              uint32_t next_read0_addr, uint32_t next_read1_addr_or_const,
                              uint16_t next_calculation_words, uint32_t next_endpoint, uint16_t next_function,
                              uint8_t next_sub_op);
/* Forwarding entry pipeline_id killed: a message that names it is consumed
 * by the frame without running (counted at the card's RC_CTL_DROPS) until
 * the entry is set again. */
int grim_celoxica_killPipeline(grim *g, uint32_t grim_resource_id, unsigned pipeline_id);

/* Messages to grim_resource_id (a host-served card: the endpoint of the
 * process that serves it) go to that process's handler relay_handler, which
 * rebuilds each with grim_celoxica_relayed and injects it into the frame's
 * host queue (rch_inject). */
int grim_celoxica_relay(grim *g, uint32_t grim_resource_id, uint32_t relay_handler);
/* In the relay handler: the frame's 8-word header of a relayed message
 * (Table B.1's arguments, the card's handler id) and its payload (words
 * words, valid during the handler). 0, or -1 if m is not one. */
int grim_celoxica_relayed(const grim_am *m, uint32_t hdr[8], const void **payload, uint32_t *words);

#endif
