"""The ``ringside clubfight screen`` command.

``ringside clubfight screen --jokers 1|2 --deals N [--start K] [--rules NAME]
[--set FIELD=VALUE] [--workers W | --scheduler ADDRESS] --out DIR [--resume]
[--widths W,W,...] [--stage-two-nodes M] [--check-limit K] [--replay-every N]
[--chunk N] [--retry-unknown M [--retry-widths W,W,...|none]] [--json]`` screens
deals ``CFj-K .. CFj-(K+N-1)`` for the ones that need 12 or 13 clubs, or are
lost with all 13 (:mod:`analysis.clubfight.screen`): counts per slack class
and per stage, one line per deal of slack 1 or less and per unknown, written
into DIR (:mod:`harness.games.clubfight.screen_run`).  ``--retry-unknown M``,
with the options of a finished screen, examines its unknowns again: stage
one's beam at each of the ``--retry-widths`` (a win replayed settles the deal
as 2+), then ``M`` nodes each (those given less); and rewrites its results.
Exit 1 when a win does not replay or the checker refutes a loss (the message
names the deal), 2 on bad input.  ``--timeout S`` stops the whole screen after
S seconds: the chunks done stay committed in DIR for ``--resume``, the figures
say they cover those deals only, exit 0.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from harness.games.clubfight.commands import (
    add_deal_range, note_slow_engine, range_command_words,
)
from harness.limits import add_timeout, deadline_of
from harness.output import EXIT_FAILED
from harness.toolkit import (
    MAX_COUNT, NODES, OUTPUT_FOLDER, Progress, Report, add_command, add_rules_options,
    add_workers, bounded_int, read_rules,
)
from model.clubfight.engine import GAME
from model.core.errors import InputError


MAX_WIDTH = 65_536


def _widths(text: str, high: int = MAX_WIDTH) -> tuple[int, ...]:
    """``--widths``: whole numbers from 1 to ``high``, comma-separated."""
    import argparse

    parts = [part.strip() for part in text.split(",")]
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise argparse.ArgumentTypeError(f"widths must be whole numbers separated by commas, "
                                         f"not {text!r}")
    if not all(len(part) <= 8 and 1 <= int(part) <= high for part in parts):
        raise argparse.ArgumentTypeError(f"each width must be 1 to {high:,}, not {text!r}")
    return tuple(int(part) for part in parts)


def _retry_widths(text: str) -> tuple[int, ...]:
    """``--retry-widths``: widths as ``--widths`` takes them, up to 2^20, or ``none``."""
    from analysis.clubfight.screen_settings import MAX_BEAM_WIDTH

    return () if text.strip() == "none" else _widths(text, MAX_BEAM_WIDTH)


def _command_text(args) -> str:
    """The command that made the screen (``--resume`` and ``--retry-unknown`` left out:
    the summary says the retries)."""
    parts = range_command_words("screen", args)
    widths = ",".join(map(str, args.widths)) if args.widths is not None else None
    for option, value in (("--widths", widths), ("--stage-two-nodes", args.stage_two_nodes),
                          ("--check-limit", args.check_limit),
                          ("--replay-every", args.replay_every), ("--chunk", args.chunk)):
        if value is not None:
            parts += [option, str(value)]
    parts += ["--scheduler", args.scheduler] if args.scheduler else \
        ["--workers", str(args.workers)]
    return shlex.join(parts + ["--out", args.out])


def _retry_words(retried: dict) -> str:
    """What settled the deals retried: the beams' wins by width, then the node budgets'."""
    beams = retried["beams"]
    parts = []
    if beams["widths"]:
        parts.append(f"beams {', '.join(map(str, beams['widths']))} won {beams['won']:,}: "
                     + ", ".join(f"{won:,} by {width}"
                                 for width, won in beams["won_by_width"].items()))
    rest = retried["deals"] - beams["won"]
    if retried["budgets"]:
        parts.append(f"{' or '.join(f'{b:,}' for b in retried['budgets'])} nodes settled "
                     f"{retried['settled_by_nodes']:,} of the {'other ' if parts else ''}"
                     f"{rest:,}")
    elif rest:
        parts.append(f"the other {rest:,} given no more nodes")
    else:
        parts.append("none left for the node budget")
    return "; ".join(parts)


def cmd_clubfight_screen(args) -> Report:
    from analysis.clubfight.screen import CLASSES
    from analysis.clubfight.screen_settings import DEFAULT_RETRY_WIDTHS
    from harness.games.clubfight.screen_run import (
        ScreenConfig, ScreenFailed, retry_unknown, run_screen, summarize, write_summary,
    )

    if args.retry_widths is None:
        args.retry_widths = DEFAULT_RETRY_WIDTHS
    elif args.retry_unknown is None:
        raise InputError("--retry-widths needs --retry-unknown M", "--retry-widths")
    rules = read_rules(GAME, args)
    name, changed = GAME.preset_and_overrides(rules)
    given = {key: value for key, value in (
        ("widths", args.widths), ("stage_two_nodes", args.stage_two_nodes),
        ("check_limit", args.check_limit), ("replay_every", args.replay_every),
        ("chunk", args.chunk)) if value is not None}
    config = ScreenConfig(jokers=args.jokers, start=args.start, deals=args.deals, rules=rules,
                          rules_name=name, rules_overrides=changed, **given)
    note_slow_engine()
    try:
        with Progress.of(args, unit="deal") as progress:
            if args.retry_unknown is not None:
                run = retry_unknown(config, Path(args.out), args.retry_unknown,
                                    widths=args.retry_widths, workers=args.workers,
                                    scheduler=args.scheduler, progress=progress,
                                    deadline=deadline_of(args))
            else:
                run = run_screen(config, Path(args.out), resume=args.resume,
                                 workers=args.workers, scheduler=args.scheduler,
                                 progress=progress, deadline=deadline_of(args))
    except ScreenFailed as error:
        return Report(None, code=EXIT_FAILED, problems=[f"ringside: screen stopped: {error}"])
    summary = summarize(run, _command_text(args))
    if run.stopped:  # the folder stays as a killed run leaves it: --resume finishes it
        summary["timeout"] = args.timeout
    else:
        write_summary(Path(args.out), summary)

    def text():
        last = config.start + config.deals - 1
        where = f"scheduler {args.scheduler}" if args.scheduler else \
            f"{args.workers} worker{'s' if args.workers != 1 else ''}"
        pace = (f", {summary['deals_per_second']:,.1f} deals/s"
                if summary["deals_per_second"] else "")
        doing = "screened" if args.retry_unknown is None else "retried"
        yield (f"screen CF{config.jokers}-{config.start} .. CF{config.jokers}-{last}, rules "
               f"{name}{' ' + str(changed) if changed else ''}: {summary['deals_done']:,} deals "
               f"({run.computed:,} {doing} now in {run.wall_seconds:,.1f} s{pace}, {where})")
        if run.stopped:
            yield (f"  unknown: {run.stopped}, with {summary['deals_done']:,} of "
                   f"{config.deals:,} deals done: every figure below is of those deals only "
                   "(no summary.json written; --resume continues it)"
                   if args.retry_unknown is None else
                   f"  unknown: {run.stopped}, with {run.computed:,} deals retried: the "
                   "figures below are the last whole pass's (no summary.json written; "
                   "--retry-unknown again continues it)")
        one, two = summary["stage_one"], summary["stage_two"]
        by_width = ", ".join(f"{won:,} by {width}" for width, won in one["won_by_width"].items())
        yield (f"  stage one (11 clubs, beams {', '.join(map(str, config.widths))}): "
               f"{one['won']:,} won ({by_width}), "
               f"{one['passed']:,} passed on ({100 * summary['passed_fraction']:.2f}%); "
               f"{one['replayed']:,} wins replayed on the rules model")
        yield (f"  stage two (slack from 11 clubs, {config.stage_two_nodes:,} nodes a deal): "
               + ", ".join(f"{kind} {two['classes'][kind]:,}" for kind in CLASSES))
        retried = summary["retries"]
        if retried:
            yield (f"  retried {retried['deals']:,} unknowns ({_retry_words(retried)}): "
                   + ", ".join(f"{kind} {retried['classes'][kind]:,}" for kind in CLASSES))
        classes = summary["classes"]
        yield "  slack classes: " + ", ".join(f"{kind} {classes[kind]:,}" for kind in CLASSES)
        low, high = summary["unwinnable_wilson"]
        yield (f"  lost with every club: {classes['unwinnable']:,}; 95% Wilson interval "
               f"{100 * low:.4f}% to {100 * high:.4f}% (unknowns as lost for its high end)")
        for kind in CLASSES[1:]:
            ids = summary["ids"][kind]
            if ids:
                yield (f"  {kind}: {' '.join(ids[:20])}"
                       + (f" and {len(ids) - 20:,} more" if len(ids) > 20 else ""))
        if not run.complete:
            yield "  not finished: --resume continues it"
        yield f"  results: {args.out}"

    return Report(summary, text())


def register(commands) -> None:
    """Add ``screen`` to ``ringside clubfight``."""
    from analysis.clubfight.limits import CERTIFICATE_LIMIT
    from analysis.clubfight.screen_settings import (
        DEFAULT_CHUNK, DEFAULT_REPLAY_EVERY, DEFAULT_RETRY_WIDTHS, DEFAULT_STAGE_TWO_NODES,
        DEFAULT_WIDTHS,
    )

    screen = add_command(commands, "screen", cmd_clubfight_screen,
                         help="screen a range of deals for those of slack 1 or less",
                         example=["--jokers", "1", "--deals", "20", "--out", "screen-cf1"])
    add_deal_range(screen, "--deals", "how many deals", "the first deal number (0)")
    add_rules_options(screen, GAME)
    workers = screen.add_mutually_exclusive_group()
    add_workers(workers)
    workers.add_argument("--scheduler", metavar="ADDRESS",
                         help="run on this Dask distributed scheduler (pip install "
                              "'ringside[dask]')")
    screen.add_argument("--out", metavar="DIR", type=OUTPUT_FOLDER, required=True,
                        help="the screen's folder (created; a folder of other files is refused)")
    screen.add_argument("--resume", action="store_true",
                        help="continue the screen in --out: keep the chunks already done")
    screen.add_argument("--widths", type=_widths, metavar="W,W,...",
                        help="states stage one's beams keep a turn, each width tried in turn "
                             "on the deals the narrower ones did not win (default "
                             f"{','.join(map(str, DEFAULT_WIDTHS))})")
    screen.add_argument("--stage-two-nodes", type=NODES, metavar="M",
                        help=f"node budget of each stage-two slack (default "
                             f"{DEFAULT_STAGE_TWO_NODES:,}; unknown past it)")
    screen.add_argument("--check-limit", type=bounded_int(1, CERTIFICATE_LIMIT), metavar="K",
                        help="largest proof of loss (refuted states) the checker re-derives")
    screen.add_argument("--replay-every", type=bounded_int(1, MAX_COUNT), metavar="N",
                        help=f"replay stage one's wins of the deal numbers that are multiples "
                             f"of N on the rules model (default {DEFAULT_REPLAY_EVERY})")
    screen.add_argument("--retry-unknown", type=NODES, metavar="M",
                        help="examine the unknowns of the finished screen in --out again "
                             "with M nodes each, after the --retry-widths beams (give the "
                             "screen's own options too)")
    screen.add_argument("--retry-widths", type=_retry_widths, metavar="W,W,...|none",
                        help="with --retry-unknown: stage one's beam at each width (1 to "
                             "1,048,576) in turn on each unknown before its M nodes, a win "
                             "replayed settling it as 2+; none: the node budget alone (default "
                             f"{','.join(map(str, DEFAULT_RETRY_WIDTHS))}: some 5 CPU s a "
                             "deal the beams do not win, and 65,536 holds some 330 MB, a "
                             "wider beam more in proportion; without the compiled core, "
                             "RINGSIDE_NO_NATIVE=1, the Python beam runs them some 100 times "
                             "slower, minutes a deal: give small widths or none)")
    screen.add_argument("--chunk", type=bounded_int(1, 1_000_000), metavar="N",
                        help=f"deals a worker takes at a time, each chunk committed whole "
                             f"(default {DEFAULT_CHUNK})")
    add_timeout(screen, "the screen (the chunks done are kept, --resume continues; the "
                        "figures say they are of those deals only)")
