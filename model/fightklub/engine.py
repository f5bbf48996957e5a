"""The Fight Klub game (:class:`FightKlub`): the core protocol over the whole game, setup to end.

Two players meet with two shipped decks.  Getting started (FK 4.1 to FK 4.6):
the characters and both copies of The Drop lie on the table, the stacks are
shuffled, chance gives The Drop to one player (1/2 each), each player draws
to their hand value one card at a time, adds their first setup energy, and the
Drop holder chooses who sets up first.  The setup phase (FK 4.7 to FK 4.16):
each player in turn takes the first setup action and then two setup actions
(a condition, a gear, a setup instant, a setup line of a card in play, or a
pass), paying each cost with the energy model (:mod:`model.fightklub.energy`)
as part of the action; then the Drop holder and then the other player lay
three fight cards face down, and the reveal begins the fight phase
(:mod:`model.fightklub.setup_phase`).

The rest of the turn (FK 6: the fights, the cooldown, the even-up, the passing
of The Drop and the next turn, the end of the game) is
:mod:`model.fightklub.turn`, which calls :mod:`model.fightklub.fights` for the
arithmetic of every fight (FK 5).  The game ends when the damage scored
against a character reaches its life, or when nobody has a fight card left to
lay (FK-T1).

Only fully known cards can be played: the card texts of ONE are not public, so
a deck of ONE (``rambo``, ``hannibal``) is refused with an
:class:`~model.core.errors.InputError` naming the unknown facts, and the model
plays ringside's synthetic decks (``synthetic-brick``, ``synthetic-dana``).
A line or result tab that does something the model does not carry out (see
:mod:`model.fightklub.carried`) is refused the
same way rather than half played.

Stacks are unordered hidden collections (FK 4.2): every card taken from one is
a chance event over the cards it holds (:func:`model.core.game.draw_outcomes`),
which keeps the explorer's states few and the odds exact.  Exhausted fight
cards go under the fight stack in a known order (FK 6.11).
"""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Mapping, Sequence


from model.core.game import (
    CHANCE, TERMINAL, AmbiguousAction, Game, Illegal, IllegalAction, KindedMoves, Outcome,
    Step, Transition, draw_outcomes,
)
from model.core.game_type import Chance, GameType, Information
from model.fightklub.cards import Card
from model.fightklub.carried import setup_lines
from model.fightklub import bounds, short_position, turn, turn_moves
from model.fightklub.catalog import Catalog
from model.fightklub.energy import pay as pay_from_pool
from model.fightklub.invariants import INVARIANTS, TRANSITION_INVARIANTS
from model.fightklub.payment import burn_rules, part_rule, situation
from model.fightklub.phases import phase_graph
from model.fightklub.setup_phase import (
    ability_cost, begin_setup, deal, end_action, lay, play_card, return_choices, setup_moves,
    revealed, setup_started, take_card, use_line,
)
from model.fightklub.view import View, public_view, shown_hand_owner
from model.fightklub.energy import (
    Cost, payment_problem,
)
from model.fightklub.ambiguities import AMBIGUITIES
from model.fightklub.rulebook import GLOSSARY, RULEBOOK
from model.fightklub.rules import PRESETS, Rules
from model.fightklub.seats import clockwise, damage_dealt
from model.fightklub.current_fight import fight_seats, open_places
from model.fightklub.traceability import TRACEABILITY
from model.fightklub.state import (
    ACTION_KINDS, LAID, MAX_PLAYERS, ORDERED_STEPS, PLAYERS, SETUP_ACTIONS, TURN_STEPS, Move,
    MAX_ROUND, Setup, State, Side, cards_text, make_damage_entry,
)

if TYPE_CHECKING:  # networkx loads only when a phase graph is built
    import networkx as nx

DECKS = ("synthetic-brick", "synthetic-dana")
"""The decks the examples and the explorer use: every card of them is known."""


@functools.lru_cache(maxsize=1 << 14)
def _draws(kind: str, stack: tuple[str, ...]) -> tuple[tuple[Move, Fraction], ...]:
    """The chance outcomes of taking one card from an unordered stack (FK 4.2)."""
    return tuple((Move(kind, code), p) for code, p in draw_outcomes(stack))


