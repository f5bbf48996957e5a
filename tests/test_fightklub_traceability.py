"""Fight Klub's rulebook, sentence by sentence: the traceability table accounts for every unit."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path

import pytest

from analysis.fightklub.loading import GAME
from model.core.game import probe_witness
from model.core.traceability import Heading, Status, Trace, problems, units
from model.fightklub.ambiguities import AMBIGUITIES
from model.fightklub.engine import FightKlub
from model.fightklub.payment import table_types
from model.fightklub.rulebook import RULEBOOK
from model.fightklub.traceability import TRACEABILITY

RULEBOOK_FILE = (Path(__file__).resolve().parents[2] / "shared" / "rulebooks"
                 / FightKlub.game_type.rulebook_file)

# What the audit of 2026-12 found: a changed count means a changed rulebook or table,
# to be looked at sentence by sentence.
UNITS_BY_STATUS = {Status.MODELLED: 237, Status.DATA: 67, Status.FLAVOUR: 42,
                   Status.OUT_OF_SCOPE: 9, Status.EXAMPLE: 9}


def _rulebook_text() -> str:
    if not RULEBOOK_FILE.is_file():
        pytest.skip(f"the shared rulebooks are not beside this checkout ({RULEBOOK_FILE})")
    return RULEBOOK_FILE.read_text(encoding="utf-8")


def _traces() -> list[Trace]:
    return [entry for entry in TRACEABILITY if isinstance(entry, Trace)]


def test_the_game_carries_its_table():
    assert FightKlub.traceability is TRACEABILITY and GAME.traceability is TRACEABILITY


def test_every_sentence_of_the_rulebook_is_accounted_for():
    text = _rulebook_text()
    found = problems(TRACEABILITY, text, rule_numbers=RULEBOOK.numbers(),
                     ambiguity_ids=[a.id for a in AMBIGUITIES])
    assert found == []


def test_the_units_per_status():
    text = _rulebook_text()
    all_units = units(text)
    counts = Counter({status: 0 for status in Status})
    for trace in _traces():
        counts[trace.status] += len(trace.span(all_units))
    assert dict(counts) == UNITS_BY_STATUS
    assert sum(counts.values()) == sum(not u.heading for u in all_units)


def test_the_check_sees_a_changed_sentence():
    """The fingerprints bite: one word changed in a modelled sentence is reported."""
    text = _rulebook_text()
    changed = text.replace("a deck can have no more than 1 copy", "a deck can have 2 copies", 1)
    assert changed != text
    found = problems(TRACEABILITY, changed, rule_numbers=RULEBOOK.numbers(),
                     ambiguity_ids=[a.id for a in AMBIGUITIES])
    assert len(found) == 1 and "fingerprint" in found[0] and "92.1-92.2" in found[0]


def test_the_table_is_shaped_as_the_rulebook():
    """Headings in order, each a Heading; every out-of-scope entry says why, every
    modelled one names its rules; every open point of the register is tied to the
    sentences that leave it open, and every numbered rule to a sentence."""
    lines = [entry.line for entry in TRACEABILITY if isinstance(entry, Heading)]
    assert lines == sorted(lines) and len(lines) == 34
    traces = _traces()
    assert all(t.reason for t in traces if t.status is Status.OUT_OF_SCOPE)
    assert all(t.rules for t in traces if t.status is Status.MODELLED)
    named = {ident for t in traces for ident in t.ambiguities}
    assert named == {a.id for a in AMBIGUITIES}
    ruled = {number for t in traces for number in t.rules}
    assert ruled == set(RULEBOOK.numbers())


def test_a_gist_is_ringsides_words_not_the_rulebooks():
    """No gist repeats a run of eight words of the sentences it covers."""
    text = _rulebook_text()
    all_units = units(text)

    def runs(text: str) -> set[tuple[str, ...]]:
        words = re.findall(r"[a-z0-9'-]+", text.lower())
        return {tuple(words[i:i + 8]) for i in range(len(words) - 7)}

    copied = [trace.start for trace in _traces()
              if runs(trace.gist) & runs(" ".join(u.text for u in trace.span(all_units)))]
    assert copied == []


@pytest.mark.rules("FK 3.6")
def test_fk_a5_cards_lying_in_a_fight_are_in_sight_only_under_the_other_reading():
    """Brick's only gear is activated on his fight card: Dana's 'spot gear' fails when
    only the cards in play count, and is met when the fights' cards count too."""
    (entry,) = [a for a in AMBIGUITIES if a.id == "FK-A5"]
    position, probe = entry.witness.position, entry.witness.probe
    default = probe_witness(GAME, position, probe, GAME.default_rules)
    assert default.startswith("refused") and "FK 4.9" in default
    other = dataclasses.replace(GAME.default_rules, spot_cards_in_fights=True)
    after = GAME.parse_state(probe_witness(GAME, position, probe, other))
    assert after.side(1).table == ("S915",) and after.side(0).table == ("S916",)
    # what each reading sees of Brick's side: his revealed fight card and the gear on it
    state = GAME.parse_state(position)
    seen = {value: table_types(GAME.catalog, state, 0, dataclasses.replace(
        GAME.default_rules, spot_cards_in_fights=value)) for value in (False, True)}
    assert seen[False] == {"hero", "universal"}
    assert seen[True] == {"hero", "universal", "fight", "gear"}
    # laid cards are face down until the reveal: nothing of them is in sight before it
    laying = dataclasses.replace(state, step="lay", fight=None)
    assert "fight" not in table_types(GAME.catalog, laying, 0, dataclasses.replace(
        GAME.default_rules, spot_cards_in_fights=True))


