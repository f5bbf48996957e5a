"""``ringside fightklub survey DECK DECK``: many seeded whole games, measured.

For each policy asked for (``--policy``, default all of them) the command plays
``--games N`` whole games between the two decks with
:func:`analysis.fightklub.policies.play_game`, seeds ``S`` to ``S+N-1`` (the seed
of game ``k`` is the seed ``ringside fightklub play`` takes to replay it), and
checks every step against the game's invariants and transition invariants (the
same check as ``play``: :func:`~harness.games.fightklub.play_command.broken_invariant`).

Each game lands in exactly one of five classes, so they always add up to the
games played:

* ``wins``: a player won (by knockout, FK 6.12; or, under the reading of FK-T1
  that lets damage decide a stalled game, by having dealt more damage);
* ``no winner``: the game ended without one, with the reason (the rules of the
  step that ended it, e.g. a stall: nobody has a fight card left to lay,
  FK 6.16 read by FK-T1);
* ``cut off``: still going when ``--max-turns`` turns were over; it did not end
  within T turns, and is never counted as a result;
* ``deadlocks``: a state that is not the end of the game where nobody can act
  (no legal action, no chance outcome), reported with its seed and state;
* ``broken``: a step broke an invariant; the game stops there and the problem
  is reported with its seed and step.

With the counts come the number of actions per game (median, max), of turns
(min, max), the distinct states seen over all games of the policy, the time
taken, how often each action kind was taken (and which never were) and which
rule numbers the transition steps cited (and which rules of the rulebook none
did).  The exit code is 1 if any game deadlocked or broke an invariant.

``--json`` prints one object::

    {"decks": [D0, D1, ...], "setup": "decks D0 D1 ...", "rules": "...", "games": N,
     "seeds": [S, S+N-1], "max turns": T or null, "ok": true/false,
     "policies": [{"policy": "random", "games": N,
                   "wins": [W0, W1], "wins by": {HOW: COUNT},
                   "no winner": COUNT, "no winner reasons": {REASON: COUNT},
                   "no winner seeds": [K],
                   "cut off": COUNT, "deadlocks": [{"seed": K, "state": "..."}],
                   "broken": [{"seed": K, "problem": "..."}],
                   "actions": {"median": M, "max": X}, "turns": {"min": A, "max": B},
                   "distinct states": COUNT, "seconds": SECONDS,
                   "action kinds": {KIND: COUNT}, "action kinds never taken": [KIND],
                   "rules exercised": {RULE: STEPS CITING IT},
                   "rules never exercised": [RULE]}, ...]}
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterator

from harness.games.fightklub.data import add_cards_option, game_of
from harness.games.fightklub.play_command import MAX_SEED, MAX_TURNS, broken_invariant, setup_for
from harness.interrupts import checkpoint
from harness.limits import add_timeout, deadline_of
from harness.toolkit import (
    Progress, Report, add_command, add_rules_options, bounded_int, read_rules,
)
from analysis.deadline import NO_DEADLINE, Deadline
from model.core.game import CHANCE
from model.core.notation import is_digits
from analysis.fightklub.loading import GAME
from model.fightklub.engine import DECKS, FightKlub
from analysis.fightklub.policies import POLICIES, play_game

MAX_GAMES = 100_000
ALL = "all"
RESULTS = ("wins", "no winner", "cut off", "deadlocks", "broken")
"""The classes a surveyed game falls in, one each."""
_ENDINGS = {
    "knockout": "knockout: damage reached life (FK 6.12, FK 5.15)",
    "stall": "stall: no player still in the game has a fight card left to lay (FK 6.16, "
             "FK-T1)",
    "stopped": "stopped: the model's turn limit (FK 7.10)",
}
"""How the step that ended a game is reported, by its phase."""


class _Deadlock(Exception):
    """Raised by the policy wrapper when a player is to act and has no legal action."""


@dataclass(frozen=True, slots=True)
class Playout:
    """One surveyed game: its seed, its class (one of :data:`RESULTS`), the winner for a
    win, how it ended (``ending``: a key of the report's ending texts), its length, and
    for a deadlock or a broken invariant what went wrong."""

    seed: int
    result: str
    winner: int | None
    ending: str | None
    actions: int
    turns: int
    problem: str | None = None


@dataclass(slots=True)
class _Tally:
    """What the games of one policy have seen so far (mutable while they are played)."""

    states: set = field(default_factory=set)
    kinds: Counter = field(default_factory=Counter)
    rules: Counter = field(default_factory=Counter)


def _ending(steps) -> str | None:
    for step in reversed(steps):
        if step.phase in _ENDINGS:
            return _ENDINGS[step.phase]
    return None


class _RefusingDeadlock:
    """``policy``, except that no legal action at a non-terminal state is a deadlock,
    which must be reported rather than crash inside the policy."""

    def __init__(self, policy) -> None:
        self.policy = policy
        self.name, self.description = policy.name, policy.description

    def choose(self, game, state, rules, player, rng):
        if not game.legal_actions(state, rules):
            raise _Deadlock
        return self.policy.choose(game, state, rules, player, rng)


def _stuck_at_chance(state, rules, game: FightKlub = GAME) -> bool:
    return (not game.is_terminal(state) and game.current_player(state) == CHANCE
            and not game.chance_outcomes(state, rules))


def play_one(setup, rules, seed: int, policy_name: str, max_turns: int | None,
             tally: _Tally, start=None, game: FightKlub = GAME,
             deadline: Deadline = NO_DEADLINE) -> Playout:
    """Play and check one seeded game from the setup's initial state (or from ``start``, a
    position of a game in play), adding what it saw to ``tally``; past ``deadline``,
    :class:`~analysis.deadline.TimeUp`."""
    state = game.initial_state(setup, rules) if start is None else start
    tally.states.add(state)
    actions = 0
    last_steps: tuple = ()
    policy = _RefusingDeadlock(POLICIES[policy_name])

    def deadlock(at) -> Playout:
        return Playout(seed, "deadlocks", None, None, actions, at.round,
                       f"no legal action at a state that is not the end of the game, "
                       f"after {actions} actions: {game.format_state(at)}")

    if _stuck_at_chance(state, rules, game):
        return deadlock(state)
    try:
        for before, action, transition in play_game(game, state, rules, seed, policy,
                                                    max_turns):
            checkpoint()
            deadline.check(f"in game {seed}, policy {policy_name}")
            actions += 1
            state = transition.state
            last_steps = transition.steps
            tally.states.add(state)
            tally.kinds[game.action_kind(action)] += 1
            for step in transition.steps:
                tally.rules.update(step.rules)
            problem = broken_invariant(state, before, action, rules, game)
            if problem is not None:
                return Playout(seed, "broken", None, None, actions, state.round,
                               f"step {actions} ({game.format_action(before, action)}): "
                               f"{problem}")
            if _stuck_at_chance(state, rules, game):
                return deadlock(state)
    except _Deadlock:
        return deadlock(state)
    outcome = game.outcome(state, rules)
    if outcome is None:
        # play_game stopped at the start of turn max_turns + 1: T whole turns were played
        return Playout(seed, "cut off", None, None, actions, state.round - 1)
    winner = min(outcome.winners) if outcome.winners else None
    return Playout(seed, "wins" if winner is not None else "no winner", winner,
                   _ending(last_steps), actions, state.round)


def survey_policy(setup, rules, policy_name: str, seeds: range, max_turns: int | None,
                  progress: Progress | None = None, game: FightKlub = GAME,
                  deadline: Deadline = NO_DEADLINE) -> dict:
    """The measured survey of one policy over ``seeds`` (the JSON object of one policy)."""
    tally = _Tally()
    started = time.perf_counter()
    games = []
    for seed in seeds:
        games.append(play_one(setup, rules, seed, policy_name, max_turns, tally, game=game,
                              deadline=deadline))
        if progress is not None:
            progress.advance(1, f"{policy_name} seed {seed}")
    seconds = time.perf_counter() - started
    return summarize(policy_name, games, tally, seconds, len(setup.decks))


def summarize(policy_name: str, games: list[Playout], tally: _Tally, seconds: float,
              players: int = 2) -> dict:
    """The counts of one policy's games: every game in exactly one class."""
    classes = Counter(game.result for game in games)
    lengths = [game.actions for game in games]
    turns = [game.turns for game in games]
    exercised = dict(sorted(tally.rules.items(), key=lambda item: _rule_key(item[0])))
    return {
        "policy": policy_name,
        "games": len(games),
        "wins": [sum(1 for g in games if g.result == "wins" and g.winner == seat)
                 for seat in range(players)],
        "wins by": dict(sorted(Counter(g.ending or "unknown" for g in games
                                       if g.result == "wins").items())),
        "no winner": classes["no winner"],
        "no winner reasons": dict(sorted(Counter(g.ending or "unknown" for g in games
                                                 if g.result == "no winner").items())),
        "no winner seeds": [g.seed for g in games if g.result == "no winner"],
        "cut off": classes["cut off"],
        "deadlocks": [{"seed": g.seed, "state": g.problem} for g in games
                      if g.result == "deadlocks"],
        "broken": [{"seed": g.seed, "problem": g.problem} for g in games
                   if g.result == "broken"],
        "actions": {"median": statistics.median(lengths), "max": max(lengths)},
        "turns": {"min": min(turns), "max": max(turns)},
        "distinct states": len(tally.states),
        "seconds": round(seconds, 3),
        "action kinds": {kind: tally.kinds[kind] for kind in GAME.action_kinds
                         if tally.kinds[kind]},
        "action kinds never taken": [kind for kind in GAME.action_kinds
                                     if not tally.kinds[kind]],
        "rules exercised": exercised,
        "rules never exercised": [number for number in GAME.rulebook.numbers()
                                  if number not in tally.rules],
    }


