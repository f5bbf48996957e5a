"""The solver's integer representation of Club Fight, its move generator and its bounds.

Kept apart from the search (:mod:`analysis.clubfight.solver`) so that the tests
can check each piece against the rules model on its own.

Representation
--------------
* Cards still on the grid or in the grid deck are numbered in deal order,
  ``0 .. N-1``: the grid of the starting position first, slot by slot, then
  the deck.  Because the deck order is fixed, the state after a move depends
  only on the slots it clears: the next cards always go to the emptied slots
  in slot order (CF 2.3).
* A grid is one int, 6 bits per slot (``63`` = empty).  The deal position is
  implied by the grid: while cards are left to deal, the grid is full and
  holds the last card dealt, so the position is the largest index on the grid
  plus one; once a slot stays empty the deck is exhausted.
* Clubs are masks over club values (bit ``v`` for the club of value ``v``).
* A *count key* packs how many cards of each value are still in play (grid
  and deck), 2 bits per value ``v`` at bit ``2(v-1)``, Jokers at bit 26.
  Clearing a card subtracts its ``delta``; the key is 0 exactly when every
  card is gone (CF 5.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from model.clubfight.cards import Card
from model.clubfight.deals import Deal
from model.clubfight.moves import LINES
from model.clubfight.rules import Rules
from model.clubfight.state import State

EMPTY = 63
"""The 6-bit code of an empty slot."""
SLOT_SHIFT = tuple(6 * s for s in range(9))
SLOT_FIELD = tuple(63 << (6 * s) for s in range(9))
EMPTY_GRID = sum(SLOT_FIELD)
LINE_MASKS = tuple((name, sum(1 << s for s in slots)) for name, slots in LINES)
SLOT_LINES = tuple(tuple(n for n, (_, slots) in enumerate(LINES) if s in slots)
                   for s in range(9))
MASK_SLOTS = tuple(tuple(s for s in range(9) if m >> s & 1) for m in range(512))
"""The slots of each 9-bit slot mask, ascending (the refill order)."""

SUIT_D, SUIT_H, SUIT_S = 1, 2, 3  # Card.suit_order
JOKER_SHIFT = 26
"""Bit offset of the Joker count in a count key (values use bits 0..25)."""
VALUE_SHIFT = (0,) + tuple(2 * (v - 1) for v in range(1, 14))
BLOCK_LINE, BLOCK_UPDOWN, BLOCK_RUN = 1, 2, 4
"""Flags of actions known to be blocked, for :func:`club_capacities`."""
BLOCK_FLAG = {SUIT_D: BLOCK_LINE, SUIT_H: BLOCK_RUN, SUIT_S: BLOCK_UPDOWN}
"""The action each grid suit blocks at 3 cards (CF 3.2-3.4)."""


def card_delta(value: int) -> int:
    """What one card of ``value`` (0 = Joker) adds to a count key."""
    return 1 << JOKER_SHIFT if value == 0 else 1 << VALUE_SHIFT[value]


def unpack_counts(key: int) -> tuple[list[int], int]:
    """Cards in play per value (index 1..13; 0 and 14 stay 0), and Jokers."""
    return [0] + [key >> VALUE_SHIFT[v] & 3 for v in range(1, 14)] + [0], key >> JOKER_SHIFT & 3


@dataclass(frozen=True)
class Position:
    """A state in the solver's integers, with the tables of its deal."""

    values: tuple[int, ...]      # card index -> value (0 = Joker)
    suits: tuple[int, ...]       # card index -> Card.suit_order
    cards: tuple[Card, ...]      # card index -> Card (for people)
    grid: int                    # packed grid
    dealt: int                   # cards dealt so far (index of the next card)
    club_order: tuple[int, ...]  # hand (sorted) then the club deck in draw order
    hand_size: int               # clubs in hand at the start

    @classmethod
    def of(cls, source: "State | Deal") -> "Position":
        state = State.from_deal(source) if isinstance(source, Deal) else source
        on_grid = [(slot, card) for slot, card in enumerate(state.grid) if card is not None]
        cards = tuple(card for _, card in on_grid) + tuple(state.deck)
        if len(cards) > EMPTY - 1:
            raise ValueError("too many cards for the solver's 6-bit slots")
        grid = EMPTY_GRID
        for index, (slot, _) in enumerate(on_grid):
            grid = grid & ~SLOT_FIELD[slot] | index << SLOT_SHIFT[slot]
        return cls(
            values=tuple(card.value for card in cards),
            suits=tuple(card.suit_order for card in cards),
            cards=cards,
            grid=grid,
            dealt=len(on_grid),
            club_order=tuple(state.hand) + tuple(state.clubs),
            hand_size=len(state.hand),
        )

    @property
    def count_key(self) -> int:
        return sum(card_delta(v) for v in self.values)


def unpack_grid(grid: int) -> list[int]:
    """The card index in each slot (``-1`` for empty)."""
    out = []
    for shift in SLOT_SHIFT:
        index = grid >> shift & 63
        out.append(-1 if index == EMPTY else index)
    return out


