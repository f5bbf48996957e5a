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
  state already on the way (no healing or Shield passive makes a cycle);
* under a policy that plays cards (``greedy``, ``eager``), :func:`policy_odds`
  builds the Markov chain over the whole state between rounds (hands, decks
  and discards as multisets, Adrenaline too), each round explored through the
  engine, and solves it exactly, cycles included, one strongly connected part
  at a time.  Hands make that chain large: past a bound on its states it gives
  no number, only the reason (the first round's pairs of hands and Bases are
  counted before anything is built).
"""

from __future__ import annotations

import dataclasses
import sys
from math import gcd
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from analysis.deadline import NO_DEADLINE, Deadline
from analysis.duel.loading import GAME
from model.core.game import CHANCE, Joint
from model.duel.characters import Character
from model.duel.resolution import clash_damage, resolve_round
from model.duel.round import role
from model.duel.rules import Rules
from model.duel.state import Play, State

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


def _roll_state(first: Character, second: Character, rules: Rules) -> State:
    """Round 1 at Generate Base with nothing in hand: both passed Before Rolls, so
    only the passives have acted (DU 5.8)."""
    state = GAME.start_with(first, second, 1)
    state = dataclasses.replace(state, step="before", decks=((), ()))
    return GAME.apply(state, Joint(((0, Play("pass")), (1, Play("pass")))), rules)


def before_resolution(first: Character, second: Character, rules: Rules,
                      deadline: Deadline = NO_DEADLINE) -> list[tuple[State, Fraction]]:
    """Every state just before Resolution in a round where both pass, with its odds
    (what :func:`round_odds` and :func:`duel_odds` start from: give it to both)."""
    frontier = [(_roll_state(first, second, rules), Fraction(1))]
    done: list[tuple[State, Fraction]] = []
    while frontier:
        state, p = frontier.pop()
        if GAME.current_player(state) == CHANCE:
            for action, q in GAME.chance_outcomes(state, rules):
                deadline.check("while rolling the first round's Bases")
                frontier.append((GAME.apply(state, action, rules), p * q))
        else:
            done.append((dataclasses.replace(state, acted=(True, True)), p))
    return done


def _signatures(before: list[tuple[State, Fraction]], rules: Rules) -> dict:
    """What Resolution reads of each state before it (the scores, the roles as
    Resolution sees them, the pending effects), merged, with their odds."""
    merged: dict = {}
    for state, p in before:
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


def round_odds(first: Character, second: Character, rules: Rules,
               deadline: Deadline = NO_DEADLINE, before: list | None = None) -> RoundOdds:
    """The roles and the first round's clash damage, both passing (``before``: what
    :func:`before_resolution` gave, if already computed)."""
    roles: Counter = Counter()
    clash: Counter = Counter()
    if before is None:
        before = before_resolution(first, second, rules, deadline)
    for state, p in before:
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


def duel_odds(first: Character, second: Character, rules: Rules,
              deadline: Deadline = NO_DEADLINE, before: list | None = None) -> DuelOdds:
    """Who wins the whole duel from full HP under the policy ``pass`` (module doc);
    ``before`` as for :func:`round_odds`.  Past ``deadline``: :class:`TimeUp`."""
    if before is None:
        before = before_resolution(first, second, rules, deadline)
    merged = _signatures(before, rules)
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
        deadline.check(f"while solving the Markov chain of the duel ({len(memo)} states)")
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


MAX_POLICY_STATES = 3_000
"""The most states (within rounds and between them) :func:`policy_odds` visits before it
says it cannot: past that the exact chain is not built, and no number is given."""


class _TooMany(Exception):
    pass


def _solve_absorbing(transitions: dict, ends: tuple,
                     deadline: Deadline = NO_DEADLINE) -> dict:
    """Exact absorption probabilities of a finite Markov chain: ``transitions`` maps each
    state to ``{next: Fraction}``, and ``ends`` are the absorbing outcomes.  States that
    cannot reach an end get zero for every end.  Solved one strongly connected component
    at a time, from the ends back, each by exact Gaussian elimination on Fractions."""
    import networkx as nx

    graph = nx.DiGraph()
    graph.add_nodes_from(transitions)
    graph.add_nodes_from(ends)
    for state, following in transitions.items():
        graph.add_edges_from((state, nxt) for nxt in following)
    reaching = set(ends)
    for end in ends:
        reaching |= nx.ancestors(graph, end)
    value: dict = {end: {e: Fraction(int(e == end)) for e in ends} for end in ends}
    zero = {e: Fraction(0) for e in ends}
    condensed = nx.condensation(graph)
    for component in reversed(list(nx.topological_sort(condensed))):
        members = [s for s in condensed.nodes[component]["members"] if s not in value]
        if not members:
            continue
        if not any(s in reaching for s in members):
            value.update({s: dict(zero) for s in members})
            continue
        index = {s: i for i, s in enumerate(members)}
        size = len(members)
        # (I - Q) x = b, one right-hand side per end.
        rows = []
        for s in members:
            row = [Fraction(0)] * size + [Fraction(0)] * len(ends)
            row[index[s]] += 1
            for nxt, p in transitions[s].items():
                if nxt in index:
                    row[index[nxt]] -= p
                else:
                    for k, e in enumerate(ends):
                        row[size + k] += p * value[nxt][e]
            rows.append(row)
        for col in range(size):
            deadline.check(f"while solving a part of {size} states of the Markov chain")
            pivot = next(r for r in range(col, size) if rows[r][col] != 0)
            rows[col], rows[pivot] = rows[pivot], rows[col]
            lead = rows[col][col]
            rows[col] = [x / lead for x in rows[col]]
            for r in range(size):
                if r != col and rows[r][col] != 0:
                    factor = rows[r][col]
                    rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col])]
        for s in members:
            value[s] = {e: rows[index[s]][size + k] for k, e in enumerate(ends)}
    return value


def _hand_count(character: Character) -> int:
    """How many different first hands (multisets of 5, DU 2.1) the Action Deck deals."""
    from model.duel.state import HAND_SIZE

    counts = list(Counter(character.deck()).values())
    size = min(HAND_SIZE, sum(counts))
    ways = [1] + [0] * size  # ways[k]: multisets of k cards from the kinds seen so far
    for count in counts:
        ways = [sum(ways[k - j] for j in range(0, min(count, k) + 1)) for k in range(size + 1)]
    return ways[size]


def policy_odds(first: Character, second: Character, rules: Rules, policy_name: str,
                max_states: int = MAX_POLICY_STATES,
                deadline: Deadline = NO_DEADLINE) -> DuelOdds:
    """Who wins the whole duel from full HP when both players follow the policy
    ``policy_name`` (a fixed one of ``analysis.duel.policies``): an exact Markov chain
    over the whole state between rounds (HP, Shield, Adrenaline, hands, decks and
    discards as multisets), each round's transitions the engine's own, every chance
    outcome with its exact odds, and no bound on rounds.  ``None`` with the reason when the chain
    has more than ``max_states`` states; :class:`TimeUp` past ``deadline``."""
    from analysis.duel.policies import POLICIES
    from model.duel.state import MAX_ROUNDS

    policy = POLICIES[policy_name]
    if not getattr(policy, "deterministic", False):
        raise ValueError(f"the policy {policy_name!r} draws at random; the chain follows "
                         "fixed policies only")
    ends = ("A", "B", "draw", "stuck")
    # Every pair of first hands with every pair of Bases is a state of its own in the
    # first round (each comes with some chance, and the state keeps the hand, the
    # card played from it and the Base), so their number alone may show the chain is
    # too big to build.
    first_round = (_hand_count(first) * len(first.power.outcomes())
                   * _hand_count(second) * len(second.power.outcomes()))
    if first_round > max_states:
        return DuelOdds(None, None, None, f"not computed: the exact Markov chain under the "
                        f"policy '{policy_name}' keeps the hands in its states, and the "
                        f"first round alone has {first_round} pairs of hands and Bases, "
                        f"more than the {max_states} states it may build", 0)
    visited = 0

    def between_rounds(state: State) -> State:
        """The state between rounds with what nothing can read taken out (an exact
        lumping of the chain): the round number (rounds are unbounded here); the
        Adrenaline of a character with no Adrenaline Action and no Rush; and, when
        the discards are reshuffled (DU 2.3) and a player's deck and discards hold
        one kind of card only, where those cards lie (every draw gives that card)."""
        adrenaline = tuple(0 if not char.adrenaline and not any(c.rush for c in char.cards)
                           else state.adrenaline[seat]
                           for seat, char in enumerate(state.chars))
        decks, discards = list(state.decks), list(state.discards)
        for seat in (0, 1):
            if rules.reshuffle_discards and len(set(decks[seat] + discards[seat])) <= 1:
                decks[seat] = tuple(sorted(decks[seat] + discards[seat]))
                discards[seat] = ()
        return dataclasses.replace(state, round=1, adrenaline=adrenaline,
                                   decks=tuple(decks), discards=tuple(discards))

    def exit_of(state: State):
        if state.step == "over":
            down = (state.hp[0] == 0, state.hp[1] == 0)
            return {(False, True): "A", (True, False): "B", (True, True): "draw"}.get(
                down, "stuck")
        return between_rounds(state) if state.round > 1 else None

    def round_from(start: State) -> dict:
        """Where one round from ``start`` leads, with the odds (memoised on states)."""
        nonlocal visited
        memo: dict = {}

        def value(state: State) -> dict:
            nonlocal visited
            end = exit_of(state)
            if end is not None:
                return {end: Fraction(1)}
            if state in memo:
                return memo[state]
            visited += 1
            if visited > max_states:
                raise _TooMany
            deadline.check(f"while building the Markov chain under the policy "
                           f"'{policy_name}' ({visited} states)")
            player = GAME.current_player(state)
            if player == CHANCE:
                branches = [(a, q) for a, q in GAME.chance_outcomes(state, rules)]
            elif player >= 0:
                branches = [(policy.choose(GAME, state, rules, player), Fraction(1))]
            else:
                branches = [(Joint(tuple(
                    (seat, policy.choose(GAME, state, rules, seat))
                    for seat in GAME.players_to_act(state))), Fraction(1))]
            found: dict = {}
            for action, q in branches:
                for nxt, p in value(GAME.apply(state, action, rules)).items():
                    found[nxt] = found.get(nxt, Fraction(0)) + p * q
            memo[state] = found
            return found

        return value(start)

    start = between_rounds(GAME.start_with(first, second, MAX_ROUNDS))
    transitions: dict = {}
    frontier = [start]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        while frontier:
            state = frontier.pop()
            if state in transitions:
                continue
            transitions[state] = round_from(state)
            frontier.extend(s for s in transitions[state] if s not in ends
                            and s not in transitions)
    except _TooMany:
        return DuelOdds(None, None, None, f"not computed: the exact Markov chain under the "
                        f"policy '{policy_name}' (the whole state between rounds: HP, "
                        "Shield, Adrenaline, hands, decks and discards) passed "
                        f"{max_states} states, within rounds and between them, after "
                        f"{len(transitions)} states between rounds", visited)
    finally:
        sys.setrecursionlimit(limit)
    value = _solve_absorbing(transitions, ends, deadline)[start]
    method = (f"exact Markov chain over the whole state between rounds (HP, Shield, "
              f"Adrenaline, hands, decks and discards as multisets) from full HP, with no "
              f"round limit, both players under the policy '{policy_name}', each round's "
              f"transitions the engine's own, and what nothing reads taken out of the "
              f"state (the round; the Adrenaline of a character that cannot spend it; "
              f"where the cards of a one-kind deck lie); {len(transitions)} states between "
              f"rounds, "
              f"{visited} within them; each strongly connected part solved exactly")
    return DuelOdds(value["A"], value["B"], value["draw"], method, len(transitions))
