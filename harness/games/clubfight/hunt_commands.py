"""``ringside clubfight unwinnable`` and ``ringside clubfight hunt``.

``unwinnable --jokers J --count N [--start K] [--rules NAME] [--set F=V]
[--deal-timeout S] [--z3-timeout S] [--workers W] [--timeout S] [--json]`` solves deals
CFj-K .. CFj-(K+N-1)
and lists those proven unwinnable (the solver's ``loss``: every line of play
ruled out), each with a short reason where a reason-finder has one
(:func:`harness.games.clubfight.hunt.find_reason`, with rule numbers), otherwise the
size of the proof (solver nodes), and z3's verdict where it reaches.  Deals
the solver leaves undecided within ``--deal-timeout`` are listed as undecided,
never as unwinnable.  Results do not depend on ``--workers``.  ``--timeout`` stops
the whole range: the deals done are reported and the rest said not reached (exit 0).

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

``hunt --from-screen DIR [--max-nodes N] [--check-limit K] [--max-deals N]
[--certificates FOLDER] [--out FILE [--resume]] [--workers W]`` starts from
the tightest deals a screen found (:mod:`harness.games.clubfight.screen_hunt`):
its deals of slack 1 or less keep their exact slack, its unknowns are
searched again with the larger budget; it reports the deals lost with every
club, the tightest deals with their exact slack, and the deals still unknown
with their reason, each deal of slack 1 or less (or lost) with a certificate
in FOLDER that the independent verifier checked.  The Jokers and rules are
the screen's; the local search's options are refused with it.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from analysis.deadline import TimeUp
from model.core.errors import InputError
from model.clubfight.engine import GAME
from harness.limits import add_timeout, deadline_of
from harness.output import EXIT_FAILED, EXIT_OK
from harness.games.clubfight.commands import (
    add_deal_range, check_deal_range, note_slow_engine,
)
from harness.toolkit import (
    COUNT, INT64_MAX, NODES, SEED, WORKERS, Z3_MAX_SECONDS, InputPath, Progress, Report,
    add_command, add_rules_options, add_workers, bounded_int, fan_out, needs, read_rules,
    read_setup,
    seconds,
)


def _decide_deal(job: tuple) -> dict:
    """One deal of ``unwinnable`` (a task of :func:`harness.toolkit.fan_out`)."""
    from model.clubfight.deals import Deal
    from harness.games.clubfight.hunt import prove_unwinnable

    jokers, number, rules, timeout, z3_timeout, time_left = job
    deal = Deal.from_number(jokers, number)
    out = {"id": f"CF{jokers}-{number}", "deal": str(deal)}
    began = time.perf_counter()
    if time_left is not None:  # the command's --timeout bounds each of the deal's limits
        if time_left <= 0:
            return {**out, CUT: True}
        timeout = min(timeout, time_left)
        z3_timeout = min(z3_timeout, time_left) if z3_timeout else z3_timeout
    try:
        proof = prove_unwinnable(deal, rules, timeout=timeout, z3_timeout=z3_timeout or None)
    except AssertionError as error:  # a reason-finder contradicted the solver: a bug
        out.update(verdict="error", nodes=0, seconds=0.0, reason=None, z3=None,
                   error=str(error))
        return out
    if time_left is not None and time.perf_counter() - began >= time_left:
        return {**out, CUT: True}  # it ran into the command's limit: no answer of its own
    out.update(proof.as_dict())
    return out


CUT = "cut_by_timeout"
"""A deal of ``unwinnable`` that ran into the command's ``--timeout``: not reported."""


