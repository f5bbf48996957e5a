"""The declared facts of a game (players, chance, information, simultaneity, length).

As OpenSpiel's ``GameType`` and ``GameInfo`` do, each game states once what
kind of game it is, and the explorer, the conformance tests and the rules
reference read the record instead of guessing from behaviour.  The
conformance tests hold the engine to it: a game declared deterministic never
reaches a chance node, a perfect-information game shows every player the
whole state, a game without simultaneous moves never reaches a simultaneous
node, and no game runs past its declared longest length.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Chance(enum.Enum):
    """Whether chance acts during play, and how its outcomes are given."""

    DETERMINISTIC = "deterministic"
    """No chance node ever (a solitaire dealt by its setup counts here)."""
    EXPLICIT = "explicit"
    """Chance nodes list every outcome with an exact probability."""


class Information(enum.Enum):
    """What a player sees of a state."""

    PERFECT = "perfect"
    """Every player sees the whole state."""
    IMPERFECT = "imperfect"
    """Some of the state is hidden from some player (a hand, a deck order)."""


@dataclass(frozen=True, slots=True)
class GameType:
    """What kind of game one of ringside's games is.

    ``longest_game`` bounds the actions (chance included) of any whole game
    from any setup; ``None`` when the bound depends on the setup (deck sizes,
    hit points), in which case :meth:`model.core.game.Game.max_length` of the
    first state gives it.  ``rulebook_file`` names the rulebook's file in the
    shared rulebooks folder; the conformance tests check that it exists.

    >>> GameType("toy", "Toy", 1, 1, Chance.DETERMINISTIC, Information.PERFECT,
    ...          simultaneous=False, longest_game=13, rulebook_file="toy.txt").players
    '1'
    """

    key: str
    title: str
    min_players: int
    max_players: int
    chance: Chance
    information: Information
    simultaneous: bool
    longest_game: int | None
    rulebook_file: str

    def __post_init__(self) -> None:
        if not self.key or not self.key.isidentifier() or self.key != self.key.lower():
            raise ValueError(f"a game key is a lower-case identifier, not {self.key!r}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.key}: players {self.min_players}..{self.max_players} "
                             "is not a range starting at 1 or more")
        if self.longest_game is not None and self.longest_game < 1:
            raise ValueError(f"{self.key}: longest_game must be 1 or more, or None")
        if not self.rulebook_file.endswith(".txt") or "/" in self.rulebook_file:
            raise ValueError(f"{self.key}: rulebook_file is a file name in the shared "
                             f"rulebooks folder (*.txt), not {self.rulebook_file!r}")

    @property
    def players(self) -> str:
        """The player count as people write it: ``"2"`` or ``"2-6"``."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"
