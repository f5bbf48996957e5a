"""Fight Klub's pages of its own in the rules reference.

* **Cards**: ringside's synthetic set (ours: invented, not cards of ONE), every
  card with its type, cost and what it does; and what is known and unknown
  about ONE: how many cards have a known type and affiliation, and each fact
  the rulebook states, with its section.
* **Decks**: the deck checker run on the two recommended decks (``rambo``,
  ``hannibal``) and the synthetic ones: cards, violations, the checks that
  could not be made and why; the collection check of the Kilo for both
  recommended decks at once, under each reading of FK-D2.
* **Energy**: the notation, worked payments found by the exhaustive payer
  (:func:`model.fightklub.energy.pay`), and what the z3 obligations of
  :mod:`proofs.fightklub` settle.

Everything is computed when the site is built, so the pages are the model's
answers, never a copy that could drift.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

from harness.docs.pages import ambiguity_label, rule_label
from harness.docs.templating import esc, ref
from harness.registry import DocsContext, DocsPage

TEMPLATES = Path(__file__).resolve().parent / "templates"
RECOMMENDED = ("rambo", "hannibal")
SYNTHETIC_DECKS = ("synthetic-brick", "synthetic-dana")
KILO = "kilo"

WORKED_PAYMENTS = (
    # (pool, latent, drop latent, controls The Drop, table, costs, what it shows)
    ("B G Y", "-", "-", True, "-", ("burn B, burn 1",), "FK 3.2"),
    ("B G Y Y", "-", "-", True, "-", ("burn B, burn 1", "burn G, spot Y"), "FK 3.11"),
    ("B", "-", "-", True, "-", ("burn B, spot B",), "FK 3.7"),
    ("G", "Y", "-", True, "-", ("burn G, spot Y",), "FK 3.8"),
    ("G", "B B", "B G Y", True, "-", ("burn G, spot Y",), "FK 3.9"),
    ("G", "B B", "B G Y", False, "-", ("burn G, spot Y",), "FK 3.9"),
    ("Y", "-", "-", True, "gear", ("burn Y, spot gear",), "FK 3.6"),
    ("Y", "Y", "-", True, "-", ("burn 2",), "FK 3.8"),
)


def docs_pages(context: DocsContext) -> list[DocsPage]:
    from harness.games.fightklub.fight_docs import fights_page
    from harness.games.fightklub.multiplayer_docs import multiplayer_page

    return [cards_page(context), decks_page(context), energy_page(context),
            fights_page(context), multiplayer_page(context)]


def _rules(*numbers: str) -> dict[str, str]:
    return {number: ref(rule_label(number), number) for number in numbers}


def _what_it_does(card) -> str:
    from model.fightklub.cards import is_known

    parts = card.parts
    bits = []
    if card.type == "character":
        bits.append(f"life {parts.life}, hand {parts.hand}, hold {parts.hold}, first setup "
                    f"energy {' '.join(parts.first_setup_energy)}, latent "
                    f"{' '.join(parts.latent_energy) or 'none'}")
    elif card.type == "fight":
        sides = []
        for side in parts.sides:
            if side.clash is not None:
                sides.append(f"clash: {side.clash.text or side.clash.measure}")
            else:
                sides.append(" / ".join(
                    f"{t.label} {t.value}" + (f" (result: {', '.join(map(step_words, t.result))})"
                                              if t.result else "") for t in side.tabs))
        gold = ", gold icon" if card.gold_icon is True else ""
        bits.append(f"{parts.kind}{gold}, damage {parts.damage}"
                    + (f", reward {' '.join(parts.reward)}" if parts.reward else "")
                    + "; " + "; ".join(sides))
    elif card.type in ("effect", "gear"):
        bits.append("tabs " + " ".join(f"{t:+d}" for t in parts.tabs)
                    + (f", after the fight: {parts.after_fight}" if parts.after_fight else ""))
    elif card.type == "instant":
        bits.append(f"{parts.phase} instant")
    elif card.type == "universal":
        bits.append(f"latent {' '.join(parts.latent_energy)}")
    if is_known(card.abilities):
        for ability in card.abilities:
            steps = ", ".join(step_words(step) for step in ability.steps)
            costs = ([ability.cost_text] if ability.cost_text else []) + [
                step_words(step) for step in ability.extra_costs]
            cost = f" ({'; '.join(costs)})" if costs else ""
            bits.append(f"{ability.phase}{cost}: {steps}")
    if card.signature:
        bits.append(f"signature of {card.signature}")
    return "; ".join(bits)


def step_words(step) -> str:
    """One data-described step of gametext in words: ``add B G G``, ``+2 to the centre
    tab (Physical)``, ``opponent discards 1 (your choice)``."""
    params = dict(step.params)
    count = params.get("count")
    whose = "opponent " if params.get("who") == "opponent" else ""
    chooser = " (your choice)" if params.get("chooser") == "you" else ""
    if step.do == "add_energy":
        return "add " + " ".join(params["tokens"])
    if step.do == "modify_tab":
        tab = "each tab" if params["tab"] == "all" else f"the {params['tab']} tab"
        label = f" ({params['label']})" if params.get("label") else ""
        return f"{params['by']:+d} to {tab}{label}"
    if step.do == "draw":
        return f"{whose}draw{'s' if whose else ''} {count}"
    if step.do == "discard":
        return f"{whose}discard{'s' if whose else ''} {count}{chooser}"
    if step.do == "destroy":
        return f"{whose}destroy{'s' if whose else ''} {count} {params['what']}{chooser}"
    if step.do == "return_to_hand":
        return f"{whose}return{'s' if whose else ''} {count} {params['what']} to hand"
    if step.do == "nullify_skirmish":
        return f"nullify the {params['tab']} skirmish"
    return step.do.replace("_", " ")


def cards_page(context: DocsContext) -> DocsPage:
    from analysis.fightklub.loading import (
        SHOWN, SYNTHETIC_FILE, one_cards, one_facts, synthetic_cards,
    )
    from model.fightklub.cards import DRAW_STACK_TYPES, is_known

    synthetic = []
    for card in sorted(synthetic_cards().values(), key=lambda c: c.number):
        synthetic.append([esc(cell) for cell in (
            card.code, card.name, card.rarity, card.type, card.affiliation,
            str(card.cost) if card.cost is not None else "", _what_it_does(card))])
    one = one_cards()
    types: Counter = Counter()
    for card in one.values():
        if is_known(card.type):
            types[card.type] += 1
        elif card.types == DRAW_STACK_TYPES:
            types["a draw-stack type (condition, effect, gear or instant)"] += 1
        else:
            types["not known"] += 1
    affiliations = Counter(card.affiliation if is_known(card.affiliation) else "not known"
                           for card in one.values())
    facts = []
    for fact in one_facts():
        value = " ".join(fact.value) if isinstance(fact.value, tuple) else str(fact.value)
        named = ", ".join(one[code].label for code in fact.cards[:4])
        more = f" and {len(fact.cards) - 4} more" if len(fact.cards) > 4 else ""
        facts.append([esc(fact.field.replace("_", " ")), esc(value),
                      esc(f"{len(fact.cards)}: {named}{more}"), esc(fact.source)])
    return DocsPage("cards", "Cards", "fightklub_cards.rst.jinja",
                    {"synthetic": synthetic, "file": f"{SHOWN}/{SYNTHETIC_FILE}",
                     "one_total": len(one), "types": sorted(types.items(), key=lambda i: -i[1]),
                     "affiliations": sorted(affiliations.items(), key=lambda i: -i[1]),
                     "facts": facts,
                     "rules": _rules("FK 1.1", "FK 1.2", "FK 1.3", "FK 1.15", "FK 4.13")},
                    templates=TEMPLATES)


def deck_findings(name: str, rules=None) -> dict:
    """What the deck checker says of a shipped deck (for the page and its tests)."""
    from analysis.fightklub.loading import all_cards, shipped_text
    from model.fightklub.decks import check_deck, parse_deck
    from model.fightklub.rules import DEFAULT_RULES

    text, where = shipped_text(name)
    report = check_deck(parse_deck(text, where), rules or DEFAULT_RULES, cards=all_cards())
    return {"name": name, "file": where, "cards": report.cards, "verdict": report.verdict,
            "violations": [{"line": v.line, "rules": list(v.rules), "message": v.message,
                            "links": _links(v.rules), "shown": _linked(v.message)}
                           for v in report.violations],
            "unchecked": [{"check": u.check, "rules": list(u.rules), "reason": u.reason,
                           "links": _links(u.rules), "shown": _linked(u.reason)}
                          for u in report.unchecked]}


def _linked(text: str) -> str:
    """Text for a page (escaped), each rule number in it a link to its rule."""
    import re

    return re.sub(r"\bFK \d+\.\d+\b", lambda m: ref(rule_label(m.group(0)), m.group(0)),
                  esc(text))


def _links(numbers) -> str:
    """Rule numbers as links to their rules (a page never shows a bare rule number)."""
    return ", ".join(ref(rule_label(number), number) for number in numbers)


def kilo_findings() -> list[dict]:
    """The Kilo against both recommended decks at once, under each reading of FK-D2."""
    from analysis.fightklub.loading import all_cards, shipped_text
    from model.fightklub.decks import check_collection, parse_collection, parse_deck
    from model.fightklub.rules import DEFAULT_RULES

    owned = parse_collection(*shipped_text(KILO))
    decks = [parse_deck(*shipped_text(name)) for name in RECOMMENDED]
    found = []
    for share in (False, True):
        rules = dataclasses.replace(DEFAULT_RULES, decks_share_the_drop=share)
        report = check_collection(owned, decks, rules, cards=all_cards())
        found.append({"share": share, "default": share == DEFAULT_RULES.decks_share_the_drop,
                      "buildable": report.buildable, "need": report.need, "have": report.have,
                      "shortages": [f"{s.code} {s.name}: need {s.need}, have {s.have}"
                                    for s in report.shortages]})
    return found


def decks_page(context: DocsContext) -> DocsPage:
    pass

    game = context.game
    entry = next(a for a in game.ambiguities if a.id == "FK-D2")
    kilo = kilo_findings()
    for item in kilo:
        item["reading"] = entry.reading(item["share"]).words
    return DocsPage("decks", "Decks", "fightklub_decks.rst.jinja",
                    {"decks": [deck_findings(name) for name in RECOMMENDED + SYNTHETIC_DECKS],
                     "kilo": kilo, "d2": ref(ambiguity_label(game.key, "FK-D2"),
                                              f"FK-D2: {entry.title}"),
                     "rules": _rules(*(f"FK 2.{n}" for n in range(1, 15)))},
                    templates=TEMPLATES,
                    reproduce=("Fight Klub, *Decks*: ``ringside fightklub deck rambo``, "
                               "``ringside fightklub deck hannibal``, ``ringside fightklub "
                               "collection kilo rambo hannibal``.",))


def worked_payments() -> list[dict]:
    """The page's worked payments, paid by the exhaustive payer at build time."""
    from model.fightklub.energy import format_tokens, parse_cost, parse_pool, parse_table, pay

    found = []
    for pool, latent, drop, controls, table, costs, rule in WORKED_PAYMENTS:
        payment = pay(parse_pool(pool), [parse_cost(c) for c in costs],
                      latent=parse_pool(latent), drop_latent=parse_pool(drop),
                      controls_drop=controls, table=parse_table(table))
        command = [f"--pool '{pool}'"]
        if latent != "-":
            command.append(f"--latent '{latent}'")
        if drop != "-":
            command.append(f"--drop-latent '{drop}'")
        if not controls:
            command.append("--opponent-has-drop")
        if table != "-":
            command.append(f"--table {table}")
        command.append(f"--cost '{costs[0]}'")
        command += [f"--then '{c}'" for c in costs[1:]]
        found.append({"command": "ringside fightklub pay " + " ".join(command), "rule": rule,
                      "payable": payment.payable,
                      "burned": " | ".join(format_tokens(t) for t in payment.burned),
                      "reason": payment.reason, "shown": _linked(payment.reason)})
    return found


def energy_page(context: DocsContext) -> DocsPage:
    from proofs.fightklub import OBLIGATIONS

    obligations = [{"id": o.id, "claim": _linked(o.claim), "expected": o.expected,
                    "rules": _links(o.rules)} for o in OBLIGATIONS]
    return DocsPage("energy", "Energy", "fightklub_energy.rst.jinja",
                    {"payments": worked_payments(), "obligations": obligations,
                     "rules": _rules(*(f"FK 3.{n}" for n in range(1, 12)), "FK 4.9")},
                    templates=TEMPLATES,
                    reproduce=("Fight Klub, *Energy*: each worked payment is the "
                               "``ringside fightklub pay`` command shown beside it.",))
