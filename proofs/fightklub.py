"""z3 for Fight Klub energy: can a sequence of costs be paid, and with which burns?

The whole sequence is one query.  Each cost ``i`` burns ``x[i][k]`` tokens of
colour ``k`` from the pool its predecessors left (FK 3.2 .. FK 3.4, FK 3.11):
at least its coloured parts of each colour, exactly as many in all as its
coloured and generic parts ask.  Its spot-energy parts look at the pool after
(or, read the other way, before) its burns plus the latent energy in sight
(FK 3.5, FK 3.7 .. FK 3.10); its card-type parts at the table (FK 3.6).  The
readings of the ambiguity register are z3 Booleans too, so one encoding
answers every ruleset and z3 can look for the positions where readings part.

:func:`pay_z3` answers one question three-valued (payable with the burns,
not payable, or unknown with z3's reason); :class:`SweepSolver` keeps one
incremental solver per sequence length and fixes a question's numbers by
assumptions, for the exhaustive comparison with the brute-force payer
``model.fightklub.energy.pay``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import z3

from model.fightklub.energy import (
    COLOURS, Cost, Pool, Situation, parse_cost, parse_pool, type_in_sight)
from model.fightklub.rules import Rules, DEFAULT_RULES
from proofs.obligations import PROVED, WITNESS, Answer, Obligation
from proofs.solving import Undecided, check

PAYABLE = "payable"
UNPAYABLE = "not payable"
UNKNOWN = "unknown"


# -- what the encoding reads of a cost ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CostNumbers:
    """A cost as the encoding sees it: counts per colour (B, G, Y) and whether
    its card-type parts are met by the player's own cards / by any card."""

    coloured: tuple[int, int, int]
    generic: int
    spotted: tuple[int, int, int]
    types_own: bool
    types_any: bool


def cost_numbers(cost: Cost, situation: Situation) -> CostNumbers:
    own = all(type_in_sight(t, situation.table) for t in cost.spotted_types)
    anywhere = all(type_in_sight(t, situation.table | situation.opponent_table)
                   for t in cost.spotted_types)
    return CostNumbers(cost.coloured_burns.counts, cost.generic, cost.spotted_colours.counts,
                       own, anywhere)


# -- the encoding --------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Terms:
    """z3 terms (or numbers) for every input of one payment question."""

    pool: tuple
    latent: tuple
    drop: tuple
    controls_drop: object
    costs: tuple  # of (coloured[3], generic, spotted[3], types_own, types_any)
    after: object
    distinct: object
    opponent_spots_drop: object
    anywhere: object


def _payment_formula(terms: _Terms, burned: Sequence[Sequence[z3.ArithRef]]) -> z3.BoolRef:
    """``burned`` (one count per colour per cost) pays the costs in order."""
    conditions = []
    left = list(terms.pool)
    drop_in_sight = z3.Or(terms.controls_drop, terms.opponent_spots_drop)
    for (coloured, generic, spotted, types_own, types_any), x in zip(terms.costs, burned):
        after = [left[k] - x[k] for k in range(3)]
        conditions.append(z3.Sum(list(x)) == z3.Sum(list(coloured)) + generic)
        for k in range(3):
            conditions += [x[k] >= coloured[k], x[k] <= left[k]]
            pool_seen = z3.If(terms.after, after[k], left[k])
            seen = pool_seen + terms.latent[k] + z3.If(drop_in_sight, terms.drop[k], 0)
            conditions.append(z3.If(terms.distinct, seen >= spotted[k],
                                    z3.Implies(spotted[k] >= 1, seen >= 1)))
        conditions.append(z3.If(terms.anywhere, types_any, types_own))
        left = after
    return z3.And(conditions)


def _concrete_terms(pool: Pool, numbers: Sequence[CostNumbers], situation: Situation) -> _Terms:
    rules = situation.rules
    return _Terms(
        pool.counts, situation.latent.counts, situation.drop_latent.counts,
        z3.BoolVal(situation.controls_drop),
        tuple((n.coloured, n.generic, n.spotted, z3.BoolVal(n.types_own),
               z3.BoolVal(n.types_any)) for n in numbers),
        z3.BoolVal(rules.spot_after_burning), z3.BoolVal(rules.one_token_per_spot),
        z3.BoolVal(rules.opponent_spots_drop), z3.BoolVal(rules.spot_cards_anywhere))


