"""``ringside fightklub fight``: what happens in one fight between two fight cards?

``ringside fightklub fight CARD [CARD] [--side-a N] [--boost-a L,C,R] [--bonus-a N]
[--stakes-a CODES] (the same for b) [--order left,centre,right] [--nullified left,...]
[--stopped] [--clash-text a|b] [--measure-a "NAME=N"] [--measure-b "NAME=N"]
[--players N] [--rules R] [--set FIELD=VALUE] [--json]``

Card a belongs to seat 0, card b to seat 1; one card alone is unopposed (its damage
goes to seat 1).  The fight is resolved by the fight model
(:mod:`model.fightklub.fights`): skirmishes in the order given (or the clash text
that decides), then the score step's settlement: which cards score, are exhausted or
wait as raise-the-stakes cards, and the damage each seat takes.  Every line of the
text output names the rule that decides it.

JSON: ``{"mode", "winner": 0|1|null, "shape", "clash_text_of", "skirmishes":
[{"position", "totals", "winner", "nullified", "fired": [{"seat", "do", ...}]}],
"scored": [{"seat", "card", "reward"}], "exhausted": [{"seat", "card"}],
"raise_the_stakes": [{"seat", "card"}], "damage": {"0": n, "1": n}, "rules"}``.
"""

from __future__ import annotations

from typing import Any

from harness.output import EXIT_OK
from harness.games.fightklub.data import add_cards_option, game_of
from harness.toolkit import (
    Report, add_command, add_rules_options, bounded_int, needs, read_rules,
)
from model.core.errors import InputError

EXAMPLE = ["S931", "S971", "--boost-a", "0,0,1", "--nullified", "left"]
SEAT_WORDS = {0: "seat 0 (card a)", 1: "seat 1 (card b)"}


MAX_BOOST = 99
"""The largest boost a position may be given: printed tabs and bonuses are single digits."""
MAX_MEASURE = 999
"""The largest count a clash measure may be given (cards in hand, energy ...)."""


def _three(text: str | None, option: str) -> tuple[int, int, int]:
    if text is None:
        return (0, 0, 0)
    parts = [part.strip() for part in text.split(",")]
    try:
        numbers = tuple(int(part) for part in parts)
    except ValueError:
        numbers = ()
    if len(numbers) != 3:
        raise InputError(f"{text!r}: three whole numbers, left,centre,right (e.g. 0,2,0)",
                         option)
    if not all(0 <= number <= MAX_BOOST for number in numbers):
        raise InputError(f"{text!r}: each boost must be a whole number from 0 to {MAX_BOOST}",
                         option)
    return numbers  # type: ignore[return-value]


def _positions(text: str | None, option: str) -> tuple[int, ...]:
    from model.fightklub.fights import POSITIONS

    if not text:
        return ()
    found = []
    for word in (part.strip() for part in text.split(",")):
        if word not in POSITIONS:
            raise InputError(f"{word!r} is not a skirmish; skirmishes are "
                             f"{', '.join(POSITIONS)}", option)
        found.append(POSITIONS.index(word))
    if len(set(found)) != len(found):
        raise InputError(f"{text!r} names a skirmish twice", option)
    return tuple(found)


def _codes(text: str | None) -> tuple[str, ...]:
    return tuple(text.replace(",", " ").split()) if text else ()


def _measures(items: list[str], option: str) -> dict[str, int]:
    from model.fightklub.cards import CLASH_MEASURES

    found = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or name not in CLASH_MEASURES:
            raise InputError(f"{item!r}: write NAME=N, NAME one of "
                             f"{', '.join(CLASH_MEASURES)}", option)
        try:
            found[name] = int(value)
        except ValueError:
            raise InputError(f"{item!r}: {value.strip()!r} is not a whole number",
                             option) from None
        if not 0 <= found[name] <= MAX_MEASURE:
            raise InputError(f"{item!r}: {name} must be a whole number from 0 to "
                             f"{MAX_MEASURE:,}", option)
    return found


def _card_named(code: str, option: str, cards) -> str:
    from model.fightklub.fights import fight_card

    try:
        fight_card(code, cards)
    except InputError as error:
        raise error.at(option) if option not in str(error) else error from None
    return code