def dealt_of(grid: int, total: int) -> int:
    """The deal position implied by a grid (see the module docstring)."""
    dealt = 0
    for shift in SLOT_SHIFT:
        index = grid >> shift & 63
        if index == EMPTY:
            return total
        if index >= dealt:
            dealt = index + 1
    return dealt


def child_grid(grid: int, dealt: int, total: int, mask: int) -> tuple[int, int]:
    """Clear the slots of ``mask`` and refill them in slot order from the deck (CF 2.3)."""
    for s in MASK_SLOTS[mask]:
        if dealt < total:
            grid = grid & ~SLOT_FIELD[s] | dealt << SLOT_SHIFT[s]
            dealt += 1
        else:
            grid |= SLOT_FIELD[s]
    return grid, dealt


# --------------------------------------------------------------------------
# Move generation
# --------------------------------------------------------------------------

def _submasks(mask: int):
    """Every non-empty submask of ``mask``."""
    sub = mask
    while sub:
        yield sub
        sub = (sub - 1) & mask


def club_masks(cells: list[int], values, suits, club: int, rules: Rules) -> dict:
    """Every distinct set of slots ``club`` may clear on a grid, with an action for it.

    ``cells`` holds a card index per slot (``-1`` empty).  Returns an
    insertion-ordered dict ``mask -> (action, line, direction)``: the first
    action, in the rules model's action order, that clears exactly that mask.
    Mirrors :func:`model.clubfight.moves.moves_for_club`; the tests check that
    the sets of cleared slots agree exactly.
    """
    filled = jokers = 0
    by_value = [0] * 15
    diamonds = hearts = spades = 0
    for s in range(9):
        index = cells[s]
        if index < 0:
            continue
        bit = 1 << s
        filled |= bit
        value = values[index]
        if value == 0:
            jokers |= bit
            continue
        by_value[value] |= bit
        suit = suits[index]
        if suit == SUIT_D:
            diamonds += 1
        elif suit == SUIT_H:
            hearts += 1
        elif suit == SUIT_S:
            spades += 1
    found: dict[int, tuple] = {}
    add = found.setdefault

    # Match (CF 4.1)
    targets = by_value[club] | (jokers if rules.jokers_match else 0)
    if targets:
        if rules.match_any_subset:
            for sub in _submasks(targets):
                add(sub, ("match", None, None))
        else:
            add(targets, ("match", None, None))
    elif not rules.must_clear:
        add(0, ("match", None, None))

    # Sum (CF 4.2): subsets of valued cards adding up to the club, grown slot by slot.
    partial = [(0, 0)]
    for s in range(9):
        value = values[cells[s]] if cells[s] >= 0 else 0
        if value == 0 or value > club:
            continue
        bit = 1 << s
        partial += [(total + value, mask | bit) for total, mask in partial
                    if total + value <= club]
    for total, mask in partial:
        if total == club:
            add(mask, ("sum", None, None))
            if rules.sum_jokers_zero:
                for sub in _submasks(jokers):
                    add(mask | sub, ("sum", None, None))

    # Any (CF 4.3)
    for s in range(9):
        if filled >> s & 1:
            add(1 << s, ("any", None, None))

    # Line (CF 4.4), blocked by 3 Diamonds (CF 3.2)
    if diamonds < 3:
        aim = by_value[club] | (jokers if rules.line_joker_target else 0)
        for name, line in LINE_MASKS:
            if aim & line:
                add(line & filled, ("line", name, None))

    # Up/Down (CF 4.5), blocked by 3 Spades (CF 3.3)
    if spades < 3:
        for direction, allowed, side_values in (
                ("lower", 2 <= club <= 7, range(1, club)),
                ("higher", 7 <= club <= 12, range(club + 1, 14))):
            if not allowed:
                continue
            side = 0
            for v in side_values:
                side |= by_value[v]
            if side:
                if rules.updown_any_subset:
                    for sub in _submasks(side):
                        add(sub, ("updown", None, direction))
                else:
                    add(side, ("updown", None, direction))
            elif not rules.must_clear:
                add(0, ("updown", None, direction))

    # Run (CF 4.6), blocked by 3 Hearts (CF 3.4): one card per value of a
    # window lo..hi around the club, the club's own value left out.
    if hearts < 3:
        low, high = _stretch(by_value, club)
        for lo in range(club, low - 1, -1):
            for hi in range(club, high + 1):
                if hi == lo or hi - lo + 1 < rules.run_min_cards:
                    continue
                masks = [0]
                for v in range(lo, hi + 1):
                    if v != club:
                        masks = [m | 1 << s for m in masks for s in MASK_SLOTS[by_value[v]]]
                for mask in masks:
                    add(mask, ("run", None, None))
    return found


# --------------------------------------------------------------------------
# Bounds
# --------------------------------------------------------------------------