def _burn_variables(length: int, tag: str = "") -> list[list[z3.ArithRef]]:
    return [[z3.Int(f"burn{tag}_{i}_{c}") for c in COLOURS] for i in range(length)]


@dataclass(frozen=True, slots=True)
class Verdict:
    """z3's answer: ``payable`` with the burns, ``not payable``, or ``unknown`` (why)."""

    status: str
    burned: tuple[Pool, ...] = ()
    reason: str = ""

    @property
    def decided(self) -> bool:
        return self.status != UNKNOWN


def pay_z3(pool: Pool, costs: Sequence[Cost], situation: Situation = Situation(), *,
           timeout_ms: int = 10_000) -> Verdict:
    """Whether ``costs`` can be paid in order from ``pool``: one z3 query for the sequence.

    >>> pay_z3(parse_pool("B G Y"), [parse_cost("burn B, burn 1"), parse_cost("spot Y")])
    Verdict(status='payable', burned=(Pool(b=1, g=1, y=0), Pool(b=0, g=0, y=0)), reason='')
    """
    numbers = [cost_numbers(cost, situation) for cost in costs]
    burned = _burn_variables(len(costs))
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(_payment_formula(_concrete_terms(pool, numbers, situation), burned))
    try:
        found = check(solver)
    except Undecided as undecided:
        return Verdict(UNKNOWN, reason=str(undecided))
    if not found:
        return Verdict(UNPAYABLE)
    model = solver.model()
    return Verdict(PAYABLE, tuple(
        Pool(*(model.eval(v, model_completion=True).as_long() for v in x)) for x in burned))


# -- the incremental solver for sweeps ------------------------------------------------------------
class SweepSolver:
    """One z3 solver per sequence length, every input a variable; a question's
    numbers are fixed by assumptions, so the solver keeps what it learnt.

    Each assumption is a Boolean literal standing for "this input has this
    value", made once and reused: building z3 terms costs more than the check.

    >>> sweep = SweepSolver()
    >>> sweep.payable(parse_pool("G"), [parse_cost("burn 1"), parse_cost("spot G")])
    False
    """

    def __init__(self, timeout_ms: int = 10_000) -> None:
        self._timeout_ms = timeout_ms
        self._by_length: dict[int, tuple[z3.Solver, _Terms, dict]] = {}
        self.queries = 0

    def _solver(self, length: int) -> tuple[z3.Solver, _Terms, dict]:
        if length not in self._by_length:
            ints = lambda name: tuple(z3.Int(f"{name}_{c}") for c in COLOURS)  # noqa: E731
            costs = tuple((ints(f"coloured{i}"), z3.Int(f"generic{i}"), ints(f"spotted{i}"),
                           z3.Bool(f"own{i}"), z3.Bool(f"any{i}")) for i in range(length))
            terms = _Terms(ints("pool"), ints("latent"), ints("drop"), z3.Bool("controls"),
                           costs, z3.Bool("after"), z3.Bool("distinct"),
                           z3.Bool("opponent_spots_drop"), z3.Bool("anywhere"))
            solver = z3.Solver()
            solver.set("timeout", self._timeout_ms)
            solver.add(_payment_formula(terms, _burn_variables(length)))
            self._by_length[length] = (solver, terms, {})
        return self._by_length[length]

    @staticmethod
    def _literal(solver: z3.Solver, literals: dict, variable, value) -> z3.BoolRef:
        key = (variable.get_id(), value)
        if key not in literals:
            literal = z3.Bool(f"{variable}={value}")
            solver.add(literal == (variable == value))
            literals[key] = literal
        return literals[key]

    def payable(self, pool: Pool, costs: Sequence[Cost],
                situation: Situation = Situation()) -> bool:
        """True or False; :class:`Undecided` if z3 cannot say."""
        return self.payable_numbers(pool, [cost_numbers(c, situation) for c in costs],
                                    situation)

    def payable_numbers(self, pool: Pool, numbers: Sequence[CostNumbers],
                        situation: Situation) -> bool:
        solver, terms, literals = self._solver(len(numbers))
        rules = situation.rules
        pairs = list(zip(terms.pool, pool.counts)) + list(zip(terms.latent,
                                                              situation.latent.counts))
        pairs += list(zip(terms.drop, situation.drop_latent.counts))
        for (coloured, generic, spotted, own, anywhere), n in zip(terms.costs, numbers):
            pairs += list(zip(coloured, n.coloured)) + list(zip(spotted, n.spotted))
            pairs += [(generic, n.generic), (own, n.types_own), (anywhere, n.types_any)]
        pairs += [(terms.controls_drop, situation.controls_drop),
                  (terms.after, rules.spot_after_burning),
                  (terms.distinct, rules.one_token_per_spot),
                  (terms.opponent_spots_drop, rules.opponent_spots_drop),
                  (terms.anywhere, rules.spot_cards_anywhere)]
        self.queries += 1
        return check(solver, *(self._literal(solver, literals, variable, value)
                               for variable, value in pairs))


