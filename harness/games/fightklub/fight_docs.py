"""Fight Klub's "Fights" page: how a pairing is resolved, every tie shape, the order of
the skirmishes, and raise the stakes step by step.

Every example on the page is computed when the site is built, by the fight
arithmetic of :mod:`model.fightklub.fights` on ringside's synthetic cards, so the
page is the model's answer and cannot drift from it:

* the pairings are classified by :func:`~model.fightklub.fights.fight_mode`;
* one example of each tie shape is *found* by trying the synthetic power cards
  against each other with small effect boosts and skirmishes nullified beforehand
  (a shape no such fight reaches is said to be missing, never invented);
* the order question shows z3's witness of FK-P11 replayed through the model;
* raise the stakes is a short sequence of fights settled by
  :func:`~model.fightklub.fights.settle`, under each reading of FK-F3 and FK-F4
  where they differ.
"""

from __future__ import annotations

import dataclasses
import itertools
from functools import lru_cache
from pathlib import Path

from harness.docs.pages import ambiguity_label, rule_label
from harness.docs.templating import ref
from harness.registry import DocsContext, DocsPage

TEMPLATES = Path(__file__).resolve().parent / "templates"

PAIRINGS = (
    # (fighter a: seat 0 = the hero, card, side up), (fighter b), what it shows
    (("S931", 0), ("S971", 0), "both sides show skirmish tabs"),
    (("S933", 0), ("S971", 0), "clash text against skirmish tabs"),
    (("S931", 0), ("S972", 0), "skirmish tabs against clash text"),
    (("S933", 0), ("S972", 0), "clash text on both sides"),
    (("S934", 1), ("S971", 0), "a rotatable card turned to its clash side"),
)
BOOST_STEPS = (0, -2, 2)
"""Effect boosts tried on each of the hero's tabs while looking for each tie shape,
besides the boost that makes that skirmish a tie."""


def _rules(*numbers: str) -> dict[str, str]:
    return {number: ref(rule_label(number), number) for number in numbers}


def _cards():
    from analysis.fightklub.loading import all_cards

    return all_cards()


def _card(code: str):
    return _cards()[code]


def _named(code: str) -> str:
    return f"{code} {_card(code).name}"


def pairing_modes() -> list[dict]:
    from model.fightklub.fights import CLASH_A, CLASH_B, CLASH_CHOICE, Fighter, fight_mode

    words = {"power": ("skirmishes, one at a time", "FK 5.5"),
             CLASH_A: ("the hero card's clash text", "FK 5.10"),
             CLASH_B: ("the villain card's clash text", "FK 5.10"),
             CLASH_CHOICE: ("the clash text the Drop holder picks", "FK 5.10")}
    rows = []
    for (code_a, side_a), (code_b, side_b), shows in PAIRINGS:
        mode = fight_mode(Fighter(0, code_a, side_a), Fighter(1, code_b, side_b), cards=_cards())
        rows.append({"a": _named(code_a) + (" (turned)" if side_a else ""),
                     "b": _named(code_b) + (" (turned)" if side_b else ""),
                     "mode": mode, "decided_by": words[mode][0],
                     "rule": ref(rule_label(words[mode][1]), words[mode][1]), "shows": shows})
    return rows


def _power_cards(affiliation: str) -> list[str]:
    from analysis.fightklub.loading import synthetic_cards

    found = []
    for code, card in sorted(synthetic_cards().items()):
        if card.type != "fight" or card.affiliation != affiliation:
            continue
        if card.parts.sides[0].tabs:
            found.append(code)
    return found


def _skirmish_rows(result, a_seat: int = 0) -> list[dict]:
    from model.fightklub.fights import POSITIONS

    rows = []
    for skirmish in result.skirmishes:
        winner = ("nullified" if skirmish.nullified else "tie" if skirmish.winner is None
                  else "hero" if skirmish.winner == a_seat else "villain")
        rows.append({"position": POSITIONS[skirmish.position],
                     "totals": f"{skirmish.totals[0]} : {skirmish.totals[1]}",
                     "winner": winner})
    return rows


