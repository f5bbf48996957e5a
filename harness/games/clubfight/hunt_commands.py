"""``ringside clubfight unwinnable`` and ``ringside clubfight hunt``.

``unwinnable --jokers J --count N [--start K] [--rules NAME] [--set F=V]
[--timeout S] [--z3-timeout S] [--workers W] [--json]`` solves deals CFj-K .. CFj-(K+N-1)
and lists those proven unwinnable (the solver's ``loss``: every line of play
ruled out), each with a short reason where a reason-finder has one
(:func:`harness.games.clubfight.hunt.find_reason`, with rule numbers), otherwise the
size of the proof (solver nodes), and z3's verdict where it reaches.  Deals
the solver leaves undecided within ``--timeout`` are listed as undecided,
never as unwinnable.  Results do not depend on ``--workers``.

``hunt --jokers J [--rules NAME] [--set F=V] [--budget S] [--seed S] [--depth D]
[--probe-nodes N] [--full-nodes N] [--verify-nodes N] [--proven] [--start-kind K]
[--max-evaluations N] [--patience N]
[--from DEAL ...] [--json]`` searches for an unwinnable deal on purpose
(:func:`harness.games.clubfight.hunt.hunt`) and prints the deal it found (deal
notation: it need not have a deal number) or the tightest deal met, how it
was found, and how a loss was checked: the solver's proof, an exhaustive
search without any pruning rule, z3 on the states the proof cut, z3 on the
deal (beyond its reach for 13 turns, said so) and the reason-finders.

``hunt --exact [--proof-nodes N]`` ranks deals by proved verdicts only
(:func:`harness.games.clubfight.exact_hunt.exact_hunt`): the most clubs a
deal is proved lost with, then its exact slack; a solve past ``--proof-nodes``
is undecided and its deal set aside, never counted as not won.  It reports
the tightest deal with its slack computed again, every loss re-derived by
the independent checker.  The capped measure's options (``--depth``,
``--probe-nodes``, ``--full-nodes``, ``--proven``, ``--verify-nodes``,
``--exact-timeout``) are refused with it.
"""

from __future__ import annotations

from model.core.errors import InputError
from model.clubfight.engine import GAME
from harness.output import EXIT_FAILED, EXIT_OK
from harness.games.clubfight.commands import (
    add_deal_range, check_deal_range, note_slow_engine,
)
from harness.toolkit import (
    COUNT, INT64_MAX, NODES, SEED, Z3_MAX_SECONDS, Progress, Report, add_command,
    add_rules_options, add_workers, bounded_int, fan_out, needs, read_rules, read_setup,
    seconds,
)


def _decide_deal(job: tuple) -> dict:
    """One deal of ``unwinnable`` (a task of :func:`harness.toolkit.fan_out`)."""
    from model.clubfight.deals import Deal
    from harness.games.clubfight.hunt import prove_unwinnable

    jokers, number, rules, timeout, z3_timeout = job
    deal = Deal.from_number(jokers, number)
    out = {"id": f"CF{jokers}-{number}", "deal": str(deal)}
    try:
        proof = prove_unwinnable(deal, rules, timeout=timeout, z3_timeout=z3_timeout or None)
    except AssertionError as error:  # a reason-finder contradicted the solver: a bug
        out.update(verdict="error", nodes=0, seconds=0.0, reason=None, z3=None,
                   error=str(error))
        return out
    out.update(proof.as_dict())
    return out


