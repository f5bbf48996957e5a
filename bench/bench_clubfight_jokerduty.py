"""What the ladder would gain from the Jokers' duty: a what-if, not the solver.

Not run by the test suite.  Examples::

    python bench/bench_clubfight_jokerduty.py CF1-0:8 CF1-0:9 CF2-1:9
    python bench/bench_clubfight_jokerduty.py --wins 12 --jokers 2

Under rules where a Joker neither matches nor joins a Sum (``rulebook``), a
Joker leaves the grid only by Any (one card) or by a Line through it (at most
three, and only a club whose rank shares the line).  The ladder
(:func:`model.clubfight._solver_core.ladder_needs`) counts the Jokers as any
other cards, so it lets every club clear its best whatever the Jokers.  Here
the ladder's table gains the Jokers cleared so far (``j``) and the Jokers a
club clears (``m``): a club that takes ``m >= 1`` Jokers clears at most 3 if
its rank has been dealt (a Line), else 1 (Any, one Joker); the last club must
leave no Joker; a Joker can go only once dealt.  The search's ladder test
then takes, for each club in hand and each ``m`` it can take on this grid,
its largest clear with ``m`` Jokers against the need.

For each ``DEAL:CLUBS`` (the deal with the first ``CLUBS`` of its club order,
as :func:`model.clubfight.slack.with_clubs` keeps them) the script runs the
Python search as it is and with the Jokers' duty added to its ladder test
(the smaller margin of the two), and prints both verdicts and node counts.
``--wins N`` walks the winning line of deals ``0 .. N - 1`` at every club
count that wins (within ``--max-nodes``) and reports the least margin the
Jokers' duty gives on the way: a winning line never meets a negative one if
the argument is right (each negative is printed).

The Python search runs about two orders of magnitude slower than the
compiled one: keep the proofs small (tens of thousands of nodes).  The loss
checker's own ladder counts the Jokers' duty already
(:meth:`model.clubfight.losscheck._LossChecker._ladder_needs`); the solver's
does not yet, which is what this measures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from model.clubfight import solver as solver_module  # noqa: E402
from model.clubfight._solver_core import (  # noqa: E402
    LADDER_NEVER, LINE_MASKS, SUIT_D, Position, child_grid, dealt_of, ladder_limits,
    unpack_grid,
)
from model.clubfight.deals import Deal  # noqa: E402
from model.clubfight.rules import PRESETS, Rules  # noqa: E402
from model.clubfight.slack import with_clubs  # noqa: E402
from model.clubfight.state import State  # noqa: E402


def joker_ladder_needs(position: Position, rules: Rules) -> dict:
    """``need[(played, C, j, m)]``: the least clear of the club completing
    ``played`` (club values as bits), acting once ``C`` cards are gone with
    ``j`` Jokers already gone and taking ``m`` Jokers itself, after which some
    order of the other clubs can clear everything left (``LADDER_NEVER``: none).

    The same induction as :func:`ladder_needs` (sets of clubs by size down,
    ``C`` down, the least ``c`` at which a club's limit reaches a clear), with
    the Jokers' two indices added.
    """
    values, total, dealt = position.values, len(position.values), position.dealt
    order, hand_size = position.club_order, position.hand_size
    jokers = sum(1 for value in values if value == 0)
    width = total + 1
    limits = ladder_limits(values, position.suits, total, dealt, rules)
    k = len(order)
    available = [max(0, i - hand_size + 1) for i in range(k)]
    least = 1 if rules.must_clear else 0
    ends = [min(total, dealt + cleared) for cleared in range(total + 1)]
    jokers_dealt = [sum(1 for i in range(end) if values[i] == 0) for end in ends]
    rank_dealt = [{values[i] for i in range(end)} for end in ends]

    def limit(cleared: int, before: int, club: int, taken: int) -> int:
        most = limits[(cleared * width + before) * 14 + club]
        if not taken:
            return most
        line = club in rank_dealt[cleared]  # a Line needs a card of the club's rank
        if taken == 1:
            return min(most, 3 if line else 1)
        return min(most, 3) if line else -1

    least_before = {}  # (i, C, m): row[g] = the least c at which club i clears g
    for i, club in enumerate(order):
        for cleared in range(total):
            for taken in range(jokers + 1):
                row = [LADDER_NEVER] * 10
                reached = -1
                for before in range(cleared + 1):
                    most = limit(cleared, before, club, taken)
                    while reached < most:
                        reached += 1
                        row[reached] = before
                least_before[i, cleared, taken] = row
    sets = []
    for members in range(1 << k):
        taken_at = sorted(available[i] for i in range(k) if members >> i & 1)
        if all(a <= j for j, a in enumerate(taken_at)):
            sets.append((-len(taken_at), members))
    sets.sort()
    by_members: dict = {}
    before_of: dict = {}
    for cleared in range(total - 1, -1, -1):
        top = min(9, total - cleared)
        for minus_size, members in sets:
            size = -minus_size
            for gone in range(jokers + 1):
                best = LADDER_NEVER
                for i in range(k):
                    if members >> i & 1 or available[i] > size:
                        continue
                    for taken in range(jokers - gone + 1):
                        if taken > jokers_dealt[cleared] - gone:
                            break
                        g = by_members.get((members | 1 << i, cleared, gone, taken),
                                           LADDER_NEVER)
                        if g <= 9:
                            best = min(best, least_before[i, cleared, taken][g])
                before_of[members, cleared, gone] = best
            for gone in range(jokers + 1):
                for taken in range(jokers - gone + 1):
                    found = LADDER_NEVER
                    for g in range(max(least, taken), top + 1):
                        if cleared + g == total:
                            if gone + taken == jokers:
                                found = g
                                break
                            continue
                        if before_of.get((members, cleared + g, gone + taken),
                                         LADDER_NEVER) <= cleared:
                            found = g
                            break
                    by_members[members, cleared, gone, taken] = found
    need = {}
    for (members, cleared, gone, taken), g in by_members.items():
        played = 0
        for i, club in enumerate(order):
            if members >> i & 1:
                played |= 1 << club
        need[played, cleared, gone, taken] = g
    return need


def joker_margin(search, need: dict, grid: int, played: int, cleared: int) -> int:
    """The most a club in hand clears beyond the Jokers'-duty ladder's need."""
    values, suits, total = search.values, search.suits, search.total
    cells = unpack_grid(grid)
    on_grid = [s for s in range(9) if cells[s] >= 0 and values[cells[s]] == 0]
    in_deck = sum(1 for i in range(dealt_of(grid, total), total) if values[i] == 0)
    gone = search.jokers - len(on_grid) - in_deck
    diamonds = sum(1 for s in range(9)
                   if cells[s] >= 0 and values[cells[s]] and suits[cells[s]] == SUIT_D)
    most = search.max_clears(grid)
    hand = search.drawn[played.bit_count()] & ~played
    best = -LADDER_NEVER
    for club in range(1, 14):
        if not hand >> club & 1:
            continue
        for taken in range(len(on_grid) + 1):
            if taken == 0:
                clear = most[club]
            else:
                line = 0
                if diamonds < 3:
                    for _, mask in LINE_MASKS:
                        slots = [s for s in range(9) if mask >> s & 1 and cells[s] >= 0]
                        if (sum(values[cells[s]] == 0 for s in slots) >= taken
                                and any(values[cells[s]] == club for s in slots)):
                            line = max(line, len(slots))
                clear = line if taken >= 2 else max(line, 1)
                if clear < taken:
                    continue
            wanted = need.get((played | 1 << club, cleared, gone, taken), LADDER_NEVER)
            best = max(best, clear - wanted)
    return best


class JokerDutySearch(solver_module._Search):
    """The Python search, its ladder test also asking the Jokers' duty."""

    joker_need: dict | None = None

    def start_ladder(self) -> bool:
        usable = super().start_ladder()
        constrained = not (self.rules.jokers_match or self.rules.sum_jokers_zero)
        self.jokers = sum(1 for value in self.values if value == 0)
        if self.ladder is not None and self.joker_need is None and constrained and self.jokers:
            self.joker_need = joker_ladder_needs(self.position, self.rules)
            if usable and self.ladder_margin(self.position.grid, 0,
                                             self.position.count_key) < 0:
                self.stats["ladder_cuts"] += 1
                return False
        return usable

    def ladder_margin(self, grid: int, played: int, count_key: int) -> int:
        margin = super().ladder_margin(grid, played, count_key)
        if self.joker_need is None:
            return margin
        cleared = self.total - self.caps(count_key)[2]
        return min(margin, joker_margin(self, self.joker_need, grid, played, cleared))


def solve_both(spec: str, rules: Rules, max_nodes: int) -> None:
    deal_id, _, clubs = spec.partition(":")
    if not clubs.isdigit():
        raise SystemExit(f"{spec}: give a deal and the clubs kept, such as CF1-0:9")
    state = with_clubs(State.from_deal(Deal.from_id(deal_id)), int(clubs))
    shown = []
    for name, search in (("as it is", solver_module._Search), ("Jokers' duty", JokerDutySearch)):
        plain = solver_module._Search
        solver_module._Search = search
        try:
            began = time.process_time()
            result = solver_module.solve(state, rules, engine="python", max_nodes=max_nodes)
            seconds = time.process_time() - began
        finally:
            solver_module._Search = plain
        shown.append(f"{name}: {result.verdict} in {result.nodes:,} nodes ({seconds:.1f} s)")
    print(f"{spec}: " + "; ".join(shown), flush=True)


def check_wins(jokers: int, deals: int, rules: Rules, max_nodes: int) -> None:
    least, states = LADDER_NEVER, 0
    for number in range(deals):
        start = State.from_deal(Deal.from_number(jokers, number))
        for clubs in range(13, 0, -1):
            state = with_clubs(start, clubs)
            result = solver_module.solve(state, rules, max_nodes=max_nodes)
            if result.verdict != "win":
                break
            position = Position.of(state)
            search = JokerDutySearch(position, rules, solver_module.ALL_TECHNIQUES, None, None)
            search.start_ladder()
            if search.joker_need is None:
                continue
            grid, dealt, played = position.grid, position.dealt, 0
            total = search.total
            for move in result.moves:
                left = sum(1 for index in unpack_grid(grid) if index >= 0) + total - dealt
                margin = joker_margin(search, search.joker_need, grid, played, total - left)
                least, states = min(least, margin), states + 1
                if margin < 0:
                    print(f"  NEGATIVE on a winning line: CF{jokers}-{number} with {clubs} "
                          f"clubs, after {played.bit_count()} clubs: margin {margin}")
                grid, dealt = child_grid(grid, dealt, total,
                                         sum(1 << slot for slot in move.cleared))
                played |= 1 << move.club
    print(f"winning lines of CF{jokers}-0 .. CF{jokers}-{deals - 1}: {states:,} states, "
          f"least margin with the Jokers' duty {least}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="*", metavar="DEAL:CLUBS")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="rulebook")
    parser.add_argument("--max-nodes", type=int, default=300_000)
    parser.add_argument("--wins", type=int, default=0, metavar="N",
                        help="walk the winning lines of deals 0 .. N - 1")
    parser.add_argument("--jokers", type=int, choices=(1, 2), default=1)
    args = parser.parse_args(argv)
    rules = PRESETS[args.rules]
    for spec in args.specs:
        solve_both(spec, rules, args.max_nodes)
    if args.wins:
        check_wins(args.jokers, args.wins, rules, args.max_nodes)


if __name__ == "__main__":
    main()
