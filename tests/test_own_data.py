"""Bring your own cards: each game's data file read by the same loader as the shipped data.

For every game that takes a user's data (``--cards FILE``, ``--characters
FILE``, or the same key in a scenario file) a good file works end to end, and
each class of bad file (wrong type, a number out of its range, an unknown
field, a duplicate card, a contradiction with a public fact, too many entries)
is one line naming the file and the line, exit 2.  The Fight Klub file that
plays the recommended decks of ONE is built from ringside's SYNTHETIC texts
under ONE's numbers (tests/own_cards.py): it shows the path, not the real cards.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from model.core.errors import InputError
from own_cards import DATA, one_file, one_line, run  # noqa: F401  (one_file: a fixture)

ROOT = Path(__file__).resolve().parent.parent
EMBER = (ROOT / "analysis" / "duel" / "data" / "characters" / "ember.toml").read_text("utf-8")



def line_of(text: str, marker: str) -> int:
    """The line of ``text`` that holds ``marker`` first (counting from 1)."""
    return text[:text.index(marker)].count("\n") + 1


def refused_at(capsys, path: Path, text: str, marker: str, message: str, *args) -> None:
    """A command reading the data file ``path`` (holding ``text``) refuses it in one
    line naming the file, the line that holds ``marker`` and ``message``."""
    path.write_text(text, encoding="utf-8")
    err = one_line(capsys, *args)
    where = f"{path}: line {line_of(text, marker)}: " if marker else f"{path}: "
    assert where in err and message in err, err




# -- Fight Klub ------------------------------------------------------------------------------
def test_a_card_file_of_one_makes_the_recommended_decks_checkable_and_playable(capsys, one_file):
    code, out, _ = run(capsys, "fightklub", "deck", "rambo", "--cards", one_file, "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "valid" and data["unchecked"] == []
    code, out, _ = run(capsys, "fightklub", "deck", "hannibal", "--cards", one_file)
    assert code == 0 and "valid: every deck rule checked, no violation" in out
    # without the file the same decks stay unknown, and cannot be played
    code, out, _ = run(capsys, "fightklub", "deck", "rambo")
    assert code == 0 and out.splitlines()[1].startswith("unknown")
    err = one_line(capsys, "fightklub", "play", "rambo", "hannibal", "--seed", "1")
    assert "cannot be played" in err and "--cards FILE" in err

    code, out, err = run(capsys, "fightklub", "play", "rambo", "hannibal", "--seed", "1",
                         "--cards", one_file)
    last = out.splitlines()[-1]
    assert code == 0 and err == "" and re.match(r"result player [01] wins: \d+ actions", last)
    # a fight between two of ONE's fight cards, as the file gives them
    code, out, _ = run(capsys, "fightklub", "fight", "043", "090", "--cards", one_file)
    assert code == 0 and out.startswith("043 P-1 against 090 M-6")


def test_the_supplied_texts_replace_unknown_facts_and_keep_the_public_ones(one_file):
    from analysis.fightklub.loading import cards_with, one_cards
    from model.fightklub.cards import is_known

    cards = cards_with([str(one_file)])
    rambo, public = cards["027"], one_cards()["027"]
    assert not is_known(public.parts.life) and rambo.parts.life == 12
    assert (rambo.name, rambo.rarity, rambo.affiliation) == ("John Rambo", "R", "hero")
    assert rambo.parts.first_setup_energy == ("B", "G", "G")  # the rulebook's own fact
    assert dict(rambo.sources)["first_setup_energy"] == dict(public.sources)[
        "first_setup_energy"]
    assert "supplied by the user" in dict(rambo.sources)["all"]
    assert cards["003"] is one_cards()["003"]  # a card the file does not give: as public


def test_a_card_file_gives_decks_that_play_its_cards(capsys):
    """A card file's [[deck]] tables join the shipped decks for every command that takes
    its --cards: checked against the deck rules, and played."""
    cards = ROOT / "docs" / "byo" / "fightklub-audit-cards.toml"
    code, out, _ = run(capsys, "fightklub", "deck", "audit-brick", "--cards", cards)
    assert code == 0 and out.splitlines()[1] == "valid: every deck rule checked, no violation"
    code, out, _ = run(capsys, "fightklub", "play", "audit-brick", "synthetic-dana", "--seed",
                       "3", "--cards", cards)
    assert code == 0 and re.match(r"result player [01] wins: \d+ actions", out.splitlines()[-1])
    # without the file the deck is not known
    assert "audit-brick" in one_line(capsys, "fightklub", "play", "audit-brick",
                                     "synthetic-dana")


def _card(number: str, body: str) -> str:
    return f'set = "ONE"\n[[card]]\nnumber = "{number}"\n{body}'


_CONDITION = 'type = "condition"\naffiliation = "hero"\n'
_FIGHT = ('type = "fight"\naffiliation = "hero"\n[card.fight]\nkind = "power"\ndamage = 2\n'
          'sides = [{tabs = [{label = "Fate", value = 1}, {label = "Fate", value = 1}, '
          '{label = "Fate", value = 1}]}]\n')
_MINE = '[[card]]\nnumber = "S941"\nname = "Mine"\nrarity = "C"\n' + _CONDITION


def _hannibal_as_a_hero() -> str:
    from own_cards import one_card_block, synthetic_blocks

    return 'set = "ONE"\n[[card]]\n' + one_card_block(synthetic_blocks()["S901"], "051",
                                                       "Hannibal Lecter", "R")


FIGHTKLUB_BAD = [
    # label, file text, what the line named holds, the message
    ("wrong type", _card("028", 'type = "condition"\naffiliation = 7\n'), "affiliation",
     "card 028 'A Good Supply of Body Bags': field 'affiliation': a condition card's "
     "affiliation is hero or villain, not 7"),
    ("out of range", _card("037", _FIGHT.replace("damage = 2", "damage = 99999999999999")),
     "damage", "card 037 'They Drew First Blood': field 'damage': must be a whole number "
     "from 1 to 99, not 99999999999999"),
    ("unknown field", _card("028", _CONDITION + "colour = 1\n"), "colour",
     "card 028 'A Good Supply of Body Bags': field 'colour': is not a card field"),
    ("duplicate card", _card("028", _CONDITION) + '[[card]]\nnumber = "28"\n' + _CONDITION,
     'number = "28"', "card 028 'A Good Supply of Body Bags': field 'number': card 028 is "
     "given twice in the file"),
    ("name contradicts the list", _card("028", 'name = "Body Bags"\n' + _CONDITION), "name",
     "card 028 'Body Bags': field 'name': contradicts ONE's public card list, which names "
     "card 028 'A Good Supply of Body Bags'"),
    ("rarity contradicts the list", _card("028", 'rarity = "R"\n' + _CONDITION), "rarity",
     "card 028: field 'rarity': contradicts ONE's public card list, which gives card 028 A "
     "Good Supply of Body Bags the rarity C, not 'R'"),
    ("number not on the list", _card("102", 'name = "Nobody"\nrarity = "C"\n' + _CONDITION),
     "number", "card 102 'Nobody': field 'number': 102 is not a number of ONE's public card "
     "list (001 to 101)"),
    ("type contradicts the rulebook", _card("037", _CONDITION), "type",
     "field 'type': the rulebook shows 037 They Drew First Blood as fight, not condition"),
    ("affiliation contradicts the rulebook", _hannibal_as_a_hero(), "affiliation",
     "card 051 'Hannibal Lecter': field 'affiliation': the rulebook states 051 Hannibal "
     "Lecter is a villain, not a hero"),
    ("too many cards", 'set = "ONE"\n' + '[[card]]\nnumber = "028"\n' * 501, "",
     "gives 501 cards; a card file gives at most 500"),
    ("not declared", '[[card]]\nnumber = "028"\n' + _CONDITION, "",
     "a card file declares set = 'ONE' (the texts of cards of ONE) or synthetic = true"),
    ("synthetic number ringside ships",
     'synthetic = true\n[[card]]\nnumber = "S911"\nname = "Mine"\nrarity = "C"\n'
     + _CONDITION, "number", "card 'S911 Mine': field 'number': S911 is a synthetic card "
                             "ringside ships (Safe House)"),
    # names and texts go through the check every game's loader shares (checked_name)
    ("empty name", _card("028", 'name = ""\n' + _CONDITION), "name",
     "card 028: field 'name' must be 1 to 60 printable characters, not ''"),
    ("500-character name", _card("028", f'name = "{"x" * 500}"\n' + _CONDITION), "name",
     "card 028: field 'name' must be 1 to 60 printable characters, not 'xxxx"),
    ("control character in a name", _card("028", 'name = "Body\\u0007Bags"\n' + _CONDITION),
     "name", "card 028: field 'name' must be 1 to 60 printable characters, not "
             "'Body\\x07Bags'"),
    ("control character in an invented card's name",
     'synthetic = true\n[[card]]\nnumber = "S941"\nname = "Mine\\u001b[2J"\nrarity = "C"\n'
     + _CONDITION, "name", "card S941: field 'name' must be 1 to 60 printable characters"),
    ("line break in gametext",
     'synthetic = true\n[[card]]\nnumber = "S941"\nname = "Mine"\nrarity = "C"\n'
     + _CONDITION + '[[card.abilities]]\nphase = "cooldown"\nsteps = [{do = "draw", '
     'count = 1}]\ntext = "Draw\\nagain"\n', "text",
     "card S941 'Mine': field 'abilities[1].text' must be 1 to 400 printable characters"),
    # a deck list a card file gives
    ("a deck named as a shipped one", 'synthetic = true\n' + _MINE + '[[deck]]\n'
     'name = "rambo"\nlist = ""\n', 'name = "rambo"',
     "deck 1: field 'name': there is a deck 'rambo' already"),
    ("a bad line of a deck list", 'synthetic = true\n' + _MINE + '[[deck]]\nname = "mine"\n'
     'list = """\nCharacter\n- Brick Malone 1 R S901\n"""\n', "- Brick Malone 1 R",
     "'- Brick Malone 1 R S901' is not a card line"),
]




# -- the duel --------------------------------------------------------------------------------
def _character(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


MINE = EMBER.replace('key = "ember"', 'key = "mine"').replace("Ember Duelist", "My Duelist")


def test_a_character_file_joins_the_characters_of_every_duel_command(capsys, tmp_path):
    mine = _character(tmp_path, MINE)
    code, out, _ = run(capsys, "duel", "characters", "--characters", mine, "--json")
    assert code == 0 and [c["key"] for c in json.loads(out)["characters"]][-1] == "mine"
    code, out, _ = run(capsys, "duel", "play", "mine", "tide", "--seed", "1",
                       "--characters", mine)
    assert code == 0 and out.startswith("My Duelist (player 0) vs Tidecaller")
    code, out, _ = run(capsys, "play", "duel", "mine vs tide rounds 3", "--characters", mine)
    assert code == 0 and "duel mine tide" in out
    err = one_line(capsys, "play", "duel", "--cards", mine)
    assert "duel takes --characters FILE, not --cards" in err


def test_a_scenario_names_its_characters_file(capsys, tmp_path):
    _character(tmp_path, MINE)
    source = (ROOT / "scenarios" / "duel" / "adrenaline-action.toml").read_text("utf-8")
    scenario = tmp_path / "duel" / "mine.toml"
    scenario.parent.mkdir()
    scenario.write_text('characters = "../mine.toml"\n'
                        + source.replace("duel ember tide", "duel mine tide"), "utf-8")
    code, out, _ = run(capsys, "rule", scenario)
    assert code == 0 and out.endswith("1/1 scenarios pass\n")
    scenario.write_text(source.replace("duel ember tide", "duel mine tide"), "utf-8")
    assert "unknown character 'mine'" in one_line(capsys, "rule", scenario)
    scenario.write_text('cards = "../mine.toml"\n' + source, "utf-8")
    assert "cards: duel takes the key 'characters', not 'cards'" in one_line(
        capsys, "rule", scenario)


DUEL_BAD = [
    ("wrong type", MINE.replace("hp = 30", 'hp = "thirty"'), "hp =",
     "field 'hp' must be a whole number, not 'thirty'"),
    ("out of range", MINE.replace("critical = [11, 12]",
                                  "critical = [99999999999999999999, 99999999999999999999]"),
     "critical", "field 'critical' holds Bases, each a whole number from 0 to 80, not "
                 "99999999999999999999"),
    ("unknown field", MINE.replace("hp = 30", "hp = 30\ncolour = 1"), "colour",
     "unknown field 'colour'"),
    ("duplicate card", MINE.replace('id = "E02"', 'id = "E01"'), "[[cards]]\nid = \"E01\"\nname = \"F",
     "cards[1]: the card id E01 is used twice"),
    ("key of a shipped character", EMBER, "key =",
     "the key 'ember' is taken by Ember Duelist"),
    ("too many passives", MINE + '[[passives]]\nname = "P"\neffects = [{ kind = "dr" }]\n'
     * 9, "", "passives: lists 10 passives; a character has at most 8"),
]




def test_a_character_with_20000_passives_is_refused_at_once():
    from model.duel.characters import parse_character

    text = MINE + '[[passives]]\nname = "P"\neffects = [{ kind = "dr" }]\n' * 20_000
    with pytest.raises(InputError, match="lists 20,001 passives; a character has at most 8"):
        parse_character(text, "many.toml")


# -- Monsters Masters & Mobsters -----------------------------------------------------------
MONSTER = ('synthetic = false\n[[card]]\nnumber = "R01"\nname = "Harbour Ghoul"\n'
           'type = "Monster"\ntext = "A card I own."\n[card.monster]\nhp = 9\nlevel = 1\n'
           'size = 2\nspeed = 2\nsex = "male"\ntaxons = ["undead"]\nmultiplier = 1\n'
           'innate_skill = ""\n')
START = ("format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands R01 S09 / "
         "S02 S04 | battlefield - | discard - | exile - | declared - | passes 0")


def test_a_card_set_of_ones_own_plays_beside_the_synthetic_set(capsys, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(MONSTER, encoding="utf-8")
    code, out, _ = run(capsys, "monmamo", "termination", "--start", START, "--cards", path,
                       "--rules", "rulebook")
    assert code == 0 and "hands R01 S09 / S02 S04" in out
    assert "'R01'" in one_line(capsys, "monmamo", "termination", "--start", START)


MONMAMO_BAD = [
    ("wrong type", MONSTER.replace("level = 1", 'level = "one"'), "level",
     "card 1 (R01): monster: level: must be a whole number from 0 to 99, not 'one'"),
    ("out of range", MONSTER.replace("hp = 9", "hp = 99999"), "hp =",
     "card 1 (R01): monster: hp: must be a whole number from 1 to 999, not 99999"),
    ("unknown field", MONSTER.replace('type = "Monster"', 'type = "Monster"\ncolour = 1'),
     "colour", "card 1 (R01): unknown field 'colour'"),
    ("duplicate card", MONSTER.replace('"R01"', '"S01"'), "number",
     "card 1 (S01): the number S01 is already 'Bramblehound'"),
    ("not declared", MONSTER.replace("synthetic = false\n", ""), "",
     "a card set declares what it holds: synthetic = true"),
    ("too many cards", MONSTER.split("[[card]]")[0] + MONSTER.split("synthetic = false\n")[1]
     * 1000, "", "gives 1,000 cards; a card set gives at most 999"),
]




# -- Fantasy Fight Club ---------------------------------------------------------------------
FANTASY = ('[[warrior]]\nrow = "Troll H +3 -1 - -1 9 0 Reach +1"\n[[weapon]]\n'
           'row = "War Pick +2 H - 2 -"\n[[equipment]]\nname = "Pavise"\nkind = "shield"\n'
           'block = [5, 6]\n[[spell]]\nname = "Frost Shard"\ncopies = 4\n'
           'text = "The target loses 3 hits."\neffect = "bolt"\namount = 3\nrange = 6\n')


def test_a_fantasy_card_file_adds_warriors_weapons_and_equipment(capsys, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(FANTASY, encoding="utf-8")
    code, out, _ = run(capsys, "fantasy", "odds", "Troll", "War Pick", "Orc", "--shield",
                       "Pavise", "--cards", path, "--json")
    data = json.loads(out)
    assert code == 0 and data["hit"] and data["blocked"] != "0/1"
    assert "'Troll' is not a warrior" in one_line(capsys, "fantasy", "odds", "Troll", "Maul",
                                                   "Orc")
    band = (ROOT / "analysis" / "fantasy" / "data" / "warbands" / "iron-host.toml").read_text(
        "utf-8").replace('card = "Ogre"', 'card = "Troll"', 1)
    (tmp_path / "band.toml").write_text(band, encoding="utf-8")
    code, out, _ = run(capsys, "fantasy", "warband", tmp_path / "band.toml", "--cards", path)
    assert code in (0, 1) and "Troll" in out


FANTASY_BAD = [
    ("wrong type", FANTASY.replace("copies = 4", 'copies = "four"'), "copies",
     "spell 1 (Frost Shard): copies: must be a whole number from 1 to 20"),
    ("out of range", FANTASY.replace("+3 -1", "+300 -1"), "row",
     "warrior 1 (Troll): row: dam: '+300' is not a modifier like +2, -1 or - (from -20 to "
     "+20)"),
    ("unknown field", FANTASY.replace('kind = "shield"', 'kind = "shield"\ncolour = 1'),
     "colour", "equipment 1 (Pavise): unknown field 'colour'"),
    ("duplicate card", FANTASY.replace("Troll H", "Ogre H"), "[[warrior]]",
     "warrior 1 (Ogre): the tables already hold a warrior card 'Ogre'"),
    ("too many entries", '[[weapon]]\nrow = "War Pick +2 H - 2 -"\n' * 201, "",
     "gives 201 weapon cards; a card file gives at most 200 of each kind"),
]




# -- the page "Bring your own cards" ---------------------------------------------------------
BYO = ROOT / "docs" / "byo"


def test_the_pages_example_files_are_read_by_the_games_loaders(capsys):
    """The files the page shows are real input: each loader reads them, and the scenario
    naming a character file passes."""
    from analysis.duel.loading import characters_with
    from analysis.fantasy.loading import tables_with
    from analysis.fightklub.loading import cards_with
    from analysis.monmamo.loading import cards_with as monmamo_cards_with

    assert cards_with([str(BYO / "one-cards.toml")])["027"].parts.life == 12
    assert characters_with([str(BYO / "mine.toml")])["mine"].critical == (10, 12)
    assert monmamo_cards_with([str(BYO / "monmamo-cards.toml")])["R01"].monster.hp == 9
    assert tables_with([str(BYO / "fantasy-cards.toml")]).warriors["Troll"].hits == 9
    code, out, _ = run(capsys, "rule", BYO / "mine-scenario.toml")
    assert code == 0 and "player 0's raw Base 10 is in the Critical Range 10-12" in out
    page = (ROOT / "docs" / "bring-your-own-cards.rst").read_text("utf-8")
    assert "bring-your-own-cards" in (ROOT / "docs" / "index.rst").read_text("utf-8")
    for option in ("--cards FILE", "--characters FILE"):
        assert option in page


# -- every class of bad file, in every game ------------------------------------------------
COMMANDS = {
    "fightklub": (FIGHTKLUB_BAD, ("fightklub", "deck", "rambo", "--cards")),
    "duel": (DUEL_BAD, ("duel", "odds", "mine", "tide", "--characters")),
    "monmamo": (MONMAMO_BAD, ("monmamo", "setup", "--cards")),
    "fantasy": (FANTASY_BAD, ("fantasy", "odds", "Ogre", "Maul", "Orc", "--cards")),
}
BAD_FILES = [(game, *case) for game, (cases, _) in COMMANDS.items() for case in cases]


@pytest.mark.parametrize("game, label, text, marker, message", BAD_FILES,
                         ids=[f"{case[0]}: {case[1]}" for case in BAD_FILES])
def test_a_bad_data_file_is_one_line_naming_file_and_line(capsys, tmp_path, game, label, text,
                                                          marker, message):
    path = tmp_path / "mine.toml"
    refused_at(capsys, path, text, marker, message, *COMMANDS[game][1], path)
