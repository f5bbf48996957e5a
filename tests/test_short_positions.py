"""Short positions: a setup and the parts that matter, filled in by each game's stated rule.

Every game (and the toy game, through the default of :class:`model.core.game.Game`):
no part given is the setup's first position; every part of a position given is that
position again; a bad part is an input error naming the part.  Then the scenario
side: a short start resolves as a long one, its errors name the file and the key
(exit 2), and ``ringside rule --show-start`` prints the whole position.
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from pathlib import Path

import pytest

from harness.cli import main
from harness.registry import games
from harness.scenario import load_scenario, run_scenario
from model.core.errors import InputError
from model.core.game import CHANCE, TERMINAL
from model.core.position import sections_of
from toygame import TOY

ROOT = Path(__file__).resolve().parent.parent
GAMES = [*games().values(), TOY]
IDS = [game.key for game in GAMES]


def parts_of(game, setup, state) -> dict[str, str]:
    """Every part of ``state`` as a short position writes it."""
    text = game.format_state(state)
    if game.key == "clubfight":
        sections = sections_of(text, first="grid")
        del sections["jokers"]
        return sections
    sections = sections_of(text)
    keys = {part.key for part in game.position_parts(setup)}
    first = next(iter(sections))
    if first not in keys:
        del sections[first]  # the section the setup gives
    if game.key == "duel":
        sections["round"] = sections["round"].split()[0]
    if game.key == "fightklub":
        from model.fightklub.short_position import zone_texts

        for name in [n for n in sections if re.fullmatch(r"p\d", n)]:
            for zone, body in zone_texts(sections.pop(name)).items():
                sections[f"{name}.{zone}"] = body
    return sections


def setup_of(game, setup):
    """A setup as its text says it, read back (what a scenario file does)."""
    return game.parse_setup(game.format_setup(setup))


def walk(game, rules, start, rng, steps):
    """The states of a random game of at most ``steps`` actions from ``start``."""
    states = [start]
    state = start
    for _ in range(steps):
        player = game.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        else:
            action = rng.choice(list(game.legal_actions(state, rules)))
        state = game.apply(state, action, rules)
        states.append(state)
    return states


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_no_part_given_is_the_setups_first_position(game):
    for rules in game.presets.values():
        for setup in game.example_setups(4):
            assert game.position_from_setup(setup_of(game, setup), {}, rules) == \
                game.initial_state(setup, rules)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_part_given_is_the_position_again(game):
    rng = random.Random(7)
    rules = game.default_rules
    checked = 0
    for setup in game.example_setups(3):
        for state in walk(game, rules, game.initial_state(setup, rules), rng, 40)[::4]:
            parts = parts_of(game, setup, state)
            assert game.position_from_setup(setup_of(game, setup), parts, rules) == state, \
                game.format_state(state)
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_an_unknown_part_or_a_value_of_the_wrong_type_names_the_key(game):
    setup = next(iter(game.example_setups(1)))
    with pytest.raises(InputError) as unknown:
        game.position_from_setup(setup, {"bogus": "1"}, game.default_rules)
    assert unknown.value.where == "bogus" and "parts:" in unknown.value.what
    key = game.position_parts(setup)[0].key.replace("pN.", "p0.")
    with pytest.raises(InputError) as wrong:
        game.position_from_setup(setup, {key: [1, 2]}, game.default_rules)
    assert wrong.value.where == key


@pytest.mark.parametrize(("key", "setup", "parts", "where", "words"), [
    ("clubfight", "CF1-3", {"grid": "5H 5S"}, "grid", "9 slots"),
    ("clubfight", "CF1-3", {"grid": "JK JK 7H 2D 9H KS 4S 8D QH"}, "grid", "second Joker"),
    ("fightklub", "decks synthetic-brick synthetic-dana", {"p0.hand": "S911 S911 S911 S911"},
     "p0.hand", "conflicts with the setup"),
    ("fightklub", "decks synthetic-brick synthetic-dana", {"p1.pool": "Q"}, "p1.pool", "'Q'"),
    ("fightklub", "decks synthetic-brick synthetic-dana", {"p2.hand": "-"}, "p2.hand",
     "no such part"),
    ("duel", "ember vs tide rounds 5", {"hands": "E03 T01 / -"}, "hands",
     "holds no T01"),
    ("duel", "ember vs tide rounds 5", {"round": "2 of 4"}, "round", "the setup says 5"),
    ("duel", "ember vs tide rounds 5", {"hp": "x 3"}, "hp", "'x'"),
    ("fantasy", "size 1 | a Orc@F:5[ShortSword] | b Goblin@F:4[Dagger]",
     {"a": "Elf@F:4[Dirk]"}, "a", "conflicts with the setup"),
    ("fantasy", "size 1 | a Orc@F:5[ShortSword] | b Goblin@F:4[Dagger]",
     {"turn": "soon"}, "turn", "'soon'"),
    ("monmamo", "players 2 monsters 1 knockouts 1 library 16 seed 0",
     {"hands": "S01 / S02 / S03"}, "hands", "seats 2 players"),
    ("monmamo", "players 2 monsters 1 knockouts 1 library 16 seed 0",
     {"step": "play", "hands": "S02 / -"}, "hands", "holds no S02"),
])
def test_a_bad_part_is_an_error_naming_it(key, setup, parts, where, words):
    game = games()[key]
    with pytest.raises(InputError) as error:
        game.position_from_setup(game.parse_setup(setup), parts, game.default_rules)
    assert error.value.where == where and words in error.value.what, str(error.value)
    assert "\n" not in str(error.value)


def test_a_stack_left_out_keeps_every_card_of_the_setup():
    game = games()["fightklub"]
    setup = game.parse_setup("decks synthetic-brick synthetic-dana")
    state = game.position_from_setup(
        setup, {"step": "setup", "p0.hand": "S911 S917", "p0.laid": "S931"}, game.default_rules)
    deck = game.catalog.deck("synthetic-brick")
    assert sorted(state.side(0).draw + ("S911", "S917")) == sorted(deck.draw)
    assert sorted(state.side(0).fight + ("S931",)) == sorted(deck.fight)
    assert state.side(1) == game.initial_state(setup, game.default_rules).side(1)


def test_club_fight_fills_the_decks_in_the_deals_order():
    game = games()["clubfight"]
    deal = game.parse_setup("CF1-5")
    grid = "5H 5S 7H 2D 9H KS 4S 8D QH"
    state = game.position_from_setup(deal, {"grid": grid, "hand": "2 5 9 J"},
                                     game.default_rules)
    rest = [card for card in deal.grid_deck[9:] if str(card) not in grid.split()]
    assert list(state.deck) == rest
    assert list(state.clubs) == [v for v in deal.clubs[4:] if v not in (2, 5, 9, 11)]
    assert set(state.discard) == {v for v in deal.clubs[:4] if v not in (2, 5, 9, 11)}


# -- scenario files ------------------------------------------------------------------
LONG = """title = "One Adrenaline Action a round"
rules = ["DU 4.8"]
start = "{start}"
actions = ["play E03 + adrenaline second-wind", "pass"]

