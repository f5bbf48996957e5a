"""Card files a user brings: texts of ONE's cards merged onto the public facts, or cards of their own.

The public card list of ONE gives each card's number, rarity and name; the
rulebook states a few more facts (:func:`~model.fightklub.cards.parse_one_facts`);
everything else is :class:`~model.fightklub.cards.Unknown`.  A player who owns
the cards can supply their texts in a card file: the schema of ringside's
synthetic set (:func:`~model.fightklub.cards.parse_synthetic_card`), headed
``set = "ONE"``, each ``[[card]]`` under its ONE number.  A supplied card
replaces the unknown facts of that number; a supplied fact that contradicts a
public one (the name or rarity of the list, a type, affiliation or energy the
rulebook states) is an :class:`~model.core.errors.InputError` naming the file,
the line and the public source.  A file headed ``synthetic = true`` instead
gives cards of the user's own invention, numbered S901 to S999 like
ringside's.  Either kind may also give deck lists (``[[deck]]`` tables, a
``name`` and the ``list`` in the format of ringside's deck files), so that
positions and games can hold the cards (:func:`card_file_decks`).

>>> from model.fightklub.cards import build_one_cards
>>> one = build_one_cards({"027": (27, "R", "John Rambo")}, (), "list")
>>> parse_card_file('set = "ONE"\\n[[card]]\\nnumber = "027"\\nname = "John Ramb"\\n',
...                 "one.toml", one)
Traceback (most recent call last):
    ...
model.core.errors.InputError: one.toml: line 4: card 027 'John Ramb': field 'name': contradicts ONE's public card list, which names card 027 'John Rambo'
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Collection, Mapping

from model.core.errors import InputError
from model.core.toml_lines import line_of, toml_table
from model.fightklub.decks import parse_deck
from model.fightklub.cards import (
    CARD_TYPES, ONE_SET, SYNTHETIC_SET, Card, CardPlace, CharacterParts, UniversalParts,
    card_code, card_entries, check_signatures, is_known, name_key, parse_synthetic_card,
    parse_synthetic_set,
)

SUPPLIED = "supplied by the user, not checked against the printed card"


def _source(public: Card, field: str) -> str:
    """Where a public fact of ``public`` comes from (the list for name and rarity)."""
    return dict(public.sources).get(field, "the rulebook")


def _types(types: frozenset[str]) -> str:
    if types == frozenset(CARD_TYPES):
        return "of any type"
    return " or ".join(sorted(types))


def _contradiction(card: Card, public: Card) -> tuple[str, str] | None:
    """The first field of ``card`` that contradicts a public fact of ``public``, with
    the message saying so; ``None`` when they agree."""
    if not card.types <= public.types:
        return "type", (f"the rulebook shows {public.label} as {_types(public.types)}, not "
                        f"{card.type} ({_source(public, 'type')})")
    if is_known(public.affiliation) and card.affiliation != public.affiliation:
        return "affiliation", (f"the rulebook states {public.label} is a "
                               f"{public.affiliation}, not a {card.affiliation} "
                               f"({_source(public, 'affiliation')})")
    if public.signature is None and card.signature is not None:
        return "signature", (f"the rulebook states {public.label} carries no signature icon "
                             f"({_source(public, 'signature')})")
    fields: tuple[str, ...] = ()
    if isinstance(public.parts, CharacterParts):
        fields = ("first_setup_energy", "latent_energy")
    elif isinstance(public.parts, UniversalParts):
        fields = ("latent_energy",)
    for field in fields:
        stated = getattr(public.parts, field)
        given = getattr(card.parts, field, None)
        if is_known(stated) and given != stated:
            words = field.replace("_", " ")
            return f"{card.type}.{field}", (
                f"the rulebook states the {words} of {public.label} is "
                f"{' '.join(stated) or 'none'}, not {' '.join(given or ()) or 'none'} "
                f"({_source(public, field)})")
    return None


def _with_public_identity(entry: dict, place: CardPlace, one: Mapping[str, Card]) -> dict:
    """``entry`` with the name and rarity of ONE's public list where it gives none;
    a name or rarity it gives that the list contradicts is an error, reported before
    anything else of the card."""
    number = entry.get("number")
    code = (card_code(number) if isinstance(number, str)
            else f"{number:03d}" if type(number) is int and 0 <= number <= 999 else None)
    public = one.get(code) if code else None
    if public is None:
        return entry
    place.card = f"card {public.code}"
    name, rarity = entry.get("name"), entry.get("rarity")
    if isinstance(name, str):
        place.checked("name", name)
    if isinstance(name, str) and name_key(name) != name_key(public.name):
        place.card = f"card {public.code} {name!r}"
        raise place.error("name", f"contradicts ONE's public card list, which names card "
                          f"{public.code} {public.name!r}")
    if isinstance(rarity, str) and rarity != public.rarity:
        raise place.error("rarity", f"contradicts ONE's public card list, which gives card "
                          f"{public.label} the rarity {public.rarity}, not {rarity!r}")
    return {"name": public.name, "rarity": public.rarity, **entry}


def parse_one_texts(text: str, file: str, one: Mapping[str, Card]) -> dict[str, Card]:
    """The cards of ONE whose texts ``text`` gives, each merged onto its public facts
    (``one``: the public list with the rulebook's facts), by code."""
    _, entries = card_entries(text, file)
    supplied: dict[str, Card] = {}
    origin = f"{file} ({SUPPLIED})"
    for index, entry in enumerate(entries, 1):
        if isinstance(entry, dict):
            entry = _with_public_identity(entry, CardPlace(file, f"card {index}", text, index),
                                          one)
        card = parse_synthetic_card(entry, file, index, text=text, set_=ONE_SET,
                                    origin=origin)
        place = CardPlace(file, f"card {card.code} {card.name!r}", text, index)
        public = one.get(card.code)
        if public is None:
            raise place.error("number", f"{card.code} is not a number of ONE's public card "
                              f"list ({min(one)} to {max(one)})")
        if card.code in supplied:
            raise place.error("number", f"card {card.code} is given twice in the file")
        problem = _contradiction(card, public)
        if problem is not None:
            raise place.error(*problem)
        supplied[card.code] = dataclasses.replace(
            card, sources=public.sources + (("all", origin),))
    characters = {card.name: card for card in one.values() if card.surely("character")}
    check_signatures(supplied, file, text, characters)
    return supplied


def parse_card_file(text: str, file: str, one: Mapping[str, Card]) -> dict[str, Card]:
    """The cards of a user's card file, by code: texts of ONE's cards (``set =
    "ONE"``, merged onto ``one``) or cards of the user's own (``synthetic = true``)."""
    data, _ = card_entries(text, file)
    declared: Any = data.get("set")
    synthetic = data.get("synthetic")
    if declared == ONE_SET and synthetic is None:
        return parse_one_texts(text, file, one)
    if synthetic is True and declared is None:
        return parse_synthetic_set(text, file)
    raise InputError(f"a card file declares set = {ONE_SET!r} (the texts of cards of ONE) or "
                     f"synthetic = true (cards of your own, numbered S901 to S999), not "
                     f"set = {declared!r}, synthetic = {synthetic!r}", file)


def merged_cards(base: Mapping[str, Card], files: list[tuple[str, Mapping[str, Card]]],
                 texts: Mapping[str, str]) -> dict[str, Card]:
    """``base`` (the shipped cards) with each file's cards: a card of ONE replaces its
    public facts; a synthetic number already taken, by ringside or an earlier file,
    is a duplicate card, named with its file and line."""
    cards = dict(base)
    given: dict[str, str] = {}
    for file, found in files:
        for index, (code, card) in enumerate(found.items(), 1):
            place = CardPlace(file, f"card {card.label!r}", texts.get(file, ""), index)
            if code in given:
                raise place.error("number", f"card {code} is given in {given[code]} too")
            if card.set == SYNTHETIC_SET and code in cards:
                raise place.error("number", f"{code} is a synthetic card ringside ships "
                                  f"({cards[code].name}); number your own cards with a "
                                  "free number from S901 to S999")
            given[code] = file
            cards[code] = card
    return cards


DECK_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}", re.ASCII)
"""A deck's name as setups and positions write it: lower-case letters, digits and
hyphens, at most 40."""
MAX_DECKS = 16
"""The most deck lists one card file gives."""


