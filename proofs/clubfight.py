"""Club Fight in z3: a symbolic grid, the six actions, and the proof obligations.

The encoding mirrors :mod:`model.clubfight.moves` (the executable reference)
field by field of :class:`~model.clubfight.rules.Rules`; the tests enumerate
the encoding on concrete grids and compare it with the move enumerator, so a
claim proved here is a claim about the code the game runs, not about a
paraphrase of it.

Vocabulary:

* a *symbolic grid* has, per slot, ``present``, ``joker``, ``value`` (1..13)
  and ``suit`` (the :class:`~model.clubfight.cards.Card` suit order of D, H or
  S: clubs are never in the grid).  The value and suit of a Joker or of an
  empty slot are left free; every predicate below ignores them, and the tests
  check that it does (they leave those variables unconstrained);
* a *selection* is 9 Bools, the slots a move clears;
* a *variant* is an action, with the line (``"row 2"``) for Line and the
  direction (``"lower"``/``"higher"``) for Up/Down, exactly as on a
  :class:`~model.clubfight.moves.Move`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

import z3

from model.clubfight.ambiguities import AMBIGUITIES
from model.clubfight.cards import JOKER, SUITS, Card, rank_text
from model.clubfight.moves import (
    ACTION_TITLES, BLOCK_THRESHOLD, BLOCKING_SUIT, HIGHER_CLUBS, LINE_SLOTS, LINES,
    LOWER_CLUBS, Grid,
)
from model.clubfight.rules import DEFAULT_RULES, WEBAPP, Rules
from model.clubfight.state import format_grid
from model.core.ambiguity import Ambiguity
from proofs.solving import check
from proofs.obligations import PROVED, WITNESS, Answer, Obligation

SLOTS = range(9)
GRID_SUITS = tuple(SUITS.index(s) for s in "DHS")
"""Suit codes a grid card may have (``Card.suit_order``); never clubs."""


# --------------------------------------------------------------------------
# Symbolic state
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class SymGrid:
    """Nine symbolic slots."""

    present: tuple[z3.BoolRef, ...]
    joker: tuple[z3.BoolRef, ...]
    value: tuple[z3.ArithRef, ...]
    suit: tuple[z3.ArithRef, ...]

    @classmethod
    def fresh(cls, name: str = "g") -> "SymGrid":
        return cls(
            tuple(z3.Bool(f"{name}_present_{i}") for i in SLOTS),
            tuple(z3.Bool(f"{name}_joker_{i}") for i in SLOTS),
            tuple(z3.Int(f"{name}_value_{i}") for i in SLOTS),
            tuple(z3.Int(f"{name}_suit_{i}") for i in SLOTS),
        )

    def valued(self, i: int) -> z3.BoolRef:
        """Slot ``i`` holds a card with a value and a suit (not a Joker)."""
        return z3.And(self.present[i], z3.Not(self.joker[i]))

    def is_joker(self, i: int) -> z3.BoolRef:
        return z3.And(self.present[i], self.joker[i])

    def has_value(self, i: int, value) -> z3.BoolRef:
        return z3.And(self.valued(i), self.value[i] == value)

    def domain(self) -> z3.BoolRef:
        """Values are ranks and suits are grid suits.  All a proof assumes."""
        return z3.And([z3.And(1 <= self.value[i], self.value[i] <= 13,
                              z3.Or([self.suit[i] == s for s in GRID_SUITS]))
                       for i in SLOTS])

    def realistic(self) -> z3.BoolRef:
        """A grid that can occur in play: no card twice, at most two Jokers.

        Proofs do not assume this (a claim over more grids is stronger), but
        witnesses do, so that every witness parses as a position.
        """
        distinct = [z3.Not(z3.And(self.valued(i), self.valued(j),
                                  self.value[i] == self.value[j],
                                  self.suit[i] == self.suit[j]))
                    for i in SLOTS for j in SLOTS if i < j]
        return z3.And(self.domain(), count(self.is_joker(i) for i in SLOTS) <= 2, *distinct)

    def equals(self, grid: Grid) -> z3.BoolRef:
        """Pin this grid to a concrete one.

        A Joker's or an empty slot's value and suit stay free: if the
        encoding read them, enumeration would find extra selections.
        """
        facts = []
        for i, card in enumerate(grid):
            facts.append(self.present[i] == (card is not None))
            if card is None:
                continue
            facts.append(self.joker[i] == card.is_joker)
            if not card.is_joker:
                facts += [self.value[i] == card.value, self.suit[i] == card.suit_order]
        return z3.And(facts)

    def decode(self, model: z3.ModelRef) -> Grid:
        def value(expr) -> int:
            return model.eval(expr, model_completion=True).as_long()

        def true(expr) -> bool:
            return z3.is_true(model.eval(expr, model_completion=True))

        cards: list[Card | None] = []
        for i in SLOTS:
            if not true(self.present[i]):
                cards.append(None)
            elif true(self.joker[i]):
                cards.append(JOKER)
            else:
                cards.append(Card(value(self.suit[i]), value(self.value[i])))
        return tuple(cards)


def fresh_club(name: str = "club") -> z3.ArithRef:
    return z3.Int(name)


def club_domain(club: z3.ArithRef) -> z3.BoolRef:
    return z3.And(1 <= club, club <= 13)


def fresh_selection(name: str = "sel") -> tuple[z3.BoolRef, ...]:
    return tuple(z3.Bool(f"{name}_{i}") for i in SLOTS)


def count(conditions: Iterable[z3.BoolRef]) -> z3.ArithRef:
    return z3.Sum([z3.If(c, 1, 0) for c in conditions])


def decode_selection(model: z3.ModelRef, sel: Sequence[z3.BoolRef]) -> tuple[int, ...]:
    return tuple(i for i in SLOTS if z3.is_true(model.eval(sel[i], model_completion=True)))


# --------------------------------------------------------------------------
# The actions.  Each ``*_clears`` says "sel is what this action clears",
# ignoring blocking; :func:`legal` adds blocking.
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Variant:
    """An action, with its line or direction where the action has one."""

    action: str
    line: str | None = None
    direction: str | None = None

    def label(self) -> str:
        extra = self.line or self.direction
        return ACTION_TITLES[self.action] + (f" ({extra})" if extra else "")


VARIANTS = (
    Variant("match"), Variant("sum"), Variant("any"),
    *(Variant("line", line=name) for name, _ in LINES),
    Variant("updown", direction="lower"), Variant("updown", direction="higher"),
    Variant("run"),
)


def blocked(g: SymGrid, action: str) -> z3.BoolRef:
    """3 or more cards of the action's suit; Jokers have no suit, so never count."""
    if action not in BLOCKING_SUIT:
        return z3.BoolVal(False)
    suit = SUITS.index(BLOCKING_SUIT[action])
    return count(z3.And(g.valued(i), g.suit[i] == suit) for i in SLOTS) >= BLOCK_THRESHOLD


