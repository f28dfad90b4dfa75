# GRIM NI firmware (firmware/grim) for both chips: the performance build
# (-O2) and the instrumented one (-DGRIM_INSTR, Tables 5.1-5.3 stamps), and
# the firmware tests (tests/grim_fw).
GRIM_SRCS := $(sort $(filter-out firmware/grim/mcast_%.c firmware/grim/card_%.c,$(wildcard firmware/grim/*.c)))
# multicast (issue 15): its own images, grim_mc.l4/.l9.elf, -DGRIM_MCAST with the mcast_*.c files;
# the images above are built from exactly what they were built from before
GRIM_MC_SRCS := $(sort $(filter-out firmware/grim/card_%.c,$(wildcard firmware/grim/*.c)))
# the RC-1000 endpoint served by the NI (issue 17): its own images, grim_rc1000.l4/.l9.elf,
# -DGRIM_RC1000 with the card_*.c files, for the card's node only
GRIM_RC_SRCS := $(sort $(filter-out firmware/grim/mcast_%.c,$(wildcard firmware/grim/*.c)))
GRIM_DEPS := $(sort $(wildcard firmware/grim/*.c)) $(wildcard firmware/grim/*.h) $(wildcard firmware/hal/*.h) \
             $(B)/lanai-cc $(B)/lanai-ld $(B)/fw/librt.a $(B)/fw/rt/crt0.o
GRIM_ELFS := $(foreach v,grim grim_instr grim_backoff grim_mc grim_mc_instr grim_rc1000,$(foreach c,l4 l9,$(B)/fw/grim/$(v).$(c).elf))

$(B)/fw/grim/grim.l4.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_SRCS)

$(B)/fw/grim/grim.l9.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai9 -O2 -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_SRCS)

$(B)/fw/grim/grim_instr.l4.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DGRIM_INSTR -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_SRCS)

$(B)/fw/grim/grim_instr.l9.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai9 -O2 -DGRIM_INSTR -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_SRCS)

# NACK back-off, an option off in the images above (firmware/grim/backoff.c)
$(B)/fw/grim/grim_backoff.l4.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DGRIM_NACK_BACKOFF -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_SRCS)

$(B)/fw/grim/grim_backoff.l9.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai9 -O2 -DGRIM_NACK_BACKOFF -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_SRCS)

# Multicast (chapter 8.1): its own images, so the unicast images stay as they were
$(B)/fw/grim/grim_mc.l4.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DGRIM_MCAST -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_MC_SRCS)

$(B)/fw/grim/grim_mc.l9.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai9 -O2 -DGRIM_MCAST -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_MC_SRCS)

# ... and instrumented (Figure 8.6's step costs, GRIM_ST_MC_*)
$(B)/fw/grim/grim_mc_instr.l4.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DGRIM_MCAST -DGRIM_INSTR -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_MC_SRCS)

$(B)/fw/grim/grim_mc_instr.l9.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai9 -O2 -DGRIM_MCAST -DGRIM_INSTR -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_MC_SRCS)

# The RC-1000 endpoint (card_*.c): the card's node runs this image, every other node grim.*.elf
$(B)/fw/grim/grim_rc1000.l4.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DGRIM_RC1000 -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_RC_SRCS)

$(B)/fw/grim/grim_rc1000.l9.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai9 -O2 -DGRIM_RC1000 -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_RC_SRCS)

# ... without the merge of Figure 6.7 (tests only: the race it prevents, tests/rc1000/test_ni_endpoint.c)
$(B)/fw/grim/grim_rc1000_nomerge.l4.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DGRIM_RC1000 -DGRIM_CARD_NO_MERGE -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_RC_SRCS)

GRIM_ELFS += $(B)/fw/grim/grim_rc1000_nomerge.l4.elf

# ... merging, but granting a bank to every process that asks (tests only: two
# owners at once, which card_blocked prevents; tests/rc1000/test_card_arb.c)
$(B)/fw/grim/grim_rc1000_noowner.l4.elf: $(GRIM_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DGRIM_RC1000 -DGRIM_CARD_NO_OWNERS -Ifirmware/grim --map $(@:.elf=.map) -o $@ $(GRIM_RC_SRCS)

GRIM_ELFS += $(B)/fw/grim/grim_rc1000_noowner.l4.elf
FW_ALL    += $(GRIM_ELFS)
TEST_DEPS += $(GRIM_ELFS)
TEST_SRCS += $(sort $(wildcard tests/grim_fw/*.c))
