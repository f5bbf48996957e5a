"""The rest of Fight Klub's turn after the reveal, as transitions of the game model (FK 6).

The fight phase: the Drop holder picks the current fight among the unresolved
pairings, unopposed cards first (FK 6.1, FK 6.2); a paired fight has an enhance
step (each player one enhance action, in the order the holder decides: FK 6.3
to FK 6.6), a fight step (the holder picks each skirmish, or whose clash text
decides: FK 6.7) and a score step (FK 6.9); then the fight's cards are settled
(FK 6.10) and the game may end at once on damage (FK 6.12).  The cooldown phase
(FK 6.13), the even-up (FK 6.14) and the passing of The Drop (FK 6.15) close the
turn, and the next turn begins with its setup phase.

The arithmetic of each fight (totals, skirmish winners, result tabs acting on
the fight, tie shapes, where the cards go) is :mod:`model.fightklub.fights`'s:
this module decides when it runs and carries out on the state what it hands
back (draws, discards, energy).  Draws and discards wait in the state's queue
(:class:`~model.fightklub.state.Task`) and are carried out one card at a time
before play goes on (FK 6.8): draws are chance events, discards a player's
choice.

After every action :func:`advance` carries the game through what happens by
itself (a fight step with nothing to choose, a settlement, the end of a step)
up to the next decision, chance event or the end of the game.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from model.core.game import Step, Transition
from model.fightklub import fights, seats
from model.fightklub.carried import hidden_choice, phase_lines
from model.fightklub.catalog import Catalog
from model.fightklub.current_fight import (
    decider, fight_cards, fight_picker, fight_place, fight_seats, fight_slot,
    fight_step_decider, fighter, holding_fight_cards, measures, mode, next_chooser,
    open_places, opponent, other_fighter, picker_words, power_fight, tab_picker, title,
)
from model.fightklub.turn_moves import PHASE_OF_STEP, STEP_RULE, clash_fight
from model.fightklub.energy import Cost, Pool, Token
from model.fightklub.setup_phase import ability_cost, begin_setup, pay_cost, take_card
from model.fightklub.rules import Rules
from model.fightklub.seats import damage_taken, in_game, is_multiplayer
from model.fightklub.state import (
    LAID, MAX_ROUND, PLAYERS, SKIRMISH_WORDS, FightState, Move, State, Task, cards_text,
    make_damage_entry,
)


# -- transitions ------------------------------------------------------------------------------------
def begin_fight_phase(catalog: Catalog, state: State, steps: list[Step],
                      rules: Rules) -> Transition[State]:
    """After the reveal (FK 4.16): the fight phase, or the end of a game where nobody has a
    fight card left to lay (FK 6.16, FK-T1)."""
    state = dataclasses.replace(state, step="fight", first=None, turn=state.drop, left=0)
    if not holding_fight_cards(catalog, state):
        return _stall(catalog, state, steps, rules)
    if is_multiplayer(state):
        state = dataclasses.replace(state, turn=next_chooser(catalog, state, state.drop))
    else:
        state = dataclasses.replace(state, turn=fight_picker(state, rules))
    return advance(catalog, state, steps, rules)


def _stall(catalog: Catalog, state: State, steps: list[Step], rules: Rules) -> Transition[State]:
    live = in_game(catalog, state)
    taken = {seat: damage_taken(catalog, state, seat) for seat in live}
    held = "; ".join(f"player {seat} raise the stakes {cards_text(state.side(seat).stakes)}"
                     for seat in live)
    nobody = ("neither player has" if not is_multiplayer(state)
              else "no player still in the game has")
    winner = outcome_winner(catalog, dataclasses.replace(state, step="over"), rules)
    if winner is not None:
        against = ", ".join(str(taken[seat]) for seat in live if seat != winner)
        text = (f"{nobody} a fight card left to lay ({held}): the game ends, and "
                f"player {winner}, who took the least damage ({taken[winner]} against "
                f"{against}), wins (FK-T1)")
    else:
        text = (f"{nobody} a fight card left to lay ({held}): the game ends with "
                f"no winner, damage taken "
                f"{', '.join(f'player {s} {taken[s]}' for s in live)} (FK-T1)")
    steps.append(Step("stall", ("FK 6.16",), text))
    return Transition(dataclasses.replace(state, step="over", first=None, turn=state.drop,
                                          left=0), tuple(steps))


def outcome_winner(catalog: Catalog, state: State, rules: Rules) -> int | None:
    """Who won a finished game: the last character whose damage is below its life
    (FK 5.15, FK 7.2); a stalled game by FK-T1 (the one player who took the least
    damage)."""
    live = in_game(catalog, state)
    if len(live) == 1:
        return live[0]
    taken = {seat: damage_taken(catalog, state, seat) for seat in live}
    if rules.stalled_game_by_damage and live:
        least = min(taken.values())
        fewest = [seat for seat in live if taken[seat] == least]
        if len(fewest) == 1:
            return fewest[0]
    return None


def _actors(catalog: Catalog, state: State) -> tuple[int, ...]:
    """The players who act in this ordered step, in order, from the first: both players
    with 2; with more the players of the current fight in an enhance or score step
    (FK 7.5) and everyone still in the game, clockwise from the Drop holder, at the
    cooldown and the even-up (FK 7.3)."""
    if not is_multiplayer(state):
        return (state.first, opponent(state.first))
    if state.step in ("enhance", "score"):
        fighting = fight_seats(state)
        return (state.first,) + tuple(s for s in fighting if s != state.first)
    return seats.clockwise(catalog, state, state.first)


def _begin_ordered(catalog: Catalog, state: State, step: str) -> State:
    state = dataclasses.replace(state, step=step, first=None, left=0)
    if not is_multiplayer(state):
        return dataclasses.replace(state, turn=state.drop)
    if step in ("enhance", "score") and len(fight_seats(state)) > 1:
        return dataclasses.replace(state, turn=decider(state))
    first = fight_seats(state)[0] if step in ("enhance", "score") else seats.lead(catalog, state)
    state = dataclasses.replace(state, first=first, turn=first)
    return dataclasses.replace(state, left=len(_actors(catalog, state)))


def advance(catalog: Catalog, state: State, steps: list[Step], rules: Rules) -> Transition[State]:
    """Carry the game through what happens by itself, up to the next choice, chance
    event or the end: pending tasks that cannot act are dropped, finished steps lead to
    the next."""
    while True:
        if state.queue:
            task = state.queue[0]
            side = state.side(task.player)
            stuck = not side.draw if task.kind == "draw" else not side.hand
            if not stuck:
                return Transition(state, tuple(steps))
            what = ("draw stack and discard stack are empty" if task.kind == "draw"
                    else "hand is empty")
            steps.append(Step("task", ("FK 6.8", "FK 4.14") if task.kind == "draw"
                              else ("FK 6.8",),
                              f"player {task.player} would {task.kind} {task.count} more, "
                              f"but their {what}"))
            state = dataclasses.replace(state, queue=state.queue[1:])
            continue
        if state.step == "fight":
            if is_multiplayer(state):
                if holding_fight_cards(catalog, state):
                    return Transition(state, tuple(steps))
                state = _begin_ordered(catalog, state, "cooldown")
                steps.append(Step("end_fights", ("FK 6.1", "FK 6.13", "FK 7.3"),
                                  "every fight of the turn is resolved: the cooldown phase "
                                  f"begins, clockwise from player {state.first}"))
                continue
            places, unopposed = open_places(state)
            if places:
                return Transition(state, tuple(steps))
            steps.append(Step("end_fights", ("FK 6.1", "FK 6.13"),
                              "every fight of the turn is resolved: the cooldown phase "
                              f"begins; player {state.drop}, the Drop holder, decides who "
                              "takes the first cooldown action"))
            state = _begin_ordered(catalog, state, "cooldown")
            continue
        if state.step == "skirmish":
            if len(fight_seats(state)) == 1:
                # the next result tab of an unopposed card is a choice (FK-T7)
                return Transition(state, tuple(steps))
            fight = power_fight(catalog, state, rules)
            if fights.open_skirmishes(fight):
                return Transition(state, tuple(steps))
            result = fights.power_outcome(fight, rules)
            state = _fight_result(catalog, state, result, steps, rules)
            continue
        if state.step not in ("enhance", "score", "cooldown", "evenup"):
            return Transition(state, tuple(steps))
        if state.first is None or state.left:
            return Transition(state, tuple(steps))
        if state.step == "enhance":
            state = _fight_step(catalog, state, steps, rules)
            continue
        if state.step == "score":
            state = settle(catalog, state, steps, rules)
            if state.step == "over":
                return Transition(state, tuple(steps))
            continue
        if state.step == "cooldown":
            state = _begin_ordered(catalog, state, "evenup")
            how = (f"clockwise from player {state.first}" if is_multiplayer(state) else
                   f"player {state.drop}, the Drop holder, decides who evens up first")
            steps.append(Step("evenup_begins", ("FK 6.14", "FK 7.3") if is_multiplayer(state)
                              else ("FK 6.14",),
                              f"the cooldown actions are done: the even-up step begins; {how}"))
            continue
        if state.step == "evenup":
            return pass_the_drop(catalog, state, steps, rules)
        return Transition(state, tuple(steps))


def pass_the_drop(catalog: Catalog, state: State, steps: list[Step],
                  rules: Rules) -> Transition[State]:
    """The end of the turn: control of The Drop changes hands and the next turn's setup
    phase begins, with 2 players by the new holder choosing who sets up first
    (FK 6.15); with more The Drop goes to the last player who won a fight (FK 7.8, and
    FK-M2 when nobody did), who sets up first, the others following clockwise
    (FK 7.3)."""
    if not is_multiplayer(state):
        holder = opponent(state.drop)
        steps.append(Step("pass_drop", ("FK 6.15",),
                          f"turn {state.round} ends: player {state.drop} turns The Drop face "
                          f"down and player {holder} turns theirs face up; turn "
                          f"{state.round + 1} begins and player {holder} decides who sets up "
                          "first"))
        return Transition(dataclasses.replace(
            state, step="order", drop=holder, first=None, turn=holder, left=0, pending=0,
            round=state.round + 1, fight=None, settled=0), tuple(steps))
    live = in_game(catalog, state)
    if state.round >= MAX_ROUND:
        steps.append(Step("stopped", ("FK 7.10",),
                          f"turn {state.round} ends with {len(live)} players still standing: "
                          "the model stops the game here (no rule ends a multiplayer game "
                          "whose fights keep tying)"))
        return Transition(dataclasses.replace(state, step="over", first=None, left=0,
                                              fight=None), tuple(steps))
    if state.won is not None and state.won in live:
        holder, why, rule = state.won, f"player {state.won} won the last fight", "FK 7.8"
    elif rules.drop_stays_without_winner and state.drop in live:
        holder, why, rule = state.drop, "nobody won a fight this turn, so it stays", "FK-M2"
    else:
        holder = seats.left_of(catalog, state, state.drop)
        why, rule = ("nobody still in the game won a fight this turn, so it passes to the "
                     "left"), "FK-M2"
    steps.append(Step("pass_drop", ("FK 6.15", "FK 7.8"),
                      f"turn {state.round} ends: The Drop goes to player {holder} ({why}, "
                      f"{rule}); turn {state.round + 1} begins and player {holder} sets up "
                      "first, the others following clockwise"))
    state = dataclasses.replace(state, step="setup", drop=holder, first=holder, turn=holder,
                                left=0, pending=0, round=state.round + 1, fight=None,
                                settled=0, won=None)
    return begin_setup(catalog, state, holder, steps, rules)


def pick(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    """The Drop holder makes the fight in ``move.place`` the current one (FK 6.1); an
    unopposed card is resolved at once, its result tabs acting, and its score step
    follows (FK 6.2, FK 5.16)."""
    if is_multiplayer(state):
        return _pick_left_over(catalog, state, move, rules)
    places, unopposed = open_places(state)
    state = dataclasses.replace(state, fight=FightState(move.place))
    cards = fight_cards(state)
    shown = " against ".join(f"{catalog.name(code)} (player {seat})" for seat,
                             code in cards.items())
    steps: list[Step] = []
    if not unopposed:
        steps.append(Step("pick", ("FK 6.1",),
                          f"player {state.drop}, the Drop holder, makes the fight in place "
                          f"{move.place + 1} the current fight: {shown}; the enhance step "
                          f"begins and player {state.drop} decides who acts first"))
        return advance(catalog, _begin_ordered(catalog, state, "enhance"), steps, rules)
    # the picker, under FK-T6 the owner of the unopposed cards, was set on entering the step
    who = picker_words(state, state.turn)
    if rules.unopposed_enhance_step:
        steps.append(Step("pick", ("FK 6.2", "FK 5.16"),
                          f"{who} takes the unopposed card in "
                          f"place {move.place + 1} first: {shown}; read with an enhance step "
                          f"(FK-T5), it begins and player {state.drop} decides who acts "
                          "first"))
        return advance(catalog, _begin_ordered(catalog, state, "enhance"), steps, rules)
    steps.append(Step("pick", ("FK 6.2", "FK 5.16"),
                      f"{who} takes the unopposed card in place {move.place + 1} first: "
                      f"{shown}"))
    return advance(catalog, _unopposed_tabs(catalog, state, steps, rules), steps, rules)


def challenge(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    """With more than 2 players the challenger pairs one of their fight cards with
    another player's (FK 7.4); the enhance step begins, the challenger ordering it
    (FK 7.5)."""
    seat = state.turn
    fight = FightState(-1, (0, 0), ((0, 0, 0), (0, 0, 0)),
                       pairing=((seat, move.place), (move.player, move.their)))
    state = dataclasses.replace(state, fight=fight)
    mine, theirs = (state.side(seat).laid[move.place],
                    state.side(move.player).laid[move.their])
    steps = [Step("challenge", ("FK 7.4",),
                  f"player {seat} challenges player {move.player}: {catalog.name(mine)} (place "
                  f"{move.place + 1}) against {catalog.name(theirs)} (place {move.their + 1}); the "
                  f"enhance step begins and player {seat}, the challenger, decides who acts "
                  "first")]
    return advance(catalog, _begin_ordered(catalog, state, "enhance"), steps, rules)


def _pick_left_over(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    """With more than 2 players a fight card left over once no pairing can be made is
    resolved unopposed, its result tabs acting, and scored against the opponent its
    owner names (FK 7.7, FK-M1); its owner alone takes the score action."""
    seat = state.turn
    target = None if move.player < 0 else move.player
    fight = FightState(-1, (0,), ((0, 0, 0),), pairing=((seat, move.place),), target=target)
    state = dataclasses.replace(state, fight=fight)
    code = state.side(seat).laid[move.place]
    against = (f"scored against player {target}" if target is not None
               else "scored against nobody (FK-M1)")
    steps = [Step("pick", ("FK 7.7",),
                  f"no pairing is left: player {seat}'s {catalog.name(code)} (place "
                  f"{move.place + 1}) is unopposed, {against}")]
    return advance(catalog, _unopposed_tabs(catalog, state, steps, rules), steps, rules)


def _unopposed_tabs(catalog: Catalog, state: State, steps: list[Step], rules: Rules) -> State:
    """The current, unopposed, card's result tabs act and its score step begins (FK 6.2,
    FK 5.16): as printed, left to right; under the other reading of FK-T7, while two or
    more tabs that do something wait, their order is a choice, one tab at a time (the
    tabs already picked are the fight's ``skirmishes``)."""
    (seat,) = fight_seats(state)
    card = fighter(catalog, state, seat)
    nullified = frozenset(state.fight.nullified)
    done = state.fight.skirmishes
    order = (0, 1, 2)
    if rules.unopposed_tabs_ordered:
        waiting = [p for p in fights.acting_result_tabs(card, cards=catalog.cards,
                                                        nullified=nullified) if p not in done]
        if len(waiting) >= 2:
            picker = tab_picker(state, rules)
            if state.step != "skirmish":
                steps.append(Step("fight_step", ("FK 6.2", "FK 5.16", "FK 5.6"),
                                  f"{len(waiting)} result tabs of the unopposed card would "
                                  f"act: {picker_words(state, picker)} picks the order, one "
                                  "at a time (FK-T7)"))
            return dataclasses.replace(state, step="skirmish", first=None, turn=picker, left=0)
        order = done + tuple(p for p in range(3) if p not in done)
    result = fights.resolve_unopposed(card, rules, cards=catalog.cards, nullified=nullified,
                                      order=order)
    # the tabs picked one at a time have acted already
    fired = tuple((who, step) for skirmish in result.skirmishes if skirmish.position not in done
                  for who, step in skirmish.fired if step.do not in fights.FIGHT_STEPS)
    state = _carry_out_fired(state, fired, steps, rules)
    return _fight_result(catalog, state, result, steps, rules)


def _unopposed_tab(catalog: Catalog, state: State, move: Move, rules: Rules
                   ) -> Transition[State]:
    """Under the other reading of FK-T7, the picker has the result tab at ``move.place``
    of the unopposed card act next (FK 5.6)."""
    (seat,) = fight_seats(state)
    face = fights.up_side(catalog.card(fight_cards(state)[seat]),
                          state.fight.sides[fight_slot(state, seat)])
    fired = tuple((seat, step) for step in face.tabs[move.place].result)
    what = ", ".join(step.do.replace("_", " ") for _, step in fired)
    steps = [Step("result_tab", ("FK 5.6", "FK 6.2"),
                  f"{picker_words(state, state.turn)} has the {SKIRMISH_WORDS[move.place]} "
                  f"result tab of the unopposed card act next (FK-T7): {what}")]
    fight = dataclasses.replace(state.fight, skirmishes=state.fight.skirmishes + (move.place,))
    state = _carry_out_fired(dataclasses.replace(state, fight=fight),
                             tuple(f for f in fired if f[1].do not in fights.FIGHT_STEPS),
                             steps, rules)
    return advance(catalog, _unopposed_tabs(catalog, state, steps, rules), steps, rules)


def _fight_step(catalog: Catalog, state: State, steps: list[Step], rules: Rules) -> State:
    """The enhance step is over: the fight step begins (FK 6.7); an unopposed card's
    result tabs act (FK 6.2, FK-T5)."""
    how = mode(catalog, state)
    if how == fights.UNOPPOSED:
        steps.append(Step("fight_step", ("FK 6.2", "FK 5.16"),
                          "the enhance actions are done: the unopposed card's result tabs "
                          "act"))
        return _unopposed_tabs(catalog, state, steps, rules)
    chooser = fight_step_decider(catalog, state, rules)
    who = title(state, chooser)
    rules_m3 = ("FK 7.5",) if is_multiplayer(state) else ()
    if how == fights.POWER:
        steps.append(Step("fight_step", ("FK 6.7", "FK 5.1", "FK 5.3", "FK 5.5") + rules_m3,
                          f"the enhance actions are done: power against power, {who} picks "
                          "the skirmishes one at a time "
                          f"(totals {_totals_text(power_fight(catalog, state, rules))})"))
        return dataclasses.replace(state, step="skirmish", first=None, turn=chooser, left=0)
    if how == fights.CLASH_CHOICE:
        steps.append(Step("fight_step", ("FK 6.7", "FK 5.1") + rules_m3,
                          "the enhance actions are done: both cards show clash text, and "
                          f"{who} chooses whose decides"))
        return dataclasses.replace(state, step="clash", first=None, turn=chooser, left=0)
    fighting = fight_seats(state)
    seat = fighting[0] if how == fights.CLASH_A else fighting[1]
    steps.append(Step("fight_step", ("FK 6.7", "FK 5.1"),
                      "the enhance actions are done: clash text against skirmish tabs, so "
                      f"player {seat}'s clash text decides"))
    return _clash(catalog, state, seat, steps, rules)


def _clash(catalog: Catalog, state: State, seat: int, steps: list[Step], rules: Rules) -> State:
    code = state.side(seat).laid[fight_place(state, seat)]
    side = state.fight.sides[fight_slot(state, seat)]
    fighting = sorted(fight_seats(state))
    numbers = {s: measures(catalog, state, s) for s in fighting}
    result = fights.resolve_clash(code, side, seat, other_fighter(state, seat), numbers, rules,
                                  cards=catalog.cards)
    rule = fights.up_side(catalog.card(code), side).clash
    compared = ", ".join(f"player {s} {numbers[s][rule.measure]}" for s in fighting)
    winner = ("a tie" if result.winner is None else f"player {result.winner} wins")
    steps.append(Step("clash_text", ("FK 5.10",),
                      f"the clash text of {catalog.name(code)} ('{rule.text}') compares "
                      f"{rule.measure}: {compared}; {winner}"))
    state = dataclasses.replace(state, fight=dataclasses.replace(state.fight, clash=seat))
    return _fight_result(catalog, state, result, steps, rules)


def _totals_text(fight: fights.PowerFight) -> str:
    return "; ".join(f"player {f.player} {' '.join(map(str, totals))}"
                     for f, totals in ((fight.a, fight.totals[0]), (fight.b, fight.totals[1])))


def _fight_result(catalog: Catalog, state: State, result: fights.FightResult,
                  steps: list[Step], rules: Rules) -> State:
    """The fight step's result is known: the score step begins (FK 6.9), under the other
    reading of FK-T8 with the fight's effects and activated gear already gone."""
    if result.mode == fights.UNOPPOSED:
        words, rules_ = f"player {result.winner}'s unopposed card wins", ("FK 5.16",)
    elif result.winner is None:
        words, rules_ = f"the fight is a tie ({result.shape})", ("FK 5.9", "FK 5.11")
    else:
        words, rules_ = f"player {result.winner} wins the fight", (
            ("FK 5.8",) if result.mode == fights.POWER else ("FK 5.10",))
    fight = dataclasses.replace(state.fight, result=(result.mode, result.winner, result.shape))
    state = _begin_ordered(catalog, dataclasses.replace(state, fight=fight), "score")
    if state.first is None:
        after = f"{title(state, state.turn)} decides who takes the first score action"
    else:
        after = f"player {state.first} alone takes a score action"
    steps.append(Step("fight_result", rules_ + ("FK 6.9",),
                      f"{words}; the score step begins and {after}"))
    if rules.effects_leave_before_score_step:
        state = _clear_fight(catalog, state, steps, "as its winner is known (FK-T8)")
    return state


def _clear_fight(catalog: Catalog, state: State, steps: list[Step], when: str) -> State:
    """The effects on the current fight go to their owners' discard stacks, activated gear
    back to the support area or, when its text destroys it, to the discard stack
    (FK 6.10)."""
    for seat in range(state.players):
        side = state.side(seat)
        if not side.table:
            continue
        back = tuple(c for c in side.table if catalog.card(c).type == "gear"
                     and catalog.card(c).parts.after_fight == "return")
        gone = tuple(sorted((Counter(side.table) - Counter(back)).elements()))
        state = state.with_side(seat, table=(), support=tuple(sorted(side.support + back)),
                                discard=tuple(sorted(side.discard + gone)))
        steps.append(Step("cleanup", ("FK 6.10",),
                          f"player {seat}'s cards on the fight leave it {when}: "
                          f"to the discard stack {cards_text(gone)}, back to the support "
                          f"area {cards_text(back)}"))
    return state


def skirmish(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    """The Drop holder resolves the skirmish at ``move.place`` (FK 6.7, FK 5.4 to
    FK 5.7); the result-tab steps that fired are carried out on the state.  In an
    unopposed card's fight (FK-T7) the pick is of its next result tab."""
    if len(fight_seats(state)) == 1:
        return _unopposed_tab(catalog, state, move, rules)
    fight = fights.resolve_skirmish(power_fight(catalog, state, rules), move.place, rules)
    done = fight.resolved[-1]
    where = SKIRMISH_WORDS[move.place]
    if done.nullified:
        text = "it is nullified: nobody wins it"
        rules_ = ("FK 6.7", "FK 5.7")
    else:
        won = "a tie" if done.winner is None else f"player {done.winner} wins it"
        a, b = fight_seats(state)
        text = f"player {a} {done.totals[0]}, player {b} {done.totals[1]}; {won}"
        rules_ = ("FK 6.7", "FK 5.4", "FK 5.5")
    steps = [Step("skirmish_result", rules_,
                  f"{title(state, state.turn)} resolves the {where} skirmish: " + text)]
    if done.fired:
        fired = ", ".join(f"player {seat}'s {step.do.replace('_', ' ')}"
                          for seat, step in done.fired)
        steps.append(Step("result_tab", ("FK 5.6",), f"result tabs act: {fired}"))
    fs = dataclasses.replace(state.fight, skirmishes=state.fight.skirmishes + (move.place,))
    state = dataclasses.replace(state, fight=fs)
    state = _carry_out_fired(state, tuple((seat, step) for seat, step in done.fired
                                          if step.do not in fights.FIGHT_STEPS), steps, rules)
    return advance(catalog, state, steps, rules)


def choose_clash(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    steps = [Step("clash_choice", ("FK 6.7", "FK 5.1"),
                  f"{title(state, state.turn)} has player {move.player}'s clash "
                  "text decide the fight")]
    return advance(catalog, _clash(catalog, state, move.player, steps, rules), steps, rules)


def choose_first(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    """The Drop holder decides who acts first in this step (FK 6.3)."""
    what = {"enhance": "takes the first enhance action", "score": "takes the first score "
            "action", "cooldown": "takes the first cooldown action",
            "evenup": "evens up first"}[state.step]
    rule = {"enhance": "FK 6.3", "score": "FK 6.9", "cooldown": "FK 6.13",
            "evenup": "FK 6.14"}[state.step]
    rules_ = ("FK 6.3", rule) if rule != "FK 6.3" else ("FK 6.3",)
    if is_multiplayer(state):
        rules_ += ("FK 7.5",)
    steps = [Step("choose_order", rules_,
                  f"{title(state, state.turn)} decides that player {move.player} {what}")]
    state = dataclasses.replace(state, first=move.player, turn=move.player)
    state = dataclasses.replace(state, left=len(_actors(catalog, state)))
    return advance(catalog, state, steps, rules)


def _next_actor(catalog: Catalog, state: State) -> State:
    """One player has acted in this step: the next in the step's order, or nobody left."""
    if state.left > 1:
        order = _actors(catalog, state)
        after = order[(order.index(state.turn) + 1) % len(order)]
        return dataclasses.replace(state, turn=after, left=state.left - 1)
    return dataclasses.replace(state, left=0)


def act(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    """A player's enhance, score or cooldown action: a card played, a line used, a gear
    activated, or a pass (FK 6.4 to FK 6.6, FK 6.9, FK 6.13)."""
    player = state.turn
    phase = PHASE_OF_STEP[state.step]
    rule = STEP_RULE[state.step]
    steps: list[Step] = []
    if move.kind == "pass":
        steps.append(Step("pass_action", (rule,), f"player {player} passes their {phase} "
                                                  "action"))
        return advance(catalog, _next_actor(catalog, state), steps, rules)
    if move.kind == "activate":
        card = catalog.card(move.card)
        side = state.side(player)
        support = list(side.support)
        support.remove(move.card)
        state = state.with_side(player, support=tuple(support),
                                table=tuple(sorted(side.table + (move.card,))))
        state = _boost(state, player, card.parts.tabs)
        steps.append(Step("gear", ("FK 6.4", "FK 6.5") if clash_fight(catalog,
                                                                      state) else ("FK 6.4",),
                          f"player {player} activates the gear {catalog.name(move.card)}: its tabs "
                          f"{_tabs_text(card.parts.tabs)} lie on their fight card"))
        return advance(catalog, _next_actor(catalog, state), steps, rules)
    card = catalog.card(move.card)
    if move.kind == "play":
        cost = card.cost if card.cost is not None else Cost()
        state = pay_cost(catalog, state, player, cost, move.burn, f"{card.name} ({move.card})",
                         steps,
                     rules)
        side = state.side(player)
        hand = list(side.hand)
        hand.remove(move.card)
        if card.type == "effect":
            state = state.with_side(player, hand=tuple(hand),
                                    table=tuple(sorted(side.table + (move.card,))))
            state = _boost(state, player, card.parts.tabs)
            steps.append(Step("effect", ("FK 6.4",),
                              f"player {player} plays the effect {catalog.name(move.card)} onto "
                              f"their fight card: tabs {_tabs_text(card.parts.tabs)}"))
            return advance(catalog, _next_actor(catalog, state), steps, rules)
        state = state.with_side(player, hand=tuple(hand),
                                discard=tuple(sorted(side.discard + (move.card,))))
        steps.append(Step("instant_action", (rule, "FK 6.6"),
                          f"player {player} plays the {phase} instant {catalog.name(move.card)}; "
                          "it does what it says and goes to the discard stack"))
        lines = card.abilities
    else:
        line = phase_lines(card, phase)[move.ability - 1]
        state = pay_cost(catalog, state, player, ability_cost(line), move.burn,
                     f"the {phase} line of {card.name} ({move.card})", steps, rules)
        if move.cards:
            side = state.side(player)
            hand = list(side.hand)
            for code in move.cards:
                hand.remove(code)
            state = state.with_side(player, hand=tuple(hand),
                                    discard=tuple(sorted(side.discard + move.cards)))
            steps.append(Step("extra_cost", ("FK 6.6",),
                              f"player {player} discards {cards_text(move.cards)} for the "
                              "line's cost"))
        steps.append(Step("line_action", (rule, "FK 6.6"),
                          f"player {player} uses the {phase} line of {catalog.name(move.card)}"))
        lines = (line,)
    target = move.player if move.player >= 0 else None
    if target is not None:
        steps.append(Step("gametext", ("FK 6.13", "FK 7.9"),
                          f"player {player} names player {target} as the opponent"))
    for line in lines:
        state = _gametext(catalog, state, player, line.steps, steps, rules, target)
    return advance(catalog, _next_actor(catalog, state), steps, rules)


def _tabs_text(tabs) -> str:
    return " ".join(f"{v:+d}" for v in tabs)


def _boost(state: State, player: int, tabs) -> State:
    fight = state.fight
    boosts = list(fight.boosts)
    slot = fight_slot(state, player)
    boosts[slot] = tuple(a + b for a, b in zip(boosts[slot], tabs))
    return dataclasses.replace(state, fight=dataclasses.replace(fight, boosts=tuple(boosts)))


def _gametext(catalog: Catalog, state: State, player: int, gametext, steps: list[Step],
              rules: Rules, target: int | None = None) -> State:
    """What enhance, score and cooldown gametext does, step by step (FK 6.6)."""
    for step in gametext:
        if step.do == "modify_tab":
            fight = state.fight
            code = state.side(player).laid[fight_place(state, player)]
            face = fights.up_side(catalog.card(code), fight.sides[fight_slot(state, player)])
            which = step.param("tab")
            chosen = range(LAID) if which == "all" else (SKIRMISH_WORDS.index(which),)
            label = step.param("label")
            hit = [p for p in chosen if face.tabs and (not label or face.tabs[p].label == label)]
            tabs = [step.param("by") if p in hit else 0 for p in range(LAID)]
            state = _boost(state, player, tabs)
            text = (f"{step.param('by'):+d} to player {player}'s "
                    + (", ".join(SKIRMISH_WORDS[p] for p in hit) + " skirmish" if hit
                       else f"skirmishes: no {label or 'skirmish'} tab to change"))
            steps.append(Step("gametext", ("FK 6.6",), text))
        elif step.do == "nullify_skirmish":
            position = SKIRMISH_WORDS.index(step.param("tab"))
            fight = state.fight
            nullified = tuple(sorted(set(fight.nullified) | {position}))
            state = dataclasses.replace(state, fight=dataclasses.replace(fight,
                                                                         nullified=nullified))
            steps.append(Step("gametext", ("FK 6.6", "FK 5.7"),
                              f"the {SKIRMISH_WORDS[position]} skirmish is nullified"))
        elif step.do == "rotate":
            fight = state.fight
            code = state.side(player).laid[fight_place(state, player)]
            count = len(catalog.card(code).parts.sides)
            sides = list(fight.sides)
            slot = fight_slot(state, player)
            sides[slot] = (sides[slot] + 1) % count
            state = dataclasses.replace(state, fight=dataclasses.replace(
                fight, sides=tuple(sides)))
            face = fights.up_side(catalog.card(code), sides[slot])
            steps.append(Step("gametext", ("FK 6.6", "FK 5.2"),
                              f"{catalog.name(code)} rotates to side {sides[slot]} ("
                              + ("clash text" if face.clash else "skirmish tabs") + ")"))
        elif step.do == "deny_score":
            target = other_fighter(state, player)
            fight = state.fight
            if target is None or target not in fight_seats(state):
                steps.append(Step("gametext", ("FK 6.9", "FK 5.12"),
                                  f"player {player} would keep the opponent's card from "
                                  "scoring, and this fight has none: nothing happens"))
                continue
            denied = tuple(sorted(set(fight.denied) | {target}))
            state = dataclasses.replace(state, fight=dataclasses.replace(fight, denied=denied))
            steps.append(Step("gametext", ("FK 6.9", "FK 5.12"),
                              f"player {target}'s fight card will not score in this fight, "
                              "even if it wins"))
        elif step.do == "double_damage":
            fight = state.fight
            doubled = tuple(sorted(set(fight.doubled) | {player}))
            state = dataclasses.replace(state, fight=dataclasses.replace(fight,
                                                                         doubled=doubled))
            steps.append(Step("gametext", ("FK 6.9", "FK 5.14"),
                              f"player {player}'s fight card will score double damage if it "
                              "scores in this fight"))
        else:
            state = _carry_out_fired(state, ((player, step),), steps, rules, target)
    return state


def _carry_out_fired(state: State, fired, steps: list[Step], rules: Rules,
                     target: int | None = None) -> State:
    """Draws, discards and energy from gametext or result tabs (FK 6.8): energy at once,
    draws and discards queued."""
    for seat, step in fired:
        if dict(step.params).get("who", "you") == "you":
            who = seat
        else:
            # the opponent the action named (a cooldown action at a bigger table, FK 7.9),
            # else the other player of the fight
            who = target if target is not None else other_fighter(state, seat)
        if who is None:
            # an unopposed card scored against nobody (FK-M1) has no opponent to act on
            steps.append(Step("gametext", ("FK 6.8", "FK 7.9"),
                              f"player {seat}'s {step.do.replace('_', ' ')} names the "
                              "opponent, and this fight has none: nothing happens"))
            continue
        if step.do == "add_energy":
            added = Pool.of(Token(t) for t in step.param("tokens"))
            pool = state.side(who).pool.plus(added)
            state = state.with_side(who, pool=pool)
            steps.append(Step("gametext", ("FK 6.8", "FK 3.1"),
                              f"player {who} adds {added} to the pool (pool {pool})"))
        elif step.do in ("draw", "discard"):
            chooser = who
            if step.do == "discard" and step.param("chooser") == "you":
                chooser = seat
            blind = (chooser != who and hidden_choice(step)
                     and not rules.hidden_hand_choice_shown)
            # a blind pick is chance's: nobody chooses it
            task = Task(step.do, who, step.param("count"), who if blind else chooser, blind)
            state = dataclasses.replace(state, queue=state.queue + (task,))
            verb = "draws" if step.do == "draw" else "discards"
            chosen = (", picked at random from the hidden hand (FK-T4)" if blind
                      else f", player {chooser} choosing" + (
                          " from the hand shown to them (FK-T4)" if hidden_choice(step)
                          else "") if chooser != who else "")
            steps.append(Step("gametext", ("FK 6.8",),
                              f"player {who} {verb} {task.count}{chosen}"))
        else:  # refused when the deck is loaded: turn_problem
            raise AssertionError(f"{step.do} is not carried out")
    return state


def task_draw(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    """One card of a queued draw; the draw stack running out ends it (FK 6.8, FK 4.14,
    FK 6.17)."""
    task = state.queue[0]
    steps: list[Step] = []
    rule = ("FK 6.14",) if state.step == "evenup" else ("FK 6.8",)
    why = "at the even-up" if state.step == "evenup" else "for the gametext"
    state, ran_out = take_card(catalog, state, task.player, move.card, steps, "task_draw", rule,
                               why)
    rest = state.queue[1:]
    if ran_out:
        steps.append(Step("task", ("FK 6.17", "FK 4.14"),
                          f"the draw stack ran out: player {task.player}'s draw ends here"
                          + (", below the hand value" if state.step == "evenup" else "")))
    elif task.count > 1:
        rest = (dataclasses.replace(task, count=task.count - 1),) + rest
    return advance(catalog, dataclasses.replace(state, queue=rest), steps, rules)


def task_discard(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    task = state.queue[0]
    side = state.side(task.player)
    hand = list(side.hand)
    hand.remove(move.card)
    state = state.with_side(task.player, hand=tuple(hand),
                            discard=tuple(sorted(side.discard + (move.card,))))
    chooser = (f", chosen by player {task.chooser}" if task.chooser != task.player else "")
    steps = [Step("task_discard", ("FK 6.8",),
                  f"player {task.player} discards {catalog.name(move.card)}{chooser}")]
    rest = state.queue[1:]
    if task.count > 1:
        rest = (dataclasses.replace(task, count=task.count - 1),) + rest
    return advance(catalog, dataclasses.replace(state, queue=rest), steps, rules)


def keep(catalog: Catalog, state: State, move: Move, rules: Rules) -> Transition[State]:
    """A player's even-up: the hand not kept goes to the discard stack, then they draw up
    to the hand value (FK 6.14)."""
    player = state.turn
    side = state.side(player)
    gone = Counter(side.hand) - Counter(move.cards)
    discarded = tuple(sorted(gone.elements()))
    deck = catalog.deck(state.decks[player])
    state = state.with_side(player, hand=move.cards,
                            discard=tuple(sorted(side.discard + discarded)))
    short = deck.hand_value - len(move.cards)
    steps = [Step("evenup_keep", ("FK 6.14",),
                  f"player {player} evens up: keeps {cards_text(move.cards)} (hold "
                  f"{deck.character.parts.hold}), discards {cards_text(discarded)}, and draws "
                  f"{max(short, 0)} up to the hand value {deck.hand_value}")]
    if short > 0:
        state = dataclasses.replace(state, queue=state.queue + (Task("draw", player, short),))
    return advance(catalog, _next_actor(catalog, state), steps, rules)


def settle(catalog: Catalog, state: State, steps: list[Step], rules: Rules) -> State:
    """The end of the score step (FK 6.10): effects discarded and gear returned or
    destroyed, then the cards scored, exhausted or set aside (FK 5.11 to FK 5.14), and
    the game over if damage reached a life value (FK 6.12)."""
    fight = state.fight
    cards = fight_cards(state)
    multiplayer = is_multiplayer(state)
    out_before = set(range(state.players)) - set(in_game(catalog, state))
    # by default the effects and gear leave only now, after the score actions (FK-T8)
    state = _clear_fight(catalog, state, steps, "before scoring")
    mode_, winner, shape = fight.result
    result = fights.FightResult(mode_, winner, shape)
    stakes = {} if multiplayer else {seat: state.side(seat).stakes for seat in range(PLAYERS)}
    doubled = {}
    if winner is not None and winner in fight.doubled:
        doubled[cards[winner]] = True
    if mode_ == fights.UNOPPOSED:
        target = fight.target if multiplayer else opponent(winner)
    else:
        target = None
    victim = target if mode_ == fights.UNOPPOSED else (
        None if winner is None else other_fighter(state, winner))
    # a score action (deny_score) may keep the winning card from scoring (FK-F3, FK-F4)
    scores = winner is None or winner not in fight.denied
    settlement = fights.settle(result, cards, stakes, scores, doubled, multiplayer, rules,
                               target=target, card_table=catalog.cards)
    fight_card_left = dict(cards)  # each seat's fight card until it has moved

    def take(state: State, seat: int, code: str) -> State:
        """``code`` leaves the table: the seat's fight card the first time it is named (a
        winner's card comes before its raise-the-stakes cards in a settlement), else one of
        their raise-the-stakes cards."""
        side = state.side(seat)
        if fight_card_left.get(seat) == code:
            del fight_card_left[seat]
            laid = list(side.laid)
            del laid[fight_place(state, seat)]
            return state.with_side(seat, laid=tuple(laid))
        held = list(side.stakes)
        held.remove(code)
        return state.with_side(seat, stakes=tuple(held))

    words = []
    for seat, code, reward in settlement.scored:
        state = take(state, seat, code)
        side = state.side(seat)
        entry = make_damage_entry(code, bool(reward and doubled.get(code)), victim,
                                  state.players)
        pool = side.pool
        if reward:
            pool = pool.plus(Pool.of(Token(t) for t in catalog.card(code).parts.reward))
        state = state.with_side(seat, damage=tuple(sorted(side.damage + (entry,))), pool=pool)
        words.append(f"player {seat} scores {catalog.name(code)}"
                     + (" with double damage" if "x2" in entry else "")
                     + ("" if reward else " (raise the stakes, no reward)")
                     + (f" and adds its reward {cards_text(catalog.card(code).parts.reward)}"
                        if reward and catalog.card(code).parts.reward else ""))
    for seat, code in settlement.exhausted:
        state = take(state, seat, code)
        state = state.with_side(seat, under=state.side(seat).under + (code,))
        words.append(f"player {seat}'s {catalog.name(code)} is exhausted under the fight stack")
    for seat, code in settlement.raise_the_stakes:
        state = take(state, seat, code)
        state = state.with_side(seat, stakes=tuple(sorted(state.side(seat).stakes + (code,))))
        words.append(f"player {seat}'s {catalog.name(code)} goes to raise the stakes")
    rules_ = ["FK 6.10"]
    if settlement.scored:
        rules_ += ["FK 5.12", "FK 5.14"]
    if settlement.exhausted:
        rules_.append("FK 5.13")
    if settlement.raise_the_stakes:
        rules_.append("FK 5.11")
    if mode_ == fights.UNOPPOSED:
        rules_.append("FK 7.7" if multiplayer else "FK 5.16")
    elif multiplayer:
        rules_.append("FK 7.6" if winner is not None else "FK 5.17")
    dealt = ", ".join(f"player {seat} takes {amount}" for seat, amount in
                      sorted(settlement.damage.items()))
    steps.append(Step("settle", tuple(rules_), "; ".join(words) + f" ({dealt} damage)"))
    won = state.won
    if multiplayer and mode_ != fights.UNOPPOSED and winner is not None:
        won = winner
    state = dataclasses.replace(state, fight=None, settled=state.settled + 1, won=won)
    if multiplayer:
        return _after_multiplayer_fight(catalog, state, fight, out_before, steps)
    for seat in range(PLAYERS):
        life = catalog.deck(state.decks[seat]).character.parts.life
        taken_now = damage_taken(catalog, state, seat)
        if fights.knocked_out(taken_now, life):
            steps.append(Step("knockout", ("FK 6.12", "FK 5.15"),
                              f"player {seat}'s character has taken {taken_now} damage, "
                              f"reaching its life {life}: the game ends at once, player "
                              f"{opponent(seat)} wins"))
            return dataclasses.replace(state, step="over", first=None, turn=state.drop,
                                       left=0, queue=())
    state = dataclasses.replace(state, step="fight", first=None, turn=state.drop, left=0)
    return dataclasses.replace(state, turn=fight_picker(state, rules))


def _after_multiplayer_fight(catalog: Catalog, state: State, fight: FightState,
                             out_before: set[int],
                             steps: list[Step]) -> State:
    """After a settled fight with more than 2 players: a character whose damage reached
    its life is out, its unfought cards set under its fight stack (FK 7.2, FK 7.9); the
    game ends when one player is left, else the next pairing is made by the player just
    challenged (FK 7.4)."""
    for seat in range(state.players):
        if seat in out_before or seat in in_game(catalog, state):
            continue
        side = state.side(seat)
        life = catalog.deck(state.decks[seat]).character.parts.life
        state = state.with_side(seat, laid=(), under=side.under + side.laid)
        taken = damage_taken(catalog, state, seat)
        steps.append(Step("knockout", ("FK 6.12", "FK 5.15", "FK 7.2", "FK 7.9"),
                          f"player {seat}'s character has taken {taken} "
                          f"damage, reaching its life {life}: player {seat} is out of the "
                          "game" + (f", and their unfought fight cards "
                                    f"{cards_text(side.laid)} go under their fight stack"
                                    if side.laid else "")))
    live = in_game(catalog, state)
    if len(live) <= 1:
        steps.append(Step("knockout", ("FK 7.2",),
                          f"player {live[0]} is the last player standing and wins"
                          if live else "no player is left standing"))
        return dataclasses.replace(state, step="over", first=None, left=0, queue=())
    preferred = fight.pairing[1][0] if len(fight.pairing) == 2 else fight.pairing[0][0]
    chooser = next_chooser(catalog, state, preferred)
    return dataclasses.replace(state, step="fight", first=None, left=0,
                               turn=state.drop if chooser is None else chooser)

