"""Which card lines and steps the model carries out, in the setup phase and in the turn.

The card schema can describe more than the game model plays.  A deck is
playable only when every line its cards offer does something the model
carries out (:mod:`model.fightklub.catalog` refuses the others): in the setup
phase :data:`SETUP_CARRIED_OUT` (FK 4.13), in the enhance, score and cooldown
steps and on result tabs :data:`CARRIED_OUT` (FK 6.6, FK 5.6).  A card that
does anything else is refused with the reason, never half played.
"""

from __future__ import annotations

from model.fightklub.cards import Card, is_known

SETUP_CARRIED_OUT = ("add_energy", "draw", "return_to_hand")
"""The ability steps the setup model carries out (FK 4.13)."""

CARRIED_OUT = {
    "enhance": frozenset({"modify_tab", "nullify_skirmish", "rotate", "draw", "add_energy",
                          "discard"}),
    "score": frozenset({"double_damage", "deny_score", "draw", "add_energy", "discard"}),
    "cooldown": frozenset({"draw", "add_energy", "discard"}),
    "result": frozenset({"modify_tab", "nullify_skirmish", "draw", "add_energy", "discard"}),
}
"""The gametext steps the turn model carries out in each phase, and for result tabs;
a deck with any other is refused (:func:`turn_problem`)."""
EXTRA_COSTS = frozenset({"discard"})


def setup_lines(card: Card) -> tuple:
    """The abilities of a card in play that a setup action may use (FK 4.12): its lines
    opening with the setup phase word.  An instant's lines are played with it instead."""
    if card.surely("instant") or not is_known(card.abilities):
        return ()
    return tuple(a for a in card.abilities if a.phase == "setup")


def phase_lines(card: Card, phase: str) -> tuple:
    """The lines of a card in play that an action of ``phase`` may use (enhance, score,
    cooldown: FK 6.4, FK 6.9, FK 6.13)."""
    if card.surely("instant") or not isinstance(card.abilities, tuple):
        return ()
    return tuple(a for a in card.abilities if a.phase == phase)


def setup_abilities(card: Card) -> tuple:
    """The lines a card carries out in the setup phase: a setup instant's, or the
    setup lines of a card in play (FK 4.11, FK 4.12)."""
    if card.surely("instant") and card.parts.phase == "setup":
        return tuple(card.abilities)
    return setup_lines(card)


def setup_problem(card: Card) -> str | None:
    """Why the setup model cannot carry out ``card``'s setup lines, or None: a step it
    does not carry out, two returns to hand in one line, or a step acting on an
    opponent (whose draw or support area the setup model does not change; with more
    than 2 players its player would also pick which opponent, FK 7.9)."""
    for ability in setup_abilities(card):
        for step in ability.steps:
            if step.do not in SETUP_CARRIED_OUT:
                return (f"{card.label} does {step.do!r} in setup, which the setup model "
                        "does not carry out yet (it carries out "
                        f"{', '.join(SETUP_CARRIED_OUT)})")
            if dict(step.params).get("who", "you") != "you":
                return (f"{card.label} has a setup step acting on an opponent "
                        f"({step.do!r}), which the setup model does not carry out yet "
                        "(FK 4.13, FK 7.9)")
        if sum(1 for step in ability.steps if step.do == "return_to_hand") > 1:
            return (f"{card.label} returns cards to hand twice in one line, which the setup "
                    "model does not carry out")
    return None


def turn_problem(card: Card) -> str | None:
    """Why the turn model cannot play ``card`` (a step it does not carry out), or None."""
    lines = []
    if card.surely("instant") and card.parts.phase in CARRIED_OUT:
        lines = [(card.parts.phase, a) for a in card.abilities]
    elif isinstance(card.abilities, tuple):
        lines = [(a.phase, a) for a in card.abilities if a.phase in CARRIED_OUT]
    for phase, ability in lines:
        for step in ability.steps:
            if step.do not in CARRIED_OUT[phase]:
                return f"{card.label} does {step.do!r} in the {phase} phase"
        for step in ability.extra_costs:
            if step.do not in EXTRA_COSTS:
                return f"{card.label} asks {step.do!r} as a cost"
    parts = card.parts
    if card.surely("fight"):
        for side in parts.sides:
            for tab in side.tabs:
                for step in tab.result:
                    if step.do not in CARRIED_OUT["result"]:
                        return f"{card.label} has a result tab doing {step.do!r}"
    return None


def hidden_choice(step) -> bool:
    """Whether a step has its player pick cards from the opponent's hidden hand ("the
    opponent discards 1, your choice"): FK-T4 says how."""
    params = dict(step.params)
    return (step.do == "discard" and params.get("who") == "opponent"
            and params.get("chooser") == "you")