@pytest.mark.rules("FK 6.2", "FK 6.4")
def test_fk_t5_an_unopposed_cards_enhance_step_leaves_the_other_player_nothing_to_lay():
    """Under the other reading of FK-T5 the enhance step comes before the unopposed
    card's result tabs; Dana, with no card in the fight, may not lay her gear or change
    a card she does not have, while Brick may turn his."""
    (entry,) = [a for a in AMBIGUITIES if a.id == "FK-T5"]
    rules = dataclasses.replace(GAME.default_rules, unopposed_enhance_step=True)
    state = GAME.parse_state(entry.witness.position)
    for action in ("pick 3", "first 0"):
        state = GAME.apply(state, GAME.parse_action(state, action, rules), rules)
    assert state.step == "enhance" and state.turn == 0 and "S916" in state.side(0).support
    assert [str(a) for a in GAME.legal_actions(state, rules)] == ["pass"]
    state = GAME.apply(state, GAME.parse_action(state, "pass", rules), rules)
    moves = {str(a) for a in GAME.legal_actions(state, rules)}
    assert {"use S934 burn G", "activate S916", "pass"} <= moves


def test_fk_t5_a_nullified_skirmish_of_an_unopposed_card_fires_no_result_tab():
    from model.fightklub import fights

    cards = GAME.catalog.cards
    # a synthetic fight card with a result tab (the texts of ONE are unknown)
    code = next(c for c, card in sorted(cards.items()) if c.startswith("S")
                and card.type == "fight"
                and any(tab.result for side in card.parts.sides for tab in side.tabs))
    fighter = fights.Fighter(0, code, 0, (0, 0, 0), 0)
    plain = fights.resolve_unopposed(fighter, cards=cards)
    fired = [s.position for s in plain.skirmishes if s.fired]
    assert fired
    nulled = fights.resolve_unopposed(fighter, cards=cards, nullified=frozenset(fired))
    assert all(not s.fired and s.nullified for s in nulled.skirmishes if s.position in fired)


@pytest.mark.rules("FK 6.2", "FK 6.1")
def test_fk_t6_the_owner_of_unopposed_cards_orders_them_only_under_the_other_reading():
    """Brick's two unopposed cards are picked by Dana, the Drop holder, by default and by
    Brick under the other reading of FK-T6; either way only unopposed cards may be picked
    while they wait, and the refusal names who picks."""
    (entry,) = [a for a in AMBIGUITIES if a.id == "FK-T6"]
    for value, picker in ((False, 0), (True, 1)):
        rules = dataclasses.replace(GAME.default_rules, unopposed_owner_orders=value)
        state = GAME.parse_state(entry.witness.position)
        state = GAME.apply(state, GAME.parse_action(state, entry.witness.probe, rules), rules)
        assert (state.step, GAME.current_player(state)) == ("fight", picker)
        assert [str(a) for a in GAME.legal_actions(state, rules)] == ["pick 2", "pick 3"]
        refusal = probe_witness(GAME, GAME.format_state(state), "pick 1", rules)
        assert refusal.startswith("refused") and f"player {picker}" in refusal
        assert ("the owner of the unopposed cards" in refusal) == value


