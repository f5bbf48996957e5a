"""Fight Klub cards, deck lists and collections: the schema, ONE's list and facts, the
synthetic set, the deck checker and its cases, the Kilo, and the deck commands."""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from analysis.fightklub.cases import case_header, case_paths, run_deck_case
from analysis.fightklub.loading import (
    all_cards, one_cards, one_facts, shipped_text, synthetic_cards,
)
from model.core.errors import InputError
from model.fightklub import cards as cards_module
from model.fightklub import decks as deck_rules
from model.fightklub.cards import (
    CARD_TYPES, DRAW_STACK_TYPES, INSTANT_PHASES, ONE_SET, SYNTHETIC_SET, CharacterParts,
    TabParts, Unknown, UniversalParts, card_code, is_known, parse_synthetic_set,
)
from model.fightklub.decks import (
    CHARACTER, DRAW, FIGHT, UNIVERSAL_SECTION, CardList, DeckLine, parse_collection,
    parse_deck,
)
from model.fightklub.rules import DEFAULT_RULES, Rules

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "analysis" / "fightklub" / "data"


def check_deck(deck, rules=DEFAULT_RULES):
    """The deck checker with the shipped cards."""
    return deck_rules.check_deck(deck, rules, cards=all_cards())


def check_collection(owned, decks, rules=DEFAULT_RULES):
    """The collection checker with the shipped cards."""
    return deck_rules.check_collection(owned, decks, rules, cards=all_cards())
SHARED_LIST = ROOT.parent / "shared" / "data" / "fightklub-one-cardlist.tsv"


def shipped(name: str) -> CardList:
    text, where = shipped_text(name)
    return parse_collection(text, where) if name == "kilo" else parse_deck(text, where)


# -- ONE: the list and the rulebook's facts ----------------------------------------------------
@pytest.mark.rules("FK 1.1", "FK 1.15")
def test_the_one_list_loads_101_cards_with_their_numbers_rarities_and_names():
    one = one_cards()
    assert len(one) == 101
    assert [card.number for card in one.values()] == list(range(1, 102))
    rows = (DATA / "one-cardlist.tsv").read_text(encoding="utf-8").splitlines()[1:]
    for row in rows:
        number, rarity, name = row.split("\t")
        card = one[number]
        assert (card.set, card.rarity, card.name) == (ONE_SET, rarity, name)
    assert Counter(card.rarity for card in one.values()) == {"U": 73, "C": 21, "R": 7}
    assert one["053"].name == "Bon Appétit" and one["083"].name == "Live or Die..."


def test_the_shipped_list_is_the_shared_list_unchanged():
    if not SHARED_LIST.is_file():
        pytest.skip("the shared card list is not beside this checkout")
    assert (DATA / "one-cardlist.tsv").read_bytes() == SHARED_LIST.read_bytes()


def _deck_sections(name: str) -> dict[str, set[int]]:
    found: dict[str, set[int]] = {}
    for line in shipped(name).lines:
        found.setdefault(line.section, set()).add(int(line.code))
    return found


@pytest.mark.rules("FK 1.15", "FK 1.11")
def test_the_known_types_are_exactly_those_the_recommended_decks_show():
    one = one_cards()
    sections = [_deck_sections("rambo"), _deck_sections("hannibal")]
    expected = {CHARACTER: {"character"}, DRAW: set(DRAW_STACK_TYPES), FIGHT: {"fight"},
                UNIVERSAL_SECTION: {"universal"}}
    shown = {}
    for found in sections:
        for section, numbers in found.items():
            for number in numbers:
                shown[f"{number:03d}"] = expected[section]
    for code, card in one.items():
        assert card.types == frozenset(shown.get(code, CARD_TYPES)), code
    assert len(shown) == 59  # 2 characters, 19 + 18 draw-stack cards, 9 + 10 fight cards, The Drop


@pytest.mark.rules("FK 1.15")
def test_every_other_fact_about_a_one_card_is_unknown_not_guessed():
    one = one_cards()
    chainsaw = one["003"]
    assert chainsaw.type == Unknown("type") and chainsaw.parts == Unknown("parts")
    assert chainsaw.affiliation == Unknown("affiliation")
    assert chainsaw.gold_icon == Unknown("gold_icon")
    assert chainsaw.signature == Unknown("signature")
    assert chainsaw.cost == Unknown("cost") and chainsaw.abilities == Unknown("abilities")
    rambo, hannibal, drop = one["027"], one["051"], one["101"]
    assert (rambo.affiliation, hannibal.affiliation) == ("hero", "villain")
    assert rambo.parts.first_setup_energy == ("B", "G", "G")
    assert rambo.parts.life == Unknown("life")
    assert drop.parts == UniversalParts(("B", "G", "Y")) and drop.is_the_drop
    # Only the characters and The Drop have an affiliation the rulebook states.
    stated = sorted(code for code, card in one.items() if is_known(card.affiliation))
    assert stated == ["027", "051", "101"]
    # A card shown in a draw stack is known not to be a fight card, hence no gold icon.
    assert one["028"].gold_icon is False and one["037"].gold_icon == Unknown("gold_icon")
    for fact in one_facts():
        assert fact.source.strip()
    for card in one.values():
        assert all(source for _, source in card.sources)


