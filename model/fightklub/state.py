"""States of Fight Klub, their notation, the setup (two decks by name) and the actions.

A state is written on one line as seven game sections and one section per player::

    decks synthetic-brick synthetic-dana | step setup | drop 0 | first 1 | turn 1 |
    left 2 | pending 0 | p0 draw S911 ... hand S912 ... support - discard - fight S931 ...
    laid - pool B G G burned - | p1 draw ... hand ... support S911 discard S918
    fight ... laid - pool G Y burned B

``decks`` names the two shipped decks (player 0's first); ``step`` is one of
``drop deal order setup draw lay`` and, after the reveal, ``fight enhance
skirmish clash score cooldown evenup over``; ``drop`` the Drop holder and
``first`` the player who acts first in the step (``?`` until chance or the
holder has decided); ``turn`` the player being dealt, setting up, drawing,
laying or acting;
``left`` the setup actions that player has left (after the reveal: the players
still to act in the step); ``pending`` the cards a setup action still draws.  Each player's part lists their zones by keyword: the draw
stack and the fight stack (unordered: a shuffled stack is drawn one card at a
time at random, FK 4.2, so only which cards it holds matters), the hand, the
support area, the discard stack, all in ascending order, then the fight cards
laid in front of the character, left to right; then the energy pool and the
burned tokens (``-`` for none).  The character and The Drop lie on the table
from the start (FK 4.1) and are not written: the deck names give them.

From the fight phase on (issue 11) four optional game sections may follow
``pending``: ``round N`` (the turn number, 1 when left out), ``settled K`` (the
fights settled so far this turn, 0 when left out), ``fight ...`` (the
current fight: see :class:`FightState`) and ``queue ...`` (draws and discards
that result tabs and gametext have left to carry out, see :class:`Task`); and a
player's part may name four more zones after ``laid``: ``under`` (exhausted
fight cards under the fight stack, in the order they come back), ``table``
(effects and activated gear on the current fight), ``damage`` (the fight cards
the player scored, ``x2`` marking one rotated for double damage) and ``stakes``
(raise-the-stakes cards).  A section or zone left out is empty, and is printed
only when it is not, so every position of the setup phase reads as before.

The notation refuses what cannot be written down (an unknown deck, a seat that
does not exist, a zone keyword out of place) but accepts what the rules forbid
(a card too many, a token that came from nowhere), so that broken states can be
written and caught by the invariants.

>>> text = ("decks synthetic-brick synthetic-dana | step order | drop 1 | first ? | "
...         "turn 1 | left 0 | pending 0 | p0 draw S911 hand S913 support - discard - "
...         "fight S931 laid - pool B G G burned - | p1 draw - hand S911 support - "
...         "discard - fight S933 laid - pool G Y burned -")
>>> str(State.parse(text)) == text
True
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import Callable, Iterable

from model.core.errors import InputError
from model.core.notation import read_sections, split_action
from model.fightklub.cards import card_code
from model.fightklub.energy import EMPTY, Pool, format_tokens, parse_pool

PLAYERS = 2
"""Players of the standard game; the multiplayer rules (FK 7) seat 3 to :data:`MAX_PLAYERS`."""
MAX_PLAYERS = 6
"""The most players the model seats: the rulebook's multiplayer damage tracker has slots
for 4 opponents (FK 7.6), so 5 players and one more is the table we support."""
SETUP_STEPS = ("drop", "deal", "order", "setup", "draw", "lay")
"""The steps of getting started and the setup phase, in the order they come."""
TURN_STEPS = ("fight", "enhance", "skirmish", "clash", "score", "cooldown", "evenup", "over")
"""The steps after the reveal: the Drop holder picks the current fight (``fight``), the
enhance step, the fight step (``skirmish``: the next skirmish; ``clash``: whose clash
text), the score step, the cooldown, the even-up, and the end of the game (``over``)."""
STEPS = SETUP_STEPS + TURN_STEPS
ORDERED_STEPS = ("order", "enhance", "score", "cooldown", "evenup")
"""Steps whose order of players the Drop holder decides (``first ?`` until then)."""
POSITION_LETTERS = ("L", "C", "R")
"""The skirmish positions as the notation writes them: left, centre, right."""
SETUP_ACTIONS = 2
"""Setup actions each player takes after the first setup action (FK 4.8)."""
LAID = 3
"""Fight cards each player lays face down (FK 4.15)."""
SECTION_NAMES = ("decks", "step", "drop", "first", "turn", "left", "pending")
"""The game sections; one section per player (``p0``, ``p1``, ...) follows them."""
OPTIONAL_SECTIONS = ("round", "settled", "won", "fight", "queue")
"""Game sections written between ``pending`` and ``p0`` only when not empty."""
ZONES = ("draw", "hand", "support", "discard", "fight", "laid")
TURN_ZONES = ("under", "table", "damage", "stakes")
"""A player's zones from the fight phase on, written after ``laid`` when not empty."""
TOKEN_PARTS = ("pool", "burned")
_KEYWORDS = ZONES + TURN_ZONES + TOKEN_PARTS
MAX_ROUND = 999
_DAMAGE_ENTRY = re.compile(r"^(.+?)(x2)?(?:@(\d|-))?$")
MAX_PENDING = 99