def _greedy_sum_counts(count: list[int], first: int = 1) -> list[int]:
    """For each club value ``c >= first``, the most cards whose values add up to at most ``c``.

    Taking the smallest values first maximises the number of cards under a
    budget, so this bounds the cards of any Sum to exactly ``c`` from above.
    """
    out = [0] * 14
    for club in range(first, 14):
        budget = club
        taken = 0
        for v in range(1, club + 1):
            n = count[v]
            if not n:
                continue
            fit = budget // v
            if fit >= n:
                taken += n
                budget -= n * v
            else:
                taken += fit
                break
        out[club] = taken
    return out


def club_capacities(key: int, rules: Rules,
                    blocked: int = 0) -> tuple[list[int], list[int], int, int]:
    """The most cards each club can clear in one action, from the cards in play.

    ``blocked`` (``BLOCK_*`` flags) names actions known to be blocked on the
    grid where the club acts: their terms are left out (the window bound's
    ``blocking`` technique).  With ``0`` the capacities hold on every grid.

    Returns ``(caps, joker_caps, left, jokers)``: per club value, the
    capacity and what the club can clear in an action that also takes a
    Joker when only Any and Line can (rulebook); the cards in play; the Jokers
    in play.  Computed from the cards still in play (grid and deck), not from
    where they lie, so it holds for every later turn too: cards only leave
    play, and each capacity below only shrinks when cards leave.  Per action:

    * Match: the cards of the club's rank in play (plus Jokers if they match);
    * Sum: at most the number of smallest cards in play adding up to at most
      the club (plus Jokers if they count as 0); for clubs 2..7 this never
      exceeds Up/Down lower, so it is only computed for 8..K;
    * Any: 1;  Line: 3, if a card the Line can aim at is still in play;
    * Up/Down: the cards in play on the allowed side;
    * Run: the longest chain of values in play through the club's value;
    * no action clears more than the 9 grid cards or the cards left.

    Blocking is ignored: it only takes actions away.
    """
    count, jokers = unpack_counts(key)
    valued = sum(count)
    left = valued + jokers
    # A Sum of a club 2..7 takes cards below it (or one card of its value), never
    # more than its Up/Down lower, which capacities count unblocked: only clubs
    # 8..K need the Sum term, unless Jokers join Sums at 0.
    # (With Up/Down known blocked that argument is gone: every club's Sum counts.)
    sums = _greedy_sum_counts(count, 1 if rules.sum_jokers_zero or blocked & BLOCK_UPDOWN
                              else 8)
    below = [0] * 15
    for v in range(1, 15):
        below[v] = below[v - 1] + count[v - 1]
    limit = 9 if left > 9 else left
    caps = [0] * 14
    joker_caps = [0] * 14
    run_min = rules.run_min_cards
    for club in range(1, 14):
        most = 1
        match = count[club] + (jokers if rules.jokers_match else 0)
        if match > most:
            most = match
        summed = sums[club]
        if summed:
            summed += jokers if rules.sum_jokers_zero else 0
            if summed > most:
                most = summed
        line_possible = count[club] > 0 or (rules.line_joker_target and jokers > 0)
        if line_possible and not blocked & BLOCK_LINE and most < 3:
            most = 3
        if not blocked & BLOCK_UPDOWN:
            if 2 <= club <= 7 and below[club] > most:
                most = below[club]
            if 7 <= club <= 12 and valued - below[club + 1] > most:
                most = valued - below[club + 1]
        if not blocked & BLOCK_RUN:
            low, high = _stretch(count, club)
            if high - low + 1 >= run_min and high - low > most:
                most = high - low
        caps[club] = most if most < limit else limit
        joker = 3 if line_possible else 1
        joker_caps[club] = joker if joker < caps[club] else caps[club]
    return caps, joker_caps, left, jokers


def grid_max_clears(cells: list[int], values, suits, rules: Rules) -> tuple:
    """At least as many cards as each club can clear on this very grid, blocking included.

    Entry ``v`` bounds from above the size of the largest move of club ``v``
    (Sum is bounded by its smallest-cards count, everything else is exact);
    entry ``0`` is the number of Jokers on the grid.  The tests check it is
    never below the largest move :func:`club_masks` finds.
    """
    count = [0] * 15
    jokers = filled = diamonds = hearts = spades = 0
    line_filled = [0] * 6
    line_values = [0] * 6
    line_jokers = [0] * 6
    for s in range(9):
        index = cells[s]
        if index < 0:
            continue
        filled += 1
        value = values[index]
        for n in SLOT_LINES[s]:
            line_filled[n] += 1
            if value:
                line_values[n] |= 1 << value
            else:
                line_jokers[n] = 1
        if value == 0:
            jokers += 1
            continue
        count[value] += 1
        suit = suits[index]
        if suit == SUIT_D:
            diamonds += 1
        elif suit == SUIT_H:
            hearts += 1
        elif suit == SUIT_S:
            spades += 1
    # The longest line holding each value (and a Joker, for line_joker_target).
    line_best = [0] * 15
    joker_line = 0
    if diamonds < 3:
        for n in range(6):
            size = line_filled[n]
            present = line_values[n]
            for v in range(1, 14):
                if present >> v & 1 and size > line_best[v]:
                    line_best[v] = size
            if line_jokers[n] and size > joker_line:
                joker_line = size
    sums = _greedy_sum_counts(count)
    below = [0] * 15
    for v in range(1, 15):
        below[v] = below[v - 1] + count[v - 1]
    valued = below[14]
    run_min = rules.run_min_cards
    out = [jokers]
    for club in range(1, 14):
        most = 1 if filled else 0
        match = count[club] + (jokers if rules.jokers_match else 0)
        if match > most:
            most = match
        summed = sums[club]
        if summed:
            summed += jokers if rules.sum_jokers_zero else 0
            if summed > most:
                most = summed
        line = line_best[club]
        if rules.line_joker_target and joker_line > line:
            line = joker_line
        if line > most:
            most = line
        if spades < 3:
            if 2 <= club <= 7 and below[club] > most:
                most = below[club]
            if 7 <= club <= 12 and valued - below[club + 1] > most:
                most = valued - below[club + 1]
        if hearts < 3:
            low, high = _stretch(count, club)
            if high - low + 1 >= run_min and high - low > most:
                most = high - low
        out.append(most)
    return tuple(out)


