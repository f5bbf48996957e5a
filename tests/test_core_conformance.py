"""Every game keeps the Game protocol: setups, notation, chance, hidden information,
simultaneous choices, ordered effects, lengths, outcomes, phases and invariants.

The generic checks (``check_*`` below) run on every registered game and on the
toy game of ``tests/toygame.py``, at the states of seeded random playouts, so
every run plays the same games.  Each check fails with an ``AssertionError``
that says what is wrong; the toy game's broken variants show that each one
does fail on the bug it is there for.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
import re
from fractions import Fraction

import pytest

from model.core.errors import InputError
from model.core.game import (
    CHANCE, SIMULTANEOUS, TERMINAL, AmbiguousAction, ChooseOrder, Illegal, IllegalAction,
    Joint, Outcome, Step, Transition, missing_edges, walk_phases,
)
from model.core.phases import NODE_KINDS, lint_phase_graph
from harness.registry import games, get_game
from toygame import (
    DEFAULT_RULES, EFFECTS, HIDDEN, HOUSE, POLICIES, TOY, Action, BadOddsGame, CardSwapGame,
    CarelessResampleGame, CrowdedSetupGame, DriftingSetupsGame, EarlyVerdictGame, EndlessGame,
    FrozenResampleGame, GhostDrawGame, IgnoredOrderGame, NoTiedBidsGame, OffGraphGame,
    PeekingBidGame, Setup, StuckOrderGame, UnloggedOrderGame, View, start_of,
)

GAMES = [*games().values(), TOY]
GAME_IDS = [game.key for game in GAMES]
SEEDS = range(8)
RESAMPLES = 4


def presets_of(game):
    return [pytest.param(game, name, id=f"{game.key}-{name}") for name in game.presets]


GAME_PRESETS = [param for game in GAMES for param in presets_of(game)]


def refuses(call, *args) -> bool:
    """Whether ``call(*args)`` raises :class:`InputError` (and nothing else)."""
    try:
        call(*args)
    except InputError as error:
        assert str(error) and "\n" not in str(error), repr(str(error))
        return True
    return False


# -- the generic checks ----------------------------------------------------------------
def check_setups(game) -> None:
    """Example setups are reproducible, typed, round-trip through their notation, and
    give a reproducible first state with a player count the game allows."""
    rules = game.default_rules
    setups = list(game.example_setups(4))
    assert len(setups) == 4, "example_setups(4) gives 4 setups"
    assert setups == list(game.example_setups(4)), \
        "example setups differ from one call to the next"
    for setup in setups:
        state = game.initial_state(setup, rules)
        players = game.num_players(state)
        assert game.min_players <= players <= game.max_players, (
            f"setup {game.format_setup(setup)!r} seats {players} players; the game "
            f"allows {game.min_players} to {game.max_players}")
        assert state == game.initial_state(setup, rules), "initial_state is not reproducible"
        assert isinstance(setup, game.setup_type), type(setup)
        assert dataclasses.is_dataclass(setup) and not hasattr(setup, "__dict__"), \
            "a setup is a slotted dataclass"
        field = dataclasses.fields(setup)[0].name
        try:
            setattr(setup, field, getattr(setup, field))
        except dataclasses.FrozenInstanceError:
            pass
        else:
            raise AssertionError("a setup is frozen")
        text = game.format_setup(setup)
        assert game.parse_setup(text) == setup, f"setup {text!r} does not round-trip"
    for bad in ("", "   ", "no such setup", "\x00", "players"):
        assert refuses(game.parse_setup, bad), f"parse_setup accepts {bad!r}"


def check_state(game, state, rules) -> None:
    """Notation, immutability, phase, invariants, and every action written and read back."""
    assert dataclasses.is_dataclass(state)
    assert not hasattr(state, "__dict__"), "states are slotted"
    hash(state)
    field = dataclasses.fields(state)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(state, field, getattr(state, field))
    text = game.format_state(state)
    again = game.parse_state(text)
    assert again == state and hash(again) == hash(state), text
    assert game.format_state(again) == text
    assert game.phase(state) in game.phase_graph().nodes
    for invariant in game.invariants:
        problem = invariant(state)
        assert problem is None, f"invariant {invariant.name} broken: {problem} ({text})"
    players = game.num_players(state)
    assert game.min_players <= players <= game.max_players
    player = game.current_player(state)
    assert player in (CHANCE, TERMINAL, SIMULTANEOUS) or 0 <= player < players
    if player == TERMINAL:
        assert game.is_terminal(state)
        assert not game.actions(state, rules)
        assert game.phase_graph().nodes[game.phase(state)]["kind"] == "terminal"
        return
    actions = game.actions(state, rules)
    assert actions, f"deadlock: nobody can act at {text}"
    assert len(set(actions)) == len(actions)
    for action in actions:
        assert game.action_kind(action) in game.action_kinds
        written = game.format_action(state, action)
        assert game.parse_action(state, written, rules) == action, written


def check_outcome(game, state, rules) -> None:
    """An outcome exactly at the end, with winners among the players and a score each
    (or none)."""
    outcome = game.outcome(state, rules)
    if not game.is_terminal(state):
        assert outcome is None, f"an outcome before the end: {outcome} at " \
                                f"{game.format_state(state)}"
        return
    assert isinstance(outcome, Outcome) and outcome.label, "no outcome at the end"
    players = game.num_players(state)
    assert outcome.winners <= set(range(players))
    assert len(outcome.scores) in (0, players), f"scores {outcome.scores} for {players} players"
    assert all(isinstance(score, (int, Fraction)) and not isinstance(score, bool)
               for score in outcome.scores)


def check_chance(game, state, rules, rng) -> None:
    """Chance outcomes are distinct, with exact positive probabilities summing to 1, and
    ``sample_chance`` draws one of them with its own probability."""
    if game.current_player(state) != CHANCE:
        assert not game.chance_outcomes(state, rules), "chance outcomes where a player acts"
        return
    outcomes = game.chance_outcomes(state, rules)
    assert outcomes, "a chance node without outcomes"
    assert all(type(p) is Fraction and 0 < p <= 1 for _, p in outcomes), outcomes
    total = sum(p for _, p in outcomes)
    assert total == 1, f"chance odds sum to {total}, not 1"
    odds = dict(outcomes)
    assert len(odds) == len(outcomes), "a chance outcome is listed twice"
    assert not game.legal_actions(state, rules)
    for _ in range(3):
        outcome, probability = game.sample_chance(state, rules, rng)
        assert odds.get(outcome) == probability, (outcome, probability)


def check_simultaneous(game, state, rules) -> None:
    """At a simultaneous node the legal actions are exactly every combination of the
    players' own options (no choice may depend on another's secret choice); elsewhere
    the legal actions are the acting player's own."""
    player = game.current_player(state)
    if player == SIMULTANEOUS:
        acting = game.players_to_act(state)
        assert acting and all(0 <= p < game.num_players(state) for p in acting)
        legal = tuple(game.legal_actions(state, rules))
        joints = game.joint_actions(state, rules)
        assert all(isinstance(a, Joint) and a.players == acting for a in legal), legal
        assert len(legal) == len(joints) and set(legal) == set(joints), (
            f"the legal joint actions ({len(legal)}) are not every combination of the "
            f"players' own options ({len(joints)}): a choice depends on another's")
    elif player >= 0:
        assert game.players_to_act(state) == (player,)
        assert tuple(game.player_actions(state, rules, player)) == tuple(
            game.legal_actions(state, rules))


