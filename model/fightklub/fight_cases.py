"""Fight cases: rulings on single fights written as data, replayed through the fight
arithmetic of :mod:`model.fightklub.fights`.

For what the two-player turn engine does not reach as a scenario (a fight between
two of three or more players, a reading of the register set on purpose), a case
file states one power-vs-power or unopposed fight, the raise-the-stakes cards
already waiting and whether the winning card scores, and what must come out: the
winner and the fight's shape, and where the cards go with the damage each seat
takes.  See the case files in ``data/fight-cases/`` for the format (title, rules,
players, order, nullified, winner_scores, target, ruleset, [set], [[fighter]],
[stakes], [expect]).

Every problem with a file is an :class:`~model.core.errors.InputError` naming
the file and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from model.core.errors import InputError
from model.fightklub.case_files import case_ruleset, read_case_table
from model.fightklub.fights import (
    POWER, FightResult, Fighter, Settlement, fight_mode, resolve_fight, settle)
from model.fightklub.rules import FKRules
from model.fightklub.state import MAX_PLAYERS

FIGHT_CASES_DIR = Path(__file__).parent / "data" / "fight-cases"
_KEYS = {"title", "rules", "players", "order", "nullified", "winner_scores", "target",
         "ruleset", "set", "fighter", "stakes", "expect"}
_FIGHTER_KEYS = {"seat", "card", "boosts", "side", "centre_bonus"}
_EXPECT_KEYS = {"winner", "shape", "scored", "exhausted", "raise_the_stakes", "damage"}


@dataclass(frozen=True, slots=True)
class FightCase:
    """One case file, read and checked."""

    path: str
    title: str
    rules: tuple[str, ...]
    players: int
    fighters: tuple[Fighter, ...]
    order: tuple[int, int, int]
    nullified: frozenset[int]
    winner_scores: bool
    target: int | None
    stakes: tuple[tuple[int, tuple[str, ...]], ...]
    ruleset: FKRules
    expect: tuple[tuple[str, Any], ...]


def fight_case_paths() -> list[Path]:
    return sorted(FIGHT_CASES_DIR.glob("*.toml"))


def _whole(value: Any, name: str, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise InputError(f"{name}: expected a whole number from {low} to {high}, not "
                         f"{value!r}", where)
    return value


def _seat(value: Any, name: str, where: str, players: int) -> int:
    return _whole(value, name, where, 0, players - 1)


def _seat_key(key: str, name: str, where: str, players: int) -> int:
    if not key.isdigit():
        raise InputError(f"{name}: seats are written \"0\", \"1\" ..., not {key!r}", where)
    return _seat(int(key), name, where, players)


def _positions(value: Any, name: str, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(p) is int and 0 <= p <= 2 for p in value):
        raise InputError(f"{name}: expected a list of positions 0 (left), 1 (centre), "
                         f"2 (right), not {value!r}", where)
    return tuple(value)


def _fighter(entry: Any, index: int, where: str, players: int) -> Fighter:
    name = f"fighter[{index}]"
    if not isinstance(entry, dict):
        raise InputError(f"{name}: expected a table", where)
    unknown = sorted(set(entry) - _FIGHTER_KEYS)
    if unknown:
        raise InputError(f"{name}: unknown field {unknown[0]!r}; fields: "
                         f"{', '.join(sorted(_FIGHTER_KEYS))}", where)
    card = entry.get("card")
    if not isinstance(card, str) or not card:
        raise InputError(f"{name}.card: expected a card code like \"S931\", not {card!r}", where)
    boosts = entry.get("boosts", [0, 0, 0])
    if not isinstance(boosts, list) or len(boosts) != 3 or not all(
            type(b) is int and -99 <= b <= 99 for b in boosts):
        raise InputError(f"{name}.boosts: expected 3 whole numbers (left, centre, right), "
                         f"not {boosts!r}", where)
    return Fighter(_seat(entry.get("seat"), f"{name}.seat", where, players), card,
                   _whole(entry.get("side", 0), f"{name}.side", where, 0, 1),
                   (boosts[0], boosts[1], boosts[2]),
                   _whole(entry.get("centre_bonus", 0), f"{name}.centre_bonus", where, 0, 9))


def _card_rows(value: Any, name: str, where: str, players: int, *, flag: bool) -> tuple:
    width = 3 if flag else 2
    if not isinstance(value, list):
        raise InputError(f"{name}: expected a list of [seat, card{', reward' if flag else ''}]",
                         where)
    rows = []
    for row in value:
        if (not isinstance(row, list) or len(row) != width or not isinstance(row[1], str)
                or (flag and not isinstance(row[2], bool))):
            raise InputError(f"{name}: expected [seat, card{', reward' if flag else ''}] "
                             f"entries, not {row!r}", where)
        rows.append((_seat(row[0], name, where, players), *row[1:]))
    return tuple(rows)


def _expect(value: Any, where: str, players: int) -> tuple[tuple[str, Any], ...]:
    if not isinstance(value, dict):
        raise InputError("expect: expected a table", where)
    unknown = sorted(set(value) - _EXPECT_KEYS)
    if unknown:
        raise InputError(f"expect: unknown field {unknown[0]!r}; fields: "
                         f"{', '.join(sorted(_EXPECT_KEYS))}", where)
    for key in ("winner", "shape"):
        if key not in value:
            raise InputError(f"expect: missing field {key!r}", where)
    winner = value["winner"]
    found: dict[str, Any] = {
        "winner": None if winner == "none" else _seat(winner, "expect.winner", where, players)}
    if not isinstance(value["shape"], str):
        raise InputError(f"expect.shape: expected text, not {value['shape']!r}", where)
    found["shape"] = value["shape"]
    for key in ("scored", "exhausted", "raise_the_stakes"):
        if key in value:
            found[key] = _card_rows(value[key], f"expect.{key}", where, players,
                                    flag=key == "scored")
    if "damage" in value:
        damage = value["damage"]
        if not isinstance(damage, dict):
            raise InputError("expect.damage: expected a table of seat = damage", where)
        found["damage"] = tuple(sorted(
            (_seat_key(seat, "expect.damage", where, players),
             _whole(taken, f"expect.damage.{seat}", where, 0, 999))
            for seat, taken in damage.items()))
    return tuple(found.items())


def load_fight_case(path: str | Path) -> FightCase:
    """Read one case file; every problem is an :class:`InputError` naming the file and field."""
    from model.fightklub.rulebook import FK_RULEBOOK

    data, where = read_case_table(path, _KEYS)
    for key in ("title", "rules", "fighter", "expect"):
        if key not in data:
            raise InputError(f"missing field {key!r}", where)
    if not isinstance(data["title"], str) or not data["title"].strip():
        raise InputError("title: expected a sentence", where)
    numbers = data["rules"]
    if not isinstance(numbers, list) or not numbers or not all(isinstance(n, str)
                                                                for n in numbers):
        raise InputError("rules: expected a non-empty list of rule numbers", where)
    rules = FK_RULEBOOK.validate(numbers, f"{where}: rules")
    players = _whole(data.get("players", 2), "players", where, 2, MAX_PLAYERS)
    entries = data["fighter"]
    if not isinstance(entries, list) or len(entries) not in (1, 2):
        raise InputError("fighter: expected one [[fighter]] (unopposed) or two (a fight)",
                         where)
    fighters = tuple(_fighter(entry, i, where, players) for i, entry in enumerate(entries))
    if len(fighters) == 2 and fighters[0].player == fighters[1].player:
        raise InputError(f"fighter: both fighters are seat {fighters[0].player}", where)
    order = _positions(data.get("order", [0, 1, 2]), "order", where)
    if sorted(order) != [0, 1, 2]:
        raise InputError(f"order: expected each of 0, 1, 2 once, not {list(order)}", where)
    nullified = frozenset(_positions(data.get("nullified", []), "nullified", where))
    scores = data.get("winner_scores", True)
    if not isinstance(scores, bool):
        raise InputError(f"winner_scores: expected true or false, not {scores!r}", where)
    target = data.get("target")
    if len(fighters) == 1:
        target = _seat(target, "target", where, players)
        if target == fighters[0].player:
            raise InputError("target: an unopposed card deals its damage to another seat", where)
    elif target is not None:
        raise InputError("target: only an unopposed card (one fighter) names a target", where)
    stakes_raw = data.get("stakes", {})
    if not isinstance(stakes_raw, dict):
        raise InputError("stakes: expected a table of seat = [cards]", where)
    stakes = []
    for seat, held in sorted(stakes_raw.items()):
        if not isinstance(held, list) or not all(isinstance(card, str) for card in held):
            raise InputError(f"stakes.{seat}: expected a list of card codes", where)
        stakes.append((_seat_key(seat, "stakes", where, players), tuple(held)))
    return FightCase(where, data["title"], rules, players, fighters,
                     (order[0], order[1], order[2]), nullified, scores, target, tuple(stakes),
                     case_ruleset(data, where), _expect(data["expect"], where, players))


def play_fight_case(case: FightCase) -> tuple[FightResult, Settlement]:
    """The case's fight and its settlement, by the fight arithmetic."""
    where = case.path
    try:
        if len(case.fighters) == 2 and fight_mode(*case.fighters) != POWER:
            a, b = case.fighters
            raise InputError(f"fighter: a case fights power against power or unopposed; "
                             f"{a.card} against {b.card} is {fight_mode(a, b)}", where)
        result = resolve_fight(case.fighters, case.order, case.ruleset,
                               nullified=case.nullified)
        cards = {fighter.player: fighter.card for fighter in case.fighters}
        settlement = settle(result, cards, dict(case.stakes),
                            case.winner_scores and result.winner is not None, {},
                            case.players > 2, case.ruleset, target=case.target)
    except InputError as error:
        raise error.at(where) if where not in str(error) else error from None
    except ValueError as error:
        raise InputError(str(error), where) from None
    return result, settlement


def run_fight_case(path: str | Path) -> tuple[bool, tuple[str, ...], list[str]]:
    """Replay one case file: ``(passed, rule numbers, failures)``."""
    case = load_fight_case(path)
    result, settlement = play_fight_case(case)
    found = {"winner": result.winner, "shape": result.shape, "scored": settlement.scored,
             "exhausted": settlement.exhausted, "raise_the_stakes": settlement.raise_the_stakes,
             "damage": tuple(sorted(settlement.damage.items()))}
    failures = [f"expected {key} {want!r}, got {found[key]!r}"
                for key, want in case.expect if found[key] != want]
    return not failures, case.rules, failures