def cmd_clubfight_unwinnable(args) -> Report:
    rules = read_rules(GAME, args)
    check_deal_range(args.start, args.count)
    note_slow_engine()
    jobs = [(args.jokers, n, rules, args.timeout, args.z3_timeout)
            for n in range(args.start, args.start + args.count)]
    rows = []
    with Progress.of(args, unit="deal") as progress:
        progress.start(total=len(jobs))
        for row in fan_out(_decide_deal, jobs, workers=args.workers, ordered=True):
            rows.append(row)
            progress.advance()
    lost = [r for r in rows if r["verdict"] == "loss"]
    undecided = [r for r in rows if r["verdict"] == "unknown"]
    refuted = [r for r in lost if r.get("z3") == "win"]
    errors = [r for r in rows if r["verdict"] == "error"]
    out = {"jokers": args.jokers, "rules": args.rules, "rules_overrides": args.set or [],
           "start": args.start, "count": args.count,
           "won": sum(r["verdict"] == "win" for r in rows), "unwinnable": lost,
           "undecided": [{"id": r["id"], "deal": r["deal"], "seconds": r["seconds"]}
                         for r in undecided]}
    problems = [f"ringside: internal error: z3 wins {r['id']}, which the solver called lost"
                for r in refuted]
    problems += [f"ringside: internal error on {r['id']}: {r['error']}" for r in errors]

    def text():
        end = args.start + args.count - 1
        yield (f"CF{args.jokers}-{args.start}..{end}, rules {GAME.describe_rules(rules)}: "
               f"{len(rows) - len(lost) - len(undecided)} won, {len(lost)} proven "
               f"unwinnable, {len(undecided)} undecided (solver timeout {args.timeout:g} s)")
        for r in lost:
            yield f"  {r['id']}: unwinnable ({r['nodes']} nodes)"
            yield f"    {r['deal']}"
            if r["reason"]:
                yield f"    reason [{', '.join(r['reason']['rules'])}]: {r['reason']['text']}"
            else:
                yield f"    no short reason; the solver's proof has {r['nodes']} nodes"
            if r.get("z3"):
                z3_text = {"loss": "z3 confirms: no winning line (unsat)",
                           "unknown": "z3: not within its time cap",
                           "win": "z3 FOUND A WINNING LINE (bug)"}[r["z3"]]
                yield f"    {z3_text} ({r.get('z3_seconds', 0):.1f} s)"
            if r.get("z3_cuts"):
                c = r["z3_cuts"]
                yield (f"    13 turns are beyond z3's reach; z3 on the states the proof cut: "
                       f"{c['checked']} checked, {c['confirmed']} confirmed lost, "
                       f"{c['refuted']} refuted, {c['undecided']} undecided")
        for r in undecided:
            yield f"  {r['id']}: undecided (not listed as unwinnable)"

    return Report(out, text(), EXIT_FAILED if refuted or errors else EXIT_OK, problems)


def _check_found(deal, rules, args) -> dict:
    """Every check of a deal the hunt proved lost."""
    import dataclasses

    from model.clubfight.deals import Deal
    from harness.games.clubfight.hunt import find_reason
    from analysis.clubfight.solver import solve
    from analysis.clubfight.techniques import NO_TECHNIQUES
    from model.clubfight.state import State
    from proofs.clubfight_bmc import REACH, decide, referee

    state = State.from_deal(deal) if isinstance(deal, Deal) else deal
    solver = solve(deal, rules)
    plain = solve(deal, rules, timeout=args.exhaustive_timeout,
                  techniques=dataclasses.replace(NO_TECHNIQUES, dedupe=True, table=True))
    ref = referee(deal, rules, count=args.verify_count, timeout=args.z3_timeout)
    clubs = len(state.hand) + len(state.clubs)
    whole = decide(state, rules, timeout=args.z3_timeout) if clubs <= REACH else None
    reason = find_reason(state, rules)
    return {"solver": {"verdict": solver.verdict, "nodes": solver.nodes,
                       "seconds": round(solver.seconds, 3)},
            "exhaustive": {"verdict": plain.verdict, "nodes": plain.nodes,
                           "seconds": round(plain.seconds, 3)},
            "z3_referee": ref.as_dict(),
            "z3_deal": ({"verdict": whole.verdict, "seconds": round(whole.seconds, 3)}
                        if whole else {"verdict": "beyond reach", "turns": clubs}),
            "reason": reason.as_dict() if reason else None}


_CAPPED_OPTIONS = {"depth": ("--depth", 2), "probe_nodes": ("--probe-nodes", 1000),
                   "full_nodes": ("--full-nodes", 20_000), "proven": ("--proven", False),
                   "verify_nodes": ("--verify-nodes", 100_000),
                   "exact_timeout": ("--exact-timeout", 30.0)}
"""The options of the capped measure, ``field: (flag, default)``: left unset
(None) by the parser, so that ``--exact``, which does not use them, can tell
whether they were given, and filled in with their defaults otherwise."""


def _nearest_and_checks(result, out: dict, rules, args, given) -> bool:
    """Add to a hunt's ``out`` the deal number nearest its tightest deal (when
    deals were given) and every check of a deal it found lost; True when a
    check contradicts the loss."""
    from harness.games.clubfight.hunt import nearest_deal_number

    if given:
        from model.clubfight.deals import is_deal_id, parse_deal_id

        numbers = sorted({parse_deal_id(s.text)[1] for s in given if is_deal_id(s.text)}
                         | set(range(200)))
        nearest, differ = nearest_deal_number(result.best, args.jokers, numbers)
        out["nearest_deal_number"] = {"id": nearest, "differing_positions": differ}
    if result.found is None:
        return False
    checks = _check_found(result.found, rules, args)
    out["checks"] = checks
    return bool(checks["exhaustive"]["verdict"] == "win" or checks["z3_referee"]["refuted"]
                or checks["z3_deal"]["verdict"] == "win")


