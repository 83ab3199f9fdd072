"""The workflow to copy (docs/ci/benchmarks.yml) runs the same bench commands as .ci/run."""

import pathlib
import re
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / "docs" / "ci" / "benchmarks.yml"
CI_RUN = ROOT / ".ci" / "run"


def commands(text):
    """Lines that build or run bench, without what is piped or redirected after them."""
    found = []
    for line in text.splitlines():
        line = re.sub(r"^\s*(- )?(run: )?", "", line)
        line = re.sub(r"\s*(\|\||\||>>).*$", "", line)
        if line.startswith(("swift build -c release", ".build/release/bench")):
            found.append(line)
    return found


def per_change_and_scheduled(text):
    """The workflow's per-change part and its scheduled job (from `  scheduled:` on)."""
    head, _, scheduled = text.partition("\n  scheduled:\n")
    return head, scheduled


class WorkflowTests(unittest.TestCase):
    def test_every_bench_command_of_the_workflow_is_one_ci_runs(self):
        workflow = commands(per_change_and_scheduled(WORKFLOW.read_text())[0])
        ci = commands(CI_RUN.read_text())
        self.assertGreaterEqual(len(workflow), 3, workflow)
        for command in workflow:
            self.assertIn(command, ci)

    def test_the_scheduled_job_counts_every_instruction_row_as_gate_md_says(self):
        scheduled = per_change_and_scheduled(WORKFLOW.read_text())[1]
        self.assertIn(".build/release/bench --quick --instructions --output", scheduled)
        self.assertNotIn("--filter", scheduled)
        gate = (ROOT / "docs" / "gate.md").read_text()
        self.assertIn("bench --quick --instructions --output i.csv", gate)
        self.assertIn("The N = 10,000 instruction rows", gate)

    def test_the_workflow_builds_runs_best_of_3_and_reports_markdown(self):
        text = WORKFLOW.read_text()
        self.assertIn("swift build -c release --product bench", text)
        self.assertIn("--best-of 3", text)
        self.assertIn('--format markdown | tee -a "$GITHUB_STEP_SUMMARY"', text)

    def test_commands_are_found_with_and_without_redirection(self):
        self.assertEqual(
            commands("        run: swift build -c release --product bench\n"
                     "  .build/release/bench compare a b --format markdown | tee -a x\n"
                     "    .build/release/bench compare a b || gate=$?\n"),
            ["swift build -c release --product bench", ".build/release/bench compare a b --format markdown",
             ".build/release/bench compare a b"])


if __name__ == "__main__":
    unittest.main()
