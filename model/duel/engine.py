"""The Power Source dice duel as a game of the core protocol.

A round runs Draw (chance, one card at a time), the optional discard (both
players at once), Before Rolls (a secret simultaneous choice), Generate Base
(chance, one Power Source at a time; a tie handled by DU-A1), After Rolls
(Aggressor, then Defender; REGEN brings a chance re-roll) with the Adrenaline
window's offers around the two cards (``open`` before the Aggressor's,
``close`` and ``answer`` after both, DU 4.11), Resolution steps
A to E (logged one step each), and Cleanup (a simultaneous trim to 4 when
needed, then Adrenaline).  The duel ends when a character is defeated, or
after the setup's last round (DU 1.4), which bounds every game.  What each
action does is :mod:`model.duel.round`'s; this module is the game the harness
sees: setups and starts, positions, who acts, chance, the legal actions with
their notation and the reasons an action is refused.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence


from model.core.errors import InputError
from model.core.game import (
    CHANCE, SIMULTANEOUS, Game, Illegal, IllegalAction, Joint, Outcome, Step, Transition,
    draw_outcomes, format_joint, split_joint,
)
from model.core.game_type import Chance, GameType, Information
from model.duel import short_position
from model.duel.ambiguities import AMBIGUITIES
from model.duel.characters import Card, Character, find_character
from model.duel.invariants import INVARIANTS, TRANSITION_INVARIANTS
from model.duel.phases import phase_graph
from model.duel.rulebook import GLOSSARY, RULEBOOK
from model.duel.round import (
    acting_player, advance, can_take_action, can_take_late_action, card_effects, drawer,
    rebase_outcomes, set_seat,
)
from model.duel.rules import PRESETS, Rules
from model.duel.state import (
    ACTION_KINDS, HAND_SIZE, KEEP_SIZE, LATE_STEP, WINDOW_STEPS, Play, Roll, Setup, State, View,
)
from model.duel.traceability import TRACEABILITY

if TYPE_CHECKING:  # networkx loads only when a phase graph is built
    import networkx as nx


@functools.lru_cache(maxsize=64)
def _bases_of(power) -> frozenset:
    """Every Base a Power Source can show, as the sorted values a ``base`` Roll carries."""
    return frozenset(values for values, _ in power.outcomes())

ROUND_MAX = 34
"""A bound on the actions of a round: 10 draws, the discard, Before Rolls, 2 Bases, a
re-generation, 2 After Rolls plays, 4 re-rolls (a card's and an Adrenaline
Action's for each player), 6 for the Adrenaline window's offers (4 at most are
made, DU 4.11; see ``_left_in_round``), the trim and, under the other reading of
DU-A8, the offers of the window after Cleanup."""


def draws_left(state: State) -> int:
    return sum(max(0, HAND_SIZE - len(h)) for h in state.hands)


class Duel(Game[State, Any, Rules]):
    """The Power Source dice duel, played with a table of characters."""

    game_type = GameType(
        "duel", "Power Source dice duel", 2, 2, Chance.EXPLICIT, Information.IMPERFECT,
        # The discard, Before Rolls and the trim are secret choices made together; the
        # length depends on the setup's rounds (max_length).
        simultaneous=True, longest_game=None, rulebook_file="strike-duel.txt")
    rules_type = Rules
    setup_type = Setup
    summary = ("Two characters generate a Base from their Power Source each round, modify "
               "it with Action Deck cards into a Strike Score, and deal the difference "
               "until one is at 0 HP; characters and cards are data, with four examples "
               "of ringside's own.")
    overview = (
        "Each player brings a character (hit points, a Power Source, a Critical Range, "
        "passives, Adrenaline Actions) and a 30-card Action Deck. A round has six parts: "
        "Draw to five, Before Rolls (a secret card each, revealed together), Generate "
        "Base, After Rolls (Aggressor first), Resolution in the fixed order A to E, and "
        "Cleanup. The rulebook prints no character: the shipped characters are "
        "ringside's own examples, not the publisher's.")

    def __init__(self, characters: Mapping[str, Character],
                 featured: Sequence[str] = ()) -> None:
        """A duel between the characters of the table ``characters`` (by key, in the
        order the example setups take them, the ``featured`` keys first: a user's
        characters; ``analysis.duel.loading`` builds the game of the shipped ones).
        Setups and positions name characters by key or name, looked up in this table."""
        if not characters:
            raise ValueError("a duel needs a table of one character or more")
        for key, char in characters.items():
            if key != char.key:
                raise ValueError(f"the character {char.key!r} is filed under {key!r}")
        unknown = [key for key in featured if key not in characters]
        if unknown:
            raise ValueError(f"featured characters not in the table: {unknown}")
        self.characters: Mapping[str, Character] = dict(characters)
        self.featured = tuple(featured)

    def _leading(self) -> list[Character]:
        """The characters in the order the examples take them: featured ones first."""
        rest = [char for key, char in self.characters.items() if key not in self.featured]
        return [self.characters[key] for key in self.featured] + rest

    presets = PRESETS
    rulebook = RULEBOOK
    ambiguities = AMBIGUITIES
    traceability = TRACEABILITY
    glossary = GLOSSARY
    invariants = INVARIANTS
    transition_invariants = TRANSITION_INVARIANTS

    # -- setups --------------------------------------------------------------------
    def parse_setup(self, text: str) -> Setup:
        return Setup.parse(text, self.characters)

    def _example_pairs(self) -> tuple[tuple[str, str], ...]:
        """Every ordered pair of the table's first three characters: each against the
        next, then each against the one before (one character: its mirror match)."""
        keys = [char.key for char in self._leading()[:3]]
        size = len(keys)
        return (tuple((keys[i], keys[(i + 1) % size]) for i in range(size))
                + tuple((keys[i], keys[(i - 1) % size]) for i in range(size)))

    def example_setups(self, count: int) -> list[Setup]:
        pairs = self._example_pairs()
        return [Setup(*pairs[i % len(pairs)], rounds=2 + i % 3) for i in range(count)]

    def initial_state(self, setup: Setup, rules: Rules) -> State:
        return self.start_with(find_character(self.characters, setup.first, "first"),
                               find_character(self.characters, setup.second, "second"),
                               setup.rounds)

    @staticmethod
    def start_with(first: Character, second: Character, rounds: int) -> State:
        """The first state of a duel of two characters (of the table, or read from files
        of their own)."""
        return State((first, second), 1, rounds, "draw", (first.hp, second.hp), (0, 0),
                         (0, 0), ((), ()), (first.deck(), second.deck()), ((), ()))

    def exploration_starts(self, rules: Rules, count: int) -> Iterable[State]:
        """Starts for searches and playouts, two kinds taken in turn.

        Even places: the example setups with low HP, so that playouts reach defeats.
        Odd places: small duels a breadth-first search can see to their end: the
        table's smallest character (:meth:`_small`; of the shipped ones the Spark
        Adept: a three-sided die, an Action Deck of one kind of card, so every draw
        has one outcome) against itself or against one of the first three whose
        Action Deck is down to its last few cards (the rest in the discard pile), at
        low HP, in the last round or the one before it.
        """
        setups = self.example_setups(count)
        for index in range(count):
            if index % 2 == 0:
                state = self.initial_state(setups[index], rules)
                hp = (min(state.hp[0], 3 + index % 5), min(state.hp[1], 4 + (index * 3) % 6))
                yield dataclasses.replace(state, hp=hp)
            else:
                yield self._small_start(index // 2)

    def _small(self) -> Character:
        """The character that keeps a search small: the fewest kinds of card in its
        Action Deck, then the fewest Bases (the first such in the table)."""
        return min(self.characters.values(),
                   key=lambda char: (len(char.cards), len(char.power.outcomes())))

    def _small_start(self, index: int) -> State:
        """The ``index``-th small start (see :meth:`exploration_starts`), in a cycle of
        six: the smallest character against the table's first, second, third and
        first again (of the shipped ones: the Ember Duelist, the Tidecaller, the
        Gravel Brute), whose decks are nearly spent, in a one-round duel; then
        against itself in a one-round and a two-round duel.  The mirrors come last:
        with one kind of card on both sides they hide nothing a resample could
        change, which the generic checks of the first starts ask for."""
        spark = self._small()
        place = index % 6
        if place >= 4:
            return dataclasses.replace(self.start_with(spark, spark, place - 3),
                                       hp=(place - 2, 2))
        opponents = self._leading()[:3]
        other = opponents[place % len(opponents)]
        state = dataclasses.replace(self.start_with(other, spark, 1),
                                    hp=(min(other.hp, 2 + index % 3), 2))
        # The opponent kept four cards (one of each of its last four kinds, card-id
        # order) and its deck is down to one card of each of its first three: the Draw
        # deals one card of three, the rest of the deck lies in the discard pile.
        kinds = [card.id for card in other.cards]
        hand, deck = tuple(kinds[-4:]), tuple(kinds[:3])
        discards = list(other.deck())
        for card in hand + deck:
            discards.remove(card)
        return dataclasses.replace(state, hands=(hand, ()), decks=(deck, state.decks[1]),
                                   discards=(tuple(discards), ()))

    def num_players(self, state: State) -> int:
        return 2

    def max_length(self, state: State) -> int:
        if state.step == "over":
            return 0
        return self._left_in_round(state) + (state.rounds - state.round) * ROUND_MAX

    @staticmethod
    def _left_in_round(state: State) -> int:
        # After Rolls plays, re-rolls, the window's offers (DU 4.11), the trim, and the
        # window after Cleanup (DU-A8).  The offers are bounded by two per player still
        # holding their action plus a term for the step, chosen so that every action
        # lowers the bound: a pass moves to a step of a lower term, an action spends a
        # player's two.  The window after Cleanup counts last (at most 5), below the
        # trim (6), below every step before it.
        unused = 2 - sum(state.used)
        if state.step == LATE_STEP:
            return 2 * unused + 1
        window = 2 * unused + {"open": 2, "after": 1, "regen": 1, "close": 1,
                               "answer": 0}.get(state.step, 2)
        offers = (2 - sum(state.acted)) + (4 - state.regens_done) + window + 1 + 6
        return {"draw": draws_left(state) + 24, "discard": 24, "before": 23,
                "roll": 22 - (state.base[0] is not None), "reroll": 20, "after": offers,
                "regen": offers, "open": offers, "close": offers, "answer": offers,
                "trim": 6}[state.step]

    # -- states ----------------------------------------------------------------------
    def position_parts(self, setup: Setup) -> tuple:
        return short_position.PARTS

    def position_from_setup(self, setup: Setup, overrides: Mapping[str, Any],
                            rules: Rules) -> State:
        """A short position (:mod:`model.duel.short_position`): decks keep their cards."""
        return short_position.position_from_setup(self, setup, overrides, rules)

    def parse_state(self, text: str) -> State:
        return State.parse(text, self.characters)

    def phase(self, state: State) -> str:
        return state.step

    def phase_graph(self) -> nx.DiGraph:
        return phase_graph()

    def current_player(self, state: State) -> int:
        return acting_player(state)

    def players_to_act(self, state: State) -> tuple[int, ...]:
        player = self.current_player(state)
        if player >= 0:
            return (player,)
        if player != SIMULTANEOUS:
            return ()
        if state.step == "discard":
            return tuple(s for s in (0, 1) if state.hands[s])
        if state.step == "trim":
            return tuple(s for s in (0, 1) if len(state.hands[s]) > KEEP_SIZE)
        if state.step == "close":  # no roles: everyone who can still act, together
            return tuple(s for s in (0, 1) if can_take_action(state, s))
        if state.step == LATE_STEP:  # after Cleanup (DU-A8): everyone who can, together
            return tuple(s for s in (0, 1) if can_take_late_action(state, s))
        return (0, 1)

    def outcome(self, state: State, rules: Rules) -> Outcome | None:
        if state.step != "over":
            return None
        standing = frozenset(s for s in (0, 1) if state.hp[s] > 0)
        if len(standing) == 2:
            return Outcome("unfinished", frozenset(), state.hp)
        if not standing:
            return Outcome("draw", frozenset(), state.hp)
        return Outcome(f"player {min(standing)} wins", standing, state.hp)

    # -- hidden information --------------------------------------------------------------
    def observation(self, state: State, player: int) -> View:
        other = 1 - player
        public = dataclasses.replace(state, hands=((), ()), decks=((), ()))
        return View(player, state.hands[player], state.decks[player],
                        len(state.hands[other]), len(state.decks[other]), str(public))

    def format_observation(self, observation: Any) -> str:
        return str(observation)

    def resample(self, state: State, player: int, rng) -> State:
        """The opponent's hand dealt again from their hand and deck together."""
        other = 1 - player
        pool = list(state.hands[other] + state.decks[other])
        rng.shuffle(pool)
        size = len(state.hands[other])
        return dataclasses.replace(
            state, hands=set_seat(state.hands, other, tuple(sorted(pool[:size]))),
            decks=set_seat(state.decks, other, tuple(sorted(pool[size:]))))

    def chance_outcomes(self, state: State, rules: Rules):
        if state.step == "draw":
            seat = drawer(state, rules)
            if seat is None:  # a position written by hand where nobody can draw
                return ()
            pile = state.decks[seat] or state.discards[seat]
            return tuple((Roll("draw", card), p) for card, p in draw_outcomes(pile))
        if state.step == "roll":
            seat = 0 if state.base[0] is None else 1
            return tuple((Roll("base", values=v), p)
                         for v, p in state.chars[seat].power.outcomes())
        if state.step == "reroll":
            return rebase_outcomes(state)
        if state.step == "regen":
            seat, value = state.regens[0]
            kept = list(state.base[seat])
            kept.remove(value)
            return tuple((Roll("regen", values=(v,)), p) for v, p in
                         state.chars[seat].power.regen_outcomes(tuple(kept)))
        return ()

    def _card_choices(self, state: State, seat: int, card: Card, adrenaline: int,
                      target_bases: dict[str, tuple[int, ...]]) -> list[Play]:
        options = range(1, len(card.options) + 1) if card.options else (0,)
        rushes = (False, True) if card.rush and adrenaline >= card.rush.cost else (False,)
        plays = []
        for option, rush in itertools.product(options, rushes):
            effects = card_effects(card, option, rush)
            regen = [e for e in effects if e.kind == "regen"]
            values = sorted(set(target_bases[regen[0].to])) if regen else [None]
            plays.extend(Play("play", card.id, option, rush, card_regen=v) for v in values)
        return plays

    def player_actions(self, state: State, rules: Rules, player: int) -> tuple[Play, ...]:
        if player not in self.players_to_act(state):
            return ()
        hand = state.hands[player]
        char = state.chars[player]
        if state.step == "discard":
            return (Play("keep"),) + tuple(Play("discard", c) for c in sorted(set(hand)))
        if state.step == "trim":
            return tuple(Play("trim", c) for c in sorted(set(hand)))
        bases = {"self": state.base[player] or (), "opponent": state.base[1 - player] or ()}
        if state.step in WINDOW_STEPS + (LATE_STEP,):
            # after Cleanup the Bases are gone, so no REGEN can name a die (DU-A8)
            return (Play("pass"),) + self._with_actions(Play("pass"), char,
                                                        state.adrenaline[player], bases)
        timing = "before" if state.step == "before" else "after"
        bases = {"self": state.base[player] or (), "opponent": state.base[1 - player] or ()}
        plays = [Play("pass")]
        for card_id in sorted(set(hand)):
            card = char.card(card_id)
            if card is not None and card.timing == timing:
                plays.extend(self._card_choices(state, player, card, state.adrenaline[player],
                                                bases))
        if rules.rush_is_the_action:
            # DU-A9, the other reading: a Rush is the round's one Adrenaline Action
            plays = [play for play in plays if not (play.rush and state.used[player])]
        if timing == "before" or state.used[player]:
            return tuple(plays)
        with_actions = list(plays)
        for play in plays:
            if play.rush and rules.rush_is_the_action:
                continue
            left = state.adrenaline[player] - (char.card(play.card).rush.cost if play.rush else 0)
            with_actions.extend(self._with_actions(play, char, left, bases))
        return tuple(with_actions)

    @staticmethod
    def _with_actions(play: Play, char: Character, adrenaline: int,
                      bases: dict[str, tuple[int, ...]]) -> tuple[Play, ...]:
        """``play`` with each Adrenaline Action ``adrenaline`` pays for (DU 4.8), one per
        die a REGEN of the action can name (DU 4.10)."""
        found = []
        for action in char.adrenaline:
            if action.cost > adrenaline:
                continue
            regen = [e for e in action.effects if e.kind == "regen"]
            values = sorted(set(bases[regen[0].to])) if regen else [None]
            found.extend(dataclasses.replace(play, adrenaline=action.key, action_regen=v)
                         for v in values)
        return tuple(found)

    def legal_actions(self, state: State, rules: Rules):
        player = self.current_player(state)
        if player == SIMULTANEOUS:
            return self.joint_actions(state, rules)
        if player >= 0:
            return self.player_actions(state, rules, player)
        return ()

    def action_kind(self, action: Any) -> str:
        if isinstance(action, Joint):
            kinds = [a.kind for _, a in action.choices]
            return "play" if "play" in kinds else kinds[0]
        return action.kind

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return ACTION_KINDS

    def format_action(self, state: State, action: Any) -> str:
        if isinstance(action, Joint):
            return format_joint(action, lambda player, choice: str(choice))
        return str(action)

    _SYNTAX = re.compile(
        r"^(draw \w+|base( \d+)+|rebase( \d+)+ /( \d+)+|regen \d+|keep|discard \w+|trim \w+|"
        r"pass|play \w+( or \d+)?( rush)?( regen \d+)?)( \+ adrenaline [\w-]+( regen \d+)?)?$")

    def parse_action(self, state: State, text: str, rules: Rules):
        if not isinstance(text, str):
            raise InputError(f"an action is text, not {type(text).__name__}")
        canonical = " ".join(text.lower().split())
        player = self.current_player(state)
        if player == SIMULTANEOUS:
            pieces = split_joint(canonical, self.players_to_act(state))
            for _, piece in pieces:
                self._check_syntax(piece, text)
            for action in self.legal_actions(state, rules):
                if self.format_action(state, action).lower() == canonical:
                    return action
        else:
            self._check_syntax(canonical, text)
            for action in self.actions(state, rules):
                if self.format_action(state, action).lower() == canonical:
                    return action
        raise IllegalAction(self._illegal(state, canonical, rules), text.strip())

    def _check_syntax(self, piece: str, text: str) -> None:
        if not self._SYNTAX.match(piece):
            raise InputError(f"{text!r} is not an action of the duel; actions look like "
                             "'draw E01', 'keep', 'discard E01', 'pass', 'play E02 or 1 rush', "
                             "'play E07 regen 3 + adrenaline second-wind', 'base 3 5', "
                             "'regen 4', 'trim E01'")

    _STEP_RULES = {"draw": ("DU 2.1",), "discard": ("DU 2.2",), "before": ("DU 3.1",),
                   "roll": ("DU 4.1",), "reroll": ("DU 4.4",), "after": ("DU 4.6",),
                   "open": ("DU 4.11",), "close": ("DU 4.11",), "answer": ("DU 4.11",),
                   "regen": ("DU 4.10",), "trim": ("DU 7.5",), "over": ("DU 1.3",),
                   LATE_STEP: ("DU 4.8", "DU 4.11")}

    def _illegal(self, state: State, text: str, rules: Rules) -> Illegal:
        rule = self._STEP_RULES[state.step]
        if state.step == "over":
            return Illegal(rule, "the duel is over")
        player = self.current_player(state)
        if player == CHANCE:
            return Illegal(rule, f"chance acts now ({state.step}); {text!r} is not one of its "
                                 "outcomes")
        words = text.split()
        if state.step in WINDOW_STEPS + (LATE_STEP,) and "play" in words:
            return Illegal(("DU 4.11",), "only an Adrenaline Action or a pass is open now; "
                                         "cards are played at After Rolls")
        if state.step in ("after", LATE_STEP) + WINDOW_STEPS and "adrenaline" in words:
            seat = player if player >= 0 else None
            if seat is not None and state.used[seat]:
                return Illegal(("DU 4.8",), f"player {seat} has used an Adrenaline Action "
                                            "this round")
            return Illegal(("DU 4.8", "DU 7.1"), "no such Adrenaline Action is affordable "
                                                 "now")
        if "regen" in words and state.step == "after":
            return Illegal(("DU 4.10",), "a REGEN names a die the targeted Base shows")
        if "rush" in words:
            return Illegal(("DU 4.9",), "the Rush is not affordable, or the card has none")
        if "play" in words:
            return Illegal(rule, "that card is not in hand for this step (Before Rolls cards "
                                 "before the roll, After Rolls cards after it)")
        return Illegal(rule, f"{text!r} is not open at {state.step}")

    # -- transitions ---------------------------------------------------------------------
    def _may_happen(self, state: State, action: Any, rules: Rules) -> bool:
        """Whether ``action`` is among :meth:`actions`; a Base roll is looked up in the
        Power Source's Bases instead of listing them all (4d20 has 8,855: listing them for
        each roll made the exact odds of such a character quadratic, minutes long)."""
        if isinstance(action, Roll) and action.kind == "base" and state.step == "roll" \
                and self.current_player(state) == CHANCE:
            seat = 0 if state.base[0] is None else 1
            return action.values in _bases_of(state.chars[seat].power)
        return action in self.actions(state, rules)

    def resolve(self, state: State, action: Any, rules: Rules) -> Transition[State]:
        if not self._may_happen(state, action, rules):
            text = self.format_action(state, action) if isinstance(action, (Joint, Play, Roll)) \
                else repr(action)
            raise IllegalAction(self._illegal(state, text, rules), text)
        steps: list[Step] = []
        state = advance(state, action, rules, steps)
        return Transition(state, tuple(steps))


