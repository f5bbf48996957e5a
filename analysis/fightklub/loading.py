"""Reading Fight Klub's shipped data files, and the game played with them (``GAME``).

The rules model reads no file: :class:`model.fightklub.engine.FightKlub` takes its
card table and deck lists as values.  This module reads the shipped ones from
``analysis/fightklub/data/``: the public card list of ONE
(``one-cardlist.tsv``), the facts the rulebook states about some of its cards
(``one-known.toml``), ringside's synthetic set (``synthetic.toml``), the deck
lists (``decks/``) and collections (``collections/``); and builds ``GAME``, the
game played with them, which the harness registers.  A user's own card files
(:func:`cards_with`: the texts of ONE's cards, or cards of their own) go through
the same parsers into a game of their own (:func:`game_with_cards`).

>>> one = one_cards()
>>> len(one), one["027"].name, one["027"].type, one["003"].type
(101, 'John Rambo', 'character', Unknown('type'))
>>> one["101"].parts.latent_energy
('B', 'G', 'Y')
>>> syn = synthetic_cards()
>>> syn["S901"].affiliation, syn["S999"].is_the_drop
('hero', True)

A deck of ONE holds cards whose texts nobody knows, so its check says what it
could not check instead of guessing:

>>> from model.fightklub.decks import check_deck, parse_deck
>>> report = check_deck(parse_deck(*shipped_text("rambo")), cards=all_cards())
>>> report.cards, report.violations, report.verdict
(40, (), 'unknown')
>>> [item.check for item in report.unchecked]
['the gold-icon limit', 'one affiliation', 'signature cards']
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Mapping, Sequence

from analysis.inputs import read_text
from model.core.errors import InputError
from model.fightklub.cards import (
    Card, Fact, build_one_cards, parse_one_facts, parse_one_list, parse_synthetic_set,
)
from model.fightklub.engine import FightKlub
from model.fightklub.supplied import card_file_decks, merged_cards, parse_card_file

DATA = Path(__file__).resolve().parent / "data"
"""The shipped data folder."""
SHOWN = "analysis/fightklub/data"
"""How messages name the data folder (as in a checkout)."""
SYNTHETIC_FILE = "synthetic.toml"
ONE_LIST_FILE = "one-cardlist.tsv"
ONE_KNOWN_FILE = "one-known.toml"
DECK_FOLDERS = ("decks", "collections")
DECK_CASES = DATA / "deck-cases"
ENERGY_CASES = DATA / "energy-cases"
FIGHT_CASES = DATA / "fight-cases"


def data_text(name: str) -> str:
    """The text of a file of the data folder (``decks/rambo.txt``, say)."""
    return (DATA / name).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def one_cards() -> Mapping[str, Card]:
    """The 101 cards of ONE, by code (``001`` to ``101``)."""
    entries = parse_one_list(data_text(ONE_LIST_FILE), f"{SHOWN}/{ONE_LIST_FILE}")
    facts = parse_one_facts(data_text(ONE_KNOWN_FILE), f"{SHOWN}/{ONE_KNOWN_FILE}", entries)
    return build_one_cards(entries, facts, f"{SHOWN}/{ONE_KNOWN_FILE}")


@functools.lru_cache(maxsize=1)
def one_facts() -> tuple[Fact, ...]:
    """The facts the rulebook states about cards of ONE, each with its section."""
    entries = parse_one_list(data_text(ONE_LIST_FILE), ONE_LIST_FILE)
    return parse_one_facts(data_text(ONE_KNOWN_FILE), ONE_KNOWN_FILE, entries)


@functools.lru_cache(maxsize=1)
def synthetic_cards() -> Mapping[str, Card]:
    """ringside's synthetic cards, by code (``S901`` ...): invented, not from ONE."""
    return parse_synthetic_set(data_text(SYNTHETIC_FILE), SYNTHETIC_FILE)


@functools.lru_cache(maxsize=1)
def all_cards() -> Mapping[str, Card]:
    """Every card ringside ships, by code; ONE's and the synthetic codes never collide."""
    return {**one_cards(), **synthetic_cards()}


def shipped_names(folder: str) -> tuple[str, ...]:
    """The names of the shipped files in ``decks`` or ``collections`` (file stems)."""
    return tuple(sorted(entry.name.removesuffix(".txt") for entry in (DATA / folder).iterdir()
                        if entry.name.endswith(".txt")))


def shipped_text(name: str) -> tuple[str, str] | None:
    """The text of a shipped deck or collection and where it lies; ``None`` for a
    name nobody shipped."""
    for folder in DECK_FOLDERS:
        if name in shipped_names(folder):
            return data_text(f"{folder}/{name}.txt"), f"{SHOWN}/{folder}/{name}.txt"
    return None


def shipped(name: str, where: str) -> tuple[str, str]:
    """:func:`shipped_text`, or an :class:`InputError` at ``where`` listing what is shipped."""
    found = shipped_text(name)
    if found is None:
        known = ", ".join(shipped_names("decks") + shipped_names("collections"))
        raise InputError(f"no shipped deck or collection {name!r}; shipped: {known}", where)
    return found


def _lists(folder: str) -> dict[str, tuple[str, str]]:
    return {name: (data_text(f"{folder}/{name}.txt"), f"{SHOWN}/{folder}/{name}.txt")
            for name in shipped_names(folder)}


@functools.lru_cache(maxsize=1)
def shipped_game() -> FightKlub:
    """The game played with the shipped cards and decks."""
    return FightKlub(all_cards(), _lists("decks"))


GAME = shipped_game()
"""Fight Klub with ringside's shipped data: the game the harness registers."""


CARD_FILE = "card file"
"""The kind of input a user's card file is (:data:`analysis.inputs.KINDS`)."""


def cards_with(files: Sequence[str]) -> dict[str, Card]:
    """The shipped cards with those of a user's card files (read through
    :mod:`analysis.inputs`, parsed by :func:`model.fightklub.supplied.parse_card_file`):
    texts of ONE's cards replace their unknown facts, cards of the user's own are added."""
    return _merged({file: read_text(file, CARD_FILE) for file in files})


def _merged(texts: Mapping[str, str]) -> dict[str, Card]:
    found = [(file, parse_card_file(text, file, one_cards())) for file, text in texts.items()]
    return merged_cards(all_cards(), found, texts)


def game_with_cards(files: Sequence[str]) -> FightKlub:
    """Fight Klub played with the shipped cards and decks, a user's card files and the
    decks those files list (:func:`model.fightklub.supplied.card_file_decks`); the decks
    the files make playable (rambo, once they give the texts of its cards, or a deck a
    file lists) lead its example setups, so ``explore`` and ``check`` play them first."""
    texts = {file: read_text(file, CARD_FILE) for file in files}
    cards = _merged(texts)
    decks = _lists("decks")
    for file, text in texts.items():
        decks.update(card_file_decks(text, file, decks))
    game = FightKlub(cards, decks)
    featured = tuple(name for name in decks
                     if not _playable(shipped_game(), name) and _playable(game, name))
    return FightKlub(game.catalog.cards, decks, featured) if featured else game


def _playable(game: FightKlub, deck: str) -> bool:
    try:
        game.catalog.deck(deck)
    except InputError:
        return False
    return True