@lru_cache(maxsize=1)
def tie_shape_examples() -> tuple[dict, ...]:
    """The first fight found for each shape a power-vs-power fight can end in, hero
    (seat 0) against villain (seat 1), skirmishes resolved left to right."""
    from model.fightklub.fights import CLASH_TIE, TIE_SHAPES, WON, Fighter, resolve_power

    wanted = [WON] + [shape for shape in TIE_SHAPES if shape != CLASH_TIE]
    found: dict[str, dict] = {}
    for reading, rules, nullified, code_a, code_b, boosts in _candidate_fights():
        if len(found) == len(wanted):
            break
        result = resolve_power(Fighter(0, code_a, boosts=boosts), Fighter(1, code_b),
                               (0, 1, 2), rules, nullified=frozenset(nullified),
                               cards=_cards())
        if result.shape in found or result.shape not in wanted:
            continue
        found[result.shape] = {
            "reading": reading, "a": _named(code_a), "b": _named(code_b),
            "boosts": " ".join(f"{b:+d}" for b in boosts) if any(boosts) else "none",
            "nullified": ", ".join(("left", "centre", "right")[p] for p in nullified) or "none",
            "skirmishes": _skirmish_rows(result),
            "winner": "no winner: raise the stakes" if result.winner is None
            else ("hero" if result.winner == 0 else "villain"),
        }
    return tuple({"shape": shape, **found[shape]} if shape in found
                 else {"shape": shape, "missing": True} for shape in wanted)


def _candidate_fights():
    """(reading, rules, nullified, hero card, villain card, hero boosts), the default
    reading first, fewer nullified skirmishes and smaller boosts first."""
    from model.fightklub.rules import DEFAULT_RULES

    literal = dataclasses.replace(DEFAULT_RULES, nullified_skirmish_voids_fight=True)
    heroes, villains = _power_cards("hero"), _power_cards("villain")
    for reading, rules in (("rulebook", DEFAULT_RULES), ("literal FK-F2", literal)):
        for count in range(4):
            for nullified in itertools.combinations(range(3), count):
                for code_a, code_b in itertools.product(heroes, villains):
                    for boosts in _boosts(code_a, code_b):
                        yield reading, rules, nullified, code_a, code_b, boosts


def _boosts(code_a: str, code_b: str) -> list[tuple[int, int, int]]:
    """Boosts for the hero's card, smallest first: per tab 0, -2, +2, or what ties it."""
    tabs_a = [tab.value for tab in _card(code_a).parts.sides[0].tabs]
    tabs_b = [tab.value for tab in _card(code_b).parts.sides[0].tabs]
    choices = [sorted(set(BOOST_STEPS) | {b - a}, key=lambda n: (abs(n), n))
               for a, b in zip(tabs_a, tabs_b)]
    return sorted(itertools.product(*choices), key=lambda boost: (sum(map(abs, boost)), boost))


def clash_tie_example() -> dict:
    from model.fightklub.fights import resolve_clash
    from model.fightklub.rules import DEFAULT_RULES

    measures = {0: {"cards in hand": 4}, 1: {"cards in hand": 4}}
    default = resolve_clash("S933", 0, 0, 1, measures, DEFAULT_RULES, cards=_cards())
    other = resolve_clash("S933", 0, 0, 1, measures,
                          dataclasses.replace(DEFAULT_RULES, clash_tie_to_text_owner=True),
                          cards=_cards())
    return {"card": _named("S933"), "measure": "cards in hand", "numbers": "4 : 4",
            "default": default.shape, "default_winner": default.winner,
            "other_winner": other.winner}


@lru_cache(maxsize=1)
def order_witness() -> dict | None:
    """z3's FK-P11 witness (two power cards whose winner depends on the order), replayed.

    Kept for the process: z3 may pick another pair of cards on another call (its
    search depends on what ran before), and a page and its tests must show one."""
    from model.fightklub.fights import POSITIONS
    from proofs.fightklub_fights import order_can_matter_with_result_tabs, replay

    answer = order_can_matter_with_result_tabs()
    witness = answer.witness if isinstance(answer.witness, dict) else None
    if answer.status != "witness" or witness is None:
        return {"status": answer.status, "detail": answer.detail}
    cards = []
    for seat in (0, 1):
        tabs = []
        for position in range(3):
            text = f"{POSITIONS[position]} {witness['tabs'][seat][position]}"
            result = witness["results"][seat][position]
            if result is not None:
                if result["do"] == "modify_tab":
                    text += f" (result: {result['by']:+d} to the {result['tab']} skirmish)"
                else:
                    text += f" (result: nullify the {result['tab']} skirmish)"
            tabs.append(text)
        cards.append({"seat": seat, "tabs": "; ".join(tabs)})
    winners = replay(witness)
    words = lambda seat: "a tie" if seat is None else f"a win for seat {seat}"  # noqa: E731
    orders = [{"order": ", ".join(POSITIONS[p] for p in order), "winner": words(winner)}
              for order, winner in zip(witness["orders"], winners)]
    return {"status": answer.status, "cards": cards, "orders": orders}