# -- the synthetic set -------------------------------------------------------------------------
@pytest.mark.rules("FK 1.1", "FK 1.2", "FK 1.3", "FK 1.4", "FK 1.5", "FK 1.6", "FK 1.7",
                   "FK 1.8", "FK 1.9", "FK 1.10", "FK 1.11", "FK 1.12", "FK 1.13", "FK 1.14")
def test_the_synthetic_set_exercises_every_mechanism():
    syn = synthetic_cards()
    assert all(card.set == SYNTHETIC_SET and re.fullmatch(r"S9\d\d", card.code)
               for card in syn.values())
    assert not set(syn) & set(one_cards())
    characters = [c for c in syn.values() if c.type == "character"]
    assert Counter(c.affiliation for c in characters) == {"hero": 2, "villain": 2}
    for character in characters:
        parts = character.parts
        assert isinstance(parts, CharacterParts) and len(parts.attributes) == 3
        assert parts.centre_bonus and parts.first_setup_energy
    fights = [c for c in syn.values() if c.type == "fight"]
    kinds = Counter(c.parts.kind for c in fights)
    assert kinds["power"] >= 2 and kinds["clash"] >= 2 and kinds["rotatable"] >= 1
    assert all(c.gold_icon for c in fights if c.parts.kind == "rotatable")
    assert any(c.gold_icon and c.parts.kind == "power" for c in fights)
    assert any(isinstance(c.signature, str) and c.parts.reward for c in fights)
    assert all(c.parts.damage >= 1 for c in fights)
    assert any(tab.result for c in fights for side in c.parts.sides for tab in side.tabs)
    rotatable = next(c for c in fights if c.parts.kind == "rotatable")
    assert {bool(s.tabs) for s in rotatable.parts.sides} == {True, False}
    assert any(a.steps[0].do == "rotate" for a in rotatable.abilities)
    for kind in ("effect", "gear", "condition"):
        assert any(c.type == kind for c in syn.values()), kind
    assert {c.parts.phase for c in syn.values() if c.type == "instant"} == set(INSTANT_PHASES)
    assert all(isinstance(c.parts, TabParts) and len(c.parts.tabs) == 3
               for c in syn.values() if c.type in ("effect", "gear"))
    assert {c.parts.after_fight for c in syn.values() if c.type == "gear"} == {"return",
                                                                             "destroy"}
    drop = syn["S999"]
    assert drop.is_the_drop and drop.parts.latent_energy == ("B", "G", "Y")
    # costs: coloured, generic, spot a colour, spot a card type
    costs = [c.cost for c in syn.values() if c.cost is not None]
    assert any(part.colour and part.action == "burn" for cost in costs for part in cost.parts)
    assert any(part.is_generic for cost in costs for part in cost.parts)
    assert any(part.action == "spot" and part.colour for cost in costs for part in cost.parts)
    assert any(part.card_type for cost in costs for part in cost.parts)
    abilities = [a for c in syn.values() for a in c.abilities]
    assert {a.phase for a in abilities} >= {"first setup", "setup", "enhance", "score",
                                            "cooldown"}
    assert any(a.extra_costs for a in abilities) and any(a.cost for a in abilities)
    steps = {step.do for a in abilities for step in a.steps}
    assert steps >= {"add_energy", "modify_tab", "double_damage", "draw", "discard",
                     "destroy", "return_to_hand", "rotate", "nullify_skirmish"}


_GOOD_POWER = '''synthetic = true
[[card]]
number = "S912"
name = "Iron Grip"
rarity = "C"
type = "fight"
affiliation = "hero"
[card.fight]
kind = "power"
damage = 1
sides = [{tabs = [{label = "Fate", value = 1}, {label = "Mental", value = 2}, {label = "Physical", value = 3}]}]
'''
_GOOD_CHARACTER = '''synthetic = true
[[card]]
number = "S901"
name = "Brick"
rarity = "R"
type = "character"
affiliation = "hero"
[card.character]
life = 10
hand = 6
hold = 2
first_setup_energy = "B G"
latent_energy = "Y"
attributes = ["A", "B", "C"]
centre_bonus = ["red"]
'''
_GOOD_INSTANT = '''synthetic = true
[[card]]
number = "S918"
name = "Early Start"
rarity = "C"
type = "instant"
affiliation = "hero"
cost = "burn 1"
[card.instant]
phase = "setup"
[[card.abilities]]
phase = "setup"
steps = [{do = "draw", count = 1}]
'''

