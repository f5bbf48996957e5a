"""z3 for Fight Klub fights: skirmish order and the raise-the-stakes ledger (FK 5).

Three obligations, each three-valued through :func:`proofs.solving.check`:

* FK-P10: without result tabs, the winner of a power-vs-power fight is the same
  for all six orders of its skirmishes (FK 5.5, FK 5.8), for every skirmish total
  from -10 to 20, every set of skirmishes nullified in the enhance step and both
  readings of FK-F2;
* FK-P11: with result tabs (``modify_tab``, ``nullify_skirmish``) the order can
  change the winner: z3 finds two orders, tab values and result tabs, and the
  witness is replayed through :func:`model.fightklub.fights.resolve_power` before
  it counts;
* FK-P12: over every sequence of up to :data:`LEDGER_FIGHTS` fights between two
  players (each won by a, won by b or tied; the winning card scoring or stopped;
  0 to 4 damage markers per card; every reading of FK-F3 and FK-F4), the markers of
  every fight card laid equal those scored, exhausted and still waiting in raise the
  stakes, after every fight, and no place ever holds a negative amount.

The fight encoding (:func:`fight_winner`) and the ledger (:func:`ledger`) are
written here from the rules, not from :mod:`model.fightklub.fights`; the tests
compare them with the model (the ledger against :func:`~model.fightklub.fights.settle`
on random sequences).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import z3

from model.fightklub.cards import (
    SYNTHETIC_SET, Card, FightParts, FightSide, SkirmishTab, Step)
from model.fightklub.fights import ORDERS, POSITIONS, Fighter, resolve_power
from model.fightklub.rules import DEFAULT_RULES
from proofs.obligations import PROVED, WITNESS, Answer, Obligation
from proofs.solving import check

TOTAL_RANGE = (-10, 20)
"""The skirmish totals FK-P10 ranges over."""
TAB_RANGE = (0, 20)
"""The printed tab values FK-P11's witness ranges over (a card's tab is 0 to 99)."""
BY_RANGE = 5
"""A modify_tab step of FK-P11 changes a total by -5 to 5, never 0."""
LEDGER_FIGHTS = 6
"""FK-P12 covers every sequence of up to this many fights."""
MARKERS = (0, 4)
"""Damage markers per fight card in FK-P12."""
_TIMEOUT_MS = 10_000

NONE, MODIFY, NULLIFY = 0, 1, 2
"""What a tab's result does in the encoding: nothing, modify_tab its owner's total
at ``target`` by ``by``, or nullify_skirmish at ``target``."""
A_WINS, B_WINS, TIE = 0, 1, 2


@dataclass(frozen=True)
class _Tab:
    """One fighter's tab at one position: its total and its result (z3 terms or numbers)."""

    total: object
    kind: object = NONE
    target: object = 0
    by: object = 0


def fight_winner(tabs: Sequence[Sequence[_Tab]], order: Sequence[int], nullified: Sequence,
                 voids, needs_win) -> z3.ArithRef:
    """A_WINS, B_WINS or TIE for fighters ``tabs[0]`` and ``tabs[1]`` resolving their
    skirmishes in ``order`` (FK 5.4 to FK 5.8): ``nullified`` are the positions
    nullified before the fight step; ``voids`` is FK-F2's reading, ``needs_win``
    FK-F1's."""
    totals = [[tab.total for tab in tabs[f]] for f in (0, 1)]
    nulls = list(nullified)
    wins = [z3.IntVal(0), z3.IntVal(0)]
    nullified_count = z3.IntVal(0)
    for step, position in enumerate(order):
        is_null = nulls[position]
        beats = [z3.And(z3.Not(is_null), totals[0][position] > totals[1][position]),
                 z3.And(z3.Not(is_null), totals[1][position] > totals[0][position])]
        wins = [wins[f] + z3.If(beats[f], 1, 0) for f in (0, 1)]
        nullified_count = nullified_count + z3.If(is_null, 1, 0)
        still_open = set(order[step + 1:])
        new_totals = [list(totals[0]), list(totals[1])]
        new_nulls = list(nulls)
        for f in (0, 1):
            tab = tabs[f][position]
            fires = z3.And(z3.Not(is_null), z3.Implies(needs_win, beats[f]))
            for q in range(3):
                new_totals[f][q] = new_totals[f][q] + z3.If(
                    z3.And(fires, tab.kind == MODIFY, tab.target == q), tab.by, 0)
                if q in still_open:
                    new_nulls[q] = z3.Or(new_nulls[q],
                                         z3.And(fires, tab.kind == NULLIFY, tab.target == q))
        totals, nulls = new_totals, new_nulls
    counted = z3.If(wins[0] > wins[1], A_WINS, z3.If(wins[1] > wins[0], B_WINS, TIE))
    return z3.If(z3.And(voids, nullified_count > 0), TIE, counted)


