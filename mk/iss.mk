# The LANai instruction-set simulator (model/lanai), its tests and build/lanai-run.
ISS_SRCS := $(addprefix model/lanai/,decode.c disasm.c predecode.c exec.c exec_generic.c idle.c \
              memory.c simsvc.c fault.c symtab.c elf_load.c core.c profile.c \
              profile_lanai4.c profile_lanai9.c)
LIB_SRCS += $(ISS_SRCS)
TEST_SRCS += $(wildcard tests/iss/*.c)

TOOLS += $(B)/lanai-run
$(B)/lanai-run: $(B)/obj/tools/lanai-run/main.o $(B)/libmyrisim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# Host speed of the ISS on a built-in loop (needs no firmware).
.PHONY: bench-iss-core
bench-iss-core: $(B)/lanai-run
	$(B)/lanai-run --bench
BENCHES += bench-iss-core

# tests/iss/test_lanai_run.c runs the tool on firmware built with lanai-cc.
TEST_DEPS += $(B)/lanai-run $(B)/lanai-cc $(B)/lanai-ld $(B)/fw/librt.a $(B)/fw/rt/crt0.o