def cmd_clubfight_unwinnable(args) -> Report:
    rules = read_rules(GAME, args)
    check_deal_range(args.start, args.count)
    note_slow_engine()
    deadline = deadline_of(args)
    # Each job is made as it is handed out, with the time the deadline leaves then.
    jobs = ((args.jokers, n, rules, args.deal_timeout, args.z3_timeout, deadline.remaining())
            for n in range(args.start, args.start + args.count))
    rows = []
    stopped = ""
    with Progress.of(args, unit="deal") as progress:
        progress.start(total=args.count)
        try:
            for row in fan_out(_decide_deal, jobs, workers=args.workers, ordered=True,
                               deadline=deadline):
                if CUT in row:
                    raise TimeUp(deadline.limit, deadline.where)
                rows.append(row)
                progress.advance()
        except TimeUp as up:
            stopped = up.reason
    lost = [r for r in rows if r["verdict"] == "loss"]
    undecided = [r for r in rows if r["verdict"] == "unknown"]
    refuted = [r for r in lost if r.get("z3") == "win"]
    errors = [r for r in rows if r["verdict"] == "error"]
    out = {"jokers": args.jokers, "rules": args.rules, "rules_overrides": args.set or [],
           "start": args.start, "count": args.count,
           "won": sum(r["verdict"] == "win" for r in rows), "unwinnable": lost,
           "undecided": [{"id": r["id"], "deal": r["deal"], "seconds": r["seconds"]}
                         for r in undecided]}
    if stopped:  # the deals not reached are neither won, unwinnable nor undecided
        out.update(verdict="unknown", reason=stopped, timeout=args.timeout,
                   done=len(rows), not_reached=args.count - len(rows))
    problems = [f"ringside: internal error: z3 wins {r['id']}, which the solver called lost"
                for r in refuted]
    problems += [f"ringside: internal error on {r['id']}: {r['error']}" for r in errors]

    def text():
        end = args.start + args.count - 1
        yield (f"CF{args.jokers}-{args.start}..{end}, rules {GAME.describe_rules(rules)}: "
               f"{len(rows) - len(lost) - len(undecided)} won, {len(lost)} proven "
               f"unwinnable, {len(undecided)} undecided (solver timeout "
               f"{args.deal_timeout:g} s)")
        if stopped:
            yield (f"  unknown: {stopped}, with {len(rows):,} of {args.count:,} deals done; "
                   f"the other {args.count - len(rows):,} were not reached (nothing is said "
                   "of them)")
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


def _check_found(deal, rules, args, deadline) -> dict:
    """Every check of a deal the hunt proved lost, each no later than ``deadline``."""
    import dataclasses

    from model.clubfight.deals import Deal
    from harness.games.clubfight.hunt import find_reason
    from analysis.clubfight.solver import solve
    from analysis.clubfight.techniques import NO_TECHNIQUES
    from model.clubfight.state import State
    from proofs.clubfight_bmc import REACH, decide, referee

    def within(seconds: float | None) -> float | None:
        left = deadline.remaining()
        return seconds if left is None else max(1e-6, left if seconds is None
                                                 else min(seconds, left))

    state = State.from_deal(deal) if isinstance(deal, Deal) else deal
    solver = solve(deal, rules, timeout=within(None))
    plain = solve(deal, rules, timeout=within(args.exhaustive_timeout),
                  techniques=dataclasses.replace(NO_TECHNIQUES, dedupe=True, table=True))
    ref = referee(deal, rules, count=args.verify_count, timeout=within(args.z3_timeout))
    clubs = len(state.hand) + len(state.clubs)
    whole = decide(state, rules, timeout=within(args.z3_timeout)) if clubs <= REACH else None
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


_SEARCH_OPTIONS = {"budget": ("--budget", 60.0), "seed": ("--seed", 0),
                   "z3_timeout": ("--z3-timeout", 20.0),
                   "exhaustive_timeout": ("--exhaustive-timeout", 120.0),
                   "verify_count": ("--verify-count", 20),
                   "start_kind": ("--start-kind", "interleaved"),
                   "starts": ("--from", None), "exact": ("--exact", False),
                   "proof_nodes": ("--proof-nodes", None), "patience": ("--patience", None),
                   "max_evaluations": ("--max-evaluations", None),
                   "set": ("--set", None)}
"""The options of the local search (``field: (flag, default)``), left unset by the
parser so that ``--from-screen``, which searches no deal of its own, can refuse
them; filled in with their defaults otherwise."""
_SCREEN_OPTIONS = {"max_nodes": "--max-nodes", "check_limit": "--check-limit",
                   "max_deals": "--max-deals", "certificates": "--certificates",
                   "out": "--out", "resume": "--resume", "workers": "--workers"}
"""The options of ``--from-screen`` alone (unset: None or False)."""


