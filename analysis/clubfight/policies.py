"""Realistic play: Club Fight policies that see only what a player sees.

The solver (:mod:`analysis.clubfight.solver`) plays with perfect information: it
knows the order of the grid deck and of the club deck.  A player does not.  A
*policy* here chooses each move from an :class:`Observation`, built by
:func:`observe` from a state, which holds

* the grid, the hand, the discard and the cleared pile (all face up);
* how many cards the grid deck and the club deck still hold;
* *which* cards they hold, as sorted sets (what is neither in the grid nor
  cleared, what is neither in hand nor discarded: a player can count them),

and nothing else: the orders of the two decks are not in it, so a policy
cannot use them (``tests/test_clubfight_policies.py`` checks that two states
that differ only in those orders get the same move).

Policies
--------

``greedy``
    One move, scored from what is on the table (:meth:`Greedy.score`), the
    best score played; ties go to the first move in the rules model's order.
    The score, in tenths of a card:

    * +10 per card cleared; a move that clears every card left wins at once;
    * +5 per Joker cleared where Jokers are hard to clear (with the
      ``rulebook`` reading only Any and Line take them);
    * +6 per card the best other club in hand could clear next turn from the
      cards the move leaves (a one-turn look-ahead on the known cards: keep
      the club that has a big clear waiting);
    * -3 per card of the club's *flexibility* (:data:`FLEXIBILITY`: how many
      cards its Up/Down clears on an average grid; 6, 7 and 8 are worth
      keeping, A, 2, Q and K are cheap to spend);
    * ``blocker`` per *blocker* left behind (each Diamond, Spade or Heart
      beyond the second of its suit among the grid cards the move leaves):
      weight 0, because penalising blockers lost games (at -6 the win rate
      on 100 tuning deals was 8 to 14 points lower in each of the four
      variants).

    The weights were set by hand on deals CF1/CF2-20000..20199 (outside the
    surveyed range), by win rate on 100 to 200 deals of each of the four
    variants (1 and 2 Jokers, ``rulebook`` and ``webapp``).

``mc``
    Determinized Monte Carlo (:class:`MonteCarlo`): draw ``samples`` (16)
    orders of the unseen grid cards and of the unseen clubs (uniformly, among
    the orders consistent with the observation), and score each of the
    ``candidates`` (10) best moves by greedy's score (one per distinct club
    and cleared slots) by the share of samples on which the
    perfect-information solver wins after it (within ``max_nodes`` (300)
    nodes per solve; a solve stopped by that budget counts one half).  The
    best share is played; ties go to the better greedy score.  A move that
    wins at once is played without sampling.  On 60 tuning deals per variant
    16 samples of 10 candidates won 0 to 10 points more than 12 of 6 (and
    than 24 of 8 with 600 nodes), at about twice the cost.

Randomness: every random choice comes from a generator seeded by the
``seed`` given to :func:`play` and the turn number (:func:`turn_rng`), never
from the hidden orders: a game is reproducible from (deal, rules, policy,
seed), whatever process or machine plays it.  :func:`deal_seed` derives the
seed of deal ``CFj-n`` from a base seed; the ``survey`` and ``play``
commands both use it, so ``play CFj-n --policy mc --seed S`` replays the game
the survey counted.
"""

from __future__ import annotations

import abc
import hashlib
import random
from dataclasses import dataclass, field
from typing import ClassVar

from analysis.deadline import NO_DEADLINE, Deadline
from model.core.errors import InputError
from model.core.policy import GENERIC_POLICIES, Policy
from model.clubfight.cards import Card
from model.clubfight.deals import Deal
from model.clubfight.engine import GAME, draw_clubs, refill
from model.clubfight.moves import (
    BLOCK_THRESHOLD, HIGHER_CLUBS, LINES, LOWER_CLUBS, Grid, Move,
    blocked_actions,
)
from model.clubfight.observation import Observation, observe
from model.clubfight.rules import Rules
from model.clubfight.state import CLUB_VALUES, MAX_TURNS, State


# -- helpers -----------------------------------------------------------------------------------
def apply_move(state: State, move: Move) -> State:
    """The state after ``move`` (clear, refill, draw), without the engine's log.

    The caller guarantees the move is legal; :func:`play` goes through
    ``GAME.resolve``, which checks it.
    """
    cells = list(state.grid)
    cleared = []
    for slot in move.cleared:
        cleared.append(cells[slot])
        cells[slot] = None
    grid, deck, _ = refill(tuple(cells), state.deck)
    hand, clubs = draw_clubs(tuple(v for v in state.hand if v != move.club), state.clubs)
    return State(grid=grid, deck=deck, hand=hand, clubs=clubs,
                 discard=tuple(sorted(state.discard + (move.club,))),
                 cleared=tuple(sorted(state.cleared + tuple(cleared))), jokers=state.jokers)


def _subset_sums(values: list[int], target: int) -> int:
    """The most values (all > 0) that add up to ``target`` exactly (0 if none)."""
    best = {0: 0}  # sum -> most cards
    for value in values:
        for total, count in sorted(best.items(), reverse=True):
            new = total + value
            if new <= target and best.get(new, -1) < count + 1:
                best[new] = count + 1
    return best.get(target, 0)


