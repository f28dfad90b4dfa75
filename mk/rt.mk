# firmware/rt: start-up code (crt0.o) and the runtime archive librt.a that
# lanai-cc links into every firmware image. Always -O2 (zero warnings).
RT_SRCS := $(sort $(wildcard firmware/rt/*.c))
RT_OBJS := $(RT_SRCS:firmware/rt/%.c=$(B)/fw/rt/%.o)
LANAI_AR := llvm-ar-14

$(B)/fw/rt/%.o: firmware/rt/%.c | deps
	@mkdir -p $(@D)
	$(LANAI_CLANG) $(FW_CFLAGS) -O2 -MMD -MP -c $< -o $@

$(B)/fw/rt/crt0.o: firmware/rt/crt0.S | deps
	@mkdir -p $(@D)
	$(LANAI_CLANG) $(FW_CFLAGS) -MMD -MP -c $< -o $@

$(B)/fw/librt.a: $(RT_OBJS)
	@mkdir -p $(@D)
	rm -f $@.tmp && $(LANAI_AR) rcs $@.tmp $(RT_OBJS) && mv $@.tmp $@

FW_ALL += $(B)/fw/librt.a $(B)/fw/rt/crt0.o

-include $(RT_OBJS:.o=.d) $(B)/fw/rt/crt0.d

# -MMD records only the headers a build found; one added to firmware/rt/include
# that shadows clang's own (stdarg.h) must still rebuild the runtime.
$(RT_OBJS): $(wildcard firmware/rt/include/*.h)

# Runtime tests (run the fixtures on the ISS); helpers shared with tests/ld.
TEST_SRCS += $(sort $(wildcard tests/rt/*.c))

# The soft-float core also builds for the host: tests/rt checks it against the
# host FPU (fp_abi_*.c, the Lanai helper names, stay firmware-only).
TEST_SRCS += $(filter-out firmware/rt/fp_abi%,$(wildcard firmware/rt/fp_*.c))
