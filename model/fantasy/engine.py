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
What each action does is :mod:`model.fantasy.battle`'s; this module is the game
the harness sees: setups and starts, positions, what each side sees, who acts,
chance, the legal actions and the reasons an action is refused.
"""

from __future__ import annotations

import collections
import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Mapping, Sequence


from model.core.errors import InputError
from model.core.game import (
    CHANCE, TERMINAL, Game, Illegal, IllegalAction, KindedMoves, Outcome, Step, Transition,
)
from model.core.game_type import Chance, GameType, Information
from model.fantasy import combat, short_position
from model.fantasy.ambiguities import AMBIGUITIES
from model.fantasy.battle import Battle, opponents
from model.fantasy.fighters import card, cast_options, use_options
from model.fantasy.invariants import invariants, transition_invariants
from model.fantasy.phases import phase_graph
from model.fantasy.recruit import shared_card_violations, violations
from model.fantasy.rulebook import GLOSSARY, RULEBOOK
from model.fantasy.rules import MAX_TURN_LIMIT, PRESETS, Rules
from model.fantasy.state import (
    ACTION_KINDS, FIGHT_DECK, HIDDEN_SPELL, ROW_WORDS, SIDES, Arm, Fighter, Move, Setup,
    State, View, who_text,
)
from model.fantasy.tables import Tables
from model.fantasy.traceability import TRACEABILITY

if TYPE_CHECKING:  # networkx loads only when a phase graph is built
    import networkx as nx

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


class FantasyFightClub(KindedMoves, Game[State, Move, Rules]):
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

    def __init__(self, tables: Tables, skirmishes: Sequence[str] = SKIRMISHES,
                 featured: Sequence[str] = ()) -> None:
        """A battle played with the card tables ``tables`` (the warrior and weapon tables,
        the equipment and spell sets; ``analysis.fantasy.loading`` builds the game of the
        shipped ones).  Setups and positions name cards of these tables; ``skirmishes``
        are the example setups, written with them, and ``featured`` the cards of a
        user's that the first of them hold."""
        if not skirmishes:
            raise ValueError("a game needs one skirmish or more for its example setups")
        self.featured = tuple(featured)
        self.tables = tables
        self.battle = Battle(tables)
        self.skirmishes = tuple(skirmishes)
        self.invariants = invariants(tables)
        self.transition_invariants = transition_invariants(tables)

    presets = PRESETS
    move_type = Move
    action_kinds = ACTION_KINDS
    rulebook = RULEBOOK
    ambiguities = AMBIGUITIES
    traceability = TRACEABILITY
    glossary = GLOSSARY

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
    def position_parts(self, setup: Setup) -> tuple:
        return short_position.PARTS

    def position_from_setup(self, setup: Setup, overrides: Mapping[str, Any],
                            rules: Rules) -> State:
        """A short position (:mod:`model.fantasy.short_position`)."""
        return short_position.position_from_setup(self, setup, overrides, rules)

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
            options, doubled = opponents(state)
            picks = tuple(Move("pick", (1 - state.actor, i)) for i in options)
            # FF-A19: doubling up is the larger side's option, not its duty
            return picks + ((Move("pick", word="none"),)
                            if doubled and rules.doubling_up_optional else ())
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
            options, doubled = opponents(state)
            if move == Move("pick", word="none"):
                return Illegal(("FF 5.4", "FF 5.3"),
                               "a warrior with no enemy left to pair must double up"
                               if doubled else "an enemy front-row warrior is free to pick")
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
        after = self.battle.act(state, action, rules, steps)
        if after.turn == state.turn:
            after = dataclasses.replace(after, acts=state.acts + 1)
        return Transition(after, tuple(steps))
