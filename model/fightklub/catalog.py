"""The cards and decks a game of Fight Klub is played with: the game's data, as a value.

The rules model reads no file.  :class:`Catalog` holds the card table (code ->
:class:`~model.fightklub.cards.Card`) and the deck lists by name (their text and
where it came from); :mod:`analysis.fightklub.loading` builds
the one of the shipped files, and a user's own card or deck files make another.
The game (:class:`model.fightklub.engine.FightKlub`) takes one and hands it to
every function that looks a card or a deck up.

:meth:`Catalog.deck` is what the game needs of a deck it can play
(:class:`DeckInfo`), or an :class:`~model.core.errors.InputError` saying why it
cannot: an unknown name, a broken deck rule, a fact nobody knows (the card
texts of ONE are not public), a line the model does not carry out
(:mod:`model.fightklub.carried`).

>>> Catalog({}, decks={"mine": ("", "mine.txt")}).deck("yours")
Traceback (most recent call last):
    ...
model.core.errors.InputError: decks: no deck 'yours' shipped or listed in a card file; decks: mine
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping

from model.core.errors import InputError
from model.fightklub.cards import Card, is_known
from model.fightklub.carried import setup_abilities, setup_problem, turn_problem
from model.fightklub.decks import (
    CHARACTER, DRAW, FIGHT, UNIVERSAL_SECTION, check_deck, parse_deck,
)
from model.fightklub.energy import Pool, Token


@dataclass(frozen=True, slots=True)
class DeckInfo:
    """What the game needs of a playable deck: its cards by part, read once."""

    name: str
    character: Card
    drop: Card
    draw: tuple[str, ...]
    fight: tuple[str, ...]
    most_drawn: int
    """The most cards one setup action of this deck can draw (for the length bound)."""
    stacked: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The 38 cards that start in the stacks, ascending: what a player's zones hold
    together, wherever the cards have gone since (FK 4.1)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "stacked", tuple(sorted(self.draw + self.fight)))

    @property
    def hand_value(self) -> int:
        return self.character.parts.hand

    @property
    def first_setup_energy(self) -> Pool:
        return Pool.of(Token(t) for t in self.character.parts.first_setup_energy)

    @property
    def latent(self) -> Pool:
        return Pool.of(Token(t) for t in self.character.parts.latent_energy)

    @property
    def drop_latent(self) -> Pool:
        return Pool.of(Token(t) for t in self.drop.parts.latent_energy)

    def all_cards(self) -> Counter:
        """The deck's 40 cards by code (FK 2.1)."""
        return Counter((self.character.code, self.drop.code) + self.draw + self.fight)


def _unknown_facts(card: Card) -> list[str]:
    facts = []
    if not is_known(card.type):
        facts.append("type")
    # a cost is printed only on cards played from hand (FK 1.14)
    costed = card.may_be("condition", "effect", "gear", "instant")
    for name in ("affiliation", "cost", "abilities") if costed else ("affiliation", "abilities"):
        if not is_known(getattr(card, name)):
            facts.append(name)
    parts = card.parts
    if not is_known(parts):
        facts.append("printed values")
    elif dataclasses.is_dataclass(parts):
        facts += [f.name.replace("_", " ") for f in dataclasses.fields(parts)
                  if not is_known(getattr(parts, f.name))]
    return facts


@dataclass(frozen=True, eq=False)
class Catalog:
    """The card table and the deck lists a game is played with.

    ``cards`` maps a code to its card; ``decks`` maps a name to ``(text, where)``, the
    list's text and the place its messages name.  Compared
    by identity: one catalog is one game's data, and what it works out (the
    playable decks, the cards of each type) is kept with it.
    """

    cards: Mapping[str, Card]
    decks: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    _known: dict = field(default_factory=dict, init=False, repr=False)

    def card(self, code: str) -> Card:
        return self.cards[code]

    def name(self, code: str) -> str:
        """``Haymaker (S935)``: how a log line names a card (its code alone if unknown)."""
        card = self.cards.get(code)
        return f"{card.name} ({code})" if card else code

    def type_of(self, code: str) -> str:
        """The card's type, ``unknown`` for a code not in the table or of unknown type."""
        key = ("type", code)
        if key not in self._known:
            card = self.cards.get(code)
            self._known[key] = ("unknown" if card is None or not is_known(card.type)
                                else card.type)
        return self._known[key]

    def codes_of(self, types: tuple[str, ...]) -> frozenset[str]:
        """Every code in the table of one of ``types``."""
        key = ("codes", types)
        if key not in self._known:
            self._known[key] = frozenset(code for code in self.cards
                                         if self.type_of(code) in types)
        return self._known[key]

    def deck(self, name: str) -> DeckInfo:
        """The deck ``name`` as the game plays it, or an :class:`InputError` saying why
        it cannot be played (read once, then kept)."""
        key = ("deck", name)
        if key not in self._known:
            self._known[key] = self._playable(name)
        return self._known[key]

    def _playable(self, name: str) -> DeckInfo:
        found = self.decks.get(name) if isinstance(name, str) else None
        if found is None:
            raise InputError(f"no deck {name!r} shipped or listed in a card file; decks: "
                             f"{', '.join(sorted(self.decks))}", "decks")
        deck = parse_deck(*found)
        cards = self.cards
        missing = []
        # the character first: its life, hand and first setup energy are what a game
        # needs first
        leading = {line.code for line in deck.lines if line.section == CHARACTER}
        for code in sorted(deck.copies(), key=lambda code: (code not in leading, code)):
            card = cards.get(code)
            facts = _unknown_facts(card) if card is not None else ["everything"]
            if facts:
                missing.append(f"{card.label if card else code} ({', '.join(facts)})")
        if missing:
            shown = "; ".join(missing[:3])
            more = f"; and {len(missing) - 3} more cards" if len(missing) > 3 else ""
            raise InputError(f"deck {name!r} cannot be played: the card texts of ONE are "
                             f"not public, so these facts are unknown: {shown}{more}",
                             "decks")
        report = check_deck(deck, cards=cards)
        if report.violations:
            first = report.violations[0]
            raise InputError(f"deck {name!r} breaks the deck rules: {first.message} "
                             f"({', '.join(first.rules)})", "decks")
        by_section: dict[str, list[str]] = {CHARACTER: [], DRAW: [], FIGHT: [],
                                            UNIVERSAL_SECTION: []}
        for line in deck.lines:
            by_section[line.section].extend([line.code] * line.copies)
        character = cards[by_section[CHARACTER][0]]
        drop = cards[by_section[UNIVERSAL_SECTION][0]]
        most = 0
        for code in sorted(set(by_section[DRAW]) | {character.code}):
            card = cards[code]
            problem = setup_problem(card)
            if problem is not None:
                raise InputError(f"deck {name!r}: {problem}", "decks")
            for ability in setup_abilities(card):
                most = max(most, sum(step.param("count") for step in ability.steps
                                     if step.do == "draw"))
        for code in sorted(set(by_section[DRAW] + by_section[FIGHT] + [character.code])):
            problem = turn_problem(cards[code])
            if problem is not None:
                raise InputError(f"deck {name!r}: {problem}, which the turn model does not "
                                 "carry out", "decks")
        return DeckInfo(name, character, drop, tuple(sorted(by_section[DRAW])),
                        tuple(sorted(by_section[FIGHT])), most)
