"""Exact odds of the duel: Bases, criticals, roles, clash damage, and who wins.

Every number is a :class:`fractions.Fraction` computed from the Power Sources'
exact outcomes and the engine itself (``model.duel.engine``), so the odds and
the rules cannot drift apart:

* the Base distribution and the chance of a critical come from the Power
  Source's outcomes (DU 4.1, DU 4.5);
* the chance of each role and the first round's clash damage come from
  running the engine's Generate Base and After Rolls on every pair of Bases
  with both players passing (DU 4.3, DU 4.4, DU 6.4);
* the chance that each side wins the whole duel is a Markov chain over
  (HP, HP, Shield, Shield) under the fixed policy ``pass`` (no card and no
  Adrenaline Action is ever played; passives and criticals still act), each
  round's transition taken from the engine's Resolution.  Rounds are not
  bounded here.  A round that changes nothing loops back to its own state;
  the chain is solved exactly as long as no other transition leads back to a
  state already on the way (no healing or Shield passive makes a cycle).
"""

from __future__ import annotations

import dataclasses
import sys
from math import gcd
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from model.core.game import CHANCE, Joint
from model.duel.characters import Character
from model.duel.engine import GAME, role
from model.duel.resolution import clash_damage, resolve_round
from model.duel.rules import DuelRules
from model.duel.state import DuelState, Play

METHOD = ("Markov chain over (HP, HP, Shield, Shield) from full HP, with no round limit, "
          "both players under the policy 'pass' (no card, no Adrenaline Action; passives "
          "and criticals act), each round's transition the engine's own Resolution")
"""How :func:`duel_odds` computes, in words (the commands and the docs show it)."""

MAX_CHAIN_STATES = 50_000
"""The most Markov states :func:`duel_odds` visits before it says it cannot."""


def base_distribution(character: Character) -> dict[int, Fraction]:
    """The chance of each Base (DU 4.1)."""
    found: Counter = Counter()
    for values, p in character.power.outcomes():
        found[sum(values)] += p
    return dict(sorted(found.items()))


def critical_chance(character: Character) -> Fraction:
    """The chance the raw Base lies in the Critical Range (DU 4.5)."""
    return sum((p for base, p in base_distribution(character).items()
                if character.is_crit(base)), Fraction(0))


def _roll_state(first: Character, second: Character, rules: DuelRules) -> DuelState:
    """Round 1 at Generate Base with nothing in hand: both passed Before Rolls, so
    only the passives have acted (DU 5.8)."""
    state = GAME.start_with(first, second, 1)
    state = dataclasses.replace(state, step="before", decks=((), ()))
    return GAME.apply(state, Joint(((0, Play("pass")), (1, Play("pass")))), rules)


def _before_resolution(first: Character, second: Character,
                       rules: DuelRules) -> list[tuple[DuelState, Fraction]]:
    """Every state just before Resolution in a round where both pass, with its odds."""
    frontier = [(_roll_state(first, second, rules), Fraction(1))]
    done: list[tuple[DuelState, Fraction]] = []
    while frontier:
        state, p = frontier.pop()
        if GAME.current_player(state) == CHANCE:
            for action, q in GAME.chance_outcomes(state, rules):
                frontier.append((GAME.apply(state, action, rules), p * q))
        else:
            done.append((dataclasses.replace(state, acted=(True, True)), p))
    return done


def _signatures(first: Character, second: Character, rules: DuelRules) -> dict:
    """What Resolution reads of each state before it (the scores, the roles as
    Resolution sees them, the pending effects), merged, with their odds."""
    merged: dict = {}
    for state, p in _before_resolution(first, second, rules):
        roles = [role(state, s, rules) for s in (0, 1)]
        aggressors = tuple(s for s in (0, 1) if roles[s] == "aggressor") or (0, 1)
        defender = None if len(aggressors) == 2 else next(
            (s for s in (0, 1) if roles[s] == "defender"), None)
        # Resolution reads the scores only through their difference (DU 6.3, DU 6.4,
        # DU 6.6), so rounds that differ by a shift of both scores merge.
        key = ((state.strike(0) - state.strike(1), 0), aggressors, defender,
               tuple((item.owner, item.effect) for item in state.pending))
        merged[key] = merged.get(key, Fraction(0)) + p
    return merged


