"""Fight Klub energy: tokens, pools, costs, and paying a sequence of costs.

A player's energy pool holds blue, green and yellow tokens (``B G Y``).  A
card's cost is made of parts: ``burn B`` (burn one token of that colour),
``burn 2`` (burn any two tokens: a generic cost), ``spot G`` (a green token
must be in sight) and ``spot gear`` (a card of that type must be on the table).
Burned tokens leave the pool; latent energy (printed on the character and on
The Drop) can be spotted but never burned (FK 3.1 .. FK 3.9).

Notation
    tokens   ``"B B G"`` (spaces or commas between tokens; ``"-"`` or ``""``
             for none)
    cost     comma-separated parts: ``"burn B, burn 2, spot G, spot gear"``;
             ``"-"`` or ``""`` is a cost of nothing

:func:`pay` answers, by exhaustive search, whether a sequence of costs can be
paid in order, which tokens each cost burns so that the later ones stay
payable, and, when it cannot, which part of which cost fails.  It is the
referee for the z3 encoding in ``proofs.fightklub``: obviously correct before
fast.
"""

from __future__ import annotations

import enum
import functools
import itertools
import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence

from model.core.errors import InputError
from model.core.notation import is_digits
from model.fightklub.rules import Rules, DEFAULT_RULES


# -- tokens and pools ----------------------------------------------------------------------------
class Token(str, enum.Enum):
    """One energy token's colour."""

    B = "B"
    G = "G"
    Y = "Y"

    def __repr__(self) -> str:
        return f"Token.{self.value}"

    def __str__(self) -> str:
        return self.value

    @property
    def word(self) -> str:
        return _COLOUR_WORDS[self]


COLOURS: tuple[Token, ...] = (Token.B, Token.G, Token.Y)
_COLOUR_WORDS = {Token.B: "blue", Token.G: "green", Token.Y: "yellow"}
COLOUR_LIST = "B, G, Y"

# Bounds on what is read from users: the search is exhaustive, so a pool of a
# million tokens would never finish.  A Kilo of ONE comes with about 21 tokens.
MAX_POOL_TOKENS = 30
MAX_GENERIC = 30
MAX_PARTS = 12
MAX_COSTS = 6


def parse_token(text: str, where: str | None = None) -> Token:
    """``"b"`` -> ``Token.B``; anything else but B, G, Y is an input error.

    >>> parse_token("g")
    Token.G
    >>> parse_token("R", "--pool")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: --pool: 'R' is not a colour (B, G, Y)
    """
    try:
        return Token(text.strip().upper())
    except ValueError:
        raise InputError(f"{text.strip()!r} is not a colour ({COLOUR_LIST})", where) from None


@dataclass(frozen=True, slots=True, order=True)
class Pool:
    """A multiset of tokens, as counts per colour: ``Pool(b=2, g=1)`` is ``B B G``.

    >>> pool = parse_pool("B G B")
    >>> pool, str(pool), len(pool), pool.count(Token.B)
    (Pool(b=2, g=1, y=0), 'B B G', 3, 2)
    >>> str(Pool())
    '-'
    """

    b: int = 0
    g: int = 0
    y: int = 0

    def __post_init__(self) -> None:
        if min(self.b, self.g, self.y) < 0:
            raise ValueError(f"a pool cannot hold a negative count: {self!r}")

    @classmethod
    def of(cls, tokens: Iterable[Token]) -> "Pool":
        tokens = list(tokens)
        return cls(*(tokens.count(colour) for colour in COLOURS))

    @classmethod
    def from_counts(cls, counts: Sequence[int]) -> "Pool":
        return cls(*counts)

    @property
    def counts(self) -> tuple[int, int, int]:
        return (self.b, self.g, self.y)

    def count(self, colour: Token) -> int:
        return self.counts[COLOURS.index(colour)]

    def tokens(self) -> tuple[Token, ...]:
        """The tokens in colour order (B, then G, then Y)."""
        return tuple(colour for colour, n in zip(COLOURS, self.counts) for _ in range(n))

    def minus(self, other: "Pool") -> "Pool":
        return Pool(*(a - b for a, b in zip(self.counts, other.counts)))

    def plus(self, other: "Pool") -> "Pool":
        return Pool(*(a + b for a, b in zip(self.counts, other.counts)))

    def contains(self, other: "Pool") -> bool:
        return all(a >= b for a, b in zip(self.counts, other.counts))

    def __len__(self) -> int:
        return self.b + self.g + self.y

    def __str__(self) -> str:
        return format_tokens(self.tokens())


