# The NI card (model/card), the co-simulation driver (model/node), their
# tests (tests/card, tests/cosim) and the NI test firmware (firmware/ni),
# built for both chips: build/fw/ni/NAME.l4.elf and NAME.l9.elf.
LIB_SRCS  += $(sort $(wildcard model/card/*.c model/node/*.c))
TEST_SRCS += $(sort $(wildcard tests/card/*.c tests/cosim/*.c))

NI_FW   := $(basename $(notdir $(wildcard firmware/ni/*.c)))
NI_ELFS := $(foreach f,$(NI_FW),$(B)/fw/ni/$(f).l4.elf $(B)/fw/ni/$(f).l9.elf)
NI_FW_DEPS := firmware/ni/common.h $(wildcard firmware/hal/*.h) $(B)/lanai-cc $(B)/lanai-ld \
              $(B)/fw/librt.a $(B)/fw/rt/crt0.o

$(B)/fw/ni/%.l4.elf: firmware/ni/%.c $(NI_FW_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -o $@ $<

$(B)/fw/ni/%.l9.elf: firmware/ni/%.c $(NI_FW_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai9 -O2 -o $@ $<

# tieskew.c is tiesend.c with one define
$(B)/fw/ni/tieskew.l4.elf $(B)/fw/ni/tieskew.l9.elf: firmware/ni/tiesend.c

FW_ALL    += $(NI_ELFS)
TEST_DEPS += $(NI_ELFS)

# The SystemC shell (sim/systemc) and its test program.
SC_COSIM_OBJS := $(B)/obj/sim/systemc/cosim_sc.o $(B)/obj/sim/systemc/sc_cosim_test.o
$(B)/obj/sim/systemc/%.o: sim/systemc/%.cpp | deps
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -c $< -o $@
$(B)/sc-cosim-test: $(SC_COSIM_OBJS) $(B)/libmyrisim.a
	$(CXX) $(CXXFLAGS) -o $@ $(SC_COSIM_OBJS) $(B)/libmyrisim.a -lsystemc $(LDLIBS)
TOOLS     += $(B)/sc-cosim-test
TEST_DEPS += $(B)/sc-cosim-test
-include $(SC_COSIM_OBJS:.o=.d)

# `make bench`: co-simulation speed on a two-NI ping-pong (1 ms simulated).
$(B)/cosim-bench: $(B)/obj/tests/cosim/bench/cosim_bench.o $(B)/libmyrisim.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)
TOOLS += $(B)/cosim-bench
.PHONY: bench-cosim
bench-cosim: $(B)/cosim-bench $(NI_ELFS)
	$(B)/cosim-bench
BENCHES += bench-cosim
