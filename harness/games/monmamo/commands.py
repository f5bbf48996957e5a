"""``ringside monmamo ...``: the Monsters Masters & Mobsters commands."""

from __future__ import annotations

from harness.toolkit import Report, add_command, add_rules_options, bounded_int, read_rules
from model.monmamo.engine import GAME


def cmd_monmamo_setup(args) -> Report:
    from model.monmamo.policies import play_setup
    from model.monmamo.state import MMSetup

    setup = MMSetup(args.players, args.monsters, 1, args.library, args.seed)
    rules = read_rules(GAME, args)
    state = GAME.initial_state(setup, rules)
    lines = [f"setup {setup} (synthetic card set), rules {GAME.describe_rules(rules)}",
             f"start  {GAME.format_state(state)}"]
    log = []
    end = state
    for before, action, transition in play_setup(GAME, state, rules, args.seed):
        text = GAME.format_action(before, action)
        lines.append(f"  {text}")
        lines.extend(f"      {step.text}  [{', '.join(step.rules)}]"
                     for step in transition.steps)
        log.append({"action": text, "steps": [
            {"phase": s.phase, "rules": list(s.rules), "text": s.text}
            for s in transition.steps]})
        end = transition.state
    outcome = GAME.outcome(end, rules).label
    lines += [f"end    {GAME.format_state(end)}", f"result {outcome} after {len(log)} actions"]
    data = {"setup": str(setup), "rules": GAME.describe_rules(rules),
            "start": GAME.format_state(state), "actions": log,
            "end": GAME.format_state(end), "outcome": outcome}
    return Report(data, lines)


def register(commands) -> None:
    """Add ``ringside monmamo setup``."""
    setup = add_command(commands, "setup", cmd_monmamo_setup,
                        help="play a seeded setup phase and print its log",
                        example=["--players", "2", "--seed", "1"])
    setup.add_argument("--players", type=bounded_int(2, 4), default=2,
                       help="players (2 to 4)")
    setup.add_argument("--seed", type=bounded_int(0, 10**9), default=0,
                       help="seed of the Library, the roll and the draws")
    setup.add_argument("--monsters", type=bounded_int(1, 5), default=1,
                       help="Monsters each the format asks for")
    setup.add_argument("--library", type=bounded_int(1, 99), default=30,
                       help="cards in the common Library")
    add_rules_options(setup, GAME)
