"""The Club Fight solver, its certificate checker and the ``solve`` command.

* the solver's own move generator against the rules model's, on many grids;
* its bounds never below what is really possible;
* every pruning technique against a plain reference search on late-game
  states (random play from deals until 3-5 clubs are left, both presets);
* known deals, every win replayed by the independent checker;
* constructed losses; limits give ``unknown``, never ``loss``;
* the command's contract.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import random

import pytest
from hypothesis import given, strategies as st

from harness.cli import main
from analysis.clubfight import _solver_core as core
from analysis.clubfight import _solver_native
from model.clubfight.cards import GRID_CARDS, JOKER
from analysis.clubfight.certify import CertificateError, certify_win, replay_win
from model.clubfight.deals import Deal
from model.clubfight.engine import GAME
from model.clubfight.moves import Move, moves_for_club
from model.clubfight.rules import DEFAULT_RULES, WEBAPP, Rules
from analysis.clubfight.solver import fewest_left, pruned_states, reference_decide, solve
from analysis.clubfight.search import Search
from analysis.clubfight.techniques import ALL_TECHNIQUES, NO_TECHNIQUES
from model.clubfight.state import State

from clubfight_positions import late_state

VARIANTS = [DEFAULT_RULES, WEBAPP] + [
    dataclasses.replace(DEFAULT_RULES, **{f.name: (not getattr(DEFAULT_RULES, f.name)
                                              if isinstance(getattr(DEFAULT_RULES, f.name), bool)
                                              else 3)})
    for f in dataclasses.fields(Rules)
]
VARIANT_IDS = ["rulebook", "webapp"] + [f"flip-{f.name}" for f in dataclasses.fields(Rules)]
PRESETS = [DEFAULT_RULES, WEBAPP]

NATIVE = _solver_native.available()
needs_native = pytest.mark.skipif(
    not NATIVE, reason=f"compiled search unavailable: {_solver_native.unavailable_reason()}")

# Every technique off one at a time, then all off but the table, then all off,
# then everything eager (tiny budgets, the window for every club count), then
# the ladder from the first node (it is built once the first attempt ends).
TECHNIQUE_SETS = [ALL_TECHNIQUES] + [
    dataclasses.replace(ALL_TECHNIQUES, **{name: False})
    for name in ("dedupe", "order", "bound", "next_club", "window", "tail", "table",
                 "restarts", "blocking", "ladder", "ladder_moves", "joker_duty", "last_two",
                 "two_step")
] + [dataclasses.replace(NO_TECHNIQUES, table=True, dedupe=True), NO_TECHNIQUES,
     dataclasses.replace(ALL_TECHNIQUES, first_budget=1, restart_budgets=(1, 2, 3),
                        window_clubs=13),
     dataclasses.replace(ALL_TECHNIQUES, first_budget=0),
     dataclasses.replace(ALL_TECHNIQUES, first_budget=0, beams=((0, 1), (0, 4), (3, 64)))]


# --------------------------------------------------------------------------
# Positions
# --------------------------------------------------------------------------

def played_states(jokers: int, number: int, rules: Rules, rng: random.Random, *,
                  greed: float = 0.6) -> list[State]:
    """Every state of one game from a deal, moves chosen by the rules model.

    Mostly big clears (so games last), sometimes any move.
    """
    state = State.from_deal(Deal.from_number(jokers, number))
    states = [state]
    while not (state.won or state.lost):
        moves = sorted(GAME.legal_actions(state, rules), key=lambda m: -len(m.cleared))
        move = moves[0] if rng.random() < greed else rng.choice(moves)
        state = GAME.resolve(state, move, rules).state
        states.append(state)
    return states




def random_grid(rng: random.Random, empties: int) -> tuple:
    """9 slots of distinct grid cards (up to 2 Jokers), some empty."""
    pool = list(GRID_CARDS) + [JOKER, JOKER]
    cards = rng.sample(pool, 9)
    for slot in rng.sample(range(9), empties):
        cards[slot] = None
    return tuple(cards)


def to_cells(grid: tuple) -> tuple[list[int], tuple, tuple]:
    """A model grid in the solver's terms: cell indices, values, suits."""
    cards = [c for c in grid if c is not None]
    cells, index = [], 0
    for card in grid:
        if card is None:
            cells.append(-1)
        else:
            cells.append(index)
            index += 1
    return cells, tuple(c.value for c in cards), tuple(c.suit_order for c in cards)


@functools.lru_cache(maxsize=None)
def sample_grids() -> list[tuple]:
    """Grids met in play (both presets) and random grids with 0-5 empty slots."""
    rng = random.Random(20240611)
    grids = []
    for number in range(8):
        for rules in PRESETS:
            grids += [s.grid for s in played_states(1 + number % 2, number, rules, rng)]
    grids += [random_grid(rng, rng.choice([0, 0, 0, 1, 2, 3, 5])) for _ in range(150)]
    return grids


# --------------------------------------------------------------------------
# The solver's move generator and bounds against the rules model
# --------------------------------------------------------------------------

