"""States of the duel, their notation, the setup, and the actions.

A position is written as nineteen sections, always all of them, in order::

    duel ember tide | round 1 of 3 | step after | hp 30 32 | shield 0 2 |
    adrenaline 0 1 | hands E01 E03*2 / T03 T05 | decks ... / ... |
    discards - / - | played E02 / T01 | base 3 5 / 2 4 | bonus 3 0 | roles 0 |
    crit - | acted - | used - | pending 1:T01:shield2 | regen - | gains 0 0

(on one line).  ``duel`` names the two characters by key, looked up in the
characters table of the game that reads the position (the shipped ones: see
``ringside duel characters``).  ``round R of N``: the round and the setup's
bound on rounds (DU 1.4).  ``step`` is one of :data:`STEPS`.  Card multisets
(hands, decks, discards, played) list card ids sorted, ``ID*n`` for n
copies, ``-`` when empty, one per player split by ``/``; a deck is drawn one
card at a time at random, so it has no order to keep.  ``base`` gives each
player's Power Source values (dice or power cards, sorted), ``-`` before the
roll; ``bonus`` the Strike Score bonus each has so far (Strike Score = sum of
the base + bonus); ``roles`` is ``-`` before it is decided, ``0`` or ``1``
(the Aggressor's seat) or ``none`` (a tie, DU 4.4); ``crit``, ``acted``
(After Rolls plays made) and ``used`` (Adrenaline Action spent) list seats.
``pending`` lists the effects waiting for their moment, each
``SEAT:SOURCE:KINDAMOUNT`` with ``>`` when aimed at the opponent and
``@WHEN`` (``@execute5`` with its threshold) when conditional.  ``regen``
gives the dice waiting to be re-rolled (``SEAT:VALUE``) and the count done
this round; ``gains`` the Adrenaline Cleanup will give once hands are trimmed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

from model.core.errors import InputError
from model.core.notation import read_sections
from model.duel.characters import KINDS, WHENS, Character, Effect, find_character

HAND_SIZE = 5
"""Cards in hand after the Draw (DU 2.1)."""
KEEP_SIZE = 4
"""Cards kept at Cleanup (DU 7.5)."""
STEPS = ("draw", "discard", "before", "roll", "reroll", "open", "after", "regen", "close",
         "answer", "trim", "late", "over")
SECTIONS = ("duel", "round", "step", "hp", "shield", "adrenaline", "hands", "decks",
            "discards", "played", "base", "bonus", "roles", "crit", "acted", "used",
            "pending", "regen", "gains")
MAX_ROUNDS = 99
WINDOW_STEPS = ("open", "close", "answer")
"""The Adrenaline window's offers apart from the After Rolls plays (DU 4.11)."""
LATE_STEP = "late"
"""The Adrenaline window after Cleanup, open only under the other reading of DU-A8."""


def _whole(token: str, where: str, low: int = 0, high: int = 999) -> int:
    text = token[1:] if token.startswith("-") and low < 0 else token
    if not (text.isascii() and text.isdigit()) or not low <= int(token) <= high:
        raise InputError(f"{token!r} is not a whole number from {low} to {high}", where)
    return int(token)


def cards_text(cards: Iterable[str]) -> str:
    """A multiset of card ids, sorted, ``ID*n`` for repeats.

    >>> cards_text(["E03", "E01", "E03"])
    'E01 E03*2'
    """
    counts = Counter(cards)
    return " ".join(c if counts[c] == 1 else f"{c}*{counts[c]}" for c in sorted(counts)) or "-"


def parse_cards(tokens: list[str], where: str) -> tuple[str, ...]:
    if tokens == ["-"]:
        return ()
    if not tokens or "-" in tokens:
        raise InputError("takes - or card ids", where)
    found: list[str] = []
    for token in tokens:
        card, star, count = token.partition("*")
        if not (card.isascii() and card.isalnum() and card[:1].isalpha()):
            raise InputError(f"{token!r} is not a card id", where)
        found.extend([card] * (_whole(count, where, 2, 99) if star else 1))
    return tuple(sorted(found))


def _pair(tokens: list[str], where: str, read) -> tuple:
    text = " ".join(tokens)
    parts = text.split("/")
    if len(parts) != 2:
        raise InputError("takes two parts split by /, one per player", where)
    return tuple(read(part.split(), f"{where} (player {seat})") for seat, part in
                 enumerate(parts))


def _seats(tokens: list[str], where: str) -> tuple[bool, bool]:
    if tokens == ["-"]:
        return (False, False)
    if not tokens or any(t not in ("0", "1") for t in tokens) or len(set(tokens)) != len(tokens):
        raise InputError("takes - or the seats 0 and 1", where)
    return ("0" in tokens, "1" in tokens)


def seats_text(flags: tuple[bool, bool]) -> str:
    return " ".join(str(s) for s in (0, 1) if flags[s]) or "-"


