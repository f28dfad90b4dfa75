# tests/fuzz: libFuzzer harnesses (clang-14, ASan + UBSan) for the scenario
# loader, lanai-ld, the ELF loader + ISS, the CSV/reference readers, the
# trace JSON reader and the regression/job-result readers. `make fuzz
# FUZZ_SECONDS=N` builds them in build-fuzz/
# and runs each for N seconds on its corpus; `make test` replays the
# committed corpora and crash inputs through a plain build of the same
# entry points (tests/fuzz/test_replay.c). `make test-asan` builds the test
# runner with ASan + UBSan in build-asan/ and runs the suite.
FUZZ_NAMES   := scenario ld elf csv trace regress
FUZZ_SECONDS ?= 60
FUZZ_LD_SRCS := $(filter-out tools/lanai-ld/main.c,$(sort $(wildcard tools/lanai-ld/*.c)))
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# The plain replay: each harness's entry point gets its own name.
TEST_SRCS += tests/fuzz/fuzz_util.c $(sort $(wildcard tests/fuzz/test_*.c)) $(FUZZ_NAMES:%=tests/fuzz/fuzz_%.c) $(FUZZ_LD_SRCS)
# (Their own rule: a target-specific CFLAGS += is lost when CFLAGS comes
# from the command line, as in the build-asan and build-fuzz sub-makes.)
ifeq ($(FUZZ_BUILD),)
FUZZ_ENTRY = -DLLVMFuzzerTestOneInput=fuzz_$*_one
endif
$(B)/obj/tests/fuzz/fuzz_%.o: tests/fuzz/fuzz_%.c | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(FUZZ_ENTRY) -c $< -o $@

# Inside the fuzz build (B=build-fuzz FUZZ_BUILD=1): one binary per harness.
FUZZ_OBJS = $(B)/obj/tests/fuzz/fuzz_util.o $(FUZZ_LD_SRCS:%.c=$(B)/obj/%.o) $(B)/obj/tests/trace/json_read.o
$(B)/fuzz/fuzz_%: $(B)/obj/tests/fuzz/fuzz_%.o $(FUZZ_OBJS) $(B)/libmyrisim.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

.PHONY: fuzz-build fuzz test-asan
fuzz-build: all | deps
	$(MAKE) B=build-fuzz HW_B=$(B) FUZZ_BUILD=1 CC=clang-14 \
	    CFLAGS="$(CFLAGS) -O1 -Wno-unused-command-line-argument -fsanitize=fuzzer-no-link $(FUZZ_SAN)" \
	    $(FUZZ_NAMES:%=build-fuzz/fuzz/fuzz_%)

# Each harness N seconds from its committed corpus (new finds go to
# build-fuzz/corpus/NAME, crashes to build-fuzz/crashes/).
fuzz: fuzz-build
	@mkdir -p build-fuzz/crashes
	@for n in $(FUZZ_NAMES); do \
	    mkdir -p build-fuzz/corpus/$$n; \
	    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=0 \
	    MYRISIM_ROOT=$(CURDIR) build-fuzz/fuzz/fuzz_$$n -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
	        -rss_limit_mb=2048 -close_fd_mask=3 -print_final_stats=1 \
	        -artifact_prefix=build-fuzz/crashes/$$n- build-fuzz/corpus/$$n tests/fuzz/corpus/$$n \
	        > build-fuzz/$$n.log 2>&1; st=$$?; \
	    echo "fuzz $$n: $(FUZZ_SECONDS) s, $$(grep -a 'DONE\|stat::number_of_executed_units' build-fuzz/$$n.log | tr -s ' ' | tr '\n' ' ')"; \
	    if [ $$st -ne 0 ]; then tail -40 build-fuzz/$$n.log; echo "fuzz $$n: failed, see build-fuzz/$$n.log"; exit 1; fi; \
	done

# The suite under ASan + UBSan (no recovery). Tests run the plain tools in
# build/ as subprocesses, so those are built first; the runner itself (every
# model, the scenario loader, the ISS, the fuzz replay) is sanitized.
test-asan: all $(TEST_DEPS)
	$(MAKE) B=build-asan HW_B=$(B) CC=clang-14 \
	    CFLAGS="$(CFLAGS) -O1 -Wno-unused-command-line-argument $(FUZZ_SAN)" build-asan/tests/runner
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
	    MYRISIM_ROOT=$(CURDIR) build-asan/tests/runner -j $(TEST_JOBS) $(T)
