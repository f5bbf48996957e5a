"""States of Fight Klub's getting started and setup phase, their notation, the setup
(two decks by name) and the actions.

A state is written on one line as seven game sections and one section per player::

    decks synthetic-brick synthetic-dana | step setup | drop 0 | first 1 | turn 1 |
    left 2 | pending 0 | p0 draw S911 ... hand S912 ... support - discard - fight S931 ...
    laid - pool B G G burned - | p1 draw ... hand ... support S911 discard S918
    fight ... laid - pool G Y burned B

``decks`` names the two shipped decks (player 0's first); ``step`` is one of
``drop deal order setup draw lay fight``; ``drop`` the Drop holder and
``first`` the player who sets up first (``?`` until chance or the holder has
decided); ``turn`` the player being dealt, setting up, drawing or laying;
``left`` the setup actions that player has left; ``pending`` the cards a setup
action still draws.  Each player's part lists their zones by keyword: the draw
stack and the fight stack (unordered: a shuffled stack is drawn one card at a
time at random, FK 4.2, so only which cards it holds matters), the hand, the
support area, the discard stack, all in ascending order, then the fight cards
laid in front of the character, left to right; then the energy pool and the
burned tokens (``-`` for none).  The character and The Drop lie on the table
from the start (FK 4.1) and are not written: the deck names give them.

The notation refuses what cannot be written down (an unknown deck, a seat that
does not exist, a zone keyword out of place) but accepts what the rules forbid
(a card too many, a token that came from nowhere), so that broken states can be
written and caught by the invariants.

>>> text = ("decks synthetic-brick synthetic-dana | step order | drop 1 | first ? | "
...         "turn 1 | left 0 | pending 0 | p0 draw S911 hand S913 support - discard - "
...         "fight S931 laid - pool B G G burned - | p1 draw - hand S911 support - "
...         "discard - fight S933 laid - pool G Y burned -")
>>> str(FKState.parse(text)) == text
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterable

from model.core.errors import InputError
from model.core.notation import read_sections, split_action
from model.fightklub.cards import card_code
from model.fightklub.energy import EMPTY, Pool, format_tokens, parse_pool

PLAYERS = 2
STEPS = ("drop", "deal", "order", "setup", "draw", "lay", "fight")
"""The steps of getting started and the setup phase, in the order they come."""
SETUP_ACTIONS = 2
"""Setup actions each player takes after the first setup action (FK 4.8)."""
LAID = 3
"""Fight cards each player lays face down (FK 4.15)."""
SECTION_NAMES = ("decks", "step", "drop", "first", "turn", "left", "pending", "p0", "p1")
ZONES = ("draw", "hand", "support", "discard", "fight", "laid")
TOKEN_PARTS = ("pool", "burned")
_KEYWORDS = ZONES + TOKEN_PARTS
MAX_PENDING = 99


def _whole(token: str, where: str, most: int) -> int:
    # ASCII digits only: str.isdigit() would let through '²' or '٣'.
    if not (token.isascii() and token.isdigit()) or int(token) > most:
        raise InputError(f"{token!r} is not a whole number from 0 to {most}", where)
    return int(token)


def _seat(token: str, where: str, unknown: bool = False) -> int | None:
    if unknown and token == "?":
        return None
    if token not in ("0", "1"):
        what = "0, 1 or ?" if unknown else "0 or 1"
        raise InputError(f"{token!r} is not a player; write {what}", where)
    return int(token)


def _card(token: str, where: str) -> str:
    code = card_code(token) if token.isascii() else None
    if code is None or code != token:
        raise InputError(f"{token!r} is not a card number (like S911)", where)
    return code


def cards_text(cards: Iterable[str]) -> str:
    return " ".join(cards) or "-"


@dataclass(frozen=True, slots=True)
class Side:
    """One player's cards and energy (see the module's notation)."""

    draw: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    support: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    fight: tuple[str, ...] = ()
    laid: tuple[str, ...] = ()
    pool: Pool = EMPTY
    burned: Pool = EMPTY

    def cards(self) -> tuple[str, ...]:
        """Every card of the player's zones (not the character or The Drop), ascending."""
        return tuple(sorted(self.draw + self.hand + self.support + self.discard + self.fight
                            + self.laid))

    def __str__(self) -> str:
        zones = " ".join(f"{zone} {cards_text(getattr(self, zone))}" for zone in ZONES)
        return (f"{zones} pool {format_tokens(self.pool.tokens())} "
                f"burned {format_tokens(self.burned.tokens())}")

    @classmethod
    def parse(cls, tokens: list[str], where: str) -> "Side":
        parts: dict[str, list[str]] = {}
        current = None
        for token in tokens:
            if token in _KEYWORDS:
                if token in parts:
                    raise InputError(f"{token!r} is written twice", where)
                current = token
                parts[current] = []
            elif current is None:
                raise InputError(f"{token!r} comes before the first zone; write the parts "
                                 f"{' '.join(_KEYWORDS)} in this order", where)
            else:
                parts[current].append(token)
        if list(parts) != list(_KEYWORDS):
            raise InputError(f"a player's part has {' '.join(_KEYWORDS)} in this order; got "
                             f"{' '.join(parts) or 'nothing'}", where)
        values: dict[str, object] = {}
        for zone in ZONES:
            found = parts[zone]
            at = f"{where}: {zone}"
            if found == ["-"]:
                values[zone] = ()
                continue
            if not found or "-" in found:
                raise InputError("takes - or card numbers", at)
            cards = tuple(_card(token, at) for token in found)
            # the laid cards keep their order (left to right); every other zone is a
            # collection, written in ascending order
            values[zone] = cards if zone == "laid" else tuple(sorted(cards))
        for part in TOKEN_PARTS:
            found = parts[part]
            if not found:
                raise InputError("takes - or tokens like B G G", f"{where}: {part}")
            values[part] = parse_pool(" ".join(found), f"{where}: {part}")
        return cls(**values)


