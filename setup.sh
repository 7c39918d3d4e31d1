#!/usr/bin/env bash
# Installs what Boulder needs on Debian and builds it in release mode.
# Idempotent: when everything is installed and built, it only checks.
set -euo pipefail
cd "$(dirname "$0")"

# libz3-dev: the SMT solver (Z3 4.8.12 on Debian 12); gcc-multilib: replaying
# counterexamples of 32-bit (ILP32) tasks with `gcc -m32`; g++: building CaDiCaL (the
# SAT solver of the bit-level engines, compiled by the `cadical` crate); pkg-config:
# locating libz3; python3-venv: a private environment for BenchExec (its tool-info
# module is tested); clang: a second compiler for replaying no-overflow counterexamples
# (gcc folds some expressions before its sanitizer sees them); berkeley-abc: ABC, a
# second model checker run on Boulder's AIGER export in tests and benchmarks (never
# part of a verdict); hyperfine: repeated timing of the fixed cost of a run
# (docs/engines/cegar.md); slurmctld, slurmd, slurm-client, munge: a one-node Slurm that
# the tests of `bench --executor slurm` start and stop (scripts/slurm-local.sh,
# docs/cluster.md); z3: Z3's own command line, a second front end that reads the Horn
# clauses `boulder chc` writes (tests; never part of a verdict); cvc5: another solver's
# front end that parses and sort-checks them (no CHC solver other than Z3 is packaged for
# Debian, PyPI or npm: docs/research/chc-spacer-z3-4.8.12.md §4).
packages=(libz3-dev gcc-multilib g++ clang pkg-config python3-venv berkeley-abc hyperfine
  slurmctld slurmd slurm-client munge z3 cvc5)
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

# BenchExec from PyPI, for `contrib/benchexec` (tested by the test suite).
if [ ! -x .venv/benchexec/bin/python ] || ! .venv/benchexec/bin/python -c "import benchexec" 2>/dev/null; then
  echo "setup: installing BenchExec into .venv/benchexec"
  python3 -m venv .venv/benchexec
  .venv/benchexec/bin/pip install --quiet --disable-pip-version-check benchexec
fi

# witnesslint (sv-witnesses' GraphML linter, vendored in ../shared/tools) needs lxml; the
# witness tests run it on Boulder's violation witnesses.
if [ ! -x .venv/witnesslint/bin/python ] || ! .venv/witnesslint/bin/python -c "import lxml" 2>/dev/null; then
  echo "setup: installing lxml into .venv/witnesslint"
  python3 -m venv .venv/witnesslint
  .venv/witnesslint/bin/pip install --quiet --disable-pip-version-check lxml
fi
