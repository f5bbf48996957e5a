"""The Club Fight state machine.

One action is one whole turn: the player picks a club and what to do with it
(a :class:`~model.clubfight.moves.Move`); the engine clears, refills the grid,
draws clubs and checks for the end, logging each step with its rule numbers.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence


from model.core.game import (
    TERMINAL, AmbiguousAction, Game, Illegal, IllegalAction, Outcome, Step, Transition,
)
from model.core.game_type import Chance, GameType, Information
from model.clubfight import short_position
from model.clubfight.ambiguities import AMBIGUITIES
from model.clubfight.cards import Card, SUIT_NAMES, rank_name, rank_text
from model.clubfight.deals import Deal
from model.clubfight.invariants import INVARIANTS, TRANSITION_INVARIANTS
from model.clubfight.moves import (
    ACTION_RULES, ACTION_TITLES, ACTIONS, BLOCKING_RULES, BLOCKING_SUIT, HIGHER_CLUBS,
    LOWER_CLUBS, Grid, Move, action_moves, blocked_actions, moves_for_club,
    suit_counts,
)
from model.clubfight.notation import MoveSpec, format_move, parse_move
from model.clubfight.observation import Observation, observe
from model.clubfight.phases import phase_graph
from model.clubfight.rulebook import GLOSSARY, RULEBOOK
from model.clubfight.rules import PRESETS, Rules
from model.clubfight.state import HAND_SIZE, MAX_TURNS, State
from model.clubfight.traceability import TRACEABILITY

if TYPE_CHECKING:  # networkx loads only when a phase graph is built
    import networkx as nx


def _cards_text(grid: Grid, slots: Iterable[int]) -> str:
    return ", ".join(f"{grid[s]} (slot {s})" for s in slots)


def refill(grid: Grid, deck: tuple[Card, ...]) -> tuple[Grid, tuple[Card, ...], list[int]]:
    """Fill empty slots in slot order from the grid deck while it lasts (CF 2.3)."""
    cells = list(grid)
    filled = []
    position = 0
    for slot in range(9):
        if cells[slot] is None and position < len(deck):
            cells[slot] = deck[position]
            position += 1
            filled.append(slot)
    return tuple(cells), deck[position:], filled


def draw_clubs(hand: tuple[int, ...], clubs: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Draw until the hand holds 4 or the club deck is empty (CF 2.4)."""
    count = max(0, min(HAND_SIZE - len(hand), len(clubs)))
    return tuple(sorted(hand + clubs[:count])), clubs[count:]


@functools.lru_cache(maxsize=200_000)
def _legal_moves(state: State, rules: Rules) -> tuple[Move, ...]:
    if state.won or state.lost:
        return ()
    moves: list[Move] = []
    for club in state.hand:
        moves.extend(moves_for_club(state.grid, club, rules))
    return tuple(moves)


