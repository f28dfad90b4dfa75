# The LANai instruction-set simulator (model/lanai), its tests and build/lanai-run.
ISS_SRCS := $(addprefix model/lanai/,decode.c disasm.c predecode.c exec.c exec_generic.c \
              memory.c simsvc.c fault.c symtab.c elf_load.c core.c profile.c \
              profile_lanai4.c profile_lanai9.c)
LIB_SRCS += $(ISS_SRCS)
TEST_SRCS += $(wildcard tests/iss/*.c)
