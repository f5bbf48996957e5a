"""Fight Klub's parts: rules model (the whole two-player game), the z3 proofs,
commands (deck, collection, pay, setup, play), data cases (deck and energy cases),
pages of its own."""

from __future__ import annotations

from harness.registry import GameParts
from model.fightklub.engine import GAME


def _obligations():
    from proofs.fightklub import OBLIGATIONS
    from proofs.fightklub_fights import OBLIGATIONS as FIGHT_OBLIGATIONS

    return OBLIGATIONS + FIGHT_OBLIGATIONS


def _commands(subcommands) -> None:
    from harness.games.fightklub import (
        deck_commands, fight_command, pay_command, play_command, setup_command,
        survey_command)

    deck_commands.register(subcommands, GAME)
    pay_command.register(subcommands, GAME)
    setup_command.register(subcommands)
    play_command.register(subcommands)
    fight_command.register(subcommands, GAME)
    survey_command.register(subcommands)


def _cases():
    from harness.registry import DataCase
    from model.fightklub.decks import case_header, case_paths, run_deck_case
    from model.fightklub.energy import energy_case_paths, load_energy_case, run_energy_case

    found = []
    for path in case_paths():
        title, rules = case_header(path)
        found.append(DataCase(id=f"fightklub/deck-cases/{path.stem}", claim=title,
                              rules=rules, run=lambda path=path: run_deck_case(path)[2]))
    for path in energy_case_paths():
        case = load_energy_case(path)
        found.append(DataCase(id=f"fightklub/energy-cases/{path.stem}", claim=case.title,
                              rules=case.rules, run=lambda path=path: run_energy_case(path)[2]))
    from model.fightklub.fight_cases import fight_case_paths, load_fight_case, run_fight_case

    for path in fight_case_paths():
        case = load_fight_case(path)
        found.append(DataCase(id=f"fightklub/fight-cases/{path.stem}", claim=case.title,
                              rules=case.rules, run=lambda path=path: run_fight_case(path)[2]))
    return tuple(found)


def _docs_pages(context):
    from harness.games.fightklub.docs import docs_pages

    return docs_pages(context)


PARTS = GameParts(game=GAME, obligations=_obligations, commands=_commands, cases=_cases,
                  docs_pages=_docs_pages,
                  drawing="harness.games.fightklub.drawing:TableDrawing")
