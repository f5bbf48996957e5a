"""Every game has the same rooms for the same roles; every module is small and says what it does."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from harness.registry import all_parts
from harness.shape import ROOMS, shape_problems

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 1_000
SOURCES = ("model", "analysis", "proofs", "harness", "bench", "docs/_ext")


@pytest.mark.parametrize("key", tuple(all_parts()))
def test_every_game_has_every_room(key):
    assert shape_problems(key, ROOT) == []


def test_a_new_game_is_told_each_room_it_lacks(tmp_path):
    (tmp_path / "model" / "sixth").mkdir(parents=True)
    (tmp_path / "model" / "sixth" / "rules.py").write_text(
        '"""Rules."""\nclass Rules: ...\nPRESETS = {}\n', encoding="utf-8")
    problems = shape_problems("sixth", tmp_path)
    assert "model/sixth/rules.py (the ruling choices and their named presets) does not " \
           "define DEFAULT_RULES" in problems
    assert "model/sixth/engine.py is missing: the Game: legal actions, transitions, " \
           "chance" in problems
    assert any(p.startswith("scenarios/sixth/") for p in problems)
    assert len(problems) == len(ROOMS) + 1  # every room but one missing, one incomplete


def python_sources() -> list[Path]:
    found = [ROOT / "setup.py"]
    for folder in SOURCES:
        found.extend(sorted((ROOT / folder).rglob("*.py")))
    return [path for path in found if "_data" not in path.parts and ".venv" not in path.parts]


def test_no_module_outside_the_tests_is_over_a_thousand_lines():
    long = [f"{path.relative_to(ROOT)}: {n} lines" for path in python_sources()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert not long, "\n".join(long)


def test_every_module_says_in_its_first_line_the_one_thing_it_does():
    silent = []
    for path in python_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree)
        first = path.read_text(encoding="utf-8").lstrip().splitlines()[:1]
        if not doc or not doc.strip().splitlines()[0].strip() or not first or \
                not first[0].startswith(('"""', "'''", 'r"""')):
            silent.append(str(path.relative_to(ROOT)))
    assert not silent, "modules without a first docstring line: " + ", ".join(silent)
