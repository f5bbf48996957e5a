"""``ringside monmamo termination`` and the reference's termination and card pages."""

from __future__ import annotations

import json

import pytest

from harness.cli import main
from harness.games.monmamo.termination import PROVED, REFUTED, UNKNOWN, findings
from analysis.monmamo.loading import GAME
from analysis.monmamo.search import SMALL_STARTS


@pytest.mark.rules("MM 4.14", "MM 4.15", "MM 4.11")
def test_the_shipped_starts_all_end_never_stick_and_can_stall(capsys):
    code = main(["monmamo", "termination", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    surveys = data["surveys"]
    assert len(surveys) == len(SMALL_STARTS) * len(GAME.presets)
    assert data["refuted"] == data["unknown"] == 0
    for item in surveys:
        assert item["complete"] and item["ends"] == item["never_stuck"] == PROVED
        assert 0 < item["longest"] <= item["bound"]
        assert "setup stalled" in item["outcomes"]
        assert item["shortest"]["setup stalled"]
    # Under the literal readings no Monster enters in setup: no setup ever completes.
    assert all("setup complete" not in s["outcomes"] for s in surveys if s["rules"] == "literal")
    # Three players, a Monster each: the final turns of the two players left without
    # cards are skipped (MM-A8), so setup can complete.
    three = next(s for s in surveys if s["rules"] == "rulebook"
                 and s["words"] == "three players, a Monster each, two cards left in the Library")
    assert three["shortest"]["setup complete"][-1] == "place S04 declare"


def test_one_start_one_ruleset_and_the_human_report(capsys):
    start = SMALL_STARTS[0][1]
    code = main(["monmamo", "termination", "--start", start, "--rules", "literal"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "(literal)" in out and "(rulebook)" not in out
    assert "setup stalled: 3 end state(s); shortest: discard S01 S09 / discard S02 S04 / " \
           "pass / pass" in out
    assert out.rstrip().endswith("the rest proved: setup ends within its bound and never "
                                 "gets stuck")


def test_a_walk_cut_short_is_unknown_never_proved(capsys):
    code = main(["monmamo", "termination", "--start", SMALL_STARTS[1][1], "--max-states",
                 "50", "--json", "--rules", "rulebook"])
    out, _ = capsys.readouterr()
    assert code == 0
    item = json.loads(out)["surveys"][0]
    assert not item["complete"] and item["ends"] == item["never_stuck"] == UNKNOWN


def test_a_dead_end_is_refuted_with_the_state():
    class Stuck(type(GAME)):
        """The setup engine with every action of one position taken away."""

        def actions(self, state, rules):
            if state.step == "play" and state.turn == 1:
                return ()
            return super().actions(state, rules)

    import harness.games.monmamo.termination as termination

    stuck = Stuck(GAME.cards)
    original = termination.GAME
    termination.GAME = stuck
    try:
        start = stuck.parse_state(SMALL_STARTS[0][1])
        (result,) = findings([(None, start)], {"rulebook": GAME.default_rules})
    finally:
        termination.GAME = original
    assert result.never_stuck == REFUTED and "turn 1" in result.found.dead_ends[0]


def test_bad_starts_are_one_line_errors(capsys):
    assert main(["monmamo", "termination", "--start", "format 1 1 | junk"]) == 2
    _, err = capsys.readouterr()
    assert err.startswith("ringside: error: --start:") and len(err.splitlines()) == 1


@pytest.mark.parametrize("hands", ["S99 S09 / S02 S04", "S01 library / S02 S04"])
def test_a_start_holding_an_unknown_card_is_refused_naming_it(hands, capsys):
    """Once a KeyError from deep in a rule: now refused as the position is read."""
    start = SMALL_STARTS[0][1].replace("hands S01 S09 / S02 S04", f"hands {hands}")
    assert start != SMALL_STARTS[0][1]
    assert main(["monmamo", "termination", "--start", start]) == 2
    _, err = capsys.readouterr()
    card = hands.split()[0] if hands.startswith("S99") else "library"
    assert err.startswith("ringside: error: --start:") and len(err.splitlines()) == 1
    assert f"'{card}' is not a card of the card set" in err
