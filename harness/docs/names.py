"""Names and anchors of the reference: labels of rules, checks, ambiguities and rulings pages.

Every page links by these labels, and the extension finds rule numbers in
text with :func:`find_rule_numbers`, so each label is made in one place.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Mapping

from model.core.game import Game

GENERATED = "generated"
"""The folder, under the Sphinx source folder, that receives the generated pages."""

_RULE_TEXT = re.compile(r"\b([A-Z]{2,4}) (\d+(?:\.\d+)*[a-z]?)\b")


def slug(text: str) -> str:
    """``CF 4.3`` -> ``cf-4-3``: lower case, runs of other characters as one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def rule_label(number: str) -> str:
    """The Sphinx label of a rule or a rule section: ``rule-cf-4-3``."""
    return f"rule-{slug(number)}"


def check_label(game_key: str, kind: str, check_id: str) -> str:
    return f"{kind}-{game_key}-{slug(check_id)}"


def ambiguity_label(game_key: str, ambiguity_id: str) -> str:
    return f"ambiguity-{game_key}-{slug(ambiguity_id)}"


def scenario_docname(game_key: str, scenario) -> str:
    """The page of a scenario, from its file's place under ``scenarios/<game>/``."""
    path = Path(scenario.path)
    parts = path.with_suffix("").parts
    if game_key in parts:
        parts = parts[parts.index(game_key) + 1:]
    return f"{GENERATED}/{game_key}/rulings/{slug('-'.join(parts)) or slug(scenario.id)}"


def rule_numbers(games: Iterable[Game]) -> dict[str, str]:
    """Every rule and section number of every game, with its label."""
    found: dict[str, str] = {}
    for game in games:
        for section in game.rulebook.sections:
            found[section.number] = rule_label(section.number)
        for rule in game.rulebook:
            found[rule.number] = rule_label(rule.number)
    return found


def find_rule_numbers(text: str, known: Mapping[str, str]) -> list[tuple[int, int, str]]:
    """``(start, end, number)`` of every known rule number written in ``text``."""
    return [(m.start(), m.end(), f"{m.group(1)} {m.group(2)}")
            for m in _RULE_TEXT.finditer(text) if f"{m.group(1)} {m.group(2)}" in known]
