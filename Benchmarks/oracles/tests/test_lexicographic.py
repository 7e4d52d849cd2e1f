"""The HiGHS lexicographic solver on hand-derived cases where a weighted sum would answer
differently, plus infeasibility and degenerate inputs."""

from __future__ import annotations

import unittest

from lexicographic import LexicographicOracle
from systems import Row


def row(label: str, terms: dict[str, float], constant: float, relation: str, priority: float = 1000.0) -> Row:
    return Row(label, tuple(terms.items()), constant, relation, priority)


class LexicographicSolverTests(unittest.TestCase):
    def setUp(self) -> None:
        self.oracle = LexicographicOracle()

    def test_one_constraint_at_750_beats_four_at_250(self) -> None:
        # x == 0 @750 against x == 10 @250 four times. Weighted with the priorities as
        # weights: at x = 0 the cost is 4 * 250 * 10 = 10000, at x = 10 it is 750 * 10 =
        # 7500, so a weighted sum picks x = 10. Lexicographically level 750 comes first:
        # x = 0, level 750 error 0, level 250 error 4 * 10 = 40.
        rows = [row("high", {"x": 1}, 0, "==", 750)]
        rows += [row(f"low{i}", {"x": 1}, -10, "==", 250) for i in range(4)]
        result = self.oracle.solve(rows)
        self.assertTrue(result.feasible)
        self.assertEqual(list(result.level_errors), [750.0, 250.0])
        self.assertAlmostEqual(result.level_errors[750.0], 0.0, places=7)
        self.assertAlmostEqual(result.level_errors[250.0], 40.0, places=7)
        self.assertAlmostEqual(result.values["x"], 0.0, places=7)
        weighted = {x: 750 * abs(x) + 4 * 250 * abs(x - 10) for x in (0.0, 10.0)}
        self.assertLess(weighted[10.0], weighted[0.0], "the case must separate weighted from lexicographic")

    def test_inequalities_under_a_required_equality(self) -> None:
        # Required x + y == 10; x >= 8 @750; y >= 5 @250 four times (so x <= 5 each).
        # Lexicographic: x = 8, y = 2, level 750 error 0, level 250 error 4 * 3 = 12.
        # Weighted: one unit of y gains 4 * 250 = 1000 > 750, so it would go to x = 5,
        # y = 5 with level 750 error 3 and level 250 error 0.
        rows = [row("sum", {"x": 1, "y": 1}, -10, "=="), row("x8", {"x": 1}, -8, ">=", 750)]
        rows += [row(f"y5_{i}", {"y": 1}, -5, ">=", 250) for i in range(4)]
        result = self.oracle.solve(rows)
        self.assertTrue(result.feasible)
        self.assertAlmostEqual(result.level_errors[750.0], 0.0, places=7)
        self.assertAlmostEqual(result.level_errors[250.0], 12.0, places=7)
        self.assertAlmostEqual(result.values["x"], 8.0, places=7)
        self.assertAlmostEqual(result.values["y"], 2.0, places=7)

    def test_lower_level_still_optimised_within_the_higher_optimum(self) -> None:
        # x >= 5 @750 and x <= 3 @750 tie (any x in [3, 5] costs 2); x == 4.5 @1 picks
        # inside the tie, so level 1 costs 0.
        rows = [row("lo", {"x": 1}, -5, ">=", 750), row("hi", {"x": 1}, -3, "<=", 750),
                row("pick", {"x": 1}, -4.5, "==", 1)]
        result = self.oracle.solve(rows)
        self.assertAlmostEqual(result.level_errors[750.0], 2.0, places=7)
        self.assertAlmostEqual(result.level_errors[1.0], 0.0, places=7)

    def test_conflicting_required_constraints_are_infeasible(self) -> None:
        rows = [row("a", {"x": 1}, -1, "=="), row("b", {"x": 1}, -2, "=="), row("c", {"x": 1}, 0, "==", 500)]
        self.assertFalse(self.oracle.solve(rows).feasible)
        self.assertFalse(self.oracle.required_feasible(rows))
        self.assertTrue(self.oracle.required_feasible(rows[:1] + rows[2:]))
        # Taken as hard, the optional row conflicts with either required one.
        self.assertFalse(self.oracle.hard_feasible([rows[0], rows[2]]))

    def test_constant_only_rows(self) -> None:
        self.assertFalse(self.oracle.required_feasible([row("five", {}, 5, "==")]))
        self.assertTrue(self.oracle.required_feasible([row("zero", {"x": 0}, 0, "==")]))
        self.assertTrue(self.oracle.required_feasible([row("neg", {}, -1, "<=")]))
        result = self.oracle.solve([row("soft", {}, 3, "<=", 250)])
        self.assertAlmostEqual(result.level_errors[250.0], 3.0, places=7)


if __name__ == "__main__":
    unittest.main()