def two_step_bound(cells: list[int], values, suits, dealt: int, total: int, g: int,
                   rules: Rules) -> list[int]:
    """At least the largest clear of each club (entry ``v``, 1 to 13) on the grid
    that follows ``g`` cards cleared from ``cells`` (deal position ``dealt``),
    whichever cards they were (technique ``two_step``).

    That grid holds the next ``g`` deck cards (fewer when the deck runs out)
    and ``k`` of the ``cells`` cards, ``k`` = the cards in ``cells`` less
    ``g`` (CF 2.3).  Each action is bounded over every such choice: a Match
    or an Up/Down by the new cards of its kind plus at most ``k`` old ones,
    a Sum by the smallest-first count over the new cards and the ``k``
    smallest old ones (Jokers added where they join Sums), a Line by 3, a
    Run by the stretch of values present among both, Any by 1, and the
    whole by the grid's size.  A suit blocks its action (CF 3.2-3.4) only
    when the new cards and the fewest old ones that must stay hold 3 of it:
    the old cards of the suit less the ``g`` that may have gone.
    """
    old = [i for i in cells if i >= 0]
    new = range(dealt, min(total, dealt + g))
    keep = len(old) - g
    size = keep + len(new)
    new_count, new_jokers, sure = _tally(new, values, suits)
    old_count, old_jokers, old_suits = _tally(old, values, suits)
    for suit, count in old_suits.items():
        sure[suit] += max(0, count - g)
    both = [new_count[v] + old_count[v] for v in range(15)]
    smallest = list(new_count)  # the new cards and the keep smallest old ones, for Sums
    spare = keep
    for v in range(1, 14):
        taken = min(old_count[v], spare)
        smallest[v] += taken
        spare -= taken
    sums = _greedy_sum_counts(smallest)
    out = [0] * 14
    for club in range(1, 14):
        most = 1
        if rules.jokers_match:
            match = new_count[club] + new_jokers + min(old_count[club] + old_jokers, keep)
        else:
            match = new_count[club] + min(old_count[club], keep)
        most = max(most, match)
        summed = sums[club]
        if summed:
            if rules.sum_jokers_zero:
                summed += new_jokers + min(old_jokers, keep)
            most = max(most, summed)
        if sure[SUIT_D] < 3 and (both[club] or (
                rules.line_joker_target and new_jokers + old_jokers)):
            most = max(most, 3)
        if sure[SUIT_S] < 3:
            if 2 <= club <= 7:
                most = max(most, sum(new_count[1:club]) + min(sum(old_count[1:club]), keep))
            if 7 <= club <= 12:
                most = max(most, sum(new_count[club + 1:14])
                           + min(sum(old_count[club + 1:14]), keep))
        if sure[SUIT_H] < 3:
            low, high = _stretch(both, club)
            if high - low + 1 >= rules.run_min_cards:
                most = max(most, high - low)
        out[club] = min(most, size)
    return out


def _tally(cards, values, suits) -> tuple[list[int], int, dict[int, int]]:
    """The cards by value (entry ``v``), their Jokers, and their Diamonds,
    Hearts and Spades."""
    count = [0] * 15
    jokers = 0
    by_suit = {SUIT_D: 0, SUIT_H: 0, SUIT_S: 0}
    for index in cards:
        value = values[index]
        if value:
            count[value] += 1
            if suits[index] in by_suit:
                by_suit[suits[index]] += 1
        else:
            jokers += 1
    return count, jokers, by_suit


def _stretch(count: list[int], club: int) -> tuple[int, int]:
    """The widest ``low .. high`` around ``club`` whose every other value has a
    card (``count[v]``: a count or a mask of slots, non-zero when it has)."""
    low = club
    while low > 1 and count[low - 1]:
        low -= 1
    high = club
    while high < 13 and count[high + 1]:
        high += 1
    return low, high


# --------------------------------------------------------------------------
# The deck-order ladder
# --------------------------------------------------------------------------

LADDER_NEVER = 99
"""A need no clear meets (a clear is at most 9)."""


