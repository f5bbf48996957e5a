"""Fight Klub energy: the notation, the exhaustive payer, the energy cases, the z3
encoding against the payer, the ambiguity register's witnesses and ``fightklub pay``."""

from __future__ import annotations

import dataclasses
import json
import shlex
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from harness.toolkit import CommandParser, guard
from model.core.errors import InputError
from analysis.fightklub.cases import energy_case_paths, load_energy_case, run_energy_case
from model.fightklub.energy import (
    CARD_TYPES, COLOURS, EMPTY, Cost, CostPart, Pool, Situation, Token, format_cost,
    parse_cost, parse_pool, parse_table, pay, payment_problem)
from model.fightklub.ambiguities import ENERGY_AMBIGUITIES
from model.fightklub.energy_rules import ENERGY_RULES, ENERGY_SECTION, energy_rulebook
from model.fightklub.rules import PRESETS, DEFAULT_RULES, Rules
from proofs.fightklub import (
    OBLIGATIONS, PAYABLE, UNPAYABLE, SweepSolver, pay_z3, sweep_agreement,
    sweep_costs, sweep_pools)
from proofs.obligations import PROVED, discharge

ALL_ENERGY_RULES = tuple(rule.number for rule in ENERGY_RULES)
ENERGY_FIELDS = ("spot_after_burning", "one_token_per_spot", "opponent_spots_drop",
                 "spot_cards_anywhere", "spot_cards_in_fights")
# FK-A5 asks what lies on the table in a fight: its witness is a position of the game
# (replayed by tests/test_core_ambiguity.py and tests/test_fightklub_traceability.py)
PAY_WITNESSED = tuple(a for a in ENERGY_AMBIGUITIES if a.witness.command)


# -- notation ------------------------------------------------------------------------------------
pools = st.builds(Pool, st.integers(0, 5), st.integers(0, 5), st.integers(0, 5))
parts = st.one_of(
    st.builds(lambda c: CostPart("burn", colour=c), st.sampled_from(COLOURS)),
    st.builds(lambda n: CostPart("burn", count=n), st.integers(1, 3)),
    st.builds(lambda c: CostPart("spot", colour=c), st.sampled_from(COLOURS)),
    st.builds(lambda t: CostPart("spot", card_type=t), st.sampled_from(CARD_TYPES)))
costs = st.builds(lambda ps: Cost(tuple(ps)), st.lists(parts, max_size=4))


@pytest.mark.parser_fuzz
@pytest.mark.rules("FK 3.1")
@given(pools)
def test_pools_round_trip(pool):
    assert parse_pool(str(pool)) == pool
    assert parse_pool(", ".join(str(t) for t in pool.tokens()).lower()) == pool


@pytest.mark.parser_fuzz
@pytest.mark.rules("FK 3.2", "FK 3.3", "FK 3.5", "FK 3.6")
@given(costs)
def test_costs_round_trip(cost):
    assert parse_cost(format_cost(cost)) == cost
    assert parse_cost(str(cost).upper().replace(", ", ",")) == cost


@pytest.mark.parser_fuzz
@given(st.text(max_size=40))
def test_the_parsers_refuse_any_text_with_an_input_error_only(text):
    for parse in (parse_cost, parse_pool, parse_table):
        try:
            parse(text, "--x")
        except InputError as error:
            assert str(error).startswith("--x: ") and "\n" not in str(error)


def test_the_notation_by_example():
    assert parse_pool("") == parse_pool("-") == EMPTY
    assert parse_pool("B,B G") == Pool(2, 1, 0)
    assert parse_cost("burn b, burn 2, spot g, spot Fight Card").parts == (
        CostPart("burn", colour=Token.B), CostPart("burn", count=2),
        CostPart("spot", colour=Token.G), CostPart("spot", card_type="fight"))
    assert parse_cost("-") == parse_cost("") == Cost()
    assert parse_table("gear, fight card") == parse_table("gear fight card") == {"gear", "fight"}
    assert eval(repr(Pool(1, 2, 3))) == Pool(1, 2, 3)
    assert eval(repr(parse_cost("burn B, spot gear"))) == parse_cost("burn B, spot gear")


