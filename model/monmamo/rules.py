"""Monsters Masters & Mobsters rulesets: the readings the setup rules leave open.

Each field is one entry of the ambiguity register (``model.monmamo.ambiguities``);
the ``rulebook`` preset takes ringside's default readings, ``literal`` reads
every open passage word for word.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rules:
    """How to read the points the setup rules leave open.

    monsters_enter_in_setup
        A setup turn may put a Monster card on the Battlefield, like a Master
        or a Place.  Read the other way, only the card types the list of plays
        names may be placed, and no Monster ever enters during setup.
    declaring_is_a_play
        Declaring setup complete is a turn's whole play, with no card played
        or discarded.  Read the other way, a player declares at the end of a
        turn in which they also played or discarded a card.
    tied_roll_rerolls
        Players tied for the highest starting roll roll again among
        themselves.  Read the other way, the tied player first in clockwise
        order from seat 0 starts.
    stuck_player_passes
        A player who holds no card (and so can neither play nor discard)
        passes the turn; setup stalls only when every player passes in a row.
        Read the other way, setup stalls at once.
    spent_cards_to_exile
        A played Draw or Vendor card goes to Exile.  Read the other way, it
        goes to the Discard pile.
    proficiency_on_any
        A Proficiency may be attached to any player's Master, Mobster or
        Bystander.  Read the other way, only to the player's own.
    bystander_joins_its_mobster
        A Bystander may be placed while the Mobster of its name is on the
        Battlefield, and both stay: the replacement rule speaks only of a
        Mobster entering.  Read the other way (the default), the two never
        stand side by side, so that placement is refused.
    empty_final_turn_skipped
        After setup is declared complete, a player who holds no card when their
        final turn comes skips it, and setup completes.  Read the other way,
        that player can neither play nor discard, as at any other turn
        (``stuck_player_passes`` decides what follows).
    teams_share_monsters
        When players play in teams, the format's Monsters are counted per
        team: each team has that many in all, whoever placed them.  Read the
        other way (the default), every player has that many of their own.
    mobster_replaces_own_only
        A Mobster entering sends only its own player's Bystanders of its name to
        the Discard pile; another player's stays.  Read the other way (the
        default), every Bystander of its name gives way, whoever placed it.
    """

    monsters_enter_in_setup: bool = True
    declaring_is_a_play: bool = False
    tied_roll_rerolls: bool = True
    stuck_player_passes: bool = False
    spent_cards_to_exile: bool = False
    proficiency_on_any: bool = False
    bystander_joins_its_mobster: bool = False
    empty_final_turn_skipped: bool = True
    teams_share_monsters: bool = False
    mobster_replaces_own_only: bool = False


DEFAULT_RULES = Rules()
"""ringside's default readings (the preset ``rulebook``)."""
LITERAL = Rules(monsters_enter_in_setup=False, declaring_is_a_play=True,
                tied_roll_rerolls=False, stuck_player_passes=True,
                spent_cards_to_exile=True, proficiency_on_any=True,
                bystander_joins_its_mobster=True, empty_final_turn_skipped=False,
                teams_share_monsters=True, mobster_replaces_own_only=True)
"""Every open passage read word for word (the preset ``literal``)."""

PRESETS: dict[str, Rules] = {"rulebook": DEFAULT_RULES, "literal": LITERAL}
"""The named rulesets, the default first."""
