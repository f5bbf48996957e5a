"""Club Fight certificates: the independent verifier against the rules model, the solver's
certificates accepted, and every way a certificate can be wrong rejected."""

from __future__ import annotations

import ast
import hashlib
import json
import random
import sys
import zlib
from array import array
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from analysis import clubfight_verify as verifier, clubfight_verify_native
from analysis.clubfight.certificate_file import (
    EXAMPLE, WINDOW_CLUBS, LossProof, certificate_bytes, prove_loss,
)
from analysis.clubfight.certify import replay_win
from analysis.clubfight.slack import with_clubs
from analysis.clubfight.solver import solve
from harness.cli import main
from model.clubfight.deals import Deal
from model.clubfight.moves import ACTIONS, action_moves, blocked_actions, moves_for_club
from model.clubfight.rules import DEFAULT_RULES, WEBAPP, Rules
from model.clubfight.state import State

ROOT = Path(__file__).resolve().parent.parent
RULES = {"rulebook": DEFAULT_RULES, "webapp": WEBAPP}


def rules_fields(rules: Rules) -> dict:
    return {name: getattr(rules, name) for name in verifier.RULE_FIELDS}


# -- the verifier's rules against the model's ---------------------------------------------
RULE_CHOICES = st.builds(Rules, must_clear=st.booleans(), jokers_match=st.booleans(),
                         match_any_subset=st.booleans(), sum_jokers_zero=st.booleans(),
                         updown_any_subset=st.booleans(), line_joker_target=st.booleans(),
                         run_min_cards=st.integers(2, 5))


@st.composite
def positions(draw):
    """A grid of cards from a 2-Joker grid deck (some slots empty), a club, rules."""
    deal = Deal.from_number(2, draw(st.integers(0, 2 ** 64 - 1)))
    cards = list(State.from_deal(deal).grid) + list(State.from_deal(deal).deck)
    chosen = draw(st.lists(st.integers(0, len(cards) - 1), min_size=1, max_size=9,
                           unique=True))
    slots = draw(st.permutations(range(9)))[:len(chosen)]
    grid = [None] * 9
    for slot, index in zip(slots, chosen):
        grid[slot] = cards[index]
    rules = draw(st.one_of(st.sampled_from([DEFAULT_RULES, WEBAPP]), RULE_CHOICES))
    return tuple(grid), draw(st.integers(1, 13)), rules


def verifier_game(grid, rules) -> tuple[verifier.Game, tuple]:
    cards = [(0, "") if c.is_joker else (c.value, c.suit) for c in grid if c is not None]
    numbers = iter(range(len(cards)))
    cells = tuple(-1 if c is None else next(numbers) for c in grid)
    return verifier.Game(cards, list(range(1, 14)), rules_fields(rules)), cells


@settings(max_examples=400, deadline=None)
@given(positions())
def test_the_verifiers_moves_are_the_models(position):
    grid, club, rules = position
    game, cells = verifier_game(grid, rules)
    found = game.actions(cells, club)
    blocked = blocked_actions(grid)
    for action in ACTIONS:
        model = set() if action in blocked else {
            sum(1 << s for s in m.cleared) for m in action_moves(grid, club, action, rules)}
        assert found[action] == model, action
    largest = max((len(m.cleared) for m in moves_for_club(grid, club, rules)), default=0)
    on_grid = sum(1 << i for i in cells if i >= 0)
    assert game.capacities(on_grid, cells)[0][club] == largest  # the exact largest clear


@settings(max_examples=200, deadline=None)
@given(positions())
def test_the_verifiers_capacity_bounds_every_move(position):
    """On a grid of any cards of a set, no move clears more than the set's capacity."""
    grid, club, rules = position
    game, cells = verifier_game(grid, rules)
    cards = sum(1 << i for i in cells if i >= 0)
    for mask in game.clears(cells, club):
        assert mask.bit_count() <= game.capacities(cards)[0][club]


@settings(max_examples=100, deadline=None)
@given(positions())
def test_the_verifiers_cached_capacities_are_computed_afresh(position):
    """Capacities on any grid are kept by value counts, on a grid by its cells: asking for
    one never answers for the other, in either order."""
    grid, _, rules = position
    (game, cells), fresh = verifier_game(grid, rules), verifier_game(grid, rules)[0]
    cards = sum(1 << i for i in cells if i >= 0)
    assert game.capacities(cards) == fresh.capacities(cards)
    assert game.capacities(cards, cells) == verifier_game(grid, rules)[0].capacities(cards, cells)
    assert fresh.capacities(cards, cells) == game.capacities(cards, cells)
    assert fresh.capacities(cards) == game.capacities(cards)