EMPTY = Pool()


def format_tokens(tokens: Iterable[Token]) -> str:
    """``[B, G]`` -> ``"B G"``; no tokens -> ``"-"``."""
    text = " ".join(str(token) for token in tokens)
    return text or "-"


def parse_pool(text: str, where: str | None = None) -> Pool:
    """A token list (``"B B G"``, ``"B,G"``, ``"-"``, ``""``) as a :class:`Pool`.

    >>> parse_pool("-"), parse_pool("y, y")
    (Pool(b=0, g=0, y=0), Pool(b=0, g=0, y=2))
    >>> parse_pool("B Q", "--latent")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: --latent: token 2 'Q' is not a colour (B, G, Y)
    """
    if not isinstance(text, str):
        raise InputError(f"{text!r} is not a token list like 'B B G'", where)
    stripped = text.strip()
    if stripped in ("", "-"):
        return EMPTY
    items = [item for item in re.split(r"[\s,]+", stripped) if item]
    if len(items) > MAX_POOL_TOKENS:
        raise InputError(f"{len(items)} tokens; ringside pays from at most "
                         f"{MAX_POOL_TOKENS}", where)
    tokens = []
    for index, item in enumerate(items, 1):
        if item.upper() not in Token.__members__:
            raise InputError(f"token {index} {item!r} is not a colour ({COLOUR_LIST})", where)
        tokens.append(Token(item.upper()))
    return Pool.of(tokens)


# -- card types on the table -----------------------------------------------------------------------
CARD_TYPES: tuple[str, ...] = ("character", "hero", "villain", "fight", "power", "clash",
                               "effect", "gear", "condition", "instant", "universal")
"""The card types a cost may ask to spot (the rulebook's "Card types"); heroes and
villains are characters, power and clash cards are fight cards."""

_KIND_OF = {"hero": "character", "villain": "character", "power": "fight", "clash": "fight"}
_TYPE_SPELLINGS = {"fight card": "fight", "power card": "power", "clash card": "clash",
                   "fight cards": "fight", "power cards": "power", "clash cards": "clash"}


def parse_card_type(text: str, where: str | None = None) -> str:
    """``"Gear"`` -> ``"gear"``, ``"fight card"`` -> ``"fight"``."""
    word = " ".join(text.lower().split())
    word = _TYPE_SPELLINGS.get(word, word)
    if word not in CARD_TYPES:
        raise InputError(f"{text.strip()!r} is not a card type ({', '.join(CARD_TYPES)})",
                         where)
    return word


def parse_table(text: str, where: str | None = None) -> frozenset[str]:
    """Card types on the table (``"gear hero"``, ``"gear, fight card"``, ``"-"``)."""
    stripped = text.strip() if isinstance(text, str) else None
    if stripped is None:
        raise InputError(f"{text!r} is not a list of card types", where)
    if stripped in ("", "-"):
        return frozenset()
    if "," in stripped:
        items = [item for item in stripped.split(",") if item.strip()]
    else:
        items = stripped.split()
        # "fight card" written with spaces and no commas: join the word "card(s)" back on
        joined: list[str] = []
        for item in items:
            if item.lower() in ("card", "cards") and joined:
                joined[-1] += " " + item
            else:
                joined.append(item)
        items = joined
    return frozenset(parse_card_type(item, where) for item in items)


