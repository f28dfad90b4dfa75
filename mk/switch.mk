# The Myrinet network fabric: links, crossbar switches, topologies, routes,
# deadlock reports (model/switch) and its tests (tests/switch).
LIB_SRCS  += $(sort $(wildcard model/switch/*.c))
TEST_SRCS += $(sort $(wildcard tests/switch/*.c))

# `make bench`: events per second of the network model on standard loads.
TOOLS += $(B)/switch-bench
$(B)/switch-bench: $(B)/obj/tests/switch/bench/switch_bench.o $(B)/libmyrisim.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

.PHONY: bench-switch
bench-switch: $(B)/switch-bench
	$(B)/switch-bench
BENCHES += bench-switch
