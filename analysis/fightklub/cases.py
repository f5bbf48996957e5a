"""The data-driven case files of Fight Klub: deck, energy and fight cases, read and run.

A case file is TOML: a claim (``title``), the rule numbers it checks (``rules``),
the situation and the answer the rules must give.  Deck cases
(``data/deck-cases/``) hold a deck or a collection against the deck rules
(:func:`run_deck_case`); energy cases (``data/energy-cases/``) pay costs from a
pool (:func:`run_energy_case`); fight cases (``data/fight-cases/``) replay one
fight through the arithmetic of :mod:`model.fightklub.fights`
(:func:`run_fight_case`), for what the turn engine does not reach as a
scenario (a fight between two of three or more players, a reading of the
register set on purpose).  Reading a file and refusing a field nobody knows is
the same for all three, with the same one-line errors naming the file; every
problem with a file is an :class:`~model.core.errors.InputError` naming the
file and the field.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from analysis.fightklub.loading import (
    DECK_CASES, ENERGY_CASES, FIGHT_CASES, all_cards, shipped,
)
from model.core.errors import InputError
from model.core.notation import is_digits
from model.fightklub.decks import (
    CardList, check_collection, check_deck, parse_card_list, parse_deck,
)
from model.fightklub.energy import (
    MAX_COSTS, Cost, Pool, Situation, parse_cost, parse_pool, parse_table, pay,
    payment_problem,
)
from model.fightklub.energy_rules import energy_rulebook
from model.fightklub.fights import (
    POWER, FightResult, Fighter, Settlement, fight_mode, resolve_fight, settle)
from model.fightklub.rulebook import RULEBOOK
from model.fightklub.rules import PRESETS, DEFAULT_RULES, Rules
from model.fightklub.state import MAX_PLAYERS


# -- reading a case file ----------------------------------------------------------------------
def read_case_table(path: str | Path, fields: set[str] | frozenset[str]) -> tuple[dict, str]:
    """The case file's table and its place (for errors); an :class:`InputError` if the
    file cannot be read, is not TOML, or has a field outside ``fields``."""
    where = str(path)
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise InputError(f"cannot read the case: {error.strerror or error}", where) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise InputError(f"not valid TOML: {error}", where) from None
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r}; fields: {', '.join(sorted(fields))}",
                         where)
    return data, where


def case_ruleset(data: dict, where: str) -> Rules:
    """The ruleset a case asks for: ``ruleset`` (a preset name, default ``rulebook``) with
    the ``set`` table's fields changed; each field must exist and keep its type."""
    name = data.get("ruleset", "rulebook")
    if name not in PRESETS:
        raise InputError(f"ruleset: unknown preset {name!r}; known: {', '.join(PRESETS)}", where)
    overrides = data.get("set", {})
    if not isinstance(overrides, dict):
        raise InputError("set: expected a table of rules fields", where)
    fields = {f.name for f in dataclasses.fields(Rules)}
    for key, value in overrides.items():
        if key not in fields:
            raise InputError(f"set: unknown rules field {key!r}; fields: "
                             f"{', '.join(sorted(fields))}", where)
        if type(value) is not type(getattr(PRESETS[name], key)):
            raise InputError(f"set: {key} takes {type(getattr(PRESETS[name], key)).__name__}, "
                             f"not {value!r}", where)
    return dataclasses.replace(PRESETS[name], **overrides)


# -- data-driven deck cases --------------------------------------------------------------------
_CASE_FIELDS = {"title", "rules", "settings", "deck", "deck_name", "owned", "owned_name",
                "decks", "expect", "note"}


def case_paths() -> tuple[Path, ...]:
    """The shipped deck cases (``data/deck-cases/*.toml``), sorted."""
    return tuple(sorted(DECK_CASES.glob("*.toml")))


