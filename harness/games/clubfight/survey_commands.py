"""The ``ringside clubfight survey`` and ``play`` commands.

``ringside clubfight survey --jokers 1|2 --deals N [--start K] [--workers W]
[--out F.jsonl] [--resume] [--reuse OLD.jsonl] [--rules NAME] [--set FIELD=VALUE]
[--deal-timeout S] [--timeout S] [--max-nodes N] [--policies NAME[:N],...] [--seed S] [--slack N]
[--slack-max-nodes M] [--slack-check-limit K] [--slack-check-every N] [--scheduler ADDRESS]
[--summary FILE] [--json]`` solves
deals ``CFj-K .. CFj-(K+N-1)`` and prints the win rate with its 95% Wilson
interval (:mod:`harness.games.clubfight.survey`); ``--policies
greedy,mc:1000`` also plays every deal with ``greedy`` and the first 1000 with
``mc`` (:mod:`analysis.clubfight.policies`); ``--slack 1000`` also computes the
slack of the first 1000 deals (:mod:`analysis.clubfight.slack`), each within
``--slack-max-nodes`` nodes, its proof of loss re-derived by the checker up to
``--slack-check-limit`` states (``--slack-check-every N``: only for the deal
numbers that are multiples of N, a sample; the rest are marked unchecked);
``--reuse OLD.jsonl`` takes the deals an
earlier file of the same survey settled, so raising the slack limits only
computes again the slacks they left unknown, and a longer survey only the
deals the earlier one did not cover (the file's lines are what a run from
scratch would write, but for the seconds; a loss the earlier file re-derived
stays re-derived where this survey's check sample would not).  ``--summary``
puts the figures, with the command, into a summary file (a JSON list, one
object per variant: what ``ringside docs`` publishes).  ``--timeout S`` stops
the whole survey after S seconds: the deals done stay in ``--out`` (``--resume``
continues), the figures say they cover those deals only, the summary file is
not touched, exit 0 (``--deal-timeout`` limits each deal's solve).  Exit 1 when a
winning line does not replay or a slack computation fails (the message names
the deal), 2 on bad input.

``ringside clubfight play CFj-n|"<deal>"|"<state>"|@FILE --policy NAME [--rules
NAME] [--seed S] [--json]`` plays one game with a policy and prints it turn
by turn.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from model.clubfight.engine import GAME
from harness.output import EXIT_FAILED
from harness.games.clubfight.commands import (
    add_deal_range, deal_id, note_slow_engine, range_command_words,
)
from harness.limits import add_timeout, deadline_of
from harness.toolkit import (
    MAX_COUNT, NODES, OUTPUT_FILE, SEED, InputPath, Progress, Report, add_command,
    add_rules_options, add_workers, bounded_int, read_rules, read_start, seconds,
)


def _command_text(args) -> str:
    """The command that reproduces this survey (``--resume`` and ``--reuse`` left
    out: they change nothing in the results but the seconds)."""
    parts = range_command_words("survey", args)
    if args.max_nodes is not None:
        parts += ["--max-nodes", str(args.max_nodes)]
    if args.deal_timeout is not None:
        parts += ["--deal-timeout", str(args.deal_timeout)]
    if args.policies:
        parts += ["--policies", args.policies]
        parts += ["--seed", str(args.seed)]
    if args.slack:
        parts += ["--slack", str(args.slack)]
        if args.slack_max_nodes is not None:
            parts += ["--slack-max-nodes", str(args.slack_max_nodes)]
        if args.slack_check_limit is not None:
            parts += ["--slack-check-limit", str(args.slack_check_limit)]
        if args.slack_check_every != 1:
            parts += ["--slack-check-every", str(args.slack_check_every)]
    if args.scheduler:
        parts += ["--scheduler", args.scheduler]
    else:
        parts += ["--workers", str(args.workers)]
    if args.out:
        parts += ["--out", args.out]
    if args.summary:
        parts += ["--summary", args.summary]
    return shlex.join(parts)


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def cmd_clubfight_survey(args) -> Report:
    from harness.games.clubfight.survey_file import ReplayFailed
    from harness.games.clubfight.survey import SlackFailed, run_survey
    from harness.games.clubfight.survey_config import SurveyConfig, parse_policies
    from harness.games.clubfight.survey_summary import (
        keep_run_timing, read_summary_file, summarize, update_summary_file,
    )

    rules = read_rules(GAME, args)
    name, changed = GAME.preset_and_overrides(rules)
    config = SurveyConfig(
        jokers=args.jokers, start=args.start, deals=args.deals, rules=rules,
        rules_name=name, rules_overrides=changed, max_nodes=args.max_nodes,
        timeout=args.deal_timeout, policies=parse_policies(args.policies, args.deals),
        seed=args.seed, slack_deals=args.slack, slack_max_nodes=args.slack_max_nodes,
        slack_check_limit=args.slack_check_limit, slack_check_every=args.slack_check_every)
    summary_rows = read_summary_file(Path(args.summary)) if args.summary else None
    note_slow_engine()
    try:
        with Progress.of(args, unit="deal") as progress:
            run = run_survey(config, Path(args.out) if args.out else None,
                             resume=args.resume, workers=args.workers,
                             scheduler=args.scheduler, progress=progress,
                             reuse=Path(args.reuse) if args.reuse else None,
                             deadline=deadline_of(args))
    except (ReplayFailed, SlackFailed) as error:
        return Report(None, code=EXIT_FAILED, problems=[f"ringside: survey stopped: {error}"])
    summary = summarize(run, _command_text(args))
    if run.stopped:
        summary.update(verdict="unknown", reason=run.stopped, timeout=args.timeout)
    elif args.summary:
        # A resume that solved nothing keeps the timing of the run that did.
        row = keep_run_timing(summary, summary_rows) if args.resume else summary
        update_summary_file(Path(args.summary), row, summary_rows)

    def text():
        last = config.start + config.deals - 1
        rate = (f", {summary['deals_per_second']:,.1f} deals/s"
                if summary["deals_per_second"] else "")
        where = f"scheduler {args.scheduler}" if args.scheduler else \
            f"{args.workers} worker{'s' if args.workers != 1 else ''}"
        yield (f"survey CF{config.jokers}-{config.start} .. CF{config.jokers}-{last}, rules "
               f"{name}{' ' + str(changed) if changed else ''}: {summary['deals']:,} deals "
               f"({run.computed:,} solved now in {run.wall_seconds:,.1f} s{rate}, {where})")
        if run.stopped:
            yield (f"  unknown: {run.stopped}, with {summary['deals']:,} of {config.deals:,} "
                   "deals done: every figure below is of those deals only"
                   + ("; --resume continues it" if args.out else ""))
        yield (f"  perfect information: {summary['wins']:,} wins, {summary['losses']:,} "
               f"losses, {summary['unknown']:,} unknown")
        yield (f"  win rate {_percent(summary['win_rate'])}, 95% Wilson interval "
               f"{_percent(summary['wilson_low'])} to {_percent(summary['wilson_high'])}"
               + (" (unknowns as losses / as wins)" if summary["unknown"] else ""))
        for policy, figures in summary.get("policies", {}).items():
            yield (f"  policy {policy}: {figures['wins']:,} wins of {figures['deals']:,} "
                   f"deals, win rate {_percent(figures['win_rate'])}, 95% Wilson interval "
                   f"{_percent(figures['wilson_low'])} to {_percent(figures['wilson_high'])}")
        block = summary.get("slack")
        if block:
            spread = ", ".join(f"{value}: {number:,}"
                               for value, number in block["distribution"].items())
            why = ", ".join(f"{number:,} {name}" for name, number
                            in block["unknown_by_reason"].items() if number)
            yield (f"  slack of {block['deals']:,} deal{'s' if block['deals'] != 1 else ''} "
                   f"({block['max_nodes']:,} nodes "
                   f"each): {block['exact']:,} exact, {block['unknown']:,} unknown"
                   + (f" ({why})" if why else "")
                   + (f", {block['unwinnable']:,} lost with every club"
                      if block["unwinnable"] else ""))
            if spread:
                yield f"  slack (clubs a deal can spare: deals): {spread}"
            if "check_every" in block:
                taken = block["unchecked"]
                yield (f"  losses re-derived by the checker only for deal numbers that are "
                       f"multiples of {block['check_every']:,}; {taken:,} "
                       + ("slack takes" if taken == 1 else "slacks take")
                       + " the solver's loss as it is")
                sampled, rest = block["sampled"], block["unsampled"]
                yield (f"  exact: {sampled['exact']:,} of the {sampled['deals']:,} "
                       f"sampled, {rest['exact']:,} of the other {rest['deals']:,}")
            if "seconds_median" in block:
                yield (f"  slack seconds per deal: median {block['seconds_median']:.3f}, "
                       f"p99 {block['seconds_p99']:.3f}, max {block['seconds_max']:.3f}")
        if summary["loss_ids"]:
            yield f"  losses (proved unwinnable): {' '.join(summary['loss_ids'])}"
        if summary["unknown_ids"]:
            unknown = summary["unknown_ids"]
            yield (f"  unknown: {' '.join(unknown[:20])}"
                   + (f" and {len(unknown) - 20} more" if len(unknown) > 20 else ""))
        yield (f"  every win replayed on the rules model; nodes {summary['nodes']:,}, solver "
               f"{summary['solver_seconds']:,.1f} s in all, slowest deal "
               f"{summary.get('solver_seconds_max', 0):.3f} s")
        if args.out:
            yield f"  results: {args.out}"
        if args.summary:
            yield (f"  summary: {args.summary} not updated (the survey is not finished)"
                   if run.stopped else f"  summary: {args.summary}")

    return Report(summary, text())


def cmd_clubfight_play(args) -> Report:
    from model.clubfight.cards import rank_text
    from analysis.clubfight.policies import deal_seed, get_policy, play
    from model.clubfight.state import grid_rows

    rules = read_rules(GAME, args)
    name, changed = GAME.preset_and_overrides(rules)
    policy = get_policy(args.policy)
    start = read_start(GAME, args.deal, "deal", rules, word="deal")
    known_id = deal_id(start.text) if start.setup is not None else None
    if known_id is not None:
        key = title = known_id
    elif start.setup is not None:
        key, title = str(start.setup), "the deal given"
    else:
        key, title = str(start.state), "the position given"
    game = play(start.state, rules, policy, deal_seed(args.seed, key), deadline_of(args))
    out = {"deal": title if title.startswith("CF") else key, "policy": policy.name,
           "rules": name, "seed": args.seed, "won": game.won,
           "cards_left": game.cards_left, "turns": [t.as_dict() for t in game.turns]}
    if changed:
        out["rules_overrides"] = changed

    def text():
        yield (f"{title}: policy {policy.name}, rules {name}"
               f"{' ' + str(changed) if changed else ''}, seed {args.seed}")
        for turn in game.turns:
            yield (f"turn {turn.number:2}: hand {' '.join(rank_text(v) for v in turn.hand)}; "
                   f"grid deck {turn.deck_size}, club deck {turn.clubs_left}")
            for row in grid_rows(turn.grid):
                yield f"    {row}"
            left = sum(c is not None for c in turn.grid) + turn.deck_size - len(turn.cleared)
            yield (f"  play {turn.text}  (cleared {len(turn.cleared)}: "
                   f"{' '.join(str(c) for c in turn.cleared)}; {left} cards left)")
        if game.won:
            yield f"won on turn {game.final.turn}: the grid and the grid deck are empty"
        else:
            yield (f"lost after turn {game.final.turn}: no club left, {game.cards_left} cards "
                   f"remain")
            for row in grid_rows(game.final.grid):
                yield f"    {row}"

    return Report(out, text())


def register(commands) -> None:
    """Add ``survey`` and ``play`` to ``ringside clubfight``."""
    from analysis.clubfight.policies import POLICIES
    from analysis.clubfight.limits import CERTIFICATE_LIMIT, DEFAULT_CHECK_LIMIT, DEFAULT_MAX_NODES

    survey = add_command(commands, "survey", cmd_clubfight_survey,
                         help="solve a range of deals: win rate with a 95%% Wilson interval",
                         example=["--jokers", "1", "--deals", "3"])
    add_deal_range(survey, "--deals", "how many deals", "the first deal number (0)")
    add_workers(survey)
    survey.add_argument("--out", metavar="F.jsonl", type=OUTPUT_FILE,
                        help="write one JSON line per deal here (a header line first)")
    survey.add_argument("--resume", action="store_true",
                        help="continue the survey in --out: skip the deals already there")
    survey.add_argument("--reuse", metavar="F.jsonl", type=InputPath("survey results file"),
                        help="an earlier file of this survey, over other deals, with another "
                             "check sample or with smaller slack limits: take the deals it "
                             "settled as they are and compute only the rest")
    add_rules_options(survey, GAME)
    survey.add_argument("--max-nodes", type=NODES, metavar="N",
                        help="node budget per deal (unknown past it; reproducible)")
    survey.add_argument("--deal-timeout", type=seconds(), metavar="S",
                        help="seconds per deal (unknown past it; depends on the machine)")
    add_timeout(survey, "the survey (the deals done are kept, --resume continues; the "
                        "figures say they are of those deals only)")
    survey.add_argument("--policies", metavar="NAME[:N],...",
                        help=f"also play each deal with these policies ({', '.join(POLICIES)}); "
                             "NAME:N plays only the first N deals")
    survey.add_argument("--seed", type=SEED, default=0, help="the policies' base seed (0)")
    survey.add_argument("--slack", type=bounded_int(0, MAX_COUNT), default=0, metavar="N",
                        help="also compute the slack (clubs a deal can spare) of the first N "
                             "deals")
    survey.add_argument("--slack-max-nodes", type=NODES, metavar="M",
                        help=f"node budget of each deal's slack (default "
                             f"{DEFAULT_MAX_NODES:,}; unknown past it; reproducible)")
    survey.add_argument("--slack-check-limit", type=bounded_int(1, CERTIFICATE_LIMIT),
                        metavar="K",
                        help=f"largest proof of loss (refuted states) the checker re-derives "
                             f"for a slack (default {DEFAULT_CHECK_LIMIT:,} with the compiled "
                             f"checker; a larger proof leaves the slack unknown)")
    survey.add_argument("--slack-check-every", type=bounded_int(1, MAX_COUNT), default=1,
                        metavar="N",
                        help="re-derive the slack's proofs of loss with the independent checker "
                             "only for deal numbers that are multiples of N (default 1: every "
                             "deal); the others take the solver's loss, marked unchecked")
    survey.add_argument("--scheduler", metavar="ADDRESS",
                        help="run on this Dask distributed scheduler (pip install "
                             "'ringside[dask]')")
    survey.add_argument("--summary", metavar="FILE", type=OUTPUT_FILE,
                        help="put this variant's figures into a summary file (JSON list)")

    play = add_command(commands, "play", cmd_clubfight_play,
                       help="play a deal with a realistic policy", example=["CF1-3"])
    play.add_argument("deal", help="a deal number (CF1-n, CF2-n), a deal, a whole state, or "
                                   "@FILE holding one")
    play.add_argument("--policy", default="greedy", help=f"{' or '.join(POLICIES)} "
                                                         "(default greedy)")
    add_rules_options(play, GAME)
    play.add_argument("--seed", type=SEED, default=0,
                      help="base seed (the survey's --seed gives the same game)")
    add_timeout(play, "the game")
