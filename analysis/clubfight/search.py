"""The solver's depth-first search, in Python: the reference its compiled core ports.

The search runs over the solver's integer representation
(:mod:`analysis.clubfight._solver_core`): a state is ``(grid, played clubs)``,
two ints that together fix the whole game (grid contents, deck position,
hand, club deck; the cleared cards are implied).  A node's children are the
distinct sets of slots each club in hand can clear.  What each technique
does is in :mod:`analysis.clubfight.techniques`; why each pruning is sound,
in the docstring of the method that applies it.  ``_solver_core.c`` ports
this search line by line (same moves in the same order, same bounds, same
restarts and tie-breaking); :func:`analysis.clubfight.solver.solve` runs
either.
"""

from __future__ import annotations

import time

from analysis.clubfight._solver_core import (
    BLOCK_FLAG, LADDER_NEVER, MASK_SLOTS, SUIT_D, SUIT_H, SUIT_S, Position, card_delta,
    JOKER_SHIFT, child_grid, club_capacities, club_masks, dealt_of, grid_max_clears, joker_duty,
    ladder_key, ladder_limits, ladder_needs, largest_taking, two_step_bound, unpack_counts,
    unpack_grid,
)
from analysis.clubfight.techniques import TWO_STEP_MARGIN, Techniques
from model.clubfight.cards import Card
from model.clubfight.moves import moves_for_club
from model.clubfight.rules import Rules


