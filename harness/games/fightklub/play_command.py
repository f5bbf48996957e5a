"""``ringside fightklub play DECK DECK``: a whole seeded game, every step checked.

Chance (The Drop, every card drawn or laid) and both players' choices are
drawn by one ``random.Random(seed)``; the players follow a simple policy
(:mod:`analysis.fightklub.policies`).  Each action is printed with who took it
(chance, or the player, and for the Drop holder's choices that they are the
holder), the steps it went through and the rule numbers that decided them;
``--json`` prints one JSON object per line instead.  Every step is checked
against the game's invariants and transition invariants: a broken one stops
the game with an error naming the invariant, its rules and the step.

Decks of ONE (``rambo``, ``hannibal``) cannot be played: the card texts of ONE
are not public, so a fight card's tabs, a character's life and the rest are
unknown.  Ringside does not guess them, and does not stand synthetic cards in
for them: the command refuses with one line naming the unknown facts and the
synthetic decks that can be played instead.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from harness.games.fightklub.data import add_cards_option, game_of
from harness.interrupts import checkpoint
from harness.limits import add_timeout, deadline_of, within
from harness.toolkit import Report, add_command, add_rules_options, bounded_int, read_rules
from model.core.errors import InputError
from model.core.game import CHANCE
from analysis.fightklub.loading import GAME
from model.fightklub.engine import DECKS, FightKlub
from analysis.fightklub.policies import POLICIES, play_game
from model.fightklub.state import Setup

MAX_SEED = 10**9
MAX_TURNS = 999


def setup_for(decks: list[str], command: str = "play", deck_flag: str = "",
              game: FightKlub = GAME) -> Setup:
    """The setup of 2 to 6 shipped decks (3 or more play the multiplayer rules, FK 7), or
    one input error naming the deck and the synthetic decks ``ringside fightklub
    COMMAND`` can take instead."""
    try:
        setup = Setup(tuple(decks))
        for name in setup.decks:
            game.catalog.deck(name)
        return setup
    except InputError as error:
        flag = f"{deck_flag} " if deck_flag else ""
        instead = ("give the texts of its cards with --cards FILE (formats: 'Bring your "
                   "own cards' in the reference), or play the synthetic decks: "
                   if "cannot be played" in error.what else "play the synthetic decks instead: ")
        raise InputError(f"{error.what}; {instead}ringside fightklub {command} "
                         f"{flag}{' '.join(DECKS)} --seed 1", error.where) from None


def broken_invariant(state: Any, before: Any, action: Any, rules: Any,
                     game: FightKlub = GAME) -> str | None:
    """The first invariant or transition invariant the step ``before --action--> state``
    breaks, named with its rules, or None (shared by ``play`` and ``survey``)."""
    for invariant in game.invariants:
        problem = invariant(state)
        if problem is not None:
            return f"invariant {invariant.name} ({', '.join(invariant.rules)}) broken: {problem}"
    for invariant in game.transition_invariants:
        problem = invariant(before, action, state, rules)
        if problem is not None:
            return (f"transition invariant {invariant.name} ({', '.join(invariant.rules)}) "
                    f"broken: {problem}")
    return None


def _actor(state: Any, game: FightKlub) -> str:
    who = game.current_player(state)
    if who == CHANCE:
        return "chance"
    return f"player {who}" + (" (Drop holder)" if who == state.drop else "")


def cmd_fightklub_play(args) -> Report:
    as_json = args.json
    game = game_of(args)
    rules = read_rules(game, args)
    setup = setup_for(args.decks, game=game)
    policy = POLICIES[args.policy]
    state = game.initial_state(setup, rules)
    head = {"setup": str(setup), "seed": args.seed, "policy": args.policy,
            "rules": game.describe_rules(rules), "start": game.format_state(state)}
    records: list[dict] = []
    problem: str | None = None
    end = state
    for number, (before, action, transition) in enumerate(
            within(play_game(game, state, rules, args.seed, policy, args.max_turns),
                   deadline_of(args), "while the game was played"), 1):
        checkpoint()
        record = {"step": number, "turn": before.round, "phase": game.phase(before),
                  "actor": _actor(before, game), "action": game.format_action(before, action),
                  "steps": [{"phase": s.phase, "rules": list(s.rules), "text": s.text}
                            for s in transition.steps]}
        records.append(record)
        end = transition.state
        problem = broken_invariant(end, before, action, rules, game)
        if problem is not None:
            problem = f"step {number} ({record['action']}): {problem}"
            break
    outcome = game.outcome(end, rules)
    result = (outcome.label if outcome is not None else
              f"stopped after turn {args.max_turns}" if problem is None else "broken")
    turns = end.round if outcome is not None or problem is not None else end.round - 1
    summary = {"result": result, "actions": len(records), "turns": turns,
               "damage dealt": [] if outcome is None else list(outcome.scores),
               "end": game.format_state(end)}
    if problem is not None:
        summary["problem"] = problem

    def lines() -> Iterator[str]:
        if as_json:
            yield json.dumps(head)
            yield from (json.dumps(record) for record in records)
            yield json.dumps(summary)
            return
        yield (f"{setup}, seed {args.seed}, policy {args.policy}, rules "
               f"{game.describe_rules(rules)}")
        yield f"start  {head['start']}"
        shown_turn = 0
        for record in records:
            if record["turn"] != shown_turn:
                shown_turn = record["turn"]
                yield f"-- turn {shown_turn}"
            yield f"  {record['step']}. {record['actor']}: {record['action']}"
            for step in record["steps"]:
                yield f"      {step['text']}  [{', '.join(step['rules'])}]"
        yield f"end    {summary['end']}"
        dealt = ("; damage dealt " + ", ".join(
            f"player {seat} {amount}" for seat, amount in enumerate(summary["damage dealt"]))
            if outcome is not None else "")
        yield (f"result {result}: {len(records)} actions in {turns} turn"
               f"{'s' if turns != 1 else ''}{dealt}")

    # --json prints JSON lines (one object per action), so the report prints its lines
    # in both modes; the data is None to keep the toolkit from printing it again
    args.json = False
    return Report(None, lines(), code=1 if problem else 0,
                  problems=[f"ringside: {problem}"] if problem else [])


def register(subcommands: Any) -> None:
    """Add ``ringside fightklub play``."""
    parser = add_command(subcommands, "play", cmd_fightklub_play,
                         help="play a whole seeded game between 2 to 6 decks and print its log "
                              "with the rule numbers, every step checked against the "
                              "invariants",
                         example=[*DECKS, "--seed", "1"])
    parser.add_argument("decks", nargs="+", metavar="DECK",
                        help="2 to 6 shipped decks, player 0's first, seated clockwise (3 "
                             "or more play the multiplayer rules, FK 7; decks of ONE such as "
                             "rambo and hannibal are played once --cards gives the texts of "
                             f"their cards; without, play {' '.join(DECKS)})")
    parser.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=0,
                        help="seed of chance and of the players' choices")
    parser.add_argument("--policy", choices=tuple(POLICIES), default="random",
                        help="how both players choose: 'random' uniformly among the legal "
                             "actions, 'first' the first legal action, 'eager' a card, a "
                             "line or a gear whenever it can and the largest hand it may "
                             "keep")
    parser.add_argument("--max-turns", type=bounded_int(1, MAX_TURNS), default=None,
                        help="stop after this many turns (default: play to the end)")
    add_cards_option(parser)
    add_rules_options(parser, GAME)
    add_timeout(parser, "the game")