def check_observation(game, state, rules, rng) -> int:
    """Observations are hashable values; ``resample`` keeps each player's observation,
    gives a state the rules allow, and the player's options do not change: so legal
    actions depend only on what the player sees.  Returns how many resamples differed
    from ``state``."""
    varied = 0
    for player in range(game.num_players(state)):
        seen = game.observation(state, player)
        hash(seen)
        assert seen == game.observation(state, player)
        assert isinstance(game.format_observation(seen), str)
        acting = player in game.players_to_act(state)
        options = tuple(game.player_actions(state, rules, player))
        for _ in range(RESAMPLES):
            twin = game.resample(state, player, rng)
            assert game.observation(twin, player) == seen, (
                f"resample for player {player} changed what they see: "
                f"{game.format_state(state)} -> {game.format_state(twin)}")
            for invariant in game.invariants:
                assert invariant(twin) is None, (
                    f"resample gave a state the rules forbid ({invariant.name}): "
                    f"{game.format_state(twin)}")
            if acting:
                assert tuple(game.player_actions(twin, rules, player)) == options, (
                    f"player {player}'s legal actions depend on hidden information: "
                    f"{game.format_state(state)} and {game.format_state(twin)} look the "
                    "same to them")
            varied += twin != state
    return varied


def check_step(game, state, action, rules) -> Transition:
    """Resolve one action: purity, phase-graph edges, rule numbers, transition invariants."""
    before_text = game.format_state(state)
    before_hash = hash(state)
    first = game.resolve(state, action, rules)
    second = game.resolve(state, action, rules)
    assert first == second
    assert game.apply(state, action, rules) == first.state
    assert game.format_state(state) == before_text and hash(state) == before_hash
    graph = game.phase_graph()
    assert missing_edges(game, state, first) == [], (
        f"off the phase graph: {missing_edges(game, state, first)}")
    for step in first.steps:
        assert isinstance(step, Step) and step.phase in graph.nodes
        assert all(number in game.rulebook for number in step.rules), step
    for invariant in game.transition_invariants:
        problem = invariant(state, action, first.state, rules)
        assert problem is None, f"transition invariant {invariant.name} broken: {problem}"
    return first


