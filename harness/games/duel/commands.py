"""``ringside duel ...``: the characters, exact odds, and seeded duels with their log."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from harness.limits import add_timeout, deadline_of, within
from harness.toolkit import (
    InputPath, Report, add_command, add_rules_options, bounded_int, read_rules,
)
from analysis.deadline import NO_DEADLINE, Deadline, TimeUp
from model.core.errors import InputError
from analysis.duel.loading import GAME

CHARACTER = InputPath("character file", names=True)
"""A shipped character's key or name, or the path of a character file."""


def fraction_text(value: Fraction) -> str:
    """An exact probability as ``p/q`` (``1/1`` and ``0/1`` at the ends)."""
    return f"{value.numerator}/{value.denominator}"


def game_of(args):
    """The duel with the shipped characters and those of ``--characters``."""
    from harness.games.duel import PARTS
    from harness.userdata import game_of as game_with_files

    return game_with_files(args, PARTS)


def add_characters_option(parser) -> None:
    """``--characters FILE`` (repeatable): a character file of the user's own."""
    from harness.games.duel import PARTS
    from harness.userdata import add_data_option

    add_data_option(parser, PARTS.data)


def read_character(text: str, where: str, game=GAME):
    """A character of ``game`` (the shipped ones and those of ``--characters``) by key
    or name, or a character file (TOML) by its path."""
    from analysis.inputs import read_text
    from model.duel.characters import find_character, parse_character

    wanted = text.strip().lower()
    if any(wanted in (c.key, c.name.lower()) for c in game.characters.values()):
        return find_character(game.characters, text, where)
    if text.endswith(".toml") or "/" in text or Path(text).is_file():
        return parse_character(read_text(text, "character file"), text)
    raise InputError(f"{text!r} is neither a character ({', '.join(game.characters)}) nor a "
                     "character file", where)


ODDS_POLICIES = ("pass", "greedy", "eager")
"""The fixed policies ``ringside duel odds --policy`` knows (``analysis.duel.policies``)."""


ODDS_TIMEOUT = 60.0
"""``duel odds --timeout``'s default: characters with large dice and high HP can take
minutes, and a person at a terminal should hear ``unknown`` rather than wait for ever."""


def odds_data(first, second, rules, policy: str = "pass",
              deadline: Deadline = NO_DEADLINE) -> dict:
    """The odds as ``duel odds --json`` gives them.  Base and critical are always
    there; when ``deadline`` passes first, the roles, the clash damage and the duel
    are ``null`` and an ``"unknown"`` key says why (none is ever given in part)."""
    from analysis.duel.odds import (
        base_distribution, before_resolution, critical_chance, duel_odds, policy_odds,
        round_odds,
    )

    data = {
        "base": {"A": {str(k): fraction_text(v) for k, v in base_distribution(first).items()},
                 "B": {str(k): fraction_text(v) for k, v in base_distribution(second).items()}},
        "critical": {"A": fraction_text(critical_chance(first)),
                     "B": fraction_text(critical_chance(second))},
        "aggressor": None, "clash_damage": None, "duel": None,
    }
    try:
        before = before_resolution(first, second, rules, deadline)
        rounds = round_odds(first, second, rules, deadline, before)
        # 'pass' has a chain of its own over HP and Shield only; the others need the
        # whole state between rounds.
        duel = duel_odds(first, second, rules, deadline, before) if policy == "pass" else \
            policy_odds(first, second, rules, policy, deadline=deadline)
    except TimeUp as stopped:
        data["unknown"] = stopped.reason
        return data
    data.update({
        "aggressor": {"A": fraction_text(rounds.aggressor[0]),
                      "B": fraction_text(rounds.aggressor[1]),
                      "tie": fraction_text(rounds.aggressor[2])},
        "clash_damage": {str(k): fraction_text(v) for k, v in rounds.clash.items()},
        "duel": {"A": None if duel.first is None else fraction_text(duel.first),
                 "B": None if duel.second is None else fraction_text(duel.second),
                 "method": duel.method, "policy": policy},
    })
    return data


def _percent(text: str) -> str:
    numerator, denominator = map(int, text.split("/"))
    return f"{100 * numerator / denominator:.2f}%"


def cmd_duel_odds(args) -> Report:
    game = game_of(args)
    rules = read_rules(game, args)
    first = read_character(args.first, "A", game)
    second = read_character(args.second, "B", game)
    data = odds_data(first, second, rules, args.policy, deadline_of(args))

    def shown(probability: str) -> str:
        return probability if len(probability) <= 24 else \
            f"{_percent(probability)} (exact in --json)"

    lines = [f"A = {first.name} ({first.power.words}), B = {second.name} "
             f"({second.power.words}); rules {GAME.describe_rules(rules)}"]
    for side, char in (("A", first), ("B", second)):
        lines.append(f"Base of {side}: " + ", ".join(f"{k}: {v}" for k, v in
                                                     data["base"][side].items()))
        lines.append(f"critical {side} (range {char.critical[0]}-{char.critical[1]}): "
                     f"{data['critical'][side]}")
    if "unknown" in data:
        lines.append(f"roles, clash damage and who wins the duel (policy {args.policy}): "
                     f"unknown, {data['unknown']}")
        return Report(data, lines)
    roles = data["aggressor"]
    lines.append(f"Aggressor after Generate Base (both passing): A {roles['A']}, B "
                 f"{roles['B']}, tie {roles['tie']}")
    lines.append("first round's clash damage before Shields: "
                 + ", ".join(f"{k}: {v}" for k, v in data["clash_damage"].items()))
    duel = data["duel"]
    if duel["A"] is None:
        lines.append(f"who wins the duel (policy {args.policy}): {duel['method']}")
    else:
        lines.append(f"who wins the duel (policy {args.policy}): A {shown(duel['A'])}, "
                     f"B {shown(duel['B'])}")
        method = duel["method"]
        lines.append(f"  method: {method if len(method) < 600 else method[:600] + '...'}")
    return Report(data, lines)