# -- FK-T7 and FK-T8: no shipped card shows them; a card file of a user's own does ---------
ROOT = Path(__file__).resolve().parent.parent
AUDIT_CARDS = ROOT / "docs" / "byo" / "fightklub-audit-cards.toml"


@pytest.fixture(scope="module")
def audit():
    """The game with the audit's card file (its cards and its deck audit-brick), and the
    whole start of each of its scenarios, by file stem."""
    from analysis.fightklub.loading import game_with_cards
    from harness.scenario import load_scenario

    game = game_with_cards([str(AUDIT_CARDS)])
    starts = {}
    for path in sorted((ROOT / "scenarios" / "fightklub").glob("fk6-*.toml")):
        if "fightklub-audit-cards.toml" in path.read_text("utf-8"):
            starts[path.stem] = load_scenario(path, {"fightklub": GAME}, ROOT).start
    return game, starts


def _play(game, state, actions, rules):
    for action in actions:
        state = game.apply(state, game.parse_action(state, action, rules), rules)
    return state


@pytest.mark.rules("FK 6.2", "FK 5.16", "FK 5.6")
def test_fk_t7_the_picker_orders_an_unopposed_cards_result_tabs_only_under_the_other_reading(
        audit):
    """Scramble (discard 1 left, draw 1 right) is unopposed: by default its tabs act left
    to right at once; read the other way the one who orders the unopposed cards (the Drop
    holder, or their owner under FK-T6) picks among the two tabs that act, and the last
    acts by itself."""
    game, starts = audit
    start = game.parse_state(starts["fk6-2-the-result-tabs-of-an-unopposed-card-act-left-to-right"])
    default = _play(game, start, ["pick 2"], game.default_rules)
    assert default.step == "score" and [t.kind for t in default.queue] == ["draw"]
    # Dana (player 1) holds The Drop: she picks, or under FK-T6 Brick, the owner, does
    for owner_orders, picker in ((False, 1), (True, 0)):
        rules = dataclasses.replace(game.default_rules, unopposed_tabs_ordered=True,
                                    unopposed_owner_orders=owner_orders)
        state = _play(game, dataclasses.replace(start, drop=1, turn=picker), ["pick 2"], rules)
        assert (state.step, game.current_player(state)) == ("skirmish", picker)
        assert [str(a) for a in game.legal_actions(state, rules)] == ["skirmish left",
                                                                      "skirmish right"]
        refusal = probe_witness(game, game.format_state(state), "skirmish centre", rules)
        assert refusal.startswith("refused") and f"player {picker}" in refusal
        after = _play(game, state, ["skirmish right"], rules)
        assert after.step == "score" and [t.kind for t in after.queue] == ["draw", "discard"]


@pytest.mark.rules("FK 6.10", "FK 6.9")
def test_fk_t8_the_gear_leaves_the_fight_before_the_score_step_only_under_the_other_reading(
        audit):
    """Tire Iron lies activated on Brick's fight card as the last skirmish is resolved: by
    default it stays there through the score step and goes back only at the settlement;
    read the other way it is back in the support area as the score step begins.  The
    witness file is the scenarios' start."""
    game, starts = audit
    text = starts["fk6-10-gear-on-the-fight-through-the-score-step"]
    assert (ROOT / "docs" / "byo" / "fightklub-audit-score-step.txt").read_text().strip() == text
    start = game.parse_state(text)
    other = dataclasses.replace(game.default_rules, effects_leave_before_score_step=True)
    for rules, table, support in ((game.default_rules, ("S916",), ()), (other, (), ("S916",))):
        state = _play(game, start, ["skirmish right"], rules)
        assert state.step == "score"
        assert (state.side(0).table, state.side(0).support) == (table, support)
        state = _play(game, state, ["first 0", "pass", "pass"], rules)
        assert state.step == "cooldown" and state.side(0).support == ("S916",)
