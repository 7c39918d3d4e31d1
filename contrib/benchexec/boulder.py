# This file is part of Boulder. SPDX-License-Identifier: Apache-2.0
"""BenchExec tool-info module for Boulder.

Use it as `contrib.benchexec.boulder` (with the repository root on PYTHONPATH), e.g.
    PYTHONPATH=. benchexec contrib/benchexec/boulder.xml --tool-directory target/release
"""

import benchexec.result as result
import benchexec.tools.template
from benchexec.tools.sv_benchmarks_util import ILP32, LP64, get_data_model_from_task


class Tool(benchexec.tools.template.BaseTool2):
    """Boulder: a software model checker for C (large-block encoding, predicate
    abstraction with CEGAR, bounded model checking)."""

    def executable(self, tool_locator):
        return tool_locator.find_executable("boulder", subdir="target/release")

    def version(self, executable):
        # `boulder --version` prints "boulder 0.1.0".
        return self._version_from_tool(executable, "--version").replace("boulder", "").strip()

    def name(self):
        return "Boulder"

    def project_url(self):
        return "https://example.invalid/boulder"

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "verify", "--stats"]
        if task.property_file:
            cmd += ["--spec", task.property_file]
        if get_data_model_from_task(task, {ILP32: "ILP32", LP64: "LP64"}) == "LP64":
            cmd.append("--64")
        if rlimits.cputime and "--timelimit" not in options:
            cmd += ["--timelimit", str(rlimits.cputime)]
        # SV-COMP collects witnesses from the run's working directory: a FALSE writes the
        # violation witness in both formats (GraphML 1.0 and YAML 2.0) unless the
        # benchmark definition names its own files.
        if "--witness" not in options:
            cmd += ["--witness", "witness.graphml", "--witness", "witness.yml"]
        return cmd + options + [task.single_input_file]

    def determine_result(self, run):
        for line in run.output:
            if not line.startswith("Verification result: "):
                continue
            verdict = line[len("Verification result: "):].strip()
            if verdict == "TRUE":
                return result.RESULT_TRUE_PROP
            if verdict == "FALSE(unreach-call)":
                return result.RESULT_FALSE_REACH
            if verdict == "FALSE(no-overflow)":
                return result.RESULT_FALSE_OVERFLOW
            if verdict.startswith("UNKNOWN"):
                reason = verdict[len("UNKNOWN"):].strip().strip("()")
                if reason == "timeout":
                    return result.RESULT_TIMEOUT if hasattr(result, "RESULT_TIMEOUT") else "TIMEOUT"
                return result.RESULT_UNKNOWN
        if run.was_timeout:
            return "TIMEOUT"
        return result.RESULT_ERROR

    def get_value_from_output(self, output, identifier):
        # `--stats` prints one statistic a line: "  name  value".
        for line in output:
            parts = line.split()
            if len(parts) >= 2 and parts[0] == identifier:
                return parts[1]
        return None
