"""The solver's ``ringside clubfight`` commands: ``solve``.

``ringside clubfight solve "<deal>"|"<state>"|CFj-n|@FILE [--rules NAME] [--set
FIELD=VALUE] [--max-nodes N] [--timeout S] [--engine auto|native|python]
[--fewest] [--verify] [--verify-count K] [--verify-timeout S] [--certificate FILE]
[--json]`` decides a
deal (or a position) with perfect information; the start is read by
:func:`harness.toolkit.read_start`, every number is checked, range included,
as the command line is read.  Every ``win`` is replayed by the independent checker
(:mod:`analysis.clubfight.certify`) before it is printed; a line that does not
replay is a bug and the command fails (exit 1) instead of printing it.

``--fewest``: for a ``loss``, also the fewest cards a line of play can leave
and that line, replayed (:func:`analysis.clubfight.solver.fewest_left`; JSON
``"fewest_left": {"cards": N|null, "at_least": N, "moves": [...], "nodes": N}``,
``cards`` null when a solve stopped on ``--max-nodes`` or ``--timeout`` first).

``--certificate FILE`` also writes a certificate of the verdict that ``ringside
clubfight verify`` checks (:mod:`harness.games.clubfight.certificate_commands`;
JSON ``"certificate": {"file", "written", "bytes", "states", "reason"}``); exit 1
when none could be written (an unknown verdict, a limit reached).

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

from model.clubfight.engine import GAME
from harness.output import EXIT_FAILED, EXIT_OK
from model.core.errors import InputError
from harness.games.clubfight.certificate_commands import (
    add_certificate_option, certificate_lines, claim_certificate_file, write_certificate,
)
from harness.games.clubfight.commands import deal_id, note_slow_engine
from harness.toolkit import (
    NODES, Report, add_command, add_rules_options, bounded_int, needs, read_rules, read_start,
    seconds, Z3_MAX_SECONDS,
)


def cmd_clubfight_solve(args) -> Report:
    from analysis.clubfight.certify import replay_win
    from model.clubfight.notation import format_move
    from analysis.clubfight.solver import solve

    rules = read_rules(GAME, args)
    start = read_start(GAME, args.deal, "deal", rules, word="deal")
    state = start.state
    known_id = deal_id(start.text) if start.setup is not None else None
    deal_text = str(start.setup) if start.setup is not None else None
    if args.certificate is not None and start.setup is None:
        raise InputError("a certificate is written for a deal, not a position in play",
                         "--certificate")
    claim_certificate_file(args)
    if args.engine != "python":
        note_slow_engine()
    result = solve(state, rules, max_nodes=args.max_nodes, timeout=args.timeout,
                   engine=args.engine)
    if result.verdict == "win":
        replay = replay_win(state, result.moves, rules)
        if not replay.ok:
            return Report(None, code=EXIT_FAILED, problems=[
                f"ringside: internal error: the solver's winning line does not replay: "
                f"move {replay.failed_at}: {replay.reason}"])
    fewest = None
    if args.fewest and result.verdict == "loss":
        fewest = _fewest(state, rules, args)
        if isinstance(fewest, Report):
            return fewest
    verification = None
    if args.verify:
        verification = _verify(state, rules, result.verdict, args)
    written = None
    if args.certificate is not None:
        written = _certificate(args, start, rules, known_id, result)
    name, changed = GAME.preset_and_overrides(rules)
    failed = verification is not None and (
        verification["referee"]["refuted"] or verification.get("position") == "win")
    failed = failed or (written is not None and not written["written"])
    out = {"verdict": result.verdict, "moves": [m.as_dict() for m in result.moves],
           "nodes": result.nodes, "seconds": round(result.seconds, 6), "rules": name,
           "engine": result.stats.get("engine")}
    if changed:
        out["rules_overrides"] = changed
    if known_id is not None:
        out["id"] = known_id
    if deal_text is not None:
        out["deal"] = deal_text
    if fewest is not None:
        out["fewest_left"] = {"cards": fewest.fewest, "at_least": fewest.at_least,
                              "moves": [m.as_dict() for m in fewest.moves],
                              "nodes": fewest.nodes}
    if verification is not None:
        out["verify"] = verification
    if written is not None:
        out["certificate"] = written
    problems = []
    if verification is not None:
        problems += [f"  BUG: rule {item['rule']!r} cut a state z3 wins: {item['state']}"
                     for item in verification["referee"]["refutations"]]
        if verification.get("position") == "win":
            problems.append("  BUG: the solver said loss, z3 found a winning line that replays")

    def turns(moves):
        """A line of play from the position, a turn a row."""
        current = state
        for turn, move in enumerate(moves, start=state.turn + 1):
            yield f"  turn {turn:2}: {format_move(move, current.grid)}"
            current = GAME.resolve(current, move, rules).state

    def text():
        title = known_id or deal_text or str(state)
        yield (f"{title}: {result.verdict}  ({result.nodes} nodes, {result.seconds:.3f} s, "
               f"rules {GAME.describe_rules(rules)}, {result.stats.get('engine')} search)")
        if result.verdict == "win":
            yield from turns(result.moves)
        elif result.verdict == "loss":
            yield "  no line of play clears every card"
            if fewest is not None and fewest.fewest is not None:
                yield (f"  the best line leaves {fewest.fewest} card"
                       f"{'s' if fewest.fewest != 1 else ''} ({fewest.nodes} nodes):")
                yield from turns(fewest.moves)
            elif fewest is not None:
                yield (f"  every line leaves at least {fewest.at_least} cards; fewer was not "
                       f"settled within --max-nodes or --timeout ({fewest.nodes} nodes)")
        else:
            yield "  stopped by --max-nodes or --timeout before a verdict"
        if verification is not None:
            ref = verification["referee"]
            yield (f"  z3 referee of the pruning: {ref['checked']} cut states checked, "
                   f"{ref['confirmed']} confirmed lost, {ref['refuted']} refuted, "
                   f"{ref['undecided']} undecided ({ref['seconds']:.1f} s)")
            if "position" in verification:
                yield (f"  z3 on the position itself: {verification['position']} "
                       f"({verification['position_seconds']:.1f} s)")
        if written is not None:
            yield from certificate_lines(written)

    return Report(out, text(), EXIT_FAILED if failed else EXIT_OK, problems)


def _certificate(args, start, rules, known_id, result) -> dict:
    """Write ``--certificate``: the line of a win, the refuted states of a loss."""
    clubs = len(start.state.hand) + len(start.state.clubs)
    if result.verdict == "win":
        return write_certificate(args, start.setup, rules, known_id, win=(clubs, result.moves))
    if result.verdict == "loss":
        return write_certificate(args, start.setup, rules, known_id, lost_with=clubs)
    return {"file": args.certificate, "written": False,
            "reason": "no verdict: the solve stopped before one"}


def _fewest(state, rules, args):
    """``fewest_left`` of a lost position, its line replayed (a ``Report`` if it fails)."""
    from analysis.clubfight.certify import replay_win
    from analysis.clubfight.solver import fewest_left

    found = fewest_left(state, rules, max_nodes=args.max_nodes, timeout=args.timeout,
                        engine=args.engine, at_least=1)
    if found.fewest is not None:
        replay = replay_win(state, found.moves, rules)
        if replay.failed_at != len(found.moves) or replay.final.cards_left != found.fewest:
            return Report(None, code=EXIT_FAILED, problems=[
                f"ringside: internal error: the line said to leave {found.fewest} cards does "
                f"not replay to that: {replay.reason}"])
    return found


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
    solve = add_command(commands, "solve", cmd_clubfight_solve,
                        help="perfect-information verdict for a deal, with a winning line",
                        example=["CF2-17"])
    solve.add_argument("deal", help="a deal number (CF1-n, CF2-n), a deal ('grid deck / "
                                    "clubs'), a whole state ('grid | deck ...'), or @FILE "
                                    "holding one")
    add_rules_options(solve, GAME)
    solve.add_argument("--max-nodes", type=NODES, metavar="N",
                       help="stop after this many nodes (unknown)")
    solve.add_argument("--timeout", type=seconds(), metavar="S",
                       help="stop after this many seconds (unknown)")
    solve.add_argument("--engine", choices=("auto", "native", "python"), default="auto",
                       help="the compiled search, the Python one, or compiled if it builds "
                            "(default auto; both expand the same nodes)")
    solve.add_argument("--fewest", action="store_true",
                       help="for a loss, also the fewest cards a line of play can leave, "
                            "with that line (each solve within --max-nodes)")
    solve.add_argument("--verify", action="store_true",
                       help="z3 referees the pruning: decide up to --verify-count states the "
                            "search cut as lost (and a lost position itself)")
    solve.add_argument("--verify-count", type=bounded_int(1, 100_000), default=20, metavar="K",
                       help="cut states to check with --verify (default 20)")
    add_certificate_option(solve)
    solve.add_argument("--verify-timeout", type=seconds(Z3_MAX_SECONDS), default=10.0,
                       metavar="S", help="z3 time cap per state with --verify (default 10 s)")
    needs(solve, "verify_count", "verify", "it counts the states --verify checks")
    needs(solve, "verify_timeout", "verify", "it caps each check of --verify")