def cmd_clubfight_hunt(args) -> Report:
    from harness.games.clubfight.hunt import hunt

    rules = read_rules(GAME, args)
    starts = None
    given = [read_setup(GAME, text, "--from", word="deal") for text in args.starts or ()]
    if given:
        starts = []
        for start in given:
            if start.setup.jokers != args.jokers:
                raise InputError(f"{start.text[:30]!r} has {start.setup.jokers} Joker(s), "
                                 f"not {args.jokers}", "--from")
            starts.append(start.setup)
    if args.exact:
        return _exact_hunt(args, rules, starts, given)
    if args.proof_nodes is not None:
        raise InputError("--proof-nodes needs --exact", "--proof-nodes")
    for name, (_, default) in _CAPPED_OPTIONS.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
    note_slow_engine()
    with Progress.of(args, unit=None) as progress:
        result = hunt(args.jokers, rules, budget=args.budget, seed=args.seed, starts=starts,
                      exact_timeout=args.exact_timeout, progress=progress,
                      depth=args.depth, probe_nodes=args.probe_nodes,
                      full_nodes=args.full_nodes, proven=args.proven,
                      verify_nodes=args.verify_nodes,
                      start_kind=args.start_kind, max_evaluations=args.max_evaluations,
                      patience=400 if args.patience is None else args.patience)
    out = {"jokers": args.jokers, "rules": args.rules, "rules_overrides": args.set or [],
           "seed": args.seed,
           "found": str(result.found) if result.found else None,
           "tightest": str(result.best), "slack": result.best_score.slack,
           "excess": result.best_score.excess,
           "nodes": result.best_score.nodes, "start": result.start,
           "exact": (None if result.exact is None else
                     {"slack": result.exact.slack, "excess": result.exact.excess,
                      "levels": list(result.exact.levels), "nodes": result.exact.nodes,
                      "verdict": result.exact.verdict}),
           "levels": list(result.best_score.levels),
           "evaluations": result.evaluations, "seconds": round(result.seconds, 2),
           "evaluations_per_second": round(result.rate, 2), "solves": result.probes,
           "undecided": result.undecided[:20],
           "trail": result.trail}
    failed = _nearest_and_checks(result, out, rules, args, given)
    return Report(out, _hunt_text(result, out, rules, args), EXIT_FAILED if failed else EXIT_OK)


def _exact_hunt(args, rules, starts, given) -> Report:
    """``hunt --exact``: :func:`harness.games.clubfight.exact_hunt.exact_hunt`."""
    from harness.games.clubfight.exact_hunt import exact_hunt

    for name, (flag, _) in _CAPPED_OPTIONS.items():
        if getattr(args, name) is not None:
            raise InputError(f"{flag} sets the capped measure, which --exact does not use",
                             flag)
    proof_nodes = 300_000 if args.proof_nodes is None else args.proof_nodes
    note_slow_engine()
    with Progress.of(args, unit=None) as progress:
        result = exact_hunt(args.jokers, rules, budget=args.budget, seed=args.seed,
                            starts=starts, start_kind=args.start_kind,
                            proof_nodes=proof_nodes,
                            patience=100 if args.patience is None else args.patience,
                            max_evaluations=args.max_evaluations, progress=progress)
    final = result.final
    out = {"jokers": args.jokers, "rules": args.rules, "rules_overrides": args.set or [],
           "seed": args.seed, "exact": True, "proof_nodes": proof_nodes,
           "found": str(result.found) if result.found else None,
           "tightest": str(result.best), **result.best_measure.as_dict(),
           "final": None if final is None else {
               **final.as_dict(), "checked": all(c.ok for c in final.checks),
               "unknown_reason": final.unknown_reason},
           "start": result.start, "evaluations": result.evaluations,
           "seconds": round(result.seconds, 2),
           "evaluations_per_second": round(result.rate, 2),
           "solver_nodes": result.solver_nodes,
           "undecided_count": len(result.undecided),
           "undecided": [{"deal": deal, "clubs": clubs} for deal, clubs in
                         result.undecided[:20]],
           "trail": result.trail}
    failed = _nearest_and_checks(result, out, rules, args, given)
    return Report(out, _exact_hunt_text(result, out, rules, args),
                  EXIT_FAILED if failed else EXIT_OK)