def _solver() -> z3.Solver:
    solver = z3.Solver()
    solver.set("timeout", _TIMEOUT_MS)
    return solver


# -- FK-P10 ------------------------------------------------------------------------------------
def order_never_matters_without_result_tabs() -> Answer:
    low, high = TOTAL_RANGE
    totals = [[z3.Int(f"total_{f}_{p}") for p in range(3)] for f in (0, 1)]
    nullified = [z3.Bool(f"nullified_{p}") for p in range(3)]
    voids, needs_win = z3.Bool("voids"), z3.Bool("needs_win")
    tabs = [[_Tab(totals[f][p]) for p in range(3)] for f in (0, 1)]
    first = fight_winner(tabs, ORDERS[0], nullified, voids, needs_win)
    solver = _solver()
    solver.add(*[z3.And(low <= t, t <= high) for row in totals for t in row])
    solver.add(z3.Or([fight_winner(tabs, order, nullified, voids, needs_win) != first
                      for order in ORDERS[1:]]))
    if check(solver):
        model = solver.model()
        found = {"totals": [[model.eval(t).as_long() for t in row] for row in totals]}
        return Answer("refuted", f"the order changes the winner for totals {found['totals']}",
                      found)
    return Answer(PROVED, f"all 6 orders agree for every total from {low} to {high}, every "
                          "set of nullified skirmishes and both readings of FK-F1 and FK-F2")


# -- FK-P11 ------------------------------------------------------------------------------------
def order_can_matter_with_result_tabs() -> Answer:
    """z3's witness, replayed through the model before it is believed."""
    low, high = TAB_RANGE
    tabs = [[_Tab(z3.Int(f"value_{f}_{p}"), z3.Int(f"kind_{f}_{p}"), z3.Int(f"target_{f}_{p}"),
                  z3.Int(f"by_{f}_{p}")) for p in range(3)] for f in (0, 1)]
    solver = _solver()
    for tab in (tab for row in tabs for tab in row):
        solver.add(low <= tab.total, tab.total <= high, NONE <= tab.kind, tab.kind <= NULLIFY,
                   0 <= tab.target, tab.target <= 2, -BY_RANGE <= tab.by, tab.by <= BY_RANGE,
                   (tab.kind == MODIFY) == (tab.by != 0),
                   z3.Implies(tab.kind == NONE, tab.target == 0))
    # the ruleset's default readings; no skirmish nullified before the fight step
    no = [z3.BoolVal(False)] * 3
    default = (z3.BoolVal(DEFAULT_RULES.nullified_skirmish_voids_fight),
               z3.BoolVal(DEFAULT_RULES.result_tab_needs_win))
    first = fight_winner(tabs, ORDERS[0], no, *default)
    solver.add(z3.Or([fight_winner(tabs, order, no, *default) != first
                      for order in ORDERS[1:]]))
    # The fewest result tabs that do it, so the witness reads easily.
    acting = z3.Sum([z3.If(tab.kind == NONE, 0, 1) for row in tabs for tab in row])
    for most in range(1, 7):
        solver.push()
        solver.add(acting <= most)
        if check(solver):
            break
        solver.pop()
    else:
        return Answer("refuted", "no result tabs make the order change the winner")
    model = solver.model()
    value = lambda term: model.eval(term, model_completion=True).as_long()  # noqa: E731
    witness = {
        "tabs": [[value(tab.total) for tab in row] for row in tabs],
        "results": [[_result_words(value(tab.kind), value(tab.target), value(tab.by))
                     for tab in row] for row in tabs],
    }
    winners = {order: value(fight_winner(tabs, order, no, *default)) for order in ORDERS}
    second = next(order for order in ORDERS[1:] if winners[order] != winners[ORDERS[0]])
    witness["orders"] = [list(ORDERS[0]), list(second)]
    seat = {A_WINS: 0, B_WINS: 1, TIE: None}
    witness["winners"] = [seat[winners[ORDERS[0]]], seat[winners[second]]]
    replayed = replay(witness)
    if replayed != witness["winners"]:
        return Answer("error", f"z3's witness replays to winners {replayed} in the model, not "
                               f"{witness['winners']}", witness)
    return Answer(WITNESS, f"tabs {witness['tabs']} with results {witness['results']}: order "
                           f"{witness['orders'][0]} gives {_winner_words(replayed[0])}, order "
                           f"{witness['orders'][1]} gives {_winner_words(replayed[1])} "
                           "(replayed through the model)", witness)