def _side(card, side: int, where: str) -> int:
    """The face-up side asked for, if the card has it (only a rotatable card has side 1)."""
    count = len(card.parts.sides)
    if not 0 <= side < count:
        have = "side 0 only" if count == 1 else f"sides 0 to {count - 1}"
        raise InputError(f"{card.label} has {have}, not side {side}", where)
    return side


def cmd_fightklub_fight(args, game) -> Report:
    from model.fightklub import fights

    if getattr(args, "cards", None):
        game = game_of(args)
    rules = read_rules(game, args)
    table = game.catalog.cards
    card_a = _card_named(args.card_a, "card a", table)
    a = fights.Fighter(0, card_a, _side(table[card_a], args.side_a, "--side-a"),
                       _three(args.boost_a, "--boost-a"), args.bonus_a)
    fighters = [a]
    if args.card_b is not None:
        card_b = _card_named(args.card_b, "card b", table)
        fighters.append(fights.Fighter(1, card_b, _side(table[card_b], args.side_b, "--side-b"),
                                       _three(args.boost_b, "--boost-b"), args.bonus_b))
    # Left out, the order is left, centre, right; given (even empty), it names all three.
    order = (0, 1, 2) if args.order is None else _positions(args.order, "--order")
    if sorted(order) != [0, 1, 2]:
        raise InputError(f"{args.order!r}: name left, centre and right once each", "--order")
    nullified = frozenset(_positions(args.nullified, "--nullified"))
    stakes = {seat: codes for seat, codes in ((0, _codes(args.stakes_a)),
                                              (1, _codes(args.stakes_b))) if codes}
    for seat, codes in stakes.items():
        for code in codes:
            _card_named(code, f"--stakes-{'ab'[seat]}", table)
    multiplayer = args.players > 2
    if multiplayer and stakes:
        raise InputError("there are no raise-the-stakes cards with more than 2 players",
                         "--stakes-a/--stakes-b")
    measures = {0: _measures(args.measure_a, "--measure-a"),
                1: _measures(args.measure_b, "--measure-b")}
    if (len(fighters) == 2 and fights.fight_mode(*fighters, cards=table) == fights.CLASH_CHOICE
            and args.clash_text is None):
        raise InputError("both cards show clash text: say whose decides "
                         "(the Drop holder's choice)", "--clash-text")
    try:
        result = fights.resolve_fight(
            tuple(fighters), order, rules, nullified=nullified, measures=measures,
            clash_text_of=None if args.clash_text is None else "ab".index(args.clash_text),
            cards=table)
        cards = {f.player: f.card for f in fighters}
        settlement = fights.settle(result, cards, stakes,
                                   not args.stopped and result.winner is not None, {},
                                   multiplayer, rules,
                                   target=1 if result.mode == fights.UNOPPOSED else None,
                                   card_table=table)
    except InputError:
        raise
    except ValueError as error:  # a combination the fight model refuses
        raise InputError(str(error), "fight") from None
    out = _as_dict(result, settlement, game.describe_rules(rules))
    return Report(out, _text(out, args, table), EXIT_OK)


def _as_dict(result, settlement, rules_text: str) -> dict:
    from model.fightklub.fights import POSITIONS

    def fired(seat, step):
        return {"seat": seat, "do": step.do, **dict(step.params)}

    return {
        "mode": result.mode, "winner": result.winner, "shape": result.shape,
        "clash_text_of": result.clash_text_of,
        "skirmishes": [{"position": POSITIONS[s.position], "totals": list(s.totals),
                        "winner": s.winner, "nullified": s.nullified,
                        "fired": [fired(seat, step) for seat, step in s.fired]}
                       for s in result.skirmishes],
        "scored": [{"seat": seat, "card": card, "reward": reward}
                   for seat, card, reward in settlement.scored],
        "exhausted": [{"seat": seat, "card": card} for seat, card in settlement.exhausted],
        "raise_the_stakes": [{"seat": seat, "card": card}
                             for seat, card in settlement.raise_the_stakes],
        "damage": {str(seat): damage for seat, damage in sorted(settlement.damage.items())},
        "rules": rules_text,
    }


