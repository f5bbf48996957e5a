"""States of the setup phase, their notation, what a player sees, setups and actions.

A state's notation has twelve sections, always all of them, in this order::

    format 1 1 | first 0 | step play | turn 1 | pending 0 | library S01 S05 |
    hands S02 S04 / S07 S09 | battlefield 0:S01+S09 1:S04 | discard S06 | exile - |
    declared - | passes 0

(on one line).  ``format M K`` is the battle format: M Monsters each, the
objective K knock-outs; ``format M K teams T`` plays in T teams, seat ``s`` in
team ``s mod T`` (team mates sit apart, so turns pass from team to team).  ``first ?`` before the starting roll.  ``step`` is
one of ``roll deal play look draw trim complete stalled``; ``turn`` the seat
whose setup turn it is; ``pending`` the cards a played Draw or Vendor card
still draws, or (step ``look``) still lets the player take from the Library.  Card multisets (library, hands, discard, exile) are written in
ascending order, ``-`` when empty: the Library is drawn one card at a time at
random (MM 1.3), so it has no order to keep, and no setup rule reads the order
of the Discard pile (MM 1.4).  Hands are separated by ``/``, one per seat, and
the number of hands is the number of players.  A Battlefield entry is
``OWNER:CARD`` followed by ``+CARD`` for each attached card, in the order they
entered.  ``declared`` is the seat that declared setup complete.

The notation refuses what cannot be written down (a missing section, an
unknown step, a seat that does not exist) but accepts what the rules forbid
(an eighth card in hand, a second specific card on the Battlefield), so that
broken states can be written and caught by the invariants.

>>> text = ("format 1 1 | first 0 | step play | turn 1 | pending 0 | library S01 S05 | "
...         "hands S02 S04 / S07 | battlefield 0:S01+S09 1:S04 | discard S06 | exile - | "
...         "declared - | passes 0")
>>> str(State.parse(text)) == text
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable

from model.core.errors import InputError
from model.core.notation import read_sections, split_action

HAND_SIZE = 7
"""Cards in hand at the end of every setup turn (MM 4.3, MM 4.12)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_LIBRARY = 99
MAX_MONSTERS = 5
"""The most Monsters each a format asks for (a setup's and a position's bound alike)."""
DIE_FACES = 6
STEPS = ("roll", "deal", "play", "look", "draw", "trim", "complete", "stalled")
SECTION_NAMES = ("format", "first", "step", "turn", "pending", "library", "hands",
                 "battlefield", "discard", "exile", "declared", "passes")


def _whole(token: str, where: str, most: int = 999) -> int:
    # ASCII digits only: str.isdigit() would let through '²' or '٣'.
    if not (token.isascii() and token.isdigit()) or int(token) > most:
        raise InputError(f"{token!r} is not a whole number from 0 to {most}", where)
    return int(token)


def _card_token(token: str, where: str) -> str:
    if not (token.isascii() and token.isalnum() and token[0].isalpha()):
        raise InputError(f"{token!r} is not a card number", where)
    return token


def _cards(tokens: list[str], where: str) -> tuple[str, ...]:
    if tokens == ["-"]:
        return ()
    if not tokens or "-" in tokens:
        raise InputError("takes - or card numbers", where)
    return tuple(sorted(_card_token(t, where) for t in tokens))


def cards_text(cards: Iterable[str]) -> str:
    return " ".join(cards) or "-"


@dataclass(frozen=True, slots=True)
class Entry:
    """A card on the Battlefield: who put it there, the card, the cards attached to it."""

    owner: int
    card: str
    attached: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.owner}:{self.card}" + "".join(f"+{c}" for c in self.attached)

    @property
    def cards(self) -> tuple[str, ...]:
        return (self.card,) + self.attached


