# Sockets emulation over GRIM (hostlib/sockets), the Ethernet + TCP baseline
# (model/eth), sockets programs built as host programs (build/sockets/*.so)
# and their tests (tests/sockets).
LIB_SRCS  += $(sort $(wildcard hostlib/sockets/*.c)) $(sort $(wildcard model/eth/*.c))
TEST_SRCS += $(sort $(wildcard tests/sockets/*.c))
