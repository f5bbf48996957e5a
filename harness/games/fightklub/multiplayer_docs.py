"""Fight Klub's "Multiplayer" page: what changes at a table of three to six (FK 7), one
turn's fight phase at a table of three, and seeded whole games at tables of three and
four, measured when the site is built.

The turn and the figures are the model's own: the game is played by
:func:`analysis.fightklub.policies.play_game` and the games by the survey of
``ringside fightklub survey`` (every step checked against the invariants), so the page
cannot drift from the model.
"""

from __future__ import annotations

from pathlib import Path

from harness.docs.pages import ambiguity_label, rule_label
from harness.docs.templating import ref
from harness.registry import DocsContext, DocsPage

TEMPLATES = Path(__file__).resolve().parent / "templates"
TABLE_OF_THREE = ("synthetic-brick", "synthetic-dana", "synthetic-vex")
TABLE_OF_FOUR = ("synthetic-brick", "synthetic-dana", "synthetic-vex", "synthetic-dana")
EXAMPLE_SEED = 2
SURVEY_GAMES = 10
SURVEY_TURNS = 60


def example_fight_phase(seed: int = EXAMPLE_SEED) -> dict:
    """The fight phase of the first turn of a seeded game at a table of three: each
    action with who took it and what the model logged, with its rules."""
    from analysis.fightklub.loading import GAME
    from analysis.fightklub.policies import POLICIES, play_game
    from model.fightklub.rules import DEFAULT_RULES
    from model.fightklub.state import Setup

    setup = Setup(TABLE_OF_THREE)
    state = GAME.initial_state(setup, DEFAULT_RULES)
    rows = []
    holder = None
    for before, action, transition in play_game(GAME, state, DEFAULT_RULES, seed,
                                                POLICIES["random"], max_turns=1):
        if before.drop is not None and holder is None:
            holder = before.drop
        fighting = before.step in ("fight", "enhance", "skirmish", "clash", "score")
        if not fighting or before.round != 1:
            continue
        who = GAME.current_player(before)
        rows.append({"actor": "chance" if who < 0 else f"player {who}",
                     "action": GAME.format_action(before, action),
                     "log": [(step.text, ", ".join(step.rules)) for step in transition.steps]})
    return {"setup": str(setup), "seed": seed, "holder": holder, "rows": rows}


def measured_tables(games: int = SURVEY_GAMES, turns: int = SURVEY_TURNS) -> list[dict]:
    """Seeded whole games at a table of three and of four, random policy."""
    from harness.games.fightklub.survey_command import survey_policy
    from model.fightklub.rules import DEFAULT_RULES
    from model.fightklub.state import Setup

    found = []
    for decks in (TABLE_OF_THREE, TABLE_OF_FOUR):
        result = survey_policy(Setup(decks), DEFAULT_RULES, "random", range(games), turns)
        found.append({"decks": ", ".join(decks), "games": result["games"],
                      "wins": result["wins"], "no_winner": result["no winner"],
                      "reasons": result["no winner reasons"],
                      "cut_off": result["cut off"], "deadlocks": len(result["deadlocks"]),
                      "broken": len(result["broken"]),
                      "actions": result["actions"], "turns": result["turns"],
                      "seconds": result["seconds"]})
    return found


def multiplayer_page(context: DocsContext) -> DocsPage:
    from model.fightklub.ambiguities import MULTIPLAYER_AMBIGUITIES

    numbers = [f"FK 7.{n}" for n in range(1, 11)] + ["FK 5.17", "FK 6.7", "FK 6.3"]
    rules = {number: ref(rule_label(number), number) for number in numbers}
    readings = {a.id: ref(ambiguity_label("fightklub", a.id), a.id)
                for a in MULTIPLAYER_AMBIGUITIES}
    return DocsPage("multiplayer", "Multiplayer", "fightklub_multiplayer.rst.jinja",
                    {"rules": rules, "readings": readings, "example": example_fight_phase(),
                     "tables": measured_tables(), "survey_games": SURVEY_GAMES,
                     "survey_turns": SURVEY_TURNS},
                    templates=TEMPLATES,
                    reproduce=(f"Fight Klub, *Multiplayer*: ``ringside fightklub play "
                               f"{' '.join(TABLE_OF_THREE)} --seed {EXAMPLE_SEED}`` plays the "
                               "example game; ``ringside fightklub survey "
                               f"{' '.join(TABLE_OF_THREE)} --games {SURVEY_GAMES} --policy "
                               f"random --max-turns {SURVEY_TURNS}`` measures the first "
                               "table.",))
