# The NI card (model/card), the co-simulation driver (model/node), their
# tests (tests/card, tests/cosim) and the NI test firmware (firmware/ni).
LIB_SRCS  += $(sort $(wildcard model/card/*.c model/node/*.c))
TEST_SRCS += $(sort $(wildcard tests/card/*.c tests/cosim/*.c))
