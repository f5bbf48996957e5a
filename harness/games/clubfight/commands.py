"""The ``ringside clubfight`` commands."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from model.core.errors import InputError
from model.clubfight.engine import GAME
from model.clubfight.rules import Rules
from harness.toolkit import (
    COUNT, UINT64_MAX, Report, add_command, add_rules_options, bounded_int, read_rules,
)


def deal_id(text: str) -> str | None:
    """``CF2-17`` for a deal number as typed (``cf2-017`` too); ``None`` for anything else."""
    from model.clubfight.deals import is_deal_id, parse_deal_id

    if not is_deal_id(text):
        return None
    jokers, number = parse_deal_id(text)
    return f"CF{jokers}-{number}"


def note_slow_engine() -> None:
    """Say on stderr, before a long computation, that the compiled search or
    checker is missing and why (:func:`analysis.clubfight._native_build.slow_engine_note`)."""
    from analysis.clubfight._native_build import slow_engine_note

    note = slow_engine_note()
    if note is not None:
        print(note, file=sys.stderr, flush=True)


def add_deal_range(parser, count_flag: str, count_help: str, start_help: str) -> None:
    """``--jokers``, the number of deals and ``--start``: a range of deal numbers."""
    parser.add_argument("--jokers", type=bounded_int(1, 2), required=True, help="1 or 2")
    parser.add_argument(count_flag, type=COUNT, required=True, help=count_help)
    parser.add_argument("--start", type=bounded_int(0, UINT64_MAX), default=0, help=start_help)


def range_command_words(command: str, args) -> list[str]:
    """``ringside clubfight COMMAND --jokers J --deals N [--start K] --rules R [--set ...]``:
    the words a command over a range of deals starts the command it records with."""
    words = ["ringside", "clubfight", command, "--jokers", str(args.jokers),
             "--deals", str(args.deals)]
    if args.start:
        words += ["--start", str(args.start)]
    words += ["--rules", args.rules]
    for item in args.set or []:
        words += ["--set", item]
    return words


@dataclass(frozen=True)
class DealRangeConfig:
    """The deals ``CFj-K .. CFj-(K+N-1)`` and the rules of a run over them (a survey's,
    a screen's); checked as made."""

    jokers: int
    start: int
    deals: int
    rules: Rules
    rules_name: str = "rulebook"
    rules_overrides: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.jokers not in (1, 2):
            raise InputError(f"must be 1 or 2, not {self.jokers}", "--jokers")
        if self.deals < 1:
            raise InputError(f"must be at least 1, not {self.deals}", "--deals")
        check_deal_range(self.start, self.deals)


def check_deal_range(start: int, count: int) -> None:
    """Deal numbers ``start`` .. ``start + count - 1`` exist (they end at 2^64-1)."""
    if start < 0 or start + count > UINT64_MAX + 1:
        raise InputError(f"deal numbers run from 0 to 2^64-1; {count} deal(s) from {start} "
                         "run out of range", "--start")


def cmd_clubfight_deal(args) -> Report:
    from model.clubfight.deals import Deal, parse_deal_id

    jokers, number = parse_deal_id(args.id, "deal number")
    deal = Deal.from_number(jokers, number)
    return Report({"id": f"CF{jokers}-{number}", "jokers": jokers, "deal": str(deal)},
                  [str(deal)])


def cmd_clubfight_moves(args) -> Report:
    from model.clubfight.cards import parse_rank, rank_text
    from model.clubfight.moves import ACTION_TITLES, ACTIONS, BLOCKING_SUIT, blocked_actions, moves_for_club, suit_counts
    from model.clubfight.notation import format_move
    from model.clubfight.state import grid_rows, parse_grid

    grid = parse_grid(args.position.split("|")[0], "position")
    rules = read_rules(GAME, args)
    clubs = [parse_rank(args.club, "--club")] if args.club else list(range(1, 14))
    moves = [m for club in clubs for m in moves_for_club(grid, club, rules)]

    def text():
        yield from ("  " + row for row in grid_rows(grid))
        blocked = sorted(blocked_actions(grid), key=ACTIONS.index)
        counts = suit_counts(grid)
        yield "blocked: " + (", ".join(f"{ACTION_TITLES[a]} ({counts[BLOCKING_SUIT[a]]} "
                                       f"{BLOCKING_SUIT[a]})" for a in blocked) or "nothing")
        yield f"rules: {GAME.describe_rules(rules)}"
        for club in clubs:
            own = [m for m in moves if m.club == club]
            yield f"{rank_text(club)} of clubs: {len(own)} move{'s' if len(own) != 1 else ''}"
            for move in own:
                yield (f"  {format_move(move, grid):<32} slots "
                       f"{' '.join(map(str, move.cleared)) or '-'}")

    return Report([m.as_dict() for m in moves], text())


def register(commands) -> None:
    """Add the Club Fight subcommands to ``ringside clubfight``."""
    from harness.games.clubfight import (
        certificate_commands, hunt_commands, prove_commands, screen_commands, slack_commands,
        solver_commands, survey_commands,
    )

    deal = add_command(commands, "deal", cmd_clubfight_deal, help="the deal for a deal number",
                       example=["CF1-0"])
    deal.add_argument("id", metavar="CFj-n")
    moves = add_command(commands, "moves", cmd_clubfight_moves,
                        help="every legal move on a grid",
                        example=["7H QS -- JK 2D 2S AH 9D KS", "--club", "7"])
    moves.add_argument("position", help="9 grid tokens in slot order, -- for an empty slot")
    moves.add_argument("--club", help="the club's rank (default: every rank)")
    add_rules_options(moves, GAME)
    solver_commands.register(commands)
    hunt_commands.register(commands)
    survey_commands.register(commands)
    slack_commands.register(commands)
    screen_commands.register(commands)
    certificate_commands.register(commands)
    prove_commands.register(commands)