@pytest.mark.rules("CF 3.1", "CF 3.2", "CF 3.3", "CF 3.4", "CF 3.5", "CF 4.1", "CF 4.2",
                   "CF 4.3", "CF 4.4", "CF 4.5", "CF 4.6", "CF 2.2")
@pytest.mark.parametrize("rules", VARIANTS, ids=VARIANT_IDS)
def test_move_generator_matches_the_rules_model(rules):
    for grid in sample_grids():
        cells, values, suits = to_cells(grid)
        most = core.grid_max_clears(cells, values, suits, rules)
        assert most[0] == sum(1 for c in grid if c is not None and c.is_joker)
        for club in range(1, 14):
            model = moves_for_club(grid, club, rules)
            expected = {frozenset(m.cleared) for m in model}
            masks = core.club_masks(cells, values, suits, club, rules)
            got = {frozenset(core.MASK_SLOTS[mask]) for mask in masks}
            assert got == expected, (grid, club)
            # The label kept for each mask is a legal model move clearing it.
            for mask, (action, line, direction) in masks.items():
                assert Move(club, action, core.MASK_SLOTS[mask], line, direction) in model
            # The per-grid bound is never below the biggest move.
            assert most[club] >= max((len(s) for s in expected), default=0)


@pytest.mark.rules("CF 4.1", "CF 4.2", "CF 4.5", "CF 4.6")
@given(st.lists(st.integers(0, 3), min_size=13, max_size=13), st.integers(0, 2))
def test_greedy_sum_bounds_every_exact_sum(count, jokers):
    """The smallest-cards count is at least the size of any set adding up to the club."""
    counts = [0] + count + [0]
    greedy = core._greedy_sum_counts(counts)
    best = [0] + [-1] * 13
    for v in range(1, 14):
        for _ in range(counts[v]):
            for total in range(13, v - 1, -1):
                if best[total - v] >= 0:
                    best[total] = max(best[total], best[total - v] + 1)
    for club in range(1, 14):
        assert greedy[club] >= best[club]


@pytest.mark.rules("CF 4.7", "CF 2.3")
@pytest.mark.parametrize("rules", VARIANTS, ids=VARIANT_IDS)
def test_capacities_bound_every_move_now_and_later(rules):
    """Capacities from the cards in play cover every move on any grid made of them."""
    rng = random.Random(7)
    for number in range(6):
        for state in played_states(1 + number % 2, number, rules, rng):
            if state.won:
                continue
            position = core.Position.of(state)
            caps, joker_caps, left, jokers = core.club_capacities(position.count_key, rules)
            assert left == state.cards_left
            assert jokers == sum(c.is_joker for c in state.grid if c) + sum(
                c.is_joker for c in state.deck)
            # The grid now, and a grid of the last 9 cards in play (a later window).
            in_play = [c for c in state.grid if c is not None] + list(state.deck)
            later = tuple(in_play[-9:]) + (None,) * (9 - len(in_play[-9:]))
            for grid in (state.grid, later):
                for club in range(1, 14):
                    for move in moves_for_club(grid, club, rules):
                        assert len(move.cleared) <= caps[club]
                        takes_joker = any(grid[s].is_joker for s in move.cleared)
                        if takes_joker and not (rules.jokers_match or rules.sum_jokers_zero):
                            assert move.action in ("any", "line")
                            assert len(move.cleared) <= joker_caps[club]


@pytest.mark.rules("CF 2.3", "CF 3.2", "CF 3.3", "CF 3.4", "CF 4.7")
@pytest.mark.parametrize("rules", VARIANTS, ids=VARIANT_IDS)
def test_two_step_bound_covers_every_grid_after_a_clear(rules):
    """two_step_bound(g) is at least every club's largest move on every grid
    that clearing any g cards and refilling can make (blocking included)."""
    rng = random.Random(11)
    checked = 0
    for number in range(4):
        states = [s for s in played_states(1 + number % 2, number, rules, rng) if not s.won]
        for state in rng.sample(states, min(3, len(states))):
            position = core.Position.of(state)
            cells = core.unpack_grid(position.grid)
            filled = [s for s in range(9) if cells[s] >= 0]
            total = len(position.values)
            for g in {1, rng.randint(1, len(filled)), len(filled)}:
                if g >= state.cards_left:
                    continue
                bound = core.two_step_bound(cells, position.values, position.suits,
                                            position.dealt, total, g, rules)
                for chosen in itertools.combinations(filled, g):
                    mask = sum(1 << s for s in chosen)
                    after, _ = core.child_grid(position.grid, position.dealt, total, mask)
                    after_cells = core.unpack_grid(after)
                    for club in range(1, 14):
                        found = core.club_masks(after_cells, position.values, position.suits,
                                                club, rules)
                        largest = max((m.bit_count() for m in found), default=0)
                        assert largest <= bound[club], (str(state), g, chosen, club)
                checked += 1
    assert checked >= 12


