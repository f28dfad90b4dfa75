# Benchmark firmware (firmware/bench) and the myrisim-bench tool; `make bench`
# prints "bench NAME VALUE UNIT" lines. Until the cluster exists, `make run`
# runs the CRC-32/copy demo on both chip models.
BENCH_FW := $(patsubst firmware/bench/%.c,$(B)/fw/bench/%.elf,$(wildcard firmware/bench/*.c))
FW_ALL   += $(BENCH_FW)
TOOLS    += $(B)/myrisim-bench

$(B)/fw/bench/%.elf: firmware/bench/%.c $(B)/lanai-cc $(B)/lanai-ld $(B)/fw/librt.a $(B)/fw/rt/crt0.o
	@mkdir -p $(@D)
	$(B)/lanai-cc -o $@ --chip lanai4 -O2 $<

$(B)/myrisim-bench: $(B)/obj/tools/bench/main.o $(B)/libmyrisim.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

.PHONY: bench-iss
bench-iss: $(B)/myrisim-bench $(BENCH_FW)
	$(B)/myrisim-bench
BENCHES += bench-iss

run: all
	$(B)/myrisim-bench --demo
