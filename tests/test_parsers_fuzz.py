"""Every parser, fed arbitrary and near-valid text, raises InputError or gives a value
that round-trips.  Nothing else may escape: anything else is a bug in ringside.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import event, example, given, settings, strategies as st

from model.clubfight import GAME as CLUBFIGHT
from model.clubfight.cards import RANKS, SUITS, Card, parse_rank, rank_text
from model.clubfight.deals import Deal, parse_deal_id
from model.clubfight.moves import ACTIONS
from model.clubfight.notation import parse_move
from model.clubfight.state import SECTIONS, State, format_grid, parse_grid
from model.core.errors import InputError
from model.core.game import AmbiguousAction, IllegalAction
from model.core.rules import normalize_rule_number
from harness.scenario import load_scenario, run_scenario
from toygame import TOY

pytestmark = pytest.mark.parser_fuzz  # every input under a time budget (tests/budget.py)
RULEBOOK = CLUBFIGHT.rulebook
# At least this many examples; more under ``--hypothesis-profile deep``.
FUZZ = settings(max_examples=max(150, settings.default.max_examples), deadline=None)
FUZZ_MORE = settings(max_examples=max(300, settings.default.max_examples), deadline=None)
GAMES = {"clubfight": CLUBFIGHT, "toy": TOY}


# -- material: real positions and plausible tokens ----------------------------------------
def _playout_states() -> list[State]:
    rng = random.Random(2024)
    states = []
    for preset in CLUBFIGHT.presets:
        rules = CLUBFIGHT.preset(preset)
        for start in CLUBFIGHT.exploration_starts(rules, 3):
            state = start
            while True:
                states.append(state)
                moves = CLUBFIGHT.legal_actions(state, rules)
                if not moves:
                    break
                state = CLUBFIGHT.apply(state, rng.choice(list(moves)), rules)
    return states


STATES = _playout_states()
LIVE_STATES = [s for s in STATES if not CLUBFIGHT.is_terminal(s)]
GRIDS = sorted({s.grid for s in STATES}, key=format_grid)
DEALS = [str(Deal.from_number(j, n)) for j in (1, 2) for n in (0, 17)]

CARD_TOKENS = ([r + s for r in RANKS for s in SUITS] + ["JK", "jk", "Joker", "10H", "10c",
               "th", "as", "1H", "0S", "11D", "XH", "ZZ", "KX", "J", "Q", "K", "JK@4", "JK@9",
               "5D@2", "@3", "7H@"])
RANK_TOKENS = list(RANKS) + [r.lower() for r in RANKS] + ["10", "1", "0", "11", "14", "5C",
                                                          "TC", "C"]
PUNCTUATION = ["|", "/", "--", "-", "__", ".", "@", ",", "#", "=", "[", "]", '"', "\\"]
WORDS = (list(SECTIONS) + ["DECK", "Hand", "jokers 1", "jokers 2", "jokers 3"]
         + list(ACTIONS) + ["up/down", "up", "down", "lower", "higher", "row", "column",
                            "col", "r", "c", "row 2", "column 3", "r1", "c4"]
         + ["CF1-0", "CF2-17", "cf1-5", "CF3-1", "CF1-", "CF1-18446744073709551616",
            "CF 4.3", "cf4.3", "FK 7.2b", "CF 4.10", "CF", "4.3", "TG 3.2"]
         + ["deal", "draw", "bid", "order", "heal", "rage", "&", "hands", "deck", "bids",
            "initiative", "strengths", "players", "?", "p0", "p1", "shared"])
DIGITS = [str(n) for n in range(15)] + ["99", "-1", "+1", "007", "²", "٣", "1e3"]
TOKENS = CARD_TOKENS + RANK_TOKENS + PUNCTUATION + WORDS + DIGITS
SEPARATORS = [" ", " ", " ", "", "  ", "\t", "\n", " | ", " / "]


@st.composite
def token_text(draw, tokens=tuple(TOKENS), max_size=40) -> str:
    parts = draw(st.lists(st.tuples(st.sampled_from(tokens), st.sampled_from(SEPARATORS)),
                          max_size=max_size))
    return "".join(token + sep for token, sep in parts)


@st.composite
def mutated(draw, bases) -> str:
    """A valid text with a few tokens dropped, doubled, replaced, swapped or re-cased."""
    tokens = draw(st.sampled_from(bases)).split(" ")
    for _ in range(draw(st.integers(0, 4))):
        if not tokens:
            break
        i = draw(st.integers(0, len(tokens) - 1))
        op = draw(st.sampled_from(["drop", "double", "replace", "swap", "case"]))
        if op == "drop":
            del tokens[i]
        elif op == "double":
            tokens.insert(i, tokens[i])
        elif op == "replace":
            tokens[i] = draw(st.sampled_from(TOKENS))
        elif op == "swap":
            j = draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        else:
            tokens[i] = tokens[i].lower()
    return " ".join(tokens)


def any_text(*bases, max_size=40):
    options = [st.text(max_size=80), token_text(max_size=max_size)]
    if bases:
        options += [st.sampled_from(bases), mutated(list(bases))]
    return st.one_of(*options)


def parsed(parse, *args, allowed=(InputError,)):
    """The parse result, or None for an allowed refusal; anything else escapes."""
    name = getattr(parse, "__qualname__", "parse")
    try:
        result = parse(*args)
    except allowed as error:
        assert str(error)
        event(f"{name}: {type(error).__name__}")
        return None
    event(f"{name}: parsed")
    return result


# -- cards, ranks, grids ----------------------------------------------------------------
@FUZZ
@given(any_text(*CARD_TOKENS, max_size=3))
def test_card_parse(text):
    card = parsed(Card.parse, text)
    if card is not None:
        assert Card.parse(str(card)) == card
        assert card.is_joker or (1 <= card.value <= 13 and card.suit in SUITS)


@FUZZ
@given(any_text(*RANK_TOKENS, max_size=2))
def test_parse_rank(text):
    value = parsed(parse_rank, text)
    if value is not None:
        assert 1 <= value <= 13 and parse_rank(rank_text(value)) == value


@FUZZ
@given(any_text(*(format_grid(g) for g in GRIDS)))
def test_parse_grid(text):
    grid = parsed(parse_grid, text)
    if grid is not None:
        assert len(grid) == 9
        assert not any(card is not None and card.is_club for card in grid)
        assert parse_grid(format_grid(grid)) == grid


# -- whole states ---------------------------------------------------------------------------
@FUZZ_MORE
@given(any_text(*(str(s) for s in STATES), max_size=60))
def test_state_parse(text):
    state = parsed(State.parse, text)
    if state is None:
        return
    assert State.parse(str(state)) == state
    # What the notation accepts is a position the rules can reach: invariants hold.
    for invariant in CLUBFIGHT.invariants:
        assert invariant(state) is None, (invariant.name, str(state))
    # And the engine copes with it.
    rules = CLUBFIGHT.default_rules
    for move in list(CLUBFIGHT.legal_actions(state, rules))[:3]:
        after = CLUBFIGHT.apply(state, move, rules)
        assert all(invariant(after) is None for invariant in CLUBFIGHT.invariants)


TOY_POSITIONS = [
    "hands - - | deck 1 2 3 | bids ? | initiative ? | drawn - | order - | strengths -",
    "hands 2 1 3 | deck 4 | bids ? | initiative ? | drawn - | order - | strengths -",
    "hands 2 1 | deck 3 4 | bids 1 0 | initiative 0 | drawn - | order - | strengths -",
    "hands 2 1 | deck 4 | bids 1 0 | initiative 0 | drawn 3 | order - | strengths -",
    "hands 2 1 | deck 4 | bids 1 0 | initiative 0 | drawn 3 | order rage heal | strengths 5 1",
    "hands 3 2 1 4 | deck 5 | bids 1 1 0 2 | initiative - | drawn - | order - | strengths 2 1 1 2",
]
TOY_LIVE_POSITIONS = TOY_POSITIONS[:4]


@FUZZ
@given(any_text(*TOY_POSITIONS, max_size=30))
def test_toy_state_parse(text):
    state = parsed(TOY.parse_state, text)
    if state is not None:
        assert TOY.parse_state(TOY.format_state(state)) == state
        for rules in TOY.presets.values():
            assert TOY.is_terminal(state) == (TOY.outcome(state, rules) is not None)
        assert 2 <= TOY.num_players(state) <= 4
        hash(TOY.observation(state, 0))


@FUZZ
@given(any_text("players 2 deck 3", "players 4 deck 9", "PLAYERS 3 DECK 5", max_size=6))
def test_toy_setup_parse(text):
    setup = parsed(TOY.parse_setup, text)
    if setup is not None:
        assert TOY.parse_setup(TOY.format_setup(setup)) == setup
        assert 2 <= setup.players <= 4 and setup.players < setup.deck <= 9
        start = TOY.initial_state(setup, TOY.default_rules)
        assert all(invariant(start) is None for invariant in TOY.invariants)


# -- deals -----------------------------------------------------------------------------------
@FUZZ
@given(any_text(*DEALS, max_size=60))
def test_deal_parse(text):
    deal = parsed(Deal.parse, text)
    if deal is not None:
        assert Deal.parse(str(deal)) == deal
        deal.validate()
        start = State.from_deal(deal)
        assert all(invariant(start) is None for invariant in CLUBFIGHT.invariants)


@FUZZ
@given(st.one_of(any_text("CF1-0", "CF2-17", "cf1-99", max_size=4),
                 st.builds(lambda j, n, s: f"{s}CF{j}-{n}{s}", st.integers(-1, 4),
                           st.integers(0, 2**65), st.sampled_from(["", " ", "\t"]))))
def test_parse_deal_id(text):
    result = parsed(parse_deal_id, text)
    if result is not None:
        jokers, number = result
        assert jokers in (1, 2) and 0 <= number < 2**64
        assert parse_deal_id(f"CF{jokers}-{number}") == result


@pytest.mark.parametrize("parse", [parse_deal_id, Deal.parse])
def test_a_deal_number_with_thousands_of_digits_is_an_input_error(parse):
    with pytest.raises(InputError):
        parse("CF1-" + "9" * 5000)


# -- moves -----------------------------------------------------------------------------------
MOVE_WORDS = list(ACTIONS) + ["up/down", "lower", "higher", "row", "column", "2", "4", "8"]


@st.composite
def move_text(draw, state=None) -> str:
    if state is not None and draw(st.booleans()):  # a club from the hand, cards from the grid
        club = rank_text(draw(st.sampled_from(state.hand)))
        cards = [str(c) for c in state.grid if c is not None] or ["2D"]
        action = draw(st.sampled_from(MOVE_WORDS))
        rest = draw(st.lists(st.sampled_from(cards + MOVE_WORDS[-5:]), max_size=4))
        return " ".join([club, action, *rest])
    club = draw(st.sampled_from(RANK_TOKENS))
    action = draw(st.sampled_from(MOVE_WORDS + ["", "jump"]))
    rest = draw(st.lists(st.sampled_from(CARD_TOKENS + MOVE_WORDS + DIGITS), max_size=6))
    return " ".join([club, action, *rest])


@FUZZ
@given(st.sampled_from(GRIDS), st.one_of(any_text(), move_text()))
def test_parse_move(grid, text):
    spec = parsed(parse_move, text, grid)
    if spec is not None:
        assert 1 <= spec.club <= 13 and spec.action in ACTIONS
        assert spec.cleared is None or all(grid[slot] is not None for slot in spec.cleared)


@FUZZ_MORE
@given(st.sampled_from(LIVE_STATES), st.sampled_from(sorted(CLUBFIGHT.presets)), st.data())
def test_engine_parse_action(state, preset, data):
    rules = CLUBFIGHT.preset(preset)
    written = [CLUBFIGHT.format_action(state, m) for m in CLUBFIGHT.legal_actions(state, rules)]
    shortened = st.builds(lambda text, keep: " ".join(text.split()[:keep]),
                          st.sampled_from(written), st.integers(2, 8))
    text = data.draw(st.one_of(any_text(), move_text(), move_text(state), shortened,
                               mutated(written)), label="text")
    try:
        move = CLUBFIGHT.parse_action(state, text, rules)
    except InputError:
        event("parse_action: InputError")
        return
    except IllegalAction as error:
        event("parse_action: IllegalAction")
        assert error.illegal.rules and error.illegal.reason
        assert all(number in RULEBOOK for number in error.illegal.rules), error
        return
    except AmbiguousAction as error:
        event("parse_action: AmbiguousAction")
        assert len(error.candidates) >= 2 and error.choice
        for candidate in error.candidates:
            assert CLUBFIGHT.parse_action(state, candidate, rules) in CLUBFIGHT.legal_actions(
                state, rules)
        return
    event("parse_action: parsed")
    assert move in CLUBFIGHT.legal_actions(state, rules)
    assert CLUBFIGHT.parse_action(state, CLUBFIGHT.format_action(state, move), rules) == move


TOY_WORDS = ["deal", "draw", "bid", "BID", "order", "heal", "rage", "x"]
TOY_ARGUMENTS = ["", "0", "1", "2", "3", "4", "x", "1 2", "heal rage", "rage heal", "heal"]
TOY_ACTION = st.builds("{} {}".format, st.sampled_from(TOY_WORDS), st.sampled_from(TOY_ARGUMENTS))


@FUZZ
@given(st.sampled_from(TOY_LIVE_POSITIONS),
       st.one_of(any_text(), token_text(max_size=3), TOY_ACTION,
                 st.builds(" & ".join, st.lists(TOY_ACTION, min_size=1, max_size=4)),
                 st.builds("&".join, st.lists(st.sampled_from(["bid 1", "bid", "", " bid 2 "]),
                                              max_size=4))))
def test_toy_parse_action(position, text):
    state = TOY.parse_state(position)
    rules = TOY.default_rules
    action = parsed(TOY.parse_action, state, text, rules,
                    allowed=(InputError, IllegalAction, AmbiguousAction))
    if action is not None:
        assert TOY.parse_action(state, TOY.format_action(state, action), rules) == action


# -- rule numbers ---------------------------------------------------------------------------
@FUZZ
@given(any_text(*RULEBOOK.numbers(), "cf4.3", "FK 7.2b", max_size=3))
@example("CF 4.3")
def test_normalize_rule_number(text):
    number = parsed(normalize_rule_number, text)
    if number is not None:
        assert normalize_rule_number(number) == number
        prefix, section = number.split(" ")
        assert prefix.isupper() and section[0].isdigit()


@FUZZ
@given(any_text(*RULEBOOK.numbers(), max_size=3))
@example("cf4.3")
def test_rulebook_get(text):
    rule = parsed(RULEBOOK.get, text)
    if rule is not None:
        assert rule.number == normalize_rule_number(text)
        assert RULEBOOK.get(rule.number) is rule


# -- scenario files ---------------------------------------------------------------------------
SCENARIO_KEYS = ["title", "source", "rules", "ruleset", "ruleset_overrides", "start", "actions",
                 "game", "expect", "winner"]
EXPECT_KEYS = ["position", "outcome", "legal", "illegal", "verdict"]
STRINGS = st.one_of(
    st.sampled_from([str(s) for s in STATES[:6]] + DEALS[:1] + [
        TOY_POSITIONS[0], TOY_POSITIONS[2],
        "rulebook", "webapp", "standard", "house", "clubfight", "toy", "win", "ongoing",
        "CF 4.3", "TG 3.2", "cf9.9", "6 match", "deal 1", "bid 1 & bid 0", "order rage heal",
        "draw 3"]),
    mutated([str(s) for s in STATES[:6]]),
    token_text(max_size=6),
    st.text(max_size=20),
)
SCALARS = st.one_of(STRINGS, st.integers(-3, 20), st.booleans())
VALUES = st.one_of(
    SCALARS,
    st.lists(STRINGS, max_size=4),
    st.lists(SCALARS, max_size=3),
    st.dictionaries(st.sampled_from(["action", "rules", "must_clear", "run_min_cards",
                                     "tied_bids_cancel", "x"]),
                    st.one_of(SCALARS, st.lists(STRINGS, max_size=3)), max_size=3),
    st.lists(st.fixed_dictionaries({"action": STRINGS, "rules": st.lists(STRINGS, max_size=2)}),
             max_size=2),
)


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + " }"


@st.composite
def scenario_text(draw) -> str:
    top = draw(st.dictionaries(st.sampled_from([k for k in SCENARIO_KEYS if k != "expect"]),
                               VALUES, max_size=8))
    lines = [f"{key} = {toml_value(value)}" for key, value in top.items()]
    if draw(st.booleans()):
        expect = draw(st.dictionaries(st.sampled_from(EXPECT_KEYS), VALUES, max_size=3))
        lines.append("[expect]")
        lines += [f"{key} = {toml_value(value)}" for key, value in expect.items()]
    return "\n".join(lines) + "\n"


def valid_scenarios() -> list[str]:
    start = STATES[0]
    first = CLUBFIGHT.legal_actions(start, CLUBFIGHT.default_rules)[0]
    return [
        f'title = "t"\nstart = {json.dumps(str(start))}\n'
        f'actions = [{json.dumps(CLUBFIGHT.format_action(start, first))}]\n'
        '[expect]\noutcome = "ongoing"\nlegal = ["6 any"]\n'
        'illegal = [{ action = "K any 2D", rules = ["CF 2.1"] }]\n',
        f'title = "t"\nstart = "{TOY_POSITIONS[1]}"\nruleset = "house"\n'
        'actions = ["bid 1 & bid 1 & bid 0"]\n[expect]\nlegal = ["draw 4"]\n'
        'illegal = [{ action = "order heal rage", rules = ["TG 3.1"] }]\n',
    ]


@st.composite
def structured_scenario(draw) -> str:
    """A well-formed file whose values are plausible but often wrong."""
    game = draw(st.sampled_from(["clubfight", "toy"]))
    if game == "clubfight":
        state = draw(st.sampled_from(LIVE_STATES))
        start = draw(st.one_of(st.just(str(state)), mutated([str(state)])))
        action = st.one_of(move_text(state), move_text())
        ruleset = st.sampled_from(["rulebook", "webapp", "house"])
        rule = st.sampled_from(list(RULEBOOK.numbers()) + ["CF 9.9", "cf4.3", "TG 1.1"])
    else:
        start = draw(st.sampled_from(TOY_POSITIONS + [
            "hands 1 1 | deck 2 3 | bids ? | initiative ? | drawn - | order - | strengths -"]))
        action = st.sampled_from(["deal 1", "deal", "draw 4", "draw", "bid 1 & bid 0", "bid 1",
                                  "bid 2 & bid 2 & bid 0", "bid & bid", "order", "order rage "
                                  "heal", "order heal", "deal 9", "jump"])
        ruleset = st.sampled_from(["standard", "house", "rulebook"])
        rule = st.sampled_from(list(TOY.rulebook.numbers()) + ["TG 9.9", "CF 4.3"])
    lines = [f"game = {json.dumps(game)}", 'title = "fuzz"', f"start = {json.dumps(start)}",
             f"ruleset = {json.dumps(draw(ruleset))}",
             f"rules = {json.dumps(draw(st.lists(rule, max_size=2)))}",
             f"actions = {json.dumps(draw(st.lists(action, max_size=4)))}", "[expect]"]
    if draw(st.booleans()):
        lines.append(f"outcome = {json.dumps(draw(st.sampled_from(['ongoing', 'win', 'draw'])))}")
    if draw(st.booleans()):
        lines.append(f"legal = {json.dumps(draw(st.lists(action, max_size=2)))}")
    illegal = draw(st.lists(st.tuples(action, st.lists(rule, max_size=2)), max_size=2))
    lines.append("illegal = [" + ", ".join(
        f"{{ action = {json.dumps(a)}, rules = {json.dumps(r)} }}" for a, r in illegal) + "]")
    return "\n".join(lines) + "\n"


_FOLDER = tempfile.TemporaryDirectory(prefix="ringside-fuzz-")


@FUZZ_MORE
@given(st.sampled_from(["clubfight", "toy"]),
       st.one_of(st.text(max_size=200), scenario_text(), mutated(valid_scenarios()),
                 structured_scenario()))
@example("toy", 'game = ["toy"]\n')
@example("toy", 'game = { x = 1 }\ntitle = "t"\n')
def test_load_and_run_scenario(folder, text):
    path = Path(_FOLDER.name) / folder / "fuzz.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    scenario = parsed(load_scenario, path, GAMES)
    if scenario is None:
        return
    try:
        result = run_scenario(scenario, GAMES[scenario.game])
    except InputError as error:
        assert str(error).startswith(str(path)), error
        event("run_scenario: InputError")
        return
    event(f"run_scenario: {'passed' if result.passed else 'failed'}")
    assert result.passed == (not result.failures)
    json.dumps(result.as_dict())


# -- the harness's own readers: numbers, settings, starts, result lines, JSON ----------------
from analysis.inputs import parse_json  # noqa: E402
from harness.games.clubfight.survey_config import SurveyConfig, parse_policies  # noqa: E402
from harness.games.clubfight.survey_file import check_record  # noqa: E402
from harness.toolkit import NODES, SEED, WORKERS, Bounded, read_start, seconds  # noqa: E402
from model.clubfight.rules import DEFAULT_RULES as CF_DEFAULT_RULES  # noqa: E402
from model.core.game import parse_order, parse_setting, split_joint  # noqa: E402

NUMBER_TEXTS = ["0", "1", "-1", "64", "65", "1e3", "nan", "inf", "-inf", "0x10", "1_000",
                " 7", "7 ", "٣", "9" * 40, "2.5", "", "+3", "18446744073709551616",
                "9223372036854775807", "9223372036854775808"]


@FUZZ
@given(st.sampled_from([WORKERS, NODES, SEED, seconds()]),
       st.one_of(st.sampled_from(NUMBER_TEXTS), st.text(max_size=30),
                 st.integers().map(str), st.floats().map(str)))
def test_bounded_numbers(kind: Bounded, text):
    import argparse

    try:
        value = kind(text)
    except argparse.ArgumentTypeError as error:
        assert kind.describe() in str(error)
        event("bounded: refused")
        return
    event("bounded: accepted")
    assert kind.low <= value <= kind.high and type(value) is kind.kind


@FUZZ
@given(any_text("must_clear=false", "run_min_cards=3", "x=", "=1", "a=b=c", "jokers_match=YES"))
def test_parse_setting(text):
    found = parsed(parse_setting, text)
    if found is not None:
        name, value = found
        assert name and isinstance(value, (bool, int))


@FUZZ
@given(st.sampled_from(["clubfight", "toy"]),
       any_text("CF1-0", "CF2-17", DEALS[0], str(STATES[3]), "players 3 deck 5",
                "@/nonexistent/file", "@", "players 2 deck 4 | x"))
def test_read_start_for_every_game(key, text):
    game = GAMES[key]
    start = parsed(read_start, game, text, "START", game.default_rules)
    if start is not None:
        assert game.parse_state(game.format_state(start.state)) == start.state


SURVEY = SurveyConfig(jokers=1, start=0, deals=8, rules=CF_DEFAULT_RULES,
                      policies=(("greedy", 8),))
GOOD_LINE = {"id": "CF1-3", "verdict": "win", "nodes": 12, "seconds": 0.01,
             "moves": [{"club": "7", "action": "any", "cleared": [4]}],
             "policies": {"greedy": {"won": True, "cards_left": 0, "seconds": 0.02}}}


def _json_value(depth: int = 2):
    leaves = st.one_of(st.none(), st.booleans(), st.integers(-2, 100), st.floats(),
                       st.text(max_size=8), st.sampled_from(["win", "loss", "CF1-3", "7"]))
    return st.recursive(leaves, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(
            ["id", "verdict", "nodes", "seconds", "moves", "policies", "proof", "club",
             "action", "cleared", "won", "cards_left", "greedy", "method", "line"]),
            inner, max_size=6)), max_leaves=12)


@st.composite
def edited_line(draw):
    record = json.loads(json.dumps(GOOD_LINE))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(record) + ["proof", "extra"]))
        record[key] = draw(_json_value())
    return record


@FUZZ
@given(st.one_of(edited_line(), _json_value()))
@example(GOOD_LINE)
def test_survey_result_lines(record):
    number = parsed(check_record, record, SURVEY, "line 2")
    if number is not None:
        assert record["id"] == f"CF1-{number}" and record["verdict"] in ("win", "loss",
                                                                         "unknown")


@FUZZ
@given(any_text("greedy", "mc", "greedy,mc:10", "mc:-1", "x:", ":3", "greedy:1e9"))
def test_parse_policies(text):
    found = parsed(parse_policies, text, 100)
    if found is not None:
        assert all(0 <= count <= 100 for _, count in found)


@FUZZ
@given(st.one_of(st.text(max_size=60), st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
                 st.integers(1, 3000).map(lambda n: '{"a":' * n + "1" + "}" * n),
                 st.sampled_from(["NaN", "Infinity", "1e400", '{"a": -Infinity}'])))
def test_parse_json_refuses_what_it_cannot_read(text):
    value = parsed(parse_json, text, "file.json")
    if value is not None:
        json.dumps(value, allow_nan=False)


@FUZZ
@given(any_text("order heal rage", "order rage heal", "order", "order heal", "heal rage",
                "bid 1 & bid 2", "&", "bid 1 &", " & "))
def test_orders_and_joint_choices(text):
    order = parsed(parse_order, text, ("heal", "rage"))
    if order is not None:
        assert sorted(order.order) == ["heal", "rage"]
    pieces = parsed(split_joint, text, (0, 1))
    if pieces is not None:
        assert [player for player, _ in pieces] == [0, 1] and all(p for _, p in pieces)
