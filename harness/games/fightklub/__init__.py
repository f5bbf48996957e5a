"""Fight Klub's parts: rules model (the whole two-player game), the z3 proofs,
commands (deck, collection, pay, setup, play), data cases (deck and energy cases),
pages of its own."""

from __future__ import annotations

from harness.registry import GameParts, UserData, lazy


def _obligations():
    from proofs.fightklub import OBLIGATIONS
    from proofs.fightklub_fights import OBLIGATIONS as FIGHT_OBLIGATIONS

    return OBLIGATIONS + FIGHT_OBLIGATIONS


def _cases():
    from analysis.fightklub.cases import (
        case_header, case_paths, energy_case_paths, fight_case_paths, load_energy_case,
        load_fight_case, run_deck_case, run_energy_case, run_fight_case,
    )
    from harness.registry import DataCase

    found = []
    for path in case_paths():
        title, rules = case_header(path)
        found.append(DataCase(id=f"fightklub/deck-cases/{path.stem}", claim=title,
                              rules=rules, run=lambda path=path: run_deck_case(path)[2]))
    for path in energy_case_paths():
        case = load_energy_case(path)
        found.append(DataCase(id=f"fightklub/energy-cases/{path.stem}", claim=case.title,
                              rules=case.rules, run=lambda path=path: run_energy_case(path)[2]))
    for path in fight_case_paths():
        case = load_fight_case(path)
        found.append(DataCase(id=f"fightklub/fight-cases/{path.stem}", claim=case.title,
                              rules=case.rules, run=lambda path=path: run_fight_case(path)[2]))
    return tuple(found)


PARTS = GameParts("analysis.fightklub.loading:GAME", key="fightklub",
                  title="Fight Klub", policies=lazy("analysis.fightklub.policies:POLICIES"),
                  obligations=_obligations,
                  commands=lazy("harness.games.fightklub.commands:register"),
                  cases=_cases,
                  docs_pages=lazy("harness.games.fightklub.docs:docs_pages"),
                  drawing="harness.games.fightklub.drawing:TableDrawing",
                  data=UserData("cards", "card file",
                                "a card file: the texts of cards of ONE you own, or cards "
                                "of your own",
                                lazy("analysis.fightklub.loading:game_with_cards")))
