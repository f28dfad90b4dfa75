# sim/: the myrisim CLI, scenario loader, sweeps, fork-per-run executor and
# result writers (plain C, in libmyrisim.a so tests can call them), plus the
# thin SystemC shell sim/cli/main.cpp linked with g++ into build/myrisim.
SIM_SRCS := $(sort $(wildcard sim/*/*.c))
LIB_SRCS += $(SIM_SRCS)
LDLIBS   += -lconfig
TOOLS    += $(B)/myrisim

$(B)/obj/sim/cli/%.o: sim/cli/%.cpp | deps
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -c $< -o $@

$(B)/myrisim: $(B)/obj/sim/cli/main.o $(B)/libmyrisim.a
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) $(LTO_LINK) -o $@ $(B)/obj/sim/cli/main.o $(B)/libmyrisim.a -lsystemc $(LDLIBS)

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
# scenarios in scenarios/thesis/ are picked up by the wildcard. All runs of
# all scenarios share one pool of REPRODUCE_JOBS processes (one myrisim run
# with every file); the long ones are listed first so the short ones fill
# the pool's tail (the order changes no result). A scenario with failed runs
# still has its outputs written and still goes into the report; the target
# fails at the end. A bad scenario file stops at once. Other mk/*.mk files
# add their own scenario folders (REPRODUCE_MORE +=; stems must not clash).
REPRODUCE_JOBS ?= 2
REPRODUCE_LONG = fig5_14 fig5_13 fig5_10 fig5_12 fig4_6 table5_4 table5_6 fig5_4
REPRODUCE_CFGS = $(patsubst %,scenarios/thesis/%.cfg,$(REPRODUCE_LONG)) \
    $(filter-out $(patsubst %,scenarios/thesis/%.cfg,$(REPRODUCE_LONG)),$(sort $(wildcard scenarios/thesis/*.cfg))) \
    $(REPRODUCE_MORE)

.PHONY: reproduce
reproduce: all
	@start=$$(date +%s); failed=0; \
	$(B)/myrisim run $(REPRODUCE_CFGS) --jobs $(REPRODUCE_JOBS) --out results; st=$$?; \
	if [ $$st -eq 2 ]; then echo "reproduce: a scenario file is not valid (see above)" >&2; exit 2; fi; \
	if [ $$st -ne 0 ]; then failed=1; fi; \
	$(B)/myrisim report --out results/REPORT.md $(foreach f,$(REPRODUCE_CFGS),results/$(basename $(notdir $(f)))) || exit $$?; \
	echo "reproduce: $$(( $$(date +%s) - start )) s wall with $(REPRODUCE_JOBS) jobs"; \
	if [ $$failed -ne 0 ]; then echo "reproduce: some runs failed (see the reports above)" >&2; exit 1; fi

# `make bench` (bench-grim): the full model's speed on scenarios/bench/
# grim_pingpong.cfg (two hosts, GRIM on LANai 9, SystemC shell): wall time and
# simulated time per wall second. Wall time only reports speed.
.PHONY: bench-grim
bench-grim: $(B)/myrisim $(B)/fw/grim/grim.l9.elf
	@t0=$$(date +%s.%N); \
	$(B)/myrisim run scenarios/bench/grim_pingpong.cfg --jobs 1 --out $(B)/bench > $(B)/bench.log 2>&1 || \
	    { cat $(B)/bench.log; exit 1; }; \
	t1=$$(date +%s.%N); \
	awk -F, -v t0=$$t0 -v t1=$$t1 'NR == 1 { for (i = 1; i <= NF; i++) if ($$i == "sim_us") c = i } \
	    NR == 2 { w = t1 - t0; printf "bench grim_2mb_am_lanai9_wall %.2f s\n", w; \
	              printf "bench grim_2mb_am_lanai9_rate %.2f simulated_ms_per_wall_s\n", $$c / 1000 / w }' \
	    $(B)/bench/default.csv
BENCHES += bench-grim

# `make bench` (bench-scale16, bench-scale64, bench-scale128): the all-to-all
# on the DAS grid at 16, 64 and 128 nodes (issue 14's workload; about two
# minutes of CPU), speed, events per second and peak memory
# (scripts/bench-scale.sh); `make bench-scale`: the same and the 512-NI stress.
.PHONY: bench-scale16 bench-scale64 bench-scale128 bench-scale
bench-scale16: $(B)/myrisim $(B)/fw/grim/grim.l4.elf
	@scripts/bench-scale.sh 16
bench-scale64: $(B)/myrisim $(B)/fw/grim/grim.l4.elf
	@scripts/bench-scale.sh 64
bench-scale128: $(B)/myrisim $(B)/fw/grim/grim.l4.elf
	@scripts/bench-scale.sh 128
bench-scale: $(B)/myrisim $(B)/fw/grim/grim.l4.elf
	@scripts/bench-scale.sh 16 64 128
	@scripts/bench-stress.sh
BENCHES += bench-scale16 bench-scale64 bench-scale128
