# sim/: the myrisim CLI, scenario loader, sweeps, fork-per-run executor and
# result writers (plain C, in libmyrisim.a so tests can call them), plus the
# thin SystemC shell sim/main.cpp linked with g++ into build/myrisim.
SIM_SRCS := $(filter-out sim/main.cpp,$(sort $(wildcard sim/*.c)))
LIB_SRCS += $(SIM_SRCS)
LDLIBS   += -lconfig
TOOLS    += $(B)/myrisim

$(B)/obj/sim/%.o: sim/%.cpp | deps
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -c $< -o $@

$(B)/myrisim: $(B)/obj/sim/main.o $(B)/libmyrisim.a
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -o $@ $(B)/obj/sim/main.o $(B)/libmyrisim.a -lsystemc $(LDLIBS)

# Scenario tests run build/myrisim, which builds firmware with lanai-cc.
TEST_SRCS += $(sort $(wildcard tests/sim/*.c))
TEST_DEPS += $(B)/myrisim $(B)/lanai-cc $(B)/lanai-ld $(B)/fw/librt.a $(B)/fw/rt/crt0.o

# `make scenarios`: run every thesis scenario in full into results/<name>/.
.PHONY: scenarios
scenarios: all
	@for f in $(sort $(wildcard scenarios/thesis/*.cfg)); do \
	    $(B)/myrisim run $$f --jobs 2 || exit $$?; done

# `make reproduce`: every thesis scenario in full into results/<file stem>/,
# then the fidelity report over all of them into results/REPORT.md. New
# scenarios in scenarios/thesis/ are picked up by the wildcard. A scenario
# with failed runs still has its outputs written and still goes into the
# report; the target fails at the end. A bad scenario file stops at once.
REPRODUCE_CFGS = $(sort $(wildcard scenarios/thesis/*.cfg))

.PHONY: reproduce
reproduce: all
	@failed=0; dirs=; \
	for f in $(REPRODUCE_CFGS); do \
	    d=results/$$(basename $$f .cfg); dirs="$$dirs $$d"; \
	    $(B)/myrisim run $$f --jobs 2 --out $$d; st=$$?; \
	    if [ $$st -eq 2 ]; then echo "reproduce: $$f is not a valid scenario" >&2; exit 2; fi; \
	    if [ $$st -ne 0 ]; then failed=1; fi; \
	done; \
	$(B)/myrisim report --out results/REPORT.md $$dirs || exit $$?; \
	if [ $$failed -ne 0 ]; then echo "reproduce: some runs failed (see the reports above)" >&2; exit 1; fi
