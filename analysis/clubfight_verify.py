"""Check a Club Fight certificate (a win's line, a loss's refuted states) from the rules alone.

The certificate format (versions 1 and 2) is documented in
``docs/clubfight-certificates.rst``.  This module is the whole verifier: it imports only
the standard library and shares no code with ringside's solver, its pruning rules, its
bounds or its rules model (``clubfight_verify_core.c``, as independent, is its
:func:`check_loss` in C: optional, faster, the same verdict).  The deal, the moves of
every club (Match, Sum, Any, Line, Up/Down, Run, blocking by three cards of a suit, the
Jokers as the rules fields say), the refill of the grid and of the hand are written again
from ringside's Club Fight specification and the rulebook, and so is every bound.

A loss is accepted when the start is listed (or cut) and every listed state
has cards left and every child of it (every club in hand, every set of slots
it may clear) is lost by the rules (no club left, cards left), listed, or cut
by the bound (:meth:`Game.cut`; the ladder, and the ladder two steps deep, where a
version 2 header grants them: :meth:`Game.ladder_needs`, :meth:`Game.two_steps_short`).
Every child has one club fewer than its parent, so by induction on the clubs
left every listed state is lost, the start included.  A win is accepted when its line replays to an empty grid and
deck.  The answer is three-valued: accepted, rejected with the first thing
found wrong, or unknown (a time or size limit, an interrupt) with its reason.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
import zlib
from array import array
from bisect import bisect_left
from dataclasses import dataclass, field
from itertools import combinations, product

MAGIC = "RINGSIDE-CLUBFIGHT-CERTIFICATE"
VERSIONS = (1, 2)  # 2: the loss says whether it leans on the ladder (version 1: it does not)
RANKS = "A23456789TJQK"  # values 1..13
LINES = {"row 1": (0, 1, 2), "row 2": (3, 4, 5), "row 3": (6, 7, 8),
         "column 1": (0, 3, 6), "column 2": (1, 4, 7), "column 3": (2, 5, 8)}
RULE_FIELDS = {"must_clear": bool, "jokers_match": bool, "match_any_subset": bool,
               "sum_jokers_zero": bool, "updown_any_subset": bool,
               "line_joker_target": bool, "run_min_cards": int}
EMPTY, DEALT_SHIFT = 63, 54  # a state key: 6 bits a slot (63 empty), cards dealt from bit 54
MAX_WINDOW_CLUBS = 8  # the window bound costs 2^k per child; past 8 clubs it is refused
HAND, NEVER, MASK64 = 4, 1 << 20, (1 << 64) - 1  # NEVER: a Joker duty no club can meet
CACHE_LIMIT = 400_000  # entries of each cache before it is emptied (memory, not answers)
NO_CLEAR = 10  # a ladder need no clear meets (a clear is at most 9); 0: no need known


class Rejected(Exception):
    """The certificate is wrong: its message says where and what."""


class Stopped(Exception):
    """The check stopped before an answer (a limit)."""


@dataclass
class Verdict:
    """What :func:`verify` found: ``status`` is accepted, rejected or unknown."""

    status: str
    reason: str | None = None
    claims: list = field(default_factory=list)
    header: dict = field(default_factory=dict)
    states: int = 0  # listed
    checked: int = 0  # listed states checked
    children: int = 0  # moves followed from them
    cuts: int = 0  # children cut by the bound
    seconds: float = 0.0

    def as_dict(self) -> dict:
        counts = {k: getattr(self, k) for k in ("states", "checked", "children", "cuts")}
        return {"verdict": self.status, "reason": self.reason, "claims": self.claims,
                "deal": self.header.get("deal"), "id": self.header.get("id"),
                "rules": (self.header.get("rules") or {}).get("name"), **counts,
                "seconds": round(self.seconds, 6)}


# -- the deal -------------------------------------------------------------------
def parse_card(token: str) -> tuple[int, str]:
    """``(value, suit)`` of a card token; the Joker is ``(0, "")``."""
    if token == "JK":
        return 0, ""
    if len(token) != 2 or token[0] not in RANKS or token[1] not in "DHS":
        raise Rejected(f"the deal: {token!r} is not a grid card")
    return RANKS.index(token[0]) + 1, token[1]


def parse_deal(text: str) -> tuple[list, list]:
    """The grid deck (cards in deal order) and the clubs (values in draw order)."""
    if not isinstance(text, str) or text.count("/") != 1:
        raise Rejected("the deal must be 'grid deck / clubs'")
    deck_part, club_part = text.split("/")
    cards = [parse_card(token) for token in deck_part.split()]
    clubs = [RANKS.index(t) + 1 if len(t) == 1 and t in RANKS else -1
             for t in club_part.split()]
    jokers = sum(1 for value, _ in cards if not value)
    if sorted(clubs) != list(range(1, 14)):
        raise Rejected("the deal: the clubs are not the 13 ranks, once each")
    if jokers not in (1, 2) or len(set(cards)) != 40 or len(cards) != 39 + jokers:
        raise Rejected("the deal: the grid deck is not the 39 Diamonds, Hearts and Spades "
                       "and 1 or 2 Jokers, each card once")
    return cards, clubs


def deal_of_id(deal_id: str) -> tuple[list, list]:
    """The deal ``CFj-n`` (the specification's SplitMix64 and Fisher-Yates)."""
    prefix, _, number = deal_id.partition("-")
    if prefix not in ("CF1", "CF2") or not number.encode().isdigit() or len(number) > 20 or int(
            number) >= 1 << 64:  # bytes.isdigit: ASCII digits only (str.isdigit takes '²')
        raise Rejected(f"the id {deal_id[:40]!r} is not CF1-n or CF2-n")
    deck = [(v, s) for s in "CDHS" for v in range(1, 14)] + [(0, "")] * int(prefix[2])
    state = int(number)
    for i in range(len(deck) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = (z ^ (z >> 31)) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return [c for c in deck if c[1] != "C"], [v for v, s in deck if s == "C"]


# -- the game ---------------------------------------------------------------------
def subsets(slots: list[int]):
    """Every non-empty subset of ``slots``, as a slot mask."""
    return (sum(1 << s for s in chosen) for size in range(1, len(slots) + 1)
            for chosen in combinations(slots, size))


def stretch(count: list, club: int) -> tuple[int, int]:
    """The longest stretch of values through ``club``, every value but the club's present."""
    low = next((v + 1 for v in range(club - 1, 0, -1) if not count[v]), 1)
    return low, next((v - 1 for v in range(club + 1, 14) if not count[v]), 13)


class Game:
    """One deal with the first ``clubs`` clubs, under the rules fields given.

    A state is ``(cells, dealt, played)``: the card number in each slot (-1
    empty; cards numbered in deal order), the cards dealt so far, and the
    played club values as bits.  The hand is implied: the first ``4 + turns``
    clubs of the draw order, less those played.
    """

    def __init__(self, cards: list, order: list, rules: dict, window_clubs: int = 0,
                 ladder: bool = False, two_step: bool = False) -> None:
        self.values, self.suits = [v for v, _ in cards], [s for _, s in cards]
        self.total, self.order, self.rules = len(cards), order, rules
        self.position = {club: i for i, club in enumerate(order)}
        self.window_clubs, self.start = window_clubs, (tuple(range(9)), 9, 0)
        self.caches = (self.actions_cache, self.caps_cache, self.sums_cache, self.window_cache,
                       self.cuts_cache) = {}, {}, {}, {}, {}  # answers, keyed by every input
        self.deck_from = [(1 << self.total) - (1 << d) for d in range(self.total + 1)]
        self.by_value = [sum(1 << i for i, (v, _) in enumerate(cards) if v == x) for x in range(15)]
        self.needs = self.ladder_needs() if ladder else None
        self.two_step = two_step and ladder

    def hand(self, played: int) -> list[int]:
        return [c for c in self.order[:HAND + played.bit_count()] if not played >> c & 1]

    def left(self, cells: tuple, dealt: int) -> int:
        return 9 - cells.count(-1) + self.total - dealt

    def after(self, cells: tuple, dealt: int, mask: int) -> tuple[tuple, int]:
        """Clear the slots of ``mask``, then refill empty slots in slot order from the deck."""
        out = [-1 if mask >> s & 1 else i for s, i in enumerate(cells)]
        for s in range(9):
            if out[s] < 0 and dealt < self.total:
                out[s], dealt = dealt, dealt + 1
        return tuple(out), dealt

    def actions(self, cells: tuple, club: int) -> dict:
        """Per action, the slot masks ``club`` may clear on this grid (blocked ones left out)."""
        found = self.actions_cache.get((cells, club))
        if found is not None:
            return found
        r, value = self.rules, {s: self.values[i] for s, i in enumerate(cells) if i >= 0}
        jokers = [s for s in value if not value[s]]
        valued = [s for s in value if value[s]]
        suit = [self.suits[cells[s]] for s in valued]
        found = {"match": set(), "sum": set(), "any": {1 << s for s in value},
                 "line": set(), "updown": set(), "run": set()}
        targets = [s for s in valued if value[s] == club] + (jokers if r["jokers_match"] else [])
        if targets:
            found["match"] = (set(subsets(targets)) if r["match_any_subset"]
                              else {sum(1 << s for s in targets)})
        elif not r["must_clear"]:
            found["match"].add(0)
        zero = jokers if r["sum_jokers_zero"] else []
        for mask in self._sums(valued, value, club):
            found["sum"].update(mask | extra for extra in [0, *subsets(zero)])
        if suit.count("D") < 3:
            for line in LINES.values():
                if any(s in value and (value[s] == club or (r["line_joker_target"]
                                                            and not value[s])) for s in line):
                    found["line"].add(sum(1 << s for s in line if s in value))
        if suit.count("S") < 3:
            sides = ([[s for s in valued if value[s] < club]] if 2 <= club <= 7 else []) + \
                    ([[s for s in valued if value[s] > club]] if 7 <= club <= 12 else [])
            for side in sides:
                if not side and not r["must_clear"]:
                    found["updown"].add(0)
                elif side:
                    found["updown"].update(subsets(side) if r["updown_any_subset"]
                                           else [sum(1 << s for s in side)])
        if suit.count("H") < 3:
            by_value = {v: [s for s in valued if value[s] == v] for v in map(value.get, valued)}
            low_end, high_end = stretch([v in by_value for v in range(15)], club)
            for low in range(low_end, club + 1):
                for high in range(club, high_end + 1):
                    if high - low + 1 >= r["run_min_cards"]:
                        choices = [by_value[v] for v in range(low, high + 1) if v != club]
                        found["run"].update(sum(1 << s for s in pick)
                                            for pick in product(*choices))
        self.actions_cache[cells, club] = found
        return found

    @staticmethod
    def _sums(slots: list, value: dict, target: int, start: int = 0):
        """Masks of the subsets of ``slots[start:]`` whose values add up to ``target``."""
        for i in range(start, len(slots)):
            v = value[slots[i]]
            if v == target:
                yield 1 << slots[i]
            elif v < target:
                yield from (1 << slots[i] | rest
                           for rest in Game._sums(slots, value, target - v, i + 1))

    def clears(self, cells: tuple, club: int) -> set:
        """Every distinct set of slots (a mask) ``club`` may clear."""
        return set().union(*self.actions(cells, club).values())

    # -- the bound ---------------------------------------------------------------
    def capacities(self, cards: int, cells: tuple | None = None) -> tuple:
        """For the cards of the bit set ``cards`` (card numbers), on any grid of them:
        per club the most one action can clear, whether a Line can be aimed, the most
        cards adding up to each value; the count per value and the Jokers.  Given the
        grid ``cells`` itself, the clears are those on it: the actions its suits
        block left out, a Line as big as its filled slots."""
        key = cards if cells is None else cells
        if key in self.caps_cache:
            return self.caps_cache[key]
        values, r, n = self.values, self.rules, cards.bit_count()
        count = [(cards & cards_of).bit_count() for cards_of in self.by_value]  # per value
        shape = tuple(count) if cells is None else cells  # on any grid: the counts decide
        if shape in self.caps_cache:
            return self.caps_cache.setdefault(key, self.caps_cache[shape])
        jokers, count[0], blocked, line = count[0], 0, set(), [3] * 15  # line: per value, the
        if cells is not None:  # biggest Line aimed at it; on the grid itself, its Lines and
            suits = [self.suits[i] for i in cells if i >= 0]  # the actions its suits block
            blocked = {a for a, suit in (("line", "D"), ("updown", "S"), ("run", "H"))
                       if suits.count(suit) >= 3}
            line = [0] * 15
            for trio in LINES.values():
                held = [values[cells[s]] for s in trio if cells[s] >= 0]
                for v in (range(15) if r["line_joker_target"] and 0 in held else held):
                    line[v] = max(line[v], len(held))
        most = [0] + [-1] * 13  # most[t]: the most valued cards adding up to t (a knapsack)
        for v in (v for v in range(1, 14) for _ in range(min(count[v], 13 // v))):  # no more fit
            for t in range(13, v - 1, -1):
                if most[t - v] >= 0 and most[t - v] + 1 > most[t]:
                    most[t] = most[t - v] + 1
        caps, aims, below = [0] * 14, [False] * 14, [sum(count[:v]) for v in range(15)]
        matched, summed = (jokers if r[rule] else 0 for rule in ("jokers_match", "sum_jokers_zero"))
        for c in range(1, 14):
            aims[c] = count[c] > 0 or (r["line_joker_target"] and jokers > 0)
            best = max(1 if n else 0, count[c] + matched, most[c] + summed if most[c] > 0 else 0,
                       line[c] if aims[c] and "line" not in blocked else 0)
            if "updown" not in blocked:
                best = max(best, below[c] if 2 <= c <= 7 else 0,
                           below[14] - below[c + 1] if 7 <= c <= 12 else 0)
            low, high = stretch(count, c)
            if high - low + 1 >= r["run_min_cards"] and "run" not in blocked:
                best = max(best, high - low)
            caps[c] = min(best, 9, n)
        found = self.caps_cache[key] = self.caps_cache[shape] = (caps, aims, most, count, jokers)
        return found

    def duty(self, clubs: list, caps: list, aims: list, jokers: int) -> int:
        """The least the ``clubs`` lose to Jokers in play: unless Jokers match or join
        Sums, a Joker goes only by Any (1 card) or a Line (at most 3, aimed at a card
        of the club's rank): one club so held per Joker, or one Line for two."""
        if not jokers or self.rules["jokers_match"] or self.rules["sum_jokers_zero"]:
            return 0
        losses = sorted((caps[c] - min(caps[c], 3 if aims[c] else 1), aims[c]) for c in clubs)
        if jokers == 1 or not losses:
            return losses[0][0] if losses else NEVER
        best = losses[0][0] + losses[1][0] if len(losses) >= 2 else NEVER
        return min([best] + [loss for loss, aim in losses if aim])

    def club_sums(self, in_play: int, played: int) -> tuple:
        """The clubs left, their capacities over the cards in play, the sum, the
        Jokers' duty of them all and of all but each one."""
        caps, aims, _, count, jokers = self.capacities(in_play)
        key = (*count, jokers, played)  # the capacities depend on the counts per value alone
        found = self.sums_cache.get(key)
        if found is None:
            clubs = [c for c in self.order if not played >> c & 1]
            found = self.sums_cache[key] = (
                clubs, caps, sum(caps[c] for c in clubs), self.duty(clubs, caps, aims, jokers),
                {c: self.duty([x for x in clubs if x != c], caps, aims, jokers) for c in clubs})
        return found

    def cut(self, cells: tuple, dealt: int, played: int) -> list:
        """The bound's parts, computed until one proves the state lost: ``[(name, most
        cards the clubs left can clear), ...]``; lost when the last is below the
        cards left (``-1`` for the tail rule)."""
        left = self.left(cells, dealt)
        on_grid = sum(1 << i for i in cells if i >= 0)
        clubs, caps, total, duty, duty_without = self.club_sums(on_grid | self.deck_from[dealt],
                                                                played)
        parts = [("capacity", total - duty)]
        if parts[-1][1] < left:
            return parts
        largest = self.capacities(on_grid, cells)[0]  # the largest clear of each club now
        grid_jokers = any(i >= 0 and not self.values[i] for i in cells)
        parts.append(("next club", max(total - caps[c] + largest[c]
                                       - (0 if grid_jokers else duty_without[c])
                                       for c in self.hand(played))))
        if parts[-1][1] < left:
            return parts
        if self.needs is not None and all(  # no club in hand clears what the ladder needs
                largest[c] < self.needs[(played | 1 << c) * (self.total + 1) + self.total - left]
                for c in self.hand(played)):
            return parts + [("ladder", -1)]
        if self.two_step and self.two_steps_short(cells, dealt, played, left, largest):
            return parts + [("two steps", -1)]
        if len(clubs) > self.window_clubs:
            return parts
        key = (on_grid, dealt, played, tuple(largest))  # all the window's inputs
        parts.append(self.window_cache.get(key) or self.window_cache.setdefault(
            key, self.window(on_grid, dealt, played, left, clubs, largest)))
        return parts

    def window(self, on_grid: int, dealt, played, left, clubs, largest) -> tuple[str, int]:
        """The window and tail rules.  Window: once ``A`` more cards are cleared the
        grid holds only cards of the grid now and the next ``A`` deck cards, so the
        club acting then clears at most their capacity; ``reach[S]`` bounds what
        the clubs of ``S`` clear in any order the draw allows.  Tail: the last club
        ``z`` of a win takes every card left, among them every deck card from
        ``dealt + u1`` on (``u1``: the most the clubs before the one before ``z``
        cleared) and at least ``left - u2`` cards (``u2``: the most the others
        cleared): some club must have an action able to do that."""
        k, turn, total = len(clubs), played.bit_count(), self.total
        start = [max(0, self.position[c] - (HAND - 1) - turn) for c in clubs]
        free = [sum(1 << i for i in range(k) if start[i] <= size) for size in range(k + 1)]
        reach, ends = [0] + [-1] * ((1 << k) - 1), {-1: [min(largest[c], left) for c in clubs]}
        for used in (used for used in range(1 << k) if reach[used] >= 0):
            done, todo = reach[used], free[used.bit_count()] & ~used  # in hand, not played
            if (done if used else -1) not in ends:  # (-1: the first club, on the grid now)
                seen = self.deck_from[dealt] & ~self.deck_from[min(total, dealt + done)]
                caps = self.capacities(on_grid | seen)[0]
                ends[done] = [min(done + caps[c], left) for c in clubs]
            end = ends[done if used else -1]  # per club, the cards cleared once it has acted
            while todo:
                i, todo = (todo & -todo).bit_length() - 1, todo & (todo - 1)
                if end[i] > reach[used | 1 << i]:
                    reach[used | 1 << i] = end[i]
        if max(reach) < left or k < 2:
            return "window", max(reach)
        u1, u2 = [0] * k, [0] * k  # per club, the most the others clear (k - 2, k - 1 of them)
        for used in (used for used in range(1, 1 << k) if reach[used] > 0):
            for i in (i for i in range(k) if not used >> i & 1):
                u2[i] = max(u2[i], reach[used])
                u1[i] = max(u1[i], reach[used]) if used.bit_count() <= k - 2 else u1[i]
        in_play = on_grid | self.deck_from[dealt]
        finish = any(self.could_finish(club, dealt + u1[i], left - u2[i], in_play)
                     for i, club in enumerate(clubs))
        return ("window", max(reach)) if finish else ("tail", -1)

    def could_finish(self, club: int, first: int, need: int, in_play: int) -> bool:
        """Could one action of ``club`` clear a grid holding every deck card from
        ``first`` on and at least ``need`` cards, from the cards in play?"""
        r = self.rules
        tail = range(min(first, self.total), self.total)
        need = max(need, len(tail))
        if need <= 1 or need > 9:
            return need <= 1  # Any takes one card; no grid holds ten
        caps, aims, most, count, jokers = self.capacities(in_play)
        values = [self.values[i] for i in tail if self.values[i]]
        suits = [self.suits[i] for i in tail if self.values[i]]
        tail_jokers = len(tail) - len(values)
        if need <= 3 and suits.count("D") < 3 and aims[club]:
            return True  # Line
        if (not tail_jokers or r["jokers_match"]) and all(v == club for v in values) \
                and need <= count[club] + (jokers if r["jokers_match"] else 0):
            return True  # Match
        if (not tail_jokers or r["sum_jokers_zero"]) and sum(values) <= club and most[club] > 0 \
                and need <= most[club] + (jokers if r["sum_jokers_zero"] else 0):
            return True  # Sum
        if tail_jokers:
            return False  # Up/Down and Run never take a Joker
        if suits.count("S") < 3 and (  # Up/Down, below or above the club
                2 <= club <= 7 and all(v < club for v in values) and need <= sum(count[1:club])
                or 7 <= club <= 12 and all(v > club for v in values)
                and need <= sum(count[club + 1:14])):
            return True
        low, high = stretch(count, club)
        return (suits.count("H") < 3 and len(set(values)) == len(values) and club not in values
                and all(low <= v <= high for v in values) and need <= high - low
                and high - low + 1 >= r["run_min_cards"])


    # -- the ladder (version 2) ---------------------------------------------------
    def ladder_limit(self, club: int, now: int, before: int) -> int:
        """The most ``club`` clears acting once ``now`` cards are gone since the start,
        the club before it having acted once ``before`` were.  The grid is refilled
        card for card from the deck (the start's grid is full), so ``dealt(C) = min(total,
        9 + C)`` cards are dealt once ``C`` are gone; the grid then holds ``min(9, total -
        now)`` of the first ``dealt(now)`` cards, among them every *fresh* card, numbered
        ``dealt(before) .. dealt(now) - 1``: dealt into the slots the club before emptied,
        and nothing has been cleared since.  So each action clears at most its capacity
        over the cards dealt (:meth:`capacities`) and at most the grid less the fresh
        cards it cannot take (a Sum takes at most as many as the smallest of them stay
        within the club's value); three fresh cards of a suit block that suit's action;
        a Run takes one card a value, and each value of its stretch that no fresh card
        has needs one of the grid's other, older cards."""
        r, dealt = self.rules, [min(self.total, 9 + c) for c in (before, now)]
        grid, fresh = min(9, self.total - now), range(*dealt)
        caps, aims, most, count, jokers = self.capacities((1 << dealt[1]) - 1)
        values = sorted(self.values[i] for i in fresh if self.values[i])
        suits, fresh_jokers = [self.suits[i] for i in fresh], len(fresh) - len(values)

        def within(most_taken: int, fresh_taken: int) -> int:
            return min(most_taken, grid - (len(fresh) - fresh_taken))

        jm, jz = (int(r[rule]) for rule in ("jokers_match", "sum_jokers_zero"))  # Jokers join
        best = max(1, within(count[club] + jm * jokers, values.count(club) + jm * fresh_jokers))
        if most[club] > 0:
            budget, taken = club, 0
            for v in values:
                if v > budget:
                    break
                budget, taken = budget - v, taken + 1
            best = max(best, within(most[club] + jz * jokers, taken + jz * fresh_jokers))
        if suits.count("D") < 3 and aims[club]:
            best = max(best, 3)
        if suits.count("S") < 3:
            if 2 <= club <= 7:
                best = max(best, within(sum(count[1:club]), sum(v < club for v in values)))
            if 7 <= club <= 12:
                best = max(best, within(sum(count[club + 1:14]), sum(v > club for v in values)))
        if suits.count("H") < 3:
            low, high = stretch(count, club)
            for a in range(low, club + 1):
                for b in range(club, high + 1):
                    older = sum(1 for v in range(a, b + 1) if v != club and v not in values)
                    if b - a + 1 >= r["run_min_cards"] and older <= grid - len(fresh):
                        best = max(best, b - a)
        return min(best, grid)

    def ladder_needs(self) -> bytearray:
        """The ladder: ``need[P * (total + 1) + C]``, the least the club completing the
        set ``P`` of clubs played (value bits) must clear, acting once ``C`` cards are
        gone, for the game still to be won (:data:`NO_CLEAR`: no clear will do; 0 for
        a set no order of play reaches: no need known, nothing cut).

        Why a state where no club ``z`` in hand can clear ``need[played + z, C]`` is
        lost: follow a winning line from it.  Its last club clears every card left,
        ``g = total - C'`` (at least 1 where actions must clear), which meets the need
        at its point.  A club acting at ``C`` whose next club ``j`` (in hand by then)
        acts at ``C + g`` clears at most :meth:`ladder_limit` ``(j, C + g, C)``: if
        ``j``'s clear meets ``j``'s need, that limit reaches it, so ``g`` is one of the
        clears below and at least the least of them, the need.  By induction back
        along the line the first club's clear, at most its largest on the grid now,
        meets its need."""
        total, k, width = self.total, len(self.order), self.total + 1
        least = 1 if self.rules["must_clear"] else 0
        drawn = {c: max(0, i - (HAND - 1)) for i, c in enumerate(self.order)}  # turn in hand
        reached = []  # the sets of clubs an order of play can reach, by size, largest first
        for members in range(1, 1 << k):
            chosen = [c for i, c in enumerate(self.order) if members >> i & 1]
            if all(turn <= i for i, turn in enumerate(sorted(map(drawn.get, chosen)))):
                reached.append((-len(chosen), sum(1 << c for c in chosen)))
        reached.sort()
        need, limits = bytearray(width << 14), {}

        def limit(club: int, after: int, now: int) -> int:
            if (club, after, now) not in limits:
                limits[club, after, now] = self.ladder_limit(club, after, now)
            return limits[club, after, now]

        for now in range(total - 1, -1, -1):
            for size, played in reached:
                nexts = [c for c in self.order if not played >> c & 1 and drawn[c] <= -size]
                found = NO_CLEAR
                for g in range(least, min(9, total - now) + 1):
                    after = now + g
                    if after == total or any(limit(j, after, now) >= need[
                            (played | 1 << j) * width + after] for j in nexts):
                        found = g
                        break
                need[played * width + now] = found
        return need

    def two_steps_short(self, cells: tuple, dealt: int, played: int, left: int,
                        largest: list) -> bool:
        """The ladder two steps deep: no club ``z`` in hand, clearing ``g`` cards (from
        its need to its largest clear now), can finish or be followed by a club in hand
        then whose clear on the grid after ``g`` (:meth:`after_clearing`) meets its own
        need.  By the ladder's argument (:meth:`ladder_needs`) a winning line's first
        club meets its need and, unless it takes every card left, so does the next one,
        from the state the first leaves: no such pair, no win."""
        width, now, bounds = self.total + 1, self.total - left, {}
        for z in self.hand(played):
            first = played | 1 << z
            for g in range(self.needs[first * width + now], largest[z] + 1):
                if g >= left:
                    return False
                bound = bounds.get(g) or bounds.setdefault(g, self.after_clearing(cells, dealt, g))
                if any(bound[c] >= self.needs[(first | 1 << c) * width + now + g]
                       for c in self.hand(first)):
                    return False
        return True

    def after_clearing(self, cells: tuple, dealt: int, g: int) -> list:
        """Per club, at least its largest clear on any grid that follows ``g`` cards
        cleared from ``cells``: that grid holds the next ``g`` deck cards (fewer when the
        deck runs out) and ``keep`` = the grid's cards less ``g`` of those on it now, any
        of them.  So a Match or an Up/Down takes at most the new cards of its kind and
        ``keep`` old ones; a Sum at most as many as the smallest-first count over the new
        cards and the ``keep`` smallest old ones (Jokers added where they join Sums); a
        Line 3, aimed at a card of the club's rank (or a Joker) among them; a Run the
        stretch of values present among them all; Any 1; and no more than the grid.  A
        suit blocks its action only when the new cards and the fewest old ones that must
        stay (the old ones of the suit less ``g``) hold 3 of it."""
        r, values, suits = self.rules, self.values, self.suits
        old, new = [i for i in cells if i >= 0], range(dealt, min(self.total, dealt + g))
        keep = len(old) - g
        fresh, before = [0] * 15, [0] * 15  # counts by value (0: Jokers), new and old
        for i in new:
            fresh[values[i]] += 1
        for i in old:
            before[values[i]] += 1
        sure = {s: sum(1 for i in new if values[i] and suits[i] == s) + max(0, sum(
            1 for i in old if values[i] and suits[i] == s) - g) for s in "DHS"}
        both = [a + b for a, b in zip(fresh, before)]
        smallest = sorted([values[i] for i in new if values[i]]
                          + sorted(values[i] for i in old if values[i])[:keep])
        jm, jz = (int(r[rule]) for rule in ("jokers_match", "sum_jokers_zero"))
        out = [0] * 14
        for club in range(1, 14):
            budget, summed = club, 0
            for v in smallest:
                if v > budget:
                    break
                budget, summed = budget - v, summed + 1
            if summed and jz:
                summed += fresh[0] + min(before[0], keep)
            best = max(1, summed, fresh[club] + jm * fresh[0]
                       + min(before[club] + jm * before[0], keep))
            if sure["D"] < 3 and (both[club] or (r["line_joker_target"] and both[0])):
                best = max(best, 3)
            if sure["S"] < 3:
                if 2 <= club <= 7:
                    best = max(best, sum(fresh[1:club]) + min(sum(before[1:club]), keep))
                if 7 <= club <= 12:
                    best = max(best, sum(fresh[club + 1:14]) + min(sum(before[club + 1:14]),
                                                                   keep))
            low, high = stretch(both, club)
            if sure["H"] < 3 and high - low + 1 >= r["run_min_cards"]:
                best = max(best, high - low)
            out[club] = min(best, keep + len(new))
        return out


# -- the certificate ----------------------------------------------------------------
def describe(game: Game, cells: tuple, dealt: int, played: int) -> str:
    grid = " ".join("--" if i < 0 else RANKS[game.values[i] - 1] + game.suits[i]
                    if game.values[i] else "JK" for i in cells)
    clubs = " ".join(RANKS[c - 1] for c in game.order if played >> c & 1) or "none"
    return f"grid {grid}, {dealt} cards dealt, clubs played {clubs}"


def whole(value, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise Rejected(f"the header: {what} must be a whole number from {low} to {high}")
    return value


def read_header(data: bytes) -> tuple[dict, bytes]:
    """The header (its JSON object) and the bytes after it."""
    first, _, rest = data.partition(b"\n")
    words = first.split()
    if len(words) != 2 or words[0] != MAGIC.encode():
        raise Rejected(f"not a Club Fight certificate: the first line is not '{MAGIC} <version>'")
    if words[1] not in [str(v).encode() for v in VERSIONS]:
        raise Rejected(f"version {words[1].decode('ascii', 'replace')}: this verifier reads "
                       f"versions {' and '.join(map(str, VERSIONS))} only")
    line, newline, body = rest.partition(b"\n")
    try:
        header = json.loads(line) if newline else None
    except (ValueError, RecursionError):
        header = None
    keys = set(header) if isinstance(header, dict) else set()
    if not {"deal", "rules"} <= keys or keys - {"deal", "id", "rules", "win", "loss", "notes"} \
            or not {"win", "loss"} & keys:
        raise Rejected("the header line is not a JSON object of deal, rules, win and/or loss "
                       "(and optionally id, notes), nothing else, ended by a newline")
    rules = header["rules"]
    if not isinstance(rules, dict) or any(type(rules.get(name)) is not kind
                                          for name, kind in RULE_FIELDS.items()):
        raise Rejected("the header: rules must give " + ", ".join(RULE_FIELDS))
    whole(rules["run_min_cards"], 2, 13, "rules.run_min_cards")
    loss = header.get("loss")
    if isinstance(loss, dict) and (words[1] == b"1") != ("ladder" not in loss) or (
            isinstance(loss, dict) and type(loss.get("ladder", False)) is not bool):
        raise Rejected("the header: loss.ladder (true or false) is required in version 2 "
                       "and absent from version 1")
    if isinstance(loss, dict) and type(loss.get("two_step", False)) is not bool:
        raise Rejected("the header: loss.two_step must be true or false")
    return header, body


def check_win(game: Game, moves) -> None:
    """Replay the line; rejected at the first move that is not legal, or if cards remain."""
    cells, dealt, played = game.start
    for n, move in enumerate(moves if isinstance(moves, list) else [None], 1):
        where = f"win, move {n}"
        club, slots = (move.get("club"), move.get("cleared")) if isinstance(move, dict) else (0, 0)
        if club not in list(RANKS) or not isinstance(slots, list) or any(type(s) is not int or not
                0 <= s <= 8 for s in slots) or len(set(slots)) != len(slots):  # types first: hash
            raise Rejected(f"{where}: must be {{\"club\": rank, \"cleared\": [slots], ...}}")
        club, mask, action = RANKS.index(club) + 1, sum(1 << s for s in slots), move.get("action")
        state = describe(game, cells, dealt, played)
        if game.left(cells, dealt) == 0 or club not in game.hand(played):
            raise Rejected(f"{where}: the game is won or club {RANKS[club - 1]} not in hand "
                           f"({state})")
        found = game.actions(cells, club)
        if mask not in (found.get(f"{action}", ()) if action else game.clears(cells, club)):
            raise Rejected(f"{where}: club {RANKS[club - 1]} cannot clear slots {sorted(slots)}"
                           f" by {action or 'any action'} ({state})")
        cells, dealt = game.after(cells, dealt, mask)
        played |= 1 << club
    if game.left(cells, dealt):
        raise Rejected(f"win: the line ends with {game.left(cells, dealt)} cards left")


def read_states(loss: dict, body: bytes) -> tuple[array, array]:
    """The listed states from the body: keys (8 bytes each), then played sets (2 bytes)."""
    count, stream = whole(loss.get("states"), 0, 10 ** 9, "loss.states"), zlib.decompressobj()
    try:
        raw = stream.decompress(body, count * 10 + 1)
    except zlib.error as error:
        raise Rejected(f"the body is not a zlib stream ({error}): damaged or truncated") from None
    if len(raw) != count * 10 or not stream.eof or stream.unused_data:
        raise Rejected(f"the body does not hold {count} states of 10 bytes and end there, "
                       f"with nothing after it (a truncated or padded file)")
    if hashlib.sha256(raw).hexdigest() != loss.get("sha256"):
        raise Rejected("the body's SHA-256 is not the header's loss.sha256")
    keys, played = array("Q", raw[:8 * count]), array("H", raw[8 * count:])
    if sys.byteorder == "big":
        keys.byteswap(), played.byteswap()
    return keys, played


def check_loss(game: Game, keys: array, played_sets: array, verdict: Verdict,
               deadline: float | None, progress, compiled=None, share=(0, 1)) -> None:
    """Every listed state lost by induction (module docstring); the start listed or cut.
    ``compiled(lo, hi, verdict)``, if given, checks listed states ``lo..hi-1`` the same
    way (faster) and names the first wrong one (-1: none), which is checked here again.
    ``share`` ``(i, k)``: only every ``k``-th run of 256 listed states from the ``i``-th
    (``k`` processes checking one certificate, each its share)."""
    n, allowed = len(keys), sum(1 << c for c in game.order)

    def lost(cells: tuple, dealt: int, played: int) -> tuple[bool, list]:
        """Lost by the rules (no club left), listed, or cut; with the bound's parts."""
        if played.bit_count() == len(game.order):
            return True, []
        key = dealt << DEALT_SHIFT | sum((EMPTY if i < 0 else i) << 6 * s
                                         for s, i in enumerate(cells))
        i = bisect_left(keys, key)
        while i < n and keys[i] == key and played_sets[i] <= played:
            if played_sets[i] == played:
                return True, []
            i += 1
        key = key << 14 | played  # cut before, as a child of another state?
        parts = game.cuts_cache.get(key) or game.cuts_cache.setdefault(
            key, game.cut(cells, dealt, played))
        return parts[-1][1] < game.left(cells, dealt), parts

    def check(index: int) -> None:
        key, played = keys[index], played_sets[index]
        if index and (key, played) <= (keys[index - 1], played_sets[index - 1]):
            raise Rejected(f"listed state #{index}: the states are not in increasing order "
                           f"(or one is listed twice)")
        cells = tuple(-1 if c == EMPTY else c for c in (key >> 6 * s & 63 for s in range(9)))
        dealt, where, numbers = key >> DEALT_SHIFT, f"listed state #{index}", \
            [c for c in cells if c >= 0]
        if key >> 60 or played & ~allowed or dealt > game.total or len(set(numbers)) < len(
                numbers) or any(c >= dealt for c in numbers) or (dealt < game.total
                                                                 and len(numbers) < 9):
            raise Rejected(f"{where}: not a state of this deal (cards, deal position or clubs)")
        where += f" ({describe(game, cells, dealt, played)})"
        left = game.left(cells, dealt)
        moves = [(club, mask) for club in game.hand(played)
                 for mask in sorted(game.clears(cells, club))]
        if not left or any(mask.bit_count() == left for _, mask in moves):
            raise Rejected(f"{where}: won, or a move wins: a win among the claimed losses")
        verdict.checked += 1
        for club, mask in moves:
            verdict.children += 1
            child, child_dealt = game.after(cells, dealt, mask)
            child_lost, parts = lost(child, child_dealt, played | 1 << club)
            if not child_lost:
                cleared = [s for s in range(9) if mask >> s & 1]
                raise Rejected(f"{where}: club {RANKS[club - 1]} clearing slots {cleared} "
                               f"leads to a state neither listed nor cut ("
                               f"{describe(game, child, child_dealt, played | 1 << club)}; "
                               f"bound {shown(parts)}, {game.left(child, child_dealt)} left)")
            verdict.cuts += bool(parts)

    for lo in range(256 * share[0], n, 256 * share[1]):
        if deadline is not None and time.perf_counter() > deadline:
            raise Stopped(f"time limit reached after {lo:,} of {n:,} states")
        if progress is not None and lo % 4096 < 256 * share[1]:
            progress(lo, n)
        wrong = -1 if compiled is None else compiled(lo, min(n, lo + 256), verdict)
        for index in range(lo, min(n, lo + 256)) if compiled is None else [wrong] * (wrong >= 0):
            check(index)  # (compiled: the first wrong state, checked here for the reason)
            if compiled is not None:
                raise Rejected(f"listed state #{index}: the compiled verifier finds it wrong "
                               f"and this one does not (a bug in one of them)")
        if any(len(cache) > CACHE_LIMIT for cache in game.caches):
            list(map(dict.clear, game.caches))
    start_lost, parts = lost(*game.start)
    if not start_lost:
        raise Rejected(f"the start is neither listed nor cut (bound {shown(parts)}, "
                       f"{game.left(*game.start[:2])} cards left)")


def shown(parts: list) -> str:
    return ", ".join(f"{name} {value}" if value >= 0 else f"{name}: no club can finish"
                     if name == "tail" else f"{name}: no club in hand clears its need"
                     for name, value in parts)


def verify(data: bytes, *, timeout: float | None = None, max_states: int | None = None,
           progress=None, compiled=None, share=(0, 1)) -> Verdict:
    """Check the certificate ``data`` (the whole file): accepted, rejected or unknown.

    ``timeout`` (seconds) and ``max_states`` (the most listed states checked)
    stop the check with ``unknown``; so does an interrupt (Ctrl-C, reason
    ``interrupted``).  ``progress(done, total)`` is called now and then.
    ``compiled(cards, clubs, rules, window_clubs, keys, played, needs)``, if given, makes
    the ``compiled`` of :func:`check_loss` (``analysis/clubfight_verify_native.py``).
    ``share`` ``(i, k)``: check the ``i``-th of ``k`` shares of a loss's listed states
    (:func:`check_loss`); the certificate is accepted when every share is.
    """
    started, verdict = time.perf_counter(), Verdict("unknown")
    deadline = None if timeout is None else started + timeout
    try:
        header, body = read_header(data)
        verdict.header = header
        cards, clubs = parse_deal(header["deal"])
        if header.get("id") is not None and deal_of_id(str(header["id"])) != (cards, clubs):
            raise Rejected(f"the deal is not the deal {header['id']!r} (its id)")
        win, loss = header.get("win"), header.get("loss")
        if not all(part is None or isinstance(part, dict) for part in (win, loss)) or (
                loss is None and body):
            raise Rejected("the header: win and loss must be objects; only a loss has a body")
        if win is not None:
            won_with = whole(win.get("clubs"), 1, 13, "win.clubs")
            check_win(Game(cards, clubs[:won_with], header["rules"]), win.get("moves"))
            verdict.claims.append(f"won with {won_with} clubs")
        if loss is not None:
            lost_with = whole(loss.get("clubs"), 0, 13, "loss.clubs")
            window = whole(loss.get("window_clubs"), 0, MAX_WINDOW_CLUBS, "loss.window_clubs")
            keys, played = read_states(loss, body)
            verdict.states = len(keys)
            if max_states is not None and len(keys) > max_states:
                raise Stopped(f"{len(keys):,} listed states, past the limit of {max_states:,}")
            game = Game(cards, clubs[:lost_with], header["rules"], window, loss.get("ladder"),
                        loss.get("two_step", False))
            check_loss(game, keys, played, verdict, deadline, progress, compiled and compiled(
                cards, clubs[:lost_with], header["rules"], window, keys, played, game.needs,
                game.two_step), share)
            verdict.claims.append(f"lost with {lost_with} clubs")
            if win is not None and won_with == lost_with + 1:
                verdict.claims.append(f"slack {13 - won_with}")
        verdict.status = "accepted"
    except Rejected as error:
        verdict.status, verdict.reason = "rejected", str(error)
    except Stopped as error:
        verdict.reason = str(error)
    except KeyboardInterrupt:
        verdict.reason = "interrupted"
    verdict.seconds = time.perf_counter() - started
    return verdict