SCHEMA_ERRORS = [
    ("power tabs", _GOOD_POWER.replace(', {label = "Physical", value = 3}', ""),
     "synthetic.toml: line 2: card S912 'Iron Grip': field 'tabs': a power card needs exactly 3 "
     "skirmish tabs"),
    ("rotatable not gold", _GOOD_POWER.replace('kind = "power"', 'kind = "rotatable"').replace(
        "sides = [", 'sides = [{clash = {measure = "cards in hand", wins = "higher"}}, '),
     "field 'gold_icon': every rotatable fight card is a gold-icon fight card"),
    ("rotatable one side", _GOOD_POWER.replace('kind = "power"', 'kind = "rotatable"')
     .replace('affiliation = "hero"', 'affiliation = "hero"\ngold_icon = true'),
     "field 'fight.sides': a rotatable fight card has 2 sides, not 1"),
    ("clash without rule", _GOOD_POWER.replace('kind = "power"', 'kind = "clash"'),
     "field 'fight.sides[1]': a clash card needs a clash rule"),
    ("clash measure", _GOOD_POWER.replace('kind = "power"', 'kind = "clash"').replace(
        re.search(r"sides = .*", _GOOD_POWER).group(0),
        'sides = [{clash = {measure = "shoe size", wins = "higher"}}]'),
     "field 'fight.sides[1].clash.measure': must be one of"),
    ("damage", _GOOD_POWER.replace("damage = 1", "damage = 0"),
     "field 'damage': must be a whole number from 1 to 99, not 0"),
    ("reward token", _GOOD_POWER.replace("damage = 1", 'damage = 1\nreward = "B Q"'),
     "field 'reward': token 2 'Q' is not a colour"),
    ("tab value", _GOOD_POWER.replace("value = 2", "value = -2"),
     "field 'fight.sides[1].tabs[2].value'"),
    ("unknown field", _GOOD_POWER.replace('rarity = "C"', 'rarity = "C"\ncolour = "red"'),
     "card S912 'Iron Grip': field 'colour': is not a card field"),
    ("rarity", _GOOD_POWER.replace('rarity = "C"', 'rarity = "X"'),
     "field 'rarity': must be R, U or C, not 'X'"),
    ("type", _GOOD_POWER.replace('type = "fight"', 'type = "spell"'),
     "field 'type': must be one of character"),
    ("affiliation", _GOOD_POWER.replace('"hero"', '"neutral"'),
     "field 'affiliation': a fight card's affiliation is hero or villain"),
    ("gold on an effect", _GOOD_INSTANT.replace('affiliation = "hero"',
                                                'affiliation = "hero"\ngold_icon = true'),
     "card S918 'Early Start': field 'gold_icon': only a fight card can have a gold icon"),
    ("cost on a fight card", _GOOD_POWER.replace('rarity = "C"', 'rarity = "C"\ncost = "burn 1"'),
     "field 'cost': a fight card is not played from hand and has no cost"),
    ("bad cost", _GOOD_INSTANT.replace('cost = "burn 1"', 'cost = "burn X"'),
     "card S918 'Early Start': field 'cost': part 1 'burn X'"),
    ("instant phase", _GOOD_INSTANT.replace('phase = "setup"\n[[', 'phase = "lunch"\n[['),
     "field 'instant.phase': must be one of setup, enhance, score, cooldown"),
    ("instant ability phase", _GOOD_INSTANT.replace('phase = "setup"\nsteps',
                                                    'phase = "score"\nsteps'),
     "field 'abilities': an instant's abilities use its phase keyword 'setup'"),
    ("step kind", _GOOD_INSTANT.replace('do = "draw"', 'do = "fly"'),
     "field 'abilities[1].steps': step 1: 'do' must be one of add_energy"),
    ("step parameter", _GOOD_INSTANT.replace("count = 1", "count = 0"),
     "field 'abilities[1].steps': step 1 (draw): count must be a whole number from 1 to 99"),
    ("step missing parameter", _GOOD_INSTANT.replace(", count = 1", ""),
     "step 1: draw needs 'count'"),
    ("step extra parameter", _GOOD_INSTANT.replace("count = 1", "count = 1, colour = 2"),
     "draw takes no 'colour'"),
    ("ability phase", _GOOD_INSTANT.replace('phase = "setup"\nsteps', 'phase = "lunch"\nsteps'),
     "field 'abilities[1].phase': must be one of first setup"),
    ("attributes", _GOOD_CHARACTER.replace('["A", "B", "C"]', '["A", "B"]'),
     "card S901 'Brick': field 'character.attributes': a character has exactly 3 attributes"),
    ("centre bonus", _GOOD_CHARACTER.replace('["red"]', '["green"]'),
     "field 'character.centre_bonus': needs one or more icons among orange, purple, red"),
    ("life", _GOOD_CHARACTER.replace("life = 10", "life = 0"),
     "field 'life': must be a whole number from 1 to 99, not 0"),
    ("first setup energy", _GOOD_CHARACTER.replace('"B G"', '""'),
     "field 'first_setup_energy': needs at least one energy token"),
    ("latent energy", _GOOD_CHARACTER.replace('latent_energy = "Y"', 'latent_energy = "P"'),
     "field 'latent_energy': token 1 'P' is not a colour"),
    ("wrong parts table", _GOOD_CHARACTER.replace("[card.character]", "[card.effect]"),
     "field 'effect': a character card has no [card.effect] table"),
    ("number like ONE's", _GOOD_POWER.replace('"S912"', '"12"'),
     "synthetic.toml: line 3: card 1: field 'number': must be S901 to S999"),
    ("signature", _GOOD_POWER.replace('rarity = "C"', 'rarity = "C"\nsignature = "Nobody"'),
     "field 'signature': names no character of this set: 'Nobody'"),
    ("duplicate number", _GOOD_POWER + _GOOD_POWER.replace("synthetic = true\n", ""),
     "field 'number': the number S912 is used twice"),
    ("not marked synthetic", _GOOD_POWER.replace("synthetic = true", "synthetic = false"),
     "synthetic.toml: a synthetic set must declare synthetic = true"),
    ("not TOML", "synthetic = [", "synthetic.toml: not valid TOML"),
]