@pytest.mark.rules("CF 2.3", "CF 2.4")
def test_packed_state_follows_the_engine():
    """The solver's refill and implied deal position agree with the engine, turn by turn."""
    rng = random.Random(3)
    for number in range(6):
        for rules in PRESETS:
            states = played_states(1 + number % 2, number, rules, rng)
            start = core.Position.of(states[0])
            for before, after in zip(states, states[1:]):
                position = core.Position.of(before)
                assert core.dealt_of(position.grid, len(position.values)) == position.dealt
                # Apply the move played (the cards that left play) the solver's way.
                move_mask = sum(1 << s for s in _cleared_slots(before, after))
                grid, dealt = core.child_grid(position.grid, position.dealt,
                                              len(position.values), move_mask)
                cells = core.unpack_grid(grid)
                shown = tuple(None if i < 0 else position.cards[i] for i in cells)
                assert shown == after.grid
                assert position.cards[dealt:] == after.deck
                assert core.dealt_of(grid, len(position.values)) == dealt
            assert start.club_order[:4] == tuple(sorted(start.club_order[:4]))


def _cleared_slots(before: State, after: State) -> list[int]:
    """The slots the move between two states cleared (cards that left play)."""
    gone = list(after.cleared)
    for card in before.cleared:
        gone.remove(card)
    slots = []
    for s, card in enumerate(before.grid):
        if card is not None and card in gone:
            gone.remove(card)
            slots.append(s)
    return slots


# --------------------------------------------------------------------------
# Pruning against the plain reference search
# --------------------------------------------------------------------------

def near_losses(jokers: int, number: int, clubs_left: int, rules: Rules,
                rng: random.Random, count: int) -> list[State]:
    """Lost states one move off a winning line that take the solver a search to refute."""
    state = State.from_deal(Deal.from_number(jokers, number))
    line = solve(state, rules, timeout=5).moves
    for move in line[:13 - clubs_left - 1]:
        state = GAME.resolve(state, move, rules).state
    if state.won or len(state.hand) + len(state.clubs) != clubs_left + 1:
        return []
    found = []
    moves = list(GAME.legal_actions(state, rules))
    rng.shuffle(moves)
    for move in moves:
        after = GAME.resolve(state, move, rules).state
        if after.won or after.lost:
            continue
        result = solve(after, rules)
        if result.verdict == "loss" and result.nodes > 1:
            found.append(after)
            if len(found) == count:
                break
    return found


@functools.lru_cache(maxsize=None)
def late_game_cases() -> list[tuple[Rules, int, State, bool]]:
    """Late-game states both searches decide, with the reference's verdict.

    Two sources per preset: states a few random moves off a winning line
    (mostly won), and lost states one move off a winning line that the
    capacity bound does not settle at once (so the search really prunes).
    3 and 4 clubs left, a few with 5; a state the reference cannot decide
    within its node budget is left out.
    """
    rng = random.Random(11)
    cases = []
    for rules in PRESETS:
        for clubs_left, deals, budget in ((3, range(10), 20_000), (4, range(9), 20_000)):
            candidates = [late_state(1 + n % 2, n, clubs_left, rules, rng, leave_early=True)
                          for n in deals]
            for number in range(3):
                candidates += near_losses(1 + number % 2, 40 + number, clubs_left, rules, rng, 2)
            for state in candidates:
                if state is None:
                    continue
                try:
                    verdict = reference_decide(state, rules, max_nodes=budget)
                except RuntimeError:
                    continue
                cases.append((rules, clubs_left, state, verdict))
        # 5 clubs left: the plain search is slow there, one decided state will do.
        for number in range(8):
            state = late_state(1 + number % 2, 60 + number, 5, rules, rng, leave_early=True)
            if state is None:
                continue
            try:
                verdict = reference_decide(state, rules, max_nodes=4_000)
            except RuntimeError:
                continue
            cases.append((rules, 5, state, verdict))
            break
    return cases


def test_late_game_cases_cover_wins_and_losses():
    cases = late_game_cases()
    for rules in PRESETS:
        mine = [c for c in cases if c[0] == rules]
        assert len(mine) >= 20
        assert {verdict for *_, verdict in mine} == {True, False}
        assert {left for _, left, _, _ in mine} >= {3, 4}
    assert any(left == 5 for _, left, _, _ in cases)


TECHNIQUE_IDS = ["all", "no-dedupe", "no-order", "no-bound", "no-next-club", "no-window",
                 "no-tail", "no-table", "no-restarts", "no-blocking", "no-ladder",
                 "no-ladder-moves", "no-joker-duty", "no-last-two", "no-two-step",
                 "table-only",
                 "none", "eager", "ladder-first", "beams-first"]


@pytest.mark.rules("CF 2.1", "CF 2.2", "CF 2.3", "CF 2.4", "CF 4.7", "CF 5.1", "CF 5.2")
@pytest.mark.parametrize("techniques", TECHNIQUE_SETS, ids=TECHNIQUE_IDS)
def test_pruning_agrees_with_the_plain_search(techniques):
    for rules, clubs_left, state, expected in late_game_cases():
        result = solve(state, rules, techniques=techniques, engine="python")
        assert result.verdict == ("win" if expected else "loss"), (str(state), clubs_left)
        if expected:
            certify_win(state, result.moves, rules)


@needs_native
@pytest.mark.rules("CF 2.1", "CF 2.2", "CF 2.3", "CF 2.4", "CF 4.7", "CF 5.1", "CF 5.2")
@pytest.mark.parametrize("techniques", TECHNIQUE_SETS, ids=TECHNIQUE_IDS)
def test_compiled_search_is_the_python_search(techniques):
    """Node for node: same verdict, nodes, statistics and line on every late-game case."""
    if not techniques.dedupe:
        with pytest.raises(ValueError):
            solve(late_game_cases()[0][2], DEFAULT_RULES, techniques=techniques, engine="native")
        return
    for rules, _, state, expected in late_game_cases():
        python = solve(state, rules, techniques=techniques, engine="python")
        native = solve(state, rules, techniques=techniques, engine="native")
        assert native.stats.pop("engine") == "native"
        assert python.stats.pop("engine") == "python"
        assert (native.verdict, native.nodes, native.moves, native.stats) == (
            python.verdict, python.nodes, python.moves, python.stats), str(state)
        assert native.verdict == ("win" if expected else "loss")


@needs_native
@pytest.mark.parametrize("rules", VARIANTS, ids=VARIANT_IDS)
def test_compiled_search_matches_on_whole_deals(rules):
    for number in range(6):
        deal = Deal.from_number(1 + number % 2, number)
        python = solve(deal, rules, engine="python", timeout=30)
        native = solve(deal, rules, engine="native")
        python.stats.pop("engine"), native.stats.pop("engine")
        assert (native.verdict, native.nodes, native.moves, native.stats) == (
            python.verdict, python.nodes, python.moves, python.stats), f"CF{1 + number % 2}-{number}"
        certify_win(deal, native.moves, rules)
        # A node limit stops both at the same node.
        limit = max(1, native.nodes // 2)
        stopped = solve(deal, rules, engine="native", max_nodes=limit)
        if native.nodes > 1:
            assert stopped.verdict == "unknown" and stopped.nodes == limit + 1
            assert solve(deal, rules, engine="python", max_nodes=limit).nodes == limit + 1


LADDER_MOVES_CASES = [("CF1-0", 9, DEFAULT_RULES), ("CF1-4", 8, DEFAULT_RULES),
                      ("CF2-4", 8, DEFAULT_RULES), ("CF1-0", 8, WEBAPP), ("CF2-1", 8, WEBAPP),
                      ("CF1-3", 10, DEFAULT_RULES)]
"""Deal, clubs kept, rules: proofs of loss of 1,200 to 56,000 nodes (the first five:
results/clubfight/slack-*.jsonl) and one win."""


@needs_native
@pytest.mark.parametrize("deal, clubs, rules", LADDER_MOVES_CASES,
                         ids=[f"{d}-{c}-{'rulebook' if r == DEFAULT_RULES else 'webapp'}"
                              for d, c, r in LADDER_MOVES_CASES])
def test_ladder_moves_saves_work_and_changes_nothing_else(deal, clubs, rules):
    """Cutting the moves smaller than the ladder's need before their children
    are made: the same nodes, verdict and line, the same refuted states (so
    the same certificate), and the cuts of those children (by the table, the
    capacity bound or the child's own ladder test; the next-club bound, made
    after the ladder's, never sees them) all become ladder cuts."""
    from analysis.clubfight.slack import with_clubs

    state = with_clubs(State.from_deal(Deal.from_id(deal)), clubs)
    off = dataclasses.replace(ALL_TECHNIQUES, ladder_moves=False)
    found = {name: solve(state, rules, techniques=techniques, certificate=True)
             for name, techniques in (("on", ALL_TECHNIQUES), ("off", off))}
    on, without = found["on"], found["off"]
    assert (on.verdict, on.nodes, on.moves) == (without.verdict, without.nodes, without.moves)
    if on.verdict == "loss":
        assert on.certificate.refuted == without.certificate.refuted
    cuts = ("bound_cuts", "next_club_cuts", "ladder_cuts", "table_hits")
    assert sum(on.stats[c] for c in cuts) == sum(without.stats[c] for c in cuts)
    assert on.stats["next_club_cuts"] == without.stats["next_club_cuts"]
    assert on.stats["ladder_cuts"] > without.stats["ladder_cuts"]
    assert (on.stats["bound_cuts"] + on.stats["table_hits"]
            < without.stats["bound_cuts"] + without.stats["table_hits"])


TWO_STEP_CASES = [("CF1-161", 8, WEBAPP), ("CF2-1", 8, DEFAULT_RULES), ("CF1-0", 8, DEFAULT_RULES)]
"""Deal, clubs kept, rules: proofs of loss where two_step cuts (1,470, 45 and 73
children; the rulebook ones with the Jokers' duty)."""


@pytest.mark.rules("CF 2.3", "CF 2.4", "CF 5.1", "CF 5.2")
@pytest.mark.parametrize("deal, clubs, rules", TWO_STEP_CASES,
                         ids=[f"{d}-{c}" for d, c, _ in TWO_STEP_CASES])
def test_two_step_cuts_are_lost_and_the_checker_rederives_them(deal, clubs, rules):
    """Each state two_step cuts is lost by the search without it, and a loss's
    certificate, which lists them, is re-derived by the independent checker;
    without two_step the verdict is the same, with more nodes."""
    from analysis.clubfight.losscheck import check_loss
    from analysis.clubfight.slack import with_clubs

    state = with_clubs(State.from_deal(Deal.from_id(deal)), clubs)
    off = dataclasses.replace(ALL_TECHNIQUES, two_step=False)
    cut = [s for rule, s in pruned_states(state, rules, max_nodes=5_000) if rule == "two_step"]
    assert cut
    for lost in random.Random(5).sample(cut, min(8, len(cut))):
        assert solve(lost, rules, techniques=off, engine="python").verdict == "loss", str(lost)
    on = solve(state, rules, certificate=True)
    without = solve(state, rules, techniques=off)
    assert on.verdict == without.verdict == "loss"
    assert on.stats["two_step_cuts"] > 0 and on.nodes < without.nodes
    assert without.stats["two_step_cuts"] == 0
    checked = check_loss(on.certificate)
    assert checked.ok, checked.reason


TIGHT_WINS = [("CF1-9", 9, WEBAPP), ("CF1-2", 9, WEBAPP)]
"""Deal, clubs kept, rules: wins with the deal's fewest clubs (slack 4) that the
depth-first attempts alone reach only after 19,858 and 36,177 nodes (72,317 and
83,700 before ``two_step``), the beams after 3,999 and 4,138."""


@needs_native
@pytest.mark.parametrize("deal, clubs, rules", TIGHT_WINS, ids=[d for d, _, _ in TIGHT_WINS])
def test_a_beam_finds_a_tight_win_the_depth_first_attempts_are_slow_to(deal, clubs, rules):
    from analysis.clubfight.slack import with_clubs

    state = with_clubs(State.from_deal(Deal.from_id(deal)), clubs)
    without = solve(state, rules, techniques=dataclasses.replace(ALL_TECHNIQUES, beams=()))
    found = solve(state, rules)
    assert found.verdict == without.verdict == "win"
    assert found.stats["beams"] >= 1 and without.stats["beams"] == 0
    assert found.nodes * 4 < without.nodes
    certify_win(state, found.moves, rules)
    python = solve(state, rules, engine="python")
    python.stats.pop("engine"), found.stats.pop("engine")
    assert (python.nodes, python.moves, python.stats) == (found.nodes, found.moves, found.stats)


@needs_native
@pytest.mark.parametrize("deal, clubs, rules", [("CF1-3", 9, WEBAPP), ("CF1-0", 8, WEBAPP)],
                         ids=["CF1-3-9", "CF1-0-8"])
def test_beams_leave_a_loss_and_its_certificate_unchanged(deal, clubs, rules):
    """A beam proves nothing: the depth-first attempts after it run as they
    would have, so the refuted states and the cuts are the same, and the nodes
    differ only by the states the beams expanded."""
    from analysis.clubfight.slack import with_clubs

    state = with_clubs(State.from_deal(Deal.from_id(deal)), clubs)
    on = solve(state, rules, certificate=True)
    off = solve(state, rules, certificate=True,
                techniques=dataclasses.replace(ALL_TECHNIQUES, beams=()))
    assert on.verdict == off.verdict == "loss"
    assert on.stats["beams"] >= 1 and on.nodes > off.nodes
    assert on.certificate.refuted == off.certificate.refuted
    same = ("children", "bound_cuts", "next_club_cuts", "window_cuts", "ladder_cuts",
            "table_hits", "restarts", "table_size")
    assert [on.stats[name] for name in same] == [off.stats[name] for name in same]


@pytest.mark.parametrize("beams", [((5, 0),), ((10, 4), (5, 8)), ((-1, 4),), ((1, 2, 3),),
                                   [(1, 4)], ((1.5, 4),)])
def test_bad_beams_are_refused_with_what_to_fix(beams):
    with pytest.raises(ValueError, match="beams must be"):
        dataclasses.replace(ALL_TECHNIQUES, beams=beams)


@needs_native
def test_compiled_search_decides_hard_deals_fast():
    """Deals that take the Python search seconds (CF2-33 about half a minute)."""
    for deal_id in ("CF2-33", "CF2-45", "CF1-69"):
        result = solve(deal_id, DEFAULT_RULES, engine="native", timeout=30)
        assert result.verdict == "win" and result.stats["engine"] == "native"
        certify_win(Deal.from_id(deal_id), result.moves, DEFAULT_RULES)


def test_engine_choice():
    with pytest.raises(ValueError):
        solve("CF1-0", DEFAULT_RULES, engine="fortran")
    result = solve("CF1-0", DEFAULT_RULES, engine="python")
    assert result.stats["engine"] == "python"
    # Without deduplication only the Python search runs.
    slow = dataclasses.replace(ALL_TECHNIQUES, dedupe=False)
    assert solve("CF1-0", DEFAULT_RULES, techniques=slow).stats["engine"] == "python"
    assert solve("CF1-0", DEFAULT_RULES).stats["engine"] == ("native" if NATIVE else "python")


@pytest.mark.rules("CF 2.2", "CF 4.1", "CF 4.2", "CF 4.4", "CF 4.5", "CF 4.6", "CF 5.1")
@pytest.mark.parametrize("rules", VARIANTS[2:], ids=VARIANT_IDS[2:])
def test_every_rules_flag_agrees_with_the_plain_search(rules):
    """Each Rules field flipped alone: deals are won and replay, and late-game
    states (3 clubs left) get the plain search's verdict."""
    rng = random.Random(5)
    verdicts = []
    for number in range(3):
        deal = Deal.from_number(1 + number % 2, number)
        result = solve(deal, rules, timeout=20)
        assert result.verdict == "win"
        certify_win(deal, result.moves, rules)
        states = [late_state(1 + number % 2, number, 3, rules, rng, leave_early=True)]
        states += near_losses(1 + number % 2, 40 + number, 3, rules, rng, 1)
        for state in states:
            if state is None:
                continue
            expected = reference_decide(state, rules, max_nodes=50_000)
            verdicts.append(expected)
            for techniques in (ALL_TECHNIQUES, NO_TECHNIQUES):
                assert solve(state, rules, techniques=techniques).verdict == (
                    "win" if expected else "loss"), str(state)
    assert len(verdicts) >= 3


@pytest.mark.rules("CF 2.3", "CF 4.7", "CF 5.1", "CF 5.2")
@pytest.mark.parametrize("rules", PRESETS, ids=["rulebook", "webapp"])
def test_every_pruned_state_is_lost(rules):
    """Each rule's cuts, one by one: the plain search finds no win from them.

    (Agreeing verdicts alone could hide a wrong cut where another line wins.)
    Cuts come from whole deals and from the late-game cases; those with at
    most 3 clubs left are decided by the reference search."""
    rng = random.Random(17)
    sources = [Deal.from_number(1 + n % 2, n) for n in (8, 33)]
    sources += [state for r, _, state, _ in late_game_cases() if r == rules]
    by_rule: dict[str, list[State]] = {}
    for source in sources:
        for rule, state in pruned_states(source, rules, max_nodes=600):
            if len(state.hand) + len(state.clubs) <= 3:
                by_rule.setdefault(rule, []).append(state)
    assert {"bound", "next_club"} <= set(by_rule) and {"window", "tail"} & set(by_rule)
    checked = 0
    for rule, states in sorted(by_rule.items()):
        for state in rng.sample(states, min(16, len(states))):
            try:
                assert reference_decide(state, rules, max_nodes=20_000) is False, (rule, str(state))
            except RuntimeError:
                continue
            checked += 1
    assert checked >= 32


@pytest.mark.rules("CF 4.7", "CF 5.1")
@pytest.mark.parametrize("rules", PRESETS, ids=["rulebook", "webapp"])
def test_no_bound_cuts_a_winning_line(rules):
    """Along certified winning lines every bound is at least the cards left."""
    for number in range(6):
        deal = Deal.from_number(1 + number % 2, number)
        state = State.from_deal(deal)
        result = solve(state, rules)
        assert result.verdict == "win"
        states = [state]
        for move in result.moves:
            states.append(GAME.resolve(states[-1], move, rules).state)
        for current in states[:-1]:
            position = core.Position.of(current)
            search = Search(position, rules, ALL_TECHNIQUES, None, None)
            key = position.count_key
            clubs = search.all_clubs
            left = current.cards_left
            assert search.capacity_bound(key, clubs) >= left
            assert search.next_club_bound(position.grid, key, search.drawn[0], clubs) >= left
            assert search.window_bound(position.grid, position.dealt, key, 0, clubs) >= left


# --------------------------------------------------------------------------
# Known deals, certificates
# --------------------------------------------------------------------------

@pytest.mark.rules("CF 1.3", "CF 1.4", "CF 5.1")
@pytest.mark.parametrize("rules", PRESETS, ids=["rulebook", "webapp"])
@pytest.mark.parametrize("jokers", [1, 2])
def test_known_deals_are_won_and_replay(rules, jokers):
    for number in range(12):
        deal = Deal.from_number(jokers, number)
        result = solve(deal, rules, timeout=20)
        assert result.verdict == "win", f"CF{jokers}-{number}"
        replay = certify_win(deal, result.moves, rules)
        assert replay.ok and replay.final.won
        # The JSON form of the line replays too.
        assert replay_win(deal, [m.as_dict() for m in result.moves], rules).ok


def test_golden_deal_cf2_17():
    result = solve("CF2-17", DEFAULT_RULES)
    assert result.verdict == "win"
    assert len(result.moves) <= 13
    certify_win(Deal.from_id("CF2-17"), result.moves, DEFAULT_RULES)


@pytest.mark.rules("CF 2.1", "CF 5.1")
def test_corrupted_lines_are_rejected():
    deal = Deal.from_id("CF1-3")
    moves = solve(deal, DEFAULT_RULES).moves
    assert replay_win(deal, moves, DEFAULT_RULES).ok
    swapped = list(moves)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    shortened = moves[:-1]
    changed = list(moves)
    first = changed[0]
    other = [m for m in GAME.legal_actions(State.from_deal(deal), DEFAULT_RULES)
             if m.club == first.club and m.cleared != first.cleared][0]
    changed[0] = other
    forged = list(moves)
    forged[2] = dataclasses.replace(forged[2], cleared=tuple(range(9)))
    for bad in (swapped, shortened, changed, forged, moves + moves[:1]):
        replay = replay_win(deal, bad, DEFAULT_RULES)
        assert not replay.ok
        assert replay.reason
        with pytest.raises(CertificateError):
            certify_win(deal, bad, DEFAULT_RULES)
    # Malformed JSON moves are reported, not raised.
    assert not replay_win(deal, [{"club": "Z", "action": "any", "cleared": [0]}],
                          DEFAULT_RULES).ok
    assert not replay_win(deal, [{"club": "5", "action": "jump", "cleared": [0]}],
                          DEFAULT_RULES).ok
    # A webapp win need not replay under the rulebook (Match takes Jokers there).
    webapp_deal = Deal.from_id("CF2-1")
    webapp_line = solve(webapp_deal, WEBAPP).moves
    assert replay_win(webapp_deal, webapp_line, WEBAPP).ok


# --------------------------------------------------------------------------
# Losses, limits
# --------------------------------------------------------------------------

# 2 clubs left, 9 cards on the grid and none in the deck: a King and a Queen
# cannot clear nine cards of all ranks (Up/Down needs 7-Q and is blocked anyway).
NINE_CARDS = State.parse("AD 3H 5S 7D 9H JS 2D 4H 6S | hand Q K | jokers 1")


@pytest.mark.rules("CF 5.2")
def test_constructed_position_is_lost():
    assert reference_decide(NINE_CARDS, DEFAULT_RULES) is False
    for techniques in (ALL_TECHNIQUES, NO_TECHNIQUES):
        assert solve(NINE_CARDS, DEFAULT_RULES, techniques=techniques).verdict == "loss"
    # The plain case: one club, nine unrelated cards and a deck.
    state = State.parse("AD 3H 5S 7D 9H JS 2D 4H 6S | deck KD | hand K | jokers 1")
    assert solve(state, DEFAULT_RULES).verdict == "loss"


@pytest.mark.rules("CF 4.7", "CF 5.2")
def test_joker_out_of_reach_is_lost():
    """A Joker arrives last and the only club left cannot Any/Line it with the rest."""
    state = State.parse("AD 2D 3D 4H 5H 6H 9S TS JS | deck JK | hand 7 8 | jokers 1")
    assert reference_decide(state, DEFAULT_RULES) is False
    assert solve(state, DEFAULT_RULES).verdict == "loss"
    assert solve(state, DEFAULT_RULES, techniques=NO_TECHNIQUES).verdict == "loss"


def _searched_loss() -> State:
    """A lost position whose refutation needs more than one node."""
    for rules, _, state, expected in late_game_cases():
        if rules == DEFAULT_RULES and not expected and solve(state, DEFAULT_RULES).nodes > 2:
            return state
    raise AssertionError("no lost late-game state needing a search")


def test_limits_say_unknown_never_loss():
    lost = _searched_loss()
    full = solve(lost, DEFAULT_RULES)
    assert full.verdict == "loss"
    for limit in range(1, full.nodes):
        assert solve(lost, DEFAULT_RULES, max_nodes=limit).verdict == "unknown"
    assert solve(lost, DEFAULT_RULES, timeout=1e-9, techniques=dataclasses.replace(
        ALL_TECHNIQUES, restarts=False)).verdict in ("unknown", "loss")
    hard = Deal.from_id("CF1-33")
    stopped = solve(hard, DEFAULT_RULES, max_nodes=5)
    assert stopped.verdict == "unknown" and stopped.moves == [] and stopped.nodes <= 6
    assert solve(hard, DEFAULT_RULES, timeout=0.0).verdict in ("unknown", "win")


def test_timeout_stops_a_long_search():
    slow = dataclasses.replace(NO_TECHNIQUES, table=True)
    result = solve(Deal.from_id("CF2-33"), DEFAULT_RULES, timeout=0.2, techniques=slow)
    assert result.verdict in ("unknown", "win")
    assert result.seconds < 2


# --------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------

def test_solve_command_json_contract(capsys):
    assert main(["clubfight", "solve", "CF2-17", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"verdict", "moves", "nodes", "seconds", "rules"} <= set(out)
    assert out["verdict"] == "win" and out["rules"] == "rulebook" and out["id"] == "CF2-17"
    for move in out["moves"]:
        assert {"club", "action", "cleared"} <= set(move)
        assert move["cleared"] == sorted(move["cleared"])
        if move["action"] == "line":
            assert move["line"].split()[0] in ("row", "column")
        if move["action"] == "updown":
            assert move["direction"] in ("lower", "higher")
    assert replay_win(Deal.from_id("CF2-17"), out["moves"], DEFAULT_RULES).ok
    deal = str(Deal.from_id("CF1-5"))
    assert main(["clubfight", "solve", deal, "--rules", "webapp", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == "webapp" and out["deal"] == deal
    assert replay_win(Deal.parse(deal), out["moves"], WEBAPP).ok


def test_solve_command_text_and_limits(capsys):
    assert main(["clubfight", "solve", "CF1-0"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("CF1-0: win")
    assert "turn  1: " in text
    assert main(["clubfight", "solve", "CF1-33", "--max-nodes", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "unknown" and out["moves"] == []
    assert main(["clubfight", "solve", str(NINE_CARDS), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "loss"
    assert main(["clubfight", "solve", "CF1-4", "--set", "must_clear=false", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules_overrides"] == {"must_clear": False}
    rules = dataclasses.replace(DEFAULT_RULES, must_clear=False)
    if out["verdict"] == "win":
        assert replay_win(Deal.from_id("CF1-4"), out["moves"], rules).ok


@pytest.mark.parametrize("argv", [
    ["CF3-1"], ["CF1-x"], ["7H QS / 5"], ["CF1-1", "--rules", "nope"],
    ["CF1-1", "--max-nodes", "0"], ["CF1-1", "--timeout", "-1"],
    ["CF1-1", "--set", "nope=1"], ["CF1-1", "--set", "must_clear"],
    ["CF1-1", "--set", "run_min_cards=x"],
])
def test_solve_command_bad_input_is_one_line(argv, capsys):
    assert main(["clubfight", "solve", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("ringside: error:")


# -- a weaker goal: at most `leave` cards left --------------------------------------------------
def _leave_cases():
    """The lost late-game cases with the least number of cards the plain search
    finds a line to leave (``None`` past its node limit)."""
    cases = []
    for rules, _, state, won in late_game_cases():
        if won:
            continue
        for leave in range(1, state.cards_left + 1):
            try:
                if reference_decide(state, rules, max_nodes=20_000, leave=leave):
                    cases.append((rules, state, leave))
                    break
            except RuntimeError:
                break
    return cases


@pytest.mark.rules("CF 5.1", "CF 5.2")
def test_leave_agrees_with_the_plain_search():
    """solve(leave=k) wins exactly when the plain search finds a line leaving at
    most k cards, and its line, replayed on the rules model, does."""
    cases = _leave_cases()
    assert len(cases) >= 10 and {leave for *_, leave in cases} >= {1, 2}
    for rules, state, least in cases:
        for leave in (least - 1, least):
            result = solve(state, rules, leave=leave, engine="python")
            assert result.verdict == ("win" if leave == least else "loss"), (str(state), leave)
        replay = replay_win(state, result.moves, rules)
        assert replay.failed_at in (None, len(result.moves)), replay.reason
        assert replay.final.cards_left <= least


@needs_native
def test_compiled_search_with_leave_is_the_python_search():
    for rules, state, least in _leave_cases():
        for leave in (least - 1, least, least + 1):
            python = solve(state, rules, leave=leave, engine="python")
            native = solve(state, rules, leave=leave, engine="native")
            python.stats.pop("engine"), native.stats.pop("engine")
            assert (native.verdict, native.nodes, native.moves, native.stats) == (
                python.verdict, python.nodes, python.moves, python.stats), (str(state), leave)


def test_fewest_left_is_the_least_leave_that_wins():
    rules, state, least = _leave_cases()[0]
    found = fewest_left(state, rules)
    assert (found.fewest, found.at_least) == (least, least)
    assert replay_win(state, found.moves, rules).final.cards_left == least
    assert fewest_left(Deal.from_id("CF1-4"), DEFAULT_RULES).fewest == 0  # a won deal
    stopped = fewest_left(state, rules, max_nodes=1)
    assert stopped.fewest is None and stopped.at_least <= least
    with pytest.raises(ValueError, match="leave must be 0"):
        solve(state, rules, leave=1, certificate=True)


def test_solve_command_fewest_gives_the_best_line_of_a_loss(capsys):
    rules, state, least = next(case for case in _leave_cases() if case[0] == DEFAULT_RULES)
    assert main(["clubfight", "solve", str(state), "--fewest", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "loss"
    fewest = out["fewest_left"]
    assert (fewest["cards"], fewest["at_least"]) == (least, least)
    assert replay_win(state, fewest["moves"], rules).final.cards_left == least
    assert main(["clubfight", "solve", str(state), "--fewest"]) == 0
    text = capsys.readouterr().out
    assert f"the best line leaves {least} card" in text
