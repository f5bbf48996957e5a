"""Helpers for game notations written as named sections.

Several games write a position as sections separated by ``|``, each
starting with its name, always all of them, in a fixed order::

    hands 2 1 | deck 3 4 | bids ? | ...

:func:`read_sections` checks the names and their order and gives each
section's tokens.
"""

from __future__ import annotations

from typing import Sequence

from model.core.errors import InputError


def is_digits(text: str) -> bool:
    """Whether ``text`` is a whole number written in ASCII digits (``12``).

    ``str.isdigit`` also says yes to ``²``, ``①`` and ``٣``, which ``int`` then reads as
    something else or refuses with a traceback: every notation asks this instead.

    >>> is_digits("12"), is_digits("²"), is_digits("٣"), is_digits(""), is_digits("-1")
    (True, False, False, False, False)
    """
    return text.isascii() and text.isdigit()


MAX_NAME = 60
"""The longest name of a card, a character or a warband a data file may give."""
MAX_TEXT = 400
"""The longest line of gametext a data file may give (``most`` of :func:`checked_name`)."""


def checked_name(value: str, field: str, where: str | None = None, *,
                 most: int = MAX_NAME) -> str:
    """``value``, a name a data file gives, if it is one line of 1 to ``most`` (a name's
    :data:`MAX_NAME`, a text's :data:`MAX_TEXT`) printable characters; else one
    :class:`InputError` saying so.

    >>> checked_name("Ember Guard", "name")
    'Ember Guard'
    >>> checked_name("", "name", "mine.toml")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: mine.toml: field 'name' must be 1 to 60 printable characters, not ''
    """
    if not (value.strip() and len(value) <= most and value.isprintable()):
        shown = repr(value if len(value) <= 40 else value[:37] + "...")
        raise InputError(f"field {field!r} must be 1 to {most} printable characters, "
                         f"not {shown}", where)
    return value


def read_sections(text: str, names: Sequence[str]) -> dict[str, list[str]]:
    """The tokens after each section's name, by name; every name, in order.

    >>> read_sections("hands 2 1 | deck -", ("hands", "deck"))
    {'hands': ['2', '1'], 'deck': ['-']}
    >>> read_sections("deck - | hands 2 1", ("hands", "deck"))
    Traceback (most recent call last):
    ...
    model.core.errors.InputError: a position has the sections hands | deck in this order; got deck | hands
    """
    if not isinstance(text, str):
        raise InputError(f"a position is text, not {type(text).__name__}")
    parts = [part.strip() for part in text.split("|")]
    found = [part.split()[0].lower() if part.split() else "" for part in parts]
    if found != list(names):
        raise InputError(
            f"a position has the sections {' | '.join(names)} in this order; "
            f"got {' | '.join(n or '(empty)' for n in found)}")
    return {name: part.split()[1:] for name, part in zip(found, parts)}


def split_action(text: str, kinds: Sequence[str]) -> tuple[str, list[str]]:
    """An action's kind (its first word, lower case, one of ``kinds``) and the words
    after it; an input error naming the kinds otherwise.

    >>> split_action("Place S01 declare", ("place", "pass"))
    ('place', ['S01', 'declare'])
    >>> split_action("jump", ("place", "pass"))
    Traceback (most recent call last):
    ...
    model.core.errors.InputError: 'jump': 'jump' is not an action; actions: place, pass
    """
    if not isinstance(text, str) or not text.split():
        raise InputError(f"{text!r} is not an action; actions: {', '.join(kinds)}")
    words = text.split()
    kind = words[0].lower()
    if kind not in kinds:
        raise InputError(f"{text!r}: {words[0]!r} is not an action; actions: "
                         f"{', '.join(kinds)}")
    return kind, words[1:]
