"""Power Source duel rulesets: the readings the rulebook leaves open.

Each field is one entry of the ambiguity register (``model.duel.ambiguities``);
``rulebook`` takes ringside's default readings, ``alternative`` the other
reading of every entry.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rules:
    """How to read the points the duel rules leave open.

    tie_rerolls_base
        Tied Strike Scores at Generate Base: both Bases are generated again
        until the scores differ (DU-A1).  Read the other way, nobody is
        Aggressor or Defender that round.
    roles_follow_score
        AGGRESSOR / DEFENDER and the order of Resolution follow the current
        Strike Scores whenever they are checked (DU-A2).  Read the other way,
        the roles are fixed as the players enter After Rolls.
    bonuses_stack
        The minimum-Base bonus and the stalemate bonus both apply in the same
        round (DU-A3).  Read the other way, together they give +1.
    defeat_checked_at_end
        A Defender at exactly 0 HP after the clash still deals their true
        damage and may be saved by a Resolution step E heal; defeat is decided
        at the end of Resolution (DU-A4).  Read the other way, 0 HP is
        defeat at once.
    blocked_counts_for_adrenaline
        Damage a Shield blocked counts toward the Adrenaline gain (DU-A5).
        Read the other way, only damage that reached HP counts.
    reshuffle_discards
        An empty Action Deck is refilled by shuffling the discard pile
        (DU-A6).  Read the other way, no more cards are drawn.
    adrenaline_after_resolution
        The Adrenaline window stays open after Resolution, to the next round's
        Draw (DU-A8): once Cleanup's gains are in, a player who has not used
        this round's Adrenaline Action may take one; its Strike Score changes
        count in the next round and its other effects wait for the next
        Resolution (a REGEN has no Base to re-roll then).  Read the other way
        (the default), the window closes as Resolution begins.
    rush_is_the_action
        Paying a card's Adrenaline Rush is the round's one Adrenaline Action
        (DU-A9): a player who paid a Rush takes no Adrenaline Action that round,
        and one who took an action pays no Rush.  Read the other way (the
        default), the limit is on the sheet's Adrenaline Actions only.
    stalemate_at_generate
        The stalemate bonus goes to a round whose Strike Scores tied at Generate
        Base, so that nobody took a role (DU-A7).  Read the other way, a round
        whose Strike Scores tie at the clash is the stalemate.
    """

    tie_rerolls_base: bool = False
    roles_follow_score: bool = False
    bonuses_stack: bool = True
    defeat_checked_at_end: bool = False
    blocked_counts_for_adrenaline: bool = False
    reshuffle_discards: bool = True
    stalemate_at_generate: bool = False
    adrenaline_after_resolution: bool = False
    rush_is_the_action: bool = False


DEFAULT_RULES = Rules()
"""ringside's default reading of every entry: the ``rulebook`` preset."""
ALTERNATIVE = Rules(tie_rerolls_base=True, roles_follow_score=True, bonuses_stack=False,
                    defeat_checked_at_end=True, blocked_counts_for_adrenaline=True,
                    reshuffle_discards=False, stalemate_at_generate=True,
                    adrenaline_after_resolution=True, rush_is_the_action=True)
"""The other reading of every entry: the ``alternative`` preset."""

PRESETS: dict[str, Rules] = {"rulebook": DEFAULT_RULES, "alternative": ALTERNATIVE}
"""The named rulesets, the default first."""
