"""The ``ringside`` command.

Exit codes: 0 all good, 1 a check or scenario failed, 2 bad input.  Every
command takes ``--json``.  Bad input never shows a traceback: one line says
what is wrong and where.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Sequence

from model.core.errors import InputError
from harness.output import EXIT_FAILED, EXIT_OK, table as _table
from harness.files import atomic_write, check_replaceable, make_folder
from harness.limits import add_timeout, deadline_of
from harness.toolkit import (
    OUTPUT_FOLDER, SEED, CommandParser, InputPath, Progress, Report, add_command,
    add_rules_options, bounded_int, check_needs, guard, read_rules,
)

DEPTH = bounded_int(0, 1_000)
"""Explorer depth (0: the start states only)."""
STATES = bounded_int(1, 100_000_000)
"""Explorer state budget per start."""
STARTS = bounded_int(1, 1_000_000)
"""Explorer start positions per game."""
PLAYOUTS = bounded_int(0, 10_000_000)
"""Explorer random playouts (0: none)."""


# -- check --------------------------------------------------------------------
def selected_games(names: list[str]):
    """The games ``check`` runs: those named, each once and in the order first named (300
    names of one game would otherwise run its checks 300 times), or every game."""
    from harness.registry import games, get_game

    named = list(dict.fromkeys(names))
    return [get_game(key) for key in named] if named else list(games().values())


def cmd_check(args) -> Report:
    from harness.check_report import CheckOptions, report_of, run_checks
    from harness.resources import resolve_root

    from harness.registry import parts_of
    from harness.userdata import games_of

    # each game with the data files of its own option (a user's cards, characters)
    built = games_of(args, [parts_of(game.key) for game in selected_games(args.games)])
    selected = [game for game, _ in built]
    data = {game.key: files for game, files in built if files}
    root = resolve_root(args.root)
    options = CheckOptions(proofs=not args.no_proofs, depth=args.depth,
                           max_states=args.max_states, starts=args.starts,
                           playouts=args.playouts, seed=args.seed)
    with Progress.of(args, unit=None) as progress:
        results, seconds = run_checks(selected, root=root, options=options, progress=progress,
                                      deadline=deadline_of(args))
    passed = all(r.passed for r in results)
    stopped = next((r.stopped for r in results if r.stopped), "")

    def text():
        rows = []
        for result in results:
            for index, row in enumerate(result.rows):
                rows.append([result.game.key if index == 0 else "", row.check,
                             row.result, row.count,
                             f"{row.seconds:.2f}s"])
        yield _table(rows, ["game", "check", "result", "count", "time"])
        yield "\naction kinds taken by the search and the playouts (never taken fails):"
        for result in results:
            taken = ", ".join(f"{kind} {result.kinds_taken[kind]}"
                              for kind in result.game.action_kinds
                              if kind in result.kinds_taken)
            never = result.kinds_never_taken
            yield (f"  {result.game.key}: {taken or '-'}"
                   + ("; not finished: the kinds not taken yet are unknown" if result.stopped
                      else f"; NEVER TAKEN: {', '.join(never)}" if never else ""))
        for result in results:
            for row in result.rows:
                for failure in row.failures:
                    yield f"FAIL {result.game.key} {row.check}: {failure}"
        for result in results:
            unfinished = [row.check for row in result.rows if row.unknown]
            if unfinished:
                yield (f"UNKNOWN {result.game.key}: {', '.join(unfinished)} not finished "
                       f"({result.stopped})")
        verdict = ("all checks pass" if passed else
                   f"CHECKS NOT FINISHED ({stopped}): the unknown rows are not passes"
                   if stopped and not any(row.result == "FAIL" for r in results
                                          for row in r.rows) else "CHECKS FAILED")
        for game in selected:
            if game.key in data:
                yield (f"{game.key} checked with your data: {_data_words(data[game.key])}; "
                       f"{_featured_words(game)}")
        yield (f"\n{verdict} ({len(results)} game{'s' if len(results) != 1 else ''}, "
               f"{seconds:.1f}s)")

    return Report(report_of(results, options, seconds, data), text(),
                  EXIT_OK if passed else EXIT_FAILED)


def _data_words(given) -> str:
    """``--cards one.toml --cards two.toml``: the data options a command was given."""
    return " ".join(f"--{option} {file}" for option, files in given.items() for file in files)


def _featured_words(game) -> str:
    """What of the user's data leads the explorer's starts, or that none of it does."""
    if game.featured:
        return f"first in the starts: {', '.join(game.featured)}"
    return ("none of it could begin a start (no deck, character or card of yours fits "
            "one), so the starts are the shipped examples, played on the game built "
            "with it")


# -- rule -----------------------------------------------------------------------
def cmd_rule(args) -> Report:
    from harness.registry import games, parts_of
    from harness.resources import data_root
    from harness.scenario import load_scenario, ruling_texts, run_scenario, scenario_files

    known = games()
    root = data_root().path
    results, cards = [], []
    for path in scenario_files(Path(p) for p in args.files):
        scenario = load_scenario(path, known, root)
        results.append(run_scenario(scenario, known[scenario.game]))
        drawing = parts_of(scenario.game).drawing_of(known[scenario.game])
        cards.append(drawing.card_notes(ruling_texts(results[-1])))

    def text():
        for result, notes in zip(results, cards):
            yield from _replay_lines(result, notes, show_start=args.show_start)
        failed = sum(not r.passed for r in results)
        yield f"{len(results) - failed}/{len(results)} scenarios pass"

    return Report([dict(r.as_dict(), cards=[
                       {"code": n.code, "name": n.name, "values": n.values} for n in notes])
                   for r, notes in zip(results, cards)], text(),
                  EXIT_OK if all(r.passed for r in results) else EXIT_FAILED)


def _replay_lines(result, cards=(), show_start: bool = False):
    from harness.scenario import start_lines

    s = result.scenario
    yield f"{s.id}: {s.title}"
    yield f"  ruleset  {result.ruleset}"
    if s.source:
        yield f"  source   {s.source}"
    if s.start_parts:
        yield "  start    " + ", ".join(start_lines(s.start_parts))
        if show_start:
            yield f"  whole    {s.start}"
    else:
        yield f"  start    {s.start}"
    for index, note in enumerate(cards):
        yield f"  {'cards' if index == 0 else '':<8} {note.code} {note.name}: {note.values}"
    for number, replayed in enumerate(result.actions, 1):
        yield f"  {number}. {replayed.canonical}"
        for step in replayed.steps:
            yield f"       {step.phase:<14} {step.text}  [{', '.join(step.rules)}]"
    if result.final_position is not None:
        yield f"  result   {result.final_position}"
        yield f"  outcome  {result.final_outcome}"
    for item in result.checked:
        yield f"  ok       {item}"
    for failure in result.failures:
        yield f"  FAIL     {failure}"
    yield f"  {'PASS' if result.passed else 'FAIL'}\n"


# -- rules ----------------------------------------------------------------------
def cmd_rules(args) -> Report:
    from harness.registry import games, get_game
    from model.core.rules import normalize_rule_number

    if args.game and args.game not in games():
        # "ringside rules CF 4.3": the first word may be a rule prefix, not a game.
        args.numbers = [args.game] + args.numbers
        args.game = None
    selected = [get_game(args.game)] if args.game else list(games().values())
    picked = []
    if args.numbers:
        words = " ".join(args.numbers).replace(",", " ").split()
        if not words:
            raise InputError(f"{' '.join(args.numbers)!r} names no rule; rule numbers look "
                             "like 'CF 4.3'")
        numbers = []
        index = 0
        while index < len(words):  # "CF 4.3" arrives as two words
            word = words[index]
            if word.isalpha() and index + 1 < len(words):
                numbers.append(normalize_rule_number(word + " " + words[index + 1]))
                index += 2
            else:
                numbers.append(normalize_rule_number(word))
                index += 1
        for number in numbers:
            owner = next((g for g in selected if number.split()[0] == g.rulebook.prefix), None)
            if owner is None:
                raise InputError(f"no game has rule numbers starting {number.split()[0]}")
            picked.append((owner, owner.rulebook.get(number)))
    else:
        picked = [(g, rule) for g in selected for rule in g.rulebook]

    def open_points(game, rule) -> list:
        return [a for a in game.ambiguities if rule.number in a.rules]

    def text():
        for game, rule in picked:
            yield f"{rule.number}  {rule.title}  [{game.title}; {rule.source}]"
            yield f"    {rule.statement}"
            for ambiguity in open_points(game, rule):
                yield (f"    open point {ambiguity.id}: {ambiguity.title} Read as: "
                       f"{ambiguity.reading(ambiguity.default).summary}")

    return Report([{"game": g.key, "number": r.number, "title": r.title,
                    "statement": r.statement, "source": r.source,
                    "implemented_by": list(r.implemented_by),
                    "open_points": [a.id for a in open_points(g, r)]} for g, r in picked],
                  text())


# -- explore --------------------------------------------------------------------
TRACE_MARK = "# found by ringside explore"
"""The first line of every trace file ``explore`` writes (so it replaces only its own)."""


def cmd_explore(args) -> Report:
    from harness.explorer import explore, playouts
    from harness.registry import parts_of
    from harness.userdata import files_used, game_of

    parts = parts_of(args.game)
    game = game_of(args, parts)  # with the user's files, their cards are among the starts
    data = files_used(args, parts)
    rules = read_rules(game, args)
    deadline = deadline_of(args)
    with Progress.of(args, unit="state") as progress:
        report = explore(game, rules, game.exploration_starts(rules, args.starts),
                         max_depth=args.depth, max_states=args.max_states,
                         progress=progress.count, deadline=deadline)
    with Progress.of(args, unit="playout") as progress:
        played = playouts(game, rules, game.exploration_starts(rules, args.starts),
                          count=args.playouts, seed=args.seed, progress=progress.count,
                          deadline=deadline)
    stopped = report.stopped or played.stopped
    problems = report.problems + played.problems
    found_by = ["search"] * len(report.problems) + ["playout"] * len(played.problems)
    rules_name = game.describe_rules(rules)
    if args.trace_dir:
        out = make_folder(args.trace_dir, f"--trace-dir {args.trace_dir}")
        for index, problem in enumerate(problems, 1):
            path = out / f"{game.key}-{problem.kind}-{index}.toml"
            check_replaceable(path, lambda head: head.startswith(TRACE_MARK.encode()),
                              "a trace written by ringside explore", str(path))
            atomic_write(path, problem.trace.to_scenario(
                game, rules, f"{problem.kind}: {problem.name}",
                f"{TRACE_MARK[2:]}: {problem.message}", data=data))

    def text():
        if data:
            yield f"with your data: {_data_words(data)}; {_featured_words(game)}"
        yield (f"{game.title} ({rules_name}): {report.states} states from {report.starts} "
               f"starts, depth {report.max_depth}, {report.transitions} transitions, "
               f"{report.seconds:.2f}s"
               + (f" (unknown: {report.stopped}; the search is not complete)" if report.stopped
                  else "" if report.exhausted else " (bound reached)"))
        yield "action kinds taken by the search: " + ", ".join(
            f"{k} {n}" for k, n in sorted(report.kinds_taken.items()))
        never = [kind for kind in report.kinds_never_taken
                 if kind in played.kinds_never_taken]
        if never:
            yield (("not taken before the limit" if stopped else "never taken")
                   + (" by the search or the playouts" if played.playouts else "") + ": "
                   + ", ".join(never))
        if played.playouts:
            yield (f"playouts: {played.playouts} (seed {played.seed}) to depth "
                   f"{played.max_depth}, {played.states} states, {played.terminal_states} "
                   f"end states, {played.seconds:.2f}s; outcomes: " + ", ".join(
                       f"{label} {n}" for label, n in sorted(played.outcomes.items()))
                   + (f" (unknown: {played.stopped}, after {played.playouts} of "
                      f"{args.playouts})" if played.stopped else ""))
        elif played.stopped:
            yield f"playouts: none (unknown: {played.stopped})"
        for problem, how in zip(problems, found_by):
            yield f"\nPROBLEM ({how}) {problem.kind} {problem.name}: {problem.message}"
            yield problem.trace.to_scenario(game, rules, f"{problem.kind}: {problem.name}",
                                            problem.message, data=data)
        if stopped:
            yield (f"unknown: {stopped}: {'no other problem' if problems else 'no problem'} "
                   "in the part explored, nothing said of the rest (a longer --timeout "
                   "explores it)")
        elif not problems:
            yield ("no invariant violation, deadlock, off-graph transition"
                   + (" or over-long game" if played.playouts else ""))

    shown = {**report.as_dict(), "playouts": played.as_dict(), "complete": not stopped,
             "data": data, "featured": list(game.featured)}
    if stopped:  # the problems found stand, with their traces; the rest is unknown
        shown.update(verdict="unknown", reason=stopped, timeout=args.timeout)
    return Report(shown, text(), EXIT_OK if not problems else EXIT_FAILED)


# -- docs -----------------------------------------------------------------------
def cmd_docs(args) -> int:
    from harness.docs import cmd_docs as run

    return run(args)  # prints as it builds; the exit code passes through


def _explorer_options(parser: argparse.ArgumentParser, *, max_states: int,
                      playouts: str) -> None:
    """The explorer's bounds and playouts, for ``check`` and ``explore``."""
    parser.add_argument("--depth", type=DEPTH, default=2, help="explorer depth (default 2)")
    parser.add_argument("--max-states", type=STATES, default=max_states,
                        help=f"explorer state budget per start (default {max_states})")
    parser.add_argument("--starts", type=STARTS, default=4,
                        help="explorer start positions per game (default 4)")
    parser.add_argument("--playouts", type=PLAYOUTS, default=100,
                        help=f"{playouts} (default 100)")
    parser.add_argument("--seed", type=SEED, default=0, help="seed of the playouts (default 0)")