def _only_within(sel, allowed) -> z3.BoolRef:
    return z3.And([z3.Implies(sel[i], allowed[i]) for i in SLOTS])


def _all_or_subset(sel, targets, any_subset: bool, must_clear: bool) -> z3.BoolRef:
    """Shared by Match and Up/Down: clear every target, or (when the reading
    allows) any non-empty subset of them; with no target at all, the action
    clears nothing and is allowed only when ``must_clear`` is off."""
    none = z3.Not(z3.Or(targets))
    empty_allowed = z3.And(none, z3.BoolVal(not must_clear))
    if any_subset:
        return z3.And(_only_within(sel, targets), z3.Or(z3.Or(sel), empty_allowed))
    return z3.And(*[sel[i] == targets[i] for i in SLOTS], z3.Or(z3.Not(none), empty_allowed))


def match_clears(g: SymGrid, club, sel, rules: Rules) -> z3.BoolRef:
    targets = [z3.Or(g.has_value(i, club),
                     z3.And(g.is_joker(i), z3.BoolVal(rules.jokers_match))) for i in SLOTS]
    return _all_or_subset(sel, targets, rules.match_any_subset, rules.must_clear)


def sum_clears(g: SymGrid, club, sel, rules: Rules) -> z3.BoolRef:
    joins = [z3.Or(g.valued(i), z3.And(g.is_joker(i), z3.BoolVal(rules.sum_jokers_zero)))
             for i in SLOTS]
    total = z3.Sum([z3.If(z3.And(sel[i], g.valued(i)), g.value[i], 0) for i in SLOTS])
    # Jokers ride along at 0 at most: some valued card must be in the sum.
    some_valued = z3.Or([z3.And(sel[i], g.valued(i)) for i in SLOTS])
    return z3.And(_only_within(sel, joins), some_valued, total == club)


