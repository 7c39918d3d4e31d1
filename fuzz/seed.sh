#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets from ../shared/benchmarks and examples/:
# C sources preprocessed (the target reads preprocessed C), .cfa files, task definitions
# and property files, DimSpec files; witnesses (GraphML and YAML, violation and
# correctness) from crates/witness/tests, sv-witnesses' linter and the release binary.
set -euo pipefail
cd "$(dirname "$0")"
bench=../../shared/benchmarks
rm -rf seeds && mkdir -p seeds/c_front seeds/cfa_text seeds/task seeds/dimspec seeds/witness_graphml seeds/witness_yaml
n=0
while IFS= read -r f; do
  n=$((n + 1))
  case "$f" in
    *.i) cp "$f" "seeds/c_front/$n.i" ;;
    *.c) gcc -E -m32 -std=gnu11 "$f" -o "seeds/c_front/$n.i" 2>/dev/null || cp "$f" "seeds/c_front/$n.c" ;;
  esac
done < <(find "$bench" ../examples ../crates/cfront/tests/programs -name '*.c' -o -name '*.i')
cp ../examples/cfa/*.cfa seeds/cfa_text/
find "$bench" -name '*.yml' -o -name '*.prp' | while IFS= read -r f; do cp "$f" "seeds/task/$(basename "$f")"; done
printf 'CHECK( init(main()), LTL(G ! call(reach_error())) )\n' > seeds/task/unreach-call.prp
printf 'CHECK( init(main()), LTL(G ! overflow) )\n' > seeds/task/no-overflow.prp
cat > seeds/task/task1.yml <<'YML'
format_version: '2.0'
input_files: 'test_locks_5.c'
properties:
  - property_file: ../properties/unreach-call.prp
    expected_verdict: true
options:
  language: C
  data_model: ILP32
YML
cat > seeds/task/task2.yml <<'YML'
format_version: '1.0'
input_files:
  - 'a.c'
  - 'b.c'
properties:
  - property_file: ../properties/no-overflow.prp
    expected_verdict: false
  - property_file: ../properties/termination.prp
    expected_verdict: false
    subproperty: valid-memtrack
options:
  language: C
  data_model: LP64
YML
cp ../examples/dimspec/*.dimspec seeds/dimspec/
if [ -x ../target/release/boulder ]; then
  for f in ../examples/c/*.c ../examples/cfa/count_up_safe.cfa; do
    ../target/release/boulder ts "$f" --dimspec "seeds/dimspec/$(basename "$f").dimspec" >/dev/null 2>&1 || true
  done
fi
# Witnesses: the witness crate's samples (of crates/witness/tests/witnesses/loop.c, the
# program the witness targets read them with) and fuzz findings, the linter's examples,
# and what the release binary writes for the examples.
for f in ../crates/witness/tests/witnesses/* ../crates/witness/tests/fuzz_findings/* ../../shared/tools/witnesslint/examples/*.graphml; do
  [ -f "$f" ] || continue
  case "$f" in
    *.graphml) cp "$f" "seeds/witness_graphml/$(basename "$f")" ;;
    *.yml) cp "$f" "seeds/witness_yaml/$(basename "$f")" ;;
  esac
done
cat > seeds/witness_yaml/loop_invariant_1x.yml <<'YML'
- entry_type: loop_invariant
  metadata:
    format_version: '0.1'
  location:
    file_name: loop.c
    line: 10
    column: 3
    function: main
  loop_invariant:
    string: i <= 100
    type: assertion
    format: C
YML
if [ -x ../target/release/boulder ]; then
  for f in ../examples/c/*.c ../examples/c/*/*.c; do
    b=$(basename "$(dirname "$f")")_$(basename "$f" .c)
    timeout 60 ../target/release/boulder verify "$f" --no-replay --witness "seeds/witness_graphml/$b.graphml" \
      --witness "seeds/witness_yaml/$b.yml" >/dev/null 2>&1 || true
  done
fi
echo "seeds: $(ls seeds/c_front | wc -l) C, $(ls seeds/cfa_text | wc -l) CFA, $(ls seeds/task | wc -l) task, $(ls seeds/dimspec | wc -l) DimSpec, $(ls seeds/witness_graphml | wc -l) GraphML and $(ls seeds/witness_yaml | wc -l) YAML witnesses"
