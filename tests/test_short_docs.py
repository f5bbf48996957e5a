"""The reference on short starts and on cards: the scenario-file page, the rulings.

The page "Scenario files" lists, for every game, the parts a short start may give
with what each holds when left out, and a shipped ruling's short start beside the
whole position; its TOML example replays.  A ruling written short shows its short
start and the whole position; a ruling that names cards by code shows each card's
name and printed values, and so does ``ringside rule``.
"""

from __future__ import annotations

import html
import re
import textwrap
import tomllib
from pathlib import Path

from harness.cli import main
from harness.docs import pages as docs
from harness.registry import games, parts_of
from harness.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parent.parent


def visible(path: Path) -> str:
    text = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", path.read_text(encoding="utf-8"),
                  flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def test_the_scenario_file_page_gives_every_games_parts_and_an_example(reference_site):
    page = visible(reference_site / "scenario-files.html")
    for game in games().values():
        assert game.title in page
        setup = next(iter(game.example_setups(1)))
        for part in game.position_parts(setup):
            assert " ".join(part.filled.split()) in page, (game.key, part.key)
        short = [p for p in sorted((ROOT / "scenarios" / game.key).glob("*.toml"))
                 if isinstance(tomllib.loads(p.read_text())["start"], dict)]
        assert any(f"scenarios/{game.key}/{p.name}" in page for p in short), game.key


def test_the_scenario_file_pages_example_replays(tmp_path):
    text = (ROOT / "docs" / "scenario-files.rst").read_text(encoding="utf-8")
    block = re.search(r"\.\. code-block:: toml\n\n((?:   .*\n|\n)+)", text).group(1)
    path = tmp_path / "duel" / "example.toml"
    path.parent.mkdir()
    path.write_text(textwrap.dedent(block), encoding="utf-8")
    scenario = load_scenario(path, games(), tmp_path)
    assert scenario.start_parts and run_scenario(scenario, games()["duel"]).passed


def test_a_short_ruling_shows_its_short_start_the_whole_position_and_its_cards(
        reference_site):
    path = ROOT / "scenarios" / "fightklub" / "fk4-9-pay-a-gear.toml"
    scenario = load_scenario(path, games(), ROOT)
    assert scenario.start_parts
    page = visible(reference_site / (docs.scenario_docname("fightklub", scenario) + ".html"))
    assert 'setup = "decks synthetic-brick synthetic-dana"' in page
    assert "The whole position" in page and scenario.start[:60] in page
    catalog = games()["fightklub"].catalog
    for code in re.findall(r"S9\d\d", dict(scenario.start_parts)["p0.hand"]):
        assert f"{code} {catalog.cards[code].name}" in page, code


def test_every_game_with_card_codes_names_its_cards(capsys):
    named = {"fightklub": "fk4-9-pay-a-gear.toml", "duel": "adrenaline-action.toml",
             "monmamo": "bystander-after-its-mobster.toml", "fantasy": "back-stab.toml"}
    for key, name in named.items():
        path = ROOT / "scenarios" / key / name
        game = games()[key]
        result = run_scenario(load_scenario(path, games(), ROOT), game)
        notes = parts_of(key).drawing_of(game).card_notes([result.scenario.start])
        assert notes and all(note.name and note.values for note in notes), key
        assert main(["rule", str(path)]) == 0
        out = capsys.readouterr().out
        for note in notes:
            if note.code in " ".join(str(v) for _, v in result.scenario.start_parts):
                assert f"{note.code} {note.name}: {note.values}" in out, (key, note)
    assert parts_of("clubfight").drawing_of(games()["clubfight"]).card_notes(["5H JK"]) == ()