def ladder_limits(values, suits, total: int, dealt: int, rules: Rules) -> list[int]:
    """What each club can clear once ``C`` cards are gone, the club before it
    having acted once ``c`` were: ``limits[(C * (total + 1) + c) * 14 + v]``.

    Cards are numbered as in the search (the start's grid, then the deck);
    ``dealt`` is the start's deal position, the grid full or the deck empty,
    so once ``C`` cards are cleared the cards ``0 .. dealt(C) - 1`` have been
    dealt, ``dealt(C) = min(total, dealt + C)``.  A club acting then, after a
    club that acted once ``c`` were gone (``c <= C``), has on its grid:

    * only cards numbered below ``dealt(C)`` (the window), and ``min(9,
      total - C)`` of them;
    * every *fresh* card, numbered ``dealt(c) .. dealt(C) - 1``: the club
      before it emptied the slots they were dealt into, and nothing has been
      cleared since (CF 2.3).

    So each action clears at most its capacity over the window (the terms of
    :func:`club_capacities`, from values alone, no suits), and at most the
    grid less the fresh cards it can never take (Match: other ranks; Sum:
    all but the most fresh cards adding up to at most the club; Up/Down: the
    other side, the club's own value, Jokers; Run: Jokers, the club's rank,
    all but one card of each value, values outside its chain).  Three fresh
    cards of a suit block its action (CF 3.2-3.4).  The limit is the best
    action's smaller term.

    A Run has one more limit (:func:`_longest_run`): it takes one card of
    each value of a stretch of values through the club's, and a value of the
    stretch that no fresh card has must be held by one of the grid's other
    cards, the ``min(9, total - C) - fresh`` that were there before the club
    before acted.  So the stretch has at most that many values missing from
    the fresh cards.

    A larger ``c`` means fewer fresh cards, a subset of them, so limits never
    shrink as ``c`` grows (for the Run: one fresh card fewer adds at most one
    missing value and adds one older card).
    """
    width = total + 1
    limits = [0] * (width * width * 14)
    jm, sz = rules.jokers_match, rules.sum_jokers_zero
    for cleared in range(total):
        grid_size = min(9, total - cleared)
        end = min(total, dealt + cleared)
        window = [0] * 15
        window_jokers = 0
        for index in range(end):
            if values[index]:
                window[values[index]] += 1
            else:
                window_jokers += 1
        window_sums = _greedy_sum_counts(window, 1)
        window_below = [0] * 15
        for v in range(1, 15):
            window_below[v] = window_below[v - 1] + window[v - 1]
        chains = []
        for club in range(14):
            low = high = club
            while low > 1 and window[low - 1]:
                low -= 1
            while 0 < high < 13 and window[high + 1]:
                high += 1
            chains.append((low, high))
        fresh = [0] * 15
        fresh_jokers = diamonds = hearts = spades = 0
        for before in range(cleared, -1, -1):
            # The fresh cards of ``before`` are those of ``before + 1`` and one more.
            first = min(total, dealt + before)
            if before < cleared and first < min(total, dealt + before + 1):
                value = values[first]
                if value:
                    fresh[value] += 1
                    suit = suits[first]
                    diamonds += suit == SUIT_D
                    hearts += suit == SUIT_H
                    spades += suit == SUIT_S
                else:
                    fresh_jokers += 1
            size = end - first
            fresh_sums = _greedy_sum_counts(fresh, 1)
            fresh_below = [0] * 15
            for v in range(1, 15):
                fresh_below[v] = fresh_below[v - 1] + fresh[v - 1]
            base = (cleared * width + before) * 14
            for club in range(1, 14):
                most = 1
                match = min(window[club] + (window_jokers if jm else 0),
                            grid_size - (size - fresh[club] - (fresh_jokers if jm else 0)))
                if match > most:
                    most = match
                summed = window_sums[club]
                if summed:
                    summed = min(summed + (window_jokers if sz else 0),
                                 grid_size - (size - fresh_sums[club]
                                              - (fresh_jokers if sz else 0)))
                    if summed > most:
                        most = summed
                if diamonds < 3 and most < 3 and (
                        window[club] or (rules.line_joker_target and window_jokers)):
                    most = 3
                if spades < 3:
                    if 2 <= club <= 7:
                        lower = min(window_below[club],
                                    grid_size - (size - fresh_below[club]))
                        if lower > most:
                            most = lower
                    if 7 <= club <= 12:
                        higher = min(window_below[14] - window_below[club + 1],
                                     grid_size - (size - (fresh_below[14]
                                                          - fresh_below[club + 1])))
                        if higher > most:
                            most = higher
                if hearts < 3:
                    low, high = chains[club]
                    run = _longest_run(fresh, club, low, high, grid_size - size)
                    if run + 1 >= rules.run_min_cards and run > most:
                        most = run
                limits[base + club] = most if most < grid_size else grid_size
    return limits


