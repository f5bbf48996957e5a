"""What a ladder technique buys: proofs with it and without it.

Not run by the test suite.  Examples::

    python bench/bench_clubfight_ladder_techniques.py CF1-0:8 CF1-0:9 CF2-1:9 CF1-3:9
    python bench/bench_clubfight_ladder_techniques.py --wins 12 --jokers 2
    python bench/bench_clubfight_ladder_techniques.py --technique last_two --rules webapp \
        CF1-10:8 CF1-20:9 CF1-3:9

``--technique joker_duty`` (the default):

Under rules where a Joker neither matches nor joins a Sum (``rulebook``), a
Joker leaves the grid only by Any (one card) or by a Line through it (at most
three, and only a club whose rank shares the line).  The technique
``joker_duty`` (:class:`analysis.clubfight.solver.Techniques`) gives the
ladder's table the Jokers cleared so far and the Jokers a club's clear takes
(:func:`analysis.clubfight._solver_core.ladder_needs`).

``--technique last_two``: the ladder's last club must also take what the club
before it left of its fresh cards (:func:`analysis.clubfight._solver_core.
last_club_takes_all`).

For each ``DEAL:CLUBS`` (the deal with the first ``CLUBS`` of its club order,
as :func:`analysis.clubfight.slack.with_clubs` keeps them) the script solves it
with the technique off and on (the compiled search when it can be built) and
prints the verdicts, nodes and CPU seconds of both, then the loss checker's
CPU seconds on each proof.  ``--wins N`` walks the winning line of deals
``0 .. N - 1`` at every club count that wins (within ``--max-nodes``) and
reports the least ladder margin on the way: a winning line never meets a
negative one if the argument is right (each negative is printed).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.clubfight import _solver_core as core  # noqa: E402
from model.clubfight.deals import Deal  # noqa: E402
from analysis.clubfight.losscheck import check_loss  # noqa: E402
from model.clubfight.rules import PRESETS, Rules  # noqa: E402
from analysis.clubfight.slack import with_clubs  # noqa: E402
from analysis.clubfight.solver import solve  # noqa: E402
from analysis.clubfight.search import Search  # noqa: E402
from analysis.clubfight.techniques import ALL_TECHNIQUES  # noqa: E402
from model.clubfight.state import State  # noqa: E402


def solve_both(spec: str, rules: Rules, max_nodes: int, technique: str) -> None:
    deal_id, _, clubs = spec.partition(":")
    if not clubs.isdigit():
        raise SystemExit(f"{spec}: give a deal and the clubs kept, such as CF1-0:9")
    state = with_clubs(State.from_deal(Deal.from_id(deal_id)), int(clubs))
    shown = []
    for on in (False, True):
        techniques = dataclasses.replace(ALL_TECHNIQUES, **{technique: on})
        began = time.process_time()
        result = solve(state, rules, techniques=techniques, max_nodes=max_nodes,
                       certificate=True)
        seconds = time.process_time() - began
        checked = ""
        if result.certificate is not None:
            began = time.process_time()
            report = check_loss(result.certificate)
            checked = (f", check {'ok' if report.ok else report.reason} in "
                       f"{time.process_time() - began:.3f} s")
        shown.append(f"{'with' if on else 'without'} {technique}: {result.verdict} in "
                     f"{result.nodes:,} nodes, {seconds:.3f} s{checked}")
    print(f"{spec}: " + "; ".join(shown), flush=True)


def check_wins(jokers: int, deals: int, rules: Rules, max_nodes: int) -> None:
    least, states = core.LADDER_NEVER, 0
    for number in range(deals):
        start = State.from_deal(Deal.from_number(jokers, number))
        for clubs in range(13, 0, -1):
            state = with_clubs(start, clubs)
            result = solve(state, rules, max_nodes=max_nodes)
            if result.verdict != "win":
                break
            position = core.Position.of(state)
            search = Search(position, rules, ALL_TECHNIQUES, None, None)
            if not search.ladder_usable:
                continue
            search.start_ladder()
            grid, dealt, played, key = position.grid, position.dealt, 0, position.count_key
            total = search.total
            for move in result.moves:
                margin = search.ladder_margin(grid, played, key)
                least, states = min(least, margin), states + 1
                if margin < 0:
                    print(f"  NEGATIVE on a winning line: CF{jokers}-{number} with {clubs} "
                          f"clubs, after {played.bit_count()} clubs: margin {margin}")
                cells = core.unpack_grid(grid)
                key -= sum(core.card_delta(position.values[cells[s]]) for s in move.cleared)
                grid, dealt = core.child_grid(grid, dealt, total,
                                              sum(1 << slot for slot in move.cleared))
                played |= 1 << move.club
    print(f"winning lines of CF{jokers}-0 .. CF{jokers}-{deals - 1}: {states:,} states, "
          f"least ladder margin {least}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="*", metavar="DEAL:CLUBS")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="rulebook")
    parser.add_argument("--max-nodes", type=int, default=3_000_000)
    parser.add_argument("--wins", type=int, default=0, metavar="N",
                        help="walk the winning lines of deals 0 .. N - 1")
    parser.add_argument("--jokers", type=int, choices=(1, 2), default=1)
    parser.add_argument("--technique", choices=("joker_duty", "last_two"), default="joker_duty",
                        help="the ladder technique compared off and on")
    args = parser.parse_args(argv)
    rules = PRESETS[args.rules]
    for spec in args.specs:
        solve_both(spec, rules, args.max_nodes, args.technique)
    if args.wins:
        check_wins(args.jokers, args.wins, rules, args.max_nodes)


if __name__ == "__main__":
    main()
