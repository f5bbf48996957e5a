"""Can the setup phase go on for ever, or get stuck?  The survey behind the answer.

:func:`analysis.monmamo.search.survey` walks every state reachable from a
position; this module runs it from the small starts of
:data:`~analysis.monmamo.search.SMALL_STARTS` (or the user's) under each ruleset
and words what it found, for ``ringside monmamo termination`` and for the
rules reference's termination page.

Each survey answers three questions, each three-valued: *ends* (every way
from the start ends within the game's length bound: proved when the walk is
complete and the longest way is within the bound), *never stuck* (no state
where nobody can act before the end: proved, or refuted with the state), and
which ends are reachable, each with a shortest trace.  A walk cut short by
``max_states`` or by the deadline (``--timeout``) proves nothing: its answers are
``unknown``, and so are those of the surveys the deadline left no time for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from harness.interrupts import checkpoint
from analysis.monmamo.loading import GAME
from analysis.deadline import NO_DEADLINE, Deadline
from analysis.monmamo.search import SMALL_STARTS, Survey, survey

PROVED, REFUTED, UNKNOWN = "proved", "refuted", "unknown"


@dataclass(frozen=True, slots=True)
class StartFinding:
    """One survey: the start (notation, words), the ruleset's name, what was found."""

    start: str
    words: str | None
    ruleset: str
    found: Survey

    @property
    def ends(self) -> str:
        if not self.found.complete:
            return UNKNOWN
        return PROVED if self.found.longest <= self.found.bound else REFUTED

    @property
    def never_stuck(self) -> str:
        if self.found.dead_ends:
            return REFUTED
        return PROVED if self.found.complete else UNKNOWN

    def as_dict(self) -> dict:
        return {"start": self.start, "words": self.words, "rules": self.ruleset,
                "states": self.found.states, "complete": self.found.complete,
                "stopped": self.found.stopped or None,
                "ends": self.ends, "never_stuck": self.never_stuck,
                "longest": self.found.longest, "bound": self.found.bound,
                "outcomes": dict(sorted(self.found.ends.items())),
                "shortest": {label: list(actions)
                             for label, actions in sorted(self.found.shortest.items())},
                "dead_ends": list(self.found.dead_ends)}


def findings(starts: Iterable[tuple[str | None, Any]], rulesets: Mapping[str, Any],
             max_states: int = 200_000,
             progress=lambda message: None, game: Any = None,
             deadline: Deadline = NO_DEADLINE) -> list[StartFinding]:
    """A survey of every start (words or ``None``, state) under every named ruleset, in
    ``game`` (one with a user's cards; by default the shipped set's); once ``deadline``
    has passed, each survey left stops at its start (unknown, saying why)."""
    game = GAME if game is None else game
    found = []
    starts = list(starts)
    for index, (words, state) in enumerate(starts, 1):
        for name, rules in rulesets.items():
            checkpoint()
            progress(f"start {index}/{len(starts)}, {name}")
            found.append(StartFinding(game.format_state(state), words, name,
                                      survey(game, rules, state, max_states=max_states,
                                             deadline=deadline)))
    return found


def small_starts() -> list[tuple[str, Any]]:
    """The shipped small starts, parsed."""
    return [(words, GAME.parse_state(text)) for words, text in SMALL_STARTS]


def summary_lines(results: Sequence[StartFinding]) -> list[str]:
    """The findings for people, one block per survey."""
    lines = []
    for item in results:
        found = item.found
        lines.append(f"{item.words or 'start'} ({item.ruleset})")
        lines.append(f"  start      {item.start}")
        stopped = "stopped at --max-states" if found.stopped == "--max-states" \
            else found.stopped
        lines.append(f"  states     {found.states}"
                     + ("" if found.complete else f" ({stopped}: the walk is not complete)"))
        lines.append(f"  ends       {item.ends}: longest way {found.longest} actions, "
                     f"bound {found.bound}")
        lines.append(f"  never stuck {item.never_stuck}"
                     + (f": {len(found.dead_ends)} dead end(s), first "
                        f"{found.dead_ends[0]}" if found.dead_ends else ""))
        for label, count in sorted(found.ends.items()):
            trace = " / ".join(found.shortest[label]) or "start"
            lines.append(f"  {label}: {count} end state(s); shortest: {trace}")
        lines.append("")
    return lines
