"""The battle's transitions: what each action does, from the lay-out to the end of a turn.

:class:`Battle` takes a state and a legal action on: the lay-out (FF 1.1),
the draw and the tactics with their spells (FF 2, FF 3, FF 7.2), the ranged
attacks and bolts by range (FF 4, FF 7.3), back-stabs (FF 5.2), the pairing
by speed (FF 5.3, FF 5.4), first strikes and strikes (FF 5.5, FF 5.6), shield
and damage rolls (FF 6) and the end of the turn (FF 8), logging each step
with its phase and rules.  It looks cards up in the game's tables; the engine
(:mod:`model.fantasy.engine`) checks legality first.  The pairing queries the
engine shares (:func:`paired`, :func:`opponents`) are here too.
"""

from __future__ import annotations

import dataclasses

from model.core.game import Step
from model.fantasy import combat
from model.fantasy.fighters import (
    armor_of, card, melee_arms, ranged_arm, reach, shield_of, speed, used_weapons,
)
from model.fantasy.rules import Rules
from model.fantasy.state import HAND_SIZE, ROW_WORDS, SIDES, Attack, Move, Pair, State, who_text
from model.fantasy.tables import Tables


def paired(state: State) -> set[tuple[int, int]]:
    """The warriors already in a hand-to-hand pairing, as ``(side, index)``."""
    found = set()
    for pair in state.pairs:
        found.add((pair.side, pair.picker))
        found.add((1 - pair.side, pair.picked))
    return found


def opponents(state: State) -> tuple[list[int], bool]:
    """Whom the picker may pick, and whether that doubles up (FF 5.3, FF 5.4)."""
    enemy = 1 - state.actor
    front = state.living(enemy, "F")
    taken = paired(state)
    free = [i for i in front if (enemy, i) not in taken]
    return (free, False) if free else (front, True)