def _case_rules(settings: Any, where: str) -> Rules:
    if settings is None:
        return DEFAULT_RULES
    if not isinstance(settings, dict):
        raise InputError("[settings] is a table of Rules fields", where)
    fields = {field.name: field for field in dataclasses.fields(Rules)}
    changes = {}
    for key, value in settings.items():
        if key not in fields:
            raise InputError(f"{key!r} is not an Rules field", f"{where}: settings")
        if type(value) is not type(getattr(DEFAULT_RULES, key)):
            raise InputError(f"{key} takes {type(getattr(DEFAULT_RULES, key)).__name__}",
                             f"{where}: settings")
        changes[key] = value
    return dataclasses.replace(PRESETS["rulebook"], **changes)


def _case_list(data: Mapping[str, Any], text_key: str, shipped_key: str, where: str, *,
               deck: bool) -> CardList:
    if (text_key in data) == (shipped_key in data):
        raise InputError(f"a case gives either {text_key} (text) or {shipped_key} (a shipped "
                         "name)", where)
    if text_key in data:
        if not isinstance(data[text_key], str):
            raise InputError(f"{text_key} is text", where)
        return parse_card_list(data[text_key], f"{where}: {text_key}", deck=deck)
    name = data[shipped_key]
    if not isinstance(name, str):
        raise InputError(f"{shipped_key} is a shipped name", where)
    text, found = shipped(name, where)
    return parse_card_list(text, found, deck=deck)


def _read_case(path: Path | str) -> tuple[dict, str, tuple[str, ...]]:
    """A case file's table, its place and its checked rule numbers."""
    data, where = read_case_table(path, _CASE_FIELDS)
    numbers = data.get("rules")
    if not isinstance(numbers, list) or not numbers or not all(isinstance(n, str)
                                                                for n in numbers):
        raise InputError("rules must be a list of the rule numbers the case is about", where)
    if not isinstance(data.get("title"), str) or not data["title"].strip():
        raise InputError("a case needs a title (the claim it checks)", where)
    return data, where, RULEBOOK.validate(numbers, where)


def case_header(path: Path | str) -> tuple[str, tuple[str, ...]]:
    """A deck case's title (the claim it checks) and rule numbers, without running it."""
    data, _, numbers = _read_case(path)
    return data["title"], numbers


def run_deck_case(path: Path | str) -> tuple[bool, tuple[str, ...], list[str]]:
    """Run one deck case file: ``(passed, its rule numbers, what failed)``.

    A case gives a deck (``deck`` text or ``deck_name``), optional ``[settings]``
    (Rules fields) and ``[expect]``: ``valid``, ``violations`` (each
    ``{rules = [...], line = N}``, the line left out for the whole deck) and
    ``unchecked`` (the names of the checks that cannot be made).  A collection
    case gives ``owned`` (text or a shipped name) and ``decks`` (shipped names)
    and expects ``buildable`` and ``shortages`` (``{number, need, have}``).
    """
    data, where, rule_numbers = _read_case(path)
    rules = _case_rules(data.get("settings"), where)
    expect = data.get("expect")
    if not isinstance(expect, dict):
        raise InputError("a case needs an [expect] table", where)
    if "decks" in data:
        failures = _run_collection_case(data, expect, rules, where)
    else:
        failures = _run_deck_case(data, expect, rules, where)
    return not failures, rule_numbers, failures


def _run_deck_case(data, expect, rules: Rules, where: str) -> list[str]:
    deck = _case_list(data, "deck", "deck_name", where, deck=True)
    report = check_deck(deck, rules, cards=all_cards())
    failures = []
    if type(expect.get("valid")) is not bool:
        raise InputError("expect.valid (true or false) is required", where)
    if expect["valid"] is not report.valid:
        failures.append(f"valid is {report.valid}, expected {expect['valid']}")
    wanted_violations = expect.get("violations", [])
    if not isinstance(wanted_violations, list):
        raise InputError("expect.violations is a list of {rules, line}", where)
    wanted = Counter()
    for item in wanted_violations:
        if not isinstance(item, dict) or not isinstance(item.get("rules"), list):
            raise InputError("each expected violation is {rules = [...], line = N}", where)
        line = item.get("line")
        if line is not None and type(line) is not int:
            raise InputError("an expected violation's line is a whole number", where)
        wanted[(tuple(sorted(item["rules"])), line)] += 1
    found = Counter((tuple(sorted(v.rules)), v.line) for v in report.violations)
    for key in sorted(wanted - found, key=str):
        failures.append(f"missing violation {list(key[0])} at line {key[1]}")
    for key in sorted(found - wanted, key=str):
        message = next(v.message for v in report.violations
                       if (tuple(sorted(v.rules)), v.line) == key)
        failures.append(f"unexpected violation {list(key[0])} at line {key[1]}: {message}")
    wanted_unchecked = expect.get("unchecked", [])
    if not isinstance(wanted_unchecked, list):
        raise InputError("expect.unchecked is a list of check names", where)
    got = sorted(item.check for item in report.unchecked)
    if sorted(wanted_unchecked) != got:
        failures.append(f"unchecked {got}, expected {sorted(wanted_unchecked)}")
    return failures


