"""How the rules reference draws Fight Klub: each player's table as a row of cards.

A row holds the character, the player's copy of The Drop, the support area
and the fight cards laid (the current fight's card marked, with the effects
and gear lying on it); beside the board, the hands, the stacks' sizes, the
discard stacks, the pools, the burned tokens, the damage stacks and the step.
"""

from __future__ import annotations

from typing import Any

from model.core.errors import InputError
from model.core.game import CHANCE, TERMINAL
from model.fightklub.state import PLAYERS, TURN_STEPS, State
from harness.drawing import CardNote, Drawing, Layout
# a card drawn on a page of the rules reference (the energy model has a Token of its own)
from harness.drawing import Token as Drawn


class TableDrawing(Drawing):
    """Fight Klub's positions as the players' tables (see the module docstring)."""

    def layout(self, position: str) -> Layout | None:
        """Each player's table as a row (the character, their copy of The Drop, the
        support area, the fight cards laid), and beside it the hands, the stacks' sizes,
        the discard stacks, the pools and the burned tokens."""
        try:
            state = State.parse(position, self.game.catalog.deck)
        except InputError:
            return None

        def token(code: str, face_down: bool = False) -> Drawn:
            card = self.game.catalog.cards.get(code)
            words = f"{card.name} ({card.type})" if card else code
            return Drawn(code, words + (", face down" if face_down else ""))

        rows = []
        hidden = state.step not in TURN_STEPS
        fight = state.fight
        if fight is None:
            current: dict[int, int] = {}
        elif fight.pairing:
            current = dict(fight.pairing)
        else:
            current = {seat: fight.place for seat in range(state.players)}
        for player in range(state.players):
            deck = self.game.catalog.deck(state.decks[player])
            side = state.side(player)
            drop = Drawn(deck.drop.code, "The Drop, face up (control)" if state.drop == player
                         else "The Drop, face down")
            laid = []
            for place, code in enumerate(side.laid):
                cell = token(code, hidden)
                if current.get(player) == place:
                    # the current fight's card, with the effects and gear lying on it
                    cell = (Drawn(code, cell.words + ", the current fight", mark="current"),
                            *(token(c) for c in side.table))
                laid.append(cell)
            rows.append([token(deck.character.code), drop]
                        + [token(code) for code in side.support] + laid)
        width = max(len(row) for row in rows)
        board = tuple(tuple(row + [""] * (width - len(row))) for row in rows)
        parts: list[tuple[str, Any]] = []
        for player in range(state.players):
            side = state.side(player)
            parts += [(f"player {player}'s hand", tuple(token(c) for c in side.hand) or "-"),
                      (f"player {player}'s stacks", f"draw {len(side.draw)}, fight "
                                                    f"{len(side.fight)} (face down)"
                       + (f", {len(side.under)} exhausted under it" if side.under else "")),
                      (f"player {player}'s discard", tuple(token(c) for c in side.discard)
                       or "-"),
                      (f"player {player}'s energy", f"pool {side.pool}, burned {side.burned}")]
            if side.damage:
                parts.append((f"player {player}'s damage stack",
                               tuple(Drawn(entry, f"{self.game.catalog.name(code)}"
                                           + (", rotated: double damage" if doubled else "")
                                           + ("" if state.players == PLAYERS else
                                              f", scored against player {victim}"
                                              if victim is not None else
                                              ", scored against nobody"))
                                     for entry, (code, doubled, victim) in zip(
                                         side.damage, side.scored_against()))))
            if side.stakes:
                parts.append((f"player {player}'s raise the stakes",
                              tuple(token(c) for c in side.stakes)))
        actor = self.game.current_player(state)
        who = ("chance" if actor == CHANCE else "nobody: the game is over" if actor == TERMINAL
               else f"player {actor}" + (" (the Drop holder)" if actor == state.drop else ""))
        what = state.step if not state.queue else (
            f"{state.step}, then {' '.join(str(t) for t in state.queue)}")
        parts.append(("step", f"{what}: turn {state.round}, {who} to act"))
        if state.fight is not None:
            parts.append(("current fight", str(state.fight)))
        legend = (("current", "the current fight's card"),) if current else ()
        return Layout(board, tuple(parts), legend=legend)

    def card_note(self, code: str) -> CardNote | None:
        """A card of the game's catalog: its name, type, cost and what it prints."""
        from harness.games.fightklub.docs import _what_it_does

        card = self.game.catalog.cards.get(code)
        if card is None:
            return None
        cost = f", cost {card.cost}" if card.cost not in (None, "") else ""
        return CardNote(code, card.name, f"{card.type}{cost}; {_what_it_does(card)}")