def type_in_sight(wanted: str, types: Iterable[str]) -> bool:
    """Whether a card of type ``wanted`` is among ``types``: a hero is a character.

    >>> type_in_sight("character", {"hero"}), type_in_sight("hero", {"character"})
    (True, False)
    """
    return any(kind == wanted or _KIND_OF.get(kind) == wanted for kind in types)


# -- costs ---------------------------------------------------------------------------------------
BURN = "burn"
SPOT = "spot"


@dataclass(frozen=True, slots=True)
class CostPart:
    """One part of a cost: burn a colour, burn ``count`` tokens of any colour,
    spot a colour, or spot a card type.  Exactly one of ``colour``, ``count``
    (burn only) and ``card_type`` (spot only) is set.

    >>> str(CostPart(BURN, count=2)), str(CostPart(SPOT, card_type="gear"))
    ('burn 2', 'spot gear')
    """

    action: str
    colour: Token | None = None
    count: int | None = None
    card_type: str | None = None

    def __post_init__(self) -> None:
        chosen = [x is not None for x in (self.colour, self.count, self.card_type)]
        if self.action not in (BURN, SPOT) or sum(chosen) != 1:
            raise ValueError(f"malformed cost part {self!r}")
        if self.action == BURN and self.card_type is not None:
            raise ValueError("a card type cannot be burned")
        if self.action == SPOT and self.count is not None:
            raise ValueError("a spot part names a colour or a card type, not a count")
        if self.count is not None and self.count < 1:
            raise ValueError("a generic cost burns at least one token")

    @property
    def is_generic(self) -> bool:
        return self.count is not None

    def __str__(self) -> str:
        what = self.colour.value if self.colour else self.count if self.count else self.card_type
        return f"{self.action} {what}"


@dataclass(frozen=True, slots=True)
class Cost:
    """A card's cost: its parts in the order written.

    >>> cost = parse_cost("burn B, burn 2, spot G")
    >>> str(cost), cost.burn_count, cost.coloured_burns
    ('burn B, burn 2, spot G', 3, Pool(b=1, g=0, y=0))
    """

    parts: tuple[CostPart, ...] = ()

    @property
    def coloured_burns(self) -> Pool:
        """The tokens the coloured burn parts ask for."""
        return Pool.of(p.colour for p in self.parts if p.action == BURN and p.colour)

    @property
    def generic(self) -> int:
        return sum(p.count for p in self.parts if p.count is not None)

    @property
    def burn_count(self) -> int:
        return len(self.coloured_burns) + self.generic

    @property
    def spotted_colours(self) -> Pool:
        """The spot-energy parts as counts per colour."""
        return Pool.of(p.colour for p in self.parts if p.action == SPOT and p.colour)

    @property
    def spotted_types(self) -> tuple[str, ...]:
        return tuple(p.card_type for p in self.parts if p.card_type is not None)

    def __str__(self) -> str:
        return format_cost(self)


def format_cost(cost: Cost) -> str:
    """The cost in the notation ``parse_cost`` reads; a cost of nothing is ``"-"``."""
    return ", ".join(str(part) for part in cost.parts) or "-"


def parse_cost(text: str, where: str | None = None) -> Cost:
    """A cost written as comma-separated parts: ``"burn B, burn 2, spot G, spot gear"``.

    >>> parse_cost("Burn b,spot fight card")
    Cost(parts=(CostPart(action='burn', colour=Token.B, count=None, card_type=None), \
CostPart(action='spot', colour=None, count=None, card_type='fight')))
    >>> parse_cost("burn B, burn X", "--cost")
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: --cost: part 2 'burn X': X is not a colour (B, G, Y) or a count
    >>> parse_cost("spot 2", "card 007")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: card 007: part 1 'spot 2': spot takes a colour (B, G, Y) or ...
    """
    if not isinstance(text, str):
        raise InputError(f"{text!r} is not a cost like 'burn B, spot G'", where)
    stripped = text.strip()
    if stripped in ("", "-"):
        return Cost()
    pieces = stripped.split(",")
    if len(pieces) > MAX_PARTS:
        raise InputError(f"{len(pieces)} parts; a cost has at most {MAX_PARTS}", where)
    parts = tuple(_parse_part(piece, index, where) for index, piece in enumerate(pieces, 1))
    if sum(p.count or 0 for p in parts) > MAX_GENERIC:
        raise InputError(f"the generic parts burn more than {MAX_GENERIC} tokens", where)
    return Cost(parts)


