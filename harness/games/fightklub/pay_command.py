"""``ringside fightklub pay``: can these costs be paid, in order, and with which tokens?

The answer comes from the exhaustive payer (``model.fightklub.energy.pay``),
which also says which part of which cost fails; the z3 encoding
(``proofs.fightklub.pay_z3``) answers the same question as one query and must
agree: a disagreement is a bug in ringside and fails the command.
"""

from __future__ import annotations

from typing import Any

from harness.toolkit import Report, WorkFailed, add_command, add_rules_options, read_rules
from harness.output import EXIT_FAILED, EXIT_OK
from model.core.errors import InputError
from model.core.game import Game
from model.fightklub.energy import (
    MAX_COSTS, Pool, Situation, format_tokens, parse_cost, parse_pool, parse_table, pay)
from model.fightklub.rules import PRESETS

EXAMPLE = ["--pool", "B G Y Y", "--cost", "burn B, burn 1", "--then", "burn G, spot Y"]


class EnergyRulesets:
    """The Fight Klub rulesets, for ``--rules`` and ``--set`` while the game itself is
    not registered: the game protocol's own preset and override handling, borrowed."""

    presets = PRESETS
    default_rules = next(iter(PRESETS.values()))
    preset = Game.preset
    parse_rules = Game.parse_rules


def register(subcommands: Any, game: Any = None) -> None:
    """Add ``pay`` to the game's sub-commands; ``game`` supplies the rulesets (the
    Fight Klub game once it exists), :class:`EnergyRulesets` otherwise."""
    rulesets = game if game is not None else EnergyRulesets()
    parser = add_command(
        subcommands, "pay", lambda args: cmd_fightklub_pay(args, rulesets),
        help="can a cost (and the later ones, in order) be paid, and with which tokens",
        example=EXAMPLE)
    parser.add_argument("--pool", required=True, metavar="TOKENS",
                        help="the energy pool, e.g. 'B B G' ('-' for none)")
    parser.add_argument("--latent", default="-", metavar="TOKENS",
                        help="latent energy on the character (spotted, never burned)")
    parser.add_argument("--drop-latent", default="-", metavar="TOKENS",
                        help="latent energy on The Drop (ONE's Drop has 'B G Y')")
    parser.add_argument("--opponent-has-drop", action="store_true",
                        help="the opponent controls The Drop (their copy lies face up)")
    parser.add_argument("--table", default="-", metavar="TYPES",
                        help="card types among your cards on the table, e.g. 'gear hero'")
    parser.add_argument("--opponent-table", default="-", metavar="TYPES",
                        help="card types among the opponent's cards on the table")
    parser.add_argument("--cost", required=True, metavar="COST",
                        help="the cost to pay now, e.g. 'burn B, burn 2, spot G, spot gear'")
    parser.add_argument("--then", action="append", default=[], metavar="COST",
                        help="a later cost that must stay payable (repeatable, in order)")
    add_rules_options(parser, rulesets)


def cmd_fightklub_pay(args, rulesets: Any) -> Report:
    rules = read_rules(rulesets, args)
    if len(args.then) + 1 > MAX_COSTS:
        raise InputError(f"{len(args.then) + 1} costs; ringside pays at most {MAX_COSTS} "
                         "in a row", "--then")
    pool = parse_pool(args.pool, "--pool")
    costs = [parse_cost(args.cost, "--cost")] + [
        parse_cost(text, f"--then {index}") for index, text in enumerate(args.then, 1)]
    situation = Situation(
        latent=parse_pool(args.latent, "--latent"),
        drop_latent=parse_pool(args.drop_latent, "--drop-latent"),
        controls_drop=not args.opponent_has_drop,
        table=parse_table(args.table, "--table"),
        opponent_table=parse_table(args.opponent_table, "--opponent-table"),
        rules=rules)
    payment = pay(pool, costs, latent=situation.latent, drop_latent=situation.drop_latent,
                  controls_drop=situation.controls_drop, table=situation.table,
                  opponent_table=situation.opponent_table, rules=rules)
    z3_line = _z3_agrees(pool, costs, situation, payment.payable)
    control = "yours" if situation.controls_drop else "the opponent controls it"
    lines = [f"pool {pool}, latent {situation.latent}, The Drop's latent "
             f"{situation.drop_latent} ({control}), rules {_describe(rulesets, rules)}"]
    if payment.payable:
        lines.append("payable: yes")
        left = pool
        for index, (cost, tokens) in enumerate(zip(costs, payment.burned), 1):
            burned = Pool.of(tokens)
            left = left.minus(burned)
            lines.append(f"  cost {index} '{cost}': burn {format_tokens(tokens)} "
                         f"(pool left {left})")
        lines += [f"  why: {note}" for note in payment.notes]
    else:
        lines += ["payable: no", f"  why: {payment.reason}"]
    lines.append(z3_line)
    return Report(payment.as_dict(), lines, EXIT_OK if payment.payable else EXIT_FAILED)


def _z3_agrees(pool, costs, situation, payable: bool) -> str:
    from proofs.fightklub import PAYABLE, UNKNOWN, pay_z3

    verdict = pay_z3(pool, costs, situation)
    if verdict.status == UNKNOWN:
        return f"z3: unknown ({verdict.reason}); the answer above is the exhaustive search's"
    if (verdict.status == PAYABLE) != payable:
        raise WorkFailed(f"z3 says {verdict.status} but the exhaustive search says "
                         f"{'payable' if payable else 'not payable'}: a bug in ringside",
                         "pay")
    return "z3: agrees (one query for the whole sequence)"


def _describe(rulesets: Any, rules: Any) -> str:
    describe = getattr(rulesets, "describe_rules", None)
    if describe is not None:
        return describe(rules)
    name = next((n for n, preset in rulesets.presets.items() if preset == rules), None)
    return name or repr(rules)
