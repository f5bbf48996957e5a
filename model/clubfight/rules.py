"""Club Fight's rulesets: the ruling choices the rulebook leaves open (Rules) and the presets.

Every point the rulebook leaves open is a field here; the default values are
the ``rulebook`` reading of ringside's specification.  ``webapp`` reproduces
the public browser version of the game (brainwagon/clubfight).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rules:
    """How to read the points the Club Fight rulebook leaves open.

    must_clear
        Every action must clear at least one card.  Read the other way, Match
        and Up/Down may be taken even where they find nothing to clear.
    jokers_match
        Jokers count as a card of every rank for Match.
    match_any_subset
        Match clears any non-empty subset of the matching cards instead of all.
    sum_jokers_zero
        Jokers may join a Sum at value 0 (at least one valued card).
    updown_any_subset
        Up/Down clears any non-empty subset of the cards on the chosen side.
    line_joker_target
        Line may choose a row or column because it holds a Joker.
    run_min_cards
        The fewest cards a Run may have, the club included.
    """

    must_clear: bool = True
    jokers_match: bool = False
    match_any_subset: bool = False
    sum_jokers_zero: bool = False
    updown_any_subset: bool = False
    line_joker_target: bool = False
    run_min_cards: int = 2

    def __post_init__(self) -> None:
        if not 2 <= self.run_min_cards <= 13:
            raise ValueError("run_min_cards must lie between 2 and 13")


DEFAULT_RULES = Rules()
"""The ``rulebook`` preset: the reading of ringside's specification."""

WEBAPP = Rules(
    jokers_match=True,
    match_any_subset=True,
    sum_jokers_zero=True,
    updown_any_subset=True,
    line_joker_target=True,
)
"""The ``webapp`` preset: the public browser version (brainwagon/clubfight)."""

PRESETS: dict[str, Rules] = {"rulebook": DEFAULT_RULES, "webapp": WEBAPP}
"""The named rulesets, the default first."""
