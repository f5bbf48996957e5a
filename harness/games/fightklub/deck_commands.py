"""``ringside fightklub deck`` and ``ringside fightklub collection``.

``deck FILE|NAME`` checks one deck list against the deck rules (FK 2): every
violation with its rule numbers and line, and the checks that could not be
made because a fact about a card is not known.  ``collection OWNED DECK...``
says whether a collection can build all the decks at the same time, and what
it is short of.  The shipped decks (``rambo``, ``hannibal``, the synthetic
ones) and the Kilo of ONE (``kilo``) are given by name; anything else is a
path.  Exit codes: 0 valid / buildable, 1 invalid / short, 2 unreadable input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from analysis.inputs import read_text
from harness.output import EXIT_FAILED, EXIT_OK
from harness.toolkit import InputPath, Report, add_command, add_rules_options, read_rules
from model.core.errors import InputError
from model.core.game import Game
from analysis.fightklub.loading import shipped_names, shipped_text
from harness.games.fightklub.data import add_cards_option, cards_of, game_of
from model.fightklub.decks import (
    CardList, check_collection, check_deck, parse_collection, parse_deck,
)
from model.fightklub.rules import PRESETS

MAX_DECKS = 16
"""The most decks one collection check builds at the same time."""


class DeckRulesets:
    """The Fight Klub rulesets for ``--rules`` and ``--set`` while the game itself is
    not registered: the game protocol's own preset and override handling, borrowed."""

    presets = PRESETS
    default_rules = next(iter(PRESETS.values()))
    preset = Game.preset
    parse_rules = Game.parse_rules


def _source(text: str, what: str, given: Mapping[str, tuple[str, str]] | None = None
            ) -> tuple[str, str, str]:
    """(label, text, where) of a shipped name, a deck a card file gives (``given``), or a
    path."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"needs a {what} file or a shipped name", what)
    shipped = shipped_text(text)
    if shipped is None and given is not None:
        shipped = given.get(text)
    if shipped is not None:
        return text, shipped[0], shipped[1]
    if "\0" in text:
        raise InputError("a path cannot hold a NUL character", what)
    path = Path(text)
    try:
        special = path.exists() and not path.is_file() and not path.is_dir()
    except (OSError, ValueError):
        special = False  # read_text says what is wrong with it
    if special:
        # A device or a pipe may never end (/dev/zero); a deck list is a file.
        raise InputError(f"is not a regular file, so not a {what}", text)
    return text, read_text(text, what), text


def read_deck(text: str, args: Any = None) -> tuple[str, CardList]:
    """A deck list: a shipped deck's, one of ``--cards`` files', or a file's."""
    given = game_of(args).catalog.decks if getattr(args, "cards", None) else None
    label, body, where = _source(text, "deck list", given)
    return label, parse_deck(body, where)


def read_collection(text: str) -> tuple[str, CardList]:
    label, body, where = _source(text, "collection")
    return label, parse_collection(body, where)


def cmd_fightklub_deck(args, rulesets: Any = None) -> Report:
    rules = read_rules(rulesets or DeckRulesets(), args)
    label, deck = read_deck(args.deck, args)
    report = check_deck(deck, rules, cards=cards_of(args))
    lines = [f"{label} ({deck.where}): {report.cards} cards"]
    if report.violations:
        lines.append(f"invalid: {len(report.violations)} violation"
                     f"{'s' if len(report.violations) != 1 else ''}")
        for violation in report.violations:
            where = f"line {violation.line}" if violation.line is not None else "deck"
            lines.append(f"  {where:<8} [{', '.join(violation.rules)}] {violation.message}")
    elif report.unchecked:
        lines.append(f"unknown: no violation found, but {len(report.unchecked)} check"
                     f"{'s' if len(report.unchecked) != 1 else ''} could not be made")
    else:
        lines.append("valid: every deck rule checked, no violation")
    lines.extend(f"  {item}" for item in report.unchecked)
    return Report(report.as_json(), lines, EXIT_OK if report.valid else EXIT_FAILED)


def cmd_fightklub_collection(args, rulesets: Any = None) -> Report:
    rules = read_rules(rulesets or DeckRulesets(), args)
    if len(args.decks) > MAX_DECKS:
        raise InputError(f"{len(args.decks)} decks; a collection check builds at most "
                         f"{MAX_DECKS} at once", "DECK")
    owned_label, owned = read_collection(args.owned)
    decks = [read_deck(text, args) for text in args.decks]
    report = check_collection(owned, [deck for _, deck in decks], rules, cards=cards_of(args))
    names = " + ".join(label for label, _ in decks)
    lines = [f"{owned_label} ({owned.cards} cards) for {names} ({report.need} cards in all)"]
    if report.buildable:
        lines.append("buildable: the collection holds every card the decks need at once")
    else:
        lines.append(f"short of {len(report.shortages)} card"
                     f"{'s' if len(report.shortages) != 1 else ''}:")
        lines.extend(f"  {s.code} {s.name}: need {s.need}, have {s.have}"
                     for s in report.shortages)
    data = report.as_json()
    return Report(data, lines, EXIT_OK if report.buildable else EXIT_FAILED)


def register(subcommands: Any, game: Any = None) -> None:
    """Add ``deck`` and ``collection``; ``game`` supplies the rulesets (the Fight
    Klub game once it exists), :class:`DeckRulesets` otherwise."""
    rulesets = game if game is not None else DeckRulesets()
    names = ", ".join(shipped_names("decks"))
    deck = add_command(
        subcommands, "deck", lambda args: cmd_fightklub_deck(args, rulesets),
        help="check a deck list against the deck rules (every violation, with rule numbers)",
        example=["rambo"])
    deck.add_argument("deck", metavar="FILE|NAME", type=InputPath("deck list", names=True),
                      help=f"a deck list file, or a shipped deck: {names}")
    add_cards_option(deck)
    add_rules_options(deck, rulesets)
    collection = add_command(
        subcommands, "collection", lambda args: cmd_fightklub_collection(args, rulesets),
        help="can a collection build all the given decks at the same time",
        example=["kilo", "rambo", "hannibal"])
    collection.add_argument("owned", metavar="OWNED", type=InputPath("collection", names=True),
                            help="a collection file, or a shipped name: "
                                 + ", ".join(shipped_names("collections") +
                                             shipped_names("decks")))
    collection.add_argument("decks", metavar="DECK", nargs="+",
                            type=InputPath("deck list", names=True),
                            help=f"deck list files or shipped decks ({names})")
    add_cards_option(collection)
    add_rules_options(collection, rulesets)