def check_order_logged(game, action, transition) -> None:
    """A :class:`ChooseOrder` appears in the log: each effect named, in the order chosen."""
    if not isinstance(action, ChooseOrder):
        return
    log = "\n".join(step.text for step in transition.steps)
    places = []
    for name in action.order:
        found = re.search(rf"\b{re.escape(name)}\b", log)
        assert found, f"the log of {action} does not name the effect {name!r}: {log!r}"
        places.append(found.start())
    assert places == sorted(places), f"the log of {action} gives another order: {log!r}"


def check_lengths(game, states, ended: bool) -> None:
    """The game ended within ``max_length`` of its start, and the bound falls by at
    least one with each action (so no playout from any state outlives its bound)."""
    bound = game.max_length(states[0])
    assert ended, (f"no end after {len(states) - 1} actions; max_length promised "
                   f"{bound} from {game.format_state(states[0])}")
    taken = len(states) - 1
    for index, state in enumerate(states):
        assert taken - index <= game.max_length(state), (
            f"{taken - index} actions were left after {game.format_state(state)}, whose "
            f"max_length is {game.max_length(state)}")
    for before, after in zip(states, states[1:]):
        assert game.max_length(after) <= game.max_length(before) - 1, (
            f"max_length did not fall: {game.max_length(before)} at "
            f"{game.format_state(before)}, {game.max_length(after)} after it")
    assert game.max_length(states[-1]) >= 0


def check_playout(game, rules, start, rng) -> dict:
    """Play one game at random from ``start`` and run every check at every state and
    step.  Returns what it saw (for tests that need more)."""
    states = [start]
    hidden = varied = 0
    bound = game.max_length(start)
    state = start
    while len(states) <= bound + 1:  # one action beyond the bound shows a game too long
        check_state(game, state, rules)
        check_outcome(game, state, rules)
        check_chance(game, state, rules, rng)
        check_simultaneous(game, state, rules)
        varied += check_observation(game, state, rules, rng)
        hidden += any(game.observation(state, p) != state
                      for p in range(game.num_players(state)))
        if game.is_terminal(state):
            break
        if game.current_player(state) == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        else:
            action = rng.choice(list(game.legal_actions(state, rules)))
        transition = check_step(game, state, action, rules)
        check_order_logged(game, action, transition)
        state = transition.state
        states.append(state)
    check_lengths(game, states, game.is_terminal(state))
    if hidden:
        # A game that hides anything must be able to show its hidden parts redrawn,
        # or the check that actions depend on observations alone tests nothing.
        assert varied, "resample never redrew anything, though the game hides information"
    return {"states": states, "hidden": hidden, "varied": varied}


def start_for(game, rules, seed: int):
    return list(game.exploration_starts(rules, seed + 1))[seed]


