"""How the rules reference draws Monsters Masters & Mobsters: the Battlefield.

Each entry on the Battlefield is drawn with what is attached to it; beside
the board, the hands, the Library's size, the Discard pile, Exile and the
step.
"""

from __future__ import annotations

from model.core.errors import InputError
from model.monmamo.state import State
from harness.drawing import CardNote, Drawing, Layout, Token


class BattlefieldDrawing(Drawing):
    """Monsters Masters & Mobsters' positions as the Battlefield (see the module docstring)."""

    def layout(self, position: str) -> Layout | None:
        """The Battlefield as one row per player (each entry with what is attached to
        it), the hands, the Library's size, the Discard pile and Exile beside it."""
        try:
            state = State.parse(position)
        except InputError:
            return None

        def token(number: str, attached: tuple[str, ...] = ()) -> Token:
            card = self.game.cards.get(number)
            words = f"{card.name} ({card.type})" if card else number
            if attached:
                words += " with " + ", ".join(
                    self.game.cards[n].name if n in self.game.cards else n for n in attached)
            return Token("+".join((number,) + attached), words)

        rows = [[token(e.card, e.attached) for e in state.battlefield if e.owner == seat]
                for seat in range(state.players)]
        width = max(1, *(len(row) for row in rows))
        board = tuple(tuple(row + [""] * (width - len(row))) for row in rows)
        parts = tuple((f"player {seat}'s hand", tuple(token(n) for n in hand) or "-")
                      for seat, hand in enumerate(state.hands))
        parts += (("Library", f"{len(state.library)} cards face down"),
                  ("Discard pile", tuple(token(n) for n in state.discard) or "-"),
                  ("Exile", tuple(token(n) for n in state.exile) or "-"),
                  ("step", f"{state.step}, player {state.turn}"))
        return Layout(board, parts)

    def card_note(self, code: str) -> CardNote | None:
        """A card of the set: its name, type, a Monster's properties and its text."""
        card = self.game.cards.get(code)
        if card is None:
            return None
        stats = card.monster
        values = card.type
        if stats is not None:
            values += (f", HP {stats.hp}, level {stats.level}, size {stats.size}, speed "
                       f"{stats.speed}")
        return CardNote(code, card.name, f"{values}; {card.text}" if card.text else values)