@pytest.mark.parametrize(("text", "message"), [
    ("burn B, burn X", "--cost: part 2 'burn X': X is not a colour (B, G, Y) or a count"),
    ("spot 2", "--cost: part 1 'spot 2': spot takes a colour (B, G, Y) or a card type, "
               "not a count"),
    ("burn 0", "--cost: part 1 'burn 0': a generic cost burns at least 1 token"),
    ("burn B,,spot G", "--cost: part 2 is empty (two commas, or a comma at the end?)"),
    ("burn", "--cost: part 1 'burn': burn what? a colour (B, G, Y) or a count"),
    ("pay B", "--cost: part 1 'pay B': a part starts with 'burn' or 'spot', not 'pay'"),
    ("spot wizard", "--cost: part 1 'spot wizard': wizard is not a colour (B, G, Y) or a "
                    "card type (character, hero, villain, fight, power, clash, effect, gear, "
                    "condition, instant, universal)"),
    ("burn 31", "--cost: part 1 'burn 31': ringside burns at most 30 tokens"),
    (", ".join(["burn B"] * 13), "--cost: 13 parts; a cost has at most 12"),
])
def test_bad_costs_say_what_and_where(text, message):
    with pytest.raises(InputError) as caught:
        parse_cost(text, "--cost")
    assert str(caught.value) == message


@pytest.mark.parametrize(("call", "message"), [
    (lambda: parse_pool("B Q", "--pool"), "--pool: token 2 'Q' is not a colour (B, G, Y)"),
    (lambda: parse_pool("B" + " B" * 30, "--pool"),
     "--pool: 31 tokens; ringside pays from at most 30"),
    (lambda: parse_pool(3, "--pool"), "--pool: 3 is not a token list like 'B B G'"),
    (lambda: parse_table("gear wizard", "--table"),
     "--table: 'wizard' is not a card type (character, hero, villain, fight, power, clash, "
     "effect, gear, condition, instant, universal)"),
    (lambda: parse_cost(None, "card 7"), "card 7: None is not a cost like 'burn B, spot G'"),
])
def test_bad_pools_and_tables_say_what_and_where(call, message):
    with pytest.raises(InputError) as caught:
        call()
    assert str(caught.value) == message


# -- the payer by hand -------------------------------------------------------------------------
def pay_cost(pool, *cost_texts, **situation):
    return pay(parse_pool(pool), [parse_cost(c) for c in cost_texts], **situation)


@pytest.mark.rules("FK 3.2", "FK 3.3", "FK 3.4", "FK 3.11")
def test_the_payer_keeps_what_later_costs_need():
    payment = pay_cost("B G Y", "burn 1", "burn B, burn Y")
    assert payment.payable and payment.burned == ((Token.G,), (Token.B, Token.Y))
    assert payment.notes == (
        "cost 1: burning 'Y' or 'B' instead would leave a later cost unpayable",)
    assert payment.as_dict() == {"payable": True, "burned": [["G"], ["B", "Y"]],
                                 "reason": "cost 1 'burn 1' burns G; cost 2 'burn B, burn Y' "
                                           "burns B Y"}


@pytest.mark.rules("FK 3.4", "FK 3.11")
def test_the_reason_names_the_failing_cost_and_part():
    assert pay_cost("B", "burn B, burn 1").reason == (
        "cost 1 'burn B, burn 1': part 2 'burn 1': 0 token(s) left after the coloured burns, "
        "1 needed (latent energy is never burned)")
    assert pay_cost("B G", "burn 1", "burn 1", "spot Y").reason.startswith(
        "cost 3 'spot Y' cannot be paid after costs 1-2: every way to pay them leaves '-'")
    assert pay_cost("G Y", "burn 1, spot Y, spot G").reason.startswith(
        "cost 1 'burn 1, spot Y, spot G': no way of burning leaves enough in sight")


@pytest.mark.rules("FK 3.8", "FK 3.9")
def test_latent_energy_is_spotted_never_burned():
    assert pay_cost("-", "spot G", latent=parse_pool("G")).payable
    assert not pay_cost("-", "burn 1", latent=parse_pool("G"),
                        drop_latent=parse_pool("B G Y")).payable
    drop = dict(drop_latent=parse_pool("B G Y"), controls_drop=False)
    assert not pay_cost("-", "spot B", **drop).payable
    assert pay_cost("-", "spot B", rules=Rules(opponent_spots_drop=True), **drop).payable