def _parse_part(piece: str, index: int, where: str | None) -> CostPart:
    words = piece.split()
    label = f"part {index} {' '.join(words)!r}"
    if not words:
        raise InputError(f"part {index} is empty (two commas, or a comma at the end?)", where)
    action = words[0].lower()
    if action not in (BURN, SPOT):
        raise InputError(f"{label}: a part starts with 'burn' or 'spot', not {words[0]!r}",
                         where)
    if len(words) == 1:
        raise InputError(f"{label}: {action} what? a colour ({COLOUR_LIST})"
                         + (" or a count" if action == BURN else " or a card type"), where)
    what = " ".join(words[1:])
    if what.upper() in Token.__members__:
        return CostPart(action, colour=Token(what.upper()))
    if action == BURN:
        if is_digits(what):
            count = int(what)
            if count < 1:
                raise InputError(f"{label}: a generic cost burns at least 1 token", where)
            if count > MAX_GENERIC:
                raise InputError(f"{label}: ringside burns at most {MAX_GENERIC} tokens",
                                 where)
            return CostPart(BURN, count=count)
        raise InputError(f"{label}: {what} is not a colour ({COLOUR_LIST}) or a count", where)
    if is_digits(what):
        raise InputError(f"{label}: spot takes a colour ({COLOUR_LIST}) or a card type, "
                         "not a count", where)
    try:
        return CostPart(SPOT, card_type=parse_card_type(what))
    except InputError:
        raise InputError(f"{label}: {what} is not a colour ({COLOUR_LIST}) or a card type "
                         f"({', '.join(CARD_TYPES)})", where) from None


# -- the situation a payment is made in --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Situation:
    """Everything besides the pool that decides a payment.

    ``latent`` is the latent energy on the paying player's character,
    ``drop_latent`` the latent energy printed on The Drop, ``controls_drop``
    whether the paying player controls The Drop (their copy face up);
    ``table`` the card types among the player's own cards on the table,
    ``opponent_table`` among the opponent's.
    """

    latent: Pool = EMPTY
    drop_latent: Pool = EMPTY
    controls_drop: bool = True
    table: frozenset[str] = frozenset()
    opponent_table: frozenset[str] = frozenset()
    rules: Rules = DEFAULT_RULES

    def latent_in_sight(self) -> Pool:
        """The latent energy the player may spot: the character's, and The
        Drop's when they control it or the rules let the opponent spot it too."""
        drop_visible = self.controls_drop or self.rules.opponent_spots_drop
        return self.latent.plus(self.drop_latent if drop_visible else EMPTY)

    def types_in_sight(self) -> frozenset[str]:
        if self.rules.spot_cards_anywhere:
            return self.table | self.opponent_table
        return self.table


# -- checking one cost's payment ----------------------------------------------------------------
def _burn_fits(need: Sequence[int], total: int, pool: Sequence[int],
               burned: Sequence[int]) -> bool:
    """The burn rules (FK 3.2 .. FK 3.4) on counts per colour: the burned tokens are in
    the pool, include every coloured part's token, and number exactly ``total``."""
    return (all(0 <= x <= p for x, p in zip(burned, pool))
            and all(x >= n for x, n in zip(burned, need)) and sum(burned) == total)


def burn_problem(cost: Cost, pool: Pool, burned: Pool) -> str | None:
    """Why burning ``burned`` does not pay the burn parts of ``cost`` from ``pool`` (or None)."""
    if _burn_fits(cost.coloured_burns.counts, cost.burn_count, pool.counts, burned.counts):
        return None
    if not pool.contains(burned):
        return f"burns {burned} but the pool holds {pool}"
    for colour in COLOURS:
        need = cost.coloured_burns.count(colour)
        if burned.count(colour) < need:
            return f"burns {burned.count(colour)} {colour.word} but the cost asks for {need}"
    return f"burns {len(burned)} tokens but the cost asks for {cost.burn_count}"


