#!/usr/bin/env bash
# Fuzzes every reader of Boulder's input for RUNS executions each (default 1,000,000):
# the C front end, the textual CFA format, task definitions and property files, DimSpec,
# GraphML and YAML witnesses.
# A panic, a crash or an input taking more than 10 s stops the target and leaves the
# input in fuzz/artifacts/TARGET/; each such finding becomes a regression test in
# crates/*/tests/fuzz_regressions.rs.
#
# libFuzzer through cargo-fuzz on stable Rust: `-s none` (no sanitizer needs nightly;
# Rust code is memory-safe, and panics are what we look for), coverage from LLVM's
# sanitizer-coverage pass, which stable rustc runs.
set -euo pipefail
cd "$(dirname "$0")"
runs=${RUNS:-1000000}
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
for t in ${TARGETS:-cfa_text task dimspec witness_graphml witness_yaml c_front}; do
  [ -d "seeds/$t" ] || ./seed.sh
  mkdir -p "corpus/$t"
  echo "== $t ($runs runs)"
  cargo fuzz run -s none "$t" "corpus/$t" "seeds/$t" -- \
    -runs="$runs" -timeout=10 -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 2>&1 |
    grep -E "^Done|DONE|stat::number_of_executed_units|stat::peak_rss|panicked|ERROR|SUMMARY|Test unit written" || true
done
