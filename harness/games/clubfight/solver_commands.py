"""The solver's ``ringside clubfight`` commands: ``solve``.

``ringside clubfight solve "<deal>"|CFj-n [--rules NAME] [--set FIELD=VALUE]
[--max-nodes N] [--timeout S] [--engine auto|native|python] [--verify]
[--verify-count K] [--verify-timeout S] [--json]`` decides a deal with perfect
information.  Every ``win`` is replayed by the independent checker
(:mod:`model.clubfight.certify`) before it is printed; a line that does not
replay is a bug and the command fails (exit 1) instead of printing it.

``--verify`` makes z3 the referee of the search's pruning
(:func:`proofs.clubfight_bmc.referee`): up to K states the search cut as lost
(fewest clubs left first) are decided by the bounded model check, each with a
time cap, and the counts are reported (checked / confirmed / refuted /
undecided).  A refuted cut -- z3 found a winning line, replayed by the rules
model, from a state a rule declared lost -- is a bug: the command names the
state and the rule and exits 1.  For a ``loss`` the position itself is also
given to z3 (a second, independent loss certificate where it reaches: up to
``proofs.clubfight_bmc.REACH`` clubs left).

JSON (the contract of ringside's Club Fight specification, plus ``id`` and
``deal``)::

    {"verdict": "win"|"loss"|"unknown", "moves": [Move.as_dict(), ...],
     "nodes": N, "seconds": S, "rules": "rulebook", "engine": "native"|"python",
     "id": "CF2-17", "deal": "..."}
"""

from __future__ import annotations

import sys

from model.core.errors import InputError
from model.core.game import parse_setting as _override
from harness.output import EXIT_FAILED, EXIT_OK, print_json




def _read_start(text: str):
    """(state, deal id or None, deal text or None) from a deal number, deal or state."""
    from model.clubfight.deals import Deal, is_deal_id, parse_deal_id
    from model.clubfight.state import State

    if is_deal_id(text):
        jokers, number = parse_deal_id(text, "deal")
        deal = Deal.from_number(jokers, number)
        return State.from_deal(deal), f"CF{jokers}-{number}", str(deal)
    if text.strip().upper().startswith("CF"):
        parse_deal_id(text, "deal")  # says what a deal number looks like
    if "|" in text:
        return State.parse(text, "position"), None, None
    deal = Deal.parse(text, "deal")
    return State.from_deal(deal), None, str(deal)


