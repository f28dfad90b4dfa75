# Sockets emulation over GRIM (hostlib/sockets), the Ethernet + TCP baseline
# (model/eth), sockets programs built as host programs (build/sockets/*.so)
# and their tests (tests/sockets).
LIB_SRCS  += $(sort $(wildcard hostlib/sockets/*.c)) $(sort $(wildcard model/eth/*.c))
TEST_SRCS += $(sort $(wildcard tests/sockets/*.c))
LDLIBS    += -ldl

# build/msock-cc builds a sockets program as a host program (docs/sockets.md);
# the examples of hostlib/sockets/examples are built with it.
TOOLS += $(B)/msock-cc
$(B)/msock-cc: tools/msock-cc.sh
	@mkdir -p $(@D)
	cp $< $@ && chmod +x $@

SOCK_EXAMPLES := $(patsubst hostlib/sockets/examples/%.c,$(B)/sockets/%.so,$(wildcard hostlib/sockets/examples/*.c))
$(B)/sockets/%.so: hostlib/sockets/examples/%.c hostlib/sockets/msock_prog.h hostlib/sockets/msock_api.h $(B)/msock-cc
	@mkdir -p $(@D)
	$(B)/msock-cc -o $@ $<
FW_ALL    += $(SOCK_EXAMPLES)
TEST_DEPS += $(SOCK_EXAMPLES)

# sockets programs of the tests (tests/sockets/progs), built the same way
SOCK_TEST_PROGS := $(patsubst tests/sockets/progs/%.c,$(B)/sockets/tests/%.so,$(wildcard tests/sockets/progs/*.c))
$(B)/sockets/tests/%.so: tests/sockets/progs/%.c hostlib/sockets/msock_prog.h hostlib/sockets/msock_api.h $(B)/msock-cc
	@mkdir -p $(@D)
	$(B)/msock-cc -o $@ $<
TEST_DEPS += $(SOCK_TEST_PROGS)
