"""The rules registry: rule numbers, lookup, order, and every game's rulebook."""

from __future__ import annotations

import importlib

import pytest

from model.core.errors import InputError
from harness.registry import games
from model.core.rules import Rule, RuleBook, Section, normalize_rule_number
from toygame import TOY

GAMES = [*games().values(), TOY]


@pytest.mark.parametrize(("text", "canonical"), [
    ("cf4.3", "CF 4.3"),
    ("CF 4.3", "CF 4.3"),
    ("  cf   4.3  ", "CF 4.3"),
    ("Fk7.2b", "FK 7.2b"),
    ("tg 1", "TG 1"),
    ("MMM 10.2.1", "MMM 10.2.1"),
    ("cf\t4.10", "CF 4.10"),
])
def test_normalization(text, canonical):
    assert normalize_rule_number(text) == canonical
    assert normalize_rule_number(canonical) == canonical


@pytest.mark.parametrize("text", ["", "4.3", "CF", "CF 4.", "CF .3", "C 4.3", "CFFFF 4.3",
                                  "CF 4.3B", "CF 4.3ab", "CF 4-3", "CF4.3 CF4.4", "rule CF 4.3",
                                  None, 4.3])
def test_malformed_numbers_raise_input_error(text):
    with pytest.raises(InputError, match="is not a rule number; rule numbers look like 'CF 4.3'"):
        normalize_rule_number(text)


def _book(*numbers: str) -> RuleBook:
    sections = sorted({n.split(".")[0] for n in numbers})
    return RuleBook("CF", [Section(s, s) for s in sections],
                    [Rule(n, f"rule {n}", "a statement", "source") for n in numbers])


def test_rules_are_ordered_by_number_not_by_text():
    book = _book("CF 4.10", "CF 10.1", "CF 4.9", "CF 4.2", "CF 4.9a", "CF 4.9b", "CF 2.1")
    assert book.numbers() == ("CF 2.1", "CF 4.2", "CF 4.9", "CF 4.9a", "CF 4.9b", "CF 4.10",
                              "CF 10.1")
    assert [rule.number for rule in book] == list(book.numbers())
    assert len(book) == 7 and "CF 4.10" in book and "cf4.10" not in book


def test_get_normalizes_and_unknown_numbers_suggest_near_ones():
    book = _book("CF 4.1", "CF 4.2", "CF 4.3", "CF 5.1")
    assert book.get("cf4.3").number == "CF 4.3"
    with pytest.raises(InputError) as caught:
        book.get("CF 4.4")
    assert str(caught.value) == "unknown rule number CF 4.4; did you mean CF 4.3, CF 4.2, CF 4.1?"
    with pytest.raises(InputError, match=r"^unknown rule number XX 99\.77\.55$"):
        book.get("xx 99.77.55")
    with pytest.raises(InputError, match="is not a rule number"):
        book.get("4.3")


def test_clubfight_unknown_rule_suggests_its_neighbours():
    book = games()["clubfight"].rulebook
    with pytest.raises(InputError) as caught:
        book.get("CF 4.8")
    suggestions = str(caught.value).split("did you mean ")[1].rstrip("?").split(", ")
    assert suggestions[0] == "CF 4.7"
    assert all(number in book for number in suggestions)


def test_validate_canonicalizes_and_locates_errors():
    book = _book("CF 4.1", "CF 4.2")
    assert book.validate(["cf4.2", "CF 4.1"], "here") == ("CF 4.2", "CF 4.1")
    with pytest.raises(InputError, match=r"^file\.toml: rules: unknown rule number CF 4\.3"):
        book.validate(["CF 4.1", "CF 4.3"], "file.toml: rules")


def test_rulebook_refuses_inconsistent_definitions():
    with pytest.raises(ValueError, match="used twice"):
        _book("CF 4.1", "CF 4.1")
    with pytest.raises(ValueError, match="does not start with CF"):
        RuleBook("CF", [Section("FK 1", "x")], [Rule("FK 1.1", "t", "s", "src")])
    with pytest.raises(ValueError, match="has no section CF 2"):
        RuleBook("CF", [Section("CF 1", "x")], [Rule("CF 2.1", "t", "s", "src")])
    with pytest.raises(ValueError, match="not canonical"):
        Rule("cf 1.1", "t", "s", "src")
    with pytest.raises(ValueError, match="needs a title and a statement"):
        Rule("CF 1.1", "t", "  ", "src")
    with pytest.raises(InputError):
        Rule("1.1", "t", "s", "src")


def test_rule_section_and_in_section():
    book = _book("CF 4.1", "CF 4.10a", "CF 5.1")
    assert book.get("CF 4.10a").section == "CF 4"
    assert [r.number for r in book.in_section(book.sections[0])] == ["CF 4.1", "CF 4.10a"]


# -- every game's rulebook ------------------------------------------------------------
def _resolve(dotted: str):
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            target = getattr(target, name)
        return target
    raise ModuleNotFoundError(dotted)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_rulebook_is_well_formed(game):
    book = game.rulebook
    numbers = book.numbers()
    assert len(numbers) == len(set(numbers))
    assert all(normalize_rule_number(n) == n for n in numbers)
    sections = {s.number for s in book.sections}
    assert {rule.section for rule in book} == sections, "every section has a rule"
    for rule in book:
        assert rule.title.strip() and rule.statement.strip() and rule.source.strip()
        for dotted in rule.implemented_by:
            assert callable(_resolve(dotted)), (rule.number, dotted)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_everything_a_game_cites_is_in_its_rulebook(game):
    cited = set()
    for invariant in (*game.invariants, *game.transition_invariants):
        cited.update(invariant.rules)
    for _, data in game.phase_graph().nodes(data=True):
        cited.update(data.get("rules", ()))
    for ambiguity in game.ambiguities:
        cited.update(ambiguity.rules)
    assert cited and cited <= set(game.rulebook.numbers()), cited - set(game.rulebook.numbers())
