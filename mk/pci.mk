# Host side: PCI buses and DMA engines (model/pci), host machines (model/host),
# the platform boundary, driver and TPIL (hostlib), and their tests.
LIB_SRCS  += $(sort $(wildcard model/pci/*.c)) $(sort $(wildcard model/host/*.c))
LIB_SRCS  += $(sort $(wildcard hostlib/*.c)) $(sort $(wildcard hostlib/driver/*.c)) \
             $(sort $(wildcard hostlib/tpil/*.c)) $(sort $(wildcard hostlib/apps/*.c)) \
             $(sort $(wildcard hostlib/rc1000/*.c))
TEST_SRCS += $(sort $(wildcard tests/pci/*.c)) $(sort $(wildcard tests/host/*.c)) \
             $(sort $(wildcard tests/tpil/*.c))

# `make bench`: the calibration figures (docs/hosts.md).
TOOLS += $(B)/tpil-bench
$(B)/tpil-bench: $(B)/obj/tests/tpil/bench/tpil_bench_main.o $(B)/obj/tests/tpil/fixture.o \
                 $(B)/obj/tests/tpil/calib.o $(B)/obj/tests/host/node_run.o \
                 $(B)/libmyrisim.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

.PHONY: bench-hosts
bench-hosts: $(B)/tpil-bench $(HOST_ELFS)
	$(B)/tpil-bench
BENCHES += bench-hosts
