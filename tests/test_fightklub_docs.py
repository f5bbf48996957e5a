"""Fight Klub's pages of its own in the rules reference: Cards, Decks, Energy, Fights.

Built as ``tests/test_docs.py`` builds the toy game's pages: the game's checks collected
with small bounds and no proofs, the pages generated as reStructuredText (no Sphinx run,
which the shared site build of ``tests/conftest.py`` does for every page)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("jinja2")

from harness import docs  # noqa: E402
from harness.games.fightklub.docs import (  # noqa: E402
    WORKED_PAYMENTS, deck_findings, kilo_findings, worked_payments)
from harness.resources import data_root  # noqa: E402
from analysis.fightklub.loading import (  # noqa: E402
    GAME, one_cards, one_facts, synthetic_cards,
)

ROOT = data_root().path


@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    reports = docs.collect([GAME], root=ROOT, options=docs.CheckOptions(
        proofs=False, depth=1, max_states=50, starts=1))
    pages, problems = docs.generate(reports)
    assert not problems
    return pages


def page(generated, name: str) -> str:
    return generated[f"{docs.GENERATED}/fightklub/{name}.rst"]


def test_the_three_pages_are_listed_on_the_games_index(generated):
    index = page(generated, "index")
    for title, name in (("Cards", "cards"), ("Decks", "decks"), ("Energy", "energy"),
                        ("Fights", "fights")):
        assert f"   {title} <{name}>\n" in index


def test_no_bare_rule_number_on_the_pages(generated):
    """Every rule number is a link to its rule (a bare one would be a dead end)."""
    for name in ("cards", "decks", "energy", "fights"):
        text = re.sub(r":ref:`[^`]*`", "", page(generated, name))
        assert not re.search(r"\bFK \d+\.\d+\b", text), name


@pytest.mark.rules("FK 1.1", "FK 1.15")
def test_the_cards_page_marks_the_synthetic_set_as_ours_and_counts_what_is_known(generated):
    text = page(generated, "cards")
    assert "**None of these cards is a real card of Fight Klub.**" in " ".join(text.split())
    for card in synthetic_cards().values():
        assert f"   * - {card.code}\n     - {card.name}" in text.replace("\\", "")
    characters = sum(1 for card in one_cards().values() if card.type == "character")
    assert f"   * - character\n     - {characters}\n" in text
    unknown = sum(1 for card in one_cards().values()
                  if len(card.types) == 7)
    assert f"   * - not known\n     - {unknown}\n" in text
    for fact in one_facts():
        assert fact.source.split(";")[0].replace("*", "") in text.replace("\\", "")


@pytest.mark.rules("FK 2.7", "FK 2.8", "FK 2.9", "FK 2.14", "FK 2.5")
def test_the_decks_page_shows_the_checkers_findings_and_the_kilo_under_both_readings(generated):
    text = page(generated, "decks").replace("\\", "")
    rambo = deck_findings("rambo")
    assert rambo["verdict"] == "unknown" and not rambo["violations"]
    assert "rambo\n-----\n" in text and "verdict\n:rs-notrun:`unknown`" in text
    for item in rambo["unchecked"] + deck_findings("hannibal")["unchecked"]:
        assert item["reason"] in text
    assert deck_findings("synthetic-dana")["verdict"] == "valid"
    assert text.count(":rs-pass:`valid`") == 2  # the two synthetic decks
    default, shared = kilo_findings()
    assert (default["share"], default["buildable"]) == (False, False)
    assert default["shortages"] == ["101 The Drop: need 2, have 1"]
    assert (shared["share"], shared["buildable"]) == (True, True)
    assert "101 The Drop: need 2, have 1" in text and ":rs-pass:`buildable`" in text
    assert "(ringside's default)" in text and "FK-D2" in text


@pytest.mark.rules("FK 3.7", "FK 3.8", "FK 3.9", "FK 3.11")
def test_the_energy_page_pays_each_worked_example_at_build_time(generated):
    text = page(generated, "energy").replace("\\", "")
    found = worked_payments()
    assert len(found) == len(WORKED_PAYMENTS)
    answers = [item["payable"] for item in found]
    # the page's examples show both answers, and the FK-A3 pair differs only by control
    assert True in answers and False in answers
    assert answers[4] is True and answers[5] is False
    for item in found:
        assert f"``{item['command']}``" in text
        assert item["reason"] in text
    assert "FK-P1" in text and "not run in this build" in text


def test_the_fights_page_shows_every_ending_the_model_reaches(generated):
    from harness.games.fightklub.fight_docs import (
        order_witness, stakes_sequence, tie_shape_examples)
    from model.fightklub.fights import CLASH_TIE, TIE_SHAPES

    text = page(generated, "fights")
    shapes = tie_shape_examples()
    # every ending but the clash tie (shown by its own example) is found among the synthetic
    # cards, none is missing, and each is on the page with its fight
    assert [s["shape"] for s in shapes] == ["won"] + [t for t in TIE_SHAPES if t != CLASH_TIE]
    assert not any(s.get("missing") for s in shapes)
    for shape in shapes:
        assert shape["shape"] in text and shape["a"] in text
    assert "clash tie" in text
    # z3's order witness is replayed by the model: two orders, two different results, both
    # on the page (z3 may pick another pair of cards on another run: read what it found)
    witness = order_witness()
    assert witness["status"] == "witness"
    first, second = witness["orders"]
    assert first["winner"] != second["winner"]
    for order in (first, second):
        assert order["order"] in text and order["winner"] in text
    # raise the stakes: the tie sets both cards aside, the win scores the stakes card too
    rows = stakes_sequence()
    assert rows[0]["aside"].count(";") == 1 and "Counter Punch" in rows[1]["scored"]
    assert {r["reading"] for r in rows if r["fight"] == "2'"} >= {"FK-F3 other reading",
                                                                  "FK-F4 other reading"}


def test_the_turn_is_drawn_in_stages_small_enough_to_read(generated):
    """Fight Klub's phase graph is too big for one diagram: each stage has at most
    STAGE_MOST phases, the stages share no phase, the phases of one rule stay in one
    stage, and a stage diagram draws every other stage as one dashed box."""
    from harness.docs.pages import STAGE_MOST, phase_dot, phase_stages

    graph = GAME.phase_graph()
    stages = phase_stages(GAME)
    assert len(stages) >= 4
    seen: set = set()
    stage_of_rule: dict = {}
    for number, _, members in stages:
        assert 2 <= len(members) <= STAGE_MOST, number
        assert not seen & members
        seen |= members
        for node in members:
            rule = graph.nodes[node]["rules"][0]
            assert stage_of_rule.setdefault(rule, number) == number, rule
    stage_of = {node: number for number, _, members in stages for node in members}
    assert any(number.startswith("FK 6.") and "\u2013" in number for number in stage_of.values())
    number, _, members = next(s for s in stages if s[0].startswith("FK 6."))
    dot = phase_dot(GAME, only=members, elsewhere=stage_of)
    boxes = set(re.findall(r'^  "stage ([^"]+)" \[', dot, re.M))
    assert boxes and boxes <= set(stage_of.values()) - {number}
    drawn = set(re.findall(r'^  "([^"]+)" \[', dot, re.M))
    assert drawn - {f"stage {b}" for b in boxes} <= {str(n) for n in graph.nodes}
    assert {str(n) for n in members} <= drawn
    page_text = page(generated, "phases")
    for number, title, _ in stages:
        assert f"{number} {title}" in page_text
