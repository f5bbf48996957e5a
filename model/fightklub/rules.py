"""Fight Klub rulesets: the readings the rulebook leaves open.

Each field is one entry of the ambiguity register
(:mod:`model.fightklub.ambiguities`); the ``rulebook`` preset
(:data:`DEFAULT_RULES`) takes ringside's default readings, ``literal``
(:data:`LITERAL`) reads every open passage word for word.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rules:
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
    spot_cards_in_fights
        Cards lying in the fights count as on the table for a "spot <card
        type>" part: revealed fight cards, the effects and activated gear on
        the current fight, and scored fight cards, face up in the damage stacks
        (FK-A5).  Read the other way (the default), only the cards in play
        count: the characters, The Drop and the support areas.
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
    result_tab_needs_win
        A result tab acts only when its owner wins that skirmish (FK-F1).  Read
        the other way (the default), it acts whenever its skirmish resolves,
        whoever wins it.
    nullified_skirmish_voids_fight
        A fight with a nullified skirmish is a tie whatever the count of
        skirmishes won (FK-F2).  Read the other way (the default), a nullified
        skirmish is won by nobody and the fight still goes to whoever won more.
    loser_stakes_exhausted_on_any_loss
        The loser's raise-the-stakes cards are exhausted even when the winning
        card fails to score (FK-F3).  Read the other way (the default), they are
        exhausted only when the winner scores, and otherwise stay.
    unscored_winner_to_stakes
        A winning card that fails to score becomes a raise-the-stakes card
        (FK-F4).  Read the other way (the default), it is exhausted.
    clash_tie_to_text_owner
        Clash text comparing equal numbers gives the fight to the player whose
        text decided (FK-F5).  Read the other way (the default), it is a tie.
    unopposed_scores_stakes
        An unopposed fight card that scores also scores its owner's
        raise-the-stakes cards (FK-F6).  Read the other way (the default), only
        a card that won a fight takes them along.
    stakes_exhausted_first
        When a winning card scores, the loser's raise-the-stakes cards go under
        the loser's fight stack before the losing card, so they come back to be
        laid first (FK-F7).  Read the other way (the default), the losing card
        goes under first and they follow it (in card-number order either way).
    gear_in_clash_fights
        A gear may be activated as an enhance action in a fight resolved by clash
        text (FK-T2, the default: only effects are barred there).  Read the other
        way, gear is used like an effect and is barred too.
    evenup_discard_freely
        At the even-up a player may keep any hand of at most the hold value,
        discarding more than needed (FK-T3, the default).  Read the other way, a
        player discards exactly down to the hold value and no further.
    stalled_game_by_damage
        A game where neither player has a fight card left to lay ends with the
        player who dealt more damage as the winner (FK-T1).  Read the other way
        (the default), it ends with no winner.
    unopposed_enhance_step
        An unopposed fight card's fight has an enhance step like any other (FK-T5):
        each player, in the order the Drop holder sets, takes one enhance action
        before its result tabs act; only its owner has a fight card to lay an
        effect or a gear on, to change or to turn.  Read the other way (the
        default), it has none: its result tabs act as soon as it is picked.
    unopposed_tabs_ordered
        When two or more result tabs of an unopposed fight card would act, the player
        who orders the unopposed cards (the Drop holder, or their owner under FK-T6;
        with more than 2 players the card's owner) picks the order, one tab at a time,
        as the skirmishes of a paired fight are picked (FK-T7).  Read the other way (the
        default), they act as printed, left to right.
    effects_leave_before_score_step
        A fight is resolved, for its effects and activated gear, once its winner is
        known: the effects go to the discard stack and the gear back to the support area
        (or destroyed) as the score step begins (FK-T8).  Read the other way (the
        default), they stay on the fight card through the score step and leave just
        before the fight's cards are scored or exhausted.
    unopposed_owner_orders
        With 2 players the owner of the unopposed fight cards picks the order in
        which they are resolved (FK-T6).  Read the other way (the default), the
        Drop holder picks, as for every other fight.
    hidden_hand_choice_shown
        Gametext that has a player choose the cards an opponent discards ("the opponent
        discards 1, your choice") lets the chooser see that hand for the choice
        (FK-T4, the default).  Read the other way the chooser picks face down, so
        each card of the hand is as likely to go.
    unopposed_damages_a_target
        With more than 2 players an unopposed fight card scores its damage against
        an opponent its owner chooses (FK-M1, the default).  Read the other way it
        gives its result tabs and rewards and goes to the damage stack, but no
        character takes its damage: it has no opponent.
    drop_stays_without_winner
        With more than 2 players, a turn in which nobody won a fight leaves The Drop
        with its holder (FK-M2).  Read the other way (the default), it passes to the
        next player on the holder's left, as it changes hands every turn.
    challenger_runs_the_fight
        With more than 2 players the challenger also picks the skirmish order and
        whose clash text decides (FK-M3, the default), as they order the enhance and
        score actions.  Read the other way, the Drop holder keeps those choices.
    """

    # energy and costs
    spot_after_burning: bool = True
    one_token_per_spot: bool = False
    opponent_spots_drop: bool = False
    spot_cards_anywhere: bool = True
    spot_cards_in_fights: bool = False

    # decks and collections
    gold_icon_limit_per_card: bool = False
    decks_share_the_drop: bool = False
    copy_limits_by_name: bool = False

    # getting started and setup
    first_setup_energy_twice: bool = True
    pass_any_setup_action: bool = True

    # fights
    result_tab_needs_win: bool = False
    nullified_skirmish_voids_fight: bool = False
    loser_stakes_exhausted_on_any_loss: bool = False
    unscored_winner_to_stakes: bool = False
    clash_tie_to_text_owner: bool = False
    unopposed_scores_stakes: bool = False
    stakes_exhausted_first: bool = False

    # turn
    gear_in_clash_fights: bool = True
    evenup_discard_freely: bool = True
    stalled_game_by_damage: bool = False
    hidden_hand_choice_shown: bool = True
    unopposed_enhance_step: bool = False
    unopposed_owner_orders: bool = False
    unopposed_tabs_ordered: bool = False
    effects_leave_before_score_step: bool = False

    # multiplayer
    unopposed_damages_a_target: bool = True
    drop_stays_without_winner: bool = False
    challenger_runs_the_fight: bool = True


DEFAULT_RULES = Rules()
LITERAL = Rules(one_token_per_spot=True, spot_cards_in_fights=True)

PRESETS: dict[str, Rules] = {"rulebook": DEFAULT_RULES, "literal": LITERAL}
"""The named rulesets, the default first."""
