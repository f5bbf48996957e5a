"""Drafting and checking a game's rulebook traceability table (``python -m analysis.traceability``).

``draft GAME`` prints a skeleton ``model/<game>/traceability.py``: one
:class:`~model.core.traceability.Heading` per heading of the rulebook and one
:class:`~model.core.traceability.Trace` per sentence, fingerprint filled in,
each preceded by a comment holding the sentence so that it can be read while
the entries are merged into runs and given a gist, a status and their rules by
hand.  The comments quote the rulebook: they are for the editor only and are
deleted before the table is committed (``tests/test_traceability.py`` fails on a
table that quotes a sentence).

``check GAME`` prints every problem of the game's table against its rulebook
(:func:`model.core.traceability.problems`), with the fingerprint each entry
should carry, and exits 1 when there is one.

The rulebooks are read from ``../shared/rulebooks`` beside the checkout, or
from ``--rulebooks FOLDER``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Sequence

from analysis.inputs import read_text
from model.core.errors import InputError
from model.core.game import Game
from model.core.traceability import Heading, Trace, fingerprint, problems, units

RULEBOOKS = Path(__file__).resolve().parents[2] / "shared" / "rulebooks"
"""Where the rulebooks lie when ringside runs from a checkout: ``../shared/rulebooks``."""

SENTENCE_SHOWN = 150
"""How much of a sentence a draft's comment shows."""


def game_class(key: str) -> type[Game]:
    """The engine class of the game ``key`` (``model/<key>/engine.py``)."""
    try:
        module = importlib.import_module(f"model.{key}.engine")
    except ModuleNotFoundError:
        raise InputError(f"no game {key!r}: model/{key}/engine.py does not exist") from None
    for value in vars(module).values():
        if (isinstance(value, type) and issubclass(value, Game)
                and value.__module__ == module.__name__
                and getattr(value, "game_type", None) is not None):
            return value
    raise InputError(f"model/{key}/engine.py defines no Game with a game_type")


def rulebook_text(key: str, folder: Path = RULEBOOKS) -> str:
    """The text of the game's rulebook file."""
    return read_text(folder / game_class(key).game_type.rulebook_file, "rulebook")


def draft(text: str, title: str) -> str:
    """A skeleton table module for the rulebook ``text`` of the game ``title``.

    >>> print(draft("Set Up\\nShuffle. Deal 9 cards.\\n", "Toy").split("\\n\\n")[-1])
    TRACEABILITY = (
        Heading(1, 'Set Up'),
        # 2.1: Shuffle.
        Trace('2.1', Status.MODELLED, '', '2cd10a', rules=()),
        # 2.2: Deal 9 cards.
        Trace('2.2', Status.MODELLED, '', 'f7dfee', rules=()),
    )
    <BLANKLINE>
    """
    lines = [
        f"'''The {title} rulebook accounted for, sentence by sentence.",
        "",
        "A draft of python -m analysis.traceability: merge the entries into runs, write",
        "each gist in ringside's own words, set the status and the rules, and delete every",
        "comment (they quote the rulebook).",
        "'''",
        "",
        "from __future__ import annotations",
        "",
        "from model.core.traceability import Heading, Status, Trace",
        "",
        "TRACEABILITY = (",
    ]
    for unit in units(text):
        if unit.heading:
            lines.append(f"    Heading({unit.line}, {unit.text!r}),")
            continue
        shown = unit.text if len(unit.text) <= SENTENCE_SHOWN else \
            unit.text[:SENTENCE_SHOWN] + "..."
        lines.append(f"    # {unit.key}: {shown}")
        lines.append(f"    Trace({unit.key!r}, Status.MODELLED, '', "
                     f"{fingerprint([unit.text])!r}, rules=()),")
    lines.append(")")
    return "\n".join(lines) + "\n"


def table_problems(key: str, text: str) -> list[str]:
    """Every problem of ``model/<key>/traceability.py`` against the rulebook ``text``."""
    table = importlib.import_module(f"model.{key}.traceability").TRACEABILITY
    rulebook = importlib.import_module(f"model.{key}.rulebook").RULEBOOK
    register = importlib.import_module(f"model.{key}.ambiguities").AMBIGUITIES
    return problems(table, text, rule_numbers=[rule.number for rule in rulebook],
                    ambiguity_ids=[entry.id for entry in register])


def entry_counts(table: Sequence[Heading | Trace], text: str) -> dict[str, int]:
    """How many sentences of the rulebook each status covers.

    >>> from model.core.traceability import Status
    >>> entry_counts((Trace("1", Status.FLAVOUR, "g", ""),), "Hi there. Bye.\\n")
    {'flavour': 2}
    """
    all_units = units(text)
    counts: dict[str, int] = {}
    for entry in table:
        if isinstance(entry, Trace):
            counts[entry.status.value] = counts.get(entry.status.value, 0) + \
                len(entry.span(all_units))
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m analysis.traceability",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("draft", "check"))
    parser.add_argument("game", help="a game's key, as model/<key>/ names it")
    parser.add_argument("--rulebooks", type=Path, default=RULEBOOKS,
                        help="the folder of the rulebook files")
    args = parser.parse_args(argv)
    try:
        text = rulebook_text(args.game, args.rulebooks)
        if args.command == "draft":
            sys.stdout.write(draft(text, game_class(args.game).game_type.title))
            return 0
        found = table_problems(args.game, text)
    except InputError as error:
        print(f"python -m analysis.traceability: {error}", file=sys.stderr)
        return 2
    for line in found:
        print(line)
    if not found:
        table = importlib.import_module(f"model.{args.game}.traceability").TRACEABILITY
        counts = entry_counts(table, text)
        print(f"{args.game}: every sentence accounted for ("
              + ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) + ")")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
