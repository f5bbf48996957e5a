"""Where a Club Fight loss proof spends its effort: a profile, not a timing race.

Not run by the test suite.  Examples::

    python bench/bench_clubfight_lossprofile.py CF1-0:9 CF1-3:9 CF1-4:8
    python bench/bench_clubfight_lossprofile.py CF2-17:9 --rules webapp --top 12

Each argument is a deal and the clubs kept (the first ``N`` of its club order,
as :func:`model.clubfight.slack.with_clubs` keeps them).  For each, the solver
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
  (:func:`model.clubfight.solver.fewest_left`, each solve within
  ``--shortfall-nodes``).  A bound that cut a state would have to see that
  many cards out of reach; the start of a tight loss is typically 1 or 2
  short while the states its proof expands are several times that.

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
from model.clubfight.slack import with_clubs  # noqa: E402
from model.clubfight.losscheck import PACKED_DEALT_SHIFT  # noqa: E402
from model.clubfight._solver_core import Position  # noqa: E402
from model.clubfight.solver import (  # noqa: E402
    CERTIFICATE_LIMIT, fewest_left, position_state, solve,
)
from model.clubfight.state import State  # noqa: E402

SETTLED = (("bound_cuts", "capacity bound"), ("next_club_cuts", "next-club bound"),
           ("window_cuts", "window bound"), ("tail_cuts", "  of which the tail rule"),
           ("ladder_cuts", "ladder"),
           ("table_hits", "table of refuted states"))


def profile(spec: str, rules_name: str, max_nodes: int, top: int, shortfall: int = 0,
            shortfall_nodes: int = 2_000_000) -> None:
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
    args = parser.parse_args(argv)
    for spec in args.specs:
        profile(spec, args.rules, args.max_nodes, args.top, args.shortfall,
                args.shortfall_nodes)


if __name__ == "__main__":
    main()
