"""Short positions: a setup and the parts of a position that matter, the rest filled in.

A scenario may give its start as the game's setup (a deal, decks, characters, a
battle format ...) and only the parts of the position its ruling is about; the
game fills every part left out from the setup, by a rule it states for that
part (:class:`Part`), and :meth:`model.core.game.Game.position_from_setup`
returns the whole position.  A part is a section of the game's long notation,
written as there without the section's name (``hp = "20 32"`` for the section
``hp 20 32``); a zone of a player's section is ``pN.zone`` (``p0.hand``).

Two things hold in every game, and the conformance tests check them: given no
part, a short position is the setup's first position; given every part of a
position, it is that position again (the long form is a short form with
nothing left out).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

from model.core.errors import InputError

T = TypeVar("T")
S = TypeVar("S")

SEAT_PART = "pN."
"""How a part of every player's section begins in :attr:`Part.key` (``pN.hand``); a
short position writes the seat (``p0.hand``, ``p1.hand``)."""


@dataclass(frozen=True, slots=True)
class Part:
    """One part a short position may give, and what it holds when left out."""

    key: str
    filled: str
    """What the part holds when the short position leaves it out, in words."""

    def keys(self, players: int) -> tuple[str, ...]:
        """The keys a short position writes for this part at a table of ``players``.

        >>> Part("pN.hand", "empty").keys(2), Part("step", "draw").keys(2)
        (('p0.hand', 'p1.hand'), ('step',))
        """
        if self.key.startswith(SEAT_PART):
            rest = self.key[len(SEAT_PART):]
            return tuple(f"p{seat}.{rest}" for seat in range(players))
        return (self.key,)


def given_parts(overrides: Mapping[str, Any], parts: Sequence[Part],
                players: int = 0) -> dict[str, str]:
    """The parts a short position gives, as text by key; an unknown key, or a value
    that is neither text nor a whole number, is an input error naming the key.

    >>> parts = (Part("step", "draw"), Part("pN.hand", "empty"))
    >>> given_parts({"step": "after", "p1.hand": "E01"}, parts, players=2)
    {'step': 'after', 'p1.hand': 'E01'}
    >>> given_parts({"p2.hand": "E01"}, parts, players=2)
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: p2.hand: no such part of a position; parts: step, pN.hand (N from 0 to 1)
    >>> given_parts({"step": 2.5}, parts)
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: step: must be text in the part's notation or a whole number, not 2.5
    """
    known = {key for part in parts for key in part.keys(players)}
    texts: dict[str, str] = {}
    for key, value in overrides.items():
        if key not in known:
            names = ", ".join(part.key for part in parts)
            seats = (f" (N from 0 to {players - 1})"
                     if players and any(p.key.startswith(SEAT_PART) for p in parts) else "")
            raise InputError(f"no such part of a position; parts: {names}{seats}", key)
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise InputError("must be text in the part's notation or a whole number, not "
                             f"{value!r}", key)
        text = " ".join(str(value).split())
        if not text:
            raise InputError("is empty; write - for nothing", key)
        if "|" in text:
            raise InputError("holds one part of a position; '|' separates the sections of "
                             "the long form", key)
        texts[key] = text
    return texts


def sections_of(text: str, first: str | None = None) -> dict[str, str]:
    """A position written in named sections, as ``{name: body}`` in order; ``first``
    names a first section the notation writes without a name.

    >>> sections_of("hp 30 32 | step after")
    {'hp': '30 32', 'step': 'after'}
    >>> sections_of("7H QS -- JK 2D 2S AH 9D KS | deck -", first="grid")
    {'grid': '7H QS -- JK 2D 2S AH 9D KS', 'deck': '-'}
    """
    sections: dict[str, str] = {}
    for index, section in enumerate(text.split("|")):
        section = section.strip()
        if index == 0 and first is not None:
            sections[first] = section
            continue
        name, _, body = section.partition(" ")
        sections[name] = body.strip()
    return sections


def join_sections(sections: Mapping[str, str], first: str | None = None) -> str:
    """The position written by :func:`sections_of`, back on one line.

    >>> join_sections({"grid": "-- -- -- -- -- -- -- -- --", "hand": "5"}, first="grid")
    '-- -- -- -- -- -- -- -- -- | hand 5'
    """
    return " | ".join(body if index == 0 and name == first else f"{name} {body}"
                      for index, (name, body) in enumerate(sections.items()))


def take_from(stack: Sequence[T], taken: Iterable[tuple[str, Iterable[T]]],
              owner: str) -> tuple[T, ...]:
    """``stack`` less the cards each given part places elsewhere, in the stack's order
    (a multiset difference); a part placing a card the stack does not hold (or holds
    fewer times) conflicts with the setup, and the error names that part.

    >>> take_from(["3", "5", "3", "9"], [("hand", ["3"]), ("discard", ["9"])], "the deck")
    ('5', '3')
    >>> take_from(["3", "5"], [("hand", ["3", "3"])], "the deck")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: hand: conflicts with the setup: the deck holds 3 only once, fewer than the position places; give the part that holds it too, or change the setup
    """
    left = list(stack)
    for key, cards in taken:
        for card in cards:
            try:
                left.remove(card)
            except ValueError:
                count = list(stack).count(card)
                times = "once" if count == 1 else f"{count} times"
                held = (f"holds {card} only {times}, fewer than the position places" if count
                        else f"holds no {card}")
                raise InputError(
                    f"conflicts with the setup: {owner} {held}; give the part that holds "
                    "it too, or change the setup",
                    key) from None
    return tuple(left)


def resolve(build: Callable[[Mapping[str, str]], S], given: Mapping[str, str]) -> S:
    """``build(given)``, its input error located at the part to blame: the given part
    the error names, else the one given part that fails on its own, else none (the
    parts only fail together)."""
    try:
        return build(given)
    except InputError as error:
        raise _blame(error, build, given) from None


def _blame(error: InputError, build: Callable[[Mapping[str, str]], Any],
           given: Mapping[str, str]) -> InputError:
    where = error.where or ""
    for key in sorted(given, key=len, reverse=True):
        # a player's zone is "p0.hand" here and "p0: hand" in the notation's errors
        for name in {key, key.replace(".", ": ", 1)}:
            if where == name or where.startswith((f"{name}:", f"{name} ")):
                detail = where[len(name):].strip(": ")
                return InputError(f"{detail}: {error.what}" if detail else error.what, key)
    for key in given:
        if len(given) == 1:
            break
        try:
            build({key: given[key]})
        except InputError as alone:
            inner = f"{alone.where}: " if alone.where and alone.where != key else ""
            return InputError(inner + alone.what, key)
    if len(given) == 1:
        key = next(iter(given))
        return InputError((f"{where}: " if where and where != key else "") + error.what, key)
    return InputError(f"{where}: {error.what}" if where else error.what)
