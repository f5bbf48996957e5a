"""How the rules reference draws the dice duel: the two characters' Bases, the rest beside.

The board holds each character's Base (its dice or cards), one row each;
beside it each character's HP, Shield, Adrenaline, Strike Score and role, the
hands, the played cards, the piles and the step.
"""

from __future__ import annotations

from typing import Sequence

from model.core.errors import InputError
from harness.drawing import CardNote, Drawing, Layout, Token


class CharactersDrawing(Drawing):
    """The dice duel's positions as the two characters' Bases (see the module docstring)."""

    def layout(self, position: str) -> Layout | None:
        """The two characters as a board, one row each of the Base's dice or cards; beside
        it each character's HP, Shield, Adrenaline, Base, Strike Score and role, the
        hands and the piles."""
        try:
            state = self.game.parse_state(position)
        except InputError:
            return None

        def card_tokens(seat: int, cards: Sequence[str]) -> tuple[Token, ...] | str:
            char = state.chars[seat]
            found = tuple(Token(c, f"{char.card(c).name}: {char.card(c).text}"
                                if char.card(c) else c) for c in cards)
            return found or "-"

        # The board holds what is short enough to draw as a card, each character's Base
        # (dice or cards); the rest is written out beside it.
        rows = []
        characters = []
        for seat, char in enumerate(state.chars):
            base = state.base[seat]
            if state.roles in ("0", "1"):
                who = "Aggressor" if int(state.roles) == seat else "Defender"
            else:
                who = "no role" if state.roles == "none" else ""
            rows.append(tuple(Token(str(v), f"player {seat}: a {v} of the Base")
                              for v in base or ()))
            characters.append((
                f"player {seat}", f"{char.name} ({char.power.words}): HP {state.hp[seat]} of "
                f"{char.hp}, Shield {state.shield[seat]}, Adrenaline "
                f"{state.adrenaline[seat]} of 5"
                + (f", Base {sum(base)}, Strike Score {state.strike(seat)}" if base else "")
                + (f", {who}" if who else "")))
        width = max(1, *(len(row) for row in rows))
        rows = [row + ("",) * (width - len(row)) for row in rows]
        parts = tuple(characters)
        parts += tuple((f"player {seat}'s hand", card_tokens(seat, state.hands[seat]))
                       for seat in (0, 1))
        parts += tuple((f"player {seat}'s played cards", card_tokens(seat, state.played[seat]))
                       for seat in (0, 1) if state.played[seat])
        parts += (("Action Decks", f"{len(state.decks[0])} and {len(state.decks[1])} cards "
                                   "face down"),
                  ("discard piles", f"{len(state.discards[0])} and {len(state.discards[1])} "
                                    "cards"),
                  ("waiting for Resolution", " ".join(map(str, state.pending)) or "-"),
                  ("step", f"round {state.round} of {state.rounds}, {state.step}"))
        return Layout(tuple(rows), parts)

    def card_note(self, code: str) -> CardNote | None:
        """An Action Deck card of a character of the table: its name, timing and text."""
        for character in self.game.characters.values():
            for card in character.cards:
                if card.id == code:
                    return CardNote(code, card.name, f"{character.name}'s card, "
                                                     f"{card.timing}: {card.text}")
        return None