def any_clears(g: SymGrid, club, sel, rules: Rules) -> z3.BoolRef:
    return z3.And(_only_within(sel, g.present), count(sel) == 1)


def line_clears(g: SymGrid, club, sel, rules: Rules, line: str) -> z3.BoolRef:
    slots = LINE_SLOTS[line]
    reason = z3.Or([z3.Or(g.has_value(i, club),
                          z3.And(g.is_joker(i), z3.BoolVal(rules.line_joker_target)))
                    for i in slots])
    clears_line = z3.And([sel[i] == (g.present[i] if i in slots else z3.BoolVal(False))
                          for i in SLOTS])
    return z3.And(reason, clears_line)


def updown_clears(g: SymGrid, club, sel, rules: Rules, direction: str) -> z3.BoolRef:
    clubs = LOWER_CLUBS if direction == "lower" else HIGHER_CLUBS
    club_may = z3.And(clubs.start <= club, club <= clubs.stop - 1)
    side = [z3.And(g.valued(i), g.value[i] < club if direction == "lower"
                   else g.value[i] > club) for i in SLOTS]
    return z3.And(club_may,
                  _all_or_subset(sel, side, rules.updown_any_subset, rules.must_clear))


def run_clears(g: SymGrid, club, sel, rules: Rules) -> z3.BoolRef:
    # The run's ends follow from the selection (club minus the cards below
    # it, plus the cards above it), so the predicate needs no existential
    # and can be negated freely (the ambiguity search does).
    below = count(z3.And(sel[i], g.value[i] < club) for i in SLOTS)
    above = count(z3.And(sel[i], g.value[i] > club) for i in SLOTS)
    low, high = club - below, club + above
    # Exactly one card of each value of the run but the club's; none other.
    one_per_value = [
        count(z3.And(sel[i], g.value[i] == v) for i in SLOTS)
        == z3.If(z3.And(low <= v, v <= high, v != club), 1, 0)
        for v in range(1, 14)
    ]
    return z3.And(_only_within(sel, [g.valued(i) for i in SLOTS]), *one_per_value,
                  below + above + 1 >= rules.run_min_cards)


def clears(variant: Variant, g: SymGrid, club, sel, rules: Rules) -> z3.BoolRef:
    """``sel`` is what ``variant`` clears, blocking aside."""
    if variant.action == "line":
        return line_clears(g, club, sel, rules, variant.line)
    if variant.action == "updown":
        return updown_clears(g, club, sel, rules, variant.direction)
    return {"match": match_clears, "sum": sum_clears, "any": any_clears,
            "run": run_clears}[variant.action](g, club, sel, rules)


def legal(variant: Variant, g: SymGrid, club, sel, rules: Rules) -> z3.BoolRef:
    """``sel`` is the cleared set of a legal move of ``variant`` (blocking judged on ``g``)."""
    return z3.And(z3.Not(blocked(g, variant.action)), clears(variant, g, club, sel, rules))


def variants_of(action: str) -> tuple[Variant, ...]:
    return tuple(v for v in VARIANTS if v.action == action)


def legal_action(action: str, g: SymGrid, club, sel, rules: Rules) -> z3.BoolRef:
    """Some line (direction) of ``action`` legally clears ``sel``."""
    return z3.Or([legal(v, g, club, sel, rules) for v in variants_of(action)])


# --------------------------------------------------------------------------
# Concrete grids: enumerate the encoding
# --------------------------------------------------------------------------

def concrete_selections(grid: Grid, club: int, action: str, rules: Rules, *,
                        line: str | None = None,
                        direction: str | None = None) -> set[tuple[int, ...]]:
    """Every selection the encoding allows for ``action`` on a concrete grid.

    With ``line``/``direction`` unset, every line (direction) of the action
    counts.  Enumerated by blocking each selection found.
    """
    g, sel = SymGrid.fresh(), fresh_selection()
    if line is not None or direction is not None:
        predicate = legal(Variant(action, line, direction), g, club, sel, rules)
    else:
        predicate = legal_action(action, g, club, sel, rules)
    solver = z3.Solver()
    solver.add(g.equals(grid), predicate)
    found: set[tuple[int, ...]] = set()
    while check(solver):  # an undecided check raises: it would pass for a disagreement
        model = solver.model()
        picked = decode_selection(model, sel)
        found.add(picked)
        solver.add(z3.Or([sel[i] != (i in picked) for i in SLOTS]))
    return found