def _exact_hunt_text(result, out: dict, rules, args):
    """``hunt --exact``'s report for people."""
    how = (f"local search from {result.start}: {result.evaluations} deals tried in "
           f"{result.seconds:.0f} s (seed {args.seed}), every solve within "
           f"{out['proof_nodes']} nodes; {out['undecided_count']} deal(s) set aside undecided")
    if result.found is not None:
        yield (f"UNWINNABLE deal (rules {GAME.describe_rules(rules)}, "
               f"{args.jokers} Joker{'s' * (args.jokers > 1)}): proved lost with all 13 clubs")
        yield f"  {result.found}"
        yield f"  found by {how}"
        c = out["checks"]
        yield (f"  exhaustive search without pruning rules: {c['exhaustive']['verdict']}; "
               f"z3 on cut states: {c['z3_referee']['confirmed']} confirmed, "
               f"{c['z3_referee']['refuted']} refuted")
    else:
        yield f"no unwinnable deal found ({how})"
        measure = result.best_measure
        exact = (f"exact slack {measure.slack}" if measure.slack is not None else
                 f"slack not settled ({measure.undecided} clubs undecided)")
        yield (f"tightest deal: proved lost with {measure.lost_with} clubs, won with "
               f"{measure.won_with}: {exact}")
        yield f"  {result.best}"
    final = result.final
    if final is not None:
        if final.slack is not None or final.lost_with == 13:
            checked = "every loss re-derived by the independent checker"
            value = "none (unwinnable)" if final.slack is None else final.slack
            yield f"  slack computed again: {value}, {checked}"
        else:
            yield f"  slack computed again: not settled ({final.unknown_reason})"
    if "nearest_deal_number" in out:
        n = out["nearest_deal_number"]
        yield f"  nearest deal number: {n['id']} ({n['differing_positions']} positions differ)"


def _hunt_text(result, out: dict, rules, args):
    """The hunt's report for people."""
    how = (f"local search from {result.start}: {result.evaluations} deals tried in "
           f"{result.seconds:.0f} s, {result.rate:.1f} per second (seed {args.seed})")
    if result.found is None:
        yield f"no unwinnable deal found ({how})"
        best = result.exact or result.best_score
        if result.exact is None:
            yield ("tightest deal (its score could not be confirmed without the search's "
                   "node caps):")
        yield (f"  tightness levels E_1..E_{len(best.levels)} (cards cut for 12, 11, ... "
               f"clubs to win): {list(best.levels)}")
        if best.verdict == "unknown":
            yield "tightest deal: the solver could not decide it within its limits"
        elif best.slack > 0:
            most = "at least " if best.slack >= len(best.levels) else ""
            yield (f"tightest deal: still won with {most}{best.slack} club(s) dropped from "
                   f"the end of the club deck; {best.nodes} solver nodes")
        else:
            yield (f"tightest deal: won only with all its clubs (with the last club dropped, "
                   f"{best.excess} card(s) must also come off the end of the grid deck); "
                   f"{best.nodes} solver nodes")
        yield f"  {result.best}"
    else:
        c = out["checks"]
        yield (f"UNWINNABLE deal (rules {GAME.describe_rules(rules)}, {args.jokers} "
               f"Joker{'s' * (args.jokers > 1)}):")
        yield f"  {result.found}"
        yield f"  found by {how}"
        yield f"  solver: {c['solver']['verdict']} ({c['solver']['nodes']} nodes)"
        yield (f"  exhaustive search without pruning rules: {c['exhaustive']['verdict']} "
               f"({c['exhaustive']['nodes']} nodes)")
        r = c["z3_referee"]
        yield (f"  z3 on the states the proof cut: {r['checked']} checked, {r['confirmed']} "
               f"confirmed lost, {r['refuted']} refuted, {r['undecided']} undecided")
        if c["z3_deal"]["verdict"] == "beyond reach":
            yield f"  z3 on the whole deal: {c['z3_deal']['turns']} turns are beyond its reach"
        else:
            yield f"  z3 on the whole deal: {c['z3_deal']['verdict']}"
        if c["reason"]:
            yield f"  reason [{', '.join(c['reason']['rules'])}]: {c['reason']['text']}"
        else:
            yield "  no short reason (the reason-finders' bounds are not below the cards)"
    if "nearest_deal_number" in out:
        n = out["nearest_deal_number"]
        yield f"  nearest deal number: {n['id']} ({n['differing_positions']} positions differ)"