def _longest_run(fresh: list[int], club: int, low: int, high: int, older: int) -> int:
    """The most cards a Run of ``club`` can clear (``-1``: none) on a grid that
    holds the ``fresh`` cards (counts by value) and ``older`` other cards,
    when the values ``low .. high`` are the chain through the club's value
    that the cards it may see hold (:func:`ladder_limits`).

    The Run clears one card of each value of a stretch ``a .. b`` through
    ``club`` (the club's own value excepted), ``b - a`` cards.  Each value of
    the stretch that no fresh card has needs an older card of its own, so
    the stretch misses at most ``older`` of them.  Moving ``a`` down only
    adds missing values, and so does moving ``b`` up, so for each ``a`` the
    longest allowed ``b`` comes from one sweep.
    """
    below = [0]  # values missing from the fresh cards in a .. club - 1, a = club, club - 1, ...
    for v in range(club - 1, low - 1, -1):
        below.append(below[-1] + (not fresh[v]))
    above = [0]  # the same in club + 1 .. b, b = club, club + 1, ...
    for v in range(club + 1, high + 1):
        above.append(above[-1] + (not fresh[v]))
    longest, reach = -1, len(above) - 1
    for down, missing in enumerate(below):
        while reach >= 0 and missing + above[reach] > older:
            reach -= 1
        if reach < 0:
            break
        if down + reach > longest:
            longest = down + reach
    return longest


def ladder_key(played: int, cleared: int, gone: int = 0, taken: int = 0) -> int:
    """The key of :func:`ladder_needs`' table: the clubs played (value mask, the
    club acting included), the cards cleared before it acts, the Jokers among
    them and the Jokers its clear takes."""
    return played << 10 | cleared << 4 | gone << 2 | taken


def joker_duty(values, rules: Rules) -> int:
    """The Jokers that leave the grid only by Any or a Line through them: all of
    them, unless Jokers match or join Sums (CF 4.1, 4.2, 4.7); 0 then, and 0
    past 2 Jokers (no deal has more; the duty is then simply not counted)."""
    jokers = sum(1 for value in values if not value)
    if rules.jokers_match or rules.sum_jokers_zero or jokers > 2:
        return 0  # (a deal has 1 or 2 Jokers; the tables have room for 2)
    return jokers


def joker_limit(most: int, taken: int, aimed: bool, fresh_diamonds: int) -> int:
    """The most a club that could clear ``most`` clears when its clear takes
    ``taken >= 1`` Jokers under the Jokers' duty (-1: it cannot): Any takes one
    card and one Joker; a Line at most 3, if ``aimed`` (a card of the club's
    rank dealt, or Jokers may be aimed at) and fewer than 3 Diamonds among the
    ``fresh_diamonds`` dealt since the club before acted (all on the grid
    then; 3 block Lines, CF 3.2)."""
    line = aimed and fresh_diamonds < 3
    if taken == 1:
        return min(most, 3 if line else 1)
    return min(most, 3) if line else -1


def last_club_takes_all(values, total: int, dealt: int, rules: Rules):
    """``fits(club, b, c, C)``: can ``club``, acting last once ``C`` cards are gone
    (``total - C <= 9``, so every card left is on its grid), take them all in
    one action, as far as the cards the two clubs before it leave say?  The
    club before it acted once ``c`` were gone, the one before that once ``b``
    were.

    Its grid holds every card numbered ``dealt(c) ..`` (dealt after the club
    before acted, CF 2.3) and at least ``dealt(c) - dealt(b) - (C - c)`` of the
    cards numbered ``dealt(b) .. dealt(c) - 1``: those were all on the grid of
    the club before (dealt after the one before it acted), which cleared
    ``C - c`` cards.  One action must take all of them (CF 5.1): Any one card, a
    Line at most 3; a Match cards of its rank (Jokers too where they match); a
    Sum cards whose values add up to at most the club's (Jokers at 0 where they
    join Sums); an Up/Down cards on one side of it; a Run cards of distinct
    values, not its own, whose stretch with the club's value spans at most the
    cards cleared.  Of the older cards the club may keep whichever suit it
    best (the smallest, for a Sum).  The other limits of the action (its
    capacity, suits that block it) are :func:`ladder_limits`' part.

    A larger ``b`` only removes cards from those that must stay (one card
    fewer to keep for each removed), so what fits at ``b`` fits at every
    later one: the ladder's least-``b`` table relies on it.
    """
    jm, sz = rules.jokers_match, rules.sum_jokers_zero
    memo: dict[tuple[int, int, int, int], bool] = {}

    def fits(club: int, b: int, c: int, cleared: int) -> bool:
        key = (club, b, c, cleared)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _takes_all(club, b, c, cleared)
        return found

    def _takes_all(club: int, b: int, c: int, cleared: int) -> bool:
        g = total - cleared
        if g <= 1:
            return g == 1 or not rules.must_clear
        if g <= 3:
            return True  # a Line (its aim and Diamonds are the limits' part)
        fresh = [values[i] for i in range(min(total, dealt + c), total)]
        older = [values[i] for i in range(min(total, dealt + b), min(total, dealt + c))]
        keep = len(older) - (cleared - c)
        if keep < 0:
            keep = 0
        if len(fresh) + keep > g:
            return False  # more cards than the grid holds: no such play
        # Match
        if (all(v == club or (jm and not v) for v in fresh)
                and sum(1 for v in older if v == club or (jm and not v)) >= keep):
            return True
        # Sum
        if all(0 < v <= club or (sz and not v) for v in fresh):
            fit = sorted(v for v in older if 0 < v <= club or (sz and not v))
            if len(fit) >= keep and sum(fresh) + sum(fit[:keep]) <= club:
                return True
        # Up/Down
        if 2 <= club <= 7 and all(0 < v < club for v in fresh) and (
                sum(1 for v in older if 0 < v < club) >= keep):
            return True
        if 7 <= club <= 12 and all(v > club for v in fresh) and (
                sum(1 for v in older if v > club) >= keep):
            return True
        # Run
        if g + 1 >= rules.run_min_cards and all(v and v != club for v in fresh) and (
                len(set(fresh)) == len(fresh)):
            span = max(fresh + [club]) - min(fresh + [club])
            others = {v for v in older if v and v != club} - set(fresh)
            if span <= g and len(others) >= keep:
                return True
        return False

    return fits