# --------------------------------------------------------------------------
# Running obligations
# --------------------------------------------------------------------------

RULE_VARIANTS: tuple[tuple[str, Rules], ...] = (
    ("rulebook", DEFAULT_RULES),
    ("webapp", WEBAPP),
    ("rulebook, must_clear=False", dataclasses.replace(DEFAULT_RULES, must_clear=False)),
    ("rulebook, run_min_cards=3", dataclasses.replace(DEFAULT_RULES, run_min_cards=3)),
    *((f"rulebook, {f.name}=True", dataclasses.replace(DEFAULT_RULES, **{f.name: True}))
      for f in dataclasses.fields(Rules) if f.default is False),
)
"""The presets and every single-field change of the rulebook preset, for
claims that should hold whichever way the open points are read."""


def ruleset_words(name: str) -> str:
    """A case of :data:`RULE_VARIANTS` in words: ``rulebook, run_min_cards=3`` ->
    ``the rulebook ruleset with Shortest Run: 3 cards``."""
    preset, _, change = name.partition(", ")
    if preset not in ("rulebook", "webapp"):
        return name
    words = f"the {preset} ruleset"
    if change:
        field, _, value = change.partition("=")
        ambiguity = next((a for a in AMBIGUITIES if a.field == field), None)
        if ambiguity is None:
            return f"{words} with {field.replace('_', ' ')} {value}"
        reading = next((r for r in ambiguity.readings if repr(r.value) == value), None)
        words += f" with {ambiguity.setting_words}: {reading.words if reading else value}"
    return words


def cases_words(names: Sequence[str]) -> str:
    """The rulesets a proof covered, in words."""
    if list(names) == [name for name, _ in RULE_VARIANTS]:
        return "both rulesets, and the rulebook with each open point read the other way"
    words = [ruleset_words(name) for name in names]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _sym() -> tuple[SymGrid, z3.ArithRef, tuple[z3.BoolRef, ...]]:
    g, club, sel = SymGrid.fresh(), fresh_club(), fresh_selection()
    return g, club, sel


def _position(model: z3.ModelRef, g: SymGrid, club, sel=None, **extra) -> dict:
    found = {"grid": format_grid(g.decode(model)),
             "club": rank_text(model.eval(club, model_completion=True).as_long())}
    if sel is not None:
        found["selection"] = list(decode_selection(model, sel))
    found.update(extra)
    return found


def _prove(counterexample: Callable[[z3.Solver, Rules], Callable[[z3.ModelRef], dict]],
           cases: Sequence[tuple[str, Rules]], what: str) -> Answer:
    """Proved when, for every ruleset in ``cases``, the counterexample is unsat.

    ``counterexample(solver, rules)`` adds the negated claim and returns how
    to describe a model of it.
    """
    for name, rules in cases:
        solver = z3.Solver()
        describe = counterexample(solver, rules)
        if check(solver):
            found = describe(solver.model())
            found["rules"] = name
            return Answer("refuted", f"counterexample under {ruleset_words(name)}: {found}",
                          found)
    names = cases_words([name for name, _ in cases])
    return Answer("proved", f"{what} (no counterexample under {names})")


def _witness(build: Callable[[z3.Solver], tuple[SymGrid, z3.ArithRef,
                                               Callable[[z3.ModelRef], tuple[dict, str]]]],
             ) -> Answer:
    """A small witness of what ``build`` asserts (see :func:`smallest_model`)."""
    solver = z3.Solver()
    g, club, describe = build(solver)
    model = smallest_model(solver, g, club)
    if model is None:
        return Answer("refuted", "no such position exists")
    found, detail = describe(model)
    return Answer("witness", detail, found)


def _card_code(g: SymGrid, i: int) -> z3.ArithRef:
    """Orders the cards of a slot: empty, then A..K (D, H, S within a rank), Joker last."""
    return z3.If(z3.Not(g.present[i]), 0,
                 z3.If(g.joker[i], 100, g.value[i] * len(SUITS) + g.suit[i]))