def _whole(token: str, where: str, most: int) -> int:
    # ASCII digits only: str.isdigit() would let through '²' or '٣'.
    if not (token.isascii() and token.isdigit()) or int(token) > most:
        raise InputError(f"{token!r} is not a whole number from 0 to {most}", where)
    return int(token)


def _seat(token: str, where: str, unknown: bool = False, players: int = PLAYERS) -> int | None:
    if unknown and token == "?":
        return None
    if not (len(token) == 1 and token.isascii() and token.isdigit()) or int(token) >= players:
        seats = ", ".join(str(s) for s in range(players - 1))
        what = f"{seats}, {players - 1} or ?" if unknown else f"{seats} or {players - 1}"
        raise InputError(f"{token!r} is not a player; write {what}", where)
    return int(token)


def _card(token: str, where: str) -> str:
    code = card_code(token) if token.isascii() else None
    if code is None or code != token:
        raise InputError(f"{token!r} is not a card number (like S911)", where)
    return code


def cards_text(cards: Iterable[str]) -> str:
    return " ".join(cards) or "-"


# Read again every time a seat's damage is counted (millions of times in a survey of
# multiplayer games), always from the same few dozen entries.
@functools.lru_cache(maxsize=4096)
def damage_entry(entry: str) -> tuple[str, bool, int | None]:
    """A damage-stack entry read: ``S935`` (scored), ``S935x2`` (rotated for double
    damage) and, with more than 2 players, ``@S`` for the seat it was scored against
    (``@-``: against nobody, FK-M1).

    >>> damage_entry("S935"), damage_entry("S935x2@3"), damage_entry("S935@-")
    (('S935', False, None), ('S935', True, 3), ('S935', False, None))
    """
    code, doubled, victim = _DAMAGE_ENTRY.match(entry).groups()
    return code, bool(doubled), None if victim in (None, "-") else int(victim)