def test_the_verifiers_caches_change_no_count(example, monkeypatch):
    """Emptying every cache after each listed state (so each answer is computed afresh for
    it) finds the same children, cuts and verdict."""
    warm = verifier.verify(example).as_dict()
    monkeypatch.setattr(verifier, "CACHE_LIMIT", -1)
    assert verifier.verify(example).as_dict() | {"seconds": 0} == warm | {"seconds": 0}


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 2), st.integers(0, 2 ** 64 - 1))
def test_the_verifiers_deals_are_the_specifications(jokers, number):
    deal = Deal.from_number(jokers, number)
    assert verifier.deal_of_id(f"CF{jokers}-{number}") == verifier.parse_deal(str(deal))


def test_the_verifier_imports_only_the_standard_library():
    tree = ast.parse((ROOT / "analysis" / "clubfight_verify.py").read_text())
    names = {alias.name.split(".")[0] for node in ast.walk(tree)
             if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module.split(".")[0] for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module}
    assert names - {"__future__"} <= sys.stdlib_module_names, names


def test_the_verifier_reads_in_one_sitting():
    # 600 lines (C: 500) with the window and tail bound; the ladder (its limits, its table
    # and the argument that makes it sound) and its two-step test add some 190 (C: 80).
    assert len((ROOT / "analysis" / "clubfight_verify.py").read_text().splitlines()) <= 800
    assert len((ROOT / "analysis" / "clubfight_verify_core.c").read_text().splitlines()) <= 580


def test_the_compiled_verifier_includes_nothing_of_the_solver():
    source = (ROOT / "analysis" / "clubfight_verify_core.c").read_text()
    includes = [line.split()[1] for line in source.splitlines() if line.startswith("#include")]
    assert includes == ["<stdint.h>"]  # no header of the solver's or the loss checker's


def test_a_compiled_verifier_that_disagrees_makes_a_rejection(example):
    """A wrong state named by the compiled half that Python finds right is a bug in
    one of them: never an acceptance, and said so."""
    verdict = verifier.verify(example, compiled=lambda *game: lambda lo, hi, found: lo)
    assert verdict.status == "rejected" and "a bug in one of them" in verdict.reason


# -- certificates the solver writes -------------------------------------------------------
LOSSES = [("CF1-662", 7, "rulebook"), ("CF2-635", 7, "rulebook"), ("CF1-865", 7, "webapp")]


def loss_certificate(deal_id: str, clubs: int, rules_name: str) -> bytes:
    deal = Deal.from_id(deal_id)
    proof = prove_loss(deal, RULES[rules_name], clubs)
    assert isinstance(proof, LossProof), proof
    return certificate_bytes(deal, RULES[rules_name], rules_name, deal_id=deal_id, loss=proof)


@pytest.fixture(scope="module")
def example() -> bytes:
    return EXAMPLE.read_bytes()


@pytest.mark.parametrize(("deal_id", "clubs", "rules_name"), LOSSES)
def test_the_solvers_loss_certificates_are_accepted(deal_id, clubs, rules_name):
    data = loss_certificate(deal_id, clubs, rules_name)
    verdict = verifier.verify(data)
    assert verdict.status == "accepted", verdict.reason
    assert verdict.claims == [f"lost with {clubs} clubs"]
    assert verdict.checked == verdict.states and (verdict.cuts > 0 or not verdict.states)
    if clubfight_verify_native.available():  # the same walk in C: the same counts
        compiled = verifier.verify(data, compiled=clubfight_verify_native.checker)
        assert compiled.as_dict() | {"seconds": 0} == verdict.as_dict() | {"seconds": 0}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2 ** 60 - 1) | st.sampled_from([0, 7, 2 ** 59]),
                          st.integers(0, 2 ** 14 - 1) | st.sampled_from([0, 6])),
                max_size=300))
