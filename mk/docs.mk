# The docs test and the source conventions (tests/docs): they read README.md,
# docs/*.md and the sources, and need everything `make all` builds.
TEST_SRCS += $(wildcard tests/docs/*.c)
