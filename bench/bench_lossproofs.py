"""Loss proofs at the club count that settles a slack: nodes, seconds, and what each lead would buy.

Not run by the test suite.  Examples::

    python bench/bench_lossproofs.py                         # everything, default set
    python bench/bench_lossproofs.py --only proofs --parts 20
    python bench/bench_lossproofs.py --only leads CF2-3879:11 CF2-0:9

Each ``DEAL:CLUBS`` is a deal with the first ``CLUBS`` of its club order kept
(:func:`analysis.clubfight.slack.with_clubs`); the default set is five of the
2-Joker ``rulebook`` deals of slack 1 (lost with 11 clubs, won with 12), the
ones whose proofs are smallest (1.2 to 2.5 million nodes).

``proofs``: each loss of the set, then the loss of every deal ``0 .. --parts
- 1`` of each variant at its ``lost_with`` (the loss part of
``bench_clubfight_slack.py --only parts``), solved by today's search and by
the same search without the beams and restarts (which only look for wins):
verdict, nodes, CPU seconds, refuted states.

``leads`` (issue 40, item 3), on each loss of the set:

* the relaxation ladder: the same search on a relaxed game that allows every
  move of both presets and more, so that a loss there is a loss here.  Two
  relaxations, each a copy of the compiled search changed by
  :func:`relaxed_source` and built beside it: ``lines anywhere`` (a Line
  clears any 3 cards holding one of the club's rank, or 1 to 3 on a grid not
  full; a state is its cards, not their places: the grid is kept sorted) and
  ``plain lines anywhere`` (only the Lines that take no Joker are relaxed;
  places kept).  A relaxed win proves nothing about the real game and means
  the relaxation cannot prove the loss;
* the structure of the proof's certificate (the refuted states): how many
  distinct grids and grid card sets they hold (what a key forgetting places,
  or forgetting the played clubs, could merge at best), and how many of them
  an exact argument would merge: the two Jokers swapped (they are the same
  card to every rule), no Line possible for good (no club left whose rank is
  still in play: then places never matter again), and a refuted state with
  the same grid and fewer clubs played whose clubs still to play include,
  already drawn, every club the other has left (every line from the other
  is a line from it, so it is lost too); and, for up to 400 states drawn
  (seed 1) after each number of clubs played, how many are leaves (no child
  in the certificate: every child cut) and their children in it.

Node counts repeat exactly; seconds are CPU seconds of a shared machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.clubfight import _native_build, _solver_native  # noqa: E402
from analysis.clubfight._solver_core import (  # noqa: E402
    Position, child_grid, club_masks, unpack_grid,
)
from analysis.clubfight.slack import with_clubs, slack  # noqa: E402
from analysis.clubfight.solver import CERTIFICATE_LIMIT, solve  # noqa: E402
from analysis.clubfight.techniques import ALL_TECHNIQUES  # noqa: E402
from model.clubfight.deals import Deal  # noqa: E402
from model.clubfight.rules import PRESETS  # noqa: E402
from model.clubfight.state import State  # noqa: E402

DEFAULT_SET = ("CF2-3879:11", "CF2-4096:11", "CF2-4419:11", "CF2-4605:11", "CF2-6782:11")
VARIANTS = ((1, "rulebook"), (2, "rulebook"), (1, "webapp"), (2, "webapp"))
SEARCHES = (("today", ALL_TECHNIQUES),
            ("no beams, no restarts", replace(ALL_TECHNIQUES, beams=(), restarts=False)))
RELAXATIONS = ((1, "lines anywhere"), (2, "plain lines anywhere"))

# The relaxed copies of the compiled search: (text of _solver_core.c, its
# replacement), with RELAX_MODE 1 (every Line anywhere, grids sorted) or 2
# (Lines taking no Joker anywhere, places kept).
_RELAXED_EDITS = (
    ("""    if (d < 3) {
        int aim = by_value[club] | (R[R_LINE_JOKER_TARGET] ? jokers : 0);
        for (int n = 0; n < 6; n++) if (aim & LINE_MASK[n]) found_add(f, LINE_MASK[n] & filled);
    }""",
     """    if (d < 3) {
        int aim = by_value[club] | (R[R_LINE_JOKER_TARGET] ? jokers : 0);
        if (RELAX_MODE == 2)
            for (int n = 0; n < 6; n++) if (aim & LINE_MASK[n]) found_add(f, LINE_MASK[n] & filled);
        for (int sub = filled; sub; sub = (sub - 1) & filled) {
            int k = MASK_LEN[sub];
            if (k > 3 || (filled == 0777 && k < 3) || !(sub & aim)) continue;
            if (RELAX_MODE == 1 || !(sub & jokers)) found_add(f, sub);
        }
    }"""),
    ("""    int line_best[15] = {0}, joker_line = 0;
    if (d < 3) {""",
     """    int line_best[15] = {0}, joker_line = 0;
    if (d < 3) {
        for (int v = 1; v < 14; v++) if (count[v]) line_best[v] = filled < 3 ? filled : 3;
        if (jokers) joker_line = filled < 3 ? filled : 3;
    }
    if (0) {"""),
    ("""    out->lines = diamonds >= 3 ? 0 : 6;""",
     """    out->lines = diamonds >= 3 ? 0 : 6;
    if (RELAX_MODE == 1 && out->lines) {
        out->lines = 1;
        out->held[0] = out->jokers[0] = out->ranks[0] = 0;
        for (int s = 0; s < 9; s++) {
            if (cells[s] < 0) continue;
            out->held[0] = out->held[0] < 3 ? out->held[0] + 1 : 3;
            if (!S->values[cells[s]]) out->jokers[0]++;
            else out->ranks[0] |= 1 << S->values[cells[s]];
        }
        return;
    }"""),
    ("""static inline u64 child_grid(u64 grid, int *dealt, int total, int mask) {""",
     """static inline u64 sorted_grid(u64 grid) {
    int c[9];
    for (int s = 0; s < 9; s++) {
        int x = (int)(grid >> (6 * s) & 63), j = s - 1;
        while (j >= 0 && c[j] > x) { c[j + 1] = c[j]; j--; }
        c[j + 1] = x;
    }
    u64 out = 0;
    for (int s = 0; s < 9; s++) out |= (u64)c[s] << (6 * s);
    return RELAX_MODE == 1 ? out : grid;
}
#define child_grid(g, d, t, m) sorted_grid(child_grid_of(g, d, t, m))
static inline u64 child_grid_of(u64 grid, int *dealt, int total, int mask) {"""),
    ("""    for (int i = 0; i < T_COUNT; i++) S->tech[i] = tech[i];""",
     """    for (int i = 0; i < T_COUNT; i++) S->tech[i] = tech[i];
    grid = sorted_grid(grid);"""),
)


def relaxed_source(mode: int) -> str:
    """The compiled search's source, changed to search relaxation ``mode``."""
    text = _solver_native.SOURCE.read_text()
    for old, new in _RELAXED_EDITS:
        if text.count(old) != 1:
            raise SystemExit(f"the compiled search changed: cannot relax it at {old[:60]!r}")
        text = text.replace(old, new)
    return f"#define RELAX_MODE {mode}\n" + text


@contextmanager
def relaxed(mode: int, folder: Path):
    """The compiled search replaced by relaxation ``mode`` while inside."""
    path = folder / f"_solver_core_relaxed{mode}.c"
    path.write_text(relaxed_source(mode))
    library = _native_build.Library(path, f"cfrelaxed{mode}", _solver_native._declare)
    if not library.available():
        raise SystemExit(f"the relaxed search does not build: {library.unavailable_reason()}")
    kept = _solver_native._LIBRARY
    _solver_native._LIBRARY = library
    try:
        yield
    finally:
        _solver_native._LIBRARY = kept


def start_of(spec: str) -> tuple[State, str]:
    deal_id, _, clubs = spec.partition(":")
    if not clubs.isdigit():
        raise SystemExit(f"{spec}: give a deal and the clubs kept, such as CF2-3879:11")
    return with_clubs(State.from_deal(Deal.from_id(deal_id)), int(clubs)), deal_id


def solve_row(label: str, start: State, rules, techniques, max_nodes: int) -> None:
    began = time.process_time()
    verdict, _, nodes, stats = _solver_native.solve_native(
        Position.of(start), rules, techniques, max_nodes, None)
    print(f"    {label:<34} {verdict:<8} {nodes:>11,} nodes {time.process_time() - began:8.2f} s"
          f"   refuted {stats['table_size']:>11,}", flush=True)


def bench_proofs(specs: list[str], parts: int, max_nodes: int) -> None:
    rules = PRESETS["rulebook"]
    print("proofs of loss, the set (rulebook):")
    for spec in specs:
        start, _ = start_of(spec)
        print(f"  {spec}")
        for name, techniques in SEARCHES:
            solve_row(name, start, rules, techniques, max_nodes)
    if not parts:
        return
    for jokers, rules_name in VARIANTS:
        rules = PRESETS[rules_name]
        totals = {name: [0, 0.0, 0] for name, _ in SEARCHES}
        exact = 0
        for number in range(parts):
            deal = Deal.from_number(jokers, number)
            found = slack(deal, rules, max_nodes=max_nodes, check=False)
            if found.slack is None:
                continue
            exact += 1
            start = with_clubs(State.from_deal(deal), found.lost_with)
            for name, techniques in SEARCHES:
                began = time.process_time()
                verdict, _, nodes, _ = _solver_native.solve_native(
                    Position.of(start), rules, techniques, max_nodes, None)
                totals[name][0] += nodes
                totals[name][1] += time.process_time() - began
                totals[name][2] += verdict == "loss"
        print(f"  losses at lost_with, CF{jokers}-0..{parts - 1} {rules_name}, {exact} exact:")
        for name, (nodes, seconds, lost) in totals.items():
            print(f"    {name:<34} {lost} lost {nodes:>11,} nodes {seconds:8.2f} s", flush=True)


def certificate_structure(start: State, rules, max_nodes: int) -> None:
    result = solve(start, rules, max_nodes=max_nodes, certificate=True,
                   certificate_limit=CERTIFICATE_LIMIT)
    if result.certificate is None:
        print(f"    no certificate ({result.verdict}, {result.stats.get('certificate', '')})")
        return
    position = Position.of(start)
    values, order, total = position.values, position.club_order, len(position.values)
    drawn = [sum(1 << v for v in order[:min(len(order), position.hand_size + t)])
             for t in range(len(order) + 2)]
    every_club = drawn[-1]
    jokers = [i for i, v in enumerate(values) if not v]
    keys, played = result.certificate.packed()
    by_grid: dict[int, list[int]] = defaultdict(list)
    card_sets, joker_classes, no_line = set(), set(), 0
    for key, clubs in zip(keys, played):
        by_grid[key].append(clubs)
        cells = tuple(key >> 6 * s & 63 for s in range(9))
        dealt = key >> 54
        held = frozenset(c for c in cells if c != 63)
        card_sets.add((held, clubs))
        if len(jokers) == 2 and max(jokers) < dealt:
            a, b = jokers
            swapped = tuple(b if c == a else a if c == b else c for c in cells)
            cells = min(cells, swapped)
        joker_classes.add((cells, clubs))
        in_play = {values[c] for c in held} | set(values[dealt:total])
        no_line += not any(v in in_play for v in range(1, 14) if (every_club & ~clubs) >> v & 1)
    dominated = 0
    for clubs_list in by_grid.values():
        for other in clubs_list:
            left = every_club & ~other
            dominated += any(p != other and p & other == p and not left & ~drawn[p.bit_count()]
                             for p in clubs_list)
    n = len(keys)
    shape = Counter(c.bit_count() for c in played)
    print(f"    certificate {n:,} states ({result.nodes:,} nodes); by clubs played "
          f"{dict(sorted(shape.items()))}")
    print(f"    distinct grids {len(by_grid):,} ({n / len(by_grid):.1f} played sets a grid); "
          f"grid card sets {len(card_sets):,} ({n / len(card_sets):.2f} arrangements a set)")
    print(f"    exact merges: Jokers swapped {n - len(joker_classes):,}; no Line possible for "
          f"good {no_line:,}; same grid, fewer clubs played and refuted {dominated:,}",
          flush=True)
    listed = set(zip(keys, played))
    by_turn: dict[int, list] = defaultdict(list)
    for state in sorted(listed):
        by_turn[state[1].bit_count()].append(state)
    rng = random.Random(1)
    shown = []
    for turn in sorted(by_turn):
        sample = rng.sample(by_turn[turn], min(400, len(by_turn[turn])))
        leaves = children = 0
        for key, clubs in sample:
            grid, dealt = key & (1 << 54) - 1, key >> 54
            found = 0
            for club in range(1, 14):
                if not (drawn[turn] & ~clubs) >> club & 1:
                    continue
                for mask in club_masks(unpack_grid(grid), values, position.suits, club, rules):
                    child, child_dealt = child_grid(grid, dealt, total, mask)
                    found += (child | child_dealt << 54, clubs | 1 << club) in listed
            leaves += not found
            children += found
        shown.append(f"{turn}: {leaves}/{len(sample)} ({children})")
    print(f"    leaves of states drawn, by clubs played (their children listed): "
          f"{', '.join(shown)}", flush=True)


def bench_leads(specs: list[str], max_nodes: int) -> None:
    rules = PRESETS["rulebook"]
    print("leads, on the set (rulebook):")
    with tempfile.TemporaryDirectory() as folder:
        for spec in specs:
            start, _ = start_of(spec)
            print(f"  {spec}")
            solve_row("today", start, rules, ALL_TECHNIQUES, max_nodes)
            for mode, name in RELAXATIONS:
                with relaxed(mode, Path(folder)):
                    solve_row(name, start, rules, ALL_TECHNIQUES, max_nodes)
            certificate_structure(start, rules, max_nodes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*", metavar="DEAL:CLUBS", default=list(DEFAULT_SET))
    parser.add_argument("--only", choices=("proofs", "leads"))
    parser.add_argument("--parts", type=int, default=10,
                        help="deals per variant whose loss at lost_with is solved (0: none)")
    parser.add_argument("--max-nodes", type=int, default=20_000_000)
    args = parser.parse_args()
    if not _solver_native.available():
        raise SystemExit(f"the compiled search is needed: {_solver_native.unavailable_reason()}")
    if args.only in (None, "proofs"):
        bench_proofs(args.specs, args.parts, args.max_nodes)
    if args.only in (None, "leads"):
        bench_leads(args.specs, args.max_nodes)


if __name__ == "__main__":
    main()