def cmd_duel_characters(args) -> Report:
    rows = []
    lines = ["ringside's own example characters (not from the publisher)"
             + (" and yours:" if getattr(args, "characters", None) else ":")]
    for char in game_of(args).characters.values():
        rows.append({"key": char.key, "name": char.name, "hp": char.hp,
                     "power": char.power.words, "critical": list(char.critical),
                     "passives": [p.name for p in char.passives],
                     "adrenaline": [{"name": a.name, "cost": a.cost} for a in char.adrenaline],
                     "deck": len(char.deck()), "card_kinds": len(char.cards),
                     "ours": char.ours})
        lines.append(f"  {char.key:<6} {char.name:<14} HP {char.hp:<3} {char.power.words:<36} "
                     f"critical {char.critical[0]}-{char.critical[1]}; passives "
                     f"{', '.join(p.name for p in char.passives) or '-'}; Adrenaline "
                     + (", ".join(f"{a.name} ({a.cost})" for a in char.adrenaline) or "-"))
    return Report({"characters": rows}, lines)


def cmd_duel_play(args) -> Report:
    from analysis.duel.policies import POLICIES, play_duel

    game = game_of(args)
    rules = read_rules(game, args)
    first = read_character(args.first, "A", game)
    second = read_character(args.second, "B", game)
    state = game.start_with(first, second, args.rounds)
    lines = [f"{first.name} (player 0) vs {second.name} (player 1), seed {args.seed}, "
             f"policy {args.policy}, rules {game.describe_rules(rules)}, at most "
             f"{args.rounds} rounds"]
    log = []
    end = state
    round_ = 0
    for before, action, transition in within(
            play_duel(game, state, rules, args.seed, POLICIES[args.policy]),
            deadline_of(args), "while the duel was played"):
        if before.round != round_:
            round_ = before.round
            lines.append(f"round {round_}: HP {before.hp[0]} {before.hp[1]}, Shield "
                         f"{before.shield[0]} {before.shield[1]}, Adrenaline "
                         f"{before.adrenaline[0]} {before.adrenaline[1]}")
        text = game.format_action(before, action)
        lines.append(f"  {text}")
        lines.extend(f"      [{_step_name(step.phase)}] {step.text}  [{', '.join(step.rules)}]"
                     for step in transition.steps)
        log.append({"action": text, "steps": [
            {"phase": s.phase, "step": _step_name(s.phase), "rules": list(s.rules),
             "text": s.text} for s in transition.steps]})
        end = transition.state
    outcome = game.outcome(end, rules)
    lines.append(f"result {outcome.label}, HP {end.hp[0]} {end.hp[1]} after {len(log)} "
                 f"actions")
    data = {"A": first.name, "B": second.name, "seed": args.seed, "policy": args.policy,
            "rules": game.describe_rules(rules), "actions": log, "outcome": outcome.label,
            "winners": sorted(outcome.winners), "hp": list(end.hp), "rounds": end.round}
    return Report(data, lines)


_STEP_NAMES = {"step_a": "A", "step_b": "B", "step_c": "C", "step_d": "D", "step_e": "E"}


def _step_name(phase: str) -> str:
    """The Resolution step (A to E) for the steps of Resolution, else the phase."""
    return _STEP_NAMES.get(phase, phase)


def register(commands) -> None:
    """Add ``ringside duel odds``, ``characters`` and ``play``."""
    odds = add_command(commands, "odds", cmd_duel_odds,
                       help="exact odds of two characters: Base, critical, roles, clash "
                            "damage, and who wins the duel",
                       example=["brute", "brute"])
    odds.add_argument("first", metavar="A", type=CHARACTER,
                      help="a shipped character (key or name) or a character file (TOML)")
    odds.add_argument("second", metavar="B", type=CHARACTER, help="the other character")
    odds.add_argument("--policy", choices=ODDS_POLICIES, default="pass",
                      help="the policy both players follow for who wins the duel: 'pass' "
                           "never plays; 'greedy' plays the card and Adrenaline Action "
                           "worth most this round; 'eager' the first it may")
    add_characters_option(odds)
    add_rules_options(odds, GAME)
    add_timeout(odds, "the roles, the clash damage and the duel's odds", ODDS_TIMEOUT)
    listing = add_command(commands, "characters", cmd_duel_characters,
                          help="list the shipped example characters (and those of "
                               "--characters)", example=[])
    add_characters_option(listing)
    play = add_command(commands, "play", cmd_duel_play,
                       help="play a seeded duel and print its log, step by step",
                       example=["ember", "tide", "--seed", "1"])
    play.add_argument("first", metavar="A", type=CHARACTER,
                      help="a shipped character or a character file")
    play.add_argument("second", metavar="B", type=CHARACTER, help="the other character")
    play.add_argument("--seed", type=bounded_int(0, 10**9), default=0,
                      help="seed of the shuffles and the dice")
    play.add_argument("--rounds", type=bounded_int(1, 99), default=30,
                      help="the most rounds played (ringside's bound, DU 1.4)")
    play.add_argument("--policy", choices=("eager", "greedy", "pass", "first", "random"),
                      default="eager",
                      help="how both players choose: 'eager' plays the first card and "
                           "Adrenaline it can, 'greedy' the card and Adrenaline Action "
                           "worth most this round, 'pass' never plays, 'first' takes the "
                           "first legal action, 'random' one at random (by the seed)")
    add_characters_option(play)
    add_rules_options(play, GAME)
    add_timeout(play, "the duel")