def test_states_are_sorted_in_c_as_python_sorts_them_without_repeats(pairs):
    from analysis.clubfight import _solver_native

    if not _solver_native.available():
        pytest.skip(_solver_native.unavailable_reason())
    keys, played = array("Q", (k for k, _ in pairs)), array("i", (p for _, p in pairs))
    assert _solver_native.sort_states(keys, played)
    assert list(zip(keys, played)) == sorted(set(pairs))


def test_a_loss_sorted_without_the_compiled_sort_is_the_same_file(monkeypatch):
    deal = Deal.from_id("CF1-3")
    made = certificate_bytes(deal, DEFAULT_RULES, "rulebook",
                             loss=prove_loss(deal, DEFAULT_RULES, 8))
    monkeypatch.setattr("analysis.clubfight._solver_native.sort_states", lambda k, p: False)
    again = certificate_bytes(deal, DEFAULT_RULES, "rulebook",
                              loss=prove_loss(deal, DEFAULT_RULES, 8))
    assert again == made and verifier.verify(made).status == "accepted"


def test_the_shipped_example_proves_a_slack(example):
    verdict = verifier.verify(example)
    assert verdict.status == "accepted", verdict.reason
    assert verdict.claims == ["won with 8 clubs", "lost with 7 clubs", "slack 5"]


def test_a_win_certificate_is_the_solvers_line():
    deal = Deal.from_id("CF2-17")
    result = solve(State.from_deal(deal), DEFAULT_RULES)
    assert result.verdict == "win" and replay_win(State.from_deal(deal), result.moves,
                                                  DEFAULT_RULES).ok
    data = certificate_bytes(deal, DEFAULT_RULES, "rulebook", deal_id="CF2-17",
                             win=(13, result.moves))
    assert verifier.verify(data).claims == ["won with 13 clubs"]


# -- certificates wrong in every way ---------------------------------------------------------
def parts(data: bytes) -> tuple[dict, array, array]:
    header, body = verifier.read_header(data)
    if "loss" not in header:
        return header, array("Q"), array("H")
    keys, played = verifier.read_states(header["loss"], body)
    return header, keys, played


def rebuilt(header: dict, keys=None, played=None) -> bytes:
    """The certificate of ``header`` with these states, its count and hash made to match."""
    body = b""
    if keys is not None:
        raw = array("Q", keys).tobytes() + array("H", played).tobytes()
        header["loss"].update(states=len(keys), sha256=hashlib.sha256(raw).hexdigest())
        body = zlib.compress(raw)
    version = 2 if "ladder" in header.get("loss", {}) else 1
    return (b"RINGSIDE-CLUBFIGHT-CERTIFICATE %d\n" % version + json.dumps(header).encode()
            + b"\n" + body)


ENGINE: dict = {"compiled": None}


@pytest.fixture(params=["python", "native"])
def engine(request):
    """Each broken certificate goes to both verifiers: Python alone, and with the
    listed states checked in C (``clubfight_verify_core.c``)."""
    if request.param == "native" and not clubfight_verify_native.available():
        pytest.skip(f"no compiled verifier: {clubfight_verify_native.unavailable_reason()}")
    ENGINE["compiled"] = clubfight_verify_native.checker if request.param == "native" else None
    yield request.param
    ENGINE["compiled"] = None


def rejected(data: bytes, *words: str) -> str:
    verdict = verifier.verify(data, compiled=ENGINE["compiled"])
    assert verdict.status == "rejected", (verdict.status, verdict.reason)
    for word in words:
        assert word in verdict.reason, verdict.reason
    return verdict.reason


def state_of(key: int, played: int, game: verifier.Game):
    cells = tuple(-1 if c == 63 else c for c in (key >> 6 * s & 63 for s in range(9)))
    return cells, key >> 54, played


@pytest.mark.usefixtures("engine")
def test_a_missing_child_is_rejected(example):
    header, keys, played = parts(example)
    cards, clubs = verifier.parse_deal(header["deal"])
    game = verifier.Game(cards, clubs[:7], header["rules"], WINDOW_CLUBS,
                         header["loss"]["ladder"], header["loss"]["two_step"])
    start = sum(i << 6 * s for s, i in enumerate(range(9))) | 9 << 54
    needed = [i for i, (k, p) in enumerate(zip(keys, played)) if k != start
              and game.cut(*state_of(k, p, game))[-1][1] >= game.left(*state_of(k, p, game)[:2])]
    assert needed, "every listed state but the start would be cut anyway"
    gone = random.Random(0).choice(needed)
    rejected(rebuilt(header, keys[:gone] + keys[gone + 1:], played[:gone] + played[gone + 1:]),
             "neither listed nor cut")
    start_index = list(keys).index(start)
    rejected(rebuilt(header, keys[:start_index] + keys[start_index + 1:],
                     played[:start_index] + played[start_index + 1:]),
             "the start is neither listed nor cut")


