"""`ringside play GAME`: one whole game of any game, played by policies, every step logged and checked.

The one play loop of the harness: chance draws its outcome with its exact
probability from the seeded generator, each player's policy chooses from what
that player sees (at a simultaneous node every acting player chooses, and the
choices are revealed together), and every state and step is held against the
game's invariants and phase graph.  The log names each step's phase and the
rule numbers that decided it.  The same seed gives the same game everywhere.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterator, Mapping, Sequence

from harness.output import EXIT_FAILED, EXIT_OK
from analysis.deadline import NO_DEADLINE, Deadline
from harness.limits import add_timeout, deadline_of
from harness.toolkit import (
    SEED, Report, add_command, add_rules_options, bounded_int, read_rules, read_start,
)
from model.core.errors import InputError
from model.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game, walk_phases
from model.core.policy import GENERIC_POLICIES, Policy, next_action

MAX_ACTIONS = bounded_int(1, 1_000_000)


@dataclass(frozen=True, slots=True)
class Played:
    """One action of a played game: who acted, what, with what chance, and its steps."""

    number: int
    actor: str
    action: str
    probability: Fraction | None
    steps: tuple[tuple[str, tuple[str, ...], str], ...]
    state: str


@dataclass
class PlayRecord:
    """A whole played game: its actions, how it ended and what went wrong on the way."""

    start: str
    actions: list[Played] = field(default_factory=list)
    outcome: Any = None
    problems: list[str] = field(default_factory=list)
    cut_off: bool = False


def logged_step(game: Game, before: Any, action: Any, transition: Any
                ) -> tuple[list[str], dict]:
    """One action as a game's own play command prints it (the action, then each step with
    its rules) and as its JSON lists it."""
    text = game.format_action(before, action)
    lines = [f"  {text}", *(f"      {step.text}  [{', '.join(step.rules)}]"
                            for step in transition.steps)]
    return lines, {"action": text, "steps": [
        {"phase": s.phase, "rules": list(s.rules), "text": s.text} for s in transition.steps]}


def policies_of(key: str) -> dict[str, Policy]:
    """The policies a game can be played with: every game's two, then its own."""
    from harness.registry import parts_of

    found: dict[str, Policy] = dict(GENERIC_POLICIES)
    own = parts_of(key).policies
    if own is not None:
        found.update(own())
    return found


def seat_policies(names: str, available: Mapping[str, Policy], players: int) -> list[Policy]:
    """``--policy`` as one policy per seat: one name for all, or one per seat by commas."""
    chosen = [name.strip() for name in names.split(",")]
    if len(chosen) == 1:
        chosen *= players
    if len(chosen) != players:
        raise InputError(f"{len(chosen)} policies for {players} players: give one name "
                         "for all or one per seat", "--policy")
    for name in chosen:
        if name not in available:
            raise InputError(f"unknown policy {name!r}; policies: {', '.join(available)}",
                             "--policy")
    return [available[name] for name in chosen]


def play(game: Game, state: Any, rules: Any, policies: Sequence[Policy], seed: int,
         max_actions: int, deadline: Deadline = NO_DEADLINE) -> PlayRecord:
    """Play from ``state`` to the end (or ``max_actions``), checking every step; past
    ``deadline``, :class:`~analysis.deadline.TimeUp` (no record of part of a game)."""
    rng = random.Random(f"play/{seed}")
    graph = game.phase_graph()
    record = PlayRecord(start=game.format_state(state))
    promised = game.max_length(state)
    bound = min(max_actions, promised)
    seen: set[Any] = set()
    for number in range(1, bound + 2):
        deadline.check(f"at action {number}")
        if state not in seen:
            seen.add(state)
            for invariant in game.invariants:
                message = invariant(state)
                if message is not None:
                    record.problems.append(f"after action {number - 1}: invariant "
                                           f"{invariant.name} ({', '.join(invariant.rules)}): "
                                           f"{message}")
        player = game.current_player(state)
        if player == TERMINAL:
            record.outcome = game.outcome(state, rules)
            return record
        if number > bound:
            break
        if player == SIMULTANEOUS:
            stuck = [seat for seat in game.players_to_act(state)
                     if not game.player_actions(state, rules, seat)]
        else:
            stuck = [] if game.actions(state, rules) else [player]
        if stuck:
            record.problems.append(f"deadlock before action {number}: no legal action "
                                   f"in phase {game.phase(state)!r}")
            return record
        action, probability = next_action(game, state, rules, policies, rng)
        actor = ("chance" if player == CHANCE else
                 "players " + ", ".join(map(str, game.players_to_act(state)))
                 if player == SIMULTANEOUS else f"player {player}")
        text = game.format_action(state, action)
        transition = game.resolve(state, action, rules)
        for invariant in game.transition_invariants:
            message = invariant(state, action, transition.state, rules)
            if message is not None:
                record.problems.append(f"action {number}: invariant {invariant.name}: "
                                       f"{message}")
        for edge in walk_phases(game, state, transition):
            if not graph.has_edge(*edge):
                record.problems.append(f"action {number}: the phase graph lacks "
                                       f"{edge[0]} -> {edge[1]}")
        state = transition.state
        record.actions.append(Played(number, actor, text, probability,
                                     tuple((s.phase, s.rules, s.text)
                                           for s in transition.steps),
                                     game.format_state(state)))
    if max_actions >= promised:
        record.problems.append(f"the game ran past the {promised} actions that max_length "
                               "promised from its start")
    else:
        record.cut_off = True
    return record