def ladder_needs(limits: list[int], total: int, club_order, hand_size: int,
                 rules: Rules, values=(), dealt: int = 0, suits=(), *,
                 duty: bool = True, last_two: bool = False) -> dict[int, int]:
    """The least a club must clear for the clubs after it to finish the deal.

    ``club_order``: the start's clubs, hand then club deck, ``hand_size`` of
    them in hand (a club may be played once drawn, CF 2.4).  ``values`` and
    ``suits``: the cards' values (0 a Joker) and suits as numbered, and
    ``dealt`` the start's deal position, for the Jokers' duty
    (:func:`joker_duty`; none without them or with ``duty`` off) and for
    ``last_two`` (technique ``last_two``, which needs them): with two clubs
    left, ``before`` is then worked out from both clears at once by
    :func:`_last_two_before`, the last club also held to
    :func:`last_club_takes_all`.
    Returns ``need[ladder_key(played, C, gone, taken)]`` for every set
    ``played`` of clubs (value mask) that can have been played since the
    start, every ``C < total`` cards cleared since, ``gone`` of the duty's
    Jokers among them and ``taken`` Jokers the clear takes: the least clear
    of the club played last (the one that completes ``played``, acting once
    ``C`` were gone) after which some order of the other clubs, each clearing
    at most its :func:`ladder_limits`, can clear every card left, or
    :data:`LADDER_NEVER`.

    A clear that takes Jokers under the duty is Any (one card) or a Line
    through them (at most 3, aimed at a card of the club's rank, dealt by
    then, or at a Joker where the rules allow; blocked when 3 Diamonds were
    dealt since the club before acted, all on the grid then, CF 3.2): at
    most 3, or 1 without a Line, and two Jokers at once need a Line; a Joker
    is taken only once
    dealt, and the last clear leaves none (the checker's own ladder,
    :meth:`analysis.clubfight.losscheck_ladder.CheckerLadder._ladder_needs`, argues the
    same).

    ``before[played, C, gone]`` is the least ``c`` such that, the club before
    having acted once ``c`` were gone, some club not in ``played`` can act
    once ``C`` are gone and leave the rest possible: a club ``i`` can when its
    limit at ``(C, c)`` (taking ``t`` Jokers) reaches ``need[played + i, C,
    gone, t]``.  Limits never shrink as ``c`` grows, so the least such ``c``
    says it all.  And ``need[played, C, gone, t]`` is the least clear ``g``
    (at least 1 when actions must clear, ``Rules.must_clear``, and at least
    ``t``) with ``C + g = total`` and every Joker gone (the deal is won) or
    ``before[played, C + g, gone + t] <= C``.  Both follow from larger sets
    and larger ``C``, so one pass over ``C`` down and sets by size down fills
    them.
    """
    width = total + 1
    k = len(club_order)
    available = [max(0, i - hand_size + 1) for i in range(k)]
    least = 1 if rules.must_clear else 0
    if last_two and not values:
        raise ValueError("last_two needs the cards' values and the start's deal position")
    duty = joker_duty(values, rules) if duty else 0
    fits = last_club_takes_all(values, total, dealt, rules) if last_two and k >= 2 else None
    ends = [min(total, dealt + cleared) for cleared in range(total)]
    ranks_dealt = [{values[i] for i in range(end)} if duty else set() for end in ends]
    diamonds_before = [0]  # Diamonds among the cards numbered below i
    for i in range(total if duty else 0):
        diamonds_before.append(diamonds_before[-1] + (values[i] != 0 and suits[i] == SUIT_D))
    jokers_dealt = [sum(1 for i in range(end) if not values[i]) if duty else 0 for end in ends]
    # least_before[((i * width + C) * 3 + t) * 10 + g]: the least c at which club i,
    # its clear taking t Jokers, can clear g.
    least_before = [LADDER_NEVER] * (k * width * 3 * 10)
    for i, club in enumerate(club_order):
        for cleared in range(total):
            aimed = club in ranks_dealt[cleared] or rules.line_joker_target
            for taken in range(duty + 1):
                base = ((i * width + cleared) * 3 + taken) * 10
                reached = -1
                for before in range(cleared + 1):
                    limit = limits[(cleared * width + before) * 14 + club]
                    if taken:
                        limit = joker_limit(limit, taken, aimed, diamonds_before[ends[cleared]]
                                            - diamonds_before[min(total, dealt + before)])
                    while reached < limit:
                        reached += 1
                        least_before[base + reached] = before
    sets = []
    for members in range(1 << k):
        taken_at = sorted(available[i] for i in range(k) if members >> i & 1)
        if all(a <= j for j, a in enumerate(taken_at)):
            mask = 0
            for i in range(k):
                if members >> i & 1:
                    mask |= 1 << club_order[i]
            sets.append((-len(taken_at), mask, members))
    sets.sort()
    need: dict[int, int] = {}
    before_of: dict[int, int] = {}
    for cleared in range(total - 1, -1, -1):
        top = min(9, total - cleared)
        # Only the Jokers dealt by then can be gone or taken (the entries read).
        most_gone = min(duty, jokers_dealt[cleared])
        for minus_size, mask, members in sets:
            size = -minus_size
            for gone in range(most_gone + 1):
                if fits is not None and size == k - 2:
                    before_of[ladder_key(mask, cleared, gone)] = _last_two_before(
                        fits, least_before, members, size, cleared, gone, club_order,
                        available, total, width, duty, least, jokers_dealt[cleared])
                    continue
                best = LADDER_NEVER
                for i in range(k):
                    if members >> i & 1 or available[i] > size:
                        continue
                    played = mask | 1 << club_order[i]
                    for taken in range(min(duty - gone, jokers_dealt[cleared] - gone) + 1):
                        g = need[ladder_key(played, cleared, gone, taken)]
                        if g <= 9:
                            at = least_before[((i * width + cleared) * 3 + taken) * 10 + g]
                            if at < best:
                                best = at
                before_of[ladder_key(mask, cleared, gone)] = best
            for gone in range(most_gone + 1):
                for taken in range(most_gone - gone + 1):
                    found = LADDER_NEVER
                    for g in range(max(least, taken), top + 1):
                        if cleared + g == total:
                            if gone + taken == duty:
                                found = g
                                break
                            continue
                        if before_of[ladder_key(mask, cleared + g, gone + taken)] <= cleared:
                            found = g
                            break
                    need[ladder_key(mask, cleared, gone, taken)] = found
    return need