_SIDE_FIELDS = tuple(field.name for field in dataclasses.fields(Side))


@dataclass(frozen=True, slots=True)
class FKSetup:
    """A game's setup: the two shipped decks that meet, player 0's first.

    Only decks whose every card is known can be played (the card texts of ONE are
    not public); :func:`model.fightklub.engine.playable_deck` says why a deck is
    refused.
    """

    decks: tuple[str, str]

    def __post_init__(self) -> None:
        from model.fightklub.engine import playable_deck

        if (not isinstance(self.decks, tuple) or len(self.decks) != PLAYERS
                or not all(isinstance(d, str) for d in self.decks)):
            raise InputError(f"a setup names {PLAYERS} decks, not {self.decks!r}", "decks")
        for name in self.decks:
            playable_deck(name)

    def __str__(self) -> str:
        return "decks " + " ".join(self.decks)

    @classmethod
    def parse(cls, text: str) -> "FKSetup":
        """``decks synthetic-brick synthetic-dana``."""
        if not isinstance(text, str):
            raise InputError(f"a setup is text, not {type(text).__name__}")
        words = text.split()
        if len(words) != 1 + PLAYERS or words[0].lower() != "decks":
            raise InputError(f"{text!r} is not a setup; write: decks DECK DECK (shipped "
                             "deck names)")
        return cls((words[1], words[2]))


@dataclass(frozen=True, slots=True)
class FKState:
    """A moment of getting started or the setup phase (see the module's notation)."""

    decks: tuple[str, str]
    step: str
    drop: int | None
    first: int | None
    turn: int
    left: int
    pending: int
    sides: tuple[Side, Side]

    def side(self, player: int) -> Side:
        return self.sides[player]

    def with_side(self, player: int, **changes) -> "FKState":
        """The state with some of ``player``'s zones or tokens changed (built directly:
        the explorer makes many, and ``dataclasses.replace`` is slow)."""
        old = self.sides[player]
        side = Side(*(changes.get(name, getattr(old, name)) for name in _SIDE_FIELDS))
        sides = (side, self.sides[1]) if player == 0 else (self.sides[0], side)
        return FKState(self.decks, self.step, self.drop, self.first, self.turn, self.left,
                       self.pending, sides)

    @classmethod
    def parse(cls, text: str) -> "FKState":
        from model.fightklub.engine import playable_deck

        body = read_sections(text, SECTION_NAMES)

        def single(name: str) -> str:
            if len(body[name]) != 1:
                raise InputError(f"takes one value, not {len(body[name])}", name)
            return body[name][0]

        if len(body["decks"]) != PLAYERS:
            raise InputError(f"names {PLAYERS} decks, player 0's first", "decks")
        decks = (body["decks"][0], body["decks"][1])
        for name in decks:
            playable_deck(name)
        step = single("step").lower()
        if step not in STEPS:
            raise InputError(f"{step!r} is not a step; steps: {', '.join(STEPS)}", "step")
        drop = _seat(single("drop"), "drop", unknown=True)
        first = _seat(single("first"), "first", unknown=True)
        if (drop is None) != (step == "drop"):
            raise InputError("is ? exactly while chance has not yet given The Drop "
                             "(step drop)", "drop")
        if (first is None) != (step in ("drop", "deal", "order")):
            raise InputError("is ? exactly until the Drop holder has chosen who sets up "
                             "first (steps drop, deal, order)", "first")
        turn = _seat(single("turn"), "turn")
        left = _whole(single("left"), "left", SETUP_ACTIONS)
        pending = _whole(single("pending"), "pending", MAX_PENDING)
        sides = (Side.parse(body["p0"], "p0"), Side.parse(body["p1"], "p1"))
        return cls(decks, step, drop, first, turn, left, pending, sides)

    def __str__(self) -> str:
        drop = "?" if self.drop is None else str(self.drop)
        first = "?" if self.first is None else str(self.first)
        return (f"decks {' '.join(self.decks)} | step {self.step} | drop {drop} | "
                f"first {first} | turn {self.turn} | left {self.left} | "
                f"pending {self.pending} | p0 {self.sides[0]} | p1 {self.sides[1]}")