def max_clear(grid: Grid, club: int, rules: Rules) -> int:
    """The most cards ``club`` can clear from ``grid`` in one action (0: none).

    Cheaper than listing the moves (``moves_for_club``), and the same maximum:
    blocking, Jokers and every ``Rules`` flag included.
    """
    filled = [card for card in grid if card is not None]
    if not filled:
        return 0
    blocked = blocked_actions(grid)
    jokers = sum(card.is_joker for card in filled)
    valued = [card.value for card in filled if not card.is_joker]
    best = 1  # Any, never blocked
    matching = sum(1 for v in valued if v == club)
    if matching or (rules.jokers_match and jokers):
        best = max(best, matching + (jokers if rules.jokers_match else 0))
    summed = _subset_sums(sorted(valued, reverse=True), club)
    if summed:
        best = max(best, summed + (jokers if rules.sum_jokers_zero else 0))
    if "line" not in blocked:
        for _, slots in LINES:
            cards = [grid[s] for s in slots if grid[s] is not None]
            if any(c.value == club or (rules.line_joker_target and c.is_joker) for c in cards):
                best = max(best, len(cards))
    if "updown" not in blocked:
        if club in LOWER_CLUBS:
            best = max(best, sum(1 for v in valued if v < club))
        if club in HIGHER_CLUBS:
            best = max(best, sum(1 for v in valued if v > club))
    if "run" not in blocked:
        present = set(valued)
        low = club
        while low - 1 in present:
            low -= 1
        high = club
        while high + 1 in present:
            high += 1
        if high - low + 1 >= max(2, rules.run_min_cards):
            best = max(best, high - low)
    return best


def _updown_flexibility(club: int) -> float:
    """Cards an Up/Down of ``club`` clears from a full grid of 9 average cards."""
    lower = (club - 1) * 9 / 13 if club in LOWER_CLUBS else 0.0
    higher = (13 - club) * 9 / 13 if club in HIGHER_CLUBS else 0.0
    return max(lower, higher)


FLEXIBILITY = {club: round(_updown_flexibility(club), 2) for club in CLUB_VALUES}
"""How much a club is worth keeping: what its Up/Down clears on an average
full grid (A and K have none; 7 goes either way)."""


def turn_rng(seed: int, turn: int) -> random.Random:
    """The generator of one decision: from the game's seed and the turn only."""
    return random.Random(f"ringside-policy:{seed}:{turn}")


def deal_seed(seed: int, key: str) -> int:
    """The seed of one game (``key``: a deal id such as ``CF1-17``) from a base seed."""
    digest = hashlib.blake2b(f"{seed}:{key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


# -- policies ----------------------------------------------------------------------------------
class _SeesObservation(abc.ABC):
    """A Club Fight policy as :class:`model.core.policy.Policy`: ``choose`` hands
    :meth:`decide` what the player sees (the game's observation) and nothing else."""

    def choose(self, game, state: State, rules: Rules, player: int,
               rng: random.Random) -> Move:
        return self.decide(game.observation(state, player), rules, rng)

    @abc.abstractmethod
    def decide(self, observation: Observation, rules: Rules, rng: random.Random) -> Move:
        """The move to play, from what the player sees alone."""


@dataclass(frozen=True)
class Greedy(_SeesObservation):
    """One-turn heuristic play (the module docstring lists the score)."""

    description: ClassVar[str] = ("the best move by a one-turn score of what is on the "
                                  "table (cards cleared, a look-ahead, clubs worth keeping)")
    name: str = "greedy"
    clear: float = 10.0
    joker: float = 5.0
    blocker: float = 0.0
    lookahead: float = 6.0
    flexibility: float = 3.0

    def score(self, observation: Observation, move: Move, rules: Rules) -> float:
        grid = observation.grid
        cleared = len(move.cleared)
        if cleared == observation.cards_left:
            return 1e9  # wins now
        score = self.clear * cleared
        if not (rules.jokers_match or rules.sum_jokers_zero):
            score += self.joker * sum(grid[s].is_joker for s in move.cleared)
        left = list(grid)
        for slot in move.cleared:
            left[slot] = None
        counts = {"D": 0, "S": 0, "H": 0}
        for card in left:
            if card is not None and not card.is_joker and card.suit in counts:
                counts[card.suit] += 1
        score -= self.blocker * sum(max(0, n - (BLOCK_THRESHOLD - 1))
                                    for n in counts.values())
        others = [c for c in observation.hand if c != move.club]
        if others and self.lookahead:
            remaining = tuple(left)
            score += self.lookahead * max(max_clear(remaining, c, rules) for c in others)
        score -= self.flexibility * FLEXIBILITY[move.club]
        return score

    def ranked(self, observation: Observation, rules: Rules) -> list[tuple[float, Move]]:
        """Every legal move with its score, best first (stable: ties keep the
        rules model's order)."""
        moves = observation.legal_moves(rules)
        scored = [(self.score(observation, m, rules), m) for m in moves]
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i] for i in order]

    def decide(self, observation: Observation, rules: Rules, rng: random.Random) -> Move:
        return self.ranked(observation, rules)[0][1]