@pytest.mark.rules("FK 1.2", "FK 1.4", "FK 1.5", "FK 1.6", "FK 1.10", "FK 1.13", "FK 1.14")
@pytest.mark.parametrize("label, text, message", SCHEMA_ERRORS,
                         ids=[case[0] for case in SCHEMA_ERRORS])
def test_schema_errors_name_the_file_the_card_and_the_field(label, text, message):
    with pytest.raises(InputError) as caught:
        parse_synthetic_set(text, "synthetic.toml")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_valid_snippets_used_above_are_valid():
    for text in (_GOOD_POWER, _GOOD_CHARACTER, _GOOD_INSTANT):
        assert len(parse_synthetic_set(text, "synthetic.toml")) == 1


def test_one_facts_are_validated():
    entries = cards_module.parse_one_list((DATA / "one-cardlist.tsv").read_text("utf-8"),
                                          "list")
    bad = 'set = "ONE"\n[[fact]]\ncards = [3]\nfield = "type"\nvalue = "fight"\n'
    with pytest.raises(InputError, match="one-known.toml: fact 1: every fact names the "
                                         "rulebook section"):
        cards_module.parse_one_facts(bad, "one-known.toml", entries)
    with pytest.raises(InputError, match="fact 1: 102 is not a number of the ONE list"):
        cards_module.parse_one_facts(bad.replace("[3]", "[102]") + 'source = "x"\n',
                                     "one-known.toml", entries)
    twice = (bad + 'source = "x"\n[[fact]]\ncards = [3]\nfield = "type"\nvalue = '
             '"character"\nsource = "y"\n')
    facts = cards_module.parse_one_facts(twice, "one-known.toml", entries)
    with pytest.raises(InputError, match="fact 2: card 003: type is 'fight' by an earlier"):
        cards_module.build_one_cards(entries, facts, "one-known.toml")


# -- deck lists --------------------------------------------------------------------------------
@pytest.mark.rules("FK 2.13")
@pytest.mark.parametrize("text, message", [
    ("Character\n- John Rambo: 1 R\n", "d.txt: line 2: '- John Rambo: 1 R' is not a card line"),
    ("# comment\n\nJohn Rambo: 1 R 27\n", "d.txt: line 3: 'John Rambo: 1 R 27' is not a card "
                                          "line '- NAME: COPIES RARITY NUMBER' (like '- John "
                                          "Rambo: 1 R 27') or a heading"),
    ("- John Rambo: 1 R 27\n", "d.txt: line 1: a deck's card line comes under a heading"),
    ("Character\n- John Rambo: 0 R 27\n", "d.txt: line 2: copies must be from 1 to 999, not 0"),
    ("Fight stack\n\n- M-1: 1 X 39\n", "d.txt: line 3: the rarity letter is R, U or C, not 'X'"),
    ("Fight stack\n- M-1: 1 U 39\nSideboard\n", "d.txt: line 3: 'Sideboard' is not"),
])
def test_deck_line_errors_name_the_line(text, message):
    with pytest.raises(InputError) as caught:
        parse_deck(text, "d.txt")
    assert str(caught.value).startswith(message)


