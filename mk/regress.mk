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
