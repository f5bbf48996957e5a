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
