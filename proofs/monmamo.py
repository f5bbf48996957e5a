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

from model.monmamo.cards import MMCard, synthetic_set
from proofs.obligations import PROVED, WITNESS, Answer, Obligation
from proofs.solving import check


def _monster_counts(library: Sequence[str], cards: Mapping[str, MMCard]) -> Counter:
    return Counter(n for n in library if cards[n].type == "Monster")


def _share_out(solver: z3.Solver, counts: Mapping[str, z3.ArithRef | int], players: int,
               each: int, cards: Mapping[str, MMCard]) -> dict:
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
                        cards: Mapping[str, MMCard] | None = None) -> dict[int, list[str]] | None:
    """A share-out of the Library's Monsters meeting the format, or ``None`` if none."""
    cards = cards or synthetic_set()
    counts = _monster_counts(library, cards)
    solver = z3.Solver()
    share = _share_out(solver, counts, players, each, cards)
    if not check(solver):
        return None
    model = solver.model()
    return {p: sorted(n for n in counts for _ in range(model.eval(share[p, n]).as_long()))
            for p in range(players)}


def brute_monsters_assignable(library: Sequence[str], players: int, each: int,
                              cards: Mapping[str, MMCard] | None = None) -> bool:
    """The same question, by trying every owner (or none) for every Monster card."""
    cards = cards or synthetic_set()
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
    library = sorted(synthetic_set())
    share = monsters_assignable(library, 2, 1)
    if share is None:
        return Answer("refuted", "no share-out of the synthetic set's Monsters")
    return Answer(WITNESS, f"player 0 gets {' '.join(share[0])}, player 1 "
                           f"{' '.join(share[1])}", {str(p): v for p, v in share.items()})


def _no_library_holds_four_monsters() -> Answer:
    """Any number of copies of every synthetic Monster: still no four on the Battlefield."""
    cards = synthetic_set()
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


OBLIGATIONS: tuple[Obligation, ...] = (
    Obligation("MM-P1", ("MM 4.1", "MM 2.2", "MM 2.4"),
               "A Library of one of each synthetic card can meet a two-player format of "
               "one Monster each.", WITNESS, _whole_set_meets_one_each),
    Obligation("MM-P2", ("MM 4.1", "MM 2.2", "MM 2.3", "MM 2.4"),
               "No Library drawn from the synthetic set, however many copies it holds, "
               "can meet a two-player format of two Monsters each.",
               PROVED, _no_library_holds_four_monsters),
)