def _text(out: dict, args, cards):

    def named(code: str) -> str:
        return f"{code} {cards[code].name}"

    def seat(number) -> str:
        return "nobody" if number is None else SEAT_WORDS.get(number, f"seat {number}")

    fighters = [named(args.card_a)] + ([named(args.card_b)] if args.card_b else [])
    yield f"{' against '.join(fighters)} (rules {out['rules']})"
    if out["mode"] == "clash":
        yield f"  FK 5.10 clash text of {seat(out['clash_text_of'])} decides"
    for s in out["skirmishes"]:
        state = "nullified" if s["nullified"] else (
            "tie" if s["winner"] is None else f"won by {seat(s['winner'])}")
        yield f"  FK 5.4 {s['position']:<7} {s['totals'][0]:>3} : {s['totals'][1]:<3} {state}"
        for step in s["fired"]:
            details = ", ".join(f"{k} {v}" for k, v in step.items() if k not in ("seat", "do"))
            yield (f"  FK 5.6   result tab of {seat(step['seat'])}: {step['do']}"
                   + (f" ({details})" if details else ""))
    if out["winner"] is None:
        yield f"  FK 5.9 no winner: {out['shape']}"
    else:
        yield f"  FK 5.8 {seat(out['winner'])} wins ({out['shape']})"
    for item in out["scored"]:
        reward = "" if item["reward"] else " (no reward)"
        yield f"  FK 5.12 scored: {named(item['card'])} of {seat(item['seat'])}{reward}"
    for item in out["exhausted"]:
        yield f"  FK 5.13 exhausted: {named(item['card'])} of {seat(item['seat'])}"
    for item in out["raise_the_stakes"]:
        yield f"  FK 5.11 raise the stakes: {named(item['card'])} of {seat(item['seat'])}"
    damage = ", ".join(f"seat {s} takes {d}" for s, d in out["damage"].items())
    yield f"  FK 5.14 damage: {damage}"


def register(subcommands: Any, game: Any) -> None:
    """Add ``fight`` to ``ringside fightklub``."""
    parser = add_command(subcommands, "fight", lambda args: cmd_fightklub_fight(args, game),
                         help="resolve one fight between two fight cards (or one unopposed) "
                              "and settle it", example=EXAMPLE)
    parser.add_argument("card_a", metavar="CARD", help="seat 0's fight card, e.g. S931")
    parser.add_argument("card_b", metavar="CARD", nargs="?",
                        help="seat 1's fight card (leave out: card a is unopposed)")
    for seat in "ab":
        parser.add_argument(f"--side-{seat}", type=bounded_int(0, 1), default=0, metavar="N",
                            help=f"the side of card {seat} that is up (rotatable cards)")
        parser.add_argument(f"--boost-{seat}", metavar="L,C,R",
                            help=f"effect and gear modifiers on card {seat}'s tabs")
        parser.add_argument(f"--bonus-{seat}", type=bounded_int(0, 9), default=0,
                            metavar="N", help=f"card {seat}'s centre skirmish bonus")
        parser.add_argument(f"--stakes-{seat}", metavar="CODES",
                            help=f"raise-the-stakes cards seat {'01'['ab'.index(seat)]} "
                                 "holds from earlier ties")
        parser.add_argument(f"--measure-{seat}", action="append", default=[],
                            metavar="NAME=N", help=f"what clash text measures for seat "
                                                   f"{'01'['ab'.index(seat)]}, e.g. "
                                                   "'cards in hand=4' (repeatable)")
    for option in ("side_b", "boost_b", "bonus_b"):
        needs(parser, option, "card_b", "card a is unopposed; give card b")
    parser.add_argument("--order", metavar="P,P,P",
                        help="the order the Drop holder resolves the skirmishes in "
                             "(default left,centre,right); for an unopposed card, the "
                             "order its result tabs act in when they are picked one at "
                             "a time (--set unopposed_tabs_ordered=true, FK-T7)")
    parser.add_argument("--nullified", metavar="P,...",
                        help="skirmishes nullified before the fight step")
    parser.add_argument("--stopped", action="store_true",
                        help="a score action stops the winning card from scoring")
    parser.add_argument("--clash-text", choices=("a", "b"),
                        help="whose clash text decides when both cards show one")
    parser.add_argument("--players", type=bounded_int(2, 6), default=2, metavar="N",
                        help="players in the game (more than 2: the multiplayer rules)")
    add_cards_option(parser)
    add_rules_options(parser, game)