EXPLORE_DATA = ("; the game is built on the shipped data and yours, the starts of your "
                "data explored first")
CHECK_DATA = ("; the one game checked that takes it is built on the shipped data and yours, "
              "the starts of your data explored first")


def _first_game() -> str:
    from harness.registry import games

    return next(iter(games()))


def _first_scenario() -> list[str]:
    from harness.resources import data_root

    return [str(next(iter(sorted(data_root().scenarios.rglob("*.toml")))))]


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line, or with ``argv`` only what parsing ``argv`` needs.

    Each game's commands import that game's rules and analysis, the slowest part of
    starting up; given ``argv``, only the game it names (if any) gets its commands,
    and every other game is listed with its one-line help alone.
    """
    from harness.registry import all_parts
    from harness.userdata import add_any_data_options

    named = _named_game(argv, all_parts()) if argv is not None else None

    parser = CommandParser(prog="ringside", description="Rules models and a verification harness for fight-themed card and dice games.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=CommandParser)

    check = add_command(sub, "check", cmd_check,
                        help="run every invariant, proof, scenario and exploration",
                        example=["--no-proofs", "--depth", "0", "--starts", "1",
                                 "--playouts", "2"])
    check.add_argument("games", nargs="*", metavar="GAME")
    _explorer_options(check, max_states=4000, playouts="random playouts to the end, per "
                                                        "ruleset")
    add_any_data_options(check, CHECK_DATA)
    check.add_argument("--no-proofs", action="store_true", help="skip the z3 obligations")
    check.add_argument("--root", type=InputPath("data root", form="folder"), metavar="DIR",
                       help="checkout holding scenarios/ and tests/")
    add_timeout(check, "the checks (those not finished are unknown, and the run fails: "
                       "exit 1)")

    rule = add_command(sub, "rule", cmd_rule, help="replay scenario files step by step",
                       example=_first_scenario)
    rule.add_argument("files", nargs="+", metavar="FILE",
                      type=InputPath("scenario file", form="either"),
                      help="scenario files, or folders of them")
    rule.add_argument("--show-start", action="store_true",
                      help="print the whole position a short start resolves to (--json "
                      "always gives it, as start)")

    rules = add_command(sub, "rules", cmd_rules, help="list numbered rules", example=[])
    rules.add_argument("game", nargs="?")
    rules.add_argument("numbers", nargs="*", metavar="NUMBER")

    exp = add_command(sub, "explore", cmd_explore,
                      help="breadth-first search and random playouts for invariant "
                      "violations",
                      example=lambda: [_first_game(), "--depth", "1", "--starts", "1",
                                       "--playouts", "4"])
    exp.add_argument("game")
    _explorer_options(exp, max_states=20_000, playouts="random playouts to the end of the "
                                                        "game")
    add_any_data_options(exp, EXPLORE_DATA)
    add_rules_options(exp)
    exp.add_argument("--trace-dir", type=OUTPUT_FOLDER, metavar="DIR",
                     help="write each problem's trace as a scenario file here")
    add_timeout(exp, "the search and the playouts (the part explored is reported, the "
                     "rest unknown)")

    docs = add_command(sub, "docs", cmd_docs,
                       help="build the rules reference (HTML) from the model",
                       example=["--no-proofs"])
    docs.add_argument("--out", metavar="DIR", type=OUTPUT_FOLDER,
                      help="output folder (default docs/_build/html in a checkout, "
                      "./ringside-reference when installed)")
    docs.add_argument("--no-proofs", action="store_true",
                      help="skip the z3 obligations (the site shows them as not run)")
    # The explorer's bounds, as `check` takes them; unset, docs/conf.py's hold (those of
    # `check`'s defaults).  Smaller ones give a quicker preview with the same pages.
    docs.add_argument("--depth", type=DEPTH, help="explorer depth (default 2)")
    docs.add_argument("--max-states", type=STATES,
                      help="explorer state budget per start (default 4000)")
    docs.add_argument("--starts", type=STARTS,
                      help="explorer start positions per game (default 4)")
    docs.add_argument("--check-report", type=InputPath("check report"), metavar="FILE",
                      help="show the checks of this report (`ringside check --json > FILE`) "
                      "instead of running them; its options replace the four above")
    add_timeout(docs, "the checks the site is built from (cut short: no site is built, "
                      "exit 1; not with --check-report)")

    from harness.play import register as register_play

    register_play(sub)
    for parts in all_parts().values():
        if parts.commands is not None:
            game_parser = sub.add_parser(parts.key, help=f"{parts.title} tools")
            if argv is None or named == parts.key:
                parts.commands(game_parser.add_subparsers(dest=f"{parts.key}_command",
                                                          required=True,
                                                          parser_class=CommandParser))
            else:  # not asked for: parsing never reaches it, so its commands stay unloaded
                game_parser.add_argument("rest", nargs=argparse.REMAINDER)
    return parser


def _named_game(argv: Sequence[str], parts: dict) -> str | None:
    """The game key ``argv`` names as its command (the first word not an option)."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word if word in parts else None
    return None


