"""How the rules reference draws Fantasy Fight Club: the two warbands in their rows.

Side B's back and front rows are drawn above side A's front and back rows,
each warrior a token with its hits (the killed ones marked); beside the
board, the turn, the step, the attacks to come and the pairings to fight.
"""

from __future__ import annotations

from model.core.errors import InputError
from model.fantasy.state import Attack, Fighter, who_text
from harness.drawing import CardNote, Drawing, Layout, Token


def _attack_words(attack: Attack) -> str:
    """An attack waiting, for people: ``A0 ranged, next the hit roll, at B1``."""
    kind = {"ranged": "ranged", "stab": "back-stab", "melee": "hand to hand",
            "spell": "bolt"}[attack.kind]
    target = "" if attack.target < 0 else f", at {who_text(1 - attack.side, attack.target)}"
    return (f"{who_text(attack.side, attack.index)} {kind}, next the "
            f"{attack.stage.replace('_', ' ')}{target}")


class BattleDrawing(Drawing):
    """Fantasy Fight Club's positions as the battle's four rows (see the module docstring)."""

    def layout(self, position: str) -> Layout | None:
        """The table as four rows, side B's back and front rows above side A's front and
        back rows, each warrior a token (killed ones marked); the turn, the step and the
        attacks to come beside it."""
        try:
            state = self.game.parse_state(position)
        except InputError:
            return None

        def token(side: int, index: int, fighter: Fighter) -> Token:
            use = ", ".join(a.code + (" (to throw)" if a.use == "^" else "")
                            for a in fighter.arms if a.use) or "no weapon in use"
            words = (f"{who_text(side, index)} {fighter.card}, {fighter.hits} hits, {use}"
                     + (f", {', '.join(fighter.gear)}" if fighter.gear else "")
                     + (f", spells {', '.join(fighter.spells)}" if fighter.spells else "")
                     + (f" ({fighter.readied} readied)" if fighter.readied else ""))
            # Short enough for a card-sized cell; the words give the rest.
            return Token(f"{fighter.card[:3]}{fighter.hits}", words,
                         "red" if side else "black", "" if fighter.alive else "killed")

        rows = [[token(side, i, f) for i, f in enumerate(state.sides[side]) if f.row == row]
                for side, row in ((1, "B"), (1, "F"), (0, "F"), (0, "B"))]
        width = max(1, *(len(row) for row in rows))
        board = tuple(tuple(row + [""] * (width - len(row))) for row in rows)
        parts = (("turn", f"{state.turn}, step {state.step.replace('_', ' ')}"),
                 ("attacks to come", "; ".join(map(_attack_words, state.queue)) or "-"),
                 ("pairings to fight", " ".join(map(str, state.pairs)) or "-"))
        return Layout(board, parts, legend=(("killed", "killed: 0 hits or less"),))

    def card_note(self, code: str) -> CardNote | None:
        """A warrior, weapon, armor-deck or spell card of the tables, with its values."""
        tables = self.game.tables
        if code in tables.warriors:
            w = tables.warriors[code]
            return CardNote(code, w.name, f"warrior ({w.race}): damage {w.damage:+d}, speed "
                            f"{w.speed}, skill {w.skill}, dodge {w.dodge}, hits {w.hits}, "
                            f"spells {w.spells}")
        if code in tables.weapons:
            a = tables.weapons[code]
            reach = "-" if a.reach is None else a.reach
            shot = "-" if a.range is None else f"{a.range}{' thrown' if a.thrown else ''}"
            return CardNote(code, a.name, f"weapon: damage {a.damage:+d}, range {shot}, "
                            f"speed {a.speed}, reach {reach}, parry {a.parry}"
                            + (", two-handed" if a.two_handed else ""))
        if code in tables.equipment:
            e = tables.equipment[code]
            block = f", blocks on {e.block[0]}-{e.block[1]}" if e.block else ""
            bonus = f", {e.bonus:+d}" if e.bonus else ""
            return CardNote(code, e.name, f"armor deck, {e.kind}{bonus}{block}")
        if code in tables.spells:
            spell = tables.spells[code]
            return CardNote(code, spell.name, f"spell: {spell.text}")
        return None
