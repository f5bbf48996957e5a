"""Monsters Masters & Mobsters' pages of its own in the rules reference.

* **Cards**: the synthetic card set the model plays with (ours, not the
  publisher's: the real card texts are not public), every element and Monster
  property the rules read, straight from the registered game's card set
  (``analysis/monmamo/data``).
* **Does setup end?**: the termination survey
  (:mod:`harness.games.monmamo.termination`) run from the shipped small
  starts at build time, under every ruleset, with the shortest trace to each
  end and the readings of the ambiguity register that decide them.

Both pages are computed when the site is built (a second or so), so they are
the model's answers, never a copy that could drift.
"""

from __future__ import annotations

from pathlib import Path

from harness.docs.pages import ambiguity_label, rule_label
from harness.docs.templating import esc, ref
from harness.registry import DocsContext, DocsPage

TEMPLATES = Path(__file__).resolve().parent / "templates"

# The register entries that decide how a setup ends or sticks (see the page).
DECIDING = ("MM-A1", "MM-A4", "MM-A8")


def docs_pages(context: DocsContext) -> list[DocsPage]:
    return [cards_page(context), termination_page(context)]


def cards_page(context: DocsContext) -> DocsPage:
    from analysis.monmamo.loading import SYNTHETIC_SET_FILE

    cards = sorted(context.game.cards.values(), key=lambda c: c.number)
    rows = []
    monsters = []
    for card in cards:
        limit = card.battlefield_limit
        rows.append([esc(cell) for cell in (card.number, card.name, card.type,
                     "once (specific)" if card.specific else
                     (str(limit) if limit is not None else "no limit"),
                     str(card.draws) if card.draws else "", card.text)])
        if card.monster is not None:
            m = card.monster
            monsters.append([esc(cell) for cell in (
                card.number, card.name, str(m.hp), str(m.level), str(m.size), str(m.speed),
                m.sex, ", ".join(m.taxons), str(m.multiplier), m.innate_skill or "none")])
    return DocsPage("cards", "Cards", "monmamo_cards.rst.jinja",
                    {"rows": rows, "monsters": monsters, "file": SYNTHETIC_SET_FILE,
                     "rules": {n: ref(rule_label(n), n) for n in
                               ("MM 2.1", "MM 2.2", "MM 2.3", "MM 2.4", "MM 3.1")}},
                    templates=TEMPLATES)


def termination_page(context: DocsContext) -> DocsPage:
    from harness.games.monmamo.termination import findings, small_starts

    game = context.game
    results = findings(small_starts(), dict(game.presets))
    entries = {a.id: a for a in game.ambiguities}
    deciding = [{"link": ref(ambiguity_label(game.key, i), f"{i}: {entries[i].title}"),
                 "default": entries[i].reading(entries[i].default).words,
                 "other": [r.words for r in entries[i].readings
                           if r.value != entries[i].default]}
                for i in DECIDING if i in entries]
    surveys = [{"words": r.words, "ruleset": r.ruleset, "start": r.start,
                "states": r.found.states, "ends": r.ends, "never_stuck": r.never_stuck,
                "longest": r.found.longest, "bound": r.found.bound,
                "outcomes": sorted(r.found.ends.items()),
                "shortest": sorted(r.found.shortest.items()),
                "dead_ends": r.found.dead_ends}
               for r in results]
    return DocsPage("termination", "Does setup end?", "monmamo_termination.rst.jinja",
                    {"surveys": surveys, "deciding": deciding,
                     "rules": {n: ref(rule_label(n), n) for n in
                               ("MM 4.11", "MM 4.12", "MM 4.13", "MM 4.14", "MM 4.15")}},
                    templates=TEMPLATES,
                    reproduce=("Monsters Masters & Mobsters, *Does setup end?*: "
                               "``ringside monmamo termination``.",))
