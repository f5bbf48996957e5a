"""What one player sees of a state: the observation, with every hidden part by its size alone."""

from __future__ import annotations

from dataclasses import dataclass


# a card drawn on a page of the rules reference (the energy model has a Token of its own)
from model.fightklub.state import (
    TURN_STEPS, State, cards_text,
)


# -- what a player sees ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class View:
    """What one player sees: their own hand, and the table with every hidden part (the
    stacks, the other hand, fight cards still face down) given by its size alone."""

    player: int
    hand: tuple[str, ...]
    public: str
    shown: tuple[str, ...] = ()
    """An opponent's hand shown to the player while they choose its discard (FK-T4)."""

    def __str__(self) -> str:
        shown = f"; shown {cards_text(self.shown)}" if self.shown else ""
        return f"player {self.player} holds {cards_text(self.hand)}{shown}; {self.public}"


def shown_hand_owner(state: State, player: int) -> int | None:
    """Whose hand ``player`` is shown now: the discarding player's, while ``player``
    chooses their discard (the default reading of FK-T4), or None."""
    if not state.queue:
        return None
    task = state.queue[0]
    if (task.kind == "discard" and not task.blind and task.chooser == player
            and task.player != player):
        return task.player
    return None


def public_view(state: State) -> str:
    parts = []
    for player in range(state.players):
        side = state.side(player)
        laid = (cards_text(side.laid) if state.step in TURN_STEPS
                else f"{len(side.laid)} face down")
        # exhausted cards, cards on the fight, damage and raise-the-stakes stacks were all
        # seen face up by both players
        parts.append(f"p{player} draw {len(side.draw)} hand {len(side.hand)} support "
                     f"{cards_text(side.support)} discard {cards_text(side.discard)} fight "
                     f"{len(side.fight)} laid {laid} under {cards_text(side.under)} table "
                     f"{cards_text(side.table)} damage {cards_text(side.damage)} stakes "
                     f"{cards_text(side.stakes)} pool {side.pool} burned {side.burned}")
    head = str(state).split(" | p0 ")[0]
    return head + " | " + " | ".join(parts)