def _command_parser(parser: argparse.ArgumentParser, args: argparse.Namespace
                    ) -> argparse.ArgumentParser | None:
    """The (sub)command parser that read ``args`` (the one whose ``func`` it runs)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                found = _command_parser(child, args)
                if found is not None:
                    return found
    return parser if parser.get_default("func") is getattr(args, "func", None) else None


def check_distinct_outputs(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse two result options of one command naming the same place (``--out r.jsonl
    --summary r.jsonl``): the second write would replace the first's file."""
    from harness.toolkit import OutputPath

    command = _command_parser(parser, args)
    if command is None:
        return
    seen: dict[str, str] = {}
    for action in command._actions:
        value = getattr(args, action.dest, None)
        if not isinstance(action.type, OutputPath) or not isinstance(value, str):
            continue
        flag = action.option_strings[-1] if action.option_strings else action.dest
        place = os.path.realpath(value)
        if place in seen:
            raise InputError(f"names the same place as {seen[place]} ({value}); each result "
                             "needs its own", flag)
        seen[place] = flag


def main(argv: Sequence[str] | None = None) -> int:
    def run() -> int:
        # Building the parser imports the games' command modules, so a Ctrl-C
        # may land there too; inside the guard it is the same one line.
        words = sys.argv[1:] if argv is None else list(argv)
        parser = build_parser(words)
        args = parser.parse_args(words)
        check_distinct_outputs(parser, args)
        command = _command_parser(parser, args)
        if command is not None:
            check_needs(command, args)
        return args.func(args)

    return guard(run)


if __name__ == "__main__":
    sys.exit(main())
