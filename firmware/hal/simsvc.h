/* The simulator-services window: eight words just below the LANai 9 special
 * registers (0xFFFFFE00), unused by either chip's map (lanai-hardware.md §6).
 * Firmware reaches the simulator here; real hardware would ignore it.
 * Shared by the firmware (C, big-endian Lanai) and the simulator (host C). */
#ifndef MYRISIM_HAL_SIMSVC_H
#define MYRISIM_HAL_SIMSVC_H

#define SIMSVC_BASE      0xFFFFFDE0u
#define SIMSVC_SIZE      0x20u
#define SIMSVC_CYCLE_LO  0xFFFFFDE0u  /* read: core cycles since reset, low word  */
#define SIMSVC_CYCLE_HI  0xFFFFFDE4u  /* read: high word (latched by reading LO) */
#define SIMSVC_INSN_LO   0xFFFFFDE8u  /* read: instructions executed, low word    */
#define SIMSVC_INSN_HI   0xFFFFFDECu  /* read: high word (latched by reading LO) */
#define SIMSVC_PUTCHAR   0xFFFFFDF0u  /* write: low byte goes to the console      */
#define SIMSVC_EXIT      0xFFFFFDF4u  /* write: halt this core with that exit code */
#define SIMSVC_ASSERT    0xFFFFFDF8u  /* write: address of a NUL-terminated message;
                                         the core stops with an assertion fault   */
#define SIMSVC_MARK      0xFFFFFDFCu  /* write: record (id, cycle, instructions)  */

#endif
