"""``ringside clubfight slack``: how many clubs a deal can spare.

``ringside clubfight slack ID|DEAL [--rules NAME] [--set FIELD=VALUE]
[--max-nodes N] [--timeout S] [--check-limit K] [--no-check] [--certificate FILE]
[--json]``: the largest ``k``
such that the deal is still won with the last ``k`` clubs of its club deck
removed (:func:`analysis.clubfight.slack.slack`).  The win for ``k`` is replayed
by the rules model; the loss for ``k + 1`` comes with the solver's
certificate, re-derived by the independent checker
(:mod:`analysis.clubfight.losscheck`) before it counts (``--no-check``: the
solver's loss counts as it is, about half the time; the text says so and
the JSON gains ``"checked": false``).  Past the node budget,
or with a certificate too large to check, the slack is ``unknown`` (``null``),
never a guess.  A checker that finds a winning move from a state the solver
listed as lost is a bug: the command exits 1.

``--certificate FILE``: for an exact slack, a certificate of the win with
``won_with`` clubs (its line) and the loss with ``lost_with`` (refuted states,
proved again with the verifier's bound only, within ``--max-nodes`` and
``--timeout``), checked by ``ringside clubfight verify``; JSON
``"certificate": {...}`` as ``solve`` says; exit 1 when none could be written.

JSON (issue 15)::

    {"id": "CF2-17"|null, "slack": k|null, "won_with": clubs|null,
     "lost_with": clubs|null, "nodes": N, "seconds": S,
     "verdicts": [{"clubs": 13, "verdict": "win"|"loss"|"unknown", "nodes": N}, ...]}

``won_with`` is ``null`` only when no win was found at all (a deal lost with
all its clubs, or undecided with them).  An unknown slack adds why, as a
survey's line does: ``"unknown": "budget"|"check"`` and ``"reason"`` in words
(``"undecided with 10 clubs within the budget"``).
"""

from __future__ import annotations

from model.clubfight.engine import GAME
from harness.output import EXIT_FAILED, EXIT_OK
from harness.games.clubfight.certificate_commands import (
    add_certificate_option, certificate_lines, claim_certificate_file, write_certificate,
)
from harness.games.clubfight.commands import deal_id, note_slow_engine
from harness.toolkit import (
    NODES, Progress, Report, add_command, add_rules_options, bounded_int, read_rules, read_setup,
    seconds,
)


def cmd_clubfight_slack(args) -> Report:
    from analysis.clubfight.limits import DEFAULT_MAX_NODES
    from analysis.clubfight.slack import slack
    from model.clubfight.state import State

    rules = read_rules(GAME, args)
    start = read_setup(GAME, args.deal, "deal", word="deal")
    known_id = deal_id(start.text)
    state = State.from_deal(start.setup)
    claim_certificate_file(args)
    note_slow_engine()
    written = None
    try:
        with Progress.of(args, unit=None) as progress:
            result = slack(state, rules, max_nodes=args.max_nodes or DEFAULT_MAX_NODES,
                           timeout=args.timeout, check_limit=args.check_limit,
                           progress=progress, first=args.first, check=not args.no_check)
            if args.certificate is not None:
                written = _certificate(args, start.setup, rules, known_id, result, progress)
    except RuntimeError as error:
        return Report(None, code=EXIT_FAILED, problems=[f"ringside: internal error: {error}"])
    from analysis.clubfight.slack import slack_json

    out = slack_json(result, known_id)  # the JSON a survey's line holds, with the id
    if written is not None:
        out["certificate"] = written

    def text():
        title = known_id or str(start.setup)
        shown = "unknown" if result.slack is None else str(result.slack)
        yield (f"{title}: slack {shown}  ({result.nodes} nodes, {result.seconds:.3f} s, "
               f"rules {GAME.describe_rules(rules)})")
        for verdict in result.verdicts:
            yield f"  {verdict.clubs:2} clubs: {verdict.verdict:<7} ({verdict.nodes} nodes)"
        for check in result.checks:
            yield (f"  loss certificate re-derived ({check.engine} checker): {check.visited} "
                   f"listed states expanded, "
                   f"{check.children} moves followed, {check.bound_cuts} cut by the checker's "
                   f"own bound, {check.searched} by its own search ({check.seconds:.2f} s)")
        if not result.checked:
            yield ("  the loss is the solver's, not re-derived by the independent checker "
                   "(--no-check)")
        if result.slack is None:
            if result.lost_with == 13 and result.won_with is None:
                yield "  lost even with every club: no slack at all"
            elif result.unknown_reason:
                yield f"  unknown: {result.unknown_reason}"
                hint = _hint(result.unknown_kind, args)
                if hint:
                    yield f"  {hint}"
        if written is not None:
            yield from certificate_lines(written)

    failed = written is not None and not written["written"]
    return Report(out, text(), EXIT_FAILED if failed else EXIT_OK)


