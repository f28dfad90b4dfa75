# The C event queue shared by every timed model.
LIB_SRCS  += model/event/evq.c model/event/floor.c model/event/idset.c
TEST_SRCS += $(wildcard tests/event/*.c)
