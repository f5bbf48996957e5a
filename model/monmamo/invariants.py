"""The invariants of the Monsters Masters & Mobsters setup phase, each tied to its rules.

The explorer, the scenarios and the conformance tests run them on every state
and step: the cards in each zone, the hand size between turns, the limits on
names, the Bystander that gives way, what is attached to what, a complete
setup that has met its format, how a step may move cards, and the count of
passes in a row.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from typing import Any, Mapping

from model.core.game import Invariant, TransitionInvariant
from model.monmamo.battlefield import format_met, name_limit
from model.monmamo.cards import ATTACHED_TO_MONSTERS, PLACEABLE_TYPES, PROFICIENCY_HOLDERS, Card
from model.monmamo.rules import Rules
from model.monmamo.state import HAND_SIZE, State, cards_text


def known_cards(state: State, cards: Mapping[str, Card]) -> str | None:
    unknown = sorted(set(state.all_cards()) - set(cards))
    if unknown:
        return f"the card {unknown[0]} is not in the card set"
    return None


def seven_in_hand(state: State, cards: Mapping[str, Card]) -> str | None:
    if state.step not in ("play", "complete", "stalled"):
        return None
    for seat, hand in enumerate(state.hands):
        if len(hand) > HAND_SIZE or (state.library and len(hand) != HAND_SIZE):
            return (f"player {seat} holds {len(hand)} cards between turns with "
                    f"{len(state.library)} in the Library")
    return None


def unique_on_battlefield(state: State, cards: Mapping[str, Card]) -> str | None:
    on_field = [e.card for e in state.battlefield]
    by_name = Counter(cards[n].name for n in on_field if n in cards)
    for name, count in by_name.items():
        limit = name_limit(name, on_field, cards)
        if limit is not None and count > limit:
            return f"{count} cards named {name} on the Battlefield, at most {limit} allowed"
    return None


def no_bystander_beside_its_mobster(state: State, cards: Mapping[str, Card]) -> str | None:
    # Battlefield entries stand in the order they entered: a Bystander listed
    # before a Mobster of its name and owner should have given way when the
    # Mobster came in.  One listed after it came in under the reading of MM-A7
    # that allows it; another player's may stay under the reading of MM-A10 that
    # replaces the player's own Bystanders only, so the owner is part of the check.
    mobsters_seen: set[tuple[int, str]] = set()
    for entry in reversed(state.battlefield):
        card = cards.get(entry.card)
        if card is None:
            continue
        if card.type == "Mobster":
            mobsters_seen.add((entry.owner, card.name))
        elif card.type == "Bystander" and (entry.owner, card.name) in mobsters_seen:
            return f"the Bystander {card.name} stays beside its owner's Mobster of its name"
    return None


def attachments_fit(state: State, cards: Mapping[str, Card]) -> str | None:
    for index, entry in enumerate(state.battlefield):
        if entry.card not in cards:
            continue
        holder = cards[entry.card].type
        if holder not in PLACEABLE_TYPES + ("Monster",):
            return f"entry {index} is a {holder} card, which is never placed"
        for attached in entry.attached:
            kind = cards.get(attached, None)
            kind = kind.type if kind else "?"
            fits = ((kind in ATTACHED_TO_MONSTERS and holder == "Monster")
                    or (kind == "Proficiency" and holder in PROFICIENCY_HOLDERS))
            if not fits:
                return f"a {kind} card is attached to a {holder} (entry {index})"
    return None


def complete_only_when_met(state: State, cards: Mapping[str, Card]) -> str | None:
    if state.step == "complete" and not format_met(state, cards):
        return "setup is complete but the format's Monsters are not all on the Battlefield"
    return None


def cards_conserved(before: State, action: Any, after: State, rules: Rules) -> str | None:
    if before.all_cards() != after.all_cards():
        gained = Counter(after.all_cards()) - Counter(before.all_cards())
        lost = Counter(before.all_cards()) - Counter(after.all_cards())
        return (f"{action} changed the cards in the game: gained "
                f"{cards_text(sorted(gained.elements()))}, lost "
                f"{cards_text(sorted(lost.elements()))}")
    return None


def exile_is_final(before: State, action: Any, after: State, rules: Rules) -> str | None:
    if Counter(before.exile) - Counter(after.exile):
        return f"{action} took a card out of Exile"
    return None


def a_card_each_turn(before: State, action: Any, after: State, rules: Rules) -> str | None:
    if before.step != "play" or action.kind in ("pass", "declare"):
        return None
    if len(after.hands[before.turn]) >= len(before.hands[before.turn]):
        return f"{action} played or discarded no card from hand"
    return None


def passes_in_a_row(before: State, action: Any, after: State, rules: Rules) -> str | None:
    """A pass adds one to the passes in a row; any other play (a lone declaration too)
    ends the run, so that setup stalls only when every player passes in a row."""
    if before.step != "play":
        return None
    expected = before.passes + 1 if action.kind == "pass" else 0
    if after.passes != expected:
        return (f"{action} left {after.passes} passes in a row after {before.passes}; "
                f"a {'pass' if action.kind == 'pass' else 'play'} leaves {expected}")
    return None


def with_cards(invariant: Invariant, cards: Mapping[str, Card]) -> Invariant:
    """One of :data:`INVARIANTS` on one card set: its ``check(state, cards)`` as
    ``check(state)``, keeping the check's own name (the rules reference links its code)."""
    check = functools.update_wrapper(functools.partial(invariant.check, cards=cards),
                                     invariant.check)
    return dataclasses.replace(invariant, check=check)


INVARIANTS = (
    Invariant("known-cards", ("MM 1.6", "MM 2.1"),
              "Every card in every zone is a card of the card set.", known_cards),
    Invariant("seven-in-hand", ("MM 4.3", "MM 4.12"),
              "Between turns every hand holds seven cards, or fewer only once the Library "
              "is empty.", seven_in_hand),
    Invariant("unique-on-battlefield", ("MM 2.2", "MM 2.3", "MM 2.4"),
              "No name is on the Battlefield more often than its cards allow, specific "
              "cards once.", unique_on_battlefield),
    Invariant("bystander-gives-way", ("MM 4.5",),
              "No Bystander stays on the Battlefield once its owner's Mobster of its name "
              "enters.",
              no_bystander_beside_its_mobster),
    Invariant("attachments-fit", ("MM 4.4", "MM 4.6", "MM 4.8"),
              "Only placeable cards and Monsters are entries; Traits and Mana sit on "
              "Monsters, Proficiencies on Masters, Mobsters and Bystanders.",
              attachments_fit),
    Invariant("complete-when-met", ("MM 4.13", "MM 4.1"),
              "Setup is complete only with the format's Monsters on the Battlefield.",
              complete_only_when_met),
)
"""What every reachable state keeps.  Each ``check`` takes ``(state, cards)``: the rules
read the card set, which is the game's; the game binds its own (:func:`with_cards`)."""

TRANSITION_INVARIANTS = (
    TransitionInvariant("cards-conserved", ("MM 1.6",),
                        "No step creates or loses a card.", cards_conserved),
    TransitionInvariant("exile-is-final", ("MM 1.5",),
                        "No card ever leaves Exile.", exile_is_final),
    TransitionInvariant("a-card-each-turn", ("MM 4.11",),
                        "Every play but a pass or a lone declaration spends a card from "
                        "hand.", a_card_each_turn),
    TransitionInvariant("passes-in-a-row", ("MM 4.14",),
                        "A pass adds one to the passes in a row and every other play "
                        "starts the count again.", passes_in_a_row),
)
"""What every step keeps; these read no card, so the card set plays no part."""