def smallest_model(solver: z3.Solver, g: SymGrid, club, *,
                   more: Sequence[z3.ArithRef] = (), sel: Sequence[z3.BoolRef] = (),
                   canonical: bool = True):
    """The model with the fewest cards, then the fewest
    Jokers, then the cards in the earliest slots, then the lowest club; then
    (with ``canonical``) the lowest card slot by slot; then each term of
    ``more`` lowest; then the selection ``sel`` lowest as a binary number
    (slot 0 the lowest bit), so a single early slot wins.

    Short witnesses read well in the docs, and a total order of preference
    makes the witness the same from run to run, whatever z3 met before.  Each
    preference is settled by asking for a model below the last one until
    there is none: z3's Optimize takes minutes on full-grid witnesses, this
    a few checks per preference.  ``None`` when there is no model at all;
    a check z3 cannot decide raises (:func:`proofs.solving.check`).
    """
    preferences = [
        count(g.present),
        count(g.is_joker(i) for i in SLOTS),
        z3.Sum([z3.If(g.present[i], i, 0) for i in SLOTS]),
        club,
    ]
    if canonical:
        preferences += [_card_code(g, i) for i in SLOTS]
    preferences += list(more)
    if sel:
        preferences.append(z3.Sum([z3.If(sel[i], 2 ** i, 0) for i in SLOTS]))
    if not check(solver):
        return None
    model = solver.model()
    for term in preferences:
        best = model.eval(term, model_completion=True).as_long()
        while True:
            solver.push()
            solver.add(term < best)
            try:
                lower = check(solver)
                if lower:
                    model = solver.model()
                    best = model.eval(term, model_completion=True).as_long()
            finally:
                solver.pop()
            if not lower:
                break
        solver.add(term == best)
    return model


# --------------------------------------------------------------------------
# Obligations
# --------------------------------------------------------------------------

def every_move_clears() -> Answer:
    """CF 2.2: under either preset no legal move has an empty selection."""
    def negation(solver, rules):
        g, club, sel = _sym()
        solver.add(g.domain(), club_domain(club), z3.Not(z3.Or(sel)),
                   z3.Or([legal(v, g, club, sel, rules) for v in VARIANTS]))
        return lambda m: _position(m, g, club, sel)
    return _prove(negation, [("rulebook", DEFAULT_RULES), ("webapp", WEBAPP)],
                  "every legal move clears at least one card")


def triple_block_needs_nine_suited_cards() -> Answer:
    """CF 3.1-3.4: with 3+3+3 needed and Jokers suitless, all three blocks need 9 suited cards."""
    def negation(solver, rules):
        g, club, _ = _sym()
        solver.add(g.domain(), *(blocked(g, a) for a in BLOCKING_SUIT),
                   z3.Not(z3.And([g.valued(i) for i in SLOTS])))
        return lambda m: _position(m, g, club)
    return _prove(negation, [("any ruleset", DEFAULT_RULES)],
                  "Line, Up/Down and Run are blocked together only on a full grid "
                  "without a Joker")


def all_three_blocked() -> Answer:
    """CF 3.2-3.4: a grid blocks all three blockable actions, although its ranks would
    give the club a move of each of them (so the blocks really take moves away)."""
    def build(solver):
        g, club, _ = _sym()
        solver.add(g.realistic(), club_domain(club))
        sels = {}
        for action in BLOCKING_SUIT:
            sels[action] = fresh_selection(f"sel_{action}")
            solver.add(blocked(g, action),
                       z3.Or([clears(v, g, club, sels[action], DEFAULT_RULES)
                              for v in variants_of(action)]))

        def describe(m):
            found = _position(m, g, club, unblocked_selections={
                a: list(decode_selection(m, s)) for a, s in sels.items()})
            return found, (f"{found['grid']} with club {found['club']}: 3 Diamonds, 3 Spades "
                           f"and 3 Hearts block Line, Up/Down and Run, each of which the "
                           f"club could otherwise take")
        return g, club, describe
    return _witness(build)


def never_blocked() -> Answer:
    """CF 3.5: Match, Sum and Any do not depend on suits at all (so nothing blocks them)."""
    def negation(solver, rules):
        g, club, sel = _sym()
        other = SymGrid(g.present, g.joker, g.value,
                        tuple(z3.Int(f"other_suit_{i}") for i in SLOTS))
        differs = [legal(v, g, club, sel, rules) != legal(v, other, club, sel, rules)
                   for v in VARIANTS if v.action in ("match", "sum", "any")]
        solver.add(g.domain(), other.domain(), club_domain(club), z3.Or(differs))
        return lambda m: _position(m, g, club, sel, other=format_grid(other.decode(m)))
    return _prove(negation, RULE_VARIANTS,
                  "two grids that differ only in suits allow the same Match, Sum and Any "
                  "selections for every club")