# -- the static side ---------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_game_describes_itself(game):
    assert game.key and game.title and game.rulebook_file
    assert 1 <= game.min_players <= game.max_players
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
def test_setups_are_typed_reproducible_and_seat_allowed_player_counts(game):
    check_setups(game)


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
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game", "preset"), GAME_PRESETS)
def test_random_playouts_keep_the_protocol(game, preset, seed):
    rng = random.Random(f"{game.key}/{preset}/{seed}")
    rules = game.preset(preset)
    seen = check_playout(game, rules, start_for(game, rules, seed), rng)
    assert game.is_terminal(seen["states"][-1])
    # The last action's text, tried again at the end: refused, as malformed there (it
    # may name a card that has left) or as illegal for a known rule.
    states = seen["states"]
    before, end = states[-2], states[-1]
    for action in game.actions(before, rules):
        if game.apply(before, action, rules) == end:
            with pytest.raises((IllegalAction, InputError)) as caught:
                game.parse_action(end, game.format_action(before, action), rules)
            if isinstance(caught.value, IllegalAction):
                assert caught.value.illegal.rules
                assert all(n in game.rulebook for n in caught.value.illegal.rules)
            break
    else:
        pytest.fail("no action leads to the last state")


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_actions_are_refused_once_the_game_is_over(game):
    rules = game.default_rules
    rng = random.Random(7)
    state = next(iter(game.exploration_starts(rules, 1)))
    last = None
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        else:
            action = game.legal_actions(state, rules)[0]
        last = (state, action)
        state = game.apply(state, action, rules)
    with pytest.raises(IllegalAction) as caught:
        game.resolve(state, last[1], rules)
    assert all(n in game.rulebook for n in caught.value.illegal.rules)


# -- each generic check fails on the bug it is there for ------------------------------------
def playouts_of(game, seeds=range(40), rules=DEFAULT_RULES):
    """Run :func:`check_playout` on many seeded games of the toy's example setups."""
    for seed in seeds:
        check_playout(game, rules, start_for(game, rules, seed % 6),
                      random.Random(f"broken/{seed}"))


def test_the_toy_passes_the_checks_the_broken_variants_fail():
    playouts_of(TOY)
    playouts_of(TOY, rules=HOUSE)
    check_setups(TOY)


BROKEN_VARIANTS = [
    (BadOddsGame, r"chance odds sum to 1/3, not 1"),
    (PeekingBidGame, "legal actions depend on hidden information"),
    (NoTiedBidsGame, "are not every combination of the players' own options"),
    (CarelessResampleGame, "resample for player . changed what they see"),
    (FrozenResampleGame, "resample never redrew anything"),
    (EarlyVerdictGame, "an outcome before the end: .*p0 leads"),
    (EndlessGame, "no end after 8 actions; max_length promised 7"),
    (UnloggedOrderGame, "does not name the effect"),
    (IgnoredOrderGame, "invariant strengths-fit broken"),
    (GhostDrawGame, "invariant cards-once broken"),
    (StuckOrderGame, "deadlock"),
    (CardSwapGame, "transition invariant cards-stay broken"),
    (OffGraphGame, r"off the phase graph: \[\('reveal', 'showdown'\)\]"),
]


@pytest.mark.parametrize(("variant", "message"), BROKEN_VARIANTS,
                         ids=[variant.__name__ for variant, _ in BROKEN_VARIANTS])
def test_each_broken_variant_fails_the_check_made_for_it(variant, message):
    with pytest.raises(AssertionError, match=message):
        playouts_of(variant())


@pytest.mark.parametrize(("variant", "message"), [
    (CrowdedSetupGame(), "seats 5 players; the game allows 2 to 4"),
    (DriftingSetupsGame(), "example setups differ from one call to the next"),
])
def test_broken_setups_fail_the_setup_check(variant, message):
    with pytest.raises(AssertionError, match=message):
        check_setups(variant)


def test_a_setup_parser_that_accepts_anything_fails_the_setup_check():
    class Lenient(type(TOY)):
        def parse_setup(self, text):
            try:
                return super().parse_setup(text)
            except InputError:
                return Setup(2, 3)

    with pytest.raises(AssertionError, match="parse_setup accepts ''"):
        check_setups(Lenient())


def test_a_bound_that_is_too_tight_fails_the_length_check():
    class Hasty(type(TOY)):
        def max_length(self, state):
            return max(0, super().max_length(state) - 1)

    with pytest.raises(AssertionError, match="no end after|actions were left"):
        playouts_of(Hasty(), seeds=range(5))


def test_a_bound_that_does_not_fall_with_each_action_fails_the_length_check():
    class Loose(type(TOY)):
        def max_length(self, state):
            return 0 if self.is_terminal(state) else 100

    with pytest.raises(AssertionError, match="max_length did not fall: 100 at"):
        playouts_of(Loose(), seeds=range(1))


def test_an_outcome_missing_at_the_end_fails_the_outcome_check():
    class Mute(type(TOY)):
        def outcome(self, state, rules):
            return None

    with pytest.raises(AssertionError, match="no outcome at the end"):
        playouts_of(Mute(), seeds=range(1))