def register(commands) -> None:
    """Add ``unwinnable`` and ``hunt`` to ``ringside clubfight``."""
    p = add_command(commands, "unwinnable", cmd_clubfight_unwinnable,
                    help="deals in a range proven unwinnable, with reasons",
                    example=["--jokers", "1", "--count", "2", "--timeout", "5"])
    add_deal_range(p, "--count", "how many deal numbers", "first deal number (default 0)")
    add_rules_options(p, GAME)
    p.add_argument("--timeout", type=seconds(), default=60.0,
                   help="solver time cap per deal, s (default 60); past it: undecided")
    p.add_argument("--z3-timeout", type=seconds(Z3_MAX_SECONDS, zero=True), default=20.0,
                   help="z3 time cap per check of an unwinnable deal, s (default 20; 0: "
                        "no z3)")
    add_workers(p)

    h = add_command(commands, "hunt", cmd_clubfight_hunt,
                    help="search for an unwinnable (or the tightest) deal",
                    example=["--jokers", "1", "--budget", "2", "--max-evaluations", "3",
                             "--z3-timeout", "2", "--exhaustive-timeout", "2",
                             "--verify-count", "1"])
    h.add_argument("--jokers", type=bounded_int(1, 2), required=True, help="1 or 2")
    add_rules_options(h, GAME)
    h.add_argument("--budget", type=seconds(), default=60.0,
                   help="seconds of search (default 60)")
    h.add_argument("--seed", type=SEED, default=0, help="random seed (default 0)")
    h.add_argument("--from", dest="starts", action="append", metavar="DEAL",
                   help="start from this deal number or deal, or @FILE holding one "
                        "(repeatable; default: constructed deals with the Jokers dealt last)")
    h.add_argument("--exact-timeout", type=seconds(), default=None,
                   help="solver time cap per solve when the tightest deal is rescored "
                        "without node caps, s (default 30)")
    h.add_argument("--z3-timeout", type=seconds(Z3_MAX_SECONDS), default=20.0,
                   help="z3 time cap per check of a found deal, s (default 20)")
    h.add_argument("--exhaustive-timeout", type=seconds(), default=120.0,
                   help="time cap of the search without pruning rules, s (default 120)")
    h.add_argument("--verify-count", type=bounded_int(1, 100_000), default=20,
                   help="cut states of the proof for z3 to check (default 20)")
    h.add_argument("--start-kind", choices=("interleaved", "triples", "starved"),
                   default="interleaved",
                   help="constructed starting deals when no --from is given: suits "
                        "interleaved with the Jokers last (default), value triples, or "
                        "values and suits cycled (starved)")
    needs(h, "start_kind", "starts", "the deals --from gives are the starts", excludes=True)
    h.add_argument("--depth", type=bounded_int(1, 12), default=None,
                   help="levels of the tightness measure: E_1..E_depth, cards cut for "
                        "12, 11, ... clubs to win (default 2)")
    h.add_argument("--probe-nodes", type=bounded_int(1, INT64_MAX // 10), default=None,
                   help="node cap of a restricted solve, retried once with 10 times as "
                        "many (default 1000)")
    h.add_argument("--full-nodes", type=NODES, default=None,
                   help="node cap of the first solve of a whole deal, before one with "
                        "the solver time cap (default 20000)")
    h.add_argument("--proven", action="store_true", default=None,
                   help="count a restricted deal undecided within the caps as won, so "
                        "levels count only proven losses (default: as not won)")
    h.add_argument("--verify-nodes", type=NODES, default=None,
                   help="node cap of the restricted solves that measure each new "
                        "tightest deal again (default 100000)")
    h.add_argument("--patience", type=COUNT, default=None,
                   help="evaluations without a tighter deal before going back to the "
                        "tightest (default 400; 100 with --exact)")
    h.add_argument("--exact", action="store_true",
                   help="rank deals only by proved verdicts: the most clubs a deal is "
                        "proved lost with, its exact slack (no node cap ever counts as "
                        "not won); see --proof-nodes")
    h.add_argument("--proof-nodes", type=NODES, default=None,
                   help="with --exact: node budget of each solve (default 300000); a "
                        "solve past it is undecided and its deal set aside")
    h.add_argument("--max-evaluations", type=COUNT, default=None,
                   help="stop after this many evaluations (with a generous --budget, a "
                        "run then repeats exactly for a seed)")
