"""Whole games of Club Fight: random legal play keeps every invariant."""

import random

import pytest
from hypothesis import settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from harness.registry import parts_of
from model.clubfight import GAME, Deal, State
from model.clubfight.rules import PRESETS
from model.clubfight.state import MAX_TURNS
from model.core.errors import InputError
from model.core.game import IllegalAction, walk_phases


class RandomGames(RuleBasedStateMachine):
    """Play legal moves from random deals, under every preset."""

    @initialize(jokers=st.sampled_from([1, 2]), number=st.integers(0, 2**64 - 1),
                preset=st.sampled_from(sorted(PRESETS)))
    def deal(self, jokers, number, preset):
        self.rules = PRESETS[preset]
        self.state = State.from_deal(Deal.from_number(jokers, number))
        self.turns = 0

    @precondition(lambda self: not GAME.is_terminal(self.state))
    @rule(data=st.data())
    def play(self, data):
        moves = GAME.legal_actions(self.state, self.rules)
        assert moves, "a non-terminal state must offer a move"
        move = data.draw(st.sampled_from(moves))
        before = self.state
        transition = GAME.resolve(before, move, self.rules)
        graph = GAME.phase_graph()
        for edge in walk_phases(GAME, before, transition):
            assert graph.has_edge(*edge), edge
        for check in GAME.transition_invariants:
            assert check(before, move, transition.state, self.rules) is None
        # The move's text names exactly this move again.
        assert GAME.parse_action(before, GAME.format_action(before, move), self.rules) == move
        self.state = transition.state
        self.turns += 1

    @invariant()
    def invariants_hold(self):
        if not hasattr(self, "state"):
            return
        for check in GAME.invariants:
            assert check(self.state) is None, (check.name, str(self.state))
        assert self.state.turn == self.turns <= MAX_TURNS
        assert GAME.parse_state(GAME.format_state(self.state)) == self.state


@pytest.mark.rules("CF 1.1", "CF 2.1", "CF 2.3", "CF 2.4", "CF 2.5", "CF 4.7")
class TestRandomGames(RandomGames.TestCase):
    settings = settings(max_examples=40, stateful_step_count=14, deadline=None)


@pytest.mark.rules("CF 5.1", "CF 5.2", "CF 2.5")
def test_games_end_by_turn_thirteen_with_a_verdict():
    rng = random.Random(7)
    for number in range(12):
        state = State.from_deal(Deal.from_number(1 + number % 2, number))
        rules = PRESETS["rulebook"]
        while not GAME.is_terminal(state):
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state, rules)), rules)
        assert state.turn <= 13
        outcome = GAME.outcome(state, rules)
        assert outcome.label == ("win" if state.cards_left == 0 else "loss")
        assert outcome.label == "win" or not state.hand


@pytest.mark.rules("CF 2.1")
def test_a_move_for_a_club_not_in_hand_is_illegal():
    state = State.from_deal(Deal.from_number(1, 0))
    missing = next(v for v in range(1, 14) if v not in state.hand)
    text = f"{'A23456789TJQK'[missing - 1]} any 0"
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(state, text, GAME.default_rules)
    assert info.value.illegal.rules == ("CF 2.1",)


def test_state_notation_round_trips_and_fills_defaults():
    state = State.parse("7H QS -- JK 2D 2S AH 9D KS | hand 6")
    assert state.jokers == 1
    assert len(state.cleared) == 40 - 8
    assert state.discard == tuple(v for v in range(1, 14) if v != 6)
    assert State.parse(str(state)) == state
    assert eval(repr(state)) == state


@pytest.mark.parametrize("text,message", [
    ("7H QS -- JK 2D 2S AH 9D", "9 slots"),
    ("7H QS -- JK 2D 2S AH 9D 5C", "a club"),
    ("7H 7H -- JK 2D 2S AH 9D KS", "twice"),
    ("7H QS -- JK 2D 2S AH 9D KS | deck 3D", "empty while the grid deck"),
    ("7H QS 3D JK 2D 2S AH 9D KS | hand 2 3 | clubs 4", "refilled to 4"),
    ("7H QS 3D JK 2D 2S AH 9D KS | hand 2 3 4 5 6", "at most 4"),
    ("7H QS 3D JK 2D 2S AH 9D KS | bogus 1", "unknown section"),
    ("7H QS 3D JK 2D 2S AH 9D KS | deck JK | jokers 1", "second Joker"),
    ("7H QS 3D JK 2D 2S AH 9D KS | cleared 4D", "missing"),
    ("7H QS 3D JK 2D 2S AH 9D KS | hand 2 3 | discard 4", "clubs are missing"),
])
def test_bad_states_name_the_problem(text, message):
    with pytest.raises(InputError, match=message):
        State.parse(text)


# -- positions drawn for the rules reference -------------------------------------------
DRAWING = parts_of("clubfight").drawing
"""Club Fight's registered drawing (harness/games/clubfight/drawing.py)."""


@pytest.mark.rules("CF 2.2", "CF 2.3")
@pytest.mark.parametrize("number", range(6))
def test_a_step_is_drawn_with_what_it_cleared_dealt_and_played(number):
    """``step_layout`` marks exactly the cards that went to the cleared pile (in the slots
    they left) and the cards the refill took from the grid deck, and shows the club."""
    rules = PRESETS["rulebook"]
    state = GAME.initial_state(Deal.from_number(1 + number % 2, number), rules)
    rng = random.Random(number)
    while not GAME.is_terminal(state):
        action = rng.choice(list(GAME.legal_actions(state, rules)))
        after = GAME.apply(state, action, rules)
        layout = DRAWING.step_layout(str(state), GAME.format_action(state, action),
                                     str(after))
        cells = [cell for row in layout.cells() for cell in row]
        cleared = [(slot, t.words) for slot, cell in enumerate(cells) for t in cell
                   if t.mark == "cleared"]
        dealt = [(slot, t.words) for slot, cell in enumerate(cells) for t in cell
                 if t.mark == "dealt"]
        assert [slot for slot, _ in cleared] == sorted(action.cleared)
        assert len(cleared) == len(after.cleared) - len(state.cleared)
        assert len(dealt) == len(state.deck) - len(after.deck)
        for slot, words in dealt:
            assert after.grid[slot] is not None and after.grid[slot] in state.deck
        # Every slot shows the card that lies there after the action, last.
        for slot, cell in enumerate(cells):
            if after.grid[slot] is None:
                assert all(t.mark == "cleared" for t in cell)
            else:
                assert cell[-1].mark != "cleared" and cell[-1].text
        assert dict(layout.beside)["club played"][0].words.endswith("of Clubs")
        assert {mark for mark, _ in layout.legend} == set(layout.marks())
        state = after


def test_cards_are_drawn_with_suit_symbols_and_colours():
    layout = DRAWING.layout("TH 6S JK 2D AS -- -- -- --")
    cells = [cell[0] if cell else None for row in layout.cells() for cell in row]
    assert [(t.text, t.colour, t.words) for t in cells[:3]] == [
        ("10\u2665", "red", "10 of Hearts"), ("6\u2660", "black", "6 of Spades"),
        ("JK", "joker", "Joker")]
    assert cells[3].colour == "red" and cells[4].text == "A\u2660" and cells[5] is None
    witness = DRAWING.witness_layout("JK -- -- -- -- -- -- -- --", "A")
    assert dict(witness.beside)["club to play"][0].text == "A\u2663"