def format_problem(monsters: int, knockouts: int, players: int, where: str | None = None
                   ) -> None:
    """An :class:`InputError` if a battle format of ``monsters`` Monsters each and
    ``knockouts`` knock-outs cannot be played by ``players``: a setup and a position
    written by hand are held to the same ranges."""
    if not 1 <= monsters <= MAX_MONSTERS:
        raise InputError(f"must be 1 to {MAX_MONSTERS} Monsters each, not {monsters}",
                         where or "monsters")
    if not 1 <= knockouts <= monsters * (players - 1):
        raise InputError(f"the knock-outs must be 1 to {monsters * (players - 1)} (the "
                         f"opponents' Monsters), not {knockouts}", where or "knockouts")


@dataclass(frozen=True, slots=True)
class Setup:
    """A game's setup: the players, the battle format and the Library.

    The format asks for ``monsters`` Monsters on the Battlefield for each
    player; ``knockouts`` is the objective (the battle's, kept as the format's
    configuration).  The Library holds ``library`` cards drawn from the
    synthetic set by ``seed`` (the same on every machine).
    """

    players: int
    monsters: int
    knockouts: int
    library: int
    seed: int
    teams: int = 0

    def __post_init__(self) -> None:
        for name in ("players", "monsters", "knockouts", "library", "seed", "teams"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise InputError(f"must be a whole number, not {value!r}", name)
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise InputError(f"must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {self.players}",
                             "players")
        format_problem(self.monsters, self.knockouts, self.players)
        if not 1 <= self.library <= MAX_LIBRARY:
            raise InputError(f"must be 1 to {MAX_LIBRARY} cards, not {self.library}",
                             "library")
        if self.seed > 10**9:
            raise InputError(f"must be at most {10**9}, not {self.seed}", "seed")
        team_problem = teams_problem(self.teams, self.players)
        if team_problem:
            raise InputError(team_problem, "teams")

    FIELDS = ("players", "monsters", "knockouts", "library", "seed")

    def __str__(self) -> str:
        text = " ".join(f"{name} {getattr(self, name)}" for name in self.FIELDS)
        return text + (f" teams {self.teams}" if self.teams else "")

    @classmethod
    def parse(cls, text: str) -> "Setup":
        """``players 2 monsters 1 knockouts 1 library 20 seed 3``."""
        if not isinstance(text, str):
            raise InputError(f"a setup is text, not {type(text).__name__}")
        words = text.split()
        names = [word.lower() for word in words[0::2]]
        if (names not in (list(cls.FIELDS), [*cls.FIELDS, "teams"])
                or len(words) != 2 * len(names)):
            raise InputError(f"{text!r} is not a setup; write: players N monsters M "
                             "knockouts K library L seed S [teams T]")
        values = {name: _whole(token, name, 10**9) for name, token in zip(names, words[1::2])}
        return cls(**values)

    def library_cards(self, numbers: Iterable[str]) -> tuple[str, ...]:
        """The Library: ``library`` cards drawn with ``seed`` from ``numbers``."""
        pool = sorted(numbers)
        rng = random.Random(self.seed)
        return tuple(sorted(pool[rng.randrange(len(pool))] for _ in range(self.library)))


def teams_problem(teams: int, players: int) -> str | None:
    """Why ``teams`` teams cannot seat ``players`` players (0: no teams), or ``None``."""
    if teams == 0:
        return None
    if teams < 2 or players % teams or players // teams < 2:
        return (f"{teams} teams cannot share {players} players: teams need two players or "
                "more each, all teams the same size (0 for no teams)")
    return None


@dataclass(frozen=True, slots=True)
class State:
    """A moment of the setup phase (see the module's notation)."""

    monsters_each: int
    knockouts: int
    first: int | None
    step: str
    turn: int
    pending: int
    library: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    battlefield: tuple[Entry, ...]
    discard: tuple[str, ...]
    exile: tuple[str, ...]
    declared: int | None
    passes: int
    teams: int = 0

    @property
    def players(self) -> int:
        return len(self.hands)

    def team_of(self, seat: int) -> int:
        """The seat's team (its own seat when there are no teams)."""
        return seat % self.teams if self.teams else seat

    def zones(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The cards of each zone, each zone named as the notation's sections name it
        (``hands: seat 1``); a Battlefield entry's attached cards are in the zone."""
        return (("library", self.library),
                *((f"hands: seat {seat}", hand) for seat, hand in enumerate(self.hands)),
                ("battlefield", tuple(card for entry in self.battlefield
                                      for card in entry.cards)),
                ("discard", self.discard), ("exile", self.exile))

    def all_cards(self) -> tuple[str, ...]:
        """Every card in every zone, ascending (MM 1.6)."""
        return tuple(sorted(card for _, cards in self.zones() for card in cards))

    @classmethod
    def parse(cls, text: str) -> "State":
        body = read_sections(text, SECTION_NAMES)

        def single(name: str) -> str:
            if len(body[name]) != 1:
                raise InputError(f"takes one token, not {len(body[name])}", name)
            return body[name][0]

        format_tokens = body["format"]
        if len(format_tokens) not in (2, 4) or (len(format_tokens) == 4
                                                and format_tokens[2].lower() != "teams"):
            raise InputError("takes the Monsters each and the knock-outs, then teams if "
                             "any: format 1 1, or format 1 1 teams 2", "format")
        monsters_each = _whole(format_tokens[0], "format", 9)
        knockouts = _whole(format_tokens[1], "format", 99)
        teams = _whole(format_tokens[3], "format", 9) if len(format_tokens) == 4 else 0

        hand_texts = " ".join(body["hands"]).split("/")
        if not MIN_PLAYERS <= len(hand_texts) <= MAX_PLAYERS:
            raise InputError(f"one hand per player, {MIN_PLAYERS} to {MAX_PLAYERS}, "
                             f"separated by /; got {len(hand_texts)}", "hands")
        hands = tuple(_cards(h.split(), f"hands: seat {seat}")
                      for seat, h in enumerate(hand_texts))
        players = len(hands)
        format_problem(monsters_each, knockouts, players, "format")
        team_problem = teams_problem(teams, players)
        if team_problem or len(format_tokens) == 4 and teams == 0:
            raise InputError(team_problem or "teams 0 is written as no teams: format 1 1",
                             "format")

        def seat(token: str, where: str) -> int:
            value = _whole(token, where, 9)
            if value >= players:
                raise InputError(f"{token!r} is not a seat; seats are 0 to {players - 1}",
                                 where)
            return value

        first_token = single("first")
        first = None if first_token == "?" else seat(first_token, "first")
        step = single("step").lower()
        if step not in STEPS:
            raise InputError(f"{step!r} is not a step; steps: {', '.join(STEPS)}", "step")
        if (first is None) != (step == "roll"):
            raise InputError("is ? exactly before the starting roll (step roll)", "first")
        turn = seat(single("turn"), "turn")
        pending = _whole(single("pending"), "pending", 99)

        entries = []
        tokens = body["battlefield"]
        if tokens != ["-"]:
            if not tokens or "-" in tokens:
                raise InputError("takes - or entries OWNER:CARD+ATTACHED", "battlefield")
            for token in tokens:
                owner, colon, rest = token.partition(":")
                if not colon:
                    raise InputError(f"{token!r} is not OWNER:CARD", "battlefield")
                cards = rest.split("+")
                entries.append(Entry(seat(owner, "battlefield"),
                                     _card_token(cards[0], "battlefield"),
                                     tuple(_card_token(c, "battlefield") for c in cards[1:])))
        declared_token = single("declared")
        declared = None if declared_token == "-" else seat(declared_token, "declared")
        passes = _whole(single("passes"), "passes", players)
        return cls(monsters_each, knockouts, first, step, turn, pending,
                   _cards(body["library"], "library"), hands, tuple(entries),
                   _cards(body["discard"], "discard"), _cards(body["exile"], "exile"),
                   declared, passes, teams)

    def __str__(self) -> str:
        hands = " / ".join(cards_text(hand) for hand in self.hands)
        battlefield = " ".join(map(str, self.battlefield)) or "-"
        first = "?" if self.first is None else str(self.first)
        declared = "-" if self.declared is None else str(self.declared)
        teams = f" teams {self.teams}" if self.teams else ""
        return (f"format {self.monsters_each} {self.knockouts}{teams} | first {first} | "
                f"step {self.step} | turn {self.turn} | pending {self.pending} | "
                f"library {cards_text(self.library)} | hands {hands} | "
                f"battlefield {battlefield} | discard {cards_text(self.discard)} | "
                f"exile {cards_text(self.exile)} | declared {declared} | "
                f"passes {self.passes}")


@dataclass(frozen=True, slots=True)
class View:
    """What one player sees: their hand, the sizes of the others' hands and of the
    Library, and every face-up zone."""

    player: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    library_size: int
    public: str
    library: tuple[str, ...] | None = None  # seen only while looking through it

    def __str__(self) -> str:
        library = (str(self.library_size) if self.library is None
                   else f"{self.library_size}: {cards_text(self.library)}")
        return (f"player {self.player} holds {cards_text(self.hand)}; hands "
                f"{' '.join(map(str, self.hand_sizes))}; Library {library}; "
                f"{self.public}")


ACTION_KINDS = ("first", "draw", "place", "attach", "play", "take", "discard", "trim", "pass",
                "declare")
"""Every kind of action (:attr:`Move.kind`); a table keyed by kind has an entry for each."""
CHANCE_KINDS = ("first", "draw")
"""The kinds of action chance takes: the starting roll and a card drawn or dealt."""


@dataclass(frozen=True, slots=True)
class Move:
    """An action: chance (``first 1``, ``draw S01``) or a player's.

    ``place S01``, ``attach S09 to 2`` (the Battlefield entry, from 0),
    ``play S12``, ``take S04`` (from the Library, while looking through it),
    ``discard S01 S05``, ``trim S01``, ``pass``, ``declare``;
    a card play followed by `` declare`` also declares setup complete.

    >>> str(Move("attach", ("S09",), 2, True))
    'attach S09 to 2 declare'
    >>> Move.parse("discard S05 S01") == Move("discard", ("S01", "S05"))
    True
    """

    kind: str
    cards: tuple[str, ...] = ()
    target: int = -1
    declare: bool = False

    def __str__(self) -> str:
        words = [self.kind, *self.cards]
        if self.kind == "first":
            words = ["first", str(self.target)]
        if self.kind == "attach":
            words += ["to", str(self.target)]
        if self.declare:
            words.append("declare")
        return " ".join(words)

    @classmethod
    def parse(cls, text: str) -> "Move":
        kind, rest = split_action(text, ACTION_KINDS)
        if kind == "first":
            if len(rest) != 1:
                raise InputError(f"{text!r}: write first SEAT")
            return cls("first", (), _whole(rest[0], "first", 9))
        declare = False
        if kind != "declare" and rest and rest[-1].lower() == "declare":
            declare, rest = True, rest[:-1]
        target = -1
        if kind == "attach":
            if len(rest) != 3 or rest[1].lower() != "to":
                raise InputError(f"{text!r}: write attach CARD to ENTRY")
            target = _whole(rest[2], "attach", 99)
            rest = rest[:1]
        counts = {"draw": 1, "place": 1, "attach": 1, "play": 1, "take": 1, "trim": 1,
                  "pass": 0, "declare": 0}
        if kind in counts and len(rest) != counts[kind]:
            raise InputError(f"{text!r}: {kind} takes {counts[kind]} card(s)")
        if kind == "discard" and not rest:
            raise InputError(f"{text!r}: discard takes one card or more")
        cards = tuple(sorted(_card_token(t, kind) for t in rest))
        return cls(kind, cards, target, declare)
