"""The ``ringside`` command.

Exit codes: 0 all good, 1 a check or scenario failed, 2 bad input.  Every
command takes ``--json``.  Bad input never shows a traceback: one line says
what is wrong and where.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Sequence

from model.core.errors import InputError
from harness.output import (
    EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, Progress, print_json as _print_json, table as _table,
)

class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise InputError(message, None if self.prog == "ringside" else self.prog)


# -- check --------------------------------------------------------------------
def cmd_check(args) -> int:
    from harness.check import check_game
    from harness.registry import games, get_game
    from harness.resources import resolve_root

    selected = [get_game(key) for key in args.games] if args.games else list(games().values())
    root = resolve_root(args.root)
    progress = Progress(not args.json)
    results = []
    began = time.perf_counter()
    try:
        for game in selected:
            results.append(check_game(
                game, root=root, depth=args.depth, max_states=args.max_states,
                starts=args.starts, proofs=not args.no_proofs, progress=progress))
    finally:
        progress.done()
    seconds = time.perf_counter() - began
    passed = all(r.passed for r in results)
    if args.json:
        _print_json({"passed": passed, "seconds": round(seconds, 3),
                     "games": [r.as_dict() for r in results]})
    else:
        rows = []
        for result in results:
            for index, row in enumerate(result.rows):
                rows.append([result.game.key if index == 0 else "", row.check,
                             "ok" if row.passed else "FAIL", row.count,
                             f"{row.seconds:.2f}s"])
        print(_table(rows, ["game", "check", "result", "count", "time"]))
        for result in results:
            for row in result.rows:
                for failure in row.failures:
                    print(f"FAIL {result.game.key} {row.check}: {failure}")
        print(f"\n{'all checks pass' if passed else 'CHECKS FAILED'} "
              f"({len(results)} game{'s' if len(results) != 1 else ''}, {seconds:.1f}s)")
    return EXIT_OK if passed else EXIT_FAILED


# -- rule -----------------------------------------------------------------------
def cmd_rule(args) -> int:
    from harness.registry import games
    from harness.resources import data_root
    from harness.scenario import load_scenario, run_scenario, scenario_files

    known = games()
    root = data_root().path
    results = []
    for path in scenario_files(Path(p) for p in args.files):
        scenario = load_scenario(path, known, root)
        results.append(run_scenario(scenario, known[scenario.game]))
    if args.json:
        _print_json([r.as_dict() for r in results])
    else:
        for result in results:
            _print_replay(result, known[result.scenario.game])
        failed = sum(not r.passed for r in results)
        print(f"{len(results) - failed}/{len(results)} scenarios pass")
    return EXIT_OK if all(r.passed for r in results) else EXIT_FAILED


def _print_replay(result, game) -> None:
    s = result.scenario
    print(f"{s.id}: {s.title}")
    print(f"  ruleset  {result.ruleset}")
    if s.source:
        print(f"  source   {s.source}")
    print(f"  start    {s.start}")
    for number, replayed in enumerate(result.actions, 1):
        print(f"  {number}. {replayed.canonical}")
        for step in replayed.steps:
            print(f"       {step.phase:<14} {step.text}  [{', '.join(step.rules)}]")
    if result.final_position is not None:
        print(f"  result   {result.final_position}")
        print(f"  outcome  {result.final_outcome}")
    for item in result.checked:
        print(f"  ok       {item}")
    for failure in result.failures:
        print(f"  FAIL     {failure}")
    print(f"  {'PASS' if result.passed else 'FAIL'}\n")


# -- rules ----------------------------------------------------------------------
def cmd_rules(args) -> int:
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
    if args.json:
        _print_json([{"game": g.key, "number": r.number, "title": r.title,
                      "statement": r.statement, "source": r.source,
                      "implemented_by": list(r.implemented_by)} for g, r in picked])
    else:
        for game, rule in picked:
            print(f"{rule.number}  {rule.title}  [{game.title}; {rule.source}]")
            print(f"    {rule.statement}")
    return EXIT_OK


# -- explore --------------------------------------------------------------------
def cmd_explore(args) -> int:
    from harness.explorer import explore
    from harness.registry import get_game

    game = get_game(args.game)
    rules = game.preset(args.rules) if args.rules else game.default_rules
    progress = Progress(not args.json)
    try:
        report = explore(game, rules, game.exploration_starts(rules, args.starts),
                         max_depth=args.depth, max_states=args.max_states,
                         progress=lambda n: progress(f"explored {n} states"))
    finally:
        progress.done()
    rules_name = game.describe_rules(rules)
    if args.trace_dir:
        out = Path(args.trace_dir)
        out.mkdir(parents=True, exist_ok=True)
        for index, problem in enumerate(report.problems, 1):
            path = out / f"{game.key}-{problem.kind}-{index}.toml"
            path.write_text(problem.trace.to_scenario(
                game, rules, f"{problem.kind}: {problem.name}",
                f"found by ringside explore: {problem.message}"))
    if args.json:
        _print_json(report.as_dict())
    else:
        print(f"{game.title} ({rules_name}): {report.states} states from {report.starts} "
              f"starts, depth {report.max_depth}, {report.transitions} transitions, "
              f"{report.seconds:.2f}s{'' if report.exhausted else ' (bound reached)'}")
        print("action kinds taken: " + ", ".join(
            f"{k} {n}" for k, n in sorted(report.kinds_taken.items())))
        if report.kinds_never_taken:
            print("never taken: " + ", ".join(report.kinds_never_taken))
        for problem in report.problems:
            print(f"\nPROBLEM {problem.kind} {problem.name}: {problem.message}")
            print(problem.trace.to_scenario(game, rules, f"{problem.kind}: {problem.name}",
                                            problem.message))
        if not report.problems:
            print("no invariant violation, deadlock or off-graph transition")
    return EXIT_OK if report.ok else EXIT_FAILED


# -- docs -----------------------------------------------------------------------
def cmd_docs(args) -> int:
    from harness.docs import cmd_docs as run

    return run(args)


def build_parser() -> argparse.ArgumentParser:
    from harness.registry import all_parts

    parser = _Parser(prog="ringside", description="Rules models and a verification harness for fight-themed card and dice games.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    check = sub.add_parser("check", help="run every invariant, proof, scenario and exploration")
    check.add_argument("games", nargs="*", metavar="GAME")
    check.add_argument("--json", action="store_true")
    check.add_argument("--depth", type=int, default=2, help="explorer depth (default 2)")
    check.add_argument("--max-states", type=int, default=4000,
                       help="explorer state budget per start (default 4000)")
    check.add_argument("--starts", type=int, default=4,
                       help="explorer start positions per game (default 4)")
    check.add_argument("--no-proofs", action="store_true", help="skip the z3 obligations")
    check.add_argument("--root", help="checkout holding scenarios/ and tests/")
    check.set_defaults(func=cmd_check)

    rule = sub.add_parser("rule", help="replay scenario files step by step")
    rule.add_argument("files", nargs="+", metavar="FILE")
    rule.add_argument("--json", action="store_true")
    rule.set_defaults(func=cmd_rule)

    rules = sub.add_parser("rules", help="list numbered rules")
    rules.add_argument("game", nargs="?")
    rules.add_argument("numbers", nargs="*", metavar="NUMBER")
    rules.add_argument("--json", action="store_true")
    rules.set_defaults(func=cmd_rules)

    exp = sub.add_parser("explore", help="breadth-first search for invariant violations")
    exp.add_argument("game")
    exp.add_argument("--depth", type=int, default=2)
    exp.add_argument("--max-states", type=int, default=20_000)
    exp.add_argument("--starts", type=int, default=4)
    exp.add_argument("--rules", help="ruleset preset")
    exp.add_argument("--trace-dir", help="write each problem's trace as a scenario file here")
    exp.add_argument("--json", action="store_true")
    exp.set_defaults(func=cmd_explore)

    docs = sub.add_parser("docs", help="build the rules reference (HTML) from the model")
    docs.add_argument("--out", metavar="DIR",
                      help="output folder (default docs/_build/html in the checkout)")
    docs.add_argument("--no-proofs", action="store_true",
                      help="skip the z3 obligations (the site shows them as not run)")
    docs.add_argument("--json", action="store_true")
    docs.set_defaults(func=cmd_docs)

    for parts in all_parts().values():
        if parts.commands is not None:
            game = parts.game
            game_parser = sub.add_parser(game.key, help=f"{game.title} tools")
            parts.commands(game_parser.add_subparsers(dest=f"{game.key}_command",
                                                      required=True, parser_class=_Parser))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.func(args)
    except InputError as error:
        print(f"ringside: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("ringside: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
