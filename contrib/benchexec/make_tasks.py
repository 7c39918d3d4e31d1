#!/usr/bin/env python3
# This file is part of Boulder. SPDX-License-Identifier: Apache-2.0
"""Writes SV-COMP task definitions (format 2.0) for the rows of a Boulder manifest, so that
BenchExec can run and score the corpus: make_tasks.py MANIFEST OUTDIR"""

import csv
import os
import sys


def main():
    manifest, out = sys.argv[1], sys.argv[2]
    base = os.path.dirname(os.path.abspath(manifest))
    props = os.path.join(os.path.dirname(os.path.abspath(__file__)), "properties")
    os.makedirs(out, exist_ok=True)
    tasks = {}
    with open(manifest) as f:
        for row in csv.DictReader(f):
            tasks.setdefault((row["task"], row["data_model"]), []).append(row)
    for i, ((task, model), rows) in enumerate(sorted(tasks.items())):
        name = f"{i:03d}-{os.path.splitext(os.path.basename(task))[0]}.yml"
        path = os.path.join(out, name)
        rel_input = os.path.relpath(os.path.join(base, task), out)
        lines = ["format_version: '2.0'", f"input_files: '{rel_input}'", "properties:"]
        for r in rows:
            prp = os.path.relpath(os.path.join(props, r["property"] + ".prp"), out)
            lines.append(f"  - property_file: {prp}")
            lines.append(f"    expected_verdict: {r['expected']}")
        lines += ["options:", "  language: C", f"  data_model: {model}"]
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
    print(f"wrote {len(tasks)} task definitions to {out}")


if __name__ == "__main__":
    main()
