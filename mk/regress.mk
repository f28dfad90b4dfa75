# Firmware regression testing (sim/regress/, docs/regress.md).
# `make regress`: the regression set (scenarios/regress/*.cfg) against its
# baselines (scenarios/regress/baselines/); fails on any changed metric or
# fingerprint; always writes build/regress/junit.xml and validates it
# against scenarios/regress/junit.xsd. `make regress-update` re-records the
# baselines after an intended change.
REGRESS_JOBS ?= 2
.PHONY: regress regress-update
regress: all
	@st=0; $(B)/myrisim regress --jobs $(REGRESS_JOBS) --junit $(B)/regress/junit.xml || st=$$?; \
	xmllint --noout --schema scenarios/regress/junit.xsd $(B)/regress/junit.xml || exit 2; \
	exit $$st

regress-update: all
	$(B)/myrisim baseline --update --jobs $(REGRESS_JOBS)

TEST_SRCS += $(sort $(wildcard tests/regress/*.c))

# Debug twins of the GRIM objects (sim/regress/inline.h): the same compile
# as lanai-cc's for build/fw/grim/grim.lN.elf plus -g -gdwarf-4 (which
# changes no generated code; the reader checks each twin's .text against the
# image anyway), so regress and profile can name inlined functions.
GRIM_DBG_L4 := $(patsubst firmware/grim/%.c,$(B)/fw/grim/grim.l4.dbg/%.o,$(GRIM_SRCS))
GRIM_DBG_L9 := $(patsubst firmware/grim/%.c,$(B)/fw/grim/grim.l9.dbg/%.o,$(GRIM_SRCS))
$(B)/fw/grim/grim.l4.dbg/%.o: firmware/grim/%.c $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(LANAI_CLANG) $(FW_CFLAGS) -O2 -Ifirmware/grim -DLANAI_CHIP=4 -g -gdwarf-4 -c $< -o $@
$(B)/fw/grim/grim.l9.dbg/%.o: firmware/grim/%.c $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(LANAI_CLANG) $(FW_CFLAGS) -O2 -Ifirmware/grim -DLANAI_CHIP=9 -g -gdwarf-4 -c $< -o $@
FW_ALL    += $(GRIM_DBG_L4) $(GRIM_DBG_L9)
TEST_DEPS += $(GRIM_DBG_L4) $(GRIM_DBG_L9)
