# Verilog blocks (hw/): Verilated during `make all` into build/hw/ (one
# Verilator output folder per top module, rebuilt only when a .v changes),
# the thin C++17 shell around them (hw/shell, our -Wall -Wextra; Verilator's
# headers as system headers), Verilator's runtime compiled once, and their
# C harness tests (tests/hw). The generated C++ is compiled by Verilator's
# own makefile with -w: it is not our code.
VERILATOR      := verilator
VLT_ROOT       := $(or $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null),/usr/share/verilator)
VLT_INC        := $(VLT_ROOT)/include
VLT_DEFS       := -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=0 -DVM_TRACE_FST=0 -DVM_TRACE_VCD=0
VLT_CXXFLAGS   := -std=c++17 -O2 -w -isystem $(VLT_INC) -isystem $(VLT_INC)/vltstd $(VLT_DEFS)
HW_CXXFLAGS    := $(CXXFLAGS) -Ihw/shell -isystem $(VLT_INC) -isystem $(VLT_INC)/vltstd $(VLT_DEFS)
VERILATE        = $(VERILATOR) --cc -Wall --top-module $(1) --prefix V$(1) -Mdir $(@D) \
                  --build -j 1 -CFLAGS "-std=c++17 -w" -MAKEFLAGS "-s"

# The sanitizer and fuzz builds (B=build-asan, build-fuzz) link the same
# Verilated models: Verilator's C++ is never instrumented, so they take
# build/'s (HW_B=build) instead of Verilating twice more.
HW_B        ?= $(B)
HW_CIRCUITS := $(sort $(wildcard hw/circuits/*.v))
HW_FRAME    := $(sort $(wildcard hw/frame/*.v))
HW_TOPS     := canvas fpga
HW_MODELS   := $(foreach t,$(HW_TOPS),$(HW_B)/hw/$(t)/V$(t)__ALL.a)
HW_SHELL    := $(patsubst hw/shell/%.cpp,$(HW_B)/hw/obj/%.o,$(sort $(wildcard hw/shell/*.cpp)))
HW_LIBS     := $(HW_B)/hw/libhwshell.a $(HW_MODELS) $(HW_B)/hw/libverilated.a

$(HW_B)/hw/canvas/Vcanvas__ALL.a: $(HW_CIRCUITS) hw/frame/canvas.v | deps
	@mkdir -p $(@D)
	+$(call VERILATE,canvas) hw/frame/canvas.v $(HW_CIRCUITS)

$(HW_B)/hw/fpga/Vfpga__ALL.a: $(HW_CIRCUITS) $(HW_FRAME) hw/frame/frame_map.vh | deps
	@mkdir -p $(@D)
	+$(call VERILATE,fpga) -Ihw/frame $(HW_FRAME) $(HW_CIRCUITS)

# Verilator's runtime, shared by every model (once per executable).
$(HW_B)/hw/libverilated.a: | deps
	@mkdir -p $(HW_B)/hw/obj
	$(CXX) $(VLT_CXXFLAGS) -c $(VLT_INC)/verilated.cpp -o $(HW_B)/hw/obj/verilated.o
	$(CXX) $(VLT_CXXFLAGS) -c $(VLT_INC)/verilated_threads.cpp -o $(HW_B)/hw/obj/verilated_threads.o
	ar rcs $@ $(HW_B)/hw/obj/verilated.o $(HW_B)/hw/obj/verilated_threads.o

$(HW_B)/hw/obj/%.o: hw/shell/%.cpp $(HW_MODELS) | deps
	@mkdir -p $(@D)
	$(CXX) $(HW_CXXFLAGS) $(addprefix -I$(HW_B)/hw/,$(HW_TOPS)) -c $< -o $@

$(HW_B)/hw/libhwshell.a: $(HW_SHELL)
	ar rcs $@ $^

all: $(HW_LIBS)

TEST_SRCS += $(sort $(wildcard tests/hw/*.c))
$(B)/tests/runner: $(HW_LIBS)
$(B)/tests/runner: LDLIBS += $(HW_LIBS) -lstdc++ -lpthread
# The fuzzers link libmyrisim.a too, whose RC-1000 model clocks the frame.
$(FUZZ_NAMES:%=$(B)/fuzz/fuzz_%): $(HW_LIBS)
$(FUZZ_NAMES:%=$(B)/fuzz/fuzz_%): LDLIBS += -lstdc++ -lpthread
-include $(HW_SHELL:.o=.d)

# The RC-1000 card model (model/rc1000) and its tests (tests/rc1000); it
# clocks the Verilated FPGA, so what links it links $(HW_LIBS) too.
LIB_SRCS  += $(sort $(wildcard model/rc1000/*.c))
# The BT848 capture card (model/bt848, section 6.4) and its tests.
LIB_SRCS  += $(sort $(wildcard model/bt848/*.c))
TEST_SRCS += $(sort $(wildcard tests/bt848/*.c))
TEST_SRCS += $(sort $(wildcard tests/rc1000/*.c))
# build/myrisim has the rc1000_stage experiment kind (sim/experiments/exp_rc1000.c).
$(B)/myrisim: $(HW_LIBS)
$(B)/myrisim: LDLIBS += $(HW_LIBS) -lstdc++ -lpthread
# build/hw-check FILE.v MODULE: does a user circuit fit the interface
# (ports, directions, widths; Verilator's lint)? Exit 2 with file:line if not.
TOOLS += $(B)/hw-check
$(B)/hw-check: $(B)/obj/tools/hw-check/main.o $(B)/libmyrisim.a
	$(CC) $(CFLAGS) -o $@ $^
TEST_DEPS += $(B)/hw-check
