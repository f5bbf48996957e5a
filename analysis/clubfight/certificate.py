"""A claimed loss as data: the refuted states a proof hands to the loss checker.

A proof of loss (the solver's, :mod:`analysis.clubfight.solver`) is the set
of states it refuted; :class:`LossCertificate` holds them with the start and
the rules, in the form the checker (:mod:`analysis.clubfight.losscheck`)
reads, in Python tuples or packed in flat arrays for the compiled check.
"""

from __future__ import annotations

from array import array

from model.clubfight.rules import Rules
from model.clubfight.state import State

CellState = tuple[tuple[int, ...], int, frozenset]
"""A state in the certificate: card number per slot (``-1`` empty; cards are
numbered in deal order, the start's grid slot by slot then its deck), the
cards dealt so far, the club values played since the start."""


PACKED_EMPTY = 63
"""An empty slot in a packed state."""
PACKED_DEALT_SHIFT = 54
"""Where a packed state keeps its deal position."""


class LossCertificate:
    """The states a loss proof refuted, from ``start`` under ``rules``.

    The states are held in one of two forms and turned into the other only
    when asked for: :attr:`refuted`, a set of :data:`CellState` tuples (what
    the Python check reads), and :meth:`packed`, two flat arrays (what the
    compiled check reads, and what the compiled solver writes: a proof of a
    million states then never becomes a million Python tuples).  A packed
    state is one 64-bit int, the card number of slot ``s`` in bits ``6s ..
    6s + 5`` (:data:`PACKED_EMPTY` for an empty slot) and the cards dealt from
    bit :data:`PACKED_DEALT_SHIFT`, beside an int of the played club values as
    bits (bit ``v`` for the club of value ``v``).  Not to be changed once
    made: each form is a cache of the other.
    """

    __slots__ = ("start", "rules", "nodes", "_refuted", "_packed")

    def __init__(self, start: State, rules: Rules, refuted: frozenset, nodes: int) -> None:
        self.start = start
        self.rules = rules
        self.nodes = nodes  # what the proof took, for reports
        self._refuted = frozenset(refuted)
        self._packed = None

    @classmethod
    def from_packed(cls, start: State, rules: Rules, keys: array, played: array,
                    nodes: int) -> "LossCertificate":
        """A certificate of packed states (see the class docstring)."""
        if len(keys) != len(played):
            raise ValueError(f"{len(keys)} packed states but {len(played)} played sets")
        certificate = cls(start, rules, frozenset(), nodes)
        certificate._refuted = None
        certificate._packed = (array("Q", keys), array("i", played))
        return certificate

    @property
    def refuted(self) -> frozenset:
        """The :data:`CellState` entries."""
        if self._refuted is None:
            self._refuted = frozenset(_unpack_states(*self._packed))
        return self._refuted

    @property
    def size(self) -> int:
        """How many states it lists (without unpacking them)."""
        if self._refuted is None:
            return len(self._packed[0])
        return len(self._refuted)

    def packed(self) -> tuple[array, array]:
        """The states packed (see the class docstring): ``(keys, played)``."""
        if self._packed is None:
            self._packed = _pack_states(self._refuted)
        return self._packed

    def __repr__(self) -> str:
        return (f"<LossCertificate of {self.size} states, {self.nodes} nodes, "
                f"rules {self.rules!r}>")


def sort_packed(keys: array, played: array) -> tuple[array, array]:
    """Packed states (``array("Q")`` keys, ``array("i")`` played sets) sorted by key,
    then played set, repeats dropped: the order a certificate's file lists them in.
    In place in C when the compiled solver is there (16 bytes a state while it runs),
    else new arrays sorted here."""
    from analysis.clubfight._solver_native import sort_states

    if sort_states(keys, played):
        return keys, played
    pairs = sorted(set(zip(keys, played)))
    return array("Q", (k for k, _ in pairs)), array("i", (p for _, p in pairs))


def _pack_states(states) -> tuple[array, array]:
    masks: dict[frozenset, int] = {}
    keys = array("Q")
    played_bits = array("i")
    shifts = tuple(6 * slot for slot in range(9))
    for cells, dealt, played in states:
        key = dealt << PACKED_DEALT_SHIFT
        for shift, cell in zip(shifts, cells):
            key |= (cell if cell >= 0 else PACKED_EMPTY) << shift
        keys.append(key)
        mask = masks.get(played)
        if mask is None:
            mask = masks[played] = sum(1 << value for value in played)
        played_bits.append(mask)
    return keys, played_bits


def _unpack_states(keys: array, played: array):
    shifts = tuple(6 * slot for slot in range(9))
    sets: dict[int, frozenset] = {}
    for key, mask in zip(keys, played):
        cells = tuple(-1 if cell == PACKED_EMPTY else cell
                      for cell in (key >> shift & 63 for shift in shifts))
        clubs = sets.get(mask)
        if clubs is None:
            clubs = sets[mask] = frozenset(v for v in range(1, 14) if mask >> v & 1)
        yield cells, key >> PACKED_DEALT_SHIFT & 63, clubs
