#!/bin/sh
# setup-debian.sh: install everything Navarch needs to build and test on a
# fresh Debian 12 machine.  Run as root (or through sudo).  Idempotent.
#
# libetpan-dev pulls in libcurl4-gnutls-dev (not the OpenSSL flavour);
# libdpkg-perl provides the specs file Debian's libetpan.pc names.
# postfix, dovecot-core, dovecot-imapd and openssl are for the mail tests,
# which start their own private servers with certificates made at start
# (tests/servers/); Postfix's installer is preseeded so it asks nothing and
# writes no system configuration, and the package scripts do not start the
# system's daemons on these machines.
# librsvg2-bin gives rsvg-convert, which tests/svg/render.sh draws the SVG
# map with.
# clang-14 and libclang-rt-14-dev (libFuzzer and the sanitizers' runtime)
# build the fuzz targets of `make fuzz` (scripts/fuzz.sh).
# tzdata is the time zone database players' clocks are read in
# (src/common/tz.c, test_tz).
set -eu

packages="build-essential autoconf automake pkg-config
	libxml2-dev libxml2-utils libxslt1-dev nettle-dev libsqlite3-dev libcrypt-dev
	libcurl4-gnutls-dev libetpan-dev libdpkg-perl libcmocka-dev
	valgrind python3 tzdata
	postfix dovecot-core dovecot-imapd openssl librsvg2-bin
	clang-14 libclang-rt-14-dev"

missing=""
for p in $packages; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
	    missing="$missing $p"
done
if [ -z "$missing" ]; then
	echo "setup-debian: all packages present"
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1; then
		exec sudo "$0" "$@"
	fi
	echo "setup-debian: run as root to install:$missing" >&2
	exit 1
fi
echo "setup-debian: installing$missing"
export DEBIAN_FRONTEND=noninteractive
echo "postfix postfix/main_mailer_type select No configuration" |
    debconf-set-selections
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing
