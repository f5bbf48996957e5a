"""The compiled loss-certificate checker against the Python one (the reference).

:func:`analysis.clubfight.losscheck.check_loss` has two engines: the Python
checker and its compiled port (``_losscheck_core.c``, written from the rules
and sharing no code with the solver's core).  Both must give the same report
(ok, the reason word for word, every count) on

* real certificates of the solver: losses with few clubs of several deals,
  CF1 and CF2 under the ``rulebook`` and ``webapp`` presets;
* forged certificates: a listed state removed, a won start certificated by
  a lost one's states, states of another deal, a won state added;
* small late positions decided by the exhaustive search alone, won and lost,
  under the presets and with single rules fields changed;

and the compiled move generator lists the same moves, in the same order, as
the rules model (:func:`model.clubfight.moves.moves_for_club`) for every
rules field.  Ctrl-C stops a long compiled check within a second.
"""

from __future__ import annotations

import dataclasses
import functools
import random

import pytest

from analysis.clubfight import _losscheck_native, losscheck, slack as slack_module
from model.clubfight.deals import Deal
from analysis.clubfight.losscheck import LossCertificate, check_loss
from model.clubfight.moves import moves_for_club
from model.clubfight.rules import DEFAULT_RULES, WEBAPP, Rules
from analysis.clubfight.slack import slack, with_clubs
from analysis.clubfight.solver import solve
from model.clubfight.state import State

from clubfight_positions import late_state
from interrupting import interrupted

pytestmark = pytest.mark.skipif(
    not _losscheck_native.available(),
    reason=f"compiled checker unavailable: {_losscheck_native.unavailable_reason()}")

PRESETS = {"rulebook": DEFAULT_RULES, "webapp": WEBAPP}
FIELD_VARIANTS = {
    "must_clear off": Rules(must_clear=False),
    "jokers_match": Rules(jokers_match=True),
    "match_any_subset": Rules(match_any_subset=True),
    "sum_jokers_zero": Rules(sum_jokers_zero=True),
    "updown_any_subset": Rules(updown_any_subset=True),
    "line_joker_target": Rules(line_joker_target=True),
    "run_min_cards 3": Rules(run_min_cards=3),
    "run_min_cards 5": Rules(run_min_cards=5),
}
"""The rulebook reading with one field changed: each field on its own."""

REAL_LOSSES = [
    ("rulebook", "CF1-4", 7), ("rulebook", "CF1-6", 7), ("rulebook", "CF2-12", 7),
    ("rulebook", "CF2-22", 7), ("webapp", "CF1-14", 7), ("webapp", "CF1-41", 7),
    ("webapp", "CF2-22", 7), ("webapp", "CF2-37", 7),
]
"""Deals, clubs kept: lost, with certificates small enough for the Python
checker (149 to 152 refuted states, of which it expands 2 to 6, and searches up
to 4 it does not list: children the solver's two-step test cut; the ladder,
with the Jokers' duty under ``rulebook``, settles many smaller losses at
their start, with no walk to compare)."""


@functools.lru_cache(maxsize=None)
def certificate(rules_name: str, deal_id: str, clubs: int) -> LossCertificate:
    start = with_clubs(State.from_deal(Deal.from_id(deal_id)), clubs)
    result = solve(start, PRESETS[rules_name], certificate=True)
    assert result.verdict == "loss" and result.certificate is not None
    return result.certificate


def both(cert: LossCertificate, **options) -> losscheck.LossCheck:
    """Check with both engines, assert the same report, return the Python one."""
    python = check_loss(cert, engine="python", **options)
    native = check_loss(cert, engine="native", **options)
    assert (python.engine, native.engine) == ("python", "native")
    left, right = python.as_dict(), native.as_dict()
    for report in (left, right):
        report.pop("seconds")
        report.pop("engine")
    assert left == right
    return python


def reason_class(report) -> str:
    return "ok" if report.ok else report.reason.split(":")[0]


# --------------------------------------------------------------------------
# Real certificates
# --------------------------------------------------------------------------

@pytest.mark.rules("CF 5.1", "CF 5.2", "CF 2.3", "CF 2.4", "CF 3.2", "CF 3.3", "CF 3.4")
@pytest.mark.parametrize("case", REAL_LOSSES, ids=["-".join(map(str, c)) for c in REAL_LOSSES])
def test_both_engines_rederive_the_solvers_losses(case):
    report = both(certificate(*case))
    assert report.ok and report.visited >= 1 and report.children > 0


def test_the_real_cases_cover_every_variant_and_walk():
    walked = {}
    for rules_name, deal_id, clubs in REAL_LOSSES:
        variant = (rules_name, deal_id[:3])
        report = check_loss(certificate(rules_name, deal_id, clubs), engine="native")
        walked[variant] = max(walked.get(variant, 0), report.visited)
    assert len(walked) == 4 and all(count >= 3 for count in walked.values()), walked


def test_a_packed_certificate_lists_the_same_states_as_the_python_search():
    """The compiled solver hands its table over packed (two flat arrays, never
    a Python tuple per state); unpacked, it is the Python search's table, and
    packing the Python search's table gives it back."""
    start = with_clubs(State.from_deal(Deal.from_id("CF2-7")), 7)
    native = solve(start, DEFAULT_RULES, certificate=True, engine="native").certificate
    python = solve(start, DEFAULT_RULES, certificate=True, engine="python").certificate
    assert native.size == python.size > 1
    assert native.refuted == python.refuted
    keys, played = python.packed()
    from_packed = LossCertificate.from_packed(start, DEFAULT_RULES, keys, played, 0)
    assert from_packed.refuted == python.refuted
    assert check_loss(native, engine="native").ok and check_loss(native, engine="python").ok
    with pytest.raises(ValueError, match="packed states"):
        LossCertificate.from_packed(start, DEFAULT_RULES, keys, played[:-1], 0)


@pytest.mark.rules("CF 5.1", "CF 5.2")
def test_a_larger_certificate_natively():
    """8 clubs of CF1-4 (rulebook): hundreds of listed states expanded by the
    compiled checker (the Python one would take seconds), and the children the
    solver's two-step test cut, which the certificate leaves out, settled by the
    checker's own search; with the states after one club taken out too, that
    search no longer suffices within what the whole certificate needed."""
    cert = certificate("rulebook", "CF1-4", 8)
    report = check_loss(cert, engine="native")
    assert report.ok and report.visited > 500 and report.searched > 0
    assert 0 < report.search_nodes <= cert.nodes
    root = next(iter(s for s in cert.refuted if not s[2]))
    missing = LossCertificate(cert.start, cert.rules,
                              frozenset(s for s in cert.refuted if len(s[2]) != 1), 0)
    assert root in missing.refuted
    gap = check_loss(missing, engine="native", search_budget=report.search_nodes)
    assert not gap.ok and gap.reason.startswith("not re-derived")


# --------------------------------------------------------------------------
# Forged certificates
# --------------------------------------------------------------------------

@pytest.mark.rules("CF 5.1", "CF 5.2")
@pytest.mark.parametrize("case", REAL_LOSSES[:4], ids=["-".join(map(str, c))
                                                       for c in REAL_LOSSES[:4]])
def test_a_removed_state_is_searched_or_not_rederived(case):
    cert = certificate(*case)
    classes = set()
    for state in sorted(cert.refuted, key=repr)[:2]:
        forged = LossCertificate(cert.start, cert.rules, cert.refuted - {state}, 0)
        for budget in (0, 200_000):
            report = both(forged, search_budget=budget)
            classes.add(reason_class(report))
    assert classes <= {"ok", "not re-derived"}
    assert "ok" in classes  # with its budget the check's own search makes up for it


def test_removing_states_is_not_vacuous():
    """Some removal leaves a gap only the search can fill: at budget 0 the
    report says "not re-derived" (with both engines, word for word).  Most
    listed states are never expanded by the check (the solver's first, cheap
    attempt lists states before its ladder is built; the check's ladder cuts
    them), so the compiled checker finds one whose removal matters first."""
    for case in REAL_LOSSES:
        cert = certificate(*case)
        root = next(s for s in cert.refuted if not s[2])
        for state in sorted(cert.refuted - {root}, key=repr):
            forged = LossCertificate(cert.start, cert.rules, cert.refuted - {state}, 0)
            if check_loss(forged, engine="native", search_budget=0).ok:
                continue
            assert reason_class(both(forged, search_budget=0)) == "not re-derived"
            return
    pytest.fail("no removal needed the search")


def root_of(state: State) -> tuple:
    """The start in the certificate's terms (cards numbered grid first, then deck)."""
    numbered = iter(range(9))
    cells = tuple(-1 if card is None else next(numbered) for card in state.grid)
    return cells, sum(1 for card in state.grid if card is not None), frozenset()


def won_positions(rules: Rules) -> list[State]:
    found = [s for s in small_positions(rules)
             if solve(s, rules).verdict == "win"]
    assert len(found) >= 2
    return found


@pytest.mark.rules("CF 5.1")
@pytest.mark.parametrize("name", list(PRESETS))
def test_a_won_start_listed_as_lost_is_refuted(name):
    """The start listed (and nothing else, or a lost game's states): both
    engines find the same winning move, word for word."""
    rules = PRESETS[name]
    foreign = certificate(name, "CF2-7" if name == "rulebook" else "CF2-6", 7).refuted
    for state in won_positions(rules):
        for listed in (frozenset({root_of(state)}), foreign | {root_of(state)}):
            report = both(LossCertificate(state, rules, listed, 0))
            assert not report.ok and report.reason.startswith("not lost: from a listed state")


@pytest.mark.rules("CF 5.1")
def test_a_won_state_added_or_another_deals_states_change_nothing_unsound():
    """Extra states (won states, every state of another deal's certificate)
    are only followed where the walk reaches them, and re-checked then."""
    cert = certificate("rulebook", "CF1-6", 7)
    other = certificate("rulebook", "CF2-12", 7)
    total = 9 + len(cert.start.deck)
    # The last nine cards on the grid with every club still to play: won
    # (one Any each would do), and not reachable from the start.
    won = {(tuple(range(total - 9, total)), total, frozenset())}
    padded = LossCertificate(cert.start, cert.rules, cert.refuted | other.refuted, 0)
    assert both(padded).ok
    # Another deal's states alone on this deal: the root is listed (it is the
    # same numbers), the rest must be searched; at budget 0 not re-derived.
    borrowed = LossCertificate(cert.start, cert.rules, other.refuted, 0)
    assert reason_class(both(borrowed, search_budget=0)) == "not re-derived"
    assert both(borrowed).ok
    with_won = LossCertificate(cert.start, cert.rules, cert.refuted | won, 0)
    assert both(with_won).ok


@pytest.mark.rules("CF 5.1")
def test_an_empty_certificate_of_a_won_start_and_a_start_already_won():
    won = won_positions(DEFAULT_RULES)[0]
    report = both(LossCertificate(won, DEFAULT_RULES, frozenset(), 0))
    assert report.reason == "not lost: the check's own search wins the start"
    cleared = dataclasses.replace(won, grid=(None,) * 9, deck=())
    report = both(LossCertificate(cleared, DEFAULT_RULES, frozenset(), 0))
    assert report.reason == "not lost: the start is already won (CF 5.1)"


# --------------------------------------------------------------------------
# Small positions, exhaustive search alone
# --------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def small_positions(rules: Rules) -> list[State]:
    rng = random.Random(23)
    found = []
    for number in range(8):
        state = late_state(1 + number % 2, 200 + number, 3 + number % 2, rules, rng,
                           leave_early=True, timeout=2)
        if state is not None:
            found.append(state)
    return found


@pytest.mark.rules("CF 2.3", "CF 2.4", "CF 4.1", "CF 4.2", "CF 4.3", "CF 4.4", "CF 4.5",
                   "CF 4.6", "CF 5.1", "CF 5.2")
@pytest.mark.parametrize("name", list(PRESETS) + list(FIELD_VARIANTS))
def test_exhaustive_checks_agree_on_small_positions(name):
    rules = PRESETS.get(name) or FIELD_VARIANTS[name]
    classes = set()
    for state in small_positions(rules):
        report = both(LossCertificate(state, rules, frozenset(), 0), exhaustive=True,
                      search_budget=20_000)
        classes.add(reason_class(report))
    assert len(small_positions(rules)) >= 4
    if name in PRESETS:
        assert {"ok", "not lost"} <= classes, classes  # lost and won positions both


# --------------------------------------------------------------------------
# The compiled move generator
# --------------------------------------------------------------------------

def grids(count: int, seed: int) -> list[tuple[list, list[int]]]:
    """``(cards, cells)``: grids from real deals with 0-3 slots emptied."""
    rng = random.Random(seed)
    out = []
    for number in range(count):
        state = State.from_deal(Deal.from_number(1 + number % 2, number))
        cards = list(state.grid) + list(state.deck)
        picked = rng.sample(range(len(cards)), 9)
        cells = [i if rng.random() > 0.15 else -1 for i in picked]
        out.append((cards, cells))
    return out


@pytest.mark.rules("CF 3.1", "CF 3.2", "CF 3.3", "CF 3.4", "CF 4.1", "CF 4.2", "CF 4.3",
                   "CF 4.4", "CF 4.5", "CF 4.6", "CF 4.7")
@pytest.mark.parametrize("name", list(PRESETS) + list(FIELD_VARIANTS))
def test_compiled_moves_are_the_rules_models(name):
    rules = PRESETS.get(name) or FIELD_VARIANTS[name]
    checked = 0
    for cards, cells in grids(40, 3):
        grid = tuple(None if i < 0 else cards[i] for i in cells)
        for club in range(1, 14):
            expected = list(dict.fromkeys(sum(1 << s for s in move.cleared)
                                          for move in moves_for_club(grid, club, rules)))
            masks, largest = _losscheck_native.moves_native(cards, cells, club, rules)
            assert masks == expected, (name, [str(c) for c in grid], club)
            assert largest == max((bin(m).count("1") for m in expected), default=0)
            checked += len(masks)
    assert checked > 1000


# --------------------------------------------------------------------------
# Slack uses it; Ctrl-C stops it
# --------------------------------------------------------------------------

def test_slack_checks_with_the_compiled_checker_and_its_limit():
    assert slack_module.default_check_limit() == slack_module.DEFAULT_CHECK_LIMIT
    for state in small_positions(DEFAULT_RULES):
        result = slack(state, DEFAULT_RULES, max_nodes=200_000)
        if result.checks:
            assert result.lost_with is not None  # a loss counted once re-derived
            assert all(check.ok and check.engine == "native" for check in result.checks)
            return
    pytest.fail("no small position has a loss to check")


def test_without_the_compiled_checker_the_python_limit_holds(monkeypatch):
    monkeypatch.setattr(slack_module, "native_available", lambda: False)
    assert slack_module.default_check_limit() == slack_module.PYTHON_CHECK_LIMIT
    monkeypatch.setattr(losscheck, "native_available", lambda: False)
    cert = certificate("rulebook", "CF2-7", 7)
    assert check_loss(cert).engine == "python"


def test_a_bad_engine_is_refused():
    with pytest.raises(ValueError):
        check_loss(certificate("rulebook", "CF2-7", 7), engine="fortran")


def test_ctrl_c_stops_the_compiled_check_within_a_second():
    # 9 clubs of CF2-2: 425,974 listed states, some 4 seconds of checking.
    took, lines, output = interrupted("""
        from model.clubfight.deals import Deal
        from analysis.clubfight.losscheck import check_loss
        from analysis.clubfight.slack import with_clubs
        from analysis.clubfight.solver import solve
        from model.clubfight.state import State
        cert = solve(with_clubs(State.from_deal(Deal.from_id("CF2-2")), 9),
                     certificate=True).certificate
    """, 'check_loss(cert, engine="native")', timeout=120)
    assert took < 60
    assert "stopped" in lines, output
    assert float(lines["stopped"]) - float(lines["sent"]) < 1.0