def match_clears_every_card_of_rank() -> Answer:
    """CF 4.1: under the rulebook Match clears exactly the cards of the club's rank."""
    def negation(solver, rules):
        g, club, sel = _sym()
        spec = z3.And(z3.Or([g.has_value(i, club) for i in SLOTS]),
                      *[sel[i] == g.has_value(i, club) for i in SLOTS])
        solver.add(g.domain(), club_domain(club),
                   legal(Variant("match"), g, club, sel, rules) != spec)
        return lambda m: _position(m, g, club, sel)
    return _prove(negation, [("rulebook", DEFAULT_RULES)],
                  "Match clears all the cards of the club's rank, no Joker, and needs one")


def sum_is_exact() -> Answer:
    """CF 4.2: a legal Sum is exactly a non-empty set of valued cards totalling the club."""
    def negation(solver, rules):
        g, club, sel = _sym()
        total = z3.Sum([z3.If(sel[i], g.value[i], 0) for i in SLOTS])
        spec = z3.And(z3.Or(sel), total == club,
                      *[z3.Implies(sel[i], g.valued(i)) for i in SLOTS])
        solver.add(g.domain(), club_domain(club),
                   legal(Variant("sum"), g, club, sel, rules) != spec)
        return lambda m: _position(m, g, club, sel)
    return _prove(negation, [("rulebook", DEFAULT_RULES)],
                  "the legal Sums are exactly the non-empty sets of valued cards "
                  "adding up to the club")


def any_clears_one_card() -> Answer:
    """CF 4.3: Any clears any single card, Joker included, and only single cards."""
    def negation(solver, rules):
        g, club, sel = _sym()
        spec = z3.And(count(sel) == 1, _only_within(sel, g.present))
        solver.add(g.domain(), club_domain(club),
                   legal(Variant("any"), g, club, sel, rules) != spec)
        return lambda m: _position(m, g, club, sel)
    return _prove(negation, RULE_VARIANTS, "Any's selections are exactly the single cards")


def line_clears_whole_line() -> Answer:
    """CF 4.4: a legal Line clears every card of a row or column holding the club's rank."""
    def negation(solver, rules):
        g, club, sel = _sym()
        spec = z3.Or([z3.And(z3.Or([g.has_value(i, club) for i in slots]),
                             *[sel[i] == (g.present[i] if i in slots else False)
                               for i in SLOTS])
                      for _, slots in LINES])
        solver.add(g.domain(), club_domain(club), z3.Not(blocked(g, "line")),
                   legal_action("line", g, club, sel, rules) != spec)
        return lambda m: _position(m, g, club, sel)
    return _prove(negation, [("rulebook", DEFAULT_RULES)],
                  "unblocked, the Line selections are exactly the full rows and columns "
                  "holding a card of the club's rank")


def updown_spares_own_value() -> Answer:
    """CF 4.5: Up/Down never clears the club's own value or a Joker; A and K have none."""
    def negation(solver, rules):
        g, club, sel = _sym()
        bad = z3.Or(z3.Or([z3.And(sel[i], z3.Or(g.joker[i], g.value[i] == club))
                           for i in SLOTS]),
                    club == 1, club == 13)
        solver.add(g.domain(), club_domain(club), bad,
                   legal_action("updown", g, club, sel, rules))
        return lambda m: _position(m, g, club, sel)
    return _prove(negation, RULE_VARIANTS,
                  "no Up/Down selection holds a Joker or a card of the club's value, "
                  "and an Ace or King has no Up/Down")


