#!/usr/bin/env bash
# Installs the Debian packages the build needs when they are missing (as root), or names them.
set -euo pipefail
need=()
have_header() { [ -e "/usr/include/$1" ]; }
have_header boost/dll.hpp || need+=(libboost-dev)
have_header boost/program_options.hpp || need+=(libboost-program-options-dev)
ls /usr/lib/*/libboost_program_options.so >/dev/null 2>&1 || need+=(libboost-program-options-dev)
have_header doctest/doctest.h || need+=(doctest-dev)
command -v g++ >/dev/null || need+=(g++)
# The install test builds a plugin out of tree through the installed solver-plugin.pc.
command -v pkg-config >/dev/null || need+=(pkg-config)
if [ "${#need[@]}" -eq 0 ]; then exit 0; fi
mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "bootstrap: installing ${need[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq "${need[@]}" >&2
else
    echo "missing Debian packages; as root run: apt-get install ${need[*]}" >&2
    exit 1
fi
