"""The shape every game's rooms share: which files hold which role, checked for any game key.

Every game keeps the same files for the same roles in each layer, so that a
reader who knows one game finds their way in the next, and a new game is told
exactly what it still lacks.  :func:`shape_problems` lists what a game's
packages are missing, one line each naming the file and the role it plays.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Room:
    """One file a game must have: where (``{key}`` is the game's key), its role, and the
    names it must define at module level (``"A|b"``: either name will do, as a game whose
    invariants need its data gives a function ``invariants(data)`` instead of a tuple)."""

    path: str
    role: str
    names: tuple[str, ...] = ()


ROOMS: tuple[Room, ...] = (
    Room("model/{key}/__init__.py", "the game's small public API", ("__all__",)),
    Room("model/{key}/rules.py", "the ruling choices and their named presets",
         ("Rules", "PRESETS", "DEFAULT_RULES")),
    Room("model/{key}/rulebook.py", "the numbered rules and the glossary",
         ("RULEBOOK", "GLOSSARY")),
    Room("model/{key}/ambiguities.py", "the ambiguity register", ("AMBIGUITIES",)),
    Room("model/{key}/traceability.py", "the rulebook accounted for, sentence by sentence",
         ("TRACEABILITY",)),
    Room("model/{key}/invariants.py", "the invariants, each tied to a rule",
         ("INVARIANTS|invariants",)),
    Room("model/{key}/phases.py", "the phase graph", ("phase_graph",)),
    Room("model/{key}/state.py", "the immutable state and its notation", ("State",)),
    Room("model/{key}/engine.py", "the Game: legal actions, transitions, chance"),
    Room("analysis/{key}/__init__.py", "the game's analysis API", ("__all__",)),
    Room("analysis/{key}/policies.py", "the play policies", ("POLICIES",)),
    Room("proofs/{key}.py", "the z3 proof obligations", ("OBLIGATIONS",)),
    Room("harness/games/{key}/__init__.py", "the registration of the game's parts",
         ("PARTS",)),
    Room("harness/games/{key}/commands.py", "the game's own commands", ("register",)),
    Room("harness/games/{key}/docs.py", "the game's own pages of the reference",
         ("docs_pages",)),
)
"""The rooms of one game, in layer order."""


def _defined(path: Path) -> set[str]:
    """The names a module binds at its top level (assignments, defs, classes, imports)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def shape_problems(key: str, root: Path) -> list[str]:
    """What the game ``key`` lacks under the checkout ``root``, one line each."""
    problems = []
    for room in ROOMS:
        path = root / room.path.format(key=key)
        if not path.is_file():
            problems.append(f"{room.path.format(key=key)} is missing: {room.role}")
            continue
        defined = _defined(path)
        missing = [name.replace("|", " or ") for name in room.names
                   if not any(choice in defined for choice in name.split("|"))]
        if missing:
            problems.append(f"{room.path.format(key=key)} ({room.role}) does not define "
                            f"{', '.join(missing)}")
    scenarios = root / "scenarios" / key
    if not any(scenarios.glob("*.toml")):
        problems.append(f"scenarios/{key}/ holds no scenario file: the rulings as data")
    return problems