def run_is_consecutive() -> Answer:
    """CF 4.6: a Run's cards and the club are consecutive values, one card each."""
    def negation(solver, rules):
        g, club, sel = _sym()
        # A hole: a value that is not the club's, has a run member (the club
        # included) on either side, and no cleared card.
        def member_below(v):
            return z3.Or(club < v, z3.Or([z3.And(sel[i], g.value[i] < v) for i in SLOTS]))

        def member_above(v):
            return z3.Or(club > v, z3.Or([z3.And(sel[i], g.value[i] > v) for i in SLOTS]))

        hole = z3.Or([z3.And(club != v, member_below(v), member_above(v),
                             z3.Not(z3.Or([z3.And(sel[i], g.value[i] == v) for i in SLOTS])))
                      for v in range(1, 14)])
        twice = z3.Or([z3.And(sel[i], sel[j], g.value[i] == g.value[j])
                       for i in SLOTS for j in SLOTS if i < j])
        bad = z3.Or(hole, twice, z3.Not(z3.Or(sel)),
                    z3.Or([z3.And(sel[i], z3.Or(g.joker[i], g.value[i] == club))
                           for i in SLOTS]))
        solver.add(g.domain(), club_domain(club), bad, legal(Variant("run"), g, club, sel, rules))
        return lambda m: _position(m, g, club, sel)
    # run_clears reads no field but run_min_cards, so the rulesets that differ
    # there cover every reading (each costs z3 about half a second).
    return _prove(negation, [("rulebook", DEFAULT_RULES),
                             ("rulebook, run_min_cards=3",
                              dataclasses.replace(DEFAULT_RULES, run_min_cards=3))],
                  "every Run clears at least one card, no Joker, none of the club's value, "
                  "at most one per value, and leaves no gap between its lowest and highest")


def jokers_only_by_any_or_line() -> Answer:
    """CF 4.7: under the rulebook no Match, Sum, Up/Down or Run clears a Joker."""
    def negation(solver, rules):
        g, club, sel = _sym()
        solver.add(g.domain(), club_domain(club),
                   z3.Or([z3.And(sel[i], g.is_joker(i)) for i in SLOTS]),
                   z3.Or([legal_action(a, g, club, sel, rules)
                          for a in ("match", "sum", "updown", "run")]))
        return lambda m: _position(m, g, club, sel)
    return _prove(negation, [("rulebook", DEFAULT_RULES)],
                  "no legal Match, Sum, Up/Down or Run selection holds a Joker")


def any_and_line_clear_a_joker() -> Answer:
    """CF 4.7, CF 4.3, CF 4.4: there is a position where Line clears a Joker, and Any can."""
    def build(solver):
        g, club, line_sel = _sym()
        any_sel = fresh_selection("any_sel")
        solver.add(g.realistic(), club_domain(club),
                   legal_action("line", g, club, line_sel, DEFAULT_RULES),
                   legal(Variant("any"), g, club, any_sel, DEFAULT_RULES),
                   z3.Or([z3.And(line_sel[i], any_sel[i], g.is_joker(i)) for i in SLOTS]))

        def describe(m):
            found = _position(m, g, club, line_sel)
            return found, (f"{found['grid']} with club {found['club']}: Line clears slots "
                           f"{found['selection']}, a Joker among them, and Any may clear "
                           f"that Joker alone")
        return g, club, describe
    return _witness(build)


# --------------------------------------------------------------------------
# Ambiguities: where two readings disagree
# --------------------------------------------------------------------------

def find_ambiguity_witness(ambiguity: Ambiguity, base: Rules = DEFAULT_RULES) -> dict | None:
    """A small grid, club and move legal under one reading of ``ambiguity`` only.

    The readings are ``base`` with the ambiguity's field set to each
    reading's value (the first two readings).  None when the readings agree
    on every grid.  The grid holds at least one card: an empty grid ends the
    game, so no club is ever played on one.
    """
    first, second = ambiguity.readings[:2]
    rules_a = dataclasses.replace(base, **{ambiguity.field: first.value})
    rules_b = dataclasses.replace(base, **{ambiguity.field: second.value})
    g, club, sel = _sym()
    k = z3.Int("variant")
    solver = z3.Solver()
    solver.add(g.realistic(), club_domain(club), z3.Or(g.present),
               0 <= k, k < len(VARIANTS))
    solver.add(z3.Or([z3.And(k == index, legal(v, g, club, sel, rules_a)
                             != legal(v, g, club, sel, rules_b))
                      for index, v in enumerate(VARIANTS)]))
    model = smallest_model(solver, g, club, more=[k], sel=sel)
    if model is None:
        return None
    variant = VARIANTS[model.eval(k).as_long()]
    allowed_by_first = z3.is_true(model.eval(legal(variant, g, club, sel, rules_a),
                                             model_completion=True))
    allows, refuses = (first, second) if allowed_by_first else (second, first)
    found = _position(model, g, club, sel, action=variant.action)
    if variant.line:
        found["line"] = variant.line
    if variant.direction:
        found["direction"] = variant.direction
    found.update(ambiguity=ambiguity.id, field=ambiguity.field,
                 allowed_by=allows.value, refused_by=refuses.value)
    return found