def _rule_key(number: str) -> tuple:
    # "FK 6.10" after "FK 6.9"; readings such as "FK-T1" after the numbered rules
    head, _, tail = number.partition(" ")
    parts = tail.split(".")
    if tail and all(is_digits(part) for part in parts):
        return (0, tuple(int(part) for part in parts), number)
    return (1, (), number)


def _sections(numbers: list[str]) -> str:
    """Rule numbers grouped by section: ``FK 1.1-1.15; FK 4.3, 4.5``."""
    groups: dict[str, list[str]] = {}
    for number in numbers:
        head, _, tail = number.partition(" ")
        groups.setdefault(f"{head} {tail.split('.')[0]}", []).append(tail)
    return "; ".join(f"{section.split(' ')[0]} {', '.join(tails)}"
                     for section, tails in groups.items())


def _median_text(value) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def cmd_fightklub_survey(args) -> Report:
    game = game_of(args)
    rules = read_rules(game, args)
    setup = setup_for(args.decks, "survey", game=game)
    names = tuple(POLICIES) if args.policy == ALL else (args.policy,)
    seeds = range(args.seed, args.seed + args.games)
    results = []
    deadline = deadline_of(args)
    with Progress.of(args, unit="game") as progress:
        progress.start(len(names) * len(seeds))
        for name in names:
            results.append(survey_policy(setup, rules, name, seeds, args.max_turns, progress,
                                         game, deadline))
    ok = not any(r["deadlocks"] or r["broken"] for r in results)
    data = {"decks": list(args.decks), "setup": str(setup),
            "rules": game.describe_rules(rules), "games": args.games,
            "seeds": [seeds.start, seeds.stop - 1], "max turns": args.max_turns, "ok": ok,
            "policies": results}
    problems = [f"ringside: policy {r['policy']}, seed {item['seed']}: deadlock: "
                f"{item['state']}" for r in results for item in r["deadlocks"]]
    problems += [f"ringside: policy {r['policy']}, seed {item['seed']}: {item['problem']}"
                 for r in results for item in r["broken"]]
    return Report(data, _lines(data), code=0 if ok else 1, problems=problems)