@pytest.mark.rules("FK 2.13")
def test_the_line_format_tolerates_comments_blank_lines_and_spacing():
    deck = parse_deck("# my deck\r\n\ncharacter:\n  -  John Rambo :  1 r 027  \n"
                      "Draw Stack\n- Live or Die...: 2 C 83\n", "d.txt")
    assert deck.lines == (DeckLine(4, CHARACTER, "John Rambo", 1, "R", "027"),
                          DeckLine(6, DRAW, "Live or Die...", 2, "C", "083"))
    collection = parse_collection("- John Rambo: 1 R 27\n- John Rambo: 2 R 27\n", "c.txt")
    assert collection.copies() == {"027": 3} and collection.lines[0].section is None
    assert card_code("S0901") == "S901" and card_code("27a") is None


_FRAGMENTS = ["Character", "Draw stack", "Fight stack", "Universal", "# note", "",
              "- John Rambo: 1 R 27", "- The Drop: 1 R 101", "- The Drop: 2 R S999",
              "- M-1: 3 U 39", "- P-1: 4 C 43", "- Wrong: 1 C 12", "- Ghost: 1 U 500",
              "- Haymaker: 3 U S935", "- Flying Knee: 2 U S938", "- Dirty Trick: 3 C S961",
              "- Dana Quill: 1 R S902", "- Brick's Last Stand: 1 U S936", "- Ash Williams: 1 R 1",
              "- Brick Malone: 1 R S901", "- X: 1 R", "-: 1 C 2", "- A: B: 1 C 2"]


@pytest.mark.parser_fuzz
@given(st.text(max_size=300))
@settings(max_examples=60)
def test_the_deck_checker_never_raises_but_input_error_on_any_text(text):
    for rules in (DEFAULT_RULES, Rules(gold_icon_limit_per_card=True, copy_limits_by_name=True)):
        try:
            report = check_deck(parse_deck(text, "fuzz.txt"), rules)
        except InputError as error:
            assert "\n" not in str(error) or "\n" in text
            continue
        assert report.valid == (not report.violations)


@pytest.mark.parser_fuzz
@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=40))
@settings(max_examples=80)
def test_the_deck_checker_never_crashes_on_deck_like_text(lines):
    text = "\n".join(lines)
    for rules in (DEFAULT_RULES, Rules(gold_icon_limit_per_card=True, copy_limits_by_name=True)):
        try:
            deck = parse_deck(text, "fuzz.txt")
        except InputError:
            continue
        report = check_deck(deck, rules)
        assert report.cards == sum(line.copies for line in deck.lines)
        numbered = {line.line for line in deck.lines}
        assert all(v.line is None or v.line in numbered for v in report.violations)
        assert report.verdict in ("valid", "invalid", "unknown")
        json.dumps(report.as_json())


# -- the deck cases ----------------------------------------------------------------------------
def _case_params():
    for path in case_paths():
        numbers = tomllib.loads(path.read_text(encoding="utf-8"))["rules"]
        yield pytest.param(path, marks=pytest.mark.rules(*numbers), id=path.stem)


@pytest.mark.parametrize("path", list(_case_params()))
def test_every_deck_case_passes(path):
    passed, numbers, failures = run_deck_case(path)
    assert passed, failures
    assert numbers


def test_case_headers_give_the_claim_and_rules_without_running():
    title, numbers = case_header(DATA / "deck-cases" / "kilo-both-decks.toml")
    assert title.startswith("One Kilo builds both recommended decks at once?")
    assert numbers == ("FK 2.14", "FK 2.5")


def test_every_deck_rule_has_a_case():
    covered = {number for path in case_paths() for number in run_deck_case(path)[1]}
    for number in [f"FK 2.{n}" for n in range(1, 15)]:
        assert number in covered, number


