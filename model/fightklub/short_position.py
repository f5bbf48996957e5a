"""Short Fight Klub positions: the decks at the table and the parts that matter.

A short position (:mod:`model.core.position`) gives the setup (``decks
synthetic-brick synthetic-dana``) and any game section of the notation but
``decks`` (the setup's), and any zone of a player's section as ``pN.zone``
(``p0.hand``, ``p1.pool``).  A part left out holds what it holds before The Drop
is given (:data:`PARTS`), with three exceptions, so that a position states only
what a ruling is about:

* ``drop`` is ``?`` in the step ``drop`` and player 0 after it, ``first`` is
  player 0 in the steps ``setup``, ``draw`` and ``lay`` and ``?`` in the others
  (the notation's own constraints, met the simplest way);
* a player's draw stack left out is their deck's draw stack less every card of it
  the position puts in the player's other zones (hand, support area, discard
  stack, the table), and a fight stack left out is the deck's fight stack less
  every fight card the position puts in the player's other zones (laid,
  exhausted under the stack, scored, raise-the-stakes), so no card is made or lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from model.core.position import Part, given_parts, resolve, sections_of, take_from
from model.fightklub.state import (
    OPTIONAL_SECTIONS, SECTION_NAMES, TOKEN_PARTS, TURN_ZONES, ZONES, State, damage_entry,
)

if TYPE_CHECKING:
    from model.fightklub.engine import FightKlub
    from model.fightklub.rules import Rules
    from model.fightklub.state import Setup

_LAID_OUT = ("setup", "draw", "lay")
"""The steps in which ``first`` must name a player."""

PARTS = (
    Part("step", "drop (chance is to give The Drop)"),
    Part("drop", "? in the step drop, else 0"),
    Part("first", "0 in the steps setup, draw and lay, else ?"),
    Part("turn", "0"),
    Part("left", "0"),
    Part("pending", "0"),
    Part("round", "1"),
    Part("settled", "0"),
    Part("won", "- (nobody)"),
    Part("fight", "- (no current fight)"),
    Part("queue", "- (nothing to draw or discard)"),
    Part("pN.draw", "the deck's draw stack less every card of it the position puts in the "
                    "player's hand, support area, discard stack or on the table"),
    Part("pN.hand", "-"),
    Part("pN.support", "-"),
    Part("pN.discard", "-"),
    Part("pN.fight", "the deck's fight stack less every fight card the position lays, puts "
                     "under the stack, in the damage stack or among the stakes"),
    Part("pN.laid", "-"),
    Part("pN.under", "-"),
    Part("pN.table", "-"),
    Part("pN.damage", "-"),
    Part("pN.stakes", "-"),
    Part("pN.pool", "- (no energy)"),
    Part("pN.burned", "-"),
)
"""The parts of a short position and what each holds when left out."""

_GAME_SECTIONS = SECTION_NAMES[1:] + OPTIONAL_SECTIONS


def position_from_setup(game: FightKlub, setup: Setup, overrides: Mapping[str, Any],
                        rules: Rules) -> State:
    """The whole position of a short one (see the module)."""
    start = game.initial_state(setup, rules)
    players = len(setup.decks)
    given = given_parts(overrides, PARTS, players)

    def build(parts: Mapping[str, str]) -> State:
        state = game.parse_state(_text(start, parts, players))
        for seat, name in enumerate(setup.decks):
            state = _fill_stacks(game, state, seat, name, parts)
        return game.parse_state(str(state))

    return resolve(build, given)


def _text(start: State, parts: Mapping[str, str], players: int) -> str:
    """The long notation of the start with the given parts written in."""
    first_sections = sections_of(str(start))
    step = parts.get("step", first_sections["step"]).lower()
    sections = {"decks": first_sections["decks"]}
    defaults = {"drop": "?" if step == "drop" else "0",
                "first": "0" if step in _LAID_OUT else "?"}
    for name in _GAME_SECTIONS:
        if name in parts:
            sections[name] = parts[name]
        elif name in defaults:
            sections[name] = defaults[name]
        elif name in first_sections:
            sections[name] = first_sections[name]
    for seat in range(players):
        zones = zone_texts(first_sections[f"p{seat}"])
        zones.update({zone: parts[f"p{seat}.{zone}"] for zone in ZONES + TURN_ZONES + TOKEN_PARTS
                      if f"p{seat}.{zone}" in parts})
        sections[f"p{seat}"] = " ".join(
            f"{zone} {zones.get(zone, '-')}" for zone in ZONES + TURN_ZONES + TOKEN_PARTS
            if zone not in TURN_ZONES or zones.get(zone, "-") != "-")
    return " | ".join(f"{name} {body}" for name, body in sections.items())


def zone_texts(side_text: str) -> dict[str, str]:
    """A player's section (without ``pN``) as ``{zone: text}``."""
    zones: dict[str, list[str]] = {}
    current = ""
    for token in side_text.split():
        if token in ZONES + TURN_ZONES + TOKEN_PARTS:
            current = token
            zones[current] = []
        else:
            zones[current].append(token)
    return {zone: " ".join(tokens) for zone, tokens in zones.items()}


def _fill_stacks(game: FightKlub, state: State, seat: int, deck_name: str,
                 parts: Mapping[str, str]) -> State:
    """The state with the player's draw and fight stacks filled where left out."""
    deck = game.catalog.deck(deck_name)
    fight_cards = set(deck.fight)
    side = state.side(seat)
    placed = {zone: getattr(side, zone) for zone in ("hand", "support", "discard", "table",
                                                     "laid", "under", "stakes")}
    placed["damage"] = tuple(damage_entry(entry)[0] for entry in side.damage)
    changes = {}
    for stack, cards, wanted in (("draw", deck.draw, False), ("fight", deck.fight, True)):
        if f"p{seat}.{stack}" in parts:
            continue
        taken = [(f"p{seat}.{zone}", [card for card in held if (card in fight_cards) == wanted])
                 for zone, held in placed.items()]
        owner = f"the {stack} stack of {deck_name}"
        changes[stack] = tuple(sorted(take_from(cards, taken, owner)))
    return state.with_side(seat, **changes) if changes else state
