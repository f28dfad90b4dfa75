# GRIM host library (hostlib/grim), its tests (tests/grim) and the TPIL
# calibration generator. hostlib/driver and hostlib/apps are already in
# LIB_SRCS (mk/pci.mk).
LIB_SRCS  += $(sort $(wildcard hostlib/grim/*.c))
TEST_SRCS += $(sort $(wildcard tests/grim/*.c))

# build/grim-profile-gen prints hostlib/grim/grim_profile.c (TPIL cut-offs per
# host / NI / slot from TPIL's benchmark on the model). `make grim-profile`
# regenerates the file; run it when the host or card models change.
TOOLS += $(B)/grim-profile-gen
$(B)/grim-profile-gen: $(B)/obj/tests/grim/gen/grim_profile_gen.o $(B)/obj/tests/tpil/fixture.o \
                       $(B)/obj/tests/tpil/calib.o $(B)/obj/tests/host/node_run.o $(B)/libmyrisim.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)
-include $(B)/obj/tests/grim/gen/grim_profile_gen.d

.PHONY: grim-profile
grim-profile: $(B)/grim-profile-gen
	$(B)/grim-profile-gen > hostlib/grim/grim_profile.c.new && mv hostlib/grim/grim_profile.c.new hostlib/grim/grim_profile.c
