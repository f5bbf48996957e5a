"""z3 obligations for the Monsters Masters & Mobsters setup phase.

The question z3 settles: can a battle format's requirements be met at all
with a given Library?  Setup may finish only once every player has the
format's Monsters on the Battlefield (MM 4.1), and the Battlefield holds a
name no more often than its cards allow (MM 2.2, MM 2.3, MM 2.4).  So the
format can be met only if the Monster cards of the Library can be shared out,
each player getting enough, without a name going over its limit.  When it can,
the earliest the format is met is after ``players x monsters`` setup turns
(each turn places one card, MM 4.11).

:func:`monsters_assignable` asks z3 for such a share-out;
:func:`brute_monsters_assignable` tries every share-out by hand, and the tests
compare the two on the same Libraries.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Mapping, Sequence

import z3

from analysis.monmamo.loading import GAME
from model.monmamo.cards import Card
from proofs.obligations import PROVED, WITNESS, Answer, Obligation
from proofs.solving import check


def _monster_counts(library: Sequence[str], cards: Mapping[str, Card]) -> Counter:
    return Counter(n for n in library if cards[n].type == "Monster")


def _share_out(solver: z3.Solver, counts: Mapping[str, z3.ArithRef | int], players: int,
               each: int, cards: Mapping[str, Card]) -> dict:
    """Constrain ``solver`` to a share-out; returns the variables by (player, number)."""
    share = {(p, n): z3.Int(f"p{p}_{n}") for p in range(players) for n in counts}
    for variable in share.values():
        solver.add(variable >= 0)
    for number, count in counts.items():
        solver.add(z3.Sum([share[p, number] for p in range(players)]) <= count)
    names: dict[str, list[str]] = {}
    for number in counts:
        names.setdefault(cards[number].name, []).append(number)
    for name, numbers in names.items():
        limits = [cards[n].battlefield_limit for n in numbers
                  if cards[n].battlefield_limit is not None]
        if limits:
            solver.add(z3.Sum([share[p, n] for p in range(players) for n in numbers])
                       <= min(limits))
    for p in range(players):
        solver.add(z3.Sum([share[p, n] for n in counts] or [z3.IntVal(0)]) >= each)
    return share


def monsters_assignable(library: Sequence[str], players: int, each: int,
                        cards: Mapping[str, Card]) -> dict[int, list[str]] | None:
    """A share-out of the Library's Monsters meeting the format, or ``None`` if none."""
    counts = _monster_counts(library, cards)
    solver = z3.Solver()
    share = _share_out(solver, counts, players, each, cards)
    if not check(solver):
        return None
    model = solver.model()
    return {p: sorted(n for n in counts for _ in range(model.eval(share[p, n]).as_long()))
            for p in range(players)}


def brute_monsters_assignable(library: Sequence[str], players: int, each: int,
                              cards: Mapping[str, Card]) -> bool:
    """The same question, by trying every owner (or none) for every Monster card."""
    monsters = [n for n in library if cards[n].type == "Monster"]
    for owners in itertools.product(range(players + 1), repeat=len(monsters)):
        placed = [n for n, owner in zip(monsters, owners) if owner < players]
        by_name = Counter(cards[n].name for n in placed)
        fits = all(count <= min((cards[n].battlefield_limit for n in placed
                                 if cards[n].name == name
                                 and cards[n].battlefield_limit is not None),
                                default=count)
                   for name, count in by_name.items())
        if fits and all(owners.count(p) >= each for p in range(players)):
            return True
    return False


def _whole_set_meets_one_each() -> Answer:
    library = sorted(GAME.cards)
    share = monsters_assignable(library, 2, 1, GAME.cards)
    if share is None:
        return Answer("refuted", "no share-out of the synthetic set's Monsters")
    return Answer(WITNESS, f"player 0 gets {' '.join(share[0])}, player 1 "
                           f"{' '.join(share[1])}", {str(p): v for p, v in share.items()})


def _no_library_holds_four_monsters() -> Answer:
    """Any number of copies of every synthetic Monster: still no four on the Battlefield."""
    cards = GAME.cards
    solver = z3.Solver()
    counts = {n: z3.Int(f"copies_{n}") for n, c in cards.items() if c.type == "Monster"}
    for count in counts.values():
        solver.add(count >= 0)
    _share_out(solver, counts, 2, 2, cards)
    if check(solver):
        model = solver.model()
        return Answer("refuted", "a Library meets two Monsters each",
                      {n: model.eval(v).as_long() for n, v in counts.items()})
    return Answer(PROVED, "the synthetic Monsters' names allow 3 on the Battlefield at "
                          "most (Bramblehound twice, Gritjaw the Unbroken once)")


