#!/usr/bin/env bash
# Installs what Boulder needs on Debian and builds it in release mode.
# Idempotent: when everything is installed and built, it only checks.
set -euo pipefail
cd "$(dirname "$0")"

# libz3-dev: the SMT solver (Z3 4.8.12 on Debian 12); gcc-multilib: replaying
# counterexamples of 32-bit (ILP32) tasks with `gcc -m32`; pkg-config: locating libz3.
packages=(libz3-dev gcc-multilib pkg-config)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cargo build --release --locked --quiet
echo "setup: built $(pwd)/target/release/boulder"
