"""Reading `bench list`: the backends `bench solve` can use (the checker runs only those)."""

from __future__ import annotations

import unittest

from bench_runner import parse_solver_backends

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


if __name__ == "__main__":
    unittest.main()
