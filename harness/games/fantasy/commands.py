"""``ringside fantasy ...``: check a warband, the exact odds of an attack, a seeded battle."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from analysis.fantasy.loading import GAME, example_warband, example_warband_names
from analysis.fantasy.policies import POLICIES
from analysis.inputs import read_text
from harness.play import logged_step
from harness.limits import add_timeout, deadline_of, within
from harness.toolkit import SEED, InputPath, Report, add_command, add_rules_options, read_rules
from model.core.errors import InputError
from model.core.policy import play_out
from model.fantasy.combat import attack_odds
from model.fantasy.recruit import (
    WARBAND_SIZE, draw_spells, shared_card_violations, violations,
)
from model.fantasy.state import Warband, parse_warband, warband_setup

EXIT_VIOLATIONS = 1


def game_of(args):
    """The battle with the shipped tables, or with the cards of ``--cards`` added."""
    from harness.games.fantasy import PARTS
    from harness.userdata import game_of as game_with_files

    return game_with_files(args, PARTS)


def add_cards_option(parser) -> None:
    """``--cards FILE`` (repeatable): a card file of the user's own."""
    from harness.games.fantasy import PARTS
    from harness.userdata import add_data_option

    add_data_option(parser, PARTS.data)


def read_warband(text: str, game=GAME) -> tuple[str, Warband]:
    """A warband from a file (its cards those of ``game``'s tables), or one of the
    shipped examples by name."""
    shipped = example_warband_names()
    if text in shipped:
        return text, example_warband(text)
    path = Path(text)
    if not path.exists():
        raise InputError(f"no such file, and not a shipped example warband "
                         f"({', '.join(shipped)})", text)
    return str(path), parse_warband(read_text(path, "warband file"), game.tables, text)


def cmd_warband(args) -> Report:
    game = game_of(args)
    where, band = read_warband(args.file, game)
    found = violations(game.tables, band.fighters, WARBAND_SIZE)
    lines = [f"{where}: {band.name or 'warband'}, {len(band.fighters)} warriors"]
    for number, fighter in enumerate(band.fighters, 1):
        lines.append(f"  {number:>2}. {fighter}")
    if found:
        lines.append(f"{len(found)} violation{'s' if len(found) != 1 else ''}:")
        lines.extend(f"  {v}" for v in found)
    else:
        lines.append("a legal warband: every recruit rule (FF 1.1 to FF 1.10) holds")
    data = {"file": where, "name": band.name, "warriors": [str(f) for f in band.fighters],
            "valid": not found,
            "violations": [{"rule": v.rule, "warrior": v.warrior, "text": v.text}
                           for v in found]}
    return Report(data, lines, EXIT_VIOLATIONS if found else 0)


def cmd_odds(args) -> Report:
    game = game_of(args)
    rules = read_rules(game, args)
    tables = game.tables
    if args.attacker not in tables.warriors:
        raise InputError(f"{args.attacker!r} is not a warrior of the table "
                         f"({', '.join(tables.warriors)})", "ATTACKER")
    if args.defender not in tables.warriors:
        raise InputError(f"{args.defender!r} is not a warrior of the table "
                         f"({', '.join(tables.warriors)})", "DEFENDER")
    attacker, defender = tables.warriors[args.attacker], tables.warriors[args.defender]
    weapon = tables.weapon_named(args.weapon, "WEAPON")
    if args.ranged and weapon.range is None:
        raise InputError(f"the {weapon.name} is a hand-to-hand weapon; it has no range",
                         "--ranged")
    if not args.ranged and not weapon.hand_to_hand:
        raise InputError(f"the {weapon.name} is a ranged weapon; add --ranged", "WEAPON")
    if args.from_back and not args.ranged:
        raise InputError("only a ranged attack is made from the back row", "--from-back")
    used = (tables.weapon_named(args.defender_weapon, "--defender-weapon"),) \
        if args.defender_weapon else ()
    shield = tables.equipment_named(args.shield, "--shield") if args.shield else None
    if shield is not None and shield.kind != "shield":
        raise InputError(f"{shield.name} is a {shield.kind}, not a shield", "--shield")
    armor = tuple(tables.equipment_named(name, "--armor") for name in args.armor or ())
    for piece in armor:
        if piece.kind == "shield":
            raise InputError(f"{piece.name} is a shield; give it with --shield", "--armor")
    odds = attack_odds(attacker, weapon, defender, used, shield, armor, rules,
                       ranged=args.ranged, attacker_in_back=args.from_back)
    data = odds.as_dict()
    how = "ranged" + (" from the back row" if args.from_back else "") if args.ranged \
        else "hand to hand"
    lines = [f"{attacker.name} with the {weapon.name} ({how}) against {defender.name}"
             + (f" using the {used[0].name}" if used else "")
             + (f", {shield.name}" if shield else "")
             + "".join(f", {piece.name}" for piece in armor)
             + f"  [rules {game.describe_rules(rules)}]",
             f"  hit                       {data['hit']}",
             f"  blocked                   {data['blocked']}",
             "  damage                    " + "  ".join(f"{k}: {v}" for k, v in
                                                      data["damage"].items()),
             f"  kill in one attack        {data['kill_in_one']}",
             f"  attacks to kill (mean)    {data['expected_attacks_to_kill'] or 'never'}",
             f"  rules                     {', '.join(odds.rules)}"]
    return Report(data, lines)