def _lines(data: dict) -> Iterator[str]:
    limit = data["max turns"]
    yield (f"{data['setup']}: {data['games']} game{'s' if data['games'] != 1 else ''} per "
           f"policy, seeds {data['seeds'][0]} to {data['seeds'][1]}, rules {data['rules']}, "
           + (f"cut off after {limit} turns" if limit else "no turn limit"))
    players = len(data["decks"])
    head = ("policy", "games", *(f"p{seat} wins" for seat in range(players)), "no winner",
            "cut off", "deadlocks", "broken", "actions med/max", "turns min/max", "states",
            "seconds")
    rows = [head]
    for r in data["policies"]:
        rows.append((r["policy"], str(r["games"]), *(str(w) for w in r["wins"]),
                     str(r["no winner"]), str(r["cut off"]), str(len(r["deadlocks"])),
                     str(len(r["broken"])),
                     f"{_median_text(r['actions']['median'])}/{r['actions']['max']}",
                     f"{r['turns']['min']}/{r['turns']['max']}",
                     str(r["distinct states"]), f"{r['seconds']:.2f}"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    for row in rows:
        yield "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip()
    for r in data["policies"]:
        name = r["policy"]
        for how, count in r["wins by"].items():
            yield f"{name}: {count} won by {how}"
        for why, count in r["no winner reasons"].items():
            yield f"{name}: {count} with no winner, {why}"
        if r["no winner seeds"]:
            yield f"{name}: no winner at seeds {', '.join(map(str, r['no winner seeds']))}"
        if r["cut off"]:
            yield f"{name}: {r['cut off']} did not end within {limit} turns (not a result)"
        for item in r["deadlocks"]:
            yield f"{name}: DEADLOCK at seed {item['seed']}: {item['state']}"
        for item in r["broken"]:
            yield f"{name}: BROKEN at seed {item['seed']}: {item['problem']}"
    for r in data["policies"]:
        kinds = ", ".join(f"{kind} {count}" for kind, count in r["action kinds"].items())
        never = ", ".join(r["action kinds never taken"]) or "none"
        yield f"{r['policy']}: action kinds taken: {kinds}; never taken: {never}"
    total = len(GAME.rulebook.numbers())
    for r in data["policies"]:
        cited = [n for n in r["rules exercised"] if n in GAME.rulebook]
        others = [n for n in r["rules exercised"] if n not in GAME.rulebook]
        yield (f"{r['policy']}: {len(cited)}/{total} rules exercised by the steps"
               + (f" (and {', '.join(others)})" if others else ""))
        yield (f"{r['policy']}: rules never exercised: "
               f"{_sections(r['rules never exercised']) or 'none'}")


def register(subcommands: Any) -> None:
    """Add ``ringside fightklub survey``."""
    parser = add_command(subcommands, "survey", cmd_fightklub_survey,
                         help="play many seeded whole games between 2 to 6 decks with each "
                              "policy, every step checked, and report wins, games with no "
                              "winner, cut-off games, deadlocks, lengths and the rules "
                              "exercised",
                         example=[*DECKS, "--games", "2", "--policy", "first"])
    parser.add_argument("decks", nargs="+", metavar="DECK",
                        help="2 to 6 shipped decks, player 0's first, seated clockwise (3 or "
                             "more play the multiplayer rules, FK 7; synthetic decks: "
                             f"{', '.join(DECKS)}, synthetic-vex)")
    parser.add_argument("--games", type=bounded_int(1, MAX_GAMES), default=100,
                        help="games per policy, seeds S to S+N-1 (default 100)")
    parser.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=0,
                        help="the first seed S (default 0)")
    parser.add_argument("--policy", choices=(*POLICIES, ALL), default=ALL,
                        help="how both players choose (see 'ringside fightklub play'); "
                             "'all' surveys each policy in turn (default)")
    parser.add_argument("--max-turns", type=bounded_int(1, MAX_TURNS), default=None,
                        help="cut a game off after this many turns; it is reported as not "
                             "ended, never as a result (default: play to the end)")
    add_cards_option(parser)
    add_rules_options(parser, GAME)
    add_timeout(parser, "the survey (no count of part of it is given)")
