"""The loss checker's ladder: the least each club must clear, from the deal's deck order.

Written for the checker (:mod:`analysis.clubfight.losscheck`) from the rules,
not taken from the solver: once ``C`` cards are gone, a club that acts finds
every card dealt since the club before it acted on its grid, so their suits
may block its actions and those its actions cannot take leave it less room
(:meth:`CheckerLadder._ladder_limit`); a table over (clubs played, ``C``,
Jokers gone, Jokers a move takes) of the least clear that keeps a finish
possible (:meth:`CheckerLadder._ladder_needs`) then refutes a state where no
club in hand can clear that much (:meth:`CheckerLadder.ladder_refutes`) and
skips a move smaller than its club's need (:meth:`CheckerLadder.least_clear`).
"""

from __future__ import annotations

import itertools

from analysis.clubfight.capacity import most_cards_adding_up
from model.clubfight.moves import LINE_SLOTS

LOW_SIDE = range(2, 8)
"""The clubs whose Up/Down may clear lower cards (CF 4.5)."""
HIGH_SIDE = range(7, 13)
"""The clubs whose Up/Down may clear higher cards (CF 4.5)."""
BLOCKS = {"D": ("line",), "H": ("run",), "S": ("updown",)}
"""The actions 3 cards of a suit on the grid block (CF 3.2-3.4)."""