def _certificate(args, deal, rules, known_id, result, progress) -> dict:
    """Write ``--certificate``: the win with ``won_with`` clubs and the loss with
    ``lost_with`` (an exact slack), or the loss alone (lost with every club)."""
    if result.slack is None and not (result.won_with is None and result.lost_with == 13):
        return {"file": args.certificate, "written": False,
                "reason": "the slack is not exact: " + (result.unknown_reason or "unknown")}
    win = None if result.won_with is None else (result.won_with, result.moves)
    return write_certificate(args, deal, rules, known_id, win=win, lost_with=result.lost_with,
                             progress=progress)


def _hint(kind: str | None, args) -> str | None:
    """What to try when the slack stayed unknown on a limit the command sets
    (``kind``: :attr:`SlackResult.unknown_kind`)."""
    from analysis.clubfight.limits import DEFAULT_MAX_NODES
    from analysis.clubfight.slack import default_check_limit
    from analysis.clubfight.solver import CERTIFICATE_LIMIT

    limit = args.check_limit or default_check_limit()
    if kind == "check_limit":  # too large to check, not a failed re-derivation
        return (f"(a larger --check-limit may settle it: this run's was {limit:,} states, "
                f"the most is {CERTIFICATE_LIMIT:,}, at some 100 to 200 bytes of memory a state)")
    if kind == "budget":
        budget = args.max_nodes or DEFAULT_MAX_NODES
        return (f"(a larger --max-nodes may settle it: this run's was {budget:,}; a proof of "
                f"loss past {limit:,} states also needs a larger --check-limit)")
    return None


def register(commands) -> None:
    """Add ``slack`` to ``ringside clubfight``."""
    from analysis.clubfight.limits import CERTIFICATE_LIMIT, DEFAULT_CHECK_LIMIT, PYTHON_CHECK_LIMIT

    parser = add_command(commands, "slack", cmd_clubfight_slack,
                         help="how many clubs from the end a deal can spare and still be won",
                         example=["CF1-3", "--max-nodes", "20000"])
    parser.add_argument("deal", help="a deal number (CF1-n, CF2-n), a deal ('grid deck / "
                                     "clubs'), or @FILE holding one")
    add_rules_options(parser, GAME)
    parser.add_argument("--max-nodes", type=NODES, metavar="N",
                        help="node budget of the whole computation (default 2,000,000); "
                             "past it the slack is unknown")
    parser.add_argument("--timeout", type=seconds(), metavar="S",
                        help="time budget of the whole computation (unknown past it)")
    parser.add_argument("--first", type=bounded_int(1, 13), default=None, metavar="N",
                        help="the club count solved first (default 2 fewer than all); "
                             "then one fewer after each win, one more after a loss")
    parser.add_argument("--check-limit", type=bounded_int(1, CERTIFICATE_LIMIT), default=None,
                        metavar="K", help=f"largest loss certificate (refuted states) the "
                                          f"checker re-derives (default {DEFAULT_CHECK_LIMIT:,} "
                                          f"with the compiled checker, {PYTHON_CHECK_LIMIT:,} "
                                          f"when only the Python one runs); a larger one "
                                          f"leaves the slack unknown")
    add_certificate_option(parser)
    parser.add_argument("--no-check", action="store_true",
                        help="take the solver's proof of loss as it is, without the "
                             "independent checker re-deriving it (about half the time)")