@pytest.mark.usefixtures("engine")
def test_a_cut_the_bound_does_not_justify_is_rejected():
    """A certificate that leans on the window and tail rules, with a header that does not
    grant them; and the solver's own table, cut by its ladder, with a header that does not
    grant the ladder."""
    deal = Deal.from_id("CF1-662")
    plain = prove_loss(deal, DEFAULT_RULES, 7, ladder=False)  # 135 states, the window's
    header, keys, played = parts(certificate_bytes(deal, DEFAULT_RULES, "rulebook",
                                                   deal_id="CF1-662", loss=plain))
    header["loss"]["window_clubs"] = 0
    rejected(rebuilt(header, keys, played), "neither listed nor cut", "next club")
    own = solve(with_clubs(State.from_deal(deal), 7), DEFAULT_RULES, certificate=True)
    assert own.verdict == "loss" and own.stats["ladder_cuts"] > 0
    pairs = sorted(zip(*own.certificate.packed()))
    header["loss"].update(window_clubs=WINDOW_CLUBS, ladder=False, two_step=False)
    rejected(rebuilt(header, [k for k, _ in pairs], [p for _, p in pairs]),
             "neither listed nor cut")


@pytest.mark.usefixtures("engine")
def test_a_win_among_the_claimed_losses_is_rejected():
    """The states of a winning line, claimed lost: the one before the last move wins."""
    deal = Deal.from_id("CF1-662")
    start = with_clubs(State.from_deal(deal), 8)
    moves = solve(start, DEFAULT_RULES).moves
    cards, clubs = verifier.parse_deal(str(deal))
    game = verifier.Game(cards, clubs[:8], rules_fields(DEFAULT_RULES))
    cells, dealt, played = game.start
    line = []
    for move in moves:
        line.append((sum((63 if i < 0 else i) << 6 * s for s, i in enumerate(cells))
                     | dealt << 54, played))
        cells, dealt = game.after(cells, dealt, sum(1 << s for s in move.cleared))
        played |= 1 << move.club
    header = json.loads(certificate_bytes(deal, DEFAULT_RULES, "rulebook", deal_id="CF1-662",
                                          loss=LossProof(8, array("Q"), array("H"), 0, 0.0)
                                          ).split(b"\n")[1])
    rejected(rebuilt(header, [line[-1][0]], [line[-1][1]]),
             "wins: a win among the claimed losses")


@pytest.mark.usefixtures("engine")
def test_a_wrong_deal_or_header_is_rejected(example):
    header, keys, played = parts(example)
    tokens = header["deal"].split()
    tokens[0], tokens[1] = tokens[1], tokens[0]
    rejected(rebuilt({**header, "deal": " ".join(tokens)}, keys, played), "is not the deal")
    rejected(rebuilt({**header, "deal": " ".join(tokens), "id": None}, keys, played))
    rejected(rebuilt({**header, "deal": header["deal"].replace("JK", "KC")}, keys, played),
             "grid card")
    webapp = {**header, "rules": {"name": "webapp", **rules_fields(WEBAPP)}}
    rejected(rebuilt(webapp, keys, played))
    rejected(rebuilt({**header, "rules": {"name": "rulebook"}}, keys, played), "rules")
    rejected(rebuilt({**header, "surprise": 1}, keys, played), "nothing else")
    more = json.loads(json.dumps(header))
    more["loss"]["clubs"] = 8  # the 8th club makes moves the listed states never met
    rejected(rebuilt(more, keys, played))