# -- obligations ----------------------------------------------------------------------------------
def _symbolic_terms(length: int, tag: str, rules: dict) -> tuple[_Terms, list]:
    """Unknown pool, latent energy and costs (all counts >= 0), ``rules`` fixing some readings."""
    ints = lambda name: tuple(z3.Int(f"{name}{tag}_{c}") for c in COLOURS)  # noqa: E731
    costs = tuple((ints(f"coloured{i}"), z3.Int(f"generic{i}{tag}"), ints(f"spotted{i}"),
                   z3.Bool(f"own{i}{tag}"), z3.Bool(f"any{i}{tag}")) for i in range(length))
    terms = _Terms(ints("pool"), ints("latent"), ints("drop"), z3.Bool(f"controls{tag}"), costs,
                   *(rules.get(name, z3.Bool(f"{name}{tag}")) for name in
                     ("after", "distinct", "opponent_spots_drop", "anywhere")))
    domain = [v >= 0 for v in terms.pool + terms.latent + terms.drop]
    for coloured, generic, spotted, own, anywhere in costs:
        domain += [v >= 0 for v in coloured + spotted] + [generic >= 0]
        domain.append(z3.Implies(own, anywhere))  # own cards are on the table too
    return terms, domain


def _with_rules(terms: _Terms, **readings) -> _Terms:
    values = {name: getattr(terms, name) for name in _Terms.__dataclass_fields__}
    values.update(readings)
    return _Terms(**values)


def _unpayable(terms: _Terms, tag: str) -> z3.BoolRef:
    burned = _burn_variables(len(terms.costs), tag)
    flat = [v for x in burned for v in x]
    return z3.ForAll(flat, z3.Not(_payment_formula(terms, burned)))


def _describe(model: z3.ModelRef, terms: _Terms) -> dict:
    """A model's pool, latent energy and costs in the notation of ``ringside fightklub pay``."""
    value = lambda term: model.eval(term, model_completion=True)  # noqa: E731
    counts = lambda names: Pool(*(value(n).as_long() for n in names))  # noqa: E731
    costs = []
    for coloured, generic, spotted, own, anywhere in terms.costs:
        parts = [f"burn {c}" for c, n in zip(COLOURS, counts(coloured).counts) for _ in range(n)]
        if value(generic).as_long():
            parts.append(f"burn {value(generic).as_long()}")
        parts += [f"spot {c}" for c, n in zip(COLOURS, counts(spotted).counts) for _ in range(n)]
        if not z3.is_true(value(anywhere)):
            parts.append("spot gear (not on the table)")
        elif not z3.is_true(value(own)):
            parts.append("spot gear (only the opponent's)")
        costs.append(", ".join(parts) or "-")
    return {"pool": str(counts(terms.pool)), "latent": str(counts(terms.latent)),
            "drop_latent": str(counts(terms.drop)),
            "controls_drop": z3.is_true(value(terms.controls_drop)), "costs": costs}


