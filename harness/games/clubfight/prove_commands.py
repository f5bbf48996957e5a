"""``ringside clubfight prove``: a deal's loss with its first N clubs, proved in parts, as a certificate.

``ringside clubfight prove ID|DEAL --clubs N --certificate FILE [--rules NAME]
[--set FIELD=VALUE] [--part-nodes N] [--workers W] [--work DIR] [--slack] [--json]``
proves that the deal is lost with its first ``N`` clubs (the rest removed from
the end of the club deck, as ``slack`` counts them) by the certificate's own
search (the verifier's bound only), split into parts of at most
``--part-nodes`` nodes each when one search would not do
(:mod:`analysis.clubfight.divided`): a proof too large for one process's
memory, spread over ``--workers`` processes.  The certificate lists the union
of the parts' refuted states; ``ringside clubfight verify FILE`` checks it
whole, trusting nothing here.  A part that finds a win has found a winning
line: the certificate then holds that win instead.

``--slack``: with the loss proved, also look for a win with one club more
(the solver, within ``--part-nodes`` nodes; its line replayed on the rules
model) and put it in the certificate too, which then proves the deal's exact
slack (``verify`` says so).

``--work DIR`` keeps each settled part as it comes, so a run stopped by
Ctrl-C, a kill or a power cut continues where it was when given the same
folder again, with the same or another ``--part-nodes`` (a folder of another
proof, or of other files, is refused).

Exit 0 with a certificate written (the loss, or a win found), 1 when a part
could not be settled (a part past the most states a certificate may list,
with no moves left to split it), 2 for bad input, 130 on Ctrl-C.  JSON::

    {"id": "CF2-2423"|null, "deal": ..., "rules": ..., "clubs": N,
     "verdict": "loss"|"win"|"unknown", "reason": str|null,
     "parts": {"settled": N, "split": N}, "nodes": N, "part_seconds": S,
     "wall_seconds": S, "states": N|null, "moves": [...] (a win),
     "slack_win": {"clubs": N + 1, "verdict": ..., "nodes": N} (--slack),
     "certificate": {"file": FILE, "written": bool, "bytes": N, ...}}
"""

from __future__ import annotations

import time
from pathlib import Path

from harness.games.clubfight.commands import deal_id, note_slow_engine
from harness.output import EXIT_FAILED, EXIT_OK
from harness.toolkit import (
    NODES, OUTPUT_FILE, OUTPUT_FOLDER, WORKERS, Progress, Report, add_command, add_rules_options,
    bounded_int, fan_out, read_rules, read_setup,
)
from model.clubfight.engine import GAME

DEFAULT_PART_NODES = 20_000_000
"""Nodes a part may take before it is split: some 1 to 2 GB of memory at the peak."""


def cmd_clubfight_prove(args) -> Report:
    from analysis.clubfight.certificate_file import certificate_bytes
    from analysis.clubfight.divided import PARTS_FILE, Won, prove_loss_divided
    from harness.files import atomic_write, folder_replaceable, make_folder
    from harness.games.clubfight.certificate_commands import claim_certificate_file

    rules = read_rules(GAME, args)
    name, _ = GAME.preset_and_overrides(rules)
    start = read_setup(GAME, args.deal, "deal", word="deal")
    known_id = deal_id(start.text)
    claim_certificate_file(args)
    folder = None
    if args.work is not None:
        folder = Path(args.work)
        folder_replaceable(folder, PARTS_FILE, b'{"divided_proof"', "a proof's work folder",
                           f"--work {args.work}")
        make_folder(folder, f"--work {args.work}")
    note_slow_engine()

    def run_parts(func, jobs):
        return fan_out(func, jobs, workers=args.workers, in_flight=args.workers)

    began = time.perf_counter()
    last = None
    with Progress.of(args, unit=None) as progress:
        def step(status) -> None:
            nonlocal last
            last = status
            progress(f"{status.settled:,} parts settled, {status.waiting:,} waiting, "
                     f"{status.split:,} split; {status.nodes:,} nodes, "
                     f"{status.states:,} states listed")

        progress(f"proving {known_id or 'the deal'} lost with {args.clubs} clubs")
        try:
            result = prove_loss_divided(start.setup, rules, args.clubs, rules_name=name,
                                        deal_id=known_id, part_nodes=args.part_nodes,
                                        folder=folder, progress=step, run_parts=run_parts)
        except RuntimeError as error:  # out of memory in a part: the parts settled stay
            return Report(None, code=EXIT_FAILED, problems=[f"ringside: prove stopped: {error}"])
        out = {"id": known_id, "deal": str(start.setup), "rules": name, "clubs": args.clubs,
               "verdict": "unknown", "reason": None, "moves": None, "states": None,
               "parts": {"settled": last.settled if last else 0,
                         "split": last.split if last else 0},
               "nodes": last.nodes if last else 0,
               "part_seconds": round(last.seconds, 3) if last else 0.0,
               "wall_seconds": round(time.perf_counter() - began, 3)}
        if isinstance(result, str):
            out["reason"] = result
            data = None
        elif isinstance(result, Won):
            out.update(verdict="win", moves=list(result.moves))
            data = certificate_bytes(start.setup, rules, name, deal_id=known_id,
                                     win=(args.clubs, list(result.moves)))
        else:
            out.update(verdict="loss", states=len(result.keys))
            win = None
            if args.slack and args.clubs < 13:
                try:
                    win, out["slack_win"] = _win_with_one_more(start.setup, rules, args,
                                                               progress)
                except RuntimeError as error:
                    return Report(None, code=EXIT_FAILED,
                                  problems=[f"ringside: internal error: {error}"])
            progress(f"writing the certificate of {len(result.keys):,} states")
            data = certificate_bytes(start.setup, rules, name, deal_id=known_id, loss=result,
                                     win=win)
        written = {"file": args.certificate, "written": False}
        if data is not None:
            atomic_write(args.certificate, data, f"--certificate {args.certificate}")
            written.update(written=True, bytes=len(data))
        out["certificate"] = written

    def text():
        title = known_id or str(start.setup)
        if out["verdict"] == "loss":
            parts = out["parts"]["settled"]
            yield (f"{title}: LOST with {args.clubs} clubs ({out['states']:,} refuted states; "
                   f"{parts:,} part{'s' if parts != 1 else ''}, {out['nodes']:,} nodes, "
                   f"{out['part_seconds']:,.1f} s in parts, {out['wall_seconds']:,.1f} s in all; "
                   f"rules "
                   f"{GAME.describe_rules(rules)})")
        elif out["verdict"] == "win":
            yield (f"{title}: WON with {args.clubs} clubs: a part found a winning line "
                   f"(rules {GAME.describe_rules(rules)})")
        else:
            yield f"{title}: unknown with {args.clubs} clubs: {out['reason']}"
        more = out.get("slack_win")
        if more and more["verdict"] == "win":
            yield (f"  won with {more['clubs']} clubs ({more['nodes']:,} nodes, the line "
                   f"replayed on the rules model): slack {13 - more['clubs']}, both in the "
                   f"certificate")
        elif more:
            yield (f"  with {more['clubs']} clubs: {more['verdict']} within "
                   f"{args.part_nodes:,} nodes, so the slack is not in the certificate")
        if written["written"]:
            yield (f"  certificate: {args.certificate} ({written['bytes']:,} bytes); "
                   f"check it with: ringside clubfight verify {args.certificate}")
        if folder is not None:
            yield f"  parts: {folder}"

    return Report(out, text(), EXIT_OK if data is not None else EXIT_FAILED)