class SplitMix:
    """Uniform floats in [0, 1) from SplitMix64: a tiny generator the compiled
    core reproduces bit for bit, so both searches break ties alike."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self.MASK

    def random(self) -> float:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        z ^= z >> 31
        return (z >> 11) * (1.0 / 9007199254740992.0)


class SearchStopped(Exception):
    """A user limit stopped the search."""


class _Restart(Exception):
    """The node budget of an attempt ran out."""


class Search:
    """One search of one position; its tables live as long as the search."""

    def __init__(self, position: Position, rules: Rules, techniques: Techniques,
                 max_nodes: int | None, timeout: float | None, leave: int = 0,
                 prefix: tuple[tuple[int, int], ...] = ()) -> None:
        self.position = position
        self.leave = leave  # the goal: at most this many cards left (solve's leave)
        # Only the lines that begin with these (club, mask) moves are searched: a
        # loss then says that every such line is lost, not the position
        # (analysis.clubfight.divided proves a loss in parts this way).
        self.prefix = tuple(prefix)
        self.rules = rules
        self.techniques = techniques
        self.values = position.values
        self.suits = position.suits
        self.total = len(position.values)
        self.max_nodes = max_nodes
        self.deadline = None if timeout is None else time.perf_counter() + timeout
        self.nodes = 0
        self.budget = None  # node count at which the current attempt restarts
        self.noise = 0.0  # random tie-breaking of the informed order, in cards
        self.rng = SplitMix(0x5EED)
        self.cut_log: list | None = None  # (rule, grid, dealt, played) of cut children
        self.stats = {"children": 0, "bound_cuts": 0, "next_club_cuts": 0,
                      "window_cuts": 0, "tail_cuts": 0, "ladder_cuts": 0, "table_hits": 0,
                      "restarts": 0, "beams": 0, "two_step_cuts": 0}
        order = position.club_order
        # drawn[t]: the clubs drawn once t turns are played (CF 2.4); the hand
        # is drawn[t] minus the clubs played.
        self.drawn = []
        for turns in range(len(order) + 2):
            mask = 0
            for value in order[:min(len(order), position.hand_size + turns)]:
                mask |= 1 << value
            self.drawn.append(mask)
        self.all_clubs = self.drawn[-1]
        # The turn from which each club may be played (0: in hand already).
        self.available = {value: max(0, i - position.hand_size + 1)
                          for i, value in enumerate(order)}
        self.delta = tuple(card_delta(v) for v in self.values)
        suffix = [0] * (self.total + 1)
        for index in range(self.total - 1, -1, -1):
            suffix[index] = suffix[index + 1] + self.delta[index]
        self.suffix = suffix
        # suit_prefix[suit][i]: valued cards of that suit among indices < i.
        self.suit_prefix = {suit: [0] * (self.total + 1) for suit in (SUIT_D, SUIT_H, SUIT_S)}
        for suit, prefix in self.suit_prefix.items():
            for index in range(self.total):
                prefix[index + 1] = prefix[index] + (
                    self.values[index] != 0 and self.suits[index] == suit)
        self.blocked_caps_cache: dict[tuple[int, int], tuple] = {}
        # Jokers constrain the bounds only when nothing but Any and Line takes them.
        # With cards allowed to stay (leave), a Joker may be one of them.
        self.jokers_constrained = not (rules.jokers_match or rules.sum_jokers_zero or leave)
        self.move_cache: dict[int, tuple] = {}
        self.grid_cache: dict[int, tuple] = {}
        self.caps_cache: dict[int, tuple] = {}
        self.club_sum_cache: dict[int, tuple] = {}
        self.refuted: set[int] = set()
        self.cut_only: set[int] = set()  # refuted entries two_step cut (not nodes)
        # The ladder needs the start's grid full or its deck empty (then the
        # deal position after C clears is the start's plus C).
        filled = sum(1 for index in unpack_grid(position.grid) if index >= 0)
        self.ladder_usable = techniques.ladder and (
            filled == 9 or position.dealt == self.total)
        self.ladder: dict[int, int] | None = None
        # The Jokers only Any or a Line takes (technique joker_duty).
        self.duty = joker_duty(position.values, rules) if techniques.joker_duty else 0

    # -- cached tables ----------------------------------------------------------
    def moves(self, grid: int, club: int) -> tuple:
        """``(cleared count, mask, count-key delta, label)`` per move of ``club``.

        With ``dedupe`` one entry per distinct set of cleared slots; with
        ``order`` biggest first.
        """
        key = grid << 4 | club
        found = self.move_cache.get(key)
        if found is None:
            cells = unpack_grid(grid)
            if self.techniques.dedupe:
                items = club_masks(cells, self.values, self.suits, club, self.rules).items()
            else:
                items = _undeduped(cells, self.values, self.suits, club, self.rules)
            delta = self.delta
            found = []
            for mask, label in items:
                d = 0
                for s in MASK_SLOTS[mask]:
                    d += delta[cells[s]]
                found.append((len(MASK_SLOTS[mask]), mask, d, label))
            if self.techniques.order:
                found.sort(key=_minus_first)
            found = tuple(found)
            self.move_cache[key] = found
        return found

    def caps(self, count_key: int) -> tuple:
        found = self.caps_cache.get(count_key)
        if found is None:
            found = club_capacities(count_key, self.rules)
            self.caps_cache[count_key] = found
        return found

    def club_sum(self, count_key: int, remaining: int) -> tuple:
        """``(capacity sum, Joker loss, its club, Joker loss without that club)``.

        The Joker loss is what the remaining clubs lose at least because
        Jokers in play must be taken by Any or Line (rulebook; CF 4.7): with
        one Joker, the least ``cap - joker cap`` over the clubs; with two, the
        least of two clubs' losses together and of one club's loss for a Line
        that takes both (``cap - 3``, a club that can Line).  The third entry
        is the same minimum with that club left out (for :meth:`next_club_bound`).
        The losses are ``None`` when Jokers do not constrain the bound (none in
        play, or Match or Sum may take them); ``10**6`` if no club can.
        """
        key = count_key << 14 | remaining
        found = self.club_sum_cache.get(key)
        if found is None:
            caps, joker_caps, _, jokers = self.caps(count_key)
            clubs = [v for v in range(1, 14) if remaining >> v & 1]
            total = 0
            for v in clubs:
                total += caps[v]
            if not (jokers and self.jokers_constrained):
                found = (total, None, 0, None)
            else:
                loss, loss_club = self._joker_loss(clubs, caps, joker_caps, jokers)
                other, _ = self._joker_loss([v for v in clubs if v != loss_club], caps,
                                            joker_caps, jokers)
                found = (total, loss, loss_club, other)
            self.club_sum_cache[key] = found
        return found

    @staticmethod
    def _joker_loss(clubs, caps, joker_caps, jokers) -> tuple[int, int]:
        """The least capacity the clubs lose to take ``jokers`` Jokers, and a club
        that is part of that least loss (``10**6`` if no club can)."""
        losses = sorted((caps[v] - joker_caps[v], v) for v in clubs)
        if not losses:
            return 10 ** 6, 0
        if jokers == 1:
            return losses[0]
        best = (10 ** 6, 0)
        if len(losses) >= 2:
            best = (losses[0][0] + losses[1][0], losses[0][1])
        for loss, v in losses:
            if joker_caps[v] == 3 and loss < best[0]:
                best = (loss, v)  # one Line takes both Jokers
        return best

    def blocked_caps(self, count_key: int, blocked: int) -> list:
        """Capacities with the actions of ``blocked`` (``BLOCK_*`` flags) left out."""
        if not blocked:
            return self.caps(count_key)[0]
        found = self.blocked_caps_cache.get((count_key, blocked))
        if found is None:
            found = club_capacities(count_key, self.rules, blocked)[0]
            self.blocked_caps_cache[(count_key, blocked)] = found
        return found

    def window_blocked(self, grid_suits: dict, dealt: int, cleared: int) -> int:
        """Actions blocked on every grid once ``cleared`` more cards are cleared.

        Soundness: while the deck lasts every cleared slot is refilled in deck
        order (CF 2.3), so once ``A`` more cards are cleared the grid holds
        exactly the window (the grid now and the deck cards up to position
        ``dealt + A``) less the ``A`` cards cleared meanwhile (after the deck
        runs out, the window is every card in play, less what was cleared).
        So it holds at least ``w - A`` of the window's ``w`` cards of a suit,
        and 3 of them block that suit's action (CF 3.2-3.4).  ``w - A`` never
        grows with ``A`` (one more card in the window for one more cleared),
        so an action blocked at ``A`` is blocked at every smaller ``A`` too:
        the window capacities still grow with ``A``, which the window's
        dynamic program needs, and the bound may be evaluated at an upper
        bound of the true ``A``.
        """
        position = min(self.total, dealt + cleared)
        blocked = 0
        for suit, prefix in self.suit_prefix.items():
            if grid_suits[suit] + prefix[position] - prefix[dealt] - cleared >= 3:
                blocked |= BLOCK_FLAG[suit]
        return blocked

    def max_clears(self, grid: int) -> tuple:
        found = self.grid_cache.get(grid)
        if found is None:
            found = grid_max_clears(unpack_grid(grid), self.values, self.suits, self.rules)
            self.grid_cache[grid] = found
        return found

    # -- bounds -----------------------------------------------------------------
    def capacity_bound(self, count_key: int, remaining: int) -> int:
        """The most cards the remaining clubs can still clear (technique ``bound``).

        Soundness: every card in play must be cleared (CF 5.1) by one action
        of one remaining club, each club is played at most once (CF 2.1), and
        no action of club ``c`` ever clears more than ``caps[c]`` cards
        (:func:`club_capacities`).  Under the rulebook a Joker leaves only by
        Any or Line (CF 4.7): while one is in play some club must spend its
        action on Any or Line, clearing at most its ``joker cap``: the least
        such loss is subtracted (:meth:`club_sum`; two Jokers cost two clubs'
        losses unless one Line takes both).
        """
        total, loss, _, _ = self.club_sum(count_key, remaining)
        return total if loss is None else total - loss

    def next_club_bound(self, grid: int, count_key: int, hand: int, remaining: int) -> int:
        """The capacity bound, with the next club's clear taken on the actual grid.

        Soundness: the next turn plays some club ``c`` of the hand on this very
        grid, so it clears at most ``max_clears(grid)[c]`` cards (an upper
        bound with blocking, :func:`grid_max_clears`); every other remaining
        club clears at most its capacity (valid at any later time).  The bound
        takes the best ``c``.  Jokers (rulebook): if no Joker is on the grid,
        ``c`` clears none, so the Jokers in play must be taken by the other
        clubs, which lose at least their Joker loss (:meth:`club_sum`); with a
        Joker on the grid nothing is subtracted.
        """
        caps = self.caps(count_key)[0]
        now = self.max_clears(grid)
        total, loss, loss_club, second = self.club_sum(count_key, remaining)
        duty = loss is not None and not now[0]
        best = -1
        for c in range(1, 14):
            if hand >> c & 1:
                bound = total - caps[c] + now[c]
                if duty:
                    bound -= loss if loss_club != c else second
                if bound > best:
                    best = bound
        return best

    def window_bound(self, grid: int, dealt: int, count_key: int, turn: int,
                     remaining: int) -> int:
        """The most cards the remaining clubs can clear, played into a 9-card window.

        Returns -1 when no club can be the last one (the tail rule below).

        Window.  The grid only ever holds cards of the current grid and of
        the deck dealt so far, and the deck is dealt in its fixed order, one
        card per card cleared (CF 2.3).  So the club played once ``A`` more
        cards have been cleared clears only cards among the current grid and
        the first ``A`` deck cards: at most the capacity ``f_c(A)`` of that
        window (:func:`club_capacities` of those cards), and at most 9.  The
        first club plays on the grid as it is (:func:`grid_max_clears`; the
        grid is also unchanged while nothing has been cleared).  ``A +
        f_c(A)`` never decreases as ``A`` grows, so ``best[S]``, the largest
        ``A`` reachable with the set of clubs ``S`` taken in an order the club
        deck allows (a club is played only once drawn, CF 2.4), bounds the
        cards any real sequence of those clubs clears: a dynamic program over
        subsets of the remaining clubs.  Clears of different clubs are disjoint
        in reality but not here, and Jokers count as plain cards: both only
        loosen the bound.

        Tail.  Say the game is won and ``z`` is the last club played, after
        the clubs ``S`` (``|S| <= k - 1`` of the ``k`` remaining).  Deck cards
        not yet dealt when the club before ``z`` acts can only be cleared by
        ``z``: they are every deck card past the first ``A`` where ``A`` is
        what ``S`` minus its last club cleared, so past ``U1 = max best[S']``
        over ``S'`` without ``z``, ``|S'| <= k - 2``.  And ``z`` clears all
        that is left, at least ``need = left - U2``, ``U2 = max best[S']``
        over ``S'`` without ``z``, ``|S'| <= k - 1``.  So some club ``z`` must
        have one action that can take all of that tail ``T`` (values, suits
        and Jokers allowing, :meth:`_can_finish`) and at least ``need`` cards.
        """
        caps_of = self.caps
        suffix = self.suffix
        total = self.total
        left = caps_of(count_key)[2]
        clubs = [v for v in range(1, 14) if remaining >> v & 1]
        k = len(clubs)
        start = [max(0, self.available[v] - turn) for v in clubs]
        full = (1 << k) - 1
        # best[S] over subsets S of the clubs (bit i: clubs[i]); a subset's
        # subsets are smaller numbers, so one pass in numeric order is the DP.
        best = [-1] * (full + 1)
        best[0] = 0
        window_caps: dict[int, list] = {0: self.max_clears(grid)}
        blocking = self.techniques.blocking
        if blocking:
            grid_suits = {SUIT_D: 0, SUIT_H: 0, SUIT_S: 0}
            for index in unpack_grid(grid):
                if index >= 0 and self.values[index]:
                    grid_suits[self.suits[index]] += 1
        bound = 0
        for used in range(full + 1):
            cleared = best[used]
            if cleared < 0:
                continue
            if cleared > bound:
                bound = cleared
            if used == full:
                continue
            caps = window_caps.get(cleared)
            if caps is None:
                window_key = count_key - suffix[min(total, dealt + cleared)]
                if blocking:
                    caps = self.blocked_caps(
                        window_key, self.window_blocked(grid_suits, dealt, cleared))
                else:
                    caps = caps_of(window_key)[0]
                window_caps[cleared] = caps
            size = used.bit_count()
            for i in range(k):
                bit = 1 << i
                if used & bit or start[i] > size:
                    continue
                gain = caps[clubs[i]]
                after = cleared + (gain if gain < 9 else 9)
                if after > left:
                    after = left
                if after > best[used | bit]:
                    best[used | bit] = after
        if bound < left or k < 2 or not self.techniques.tail:
            return bound
        # The tail rule: u1[i], u2[i] are the most the other clubs clear with at
        # most k - 2 and k - 1 of them.
        u1 = [0] * k
        u2 = [0] * k
        for used in range(full + 1):
            cleared = best[used]
            if cleared <= 0:
                continue
            size = used.bit_count()
            for i in range(k):
                if not used >> i & 1:
                    if cleared > u2[i]:
                        u2[i] = cleared
                    if size <= k - 2 and cleared > u1[i]:
                        u1[i] = cleared
        for i, club in enumerate(clubs):
            if self._can_finish(club, dealt + u1[i], left - u2[i], count_key):
                return bound
        self.stats["tail_cuts"] += 1
        return -1

    def _can_finish(self, club: int, first_tail: int, need: int, count_key: int) -> bool:
        """Can ``club`` take, in one action, every card from ``first_tail`` on and
        at least ``need`` cards in all?  An over-approximation from the cards in
        play: each action's own condition on the tail cards (Match: all of the
        club's rank; Sum: adding up to at most the club; Any: one card; Line:
        three cards; Up/Down: all on the allowed side; Run: distinct values that
        with the club span only values still in play), its blocking (the final
        grid holds the tail, so 3 tail cards of a suit block its action) and its
        capacity (:func:`club_capacities` terms) for ``need``."""
        rules = self.rules
        if need > 9:
            return False
        values = self.values
        suits = self.suits
        tail = range(first_tail, self.total)
        size = len(tail)
        if need < size:
            need = size
        jokers_in_tail = diamonds = hearts = spades = total_value = 0
        tail_values = []
        for index in tail:
            value = values[index]
            if value == 0:
                jokers_in_tail += 1
                continue
            tail_values.append(value)
            total_value += value
            suit = suits[index]
            if suit == SUIT_D:
                diamonds += 1
            elif suit == SUIT_H:
                hearts += 1
            elif suit == SUIT_S:
                spades += 1
        count, jokers = unpack_counts(count_key)
        # Any
        if need <= 1:
            return True
        # Line: at most 3 cards, a card (or Joker) to aim at, not blocked.
        if need <= 3 and diamonds < 3 and (
                count[club] > 0 or (rules.line_joker_target and jokers > 0)):
            return True
        valued_only = jokers_in_tail == 0
        # Match
        if (valued_only or rules.jokers_match) and all(v == club for v in tail_values):
            if need <= count[club] + (jokers if rules.jokers_match else 0):
                return True
        # Sum
        if (valued_only or rules.sum_jokers_zero) and total_value <= club:
            if need <= self.caps(count_key)[0][club]:
                return True
        if not valued_only:
            return False
        # Up/Down
        if spades < 3:
            if 2 <= club <= 7 and all(v < club for v in tail_values) \
                    and need <= sum(count[1:club]):
                return True
            if 7 <= club <= 12 and all(v > club for v in tail_values) \
                    and need <= sum(count[club + 1:14]):
                return True
        # Run
        if hearts < 3 and len(set(tail_values)) == len(tail_values) \
                and club not in tail_values:
            low = min(tail_values + [club])
            high = max(tail_values + [club])
            if all(count[v] for v in range(low, high + 1) if v != club):
                while low > 1 and count[low - 1]:
                    low -= 1
                while high < 13 and count[high + 1]:
                    high += 1
                if need <= high - low and high - low + 1 >= rules.run_min_cards:
                    return True
        return False

    def joker_slots(self, grid: int) -> int:
        """The slots holding a Joker of the duty, as a mask (0 without the duty)."""
        slots = 0
        if self.duty:
            cells = unpack_grid(grid)
            for slot in range(9):
                if cells[slot] >= 0 and not self.values[cells[slot]]:
                    slots |= 1 << slot
        return slots

    def ladder_least(self, played_now: int, cleared: int, gone: int) -> list[int]:
        """ladder_moves: the ladder's need of a club acting now, by the Jokers its
        move takes (0 to 2); ``played_now``: the clubs played with it,
        ``cleared``: the cards cleared before it acts.  (More Jokers than
        dealt: a move that cannot be, never asked.)"""
        return [self.ladder.get(ladder_key(played_now, cleared, gone, taken), LADDER_NEVER)
                for taken in range(3)]

    def jokers_gone(self, count_key: int) -> int:
        """The duty's Jokers no longer in play (the count key holds those in play)."""
        return self.duty - (count_key >> JOKER_SHIFT & 3) if self.duty else 0

    def ladder_margin(self, grid: int, played: int, count_key: int) -> int:
        """The most a club in hand can clear beyond what the ladder needs
        (technique ``ladder``); negative when none can.

        Negative proves the state lost.  Soundness: follow a winning line from
        here, ``C`` cards cleared since the start, and let club ``z`` act
        first.  It acts on this very grid, so it clears at most
        ``grid_max_clears[z]``.  Every later club clears at most its
        :func:`ladder_limits` entry at (cards gone when it acts, cards gone
        when the club before it acted); the last one leaves no card.  So the
        line's clears are one of the sequences :func:`ladder_needs` ranges
        over, and by induction from the last club each club's clear meets the
        need at its point: ``z``'s clear is at least ``need[played + z, C]``.

        The informed order takes the smaller of this margin and the next-club
        slack as a child's surplus: two upper bounds on how far the child's
        best outcome exceeds what it must clear, the tighter one the better
        guess.
        """
        cleared = self.total - self.caps(count_key)[2]
        hand = self.drawn[played.bit_count()] & ~played
        most = self.max_clears(grid)
        need = self.ladder
        gone = self.jokers_gone(count_key)
        most_taken = min(most[0], self.duty - gone)
        cells = unpack_grid(grid) if most_taken else None
        best = -LADDER_NEVER
        for club in range(1, 14):
            if hand >> club & 1:
                played_now = played | 1 << club
                margin = most[club] - need[ladder_key(played_now, cleared, gone)]
                for taken in range(1, most_taken + 1):
                    # The Jokers' duty (ladder_needs): a move taking Jokers is Any or a Line.
                    size = largest_taking(cells, self.values, self.suits, club, taken,
                                          self.rules)
                    margin = max(margin, size - need[ladder_key(played_now, cleared, gone,
                                                                taken)])
                if margin > best:
                    best = margin
        return best

    def two_step_refutes(self, grid: int, played: int, count_key: int) -> bool:
        """True when the ladder's needs of the next two clubs prove this state
        lost (technique ``two_step``; the ladder built).

        Soundness: follow a winning line from here, its first club ``z``
        clearing ``g`` cards.  By :meth:`ladder_margin`'s argument ``g`` is at
        least ``z``'s need here and at most ``grid_max_clears[z]``, and if the
        line does not end with it (``g`` short of every card left), its next
        club ``z2``, in the hand after ``z`` (CF 2.4), meets its own need once
        ``C + g`` are gone (the same argument, from the state after ``z``).
        That state's grid holds the ``g`` cards dealt next (fewer when the
        deck runs out) and ``k`` of this grid's cards, ``k`` = this grid's
        cards less ``g`` (CF 2.3), so ``z2`` clears at most
        :func:`_solver_core.two_step_bound` of them: the largest action on any
        such grid, a suit blocking its action only when the new cards and the
        fewest of this grid's that can stay hold 3 (CF 3.2-3.4).  Needs are
        read at their least over the Jokers a clear may take and have taken.
        If no ``z``, ``g`` and ``z2`` fit, no line wins.
        """
        total = self.total
        left = self.caps(count_key)[2]
        cleared = total - left
        turn = played.bit_count()
        hand = self.drawn[turn] & ~played
        most = self.max_clears(grid)
        need = self.ladder
        gone = self.jokers_gone(count_key)
        taken_most = min(self.duty - gone, most[0])
        cells = unpack_grid(grid)
        dealt = dealt_of(grid, total)
        bounds: dict[int, list[int]] = {}
        for club in range(1, 14):
            if not hand >> club & 1:
                continue
            played_now = played | 1 << club
            if ladder_key(played_now, 0) not in need:
                return False  # no set play reaches it: no cut (never happens)
            least = min(need.get(ladder_key(played_now, cleared, gone, taken), LADDER_NEVER)
                        for taken in range(taken_most + 1))
            if least > most[club]:
                continue
            after = self.drawn[turn + 1] & ~played_now
            for g in range(least, most[club] + 1):
                if g >= left:
                    return False  # this club may take every card left
                if not after:
                    continue
                bound = bounds.get(g)
                if bound is None:
                    bound = bounds[g] = two_step_bound(cells, self.values, self.suits, dealt,
                                                       total, g, self.rules)
                for second in range(1, 14):
                    if not after >> second & 1:
                        continue
                    both = played_now | 1 << second
                    if ladder_key(both, 0) not in need:
                        return False
                    if bound[second] >= min(
                            need.get(ladder_key(both, cleared + g, gone_then, taken),
                                     LADDER_NEVER)
                            for gone_then in range(gone, gone + taken_most + 1)
                            for taken in range(self.duty - gone_then + 1)):
                        return False
        return True

    def start_ladder(self) -> bool:
        """Build the ladder's table (once); False if it already refutes the start."""
        if self.ladder is None and self.ladder_usable:
            p = self.position
            limits = ladder_limits(self.values, self.suits, self.total, p.dealt, self.rules)
            self.ladder = ladder_needs(limits, self.total, p.club_order, p.hand_size,
                                       self.rules, self.values, p.dealt, self.suits,
                                       duty=bool(self.duty),
                                       last_two=self.techniques.last_two)
            if self.ladder_margin(p.grid, 0, p.count_key) < 0:
                self.stats["ladder_cuts"] += 1
                return False
        return True

    # -- the search ---------------------------------------------------------------
    def run(self) -> list | None:
        """A winning line as ``[(club, mask, label), ...]``, or None if lost."""
        p = self.position
        key = p.count_key
        if self.caps(key)[2] <= self.leave:
            return []
        hand = self.drawn[0]
        if not hand:
            return None
        t = self.techniques
        left = self.caps(key)[2] - self.leave
        if (t.bound and self.capacity_bound(key, self.all_clubs) < left) or (
                t.next_club and self.next_club_bound(p.grid, key, hand, self.all_clubs) < left):
            return None
        informed = t.order and t.next_club
        if t.restarts and t.order:
            schedule = [(t.first_budget, False, 0.0)] * (t.first_budget > 0) + [
                (budget, informed, t.noise if i else 0.0)
                for i, budget in enumerate(t.restart_budgets)]
            beams = list(t.beams) if informed else []
            for step, (budget, mode, noise) in enumerate(schedule):
                if (step or not t.first_budget) and not self.start_ladder():
                    return None
                while beams and (step or not t.first_budget) and self.nodes >= beams[0][0]:
                    line = self.beam(beams.pop(0)[1])
                    if line is not None:
                        return line
                self.budget = self.nodes + budget
                self.noise = noise
                try:
                    return self.search(p.grid, p.dealt, 0, key, mode)
                except _Restart:
                    self.stats["restarts"] += 1
            self.budget = None
            self.noise = t.noise if t.restart_budgets else 0.0
        if not self.start_ladder():
            return None
        return self.search(p.grid, p.dealt, 0, key, informed)

    def beam(self, width: int) -> list | None:
        """A winning line found by a beam search of ``width``, or None.

        Turn by turn, every move of every kept state is made; each new state
        (once, the first time it is reached) is cut by the informed order's
        tests (refuted table, capacity and next-club bounds, ladder margin) and scored as
        the order scores it: the cards cleared so far plus its least margin.
        The ``width`` best (ties in the order reached) are kept for the next
        turn.  It proves nothing when it finds no win (it drops states), so
        it adds nothing to the refuted table; each state it expands counts as
        a node.
        """
        t = self.techniques
        p = self.position
        total = self.total
        refuted = self.refuted
        ladder = self.ladder if t.ladder_moves else None
        self.stats["beams"] += 1
        # (grid, dealt, played, count key, link); link: (parent, club, mask, label)
        layer = [(p.grid, p.dealt, 0, p.count_key, None)]
        while layer:
            reached: dict[int, tuple | None] = {}
            for entry in layer:
                grid, dealt, played, count_key, _ = entry
                self.nodes += 1
                if self.max_nodes is not None and self.nodes > self.max_nodes:
                    raise SearchStopped
                if self.deadline is not None and self.nodes & 127 == 0 \
                        and time.perf_counter() > self.deadline:
                    raise SearchStopped
                turn = played.bit_count()
                hand = self.drawn[turn] & ~played
                next_drawn = self.drawn[turn + 1]
                remaining = self.all_clubs & ~played
                left_now = self.caps(count_key)[2]
                must = left_now - self.leave
                gone = self.jokers_gone(count_key)
                joker_slots = self.joker_slots(grid) if ladder is not None else 0
                for club in range(1, 14):
                    if not hand >> club & 1:
                        continue
                    bit = 1 << club
                    after_clubs = remaining & ~bit
                    least = [0, 0, 0]
                    if ladder is not None:  # the search's ladder_moves cut
                        least = self.ladder_least(played | bit, total - left_now, gone)
                    for k, mask, delta, label in self.moves(grid, club):
                        if k >= must:
                            line = [(club, mask, label)]
                            link = entry[4]
                            while link is not None:
                                parent, step_club, step_mask, step_label = link
                                line.insert(0, (step_club, step_mask, step_label))
                                link = parent[4]
                            return line
                        if not after_clubs or k < least[(mask & joker_slots).bit_count()]:
                            continue
                        child, child_dealt = child_grid(grid, dealt, total, mask)
                        child_played = played | bit
                        state = child << 14 | child_played
                        if state in reached:
                            continue
                        reached[state] = None
                        if t.table and state in refuted:
                            continue
                        key = count_key - delta
                        if t.bound and self.capacity_bound(key, after_clubs) < must - k:
                            continue
                        slack, cut = self.child_slack(child, child_played, key,
                                                      next_drawn & ~child_played, after_clubs,
                                                      must - k, two_step=False)
                        if cut is not None:
                            continue
                        reached[state] = (total - self.caps(key)[2] + slack, child, child_dealt,
                                          child_played, key, (entry, club, mask, label))
            ranked = sorted((kept for kept in reached.values() if kept is not None),
                            key=_minus_first)
            layer = [kept[1:] for kept in ranked[:width]]
        return None

    def child_slack(self, child: int, child_played: int, key: int, next_hand: int,
                    after_clubs: int, short: int, two_step: bool = True
                    ) -> tuple[int, str | None]:
        """The informed order's slack of a child whose move left ``short`` cards to
        clear: the least of its next-club slack and its ladder margin, with
        ``None``; or the rule that cuts it (``"ladder"``, ``"next_club"``,
        ``"two_step"``).

        The ladder first: it cuts most children, so the next-club bound is
        made only for those it lets through.  ``two_step``: ask
        :meth:`two_step_refutes` too (the beam does not: on five tight wins of
        about 4,100 nodes it changed no beam's result, and they took 47-54 ms
        with it there, 43-53 ms without)."""
        margin = None
        if self.ladder is not None:
            margin = self.ladder_margin(child, child_played, key)
            if margin < 0:
                return margin, "ladder"
        slack = self.next_club_bound(child, key, next_hand, after_clubs) - short
        if slack < 0:
            return slack, "next_club"
        if (two_step and margin is not None and margin <= TWO_STEP_MARGIN
                and self.techniques.two_step and self.two_step_refutes(child, child_played, key)):
            return -1, "two_step"
        return (slack if margin is None else min(slack, margin)), None

    def search(self, grid: int, dealt: int, played: int, count_key: int,
               informed: bool) -> list | None:
        self.nodes += 1
        nodes = self.nodes
        if self.budget is not None and nodes > self.budget:
            raise _Restart
        if self.max_nodes is not None and nodes > self.max_nodes:
            raise SearchStopped
        if self.deadline is not None and nodes & 127 == 0 \
                and time.perf_counter() > self.deadline:
            raise SearchStopped
        t = self.techniques
        stats = self.stats
        turn = played.bit_count()
        hand = self.drawn[turn] & ~played
        next_drawn = self.drawn[turn + 1]
        remaining = self.all_clubs & ~played
        left_now = self.caps(count_key)[2]
        must = left_now - self.leave  # what the clubs left must clear from here
        total = self.total
        refuted = self.refuted
        log = self.cut_log
        # ladder_moves: what the ladder needs of each club acting now, by the
        # Jokers its move takes (the Jokers' duty, ladder_needs).
        ladder = self.ladder if informed and t.ladder_moves else None
        ladder_index = total - left_now
        gone = self.jokers_gone(count_key)
        joker_slots = self.joker_slots(grid) if ladder is not None else 0

        # Children: (cleared count, club bit, mask, key after, clubs left, label).
        # self.moves lists each distinct cleared set once (dedupe): the state
        # after a move is a function of the club and the slots it clears, since
        # the refill takes the next deck cards into the emptied slots in order.
        children = []
        for club in range(1, 14):
            if not hand >> club & 1:
                continue
            bit = 1 << club
            after_clubs = remaining & ~bit
            found = self.moves(grid, club)
            stats["children"] += len(found)
            least = [0, 0, 0]
            if ladder is not None:
                least = self.ladder_least(played | bit, ladder_index, gone)
            for k, mask, delta, label in found:
                key = count_key - delta
                if k >= must:
                    # grid and deck empty: won (CF 5.1); or no more left than leave
                    return [(club, mask, label)]
                if not after_clubs:
                    continue  # cards remain and no club is left: lost (CF 5.2)
                if k < least[(mask & joker_slots).bit_count()]:
                    # Lost by the ladder's induction (ladder_margin): a club
                    # acting first here clears at least its need.  The child's
                    # own ladder test would cut it as well: every club of its
                    # hand acts once C + k are gone, after this club acted at C,
                    # and the need's definition says no club reaches its own
                    # need with its limit at (C + k, C), a bound on what it can
                    # clear on any grid it may face then (ladder_limits), this
                    # child's included.
                    stats["ladder_cuts"] += 1
                    if log is not None:
                        log.append(("ladder", *child_grid(grid, dealt, total, mask),
                                    played | bit))
                    continue
                if informed and t.bound and self.capacity_bound(key, after_clubs) < must - k:
                    stats["bound_cuts"] += 1
                    if log is not None:
                        log.append(("bound", *child_grid(grid, dealt, total, mask), played | bit))
                    continue
                children.append((k, bit, mask, key, after_clubs, label))

        if informed:
            # Score every child by its cleared count plus its next-club slack.
            scored = []
            for k, bit, mask, key, after_clubs, label in children:
                child, child_dealt = child_grid(grid, dealt, total, mask)
                child_played = played | bit
                if t.table and child << 14 | child_played in refuted:
                    stats["table_hits"] += 1
                    continue
                slack, cut = self.child_slack(child, child_played, key,
                                              next_drawn & ~child_played, after_clubs, must - k)
                if cut is not None:
                    stats[cut + "_cuts"] += 1
                    if log is not None:
                        log.append((cut, child, child_dealt, child_played))
                    if cut == "two_step" and t.table:
                        # Refuted and kept, but left out of a certificate: the
                        # checker's own search settles it from its moves, each
                        # of which its ladder cuts on the grid it makes (a
                        # proof's certificate is then about half the size).
                        refuted.add(child << 14 | child_played)
                        self.cut_only.add(child << 14 | child_played)
                    continue
                if self.noise:
                    slack += self.noise * self.rng.random()
                scored.append((k + slack, k, bit, mask, key, after_clubs, label, child,
                               child_dealt))
            scored.sort(key=_minus_first)
            ready = [entry[1:] for entry in scored]
        else:
            if t.order:
                children.sort(key=_minus_first)
            ready = [entry + (None, 0) for entry in children]

        for k, bit, mask, key, after_clubs, label, child, child_dealt in ready:
            if turn < len(self.prefix) and self.prefix[turn] != (bit.bit_length() - 1, mask):
                continue
            child_played = played | bit
            if child is None:
                # The cheap order checks lazily: an easy deal descends into the
                # first child and never looks at the others.
                if t.bound and self.capacity_bound(key, after_clubs) < must - k:
                    stats["bound_cuts"] += 1
                    if log is not None:
                        log.append(("bound", *child_grid(grid, dealt, total, mask), child_played))
                    continue
                child, child_dealt = child_grid(grid, dealt, total, mask)
                if t.table and child << 14 | child_played in refuted:
                    stats["table_hits"] += 1
                    continue
                if self.ladder is not None and self.ladder_margin(child, child_played, key) < 0:
                    stats["ladder_cuts"] += 1
                    if log is not None:
                        log.append(("ladder", child, child_dealt, child_played))
                    continue
                if t.next_club and self.next_club_bound(
                        child, key, next_drawn & ~child_played, after_clubs) < must - k:
                    stats["next_club_cuts"] += 1
                    if log is not None:
                        log.append(("next_club", child, child_dealt, child_played))
                    continue
            elif t.table and child << 14 | child_played in refuted:
                stats["table_hits"] += 1  # refuted by an earlier sibling's subtree
                continue
            if t.window and after_clubs.bit_count() <= t.window_clubs:
                window = self.window_bound(child, child_dealt, key, turn + 1, after_clubs)
                if window < must - k:
                    stats["window_cuts"] += 1
                    if log is not None:
                        log.append(("tail" if window < 0 else "window", child, child_dealt,
                                    child_played))
                    continue
            line = self.search(child, child_dealt, child_played, key, informed)
            if line is not None:
                line.insert(0, (bit.bit_length() - 1, mask, label))
                return line
        if t.table:
            # Every child was searched or cut by a sound rule, so the state is
            # lost.  ``(grid, played)`` is the whole state (module docstring of
            # _solver_core: the grid implies the deal position, the played clubs
            # imply the hand and club deck), so the entry is valid wherever the
            # state recurs, in this attempt or a later one.  A search stopped by
            # a budget or a user limit unwinds by exception and records nothing.
            refuted.add(grid << 14 | played)
        return None


def _minus_first(entry: tuple):
    return -entry[0]


def _undeduped(cells, values, suits, club, rules) -> list:
    """Moves as the rules model lists them, one per action, duplicates kept.

    Only for measuring what ``dedupe`` buys.
    """
    grid = tuple(None if i < 0 else Card(suits[i], values[i]) for i in cells)
    return [(sum(1 << s for s in move.cleared), (move.action, move.line, move.direction))
            for move in moves_for_club(grid, club, rules)]
