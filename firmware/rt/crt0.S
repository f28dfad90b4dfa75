/* Start-up code: the reset vector. lanai-ld places section .text.init at
 * address 0, where the LANai begins executing after reset.
 *   1. sp = fp = __stack_top (top of SRAM), forced to 8-byte alignment
 *      (LLVM's Lanai stack alignment);
 *   2. clear .bss with word stores (lanai-ld keeps __bss_start/__bss_end
 *      word aligned);
 *   3. call main(0, 0) with LLVM's call sequence (lanai-hardware.md §3.1):
 *      the return address is pushed at [--sp]; main's epilogue pops it;
 *   4. write main's return value to SIMSVC_EXIT (0xFFFFFDF4 = -524[%r0])
 *      and park in `bt .` should the core keep running. */
#include "simsvc.h"
#if SIMSVC_EXIT != 0xFFFFFDF4u
#error "crt0.S writes the exit code to -524[%r0]: update it with simsvc.h"
#endif

    .file   "crt0.S"                /* its name in images, not the build path */
    .section .text.init,"ax",@progbits
    .globl  _start
    .type   _start,@function
_start:
    mov     hi(__stack_top), %sp
    or      %sp, lo(__stack_top), %sp
    and     %sp, 0xfffffff8, %sp
    add     %sp, 0, %fp

    mov     hi(__bss_start), %r6
    or      %r6, lo(__bss_start), %r6
    mov     hi(__bss_end), %r7
    or      %r7, lo(__bss_end), %r7
.Lclear:
    sub.f   %r6, %r7, %r0
    buge    .Lcall
    nop
    bt      .Lclear
    st      %r0, [%r6++]            /* delay slot: one word per iteration */

.Lcall:
    mov     0, %r6                  /* argc */
    mov     0, %r7                  /* argv */
    add     %pc, 0x10, %rca         /* return point = this + 16 */
    st      %rca, [--%sp]
    bt      main
    nop
    st      %rv, -524[%r0]              /* SIMSVC_EXIT */
.Lpark:
    bt      .Lpark
    nop
    .size   _start, . - _start
