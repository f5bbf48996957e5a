"""Fight Klub rulesets: the readings the rulebook leaves open.

Each field is one entry of the ambiguity register (energy entries in
``model.fightklub.energy_rules``, deck and collection entries in
``model.fightklub.rulebook``); the ``rulebook`` preset takes ringside's
default readings, ``literal`` reads every open passage word for word.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FKRules:
    """How to read the points the rulebook leaves open.

    spot_after_burning
        A cost's spot parts look at the energy pool as it is after that cost's
        burns: a token burned for the cost cannot also be spotted for it
        (FK-A1).  Read the other way, "burn first" only orders the steps and
        the spot parts look at the pool as it was before the cost was paid.
    one_token_per_spot
        Each spot-energy part of one cost needs a token of its own: two
        "spot G" parts need two green tokens in sight (FK-A2).  Read the other
        way (the default), spotting only needs the colour to be in sight, so
        one green token satisfies any number of "spot G" parts of a cost.
        Card-type parts are not affected: a card in sight meets every part
        naming its type (the rulebook counts tokens once, not cards).
    opponent_spots_drop
        The player who does not control The Drop may also spot the latent
        energy printed on it (FK-A3).  Read the other way (the default), only
        the controller, whose copy lies face up, may spot it.
    spot_cards_anywhere
        A "spot <card type>" part is satisfied by a card of that type anywhere
        on the table, the opponent's cards included (FK-A4).  Read the other
        way, only the paying player's own cards count.
    gold_icon_limit_per_card
        The gold-icon limit allows 3 copies of each gold-icon fight card
        (FK-D1).  Read the other way (the default), at most 3 gold-icon fight
        cards in all.
    decks_share_the_drop
        Decks built at the same time from one collection share its copy of The
        Drop (FK-D2).  Read the other way (the default), each deck needs its own.
    copy_limits_by_name
        The 1-3-3 rule counts cards sharing a name together, whatever their
        numbers (FK-D3).  Read the other way (the default), copies are counted
        per card number.
    first_setup_energy_twice
        On the first turn the setup phase's first setup action adds the first
        setup energy again, on top of the starting energy of getting started
        (FK-S1, the default).  Read the other way, the starting energy is that
        action, given once.
    pass_any_setup_action
        A setup action may be passed at will (FK-S2, the default).  Read the
        other way, only by a player who can play no card and use no setup line.
    """

    # energy and costs
    spot_after_burning: bool = True
    one_token_per_spot: bool = False
    opponent_spots_drop: bool = False
    spot_cards_anywhere: bool = True

    # decks and collections
    gold_icon_limit_per_card: bool = False
    decks_share_the_drop: bool = False
    copy_limits_by_name: bool = False

    # getting started and setup
    first_setup_energy_twice: bool = True
    pass_any_setup_action: bool = True


RULEBOOK = FKRules()
LITERAL = FKRules(one_token_per_spot=True)

PRESETS = {"rulebook": RULEBOOK, "literal": LITERAL}
