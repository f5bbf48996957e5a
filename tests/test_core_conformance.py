"""Every game keeps the Game protocol: notation, chance, purity, phases, invariants.

The generic checks run on every registered game and on the toy game of
``tests/toygame.py``; random playouts are seeded, so every run plays the same games.
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest

from model.core.errors import InputError
from model.core.game import (
    CHANCE, TERMINAL, AmbiguousAction, Illegal, IllegalAction, Outcome, Step, Transition,
    missing_edges, walk_phases,
)
from model.core.phases import NODE_KINDS, lint_phase_graph
from harness.registry import games, get_game
from toygame import TOY, ToyAction, ToyState, STANDARD, HOUSE

GAMES = [*games().values(), TOY]
GAME_IDS = [game.key for game in GAMES]
SEEDS = range(8)
MAX_ACTIONS = {"clubfight": 13, "toy": 6}


def presets_of(game):
    return [pytest.param(game, name, id=f"{game.key}-{name}") for name in game.presets]


GAME_PRESETS = [param for game in GAMES for param in presets_of(game)]


def pick_chance(game, state, rules, rng: random.Random):
    """An outcome drawn with its exact probability (a float draw is fine for picking)."""
    outcomes = game.chance_outcomes(state, rules)
    point = Fraction(rng.random())
    total = Fraction(0)
    for outcome, probability in outcomes:
        total += probability
        if point < total:
            return outcome
    return outcomes[-1][0]


# -- the static side ---------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_game_describes_itself(game):
    assert game.key and game.title and game.rulebook_file
    assert game.num_players >= 1
    assert len(set(game.action_kinds)) == len(game.action_kinds)
    assert len(game.rulebook) > 0
    assert all(rule.number.startswith(game.rulebook.prefix + " ") for rule in game.rulebook)
    names = list(game.presets)
    assert names and game.default_rules == game.presets[names[0]]
    for name, rules in game.presets.items():
        assert isinstance(rules, game.rules_type)
        assert dataclasses.is_dataclass(rules)
        assert game.preset(name) is rules
        assert game.preset_name(rules) == name
        assert game.describe_rules(rules) == name
        assert hash(rules) == hash(dataclasses.replace(rules))
        field = dataclasses.fields(rules)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(rules, field, getattr(rules, field))


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_rulesets_reject_bad_names_and_fields(game):
    with pytest.raises(InputError, match="unknown ruleset 'no-such-preset'"):
        game.preset("no-such-preset")
    with pytest.raises(InputError, match="unknown rules field 'no_such_field'"):
        game.parse_rules(next(iter(game.presets)), {"no_such_field": True})
    field = dataclasses.fields(game.default_rules)[0]
    with pytest.raises(InputError, match=f"rules field '{field.name}' takes"):
        game.parse_rules(next(iter(game.presets)), {field.name: "a string"})
    # One field changed: described as the first preset plus that field.
    value = getattr(game.default_rules, field.name)
    if isinstance(value, bool):
        changed = game.parse_rules(next(iter(game.presets)), {field.name: not value})
        if game.preset_name(changed) is None:
            assert game.describe_rules(changed).endswith(f"with {field.name}={not value!r}")


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_phase_graph_is_clean_and_names_known_rules(game):
    graph = game.phase_graph()
    lint = lint_phase_graph(graph)
    assert lint.ok, lint.problems()
    for node, data in graph.nodes(data=True):
        assert data["kind"] in NODE_KINDS, node
        for number in data.get("rules", ()):
            assert number in game.rulebook, (node, number)


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_invariants_name_known_rules(game):
    for invariant in (*game.invariants, *game.transition_invariants):
        assert invariant.rules, invariant.name
        assert all(number in game.rulebook for number in invariant.rules), invariant.name
    names = [i.name for i in (*game.invariants, *game.transition_invariants)]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_exploration_starts_are_reproducible(game):
    rules = game.default_rules
    first = list(game.exploration_starts(rules, 4))
    assert len(first) == 4
    assert first == list(game.exploration_starts(rules, 4))
    for state in first:
        assert game.parse_state(game.format_state(state)) == state
        assert all(invariant(state) is None for invariant in game.invariants)


# -- random playouts -----------------------------------------------------------------
def check_state(game, state, rules) -> None:
    """Everything a single state must satisfy."""
    assert dataclasses.is_dataclass(state)
    assert not hasattr(state, "__dict__"), "states are slotted"
    hash(state)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(state, dataclasses.fields(state)[0].name, None)
    text = game.format_state(state)
    again = game.parse_state(text)
    assert again == state and hash(again) == hash(state), text
    assert game.format_state(again) == text
    assert game.phase(state) in game.phase_graph().nodes
    for invariant in game.invariants:
        assert invariant(state) is None, (invariant.name, text)
    for player in range(game.num_players):
        assert isinstance(game.observation(state, player), str)
    player = game.current_player(state)
    assert player in (CHANCE, TERMINAL) or 0 <= player < game.num_players
    if player == TERMINAL:
        assert game.is_terminal(state)
        outcome = game.outcome(state)
        assert isinstance(outcome, Outcome) and outcome.label, text
        assert outcome.winners <= set(range(game.num_players))
        assert not game.actions(state, rules)
        assert game.phase_graph().nodes[game.phase(state)]["kind"] == "terminal"
        return
    assert game.outcome(state) is None
    if player == CHANCE:
        outcomes = game.chance_outcomes(state, rules)
        assert outcomes, text
        assert all(type(p) is Fraction and p > 0 for _, p in outcomes), outcomes
        assert sum(p for _, p in outcomes) == 1, outcomes
        assert len({o for o, _ in outcomes}) == len(outcomes)
        assert not game.legal_actions(state, rules)
    actions = game.actions(state, rules)
    assert actions, f"deadlock: {text}"
    assert len(set(actions)) == len(actions)
    for action in actions:
        assert game.action_kind(action) in game.action_kinds
        written = game.format_action(state, action)
        assert game.parse_action(state, written, rules) == action, written


def check_step(game, state, action, rules) -> Transition:
    """Resolve one action and check purity, phases and transition invariants."""
    before_text = game.format_state(state)
    before_hash = hash(state)
    first = game.resolve(state, action, rules)
    second = game.resolve(state, action, rules)
    assert first == second
    assert game.apply(state, action, rules) == first.state
    assert game.format_state(state) == before_text and hash(state) == before_hash
    assert missing_edges(game, state, first) == []
    graph = game.phase_graph()
    for step in first.steps:
        assert isinstance(step, Step) and step.phase in graph.nodes
        assert all(number in game.rulebook for number in step.rules), step
    for edge in walk_phases(game, state, first):
        assert graph.has_edge(*edge), edge
    for invariant in game.transition_invariants:
        assert invariant(state, action, first.state, rules) is None, invariant.name
    return first


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game", "preset"), GAME_PRESETS)
def test_random_playouts_keep_the_protocol(game, preset, seed):
    rng = random.Random(f"{game.key}/{preset}/{seed}")
    rules = game.preset(preset)
    start = list(game.exploration_starts(rules, seed + 1))[seed]
    state = start
    previous_text = None
    for _ in range(MAX_ACTIONS[game.key] + 1):
        check_state(game, state, rules)
        # The last action's text, tried again here: legal, or refused for a known rule.
        if previous_text is not None and not game.is_terminal(state):
            try:
                game.parse_action(state, previous_text, rules)
            except IllegalAction as error:
                assert error.illegal.rules
                assert all(n in game.rulebook for n in error.illegal.rules), error
            except AmbiguousAction as error:
                assert error.candidates
            except InputError:
                pass
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            action = pick_chance(game, state, rules, rng)
        else:
            action = rng.choice(list(game.legal_actions(state, rules)))
        previous_text = game.format_action(state, action)
        state = check_step(game, state, action, rules).state
    else:
        pytest.fail(f"no end after {MAX_ACTIONS[game.key]} actions: {game.format_state(state)}")


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_actions_are_refused_once_the_game_is_over(game):
    rules = game.default_rules
    rng = random.Random(7)
    state = next(iter(game.exploration_starts(rules, 1)))
    last = None
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            action = pick_chance(game, state, rules, rng)
        else:
            action = game.legal_actions(state, rules)[0]
        last = (state, action)
        state = game.apply(state, action, rules)
    with pytest.raises(IllegalAction) as caught:
        game.resolve(state, last[1], rules)
    assert all(n in game.rulebook for n in caught.value.illegal.rules)


# -- the toy game: chance, hidden cards, the drop ----------------------------------------
def all_toy_states(rules=STANDARD):
    seen = {ToyState.start(0): None, ToyState.start(1): None}
    frontier = list(seen)
    while frontier:
        state = frontier.pop()
        for action in TOY.actions(state, rules):
            child = TOY.apply(state, action, rules)
            if child not in seen:
                seen[child] = None
                frontier.append(child)
    return list(seen)


def test_toy_chance_nodes_have_exact_thirds():
    start = ToyState.start()
    assert TOY.current_player(start) == CHANCE
    assert TOY.chance_outcomes(start, STANDARD) == tuple(
        (ToyAction("deal", c), Fraction(1, 3)) for c in (1, 2, 3))
    rolled = TOY.parse_state("cards 3 1 | roll - | token 0 | order ? | called - | folded - "
                             "| result -")
    assert TOY.current_player(rolled) == CHANCE
    assert [p for _, p in TOY.chance_outcomes(rolled, STANDARD)] == [Fraction(1, 3)] * 3
    # The probability of a whole round is a product of exact fractions.
    state, probability = start, Fraction(1)
    for text in ("deal 2", "deal 3", "roll 1"):
        action = TOY.parse_action(state, text, STANDARD)
        probability *= dict(TOY.chance_outcomes(state, STANDARD))[action]
        state = TOY.apply(state, action, STANDARD)
    assert probability == Fraction(1, 27)


def test_toy_observation_hides_the_other_card_until_the_showdown():
    states = all_toy_states()
    assert len(states) == 2 * 283
    for state in states:
        for player in (0, 1):
            other = 1 - player
            seen = TOY.observation(state, player)
            assert seen.startswith("cards ")
            own, theirs = seen.split(" | ")[0].split()[1:]
            own, theirs = (own, theirs) if player == 0 else (theirs, own)
            assert own == (str(state.cards[player]) if state.cards[player] else "-")
            showdown = state.result and state.folded is None
            if state.cards[other] and not showdown:
                assert theirs == "?"
                # Whatever the other card, the player sees the same thing.
                for card in (1, 2, 3):
                    cards = list(state.cards)
                    cards[other] = card
                    twin = dataclasses.replace(state, cards=tuple(cards))
                    assert TOY.observation(twin, player) == seen
            else:
                assert theirs == (str(state.cards[other]) if state.cards[other] else "-")


def test_toy_token_holder_chooses_who_acts_first():
    state = TOY.parse_state("cards 1 2 | roll 2 | token 1 | order ? | called - | folded - "
                            "| result -")
    assert TOY.phase(state) == "order"
    assert TOY.current_player(state) == 1  # the token holder drops the token
    for first in (0, 1):
        transition = TOY.resolve(state, ToyAction("first", first), STANDARD)
        assert TOY.current_player(transition.state) == first
        assert transition.rules == ("TG 2.2",)
    with pytest.raises(AmbiguousAction) as caught:
        TOY.parse_action(state, "first", STANDARD)
    assert caught.value.choice == "who acts first"
    assert caught.value.candidates == ("first 0", "first 1")


def test_toy_showdown_merges_the_two_orders_and_applies_the_tie_rule():
    base = TOY.parse_state("cards 2 2 | roll 3 | token 1 | order ? | called - | folded - "
                           "| result -")
    ends = set()
    for first in ("first 0", "first 1"):
        state = base
        for text in (first, "call", "call"):
            state = TOY.apply(state, TOY.parse_action(state, text, STANDARD), STANDARD)
        ends.add(state)
    assert len(ends) == 1
    (end,) = ends
    assert TOY.outcome(end) == Outcome("draw")
    state = base
    for text in ("first 0", "call", "call"):
        state = TOY.apply(state, TOY.parse_action(state, text, HOUSE), HOUSE)
    assert TOY.outcome(state) == Outcome("p1 wins 3", frozenset({1}))


# -- the protocol's own small pieces ---------------------------------------------------
def test_transition_rules_list_each_rule_once_first_mention_first():
    transition = Transition("s", (Step("a", ("X 2", "X 1"), ""), Step("b", ("X 1", "X 3"), ""),
                                  Step("c", (), "")))
    assert transition.rules == ("X 2", "X 1", "X 3")


def test_illegal_and_ambiguous_actions_explain_themselves():
    error = IllegalAction(Illegal(("TG 3.2", "TG 3.1"), "must call"), "fold")
    assert str(error) == "'fold' is illegal: must call (TG 3.2, TG 3.1)"
    few = AmbiguousAction("deal", "which card", ["deal 1", "deal 2"])
    assert str(few) == "'deal' does not say which card; it fits deal 1, deal 2"
    many = AmbiguousAction("x", "which", [str(n) for n in range(9)])
    assert str(many).endswith("it fits 0, 1, 2, 3, 4, 5 and 3 more")
    assert many.candidates == tuple(str(n) for n in range(9))


def test_input_error_locates_itself_outermost_first():
    error = InputError("bad card", "slot 3")
    assert str(error) == "slot 3: bad card"
    outer = error.at("position").at("file.toml")
    assert str(outer) == "file.toml: position: slot 3: bad card"
    assert outer.what == "bad card" and isinstance(outer, ValueError)
    assert str(InputError("plain").at("here")) == "here: plain"


def test_walk_phases_collapses_repeats_and_missing_edges_finds_gaps():
    state = TOY.parse_state("cards 1 1 | roll 1 | token 0 | order 0 | called 1 | folded - "
                            "| result -")
    transition = TOY.resolve(state, ToyAction("call"), STANDARD)
    assert walk_phases(TOY, state, transition) == [("act", "showdown"), ("showdown", "over")]
    assert missing_edges(TOY, state, transition) == []
    deal = TOY.resolve(ToyState.start(), ToyAction("deal", 1), STANDARD)
    assert walk_phases(TOY, ToyState.start(), deal) == []  # deal -> deal -> deal


def test_registry_knows_its_games_and_refuses_others():
    assert "clubfight" in games()
    assert get_game("clubfight").key == "clubfight"
    with pytest.raises(InputError, match="unknown game 'chess'; games: clubfight"):
        get_game("chess")