@dataclass(frozen=True)
class MonteCarlo(_SeesObservation):
    """Determinized Monte Carlo with the perfect-information solver as the judge."""

    description: ClassVar[str] = ("the move the solver wins after most often on sampled "
                                  "orders of the unseen cards and clubs")
    name: str = "mc"
    samples: int = 16
    candidates: int = 10
    max_nodes: int = 300
    greedy: Greedy = field(default_factory=Greedy)

    def decide(self, observation: Observation, rules: Rules, rng: random.Random) -> Move:
        from analysis.clubfight.solver import solve

        ranked = self.greedy.ranked(observation, rules)
        # One move per distinct outcome: the club played and the slots cleared.
        seen: set = set()
        candidates: list[tuple[float, Move]] = []
        for score, move in ranked:
            key = (move.club, move.cleared)
            if key in seen:
                continue
            seen.add(key)
            candidates.append((score, move))
            if len(candidates) == self.candidates:
                break
        if len(candidates) == 1 or candidates[0][0] >= 1e9:
            return candidates[0][1]
        hidden = len(observation.unseen_cards) > 1 or len(observation.unseen_clubs) > 1
        samples = self.samples if hidden else 1
        value = [0.0] * len(candidates)
        for _ in range(samples):
            state = observation.sample(rng)
            for index, (_, move) in enumerate(candidates):
                child = apply_move(state, move)
                if child.won:
                    value[index] += 1.0
                    continue
                if child.lost:
                    continue
                verdict = solve(child, rules, max_nodes=self.max_nodes).verdict
                value[index] += 1.0 if verdict == "win" else 0.5 if verdict == "unknown" else 0.0
        best = max(range(len(candidates)), key=lambda i: (value[i], -i))
        return candidates[best][1]


POLICIES: dict[str, Policy] = {"greedy": Greedy(), "mc": MonteCarlo(), **GENERIC_POLICIES}
"""The policies by name (for ``--policy`` / ``--policies``): Club Fight's own, then
the two every game has."""


def get_policy(name: str) -> Policy:
    try:
        return POLICIES[name]
    except KeyError:
        raise InputError(f"unknown policy {name!r}; policies are "
                         f"{', '.join(POLICIES)}", "--policy") from None


# -- playing a game ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Turn:
    """One turn of a played game: the position before it and the move."""

    number: int
    grid: Grid
    hand: tuple[int, ...]
    deck_size: int
    clubs_left: int
    move: Move
    text: str
    cleared: tuple[Card, ...]

    def as_dict(self) -> dict:
        from model.clubfight.cards import rank_text
        from model.clubfight.state import grid_rows

        return {"turn": self.number, "grid": grid_rows(self.grid),
                "hand": [rank_text(v) for v in self.hand], "deck": self.deck_size,
                "club_deck": self.clubs_left, "move": self.text,
                "move_dict": self.move.as_dict(),
                "cleared": [str(c) for c in self.cleared]}


@dataclass
class PlayResult:
    """A game played by a policy: ``won``, the ``moves`` and each ``turns``' record."""

    won: bool
    moves: list[Move]
    turns: list[Turn]
    final: State

    @property
    def cards_left(self) -> int:
        return self.final.cards_left


def play(deal_or_state: "Deal | State | str", rules: Rules, policy: "Policy | str",
         seed: int = 0, deadline: Deadline = NO_DEADLINE) -> PlayResult:
    """Play a whole game with ``policy`` (a policy or its name) from a deal or state.

    The policy is shown only the observation of each state (:func:`observe`);
    its move goes through ``GAME.resolve`` (the rules model), which refuses an
    illegal one.
    ``seed`` fixes every random choice (with the turn number).  Past ``deadline``,
    checked before each turn, :class:`~analysis.deadline.TimeUp` (no part of a game).
    """
    if isinstance(policy, str):
        policy = get_policy(policy)
    if isinstance(deal_or_state, State):
        state = deal_or_state
    elif isinstance(deal_or_state, Deal):
        state = State.from_deal(deal_or_state)
    else:
        state = State.from_deal(Deal.parse(deal_or_state))
    moves: list[Move] = []
    turns: list[Turn] = []
    while GAME.outcome(state, rules) is None and len(turns) <= MAX_TURNS:
        deadline.check("while the game was played")
        move = policy.choose(GAME, state, rules, 0, turn_rng(seed, state.turn))
        text = GAME.format_action(state, move) if all(
            0 <= s < 9 and state.grid[s] is not None for s in move.cleared) else repr(move)
        after = GAME.resolve(state, move, rules).state
        turns.append(Turn(state.turn + 1, state.grid, state.hand, len(state.deck),
                          len(state.clubs), move, text,
                          tuple(state.grid[s] for s in move.cleared)))
        moves.append(move)
        state = after
    outcome = GAME.outcome(state, rules)
    return PlayResult(won=outcome is not None and outcome.label == "win", moves=moves,
                      turns=turns, final=state)