def make_damage_entry(code: str, doubled: bool, victim: int | None, players: int) -> str:
    """The damage-stack entry of ``code`` scored against ``victim`` (see
    :func:`damage_entry`)."""
    entry = code + ("x2" if doubled else "")
    if players > PLAYERS:
        entry += "@" + ("-" if victim is None else str(victim))
    return entry


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
    under: tuple[str, ...] = ()
    """Exhausted fight cards face down under the fight stack, the next to come back
    first (they are laid only once the shuffled part is used up)."""
    table: tuple[str, ...] = ()
    """Effects and activated gear lying on the player's current fight card."""
    damage: tuple[str, ...] = ()
    """Fight cards the player scored, ascending; ``S935x2`` is one rotated for double
    damage."""
    stakes: tuple[str, ...] = ()
    """Raise-the-stakes cards, face down beside the damage stack."""

    def scored(self) -> tuple[tuple[str, bool], ...]:
        """The damage stack as (card, doubled) pairs."""
        return tuple(damage_entry(entry)[:2] for entry in self.damage)

    def scored_against(self) -> tuple[tuple[str, bool, int | None], ...]:
        """The damage stack as (card, doubled, seat it was scored against) triples; the
        seat is ``None`` in a two-player game (the opponent) and for an unopposed card
        scored against nobody (FK-M1)."""
        return tuple(damage_entry(entry) for entry in self.damage)

    def fight_cards(self) -> tuple[str, ...]:
        """Every fight card of the player wherever it is (FK 2.3), ascending."""
        return tuple(sorted(self.fight + self.laid + self.under + self.stakes
                            + tuple(card for card, _ in self.scored())))

    def cards(self) -> tuple[str, ...]:
        """Every card of the player's zones (not the character or The Drop), ascending."""
        return tuple(sorted(self.draw + self.hand + self.support + self.discard + self.fight
                            + self.laid + self.under + self.table + self.stakes
                            + tuple(card for card, _ in self.scored())))

    def __str__(self) -> str:
        zones = " ".join(f"{zone} {cards_text(getattr(self, zone))}" for zone in ZONES)
        extra = "".join(f" {zone} {cards_text(getattr(self, zone))}" for zone in TURN_ZONES
                        if getattr(self, zone))
        return (f"{zones}{extra} pool {format_tokens(self.pool.tokens())} "
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
        written = [name for name in _KEYWORDS if name in parts]
        if (list(parts) != written
                or [n for n in written if n not in TURN_ZONES] != list(ZONES + TOKEN_PARTS)):
            raise InputError(f"a player's part has {' '.join(ZONES)} [{' '.join(TURN_ZONES)}] "
                             f"{' '.join(TOKEN_PARTS)} in this order (the bracketed zones "
                             f"only when not empty); got {' '.join(parts) or 'nothing'}", where)
        values: dict[str, object] = {}
        for zone in ZONES + TURN_ZONES:
            found = parts.get(zone, ["-"])
            at = f"{where}: {zone}"
            if found == ["-"]:
                values[zone] = ()
                continue
            if not found or "-" in found:
                raise InputError("takes - or card numbers", at)
            if zone == "damage":
                entries = []
                for token in found:
                    code, doubled, victim = _DAMAGE_ENTRY.match(token).groups()
                    entries.append(_card(code, at) + (doubled or "")
                                   + ("" if victim is None else "@" + victim))
                values[zone] = tuple(sorted(entries))
                continue
            cards = tuple(_card(token, at) for token in found)
            # the laid cards keep their order (left to right) and the exhausted cards
            # the order they come back in; every other zone is a collection, written
            # in ascending order
            values[zone] = cards if zone in ("laid", "under") else tuple(sorted(cards))
        for part in TOKEN_PARTS:
            found = parts[part]
            if not found:
                raise InputError("takes - or tokens like B G G", f"{where}: {part}")
            values[part] = parse_pool(" ".join(found), f"{where}: {part}")
        return cls(**values)


_SIDE_FIELDS = tuple(field.name for field in dataclasses.fields(Side))


@dataclass(frozen=True, slots=True)
class Setup:
    """A game's setup: the decks that meet, player 0's first; 2 players play the
    standard game, 3 to :data:`MAX_PLAYERS` the multiplayer rules (FK 7), seated
    clockwise in the order named (player 1 sits on player 0's left).

    Only decks whose every card is known can be played (the card texts of ONE are
    not public); the game's :meth:`~model.fightklub.catalog.Catalog.deck` says why a
    deck is refused.  A deck may be named more than once: each player brings their
    own copy.
    """

    decks: tuple[str, ...]

    def __post_init__(self) -> None:
        if (not isinstance(self.decks, tuple)
                or not PLAYERS <= len(self.decks) <= MAX_PLAYERS
                or not all(isinstance(d, str) for d in self.decks)):
            raise InputError(f"a setup names {PLAYERS} to {MAX_PLAYERS} decks, not "
                             f"{self.decks!r}", "decks")

    def __str__(self) -> str:
        return "decks " + " ".join(self.decks)

    @classmethod
    def parse(cls, text: str, known_deck: Callable[[str], object] | None = None) -> "Setup":
        """``decks synthetic-brick synthetic-dana`` (up to 6 decks); ``known_deck`` is
        called on each name and raises an :class:`InputError` for a deck the game cannot
        play (the game passes its catalog's)."""
        if not isinstance(text, str):
            raise InputError(f"a setup is text, not {type(text).__name__}")
        words = text.split()
        if (not PLAYERS + 1 <= len(words) <= MAX_PLAYERS + 1
                or words[0].lower() != "decks"):
            raise InputError(f"{text!r} is not a setup; write: decks DECK DECK [DECK ...] "
                             f"({PLAYERS} to {MAX_PLAYERS} shipped deck names)")
        setup = cls(tuple(words[1:]))
        for name in setup.decks if known_deck is not None else ():
            known_deck(name)
        return setup


def _letters(positions: Iterable[int]) -> str:
    return " ".join(POSITION_LETTERS[p] for p in positions) or "-"


def _positions(tokens: list[str], where: str, *, distinct: bool) -> tuple[int, ...]:
    if tokens == ["-"]:
        return ()
    found = []
    for token in tokens:
        if token not in POSITION_LETTERS:
            raise InputError(f"{token!r} is not a skirmish position; write L, C or R (or -)",
                             where)
        found.append(POSITION_LETTERS.index(token))
    if distinct and len(set(found)) != len(found):
        raise InputError("names a position twice", where)
    return tuple(found)


_PAIRED = re.compile(r"^p(\d):(\d)$")


@dataclass(frozen=True, slots=True)
class FightState:
    """The current fight (FK 6): its ``place`` among the laid cards (0 for the first,
    left), each player's face-up ``sides`` (a rotatable card turned by its enhance
    action), the tab modifiers each player's effects, gear and enhance gametext
    added (``boosts``, left centre right), the positions an enhance action
    ``nullified``, the skirmishes resolved so far in the order the Drop holder
    picked them (``skirmishes``), whose clash text decides (``clash``), the fight's
    ``result`` once known (mode, winning seat or ``None`` for a tie, shape), and the
    seats whose card a score action ``doubled``.

    Written ``fight 2 sides 0 0 boosts 0 0 0 1 1 1 null - skirmishes C L clash - result -
    double -`` (the place counted from 1; positions as L C R; the shape with hyphens:
    ``result power - one-each-and-a-tie``).

    With more than 2 players (FK 7) the cards of a fight are not laid opposite each
    other: ``pairing`` names each card's (seat, place), the challenger's first, and
    ``sides`` and ``boosts`` follow that order; an unopposed card has one entry and
    the seat its damage goes to (``target``, ``None`` for nobody: FK-M1).  Written
    ``fight p2:1 p0:3 sides 0 0 boosts ...`` and ``fight p1:2 target 3 sides 0 boosts
    0 0 0 ...``; ``place`` is then -1.

    >>> text = "fight 1 sides 0 1 boosts 2 0 0 0 0 0 null C skirmishes L clash - result - double -"
    >>> str(FightState.parse(text.split()[1:], "fight")) == text
    True
    >>> text = ("fight p2:1 p0:3 sides 0 0 boosts 0 0 0 0 0 0 null - skirmishes - clash - "
    ...         "result - double -")
    >>> FightState.parse(text.split()[1:], "fight", players=3).pairing
    ((2, 0), (0, 2))
    """

    place: int
    sides: tuple[int, ...] = (0, 0)
    boosts: tuple[tuple[int, int, int], ...] = ((0, 0, 0), (0, 0, 0))
    nullified: tuple[int, ...] = ()
    skirmishes: tuple[int, ...] = ()
    clash: int | None = None
    result: tuple[str, int | None, str] | None = None
    doubled: tuple[int, ...] = ()
    pairing: tuple[tuple[int, int], ...] = ()
    target: int | None = None
    denied: tuple[int, ...] = ()
    """Seats whose card a score action keeps from scoring even if it wins (written
    ``deny 1`` after ``double``, only when not empty)."""

    def __str__(self) -> str:
        boosts = " ".join(str(v) for row in self.boosts for v in row)
        clash = "-" if self.clash is None else str(self.clash)
        if self.result is None:
            result = "-"
        else:
            mode, winner, shape = self.result
            result = f"{mode} {'-' if winner is None else winner} {shape.replace(' ', '-')}"
        doubled = " ".join(str(seat) for seat in self.doubled) or "-"
        if self.pairing:
            where = " ".join(f"p{seat}:{place + 1}" for seat, place in self.pairing)
            if len(self.pairing) == 1:
                where += f" target {'-' if self.target is None else self.target}"
        else:
            where = str(self.place + 1)
        sides = " ".join(str(side) for side in self.sides)
        denied = (" deny " + " ".join(str(seat) for seat in self.denied)) if self.denied else ""
        return (f"fight {where} sides {sides} boosts {boosts} "
                f"null {_letters(self.nullified)} skirmishes {_letters(self.skirmishes)} "
                f"clash {clash} result {result} double {doubled}{denied}")

    @classmethod
    def parse(cls, tokens: list[str], where: str, players: int = PLAYERS) -> "FightState":
        keys = ("sides", "boosts", "null", "skirmishes", "clash", "result", "double")
        optional = ("deny",)
        seat = lambda token, at: _seat(token, at, players=players)  # noqa: E731
        head = []
        for token in tokens:
            if token in keys:
                break
            head.append(token)
        tokens = tokens[len(head):]
        place, pairing, target = -1, (), None
        if players == PLAYERS:
            if len(head) != 1:
                raise InputError("names the current fight's place (1 to 3) or -", where)
            place = _whole(head[0], where, LAID)
            if place < 1:
                raise InputError("places are counted from 1", where)
            place -= 1
        else:
            cards = []
            rest = list(head)
            while rest and _PAIRED.match(rest[0]):
                found = _PAIRED.match(rest.pop(0))
                at = int(found.group(2))
                if not 1 <= at <= LAID:
                    raise InputError("places are counted from 1 to 3", where)
                cards.append((seat(found.group(1), where), at - 1))
            if len(cards) == 1:
                if len(rest) != 2 or rest[0] != "target":
                    raise InputError("an unopposed card names the seat its damage goes to: "
                                     "fight pS:P target T (or target -)", where)
                target = None if rest[1] == "-" else seat(rest[1], f"{where}: target")
                rest = []
            if not cards or len(cards) > 2 or rest or len({s for s, _ in cards}) != len(cards):
                raise InputError("with more than 2 players a fight names its cards as "
                                 "pSEAT:PLACE, the challenger's first (fight p2:1 p0:3), or "
                                 "one unopposed card and its target (fight p1:2 target 3)",
                                 where)
            pairing = tuple(cards)
        count = len(pairing) if pairing else PLAYERS
        parts: dict[str, list[str]] = {}
        current = None
        for token in tokens:
            if token in keys + optional and token not in parts:
                current = token
                parts[token] = []
            elif current is None:
                raise InputError(f"{token!r}: write the parts {' '.join(keys)} in this order",
                                 where)
            else:
                parts[current].append(token)
        if [p for p in parts if p not in optional] != list(keys) or (
                "deny" in parts and list(parts)[-1] != "deny"):
            raise InputError(f"a fight has the parts {' '.join(keys)} [deny] in this order; "
                             f"got {' '.join(parts) or 'nothing'}", where)
        at = lambda key: f"{where}: {key}"  # noqa: E731
        sides = parts["sides"]
        if len(sides) != count or any(t not in ("0", "1") for t in sides):
            raise InputError(f"takes {count} face-up side{'s' if count > 1 else ''}, 0 or 1 "
                             "each", at("sides"))
        numbers = []
        for token in parts["boosts"]:
            sign = -1 if token.startswith("-") else 1
            digits = token[1:] if sign < 0 else token
            numbers.append(sign * _whole(digits, at("boosts"), 99))
        if len(numbers) != count * LAID:
            raise InputError(f"takes {count * LAID} tab modifiers: left centre right for each "
                             "card of the fight, in order", at("boosts"))
        clash = parts["clash"]
        if len(clash) != 1:
            raise InputError("takes one value, a player or -", at("clash"))
        result_tokens = parts["result"]
        result = None
        if result_tokens != ["-"]:
            if len(result_tokens) != 3:
                raise InputError("takes - or MODE WINNER SHAPE (power 0 won)", at("result"))
            mode, winner, shape = result_tokens
            result = (mode, None if winner == "-" else seat(winner, at("result")),
                      shape.replace("-", " "))
        doubled = () if parts["double"] == ["-"] else tuple(sorted(
            {seat(t, at("double")) for t in parts["double"]}))
        if "deny" in parts and not parts["deny"]:
            raise InputError("takes the seats whose card does not score", at("deny"))
        denied = tuple(sorted({seat(t, at("deny")) for t in parts.get("deny", [])}))
        boosts = tuple(tuple(numbers[i:i + LAID]) for i in range(0, len(numbers), LAID))
        return cls(place, tuple(int(t) for t in sides), boosts,  # type: ignore[arg-type]
                   tuple(sorted(_positions(parts["null"], at("null"), distinct=True))),
                   _positions(parts["skirmishes"], at("skirmishes"), distinct=True),
                   None if clash == ["-"] else seat(clash[0], at("clash")), result, doubled,
                   pairing, target, denied)


_TASK = re.compile(r"^p(\d)-(draws|discards)-(\d{1,2})(?:-p(\d)-chooses|(-at-random))?$")


@dataclass(frozen=True, slots=True)
class Task:
    """Something gametext or a result tab left to carry out before play goes on: a
    ``draw`` (chance deals the cards one at a time) or a ``discard`` (the ``chooser``,
    the discarding player unless the text gives the choice to its owner, picks each
    card; a ``blind`` choice from a hand the chooser cannot see is dealt by chance,
    the other reading of FK-T4).  Written ``p1-draws-2``, ``p0-discards-1``,
    ``p0-discards-1-p1-chooses``, ``p0-discards-1-at-random``.

    >>> str(Task("discard", 0, 1, 1)), Task.parse("p1-draws-2", "queue")
    ('p0-discards-1-p1-chooses', Task(kind='draw', player=1, count=2, chooser=1, blind=False))
    >>> str(Task.parse("p0-discards-1-at-random", "queue"))
    'p0-discards-1-at-random'
    """

    kind: str
    player: int
    count: int
    chooser: int = -1
    blind: bool = False

    def __post_init__(self) -> None:
        if self.chooser < 0:
            object.__setattr__(self, "chooser", self.player)

    def __str__(self) -> str:
        verb = "draws" if self.kind == "draw" else "discards"
        if self.blind:
            return f"p{self.player}-{verb}-{self.count}-at-random"
        chooser = f"-p{self.chooser}-chooses" if self.chooser != self.player else ""
        return f"p{self.player}-{verb}-{self.count}{chooser}"

    @classmethod
    def parse(cls, token: str, where: str) -> "Task":
        match = _TASK.match(token)
        if match is None or int(match.group(3)) < 1:
            raise InputError(f"{token!r} is not a task; write p1-draws-2, p0-discards-1, "
                             "p0-discards-1-p1-chooses or p0-discards-1-at-random", where)
        player, verb, count, chooser, blind = match.groups()
        if verb == "draws" and (chooser is not None or blind):
            raise InputError(f"{token!r}: chance deals a draw, nobody chooses it", where)
        return cls("draw" if verb == "draws" else "discard", int(player), int(count),
                   int(chooser) if chooser is not None else int(player), bool(blind))


@dataclass(frozen=True, slots=True)
class State:
    """A moment of the game (see the module's notation).

    With more than 2 players (FK 7) one more optional game section may follow
    ``settled``: ``won S``, the last player to win a fight this turn, who takes The
    Drop when the turn ends (FK 7.8); and damage-stack entries name the seat each card
    was scored against (``S935@2``).
    """

    decks: tuple[str, ...]
    step: str
    drop: int | None
    first: int | None
    turn: int
    left: int
    pending: int
    sides: tuple[Side, ...]
    round: int = 1
    fight: FightState | None = None
    queue: tuple[Task, ...] = ()
    settled: int = 0
    won: int | None = None

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.sides)

    def side(self, player: int) -> Side:
        return self.sides[player]

    def with_side(self, player: int, **changes) -> "State":
        """The state with some of ``player``'s zones or tokens changed (built directly:
        the explorer makes many, and ``dataclasses.replace`` is slow)."""
        old = self.sides[player]
        side = Side(*(changes.get(name, getattr(old, name)) for name in _SIDE_FIELDS))
        sides = self.sides[:player] + (side,) + self.sides[player + 1:]
        return State(self.decks, self.step, self.drop, self.first, self.turn, self.left,
                       self.pending, sides, self.round, self.fight, self.queue, self.settled,
                       self.won)

    @classmethod
    def parse(cls, text: str, known_deck: Callable[[str], object] | None = None) -> "State":
        """The position ``text`` (see the module's notation); ``known_deck`` is called on
        each deck name and raises an :class:`InputError` for a deck the game cannot play
        (the game passes its catalog's)."""
        if not isinstance(text, str):
            raise InputError(f"a position is text, not {type(text).__name__}")
        found = [part.split()[0].lower() if part.split() else "" for part in text.split("|")]
        first_words = text.split("|")[0].split()
        players = len(first_words) - 1 if first_words[:1] == ["decks"] else PLAYERS
        if not PLAYERS <= players <= MAX_PLAYERS:
            raise InputError(f"names {PLAYERS} to {MAX_PLAYERS} decks, player 0's first",
                             "decks")
        seats = tuple(f"p{seat}" for seat in range(players))
        optional = [name for name in found if name in OPTIONAL_SECTIONS]
        names = SECTION_NAMES + tuple(n for n in OPTIONAL_SECTIONS if n in optional) + seats
        if optional != [n for n in OPTIONAL_SECTIONS if n in optional]:
            names = SECTION_NAMES + tuple(OPTIONAL_SECTIONS) + seats
        body = read_sections(text, names)

        def single(name: str) -> str:
            if len(body[name]) != 1:
                raise InputError(f"takes one value, not {len(body[name])}", name)
            return body[name][0]

        def seat(token: str, where: str, unknown: bool = False) -> int | None:
            return _seat(token, where, unknown, players)

        decks = tuple(body["decks"])
        for name in decks if known_deck is not None else ():
            known_deck(name)
        step = single("step").lower()
        if step not in STEPS:
            raise InputError(f"{step!r} is not a step; steps: {', '.join(STEPS)}", "step")
        drop = seat(single("drop"), "drop", unknown=True)
        first = seat(single("first"), "first", unknown=True)
        if (drop is None) != (step == "drop"):
            raise InputError("is ? exactly while chance has not yet given The Drop "
                             "(step drop)", "drop")
        if step in ("drop", "deal") and first is not None:
            raise InputError("is ? until the Drop holder has chosen who acts first", "first")
        if step in ("setup", "draw", "lay") and first is None:
            raise InputError("names who set up first once the setup actions have begun "
                             "(steps setup, draw, lay)", "first")
        turn = seat(single("turn"), "turn")
        left = _whole(single("left"), "left", max(SETUP_ACTIONS, players))
        pending = _whole(single("pending"), "pending", MAX_PENDING)
        round_ = _whole(single("round"), "round", MAX_ROUND) if "round" in body else 1
        if round_ < 1:
            raise InputError("turns are counted from 1", "round")
        settled = (_whole(single("settled"), "settled", LAID * players) if "settled" in body
                   else 0)
        won = None
        if "won" in body and body["won"] != ["-"]:
            if players == PLAYERS:
                raise InputError("is written only with more than 2 players (FK 7.8)", "won")
            won = seat(single("won"), "won")
        fight = None
        if "fight" in body and body["fight"] != ["-"]:
            fight = FightState.parse(body["fight"], "fight", players)
        queue = ()
        if "queue" in body and body["queue"] != ["-"]:
            queue = tuple(Task.parse(token, "queue") for token in body["queue"])
            for task in queue:
                if max(task.player, task.chooser) >= players:
                    raise InputError(f"{task} names a player who is not at the table",
                                     "queue")
        sides = tuple(Side.parse(body[name], name) for name in seats)
        for name, side in zip(seats, sides):
            for entry in side.damage:
                marked = "@" in entry
                if marked != (players > PLAYERS):
                    raise InputError(
                        f"{entry!r}: with more than 2 players each scored card names the "
                        "seat it was scored against (S935@2, S935@- for nobody); with 2 it "
                        "names none", f"{name}: damage")
                victim = damage_entry(entry)[2]
                if victim is not None and victim >= players:
                    raise InputError(f"{entry!r} names a player who is not at the table",
                                     f"{name}: damage")
        return cls(decks, step, drop, first, turn, left, pending, sides, round_, fight, queue,
                   settled, won)

    def __str__(self) -> str:
        drop = "?" if self.drop is None else str(self.drop)
        first = "?" if self.first is None else str(self.first)
        extra = ""
        if self.round != 1:
            extra += f" | round {self.round}"
        if self.settled:
            extra += f" | settled {self.settled}"
        if self.won is not None:
            extra += f" | won {self.won}"
        if self.fight is not None:
            extra += f" | {self.fight}"
        if self.queue:
            extra += " | queue " + " ".join(str(task) for task in self.queue)
        sides = " | ".join(f"p{seat} {side}" for seat, side in enumerate(self.sides))
        return (f"decks {' '.join(self.decks)} | step {self.step} | drop {drop} | "
                f"first {first} | turn {self.turn} | left {self.left} | "
                f"pending {self.pending}{extra} | {sides}")