[expect]
outcome = "ongoing"
"""

SHORT = """title = "One Adrenaline Action a round"
rules = ["DU 4.8"]
actions = ["play E03 + adrenaline second-wind", "pass"]

[start]
setup = "ember vs tide rounds 5"
step = "after"
hp = "20 32"
adrenaline = "3 0"
hands = "E03 E04 E05 / T01 T03 T04 T05"
played = "E01 / -"
base = "4 4 / 2 3"
bonus = "2 0"
roles = 0

[expect]
outcome = "ongoing"
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / "duel" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_short_start_replays_as_its_long_form(tmp_path):
    short = load_scenario(write(tmp_path, "short.toml", SHORT), games(), tmp_path)
    long = load_scenario(write(tmp_path, "long.toml", LONG.format(start=short.start)),
                         games(), tmp_path)
    assert short.start_parts[0] == ("setup", "ember vs tide rounds 5")
    assert ("roles", 0) in short.start_parts and not long.start_parts
    assert short.start == long.start and "decks E01*5" in short.start
    game = games()["duel"]
    one, other = run_scenario(short, game), run_scenario(long, game)
    assert one.passed and other.passed
    assert one.final_position == other.final_position and one.checked == other.checked


def ringside(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_ringside_rule_shows_the_whole_start_and_json_carries_it(tmp_path, capsys):
    path = write(tmp_path, "short.toml", SHORT)
    code, shown, err = ringside(capsys, "rule", str(path), "--show-start")
    assert code == 0, err
    start_line = next(line for line in shown.splitlines() if line.startswith("  start"))
    whole_line = next(line for line in shown.splitlines() if line.startswith("  whole"))
    assert 'setup = "ember vs tide rounds 5"' in start_line and "decks" not in start_line
    assert "decks E01*5 E02*4 E03*4" in whole_line
    assert "  whole" not in ringside(capsys, "rule", str(path))[1]
    report = json.loads(ringside(capsys, "rule", str(path), "--json")[1])[0]
    assert report["start"] == whole_line.split(None, 1)[1]
    assert report["start_parts"]["hands"] == "E03 E04 E05 / T01 T03 T04 T05"


@pytest.mark.parametrize(("change", "words"), [
    ('hp = "20 32"', 'hp = "20"'),
    ('hp = "20 32"', 'hpp = "20 32"'),
    ('hands = "E03 E04 E05 / T01 T03 T04 T05"', 'hands = "E03 E04 E05 E05 E05 E05 E05 / -"'),
    ('setup = "ember vs tide rounds 5"', 'setup = "ember vs nobody rounds 5"'),
    ('setup = "ember vs tide rounds 5"\n', ''),
])
def test_a_bad_short_start_is_one_line_naming_the_file_and_the_key(tmp_path, capsys, change,
                                                                   words):
    path = write(tmp_path, "bad.toml", SHORT.replace(change, words))
    code, _, err = ringside(capsys, "rule", str(path))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    key = (words.split(" = ")[0] if words else "").strip()
    expected = f"{path}: start.{key}" if key else f"{path}: start"
    assert expected in lines[0], lines[0]


def test_a_third_of_each_games_scenarios_are_short():
    for key in games():
        files = sorted((ROOT / "scenarios" / key).glob("*.toml"))
        short = [f for f in files if isinstance(tomllib.loads(f.read_text())["start"], dict)]
        assert 3 * len(short) >= len(files), (key, len(short), len(files))
