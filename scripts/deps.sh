#!/bin/sh
# Make sure the Debian packages myrisim builds with are installed.
# As root: installs what is missing with apt-get. Otherwise: prints the exact command.
set -e
PKGS="clang-14 llvm-14 lld-14 libclang-rt-14-dev libsystemc-dev verilator zlib1g-dev libconfig-dev gnuplot-nox parallel libxml2-utils make gcc g++"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "myrisim: missing Debian packages:$missing" >&2
if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends $missing
else
    echo "myrisim: install them with:" >&2
    echo "  sudo apt-get install -y$missing" >&2
    exit 1
fi
