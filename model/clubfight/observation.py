"""What a Club Fight player sees: everything but the orders of the two decks.

This is the game's observation (:meth:`model.clubfight.engine.ClubFight.observation`)
and what the realistic policies of :mod:`analysis.clubfight.policies` play from.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from model.clubfight.cards import Card
from model.clubfight.moves import Grid, Move
from model.clubfight.rules import Rules
from model.clubfight.state import State


@dataclass(frozen=True, slots=True)
class Observation:
    """What a player sees between turns: everything but the orders of the decks.

    ``unseen_cards`` (the grid deck as a sorted set) and ``unseen_clubs`` (the
    club deck as a sorted set) are what a player can work out by counting.
    """

    grid: Grid
    hand: tuple[int, ...]
    discard: tuple[int, ...]
    cleared: tuple[Card, ...]
    jokers: int
    unseen_cards: tuple[Card, ...]
    unseen_clubs: tuple[int, ...]

    @property
    def turn(self) -> int:
        return len(self.discard)

    @property
    def deck_size(self) -> int:
        return len(self.unseen_cards)

    @property
    def cards_left(self) -> int:
        return sum(card is not None for card in self.grid) + len(self.unseen_cards)

    def legal_moves(self, rules: Rules) -> tuple[Move, ...]:
        """Every legal move (the same as the rules model's for the state observed).

        >>> from model.clubfight.engine import GAME
        >>> state = State.parse("3D -- -- -- 6H -- -- -- JK | hand 7")
        >>> observe(state).legal_moves(GAME.default_rules) == GAME.legal_actions(
        ...     state, GAME.default_rules)
        True
        """
        from model.clubfight.engine import GAME

        return GAME.legal_actions(self._shown_state(), rules)

    def _shown_state(self) -> State:
        """A state with the decks in sorted order: enough for moves, which see
        only the grid and the hand."""
        return State(grid=self.grid, deck=self.unseen_cards, hand=self.hand,
                     clubs=self.unseen_clubs, discard=self.discard, cleared=self.cleared,
                     jokers=self.jokers)

    def sample(self, rng: random.Random) -> State:
        """One state consistent with this observation: the unseen cards and clubs
        in a random order (uniform over the orders).

        >>> seen = observe(State.parse("7H QS 3D JK 2D 2S AH 9D KS | deck 8H 5D"
        ...                            " | hand A 5 9 K | clubs Q 2 3"))
        >>> state = seen.sample(random.Random(1))
        >>> sorted(state.deck) == list(seen.unseen_cards), observe(state) == seen
        (True, True)
        """
        deck = list(self.unseen_cards)
        clubs = list(self.unseen_clubs)
        rng.shuffle(deck)
        rng.shuffle(clubs)
        return State(grid=self.grid, deck=tuple(deck), hand=self.hand, clubs=tuple(clubs),
                     discard=self.discard, cleared=self.cleared, jokers=self.jokers)


def observe(state: State) -> Observation:
    """What a player sees of ``state`` (the decks' orders are dropped).

    >>> state = State.parse("7H QS 3D JK 2D 2S AH 9D KS | deck 8H 5D | hand A 5 9 K"
    ...                     " | clubs Q 2 3")
    >>> seen = observe(state)
    >>> seen.unseen_cards, seen.unseen_clubs
    ((Card.parse('5D'), Card.parse('8H')), (2, 3, 12))
    >>> seen.turn, seen.deck_size, seen.cards_left, seen.hand
    (6, 2, 11, (1, 5, 9, 13))
    >>> observe(State.parse("7H QS 3D JK 2D 2S AH 9D KS | deck 5D 8H | hand A 5 9 K"
    ...                     " | clubs 3 2 Q")) == seen
    True
    """
    return Observation(grid=state.grid, hand=state.hand, discard=state.discard,
                       cleared=state.cleared, jokers=state.jokers,
                       unseen_cards=tuple(sorted(state.deck)),
                       unseen_clubs=tuple(sorted(state.clubs)))