def _size(terms: _Terms) -> z3.ArithRef:
    """How big a question is: every token, part and unmet card-type part counted once
    (the obligations report the smallest witness z3 finds under this measure)."""
    counts = list(terms.pool + terms.latent + terms.drop)
    for coloured, generic, spotted, own, anywhere in terms.costs:
        counts += list(coloured) + list(spotted) + [generic, z3.If(own, 0, 1),
                                                    z3.If(anywhere, 0, 1)]
    counts.append(z3.If(terms.controls_drop, 0, 1))
    return z3.Sum(counts)


def _check_smallest(solver: z3.Solver, size: z3.ArithRef, limit: int = 16) -> bool:
    """Whether the solver's constraints hold; if so, its model is one of the smallest
    (by ``size``) up to ``limit``, found by raising the bound one by one."""
    for bound in range(limit + 1):
        solver.push()
        solver.add(size <= bound)
        if check(solver):
            return True  # the model stays readable until the next push or check
        solver.pop()
    return check(solver)


_READING_FIELDS = {"spot_after_burning": "after", "one_token_per_spot": "distinct",
                   "opponent_spots_drop": "opponent_spots_drop",
                   "spot_cards_anywhere": "anywhere"}


def readings_differ(field_name: str, length: int = 1) -> Answer:
    """z3 looks for a pool and costs that one reading of ``field_name`` lets pay and the
    other does not (every other reading at its default)."""
    defaults = {name: z3.BoolVal(getattr(DEFAULT_RULES, field))
                for field, name in _READING_FIELDS.items() if field != field_name}
    name = _READING_FIELDS[field_name]
    terms, domain = _symbolic_terms(length, "", defaults)
    yes = _with_rules(terms, **{name: z3.BoolVal(True)})
    no = _with_rules(terms, **{name: z3.BoolVal(False)})
    burned = _burn_variables(length, "_yes")
    solver = z3.Solver()
    solver.set("timeout", 20_000)
    solver.add(*domain)
    # payable under one reading, not under the other (either way round)
    solver.add(z3.Or(z3.And(_payment_formula(yes, burned), _unpayable(no, "_no")),
                     z3.And(_payment_formula(no, burned), _unpayable(yes, "_yes2"))))
    if not _check_smallest(solver, _size(terms)):
        return Answer("refuted", f"the readings of {field_name} never give different answers")
    model = solver.model()
    found = _describe(model, terms)
    which = "true" if z3.is_true(model.eval(_payment_formula(yes, burned),
                                            model_completion=True)) else "false"
    return Answer(WITNESS, f"pool {found['pool']}, latent {found['latent']}, Drop latent "
                           f"{found['drop_latent']}"
                           f"{'' if found['controls_drop'] else ' (opponent controls The Drop)'}"
                           f", cost {' then '.join(found['costs'])}: payable only with "
                           f"{field_name}={which}", found)