def _win_with_one_more(deal, rules, args, progress):
    """A win with ``--clubs`` + 1 clubs for the certificate (``None`` if the solver finds
    none within ``--part-nodes``), with what the JSON reports of it."""
    from analysis.clubfight.certify import replay_win
    from analysis.clubfight.slack import with_clubs
    from analysis.clubfight.solver import solve
    from model.clubfight.state import State

    clubs = args.clubs + 1
    progress(f"looking for a win with {clubs} clubs")
    start = with_clubs(State.from_deal(deal), clubs)
    result = solve(start, rules, max_nodes=args.part_nodes)
    about = {"clubs": clubs, "verdict": result.verdict, "nodes": result.nodes}
    if result.verdict != "win":
        return None, about
    replay = replay_win(start, result.moves, rules)
    if not replay.ok:  # the solver's line must win on the rules model
        raise RuntimeError(f"the solver's win with {clubs} clubs does not replay: "
                           f"{replay.reason}")
    return (clubs, result.moves), about


def register(commands) -> None:
    """Add ``prove`` to ``ringside clubfight``."""
    parser = add_command(commands, "prove", cmd_clubfight_prove,
                         help="prove a deal lost with its first N clubs, in parts if need "
                              "be, and write the certificate",
                         example=["CF1-3", "--clubs", "8", "--certificate", "cf1-3-8.cert"])
    parser.add_argument("deal", help="a deal number (CF1-n, CF2-n), a deal ('grid deck / "
                                     "clubs'), or @FILE holding one")
    parser.add_argument("--clubs", type=bounded_int(1, 13), required=True, metavar="N",
                        help="the clubs kept: the first N of the draw order (hand, then club "
                             "deck), as slack counts them")
    parser.add_argument("--certificate", metavar="FILE", type=OUTPUT_FILE, required=True,
                        help="where the certificate goes (`ringside clubfight verify` checks "
                             "it); a file there that is not a certificate is never replaced")
    add_rules_options(parser, GAME)
    parser.add_argument("--part-nodes", type=NODES, default=DEFAULT_PART_NODES, metavar="N",
                        help=f"nodes a part may take before it is split into one part per "
                             f"move (default {DEFAULT_PART_NODES:,}: some 1 to 2 GB a worker)")
    parser.add_argument("--workers", type=WORKERS, default=1, metavar="W",
                        help="processes proving parts at once (default 1)")
    parser.add_argument("--slack", action="store_true",
                        help="also put a win with one club more in the certificate (found "
                             "within --part-nodes nodes), so that it proves the exact slack")
    parser.add_argument("--work", metavar="DIR", type=OUTPUT_FOLDER,
                        help="keep the settled parts here; the same command with the same "
                             "folder (any --part-nodes) continues a stopped run")
