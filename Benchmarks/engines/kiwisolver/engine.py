#!/usr/bin/env python3
"""kiwisolver (PyPI: the C++ kiwi behind its Python binding) as an engine on the Python SDK
(docs/engines.md): each case's exported constraint system, mapped onto kiwi as
kiwi_mapping.py says, prepared as kiwi_program.py says, and timed here.

    engine.py [--set-constant edit|edit-all|readd]

The mode is how a constant change reaches kiwi (kiwi_mapping.py); each mode is its own
engine, so its results never mix with another's: `kiwisolver` (edit, the default),
`kiwisolver-readd` and `kiwisolver-edit-all`, one manifest each under Benchmarks/engines/
whose command passes the mode.

Inside the SDK's clock (garbage collector off), with every kiwi object made beforehand:

* `build`: a new `Solver` and every call that sets up the initial system (constraints,
  then edit variables with their first `suggestValue`);
* `firstLayout`: `updateVariables()` and every variable's `value()` read into a list;
* each operation (one sample of its phase): its calls, then `updateVariables()` and every
  variable's `value()` read into a list.

kiwi optimises inside every `addConstraint`, so its `build` holds what Cassowary splits
between `build` and `firstLayout`: compare their sum. The value lists are kept until the
repetition ends: dropping one would free it inside the next sample. A call kiwi refuses
fails the case, naming the call and the operation: the calls of later operations are
prepared for a trace in which every step is taken, as every exported trace is.

Each phase reports `calls` (kiwisolver calls per operation) and `callOverheadNanoseconds`
(calls × the cost of one call from Python, call_overhead.py, measured once per process).

Exit status: 0 after the runner's `bye`; 2 the runner broke the protocol (the SDK's); 4
kiwisolver cannot be imported; 64 bad command line.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# Appended, not prepended: the SDK's and the oracles' folders have their own `tests` package.
sys.path.append(str(HERE.parent / "sdk"))
sys.path.append(str(HERE.parents[1] / "oracles"))
EXIT_NO_KIWI, EXIT_USAGE = 4, 64

try:
    import kiwisolver
except ImportError as missing:
    print(f"error: kiwisolver cannot be imported by {sys.executable} ({missing}); the manifests run .venv's "
          "Python, into which make engines (or make peers) installs Benchmarks/engines/kiwisolver/requirements.txt",
          file=sys.stderr)
    sys.exit(EXIT_NO_KIWI)

from call_overhead import per_call_nanoseconds  # noqa: E402
from kiwi_mapping import SET_CONSTANT_MODES  # noqa: E402
from kiwi_program import Action, KiwiInputError, KiwiRefusal, Program, compile_program, origin_of  # noqa: E402
from layoutbench_engine import Case, Engine, Operation, run  # noqa: E402
from systems import SystemFormatError, parse_system_value  # noqa: E402

# Build calls between two looks at the case limit in the check pass.
BUILD_SLICE = 256
ENGINE_NAMES = {"edit": "kiwisolver", "readd": "kiwisolver-readd", "edit-all": "kiwisolver-edit-all"}


class SolverState:
    """One pass over the case (the check pass or a repetition): its solver and every value
    list read so far."""

    __slots__ = ("program", "solver", "values", "pending")

    def __init__(self, program: Program, solver: kiwisolver.Solver) -> None:
        self.program = program
        self.solver = solver
        self.values: list[list[float]] = []
        # The SDK applies a case's operations in order, once each, on a fresh run.
        self.pending = iter(program.operations)


def refusal(error: Exception, origin: str, context: str) -> KiwiRefusal:
    detail = f": {error}" if str(error) else ""
    return KiwiRefusal(f"kiwisolver refused {origin} in {context}: {type(error).__name__}{detail}")


def make_calls(solver: kiwisolver.Solver, actions: list[Action], program: Program, context: str) -> None:
    """The build's calls `actions` (all of them or a slice) on `solver`; a refusal names the
    call."""
    try:
        for method, arguments in actions:
            method(solver, *arguments)
    except Exception as error:  # kiwi's own exception types, e.g. UnsatisfiableConstraint
        raise refusal(error, origin_of(program.build, program.build_origins, arguments), context) from error


class KiwiSolverEngine(Engine):
    inputs = ("constraints",)
    language = "C++"

    def __init__(self, mode: str = "edit") -> None:
        if mode not in ENGINE_NAMES:
            raise ValueError(f"unknown setConstant mode {mode!r}")
        self.mode = mode
        self.name = ENGINE_NAMES[mode]
        self.version = kiwisolver.__version__
        self.binding = f"Python {platform.python_version()} → C++ (kiwisolver's binding)"
        self._per_call: float | None = None

    def prepare(self, case: Case) -> Program:
        try:
            system = parse_system_value(case.document, Path(f"{case.workload} n={case.size}"))
        except SystemFormatError as error:
            raise KiwiInputError(str(error)) from None
        return compile_program(system, case.operations, self.mode)

    def build(self, program: Program) -> SolverState:
        solver = kiwisolver.Solver()
        if not self.checking():
            make_calls(solver, program.build, program, "build")
            return SolverState(program, solver)
        # A build alone can outlast the case limit (kiwisolver-edit-all's at 1,000 views
        # takes minutes), so the check pass makes it in slices with the limit checked between.
        for start in range(0, len(program.build), BUILD_SLICE):
            self.check_limit(f"build, call {start} of {len(program.build)}")
            make_calls(solver, program.build[start:start + BUILD_SLICE], program, "build")
        return SolverState(program, solver)

    def first_layout(self, state: SolverState) -> None:
        state.solver.updateVariables()
        state.values.append([variable.value() for variable in state.program.variables])

    def apply(self, state: SolverState, operation: Operation) -> None:
        compiled = next(state.pending)
        solver = state.solver
        try:
            for method, arguments in compiled.actions:
                method(solver, *arguments)
        except Exception as error:
            raise refusal(error, origin_of(compiled.actions, compiled.origins, arguments), compiled.context) from error
        solver.updateVariables()
        state.values.append([variable.value() for variable in state.program.variables])

    def answers(self, state: SolverState) -> dict[str, Any]:
        return dict(zip(state.program.names, state.values[-1]))

    def parameters(self, program: Program) -> dict[str, str]:
        return program.parameters(self.mode)

    def calls_per_operation(self, program: Program) -> dict[str, float]:
        return program.calls_per_operation()

    def call_overhead_nanoseconds(self) -> float:
        if self._per_call is None:
            self._per_call = per_call_nanoseconds()
        return self._per_call


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="engine.py", description="kiwisolver as a layoutbench.engine/1 engine")
    parser.add_argument("--set-constant", choices=SET_CONSTANT_MODES, default="edit",
                        help="how a constant change reaches kiwi (kiwi_mapping.py): edit (engine kiwisolver), "
                             "edit-all (kiwisolver-edit-all) or readd (kiwisolver-readd)")
    try:
        arguments = parser.parse_args(argv)
    except SystemExit as exit:
        return EXIT_USAGE if exit.code else 0
    return run(KiwiSolverEngine(arguments.set_constant))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
