# LFC (seed 002, issue 18): the DAS node's profiles live with the other hosts
# (mk/pci.mk picks up model/host, model/pci, hostlib/apps); the LFC tests.
TEST_SRCS += $(sort $(wildcard tests/lfc/*.c))

# LFC NI firmware (firmware/lfc): the §2.1 basic protocol for the LANai 4.
LFC_DEPS := $(wildcard firmware/lfc/*.h) $(wildcard firmware/hal/*.h) \
            $(B)/lanai-cc $(B)/lanai-ld $(B)/fw/librt.a $(B)/fw/rt/crt0.o
$(B)/fw/lfc/basic.l4.elf: firmware/lfc/basic.c $(LFC_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -Ifirmware/lfc --map $(@:.elf=.map) -o $@ firmware/lfc/basic.c

FW_ALL    += $(B)/fw/lfc/basic.l4.elf
TEST_DEPS += $(B)/fw/lfc/basic.l4.elf
LIB_SRCS  += $(sort $(wildcard hostlib/lfc/*.c))

# LFC proper, unicast (firmware/lfc/ucast.c)
$(B)/fw/lfc/ucast.l4.elf: firmware/lfc/ucast.c $(LFC_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -Ifirmware/lfc --map $(@:.elf=.map) -o $@ firmware/lfc/ucast.c

FW_ALL    += $(B)/fw/lfc/ucast.l4.elf
TEST_DEPS += $(B)/fw/lfc/ucast.l4.elf

# LFC with RECOV, seed 002 §4.3 (ucast.c + recov.h, -DLFC_RECOV): a second image
$(B)/fw/lfc/recov.l4.elf: firmware/lfc/ucast.c $(LFC_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DLFC_RECOV -Ifirmware/lfc --map $(@:.elf=.map) -o $@ firmware/lfc/ucast.c

FW_ALL    += $(B)/fw/lfc/recov.l4.elf
TEST_DEPS += $(B)/fw/lfc/recov.l4.elf

# LFC with INTR, seed 002 §4.4 (ucast.c + intr.h, -DLFC_INTR): the polling watchdog
$(B)/fw/lfc/intr.l4.elf: firmware/lfc/ucast.c $(LFC_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DLFC_INTR -Ifirmware/lfc --map $(@:.elf=.map) -o $@ firmware/lfc/ucast.c

FW_ALL    += $(B)/fw/lfc/intr.l4.elf
TEST_DEPS += $(B)/fw/lfc/intr.l4.elf

# The whole LFC of seed 002 (UCAST, MCAST, fetch-and-add, RECOV and INTR in one image)
$(B)/fw/lfc/lfc.l4.elf: firmware/lfc/ucast.c $(LFC_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DLFC_RECOV -DLFC_INTR -Ifirmware/lfc --map $(@:.elf=.map) -o $@ firmware/lfc/ucast.c

FW_ALL    += $(B)/fw/lfc/lfc.l4.elf
TEST_DEPS += $(B)/fw/lfc/lfc.l4.elf

# IrxImc, seed 002 §8.2.2 (its own program, irx.c): NI-level go-back-N retransmission
$(B)/fw/lfc/irx.l4.elf: firmware/lfc/irx.c $(LFC_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -Ifirmware/lfc --map $(@:.elf=.map) -o $@ firmware/lfc/irx.c

FW_ALL    += $(B)/fw/lfc/irx.l4.elf
TEST_DEPS += $(B)/fw/lfc/irx.l4.elf

# UCAST + MCAST with the NI network reset enabled (-DLFC_NRES): the DAS deadlock settings
$(B)/fw/lfc/nres.l4.elf: firmware/lfc/ucast.c $(LFC_DEPS)
	@mkdir -p $(@D)
	$(B)/lanai-cc --chip lanai4 -O2 -DLFC_NRES -Ifirmware/lfc --map $(@:.elf=.map) -o $@ firmware/lfc/ucast.c

FW_ALL    += $(B)/fw/lfc/nres.l4.elf
TEST_DEPS += $(B)/fw/lfc/nres.l4.elf

# `make reproduce` also runs every scenarios/lfc/*.cfg (seed 002's visible
# values and the chapter 5 predictions) into results/<file stem>/ and REPORT.md.
REPRODUCE_MORE += $(sort $(wildcard scenarios/lfc/*.cfg))

# The long LFC target (not in `make test`): IrxImc unicast on all 128 DAS nodes,
# exactly once and in order (the program's checks fail the run otherwise).
.PHONY: test-lfc-long
test-lfc-long: all
	$(B)/myrisim run tests/lfc/fixtures/irx_128.cfg --jobs 2 --out $(B)/lfc_long