def _in_sight(pool: Sequence[int], burned: Sequence[int], latent: Sequence[int],
              after_burning: bool) -> tuple[int, ...]:
    """Tokens in sight per colour for a cost's spot parts (FK 3.5, FK 3.7, FK 3.8)."""
    return tuple((p - x if after_burning else p) + l for p, x, l in zip(pool, burned, latent))


def _spot_misses(cost: Cost, seen: Sequence[int], types: frozenset[str],
                 one_token_per_spot: bool) -> Iterator[tuple[int, CostPart, int]]:
    """The spot parts that are not met, as (part number, part, how many parts of its
    colour so far): a colour part needs its colour in sight, or under
    ``one_token_per_spot`` one more token in sight than the earlier parts of its colour
    used (FK 3.5, FK 3.10); a card-type part needs the type in sight (FK 3.6)."""
    used = [0, 0, 0]
    for index, part in enumerate(cost.parts, 1):
        if part.action != SPOT:
            continue
        if part.card_type is not None:
            if not type_in_sight(part.card_type, types):
                yield index, part, 0
            continue
        k = _INDEX[part.colour]
        used[k] += 1
        if seen[k] < (used[k] if one_token_per_spot else 1):
            yield index, part, used[k]


_INDEX = {colour: k for k, colour in enumerate(COLOURS)}


def spot_failures(cost: Cost, pool: Pool, burned: Pool, situation: Situation) -> list[str]:
    """The spot parts of ``cost`` that fail once ``burned`` is burned from ``pool``,
    each as ``part N 'spot G': why`` (empty when every spot part is satisfied)."""
    rules = situation.rules
    seen = _in_sight(pool.counts, burned.counts, situation.latent_in_sight().counts,
                     rules.spot_after_burning)
    failures = []
    for index, part, used in _spot_misses(cost, seen, situation.types_in_sight(),
                                          rules.one_token_per_spot):
        label = f"part {index} '{part}'"
        if part.card_type is not None:
            where = "on the table" if rules.spot_cards_anywhere else "among your cards"
            failures.append(f"{label}: no {part.card_type} card {where}")
            continue
        colour = part.colour
        burnt = rules.spot_after_burning and burned.count(colour) > 0
        after = f" (this cost burns {burned.count(colour)} of them first)" if burnt else ""
        if used > 1:
            failures.append(f"{label}: only {seen[_INDEX[colour]]} {colour.word} token(s) in "
                            f"sight for {used} spot {colour} parts, pool and latent energy "
                            f"together{after}")
        else:
            failures.append(f"{label}: no {colour.word} token in sight in the pool or the "
                            f"latent energy{after}")
    return failures