def spare_colour_strands(length: int, spare_own_spots: bool) -> dict | None:
    """A sequence of ``length`` costs that burning a "spare" colour for a generic
    part of the first cost makes unpayable, or None when there is none.

    A colour is spare when no later cost burns or spots it (and, with
    ``spare_own_spots``, the first cost does not spot it either).  z3 looks for a
    payable sequence whose first cost burns a generic token of another colour
    while a token of the spare colour stays in the pool, such that swapping the
    two leaves the rest unpayable; every ruleset is in play.
    """
    terms, domain = _symbolic_terms(length, "", {})
    burned = _burn_variables(length, "_x")
    solver = z3.Solver()
    solver.set("timeout", 20_000)
    solver.add(*domain, _payment_formula(terms, burned))
    spare, other = z3.Int("spare"), z3.Int("other")
    solver.add(0 <= spare, spare < 3, 0 <= other, other < 3, spare != other)
    pick = lambda values, index: z3.If(index == 0, values[0],  # noqa: E731
                                       z3.If(index == 1, values[1], values[2]))
    first_coloured, _, first_spotted, _, _ = terms.costs[0]
    x = burned[0]
    # the first cost burns a generic token of ``other`` (more than its coloured parts
    # ask) and leaves a token of ``spare`` in the pool
    solver.add(pick(x, other) > pick(first_coloured, other),
               pick(terms.pool, spare) - pick(x, spare) >= 1)
    for coloured, _, spotted, _, _ in terms.costs[1:]:
        solver.add(pick(coloured, spare) == 0, pick(spotted, spare) == 0)
    if spare_own_spots:
        solver.add(pick(first_spotted, spare) == 0)
    swapped = [x[k] + z3.If(spare == k, 1, 0) - z3.If(other == k, 1, 0) for k in range(3)]
    rest = [swapped] + _burn_variables(length, "_y")[1:]
    later = [v for r in rest[1:] for v in r]
    stranded = z3.Not(_payment_formula(terms, rest))
    solver.add(z3.ForAll(later, stranded) if later else stranded)
    if not _check_smallest(solver, _size(terms)):
        return None
    model = solver.model()
    found = _describe(model, terms)
    colour = lambda term: COLOURS[model.eval(term).as_long()].value  # noqa: E731
    found.update(spare=colour(spare), other=colour(other),
                 burned=[str(Pool(*(model.eval(v, model_completion=True).as_long() for v in b)))
                         for b in burned],
                 rules={name: z3.is_true(model.eval(getattr(terms, name), model_completion=True))
                        for name in ("after", "distinct", "opponent_spots_drop", "anywhere")})
    return found


def _strand_text(found: dict) -> str:
    return (f"pool {found['pool']}, latent {found['latent']}, costs "
            f"{' then '.join(repr(c) for c in found['costs'])}, paid by burning "
            f"{' then '.join(found['burned'])}: burning {found['spare']} instead of "
            f"{found['other']} for the first cost's generic part strands the sequence "
            f"(readings {found['rules']})")


def _spare_colour_can_strand(length: int) -> Answer:
    found = spare_colour_strands(length, spare_own_spots=False)
    if found is None:
        return Answer("refuted", "no sequence is stranded by burning a colour no later "
                                 "cost needs")
    return Answer(WITNESS, _strand_text(found), found)


def _spare_colour_is_harmless(length: int) -> Answer:
    """The claim of :func:`spare_colour_strands` with ``spare_own_spots``, proved
    without quantifiers: after the swap, the later costs are paid as before, except
    that the first later burn of a spare token (necessarily a generic one) burns the
    extra token of the other colour instead.  z3 checks that this rebuilt payment is
    always valid.  Should it ever not be, the quantified search decides (a rebuilt
    payment failing does not refute the claim by itself)."""
    terms, domain = _symbolic_terms(length, "", {})
    burned = _burn_variables(length, "_x")
    spare, other = z3.Int("spare"), z3.Int("other")
    unit = lambda colour, k: z3.If(colour == k, 1, 0)  # noqa: E731
    pick = lambda values, index: z3.If(index == 0, values[0],  # noqa: E731
                                       z3.If(index == 1, values[1], values[2]))
    solver = z3.Solver()
    solver.set("timeout", 20_000)
    solver.add(*domain, _payment_formula(terms, burned),
               0 <= spare, spare < 3, 0 <= other, other < 3, spare != other)
    first_coloured, _, first_spotted, _, _ = terms.costs[0]
    solver.add(pick(burned[0], other) > pick(first_coloured, other),
               pick(terms.pool, spare) - pick(burned[0], spare) >= 1,
               pick(first_spotted, spare) == 0)
    for coloured, _, spotted, _, _ in terms.costs[1:]:
        solver.add(pick(coloured, spare) == 0, pick(spotted, spare) == 0)
    rebuilt = [[burned[0][k] + unit(spare, k) - unit(other, k) for k in range(3)]]
    owed = z3.BoolVal(True)  # the rebuilt pool still has one spare token fewer
    for x in burned[1:]:
        give_back = z3.And(owed, pick(x, spare) >= 1)
        rebuilt.append([x[k] - z3.If(give_back, unit(spare, k) - unit(other, k), 0)
                        for k in range(3)])
        owed = z3.And(owed, z3.Not(give_back))
    solver.add(z3.Not(_payment_formula(terms, rebuilt)))
    if not check(solver):
        return Answer(PROVED, f"for every pool, latent energy, table, ruleset and {length} "
                              "costs: the later costs can be paid as before, one spare "
                              "token swapped back")
    found = spare_colour_strands(length, spare_own_spots=True)
    if found is not None:
        return Answer("refuted", _strand_text(found), found)
    return Answer(PROVED, f"for every pool, latent energy, table, ruleset and {length} costs "
                          "(by the quantified search)")