def fewest_turns(players: int, monsters: int, skip_empty_final_turns: bool,
                 most: int = 40) -> int | None:
    """The fewest setup turns *taken* before setup is complete, by z3, or ``None``
    if no run of up to ``most`` turns completes.

    The counting model: turn ``t`` belongs to seat ``t mod players``; a turn
    places at most one Monster, for its own player (MM 4.4, MM 4.11); the
    declaration comes in a turn after which every player has ``monsters``
    Monsters (MM 4.1, MM 4.13), and each other player then has one final
    turn, which (under MM-A8's default) a player with no card skips.  Every
    card-level detail is left out, so this is a lower bound for any Library;
    the tests hold it against the explorer's shortest complete setups.
    """
    best: int | None = None
    for turns in range(1, most + 1):
        if best is not None and turns - (players - 1) > best:
            break  # at most players - 1 turns are skipped: no longer run does better
        solver = z3.Solver()
        places = [z3.Bool(f"place_{t}") for t in range(turns)]
        taken = [z3.Bool(f"taken_{t}") for t in range(turns)]
        declared = z3.Int("declared")
        solver.add(declared >= 0, declared < turns)
        # The declaration's turn is followed by exactly the other players' final turns.
        solver.add(declared + players - 1 == turns - 1)
        for t in range(turns):
            owner_count = [z3.Sum([z3.If(places[u], 1, 0) for u in range(t + 1)
                                   if u % players == p] or [z3.IntVal(0)])
                           for p in range(players)]
            # A turn that is not taken places nothing; only final turns may be skipped.
            solver.add(z3.Implies(z3.Not(taken[t]), z3.Not(places[t])))
            solver.add(z3.Implies(declared >= t, taken[t]))
            if not skip_empty_final_turns:
                solver.add(taken[t])
            solver.add(z3.Implies(declared == t,
                                  z3.And([c >= monsters for c in owner_count])))
        # The fewest turns taken in a run of this length: try each count in turn.
        for count in range(1, turns + 1 if best is None else min(turns + 1, best)):
            solver.push()
            solver.add(z3.Sum([z3.If(k, 1, 0) for k in taken]) == count)
            found = check(solver)
            solver.pop()
            if found:
                best = count
                break
    return best


def _fewest_turns_answer(skip: bool) -> Answer:
    found = {}
    for players in (2, 3, 4):
        for monsters in (1, 2, 3):
            expected = players * monsters + (0 if skip else players - 1)
            got = fewest_turns(players, monsters, skip)
            if got != expected:
                return Answer("refuted", f"{players} players, {monsters} Monsters each: "
                                         f"fewest {got} turns, not {expected}")
            found[f"{players}x{monsters}"] = got
    rule = ("players x Monsters" if skip else "players x Monsters + players - 1")
    return Answer(PROVED, f"the fewest turns taken is {rule} for 2-4 players and 1-3 "
                          "Monsters each", found)


OBLIGATIONS: tuple[Obligation, ...] = (
    Obligation("MM-P1", ("MM 4.1", "MM 2.2", "MM 2.4"),
               "A Library of one of each synthetic card can meet a two-player format of "
               "one Monster each.", WITNESS, _whole_set_meets_one_each),
    Obligation("MM-P2", ("MM 4.1", "MM 2.2", "MM 2.3", "MM 2.4"),
               "No Library drawn from the synthetic set, however many copies it holds, "
               "can meet a two-player format of two Monsters each.",
               PROVED, _no_library_holds_four_monsters),
    Obligation("MM-P3", ("MM 4.11", "MM 4.13", "MM 4.15"),
               "Setup takes at least players x Monsters turns before it is complete "
               "when final turns without cards are skipped, and no fewer will do.",
               PROVED, lambda: _fewest_turns_answer(True)),
    Obligation("MM-P4", ("MM 4.11", "MM 4.13", "MM 4.14"),
               "When every final turn must be taken, setup takes at least players x "
               "Monsters + players - 1 turns, and no fewer will do.",
               PROVED, lambda: _fewest_turns_answer(False)),
)
