"""The ambiguity register: every open point is a Rules field with a witness that bites."""

from __future__ import annotations

import dataclasses
import re

import pytest

from model.clubfight import GAME as CLUBFIGHT
from model.clubfight.cards import parse_rank
from model.clubfight.moves import moves_for_club
from model.clubfight.notation import format_move
from model.clubfight.state import parse_grid
from model.core.ambiguity import Ambiguity, Reading, Witness
from model.core.game import probe_witness
from harness.registry import games
from toygame import TOY

GAMES = [*games().values(), TOY]


def under(game, field: str, value):
    return dataclasses.replace(game.default_rules, **{field: value})


def clubfight_view(ambiguity: Ambiguity, rules) -> tuple[str, ...]:
    grid = parse_grid(ambiguity.witness.position)
    club = parse_rank(ambiguity.witness.probe)
    return tuple(format_move(m, grid) for m in moves_for_club(grid, club, rules))


def position_view(game, ambiguity: Ambiguity, rules) -> str:
    return probe_witness(game, ambiguity.witness.position, ambiguity.witness.probe, rules)


def command_view(game, ambiguity: Ambiguity, value) -> str:
    """The JSON answer of the witness's command run with the reading's value."""
    import contextlib
    import io
    import shlex

    from harness.cli import main

    words = shlex.split(ambiguity.witness.command)
    setting = f"{ambiguity.field}={str(value).lower() if isinstance(value, bool) else value}"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()) as err:
        code = main([*words, "--set", setting, "--json"])
    assert code in (0, 1), (ambiguity.id, code, err.getvalue())
    return out.getvalue()


def view(game, ambiguity: Ambiguity, value):
    """What a reading makes of the witness: a command's answer; Club Fight's grid and
    club (the moves it allows); every other game's position and action."""
    if ambiguity.witness.command:
        return command_view(game, ambiguity, value)
    rules = under(game, ambiguity.field, value)
    if game.key == "clubfight":
        return clubfight_view(ambiguity, rules)
    return position_view(game, ambiguity, rules)





@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_open_point_is_one_rules_field_and_one_entry(game):
    fields = {f.name for f in dataclasses.fields(game.default_rules)}
    entries = [a.field for a in game.ambiguities]
    assert len(entries) == len(set(entries)), "one entry per field"
    assert set(entries) == fields
    ids = [a.id for a in game.ambiguities]
    assert len(ids) == len(set(ids))
    # Ids are the rule prefix, a letter naming the register's part and a number: CF-A1,
    # FK-D2 (decks), FK-S1 (setup) ...
    assert all(re.fullmatch(re.escape(game.rulebook.prefix) + r"-[A-Z]\d+", i) for i in ids), ids


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_entries_agree_with_the_rules_and_the_rulebook(game):
    for ambiguity in game.ambiguities:
        default = getattr(game.default_rules, ambiguity.field)
        assert ambiguity.default == default, ambiguity.id
        for reading in ambiguity.readings:
            assert type(reading.value) is type(default), (ambiguity.id, reading)
            under(game, ambiguity.field, reading.value)  # a valid Rules value
        assert len({r.value for r in ambiguity.readings}) == len(ambiguity.readings)
        assert ambiguity.rules and all(n in game.rulebook for n in ambiguity.rules)
        # The rules reference shows the open point under each of those rules, in words
        # (tests/test_docs.py), so a statement never names the ruleset's field.
        statements = " ".join(game.rulebook.get(n).statement for n in ambiguity.rules)
        assert f"Rules.{ambiguity.field}" not in statements, ambiguity.id
        assert ambiguity.setting_words and all(r.words for r in ambiguity.readings)
        assert ambiguity.passage and ambiguity.rationale and ambiguity.title


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_witness_parses_and_the_readings_disagree_there(game):
    for ambiguity in game.ambiguities:
        assert ambiguity.witness is not None, ambiguity.id
        if not ambiguity.witness.command:
            game.parse_state(ambiguity.witness.position)
        views = [view(game, ambiguity, r.value) for r in ambiguity.readings]
        assert len(set(views)) == len(views), (ambiguity.id, views)


# Under each reading, the moves of the ambiguous action at the stored witness.
CLUBFIGHT_WITNESSES = {
    "CF-A1": (None, ["A any 2D", "A run 2D"], ["A match", "A any 2D", "A run 2D"]),
    "CF-A2": ("match", [], ["A match JK@0"]),
    "CF-A3": ("match", ["A match AD AH"], ["A match AD", "A match AH", "A match AD AH"]),
    "CF-A4": ("sum", ["A sum AD"], ["A sum AD", "A sum AD JK@1"]),
    "CF-A5": ("updown", ["2 updown lower AD AH"],
              ["2 updown lower AD", "2 updown lower AH", "2 updown lower AD AH"]),
    "CF-A6": ("line", [], ["A line row 1 JK@0", "A line column 1 JK@0"]),
    "CF-A7": ("run", ["A run 2D"], []),
}


@pytest.mark.rules("CF 2.2", "CF 4.1", "CF 4.2", "CF 4.4", "CF 4.5", "CF 4.6", "CF 4.7")
@pytest.mark.parametrize("entry", CLUBFIGHT.ambiguities, ids=lambda a: a.id)
def test_clubfight_witnesses_give_the_moves_each_reading_promises(entry):
    action, default_moves, other_moves = CLUBFIGHT_WITNESSES[entry.id]
    (other,) = [r.value for r in entry.readings if r.value != entry.default]
    for value, expected in ((entry.default, default_moves), (other, other_moves)):
        moves = clubfight_view(entry, under(CLUBFIGHT, entry.field, value))
        if action is not None:
            moves = tuple(m for m in moves if m.split()[1] == action)
        assert sorted(moves) == sorted(expected), (entry.id, value)


def test_toy_witnesses():
    tie_bid, tie_strength = TOY.ambiguities

    def ends(entry):
        return [position_view(TOY, entry, under(TOY, entry.field, r.value)).rsplit(", ", 1)
                for r in entry.readings]

    bid = ends(tie_bid)
    assert bid[0][1] == "p0 wins" and "|" in bid[1][-1]  # the other reading plays on
    assert [end for _, end in ends(tie_strength)] == ["draw", "shared p0 p1"]


def test_a_witness_is_a_position_or_a_command():
    assert Witness("", "", "differ", command="toy deal").command == "toy deal"
    for position, command in (("pos", "toy deal"), ("", "")):
        with pytest.raises(ValueError, match="position or a command"):
            Witness(position, "", "differ", command=command)


def test_an_entry_needs_two_readings_and_a_default_among_them():
    readings = (Reading(True, "yes"), Reading(False, "no"))
    entry = Ambiguity("X-A1", "t", "p", "s", ("X 1",), "flag", readings, True, "r",
                      Witness("pos", "probe", "diff"))
    assert entry.reading(False).summary == "no"
    with pytest.raises(KeyError):
        entry.reading(3)
    with pytest.raises(ValueError, match="needs two readings"):
        Ambiguity("X-A2", "t", "p", "s", ("X 1",), "flag", readings[:1], True, "r")
    with pytest.raises(ValueError, match="default is not one of the readings"):
        Ambiguity("X-A3", "t", "p", "s", ("X 1",), "flag", readings, 2, "r")