LATE_DRAW = 4
"""Cards left in each draw stack of a :func:`late_game` position."""
LATE_FIGHT = 4
"""Fight cards each player still has to fight in a :func:`late_game` position."""
LATE_MARGIN = 4
"""How far short of the opponent's life a :func:`late_game` damage stack stays."""


def late_game(catalog: Catalog, decks: tuple[str, ...], index: int = 0) -> State:
    """A position at the start of a late turn (round 3), built by rule from the decks: each
    player's draw stack down to :data:`LATE_DRAW` cards (the rest in hand, up to the hand
    value, and in the discard stack), :data:`LATE_FIGHT` fight cards left in the fight
    stack, the others scored against the player on their left (as long as that player
    stays :data:`LATE_MARGIN` damage short of their life) or, when they would not fit,
    waiting in raise the stakes (2 players) or exhausted under the fight stack (more,
    FK 7.6); player ``index`` (modulo the players) holds The Drop.  Short stacks make
    whole games short, for the explorer."""

    infos = [catalog.deck(name) for name in decks]
    players = len(infos)
    taken = [0] * players
    sides = []
    for seat, info in enumerate(infos):
        victim = (seat + 1) % players
        victim_life = infos[victim].character.parts.life
        draw = info.draw
        fights_left = info.fight[:LATE_FIGHT]
        damage: list[str] = []
        aside: list[str] = []
        for code in info.fight[LATE_FIGHT:]:
            markers = catalog.card(code).parts.damage
            if taken[victim] + markers <= victim_life - LATE_MARGIN:
                damage.append(make_damage_entry(code, False, victim, players))
                taken[victim] += markers
            else:
                aside.append(code)
        pool = info.first_setup_energy.plus(info.first_setup_energy)
        rest = list(draw[LATE_DRAW + info.hand_value:])
        # a gear and a condition in play, so that enhance and cooldown lines are open
        support = []
        for kind in ("gear", "condition"):
            found = next((code for code in rest if catalog.card(code).type == kind), None)
            if found is not None:
                rest.remove(found)
                support.append(found)
        stakes, under = (tuple(aside), ()) if players == PLAYERS else ((), tuple(aside))
        sides.append(Side(draw=draw[:LATE_DRAW], hand=draw[LATE_DRAW:LATE_DRAW + info.hand_value],
                          support=tuple(sorted(support)), discard=tuple(rest),
                          fight=fights_left, damage=tuple(sorted(damage)), stakes=stakes,
                          under=under, pool=pool))
    holder = index % players
    if players == PLAYERS:
        return State(decks, "order", holder, None, holder, 0, 0, tuple(sides), round=3)
    # with more players the holder's setup begins at once (FK 7.3)
    return State(decks, "setup", holder, holder, holder, SETUP_ACTIONS, 0, tuple(sides),
                   round=3)


