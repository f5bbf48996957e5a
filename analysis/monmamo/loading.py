"""Reads Monsters Masters & Mobsters' shipped card set and builds the game played with it.

The rules model takes its card set as a value (the game class is given it);
the files live here, in ``analysis/monmamo/data/``.  ringside ships one set,
``synthetic-set.toml``: cards of its own, invented to exercise the rules (the
real card texts are not public).  :data:`GAME` is the game on that set, the one
the harness registers.
"""

from __future__ import annotations

from importlib import resources

from model.monmamo.cards import Card, parse_card_set
from model.monmamo.engine import MonstersMastersMobsters

SYNTHETIC_SET_FILE = "synthetic-set.toml"
"""The shipped card set's file, in ``analysis/monmamo/data/``."""


def shipped_cards() -> dict[str, Card]:
    """ringside's synthetic card set, by number, as shipped beside this module."""
    text = resources.files(__package__).joinpath("data", SYNTHETIC_SET_FILE).read_text(
        encoding="utf-8")
    return parse_card_set(text, f"analysis/monmamo/data/{SYNTHETIC_SET_FILE}")


GAME = MonstersMastersMobsters(cards=shipped_cards())
"""The setup phase on the synthetic card set."""