# -- energy cases ---------------------------------------------------------------------------------
CASES = energy_case_paths()


@pytest.mark.rules(*ALL_ENERGY_RULES)
@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_each_energy_case_passes_and_z3_agrees(path):
    passed, rules, failures = run_energy_case(path)
    assert passed, failures
    case = load_energy_case(path)
    verdict = pay_z3(case.pool, case.costs, case.situation)
    assert verdict.status == (PAYABLE if case.payable else UNPAYABLE)
    if case.payable:
        assert payment_problem(case.pool, case.costs, verdict.burned,
                               situation=case.situation) is None


def test_every_energy_rule_has_a_case():
    covered = {number for path in CASES for number in load_energy_case(path).rules}
    assert covered == set(ALL_ENERGY_RULES)


def test_a_case_with_a_wrong_answer_fails(tmp_path):
    source = Path(CASES[0]).read_text()
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(source.replace("payable = true", "payable = false")
                     .replace('burned = ["B G Y"]', ""))
    passed, _, failures = run_energy_case(wrong)
    assert not passed and failures[0].startswith("expected not payable, got payable")
    wrong.write_text(source.replace('burned = ["B G Y"]', 'burned = ["B B Y"]'))
    passed, _, failures = run_energy_case(wrong)
    assert not passed and "not a valid payment" in failures[0]