@pytest.mark.usefixtures("engine")
def test_a_truncated_or_damaged_file_is_rejected(example):
    for cut in (len(example) - 1, len(example) - 30, example.index(b"\n") + 20, 10):
        rejected(example[:cut])
    rejected(example + b"\0", "padded")
    header, keys, played = parts(example)
    damaged = rebuilt(header, keys, played)
    header["loss"]["sha256"] = "0" * 64
    body = damaged.split(b"\n", 2)[2]
    rejected(b"RINGSIDE-CLUBFIGHT-CERTIFICATE 2\n" + json.dumps(header).encode() + b"\n"
             + body, "SHA-256")
    rejected(rebuilt(json.loads(json.dumps(header)), keys[:1] + keys, played[:1] + played),
             "increasing order")
    rejected(b"not a certificate at all", "not a Club Fight certificate")


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize(("cells", "dealt", "played"), [
    (range(9), 9, 1 << 0),  # bit 0: no club has value 0
    (range(9), 41, 0),  # past the 40 cards of the deck
    ([0, 0, 1, 2, 3, 4, 5, 6, 7], 9, 0),  # a card twice
    ([0, 1, 2, 3, 4, 5, 6, 7, 20], 9, 0),  # a card not dealt yet
    ([63, 1, 2, 3, 4, 5, 6, 7, 8], 9, 0),  # an empty slot with the deck not empty
    (range(9), 9 | 1 << 6, 0),  # bits 60-63 set
])
def test_a_state_not_of_this_deal_is_rejected(example, cells, dealt, played):
    header, keys, played_sets = parts(example)
    odd = (sum(c << 6 * s for s, c in enumerate(cells)) | dealt << 54, played)
    pairs = sorted([*zip(keys, played_sets), odd])
    rejected(rebuilt(header, [k for k, _ in pairs], [p for _, p in pairs]),
             f"listed state #{pairs.index(odd)}: not a state of this deal")


@pytest.mark.usefixtures("engine")
def test_a_wrong_version_is_rejected(example):
    rejected(example.replace(b"CERTIFICATE 2", b"CERTIFICATE 3", 1), "version 3",
             "versions 1 and 2 only")
    header, keys, played = parts(example)
    for ladder in (None, "yes"):  # version 2 says whether the loss leans on the ladder
        header["loss"]["ladder"] = ladder
        data = rebuilt(header, keys, played)
        rejected(data if ladder else data.replace(b', "ladder": null', b""), "loss.ladder")
    header["loss"].update(ladder=True, two_step=1)
    rejected(rebuilt(header, keys, played), "loss.two_step")
    del header["loss"]["two_step"]
    header["loss"]["ladder"] = False  # version 1 has no ladder to grant
    rejected(rebuilt(header, keys, played).replace(b"CERTIFICATE 2", b"CERTIFICATE 1", 1),
             "loss.ladder")


@pytest.mark.usefixtures("engine")
def test_a_tampered_winning_line_is_rejected(example):
    header, keys, played = parts(example)
    moves = header["win"]["moves"]
    assert len(moves[2]["cleared"]) > 1
    for change in ({"cleared": moves[2]["cleared"][1:]}, {"action": "any"},
                   {"club": "K" if moves[2]["club"] != "K" else "Q"}):
        tampered = json.loads(json.dumps(header))
        tampered["win"]["moves"][2].update(change)
        rejected(rebuilt(tampered, keys, played), "win, move 3")
    tampered = json.loads(json.dumps(header))
    tampered["win"]["moves"].pop()
    rejected(rebuilt(tampered, keys, played), "cards left")
    tampered["win"]["clubs"] = 2
    rejected(rebuilt(tampered, keys, played), "not in hand")


def test_limits_and_interrupts_leave_it_unknown(example):
    assert verifier.verify(example, timeout=0.0).status == "unknown"
    stopped = verifier.verify(example, max_states=1)
    assert stopped.status == "unknown" and "past the limit" in stopped.reason


