"""The ``ringside clubfight survey`` and ``play`` commands.

``ringside clubfight survey --jokers 1|2 --deals N [--start K] [--workers W]
[--out F.jsonl] [--resume] [--rules NAME] [--set FIELD=VALUE] [--timeout S]
[--max-nodes N] [--policies NAME[:N],...] [--seed S] [--scheduler ADDRESS]
[--summary FILE] [--json]`` solves deals ``CFj-K .. CFj-(K+N-1)`` and prints
the win rate with its 95% Wilson interval (:mod:`harness.games.clubfight.survey`);
``--policies greedy,mc:1000`` also plays every deal with ``greedy`` and the
first 1000 with ``mc`` (:mod:`model.clubfight.policies`).  ``--summary``
puts the figures, with the command, into a summary file (a JSON list, one
object per variant: what ``ringside docs`` publishes).  Exit 1 when a
winning line does not replay (the message names the deal), 2 on bad input.

``ringside clubfight play CFj-n|"<deal>"|"<state>" --policy NAME [--rules
NAME] [--seed S] [--json]`` plays one game with a policy and prints it turn
by turn.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from model.core.errors import InputError
from model.core.game import parse_setting as _override
from harness.output import EXIT_FAILED, EXIT_OK, Progress, print_json




def _rules(args):
    from model.clubfight.engine import GAME

    overrides = dict(_override(item) for item in (getattr(args, "set", None) or []))
    rules = GAME.parse_rules(args.rules, overrides)
    name, changed = GAME.preset_and_overrides(rules)
    return rules, name, changed


def _command_text(args) -> str:
    """The command that reproduces this survey (``--resume`` left out: it
    changes nothing in the results)."""
    parts = ["ringside", "clubfight", "survey", "--jokers", str(args.jokers),
             "--deals", str(args.deals)]
    if args.start:
        parts += ["--start", str(args.start)]
    parts += ["--rules", args.rules]
    for item in args.set or []:
        parts += ["--set", item]
    if args.max_nodes is not None:
        parts += ["--max-nodes", str(args.max_nodes)]
    if args.timeout is not None:
        parts += ["--timeout", str(args.timeout)]
    if args.policies:
        parts += ["--policies", args.policies]
        parts += ["--seed", str(args.seed)]
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


def cmd_clubfight_survey(args) -> int:
    from harness.games.clubfight.survey import (
        ReplayFailed, SurveyConfig, parse_policies, run_survey, summarize, update_summary_file,
    )

    if args.jokers not in (1, 2):
        raise InputError(f"must be 1 or 2, not {args.jokers}", "--jokers")
    if args.deals < 1:
        raise InputError(f"must be at least 1, not {args.deals}", "--deals")
    if args.start < 0:
        raise InputError(f"must not be negative, not {args.start}", "--start")
    if args.workers < 1:
        raise InputError(f"must be at least 1, not {args.workers}", "--workers")
    if args.resume and not args.out:
        raise InputError("--resume needs --out, the file to continue", "--resume")
    rules, name, changed = _rules(args)
    config = SurveyConfig(
        jokers=args.jokers, start=args.start, deals=args.deals, rules=rules,
        rules_name=name, rules_overrides=changed, max_nodes=args.max_nodes,
        timeout=args.timeout, policies=parse_policies(args.policies, args.deals),
        seed=args.seed)
    progress = Progress(enabled=True)
    try:
        run = run_survey(config, Path(args.out) if args.out else None, resume=args.resume,
                         workers=args.workers, scheduler=args.scheduler, progress=progress)
    except ReplayFailed as error:
        progress.done()
        print(f"ringside: survey stopped: {error}", file=sys.stderr)
        return EXIT_FAILED
    progress.done()
    summary = summarize(run, _command_text(args))
    if args.summary:
        update_summary_file(Path(args.summary), summary)
    if args.json:
        print_json(summary)
        return EXIT_OK
    last = config.start + config.deals - 1
    rate = f", {summary['deals_per_second']:,.1f} deals/s" if summary["deals_per_second"] else ""
    where = f"scheduler {args.scheduler}" if args.scheduler else \
        f"{args.workers} worker{'s' if args.workers != 1 else ''}"
    print(f"survey CF{config.jokers}-{config.start} .. CF{config.jokers}-{last}, rules "
          f"{name}{' ' + str(changed) if changed else ''}: {summary['deals']:,} deals "
          f"({run.computed:,} solved now in {run.wall_seconds:,.1f} s{rate}, {where})")
    print(f"  perfect information: {summary['wins']:,} wins, {summary['losses']:,} losses, "
          f"{summary['unknown']:,} unknown")
    print(f"  win rate {_percent(summary['win_rate'])}, 95% Wilson interval "
          f"{_percent(summary['wilson_low'])} to {_percent(summary['wilson_high'])}"
          + (" (unknowns as losses / as wins)" if summary["unknown"] else ""))
    for policy, figures in summary.get("policies", {}).items():
        print(f"  policy {policy}: {figures['wins']:,} wins of {figures['deals']:,} deals, "
              f"win rate {_percent(figures['win_rate'])}, 95% Wilson interval "
              f"{_percent(figures['wilson_low'])} to {_percent(figures['wilson_high'])}")
    if summary["loss_ids"]:
        print(f"  losses (proved unwinnable): {' '.join(summary['loss_ids'])}")
    if summary["unknown_ids"]:
        shown = summary["unknown_ids"][:20]
        print(f"  unknown: {' '.join(shown)}"
              + (f" and {len(summary['unknown_ids']) - 20} more" if len(summary['unknown_ids']) > 20 else ""))
    print(f"  every win replayed on the rules model; nodes {summary['nodes']:,}, solver "
          f"{summary['solver_seconds']:,.1f} s in all, slowest deal "
          f"{summary.get('solver_seconds_max', 0):.3f} s")
    if args.out:
        print(f"  results: {args.out}")
    if args.summary:
        print(f"  summary: {args.summary}")
    return EXIT_OK


def _read_start(text: str):
    """(state, key for the seed, title) from a deal number, a deal or a state."""
    from model.clubfight.deals import Deal, is_deal_id, parse_deal_id
    from model.clubfight.state import State

    if is_deal_id(text):
        jokers, number = parse_deal_id(text, "deal")
        deal_id = f"CF{jokers}-{number}"
        return State.from_deal(Deal.from_number(jokers, number)), deal_id, deal_id
    if text.strip().upper().startswith("CF"):
        parse_deal_id(text, "deal")  # says what a deal number looks like
    if "|" in text:
        state = State.parse(text, "position")
        return state, str(state), "the position given"
    deal = Deal.parse(text, "deal")
    return State.from_deal(deal), str(deal), "the deal given"


def cmd_clubfight_play(args) -> int:
    from model.clubfight.cards import rank_text
    from model.clubfight.policies import deal_seed, get_policy, play
    from model.clubfight.state import grid_rows

    rules, name, changed = _rules(args)
    policy = get_policy(args.policy)
    state, key, title = _read_start(args.deal)
    seed = deal_seed(args.seed, key)
    game = play(state, rules, policy, seed)
    if args.json:
        out = {"deal": title if title.startswith("CF") else key, "policy": policy.name,
               "rules": name, "seed": args.seed, "won": game.won,
               "cards_left": game.cards_left, "turns": [t.as_dict() for t in game.turns]}
        if changed:
            out["rules_overrides"] = changed
        print_json(out)
        return EXIT_OK
    print(f"{title}: policy {policy.name}, rules {name}"
          f"{' ' + str(changed) if changed else ''}, seed {args.seed}")
    for turn in game.turns:
        print(f"turn {turn.number:2}: hand {' '.join(rank_text(v) for v in turn.hand)}; "
              f"grid deck {turn.deck_size}, club deck {turn.clubs_left}")
        for row in grid_rows(turn.grid):
            print(f"    {row}")
        left = sum(c is not None for c in turn.grid) + turn.deck_size - len(turn.cleared)
        print(f"  play {turn.text}  (cleared {len(turn.cleared)}: "
              f"{' '.join(str(c) for c in turn.cleared)}; {left} cards left)")
    if game.won:
        print(f"won on turn {game.final.turn}: the grid and the grid deck are empty")
    else:
        print(f"lost after turn {game.final.turn}: no club left, {game.cards_left} cards "
              f"remain")
        for row in grid_rows(game.final.grid):
            print(f"    {row}")
    return EXIT_OK


def register(commands) -> None:
    """Add ``survey`` and ``play`` to ``ringside clubfight``."""
    from model.clubfight.policies import POLICIES

    survey = commands.add_parser(
        "survey", help="solve a range of deals: win rate with a 95%% Wilson interval")
    survey.add_argument("--jokers", type=int, required=True, help="1 or 2")
    survey.add_argument("--deals", type=int, required=True, help="how many deals")
    survey.add_argument("--start", type=int, default=0, help="the first deal number (0)")
    survey.add_argument("--workers", type=int, default=1,
                        help="processes (default 1: in this process)")
    survey.add_argument("--out", metavar="F.jsonl",
                        help="write one JSON line per deal here (a header line first)")
    survey.add_argument("--resume", action="store_true",
                        help="continue the survey in --out: skip the deals already there")
    survey.add_argument("--rules", default="rulebook", help="ruleset preset (default rulebook)")
    survey.add_argument("--set", action="append", metavar="FIELD=VALUE",
                        help="change one Rules field of the preset (repeatable)")
    survey.add_argument("--max-nodes", type=int,
                        help="node budget per deal (unknown past it; reproducible)")
    survey.add_argument("--timeout", type=float,
                        help="seconds per deal (unknown past it; depends on the machine)")
    survey.add_argument("--policies", metavar="NAME[:N],...",
                        help=f"also play each deal with these policies ({', '.join(POLICIES)}); "
                             "NAME:N plays only the first N deals")
    survey.add_argument("--seed", type=int, default=0, help="the policies' base seed (0)")
    survey.add_argument("--scheduler", metavar="ADDRESS",
                        help="run on this Dask distributed scheduler (pip install "
                             "'ringside[dask]')")
    survey.add_argument("--summary", metavar="FILE",
                        help="put this variant's figures into a summary file (JSON list)")
    survey.add_argument("--json", action="store_true", help="print the summary as JSON")
    survey.set_defaults(func=cmd_clubfight_survey)

    play = commands.add_parser("play", help="play a deal with a realistic policy")
    play.add_argument("deal", help="a deal number (CF1-n, CF2-n), a deal or a whole state")
    play.add_argument("--policy", default="greedy", help=f"{' or '.join(POLICIES)} "
                                                         "(default greedy)")
    play.add_argument("--rules", default="rulebook", help="ruleset preset (default rulebook)")
    play.add_argument("--set", action="append", metavar="FIELD=VALUE",
                      help="change one Rules field of the preset (repeatable)")
    play.add_argument("--seed", type=int, default=0,
                      help="base seed (the survey's --seed gives the same game)")
    play.add_argument("--json", action="store_true")
    play.set_defaults(func=cmd_clubfight_play)