def _claim(length: int, spare_own_spots: bool):
    if spare_own_spots:
        return lambda: _spare_colour_is_harmless(length)
    return lambda: _spare_colour_can_strand(length)


def _ambiguity(field_name: str):
    return lambda: readings_differ(field_name)


# -- the exhaustive comparison with the brute-force payer -----------------------------------------
SWEEP_PARTS: tuple[str, ...] = ("burn B", "burn G", "burn Y", "burn 1", "burn 2", "burn 3",
                                "spot B", "spot G", "spot Y", "spot gear")
"""The part alphabet of the sweep: every coloured burn, generic burns of 1 to 3, every
spot colour and one card type."""


def sweep_pools(max_tokens: int) -> list[Pool]:
    return [Pool(b, g, y) for b in range(max_tokens + 1) for g in range(max_tokens + 1 - b)
            for y in range(max_tokens + 1 - b - g)]


def sweep_costs(max_parts: int) -> list[Cost]:
    """Every cost of up to ``max_parts`` parts from :data:`SWEEP_PARTS`, the empty cost
    included, one per multiset of parts (the order of a cost's parts never changes
    whether or how it is paid)."""
    import itertools

    parts = [parse_cost(text).parts[0] for text in SWEEP_PARTS]
    return [Cost(chosen) for size in range(max_parts + 1)
            for chosen in itertools.combinations_with_replacement(parts, size)]


def _symmetric_key(pool: Pool, numbers: CostNumbers) -> tuple:
    """The question up to a renaming of colours (with no latent energy, every rule treats
    B, G and Y alike): the per-colour triples sorted."""
    triples = sorted(zip(pool.counts, numbers.coloured, numbers.spotted))
    return (tuple(triples), numbers.generic, numbers.types_own, numbers.types_any)


@dataclass(frozen=True, slots=True)
class SweepResult:
    """How an exhaustive comparison went: questions compared, z3 queries made (after
    colour symmetry and caching), the disagreements found (at most ``limit`` kept)."""

    questions: int
    z3_queries: int
    disagreements: tuple[str, ...]
    brute_seconds: float
    z3_seconds: float


def sweep_agreement(pools: Sequence[Pool], costs: Sequence[Cost], rulesets: Sequence[Rules],
                    tables: Sequence[frozenset] = (frozenset(), frozenset({"gear"})),
                    limit: int = 10) -> SweepResult:
    """Every pool against every single cost, table and ruleset: the brute-force payer
    (``model.fightklub.energy.is_payable``) against z3 (:class:`SweepSolver`, one
    query per question up to colour symmetry)."""
    import time

    from model.fightklub.energy import is_payable

    sweep = SweepSolver()
    answers: dict[tuple, bool] = {}
    disagreements: list[str] = []
    questions = 0
    brute_time = z3_time = 0.0
    for rules in rulesets:
        for table in tables:
            situation = Situation(table=table, rules=rules)
            for cost in costs:
                if table and not cost.spotted_types:
                    continue  # the table only matters to a cost that spots a card type
                numbers = cost_numbers(cost, situation)
                for pool in pools:
                    questions += 1
                    began = time.perf_counter()
                    brute = is_payable(pool, (cost,), situation)
                    brute_time += time.perf_counter() - began
                    key = (rules, _symmetric_key(pool, numbers))
                    if key not in answers:
                        began = time.perf_counter()
                        answers[key] = sweep.payable_numbers(pool, [numbers], situation)
                        z3_time += time.perf_counter() - began
                    if answers[key] != brute and len(disagreements) < limit:
                        disagreements.append(
                            f"pool {pool}, table {sorted(table)}, cost '{cost}', {rules}: "
                            f"brute force {brute}, z3 {answers[key]}")
    return SweepResult(questions, sweep.queries, tuple(disagreements), brute_time, z3_time)


