"""Drawings: the tokens and layouts the rules reference draws; how a game registers one."""

from __future__ import annotations

import doctest

import pytest

import harness.drawing
from harness.drawing import Drawing, Layout, Token
from harness.registry import GameParts, all_parts


def test_the_drawing_module_examples_hold():
    failed, attempted = doctest.testmod(harness.drawing)
    assert attempted > 0 and failed == 0


def test_a_layout_lists_the_marks_its_tokens_carry_first_use_first():
    layout = Layout(((Token("A", mark="dealt"), ""), ((Token("B", mark="cleared"),
                                                       Token("C", mark="dealt")), "D")),
                    parts=(("hand", (Token("E", mark="played"),)),))
    assert layout.marks() == ("dealt", "cleared", "played")
    assert layout.cells()[1][1] == (Token("D"),) and layout.cells()[0][1] == ()


def test_the_base_drawing_draws_nothing_and_its_defaults_follow_layout():
    class OneCell(Drawing):
        def layout(self, position):
            return Layout(((position,),))

    drawing = OneCell(game=None)
    assert Drawing(None).layout("x") is None
    assert drawing.step_layout("before", "act", "after").board == (("after",),)
    assert drawing.witness_layout("here", "probe").board == (("here",),)


def test_every_game_draws_its_first_position_with_the_drawing_it_registers():
    for key, parts in all_parts().items():
        drawing, game = parts.drawing, parts.game
        assert isinstance(drawing, Drawing) and drawing.game is game, key
        setup = next(iter(game.example_setups(1)))
        position = game.format_state(game.initial_state(setup, game.default_rules))
        layout = drawing.layout(position)
        if parts.drawing_type is Drawing:
            assert layout is None, key
        else:
            assert isinstance(layout, Layout) and layout.board, key


def test_a_drawing_is_a_drawing_class_or_names_one():
    with pytest.raises(TypeError, match="not a Drawing subclass"):
        GameParts("model.clubfight.engine:GAME", key="clubfight", drawing=object)
    with pytest.raises(ValueError, match="not 'package.module:Name'"):
        GameParts("model.clubfight.engine:GAME", key="clubfight", drawing="no colon")
    named = GameParts("model.clubfight.engine:GAME", key="clubfight",
                      drawing="harness.drawing:Layout")
    with pytest.raises(TypeError, match="not a Drawing subclass"):
        named.drawing_type
    assert GameParts("model.clubfight.engine:GAME", key="clubfight").drawing_type is Drawing
