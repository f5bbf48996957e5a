"""Fantasy Fight Club's pages of its own in the rules reference: the tables and the odds.

Registered as ``docs_pages`` in :mod:`harness.games.fantasy`.  Both pages are
computed from the model at build time, never copied:

* **tables**: the warrior and weapon tables as ringside reads them (every
  column parsed), and the example equipment and spell sets, marked as ours;
* **odds**: the exact odds of every warrior with every weapon against every
  warrior (no armor, no shield, the defender's weapon not counted), the whole
  table as a CSV file beside the page, and two heat maps drawn with matplotlib
  (:mod:`.plots`).
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

from harness.registry import DocsContext, DocsPage
from model.fantasy.combat import ammunition, attack_odds
from model.fantasy.recruit import armor_deck_share, weapon_deck_share
from model.fantasy.rules import DEFAULT_RULES
from model.fantasy.tables import Tables, Weapon

TEMPLATES = Path(__file__).resolve().parent / "templates"
MATCHUPS = "matchups.csv"
BASELINE = "Orc"
"""The warrior whose card adds nothing (all modifiers 0): it wields each weapon in the
second heat map."""


def docs_pages(context: DocsContext) -> list[DocsPage]:
    tables = context.game.tables
    return [tables_page(tables), odds_page(tables)]


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _words(value: Any) -> str:
    if value is None:
        return "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def tables_page(tables: Tables) -> DocsPage:
    warrior_rows = [[w.name, w.race, _signed(w.damage), _signed(w.speed), _signed(w.skill),
                     _signed(w.dodge), str(w.hits), str(w.spells),
                     "; ".join(w.notes) or "none"] for w in tables.warriors.values()]
    weapon_rows = [[w.name, _signed(w.damage),
                    "hand to hand" if w.range is None else
                    f"{w.range}, thrown" if w.thrown else str(w.range),
                    _signed(w.speed), _words(w.reach), str(w.parry), _words(w.two_handed),
                    _words(w.bracket), _words(ammunition(w, DEFAULT_RULES))]
                   for w in tables.weapons.values()]
    gear_rows = [[e.name, e.kind, str(e.bonus) if e.kind != "shield" else "none",
                  f"{e.block[0]}-{e.block[1]}" if e.block else "none"]
                 for e in tables.equipment.values()]
    spell_rows = [[s.name, str(s.copies), s.effect, str(s.amount),
                   str(s.range) if s.range else "none",
                   "tactics" if s.in_tactics else "with the ranged attacks", s.text]
                  for s in tables.spells.values()]
    data = {
        "heading": "Fantasy Fight Club: the tables",
        "intro": [
            "The warrior and weapon tables are the rulebook's, read column by column from "
            "``analysis/fantasy/data/warriors.txt`` and ``weapons.txt`` (the rows as printed). "
            "A dash is read as 0, or as no reach. The armor deck and the spell deck are not "
            "given by the rulebook: the two last tables are ringside's own example sets, not "
            "the publisher's cards."],
        "sections": [
            {"title": "Warriors", "paragraphs": [
                f"{len(warrior_rows)} warrior cards (rule FF 1.11). Race H is Humanoid, M "
                "Human."], "figures": [],
             "tables": [{"caption": "", "header": ["Name", "Race", "Dam", "Speed", "Skill",
                                                   "Dodge", "Hits", "Spells", "Notes"],
                         "rows": warrior_rows}]},
            {"title": "Weapons", "paragraphs": [
                f"{len(weapon_rows)} weapon cards (rule FF 1.12); a player is dealt half the "
                f"deck, {weapon_deck_share(tables)} cards. The number in brackets is read by the "
                "default reading of FF-A4 as the ammunition of a thrown weapon."],
             "figures": [],
             "tables": [{"caption": "", "header": ["Name", "Dam", "Range", "Speed", "Reach",
                                                   "Parry", "Two-handed", "Bracket",
                                                   "Ammunition"],
                         "rows": weapon_rows}]},
            {"title": "Armor deck (ringside's example set)", "paragraphs": [
                "Not the publisher's cards: made up by ringside to run the equipment rules "
                f"(a player is dealt half the deck, {armor_deck_share(tables)} cards)."],
             "figures": [],
             "tables": [{"caption": "", "header": ["Name", "Kind", "Armor bonus",
                                                   "Blocks on"], "rows": gear_rows}]},
            {"title": "Spell deck (ringside's example set)", "paragraphs": [
                "Not the publisher's cards: they give a caster's spell cards (FF 1.10) and "
                "are cast in battle (FF 7.1 to FF 7.5): heal and aim spells in the tactics "
                "phase, bolts with the ranged attacks in order of range; one spell per "
                "caster per turn, discarded once cast. The effects are ours; the timing "
                "and the one-a-turn limit are the rulebook's."],
             "figures": [],
             "tables": [{"caption": "", "header": ["Name", "Copies", "Effect", "Amount",
                                                   "Range", "Cast", "Text"],
                         "rows": spell_rows}]},
        ],
    }
    return DocsPage("tables", "Tables", "fantasy_page.rst.jinja", data, templates=TEMPLATES,
                    reproduce=("The tables: read from the data files at every build.",))


def _attack_kind(weapon: Weapon) -> bool:
    """Ranged for a weapon that only shoots; hand to hand otherwise (thrown weapons too)."""
    return weapon.shoots


def matchups(tables: Tables) -> list[dict]:
    """Every warrior with every weapon against every warrior, default ruleset, no armor."""
    found = []
    for attacker in tables.warriors.values():
        for weapon in tables.weapons.values():
            for defender in tables.warriors.values():
                ranged = _attack_kind(weapon)
                odds = attack_odds(attacker, weapon, defender, (), None, (), DEFAULT_RULES,
                                   ranged=ranged)
                found.append({"attacker": attacker.name, "weapon": weapon.name,
                              "defender": defender.name,
                              "attack": "ranged" if ranged else "hand to hand",
                              "hit": odds.hit, "kill_in_one": odds.kill_in_one,
                              "expected": odds.expected_attacks_to_kill})
    return found


def _csv(rows: list[dict]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["attacker", "weapon", "defender", "attack", "hit", "kill_in_one",
                     "expected_attacks_to_kill"])
    for row in rows:
        expected = row["expected"]
        writer.writerow([row["attacker"], row["weapon"], row["defender"], row["attack"],
                         _fraction(row["hit"]), _fraction(row["kill_in_one"]),
                         "never" if expected is None else _fraction(expected)])
    return buffer.getvalue()


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def odds_page(tables: Tables) -> DocsPage:
    from harness.games.fantasy.plots import heat_map

    rows = matchups(tables)
    names = list(tables.warriors)
    best: dict[tuple[str, str], tuple[Fraction | None, str]] = {}
    for row in rows:  # in table order: a later weapon wins only by being strictly better
        key = (row["attacker"], row["defender"])
        expected = row["expected"]
        current = best.get(key)
        if current is None or (expected is not None and (
                current[0] is None or expected < current[0])):
            best[key] = (expected, row["weapon"])
    best_values = [[None if best[a, d][0] is None else float(best[a, d][0]) for d in names]
                   for a in names]
    by_weapon = {(r["weapon"], r["defender"]): r["expected"] for r in rows
                 if r["attacker"] == BASELINE}
    weapon_names = [w.name for w in tables.weapons.values()]
    weapon_values = [[None if by_weapon[w, d] is None else float(by_weapon[w, d])
                      for d in names] for w in weapon_names]
    files = {
        MATCHUPS: _csv(rows),
        "best-weapon.svg": heat_map(best_values, names, names,
                                    "Attacks to kill, each attacker's best weapon",
                                    "mean attacks to kill", "attacker", "defender"),
        "weapons.svg": heat_map(weapon_values, weapon_names, names,
                                f"Attacks to kill, weapons wielded by the {BASELINE}",
                                "mean attacks to kill", "weapon", "defender"),
    }
    totals: dict[str, dict[str, Fraction]] = {}
    for row in rows:  # weapons that can kill every defender, with their total mean attacks
        per = totals.setdefault(row["attacker"], {})
        if row["expected"] is None:
            per[row["weapon"]] = None
        elif per.get(row["weapon"], 0) is not None:
            per[row["weapon"]] = per.get(row["weapon"], Fraction(0)) + row["expected"]
    favourite = {}
    for a in names:  # the weapon needing fewest attacks over all defenders (table order on ties)
        usable = [(total, order) for order, (w, total) in enumerate(totals[a].items())
                  if total is not None]
        favourite[a] = list(totals[a])[min(usable)[1]] if usable else "none"
    sample = [[a, favourite[a]] + [_fraction(best[a, d][0]) if best[a, d][0] is not None
                                   else "never" for d in ("Ogre", "Goblin", "Wizard")]
              for a in names]
    data = {
        "heading": "Fantasy Fight Club: exact combat odds",
        "intro": [
            "Every number here is exact, computed from the d6 rules by "
            "``model.fantasy.combat`` (the engine rolls against the same code): the hit roll "
            "(FF 4.4, FF 5.6), the damage roll (FF 6.2) and the bow bonus (FF 6.3), under "
            "the default readings of the ambiguity register. A defender here wears no armor "
            "and no shield and its weapon's parry is not counted; weapons that only shoot "
            "are used at range from the front row, all others hand to hand.",
            f"The whole table, {len(rows)} matchups (every warrior with every weapon against "
            f"every warrior), is :download:`{MATCHUPS} <{MATCHUPS}>`: the chance to hit, to "
            "kill in one attack, and the mean number of attacks to kill, as fractions. "
            "``ringside fantasy odds`` gives the same odds for any equipment, as text or "
            "JSON."],
        "sections": [
            {"title": "Each attacker's best weapon", "paragraphs": [
                "The mean number of attacks each warrior needs to kill each warrior with the "
                "weapon that needs fewest (rows attack, columns defend; grey: no weapon can "
                "ever kill). The table's best weapon overall is the one needing fewest "
                "attacks added up over all twenty defenders."],
             "figures": [{"file": "best-weapon.svg", "alt": "heat map of attacks to kill",
                          "caption": "Mean attacks to kill, best weapon of each attacker."}],
             "tables": [{"caption": "Best weapon and mean attacks to kill three defenders",
                         "header": ["Attacker", "Best weapon overall", "vs Ogre",
                                    "vs Goblin", "vs Wizard"], "rows": sample}]},
            {"title": "Each weapon", "paragraphs": [
                f"The {BASELINE}'s card adds nothing to a roll, so this map shows the "
                "weapons alone against each defender."],
             "figures": [{"file": "weapons.svg", "alt": "heat map of attacks to kill by weapon",
                          "caption": f"Mean attacks to kill, weapons wielded by the "
                                     f"{BASELINE}."}],
             "tables": []},
        ],
    }
    return DocsPage("odds", "Combat odds", "fantasy_page.rst.jinja", data,
                    templates=TEMPLATES, files=files,
                    reproduce=("The odds page and its heat maps: computed from the tables "
                               "at every build (``ringside fantasy odds ATTACKER WEAPON "
                               "DEFENDER --json`` gives any one of them).",))
