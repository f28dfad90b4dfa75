# The LANai instruction-set simulator (model/lanai), its tests and build/lanai-run.
ISS_SRCS := model/lanai/decode.c model/lanai/disasm.c
LIB_SRCS += $(ISS_SRCS)
TEST_SRCS += $(wildcard tests/iss/*.c)