def test_a_deck_case_that_expects_wrongly_fails(tmp_path):
    case = (DATA / "deck-cases" / "rarity.toml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(case.replace("line = 22", "line = 21"), encoding="utf-8")
    passed, _, failures = run_deck_case(wrong)
    assert not passed
    assert failures == ["missing violation ['FK 2.6'] at line 21",
                        "unexpected violation ['FK 2.6'] at line 22: 4 copies of S931 "
                        "Jab-Cross; a common card is limited to 3 per deck"]
    bad = tmp_path / "bad.toml"
    bad.write_text(case.replace('rules = ["FK 2.6"]', 'rules = ["FK 9.9"]'), encoding="utf-8")
    with pytest.raises(InputError, match="bad.toml: unknown rule number FK 9.9"):
        run_deck_case(bad)


# -- the recommended decks, the Kilo and the rulebook's claims ---------------------------------
@pytest.mark.rules("FK 2.1", "FK 2.2", "FK 2.3", "FK 2.4", "FK 2.5", "FK 2.6", "FK 2.10",
                   "FK 2.11", "FK 2.12")
@pytest.mark.parametrize("name", ["rambo", "hannibal"])
def test_the_recommended_decks_have_40_cards_and_no_violation_found(name):
    deck = shipped(name)
    sizes = Counter()
    for line in deck.lines:
        sizes[line.section] += line.copies
    assert sizes == {CHARACTER: 1, DRAW: 26, FIGHT: 12, UNIVERSAL_SECTION: 1}
    report = check_deck(deck)
    assert report.cards == 40 and report.violations == () and report.valid
    assert report.verdict == "unknown"
    assert [item.check for item in report.unchecked] == [
        "the gold-icon limit", "one affiliation", "signature cards"]
    assert all("is not known" in item.reason or "are not known" in item.reason
               for item in report.unchecked)


@pytest.mark.rules("FK 2.1", "FK 2.2", "FK 2.3", "FK 2.4", "FK 2.5", "FK 2.6", "FK 2.7",
                   "FK 2.8", "FK 2.9")
def test_the_synthetic_deck_is_valid_with_every_check_made():
    report = check_deck(shipped("synthetic-brick"))
    assert (report.cards, report.violations, report.unchecked) == (40, (), ())
    assert report.verdict == "valid"


@pytest.mark.rules("FK 2.14")
def test_the_kilo_is_one_of_every_card_plus_the_second_copies_the_decks_ask_for():
    kilo = shipped("kilo").copies()
    expected = Counter({code: 1 for code in one_cards()})
    extra = Counter()
    for name in ("rambo", "hannibal"):
        for code, count in shipped(name).copies().items():
            extra[code] += count - 1
    assert sum(extra.values()) == 20
    assert sum(count for code, count in extra.items() if int(code) < 51) == 10  # hero
    expected.update(extra)
    assert kilo == expected and sum(kilo.values()) == 121


@pytest.mark.rules("FK 2.14", "FK 2.5")
def test_one_kilo_is_a_drop_short_of_both_decks_unless_they_share_it():
    kilo = shipped("kilo")
    decks = [shipped("rambo"), shipped("hannibal")]
    for deck in decks:
        assert check_collection(kilo, [deck]).buildable
    report = check_collection(kilo, decks)
    assert [(s.number, s.name, s.need, s.have) for s in report.shortages] == [
        (101, "The Drop", 2, 1)]
    assert report.need == 80 and report.have == 121
    shared = check_collection(kilo, decks, Rules(decks_share_the_drop=True))
    assert shared.buildable and shared.need == 79


_CODES = sorted(synthetic_cards()) + ["001", "027", "101"]


def _card_list(counts: dict[str, int], section: str | None) -> CardList:
    return CardList("gen", tuple(DeckLine(i + 1, section, "x", n, "C", code)
                                 for i, (code, n) in enumerate(counts.items())))


@pytest.mark.rules("FK 2.14")
@given(st.dictionaries(st.sampled_from(_CODES), st.integers(1, 5), max_size=12),
       st.lists(st.dictionaries(st.sampled_from(_CODES), st.integers(1, 4), max_size=8),
                min_size=1, max_size=4),
       st.booleans())
@settings(max_examples=60)
def test_collection_arithmetic(owned_counts, deck_counts, share):
    rules = Rules(decks_share_the_drop=share)
    owned = _card_list(owned_counts, None)
    decks = [_card_list(counts, DRAW) for counts in deck_counts]
    report = check_collection(owned, decks, rules)
    drops = {code for code, card in {**one_cards(), **synthetic_cards()}.items()
             if card.is_the_drop}
    need = Counter()
    for counts in deck_counts:
        for code, n in counts.items():
            need[code] = max(need[code], n) if share and code in drops else need[code] + n
    short = {code: (n, owned_counts.get(code, 0)) for code, n in need.items()
             if n > owned_counts.get(code, 0)}
    assert {s.code: (s.need, s.have) for s in report.shortages} == short
    assert report.buildable == (not short)
    assert report.need == sum(need.values())
    # Owning what was short makes the decks buildable.
    topped = dict(owned_counts)
    for code, (n, _) in short.items():
        topped[code] = n
    assert check_collection(_card_list(topped, None), decks, rules).buildable


# -- the rulebook --------------------------------------------------------------------------------
def test_the_rulebook_composes_cards_decks_and_energy():
    from model.fightklub.energy_rules import ENERGY_RULES
    from model.fightklub.ambiguities import DECK_AMBIGUITIES, AMBIGUITIES
    from model.fightklub.rulebook import GLOSSARY, RULEBOOK

    numbers = RULEBOOK.numbers()
    assert {n.split(".")[0] for n in numbers} == {"FK 1", "FK 2", "FK 3", "FK 4", "FK 5", "FK 6",
                                                  "FK 7"}
    assert all(rule.number in RULEBOOK for rule in ENERGY_RULES)
    fields = {field.name: field.default for field in dataclasses.fields(Rules)}
    for ambiguity in AMBIGUITIES:
        assert ambiguity.field in fields, ambiguity.id
        assert fields[ambiguity.field] == ambiguity.default, ambiguity.id
        assert all(number in RULEBOOK for number in ambiguity.rules)
    assert len({a.id for a in AMBIGUITIES}) == len(AMBIGUITIES)
    assert {a.id for a in DECK_AMBIGUITIES} == {"FK-D1", "FK-D2", "FK-D3"}
    for term in GLOSSARY:
        assert all(number in RULEBOOK for number in term.rules), term.name
    for rule in RULEBOOK:
        for dotted in rule.implemented_by:
            module, _, name = dotted.rpartition(".")
            try:
                target = importlib.import_module(module)
            except ModuleNotFoundError:  # a class attribute: model...Class.method
                owner, _, cls = module.rpartition(".")
                target = getattr(importlib.import_module(owner), cls)
            assert hasattr(target, name), dotted


# -- the commands ---------------------------------------------------------------------------------
def _run(argv, capsys):
    from harness.toolkit import CommandParser, guard
    from harness.games.fightklub.deck_commands import register

    parser = CommandParser(prog="ringside fightklub")
    register(parser.add_subparsers())

    def call():
        args = parser.parse_args(argv)
        return args.func(args)

    code = guard(call)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.rules("FK 2.1", "FK 2.7")
def test_deck_command_json_and_exit_codes(capsys, tmp_path):
    code, out, err = _run(["deck", "rambo", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and err == ""
    assert set(data) >= {"valid", "cards", "violations", "unchecked"}
    assert (data["valid"], data["cards"], data["violations"]) == (True, 40, [])
    assert data["verdict"] == "unknown" and len(data["unchecked"]) == 3
    assert data["unchecked"][0].startswith("cannot check the gold-icon limit (FK 2.7): ")

    code, out, _ = _run(["deck", "synthetic-brick", "--json"], capsys)
    assert code == 0 and json.loads(out)["verdict"] == "valid"

    case = tomllib.loads((DATA / "deck-cases" / "gold-icon-in-all.toml").read_text("utf-8"))
    path = tmp_path / "gold.txt"
    path.write_text(case["deck"], encoding="utf-8")
    code, out, _ = _run(["deck", str(path), "--json"], capsys)
    data = json.loads(out)
    assert code == 1 and data["valid"] is False
    assert data["violations"] == [{"rules": ["FK 2.7"], "line": 20, "message":
                                   "the fight stack holds 4 gold-icon fight cards; the limit "
                                   "is 3"}]
    code, out, _ = _run(["deck", str(path), "--set", "gold_icon_limit_per_card=true"], capsys)
    assert code == 0 and "valid: every deck rule checked, no violation" in out

    code, out, _ = _run(["deck", "hannibal"], capsys)
    assert code == 0 and "unknown: no violation found, but 3 checks could not be made" in out


@pytest.mark.parametrize("argv, message", [
    (["deck", "/no/such/deck.txt"], "ringside: error: /no/such/deck.txt: no such deck list"),
    (["deck", "kilo"], "kilo.txt: line 16: a deck's card line comes under a heading"),
    (["deck", "/dev/zero"], "/dev/zero: is a device, not a deck list"),
    (["deck", "a\0b"], "a path cannot hold a NUL character"),
    (["deck", "x" * 300], "a name in the path is longer than 255 bytes"),
    (["deck", "rambo", "--set", "colour=1"], "unknown rules field 'colour'"),
    (["deck", "rambo", "--rules", "nope"], "unknown ruleset 'nope'"),
    (["collection", "kilo"], "the following arguments are required: DECK"),
    (["collection", "/no/such/file", "rambo"], "/no/such/file: no such collection"),
])
def test_unreadable_input_is_exit_2_and_one_line(argv, message, capsys):
    code, out, err = _run(argv, capsys)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_deck_command_reports_bad_lines_of_a_file(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"Character\n- John Rambo: 1 R 27\n\xff\n")
    code, _, err = _run(["deck", str(path)], capsys)
    assert code == 2 and "not UTF-8 text" in err
    path.write_text("Character\n- John Rambo: 1 R 27\nDraw stack\n- oops\n", encoding="utf-8")
    code, _, err = _run(["deck", str(path)], capsys)
    assert code == 2 and f"{path}: line 4: '- oops' is not a card line" in err


@pytest.mark.rules("FK 2.14", "FK 2.5")
def test_collection_command_json_and_exit_codes(capsys, tmp_path):
    code, out, _ = _run(["collection", "kilo", "rambo", "hannibal", "--json"], capsys)
    data = json.loads(out)
    assert code == 1 and data["buildable"] is False
    assert [{k: s[k] for k in ("number", "name", "need", "have")}
            for s in data["shortages"]] == [
        {"number": 101, "name": "The Drop", "need": 2, "have": 1}]
    code, out, _ = _run(["collection", "kilo", "rambo", "hannibal", "--set",
                         "decks_share_the_drop=true", "--json"], capsys)
    assert code == 0 and json.loads(out) == {"buildable": True, "need": 79, "have": 121,
                                             "shortages": []}
    code, out, _ = _run(["collection", "kilo", "rambo"], capsys)
    assert code == 0 and "buildable" in out
    owned = tmp_path / "mine.txt"
    owned.write_text("# two cards\n- John Rambo: 1 R 27\n- The Drop: 1 R 101\n", "utf-8")
    code, out, _ = _run(["collection", str(owned), "rambo"], capsys)
    assert code == 1 and "028 A Good Supply of Body Bags: need 2, have 0" in out


@pytest.mark.rules("FK 2.7", "FK 2.6")
def test_gold_icon_doubt_counts_copies_over_all_lines():
    """Under the per-card reading a ONE fight card of unknown gold icon held 4 times (over
    two lines) leaves the limit undecided; held 3 times it is decided by the 1-3-3 rule
    either way, so the gold-icon check is made."""
    per_card = Rules(gold_icon_limit_per_card=True)
    split = parse_deck("Fight stack\n- M-1: 2 U 39\n- M-1: 2 U 39\n", "d.txt")
    report = check_deck(split, per_card)
    assert "the gold-icon limit" in [item.check for item in report.unchecked]
    assert ("FK 2.6",) in [v.rules for v in report.violations]
    three = parse_deck("Fight stack\n- M-1: 2 U 39\n- M-1: 1 U 39\n", "d.txt")
    assert "the gold-icon limit" not in [item.check for item in
                                         check_deck(three, per_card).unchecked]
    # In all: 3 fight cards of unknown gold icon cannot exceed the limit of 3; 4 can.
    assert "the gold-icon limit" not in [item.check for item in check_deck(three).unchecked]
    assert "the gold-icon limit" in [item.check for item in check_deck(split).unchecked]


@pytest.mark.rules("FK 2.7", "FK 2.14", "FK 2.6")
def test_the_deck_ambiguity_witnesses_give_different_answers_under_their_readings(capsys):
    import shlex

    from model.fightklub.ambiguities import DECK_AMBIGUITIES

    by_id = {ambiguity.id: ambiguity for ambiguity in DECK_AMBIGUITIES}

    def answers(entry):
        """The witness command's exit code and JSON under each reading."""
        argv = shlex.split(entry.witness.command)[1:]  # after "fightklub"
        found = {}
        for reading in entry.readings:
            setting = f"{entry.field}={str(reading.value).lower()}"
            code, out, _ = _run([*argv, "--set", setting, "--json"], capsys)
            found[reading.value] = (code, json.loads(out))
        return found

    drop = answers(by_id["FK-D2"])
    assert {value: code for value, (code, _) in drop.items()} == {False: 1, True: 0}

    gold = answers(by_id["FK-D1"])
    assert {value: data["verdict"] for value, (_, data) in gold.items()} == {
        False: "invalid", True: "valid"}
    assert [v["rules"] for v in gold[False][1]["violations"]] == [["FK 2.7"]]

    by_name = answers(by_id["FK-D3"])
    rules = {value: sorted(r for v in data["violations"] for r in v["rules"])
             for value, (_, data) in by_name.items()}
    assert rules == {False: ["FK 2.1", "FK 2.5"], True: ["FK 2.1", "FK 2.5", "FK 2.6"]}
