# ISS conformance suite: every firmware/tests/*.c program is built natively
# (the reference output) and for the Lanai at each of $(FW_OPTS); the test in
# tests/conformance runs each image on the simulated LANai 4 and LANai 9 and
# compares with the native output. New programs are picked up automatically.
CONF_SRCS   := $(sort $(wildcard firmware/tests/*.c))
CONF_NAMES  := $(CONF_SRCS:firmware/tests/%.c=%)
CONF_SHIM   := firmware/tests/native/console_native.c
CONF_HDRS   := firmware/tests/conf.h firmware/rt/include/console.h
CONF_OUTS   := $(CONF_NAMES:%=$(B)/native/tests/%.out)
CONF_ELFS   := $(foreach o,$(FW_OPTS),$(CONF_NAMES:%=$(B)/fw/tests/$(o)/%.elf))
CONF_TOOLS  := $(B)/lanai-cc $(B)/lanai-ld $(B)/fw/librt.a $(B)/fw/rt/crt0.o

# Native reference: plain gcc, C11, same warnings as the rest of the tree.
CONF_NATIVE_CFLAGS := -std=c11 -O2 -Wall -Wextra -Ifirmware/rt/include

$(B)/native/tests/%: firmware/tests/%.c $(CONF_SHIM) $(CONF_HDRS) | deps
	@mkdir -p $(@D)
	$(CC) $(CONF_NATIVE_CFLAGS) -o $@ $< $(CONF_SHIM)

# Keep the native binaries for running by hand (they are intermediates).
.SECONDARY: $(CONF_NAMES:%=$(B)/native/tests/%)

# The exit status goes to NAME.rc rather than failing the build: the test
# reports a program that fails natively, and `make test` still runs the rest.
$(B)/native/tests/%.out: $(B)/native/tests/%
	@$< > $@.tmp; echo $$? > $(@:.out=.rc); mv $@.tmp $@

# Firmware images: linked for the LANai 4's 1 MiB so one image runs on both chips
# (no chip marker: --sram-size, not --chip).
define CONF_FW_RULE
$(B)/fw/tests/$(1)/%.elf: firmware/tests/%.c $(CONF_HDRS) $(CONF_TOOLS)
	@mkdir -p $$(@D)
	$(B)/lanai-cc -o $$@ --sram-size 1048576 -$(1) $$<
endef
$(foreach o,$(FW_OPTS),$(eval $(call CONF_FW_RULE,$(o))))

TEST_SRCS += tests/conformance/test_conformance.c
TEST_DEPS += $(CONF_OUTS) $(CONF_ELFS)

# `make conformance`: build everything the suite needs and run only it.
.PHONY: conformance conformance-ubsan
conformance: $(B)/tests/runner $(CONF_OUTS) $(CONF_ELFS)
	MYRISIM_ROOT=$(CURDIR) $(B)/tests/runner conformance.

# `make conformance-ubsan`: rebuild every program natively with the undefined-
# behaviour and address sanitizers and check that the output is unchanged, so
# the reference output does not depend on UB (run when adding a program).
CONF_UBSAN := $(CONF_NAMES:%=$(B)/native/ubsan/%.ok)
$(B)/native/ubsan/%.ok: firmware/tests/%.c $(CONF_SHIM) $(CONF_HDRS) $(B)/native/tests/%.out
	@mkdir -p $(@D)
	$(CC) $(CONF_NATIVE_CFLAGS) -O1 -g -fsanitize=undefined,address -fno-sanitize-recover=all \
	    -o $(@:.ok=) $< $(CONF_SHIM)
	$(@:.ok=) > $(@:.ok=.out)
	cmp $(@:.ok=.out) $(B)/native/tests/$*.out
	@touch $@
conformance-ubsan: $(CONF_UBSAN)
	@echo "conformance-ubsan: $(words $(CONF_UBSAN)) programs free of detected UB"