def _run_collection_case(data, expect, rules: Rules, where: str) -> list[str]:
    owned = _case_list(data, "owned", "owned_name", where, deck=False)
    names = data["decks"]
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise InputError("decks is a list of shipped deck names", where)
    decks = []
    for name in names:
        text, found = shipped(name, where)
        decks.append(parse_deck(text, found))
    report = check_collection(owned, decks, rules, cards=all_cards())
    failures = []
    if expect.get("buildable") is not report.buildable:
        failures.append(f"buildable is {report.buildable}, expected {expect.get('buildable')}")
    wanted = expect.get("shortages", [])
    if not isinstance(wanted, list) or not all(isinstance(s, dict) for s in wanted):
        raise InputError("expect.shortages is a list of {number, need, have}", where)
    got = [{"number": s.number, "need": s.need, "have": s.have} for s in report.shortages]
    keyed = [{k: s.get(k) for k in ("number", "need", "have")} for s in wanted]
    if got != keyed:
        failures.append(f"shortages {got}, expected {keyed}")
    return failures


# -- energy cases --------------------------------------------------------------------------
_CASE_KEYS = {"title", "rules", "ruleset", "set", "pool", "latent", "drop_latent",
              "controls_drop", "table", "opponent_table", "costs", "payable", "burned",
              "reason_contains"}


@dataclass(frozen=True, slots=True)
class EnergyCase:
    """One energy case file: a payment and the answer the rules give."""

    path: str
    title: str
    rules: tuple[str, ...]
    ruleset: Rules
    pool: Pool
    costs: tuple[Cost, ...]
    situation: Situation
    payable: bool
    burned: tuple[Pool, ...] | None
    reason_contains: str


def energy_case_paths() -> list[Path]:
    return sorted(ENERGY_CASES.glob("*.toml"))


def load_energy_case(path: str | Path) -> EnergyCase:
    """Read one case file; every problem is an :class:`InputError` naming the file and field."""
    data, where = read_case_table(path, _CASE_KEYS)

    def text(key: str, default: str | None = None) -> str:
        value = data.get(key, default)
        if not isinstance(value, str):
            raise InputError(f"{key}: expected text, got {value!r}", where)
        return value

    for key in ("title", "pool", "costs", "payable", "rules"):
        if key not in data:
            raise InputError(f"missing field {key!r}", where)
    numbers = data["rules"]
    if not isinstance(numbers, list) or not numbers or not all(isinstance(n, str) for n in numbers):
        raise InputError("rules: expected a non-empty list of rule numbers", where)
    rules = energy_rulebook().validate(numbers, f"{where}: rules")
    ruleset = case_ruleset(data, where)
    costs_raw = data["costs"]
    if not isinstance(costs_raw, list) or not costs_raw or len(costs_raw) > MAX_COSTS:
        raise InputError(f"costs: expected a list of 1 to {MAX_COSTS} costs", where)
    for i, raw_cost in enumerate(costs_raw):
        if not isinstance(raw_cost, str):
            raise InputError(f"costs[{i}]: expected a cost as text like 'burn B, spot G', "
                             f"got {raw_cost!r}", where)
    costs = tuple(parse_cost(c, f"{where}: costs[{i}]") for i, c in enumerate(costs_raw))
    controls = data.get("controls_drop", True)
    payable = data["payable"]
    if not isinstance(controls, bool):
        raise InputError(f"controls_drop: expected true or false, got {controls!r}", where)
    if not isinstance(payable, bool):
        raise InputError(f"payable: expected true or false, got {payable!r}", where)
    situation = Situation(
        latent=parse_pool(text("latent", ""), f"{where}: latent"),
        drop_latent=parse_pool(text("drop_latent", ""), f"{where}: drop_latent"),
        controls_drop=controls,
        table=parse_table(text("table", ""), f"{where}: table"),
        opponent_table=parse_table(text("opponent_table", ""), f"{where}: opponent_table"),
        rules=ruleset)
    burned = None
    if "burned" in data:
        raw = data["burned"]
        if not isinstance(raw, list) or not all(isinstance(b, str) for b in raw):
            raise InputError("burned: expected a list of token lists like [\"B G\", \"-\"]",
                             where)
        burned = tuple(parse_pool(b, f"{where}: burned[{i}]") for i, b in enumerate(raw))
        if len(burned) != len(costs):
            raise InputError(f"burned: {len(burned)} entries for {len(costs)} costs", where)
    return EnergyCase(where, text("title"), rules, ruleset,
                      parse_pool(text("pool"), f"{where}: pool"), costs, situation, payable,
                      burned, text("reason_contains", ""))


