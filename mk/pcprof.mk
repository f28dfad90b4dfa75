# The LANai per-PC cycle profile (model/lanai/pcprof.c, MYRISIM_LANAI_PROF) and its tests.
LIB_SRCS  += model/lanai/pcprof.c model/lanai/callpath.c
TEST_SRCS += $(wildcard tests/pcprof/*.c)
