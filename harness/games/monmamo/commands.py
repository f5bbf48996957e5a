"""``ringside monmamo ...``: the Monsters Masters & Mobsters commands."""

from __future__ import annotations

from harness.limits import add_timeout, deadline_of, within
from harness.toolkit import (
    Report, add_command, add_rules_options, bounded_int, read_rules, read_start,
)
from model.monmamo.state import MAX_MONSTERS
from analysis.monmamo.loading import GAME
from analysis.monmamo.search import (
    MAX_CARDS_HELD, MAX_START_CARDS, SMALL_STARTS, check_survey_size)

TERMINATION_TIMEOUT = 600.0
"""``monmamo termination --timeout``'s default: the shipped starts take about a second;
a start of a few dozen cards can take hours, and is then unknown after ten minutes."""

small_example = SMALL_STARTS[0][1]
"""A start small enough for the command's quick example (two players, two cards each)."""


def game_of(args):
    """The game on the shipped set, or with the cards of ``--cards`` beside it."""
    from harness.games.monmamo import PARTS
    from harness.userdata import game_of as game_with_files

    return game_with_files(args, PARTS)


def add_cards_option(parser) -> None:
    """``--cards FILE`` (repeatable): a card set of the user's own."""
    from harness.games.monmamo import PARTS
    from harness.userdata import add_data_option

    add_data_option(parser, PARTS.data)


def cmd_monmamo_setup(args) -> Report:
    from analysis.monmamo.policies import play_setup
    from harness.play import logged_step
    from model.monmamo.state import Setup

    setup = Setup(args.players, args.monsters, 1, args.library, args.seed, args.teams)
    game = game_of(args)
    rules = read_rules(game, args)
    state = game.initial_state(setup, rules)
    cards = "synthetic set and yours" if args.cards else "synthetic card set"
    lines = [f"setup {setup} ({cards}), rules {game.describe_rules(rules)}",
             f"start  {game.format_state(state)}"]
    log = []
    end = state
    for before, action, transition in within(play_setup(game, state, rules, args.seed),
                                             deadline_of(args), "while setup was played"):
        shown, logged = logged_step(game, before, action, transition)
        lines.extend(shown)
        log.append(logged)
        end = transition.state
    outcome = game.outcome(end, rules).label
    lines += [f"end    {game.format_state(end)}", f"result {outcome} after {len(log)} actions"]
    data = {"setup": str(setup), "rules": game.describe_rules(rules),
            "start": game.format_state(state), "actions": log,
            "end": game.format_state(end), "outcome": outcome}
    return Report(data, lines)


def cmd_monmamo_termination(args) -> Report:
    from harness.games.monmamo.termination import (
        REFUTED, findings, small_starts, summary_lines)
    from harness.toolkit import Progress

    game = game_of(args)
    deadline = deadline_of(args)
    if args.start:
        rules = read_rules(game, args)
        # A survey may start anywhere, a position no game reaches included: the
        # invariants are not asked of it (true from the screen), only its size.
        starts = [(None, read_start(game, text, "--start", rules, screen=lambda state: (
            check_survey_size(len(state.all_cards()), args.max_states, "--start") or True)
        ).state) for text in args.start]
    else:
        starts = small_starts()
    for _, state in starts:
        check_survey_size(len(state.all_cards()), args.max_states, "--start")
    if args.rules is None and not args.set:
        rulesets = dict(game.presets)
    else:
        rulesets = {game.describe_rules(read_rules(game, args)): read_rules(game, args)}
    progress = Progress.of(args, unit=None)
    try:
        results = findings(starts, rulesets, args.max_states, progress=progress, game=game,
                           deadline=deadline)
    finally:
        progress.close()
    refuted = [r for r in results if REFUTED in (r.ends, r.never_stuck)]
    data = {"surveys": [r.as_dict() for r in results],
            "refuted": len(refuted),
            "unknown": sum(not r.found.complete for r in results)}
    lines = summary_lines(results)
    lines.append(f"{len(results)} surveys: {len(refuted)} refuted, "
                 f"{data['unknown']} unknown (walk not complete), the rest proved: setup "
                 "ends within its bound and never gets stuck")
    return Report(data, lines, code=1 if refuted else 0)


def register(commands) -> None:
    """Add ``ringside monmamo setup`` and ``ringside monmamo termination``."""
    setup = add_command(commands, "setup", cmd_monmamo_setup,
                        help="play a seeded setup phase and print its log",
                        example=["--players", "2", "--seed", "1"])
    setup.add_argument("--players", type=bounded_int(2, 4), default=2,
                       help="players (2 to 4)")
    setup.add_argument("--seed", type=bounded_int(0, 10**9), default=0,
                       help="seed of the Library, the roll and the draws")
    setup.add_argument("--monsters", type=bounded_int(1, MAX_MONSTERS), default=1,
                       help="Monsters each the format asks for")
    setup.add_argument("--library", type=bounded_int(1, 99), default=30,
                       help="cards in the common Library")
    setup.add_argument("--teams", type=bounded_int(0, 2), default=0,
                       help="play in this many teams (2: four players in two teams of two; "
                            "0: every player alone)")
    add_cards_option(setup)
    add_rules_options(setup, GAME)
    add_timeout(setup, "the setup phase")

    termination = add_command(
        commands, "termination", cmd_monmamo_termination,
        help="survey every state reachable from small starts: does setup always end, "
             "can it get stuck, and the shortest way to each end",
        example=["--start", small_example])
    termination.add_argument("--start", action="append", metavar="POSITION",
                             help="a position (notation, or a file holding one) to survey "
                                  f"from, at most {MAX_START_CARDS} cards in all (repeatable; "
                                  "default: the shipped small starts)")
    termination.add_argument("--max-states", type=bounded_int(1, 10**7), default=200_000,
                             help="states to visit per survey before it stops (unknown); "
                                  f"with a large start, at most {MAX_CARDS_HELD:,} divided "
                                  "by its cards")
    add_cards_option(termination)
    add_timeout(termination, "every survey still under way (each then unknown)",
                TERMINATION_TIMEOUT)
    add_rules_options(termination)