class CheckerLadder:
    """The ladder's part of the checker (its base class): it reads the checker's
    ``rules``, ``total``, ``value_of``, ``suit_of``, ``suit_prefix``, ``order``,
    ``hand_size``, ``start_cells``, ``start_dealt``, ``duty`` and ``ladder`` (the
    table :meth:`_ladder_needs` built) and its ``cards_left``."""

    def _ladder_limit(self, club: int, window: range, fresh: range, grid_size: int) -> int:
        """The most ``club`` clears when the cards numbered in ``window`` are all
        that can be on the grid and those in ``fresh`` are all on it.

        An action clears only grid cards, the grid holds ``grid_size``, so it
        clears at most its capacity over the window and at most the grid less
        the fresh cards it cannot take; 3 fresh cards of a suit block that
        suit's action (CF 3.2-3.4).  A Run takes one card of each value from
        ``a`` to ``b`` but the club's: every such value needs a card on the
        grid, and those no fresh card has need one each of the grid's
        ``grid_size - len(fresh)`` other cards.
        """
        rules = self.rules
        value_of = self.value_of
        window_values = [value_of[i] for i in window if value_of[i]]
        window_jokers = len(window) - len(window_values)
        fresh_values = [value_of[i] for i in fresh if value_of[i]]
        fresh_jokers = len(fresh) - len(fresh_values)
        fresh_suits = [self.suit_of[i] for i in fresh]
        blocked = {action for suit, actions in BLOCKS.items()
                   if fresh_suits.count(suit) >= 3 for action in actions}

        def term(window_most: int, fresh_taken: int) -> int:
            return min(window_most, grid_size - (len(fresh) - fresh_taken))

        best = 1  # Any (CF 4.3)
        # Match (CF 4.1): the club's rank, Jokers too when they match.
        joker_match = rules.jokers_match
        best = max(best, term(window_values.count(club) + (window_jokers if joker_match else 0),
                              fresh_values.count(club) + (fresh_jokers if joker_match else 0)))
        # Sum (CF 4.2): valued cards adding up to the club exactly (Jokers at 0
        # when they may join); of the fresh ones, at most as many as the
        # smallest of them that stay within the club's value.
        summed = most_cards_adding_up(window_values, club)
        if summed > 0:
            budget, taken = club, 0
            for v in sorted(fresh_values):
                if v > budget:
                    break
                budget -= v
                taken += 1
            zero = rules.sum_jokers_zero
            best = max(best, term(summed + (window_jokers if zero else 0),
                                  taken + (fresh_jokers if zero else 0)))
        # Line (CF 4.4): a row or column, 3 cards, aimed at the club's rank.
        if "line" not in blocked and (club in window_values
                                      or (rules.line_joker_target and window_jokers)):
            best = max(best, min(3, grid_size))
        # Up/Down (CF 4.5): valued cards on one side.
        if "updown" not in blocked:
            if club in LOW_SIDE:
                best = max(best, term(sum(1 for v in window_values if v < club),
                                      sum(1 for v in fresh_values if v < club)))
            if club in HIGH_SIDE:
                best = max(best, term(sum(1 for v in window_values if v > club),
                                      sum(1 for v in fresh_values if v > club)))
        # Run (CF 4.6): one card a value along a chain through the club's value.
        if "run" not in blocked:
            present = set(window_values)
            low = high = club
            while low > 1 and low - 1 in present:
                low -= 1
            while high < 13 and high + 1 in present:
                high += 1
            others = grid_size - len(fresh)
            fresh_set = set(fresh_values)
            for a in range(low, club + 1):
                wanting = sum(1 for v in range(a, club) if v not in fresh_set)
                for b in range(club, high + 1):
                    if b != club and b not in fresh_set:
                        wanting += 1
                    if wanting > others:
                        break
                    if b - a + 1 >= rules.run_min_cards:
                        best = max(best, b - a)
        return min(best, grid_size)

    def _ladder_needs(self) -> dict | None:
        """The ladder's table: ``need[(played, C, gone, taken)]``, the least a
        club must clear, acting once ``C`` cards are gone with ``gone`` Jokers
        among them and taking ``taken`` Jokers itself, completing the set
        ``played`` (value mask), for the clubs after it to be able to finish;
        ``None`` when the start's grid has holes and cards to deal.

        The argument.  Once ``C`` cards are cleared, ``dealt(C) = min(total,
        dealt + C)`` cards have been dealt (a full grid is refilled one card
        for one, CF 2.3).  A club acting then, after a club that acted once
        ``c`` were gone, sees only cards numbered below ``dealt(C)`` and has
        every card numbered ``dealt(c) .. dealt(C) - 1`` on its grid (dealt
        into the slots the club before emptied): so it clears at most
        :meth:`_ladder_limit`.  When Jokers neither match nor join Sums (the
        ``duty``: that many Jokers), an action that takes a Joker is Any (one
        card) or a Line through it (at most 3, aimed at a card of the club's
        rank, dealt by then, or at the Joker where the rules allow; none when 3
        Diamonds were dealt since the club before acted, CF 3.2): so a
        club taking Jokers clears at most 3, or 1 without a Line, and two
        Jokers at once need a Line; a Joker is taken only once dealt, and the
        last clear leaves no Joker.  A finish from ``(played, C, gone, c)``
        needs a club ``z`` not in ``played``, drawn by then (CF 2.4), and a
        clear ``g`` (at least 1 when actions must clear) taking ``t`` Jokers
        within its limit, with ``C + g`` the total and every Joker gone, or a
        finish from ``(played + z, C + g, gone + t, C)``.  Limits only grow
        with ``c``, so ``first[(played, C, gone)]``, the least ``c`` with a
        finish, says it all.  Without a duty ``gone`` and ``taken`` are 0.
        With two clubs left the last one must also take, in one action, every
        card left, among them what the one before it left of its own fresh
        cards (:meth:`_last_takes_all`, which depends on when the club before
        *that* acted): ``first`` is then worked out from the two clubs' clears
        directly, every clear of the first of them tried.
        """
        filled = sum(1 for i in self.start_cells if i >= 0)
        total = self.total
        if filled != 9 and self.start_dealt != total:
            return None
        order = self.order
        clubs = sorted(set(order))
        rules = self.rules
        duty = self.duty

        def dealt(cleared: int) -> int:
            return min(total, self.start_dealt + cleared)

        limit = {}
        for now in range(total):
            grid_size = min(9, total - now)
            for before in range(now + 1):
                for club in clubs:
                    limit[club, now, before] = self._ladder_limit(
                        club, range(dealt(now)), range(dealt(before), dealt(now)), grid_size)
        ranks_dealt = [{self.value_of[i] for i in range(dealt(now))} for now in range(total)]
        jokers_dealt = [sum(1 for i in range(dealt(now)) if not self.value_of[i])
                        for now in range(total)]

        diamonds = self.suit_prefix["D"]

        def taking(club: int, now: int, before: int, taken: int) -> int:
            """The limit of ``club`` when its clear takes ``taken`` Jokers."""
            most = limit[club, now, before]
            if not taken:
                return most
            # 3 Diamonds dealt since the club before acted are on the grid: no Line.
            line = (club in ranks_dealt[now] or rules.line_joker_target) and (
                diamonds[dealt(now)] - diamonds[dealt(before)] < 3)
            if taken == 1:
                return min(most, 3 if line else 1)
            return min(most, 3) if line else -1

        drawn_at = {club: max(0, order.index(club) - self.hand_size + 1) for club in clubs}
        # The sets of clubs that can have been played: an order exists that
        # plays each once drawn.
        playable = []
        for size in range(len(clubs), -1, -1):
            for chosen in itertools.combinations(clubs, size):
                turns = sorted(drawn_at[club] for club in chosen)
                if all(turn <= i for i, turn in enumerate(turns)):
                    playable.append((sum(1 << club for club in chosen), size))
        least = 1 if rules.must_clear else 0
        first: dict[tuple, int | None] = {}
        need: dict[tuple, int | None] = {}
        def last_two_first(mask: int, size: int, now: int, gone: int) -> int | None:
            """``first`` with two clubs left: one of them clears ``gain`` once
            ``now`` are gone and finishes, or the other then takes the rest in
            one action, within its limit and with what the first left of its
            fresh cards (:meth:`_last_takes_all`).  Every ``gain`` is tried."""
            pair = [club for club in clubs if not mask >> club & 1]
            best = None
            for second, last in ((pair[0], pair[1]), (pair[1], pair[0])):
                if drawn_at[second] > size or drawn_at[last] > size + 1:
                    continue
                for taken in range(min(duty - gone, jokers_dealt[now] - gone) + 1):
                    for gain in range(max(least, taken), min(9, total - now) + 1):
                        after, rest = now + gain, total - now - gain
                        final_taken = duty - gone - taken
                        if after == total:
                            if gone + taken != duty:
                                continue
                        elif rest > 9 or rest < max(least, final_taken) or (
                                taking(last, after, now, final_taken) < rest):
                            continue
                        for before in range(now + 1 if best is None else min(best, now + 1)):
                            if taking(second, now, before, taken) >= gain and (
                                    after == total
                                    or self._last_takes_all(last, before, now, after)):
                                best = before
                                break
            return best

        for now in range(total - 1, -1, -1):
            for mask, size in playable:
                two_left = size == len(clubs) - 2  # (never with fewer than 2 clubs)
                for gone in range(duty + 1):
                    if two_left:
                        first[mask, now, gone] = last_two_first(mask, size, now, gone)
                        continue
                    options = []
                    for club in clubs:
                        if mask >> club & 1 or drawn_at[club] > size:
                            continue
                        for taken in range(min(duty - gone, jokers_dealt[now] - gone) + 1):
                            wanted = need[mask | 1 << club, now, gone, taken]
                            if wanted is None:
                                continue
                            for before in range(now + 1):
                                if taking(club, now, before, taken) >= wanted:
                                    options.append(before)
                                    break
                    first[mask, now, gone] = min(options, default=None)
                for gone in range(duty + 1):
                    for taken in range(duty - gone + 1):
                        need[mask, now, gone, taken] = None
                        for gain in range(max(least, taken), min(9, total - now) + 1):
                            if now + gain == total:
                                if gone + taken == duty:
                                    need[mask, now, gone, taken] = gain
                                    break
                                continue
                            later = first.get((mask, now + gain, gone + taken))
                            if later is not None and later <= now:
                                need[mask, now, gone, taken] = gain
                                break
        return need

    def _last_takes_all(self, club: int, b: int, c: int, now: int) -> bool:
        """Whether ``club``, the last to act, once ``now`` cards are gone, can
        take every card left (at most 9, all on its grid) in one action, given
        what the two clubs before it leave: the one before acted once ``c`` were
        gone, the one before that once ``b`` were.

        Every card dealt since ``c`` is on its grid (CF 2.3), and so are at
        least ``k`` of the cards dealt between ``b`` and ``c``: those were all
        on the grid of the club before, which cleared ``now - c`` of them or
        of its older cards, so ``k`` is their number less that.  The action
        must take all of them at once: a Match cards of its rank (and Jokers
        where they match); a Sum cards adding up to at most its value, with
        the ``k`` smallest of the others (Jokers at 0 where they join Sums,
        else not at all); an Up/Down cards all below it (clubs 2 to 7) or all
        above it (7 to 12); a Run cards of distinct values, other than its
        own, stretching with its value over at most the cards it clears, and
        ``k`` more of yet other values.  Any takes one card, a Line up to 3;
        how far those and the capacities reach is :meth:`_ladder_limit`'s
        part.  (A later ``b`` leaves fewer cards that must stay, never more.)
        """
        rules, value = self.rules, self.value_of
        left = self.total - now
        if left <= 3:
            return left >= 1 or not rules.must_clear
        start = self.start_dealt
        new_cards = [value[i] for i in range(min(self.total, start + c), self.total)]
        earlier = [value[i] for i in range(min(self.total, start + b), min(self.total, start + c))]
        k = max(0, len(earlier) - (now - c))
        if len(new_cards) + k > left:
            return False
        actions = {
            "match": lambda v: v == club or (v == 0 and rules.jokers_match),
            "sum": lambda v: (v == 0 and rules.sum_jokers_zero) or 0 < v <= club,
            "lower": lambda v: 0 < v < club if 2 <= club <= 7 else False,
            "higher": lambda v: v > club if 7 <= club <= 12 else False,
        }
        for name, takes in actions.items():
            if not all(takes(v) for v in new_cards):
                continue
            kept = sorted(v for v in earlier if takes(v))
            if len(kept) < k:
                continue
            if name != "sum" or sum(new_cards) + sum(kept[:k]) <= club:
                return True
        values = set(new_cards)
        if (rules.run_min_cards <= left + 1 and 0 not in values and club not in values
                and len(values) == len(new_cards)
                and max(values | {club}) - min(values | {club}) <= left):
            spare = {v for v in earlier if v and v != club} - values
            if len(spare) >= k:
                return True
        return False

    def jokers_gone(self, cells: tuple, dealt: int) -> int:
        """How many of the duty's Jokers are no longer in play (0 without a duty)."""
        if not self.duty:
            return 0
        in_play = sum(1 for i in cells if i >= 0 and not self.value_of[i])
        return self.duty - in_play - sum(1 for i in range(dealt, self.total)
                                         if not self.value_of[i])

    def jokers_taken(self, cells: tuple, slots) -> int:
        """How many Jokers a move clearing ``slots`` takes (0 without a duty)."""
        if not self.duty:
            return 0
        return sum(1 for s in slots if not self.value_of[cells[s]])

    def largest_taking(self, cells: tuple, club: int, taken: int) -> int:
        """At least the largest move of ``club`` on this grid that takes ``taken``
        Jokers (``taken >= 1``; -1 when none can): Any takes one card, a Line
        the cards of a row or column holding that many Jokers and aimed at a
        card of the club's rank (or at a Joker where the rules allow), unless
        3 Diamonds block Lines (CF 3.2, 4.3, 4.4)."""
        value_of = self.value_of
        best = 1 if taken == 1 else -1
        diamonds = sum(1 for i in cells if i >= 0 and value_of[i] and self.suit_of[i] == "D")
        if diamonds >= 3:
            return best
        for line in LINE_SLOTS.values():
            held = [cells[s] for s in line if cells[s] >= 0]
            if sum(1 for i in held if not value_of[i]) >= taken and (
                    any(value_of[i] == club for i in held) or self.rules.line_joker_target):
                best = max(best, len(held))
        return best

    def ladder_refutes(self, cells: tuple, dealt: int, played: frozenset,
                       largest: dict) -> bool:
        """No club in hand has a move as big as the ladder needs: the state is lost."""
        if self.ladder is None:
            return False
        mask = sum(1 << club for club in played)
        now = self.total - self.cards_left(cells, dealt)
        gone = self.jokers_gone(cells, dealt)
        on_grid = sum(1 for i in cells if i >= 0 and not self.value_of[i]) if self.duty else 0
        for club, size in largest.items():
            for taken in range(min(on_grid, self.duty - gone) + 1):
                if taken:
                    size = self.largest_taking(cells, club, taken)
                wanted = self.ladder[mask | 1 << club, now, gone, taken]
                if wanted is not None and size >= wanted:
                    return False
        return True

    def least_clear(self, played: frozenset, club: int, now: int, gone: int = 0,
                    taken: int = 0) -> int:
        """The least a move of ``club`` must clear, ``now`` cards gone since the
        start (``gone`` Jokers among them) and the move taking ``taken``
        Jokers, for its child to be worth a look: the ladder's need (0 without
        a ladder; 10, more than any move, where no clear will do).

        A smaller move leaves a lost child, by the argument of
        :meth:`ladder_refutes`: along a winning line the club acting first
        clears at least its need at that point.  (That child's own ladder test
        would refute it too; testing the move first saves making it.)"""
        if self.ladder is None:
            return 0
        wanted = self.ladder[sum(1 << c for c in played) | 1 << club, now, gone, taken]
        return 10 if wanted is None else wanted