# -- the commands ------------------------------------------------------------------------------
def test_solve_and_slack_write_certificates_that_verify(tmp_path, capsys):
    win = tmp_path / "win.cert"
    assert main(["clubfight", "solve", "CF2-17", "--certificate", str(win), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["certificate"]["written"]
    assert main(["clubfight", "verify", str(win), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["claims"] == ["won with 13 clubs"]
    slack = tmp_path / "slack.cert"
    assert main(["clubfight", "slack", "CF1-662", "--certificate", str(slack)]) == 0
    assert "certificate:" in capsys.readouterr().out
    assert slack.read_bytes() == EXAMPLE.read_bytes()  # the same proof, byte for byte
    assert main(["clubfight", "slack", "CF1-662", "--certificate", str(slack)]) == 0  # ours


@pytest.mark.parametrize("engine", ["python", "native"])
def test_verify_engines_give_the_same_verdict(engine, capsys):
    if engine == "native" and not clubfight_verify_native.available():
        pytest.skip("no compiled verifier")
    assert main(["clubfight", "verify", str(EXAMPLE), "--engine", engine, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["engine"] == engine and out["claims"][-1] == "slack 5" and out["checked"] == 12


def test_verify_says_rejected_with_exit_1_and_bad_input_with_2(tmp_path, example, capsys):
    broken = tmp_path / "broken.cert"
    broken.write_bytes(example[:-5])
    assert main(["clubfight", "verify", str(broken)]) == 1
    assert "REJECTED" in capsys.readouterr().out
    assert main(["clubfight", "verify", str(tmp_path / "missing.cert")]) == 2
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    assert main(["clubfight", "solve", "CF2-17", "--certificate", str(notes)]) == 2
    assert notes.read_text() == "mine"
    assert main(["clubfight", "solve", "7H QS -- JK 2D 2S AH 9D KS | 5D / 3 4",
                 "--certificate", str(tmp_path / "c")]) == 2


# -- the ladder (format version 2) ---------------------------------------------------------
@pytest.mark.parametrize(("deal_id", "clubs", "rules_name"),
                         [*LOSSES, ("CF2-771", 8, "rulebook")])
def test_the_verifiers_ladder_needs_at_least_what_the_solvers_does(deal_id, clubs, rules_name):
    """The certificate's search cuts by the solver's ladder (without its Jokers' duty and
    last-two refinements); its certificate is closed under the verifier's ladder only if
    the verifier's need is never below the solver's, for every set of clubs played."""
    from analysis.clubfight import _solver_core as core

    rules = RULES[rules_name]
    cards, order = verifier.deal_of_id(deal_id)
    game = verifier.Game(cards, order[:clubs], rules_fields(rules), ladder=True)
    values = [v for v, _ in cards]
    suits = [{"D": core.SUIT_D, "H": core.SUIT_H, "S": core.SUIT_S}.get(s, -1) for _, s in cards]
    limits = core.ladder_limits(values, suits, len(cards), 9, rules)
    solver = core.ladder_needs(limits, len(cards), order[:clubs], 4, rules, values, 9, suits,
                               duty=False, last_two=False)
    width, compared = len(cards) + 1, 0
    for key, need in solver.items():
        played, cleared = key >> 10, key >> 4 & 63
        if played:  # (the empty set: no club acting, never asked)
            compared += 1
            assert game.needs[played * width + cleared] >= min(need, verifier.NO_CLEAR), key
    assert compared > 1000


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 2), st.integers(0, 10 ** 6), st.one_of(
    st.sampled_from([DEFAULT_RULES, WEBAPP]), RULE_CHOICES), st.randoms(use_true_random=False))
def test_no_clear_of_any_play_passes_the_ladders_limit(jokers, number, rules, rng):
    """Random play from the start: every move clears at most the ladder's limit for its
    club, the cards gone when it acts and when the club before it acted; and on the grid
    after it, no club clears more than the two-step bound for that many cards cleared."""
    cards, order = verifier.deal_of_id(f"CF{jokers}-{number}")
    game = verifier.Game(cards, order, rules_fields(rules))
    (cells, dealt, played), before = game.start, 0
    while game.left(cells, dealt) and game.hand(played):
        now = game.total - game.left(cells, dealt)
        moves = [(club, mask) for club in game.hand(played) for mask in game.clears(cells, club)]
        if not moves:
            break
        for club, mask in moves:
            assert mask.bit_count() <= game.ladder_limit(club, now, before), (club, mask)
        for club, mask in rng.sample(moves, min(3, len(moves))):
            bound = game.after_clearing(cells, dealt, mask.bit_count())
            child = game.after(cells, dealt, mask)[0]
            for second in range(1, 14):
                assert all(m.bit_count() <= bound[second] for m in game.clears(child, second))
        club, mask = rng.choice(moves)
        cells, dealt = game.after(cells, dealt, mask)
        played, before = played | 1 << club, now


@pytest.mark.parametrize(("deal_id", "clubs", "rules_name"),
                         [("CF1-662", 8, "rulebook"), ("CF2-327", 8, "webapp"),
                          ("CF2-17", 13, "rulebook"), ("CF1-1", 9, "rulebook")])
def test_the_ladder_cuts_no_state_of_a_winning_line(deal_id, clubs, rules_name):
    """Each state of a win (most of them with the fewest clubs that win) is winnable:
    no bound, the ladder and its two steps included, may cut it."""
    rules = RULES[rules_name]
    start = with_clubs(State.from_deal(Deal.from_id(deal_id)), clubs)
    result = solve(start, rules)
    assert result.verdict == "win"
    cards, order = verifier.deal_of_id(deal_id)
    game = verifier.Game(cards, order[:clubs], rules_fields(rules), WINDOW_CLUBS, ladder=True,
                         two_step=True)
    (cells, dealt, played) = game.start
    for move in result.moves:
        parts = game.cut(cells, dealt, played)
        assert parts[-1][1] >= game.left(cells, dealt), (move, parts)
        cells, dealt = game.after(cells, dealt, sum(1 << s for s in move.cleared))
        played |= 1 << move.club


@pytest.fixture(scope="module")
def ladder_certificate() -> bytes:
    """CF1-1 lost with 8 clubs: 253 states with the ladder two steps deep, 368 with the
    ladder alone, 19,753 without."""
    return loss_certificate("CF1-1", 8, "rulebook")


@pytest.mark.usefixtures("engine")
def test_a_child_the_ladder_does_not_cut_must_be_listed(ladder_certificate):
    header, keys, played = parts(ladder_certificate)
    assert header["loss"]["ladder"] and header["loss"]["two_step"]
    assert verifier.verify(ladder_certificate).status == "accepted"
    cards, clubs = verifier.parse_deal(header["deal"])
    game = verifier.Game(cards, clubs[:8], header["rules"], WINDOW_CLUBS, ladder=True,
                         two_step=True)
    start = sum(i << 6 * s for s, i in enumerate(range(9))) | 9 << 54
    needed = [i for i, (k, p) in enumerate(zip(keys, played)) if k != start
              and game.cut(*state_of(k, p, game))[-1][1] >= game.left(*state_of(k, p, game)[:2])]
    assert needed
    for gone in random.Random(1).sample(needed, 2):
        rejected(rebuilt(json.loads(json.dumps(header)), keys[:gone] + keys[gone + 1:],
                         played[:gone] + played[gone + 1:]), "neither listed nor cut")
    header["loss"]["two_step"] = False  # the same states, two steps not granted
    rejected(rebuilt(json.loads(json.dumps(header)), keys, played), "neither listed nor cut")
    header["loss"]["ladder"] = False  # nor the ladder (two steps need it)
    rejected(rebuilt(header, keys, played), "neither listed nor cut")


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 2), st.integers(0, 10 ** 6), st.sampled_from([DEFAULT_RULES, WEBAPP]),
       st.randoms(use_true_random=False))
def test_the_verifiers_two_step_bound_is_never_above_the_solvers(jokers, number, rules, rng):
    """The certificate's search cuts by the solver's two-step test; its certificate is
    closed under the verifier's only if the verifier's bound on the grid after a clear
    is never above the solver's (the needs are the ladder's, compared above)."""
    from analysis.clubfight import _solver_core as core

    cards, order = verifier.deal_of_id(f"CF{jokers}-{number}")
    game = verifier.Game(cards, order, rules_fields(rules))
    values = [v for v, _ in cards]
    suits = [{"D": core.SUIT_D, "H": core.SUIT_H, "S": core.SUIT_S}.get(s, -1) for _, s in cards]
    cells, dealt, played = game.start
    while game.left(cells, dealt) and game.hand(played):
        moves = [(club, mask) for club in game.hand(played) for mask in game.clears(cells, club)]
        if not moves:
            break
        for g in range(0, 10 - list(cells).count(-1)):
            solver = core.two_step_bound(list(cells), values, suits, dealt, game.total, g, rules)
            mine = game.after_clearing(cells, dealt, g)
            assert all(mine[c] <= solver[c] for c in range(1, 14)), (g, mine, solver)
        club, mask = rng.choice(moves)
        cells, dealt = game.after(cells, dealt, mask)
        played |= 1 << club
