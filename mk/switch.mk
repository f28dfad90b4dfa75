# The Myrinet network fabric: links, crossbar switches, topologies, routes,
# deadlock reports (model/switch) and its tests (tests/switch).
LIB_SRCS  += $(sort $(wildcard model/switch/*.c))
TEST_SRCS += $(sort $(wildcard tests/switch/*.c))
