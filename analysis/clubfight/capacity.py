"""What one club can clear at most: a bound written from the rules.

Used by the unwinnability reasons of the hunt and by the z3 bounded model
check as a sound cap per turn; pure arithmetic over card values.
"""

from __future__ import annotations

from model.clubfight.rules import Rules


def most_cards_adding_up(values, total: int) -> int:
    """The most of ``values`` (card values, a multiset) adding up to exactly
    ``total``, or -1 when none do (a knapsack over the values)."""
    most = [-1] * (total + 1)  # most values adding up to each total
    most[0] = 0
    for v in values:
        for reach in range(total, v - 1, -1):
            if most[reach - v] >= 0 and most[reach - v] + 1 > most[reach]:
                most[reach] = most[reach - v] + 1
    return most[total]


def stretch_through(count: list[int], club: int) -> tuple[int, int]:
    """The first and last value of the longest run of consecutive values through
    ``club`` in which every value but the club's has a card (``count[v] > 0``).

    >>> stretch_through([0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], 4)
    (2, 4)
    """
    first = next((v + 1 for v in range(club - 1, 0, -1) if not count[v]), 1)
    last = next((v - 1 for v in range(club + 1, 14) if not count[v]), 13)
    return first, last


def club_capacities(cards, clubs, rules: Rules) -> dict[int, int]:
    """The most cards each club can clear in one action on any grid of ``cards``.

    ``cards`` is a multiset of cards (a grid holds at most 9 of them, in any
    arrangement); blocking is ignored (it only takes moves away).  Per action
    (CF 4.1-4.6): Match, the cards of the club's rank (and the Jokers, if
    they match); Sum, the most valued cards adding up exactly to the club (a
    knapsack over the values; plus the Jokers if they join at 0); Any, 1;
    Line, 3, if a card it can aim at is among ``cards``; Up/Down, the valued
    cards on the allowed side; Run, the longest chain of values present
    through the club's, less the club.  Written from the rules, not from the
    solver; ``tests/test_clubfight_bmc.py`` checks with z3 on the action
    encodings that no legal move on any grid of the cards exceeds it.
    """
    values = [c.value for c in cards if not c.is_joker]
    jokers = len(cards) - len(values)
    count = [0] * 15
    for v in values:
        count[v] += 1
    out = {}
    for club in clubs:
        best = 1 if cards else 0
        best = max(best, count[club] + (jokers if rules.jokers_match else 0))
        summed = most_cards_adding_up(values, club)
        if summed > 0:
            best = max(best, summed + (jokers if rules.sum_jokers_zero else 0))
        if count[club] or (rules.line_joker_target and jokers):
            best = max(best, 3)
        if 2 <= club <= 7:
            best = max(best, sum(count[1:club]))
        if 7 <= club <= 12:
            best = max(best, sum(count[club + 1:14]))
        first, last = stretch_through(count, club)
        if last - first + 1 >= rules.run_min_cards:
            best = max(best, last - first)
        out[club] = min(best, 9, len(cards))
    return out