def _nearest_and_checks(result, out: dict, rules, args, given, deadline) -> bool:
    """Add to a hunt's ``out`` the deal number nearest its tightest deal (when
    deals were given) and every check of a deal it found lost (none once
    ``deadline`` has passed: ``checks`` None, and ``reason`` says why); True when
    a check contradicts the loss."""
    from harness.games.clubfight.hunt import nearest_deal_number

    if given:
        from model.clubfight.deals import is_deal_id, parse_deal_id

        numbers = sorted({parse_deal_id(s.text)[1] for s in given if is_deal_id(s.text)}
                         | set(range(200)))
        nearest, differ = nearest_deal_number(result.best, args.jokers, numbers)
        out["nearest_deal_number"] = {"id": nearest, "differing_positions": differ}
    if result.stopped or deadline.expired():
        reason = result.stopped or TimeUp(deadline.limit, deadline.where).reason
        out.update(verdict="unknown", reason=reason, timeout=args.timeout)
    if result.found is None:
        return False
    if deadline.expired():
        out["checks"] = None  # found, proved lost by the solver, but not checked
        return False
    checks = _check_found(result.found, rules, args, deadline)
    out["checks"] = checks
    if deadline.expired():
        out.update(verdict="unknown", reason=TimeUp(deadline.limit, deadline.where).reason,
                   timeout=args.timeout)
    return bool(checks["exhaustive"]["verdict"] == "win" or checks["z3_referee"]["refuted"]
                or checks["z3_deal"]["verdict"] == "win")