def _outcome_dict(outcome: Any) -> dict | None:
    if outcome is None:
        return None
    return {"label": outcome.label, "winners": sorted(outcome.winners),
            "scores": [str(score) for score in outcome.scores]}


def _outcome_text(outcome: Any) -> str:
    winners = ", ".join(f"player {w}" for w in sorted(outcome.winners)) or "nobody"
    scores = f"; scores {' '.join(map(str, outcome.scores))}" if outcome.scores else ""
    return f"{outcome.label}: {winners} won{scores}"


def cmd_play(args: argparse.Namespace) -> Report:
    from harness.registry import parts_of
    from harness.userdata import game_of

    game = game_of(args, parts_of(args.game))
    rules = read_rules(game, args)
    if args.setup is None:
        setup = next(iter(game.example_setups(1)))
        state = game.initial_state(setup, rules)
        shown_setup = game.format_setup(setup)
    else:
        start = read_start(game, args.setup, "SETUP", rules)
        state = start.state
        shown_setup = (game.format_setup(start.setup) if start.setup is not None
                       else "(a position)")
    policies = seat_policies(args.policy, policies_of(game.key), game.num_players(state))
    record = play(game, state, rules, policies, args.seed, args.max_actions, deadline_of(args))
    rules_name = game.preset_name(rules) or game.describe_rules(rules)
    names = [policy.name for policy in policies]
    data = {"game": game.key, "setup": shown_setup, "rules": rules_name, "seed": args.seed,
            "policies": names, "start": record.start,
            "actions": [{"number": p.number, "actor": p.actor, "action": p.action,
                         "probability": None if p.probability is None else str(p.probability),
                         "steps": [{"phase": ph, "rules": list(r), "text": t}
                                   for ph, r, t in p.steps],
                         "state": p.state} for p in record.actions],
            "outcome": _outcome_dict(record.outcome), "cut_off": record.cut_off,
            "problems": record.problems}

    def text() -> Iterator[str]:
        yield (f"{game.title}: setup {shown_setup}, rules {rules_name}, seed {args.seed}, "
               f"{'policy ' + names[0] if len(set(names)) == 1 else 'policies ' + ', '.join(names)}")
        yield f"start  {record.start}"
        for played in record.actions:
            chance = f"  ({played.probability})" if played.probability is not None else ""
            yield f"{played.number:4}. {played.actor}: {played.action}{chance}"
            for phase, numbers, words in played.steps:
                cited = f"  [{', '.join(numbers)}]" if numbers else ""
                yield f"        {phase:<14} {words}{cited}"
        if record.outcome is not None:
            yield f"end    {_outcome_text(record.outcome)} after {len(record.actions)} actions"
        elif record.cut_off:
            yield f"cut off after {len(record.actions)} actions (--max-actions)"
        for problem in record.problems:
            yield f"PROBLEM {problem}"

    return Report(data, text(), EXIT_FAILED if record.problems else EXIT_OK)


def register(subcommands: Any) -> None:
    """Add ``ringside play`` to the top-level commands."""
    from harness.userdata import add_any_data_options

    parser = add_command(subcommands, "play", cmd_play,
                         help="play one whole game with policies, every step logged and "
                              "checked",
                         example=lambda: [_first_key(), "--seed", "1"])
    parser.add_argument("game", metavar="GAME")
    parser.add_argument("setup", nargs="?", metavar="SETUP",
                        help="a setup (deal, decks ...), a position, @FILE or a file's "
                             "path (default: the game's first example setup)")
    parser.add_argument("--policy", default="random", metavar="NAME[,NAME...]",
                        help="one policy for every seat, or one per seat by commas "
                             "(default random; every game has first and random)")
    parser.add_argument("--seed", type=SEED, default=0, help="seed (default 0)")
    parser.add_argument("--max-actions", type=MAX_ACTIONS, default=100_000, metavar="N",
                        help="stop after N actions (default 100000)")
    add_any_data_options(parser)
    add_rules_options(parser)
    add_timeout(parser, "the game")


def _first_key() -> str:
    from harness.registry import all_parts

    return next(iter(all_parts()))
