"""Reads Monsters Masters & Mobsters' shipped card set and builds the game played with it.

The rules model takes its card set as a value (the game class is given it);
the files live here, in ``analysis/monmamo/data/``.  ringside ships one set,
``synthetic-set.toml``: cards of its own, invented to exercise the rules (the
real card texts are not public).  :data:`GAME` is the game on that set, the one
the harness registers.  A user's own card files (their own inventions, or cards
of the real game they own) go through the same parser into a game played with
both sets (:func:`game_with_cards`).
"""

from __future__ import annotations

from importlib import resources
from typing import Sequence

from analysis.inputs import read_text
from model.core.errors import InputError
from model.core.toml_lines import line_of

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


CARD_FILE = "card file"
"""The kind of input a user's card file is (:data:`analysis.inputs.KINDS`)."""


def cards_with(files: Sequence[str]) -> dict[str, Card]:
    """The shipped set and the cards of a user's card files; a number taken twice (by
    the shipped set or an earlier file) is a duplicate card, named with its line."""
    cards = shipped_cards()
    for file in files:
        text = read_text(file, CARD_FILE)
        for index, (number, card) in enumerate(parse_card_set(text, file,
                                                              shipped=False).items(), 1):
            if number in cards:
                line = line_of(text, ("card", index - 1, "number"))
                raise InputError(f"the number {number} is already {cards[number].name!r} "
                                 "(a number identifies one card); give yours another number",
                                 f"{file}: line {line}: card {index} ({number})")
            cards[number] = card
    return cards


def game_with_cards(files: Sequence[str]) -> MonstersMastersMobsters:
    """The setup phase on the shipped set and the cards of a user's files, which the
    Library of every explorer start holds."""
    cards = cards_with(files)
    return MonstersMastersMobsters(cards=cards, featured=tuple(
        number for number in cards if number not in GAME.cards))