def _last_two_before(fits, least_before, members: int, size: int, c: int, gone: int,
                     club_order, available, total: int, width: int, duty: int, least: int,
                     jokers_dealt: int) -> int:
    """``before[played, c, gone]`` when two clubs are left (:func:`ladder_needs`
    with ``last_two``): the least ``b`` such that one of them, the club before
    having acted once ``b`` were gone, clears ``g`` once ``c`` are and either
    finishes, or leaves the other club a last clear its limit allows and
    :func:`last_club_takes_all` does too.  Every ``g`` is tried, not only the
    least the other club could finish after: what the last club must take
    depends on it."""
    left = [i for i in range(len(club_order)) if not members >> i & 1]
    best = LADDER_NEVER
    for first in left:
        if available[first] > size:
            continue
        last = left[1] if first == left[0] else left[0]
        if available[last] > size + 1:
            continue
        for taken in range(min(duty - gone, jokers_dealt - gone) + 1):
            row = ((first * width + c) * 3 + taken) * 10
            for g in range(max(least, taken), min(9, total - c) + 1):
                at = least_before[row + g]
                if at >= best:
                    continue
                cleared = c + g
                if cleared == total:
                    if gone + taken == duty:
                        best = at
                    continue
                final, final_taken = total - cleared, duty - gone - taken
                if final > 9 or final < max(least, final_taken):
                    continue
                if least_before[((last * width + cleared) * 3 + final_taken) * 10 + final] > c:
                    continue
                for b in range(at, min(c + 1, best)):
                    if fits(club_order[last], b, c, cleared):
                        best = b
                        break
    return best


def largest_taking(cells: list[int], values, suits, club: int, taken: int,
                   rules: Rules) -> int:
    """At least the largest move of ``club`` on this grid that takes ``taken``
    Jokers (``taken >= 1``; -1 when none can) where Jokers leave only by Any
    or a Line: Any takes one card, a Line the cards of a row or column
    holding that many Jokers and aimed at a card of the club's rank (or at a
    Joker where the rules allow), unless 3 Diamonds block Lines (CF 3.2, 4.3,
    4.4)."""
    best = 1 if taken == 1 else -1
    diamonds = sum(1 for i in cells if i >= 0 and values[i] and suits[i] == SUIT_D)
    if diamonds >= 3:
        return best
    for _, line in LINE_MASKS:
        held = [cells[s] for s in MASK_SLOTS[line] if cells[s] >= 0]
        if sum(1 for i in held if not values[i]) >= taken and (
                rules.line_joker_target or any(values[i] == club for i in held)):
            best = max(best, len(held))
    return best
