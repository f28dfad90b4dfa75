# NI-to-NI measurement tests (tests/ni_bench): they run the ni_pingpong kind in
# process and through build/myrisim, which sim.mk already builds with lanai-cc.
TEST_SRCS += $(sort $(wildcard tests/ni_bench/*.c))