@dataclass(frozen=True, slots=True)
class Pending:
    """An effect waiting for its moment: whose it is, where it came from, what it does."""

    owner: int
    source: str
    effect: Effect

    def __str__(self) -> str:
        e = self.effect
        text = f"{self.owner}:{self.source}:{e.kind}{e.amount}" + (">" if e.to == "opponent" else "")
        if e.when != "always":
            text += f"@{e.when}" + (str(e.threshold) if e.when in ("revenge", "execute") else "")
        return text

    @classmethod
    def parse(cls, token: str, where: str) -> "Pending":
        pieces = token.split(":")
        if len(pieces) != 3 or pieces[0] not in ("0", "1") or not pieces[1]:
            raise InputError(f"{token!r} is not SEAT:SOURCE:EFFECT", where)
        body, _, condition = pieces[2].partition("@")
        to = "opponent" if body.endswith(">") else "self"
        body = body.rstrip(">")
        kind = body.rstrip("-0123456789")
        if kind not in KINDS or kind == body:
            raise InputError(f"{token!r}: {body!r} is not a kind and an amount", where)
        amount = _whole(body[len(kind):], where, -99, 99)
        when = condition.rstrip("0123456789") or "always"
        if when not in WHENS or (condition and when == "always"):
            raise InputError(f"{token!r}: {condition!r} is not a condition", where)
        threshold = int(condition[len(when):]) if when in ("revenge", "execute") and \
            condition[len(when):] else 0
        if when in ("revenge", "execute") and not condition[len(when):]:
            raise InputError(f"{token!r}: {when} needs its threshold", where)
        return cls(int(pieces[0]), pieces[1], Effect(kind, amount, to, when, threshold))