def stakes_sequence() -> list[dict]:
    """A tie, then a win whose card scores or is stopped, settled under each reading
    of FK-F3 and FK-F4 the stopped case depends on."""
    from model.fightklub.fights import FightResult, settle
    from model.fightklub.rules import DEFAULT_RULES

    hero_tied, villain_tied, hero_card, villain_card = "S937", "S971", "S935", "S973"
    tie = FightResult("power", None, "three ties")
    win = FightResult("power", 0, "won")
    first = settle(tie, {0: hero_tied, 1: villain_tied}, {}, False, {}, False, DEFAULT_RULES,
                   card_table=_cards())
    stakes = {0: (hero_tied,), 1: (villain_tied,)}
    rows = [_settled("1", "a tie (three ties)", "any", first)]
    scores = settle(win, {0: hero_card, 1: villain_card}, stakes, True, {}, False, DEFAULT_RULES,
                    card_table=_cards())
    rows.append(_settled("2", "the hero wins and the card scores", "default", scores))
    for label, rules in (
            ("default (FK-F3, FK-F4 as the rulebook preset reads them)", DEFAULT_RULES),
            ("FK-F3 other reading", dataclasses.replace(
                DEFAULT_RULES, loser_stakes_exhausted_on_any_loss=True)),
            ("FK-F4 other reading", dataclasses.replace(DEFAULT_RULES,
                                                        unscored_winner_to_stakes=True))):
        stopped = settle(win, {0: hero_card, 1: villain_card}, stakes, False, {}, False, rules,
                         card_table=_cards())
        rows.append(_settled("2'", "the hero wins but a score action stops the card",
                             label, stopped))
    return rows


def _reward_words(code: str, gives_reward: bool) -> str:
    printed = _card(code).parts.reward
    if not gives_reward:
        return " (no reward: a raise-the-stakes card)" if printed else ""
    return f" (reward {' '.join(printed)})" if printed else ""


def _settled(fight: str, what: str, reading: str, settlement) -> dict:
    seat_word = {0: "hero", 1: "villain"}
    scored = [f"{seat_word[s]} {_named(c)}" + _reward_words(c, reward)
              for s, c, reward in settlement.scored]
    return {"fight": fight, "what": what, "reading": reading,
            "scored": "; ".join(scored) or "none",
            "exhausted": "; ".join(f"{seat_word[s]} {_named(c)}"
                                   for s, c in settlement.exhausted) or "none",
            "aside": "; ".join(f"{seat_word[s]} {_named(c)}"
                               for s, c in settlement.raise_the_stakes) or "none",
            "damage": ", ".join(f"{seat_word[s]} takes {d}"
                                for s, d in sorted(settlement.damage.items()))}


def fights_page(context: DocsContext) -> DocsPage:
    from model.fightklub.ambiguities import FIGHT_AMBIGUITIES

    numbers = [f"FK 5.{n}" for n in range(1, 18)] + [f"FK 6.{n}" for n in (1, 2, 3, 4, 5, 7, 9, 10)]
    readings = {a.id: ref(ambiguity_label("fightklub", a.id), a.id) for a in FIGHT_AMBIGUITIES}
    return DocsPage("fights", "Fights", "fightklub_fights.rst.jinja",
                    {"pairings": pairing_modes(), "shapes": tie_shape_examples(),
                     "clash_tie": clash_tie_example(), "witness": order_witness(),
                     "stakes": stakes_sequence(), "rules": _rules(*numbers),
                     "readings": readings},
                    templates=TEMPLATES,
                    reproduce=("Fight Klub, *Fights*: every example is computed by "
                               "``model/fightklub/fights.py`` when the site is built; the "
                               "order witness is z3's (``ringside check fightklub`` runs it as "
                               "FK-P11).",))
