"""Reading `bench list`: the backends `bench solve` can use (the checker runs only those),
and the suites with their workloads and default sizes (the peer scripts run those)."""

from __future__ import annotations

import unittest

from bench_runner import BenchError, ListedWorkload, parse_solver_backends, parse_suites

LISTING = """Backends:
  cassowary       incremental Cassowary on sorted sparse rows
                  bench solve: every constraint system
                  bench layout: every scene (ConstraintLayout: ...)
  dense-simplex   re-solves from scratch on a dense tableau
                  bench solve: every constraint system
                  bench layout: every scene within the dense memory limit (...)
  springs-struts  frames computed directly from autoresizing masks and stack rules, no solver
                  bench layout: autoresizing views and stacks only

Suites (bench run --suite NAME):
  stackviews  flat stacks of every distribution
    stack.fill.horizontal  sizes 10, 100 (arranged views); backends: cassowary
"""


class ParseSolverBackendsTests(unittest.TestCase):
    def test_only_backends_with_a_bench_solve_line(self) -> None:
        self.assertEqual(parse_solver_backends(LISTING), ["cassowary", "dense-simplex"])

    def test_no_backends_section_gives_none(self) -> None:
        self.assertEqual(parse_solver_backends("Suites:\n  smoke  one case\n"), [])

    def test_a_build_without_backends(self) -> None:
        self.assertEqual(parse_solver_backends("Backends:\n  (none in this build)\n"), [])


SUITES = """Backends:
  cassowary       incremental Cassowary
                  bench solve: every constraint system

Suites (bench run --suite NAME):
  stackviews  flat stacks of every distribution
    stack.fill.horizontal  sizes 10, 100, 1000, 10000 (arranged views); backends: cassowary, springs-struts
    stack.nested           sizes 10, 100 (views (2 + 17 per row, rows = round((N - 2) / 17), at least 1)); backends: cassowary
  enaml  kiwi's enaml-like benchmark as a scene
    enaml  one size; backends: cassowary, dense-simplex
  smoke  one small case of every workload, for CI
    stack.fill.horizontal  sizes 10 (arranged views); backends: cassowary
"""


class ParseSuitesTests(unittest.TestCase):
    def test_suites_with_their_workloads_and_default_sizes(self) -> None:
        self.assertEqual(parse_suites(SUITES), {
            "stackviews": [ListedWorkload("stack.fill.horizontal", (10, 100, 1000, 10000), False),
                           ListedWorkload("stack.nested", (10, 100), False)],
            "enaml": [ListedWorkload("enaml", (1,), True)],
            "smoke": [ListedWorkload("stack.fill.horizontal", (10,), False)],
        })

    def test_no_suites_section_gives_none(self) -> None:
        self.assertEqual(parse_suites(LISTING.split("Suites")[0]), {})

    def test_a_workload_line_in_another_shape_is_an_error(self) -> None:
        with self.assertRaisesRegex(BenchError, "line 3: cannot read the sizes of workload 'w'"):
            parse_suites("Suites:\n  s  summary\n    w  sizes ten; backends: cassowary\n")
        with self.assertRaisesRegex(BenchError, "line 2: a workload before any suite"):
            parse_suites("Suites:\n    w  one size; backends: cassowary\n")


if __name__ == "__main__":
    unittest.main()