def cmd_clubfight_hunt(args) -> Report:
    from harness.games.clubfight.hunt import hunt

    if args.out is not None:  # a user's file is never replaced, whatever else is wrong
        _claim_results_file(args.out)
    if args.from_screen is not None:
        return _screen_hunt(args)
    for name, flag in _SCREEN_OPTIONS.items():
        if getattr(args, name) not in (None, False):
            raise InputError(f"{flag} needs --from-screen", flag)
    if args.jokers is None:
        raise InputError("the hunt needs --jokers 1 or 2 (or --from-screen DIR)", "--jokers")
    for name, (_, default) in _SEARCH_OPTIONS.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
    args.rules = args.rules or next(iter(GAME.presets))
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
    deadline = deadline_of(args)
    with Progress.of(args, unit=None) as progress:
        result = hunt(args.jokers, rules, budget=args.budget, seed=args.seed, starts=starts,
                      deadline=deadline,
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
    failed = _nearest_and_checks(result, out, rules, args, given, deadline)
    return Report(out, _hunt_text(result, out, rules, args), EXIT_FAILED if failed else EXIT_OK)


def _screen_hunt(args) -> Report:
    """``hunt --from-screen DIR``: :mod:`harness.games.clubfight.screen_hunt`."""
    import os

    from analysis.clubfight.slack import default_check_limit
    from harness.files import held_for_writing
    from harness.games.clubfight.screen_hunt import (
        HuntTask, claim_certificates, hunt_deal, hunt_report, read_results, read_screen_folder,
        results_header, screen_rules,
    )
    from harness.interrupts import checkpoint

    refused = [flag for name, (flag, _) in (_SEARCH_OPTIONS | _CAPPED_OPTIONS).items()
               if getattr(args, name) not in (None, False)]
    if refused:
        raise InputError(f"{refused[0]} sets the local search, which --from-screen does not "
                         "run", refused[0])
    if args.resume and args.out is None:
        raise InputError("--resume continues the results file of --out: give it", "--resume")
    screen = read_screen_folder(args.from_screen)
    header = screen.header
    rules = screen_rules(header, f"--from-screen {args.from_screen}")
    if args.jokers is not None and args.jokers != header["jokers"]:
        raise InputError(f"the screen dealt {header['jokers']} Joker(s), not {args.jokers}",
                         "--jokers")
    if args.rules is not None and args.rules != header["rules"]:
        raise InputError(f"the screen ran the {header['rules']} rules, not {args.rules}",
                         "--rules")
    max_nodes = args.max_nodes or SCREEN_HUNT_NODES
    check_limit = args.check_limit or default_check_limit()
    candidates = screen.records[:args.max_deals] if args.max_deals else screen.records
    first_line = results_header(screen, max_nodes, check_limit, None, args.certificates)
    if args.certificates is not None:
        claim_certificates(Path(args.certificates), candidates)
    note_slow_engine()
    done: dict[str, dict] = {}
    handle = None
    with contextlib.ExitStack() as stack:
        if args.out is not None:
            where = f"--out {args.out}"
            stack.enter_context(held_for_writing(args.out, where))
            keep = 0
            if args.resume:
                done, keep = read_results(Path(args.out), first_line)
            handle = stack.enter_context(open(args.out, "r+b" if keep else "wb"))
            handle.truncate(keep)
            handle.seek(keep)
            if not keep:
                _append(handle, first_line)
        wanted = {record["id"] for record in candidates}
        done = {key: line for key, line in done.items() if key in wanted}
        todo = [HuntTask(record, header["rules"],
                         tuple(sorted((header.get("rules_overrides") or {}).items())),
                         max_nodes, check_limit, None, args.certificates)
                for record in candidates if record["id"] not in done]
        progress = stack.enter_context(Progress.of(args, unit="deal"))
        progress.start(total=len(candidates), done=len(done))
        deadline = deadline_of(args)
        results = fan_out(hunt_deal, todo, workers=args.workers or 1, ordered=False,
                          deadline=deadline)
        stopped = None
        try:
            for line in results:
                checkpoint()
                done[line["id"]] = line
                if handle is not None:
                    _append(handle, line)
                    handle.flush()
                    os.fsync(handle.fileno())
                progress.advance(1, f"{line['id']}: {line['class']}")
        except TimeUp as up:  # the deals done stand; the rest count as not reached
            stopped = up.reason
        except RuntimeError as error:
            return Report(None, code=EXIT_FAILED, problems=[f"ringside: internal error: {error}"])
        finally:
            close = getattr(results, "close", None)
            if close is not None:
                close()
    report = hunt_report(screen, list(done.values()), len(candidates))
    rejected = [line["id"] for line in done.values()
                if (line.get("certificate") or {}).get("verify") == "rejected"]
    out = {"from_screen": str(args.from_screen), "jokers": header["jokers"],
           "rules": header["rules"], "rules_overrides": header.get("rules_overrides") or {},
           "screen_complete": screen.complete, "max_nodes": max_nodes,
           "check_limit": check_limit, "certificates": args.certificates,
           "results": args.out, "stopped": stopped, "command": _screen_hunt_command(args),
           **report}
    problems = [f"ringside: internal error: the verifier rejects the certificate of {deal}"
                for deal in rejected]
    return Report(out, _screen_hunt_text(out, args), EXIT_FAILED if rejected else EXIT_OK,
                  problems)


def _screen_hunt_command(args) -> str:
    """The command of a hunt from a screen (``--resume`` and ``--json`` left out: they
    change neither the deals taken nor their results)."""
    import shlex

    words = ["ringside", "clubfight", "hunt", "--from-screen", str(args.from_screen)]
    for flag in ("--max-nodes", "--check-limit", "--max-deals", "--certificates", "--out",
                 "--workers"):
        value = getattr(args, flag[2:].replace("-", "_"))
        if value is not None:
            words += [flag, str(value)]
    return shlex.join(words)


def _claim_results_file(path: str) -> None:
    from harness.files import check_replaceable
    from harness.games.clubfight.screen_hunt import MARK

    check_replaceable(path, lambda head: head.startswith(MARK), "a hunt's results file",
                      f"--out {path}")


SCREEN_HUNT_NODES = 20_000_000
"""``hunt --from-screen``'s node budget per deal: ten times the screen's default
(the screen's unknowns ran out of 2,000,000)."""


def _append(handle, value: dict) -> None:
    import json

    handle.write(json.dumps(value, separators=(",", ":")).encode("utf-8") + b"\n")


def _deal_words(line: dict) -> str:
    slack = line["slack"]
    won, lost = slack.get("won_with"), slack.get("lost_with")
    found = "found again" if line["searched"] else "from the screen"
    if line["class"] == "unwinnable":
        text = f"lost with all 13 clubs ({found})"
    else:
        text = (f"slack {line['class']}: won with {won} clubs, lost with {lost} "
                f"({found})")
    cert = line.get("certificate")
    if cert is not None:
        text += (f"; certificate {cert['file']} ({cert['bytes']:,} bytes, verify: "
                 f"{cert['verify']})" if cert["written"] else
                 f"; no certificate: {cert['reason']}")
    return text


def _screen_hunt_text(out: dict, args):
    rules = out["rules"] + (f" {out['rules_overrides']}" if out["rules_overrides"] else "")
    taken = ", ".join(f"{n:,} {kind}" for kind, n in out["screen_classes"].items() if n)
    yield (f"hunt from the screen {out['from_screen']} ({out['jokers']} Joker"
           f"{'s' * (out['jokers'] > 1)}, {rules}"
           f"{'' if out['screen_complete'] else ', screen unfinished'}): "
           f"{out['screen_deals']:,} deals of slack 1 or less or unknown, "
           f"{out['candidates']:,} taken" + (f" ({taken})" if taken else "")
           + f", {out['done']:,} done; "
           f"{out['max_nodes']:,} nodes a deal, check limit {out['check_limit']:,}")
    if out.get("stopped"):
        yield (f"  {out['stopped']}: {out['candidates'] - out['done']:,} of the deals taken "
               "were not reached (unknown)")
    if out["unwinnable"]:
        for line in out["unwinnable"]:
            yield f"  UNWINNABLE {line['id']}: {_deal_words(line)}"
    else:
        yield "  no unwinnable deal found"
    if out["tightest"]:
        yield "  tightest deals, exact slack:"
        for line in out["tightest"]:
            yield f"    {line['id']}: {_deal_words(line)}"
    elif not out["unwinnable"]:
        yield "  no deal of exact slack 1 or less"
    if out["unknown"]:
        yield f"  still unknown ({len(out['unknown']):,}):"
        for line in out["unknown"][:20]:
            yield f"    {line['id']}: {line['slack'].get('reason', 'unknown')}"
        if len(out["unknown"]) > 20:
            yield f"    and {len(out['unknown']) - 20:,} more"
    if out["looser"]:
        shown = " ".join(out["looser"][:10])
        more = f" and {len(out['looser']) - 10:,} more" if len(out["looser"]) > 10 else ""
        yield (f"  won with 11 clubs (slack 2 or more) now: {len(out['looser']):,}: "
               f"{shown}{more}")
    if out["done"] < out["candidates"]:
        yield "  not finished: --resume continues it"
    if out["results"]:
        yield f"  results: {out['results']}"


def _exact_hunt(args, rules, starts, given) -> Report:
    """``hunt --exact``: :func:`harness.games.clubfight.exact_hunt.exact_hunt`."""
    from harness.games.clubfight.exact_hunt import exact_hunt

    for name, (flag, _) in _CAPPED_OPTIONS.items():
        if getattr(args, name) is not None:
            raise InputError(f"{flag} sets the capped measure, which --exact does not use",
                             flag)
    proof_nodes = 300_000 if args.proof_nodes is None else args.proof_nodes
    note_slow_engine()
    deadline = deadline_of(args)
    with Progress.of(args, unit=None) as progress:
        result = exact_hunt(args.jokers, rules, budget=args.budget, seed=args.seed,
                            deadline=deadline,
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
    failed = _nearest_and_checks(result, out, rules, args, given, deadline)
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
        if c is None:
            yield f"  checks: unknown, not run ({out['reason']})"
        else:
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
    elif result.stopped:
        yield f"  slack computed again: unknown, not run ({result.stopped})"
    if "nearest_deal_number" in out:
        n = out["nearest_deal_number"]
        yield f"  nearest deal number: {n['id']} ({n['differing_positions']} positions differ)"
    if "reason" in out:
        yield f"unknown: {out['reason']}: the search and its checks stopped there"


def _hunt_text(result, out: dict, rules, args):
    """The hunt's report for people."""
    how = (f"local search from {result.start}: {result.evaluations} deals tried in "
           f"{result.seconds:.0f} s, {result.rate:.1f} per second (seed {args.seed})")
    if result.found is None:
        yield f"no unwinnable deal found ({how})"
        best = result.exact or result.best_score
        if result.exact is None:
            yield ("tightest deal (its score could not be confirmed without the search's "
                   "node caps" + (f": {result.stopped}" if result.stopped else "") + "):")
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
    elif out["checks"] is None:
        yield (f"UNWINNABLE deal (rules {GAME.describe_rules(rules)}, {args.jokers} "
               f"Joker{'s' * (args.jokers > 1)}), proved lost by the solver:")
        yield f"  {result.found}"
        yield f"  found by {how}"
        yield f"  checks: unknown, not run ({out['reason']})"
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
    if "reason" in out:
        yield f"unknown: {out['reason']}: the search and its checks stopped there"


def register(commands) -> None:
    """Add ``unwinnable`` and ``hunt`` to ``ringside clubfight``."""
    p = add_command(commands, "unwinnable", cmd_clubfight_unwinnable,
                    help="deals in a range proven unwinnable, with reasons",
                    example=["--jokers", "1", "--count", "2", "--deal-timeout", "5"])
    add_deal_range(p, "--count", "how many deal numbers", "first deal number (default 0)")
    add_rules_options(p, GAME)
    p.add_argument("--deal-timeout", type=seconds(), default=60.0, metavar="S",
                   help="solver time cap per deal, s (default 60); past it: undecided")
    add_timeout(p, "the whole range (the deals done are reported, the rest not reached)")
    p.add_argument("--z3-timeout", type=seconds(Z3_MAX_SECONDS, zero=True), default=20.0,
                   help="z3 time cap per check of an unwinnable deal, s (default 20; 0: "
                        "no z3)")
    add_workers(p)

    h = add_command(commands, "hunt", cmd_clubfight_hunt,
                    help="search for an unwinnable (or the tightest) deal",
                    example=["--jokers", "1", "--budget", "2", "--max-evaluations", "3",
                             "--z3-timeout", "2", "--exhaustive-timeout", "2",
                             "--verify-count", "1"])
    h.add_argument("--jokers", type=bounded_int(1, 2),
                   help="1 or 2 (required but with --from-screen, which takes the screen's)")
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
    from analysis.clubfight.limits import CERTIFICATE_LIMIT
    from harness.toolkit import OUTPUT_FILE, OUTPUT_FOLDER

    h.add_argument("--from-screen", metavar="DIR", type=InputPath("screen folder",
                                                                  form="folder"),
                   help="hunt from a screen's folder (ringside clubfight screen --out DIR): "
                        "its deals of slack 1 or less keep their exact slack, its unknowns "
                        "are searched again with --max-nodes; Jokers and rules are the "
                        "screen's")
    h.add_argument("--max-nodes", type=NODES, metavar="N",
                   help=f"with --from-screen: node budget of each deal searched again "
                        f"(default {SCREEN_HUNT_NODES:,}); unknown past it")
    h.add_argument("--check-limit", type=bounded_int(1, CERTIFICATE_LIMIT), metavar="K",
                   help="with --from-screen: largest proof of loss (refuted states) the "
                        "checker re-derives")
    h.add_argument("--max-deals", type=COUNT, metavar="N",
                   help="with --from-screen: take only the N tightest deals of the screen")
    h.add_argument("--certificates", metavar="FOLDER", type=OUTPUT_FOLDER,
                   help="with --from-screen: write a certificate (FOLDER/ID.cert) for each "
                        "deal of slack 1 or less or lost with every club, and check it with "
                        "the independent verifier")
    h.add_argument("--out", metavar="FILE", type=OUTPUT_FILE,
                   help="with --from-screen: the results file, one line per deal as each "
                        "is done (JSON Lines)")
    h.add_argument("--resume", action="store_true",
                   help="with --from-screen and --out: keep the deals the file holds")
    h.add_argument("--workers", type=WORKERS, metavar="W",
                   help="with --from-screen: worker processes (default 1)")
    # Unset unless given, so --from-screen can refuse the local search's options
    # (cmd_clubfight_hunt fills in their defaults otherwise).
    h.set_defaults(rules=None, **{name: None for name in _SEARCH_OPTIONS if name != "set"})
    add_timeout(h, "the whole hunt: the search, the rescoring and the checks (what the limit "
                   "cut is unknown)")