def _burns(need: Sequence[int], total: int, pool: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of the pool (as counts), kept when it pays the burn parts:
    plain enumeration, no cleverness, in a fixed order."""
    for burned in itertools.product(*(range(n + 1) for n in pool)):
        if sum(burned) == total and _burn_fits(need, total, pool, burned):
            yield burned


def burn_choices(cost: Cost, pool: Pool) -> Iterator[Pool]:
    """Every multiset of tokens from ``pool`` that pays the burn parts of ``cost``."""
    for burned in _burns(cost.coloured_burns.counts, cost.burn_count, pool.counts):
        yield Pool(*burned)


def payments_of(cost: Cost, pool: Pool, situation: Situation) -> Iterator[Pool]:
    """The burns that pay all of ``cost`` (burn and spot parts) from ``pool``."""
    step = _Step(cost, situation)
    for burned in step.payments(pool.counts):
        yield Pool(*burned)


class _Step:
    """One cost, with what its payment needs worked out once (the search asks often)."""

    __slots__ = ("cost", "need", "total", "sight", "types", "after", "distinct")

    def __init__(self, cost: Cost, situation: Situation) -> None:
        self.cost = cost
        self.need = cost.coloured_burns.counts
        self.total = cost.burn_count
        self.sight = situation.latent_in_sight().counts
        self.types = situation.types_in_sight()
        self.after = situation.rules.spot_after_burning
        self.distinct = situation.rules.one_token_per_spot

    def payments(self, pool: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        for burned in _burns(self.need, self.total, pool):
            seen = _in_sight(pool, burned, self.sight, self.after)
            if next(_spot_misses(self.cost, seen, self.types, self.distinct), None) is None:
                yield burned


# -- paying a sequence --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Payment:
    """Whether the costs can be paid in order; if so, the tokens each burns.

    ``reason`` says in words which part of which cost fails when not payable,
    and what each cost burns when payable.
    """

    payable: bool
    burned: tuple[tuple[Token, ...], ...]
    reason: str
    notes: tuple[str, ...] = field(default=())
    """For people: why a cost burns what it burns (another choice would leave a
    later cost unpayable)."""

    def as_dict(self) -> dict:
        return {"payable": self.payable,
                "burned": [[str(token) for token in tokens] for tokens in self.burned],
                "reason": self.reason}


def pay(pool: Pool, costs: Sequence[Cost], *, latent: Pool = EMPTY, drop_latent: Pool = EMPTY,
        controls_drop: bool = True, table: Iterable[str] = (),
        opponent_table: Iterable[str] = (), rules: Rules = DEFAULT_RULES) -> Payment:
    """Pay ``costs`` in order from ``pool``, by exhaustive search.

    >>> payment = pay(parse_pool("B G Y"), [parse_cost("burn B, burn 1"), parse_cost("burn G")])
    >>> payment.payable, [format_tokens(t) for t in payment.burned]
    (True, ['B Y', 'G'])
    >>> print(pay(parse_pool("B"), [parse_cost("burn B, spot B")]).reason)
    ... # doctest: +NORMALIZE_WHITESPACE
    cost 1 'burn B, spot B': part 2 'spot B': no blue token in sight in the pool or the
    latent energy (this cost burns 1 of them first)
    """
    situation = Situation(latent, drop_latent, controls_drop, frozenset(table),
                          frozenset(opponent_table), rules)
    costs = tuple(costs)
    plan = _plan(costs, situation)
    path = plan(0, pool)
    if path is not None:
        burned = tuple(step.tokens() for step in path)
        reason = "; ".join(f"cost {i} '{cost}' burns {format_tokens(tokens)}"
                           for i, (cost, tokens) in enumerate(zip(costs, burned), 1))
        notes = tuple(_why(costs, pool, path, plan, situation))
        return Payment(True, burned, reason or "nothing to pay", notes)
    return Payment(False, (), _reason_unpayable(costs, pool, plan, situation))


def is_payable(pool: Pool, costs: Sequence[Cost], situation: Situation = Situation()) -> bool:
    """Only whether ``costs`` can be paid in order (the search of :func:`pay`, without
    the words): for sweeps over many questions."""
    return _plan(tuple(costs), situation)(0, pool) is not None


def _plan(costs: tuple[Cost, ...], situation: Situation):
    """``plan(i, pool)``: the first payment (a burn per cost) of ``costs[i:]`` from
    ``pool`` in enumeration order, or None; memoised, since many burns leave the same
    pool.  Pools and burns are :class:`Pool` outside, counts inside."""
    steps = [_Step(cost, situation) for cost in costs]

    @functools.lru_cache(maxsize=None)
    def search(index: int, pool: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
        if index == len(steps):
            return ()
        for burned in steps[index].payments(pool):
            rest = search(index + 1, tuple(p - x for p, x in zip(pool, burned)))
            if rest is not None:
                return (burned,) + rest
        return None

    def plan(index: int, pool: Pool) -> tuple[Pool, ...] | None:
        found = search(index, pool.counts)
        return None if found is None else tuple(Pool(*burned) for burned in found)

    return plan


def _why(costs, pool, path, plan, situation) -> Iterator[str]:
    """For each cost with a choice, the other burns (three at most) that would strand a
    later cost."""
    for index, (cost, burned) in enumerate(zip(costs, path)):
        stranding = [other for other in payments_of(cost, pool, situation)
                     if other != burned and plan(index + 1, pool.minus(other)) is None]
        if stranding:
            shown = " or ".join(f"'{other}'" for other in stranding[:3])
            more = f" (or {len(stranding) - 3} more)" if len(stranding) > 3 else ""
            yield (f"cost {index + 1}: burning {shown}{more} instead would leave a later "
                   "cost unpayable")
        pool = pool.minus(burned)


def _reason_unpayable(costs, pool, plan, situation) -> str:
    """Which cost fails first, and which of its parts, in words."""
    # the first cost that no payment of the costs before it leaves payable
    reachable = {pool}
    for index, cost in enumerate(costs):
        label = f"cost {index + 1} '{cost}'"
        payable_from = [p for p in sorted(reachable) if next(payments_of(cost, p, situation), None)
                        is not None]
        if not payable_from:
            if index == 0:
                return f"{label}: {_diagnose(cost, pool, situation)}"
            earlier = "cost 1" if index == 1 else f"costs 1-{index}"
            left = sorted(reachable, key=lambda p: (len(p), p))
            shown = ", ".join(f"'{p}'" for p in left[:3]) + (" ..." if len(left) > 3 else "")
            return (f"{label} cannot be paid after {earlier}: every way to pay "
                    f"{'it' if index == 1 else 'them'} leaves {shown}; with "
                    f"'{left[0]}': {_diagnose(cost, left[0], situation)}")
        reachable = {p.minus(b) for p in payable_from for b in payments_of(cost, p, situation)}
    # ``reachable`` holds exactly the pools some payment of every cost leaves, so a
    # sequence with no failing cost was payable and never reaches this line
    raise AssertionError("the costs are payable")


def _diagnose(cost: Cost, pool: Pool, situation: Situation) -> str:
    """Why ``cost`` alone cannot be paid from ``pool``: the first failing part."""
    coloured = cost.coloured_burns
    for index, part in enumerate(cost.parts, 1):
        if part.action == BURN and part.colour is not None:
            have, need = pool.count(part.colour), coloured.count(part.colour)
            if have < need:
                return (f"part {index} '{part}': the cost burns {need} {part.colour.word} "
                        f"and the pool holds {have} (latent energy is never burned)")
    if len(pool) < cost.burn_count:
        index = next(i for i, p in enumerate(cost.parts, 1) if p.is_generic)
        return (f"part {index} '{cost.parts[index - 1]}': {len(pool) - len(coloured)} "
                f"token(s) left after the coloured burns, {cost.generic} needed "
                "(latent energy is never burned)")
    choices = list(burn_choices(cost, pool))
    failures = [spot_failures(cost, pool, burned, situation) for burned in choices]
    always = [f for f in failures[0] if all(f in other for other in failures[1:])]
    if always:
        return always[0]
    shown = " / ".join(f"burning {b}: {f[0]}" for b, f in list(zip(choices, failures))[:3])
    more = f" / {len(choices) - 3} more ways of burning fail too" if len(choices) > 3 else ""
    return f"no way of burning leaves enough in sight for every spot part: {shown}{more}"


def payment_problem(pool: Pool, costs: Sequence[Cost], burned: Sequence[Pool], *,
                    situation: Situation = Situation()) -> str | None:
    """Why ``burned`` (one multiset per cost) is not a valid payment of ``costs``
    from ``pool``, or None when it is: the check a z3 witness must pass."""
    if len(burned) != len(costs):
        return f"{len(burned)} burns for {len(costs)} costs"
    for index, (cost, tokens) in enumerate(zip(costs, burned), 1):
        problem = burn_problem(cost, pool, tokens)
        if problem is None:
            failures = spot_failures(cost, pool, tokens, situation)
            problem = failures[0] if failures else None
        if problem is not None:
            return f"cost {index} '{cost}': {problem}"
        pool = pool.minus(tokens)
    return None
