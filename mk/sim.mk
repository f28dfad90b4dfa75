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
