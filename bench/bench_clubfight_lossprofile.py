"""Where a Club Fight loss proof spends its effort: a profile, not a timing race.

Not run by the test suite.  Examples::

    python bench/bench_clubfight_lossprofile.py CF1-0:9 CF1-3:9 CF1-4:8
    python bench/bench_clubfight_lossprofile.py CF2-17:9 --rules webapp --top 12

Each argument is a deal and the clubs kept (the first ``N`` of its club order,
as :func:`analysis.clubfight.slack.with_clubs` keeps them).  For each, the solver
runs with its certificate on and the script prints:

* the verdict, nodes, seconds, and the children generated per node with how
  each was settled (the capacity, next-club and window bounds, the tail
  rule inside the window bound, the table of refuted states);
* the nodes the restarts cost (nodes less refuted states: a loss proof visits
  each refuted state once, anything beyond is re-exploration);
* the refuted states by (clubs played, cards cleared), most numerous first:
  the lines the bounds fail to cut, for instance three clubs that cleared one
  card each;
* how many of the refuted states hold the same cards on the grid in another
  arrangement: the states a proof could merge if it did not care where a card
  sits (only Line and the refill order do);
* with ``--shortfall N``: how far from won the refuted states are.  For the
  start and for up to ``N`` refuted states (drawn at random, seed 1) after
  each number of clubs played, the fewest cards any line of play leaves
  (:func:`analysis.clubfight.solver.fewest_left`, each solve within
  ``--shortfall-nodes``).  A bound that cut a state would have to see that
  many cards out of reach; the start of a tight loss is typically 1 or 2
  short while the states its proof expands are several times that.

* with ``--fresh-ladder N``: how much a ladder built again from a refuted
  state would cut.  The search builds its ladder (:func:`ladder_limits`,
  :func:`ladder_needs`) once, from the start, so the cards a club may find on
  its grid include every card dealt so far, those already cleared too.  For
  up to ``N`` refuted states (seed 1) after each number of clubs played the
  script builds the ladder again from the state itself (the cleared cards
  gone) and reports the share it refutes outright, and, for the same parents,
  the share of their children listed in the certificate that the parent's
  rebuilt ladder cuts: what rebuilding at that depth would save, before its
  cost (a rebuild costs tens of microseconds compiled, an expansion about 9).

The figures repeat exactly (the search is deterministic), except the seconds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from model.clubfight.deals import Deal  # noqa: E402
from model.clubfight.rules import PRESETS  # noqa: E402
from analysis.clubfight.slack import with_clubs  # noqa: E402
from analysis.clubfight.certificate import PACKED_DEALT_SHIFT  # noqa: E402
from analysis.clubfight._solver_core import (  # noqa: E402
    Position, child_grid, club_masks, grid_max_clears, ladder_key, ladder_limits, ladder_needs,
    unpack_grid,
)
from analysis.clubfight.solver import (  # noqa: E402
    CERTIFICATE_LIMIT, fewest_left, position_state, solve,
)
from model.clubfight.state import State  # noqa: E402

SETTLED = (("bound_cuts", "capacity bound"), ("next_club_cuts", "next-club bound"),
           ("window_cuts", "window bound"), ("tail_cuts", "  of which the tail rule"),
           ("ladder_cuts", "ladder"),
           ("table_hits", "table of refuted states"))


def profile(spec: str, rules_name: str, max_nodes: int, top: int, shortfall: int = 0,
            shortfall_nodes: int = 2_000_000, fresh_ladder: int = 0) -> None:
    deal_id, _, clubs = spec.partition(":")
    if not clubs.isdigit():
        raise SystemExit(f"{spec}: give a deal and the clubs kept, such as CF1-0:9")
    start = with_clubs(State.from_deal(Deal.from_id(deal_id)), int(clubs))
    began = time.perf_counter()
    result = solve(start, PRESETS[rules_name], max_nodes=max_nodes, certificate=True,
                   certificate_limit=CERTIFICATE_LIMIT)
    seconds = time.perf_counter() - began
    stats = result.stats
    nodes = max(result.nodes, 1)
    print(f"{deal_id} with {clubs} clubs ({rules_name}): {result.verdict} in "
          f"{result.nodes:,} nodes, {seconds:.2f} s ({1e6 * seconds / nodes:.0f} us a node)")
    children = stats.get("children", 0)
    print(f"  children generated: {children:,} ({children / nodes:.1f} a node), settled by:")
    for key, name in SETTLED:
        if key in stats:
            print(f"    {name:<28} {stats[key]:>12,}")
    table = stats.get("table_size")
    if isinstance(table, int):
        print(f"  refuted states: {table:,}; restarts: {stats.get('restarts', 0):,}, "
              f"costing {result.nodes - table:,} nodes of re-exploration")
    certificate = result.certificate
    if certificate is None:
        print(f"  no certificate ({stats.get('certificate', 'not a loss')}): no state profile")
        return
    refuted = certificate.refuted
    shape = Counter((len(played), dealt - 9) for _, dealt, played in refuted)
    print(f"  refuted states by (clubs played, cards cleared), the {top} most numerous:")
    for (played, cleared), number in shape.most_common(top):
        print(f"    {played} clubs, {cleared:>2} cleared: {number:>9,} "
              f"({100 * number / len(refuted):.1f}%)")
    same_cards = {(frozenset(card for card in grid if card >= 0), dealt, played)
                  for grid, dealt, played in refuted}
    print(f"  distinct grid card sets among them: {len(same_cards):,} "
          f"({len(refuted) / max(len(same_cards), 1):.1f} arrangements a set)")
    if shortfall:
        print_shortfall(start, certificate, PRESETS[rules_name], shortfall, shortfall_nodes)
    if fresh_ladder:
        print_fresh_ladder(start, certificate, PRESETS[rules_name], fresh_ladder)


def print_shortfall(start: State, certificate, rules, per_turn: int, nodes: int) -> None:
    """The fewest cards left from the start and from sampled refuted states."""
    found = fewest_left(start, rules, max_nodes=nodes)
    print(f"  the fewest cards any line leaves from the start: {_fewest(found)}")
    position = Position.of(start)
    keys, played = certificate.packed()
    by_turn: dict[int, list[tuple[int, int]]] = {}
    for key, mask in zip(keys, played):
        by_turn.setdefault(mask.bit_count(), []).append((key, mask))
    rng = random.Random(1)
    grid_bits = (1 << PACKED_DEALT_SHIFT) - 1
    for turn in sorted(by_turn):
        states = by_turn[turn]
        sample = rng.sample(states, min(per_turn, len(states)))
        counts = Counter()
        for key, mask in sample:
            state = position_state(start, position, key & grid_bits,
                                   key >> PACKED_DEALT_SHIFT, mask)
            counts[_fewest(fewest_left(state, rules, max_nodes=nodes))] += 1
        shown = ", ".join(f"{value}: {number}" for value, number in
                          sorted(counts.items(), key=lambda item: (len(item[0]), item[0])))
        print(f"    {turn} clubs played, {len(sample)} of {len(states):,} refuted states, "
              f"fewest cards left (states): {shown}")


def print_fresh_ladder(start: State, certificate, rules, per_turn: int) -> None:
    """What a ladder built again from sampled refuted states would cut."""
    print("  a ladder built again from the state (the cleared cards gone):")
    position = Position.of(start)
    total = len(position.values)
    keys, played = certificate.packed()
    listed = set(zip(keys, played))
    by_turn: dict[int, list[tuple[int, int]]] = {}
    for key, mask in listed:
        by_turn.setdefault(mask.bit_count(), []).append((key, mask))
    rng = random.Random(1)
    grid_bits = (1 << PACKED_DEALT_SHIFT) - 1
    for turn in sorted(by_turn):
        states = sorted(by_turn[turn])
        sample = rng.sample(states, min(per_turn, len(states)))
        refuted = children = children_cut = 0
        for key, mask in sample:
            grid, dealt = key & grid_bits, key >> PACKED_DEALT_SHIFT
            fresh = Position.of(position_state(start, position, grid, dealt, mask))
            size = len(fresh.values)
            need = ladder_needs(ladder_limits(fresh.values, fresh.suits, size, fresh.dealt,
                                              rules),
                                size, fresh.club_order, fresh.hand_size, rules)
            hand = _drawn(fresh, 0)
            refuted += _margin(grid, position, rules, need, hand, 0, 0) < 0
            for club in _clubs(hand):
                for slots in club_masks(unpack_grid(grid), position.values, position.suits,
                                        club, rules):
                    child, child_dealt = child_grid(grid, dealt, total, slots)
                    if (child | child_dealt << PACKED_DEALT_SHIFT, mask | 1 << club) not in listed:
                        continue
                    children += 1
                    after = _drawn(fresh, 1) & ~(1 << club)
                    children_cut += _margin(child, position, rules, need, after, 1 << club,
                                            slots.bit_count()) < 0
        print(f"    {turn} clubs played, {len(sample)} of {len(states):,} refuted states: "
              f"{refuted} refuted by their own rebuilt ladder; of their {children:,} "
              f"children in the certificate, {children_cut:,} cut by the parent's")


def _drawn(position: Position, turns: int) -> int:
    """The clubs drawn once ``turns`` have been played since ``position`` (value mask)."""
    order = position.club_order
    return sum(1 << v for v in order[:min(len(order), position.hand_size + turns)])


def _clubs(mask: int) -> list[int]:
    return [v for v in range(1, 14) if mask >> v & 1]


def _margin(grid: int, position: Position, rules, need, hand: int, played: int,
            cleared: int) -> int:
    """The ladder's margin (as :meth:`analysis.clubfight.search.Search.ladder_margin`,
    without the Jokers' duty, which ``need`` was built without): the most a club in ``hand`` clears on
    ``grid`` beyond what ``need`` asks of it."""
    most = grid_max_clears(unpack_grid(grid), position.values, position.suits, rules)
    return max(most[club] - need[ladder_key(played | 1 << club, cleared)]
               for club in _clubs(hand))


def _fewest(found) -> str:
    return str(found.fewest) if found.fewest is not None else f">={found.at_least}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="+", metavar="DEAL:CLUBS")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="rulebook")
    parser.add_argument("--max-nodes", type=int, default=3_000_000)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--shortfall", type=int, default=0, metavar="N",
                        help="also the fewest cards left from N refuted states a turn")
    parser.add_argument("--shortfall-nodes", type=int, default=2_000_000, metavar="M",
                        help="node budget of each of those solves")
    parser.add_argument("--fresh-ladder", type=int, default=0, metavar="N",
                        help="also what a ladder built again from N refuted states a turn "
                             "would cut")
    args = parser.parse_args(argv)
    for spec in args.specs:
        profile(spec, args.rules, args.max_nodes, args.top, args.shortfall,
                args.shortfall_nodes, args.fresh_ladder)


if __name__ == "__main__":
    main()
