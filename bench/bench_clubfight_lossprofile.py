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
  sits (only Line and the refill order do).

The figures repeat exactly (the search is deterministic), except the seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from model.clubfight.deals import Deal  # noqa: E402
from model.clubfight.rules import PRESETS  # noqa: E402
from model.clubfight.slack import with_clubs  # noqa: E402
from model.clubfight.solver import CERTIFICATE_LIMIT, solve  # noqa: E402
from model.clubfight.state import State  # noqa: E402

SETTLED = (("bound_cuts", "capacity bound"), ("next_club_cuts", "next-club bound"),
           ("window_cuts", "window bound"), ("tail_cuts", "  of which the tail rule"),
           ("ladder_cuts", "ladder"),
           ("table_hits", "table of refuted states"))


def profile(spec: str, rules_name: str, max_nodes: int, top: int) -> None:
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="+", metavar="DEAL:CLUBS")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="rulebook")
    parser.add_argument("--max-nodes", type=int, default=3_000_000)
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args(argv)
    for spec in args.specs:
        profile(spec, args.rules, args.max_nodes, args.top)


if __name__ == "__main__":
    main()