class Battle:
    """The transitions of a battle played with the card tables ``tables``."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def act(self, state: State, move: Move, rules: Rules, steps: list[Step]) -> State:
        """What the legal ``move`` does at ``state``: the state it leads to, with the steps
        taken on the way appended to ``steps``."""
        step = state.step
        if step == "field":
            side = state.actor
            steps.append(Step("field", ("FF 1.1", "FF 1.2"),
                              f"side {SIDES[side]} lays out {len(state.sides[side])} warriors: "
                              f"{len(state.living(side, 'F'))} in front, "
                              f"{len(state.living(side, 'B'))} behind"))
            if side == 0:
                return dataclasses.replace(state, actor=1)
            return self._new_turn(state, steps, rules)
        if step == "tactics" and move.kind == "cast":
            return self._cast(state, move, steps)
        if step == "tactics":
            return self._set(state, move, rules, steps)
        if step == "pair":
            return self._pair(state, move, rules, steps)
        if step == "order_roll":
            return self._order_roll(state, move.value, rules, steps)
        if step == "first_strike":
            return self._first_strike(state, move.value, rules, steps)
        return self._attack_step(state, move, rules, steps)

    def _new_turn(self, state: State, steps: list[Step], rules: Rules) -> State:
        hands, deck, discard = list(state.cards[:2]), state.cards[2], state.cards[3]
        words = []
        for side in (0, 1):
            need = HAND_SIZE - hands[side]
            if need > deck and discard:
                deck, discard = deck + discard, 0
                words.append("the discard pile is shuffled into the deck")
            drawn = min(need, deck)
            hands[side] += drawn
            deck -= drawn
            words.append(f"side {SIDES[side]} draws {drawn}")
        turn = state.turn + 1
        steps.append(Step("draw", ("FF 2.1", "FF 2.2"),
                          f"turn {turn}: " + ", ".join(words) + " (hands "
                          f"{hands[0]} and {hands[1]})"))
        after = dataclasses.replace(state, turn=turn, acts=0, step="tactics", actor=0,
                                    cursor=state.living(0)[0], segment="-",
                                    cards=(hands[0], hands[1], deck, discard), queue=(),
                                    pairs=(), held=())
        return after

    def _cast(self, state: State, move: Move, steps: list[Step]) -> State:
        """A tactics spell takes effect now and is discarded (FF 7.2, FF 7.5); a bolt is
        readied, still held, for the ranged attacks (FF 7.3).  Either is the caster's one
        spell this turn (FF 7.4)."""
        side, index = move.who
        caster = state.fighter(side, index)
        spell = self.tables.spells[move.word]
        name = f"{who_text(side, index)} {caster.card}"
        if not spell.in_tactics:
            steps.append(Step("cast", ("FF 7.3", "FF 7.4"),
                              f"{name} readies {spell.name} (range {spell.range}) to cast "
                              "with the ranged attacks"))
            return state.with_fighter(side, index, dataclasses.replace(
                caster, readied=spell.code, cast=True))
        held = list(caster.spells)
        held.remove(spell.code)
        after = state.with_fighter(side, index, dataclasses.replace(
            caster, spells=tuple(held), cast=True))
        friend = after.fighter(*move.target)
        fname = f"{who_text(*move.target)} {friend.card}"
        if spell.effect == "heal":
            healed = min(card(self.tables, friend).hits, friend.hits + spell.amount)
            text = (f"{name} casts {spell.name} on {fname}: {healed - friend.hits} hits back "
                    f"(hits {healed})")
            friend = dataclasses.replace(friend, hits=healed)
        else:
            text = (f"{name} casts {spell.name} on {fname}: +{spell.amount} to its hit rolls "
                    "this turn")
            friend = dataclasses.replace(friend, boost=friend.boost + spell.amount)
        steps.append(Step("cast", ("FF 7.2", "FF 7.4", "FF 7.5"), text + "; the card is "
                                                                        "discarded"))
        return after.with_fighter(*move.target, friend)

    def _set(self, state: State, move: Move, rules: Rules, steps: list[Step]) -> State:
        side, index = move.who
        fighter = state.fighter(side, index)
        chosen = {u.rstrip("^"): ("^" if u.endswith("^") else "*") for u in move.uses}
        arms = tuple(dataclasses.replace(a, use=chosen.get(a.code, "")) for a in fighter.arms)
        after = state.with_fighter(side, index, dataclasses.replace(fighter, row=move.row,
                                                                    arms=arms))
        rules_ = ["FF 3.2"]
        if move.row != fighter.row:
            rules_.insert(0, "FF 3.1")
        if len(move.uses) > 1:
            rules_.append("FF 3.3")
        if rules.rows_rule_in_battle:
            rules_.append("FF 1.2")
        what = " and ".join(u.rstrip("^") + (" to throw" if u.endswith("^") else "")
                            for u in move.uses) or "no weapon"
        steps.append(Step("tactics", tuple(rules_),
                          f"{who_text(side, index)} {fighter.card} stands in the "
                          f"{ROW_WORDS[move.row]} row with {what}"))
        following = [i for i in state.living(side) if i > index]
        if rules.tactics_alternate:
            # FF-A17: the other side's warrior of the same rank (among those standing) sets
            # next; a side with none left to set passes.
            rank = state.living(side).index(index)
            order = ([(1, rank)] if side == 0 else []) + [(0, rank + 1), (1, rank + 1)]
            for other, place in order:
                living = state.living(other)
                if place < len(living):
                    return dataclasses.replace(after, actor=other, cursor=living[place])
            return self._start_attacks(after, rules, steps)
        if following:
            return dataclasses.replace(after, cursor=following[0])
        if side == 0:
            return dataclasses.replace(after, actor=1, cursor=state.living(1)[0])
        return self._start_attacks(after, rules, steps)

    def _start_attacks(self, state: State, rules: Rules, steps: list[Step]) -> State:
        shooters = []
        for side in (0, 1):
            for index in state.living(side):
                fighter = state.fighter(side, index)
                arm = ranged_arm(self.tables, fighter)
                if arm is None:
                    continue
                weapon = self.tables.weapons[fighter.arms[arm].code]
                quick = card(self.tables, fighter).speed if rules.range_ties_by_speed else 0
                shooters.append(((-weapon.range, -quick), side, index, arm, "ranged"))
        for side in (0, 1):
            for index in state.living(side):
                fighter = state.fighter(side, index)
                if fighter.readied:  # a bolt joins the ranged attacks by its range (FF 7.3)
                    quick = card(self.tables, fighter).speed if rules.range_ties_by_speed else 0
                    distance = self.tables.spells[fighter.readied].range
                    shooters.append(((-distance, -quick), side, index, 0, "spell"))
        shooters.sort()
        keys = sorted({key for key, *_ in shooters})
        queue = tuple(Attack(side, index, kind, keys.index(key) + 1, 0, "aim", arm=arm)
                      for key, side, index, arm, kind in shooters)

        def named(side: int, index: int, arm: int, kind: str) -> str:
            fighter = state.fighter(side, index)
            if kind == "spell":
                spell = self.tables.spells[fighter.readied]
                return f"{who_text(side, index)} ({spell.name}, range {spell.range})"
            weapon = self.tables.weapons[fighter.arms[arm].code]
            return f"{who_text(side, index)} ({weapon.name}, range {weapon.range})"

        order = ", ".join(named(s, i, a, k) for _, s, i, a, k in shooters) or "none"
        rules_ = ("FF 4.1", "FF 4.2") + (("FF 7.3",) if any(
            k == "spell" for *_, k in shooters) else ())
        steps.append(Step("ranged", rules_, f"ranged attackers by range: {order}"))
        return self._advance(dataclasses.replace(state, segment="ranged", queue=queue), rules,
                             steps)

    def _advance(self, state: State, rules: Rules, steps: list[Step]) -> State:
        """Move on to the next thing that needs a decision or a die (or the turn's end)."""
        while True:
            if state.queue:
                head = state.queue[0]
                if head.sure == 0:
                    state = self._start_group(state, head.group)
                    head = state.queue[0]
                attacker = state.fighter(head.side, head.index)
                enemy = 1 - head.side
                if head.sure == 2:
                    steps.append(Step("skip", ("FF 6.4", "FF 5.5" if head.kind == "melee"
                                               else "FF 4.2"),
                                      f"{who_text(head.side, head.index)} {attacker.card} was "
                                      "killed before its attack"))
                    state = dataclasses.replace(state, queue=state.queue[1:])
                    continue
                if not state.living(enemy) or (
                        head.target >= 0 and not state.fighter(enemy, head.target).alive):
                    steps.append(Step("skip", ("FF 6.4",),
                                      f"{who_text(head.side, head.index)} {attacker.card} has "
                                      "no standing target left"))
                    state = dataclasses.replace(state, queue=state.queue[1:])
                    continue
                return dataclasses.replace(state, step=head.stage, actor=head.side)
            if state.segment == "ranged":
                state = self._start_stabs(state, rules, steps)
                continue
            if state.segment == "stabs":
                steps.append(Step("pairing", ("FF 5.1", "FF 5.3"),
                                  "the front rows pair up by speed"))
                state = dataclasses.replace(state, segment="pairing")
                continue
            if state.segment == "pairing":
                state, stop = self._next_picker(state, rules, steps)
                if stop:
                    return state
                steps.append(Step("melee", ("FF 5.1",),
                                  "pairings: " + (" ".join(map(str, state.pairs)) or "none")))
                state = dataclasses.replace(state, segment="melee")
                continue
            if state.segment == "melee" and state.pairs:
                pair = state.pairs[0]
                first = state.fighter(pair.side, pair.picker)
                second = state.fighter(1 - pair.side, pair.picked)
                if not (first.alive and second.alive):
                    steps.append(Step("skip", ("FF 6.4",),
                                      f"pairing {pair}: a warrior of it has been killed"))
                    state = dataclasses.replace(state, pairs=state.pairs[1:])
                    continue
                if pair.doubled and not rules.doubled_strikes_back:
                    attacks = self._strikes(state, pair.side, pair.picker, pair.picked, 1)
                    steps.append(Step("melee", ("FF 5.4",),
                                      f"pairing {pair}: {first.card} doubles up on "
                                      f"{second.card}, which strikes back only in its own "
                                      "pairing"))
                    state = dataclasses.replace(state, pairs=state.pairs[1:], queue=attacks)
                    continue
                return dataclasses.replace(state, step="first_strike")
            return self._end_turn(state, rules, steps)

    def _start_group(self, state: State, group: int) -> State:
        queue = tuple(
            dataclasses.replace(a, sure=1 if state.fighter(a.side, a.index).alive else 2)
            if a.group == group and a.sure == 0 else a for a in state.queue)
        return dataclasses.replace(state, queue=queue)

    def _start_stabs(self, state: State, rules: Rules, steps: list[Step]) -> State:
        # A back-stabber in either row may roll, or (FF-A18) one in the front row only.
        row = "F" if rules.backstab_front_row_only else None
        stabbers = [(side, index) for side in (0, 1) for index in state.living(side, row)
                    if card(self.tables, state.fighter(side, index)).backstab
                    and melee_arms(self.tables, state.fighter(side, index))]
        queue = tuple(Attack(side, index, "stab", 1, 0, "stab",
                             arm=melee_arms(self.tables, state.fighter(side, index))[0])
                      for side, index in stabbers)
        if stabbers:
            steps.append(Step("stabs", ("FF 5.2",), "back-stabbers: " + ", ".join(
                f"{who_text(s, i)} {state.fighter(s, i).card}" for s, i in stabbers)))
        return dataclasses.replace(state, segment="stabs", queue=queue)

    def _next_picker(self, state: State, rules: Rules,
                     steps: list[Step]) -> tuple[State, bool]:
        """The next warrior to pick an opponent (FF 5.3): the state at that decision (or
        at a roll-off) and True, or the state and False when every one has picked."""
        taken = paired(state)
        while True:
            eligible = [(side, i) for side in (0, 1) for i in state.living(side, "F")
                        if (side, i) not in taken and (side, i) not in state.held]
            if not eligible:
                return state, False
            top = max(speed(self.tables, state.fighter(s, i), rules) for s, i in eligible)
            tied = [(s, i) for s, i in eligible
                    if speed(self.tables, state.fighter(s, i), rules) == top]
            sides = sorted({s for s, _ in tied})
            if len(sides) == 2 and rules.speed_ties_roll_off:
                return dataclasses.replace(state, step="order_roll"), True
            side = sides[0]
            index = min(i for s, i in tied if s == side)
            if not state.living(1 - side, "F"):
                steps.append(Step("pairing", ("FF 5.3",),
                                  f"{who_text(side, index)} {state.fighter(side, index).card} "
                                  "finds no enemy in the front row"))
                state = dataclasses.replace(state, held=state.held + ((side, index),))
                continue
            if (rules.double_up_needs_more_warriors and not any(
                    (1 - side, i) not in taken for i in state.living(1 - side, "F"))
                    and len(state.living(side)) <= len(state.living(1 - side))):
                # FF-A20, the other reading: only the side with more warriors in all
                # doubles up; a warrior left over on the other side stays out
                steps.append(Step("pairing", ("FF 5.4",),
                                  f"{who_text(side, index)} {state.fighter(side, index).card} "
                                  f"finds every enemy paired, and side {SIDES[side]} has no "
                                  "more warriors than the enemy: it does not double up"))
                state = dataclasses.replace(state, held=state.held + ((side, index),))
                continue
            return dataclasses.replace(state, step="pair", actor=side, cursor=index), True

    def _order_roll(self, state: State, face: int, rules: Rules,
                    steps: list[Step]) -> State:
        side = 0 if face <= 3 else 1
        taken = paired(state)
        eligible = [i for i in state.living(side, "F")
                    if (side, i) not in taken and (side, i) not in state.held]
        top = max(speed(self.tables, state.fighter(side, i), rules) for i in eligible)
        index = min(i for i in eligible
                    if speed(self.tables, state.fighter(side, i), rules) == top)
        steps.append(Step("order_roll", ("FF 5.3",),
                          f"roll-off for equal speed {top}: {face}, side {SIDES[side]}'s "
                          f"{state.fighter(side, index).card} picks first"))
        return dataclasses.replace(state, step="pair", actor=side, cursor=index)

    def _pair(self, state: State, move: Move, rules: Rules, steps: list[Step]) -> State:
        side, index = state.actor, state.cursor
        _, doubled = opponents(state)
        if move.word == "none":
            steps.append(Step("pair", ("FF 5.4",),
                              f"{who_text(side, index)} {state.fighter(side, index).card} "
                              "does not double up and stays out of the melee (FF-A19)"))
            after = dataclasses.replace(state, held=state.held + ((side, index),))
            return self._advance(after, rules, steps)
        pair = Pair(side, index, move.who[1], doubled)
        picker, picked = state.fighter(side, index), state.fighter(1 - side, move.who[1])
        if doubled:
            steps.append(Step("pair", ("FF 5.4",),
                              f"{who_text(side, index)} {picker.card} doubles up on "
                              f"{who_text(1 - side, move.who[1])} {picked.card}"))
        else:
            steps.append(Step("pair", ("FF 5.3",),
                              f"{who_text(side, index)} {picker.card} (speed "
                              f"{speed(self.tables, picker, rules)}) picks "
                              f"{who_text(1 - side, move.who[1])} {picked.card}"))
        after = dataclasses.replace(state, pairs=state.pairs + (pair,))
        return self._advance(after, rules, steps)

    def _strikes(self, state: State, side: int, index: int, target: int,
                 group: int) -> tuple[Attack, ...]:
        if (side, index) in state.held:  # a back-stabber who rolled makes no other attack
            return ()
        fighter = state.fighter(side, index)
        return tuple(Attack(side, index, "melee", group, 0, "hit_roll", target, "F", arm)
                     for arm in melee_arms(self.tables, fighter))

    def _first_strike(self, state: State, face: int, rules: Rules,
                      steps: list[Step]) -> State:
        pair = state.pairs[0]
        a = (pair.side, pair.picker)
        b = (1 - pair.side, pair.picked)
        fa, fb = state.fighter(*a), state.fighter(*b)
        if face <= 3:
            what, ra, rb = "speed", speed(self.tables, fa, rules), speed(self.tables, fb, rules)
        else:
            what, ra, rb = "reach", reach(self.tables, fa, rules), reach(self.tables, fb, rules)
        if ra == rb:
            if rules.first_strike_tie_simultaneous:
                order, together = (a, b), True
                how = f"equal {what} {ra}: they strike together"
            else:
                order, together = (a, b), False
                how = f"equal {what} {ra}: {fa.card}, who picked, strikes first"
        else:
            order = (a, b) if ra > rb else (b, a)
            together = False
            winner = state.fighter(*order[0])
            how = f"{winner.card} has the greater {what} ({max(ra, rb)} to {min(ra, rb)}) " \
                  "and strikes first"
        queue = self._strikes(state, *order[0], order[1][1], 1) + \
            self._strikes(state, *order[1], order[0][1], 1 if together else 2)
        steps.append(Step("first_strike", ("FF 5.5",), f"pairing {pair}: first-strike roll "
                                                       f"{face} ({what}); {how}"))
        if not queue:
            steps.append(Step("skip", ("FF 5.1",), f"pairing {pair}: neither has a "
                                                   "hand-to-hand weapon in use"))
        after = dataclasses.replace(state, pairs=state.pairs[1:], queue=queue)
        return self._advance(after, rules, steps)

    def _attack_step(self, state: State, move: Move, rules: Rules,
                     steps: list[Step]) -> State:
        head = state.queue[0]
        attacker = state.fighter(head.side, head.index)
        enemy = 1 - head.side
        name = f"{who_text(head.side, head.index)} {attacker.card}"
        rest = state.queue[1:]

        def go(stage: str, **changes) -> State:
            new = dataclasses.replace(head, stage=stage, **changes)
            return self._advance(dataclasses.replace(state, queue=(new,) + rest), rules, steps)

        def done(after: State | None = None) -> State:
            base = after or state
            return self._advance(dataclasses.replace(base, queue=rest), rules, steps)

        step = state.step
        if step == "aim":
            if move.word == "front":
                steps.append(Step("aim", ("FF 4.3",), f"{name} attacks the enemy front row"))
                return go("pick", row="F")
            steps.append(Step("aim", ("FF 4.3",), f"{name} rolls for its target"))
            return go("target_roll")
        if step in ("target_roll", "stab_roll"):
            face = move.value
            rule = "FF 4.3" if step == "target_roll" else "FF 5.2"
            if step == "target_roll":
                row = "F" if face <= 3 else ("" if face <= 5 else "B")
            else:
                row = "" if face <= 4 else "B"
            if not row:
                steps.append(Step(step, (rule,), f"{name} rolls {face}: "
                                                 + ("it hesitates" if step == "target_roll"
                                                    else "no back-stab this turn")))
                return done()
            if not state.living(enemy, row):
                other = "B" if row == "F" else "F"
                if rules.empty_row_hesitates or not state.living(enemy, other):
                    steps.append(Step(step, (rule,), f"{name} rolls {face}: the "
                                                     f"{ROW_WORDS[row]} row is empty, no "
                                                     "attack"))
                    return done()
                steps.append(Step(step, (rule,), f"{name} rolls {face}: the "
                                                 f"{ROW_WORDS[row]} row is empty, it attacks "
                                                 f"the {ROW_WORDS[other]} row"))
                return go("pick", row=other)
            steps.append(Step(step, (rule,), f"{name} rolls {face}: it attacks the "
                                             f"{ROW_WORDS[row]} row"))
            return go("pick", row=row)
        if step == "stab":
            if move.word == "hold":
                steps.append(Step("stab", ("FF 5.2",), f"{name} does not try a back-stab"))
                return done()
            steps.append(Step("stab", ("FF 5.2",), f"{name} rolls to back-stab"))
            after = dataclasses.replace(state, held=state.held + ((head.side, head.index),))
            new = dataclasses.replace(head, stage="stab_roll")
            return self._advance(dataclasses.replace(after, queue=(new,) + rest), rules, steps)
        if step == "pick" and head.kind == "spell":
            return done(self._bolt(state, head, move.who[1], steps))
        if step == "pick":
            target = move.who[1]
            victim = state.fighter(enemy, target)
            rules_ = ("FF 5.2",) if head.kind == "stab" else ("FF 4.3",)
            text = f"{name} attacks {who_text(enemy, target)} {victim.card}"
            after = state
            arm = attacker.arms[head.arm]
            if head.kind == "ranged" and arm.use == "^":
                spent = dataclasses.replace(arm, ammo=arm.ammo - 1)
                arms = attacker.arms[:head.arm] + (spent,) + attacker.arms[head.arm + 1:]
                after = state.with_fighter(head.side, head.index,
                                           dataclasses.replace(attacker, arms=arms))
                rules_ = rules_ + ("FF 4.5",)
                text += f", throwing its {arm.code} ({spent.ammo} left)"
            steps.append(Step("pick", rules_, text))
            new = dataclasses.replace(head, stage="hit_roll", target=target)
            return self._advance(dataclasses.replace(after, queue=(new,) + rest), rules, steps)
        victim = state.fighter(enemy, head.target)
        vname = f"{who_text(enemy, head.target)} {victim.card}"
        ranged = head.kind == "ranged"
        if step == "hit_roll" and ranged and rules.dodge_is_rolled:
            steps.append(Step("hit_roll", ("FF 4.4",), f"{name} rolls {move.value} to hit"))
            return go("dodge_roll", face=move.value)
        if step in ("hit_roll", "dodge_roll"):
            face, dodge = (head.face, move.value) if step == "dodge_roll" else (move.value, 0)
            tables = self.tables
            modifier = combat.hit_modifier(card(tables, attacker), card(tables, victim),
                                           used_weapons(tables, victim),
                                           ranged, attacker.row == "B", victim.row == "B",
                                           rules) + attacker.boost
            total = face + modifier - dodge
            hit = combat.is_hit(face, modifier, dodge)
            detail = f"{face}{modifier:+d}" + (f" less dodge roll {dodge}" if step ==
                                              "dodge_roll" else "")
            rule = combat.hit_rules(ranged, rules) + (("FF 7.2",) if attacker.boost else ())
            if attacker.boost:
                detail += f" (with a spell's +{attacker.boost})"
            steps.append(Step(step, rule, f"{name} to hit {vname}: {detail} = {total}, "
                                          + ("a hit" if hit else "a miss")))
            if not hit:
                return done()
            if combat.shield_works(shield_of(tables, victim), used_weapons(tables, victim),
                                   rules):
                return go("shield_roll")
            if shield_of(self.tables, victim) is not None:
                steps.append(Step("hit_roll", ("FF 1.8",), f"{vname}'s shield does not block: "
                                                          "its weapon in use is two-handed"))
            return go("damage_roll")
        if step == "shield_roll":
            shield = shield_of(self.tables, victim)
            if shield.blocks(move.value):
                steps.append(Step("shield_roll", ("FF 6.1",),
                                  f"{vname}'s {shield.name} rolls {move.value}: blocked "
                                  f"(blocks {shield.block[0]}-{shield.block[1]})"))
                return done()
            steps.append(Step("shield_roll", ("FF 6.1",),
                              f"{vname}'s {shield.name} rolls {move.value}: not blocked"))
            return go("damage_roll")
        # damage_roll
        weapon = self.tables.weapons[attacker.arms[head.arm].code]
        bonus = combat.damage_bonus(card(self.tables, attacker), weapon, rules)
        soak = combat.armor_bonus(armor_of(self.tables, victim))
        lost = combat.wound(move.value, bonus, soak)
        rules_ = ("FF 6.2", "FF 6.3") if (card(self.tables, attacker).bow_bonus and weapon.is_bow(
            rules.crossbows_are_bows)) else ("FF 6.2",)
        hurt = dataclasses.replace(victim, hits=victim.hits - lost)
        steps.append(Step("damage_roll", rules_,
                          f"{name}'s {weapon.name} damage {move.value}{bonus:+d} less armor "
                          f"{soak}: {vname} loses {lost} (hits {hurt.hits})"))
        after = state.with_fighter(enemy, head.target, hurt)
        if not hurt.alive and victim.alive:
            steps.append(Step("killed", ("FF 6.4",), f"{vname} is killed"))
        return done(after)

    def _bolt(self, state: State, head: Attack, target: int, steps: list[Step]) -> State:
        """A readied bolt is cast at the target picked: it loses the spell's amount of hits,
        with no hit, shield or armor roll, and the card is discarded (FF 7.3, FF 7.5)."""
        caster = state.fighter(head.side, head.index)
        spell = self.tables.spells[caster.readied]
        held = list(caster.spells)
        held.remove(spell.code)
        after = state.with_fighter(head.side, head.index, dataclasses.replace(
            caster, spells=tuple(held), readied=""))
        enemy = 1 - head.side
        victim = after.fighter(enemy, target)
        hurt = dataclasses.replace(victim, hits=victim.hits - spell.amount)
        vname = f"{who_text(enemy, target)} {victim.card}"
        steps.append(Step("pick", ("FF 4.3", "FF 7.3"),
                          f"{who_text(head.side, head.index)} {caster.card} casts "
                          f"{spell.name} at {vname}"))
        steps.append(Step("bolt", ("FF 7.3", "FF 7.5"),
                          f"{spell.name} strikes {vname}: it loses {spell.amount} (hits "
                          f"{hurt.hits}); the card is discarded"))
        if not hurt.alive:
            steps.append(Step("killed", ("FF 6.4",), f"{vname} is killed"))
        return after.with_fighter(enemy, target, hurt)

    def _end_turn(self, state: State, rules: Rules, steps: list[Step]) -> State:
        standing = [len(state.living(side)) for side in (0, 1)]
        # Spell effects last the turn (FF 7.2); a bolt readied but never cast (its caster
        # hesitated or fell) stays in the hand, and the next turn allows a new spell (FF 7.4).
        sides = tuple(tuple(dataclasses.replace(f, readied="", cast=False, boost=0)
                            for f in band) for band in state.sides)
        cards = state.cards
        if rules.hands_spent_each_turn:
            # FF-A16's other reading: the hands were played out in the turn.
            cards = (0, 0, cards[2], cards[3] + cards[0] + cards[1])
            steps.append(Step("end_turn", ("FF 2.2",),
                              f"the hands ({cards[3] - state.cards[3]} fight cards) go to the "
                              "discard pile"))
        base = dataclasses.replace(state, sides=sides, cards=cards, queue=(), pairs=(),
                                   held=(), segment="-", acts=0)
        if not all(standing):
            steps.append(Step("end_turn", ("FF 8.1",),
                              f"turn {state.turn} ends with {standing[0]} and {standing[1]} "
                              "standing: the battle is over"))
            return dataclasses.replace(base, step="over", turn=state.turn + 1)
        if state.turn >= rules.turn_limit:
            steps.append(Step("end_turn", ("FF 8.2",),
                              f"turn {state.turn} was the last of the turn limit: undecided"))
            return dataclasses.replace(base, step="over", turn=state.turn + 1)
        steps.append(Step("end_turn", ("FF 2.1",), f"turn {state.turn} ends with "
                                                   f"{standing[0]} and {standing[1]} standing"))
        return self._new_turn(base, steps, rules)
