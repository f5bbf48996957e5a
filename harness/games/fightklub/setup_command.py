"""``ringside fightklub setup``: one seeded getting started and setup phase, as a log.

Chance (The Drop, every card drawn or laid) and the players' choices (who sets
up first, each setup action and the tokens it burns) are drawn by one
``random.Random(seed)``: the same seed gives the same game on every machine.
Each action is printed with the steps it went through and the rule numbers
that decided them; the log stops when the fight cards are revealed and the
fight phase begins (``ringside fightklub play`` plays whole games).
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from harness.games.fightklub.data import add_cards_option, game_of
from harness.toolkit import Report, add_command, add_rules_options, bounded_int, read_rules
from model.core.game import CHANCE, Transition
from analysis.fightklub.loading import GAME
from model.fightklub.engine import DECKS, FightKlub
from model.fightklub.state import TURN_STEPS

MAX_SEED = 10**9


def play_setup(state: Any, rules: Any, seed: int, game: FightKlub = GAME
               ) -> Iterator[tuple[Any, Any, Transition]]:
    """The seeded game from ``state`` to the reveal of the fight cards: ``(before, action,
    transition)`` each step; players choose uniformly among their legal actions."""
    rng = random.Random(seed)
    while not game.is_terminal(state) and state.step not in TURN_STEPS:
        if game.current_player(state) == CHANCE:
            action, _ = game.sample_chance(state, rules, rng)
        else:
            action = rng.choice(list(game.legal_actions(state, rules)))
        transition = game.resolve(state, action, rules)
        yield state, action, transition
        state = transition.state


def cmd_fightklub_setup(args) -> Report:
    from harness.games.fightklub.play_command import setup_for

    game = game_of(args)
    rules = read_rules(game, args)
    setup = setup_for(args.decks, "setup", "--decks", game)
    state = game.initial_state(setup, rules)
    lines = [f"{setup}, seed {args.seed}, rules {game.describe_rules(rules)}",
             f"start  {game.format_state(state)}"]
    log = []
    end = state
    for before, action, transition in play_setup(state, rules, args.seed, game):
        text = game.format_action(before, action)
        actor = game.current_player(before)
        who = "chance" if actor == CHANCE else f"player {actor}"
        lines.append(f"  {who}: {text}")
        lines.extend(f"      {step.text}  [{', '.join(step.rules)}]"
                     for step in transition.steps)
        log.append({"actor": who, "action": text, "steps": [
            {"phase": s.phase, "rules": list(s.rules), "text": s.text}
            for s in transition.steps]})
        end = transition.state
    ended = game.outcome(end, rules)
    outcome = ended.label if ended is not None else "fight phase begins"
    lines += [f"end    {game.format_state(end)}", f"result {outcome} after {len(log)} actions"]
    data = {"setup": str(setup), "seed": args.seed, "rules": game.describe_rules(rules),
            "start": game.format_state(state), "actions": log,
            "end": game.format_state(end), "outcome": outcome}
    return Report(data, lines)


def register(subcommands: Any) -> None:
    """Add ``ringside fightklub setup``."""
    parser = add_command(subcommands, "setup", cmd_fightklub_setup,
                         help="play one seeded getting started and setup phase and print "
                              "its log, up to the reveal of the fight cards",
                         example=["--decks", *DECKS, "--seed", "1"])
    parser.add_argument("--decks", nargs="+", metavar="DECK", default=list(DECKS),
                        help="2 to 6 shipped decks, player 0's first, seated clockwise "
                             f"(default: {' '.join(DECKS)}; decks of ONE cannot be played, "
                             "their card texts are unknown)")
    parser.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=0,
                        help="seed of chance and of the players' choices")
    add_cards_option(parser)
    add_rules_options(parser, GAME)