def test_too_many_scores_fail_the_outcome_check():
    class Padded(type(TOY)):
        def outcome(self, state, rules):
            outcome = super().outcome(state, rules)
            return outcome and dataclasses.replace(outcome, scores=outcome.scores + (0,))

    with pytest.raises(AssertionError, match="scores .* for 2 players"):
        playouts_of(Padded(), seeds=range(1))


# -- the toy game: setups -----------------------------------------------------------------------
@pytest.mark.parametrize(("text", "setup"), [
    ("players 2 deck 3", Setup(2, 3)),
    ("PLAYERS 4   deck 9", Setup(4, 9)),
    ("players 3 deck 04", Setup(3, 4)),
])
def test_toy_setups_parse(text, setup):
    assert TOY.parse_setup(text) == setup
    assert TOY.parse_setup(TOY.format_setup(setup)) == setup
    assert TOY.num_players(TOY.initial_state(setup, DEFAULT_RULES)) == setup.players


@pytest.mark.parametrize(("text", "message"), [
    ("players 5 deck 6", "players: must be 2 to 4, not 5"),
    ("players 1 deck 3", "players: must be 2 to 4, not 1"),
    ("players 3 deck 3", "deck: must be 4 to 9 for 3 players (a card each and one to draw), "
                         "not 3"),
    ("players 2 deck 10", "deck: must be 3 to 9 for 2 players"),
    ("players two deck 3", "players: 'two' is not a whole number"),
    ("players 2 deck ٣", "deck: '٣' is not a whole number"),
    ("deck 3 players 2", "is not a setup; write: players N deck M"),
    ("players 2", "is not a setup"),
])
def test_toy_setup_errors_name_the_field(text, message):
    with pytest.raises(InputError) as caught:
        TOY.parse_setup(text)
    assert message in str(caught.value)