def cmd_clubfight_solve(args) -> int:
    from model.clubfight.certify import replay_win
    from model.clubfight.engine import GAME
    from model.clubfight.notation import format_move
    from model.clubfight.solver import solve

    overrides = dict(_override(item) for item in (args.set or []))
    rules = GAME.parse_rules(args.rules, overrides)
    if args.max_nodes is not None and args.max_nodes < 1:
        raise InputError(f"must be at least 1, not {args.max_nodes}", "--max-nodes")
    if args.timeout is not None and not args.timeout > 0:
        raise InputError(f"must be a positive number of seconds, not {args.timeout}",
                         "--timeout")
    if args.verify_count < 1:
        raise InputError(f"must be at least 1, not {args.verify_count}", "--verify-count")
    if not args.verify_timeout > 0:
        raise InputError(f"must be a positive number of seconds, not {args.verify_timeout}",
                         "--verify-timeout")
    state, deal_id, deal_text = _read_start(args.deal)
    result = solve(state, rules, max_nodes=args.max_nodes, timeout=args.timeout,
                   engine=args.engine)
    if result.verdict == "win":
        replay = replay_win(state, result.moves, rules)
        if not replay.ok:
            print(f"ringside: internal error: the solver's winning line does not replay: "
                  f"move {replay.failed_at}: {replay.reason}", file=sys.stderr)
            return EXIT_FAILED
    verification = None
    if args.verify:
        verification = _verify(state, rules, result.verdict, args)
    name, changed = GAME.preset_and_overrides(rules)
    failed = verification is not None and (
        verification["referee"]["refuted"] or verification.get("position") == "win")
    if args.json:
        out = {"verdict": result.verdict, "moves": [m.as_dict() for m in result.moves],
               "nodes": result.nodes, "seconds": round(result.seconds, 6), "rules": name,
               "engine": result.stats.get("engine")}
        if changed:
            out["rules_overrides"] = changed
        if deal_id is not None:
            out["id"] = deal_id
        if deal_text is not None:
            out["deal"] = deal_text
        if verification is not None:
            out["verify"] = verification
        print_json(out)
        return EXIT_FAILED if failed else EXIT_OK
    title = deal_id or deal_text or str(state)
    print(f"{title}: {result.verdict}  ({result.nodes} nodes, {result.seconds:.3f} s, "
          f"rules {GAME.describe_rules(rules)}, {result.stats.get('engine')} search)")
    if result.verdict == "win":
        current = state
        for turn, move in enumerate(result.moves, start=state.turn + 1):
            print(f"  turn {turn:2}: {format_move(move, current.grid)}")
            current = GAME.resolve(current, move, rules).state
    elif result.verdict == "loss":
        print("  no line of play clears every card")
    else:
        print("  stopped by --max-nodes or --timeout before a verdict")
    if verification is not None:
        ref = verification["referee"]
        print(f"  z3 referee of the pruning: {ref['checked']} cut states checked, "
              f"{ref['confirmed']} confirmed lost, {ref['refuted']} refuted, "
              f"{ref['undecided']} undecided ({ref['seconds']:.1f} s)")
        for item in ref["refutations"]:
            print(f"  BUG: rule {item['rule']!r} cut a state z3 wins: {item['state']}",
                  file=sys.stderr)
        if "position" in verification:
            print(f"  z3 on the position itself: {verification['position']} "
                  f"({verification['position_seconds']:.1f} s)")
            if verification["position"] == "win":
                print("  BUG: the solver said loss, z3 found a winning line that replays",
                      file=sys.stderr)
    return EXIT_FAILED if failed else EXIT_OK


def _verify(state, rules, verdict: str, args) -> dict:
    """z3 on the solver's cuts, and on the position itself for a loss."""
    from proofs.clubfight_bmc import REACH, decide, referee

    report = referee(state, rules, count=args.verify_count, timeout=args.verify_timeout)
    out = {"referee": report.as_dict()}
    if verdict == "loss" and len(state.hand) + len(state.clubs) > REACH:
        out["position"] = "beyond reach"
        out["position_seconds"] = 0.0
    elif verdict == "loss":
        checked = decide(state, rules, timeout=args.verify_timeout)
        out["position"] = checked.verdict
        out["position_seconds"] = round(checked.seconds, 3)
        if checked.verdict == "win":
            out["position_moves"] = [m.as_dict() for m in checked.moves]
    return out


def register(commands) -> None:
    """Add the solver subcommands to ``ringside clubfight``."""
    solve = commands.add_parser(
        "solve", help="perfect-information verdict for a deal, with a winning line")
    solve.add_argument("deal", help="a deal number (CF1-n, CF2-n), a deal "
                                    "('grid deck / clubs') or a whole state ('grid | deck ...')")
    solve.add_argument("--rules", default="rulebook", help="ruleset preset (default rulebook)")
    solve.add_argument("--set", action="append", metavar="FIELD=VALUE",
                       help="change one Rules field of the preset (repeatable), "
                            "e.g. --set must_clear=false")
    solve.add_argument("--max-nodes", type=int, help="stop after this many nodes (unknown)")
    solve.add_argument("--timeout", type=float, help="stop after this many seconds (unknown)")
    solve.add_argument("--engine", choices=("auto", "native", "python"), default="auto",
                       help="the compiled search, the Python one, or compiled if it builds "
                            "(default auto; both expand the same nodes)")
    solve.add_argument("--verify", action="store_true",
                       help="z3 referees the pruning: decide up to --verify-count states the "
                            "search cut as lost (and a lost position itself)")
    solve.add_argument("--verify-count", type=int, default=20, metavar="K",
                       help="cut states to check with --verify (default 20)")
    solve.add_argument("--verify-timeout", type=float, default=10.0, metavar="S",
                       help="z3 time cap per state with --verify (default 10 s)")
    solve.add_argument("--json", action="store_true")
    solve.set_defaults(func=cmd_clubfight_solve)