ACTION_KINDS = ("drop", "draw", "lay", "first", "play", "use", "pass", "pick", "skirmish",
                "clash", "activate", "keep", "discard", "challenge")
_CHANCE_KINDS = ("drop", "draw", "lay")
SKIRMISH_WORDS = ("left", "centre", "right")


@dataclass(frozen=True, slots=True)
class Move:
    """An action: chance (``drop 1``: player 1 holds The Drop; ``draw S911``: the acting
    player takes S911 from their draw stack; ``lay S931``: they lay S931 face down), or a
    player's: ``first 1`` (the Drop holder has player 1 act first in this step), ``play
    S916 burn G`` (a card from hand, the tokens burned for its cost), ``use S911`` (a line
    of a card in play for the current phase; ``use S922 return S916`` names the card it
    returns to hand; ``use S911:2`` its second line of the phase; ``use S901 burn G
    discard S913 S914 S915`` names the cards an extra cost discards), ``pass``; in the
    fight phase ``pick 2`` (the Drop holder makes the fight in place 2 the current
    one), ``skirmish centre`` (the holder resolves that skirmish next), ``clash 1``
    (the holder has player 1's clash text decide), ``activate S916`` (a gear of the
    support area used on the current fight); at the even-up ``keep S913 S920`` (the
    cards kept, the rest of the hand discarded; ``keep -`` keeps none); and ``discard
    S913`` (a card a pending discard takes).  With more than 2 players (FK 7): ``challenge
    2 p3 1`` (the challenger's card in place 2 against player 3's card in place 1) and
    ``pick 2 target 3`` (an unopposed card scored against player 3, FK-M1; ``target -``
    against nobody).

    ``burn`` is ``None`` when the text leaves the tokens unsaid (a card whose cost
    burns nothing, or a shorthand the engine completes when only one payment fits).

    >>> str(Move("use", "S922", burn=Pool(), returned=("S916",)))
    'use S922 return S916'
    >>> Move.parse("play S917 burn Y B") == Move("play", "S917", burn=Pool(b=1, y=1))
    True
    >>> str(Move.parse("pick 2")), str(Move.parse("skirmish centre")), str(Move.parse("keep -"))
    ('pick 2', 'skirmish centre', 'keep -')
    >>> str(Move.parse("challenge 2 p3 1")), str(Move.parse("pick 1 target -"))
    ('challenge 2 p3 1', 'pick 1 target -')
    >>> str(Move.parse("use S951 burn Y target 2"))
    'use S951 burn Y target 2'
    """

    kind: str
    card: str = ""
    player: int = -1
    burn: Pool | None = None
    ability: int = 1
    returned: tuple[str, ...] = ()
    place: int = -1
    cards: tuple[str, ...] = ()
    their: int = -1
    """The challenged card's place (``challenge``); a ``pick`` with a ``target`` sets it to
    0 (``player`` is then the target, -1 for nobody)."""

    def __str__(self) -> str:
        if self.kind in ("drop", "first", "clash"):
            return f"{self.kind} {self.player}"
        if self.kind == "pass":
            return "pass"
        if self.kind == "challenge":
            return f"challenge {self.place + 1} p{self.player} {self.their + 1}"
        if self.kind == "pick":
            if self.their < 0:
                return f"pick {self.place + 1}"
            return f"pick {self.place + 1} target {'-' if self.player < 0 else self.player}"
        if self.kind == "skirmish":
            return f"skirmish {SKIRMISH_WORDS[self.place]}"
        if self.kind == "keep":
            return f"keep {cards_text(self.cards)}"
        if self.kind in ("activate", "discard", "draw", "lay"):
            return f"{self.kind} {self.card}"
        card = self.card if self.ability == 1 else f"{self.card}:{self.ability}"
        words = [self.kind, card]
        if self.burn is not None and len(self.burn):
            words += ["burn", format_tokens(self.burn.tokens())]
        if self.returned:
            words += ["return", *self.returned]
        if self.cards:
            words += ["discard", *self.cards]
        if self.player >= 0:
            words += ["target", str(self.player)]
        return " ".join(words)

    @classmethod
    def parse(cls, text: str) -> "Move":
        kind, rest = split_action(text, ACTION_KINDS)
        if kind in ("drop", "first", "clash"):
            if len(rest) != 1:
                raise InputError(f"{text!r}: write {kind} PLAYER (a seat: 0, 1, ...)")
            return cls(kind, player=_seat(rest[0], kind, players=MAX_PLAYERS))
        if kind == "pass":
            if rest:
                raise InputError(f"{text!r}: pass takes nothing more")
            return cls("pass")

        def place_of(token: str) -> int:
            place = _whole(token, kind, LAID)
            if place < 1:
                raise InputError(f"{text!r}: places are counted from 1", kind)
            return place - 1

        if kind == "challenge":
            if len(rest) != 3 or not rest[1].lower().startswith("p"):
                raise InputError(f"{text!r}: write challenge PLACE pSEAT PLACE (your card, "
                                 "the player challenged and their card)")
            return cls("challenge", player=_seat(rest[1][1:], kind, players=MAX_PLAYERS),
                       place=place_of(rest[0]), their=place_of(rest[2]))
        if kind == "pick":
            if len(rest) == 3 and rest[1].lower() == "target":
                target = -1 if rest[2] == "-" else _seat(rest[2], kind, players=MAX_PLAYERS)
                return cls("pick", place=place_of(rest[0]), player=target, their=0)
            if len(rest) != 1:
                raise InputError(f"{text!r}: write pick PLACE (1, 2 or 3) [target SEAT]")
            return cls("pick", place=place_of(rest[0]))
        if kind == "skirmish":
            if len(rest) != 1 or rest[0].lower() not in SKIRMISH_WORDS:
                raise InputError(f"{text!r}: write skirmish left, centre or right")
            return cls("skirmish", place=SKIRMISH_WORDS.index(rest[0].lower()))
        if kind == "keep":
            if rest == ["-"]:
                return cls("keep")
            if not rest or "-" in rest:
                raise InputError(f"{text!r}: write keep CARD ... (or keep - to keep none)")
            return cls("keep", cards=tuple(sorted(_card(t, "keep") for t in rest)))
        if kind in ("draw", "lay", "activate", "discard"):
            if len(rest) != 1:
                raise InputError(f"{text!r}: write {kind} CARD")
            return cls(kind, _card(rest[0], kind))
        if not rest:
            raise InputError(f"{text!r}: write {kind} CARD [burn TOKENS]"
                             + (" [return CARD ...] [discard CARD ...]" if kind == "use"
                                else ""))
        code, colon, index = rest[0].partition(":")
        ability = _whole(index, kind, 9) if colon else 1
        if colon and ability < 1:
            raise InputError(f"{text!r}: lines are counted from 1", kind)
        card = _card(code, kind)
        burn = None
        returned: tuple[str, ...] = ()
        discarded: tuple[str, ...] = ()
        target = -1
        tail = rest[1:]
        words = ("burn", "return", "discard", "target")
        while tail:
            word = tail[0].lower()
            stop = next((i for i, t in enumerate(tail[1:], 1) if t.lower() in words),
                        len(tail))
            values = tail[1:stop]
            if word == "burn" and burn is None:
                if not values:
                    raise InputError(f"{text!r}: burn what? tokens like B G", kind)
                burn = parse_pool(" ".join(values), f"{kind} {card}: burn")
            elif word == "return" and kind == "use" and not returned:
                if not values:
                    raise InputError(f"{text!r}: return what? card numbers", kind)
                returned = tuple(sorted(_card(t, f"{kind} {card}: return") for t in values))
            elif word == "discard" and kind == "use" and not discarded:
                if not values:
                    raise InputError(f"{text!r}: discard what? card numbers", kind)
                discarded = tuple(sorted(_card(t, f"{kind} {card}: discard") for t in values))
            elif word == "target" and target < 0 and len(values) == 1:
                target = _seat(values[0], f"{kind} {card}: target", players=MAX_PLAYERS)
            else:
                what = "burn TOKENS" + (", return CARD ..., discard CARD ..."
                                        if kind == "use" else "") + " and target SEAT"
                raise InputError(f"{text!r}: after the card comes {what}, once each", kind)
            tail = tail[stop:]
        return cls(kind, card, burn=burn, ability=ability, returned=returned, cards=discarded,
                   player=target)