def run_energy_case(path: str | Path) -> tuple[bool, tuple[str, ...], list[str]]:
    """Replay one case file: ``(passed, rule numbers, failures)``.

    The case passes when the exhaustive payer gives the expected answer, the
    expected burns (if the case gives them) are a valid payment and are the
    ones found, and the reason contains the expected words.
    """
    case = load_energy_case(path)
    s = case.situation
    payment = pay(case.pool, case.costs, latent=s.latent, drop_latent=s.drop_latent,
                  controls_drop=s.controls_drop, table=s.table, opponent_table=s.opponent_table,
                  rules=case.ruleset)
    failures = []
    if payment.payable != case.payable:
        failures.append(f"expected {'payable' if case.payable else 'not payable'}, got "
                        f"{'payable' if payment.payable else 'not payable'}: {payment.reason}")
    if case.burned is not None:
        problem = payment_problem(case.pool, case.costs, case.burned, situation=s)
        if problem is not None:
            failures.append(f"the expected burns are not a valid payment: {problem}")
        found = tuple(Pool.of(tokens) for tokens in payment.burned)
        if payment.payable and found != case.burned:
            failures.append("expected burns " + " | ".join(map(str, case.burned)) +
                            ", found " + " | ".join(map(str, found)))
    if case.reason_contains and case.reason_contains not in payment.reason:
        failures.append(f"the reason {payment.reason!r} does not contain "
                        f"{case.reason_contains!r}")
    return (not failures, case.rules, failures)


# -- fight cases ------------------------------------------------------------------------------
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
    ruleset: Rules
    expect: tuple[tuple[str, Any], ...]


def fight_case_paths() -> list[Path]:
    return sorted(FIGHT_CASES.glob("*.toml"))


def _whole(value: Any, name: str, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise InputError(f"{name}: expected a whole number from {low} to {high}, not "
                         f"{value!r}", where)
    return value


def _seat(value: Any, name: str, where: str, players: int) -> int:
    return _whole(value, name, where, 0, players - 1)


def _seat_key(key: str, name: str, where: str, players: int) -> int:
    if not is_digits(key):
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
    rules = RULEBOOK.validate(numbers, f"{where}: rules")
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
    cards = all_cards()
    try:
        if len(case.fighters) == 2 and fight_mode(*case.fighters, cards=cards) != POWER:
            a, b = case.fighters
            raise InputError(f"fighter: a case fights power against power or unopposed; "
                             f"{a.card} against {b.card} is {fight_mode(a, b, cards=cards)}", where)
        result = resolve_fight(case.fighters, case.order, case.ruleset,
                               nullified=case.nullified, cards=cards)
        seated = {fighter.player: fighter.card for fighter in case.fighters}
        settlement = settle(result, seated, dict(case.stakes),
                            case.winner_scores and result.winner is not None, {},
                            case.players > 2, case.ruleset, target=case.target,
                            card_table=cards)
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
