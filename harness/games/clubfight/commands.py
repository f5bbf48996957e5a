"""The ``ringside clubfight`` commands."""

from __future__ import annotations

from harness.output import EXIT_OK, print_json


def cmd_clubfight_deal(args) -> int:
    from model.clubfight.deals import Deal, parse_deal_id

    jokers, number = parse_deal_id(args.id, "deal number")
    deal = Deal.from_number(jokers, number)
    if args.json:
        print_json({"id": f"CF{jokers}-{number}", "jokers": jokers, "deal": str(deal)})
    else:
        print(deal)
    return EXIT_OK


def cmd_clubfight_moves(args) -> int:
    from model.clubfight.cards import parse_rank, rank_text
    from model.clubfight.engine import GAME
    from model.clubfight.moves import ACTION_TITLES, ACTIONS, BLOCKING_SUIT, blocked_actions, moves_for_club, suit_counts
    from model.clubfight.notation import format_move
    from model.clubfight.state import grid_rows, parse_grid

    text = args.position.split("|")[0]
    grid = parse_grid(text, "position")
    rules = GAME.preset(args.rules)
    clubs = [parse_rank(args.club, "--club")] if args.club else list(range(1, 14))
    moves = [m for club in clubs for m in moves_for_club(grid, club, rules)]
    if args.json:
        print_json([m.as_dict() for m in moves])
        return EXIT_OK
    print("\n".join("  " + row for row in grid_rows(grid)))
    blocked = sorted(blocked_actions(grid), key=ACTIONS.index)
    counts = suit_counts(grid)
    print("blocked: " + (", ".join(f"{ACTION_TITLES[a]} ({counts[BLOCKING_SUIT[a]]} "
                                   f"{BLOCKING_SUIT[a]})" for a in blocked) or "nothing"))
    print(f"rules: {args.rules}")
    for club in clubs:
        own = [m for m in moves if m.club == club]
        print(f"{rank_text(club)} of clubs: {len(own)} move{'s' if len(own) != 1 else ''}")
        for move in own:
            print(f"  {format_move(move, grid):<32} slots {' '.join(map(str, move.cleared)) or '-'}")
    return EXIT_OK




def register(commands) -> None:
    """Add the Club Fight subcommands to ``ringside clubfight``."""
    deal = commands.add_parser("deal", help="the deal for a deal number")
    deal.add_argument("id", metavar="CFj-n")
    deal.add_argument("--json", action="store_true")
    deal.set_defaults(func=cmd_clubfight_deal)
    moves = commands.add_parser("moves", help="every legal move on a grid")
    moves.add_argument("position", help="9 grid tokens in slot order, -- for an empty slot")
    moves.add_argument("--club", help="the club's rank (default: every rank)")
    moves.add_argument("--rules", default="rulebook", help="ruleset preset (default rulebook)")
    moves.add_argument("--json", action="store_true")
    moves.set_defaults(func=cmd_clubfight_moves)
    from harness.games.clubfight import hunt_commands, solver_commands, survey_commands

    solver_commands.register(commands)
    hunt_commands.register(commands)
    survey_commands.register(commands)