@dataclass(frozen=True, slots=True)
class Setup:
    """Two characters (keys of the game's characters table) and the bound on rounds
    (DU 1.4).  Whether the keys name characters is the game's to check, which holds
    the table (:meth:`parse` looks them up in it).

    >>> Setup("ember", "tide", 5)
    Setup(first='ember', second='tide', rounds=5)
    """

    first: str
    second: str
    rounds: int

    def __post_init__(self) -> None:
        for name in ("first", "second"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise InputError(f"must be a character key, not {value!r}", name)
        if type(self.rounds) is not int or not 1 <= self.rounds <= MAX_ROUNDS:
            raise InputError(f"must be a whole number from 1 to {MAX_ROUNDS}, not "
                             f"{self.rounds!r}", "rounds")

    def __str__(self) -> str:
        return f"{self.first} vs {self.second} rounds {self.rounds}"

    @classmethod
    def parse(cls, text: str, characters: Mapping[str, Character]) -> "Setup":
        """A setup from its notation, each character by key or name in ``characters``."""
        words = text.split() if isinstance(text, str) else []
        if len(words) != 5 or words[1].lower() != "vs" or words[3].lower() != "rounds":
            raise InputError(f"{text!r} is not a setup; write: CHARACTER vs CHARACTER "
                             "rounds N")
        return cls(find_character(characters, words[0], "first").key,
                   find_character(characters, words[2], "second").key,
                   _whole(words[4], "rounds", 1, MAX_ROUNDS))


@dataclass(frozen=True, slots=True)
class State:
    chars: tuple[Character, Character]
    round: int
    rounds: int
    step: str
    hp: tuple[int, int]
    shield: tuple[int, int]
    adrenaline: tuple[int, int]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    discards: tuple[tuple[str, ...], tuple[str, ...]]
    played: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    base: tuple[tuple[int, ...] | None, tuple[int, ...] | None] = (None, None)
    bonus: tuple[int, int] = (0, 0)
    roles: str = "-"
    crit: tuple[bool, bool] = (False, False)
    acted: tuple[bool, bool] = (False, False)
    used: tuple[bool, bool] = (False, False)
    pending: tuple[Pending, ...] = ()
    regens: tuple[tuple[int, int], ...] = ()
    regens_done: int = 0
    gains: tuple[int, int] = (0, 0)

    def strike(self, seat: int) -> int:
        """The current Strike Score (DU 4.2)."""
        return sum(self.base[seat] or ()) + self.bonus[seat]

    def __str__(self) -> str:
        def pair(values, show):
            return f"{show(values[0])} / {show(values[1])}"

        def base(values):
            return "-" if values is None else " ".join(map(str, values)) or "-"

        sections = (
            f"duel {self.chars[0].key} {self.chars[1].key}",
            f"round {self.round} of {self.rounds}", f"step {self.step}",
            f"hp {self.hp[0]} {self.hp[1]}", f"shield {self.shield[0]} {self.shield[1]}",
            f"adrenaline {self.adrenaline[0]} {self.adrenaline[1]}",
            f"hands {pair(self.hands, cards_text)}", f"decks {pair(self.decks, cards_text)}",
            f"discards {pair(self.discards, cards_text)}",
            f"played {pair(self.played, cards_text)}", f"base {pair(self.base, base)}",
            f"bonus {self.bonus[0]} {self.bonus[1]}", f"roles {self.roles}",
            f"crit {seats_text(self.crit)}", f"acted {seats_text(self.acted)}",
            f"used {seats_text(self.used)}",
            "pending " + (" ".join(map(str, self.pending)) or "-"),
            "regen " + " ".join([f"{s}:{v}" for s, v in self.regens] or ["-"])
            + f" {self.regens_done}",
            f"gains {self.gains[0]} {self.gains[1]}",
        )
        return " | ".join(sections)

    @classmethod
    def parse(cls, text: str, characters: Mapping[str, Character]) -> "State":
        """A position from its notation, its characters looked up in ``characters``."""
        s = read_sections(text, SECTIONS)
        if len(s["duel"]) != 2:
            raise InputError("takes two character keys", "duel")
        chars = (find_character(characters, s["duel"][0], "duel"),
                 find_character(characters, s["duel"][1], "duel"))
        r = s["round"]
        if len(r) != 3 or r[1] != "of":
            raise InputError("write: round R of N", "round")
        rounds = _whole(r[2], "round", 1, MAX_ROUNDS)
        round_ = _whole(r[0], "round", 1, rounds)
        if len(s["step"]) != 1 or s["step"][0] not in STEPS:
            raise InputError(f"takes one of {', '.join(STEPS)}", "step")

        def two(name, low=0, high=99):
            if len(s[name]) != 2:
                raise InputError("takes two whole numbers, one per player", name)
            return tuple(_whole(t, name, low, high) for t in s[name])

        def base(tokens, where):
            if tokens == ["-"]:
                return None
            return tuple(sorted(_whole(t, where, 0, 20) for t in tokens)) if tokens else None

        roles = s["roles"]
        if roles not in (["-"], ["0"], ["1"], ["none"]):
            raise InputError("takes -, 0, 1 or none", "roles")
        regen = s["regen"]
        if not regen:
            raise InputError("takes the dice waiting (or -) and the count done", "regen")
        queue = []
        if regen[:-1] != ["-"]:
            for token in regen[:-1]:
                seat, colon, value = token.partition(":")
                if not colon or seat not in ("0", "1"):
                    raise InputError(f"{token!r} is not SEAT:VALUE", "regen")
                queue.append((int(seat), _whole(value, "regen", 0, 20)))
        pending = () if s["pending"] == ["-"] else tuple(
            Pending.parse(t, "pending") for t in s["pending"])
        if not s["pending"]:
            raise InputError("takes - or pending effects", "pending")
        return cls(chars, round_, rounds, s["step"][0], two("hp"), two("shield"),
                   two("adrenaline", 0, 5), _pair(s["hands"], "hands", parse_cards),
                   _pair(s["decks"], "decks", parse_cards),
                   _pair(s["discards"], "discards", parse_cards),
                   _pair(s["played"], "played", parse_cards),
                   _pair(s["base"], "base", base), two("bonus", -99, 99), roles[0],
                   _seats(s["crit"], "crit"), _seats(s["acted"], "acted"),
                   _seats(s["used"], "used"), pending, tuple(queue),
                   _whole(regen[-1], "regen", 0, 4), two("gains", 0, 10))


@dataclass(frozen=True, slots=True)
class Play:
    """A player's choice.

    ``kind``: ``keep`` / ``discard`` (Draw), ``pass`` / ``play`` (Before and
    After Rolls), ``trim`` (Cleanup).  A play names its card, the OR option
    (1-based, 0 when none), whether Adrenaline Rush is paid, the Adrenaline
    Action taken with it (After Rolls) and the die each REGEN re-rolls.
    """

    kind: str
    card: str = ""
    option: int = 0
    rush: bool = False
    adrenaline: str = ""
    card_regen: int | None = None
    action_regen: int | None = None

    def __str__(self) -> str:
        words = [self.kind] + ([self.card] if self.card else [])
        if self.option:
            words += ["or", str(self.option)]
        if self.rush:
            words.append("rush")
        if self.card_regen is not None:
            words += ["regen", str(self.card_regen)]
        if self.adrenaline:
            words += ["+", "adrenaline", self.adrenaline]
            if self.action_regen is not None:
                words += ["regen", str(self.action_regen)]
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Roll:
    """A chance outcome: ``draw`` a card, a ``base``, a ``rebase`` of both, a ``regen``."""

    kind: str
    card: str = ""
    values: tuple = ()

    def __str__(self) -> str:
        if self.kind == "draw":
            return f"draw {self.card}"
        if self.kind == "rebase":
            return "rebase " + " / ".join(" ".join(map(str, v)) for v in self.values)
        return f"{self.kind} " + " ".join(map(str, self.values))


@dataclass(frozen=True, slots=True)
class View:
    """What one player sees: their hand and deck, the sizes of the opponent's, the rest."""

    player: int
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    opponent_hand: int
    opponent_deck: int
    public: str

    def __str__(self) -> str:
        return (f"player {self.player} holds {cards_text(self.hand)}; the opponent holds "
                f"{self.opponent_hand} cards with {self.opponent_deck} in their deck; "
                f"{self.public}")


ACTION_KINDS = ("draw", "keep", "discard", "pass", "play", "base", "rebase", "regen", "trim")