def _cases_agree() -> Answer:
    from analysis.fightklub.cases import energy_case_paths, load_energy_case
    from model.fightklub.energy import payment_problem

    paths = energy_case_paths()
    for path in paths:
        case = load_energy_case(path)
        verdict = pay_z3(case.pool, case.costs, case.situation)
        if not verdict.decided:
            raise Undecided(verdict.reason)
        problem = None
        if (verdict.status == PAYABLE) != case.payable:
            problem = f"z3 says {verdict.status}"
        elif case.payable:
            problem = payment_problem(case.pool, case.costs, verdict.burned,
                                      situation=case.situation)
        if problem is not None:
            return Answer("refuted", f"{path.name}: {problem}", {"case": path.name})
    return Answer(PROVED, f"{len(paths)} energy cases")


def _small_sweep_agrees() -> Answer:
    result = sweep_agreement(sweep_pools(4), sweep_costs(2), [DEFAULT_RULES])
    if result.disagreements:
        return Answer("refuted", result.disagreements[0],
                      {"disagreements": list(result.disagreements)})
    return Answer(PROVED, f"{result.questions} questions, {result.z3_queries} z3 queries")


OBLIGATIONS: tuple[Obligation, ...] = (
    Obligation("FK-P1", ("FK 3.7",),
               "Some pool and cost are payable under one reading of FK-A1 (spot after or "
               "before burning) and not under the other.", WITNESS,
               _ambiguity("spot_after_burning")),
    Obligation("FK-P2", ("FK 3.10", "FK 3.5"),
               "Some pool and cost are payable under one reading of FK-A2 (one token per "
               "spot part or not) and not under the other.", WITNESS,
               _ambiguity("one_token_per_spot")),
    Obligation("FK-P3", ("FK 3.9",),
               "Some pool, Drop and cost are payable under one reading of FK-A3 (who may "
               "spot The Drop's latent energy) and not under the other.", WITNESS,
               _ambiguity("opponent_spots_drop")),
    Obligation("FK-P4", ("FK 3.6",),
               "Some table and cost are payable under one reading of FK-A4 (spot card types "
               "anywhere or among one's own cards) and not under the other.", WITNESS,
               _ambiguity("spot_cards_anywhere")),
    Obligation("FK-P5", ("FK 3.3", "FK 3.11", "FK 3.7"),
               "Paying a generic part with a colour that no later cost burns or spots can "
               "still leave a cost unpayable: the cost's own spot parts may need that "
               "colour once the burns are made (FK 3.7).", WITNESS,
               _claim(1, False)),
    Obligation("FK-P6", ("FK 3.3", "FK 3.4", "FK 3.11"),
               "Paying a generic part with a colour that neither the cost's own spot parts "
               "nor any later cost burns or spots never makes a payable sequence of two "
               "costs unpayable, under every ruleset.", PROVED, _claim(2, True)),
    Obligation("FK-P7", ("FK 3.3", "FK 3.4", "FK 3.11"),
               "The same for sequences of three costs.", PROVED, _claim(3, True)),
    Obligation("FK-P8", ("FK 3.1", "FK 3.2", "FK 3.3", "FK 3.4", "FK 3.5", "FK 3.6", "FK 3.7",
                         "FK 3.8", "FK 3.9", "FK 3.10", "FK 3.11"),
               "z3 gives every energy case's answer, with burns the case's rules accept.",
               PROVED, lambda: _cases_agree()),
    Obligation("FK-P9", ("FK 3.2", "FK 3.3", "FK 3.4", "FK 3.5", "FK 3.6", "FK 3.7"),
               "z3 and the brute-force payer agree on every pool of up to 4 tokens against "
               "every cost of up to 2 parts, gear on the table or not.", PROVED,
               lambda: _small_sweep_agrees()),
)