@pytest.mark.parametrize(("text", "message"), [
    ('title = "x"\nrules = ["FK 3.1"]\npool = "B"\ncosts = ["burn B"]\n',
     "missing field 'payable'"),
    ('title = "x"\nrules = ["FK 9.9"]\npool = "B"\ncosts = ["burn B"]\npayable = true\n',
     "unknown rule number FK 9.9"),
    ('title = "x"\nrules = ["FK 3.1"]\npool = "B"\ncosts = ["burn Q"]\npayable = true\n',
     "costs[0]: part 1 'burn Q': Q is not a colour"),
    ('title = "x"\nrules = ["FK 3.1"]\npool = "B"\ncosts = ["burn B"]\npayable = true\n'
     'set = { nope = true }\n', "set: unknown rules field 'nope'"),
    ('title = "x"\nrules = ["FK 3.1"]\npool = "B"\ncosts = [1]\npayable = true\n',
     "costs[0]: expected a cost as text"),
    ('title = "x"\nrules = ["FK 3.1"]\npool = "B"\ncosts = ["burn B"]\npayable = true\n'
     'colour = "B"\n', "unknown field 'colour'"),
    ('title = = "x"\n', "not valid TOML"),
])
def test_bad_case_files_name_the_file_and_field(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        load_energy_case(path)
    assert str(path) in str(caught.value) and message in str(caught.value)


# -- z3 against the exhaustive payer --------------------------------------------------------------
rulesets = st.builds(Rules, st.booleans(), st.booleans(), st.booleans(), st.booleans())
type_sets = st.frozensets(st.sampled_from(("gear", "hero", "effect")), max_size=2)
situations = st.builds(Situation, st.builds(Pool, *[st.integers(0, 1)] * 3),
                       st.builds(Pool, *[st.integers(0, 1)] * 3), st.booleans(), type_sets,
                       type_sets, rulesets)
small_costs = st.builds(lambda ps: Cost(tuple(ps)), st.lists(st.one_of(
    parts.filter(lambda p: p.card_type is None),
    st.builds(lambda t: CostPart("spot", card_type=t), st.sampled_from(("gear", "character")))),
    max_size=4))


@pytest.mark.rules(*ALL_ENERGY_RULES)
@settings(max_examples=50)
@given(pools, st.lists(small_costs, min_size=1, max_size=3), situations)
def test_z3_and_the_exhaustive_payer_agree_on_sequences(pool, cost_list, situation):
    s = situation
    payment = pay(pool, cost_list, latent=s.latent, drop_latent=s.drop_latent,
                  controls_drop=s.controls_drop, table=s.table,
                  opponent_table=s.opponent_table, rules=s.rules)
    verdict = pay_z3(pool, cost_list, situation)
    assert verdict.status == (PAYABLE if payment.payable else UNPAYABLE), payment.reason
    if payment.payable:
        found = tuple(Pool.of(tokens) for tokens in payment.burned)
        assert payment_problem(pool, cost_list, found, situation=situation) is None
        assert payment_problem(pool, cost_list, verdict.burned, situation=situation) is None
    assert SweepSolver().payable(pool, cost_list, situation) == payment.payable


SWEEP_READINGS = {
    "rulebook": DEFAULT_RULES,
    "spot-before-burning": Rules(spot_after_burning=False),
    "token-per-spot": Rules(one_token_per_spot=True),
    "both": Rules(spot_after_burning=False, one_token_per_spot=True),
}


@pytest.mark.rules("FK 3.2", "FK 3.3", "FK 3.4", "FK 3.5", "FK 3.6", "FK 3.7", "FK 3.10")
@pytest.mark.parametrize("reading", list(SWEEP_READINGS))
def test_every_small_pool_against_every_cost_of_up_to_four_parts(reading):
    """z3 against brute force on every pool of up to 6 tokens and every cost of up to 4
    parts from the sweep's alphabet (burn B/G/Y, burn 1..3, spot B/G/Y, spot gear), with
    and without gear on the table, under each reading of FK-A1 and FK-A2 (one test
    each, so that the suite's workers share the sweep). ``bench/bench_fightklub_payment.py``
    runs the same sweep with timings."""
    pools, costs = sweep_pools(6), sweep_costs(4)
    assert (len(pools), len(costs)) == (84, 1001)
    result = sweep_agreement(pools, costs, [SWEEP_READINGS[reading]])
    assert result.disagreements == ()
    spotting_a_type = sum(1 for c in costs if c.spotted_types)
    assert result.questions == 84 * (1001 + spotting_a_type)


@settings(max_examples=30)
@given(pools, small_costs, st.permutations(range(3)))
def test_z3_answers_do_not_depend_on_colour_names(pool, cost, order):
    """The sweep asks z3 once per question up to a renaming of colours: check that
    renaming never changes z3's answer."""
    rename = {COLOURS[i]: COLOURS[j] for i, j in enumerate(order)}
    renamed_cost = Cost(tuple(dataclasses.replace(p, colour=rename[p.colour]) if p.colour else p
                              for p in cost.parts))
    renamed_pool = Pool.of(rename[t] for t in pool.tokens())
    sweep = SweepSolver()
    assert sweep.payable(pool, [cost]) == sweep.payable(renamed_pool, [renamed_cost])


def test_the_sweep_counts_a_disagreement():
    """A sweep that cannot fail proves nothing: give z3 a wrong question on purpose."""
    result = sweep_agreement([Pool(1, 0, 0)], [parse_cost("burn B, spot B")],
                             [DEFAULT_RULES], tables=[frozenset()])
    assert result.disagreements == ()
    import proofs.fightklub as encoding

    original = encoding.cost_numbers
    try:
        encoding.cost_numbers = lambda cost, situation: dataclasses.replace(
            original(cost, situation), spotted=(0, 0, 0))
        result = sweep_agreement([Pool(1, 0, 0)], [parse_cost("burn B, spot B")],
                                 [DEFAULT_RULES], tables=[frozenset()])
    finally:
        encoding.cost_numbers = original
    assert len(result.disagreements) == 1


# -- rules, presets, the ambiguity register --------------------------------------------------------
def test_the_energy_rules_and_register_are_well_formed():
    book = energy_rulebook()
    assert book.numbers() == ALL_ENERGY_RULES and ENERGY_SECTION.number == "FK 3"
    assert [a.id for a in ENERGY_AMBIGUITIES] == ["FK-A1", "FK-A2", "FK-A3", "FK-A4", "FK-A5"]
    assert [a.id for a in PAY_WITNESSED] == ["FK-A1", "FK-A2", "FK-A3", "FK-A4"]
    for ambiguity in ENERGY_AMBIGUITIES:
        book.validate(ambiguity.rules, ambiguity.id)
        assert ambiguity.default == getattr(DEFAULT_RULES, ambiguity.field)
        assert ambiguity.field in Rules.__doc__
    assert {a.field for a in ENERGY_AMBIGUITIES} == set(ENERGY_FIELDS)
    assert dataclasses.fields(Rules)[:5] == tuple(
        f for f in dataclasses.fields(Rules) if f.name in ENERGY_FIELDS)
    assert list(PRESETS) == ["rulebook", "literal"] and PRESETS["rulebook"] == Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_RULES.one_token_per_spot = True  # type: ignore[misc]


def _pay_parser():
    from harness.games.fightklub import pay_command

    parser = CommandParser(prog="ringside fightklub")
    pay_command.register(parser.add_subparsers(dest="command"))
    return parser


def _run(argv, capsys):
    args = _pay_parser().parse_args(["pay", *argv])
    code = guard(lambda: args.func(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.rules("FK 3.6", "FK 3.7", "FK 3.9", "FK 3.10")
@pytest.mark.parametrize("ambiguity", PAY_WITNESSED, ids=[a.id for a in PAY_WITNESSED])
def test_each_witness_gives_different_answers_under_the_readings(ambiguity, capsys):
    answers = {}
    for reading in ambiguity.readings:
        value = "true" if reading.value else "false"
        words = shlex.split(ambiguity.witness.command)
        assert words[:2] == ["fightklub", "pay"], words
        argv = words[2:] + ["--set", f"{ambiguity.field}={value}", "--json"]
        code, out, _ = _run(argv, capsys)
        answers[reading.value] = json.loads(out)["payable"]
        assert code == (0 if answers[reading.value] else 1)
    assert len(set(answers.values())) == 2, answers


@pytest.mark.parametrize("obligation", OBLIGATIONS, ids=[o.id for o in OBLIGATIONS])
def test_each_obligation_gives_its_expected_answer(obligation):
    result = discharge(obligation)
    assert result.passed, result.answer
    if result.answer.status != PROVED:
        found = result.answer.witness
        assert found and "pool" in found


def test_the_proof_of_the_spare_colour_is_not_vacuous():
    """FK-P6 rests on a payable sequence with a generic burn and a spare colour: one exists."""
    payment = pay_cost("B G Y", "burn 1", "burn B")
    assert payment.payable and payment.burned[0] != (Token.B,)


# -- fightklub pay ------------------------------------------------------------------------------
@pytest.mark.rules("FK 3.11")
def test_pay_json_and_exit_codes(capsys):
    code, out, _ = _run(["--pool", "B G Y Y", "--cost", "burn B, burn 1", "--then",
                         "burn G, spot Y", "--json"], capsys)
    assert code == 0
    assert json.loads(out) == {"payable": True, "burned": [["B", "Y"], ["G"]],
                               "reason": "cost 1 'burn B, burn 1' burns B Y; cost 2 'burn G, "
                                         "spot Y' burns G"}
    code, out, _ = _run(["--pool", "B", "--cost", "burn B", "--then", "spot B", "--json"],
                        capsys)
    assert code == 1 and set(json.loads(out)) == {"payable", "burned", "reason"}
    assert json.loads(out)["burned"] == []


def test_pay_tells_people_what_to_burn_and_why(capsys):
    code, out, _ = _run(["--pool", "B G Y Y", "--cost", "burn B, burn 1", "--then",
                         "burn G, spot Y"], capsys)
    assert code == 0
    assert "cost 1 'burn B, burn 1': burn B Y (pool left G Y)" in out
    assert "why: cost 1: burning 'B G' instead would leave a later cost unpayable" in out
    assert "z3: agrees" in out
    code, out, _ = _run(["--pool", "-", "--latent", "G", "--cost", "burn G"], capsys)
    assert code == 1 and "payable: no" in out and "latent energy is never burned" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--pool", "B X", "--cost", "burn B"], "--pool: token 2 'X' is not a colour"),
    (["--pool", "B", "--cost", "burn X"], "--cost: part 1 'burn X': X is not a colour"),
    (["--pool", "B", "--cost", "burn B", "--then", "spot"], "--then 1: part 1 'spot'"),
    (["--pool", "B", "--cost", "spot gear", "--table", "wizard"], "--table: 'wizard'"),
    (["--pool", "B", "--cost", "burn B", "--rules", "odd"], "--rules: unknown ruleset 'odd'"),
    (["--pool", "B", "--cost", "burn B", "--set", "one_token_per_spot=3"],
     "--set: rules field 'one_token_per_spot' takes bool"),
    (["--pool", "B", "--cost", "burn B"] + ["--then", "burn 1"] * 6, "--then: 7 costs"),
])
def test_pay_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    code, out, err = _run(argv, capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err
