# Chrome/Perfetto traces: the recorder and the models' hooks (model/trace),
# written gzip-compressed with zlib, and their tests (tests/trace).
LIB_SRCS  += $(sort $(wildcard model/trace/*.c))
TEST_SRCS += $(sort $(wildcard tests/trace/*.c))
LDLIBS    += -lz
