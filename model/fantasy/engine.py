"""Fantasy Fight Club's battle as a game of the core protocol.

From two warbands (a :class:`Setup`) each side lays out its warband
(``field``, legal only for a warband that keeps the recruit rules FF 1.x),
then turns follow (FF 2.1): the draw (FF 2.2, counted only: FF-A16), the
tactics (each warrior's row and weapon, a caster's spell first, FF 7.2; side A's
warriors one by one, then side B's, FF-A17), and the attack phase: ranged
attacks and readied bolts by range (FF 4.x, FF 7.3), back-stabs (FF 5.2),
the pairing by speed (FF 5.3, FF 5.4), and each pairing's first-strike roll
and strikes (FF 5.5, FF 5.6); every hit may meet a shield (FF 6.1) and
rolls damage (FF 6.2).  Every die is a chance node of six equal outcomes, so
exact odds follow from the game tree; :mod:`model.fantasy.combat` holds the
arithmetic and the odds of one attack.

The battle ends after a turn that leaves a side with no warrior standing
(FF 8.1), or after the ruleset's turn limit (FF 8.2).  Every turn takes at
most ``2 + 36 x warriors`` actions, which gives :meth:`FantasyFightClub.max_length`.
"""

from __future__ import annotations

import collections
import dataclasses
from fractions import Fraction
from typing import Any, Sequence

import networkx as nx

from model.core.errors import InputError
from model.core.game import (
    CHANCE, TERMINAL, Game, Illegal, IllegalAction, Layout, Outcome, Step, Token, Transition,
)
from model.core.game_type import Chance, GameType, Information
from model.fantasy import combat
from model.fantasy.ambiguities import AMBIGUITIES
from model.fantasy.fighters import (
    armor_of, card, cast_options, melee_arms, ranged_arm, reach, shield_of, speed, use_options,
    used_weapons,
)
from model.fantasy.invariants import invariants, transition_invariants
from model.fantasy.phases import phase_graph
from model.fantasy.recruit import shared_card_violations, violations
from model.fantasy.rulebook import GLOSSARY, RULEBOOK
from model.fantasy.rules import MAX_TURN_LIMIT, PRESETS, Rules
from model.fantasy.state import (
    ACTION_KINDS, FIGHT_DECK, HAND_SIZE, HIDDEN_SPELL, ROW_WORDS, SIDES, Arm, Attack, Fighter,
    Move, Pair, Setup, State, View, who_text,
)
from model.fantasy.tables import Tables

CHANCE_STEPS = ("target_roll", "stab_roll", "hit_roll", "dodge_roll", "shield_roll",
                "damage_roll", "order_roll", "first_strike")
SIXTH = Fraction(1, 6)


def per_turn_bound(warriors_count: int) -> int:
    """Most actions one turn can take (tactics and a spell, ranged attacks and a bolt,
    back-stabs, pairing, strikes)."""
    return 2 + 36 * warriors_count


SKIRMISHES = (
    "size 1 | a Orc@F:5[ShortSword,Javelins]{Buckler} "
    "| b Shaman@F:5[Dagger,Club]<StoneSkin,EmberDart>",
    "size 1 | a Elf@F:4[ShortBow,Dirk]<EmberDart> "
    "| b Dwarf@F:7[BattleAxe]{RoundShield,IronCap}",
    "size 2 | a Warrior@F:6[LongSword,Katar] "
    "Warlock@B:4[Knives]<SuddenFog,StoneSkin,EmberDart> "
    "| b Rogue@F:4[Whip] Hobgoblin@F:7[Spear]",
    "size 2 | a Knight@F:6[BroadSword]{KiteShield,ChainSuit} Bandit@F:5[Dagger] "
    "| b Bugbear@F:9[Flail] Shaman@B:5[LongBow]<EmberDart,SuddenFog>",
)
"""ringside's skirmishes, the example setups of the shipped tables: one or two warriors a
side, cycling through a few matchups (a shooter, a thrower, a shield, a back-stabber, the
Warrior), each with a spellcaster, so that spells are cast and hidden cards resampled."""