class FightKlub(KindedMoves, Game[State, Move, Rules]):
    # chance deals every card and gives The Drop; a hand and the stacks are hidden; the
    # length of a game depends on its decks (max_length of the first state gives it)
    game_type = GameType("fightklub", "Fight Klub", PLAYERS, MAX_PLAYERS, Chance.EXPLICIT,
                         Information.IMPERFECT, simultaneous=False, longest_game=None,
                         rulebook_file="fight-klub.txt")
    rules_type = Rules
    traceability = TRACEABILITY
    setup_type = Setup
    summary = ("The two-player card game from getting started to the end of the game: the "
               "setup phase, the fights, the cooldown and the even-up, turn after turn, "
               "played with ringside's synthetic decks since the card texts of ONE are not "
               "public.")
    overview = (
        "Each player brings a 40-card deck: a character, a draw stack of 26 conditions, "
        "effects, gear and instants, a fight stack of 12 fight cards and The Drop. Getting "
        "started, chance gives The Drop to one player, both draw to their hand value and "
        "add their first setup energy, and the Drop holder picks who sets up first. In the "
        "setup phase each player adds the first setup energy and takes two setup actions, "
        "paying energy for the cards they play; then both lay three fight cards face down "
        "and reveal them. In the fight phase the Drop holder picks each fight in turn "
        "(unopposed cards first); each fight has an enhance step (one action each: an "
        "effect, an instant, a line, a gear, or a pass), a fight step (skirmishes one at a "
        "time in the holder's order, or clash text) and a score step, after which the "
        "winning card scores its damage, with any raise-the-stakes cards, and the losing "
        "card is exhausted under its fight stack; ties go to raise the stakes. The cooldown "
        "gives each player one more action, the even-up discards down to the hold value "
        "and draws up to the hand value, and The Drop passes. The game ends the moment a "
        "character's damage reaches its life.")

    def __init__(self, cards: Mapping[str, Card],
                 decks: Mapping[str, tuple[str, str]] | None = None,
                 featured: Sequence[str] = ()) -> None:
        """The game played with the card table ``cards`` (code -> card) and the deck lists
        ``decks`` (name -> ``(text, where)``): :mod:`analysis.fightklub.loading` gives
        those of the shipped files.  ``featured`` decks (of ``decks``) lead the example
        setups: those a user's card file made playable."""
        self.catalog = Catalog(dict(cards), dict(decks or {}))
        self.featured = tuple(featured)
        # the invariants look cards and decks up: each game checks them in its own catalog
        self.invariants = tuple(dataclasses.replace(
            invariant, check=functools.partial(invariant.check, self.catalog))
            for invariant in INVARIANTS)
        self.transition_invariants = tuple(dataclasses.replace(
            invariant, check=functools.partial(invariant.check, self.catalog))
            for invariant in TRANSITION_INVARIANTS)

    presets = PRESETS
    move_type = Move
    action_kinds = ACTION_KINDS
    rulebook = RULEBOOK
    ambiguities = AMBIGUITIES
    glossary = GLOSSARY

    # -- setups -------------------------------------------------------------------------
    def parse_setup(self, text: str) -> Setup:
        return Setup.parse(text, self.catalog.deck)

    def example_setups(self, count: int) -> list[Setup]:
        """The two synthetic decks against each other, both ways round, a table of three
        (the villain deck too), each deck against itself, and a table of four.  The
        featured decks come first: each against each other one (both ways round), then
        each against the two synthetic decks (as the first player, then the second) and
        against itself."""
        vex = "synthetic-vex"
        tables = ((DECKS[0], DECKS[1]), (DECKS[1], DECKS[0]), (DECKS[0], DECKS[1], vex),
                  (DECKS[0], DECKS[0]), (DECKS[1], DECKS[1]), (vex, DECKS[0], DECKS[1], DECKS[1]))
        mine = self.featured
        tables = (tuple((a, b) for a in mine for b in mine if a != b)
                  + tuple(table for a in mine
                          for table in ((a, DECKS[0]), (DECKS[1], a), (a, a)))
                  + tables)
        return [Setup(tables[index % len(tables)]) for index in range(count)]

    def exploration_starts(self, rules: Rules, count: int):
        """Late-game positions with short stacks (:func:`late_game`), so that the search
        and the playouts reach the end of the game in a few dozen actions; getting
        started and whole games are the tests' and ``ringside fightklub play``'s."""
        for index, setup in enumerate(self.example_setups(count)):
            yield late_game(self.catalog, setup.decks, index)

    def initial_state(self, setup: Setup, rules: Rules) -> State:
        """Characters and Drops on the table, the two stacks of each deck shuffled
        (FK 4.1, FK 4.2); chance gives The Drop first."""
        sides = tuple(Side(draw=self.catalog.deck(name).draw, fight=self.catalog.deck(name).fight)
                      for name in setup.decks)
        return State(setup.decks, "drop", None, None, 0, 0, 0, sides)

    def num_players(self, state: State) -> int:
        return state.players

    def max_length(self, state: State) -> int:
        """A bound that every action lowers by one at least (see
        :func:`model.fightklub.bounds.length_bound`): the turns still possible, each at
        most a whole turn's actions, and what is left of the current turn."""
        if state.players > PLAYERS:
            return bounds.multiplayer_length_bound(self.catalog, state, self._setup_left(state))
        return bounds.length_bound(self.catalog, state, self._setup_left(state))

    def _setup_left(self, state: State) -> int:
        """Each action of getting started and the setup phase takes one of: The Drop's
        chance, a card of the deal, the holder's choice, a setup action (with the most
        cards one can draw), a pending draw, a fight card laid."""
        if state.step in TURN_STEPS:
            return 0
        decks = [self.catalog.deck(name) for name in state.decks]
        total = 1 if state.step == "drop" else 0
        if state.step == "drop":
            total += sum(deck.hand_value for deck in decks)
        elif state.step == "deal":
            total += max(0, decks[state.turn].hand_value - len(state.side(state.turn).hand))
            order = clockwise(self.catalog, state, state.drop)
            for other in order[order.index(state.turn) + 1:]:
                total += decks[other].hand_value
        if state.step in ("drop", "deal", "order"):
            total += 1
        for player in range(state.players):
            per_action = 1 + decks[player].most_drawn
            if not setup_started(self.catalog, state, player):
                total += SETUP_ACTIONS * per_action
            elif state.step in ("setup", "draw") and state.turn == player:
                total += state.left * per_action + state.pending
        laying = clockwise(self.catalog, state, state.drop) if state.step == "lay" else ()
        for player in range(state.players):
            side = state.side(player)
            stacked = len(side.fight) + len(side.under)
            if state.step != "lay":
                total += min(LAID, stacked)
            elif player == state.turn:
                total += min(LAID, stacked + len(side.laid)) - len(side.laid)
            elif (player in laying and state.turn in laying
                  and laying.index(player) > laying.index(state.turn)):
                total += min(LAID, stacked)  # lays after the player laying now
        return total

    # -- states --------------------------------------------------------------------------
    def position_parts(self, setup: Setup) -> tuple:
        return short_position.PARTS

    def position_from_setup(self, setup: Setup, overrides: Mapping[str, Any],
                            rules: Rules) -> State:
        """A short position (:mod:`model.fightklub.short_position`): the stacks keep
        their cards."""
        return short_position.position_from_setup(self, setup, overrides, rules)

    def parse_state(self, text: str) -> State:
        return State.parse(text, self.catalog.deck)

    def phase(self, state: State) -> str:
        if state.queue:
            return "draw_task" if state.queue[0].kind == "draw" else "discard_task"
        return state.step

    def phase_graph(self) -> nx.DiGraph:
        return phase_graph()

    def current_player(self, state: State) -> int:
        if state.queue:
            task = state.queue[0]
            return CHANCE if task.kind == "draw" or task.blind else task.chooser
        if state.step in ("drop", "deal", "draw", "lay"):
            return CHANCE
        if state.step == "over":
            return TERMINAL
        if state.players > PLAYERS:
            # the one who decides (the challenger, the owner of a card left over, or the
            # player who picks the skirmishes) is the acting player at these steps too
            return state.turn
        if state.step == "fight" and open_places(state)[1]:
            # whoever orders the unopposed cards was set on entering the step (FK-T6)
            return state.turn
        if state.step == "skirmish" and len(fight_seats(state)) == 1:
            # whoever picks an unopposed card's next result tab was set too (FK-T7)
            return state.turn
        if state.step in ("order", "fight", "skirmish", "clash"):
            return state.drop
        if state.step in ORDERED_STEPS and state.first is None:
            return state.drop
        return state.turn

    def outcome(self, state: State, rules: Rules) -> Outcome | None:
        """A finished game: the winner, or none (FK 6.12, FK-T1); scores are the damage
        each player dealt."""
        if state.step != "over":
            return None
        winner = turn.outcome_winner(self.catalog, state, rules)
        dealt = tuple(damage_dealt(self.catalog, state, seat) for seat in range(state.players))
        if winner is None and state.round >= MAX_ROUND and state.players > PLAYERS:
            return Outcome(f"stopped at turn {MAX_ROUND}, the model's limit (no rule ends it)",
                           frozenset(), dealt)
        if winner is None:
            return Outcome("drawn", frozenset(), dealt)
        return Outcome(f"player {winner} wins", frozenset({winner}), dealt)

    # -- hidden information --------------------------------------------------------------
    def observation(self, state: State, player: int) -> View:
        owner = shown_hand_owner(state, player)
        shown = state.side(owner).hand if owner is not None else ()
        return View(player, state.side(player).hand, public_view(state), shown)

    def format_observation(self, observation: Any) -> str:
        return str(observation)

    def resample(self, state: State, player: int, rng) -> State:
        """The other player's hand and draw stack dealt again from the cards among them,
        and, before the reveal, each player's face-down fight cards drawn again from their
        fight stack and laid cards together (while the shuffled stack lasts: exhausted
        cards come back in a known order); the player's own draw stack is what their deck
        list leaves, so it stays."""
        shown = shown_hand_owner(state, player)
        for other in range(state.players):
            if other == player:
                continue
            side = state.side(other)
            if other == shown:
                # the hand lies open for this player's choice: only the draw stack is hidden
                continue
            pool = list(side.hand + side.draw)
            rng.shuffle(pool)
            cut = len(side.hand)
            state = state.with_side(other, hand=tuple(sorted(pool[:cut])),
                                    draw=tuple(sorted(pool[cut:])))
        if state.step not in TURN_STEPS:
            for seat in range(state.players):
                seat_side = state.side(seat)
                if not seat_side.fight:
                    # laid cards may have come from under the stack, in a known order
                    continue
                cards = list(seat_side.laid + seat_side.fight)
                rng.shuffle(cards)
                count = len(seat_side.laid)
                state = state.with_side(seat, laid=tuple(cards[:count]),
                                        fight=tuple(sorted(cards[count:])))
        return state

    # -- actions --------------------------------------------------------------------------
    def chance_outcomes(self, state: State, rules: Rules):
        if state.queue:
            task = state.queue[0]
            if task.kind == "draw":
                return _draws("draw", state.side(task.player).draw)
            # a blind choice from a hidden hand: each card as likely (FK-T4)
            return _draws("discard", state.side(task.player).hand) if task.blind else ()
        if state.step == "drop":
            return tuple((Move("drop", player=p), Fraction(1, state.players))
                         for p in range(state.players))
        if state.step in ("deal", "draw"):
            return _draws("draw", state.side(state.turn).draw)
        if state.step == "lay":
            side = state.side(state.turn)
            if side.fight:
                return _draws("lay", side.fight)
            # the exhausted cards under the stack come back in their order (FK 6.11)
            return ((Move("lay", side.under[0]), Fraction(1)),) if side.under else ()
        return ()

    def legal_actions(self, state: State, rules: Rules) -> tuple[Move, ...]:
        current = self.current_player(state)
        if current in (CHANCE, TERMINAL):
            return ()
        if state.queue or state.step in TURN_STEPS:
            return turn_moves.legal(self.catalog, state, rules)
        if state.step == "order":
            return tuple(Move("first", player=p) for p in range(state.players))
        if state.step != "setup":
            return ()
        moves = setup_moves(self.catalog, state, state.turn, rules)
        if rules.pass_any_setup_action or not moves:
            moves.append(Move("pass"))
        return tuple(moves)

    def parse_action(self, state: State, text: str, rules: Rules) -> Move:
        move = Move.parse(text)
        actions = self.actions(state, rules)
        if move in actions:
            return move
        if move.kind in ("play", "use") and move.burn is None:
            # The burn left unsaid: fine when one payment fits, a choice left open when
            # several do.
            fits = [a for a in actions if dataclasses.replace(a, burn=None) == move]
            if len(fits) == 1:
                return fits[0]
            if len(fits) > 1:
                raise AmbiguousAction(text, "which tokens to burn",
                                      [str(a) for a in fits])
        if move.kind == "use" and not move.cards:
            fits = [a for a in actions if a.kind == "use" and a.card == move.card
                    and a.ability == move.ability and a.burn == (move.burn or a.burn)
                    and a.returned == move.returned]
            if len({a.cards for a in fits}) > 1:
                raise AmbiguousAction(text, "which cards to discard for the cost",
                                      [str(a) for a in fits])
            if len(fits) == 1 and fits[0].cards:
                return fits[0]
        if move.kind == "use" and not move.returned:
            fits = [a for a in actions if a.kind == "use" and a.card == move.card
                    and a.ability == move.ability and a.burn == (move.burn or a.burn)]
            if len({a.returned for a in fits}) > 1:
                raise AmbiguousAction(text, "which card to return to hand",
                                      [str(a) for a in fits])
        raise IllegalAction(self._illegal(state, move, rules), text)

    # -- transitions ------------------------------------------------------------------------
    def resolve(self, state: State, action: Move, rules: Rules) -> Transition[State]:
        if not isinstance(action, Move) or action not in self.actions(state, rules):
            text = str(action) if isinstance(action, Move) else repr(action)
            raise IllegalAction(self._illegal(state, action, rules), text)
        if action.kind == "drop":
            names = ", ".join(f"{self.catalog.deck(d).character.name} (player {p})"
                              for p, d in enumerate(state.decks))
            after = dataclasses.replace(state, step="deal", drop=action.player,
                                        turn=action.player)
            seated = ("FK 7.1",) if state.players > PLAYERS else ()
            return Transition(after, (Step("drop", ("FK 4.1", "FK 4.2", "FK 4.3") + seated,
                                           f"characters revealed: {names}; the stacks "
                                           "shuffled; chance gives The Drop to player "
                                           f"{action.player}, whose copy turns face up"),))
        if state.queue:
            if action.kind == "draw":
                return turn.task_draw(self.catalog, state, action, rules)
            return turn.task_discard(self.catalog, state, action, rules)
        if state.step in TURN_STEPS:
            if action.kind == "pick":
                return turn.pick(self.catalog, state, action, rules)
            if action.kind == "challenge":
                return turn.challenge(self.catalog, state, action, rules)
            if action.kind == "skirmish":
                return turn.skirmish(self.catalog, state, action, rules)
            if action.kind == "clash":
                return turn.choose_clash(self.catalog, state, action, rules)
            if action.kind == "first":
                return turn.choose_first(self.catalog, state, action, rules)
            if action.kind == "keep":
                return turn.keep(self.catalog, state, action, rules)
            return turn.act(self.catalog, state, action, rules)
        transition = self._setup_action(state, action, rules)
        if revealed(transition):
            return turn.begin_fight_phase(self.catalog, transition.state,
                                          list(transition.steps), rules)
        return transition

    def _setup_action(self, state: State, action: Move, rules: Rules) -> Transition[State]:
        """An action of getting started or the setup phase, up to the reveal."""
        if action.kind == "draw" and state.step == "deal":
            return deal(self.catalog, state, action.card, rules)
        if action.kind == "draw":
            steps: list[Step] = []
            after, ran_out = take_card(self.catalog, state, state.turn, action.card, steps, "draw",
                                        ("FK 4.13",), "for the setup action")
            after = dataclasses.replace(after, pending=0 if ran_out else state.pending - 1)
            if after.pending:
                return Transition(after, tuple(steps))
            return end_action(self.catalog, after, steps, rules)
        if action.kind == "lay":
            return lay(self.catalog, state, action.card, rules)
        if action.kind == "first":
            steps = [Step("order", ("FK 4.6", "FK 6.15") if state.round > 1 else ("FK 4.6",),
                          f"player {state.drop}, the Drop holder, has player "
                          f"{action.player} set up first")]
            return begin_setup(self.catalog, dataclasses.replace(state, first=action.player),
                                action.player, steps, rules)
        if action.kind == "pass":
            after = dataclasses.replace(state, left=state.left - 1)
            steps = [Step("pass", ("FK 4.8",),
                          f"setup action {SETUP_ACTIONS - after.left}: player {state.turn} "
                          "passes")]
            return end_action(self.catalog, after, steps, rules)
        if action.kind == "play":
            return play_card(self.catalog, state, action, rules)
        return use_line(self.catalog, state, action, rules)

    # -- refusals -------------------------------------------------------------------------
    def _illegal(self, state: State, action: Any, rules: Rules) -> Illegal:
        if state.queue or state.step in TURN_STEPS:
            return turn_moves.why_illegal(self.catalog, state, action, rules)
        if not isinstance(action, Move):
            return Illegal(("FK 4.8",), "not an action of this game")
        chance = {"drop": ("drop", "FK 4.3"), "deal": ("draw", "FK 4.4"),
                  "draw": ("draw", "FK 4.13"), "lay": ("lay", "FK 4.15")}
        if state.step in chance:
            kind, rule = chance[state.step]
            if action.kind != kind:
                return Illegal((rule,), f"chance acts now: {kind} comes next")
            zone = "fight stack" if kind == "lay" else "draw stack"
            held = cards_text(getattr(state.side(state.turn), "fight" if kind == "lay"
                                      else "draw"))
            return Illegal((rule, "FK 4.2"), f"{action} cannot happen: player "
                                             f"{state.turn}'s {zone} holds {held}")
        if state.step == "order":
            return Illegal(("FK 4.6",), f"player {state.drop}, the Drop holder, chooses who "
                                        "sets up first: first 0 or first 1")
        player = state.turn
        side = state.side(player)
        if action.kind in ("drop", "draw", "lay", "first"):
            return Illegal(("FK 4.8",), f"player {player} takes a setup action now")
        if action.kind == "pass":
            return Illegal(("FK 4.8",), f"player {player} can play a card or use a setup "
                                        "line, and a pass is only for a player who cannot")
        card = self.catalog.cards.get(action.card)
        if card is None:
            return Illegal(("FK 4.8",), f"{action.card} is not a card")
        if action.kind == "play":
            if action.card not in side.hand:
                return Illegal(("FK 4.8",), f"player {player} holds {cards_text(side.hand)}")
            if card.type == "effect":
                return Illegal(("FK 4.11", "FK 1.8"), f"{card.name} is an effect, played "
                                                      "in a fight's enhance step, not in setup")
            if card.type == "instant" and card.parts.phase != "setup":
                return Illegal(("FK 4.11", "FK 1.10"), f"{card.name} is an instant of the "
                                                       f"{card.parts.phase} phase")
            cost = card.cost if card.cost is not None else Cost()
        else:
            in_play = (self.catalog.deck(state.decks[player]).character.code,) + side.support
            if action.card not in in_play:
                return Illegal(("FK 4.12",), f"{card.name} is not in play for player "
                                             f"{player}")
            lines = setup_lines(card)
            if not 1 <= action.ability <= len(lines):
                return Illegal(("FK 4.12", "FK 1.13"), f"{card.name} has "
                               f"{len(lines) or 'no'} setup line"
                               f"{'s' if len(lines) != 1 else ''}")
            line = lines[action.ability - 1]
            cost = ability_cost(line)
            choices = return_choices(self.catalog, state, player, line)
            if action.returned not in choices:
                return Illegal(("FK 4.13",), f"{card.name} returns one of "
                               + (" / ".join(cards_text(c) for c in choices)))
        sight = situation(self.catalog, state, player, rules)
        if action.burn is not None:
            problem = payment_problem(side.pool, [cost], [action.burn], situation=sight)
            if problem is not None:
                return Illegal(("FK 4.9",) + burn_rules(cost, side.pool, action.burn, sight),
                               f"burning {action.burn} does not pay {card.name}: {problem}")
        payment = pay_from_pool(side.pool, [cost], latent=sight.latent,
                                drop_latent=sight.drop_latent,
                      controls_drop=sight.controls_drop, table=sight.table,
                      opponent_table=sight.opponent_table, rules=rules)
        if not payment.payable:
            return Illegal(("FK 4.9", part_rule(cost, payment.reason)),
                           f"{card.name} cannot be paid from pool {side.pool}: "
                           f"{payment.reason}")
        return Illegal(("FK 4.8",), f"{action} is not one of the setup actions open now")