def _result_words(kind: int, target: int, by: int) -> dict | None:
    if kind == MODIFY:
        return {"do": "modify_tab", "tab": POSITIONS[target], "by": by}
    if kind == NULLIFY:
        return {"do": "nullify_skirmish", "tab": POSITIONS[target]}
    return None


def _winner_words(seat: int | None) -> str:
    return "a tie" if seat is None else f"a win for seat {seat}"


def witness_cards(witness: dict) -> dict[str, Card]:
    """The two power cards of an FK-P11 witness, as cards the model can look up
    (codes ``P0`` and ``P1``; invented for the proof, never part of a set)."""
    cards = {}
    for f in (0, 1):
        tabs = []
        for p in range(3):
            result = witness["results"][f][p]
            steps = () if result is None else (Step(result["do"], tuple(sorted(
                (key, val) for key, val in result.items() if key != "do")
                + ([("label", "")] if result["do"] == "modify_tab" else []))),)
            tabs.append(SkirmishTab("Fate", witness["tabs"][f][p], steps))
        parts = FightParts("power", (FightSide(tabs=tuple(tabs)),), 1)
        cards[f"P{f}"] = Card(SYNTHETIC_SET, 990 + f, f"FK-P11 witness card {f}", "C",
                              frozenset({"fight"}), "hero", False, None, None, parts, ())
    return cards


def replay(witness: dict) -> list[int | None]:
    """The winners :func:`model.fightklub.fights.resolve_power` gives the witness's two
    orders, under the default readings."""
    cards = witness_cards(witness)
    a, b = Fighter(0, "P0"), Fighter(1, "P1")
    return [resolve_power(a, b, tuple(order), DEFAULT_RULES, cards=cards).winner
            for order in witness["orders"]]


# -- FK-P12 ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class LedgerFight:
    """One fight of FK-P12's sequence (z3 terms or numbers): ``outcome`` A_WINS,
    B_WINS or TIE, whether the winning card ``scores``, each card's ``markers`` and
    whether the winning card scores with double damage."""

    outcome: object
    scores: object
    markers: tuple
    doubled: object


@dataclass(frozen=True)
class Ledger:
    """Markers per seat in each place, and damage dealt *to* each seat, after the
    sequence; ``laid`` is every fight card's markers, ``after_each`` the conservation
    condition after each fight."""

    laid: object
    scored: tuple
    exhausted: tuple
    stakes: tuple
    damage_to: tuple
    after_each: tuple


