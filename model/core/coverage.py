"""Which checks cover which rules.

Checks are scenarios (the rules they name and the rules their replay
applies), proof obligations, invariants, and tests marked
``@pytest.mark.rules("CF 4.3", ...)``.  Tests are found by reading the test
files, not by running them, so coverage is known without a test run.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from model.core.rules import normalize_rule_number


@dataclass(frozen=True, slots=True)
class CheckRef:
    """One check of one rule: its kind, its id, and (when known) whether it passed."""

    kind: str  # "scenario", "proof", "invariant", "test"
    id: str
    passed: bool | None = None


def _marker_numbers(decorator: ast.expr) -> list[str] | None:
    """The rule numbers of a ``pytest.mark.rules(...)`` decorator, else None."""
    if not isinstance(decorator, ast.Call):
        return None
    func = decorator.func
    if not (isinstance(func, ast.Attribute) and func.attr == "rules"):
        return None
    if not (isinstance(func.value, ast.Attribute) and func.value.attr == "mark"):
        return None
    numbers = []
    for arg in decorator.args:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            numbers.append(normalize_rule_number(arg.value))
    return numbers


def marked_tests(test_dir: Path) -> dict[str, list[str]]:
    """``{rule number: [test ids]}`` from the ``rules`` markers under ``test_dir``."""
    found: dict[str, list[str]] = {}
    if not test_dir.is_dir():
        return found
    for path in sorted(test_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        relative = path.relative_to(test_dir.parent).as_posix()

        def visit(body: Iterable[ast.stmt], prefix: str, inherited: list[str]) -> None:
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    numbers = list(inherited)
                    for decorator in node.decorator_list:
                        numbers.extend(_marker_numbers(decorator) or [])
                    test_id = f"{prefix}::{node.name}"
                    if isinstance(node, ast.ClassDef):
                        has_tests = any(
                            isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                            and n.name.startswith("test") for n in node.body)
                        if has_tests:
                            visit(node.body, test_id, numbers)
                        elif node.name.startswith("Test"):
                            # A test class that inherits its tests (a hypothesis
                            # state machine's TestCase, say) is one test.
                            for number in numbers:
                                found.setdefault(number, []).append(test_id)
                    elif node.name.startswith("test") or node.name.startswith("Test"):
                        for number in numbers:
                            found.setdefault(number, []).append(test_id)
                elif isinstance(node, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
                    values = node.value.elts if isinstance(node.value, ast.List) else [node.value]
                    for value in values:
                        inherited = inherited + (_marker_numbers(value) or [])

        visit(tree.body, relative, [])
    return found


def coverage_table(rule_numbers: Iterable[str], refs: dict[str, list[CheckRef]]) -> dict[str, list[CheckRef]]:
    """Every rule with its checks (empty list: not covered)."""
    return {number: refs.get(number, []) for number in rule_numbers}