class FantasyFightClub(Game[State, Move, Rules]):
    """Fantasy Fight Club's battle, played with a set of card tables."""

    game_type = GameType(
        "fantasy", "Fantasy Fight Club", 2, 2, Chance.EXPLICIT, Information.IMPERFECT,
        # One side acts at a time (the other side's face-down spells are what is hidden);
        # the length depends on the warbands' sizes (max_length).
        simultaneous=False, longest_game=None, rulebook_file="fantasy-fight-club.txt")
    rules_type = Rules
    setup_type = Setup
    summary = ("Two warbands of fantasy warriors, laid out in two rows, shoot, pair up and "
               "fight hand to hand with d6 rolls for target, hit, shield and damage; the "
               "warrior and weapon tables are the rulebook's, armor and spells an example "
               "set of ringside's own.")
    overview = (
        "Each player fields ten warriors from the warrior table, armed from the weapon "
        "table and armored from an armor deck, in a front and a back row.\n\n"
        "A turn draws fight cards to seven, lets each side move warriors between rows and "
        "choose their weapons, then resolves ranged attacks by range, back-stabs, and "
        "hand-to-hand pairings by speed. Every attack is a hit roll, perhaps a shield "
        "roll, and a damage roll against armor; a warrior at 0 hits is killed.\n\n"
        "The fight deck's cards and the spells are not given by the rulebook. Spells are "
        "ringside's example cards (heal, aim, bolt), cast one per caster per turn in the "
        "tactics phase or with the ranged attacks; the fight cards are counted only, "
        "since the rulebook never says when they are played (FF-A16).")

    def __init__(self, tables: Tables, skirmishes: Sequence[str] = SKIRMISHES) -> None:
        """A battle played with the card tables ``tables`` (the warrior and weapon tables,
        the equipment and spell sets; ``analysis.fantasy.loading`` builds the game of the
        shipped ones).  Setups and positions name cards of these tables; ``skirmishes``
        are the example setups, written with them."""
        if not skirmishes:
            raise ValueError("a game needs one skirmish or more for its example setups")
        self.tables = tables
        self.skirmishes = tuple(skirmishes)
        self._invariants = invariants(tables)
        self._transition_invariants = transition_invariants(tables)

    @property
    def presets(self):
        return PRESETS

    @property
    def rulebook(self):
        return RULEBOOK

    @property
    def ambiguities(self):
        return AMBIGUITIES

    @property
    def glossary(self):
        return GLOSSARY

    @property
    def invariants(self):
        return self._invariants

    @property
    def transition_invariants(self):
        return self._transition_invariants

    # -- setups --------------------------------------------------------------------------------
    def parse_setup(self, text: str) -> Setup:
        return Setup.parse(text, self.tables)

    def example_setups(self, count: int) -> list[Setup]:
        """The game's skirmishes (:data:`SKIRMISHES` unless it was given others), in
        turn."""
        return [Setup.parse(self.skirmishes[i % len(self.skirmishes)], self.tables)
                for i in range(count)]

    def exploration_starts(self, rules: Rules, count: int):
        """Positions at the first attack phase of the example skirmishes: both sides
        fielded and their tactics set, the k-th start taking the choices a fixed stride
        apart, so that the explorer's few steps reach shots, back-stabs and pairings; every
        fourth start is the lay-out itself, so that fielding is played too."""
        for index, setup in enumerate(self.example_setups(count)):
            state = self.initial_state(setup, rules)
            step = 0
            while state.step in ("field", "tactics") and state.turn <= 1 and index % 4 != 3:
                options = self.legal_actions(state, rules)
                state = self.apply(state, options[(index * 5 + step * 3) % len(options)],
                                   rules)
                step += 1
            yield state

    def initial_state(self, setup: Setup, rules: Rules) -> State:
        def fresh(fighter: Fighter) -> Fighter:
            arms = tuple(Arm(a.code, combat.ammunition(self.tables.weapons[a.code], rules))
                         for a in fighter.arms)
            return dataclasses.replace(fighter, hits=card(self.tables, fighter).hits, arms=arms)

        sides = (tuple(map(fresh, setup.a)), tuple(map(fresh, setup.b)))
        return State(setup.size, 0, "field", 0, 0, 0, "-", sides, (0, 0, FIGHT_DECK, 0))

    def num_players(self, state: State) -> int:
        return 2

    def max_length(self, state: State) -> int:
        if state.step == "over":
            return 0
        bound = per_turn_bound(len(state.sides[0]) + len(state.sides[1]))
        return max(1, bound - state.acts) + (self._limit(state) - state.turn) * bound

    def _limit(self, state: State) -> int:
        # max_length takes no ruleset, so the bound uses the largest turn limit any ruleset
        # may set (and never fewer turns than already played).
        return max(MAX_TURN_LIMIT, state.turn)

    # -- states --------------------------------------------------------------------------------
    def parse_state(self, text: str) -> State:
        state = State.parse(text, self.tables)
        for side, band in enumerate(state.sides):
            if not band:
                raise InputError("each side has at least one warrior", SIDES[side].lower())
        for attack in state.queue:
            if attack.index >= len(state.sides[attack.side]):
                raise InputError(f"{attack} names a warrior the side lacks", "queue")
            if attack.target >= len(state.sides[1 - attack.side]):
                raise InputError(f"{attack} targets a warrior the side lacks", "queue")
            if attack.arm >= max(1, len(state.fighter(attack.side, attack.index).arms)):
                raise InputError(f"{attack} names a weapon the warrior lacks", "queue")
            if attack.kind == "spell" and not state.fighter(attack.side, attack.index).readied:
                raise InputError(f"{attack} is a bolt, but the warrior readied none (a * in "
                                 "its <...>)", "queue")
            if attack.kind == "spell" and attack.stage not in ("aim", "target_roll", "pick"):
                raise InputError(f"{attack}: a bolt is aimed, rolled for and cast at its "
                                 "pick, with no hit, shield or damage roll", "queue")
        for pair in state.pairs:
            if (pair.picker >= len(state.sides[pair.side])
                    or pair.picked >= len(state.sides[1 - pair.side])):
                raise InputError(f"{pair} names a warrior the side lacks", "pairs")
        for side, index in state.held:
            if index >= len(state.sides[side]):
                raise InputError(f"{who_text(side, index)} names a warrior the side lacks",
                                 "held")
        if state.step in ("tactics", "pair") and state.cursor >= len(state.sides[state.actor]):
            raise InputError(f"cursor {state.cursor} names a warrior side "
                             f"{SIDES[state.actor]} lacks", "cursor")
        if state.step in ("aim", "target_roll", "stab", "stab_roll", "pick", "hit_roll",
                          "dodge_roll", "shield_roll", "damage_roll"):
            if not state.queue or state.queue[0].stage != state.step:
                raise InputError(f"step {state.step} needs an attack at that stage first in "
                                 "the queue", "queue")
            if state.step not in ("aim", "target_roll", "stab", "stab_roll", "pick") and \
                    state.queue[0].target < 0:
                raise InputError(f"step {state.step} needs a target", "queue")
        if state.step == "first_strike" and not state.pairs:
            raise InputError("step first_strike needs a pairing", "pairs")
        return state

    def format_state(self, state: State) -> str:
        return str(state)

    def format_setup(self, setup: Setup) -> str:
        return str(setup)

    def layout(self, position: str) -> Layout | None:
        """The table as four rows, side B's back and front rows above side A's front and
        back rows, each warrior a token (killed ones marked); the turn, the step and the
        attacks to come beside it."""
        try:
            state = self.parse_state(position)
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

    # -- hidden information ------------------------------------------------------------------
    def observation(self, state: State, player: int) -> View:
        """Side ``player`` sees its own spell cards and the other side's count of face-down
        cards (FF 1.10), with a readied bolt shown (FF 7.3)."""
        enemy = 1 - player

        def face_down(fighter: Fighter) -> Fighter:
            shown = (fighter.readied,) if fighter.readied else ()
            hidden = (HIDDEN_SPELL,) * (len(fighter.spells) - len(shown))
            return dataclasses.replace(fighter, spells=shown + hidden)

        sides = list(state.sides)
        sides[enemy] = tuple(map(face_down, state.sides[enemy]))
        return View(player, dataclasses.replace(state, sides=tuple(sides)))

    def format_observation(self, observation: View) -> str:
        return str(observation)

    def resample(self, state: State, player: int, rng) -> State:
        """The other side's face-down spell cards drawn again from the spell deck less the
        cards ``player`` sees (its own, and the other side's readied bolts).  The state
        keeps no spell discard pile, so cards already cast go back into that pool: a
        superset of what the player could rule out, never a smaller one.  When the pool
        is too small (a position no recruit allows) the state is returned as it is."""
        enemy = 1 - player
        pool = collections.Counter({code: spell.copies
                                    for code, spell in self.tables.spells.items()})
        for fighter in state.sides[player]:
            pool.subtract(fighter.spells)
        for fighter in state.sides[enemy]:
            if fighter.readied:
                pool[fighter.readied] -= 1
        cards = sorted(pool.elements())
        rng.shuffle(cards)
        band = []
        for fighter in state.sides[enemy]:
            shown = (fighter.readied,) if fighter.readied else ()
            count = len(fighter.spells) - len(shown)
            if count > len(cards):
                return state
            band.append(dataclasses.replace(fighter, spells=shown + tuple(cards[:count])))
            cards = cards[count:]
        sides = list(state.sides)
        sides[enemy] = tuple(band)
        return dataclasses.replace(state, sides=tuple(sides))

    def current_player(self, state: State) -> int:
        if state.step == "over":
            return TERMINAL
        if state.step in CHANCE_STEPS:
            return CHANCE
        return state.actor

    def phase(self, state: State) -> str:
        return state.step

    def phase_graph(self) -> nx.DiGraph:
        return phase_graph()

    def outcome(self, state: State, rules: Rules) -> Outcome | None:
        if state.step != "over":
            return None
        standing = [bool(state.living(side)) for side in (0, 1)]
        scores = tuple(sum(max(0, f.hits) for f in band) for band in state.sides)
        if all(standing):
            return Outcome("undecided", frozenset(), scores)
        if not any(standing):
            return Outcome("draw", frozenset(), scores)
        winner = standing.index(True)
        return Outcome(f"side {SIDES[winner]} wins", frozenset({winner}), scores)

    # -- actions -------------------------------------------------------------------------------
    def chance_outcomes(self, state: State, rules: Rules):
        if self.current_player(state) != CHANCE:
            return ()
        return tuple((Move("roll", value=face), SIXTH) for face in combat.FACES)

    def legal_actions(self, state: State, rules: Rules) -> tuple[Move, ...]:
        step = state.step
        if step == "field":
            if self._field_problems(state):
                return ()
            return (Move("field", (state.actor, 0)),)
        if step == "tactics":
            fighter = state.fighter(state.actor, state.cursor)
            return cast_options(self.tables, state) + tuple(
                Move("set", (state.actor, state.cursor), row, uses)
                for row in ("F", "B") for uses in use_options(self.tables, fighter, rules)
                if self._rows_ok(state, row, rules))
        if step == "aim":
            head = state.queue[0]
            moves = []
            if state.living(1 - head.side, "F"):
                moves.append(Move("aim", word="front"))
            moves.append(Move("aim", word="roll"))
            return tuple(moves)
        if step == "stab":
            return (Move("stab", word="roll"), Move("stab", word="hold"))
        if step == "pick":
            head = state.queue[0]
            return tuple(Move("pick", (1 - head.side, i))
                         for i in state.living(1 - head.side, head.row))
        if step == "pair":
            return tuple(Move("pick", (1 - state.actor, i))
                         for i in self._opponents(state)[0])
        return ()

    def _rows_ok(self, state: State, row: str, rules: Rules) -> bool:
        """FF 1.2 under FF-A14: can the side still end its tactics with front >= back?"""
        if not rules.rows_rule_in_battle:
            return True
        side = state.actor
        living = state.living(side)
        done = [i for i in living if i < state.cursor]
        left = [i for i in living if i > state.cursor]
        front = sum(1 for i in done if state.fighter(side, i).row == "F") + (row == "F")
        back = sum(1 for i in done if state.fighter(side, i).row == "B") + (row == "B")
        return front + len(left) >= back

    def _field_problems(self, state: State):
        side = state.actor
        found = violations(self.tables, state.sides[side], state.size)
        if side == 1 and not found:
            found = shared_card_violations(self.tables, state.sides[0], state.sides[1])
        return found

    def _in_pairs(self, state: State) -> set[tuple[int, int]]:
        found = set()
        for pair in state.pairs:
            found.add((pair.side, pair.picker))
            found.add((1 - pair.side, pair.picked))
        return found

    def _opponents(self, state: State) -> tuple[list[int], bool]:
        """Whom the picker may pick, and whether that doubles up (FF 5.3, FF 5.4)."""
        enemy = 1 - state.actor
        front = state.living(enemy, "F")
        taken = self._in_pairs(state)
        free = [i for i in front if (enemy, i) not in taken]
        return (free, False) if free else (front, True)

    def action_kind(self, action: Move) -> str:
        return action.kind

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return ACTION_KINDS

    def format_action(self, state: State, action: Move) -> str:
        return str(action)

    def parse_action(self, state: State, text: str, rules: Rules) -> Move:
        move = Move.parse(text)
        if move in self.actions(state, rules):
            return move
        raise IllegalAction(self._illegal(state, move, rules), text)

    # -- refusals ------------------------------------------------------------------------------
    def _illegal(self, state: State, move: Any, rules: Rules) -> Illegal:
        if state.step == "over":
            return Illegal(("FF 8.1",), "the battle is over")
        if not isinstance(move, Move):
            return Illegal(("FF 2.1",), "not an action of this game")
        if self.current_player(state) == CHANCE:
            return Illegal(self._step_rules(state), f"a die is rolled now ({state.step})")
        if move.kind == "roll":
            return Illegal(("FF 2.1",), f"side {SIDES[state.actor]} decides now, no die is "
                                        "rolled")
        if state.step == "field":
            problems = self._field_problems(state)
            if move.kind != "field" or move.who[0] != state.actor:
                return Illegal(("FF 1.1",), f"side {SIDES[state.actor]} lays out its warband")
            if problems:
                rules_ = tuple(dict.fromkeys(p.rule for p in problems))
                return Illegal(rules_, "; ".join(str(p.text) for p in problems[:3]))
        if state.step == "tactics" and move.kind == "cast":
            return self._illegal_cast(state, move)
        if state.step == "tactics":
            if move.kind != "set" or move.who != (state.actor, state.cursor):
                return Illegal(("FF 3.1", "FF 3.2"), f"{who_text(state.actor, state.cursor)} "
                                                     "sets its row and weapon now")
            fighter = state.fighter(state.actor, state.cursor)
            if len(move.uses) > 1:
                if not card(self.tables, fighter).two_weapons or not rules.warrior_two_attacks:
                    return Illegal(("FF 1.7", "FF 3.3"), f"{fighter.card} uses one weapon a "
                                                         "turn")
                return Illegal(("FF 3.3",), "the Warrior's two weapons are two different "
                                            "one-handed hand-to-hand weapons it carries")
            if move.uses not in use_options(self.tables, fighter, rules):
                code = move.uses[0].rstrip("^") if move.uses else "-"
                carried = [a for a in fighter.arms if a.code == code]
                if carried and move.uses[0].endswith("^"):
                    return Illegal(("FF 4.5", "FF 3.2"), f"{code} cannot be thrown (no "
                                                         "ammunition left, or not a thrown "
                                                         "weapon)")
                return Illegal(("FF 1.7", "FF 3.2"), f"{fighter.card} carries "
                                                     f"{', '.join(a.code for a in fighter.arms) or 'no weapon'}")
            if not self._rows_ok(state, move.row, rules):
                return Illegal(("FF 1.2", "FF 3.1"), "the front row would hold fewer warriors "
                                                     "than the back row")
        if state.step == "aim" and move == Move("aim", word="front"):
            return Illegal(("FF 4.3",), "the enemy front row is empty")
        if state.step == "pick":
            head = state.queue[0]
            rule = "FF 5.2" if head.kind == "stab" else "FF 4.3"
            return Illegal((rule,), f"the target is a standing warrior of the enemy "
                                    f"{ROW_WORDS[head.row]} row")
        if state.step == "pair":
            options, doubled = self._opponents(state)
            if move.kind == "pick" and move.who[0] == 1 - state.actor:
                if doubled:
                    return Illegal(("FF 5.3", "FF 5.4"), "the opponent is a standing warrior "
                                                         "of the enemy front row")
                return Illegal(("FF 5.3", "FF 5.4"), "an enemy front-row warrior not yet "
                                                     "paired must be picked first")
        return Illegal(self._step_rules(state), f"{move} is not open now ({state.step})")

    def _illegal_cast(self, state: State, move: Move) -> Illegal:
        if move.who != (state.actor, state.cursor):
            return Illegal(("FF 7.2", "FF 3.1"), f"{who_text(state.actor, state.cursor)} "
                                                 "sets its tactics now, and only it may cast")
        caster = state.fighter(*move.who)
        if not card(self.tables, caster).spellcaster:
            return Illegal(("FF 1.10",), f"{caster.card} has no Spells value")
        if caster.cast:
            return Illegal(("FF 7.4",), f"{caster.card} has cast its one spell this turn")
        if move.word not in caster.spells:
            return Illegal(("FF 7.1", "FF 7.5"), f"{caster.card} holds no {move.word} card "
                                                 f"(it holds {', '.join(caster.spells) or 'none'})")
        spell = self.tables.spells[move.word]
        if not spell.in_tactics:
            return Illegal(("FF 7.3",), f"{spell.name} is a bolt: it is readied, with no "
                                        "target until the ranged attacks")
        if spell.effect == "heal":
            return Illegal(("FF 7.2",), f"{spell.name} is cast on a wounded, standing warrior "
                                        "of the caster's own side")
        return Illegal(("FF 7.2",), f"{spell.name} is cast on a standing warrior of the "
                                    "caster's own side")

    def _step_rules(self, state: State) -> tuple[str, ...]:
        return tuple(self.phase_graph().nodes[state.step]["rules"][:2]) or ("FF 2.1",)

    # -- transitions ---------------------------------------------------------------------------
    def resolve(self, state: State, action: Any, rules: Rules) -> Transition[State]:
        if not isinstance(action, Move) or action not in self.actions(state, rules):
            text = str(action) if isinstance(action, Move) else repr(action)
            raise IllegalAction(self._illegal(state, action, rules), text)
        steps: list[Step] = []
        after = self._act(state, action, rules, steps)
        if after.turn == state.turn:
            after = dataclasses.replace(after, acts=state.acts + 1)
        return Transition(after, tuple(steps))

    def _act(self, state: State, move: Move, rules: Rules, steps: list[Step]) -> State:
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
                state = self._start_stabs(state, steps)
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

    def _start_stabs(self, state: State, steps: list[Step]) -> State:
        stabbers = [(side, index) for side in (0, 1) for index in state.living(side)
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
        taken = self._in_pairs(state)
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
            return dataclasses.replace(state, step="pair", actor=side, cursor=index), True

    def _order_roll(self, state: State, face: int, rules: Rules,
                    steps: list[Step]) -> State:
        side = 0 if face <= 3 else 1
        taken = self._in_pairs(state)
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
        _, doubled = self._opponents(state)
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


def _attack_words(attack: Attack) -> str:
    """An attack waiting, for people: ``A0 ranged, next the hit roll, at B1``."""
    kind = {"ranged": "ranged", "stab": "back-stab", "melee": "hand to hand",
            "spell": "bolt"}[attack.kind]
    target = "" if attack.target < 0 else f", at {who_text(1 - attack.side, attack.target)}"
    return (f"{who_text(attack.side, attack.index)} {kind}, next the "
            f"{attack.stage.replace('_', ' ')}{target}")