def ledger(fights: Sequence[LedgerFight], loser_stakes_on_any_loss, unscored_to_stakes
           ) -> Ledger:
    """The raise-the-stakes bookkeeping of FK 5.11 to FK 5.14 for two players, as sums of
    markers: a tie sets both cards aside; a winner whose card scores scores it and
    their raise-the-stakes cards, the loser's card and raise-the-stakes cards are
    exhausted; a winner whose card is stopped keeps their raise-the-stakes cards, its
    card is exhausted (or set aside, FK-F4), the loser's card is exhausted and their
    raise-the-stakes cards stay (or are exhausted, FK-F3)."""
    zero = z3.IntVal(0)
    scored, exhausted, stakes, damage = [zero, zero], [zero, zero], [zero, zero], [zero, zero]
    laid = zero
    after_each = []
    for fight in fights:
        laid = laid + fight.markers[0] + fight.markers[1]
        tie = fight.outcome == TIE
        new = {"scored": list(scored), "exhausted": list(exhausted), "stakes": list(stakes),
               "damage": list(damage)}
        for w in (0, 1):
            l = 1 - w
            wins = fight.outcome == w
            won_and_scored = z3.And(wins, fight.scores)
            stopped = z3.And(wins, z3.Not(fight.scores))
            # written without a product so that the formula stays linear
            card_damage = z3.If(fight.doubled, 2 * fight.markers[w], fight.markers[w])
            new["scored"][w] = new["scored"][w] + z3.If(won_and_scored,
                                                        fight.markers[w] + stakes[w], 0)
            new["damage"][l] = new["damage"][l] + z3.If(won_and_scored,
                                                        card_damage + stakes[w], 0)
            lose_stakes = z3.Or(won_and_scored, z3.And(stopped, loser_stakes_on_any_loss))
            new["exhausted"][l] = new["exhausted"][l] + z3.If(
                wins, fight.markers[l] + z3.If(lose_stakes, stakes[l], 0), 0)
            new["exhausted"][w] = new["exhausted"][w] + z3.If(
                z3.And(stopped, z3.Not(unscored_to_stakes)), fight.markers[w], 0)
        for s in (0, 1):
            o = 1 - s
            # a seat's stakes: grow on a tie or its own stopped card (FK-F4), empty when
            # it wins and scores or loses to a scoring card (or to any card, FK-F3)
            emptied = z3.Or(z3.And(fight.outcome == s, fight.scores),
                            z3.And(fight.outcome == o,
                                   z3.Or(fight.scores, loser_stakes_on_any_loss)))
            grows = z3.Or(tie, z3.And(fight.outcome == s, z3.Not(fight.scores),
                                      unscored_to_stakes))
            new["stakes"][s] = z3.If(emptied, 0, stakes[s]) + z3.If(grows, fight.markers[s], 0)
        scored, exhausted, stakes, damage = (new["scored"], new["exhausted"], new["stakes"],
                                             new["damage"])
        held = sum(scored[s] + exhausted[s] + stakes[s] for s in (0, 1))
        after_each.append(z3.And(held == laid,
                                 *[z3.And(scored[s] >= 0, exhausted[s] >= 0, stakes[s] >= 0)
                                   for s in (0, 1)]))
    return Ledger(laid, tuple(scored), tuple(exhausted), tuple(stakes), tuple(damage),
                  tuple(after_each))


def _symbolic_fights(count: int) -> tuple[list[LedgerFight], list]:
    fights, domain = [], []
    low, high = MARKERS
    for k in range(count):
        fight = LedgerFight(z3.Int(f"outcome_{k}"), z3.Bool(f"scores_{k}"),
                            (z3.Int(f"markers_{k}_a"), z3.Int(f"markers_{k}_b")),
                            z3.Bool(f"doubled_{k}"))
        fights.append(fight)
        domain += [A_WINS <= fight.outcome, fight.outcome <= TIE]
        domain += [z3.And(low <= m, m <= high) for m in fight.markers]
    return fights, domain