ACTION_KINDS = ("drop", "draw", "lay", "first", "play", "use", "pass")
_CHANCE_KINDS = ("drop", "draw", "lay")


@dataclass(frozen=True, slots=True)
class FKMove:
    """An action: chance (``drop 1``: player 1 holds The Drop; ``draw S911``: the acting
    player takes S911 from their draw stack; ``lay S931``: they lay S931 face down), or a
    player's: ``first 1`` (the Drop holder has player 1 set up first), ``play S916 burn
    G`` (a card from hand, the tokens burned for its cost), ``use S911`` (the setup line
    of a card in play; ``use S922 return S916`` names the card it returns to hand;
    ``use S911:2`` its second setup line), ``pass``.

    ``burn`` is ``None`` when the text leaves the tokens unsaid (a card whose cost
    burns nothing, or a shorthand the engine completes when only one payment fits).

    >>> str(FKMove("use", "S922", burn=Pool(), returned=("S916",)))
    'use S922 return S916'
    >>> FKMove.parse("play S917 burn Y B") == FKMove("play", "S917", burn=Pool(b=1, y=1))
    True
    """

    kind: str
    card: str = ""
    player: int = -1
    burn: Pool | None = None
    ability: int = 1
    returned: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.kind in ("drop", "first"):
            return f"{self.kind} {self.player}"
        if self.kind == "pass":
            return "pass"
        card = self.card if self.ability == 1 else f"{self.card}:{self.ability}"
        words = [self.kind, card]
        if self.burn is not None and len(self.burn):
            words += ["burn", format_tokens(self.burn.tokens())]
        if self.returned:
            words += ["return", *self.returned]
        return " ".join(words)

    @classmethod
    def parse(cls, text: str) -> "FKMove":
        kind, rest = split_action(text, ACTION_KINDS)
        if kind in ("drop", "first"):
            if len(rest) != 1:
                raise InputError(f"{text!r}: write {kind} PLAYER (0 or 1)")
            return cls(kind, player=_seat(rest[0], kind))
        if kind == "pass":
            if rest:
                raise InputError(f"{text!r}: pass takes nothing more")
            return cls("pass")
        if kind in ("draw", "lay"):
            if len(rest) != 1:
                raise InputError(f"{text!r}: write {kind} CARD")
            return cls(kind, _card(rest[0], kind))
        if not rest:
            raise InputError(f"{text!r}: write {kind} CARD [burn TOKENS]"
                             + (" [return CARD ...]" if kind == "use" else ""))
        code, colon, index = rest[0].partition(":")
        ability = _whole(index, kind, 9) if colon else 1
        if colon and ability < 1:
            raise InputError(f"{text!r}: setup lines are counted from 1", kind)
        card = _card(code, kind)
        burn = None
        returned: tuple[str, ...] = ()
        tail = rest[1:]
        while tail:
            word = tail[0].lower()
            stop = next((i for i, t in enumerate(tail[1:], 1)
                         if t.lower() in ("burn", "return")), len(tail))
            values = tail[1:stop]
            if word == "burn" and burn is None:
                if not values:
                    raise InputError(f"{text!r}: burn what? tokens like B G", kind)
                burn = parse_pool(" ".join(values), f"{kind} {card}: burn")
            elif word == "return" and kind == "use" and not returned:
                if not values:
                    raise InputError(f"{text!r}: return what? card numbers", kind)
                returned = tuple(sorted(_card(t, f"{kind} {card}: return") for t in values))
            else:
                what = "burn TOKENS" + (" and return CARD ..." if kind == "use" else "")
                raise InputError(f"{text!r}: after the card comes {what}, once each", kind)
            tail = tail[stop:]
        return cls(kind, card, burn=burn, ability=ability, returned=returned)
