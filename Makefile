# myrisim build. `make run` builds everything and runs the main job;
# `make test` builds and runs every test. Parts live in mk/*.mk, one per area.

CC       := gcc
CXX      := g++
CFLAGS   := -std=c11 -O2 -g -Wall -Wextra -D_DEFAULT_SOURCE -MMD -MP
CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -MMD -MP
LDLIBS   := -lm
# Link-time optimisation of the model library for build/myrisim only: the
# objects carry both LTO bytecode and plain code (fat), so every other tool
# links the plain code as before; myrisim's link inlines across files (the
# per-chunk path is a chain of small calls: docs/speed.md). LTO=0 turns it
# off; it is off when CC is not gcc (the clang-14 fuzz and asan builds).
LTO      ?= $(if $(filter gcc,$(CC)),1,0)
LTO_CFLAGS := $(if $(filter 1,$(LTO)),-flto=auto -ffat-lto-objects)
LTO_LINK   := $(if $(filter 1,$(LTO)),-flto=auto)
B        := build
# Suites the test runner runs at once (tests/harness: forked workers, same output).
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 1)

# Firmware toolchain: clang-14 for the Lanai target; our own linker (tools/lanai-ld).
LANAI_CLANG := clang-14
FW_CFLAGS   := --target=lanai -ffreestanding -fno-builtin -Wall -Wextra \
               -Ifirmware/rt/include -Ifirmware/hal \
               -nostdlibinc -Wframe-larger-than=65535 -Werror=frame-larger-than
# (the last line: lanai-cc's guards, docs/firmware.md; firmware/rt has no
# swapped-subtraction fold for the peephole pass to break: tests/ld guards)
FW_OPTS     := O0 O2 Os

# Each mk/*.mk fragment adds to these.
LIB_SRCS   :=   # model C sources linked into $(B)/libmyrisim.a
TOOLS      :=   # host executables in $(B)/
FW_ALL     :=   # firmware images built by `make all`
TEST_SRCS  :=   # test sources linked into the test runner
TEST_DEPS  :=   # things the tests need built first (firmware, tools)
BENCHES    :=   # commands run by `make bench`

.PHONY: all deps run test bench clean
all: deps

deps:
	@scripts/deps.sh

-include $(sort $(wildcard mk/*.mk))

LIB_OBJS := $(LIB_SRCS:%.c=$(B)/obj/%.o)
# only the library's objects carry LTO bytecode (tests and tools need none)
$(LIB_OBJS): OBJ_LTO := $(LTO_CFLAGS)
$(B)/libmyrisim.a: $(LIB_OBJS)
	@mkdir -p $(@D)
	$(if $(filter 1,$(LTO)),gcc-ar,ar) rcs $@ $^

$(B)/obj/%.o: %.c | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(OBJ_LTO) -c $< -o $@

all: $(B)/libmyrisim.a $(TOOLS) $(FW_ALL)

TEST_OBJS := $(B)/obj/tests/harness/harness.o $(TEST_SRCS:%.c=$(B)/obj/%.o)
$(B)/tests/runner: $(TEST_OBJS) $(B)/libmyrisim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $(TEST_OBJS) $(B)/libmyrisim.a $(LDLIBS)

test: all $(B)/tests/runner $(TEST_DEPS)
	MYRISIM_ROOT=$(CURDIR) $(B)/tests/runner -j $(TEST_JOBS) $(T)

bench: all $(BENCHES)

clean:
	rm -rf $(B)

-include $(shell find $(B)/obj -name '*.d' 2>/dev/null)
