# Host experiments: the NI firmware of the host programs (firmware/bench/
# host_*.c) for both chips, build/fw/host/NAME.l4.elf and NAME.l9.elf (the
# bench rule builds the same sources for the LANai 4 only), and the SystemC
# host test program build/sc-host-test.
HOST_FW   := $(basename $(notdir $(wildcard firmware/bench/host_*.c)))
HOST_ELFS := $(foreach f,$(HOST_FW),$(B)/fw/host/$(f).l4.elf $(B)/fw/host/$(f).l9.elf)
HOST_FW_DEPS := firmware/bench/host_mbox.h $(wildcard firmware/hal/*.h) $(B)/lanai-cc $(B)/lanai-ld \
                $(B)/fw/librt.a $(B)/fw/rt/crt0.o

$(B)/fw/host/%.l4.elf: firmware/bench/%.c $(HOST_FW_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -o $@ $<

$(B)/fw/host/%.l9.elf: firmware/bench/%.c $(HOST_FW_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai9 -O2 -o $@ $<

FW_ALL    += $(HOST_ELFS)
TEST_DEPS += $(HOST_ELFS)

# build/sc-host-test: host processes as SystemC threads beside the cores
# (sim/systemc), compared by tests/cosim/test_hosts_systemc.c with the C backend.
SC_HOST_OBJS := $(B)/obj/sim/systemc/cosim_sc.o $(B)/obj/sim/systemc/sc_host_test.o $(B)/obj/tests/host/node_run.o
$(B)/sc-host-test: $(SC_HOST_OBJS) $(B)/libmyrisim.a
	$(CXX) $(CXXFLAGS) -o $@ $(SC_HOST_OBJS) $(B)/libmyrisim.a -lsystemc $(LDLIBS)
TOOLS     += $(B)/sc-host-test
TEST_DEPS += $(B)/sc-host-test
-include $(B)/obj/sim/systemc/sc_host_test.d

# build/myrisim runs host processes as SystemC threads: the shell's object is
# linked in after the library (sim/experiments/exp_host.c refers to it weakly, so the C
# test runner, which lacks it, falls back to the plain-C backend).
$(B)/myrisim: $(B)/obj/sim/systemc/cosim_sc.o
$(B)/myrisim: LDLIBS += $(B)/obj/sim/systemc/cosim_sc.o $(B)/libmyrisim.a -lsystemc -lconfig -lm
