"""The layer contracts: rules model, proofs, harness; and each game in its own rooms.

``model`` (pure rules) imports neither ``proofs`` nor ``harness`` and never
z3; ``proofs`` (z3) may import ``model`` but not ``harness``; ``harness`` sits
on top.  Inside each layer a game's package imports no other game's, and the
shared parts (``model.core``, the harness outside ``harness.games``) name no
game at all: games are found through ``harness.registry``.  The import graph
comes from grimp (the engine of import-linter), which reads the sources
without running them.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import grimp
import pytest

from harness.registry import games

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("harness", "proofs", "analysis", "model")  # highest first
GAME_KEYS = tuple(games())


@lru_cache(maxsize=1)
def graph():
    return grimp.build_graph(*LAYERS, include_external_packages=True, cache_dir=None)


def module_path(module: str) -> Path:
    base = ROOT.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def owner(module: str) -> str | None:
    """The game a module belongs to (``model.clubfight.engine`` -> ``clubfight``)."""
    parts = module.split(".")
    if parts[0] in ("model", "analysis", "proofs") and len(parts) > 1:
        name = parts[1]
        for key in GAME_KEYS:
            if name == key or name.startswith(key + "_"):
                return key
    if parts[:2] == ["harness", "games"] and len(parts) > 2:
        return parts[2]
    return None


def test_layers_import_only_downwards():
    g = graph()
    chains = g.find_illegal_dependencies_for_layers(layers=LAYERS)
    problems = [f"{d.importer} imports {d.imported}: "
                + "; ".join(" -> ".join(route.heads + route.middle + route.tails)
                            for route in d.routes)
                for d in chains]
    assert not problems, "\n".join(problems)


def test_the_rules_model_never_imports_z3():
    g = graph()
    offenders = sorted(m for m in g.find_downstream_modules("z3") if m.startswith("model"))
    assert not offenders, f"model modules that reach z3: {offenders}"
    direct = sorted(m for m in g.find_modules_that_directly_import("z3")
                    if not m.startswith("proofs"))
    assert not direct, f"only proofs may import z3 directly: {direct}"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_game_imports_no_other_game(key):
    g = graph()
    mine = [m for m in g.modules if owner(m) == key]
    assert mine, key
    for module in mine:
        for imported in g.find_modules_directly_imported_by(module):
            other = owner(imported)
            assert other in (None, key), f"{module} imports {imported} ({other}'s)"


def test_the_shared_parts_name_no_game():
    """Outside a game's own modules, no import and no string names the game."""
    g = graph()
    shared = [m for m in g.modules
              if m.split(".")[0] in LAYERS and owner(m) is None
              and m not in ("harness.games",)]
    problems = []
    for module in shared:
        for imported in g.find_modules_directly_imported_by(module):
            if owner(imported) is not None:
                problems.append(f"{module} imports {imported}")
        path = module_path(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                           ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docstrings):
                for key in GAME_KEYS:
                    if key in node.value.lower().replace(" ", ""):
                        problems.append(f"{module}, line {node.lineno}: names {key!r} "
                                        f"in {node.value[:60]!r}")
    assert not problems, "\n".join(problems)


def test_every_game_registers_its_parts_in_its_own_package():
    from harness.registry import all_parts

    for key, parts in all_parts().items():
        assert type(parts.game).__module__.startswith(f"model.{key}")
        assert (ROOT / "harness" / "games" / key / "__init__.py").is_file()


FORBIDDEN_IN_MODEL = {
    "os": "the file system and the environment",
    "pathlib": "paths and file reads",
    "importlib": "reading packaged files",
    "subprocess": "running programs",
    "ctypes": "loading compiled code",
    "mmap": "mapping files",
    "tempfile": "temporary files",
    "shutil": "copying files",
    "time": "the clock",
    "datetime": "the clock",
    "signal": "signals",
    "threading": "threads",
    "multiprocessing": "processes",
}
"""What the rules model never imports: it is pure rules, computed from its arguments."""

FILE_METHODS = ("open", "read_text", "read_bytes", "write_text", "write_bytes", "iterdir",
                "glob", "rglob")
"""Methods that reach the file system, whatever object they are called on."""


def test_the_rules_model_reads_no_file_runs_nothing_and_reads_no_clock():
    problems = []
    for path in sorted((ROOT / "model").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        shown = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                modules = []
            for module in modules:
                top = module.split(".")[0]
                if top in FORBIDDEN_IN_MODEL:
                    problems.append(f"{shown}, line {node.lineno}: imports {module} "
                                    f"({FORBIDDEN_IN_MODEL[top]})")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("open", "exec", "eval", "__import__")):
                problems.append(f"{shown}, line {node.lineno}: calls {node.func.id}()")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in FILE_METHODS):
                problems.append(f"{shown}, line {node.lineno}: calls .{node.func.attr}()")
    assert not problems, "\n".join(problems)
