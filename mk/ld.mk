# tools/lanai-ld: our linker for clang-14 --target=lanai objects, and the
# lanai-cc compile-and-link driver (a shell script copied into build/).
LD_SRCS := $(sort $(wildcard tools/lanai-ld/*.c))
LD_OBJS := $(LD_SRCS:%.c=$(B)/obj/%.o)
TOOLS   += $(B)/lanai-ld $(B)/lanai-cc

$(B)/lanai-ld: $(LD_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $(LD_OBJS)

$(B)/lanai-cc: tools/lanai-cc.sh tools/lanai-cc-swapped-fold.awk
	@mkdir -p $(@D)
	cp $< $@.tmp && chmod 755 $@.tmp && mv $@.tmp $@

# Linker tests run the tools and the runtime; fixtures live in tests/ld/fixtures.
TEST_SRCS += $(sort $(wildcard tests/ld/*.c))
TEST_DEPS += $(B)/lanai-ld $(B)/lanai-cc $(B)/fw/librt.a $(B)/fw/rt/crt0.o