@dataclass(frozen=True, slots=True)
class RoundOdds:
    aggressor: tuple[Fraction, Fraction, Fraction]
    """Player 0 Aggressor, player 1 Aggressor, no roles (a tie, DU 4.4)."""
    clash: dict[int, Fraction]
    """The first round's clash damage before Shields (the difference less DR)."""


def round_odds(first: Character, second: Character, rules: DuelRules) -> RoundOdds:
    roles: Counter = Counter()
    clash: Counter = Counter()
    for state, p in _before_resolution(first, second, rules):
        roles[state.roles] += p
        dr = [sum(item.effect.amount for item in state.pending if item.owner == seat
                  and item.effect.kind == "dr" and item.effect.when == "always")
              for seat in (0, 1)]
        a, b = state.strike(0), state.strike(1)
        amount = clash_damage(max(a, b), min(a, b), dr[0] if a < b else dr[1]) if a != b else 0
        clash[amount] += p
    return RoundOdds((roles["0"], roles["1"], roles["none"]), dict(sorted(clash.items())))


@dataclass(frozen=True, slots=True)
class DuelOdds:
    first: Fraction | None
    second: Fraction | None
    draw: Fraction | None
    method: str
    states: int


def duel_odds(first: Character, second: Character, rules: DuelRules) -> DuelOdds:
    """Who wins the whole duel from full HP under the policy ``pass`` (module doc)."""
    merged = _signatures(first, second, rules)
    # Whole-number weights over one common denominator: the sums below stay integers.
    denominator = 1
    for p in merged.values():
        denominator = denominator * p.denominator // gcd(denominator, p.denominator)
    signatures = [(key, int(p * denominator)) for key, p in merged.items()]
    maxima = (first.hp, second.hp)
    memo: dict[tuple, tuple[Fraction, Fraction, Fraction]] = {}
    on_path: set = set()

    class _Cycle(Exception):
        pass

    class _TooBig(Exception):
        pass

    def value(hp: tuple, shield: tuple) -> tuple[Fraction, Fraction, Fraction]:
        key = (hp, shield)
        if key in memo:
            return memo[key]
        if key in on_path:
            raise _Cycle
        if hp[0] == 0 or hp[1] == 0:
            result = ((Fraction(int(hp[1] == 0 and hp[0] > 0)), Fraction(int(hp[0] == 0 and hp[1] > 0)),
                       Fraction(int(hp == (0, 0)))))
            memo[key] = result
            return result
        if len(memo) > MAX_CHAIN_STATES:
            raise _TooBig
        on_path.add(key)
        # Rounds that lead to the same state are added up before the (large) exact
        # values below them are multiplied in.
        following: dict = {}
        for (ss, aggressors, defender, pending), p in signatures:
            nxt = resolve_round(ss, aggressors, defender, pending, hp, shield, maxima,
                                rules)[:2]
            following[nxt] = following.get(nxt, 0) + p
        stay = Fraction(following.pop(key, 0), denominator)
        total = [Fraction(0)] * 3
        for nxt, weight in following.items():
            sub = value(*nxt)
            p = Fraction(weight, denominator)
            for i in range(3):
                if sub[i]:
                    total[i] += p * sub[i]
        on_path.discard(key)
        if stay == 1:
            result = (Fraction(0), Fraction(0), Fraction(0))
        else:
            result = tuple(t / (1 - stay) for t in total)
        memo[key] = result
        return result

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        a, b, d = value((first.hp, second.hp), (0, 0))
    except _Cycle:
        return DuelOdds(None, None, None, "not computed: a passive lets HP or Shield come "
                        "back, so the Markov chain has cycles this exact method does not "
                        "solve", len(memo))
    except _TooBig:
        return DuelOdds(None, None, None, f"not computed: more than {MAX_CHAIN_STATES} "
                        "Markov states", len(memo))
    finally:
        sys.setrecursionlimit(limit)
    method = f"exact {METHOD}; {len(memo)} states"
    if d:
        # The exact value's digits run to hundreds: words carry it rounded, and it is
        # 1 - A - B exactly.
        method += (f"; both fall in the same round with probability {float(d):.3g} "
                   "(exactly 1 - A - B)")
    return DuelOdds(a, b, d, method, len(memo))