def _ambiguity_obligation(ambiguity: Ambiguity) -> Obligation:
    def run() -> Answer:
        found = find_ambiguity_witness(ambiguity)
        if found is None:
            return Answer("refuted", f"the readings of {ambiguity.field} agree on every grid")
        move = ACTION_TITLES[found["action"]]
        if found.get("line") or found.get("direction"):
            move += f" ({found.get('line') or found.get('direction')})"
        slots = found["selection"]
        cleared = ("nothing" if not slots else
                   f"slot {slots[0]}" if len(slots) == 1 else
                   "slots " + ", ".join(map(str, slots[:-1])) + f" and {slots[-1]}")
        allows = ambiguity.reading(found["allowed_by"]).words
        refuses = ambiguity.reading(found["refused_by"]).words
        return Answer("witness",
                      f"{found['grid']} with club {found['club']}: {move} clearing "
                      f"{cleared} is legal when \"{ambiguity.setting_words}\" is {allows}, "
                      f"not when it is {refuses}", found)
    return Obligation(f"{ambiguity.id}-W", ambiguity.rules,
                      f"The readings of {ambiguity.id} ({ambiguity.title}) disagree on "
                      f"some grid.", WITNESS, run)


OBLIGATIONS: tuple[Obligation, ...] = (
    Obligation("CF-P1", ("CF 2.2",),
               "Under the rulebook and webapp presets every legal move clears at least one "
               "card.", PROVED, every_move_clears),
    Obligation("CF-P2", ("CF 3.1", "CF 3.2", "CF 3.3", "CF 3.4"),
               "Line, Up/Down and Run can be blocked all at once only on a full grid of nine "
               "suited cards, since Jokers have no suit.", PROVED,
               triple_block_needs_nine_suited_cards),
    Obligation("CF-P3", ("CF 3.2", "CF 3.3", "CF 3.4"),
               "Some grid blocks Line, Up/Down and Run at once although its ranks would give "
               "the club a move of each.", WITNESS, all_three_blocked),
    Obligation("CF-P4", ("CF 3.5",),
               "Match, Sum and Any are never blocked: grids that differ only in suits allow "
               "the same Match, Sum and Any selections for every club, under every preset "
               "and single-field reading.", PROVED, never_blocked),
    Obligation("CF-P5", ("CF 4.1",),
               "Under the rulebook a legal Match clears exactly every card of the club's "
               "rank, and there is one only when such a card is in the grid.", PROVED,
               match_clears_every_card_of_rank),
    Obligation("CF-P6", ("CF 4.2",),
               "Under the rulebook the legal Sums are exactly the non-empty sets of valued "
               "cards whose values add up to the club's.", PROVED, sum_is_exact),
    Obligation("CF-P7", ("CF 4.3",),
               "Any clears exactly one card, and every card, a Joker included, can be "
               "cleared by Any.", PROVED, any_clears_one_card),
    Obligation("CF-P8", ("CF 4.4",),
               "Under the rulebook, when Line is not blocked, its selections are exactly the "
               "full rows and columns that hold a card of the club's rank.", PROVED,
               line_clears_whole_line),
    Obligation("CF-P9", ("CF 4.5",),
               "Up/Down never clears a card of the club's own value or a Joker, and an Ace "
               "or King has no Up/Down, under every preset and single-field reading.",
               PROVED, updown_spares_own_value),
    Obligation("CF-P10", ("CF 4.6",),
               "Every Run clears at least one card, no Joker and none of the club's value, "
               "one card per value, and with the club fills its span without a gap.",
               PROVED, run_is_consecutive),
    Obligation("CF-P11", ("CF 4.7", "CF 4.1", "CF 4.2", "CF 4.5", "CF 4.6"),
               "Under the rulebook no legal Match, Sum, Up/Down or Run selection includes a "
               "Joker.", PROVED, jokers_only_by_any_or_line),
    Obligation("CF-P12", ("CF 4.7", "CF 4.3", "CF 4.4"),
               "Under the rulebook some position lets Line clear a Joker and Any clear it "
               "alone.", WITNESS, any_and_line_clear_a_joker),
    *(_ambiguity_obligation(a) for a in AMBIGUITIES),
)
