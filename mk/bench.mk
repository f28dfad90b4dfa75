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

# The main job: Table 5.4 (GRIM latency and bandwidth, P3-550 hosts, LANai 4
# and LANai 9, AM / RM-V / RM-P) from the full model, beside the
# dissertation's values, with the path of its plot. Written to build/run/ so
# the committed results/ stay as `make reproduce` made them.
run: all
	@$(B)/myrisim run scenarios/thesis/table5_4.cfg --jobs 2 --out $(B)/run/table5_4
	@echo
	@$(B)/myrisim show $(B)/run/table5_4
