"""Every rulebook accounted for: each game's table maps every sentence of its rulebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from analysis.traceability import draft, entry_counts
from harness.registry import games
from model.clubfight import GAME as CLUBFIGHT
from model.core.traceability import Heading, Status, Trace, problems, units

ROOT = Path(__file__).resolve().parent.parent
RULEBOOKS = Path(__file__).resolve().parents[2] / "shared" / "rulebooks"

GAMES = list(games().values())


def rulebook_text(game) -> str:
    path = RULEBOOKS / game.rulebook_file
    if not path.is_file():
        pytest.skip(f"the shared rulebooks are not beside this checkout ({RULEBOOKS})")
    return path.read_text(encoding="utf-8")


def table_problems(game, table=None) -> list[str]:
    return problems(game.traceability if table is None else table, rulebook_text(game),
                    rule_numbers=[rule.number for rule in game.rulebook],
                    ambiguity_ids=[entry.id for entry in game.ambiguities])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_game_has_a_table(game):
    assert any(isinstance(entry, Trace) for entry in game.traceability)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_sentence_of_the_rulebook_is_accounted_for(game):
    text = rulebook_text(game)  # skips without the rulebooks
    assert table_problems(game) == []
    assert sum(entry_counts(game.traceability, text).values()) == \
        sum(not unit.heading for unit in units(text))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_no_table_quotes_its_rulebook(game):
    # A gist is the sentence in ringside's words, and the table's module holds no
    # sentence of the rulebook (not even in a comment the draft left behind).
    text = rulebook_text(game)
    module = ROOT / "model" / game.key / "traceability.py"
    source = " ".join(module.read_text(encoding="utf-8").lower().split())
    quoted = [unit.key for unit in units(text) if not unit.heading
              and len(unit.text.split()) >= 6
              and " ".join(unit.text.lower().split()) in source]
    assert quoted == [], f"{module.name} quotes the rulebook at {quoted}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_open_point_named_in_a_table_is_on_the_register(game):
    named = {ident for entry in game.traceability if isinstance(entry, Trace)
             for ident in entry.ambiguities}
    assert named <= {entry.id for entry in game.ambiguities}
    # What ringside leaves out always says why.
    for entry in game.traceability:
        if isinstance(entry, Trace) and entry.status is Status.OUT_OF_SCOPE:
            assert entry.reason.strip(), entry.start


def test_a_sentence_left_out_fails_the_check():
    table = tuple(e for e in CLUBFIGHT.traceability
                  if not (isinstance(e, Trace) and e.start == "18.1"))
    assert table_problems(CLUBFIGHT, table) == ["line 18.1 is not accounted for"]


def test_a_changed_rulebook_or_a_wrong_rule_fails_the_check():
    text = rulebook_text(CLUBFIGHT).replace("at most 13 turns", "at most 12 turns")
    found = problems(CLUBFIGHT.traceability, text,
                     rule_numbers=[r.number for r in CLUBFIGHT.rulebook],
                     ambiguity_ids=[a.id for a in CLUBFIGHT.ambiguities])
    assert len(found) == 1 and found[0].startswith("entry 11.1: fingerprint")
    renamed = tuple(Trace(e.start, e.status, e.gist, e.fingerprint, ("CF 9.9",), e.end)
                    if isinstance(e, Trace) and e.start == "11.1" else e
                    for e in CLUBFIGHT.traceability)
    assert table_problems(CLUBFIGHT, renamed) == ["entry 11.1 names unknown rule CF 9.9"]
    dropped = tuple(e for e in CLUBFIGHT.traceability if not isinstance(e, Heading)
                    or e.line != 20)
    assert table_problems(CLUBFIGHT, dropped) == [
        "heading at line 20 ('Blockable Actions') is not listed as a Heading"]


def test_a_draft_lists_every_sentence_and_leaves_the_gists_to_write():
    text = rulebook_text(CLUBFIGHT)
    namespace: dict = {}
    exec(compile(draft(text, CLUBFIGHT.title), "draft", "exec"), namespace)
    found = problems(namespace["TRACEABILITY"], text, rule_numbers=[])
    sentences = [u for u in units(text) if not u.heading]
    assert len(found) == 2 * len(sentences)  # no gist, no rule: nothing else
    assert all(re.search(r"has no gist$|is modelled but names no rule$", p) for p in found)