def card_file_decks(text: str, file: str, taken: Collection[str]) -> dict[str, tuple[str, str]]:
    """The deck lists a card file gives, by name: ``[[deck]]`` tables with a ``name``
    (:data:`DECK_NAME`, none of ``taken``, the decks already known) and a ``list``, the
    text of a deck list as ringside's deck files write it.  Each comes back as the text
    the deck parser reads (:func:`model.fightklub.decks.parse_deck`), moved down so that
    its line numbers are the file's, and the file's name.  Its lines are read here; the
    deck rules are checked when it is played.

    >>> decks = card_file_decks("synthetic = true\\n[[deck]]\\nname = 'mine'\\nlist = '''\\n"
    ...                         "Character\\n- Brick Malone: 1 R S901\\n'''\\n", "mine.toml", ())
    >>> decks["mine"][0].splitlines()[4:], decks["mine"][1]
    (['Character', '- Brick Malone: 1 R S901'], 'mine.toml')
    >>> card_file_decks("[[deck]]\\nname = 'rambo'\\nlist = ''\\n", "mine.toml", ("rambo",))
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: mine.toml: line 2: deck 1: field 'name': there is a deck 'rambo' already (ringside's, or an earlier file's); give yours a name of its own
    """
    entries = toml_table(text, file).get("deck", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InputError("'deck' must be [[deck]] tables (name, list)",
                         _at(text, file, ("deck",)))
    if len(entries) > MAX_DECKS:
        raise InputError(f"gives {len(entries):,} decks; a card file gives at most {MAX_DECKS}",
                         file)
    decks: dict[str, tuple[str, str]] = {}
    for index, entry in enumerate(entries):
        where = lambda field: (f"{_at(text, file, ('deck', index, field))}: deck {index + 1}: "  # noqa: E731
                               f"field '{field}'")
        extra = sorted(set(entry) - {"name", "list", "note"})
        if extra:
            raise InputError("is not a field of a deck; fields: list, name, note",
                             where(extra[0]))
        name = entry.get("name")
        if not isinstance(name, str) or not DECK_NAME.fullmatch(name):
            raise InputError("must be 1 to 40 lower-case letters, digits and hyphens, "
                             f"starting with a letter or digit, not {name!r}", where("name"))
        if name in taken:
            raise InputError(f"there is a deck {name!r} already (ringside's, or an earlier "
                             "file's); give yours a name of its own", where("name"))
        if name in decks:
            raise InputError(f"the deck {name!r} is given twice in the file", where("name"))
        listed = entry.get("list")
        if not isinstance(listed, str):
            raise InputError("must be the text of a deck list (a \"\"\"multi-line\"\"\" "
                             f"string), not {listed!r}", where("list"))
        start = line_of(text, ("deck", index, "list")) or 1
        # TOML drops the line break right after the opening quotes: the list's first
        # line is then the next one of the file
        lines = text.split("\n")  # as line_of counts them
        opens_alone = (start <= len(lines)
                       and lines[start - 1].rstrip().endswith(('"""', "'" * 3)))
        padded = "\n" * (start if opens_alone else start - 1) + listed
        parse_deck(padded, file)  # its lines are read now, its rules checked when played
        decks[name] = (padded, file)
    return decks


def _at(text: str, file: str, path: tuple) -> str:
    line = line_of(text, path)
    return file if line is None else f"{file}: line {line}"