def cmd_battle(args) -> Report:
    game = game_of(args)
    rules = read_rules(game, args)
    name_a, band_a = read_warband(args.a, game)
    name_b, band_b = read_warband(args.b, game)
    # FF 1.10: casters whose file lists no spell card draw theirs now, by their own
    # stream of the seed (so the dice of a battle with listed cards stay as they were).
    drawn_a, drawn_b, draws = draw_spells(game.tables, band_a.fighters, band_b.fighters,
                                          random.Random(f"spells/{args.seed}"))
    band_a = dataclasses.replace(band_a, fighters=drawn_a)
    band_b = dataclasses.replace(band_b, fighters=drawn_b)
    setup = warband_setup(band_a, band_b)
    for name, band in ((name_a, band_a), (name_b, band_b)):
        problems = violations(game.tables, band.fighters, setup.size)
        if problems:
            raise InputError(f"the warband cannot be fielded: {problems[0]}", name)
    shared = shared_card_violations(game.tables, band_a.fighters, band_b.fighters)
    if shared:
        raise InputError(f"the two warbands cannot meet: {shared[0]}", name_b)
    rng = random.Random(args.seed)
    state = game.initial_state(setup, rules)
    lines = [f"{band_a.name or name_a} (side A) against {band_b.name or name_b} (side B), "
             f"seed {args.seed}, rules {game.describe_rules(rules)}; decisions are drawn "
             "at random from the legal ones, dice are rolled, both by the seed"]
    lines.extend(f"  spell draw (FF 1.10): {words}" for words in draws)
    log = []
    for before, action, transition in within(
            play_out(game, state, rules, POLICIES["random"], rng), deadline_of(args),
            "while the battle was fought"):
        shown, logged = logged_step(game, before, action, transition)
        lines.extend(shown)
        log.append(logged)
        state = transition.state
    outcome = game.outcome(state, rules)
    lines.append(f"result {outcome.label} after {len(log)} actions; hits left "
                 f"{outcome.scores[0]} (A) and {outcome.scores[1]} (B)")
    data = {"a": name_a, "b": name_b, "seed": args.seed, "rules": game.describe_rules(rules),
            "start": game.format_state(game.initial_state(setup, rules)), "actions": log,
            "spell_draws": draws, "end": game.format_state(state), "outcome": outcome.label,
            "scores": list(outcome.scores)}
    return Report(data, lines)


def register(commands) -> None:
    """Add ``ringside fantasy warband``, ``odds`` and ``battle``."""
    warband = add_command(commands, "warband", cmd_warband,
                          help="check a warband file against the recruit rules",
                          example=["iron-host"])
    warband.add_argument("file", metavar="FILE", type=InputPath("warband file", names=True),
                         help="a warband file (TOML), or a shipped example: "
                              "iron-host, goblin-rabble")
    add_cards_option(warband)
    odds = add_command(commands, "odds", cmd_odds,
                       help="exact odds of one attack: hit, block, damage, kill",
                       example=["Ogre", "Maul", "Orc", "--shield", "Round Shield"])
    odds.add_argument("attacker", metavar="ATTACKER", help="a warrior of the table (Ogre)")
    odds.add_argument("weapon", metavar="WEAPON", help="a weapon of the table (Long Sword)")
    odds.add_argument("defender", metavar="DEFENDER", help="a warrior of the table")
    odds.add_argument("--defender-weapon", metavar="W",
                      help="the defender's weapon in use (its parry, two-handed use)")
    odds.add_argument("--shield", metavar="S", help="the defender's shield")
    odds.add_argument("--armor", metavar="A", nargs="+",
                      help="the defender's helmet and armor pieces")
    odds.add_argument("--ranged", action="store_true", help="a ranged attack")
    odds.add_argument("--from-back", action="store_true",
                      help="the attacker shoots from the back row")
    add_cards_option(odds)
    add_rules_options(odds, GAME)
    battle = add_command(commands, "battle", cmd_battle,
                         help="play a seeded battle between two warbands and print its log "
                              "(casters listing no spell card draw theirs first)",
                         example=["iron-host", "goblin-rabble", "--seed", "1"])
    for side in "ab":
        battle.add_argument(side, metavar=side.upper(), type=InputPath("warband file", names=True),
                            help=f"side {side.upper()}'s warband: a file or a shipped example")
    battle.add_argument("--seed", type=SEED, default=0, help="seed of the dice and decisions")
    add_cards_option(battle)
    add_rules_options(battle, GAME)
    add_timeout(battle, "the battle")
