"""Certificates: an independent check of a claimed Club Fight win.

The solver (:mod:`analysis.clubfight.solver`) works on its own integer
representation with its own move generator and pruning.  A ``win`` it
reports is only trusted after this module has replayed the winning line from
the start on the rules model alone: every move must be one of
:meth:`GAME.legal_actions <model.clubfight.engine.ClubFight.legal_actions>` in
the state reached (``GAME.resolve`` refuses anything else, with the rule that
forbids it), and the state after the last move must be a won game (CF 5.1).
Nothing here imports the solver.

Moves may be given as :class:`~model.clubfight.moves.Move` objects, as their
JSON form (``Move.as_dict()``, what ``solve --json`` prints) or as move
notation (``"6 line row 2"``), read against the grid of the turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Union

from model.core.errors import InputError
from model.core.game import AmbiguousAction, IllegalAction
from model.clubfight.cards import parse_rank
from model.clubfight.deals import Deal
from model.clubfight.engine import GAME
from model.clubfight.moves import ACTIONS, Move
from model.clubfight.notation import format_move
from model.clubfight.rules import Rules
from model.clubfight.state import State

MoveLike = Union[Move, dict, str]


@dataclass
class Replay:
    """The outcome of replaying a line: ``ok`` when it ends in a won game.

    ``turns`` lists the move notation of each move replayed (on the grid of
    its turn); ``failed_at`` is the index of the first move that failed (or
    ``len(moves)`` if the line was legal but did not end in a win);
    ``reason`` says why, with rule numbers.
    """

    ok: bool
    final: State
    turns: list[str] = field(default_factory=list)
    failed_at: int | None = None
    reason: str | None = None


class CertificateError(Exception):
    """A claimed win did not replay."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        super().__init__(f"the winning line does not replay: move {replay.failed_at}: "
                         f"{replay.reason}")


def _start(start: "State | Deal | str") -> State:
    if isinstance(start, State):
        return start
    if isinstance(start, Deal):
        return State.from_deal(start)
    return State.from_deal(Deal.parse(start))


def _as_move(state: State, item: MoveLike, rules: Rules) -> Move:
    """A model Move from a Move, its ``as_dict`` form or move notation."""
    if isinstance(item, Move):
        return item
    if isinstance(item, str):
        return GAME.parse_action(state, item, rules)
    if isinstance(item, dict):
        try:
            club = parse_rank(str(item["club"]))
            action = item["action"]
            cleared = tuple(int(s) for s in item["cleared"])
        except (KeyError, TypeError, ValueError) as error:
            raise InputError(f"a move needs club, action and cleared: {item!r} ({error})")
        if action not in ACTIONS:
            raise InputError(f"unknown action {action!r} in {item!r}")
        return Move(club, action, cleared, item.get("line"), item.get("direction"))
    raise InputError(f"not a move: {item!r}")


def replay_win(start: "State | Deal | str", moves: Iterable[MoveLike],
               rules: Rules) -> Replay:
    """Replay ``moves`` from ``start`` with the rules model; ``ok`` iff it wins."""
    state = _start(start)
    replay = Replay(ok=False, final=state)
    moves = list(moves)
    for index, item in enumerate(moves):
        try:
            move = _as_move(state, item, rules)
            text = format_move(move, state.grid) if all(
                0 <= s < 9 and state.grid[s] is not None for s in move.cleared) else repr(move)
            state = GAME.resolve(state, move, rules).state
        except (IllegalAction, AmbiguousAction, InputError) as error:
            replay.failed_at = index
            replay.reason = str(error)
            replay.final = state
            return replay
        replay.turns.append(text)
    replay.final = state
    outcome = GAME.outcome(state, rules)
    if outcome is not None and outcome.label == "win":
        replay.ok = True
    else:
        replay.failed_at = len(moves)
        replay.reason = (f"after {len(moves)} moves the game is not won: {state.cards_left} "
                         f"cards remain (CF 5.1)")
    return replay


def certify_win(start: "State | Deal | str", moves: Iterable[MoveLike], rules: Rules) -> Replay:
    """Like :func:`replay_win`, but raise :class:`CertificateError` unless the line wins."""
    replay = replay_win(start, moves, rules)
    if not replay.ok:
        raise CertificateError(replay)
    return replay