def stakes_never_create_or_lose_damage(count: int = LEDGER_FIGHTS) -> Answer:
    fights, domain = _symbolic_fights(count)
    on_any_loss, to_stakes = z3.Bool("loser_stakes_exhausted_on_any_loss"), \
        z3.Bool("unscored_winner_to_stakes")
    book = ledger(fights, on_any_loss, to_stakes)
    solver = _solver()
    solver.add(*domain)
    # Fight by fight: the condition after fight k is checked with the conditions after
    # the fights before it already established (each by an unsat answer), which keeps
    # every query small; together they cover every sequence of up to ``count`` fights.
    for k, condition in enumerate(book.after_each, 1):
        solver.push()
        solver.add(z3.Not(condition))
        if check(solver):
            model = solver.model()
            found = {"fights": k,
                     "outcomes": [model.eval(f.outcome, model_completion=True).as_long()
                                  for f in fights[:k]],
                     "scores": [z3.is_true(model.eval(f.scores, model_completion=True))
                                for f in fights[:k]]}
            return Answer("refuted", f"markers are created or lost after fight {k}: {found}",
                          found)
        solver.pop()
        solver.add(condition)
    return Answer(PROVED, f"every sequence of up to {count} fights (won by a, won by b or "
                          f"tied; scored or stopped; {MARKERS[0]} to {MARKERS[1]} markers a "
                          "card; every reading of FK-F3 and FK-F4): markers laid = scored + "
                          "exhausted + raise the stakes after each fight")


def concrete_ledger(fights: Sequence[tuple[int, bool, int, int, bool]],
                    loser_stakes_on_any_loss: bool, unscored_to_stakes: bool) -> dict:
    """:func:`ledger` on numbers: each fight ``(outcome, scores, markers a, markers b,
    doubled)``; the sums as plain integers (for the comparison with ``settle``)."""
    book = ledger([LedgerFight(z3.IntVal(o), z3.BoolVal(s), (z3.IntVal(a), z3.IntVal(b)),
                               z3.BoolVal(d)) for o, s, a, b, d in fights],
                  z3.BoolVal(loser_stakes_on_any_loss), z3.BoolVal(unscored_to_stakes))
    number = lambda term: z3.simplify(term).as_long()  # noqa: E731
    return {"laid": number(book.laid),
            "scored": tuple(number(t) for t in book.scored),
            "exhausted": tuple(number(t) for t in book.exhausted),
            "stakes": tuple(number(t) for t in book.stakes),
            "damage_to": tuple(number(t) for t in book.damage_to)}


OBLIGATIONS: tuple[Obligation, ...] = (
    Obligation("FK-P10", ("FK 5.5", "FK 5.4", "FK 5.7", "FK 5.8"),
               f"Without result tabs, all six orders of a power-vs-power fight's skirmishes "
               f"give the same winner, for every total from {TOTAL_RANGE[0]} to "
               f"{TOTAL_RANGE[1]}, any skirmishes nullified beforehand and every reading of "
               "FK-F1 and FK-F2.", PROVED, order_never_matters_without_result_tabs),
    Obligation("FK-P11", ("FK 5.5", "FK 5.6", "FK 5.7"),
               "With result tabs that change totals or nullify skirmishes, two orders of the "
               "same fight can give different winners (the witness is replayed through the "
               "model).", WITNESS, order_can_matter_with_result_tabs),
    Obligation("FK-P12", ("FK 5.11", "FK 5.12", "FK 5.13"),
               f"Over every sequence of up to {LEDGER_FIGHTS} fights between two players, "
               "raise-the-stakes bookkeeping never creates or loses damage markers: those "
               "laid equal those scored, exhausted and waiting, after each fight.", PROVED,
               stakes_never_create_or_lose_damage),
)
