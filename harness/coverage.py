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

from analysis.inputs import read_text
from model.core.errors import InputError
from model.core.rules import normalize_rule_number


@dataclass(frozen=True, slots=True)
class CheckRef:
    """One check of one rule: its kind, its id, and (when known) whether it passed."""

    kind: str  # "scenario", "case", "proof", "invariant", "test"
    id: str
    passed: bool | None = None


def _is_rules_marker(func: ast.expr) -> bool:
    """``pytest.mark.rules`` or ``mark.rules`` (after ``from pytest import mark``)."""
    if not (isinstance(func, ast.Attribute) and func.attr == "rules"):
        return False
    owner = func.value
    return ((isinstance(owner, ast.Attribute) and owner.attr == "mark")
            or (isinstance(owner, ast.Name) and owner.id == "mark"))


def _marker_numbers(node: ast.expr, where: str) -> list[str]:
    """The rule numbers of a ``rules(...)`` marker (or of a list/tuple of markers)."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return [n for element in node.elts for n in _marker_numbers(element, where)]
    if not (isinstance(node, ast.Call) and _is_rules_marker(node.func)):
        return []
    numbers = []
    for arg in node.args:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            try:
                numbers.append(normalize_rule_number(arg.value))
            except InputError as error:
                raise error.at(f"{where}, line {node.lineno}") from None
    return numbers


def _module_marks(tree: ast.Module, where: str) -> list[str]:
    """Rule numbers of a module-level ``pytestmark`` (pytest applies it wherever it stands)."""
    numbers: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            numbers = _marker_numbers(node.value, where)
    return numbers


def marked_tests(test_dir: Path) -> dict[str, list[str]]:
    """``{rule number: [test ids]}`` from the ``rules`` markers under ``test_dir``."""
    found: dict[str, list[str]] = {}
    if not test_dir.is_dir():
        return found
    for path in sorted(test_dir.rglob("test_*.py")):
        relative = path.relative_to(test_dir.parent).as_posix()
        try:
            tree = ast.parse(read_text(path, "test file"), filename=str(path))
        except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
            if isinstance(error, InputError):
                raise
            reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
            raise InputError(f"cannot read rule markers: {reason[:200]}", relative) from None

        def note(numbers: Iterable[str], test_id: str) -> None:
            for number in dict.fromkeys(numbers):
                found.setdefault(number, []).append(test_id)

        def visit(body: Iterable[ast.stmt], prefix: str, inherited: list[str]) -> None:
            for node in body:
                if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    continue
                numbers = list(inherited)
                for decorator in node.decorator_list:
                    numbers.extend(_marker_numbers(decorator, relative))
                test_id = f"{prefix}::{node.name}"
                if isinstance(node, ast.ClassDef):
                    if not node.name.startswith("Test"):
                        continue
                    for item in node.body:  # a class-level pytestmark
                        if isinstance(item, ast.Assign) and any(
                                isinstance(t, ast.Name) and t.id == "pytestmark"
                                for t in item.targets):
                            numbers.extend(_marker_numbers(item.value, relative))
                    has_tests = any(
                        isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and n.name.startswith("test") for n in node.body)
                    if has_tests:
                        visit(node.body, test_id, numbers)
                    else:
                        # A test class that inherits its tests (a hypothesis state
                        # machine's TestCase, say) counts as one test.
                        note(numbers, test_id)
                elif node.name.startswith("test"):
                    note(numbers, test_id)

        visit(tree.body, relative, _module_marks(tree, relative))
    return found


def coverage_table(rule_numbers: Iterable[str], refs: dict[str, list[CheckRef]]) -> dict[str, list[CheckRef]]:
    """Every rule with its checks (empty list: not covered)."""
    return {number: refs.get(number, []) for number in rule_numbers}
