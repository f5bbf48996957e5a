"""The setup phase of Monsters Masters & Mobsters as a game of the core protocol.

The battle is not modelled yet: a game here ends when setup is complete
(MM 4.13) or stalls (MM 4.14).  From a setup (players, battle format, a
Library drawn from the game's card set by a seed) chance rolls for the
first player (MM 4.2) and deals seven cards each, one at a time (MM 4.3);
then each player in turn clockwise makes one play (MM 4.4 to MM 4.11) and
draws or discards back to seven (MM 4.12).

Every setup turn spends at least one card of the hands and the Library (a
card placed, attached, played or discarded), and no setup rule brings a card
back into a hand or the Library, so setup cannot go on for ever: the bound
:meth:`MonstersMastersMobsters.max_length` counts that.  It can get stuck,
though: once the Library is empty a player may end up with no card at all,
and under the default reading of MM-A4 setup then stalls.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence


from model.core.errors import InputError
from model.core.game import (
    CHANCE, TERMINAL, Game, Illegal, IllegalAction, KindedMoves, Outcome, Step, Transition,
    draw_outcomes,
)
from model.core.game_type import Chance, GameType, Information
from model.monmamo.ambiguities import AMBIGUITIES
from model.monmamo.battlefield import format_met, name_limit
from model.monmamo.cards import (
    ATTACHED_TO_MONSTERS, PLACEABLE_TYPES, PLAYED_FOR_EFFECT, PROFICIENCY_HOLDERS, Card,
)
from model.monmamo.invariants import INVARIANTS, TRANSITION_INVARIANTS, with_cards
from model.monmamo import phases, short_position
from model.monmamo.rulebook import GLOSSARY, RULEBOOK
from model.monmamo.rules import PRESETS, Rules
from model.monmamo.state import (
    ACTION_KINDS, DIE_FACES, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, Entry, Move, Setup, State,
    View, cards_text,
)
from model.monmamo.traceability import TRACEABILITY

if TYPE_CHECKING:  # networkx loads only when a phase graph is built
    import networkx as nx


def _remove(cards_: Sequence[str], taken: Iterable[str]) -> tuple[str, ...]:
    """``cards_`` less one copy of each of ``taken`` (sorted); a card it lacks is
    ignored, so that a broken state is caught by the invariants, not a crash."""
    left = list(cards_)
    for card in taken:
        if card in left:
            left.remove(card)
    return tuple(sorted(left))


def _add(cards_: Sequence[str], added: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted((*cards_, *added)))


def first_player_odds(players: int, rerolls: bool) -> tuple[Fraction, ...]:
    """Each seat's chance of starting (MM 4.2), exactly, from every roll of the dice.

    With ``rerolls`` the players tied for the highest roll roll again among
    themselves, which by symmetry gives each tied player an equal share; else
    the tied player first from seat 0 starts.

    >>> first_player_odds(2, True), first_player_odds(2, False)
    ((Fraction(1, 2), Fraction(1, 2)), (Fraction(7, 12), Fraction(5, 12)))
    """
    shares = [Fraction(0)] * players
    total = DIE_FACES ** players
    for rolls in itertools.product(range(1, DIE_FACES + 1), repeat=players):
        top = max(rolls)
        tied = [seat for seat, roll in enumerate(rolls) if roll == top]
        if rerolls:
            for seat in tied:
                shares[seat] += Fraction(1, total * len(tied))
        else:
            shares[tied[0]] += Fraction(1, total)
    return tuple(shares)


class MonstersMastersMobsters(KindedMoves, Game[State, Move, Rules]):
    """The setup phase played with the card set it is given, by number
    (``analysis.monmamo.loading`` builds the game on the shipped set).

    The rules read every card's type, name and limits from ``cards``.
    """

    game_type = GameType(
        "monmamo", "Monsters Masters & Mobsters", MIN_PLAYERS, MAX_PLAYERS,
        # The roll, the deal and every draw are chance nodes; hands and the Library are
        # hidden; players take turns, never choosing at once.  How long a setup may last
        # depends on its Library: max_length of the first state bounds it.
        Chance.EXPLICIT, Information.IMPERFECT, simultaneous=False, longest_game=None,
        rulebook_file="monsters-masters-mobsters.txt")
    rules_type = Rules
    setup_type = Setup
    summary = ("The card system's zones, card identity and turn-based setup phase, up to "
               "the start of the battle (the battle is not modelled yet), with a small "
               "synthetic card set of ringside's own.")

    def __init__(self, cards: Mapping[str, Card], featured: Sequence[str] = ()) -> None:
        """The setup phase with the card set ``cards`` (by number); the ``featured``
        numbers (a user's cards) are put into the Library of every explorer start."""
        self.cards: dict[str, Card] = dict(cards)
        unknown = [number for number in featured if number not in self.cards]
        if unknown:
            raise ValueError(f"featured cards not in the set: {unknown}")
        self.featured = tuple(featured)
        self.invariants = tuple(with_cards(invariant, self.cards) for invariant in INVARIANTS)

    presets = PRESETS
    move_type = Move
    action_kinds = ACTION_KINDS
    rulebook = RULEBOOK
    ambiguities = AMBIGUITIES
    traceability = TRACEABILITY
    glossary = GLOSSARY
    transition_invariants = TRANSITION_INVARIANTS

    # -- setups ---------------------------------------------------------------------
    def parse_setup(self, text: str) -> Setup:
        return Setup.parse(text)

    def example_setups(self, count: int) -> list[Setup]:
        """Two and three players, one or two Monsters each, small Libraries; every
        fourth, four players in two teams."""
        return [Setup(players=4, monsters=1, knockouts=1, library=16 + 2 * (index % 5),
                      seed=index, teams=2) if index % 4 == 3 else
                Setup(players=2 + index % 2, monsters=1 + (index // 2) % 2, knockouts=1,
                      library=16 + 2 * (index % 5), seed=index) for index in range(count)]

    def exploration_starts(self, rules: Rules, count: int) -> Iterable[State]:
        """The first states of the example setups; with featured cards, each Library
        holds them (a different turn of them each start, half the Library at most, one
        copy each), in place of cards the seed drew, so the search and the playouts
        deal and play a user's cards."""
        featured = self.featured
        for index, setup in enumerate(self.example_setups(count)):
            state = self.initial_state(setup, rules)
            if featured:
                room = min(len(featured), len(state.library) // 2)
                turned = featured[index % len(featured):] + featured[:index % len(featured)]
                state = dataclasses.replace(state, library=tuple(sorted(
                    turned[:room] + state.library[room:])))
            yield state

    def initial_state(self, setup: Setup, rules: Rules) -> State:
        library = setup.library_cards(self.cards)
        return State(setup.monsters, setup.knockouts, None, "roll", 0, 0, library,
                     ((),) * setup.players, (), (), (), None, 0, setup.teams)

    def num_players(self, state: State) -> int:
        return state.players

    def max_length(self, state: State) -> int:
        """Every action but the roll, a pass or a lone declaration moves a card out of
        the Library or a hand for good, and passes in a row stop at the player count."""
        if state.step in ("complete", "stalled"):
            return 0
        held = sum(map(len, state.hands)) + len(state.library)
        return ((state.step == "roll") + len(state.library) + 2 * held
                + state.players * (held + 1) - state.passes + (state.declared is None))

    # -- states ---------------------------------------------------------------------
    def position_parts(self, setup: Setup) -> tuple:
        return short_position.PARTS

    def position_from_setup(self, setup: Setup, overrides: Mapping[str, Any],
                            rules: Rules) -> State:
        """A short position (:mod:`model.monmamo.short_position`): the Library keeps its
        cards."""
        return short_position.position_from_setup(self, setup, overrides, rules)

    def parse_state(self, text: str) -> State:
        """A position in the notation whose every card is a card of the game's set: an
        unknown number is refused here, naming its section, rather than deep in a rule
        that reads the card."""
        state = State.parse(text)
        for where, numbers in state.zones():
            unknown = next((number for number in numbers if number not in self.cards), None)
            if unknown is not None:
                raise InputError(f"{unknown!r} is not a card of the card set", where)
        return state

    def phase(self, state: State) -> str:
        return state.step

    def phase_graph(self) -> nx.DiGraph:
        return phases.phase_graph()

    def current_player(self, state: State) -> int:
        if state.step in ("roll", "deal", "draw"):
            return CHANCE
        if state.step in ("complete", "stalled"):
            return TERMINAL
        return state.turn

    def outcome(self, state: State, rules: Rules) -> Outcome | None:
        if state.step == "complete":
            return Outcome("setup complete")
        if state.step == "stalled":
            return Outcome("setup stalled")
        return None

    # -- hidden information -----------------------------------------------------------
    def _public(self, state: State) -> str:
        hidden = dataclasses.replace(state, library=(), hands=((),) * state.players)
        return str(hidden)

    @staticmethod
    def _looking(state: State, player: int) -> bool:
        """Whether ``player`` is looking through the Library now (MM 1.2, MM 4.9)."""
        return state.step == "look" and state.turn == player

    def observation(self, state: State, player: int) -> View:
        return View(player, state.hands[player], tuple(map(len, state.hands)),
                    len(state.library), self._public(state),
                    state.library if self._looking(state, player) else None)

    def resample(self, state: State, player: int, rng) -> State:
        """The Library and the other hands dealt again from the cards among them (the
        other hands only, while the player looks through the Library)."""
        looking = self._looking(state, player)
        pool = [] if looking else list(state.library)
        for seat, hand in enumerate(state.hands):
            if seat != player:
                pool.extend(hand)
        rng.shuffle(pool)
        hands = []
        for seat, hand in enumerate(state.hands):
            if seat == player:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(pool[:len(hand)])))
                pool = pool[len(hand):]
        library = state.library if looking else tuple(sorted(pool))
        return dataclasses.replace(state, hands=tuple(hands), library=library)

    # -- actions ----------------------------------------------------------------------
    def chance_outcomes(self, state: State, rules: Rules):
        if state.step == "roll":
            return tuple((Move("first", (), seat), odds) for seat, odds in
                         enumerate(first_player_odds(state.players, rules.tied_roll_rerolls))
                         if odds)
        if state.step in ("deal", "draw"):
            return tuple((Move("draw", (card,)), p) for card, p in draw_outcomes(state.library))
        return ()

    def _placement_problem(self, state: State, number: str, rules: Rules) -> Illegal | None:
        card = self.cards[number]
        if card.type == "Monster" and not rules.monsters_enter_in_setup:
            return Illegal(("MM 4.4",), f"{number} is a Monster, and a setup turn places "
                                        "only Masters, Mobsters, Bystanders, Drones and Places")
        if card.type not in PLACEABLE_TYPES + ("Monster",):
            return Illegal(("MM 4.4",), f"{number} is a {card.type} card, which is not "
                                        "placed on the Battlefield")
        if card.type == "Bystander" and not rules.bystander_joins_its_mobster and any(
                self.cards[e.card].type == "Mobster" and self.cards[e.card].name == card.name
                for e in state.battlefield):
            # MM-A7, our reading: the Mobster rule shows the two never stand side by
            # side, so the Bystander cannot come in after its Mobster either.
            return Illegal(("MM 4.5", "MM 2.2"), f"the Mobster {card.name} is on the "
                                                 "Battlefield; its Bystander cannot join it")
        leaving = self._bystanders_replaced(state, number, rules)
        staying = [e.card for i, e in enumerate(state.battlefield) if i not in leaving]
        count = sum(1 for n in staying if self.cards[n].name == card.name)
        limit = name_limit(card.name, staying + [number], self.cards)
        if limit is not None and count + 1 > limit:
            rule = "MM 2.3" if any(self.cards[n].specific for n in staying + [number]
                                   if self.cards[n].name == card.name) else "MM 2.4"
            return Illegal((rule, "MM 2.2"), f"{card.name} is on the Battlefield {count} "
                                             f"time(s) already; at most {limit}")
        return None

    def _bystanders_replaced(self, state: State, number: str, rules: Rules) -> list[int]:
        """The Battlefield entries the Mobster ``number`` sends to the Discard pile as the
        player whose turn it is places it (MM 4.5): the Bystanders of its name, anyone's,
        or the player's own only (MM-A10)."""
        card = self.cards[number]
        if card.type != "Mobster":
            return []
        return [i for i, e in enumerate(state.battlefield)
                if self.cards[e.card].type == "Bystander" and self.cards[e.card].name == card.name
                and (e.owner == state.turn or not rules.mobster_replaces_own_only)]

    def _targets(self, state: State, number: str, rules: Rules) -> list[int]:
        kind = self.cards[number].type
        player = state.turn
        found = []
        for index, entry in enumerate(state.battlefield):
            holder = self.cards[entry.card].type
            if kind in ATTACHED_TO_MONSTERS and holder == "Monster" and entry.owner == player:
                found.append(index)
            elif (kind == "Proficiency" and holder in PROFICIENCY_HOLDERS
                  and (entry.owner == player or rules.proficiency_on_any)):
                found.append(index)
        return found

    def _card_plays(self, state: State, rules: Rules) -> list[Move]:
        hand = state.hands[state.turn]
        moves: list[Move] = []
        for number in sorted(set(hand)):
            kind = self.cards[number].type
            if kind in PLACEABLE_TYPES or kind == "Monster":
                if self._placement_problem(state, number, rules) is None:
                    moves.append(Move("place", (number,)))
            elif kind in ATTACHED_TO_MONSTERS or kind == "Proficiency":
                moves.extend(Move("attach", (number,), target)
                             for target in self._targets(state, number, rules))
            elif kind in PLAYED_FOR_EFFECT:
                moves.append(Move("play", (number,)))
        counts = Counter(hand)
        names = sorted(counts)
        for taken in itertools.product(*(range(counts[n] + 1) for n in names)):
            chosen = tuple(n for n, k in zip(names, taken) for _ in range(k))
            if chosen:
                moves.append(Move("discard", chosen))
        return moves

    def legal_actions(self, state: State, rules: Rules) -> tuple[Move, ...]:
        if state.step == "trim":
            return tuple(Move("trim", (n,)) for n in sorted(set(state.hands[state.turn])))
        if state.step == "look":
            return tuple(Move("take", (n,)) for n in sorted(set(state.library)))
        if state.step != "play":
            return ()
        moves = self._card_plays(state, rules)
        may_declare = state.declared is None
        if may_declare and not rules.declaring_is_a_play:
            moves += [dataclasses.replace(m, declare=True) for m in moves
                      if format_met(self._after_card(state, m, rules)[0], self.cards, rules)]
        if may_declare and rules.declaring_is_a_play and format_met(state, self.cards, rules):
            moves.append(Move("declare"))
        if not state.hands[state.turn] and rules.stuck_player_passes:
            moves.append(Move("pass"))
        return tuple(moves)

    # -- transitions ------------------------------------------------------------------
    def resolve(self, state: State, action: Any, rules: Rules) -> Transition[State]:
        if not isinstance(action, Move) or action not in self.actions(state, rules):
            text = str(action) if isinstance(action, Move) else repr(action)
            raise IllegalAction(self._illegal(state, action, rules), text)
        if action.kind == "first":
            after = dataclasses.replace(state, first=action.target, turn=action.target,
                                        step="deal")
            how = ("a tie is rolled again" if rules.tied_roll_rerolls
                   else "a tie goes to the first seat")
            steps = [Step("roll", ("MM 4.2",),
                          f"the dice are rolled ({how}): player {action.target} starts")]
            if not state.library:
                return self._begin_turn(after, action.target, steps, rules)
            return Transition(after, tuple(steps))
        if action.kind == "draw" and state.step == "deal":
            return self._deal(state, action.cards[0], rules)
        if action.kind == "draw":
            seat = state.turn
            hands = list(state.hands)
            hands[seat] = _add(hands[seat], action.cards)
            after = dataclasses.replace(state, hands=tuple(hands),
                                        library=_remove(state.library, action.cards),
                                        pending=max(0, state.pending - 1))
            why = ("MM 4.9",) if state.pending else ("MM 4.12",)
            steps = [Step("draw", why, f"player {seat} draws {action.cards[0]} "
                                       f"({len(hands[seat])} in hand)")]
            return self._finish_turn(after, steps, rules)
        if action.kind == "take":
            return self._take(state, action.cards[0], rules)
        if action.kind == "trim":
            seat = state.turn
            hands = list(state.hands)
            hands[seat] = _remove(hands[seat], action.cards)
            after = dataclasses.replace(state, hands=tuple(hands),
                                        discard=_add(state.discard, action.cards))
            steps = [Step("trim", ("MM 4.12", "MM 1.4"),
                          f"player {seat} discards {action.cards[0]} down to seven")]
            return self._finish_turn(after, steps, rules)
        return self._play(state, action, rules)

    def _deal(self, state: State, card: str, rules: Rules) -> Transition[State]:
        players = state.players
        order = [(state.first + k) % players for k in range(players)]
        seat = next(s for s in order if len(state.hands[s]) < HAND_SIZE)
        hands = list(state.hands)
        hands[seat] = _add(hands[seat], (card,))
        after = dataclasses.replace(state, hands=tuple(hands),
                                    library=_remove(state.library, (card,)))
        steps = [Step("deal", ("MM 4.3", "MM 1.2"),
                      f"player {seat} draws {card} ({len(hands[seat])} in hand)")]
        if after.library and any(len(h) < HAND_SIZE for h in hands):
            return Transition(after, tuple(steps))
        return self._begin_turn(after, state.first, steps, rules)

    def _begin_turn(self, state: State, seat: int, steps: list[Step],
                    rules: Rules) -> Transition[State]:
        if (not state.hands[seat] and state.declared is not None
                and rules.empty_final_turn_skipped and not rules.stuck_player_passes):
            # MM-A8: the format is met and declared; a final turn is a last chance,
            # which a player holding nothing cannot use, so it is skipped.
            steps.append(Step("skip", ("MM 4.15", "MM 4.13"),
                              f"player {seat} holds no card: their final turn is skipped"))
            following = (seat + 1) % state.players
            if following == state.declared:
                steps.append(Step("complete", ("MM 4.13",),
                                  "every other player has had a final turn: setup is "
                                  "complete"))
                return Transition(dataclasses.replace(state, step="complete", turn=seat),
                                  tuple(steps))
            return self._begin_turn(state, following, steps, rules)
        if state.hands[seat] or rules.stuck_player_passes:
            after = dataclasses.replace(state, step="play", turn=seat)
            steps.append(Step("next_turn", ("MM 4.2",), f"player {seat}'s setup turn"))
        else:
            after = dataclasses.replace(state, step="stalled", turn=seat)
            steps.append(Step("next_turn", ("MM 4.14", "MM 4.11"),
                              f"player {seat} holds no card and the Library is empty: "
                              "they can neither play nor discard, and setup stalls"))
        return Transition(after, tuple(steps))

    def _after_card(self, state: State, move: Move,
                    rules: Rules) -> tuple[State, list[Step]]:
        """The state after the card part of a play (no declaration, no turn end)."""
        seat = state.turn
        hands = list(state.hands)
        hands[seat] = _remove(hands[seat], move.cards)
        after = dataclasses.replace(state, hands=tuple(hands), passes=0)
        steps: list[Step] = []
        if move.kind == "place":
            number = move.cards[0]
            card = self.cards[number]
            leaving = self._bystanders_replaced(state, number, rules)
            entries = [e for i, e in enumerate(state.battlefield) if i not in leaving]
            entries.append(Entry(seat, number))
            gone = [c for i in leaving for c in state.battlefield[i].cards]
            after = dataclasses.replace(after, battlefield=tuple(entries),
                                        discard=_add(state.discard, gone))
            steps.append(Step("place", ("MM 4.4",), f"player {seat} places {number} "
                                                    f"({card.name}, {card.type})"))
            if leaving:
                steps.append(Step("replace", ("MM 4.5", "MM 2.2"),
                                  f"the Bystander {card.name} gives way to the Mobster: "
                                  f"{cards_text(gone)} to the Discard pile"))
        elif move.kind == "attach":
            number, target = move.cards[0], move.target
            entries = list(state.battlefield)
            entry = entries[target]
            entries[target] = Entry(entry.owner, entry.card, entry.attached + (number,))
            after = dataclasses.replace(after, battlefield=tuple(entries))
            kind = self.cards[number].type
            rules_ = ("MM 4.6", "MM 4.7") if kind in ATTACHED_TO_MONSTERS else ("MM 4.8",)
            steps.append(Step("attach", rules_, f"player {seat} attaches {number} ({kind}) "
                                                f"to {entry.card}, entry {target}"))
        elif move.kind == "play":
            number = move.cards[0]
            card = self.cards[number]
            if rules.spent_cards_to_exile:
                after = dataclasses.replace(after, exile=_add(state.exile, move.cards))
                where = "Exile"
            else:
                after = dataclasses.replace(after, discard=_add(state.discard, move.cards))
                where = "the Discard pile"
            effect = (f"draw {card.draws}" if card.draws else
                      f"look through the Library and take {card.takes}")
            after = dataclasses.replace(after, pending=card.draws or card.takes)
            steps.append(Step("spend", ("MM 4.9",), f"player {seat} plays {number} "
                                                    f"({card.name}): {effect}; "
                                                    f"the card goes to {where}"))
        elif move.kind == "discard":
            after = dataclasses.replace(after, discard=_add(state.discard, move.cards))
            steps.append(Step("discard", ("MM 4.10", "MM 1.4"),
                              f"player {seat} discards {cards_text(move.cards)}"))
        return after, steps

    def _play(self, state: State, move: Move, rules: Rules) -> Transition[State]:
        seat = state.turn
        if move.kind == "pass":
            after = dataclasses.replace(state, passes=state.passes + 1)
            steps = [Step("pass", ("MM 4.14",), f"player {seat} holds no card and passes")]
            return self._finish_turn(after, steps, rules)
        if move.kind == "declare":
            # a play of its own (MM-A2): it ends a run of passes as a card played does
            after, steps = dataclasses.replace(state, passes=0), []
        else:
            after, steps = self._after_card(state, move, rules)
        if move.declare or move.kind == "declare":
            after = dataclasses.replace(after, declared=seat)
            steps.append(Step("declare", ("MM 4.13", "MM 4.1"),
                              f"player {seat} declares setup complete; every other player "
                              "takes one final setup turn"))
        if move.kind == "play" and self.cards[move.cards[0]].takes:
            if after.library:
                # The player looks through the Library now and chooses (MM 1.2).
                return Transition(dataclasses.replace(after, step="look"), tuple(steps))
            steps.append(Step("take", ("MM 4.9",), "the Library is empty: there is nothing "
                                                   "to look through"))
            after = dataclasses.replace(after, pending=0)
        return self._finish_turn(after, steps, rules)

    def _take(self, state: State, card: str, rules: Rules) -> Transition[State]:
        seat = state.turn
        hands = list(state.hands)
        hands[seat] = _add(hands[seat], (card,))
        after = dataclasses.replace(state, hands=tuple(hands), pending=state.pending - 1,
                                    library=_remove(state.library, (card,)))
        steps = [Step("take", ("MM 4.9", "MM 1.2"),
                      f"player {seat} takes {card} from the Library")]
        if after.pending and after.library:
            return Transition(after, tuple(steps))
        steps.append(Step("shuffle", ("MM 1.3",),
                          "the Library is shuffled: every card in it is equally likely to "
                          "come next again"))
        return self._finish_turn(dataclasses.replace(after, step="play", pending=0), steps,
                                 rules)

    def _finish_turn(self, state: State, steps: list[Step],
                     rules: Rules) -> Transition[State]:
        seat = state.turn
        hand = state.hands[seat]
        if state.library and (state.pending or len(hand) < HAND_SIZE):
            return Transition(dataclasses.replace(state, step="draw"), tuple(steps))
        state = dataclasses.replace(state, pending=0)
        if len(hand) > HAND_SIZE:
            return Transition(dataclasses.replace(state, step="trim"), tuple(steps))
        following = (seat + 1) % state.players
        if state.passes >= state.players:
            steps.append(Step("end_turn", ("MM 4.14",),
                              "every player passed in a row: setup stalls"))
            return Transition(dataclasses.replace(state, step="stalled"), tuple(steps))
        if state.declared is not None and following == state.declared:
            steps.append(Step("end_turn", ("MM 4.13",),
                              "every other player has taken a final turn: setup is complete"))
            return Transition(dataclasses.replace(state, step="complete"), tuple(steps))
        steps.append(Step("end_turn", ("MM 4.12",),
                          f"player {seat} ends the turn with {len(hand)} cards"))
        return self._begin_turn(state, following, steps, rules)

    # -- refusals -------------------------------------------------------------------
    def _illegal(self, state: State, action: Any, rules: Rules) -> Illegal:
        if state.step == "complete":
            return Illegal(("MM 4.13",), "setup is complete")
        if state.step == "stalled":
            return Illegal(("MM 4.14",), "setup has stalled")
        if not isinstance(action, Move):
            return Illegal(("MM 4.11",), "not an action of this game")
        chance = {"roll": "first", "deal": "draw", "draw": "draw"}
        if state.step in chance:
            rule = {"roll": "MM 4.2", "deal": "MM 4.3", "draw": "MM 4.12"}[state.step]
            if action.kind != chance[state.step]:
                return Illegal((rule,), f"chance acts now: {chance[state.step]} comes next")
            return Illegal((rule,), f"{action} cannot happen: the Library holds "
                                    f"{cards_text(state.library)}")
        if state.step == "trim":
            return Illegal(("MM 4.12",), f"player {state.turn} discards one card from hand "
                                         f"down to seven ({cards_text(state.hands[state.turn])})")
        if state.step == "look":
            if action.kind != "take":
                return Illegal(("MM 4.9",), f"player {state.turn} is looking through the "
                                            "Library: they take a card from it now")
            return Illegal(("MM 4.9", "MM 1.2"), f"{action.cards[0]} is not in the Library "
                                                  f"({cards_text(state.library)})")
        hand = state.hands[state.turn]
        if action.kind == "take":
            return Illegal(("MM 4.9",), "a card is taken from the Library only while "
                                        "looking through it, after playing a card that "
                                        "allows it")
        if action.kind in ("first", "draw", "trim"):
            return Illegal(("MM 4.11",), f"player {state.turn} makes a play now")
        if action.kind == "pass":
            return Illegal(("MM 4.11",), "a player who holds a card plays or discards one")
        if action.kind == "declare" or action.declare:
            if state.declared is not None:
                return Illegal(("MM 4.13",), f"player {state.declared} has declared already")
            if action.kind == "declare" and not rules.declaring_is_a_play:
                return Illegal(("MM 4.11", "MM 4.13"), "a declaration comes with a card "
                                                       "played or discarded")
        if Counter(action.cards) - Counter(hand):
            return Illegal(("MM 4.11",), f"player {state.turn} holds {cards_text(hand)}")
        number = action.cards[0] if action.cards else ""
        card = self.cards.get(number)
        if action.kind == "place" and card is not None:
            problem = self._placement_problem(state, number, rules)
            if problem is not None:
                return problem
        if action.kind == "attach" and card is not None:
            rule = "MM 4.8" if card.type == "Proficiency" else "MM 4.6"
            if action.target not in self._targets(state, number, rules):
                return Illegal((rule,), f"{number} ({card.type}) cannot go on entry "
                                        f"{action.target}")
        if action.kind == "play" and card is not None and card.type not in PLAYED_FOR_EFFECT:
            return Illegal(("MM 4.9",), f"{number} is a {card.type}, not a Draw or Vendor "
                                        "card")
        if action.declare or action.kind == "declare":
            return Illegal(("MM 4.13", "MM 4.1"), "the format's Monsters are not all on the "
                                                  "Battlefield")
        return Illegal(("MM 4.11",), f"{action} is not one of the plays open now")