class ClubFight(Game[State, Move, Rules]):
    # Dealt by its setup, no chance node; the player sees all but the decks' orders.
    game_type = GameType("clubfight", "Club Fight", 1, 1, Chance.DETERMINISTIC,
                         Information.IMPERFECT, simultaneous=False, longest_game=MAX_TURNS,
                         rulebook_file="club-fight.txt")
    rules_type = Rules
    setup_type = Deal
    summary = ("A solitaire for a standard deck and 1 or 2 Jokers: 13 clubs, played one "
               "a turn, must clear every other card from a 3x3 grid.")
    overview = """\
Club Fight is played alone with a standard 52-card deck and one Joker (the
easy game) or two (the hard game).  The deck is split in two: the 13 clubs
are the player's fighters, the other 39 cards and the Jokers are the
opponents (CF 1.1).  Nine opponents at a time face the player in a 3x3 grid;
the rest wait their turn in the grid deck.

Each turn the player plays one club from a hand of four and takes one action
with it (CF 2.1).  Match, Sum and Any are always available; Line, Up/Down and
Run are blocked while the grid holds three or more cards of the blocking suit
(CF 3.1).  The cleared cards leave play for good, the grid is refilled from
the grid deck (CF 2.3) and the hand from the club deck (CF 2.4).  The player
wins by emptying the grid and the grid deck (CF 5.1) and loses when the clubs
run out first (CF 5.2); thirteen clubs give at most thirteen turns.

Components:

- the club deck: the 13 clubs, Ace to King, each played once;
- the grid deck: the 39 Diamonds, Hearts and Spades and 1 or 2 Jokers;
- the grid: 9 slots, numbered 0 to 8 left to right and top to bottom;
- the hand: up to 4 clubs;
- the discard (played clubs) and the cleared pile (cleared cards), which
  never come back.

A card is written rank then suit (``7H``, ``TD``, ``QS``), the Joker ``JK``,
a club by its rank alone.  A position lists the grid in slot order (``--``
for an empty slot) and then, after ``|``, the grid deck, the hand, the club
deck, the discard, the cleared pile and the number of Jokers.
"""

    presets = PRESETS
    rulebook = RULEBOOK
    ambiguities = AMBIGUITIES
    traceability = TRACEABILITY
    glossary = GLOSSARY
    invariants = INVARIANTS
    transition_invariants = TRANSITION_INVARIANTS

    def parse_state(self, text: str) -> State:
        return State.parse(text)

    # -- setups -----------------------------------------------------------
    def parse_setup(self, text: str) -> Deal:
        """A deal number (``CF2-17``) or a whole deal in the spec's notation."""
        from model.clubfight.deals import is_deal_id

        if is_deal_id(text.strip()) or text.strip()[:2].upper() == "CF":
            return Deal.from_id(text.strip(), "setup")  # says what a deal number looks like
        return Deal.parse(text, "setup")

    def position_parts(self, setup: Deal) -> tuple:
        return short_position.PARTS

    def position_from_setup(self, setup: Deal, overrides: Mapping[str, Any],
                            rules: Rules) -> State:
        """A short position (:mod:`model.clubfight.short_position`): the decks keep the
        deal's order."""
        return short_position.position_from_setup(setup, overrides)

    def example_setups(self, count: int) -> Iterable[Deal]:
        """CF1-0, CF2-0, CF1-1, CF2-1 ...: both variants, by deal number."""
        for index in range(count):
            yield Deal.from_number(1 + index % 2, index // 2)

    def initial_state(self, setup: Deal, rules: Rules) -> State:
        return State.from_deal(setup)

    def num_players(self, state: State) -> int:
        return 1

    def max_length(self, state: State) -> int:
        """One turn per club left: the hand and the club deck."""
        return len(state.hand) + len(state.clubs)

    def observation(self, state: State, player: int) -> Observation:
        """Everything but the orders of the grid deck and the club deck."""
        return observe(state)

    def resample(self, state: State, player: int, rng) -> State:
        """The same table with both decks in a random order."""
        return observe(state).sample(rng)

    def current_player(self, state: State) -> int:
        return TERMINAL if state.won or state.lost else 0

    def outcome(self, state: State, rules: Rules | None = None) -> Outcome | None:
        if state.won:
            return Outcome("win", frozenset({0}))
        if state.lost:
            return Outcome("loss")
        return None

    def phase(self, state: State) -> str:
        if state.won:
            return "won"
        if state.lost:
            return "lost"
        return "choose_club"

    def phase_graph(self) -> nx.DiGraph:
        return phase_graph()

    def legal_actions(self, state: State, rules: Rules) -> Sequence[Move]:
        return _legal_moves(state, rules)

    def action_kind(self, action: Move) -> str:
        return action.action

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return ACTIONS

    def format_action(self, state: State, action: Move) -> str:
        return format_move(action, state.grid)

    # -- transitions ------------------------------------------------------
    def resolve(self, state: State, action: Move, rules: Rules) -> Transition[State]:
        if action not in _legal_moves(state, rules):
            spec = MoveSpec(format_move(action, state.grid) if all(
                0 <= s < 9 and state.grid[s] is not None for s in action.cleared)
                else repr(action), action.club, action.action,
                frozenset(action.cleared), action.line, action.direction)
            raise IllegalAction(self.explain_illegal(state, spec, rules), spec.text)
        move = action
        grid = state.grid
        steps = [Step("choose_club", ("CF 2.1",),
                      f"play the {rank_name(move.club)} of Clubs "
                      f"(hand {' '.join(rank_text(v) for v in state.hand)})")]
        blocked = sorted(blocked_actions(grid), key=ACTIONS.index)
        why = "; ".join(
            f"{ACTION_TITLES[a]} is blocked by {suit_counts(grid)[BLOCKING_SUIT[a]]} "
            f"{SUIT_NAMES[BLOCKING_SUIT[a]]}" for a in blocked)
        choice = ACTION_TITLES[move.action]
        if move.line:
            choice += f" on {move.line}"
        if move.direction:
            choice += f", {move.direction}"
        steps.append(Step("choose_action",
                          (ACTION_RULES[move.action], "CF 3.1",
                           *(BLOCKING_RULES[a] for a in blocked)),
                          f"{choice}" + (f" ({why})" if why else " (nothing is blocked)")))
        cells = list(grid)
        for slot in move.cleared:
            cells[slot] = None
        cleared_cards = [grid[s] for s in move.cleared]
        clear_rules = (ACTION_RULES[move.action],) + (("CF 2.2",) if move.cleared else ())
        if any(c.is_joker for c in cleared_cards):
            clear_rules += ("CF 4.7",)
        steps.append(Step("clear", clear_rules,
                          f"clear {_cards_text(grid, move.cleared)}" if move.cleared
                          else "nothing to clear"))
        new_grid, deck, filled = refill(tuple(cells), state.deck)
        if filled:
            text = "deal " + ", ".join(f"{new_grid[s]} to slot {s}" for s in filled)
        else:
            text = "nothing to deal" if any(c is None for c in cells) else "no slot is empty"
        still_empty = [s for s in range(9) if new_grid[s] is None]
        if still_empty and any(c is None for c in cells):
            text += (f"; the grid deck is empty, slots {' '.join(map(str, still_empty))} "
                     "stay empty")
        steps.append(Step("refill", ("CF 2.3",), text))
        hand = tuple(v for v in state.hand if v != move.club)
        new_hand, clubs = draw_clubs(hand, state.clubs)
        drawn = [v for v in new_hand if v not in hand]
        steps.append(Step("draw", ("CF 2.4",),
                          (f"draw {' '.join(rank_text(v) for v in drawn)}; " if drawn
                           else "the club deck is empty; ")
                          + f"hand {' '.join(rank_text(v) for v in new_hand) or 'empty'}"))
        after = State(
            grid=new_grid, deck=deck, hand=new_hand, clubs=clubs,
            discard=tuple(sorted(state.discard + (move.club,))),
            cleared=tuple(sorted(state.cleared + tuple(cleared_cards))),
            jokers=state.jokers,
        )
        if after.won:
            steps.append(Step("end_check", ("CF 5.1",),
                              f"won on turn {after.turn}: the grid and the grid deck are empty"))
        elif after.lost:
            steps.append(Step("end_check", ("CF 5.2", "CF 2.5"),
                              f"lost: no club left after turn {after.turn}, "
                              f"{after.cards_left} cards remain"))
        else:
            steps.append(Step("end_check", ("CF 2.5",),
                              f"turn {after.turn} of {MAX_TURNS} done; "
                              f"{after.cards_left} cards remain"))
        return Transition(after, tuple(steps))

    # -- reading moves ----------------------------------------------------
    def parse_action(self, state: State, text: str, rules: Rules) -> Move:
        spec = parse_move(text, state.grid)
        if state.won or state.lost:
            raise IllegalAction(
                Illegal(("CF 5.1",) if state.won else ("CF 5.2",), "the game is over"), text)
        if spec.club not in state.hand:
            hand = " ".join(rank_text(v) for v in state.hand) or "empty"
            raise IllegalAction(Illegal(("CF 2.1",),
                                        f"the {rank_name(spec.club)} of Clubs is not in hand "
                                        f"(hand: {hand})"), text)
        candidates = [m for m in moves_for_club(state.grid, spec.club, rules) if spec.fits(m)]
        if len(candidates) == 1:
            return candidates[0]
        if candidates:
            if len({m.line for m in candidates}) > 1:
                choice = "which line (row or column)"
            elif len({m.direction for m in candidates}) > 1:
                choice = "which direction (lower or higher)"
            else:
                choice = "which cards it clears"
            raise AmbiguousAction(text, choice,
                                  [format_move(m, state.grid) for m in candidates])
        raise IllegalAction(self.explain_illegal(state, spec, rules), text)

    def explain_illegal(self, state: State, spec: MoveSpec, rules: Rules) -> Illegal:
        """The rule that forbids a move no legal move fits."""
        grid, club, action = state.grid, spec.club, spec.action
        rule = ACTION_RULES[action]
        title = ACTION_TITLES[action]
        name = f"the {rank_name(club)}"
        if spec.club not in state.hand:
            return Illegal(("CF 2.1",), f"the {rank_name(club)} of Clubs is not in hand")
        if action in blocked_actions(grid):
            suit = BLOCKING_SUIT[action]
            return Illegal((BLOCKING_RULES[action], "CF 3.1"),
                           f"{title} is blocked: the grid holds "
                           f"{suit_counts(grid)[suit]} {SUIT_NAMES[suit]}")
        if action == "updown":
            if club not in LOWER_CLUBS and club not in HIGHER_CLUBS:
                return Illegal((rule,), f"{name} has no Up/Down; only 2 to Queen do")
            if spec.direction == "lower" and club not in LOWER_CLUBS:
                return Illegal((rule,), f"{name} may only clear higher cards")
            if spec.direction == "higher" and club not in HIGHER_CLUBS:
                return Illegal((rule,), f"{name} may only clear lower cards")
        every = action_moves(grid, club, action, rules)
        if action == "updown" and spec.direction is not None and not any(
                m.direction == spec.direction for m in every):
            return Illegal((rule,) + (("CF 2.2",) if rules.must_clear else ()),
                           f"no grid card is {spec.direction} than {name}")
        if spec.line is not None and action == "line" and not any(
                m.line == spec.line for m in every):
            return Illegal((rule,), f"{spec.line} holds no {rank_name(club)}")
        if not every:
            reasons = {
                "match": f"no grid card has the rank of {name}",
                "sum": f"no set of grid cards adds up to {club}",
                "any": "the grid is empty",
                "line": f"no row or column holds a card of the rank of {name}",
                "updown": f"no grid card is on the {spec.direction or 'allowed'} side of {name}",
                "run": f"no grid card is next in value to {name}",
            }
            extra = ("CF 2.2",) if action in ("match", "updown") and rules.must_clear else ()
            return Illegal((rule,) + extra, reasons[action])
        cleared = sorted(spec.cleared or ())
        cards = [grid[s] for s in cleared]
        named = " ".join(str(c) for c in cards)
        if action == "sum":
            if any(c.is_joker for c in cards) and not rules.sum_jokers_zero:
                return Illegal((rule, "CF 1.2"), "a Joker has no value and cannot be summed")
            total = sum(c.value for c in cards)
            return Illegal((rule,), f"{named} add up to {total}, not {club}")
        if action == "any":
            return Illegal((rule,), f"Any clears exactly one card, not {len(cards)}")
        if action == "run":
            if any(c.is_joker for c in cards):
                return Illegal((rule, "CF 1.2"), "a Joker has no value and cannot join a Run")
            return Illegal((rule,), f"{named} with {name} are not consecutive values, "
                                    "one card each, without the club's own value")
        if action == "match":
            joker = any(c.is_joker for c in cards) and not rules.jokers_match
            if joker:
                return Illegal((rule, "CF 4.7"), "a Joker has no rank and is never matched")
            allowed = " or ".join(sorted({format_move(m, grid) for m in every}))
            return Illegal((rule,), f"Match must clear {allowed}")
        if action == "line":
            options = "; ".join(format_move(m, grid) for m in every
                                if spec.line is None or m.line == spec.line)
            return Illegal((rule,), f"Line clears a whole row or column: {options}")
        options = "; ".join(format_move(m, grid) for m in every
                            if spec.direction is None or m.direction == spec.direction)
        return Illegal((rule,), f"Up/Down must clear {options}")


GAME = ClubFight()