def test_toy_setup_validates_on_construction():
    with pytest.raises(InputError, match="players: must be a whole number, not True"):
        Setup(True, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Setup(2, 3).players = 3


def test_toy_example_setups_cover_every_player_count():
    setups = list(TOY.example_setups(6))
    assert [s.players for s in setups] == [2, 3, 4, 2, 3, 4]
    assert all(s.players + 1 <= s.deck <= 9 for s in setups)
    assert setups[:3] == [Setup(2, 3), Setup(3, 4), Setup(4, 5)]


# -- the toy game: chance -----------------------------------------------------------------------
def test_toy_deals_and_the_middle_draw_are_one_card_at_a_time_with_exact_odds():
    state = start_of(2, 4)
    assert TOY.current_player(state) == CHANCE and TOY.phase(state) == "deal"
    assert TOY.chance_outcomes(state, DEFAULT_RULES) == tuple(
        (Action("deal", c), Fraction(1, 4)) for c in (1, 2, 3, 4))
    probability = Fraction(1)
    for text in ("deal 3", "deal 1", "bid 2 & bid 0", "draw 4"):
        action = TOY.parse_action(state, text, DEFAULT_RULES)
        if TOY.current_player(state) == CHANCE:
            probability *= dict(TOY.chance_outcomes(state, DEFAULT_RULES))[action]
        state = TOY.apply(state, action, DEFAULT_RULES)
        if text == "deal 3":
            # The second card comes from the three left: the 3 cannot come twice.
            assert [a.value for a, _ in TOY.chance_outcomes(state, DEFAULT_RULES)] == [1, 2, 4]
        if text == "bid 2 & bid 0":
            assert TOY.phase(state) == "draw" and TOY.current_player(state) == CHANCE
            assert TOY.chance_outcomes(state, DEFAULT_RULES) == (
                (Action("draw", 2), Fraction(1, 2)), (Action("draw", 4), Fraction(1, 2)))
    assert probability == Fraction(1, 4) * Fraction(1, 3) * Fraction(1, 2)
    assert state.deck == (2,) and state.drawn == 4


# -- the toy game: hidden hands ---------------------------------------------------------------
def reachable(game, rules, start):
    seen = {start: None}
    frontier = [start]
    while frontier:
        state = frontier.pop()
        for action in game.actions(state, rules):
            child = game.apply(state, action, rules)
            if child not in seen:
                seen[child] = None
                frontier.append(child)
    return list(seen)


@pytest.mark.parametrize("rules", [DEFAULT_RULES, HOUSE], ids=["standard", "house"])
def test_toy_observation_hides_exactly_the_other_hands(rules):
    states = reachable(TOY, rules, start_of(3, 4))
    for state in states:
        over = state.strengths is not None
        for player in range(3):
            view = TOY.observation(state, player)
            assert isinstance(view, View) and view.player == player
            for seat, card in enumerate(state.hands):
                shown = card if (seat == player or over or not card) else HIDDEN
                assert view.hands[seat] == shown
            hidden = [c for s, c in enumerate(state.hands) if c and s != player and not over]
            assert view.unseen == tuple(sorted(hidden + list(state.deck)))
            assert (view.bids, view.initiative, view.drawn, view.strengths) == (
                state.bids, state.initiative, state.drawn, state.strengths)


@pytest.mark.parametrize("rules", [DEFAULT_RULES, HOUSE], ids=["standard", "house"])
def test_toy_resample_draws_exactly_the_states_the_player_cannot_tell_apart(rules):
    # Every reachable state, grouped by what player 0 sees: resample must return
    # only members of the group, and (over enough draws) every one of them.
    states = reachable(TOY, rules, start_of(2, 4))
    groups: dict = {}
    for state in states:
        groups.setdefault(TOY.observation(state, 0), set()).add(state)
    assert max(len(group) for group in groups.values()) == 3  # the 3 cards player 1 may hold
    rng = random.Random(5)
    for group in groups.values():
        for state in sorted(group, key=str)[:1]:
            drawn = {TOY.resample(state, 0, rng) for _ in range(12 * len(group))}
            assert drawn == group, (str(state), sorted(map(str, drawn)))
    # Legal actions are the same throughout a group: they depend on the observation.
    for group in groups.values():
        options = {tuple(TOY.player_actions(s, rules, 0)) for s in group}
        assert len(options) == 1


def test_toy_resample_respects_what_the_bids_and_a_tie_break_gave_away():
    # Player 1 bid 2, so holds 2 or more; player 0 took the initiative from a tie
    # under the house reading, so holds the higher of the tied cards.
    state = TOY.parse_state("hands 3 2 | deck 1 4 5 | bids 2 2 | initiative 0 | drawn - "
                            "| order - | strengths -")
    rng = random.Random(1)
    twins = {TOY.resample(state, 0, rng) for _ in range(60)}
    assert {twin.hands[1] for twin in twins} == {2}  # 4 or 5 would have won the tie
    state = TOY.parse_state("hands 3 2 | deck 1 4 5 | bids 0 2 | initiative 1 | drawn - "
                            "| order - | strengths -")
    twins = {TOY.resample(state, 0, rng) for _ in range(60)}
    assert {twin.hands[1] for twin in twins} == {2, 4, 5}  # never the 1: it cannot bid 2


# -- the toy game: the secret bid ---------------------------------------------------------------
def test_toy_bid_is_simultaneous_and_options_come_from_the_own_card():
    state = TOY.parse_state("hands 1 3 | deck 2 4 | bids ? | initiative ? | drawn - | order - "
                            "| strengths -")
    assert TOY.phase(state) == "bid"
    assert TOY.current_player(state) == SIMULTANEOUS
    assert TOY.players_to_act(state) == (0, 1)
    assert [str(a) for a in TOY.player_actions(state, DEFAULT_RULES, 0)] == ["bid 0", "bid 1"]
    assert [str(a) for a in TOY.player_actions(state, DEFAULT_RULES, 1)] == [
        "bid 0", "bid 1", "bid 2"]
    legal = TOY.legal_actions(state, DEFAULT_RULES)
    assert legal == TOY.joint_actions(state, DEFAULT_RULES)
    assert [TOY.format_action(state, a) for a in legal] == [
        f"bid {a} & bid {b}" for a in (0, 1) for b in (0, 1, 2)]
    joint = TOY.parse_action(state, "bid 1 & BID 2", DEFAULT_RULES)
    assert joint == Joint(((0, Action("bid", 1)), (1, Action("bid", 2))))
    transition = TOY.resolve(state, joint, DEFAULT_RULES)
    assert transition.state.bids == (1, 2) and transition.state.initiative == 1
    assert [s.phase for s in transition.steps] == ["bid", "reveal"]
    assert transition.steps[0].text == "the bids are revealed: player 0 bids 1, player 1 bids 2"


def test_toy_tied_bids_under_each_reading():
    state = TOY.parse_state("hands 3 2 | deck 1 4 | bids ? | initiative ? | drawn - | order - "
                            "| strengths -")
    joint = TOY.parse_action(state, "bid 1 & bid 1", DEFAULT_RULES)
    cancelled = TOY.resolve(state, joint, DEFAULT_RULES)
    assert TOY.is_terminal(cancelled.state) and cancelled.state.initiative is None
    assert TOY.outcome(cancelled.state, DEFAULT_RULES) == Outcome("p0 wins", frozenset({0}),
                                                                  (2, 1))
    assert [s.phase for s in cancelled.steps] == ["bid", "reveal", "showdown"]
    house = TOY.apply(state, joint, HOUSE)
    assert house.initiative == 0 and TOY.phase(house) == "draw"


# -- the toy game: effects in order -------------------------------------------------------------
ORDER_STATE = ("hands 2 1 | deck 4 | bids 1 0 | initiative 0 | drawn 3 | order - "
               "| strengths -")


def test_toy_order_of_the_effects_changes_the_result_and_is_logged():
    state = TOY.parse_state(ORDER_STATE)
    assert TOY.current_player(state) == 0 and TOY.phase(state) == "order"
    assert TOY.legal_actions(state, DEFAULT_RULES) == (ChooseOrder(("heal", "rage")),
                                                       ChooseOrder(("rage", "heal")))
    heal_first = TOY.resolve(state, ChooseOrder(("heal", "rage")), DEFAULT_RULES)
    rage_first = TOY.resolve(state, ChooseOrder(("rage", "heal")), DEFAULT_RULES)
    assert heal_first.state.strengths == ((2 - 1 + 3) * 2, 1) == (8, 1)
    assert rage_first.state.strengths == ((2 - 1) * 2 + 3, 1) == (5, 1)
    assert [s.text for s in rage_first.steps] == [
        "player 0 resolves rage, then heal", "rage: strength 1 x 2 = 2",
        "heal: strength 2 + 3 = 5", "cards 2 1, strengths 5 1: p0 wins"]
    assert rage_first.rules == ("TG 3.2", "TG 4.1")
    for transition, action in ((heal_first, ChooseOrder(EFFECTS)),
                               (rage_first, ChooseOrder(("rage", "heal")))):
        check_order_logged(TOY, action, transition)
    # The broken variant ignores the order: both orders give the same strengths.
    ignored = IgnoredOrderGame()
    assert ignored.apply(state, ChooseOrder(("rage", "heal")), DEFAULT_RULES).strengths == (8, 1)


def test_toy_order_parsing():
    state = TOY.parse_state(ORDER_STATE)
    assert TOY.parse_action(state, "ORDER Rage Heal", DEFAULT_RULES) == \
        ChooseOrder(("rage", "heal"))
    with pytest.raises(AmbiguousAction) as caught:
        TOY.parse_action(state, "order", DEFAULT_RULES)
    assert caught.value.choice == "which order the effects resolve in"
    assert caught.value.candidates == ("order heal rage", "order rage heal")
    with pytest.raises(InputError, match="must name each pending effect once"):
        TOY.parse_action(state, "order heal heal", DEFAULT_RULES)
    before = TOY.parse_state("hands 2 1 | deck 3 4 | bids 1 0 | initiative 0 | drawn - "
                             "| order - | strengths -")
    with pytest.raises(IllegalAction) as caught:
        TOY.parse_action(before, "order heal rage", DEFAULT_RULES)
    assert caught.value.illegal.rules == ("TG 3.1",)


# -- the toy game: the end ----------------------------------------------------------------------
def test_toy_outcome_scores_and_the_tie_readings():
    tied = TOY.parse_state("hands 2 3 | deck 4 5 | bids 1 0 | initiative 0 | drawn 1 "
                           "| order rage heal | strengths 3 3")
    assert TOY.outcome(tied, DEFAULT_RULES) == Outcome("draw", frozenset(), (3, 3))
    assert TOY.outcome(tied, HOUSE) == Outcome("shared p0 p1", frozenset({0, 1}), (3, 3))
    assert TOY.outcome(TOY.parse_state(ORDER_STATE), DEFAULT_RULES) is None


def test_toy_max_length_is_the_longest_way_to_the_end():
    for rules in (DEFAULT_RULES, HOUSE):
        @functools.lru_cache(maxsize=None)
        def longest(state):
            if TOY.is_terminal(state):
                return 0
            return 1 + max(longest(TOY.apply(state, a, rules))
                           for a in TOY.actions(state, rules))

        for state in reachable(TOY, rules, start_of(3, 4)):
            assert TOY.max_length(state) == longest(state), str(state)
    assert TOY.max_length(start_of(4, 9)) == 4 + 3 == TOY.game_type.longest_game


# -- the toy game: its policies ---------------------------------------------------------------
def test_toy_policies_choose_their_own_options_from_what_they_see():
    """Each policy is a Policy, picks one of the player's own options (its part of a
    secret bid) and picks the same on a state the player cannot tell apart."""
    from model.core.policy import Policy

    for name, policy in POLICIES.items():
        assert isinstance(policy, Policy) and policy.name == name and policy.description
        for seed in SEEDS:
            rng = random.Random(seed)
            state = start_of(3, 6)
            while not TOY.is_terminal(state):
                if TOY.current_player(state) == CHANCE:
                    state = TOY.apply(state, TOY.sample_chance(state, DEFAULT_RULES, rng)[0],
                                      DEFAULT_RULES)
                    continue
                chosen = []
                for player in TOY.players_to_act(state):
                    action = policy.choose(TOY, state, DEFAULT_RULES, player,
                                           random.Random(seed))
                    assert action in TOY.player_actions(state, DEFAULT_RULES, player), name
                    twin = TOY.resample(state, player, random.Random(seed + 1))
                    assert policy.choose(TOY, twin, DEFAULT_RULES, player,
                                         random.Random(seed)) == action, name
                    chosen.append((player, action))
                joint = TOY.current_player(state) == SIMULTANEOUS
                state = TOY.apply(state, Joint(tuple(chosen)) if joint else chosen[0][1],
                                  DEFAULT_RULES)
    high = POLICIES["high_bid"]
    bid = TOY.parse_state("hands 2 1 | deck 3 | bids ? | initiative ? | drawn - | order - | "
                          "strengths -")
    assert [high.choose(TOY, bid, DEFAULT_RULES, p, None).value for p in (0, 1)] == [2, 1]
    assert str(high.choose(TOY, TOY.parse_state(ORDER_STATE), DEFAULT_RULES, 0, None)) == \
        "order heal rage"


# -- the protocol's own small pieces ---------------------------------------------------
def test_transition_rules_list_each_rule_once_first_mention_first():
    transition = Transition("s", (Step("a", ("X 2", "X 1"), ""), Step("b", ("X 1", "X 3"), ""),
                                  Step("c", (), "")))
    assert transition.rules == ("X 2", "X 1", "X 3")


def test_illegal_and_ambiguous_actions_explain_themselves():
    error = IllegalAction(Illegal(("TG 2.1", "TG 2.2"), "too high"), "bid 2 & bid 0")
    assert str(error) == "'bid 2 & bid 0' is illegal: too high (TG 2.1, TG 2.2)"
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
    state = TOY.parse_state(ORDER_STATE)
    transition = TOY.resolve(state, ChooseOrder(EFFECTS), DEFAULT_RULES)
    assert walk_phases(TOY, state, transition) == [
        ("order", "effects"), ("effects", "showdown"), ("showdown", "over")]
    assert missing_edges(TOY, state, transition) == []
    start = start_of(2, 3)
    deal = TOY.resolve(start, Action("deal", 1), DEFAULT_RULES)
    assert walk_phases(TOY, start, deal) == []  # deal -> deal -> deal
    tie = TOY.parse_state("hands 1 2 | deck 3 | bids ? | initiative ? | drawn - | order - "
                          "| strengths -")
    cancelled = TOY.resolve(tie, TOY.parse_action(tie, "bid 0 & bid 0", DEFAULT_RULES),
                            DEFAULT_RULES)
    assert missing_edges(OffGraphGame(), tie, cancelled) == [("reveal", "showdown")]


def test_registry_knows_its_games_and_refuses_others():
    assert "clubfight" in games()
    assert get_game("clubfight").key == "clubfight"
    with pytest.raises(InputError, match="unknown game 'chess'; games: clubfight"):
        get_game("chess")


def test_joint_actions_are_every_combination_in_player_order():
    state = TOY.parse_state("hands 1 2 3 | deck 4 | bids ? | initiative ? | drawn - | order - "
                            "| strengths -")
    joints = TOY.joint_actions(state, DEFAULT_RULES)
    expected = list(itertools.product(range(2), range(3), range(3)))
    assert [tuple(c.value for _, c in j.choices) for j in joints] == expected
