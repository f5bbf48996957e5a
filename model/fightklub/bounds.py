"""How long a game of Fight Klub can still last: the bound every action lowers (``max_length``).

With 2 players a bound by the fight cards still to be scored (each settled fight
scores or sets aside cards for good); with more, where ties can go on for ever,
by the turns left before the model's limit (:data:`model.fightklub.state.MAX_ROUND`).
"""

from __future__ import annotations

import functools

from model.fightklub import seats
from model.fightklub.carried import phase_lines
from model.fightklub.catalog import Catalog
from model.fightklub.turn_moves import PHASE_OF_STEP
from model.fightklub.seats import in_game
from model.fightklub.state import (
    LAID, MAX_ROUND, PLAYERS, State,
)


# -- the length bound -------------------------------------------------------------------------------
def _task_count(steps) -> int:
    return sum(step.param("count") for step in steps if step.do in ("draw", "discard"))


@functools.lru_cache(maxsize=None)
def _allowances(catalog: Catalog, decks: tuple[str, str]) -> tuple[int, int, int, int, int, int]:
    """Per-game constants of the bound: an action with its tasks (E), one skirmish with
    its result tabs (SK1), a whole fight (PHI), the cooldown (COOL), the even-up
    (EVEN) and a whole turn (W)."""
    infos = [catalog.deck(name) for name in decks]
    most_tasks = most_tab = 0
    for info in infos:
        for code in set(info.draw + info.fight + (info.character.code,)):
            card = catalog.card(code)
            if card.surely("instant") and card.parts.phase in PHASE_OF_STEP:
                most_tasks = max(most_tasks, sum(_task_count(a.steps) for a in card.abilities))
            for phase in PHASE_OF_STEP:
                for line in phase_lines(card, phase):
                    most_tasks = max(most_tasks, _task_count(line.steps))
            if card.surely("fight"):
                for side in card.parts.sides:
                    for tab in side.tabs:
                        most_tab = max(most_tab, _task_count(tab.result))
    action = 1 + most_tasks
    skirmish_ = 1 + 2 * most_tab
    fight = 1 + (1 + 2 * action) + 3 * skirmish_ + (1 + 2 * action)
    cool = 1 + 2 * action
    even = 1 + sum(1 + info.hand_value for info in infos)
    setup = 1 + sum(2 * (1 + info.most_drawn) + LAID for info in infos)
    return action, skirmish_, fight, cool, even, setup + LAID * fight + cool + even


def _fight_potential(state: State) -> int:
    """A number no transition raises and every settled fight lowers: 26 for each fight
    card not yet scored, less one for each raise-the-stakes card (a win scores at least
    one card and frees at most 22 stakes; a tie sets two aside)."""
    scored = sum(len(state.side(seat).damage) for seat in range(PLAYERS))
    stakes = sum(len(state.side(seat).stakes) for seat in range(PLAYERS))
    total = sum(len(state.side(seat).fight_cards()) for seat in range(PLAYERS))
    return 26 * (total - scored) - stakes


def length_bound(catalog: Catalog, state: State, setup_left: int) -> int:
    """The game's ``max_length``: ``W * (F + Y) + r``, where ``W`` bounds one whole turn,
    ``F`` is :func:`_fight_potential`, ``Y`` is 1 once a fight of this turn is settled
    (each turn that ends has settled one, so ``F + Y`` falls when The Drop passes) and
    ``r`` bounds what is left of the current turn."""
    if state.step == "over":
        return 0
    action, skirmish_, fight, cool, even, whole = _allowances(catalog, state.decks)
    hand = [catalog.deck(name).hand_value for name in state.decks]
    queued = sum(task.count for task in state.queue)
    if state.step not in TURN_STEPS_AFTER_REVEAL:
        rest = setup_left + LAID * fight + cool + even
    elif state.step in ("cooldown", "evenup"):
        if state.step == "cooldown":
            rest = (cool if state.first is None else state.left * action) + even
        elif state.first is None:
            rest = even
        else:
            rest = {2: 2 + hand[0] + hand[1], 1: 1 + hand[state.turn], 0: 0}[state.left]
    else:
        places = max(len(state.side(seat).laid) for seat in range(PLAYERS))
        rest = cool + even
        if state.fight is None:
            rest += places * fight
        else:
            rest += (places - 1) * fight + _current_fight_left(state, action, skirmish_)
    return whole * (_fight_potential(state) + (1 if state.settled else 0)) + rest + queued


def _current_fight_left(state: State, action: int, skirmish_: int) -> int:
    """A bound on the actions left in the current fight, by its step."""
    after_enhance = 3 * skirmish_ + 1 + 2 * action
    if state.step == "enhance":
        return ((1 + 2 * action) if state.first is None
                else state.left * action) + after_enhance
    if state.step == "skirmish":
        return (3 - len(state.fight.skirmishes)) * skirmish_ + 1 + 2 * action
    if state.step == "clash":
        return 2 + 2 * action
    if state.step == "score":
        return (1 + 2 * action) if state.first is None else state.left * action
    return 0


TURN_STEPS_AFTER_REVEAL = ("fight", "enhance", "skirmish", "clash", "score", "cooldown",
                           "evenup")


def multiplayer_length_bound(catalog: Catalog, state: State, setup_left: int) -> int:
    """``max_length`` with more than 2 players: ``W * (MAX_ROUND - round) + r``.  No rule
    bounds such a game: a tie exhausts both cards, which come back from under the fight
    stacks (FK 5.17), so a game whose fights keep tying goes on for ever.  The model
    stops a game at the end of turn :data:`~model.fightklub.state.MAX_ROUND`
    (:func:`pass_the_drop`), so the turns left are bounded; ``W`` bounds a whole turn
    and ``r`` what is left of this one (each fight takes at least one of the laid cards
    of the players still in the game), so the bound falls with every action."""
    if state.step == "over":
        return 0
    action, skirmish_, fight, _, _, _ = _allowances(catalog, state.decks)
    infos = [catalog.deck(name) for name in state.decks]
    players = len(infos)
    cool = players * action
    even = sum(1 + info.hand_value for info in infos)
    setup = 1 + sum(2 * (1 + info.most_drawn) + LAID for info in infos)
    whole = setup + LAID * players * fight + cool + even
    queued = sum(task.count for task in state.queue)
    laid = sum(len(state.side(seat).laid) for seat in in_game(catalog, state))
    if state.step not in TURN_STEPS_AFTER_REVEAL:
        rest = setup_left + LAID * players * fight + cool + even
    elif state.step == "cooldown":
        rest = state.left * action + even
    elif state.step == "evenup":
        order = seats.clockwise(catalog, state, state.first)
        start = order.index(state.turn) if state.turn in order else len(order)
        rest = sum(1 + infos[seat].hand_value for seat in order[start:start + state.left])
    else:
        rest = cool + even
        if state.fight is None:
            rest += laid * fight
        else:
            rest += ((laid - len(state.fight.pairing)) * fight
                     + _current_fight_left(state, action, skirmish_))
    return whole * (MAX_ROUND - state.round) + rest + queued
