"""The parsers of the games' data files, fed arbitrary and near-valid text: InputError or a
value, nothing else, and every input within its time budget.

A character file (duel) is a file a user may write; it is fuzzed from arbitrary
text and from the shipped files edited at random (a line dropped, doubled or
cut, a number made huge or negative, a value nested deep), under the per-input
budget of ``tests/budget.py`` (a hang fails the test).  :func:`edited` serves
Fantasy's warbands, MM&M's card sets and Fight Klub's synthetic set the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from model.core.errors import InputError

pytestmark = pytest.mark.parser_fuzz
ROOT = Path(__file__).resolve().parent.parent
NUMBERS = ["0", "-1", "99999999999999999999", "1e400", "nan", "2.5", '"7"', "[]", "{}"]


def shipped(*parts: str) -> list[str]:
    folder = ROOT.joinpath(*parts[:-1])
    return sorted(path.read_text(encoding="utf-8") for path in folder.glob(parts[-1]))


@st.composite
def edited(draw, texts: list[str]) -> str:
    """A shipped file with a few random edits to its lines."""
    lines = draw(st.sampled_from(texts)).splitlines()
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        edit = draw(st.sampled_from(["drop", "double", "cut", "number", "nest", "type"]))
        line = lines[index]
        if edit == "drop":
            del lines[index]
        elif edit == "double":
            lines.insert(index, line)
        elif edit == "cut":
            lines[index] = line[:draw(st.integers(0, len(line)))]
        elif edit == "number":
            lines[index] = re.sub(r"-?\d+", draw(st.sampled_from(NUMBERS)), line, count=1)
        elif edit == "type":  # a text value becomes a value of another type
            lines[index] = re.sub(r'"[^"]*"', draw(st.sampled_from(["[1]", "{}", "7", "true"])),
                                  line, count=1)
        else:
            depth = draw(st.integers(1, 3000))
            lines[index] = line.split("=")[0] + "= " + "[" * depth + "1" + "]" * depth \
                if "=" in line else line
    return "\n".join(lines) + "\n"


def parsed(parse, text: str):
    """``parse(text)``, or ``None`` when it refuses the text with an InputError."""
    try:
        return parse(text)
    except InputError:
        return None


CHARACTERS = shipped("analysis", "duel", "data", "characters", "*.toml")


@given(st.one_of(st.text(max_size=200), edited(CHARACTERS)))
def test_a_character_file_is_a_character_or_an_input_error(text):
    from model.duel.characters import parse_character

    character = parsed(lambda t: parse_character(t, "fuzz.toml"), text)
    if character is not None:  # a character the odds can be computed for
        assert character.hp >= 1
        assert sum(p for _, p in character.power.outcomes()) == 1


WARBANDS = shipped("analysis", "fantasy", "data", "warbands", "*.toml")
CARD_SETS = shipped("analysis", "monmamo", "data", "*.toml")
SYNTHETIC = shipped("analysis", "fightklub", "data", "synthetic.toml")


@given(st.one_of(st.text(max_size=200), edited(WARBANDS)))
def test_a_warband_file_is_a_warband_or_an_input_error(text):
    from analysis.fantasy.loading import GAME
    from model.fantasy.state import parse_warband

    parsed(lambda t: parse_warband(t, GAME.tables, "fuzz.toml"), text)


@given(st.one_of(st.text(max_size=200), edited(CARD_SETS)))
def test_a_monmamo_card_set_is_a_card_set_or_an_input_error(text):
    from model.monmamo.cards import parse_card_set

    parsed(lambda t: parse_card_set(t, "fuzz.toml"), text)


@given(st.one_of(st.text(max_size=200), edited(SYNTHETIC)))
def test_a_fightklub_synthetic_set_is_a_card_set_or_an_input_error(text):
    from model.fightklub.cards import parse_synthetic_set

    parsed(lambda t: parse_synthetic_set(t, "fuzz.toml"), text)


def test_a_card_rarity_of_another_type_is_one_line():
    """Found by the fuzzer above: ``rarity = [1]`` was a TypeError (a list cannot be
    looked up among the rarities)."""
    from model.fightklub.cards import parse_synthetic_set

    text = re.sub(r'rarity = "[A-Z]"', "rarity = [1]", SYNTHETIC[0], count=1)
    with pytest.raises(InputError, match="rarity.*must be R, U or C"):
        parse_synthetic_set(text, "fuzz.toml")
