"""Toy Brawl: a tiny game for 2 to 4 players that exercises the whole core protocol.

It exists only for the tests of ``model.core`` and ``harness``; small enough to
count its states exactly, yet it has every feature the harness must cope with:

* a typed setup (:class:`Setup`: how many play, how many cards), written
  ``players 2 deck 4``, from which the player count comes;
* a shuffled deck of the cards 1 to N, drawn one card at a time (a chance node
  per card, exact :class:`Fraction` odds from :func:`draw_outcomes`): one card
  to each player at the deal, and one more in the middle of the game;
* hidden hands: :meth:`ToyGame.observation` hides the other players' cards
  until the showdown, and :meth:`ToyGame.resample` redraws exactly those and
  the deck;
* a secret simultaneous bid (:data:`SIMULTANEOUS`): each player bids 0, 1 or 2,
  never more than their own card, and the bids are revealed together as one
  :class:`Joint` action written ``bid 1 & bid 0``;
* two pending effects, ``heal`` (add the drawn card) and ``rage`` (double),
  that the player with the initiative puts in order (:class:`ChooseOrder`,
  written ``order rage heal``); the order changes the result and is logged;
* an outcome with scores (the final strengths), a phase graph, numbered rules,
  invariants, transition invariants, two ambiguity-register entries, two
  presets, its declared :class:`GameType` and a play policy (:class:`HighBid`).

Its parts carry the names every game's files use (``Rules``, ``DEFAULT_RULES``,
``RULEBOOK``, ``AMBIGUITIES``, ``State``, ``INVARIANTS``, ``phase_graph``,
``POLICIES`` ...), kept in this one file because it is a test fixture.

A game, action by action (the notation scenarios use)::

    deal 2   deal 1   bid 1 & bid 0   draw 3   order heal rage

With the cards 1 to 3, player 0 holds the 2 and player 1 the 1; player 0
outbids player 1 and takes the initiative, pays the bid (strength 2 - 1 = 1),
draws the 3 and resolves heal then rage: (1 + 3) x 2 = 8 against player 1's 1.
Had every player bid the same, nobody would take the initiative (under the
standard rules) and the cards minus the bids would be compared at once: games
are 3 or 5 actions long for two players, which gives the explorer's shortest
traces something to choose.

A state's notation has seven sections, always all of them, in this order::

    hands 2 1 | deck - | bids 1 0 | initiative 0 | drawn 3 | order heal rage | strengths 8 1

``hands`` has one token per player (``-`` for a card not dealt yet); ``deck``
lists the cards still in the deck in ascending order (the deck has no order
until a card is drawn, so none is stored), ``-`` when empty; ``bids ?`` and
``initiative ?`` before the bids are revealed; ``initiative -`` when nobody took
it; ``strengths`` are written once the game is over.

The notation is structural: it refuses what cannot be written down (section
names, seats, a bid before the deal, strengths before the end ...) but accepts
values the rules forbid (a card twice, a bid above the card) so that the broken
variants' states can be written, replayed and caught by the invariants.

Broken variants at the end each bring one deliberate bug for the harness and
the conformance tests to catch; their docstrings say which check catches them.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Sequence

import networkx as nx

from model.core.ambiguity import Ambiguity, Reading, Witness
from model.core.errors import InputError
from model.core.notation import read_sections
from model.core.game import (
    CHANCE, SIMULTANEOUS, TERMINAL, AmbiguousAction, ChooseOrder, Game, Illegal,
    IllegalAction, Invariant, Joint, Outcome, Step, Transition, TransitionInvariant,
    draw_outcomes, format_joint, order_actions, parse_order, split_joint,
)
from model.core.game_type import Chance, GameType, Information
from model.core.policy import GENERIC_POLICIES, Policy, choices
from model.core.rules import Rule, RuleBook, Section

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_CARD = 9
MAX_BID = 2
EFFECTS = ("heal", "rage")
"""The pending effects of the player with the initiative, in their default order."""


# -- rules ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Rules:
    """The points the (imaginary) Toy Brawl rulebook leaves open.

    tied_bids_cancel
        Several players tie for the highest bid: nobody takes the initiative
        (else the tied bidder holding the highest card takes it).
    shared_win
        Several players tie for the highest strength: they share the win
        (else the game is a draw).
    """

    tied_bids_cancel: bool = True
    shared_win: bool = False


DEFAULT_RULES = Rules()
HOUSE = Rules(tied_bids_cancel=False, shared_win=True)
PRESETS = {"standard": DEFAULT_RULES, "house": HOUSE}

SOURCE = "Toy Brawl"
RULEBOOK = RuleBook(
    "TG",
    (Section("TG 1", "Set-up"), Section("TG 2", "The bid"), Section("TG 3", "The initiative"),
     Section("TG 4", "The end")),
    (
        Rule("TG 1.1", "Players and cards",
             "Two to four players use a deck of the cards 1 to N, one of each; N is at "
             "least one more than the number of players and at most 9.", f"{SOURCE}: Set-up"),
        Rule("TG 1.2", "The deal",
             "The deck is shuffled and each player, in seat order, is dealt one card face "
             "down; only its holder sees it until the showdown, and it never changes.",
             f"{SOURCE}: Set-up"),
        Rule("TG 2.1", "Secret bids",
             "All players bid at once and in secret: 0, 1 or 2, never more than their own "
             "card. The bids are revealed together.", f"{SOURCE}: The bid"),
        Rule("TG 2.2", "Initiative",
             "The highest bidder takes the initiative.", f"{SOURCE}: The bid"),
        Rule("TG 2.3", "Paying",
             "Each player's strength is their card minus their bid.", f"{SOURCE}: The bid"),
        Rule("TG 3.1", "The draw",
             "The player with the initiative draws one card from the deck, face up.",
             f"{SOURCE}: The initiative"),
        Rule("TG 3.2", "Two effects",
             "They then resolve two effects on their strength, in the order they choose: "
             "heal adds the drawn card, rage doubles the strength.",
             f"{SOURCE}: The initiative"),
        Rule("TG 4.1", "Showdown",
             "After the effects, or at once when nobody took the initiative, the cards are "
             "shown and the strongest player wins; each player scores their strength.",
             f"{SOURCE}: The end"),
        Rule("TG 4.2", "Tied strengths",
             "Players tied for the highest strength: the game is a draw.",
             f"{SOURCE}: The end"),
    ),
)

AMBIGUITIES = (
    Ambiguity(
        id="TG-A1",
        title="Who takes the initiative after a tied bid?",
        passage="'The highest bidder takes the initiative' - but two players may bid the "
                "same.",
        source=f"{SOURCE}: The bid",
        rules=("TG 2.2",),
        field="tied_bids_cancel",
        readings=(Reading(True, "Nobody: the game goes straight to the showdown."),
                  Reading(False, "The tied bidder holding the highest card.")),
        default=True,
        rationale="The text names a single highest bidder; with none, nobody qualifies.",
        witness=Witness("hands 3 2 | deck 1 4 | bids ? | initiative ? | drawn - | order - "
                        "| strengths -",
                        "bid 1 & bid 1",
                        "when a tie cancels, the game ends at once, p0 wins 2 to 1; when it "
                        "does not, player 0 (the 3) takes the initiative and draws."),
        setting="A tied bid cancels the initiative",
    ),
    Ambiguity(
        id="TG-A2",
        title="Who wins a tie for the highest strength?",
        passage="'The strongest player wins' says nothing of two equally strong players.",
        source=f"{SOURCE}: The end",
        rules=("TG 4.1", "TG 4.2"),
        field="shared_win",
        readings=(Reading(False, "Nobody: a draw."),
                  Reading(True, "The tied players share the win.")),
        default=False,
        rationale="A win that several players share is not what 'the strongest' suggests.",
        witness=Witness("hands 2 3 | deck 4 5 | bids 1 0 | initiative 0 | drawn 1 | order - "
                        "| strengths -",
                        "order rage heal",
                        "with strengths 3 and 3, a draw when ties do not share the win; "
                        "otherwise p0 and p1 share it."),
        setting="Tied players share the win",
    ),
)


# -- setups ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Setup:
    """How a game of Toy Brawl is set up: ``players`` seats, the cards 1 to ``deck``."""

    players: int
    deck: int

    def __post_init__(self) -> None:
        for name in ("players", "deck"):
            value = getattr(self, name)
            if type(value) is not int:
                raise InputError(f"must be a whole number, not {value!r}", name)
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise InputError(f"must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {self.players}",
                             "players")
        if not self.players + 1 <= self.deck <= MAX_CARD:
            raise InputError(f"must be {self.players + 1} to {MAX_CARD} for {self.players} "
                             f"players (a card each and one to draw), not {self.deck}", "deck")

    def __str__(self) -> str:
        return f"players {self.players} deck {self.deck}"

    @classmethod
    def parse(cls, text: str) -> "Setup":
        """``players 3 deck 5``; an :class:`InputError` names the field at fault."""
        if not isinstance(text, str):
            raise InputError(f"a setup is text, not {type(text).__name__}")
        words = text.split()
        names = [word.lower() for word in words[0::2]]
        if names != ["players", "deck"] or len(words) != 4:
            raise InputError(f"{text!r} is not a setup; write: players N deck M")
        values = {}
        for name, token in zip(names, words[1::2]):
            # ASCII digits only: str.isdigit() would let through '²' or '٣'.
            if not (token.isascii() and token.isdigit()) or len(token) > 2:
                raise InputError(f"{token!r} is not a whole number", name)
            values[name] = int(token)
        return cls(values["players"], values["deck"])


def example_setup(index: int) -> Setup:
    """The ``index``-th example: 2, 3, 4 players in turn, with ever larger decks."""
    players = MIN_PLAYERS + index % 3
    extra = (index // 3) % (MAX_CARD - players)  # 0 .. MAX_CARD - players - 1
    return Setup(players, players + 1 + extra)


# -- states and actions ---------------------------------------------------------
SECTION_NAMES = ("hands", "deck", "bids", "initiative", "drawn", "order", "strengths")


def _card(token: str, where: str) -> int:
    # ASCII digits only: str.isdigit() would let through '²' or '٣'.
    if len(token) != 1 or token not in "123456789":
        raise InputError(f"{token!r} is not a card (a digit 1-9)", where)
    return int(token)


def _number(token: str, where: str) -> int:
    if not (token.isascii() and token.isdigit()) or len(token) > 3:
        raise InputError(f"{token!r} is not a whole number", where)
    return int(token)


def _seat(token: str, players: int, where: str) -> int:
    if not (token.isascii() and token.isdigit()) or int(token) >= players:
        raise InputError(f"{token!r} is not a seat; seats are 0 to {players - 1}", where)
    return int(token)


@dataclass(frozen=True, slots=True)
class State:
    """A game of Toy Brawl.

    ``hands`` holds each seat's card (0: not dealt yet); ``deck`` the undrawn
    cards, ascending; ``bids`` is ``None`` until the bids are revealed;
    ``initiative`` the seat that took it (``None`` before the reveal, or when
    nobody did); ``drawn`` the card drawn in the middle of the game (0: none);
    ``order`` the order chosen for the effects; ``strengths`` the final
    strengths, once the game is over.
    """

    hands: tuple[int, ...]
    deck: tuple[int, ...]
    bids: tuple[int, ...] | None = None
    initiative: int | None = None
    drawn: int = 0
    order: tuple[str, ...] = ()
    strengths: tuple[int, ...] | None = None

    @classmethod
    def start(cls, setup: Setup) -> "State":
        return cls(hands=(0,) * setup.players, deck=tuple(range(1, setup.deck + 1)))

    @property
    def players(self) -> int:
        return len(self.hands)

    @classmethod
    def parse(cls, text: str) -> "State":
        body = read_sections(text, SECTION_NAMES)

        tokens = body["hands"]
        if not MIN_PLAYERS <= len(tokens) <= MAX_PLAYERS:
            raise InputError(f"one card (or -) per player, {MIN_PLAYERS} to {MAX_PLAYERS} "
                             f"players; got {len(tokens)} tokens", "hands")
        hands = tuple(0 if t == "-" else _card(t, "hands") for t in tokens)
        players = len(hands)
        if any(a == 0 and b != 0 for a, b in zip(hands, hands[1:])):
            raise InputError("cards are dealt in seat order: a seat after an empty one has "
                             "a card", "hands")
        dealt = 0 not in hands

        deck_tokens = body["deck"]
        if deck_tokens == ["-"]:
            deck: tuple[int, ...] = ()
        elif deck_tokens and "-" not in deck_tokens:
            deck = tuple(sorted(_card(t, "deck") for t in deck_tokens))
        else:
            raise InputError("takes - or the cards left in the deck", "deck")

        def single(name: str) -> str:
            if len(body[name]) != 1:
                raise InputError(f"takes one token, not {len(body[name])}", name)
            return body[name][0]

        bid_tokens = body["bids"]
        if bid_tokens == ["?"]:
            bids = None
        elif len(bid_tokens) == players:
            bids = tuple(_number(t, "bids") for t in bid_tokens)
            if not dealt:
                raise InputError("the players bid only after the deal", "bids")
        else:
            raise InputError(f"takes ? or one bid per player ({players})", "bids")

        initiative_token = single("initiative")
        if (initiative_token == "?") != (bids is None):
            raise InputError("is ? exactly while the bids are (not revealed yet)",
                             "initiative")
        initiative = (None if initiative_token in ("?", "-")
                      else _seat(initiative_token, players, "initiative"))

        drawn_token = single("drawn")
        drawn = 0 if drawn_token == "-" else _card(drawn_token, "drawn")
        if drawn and initiative is None:
            raise InputError("only the player with the initiative draws", "drawn")

        order_tokens = body["order"]
        if order_tokens == ["-"]:
            order: tuple[str, ...] = ()
        else:
            order = parse_order("order " + " ".join(order_tokens).lower(), EFFECTS,
                                "order").order
            if not drawn:
                raise InputError("the effects are put in order after the draw", "order")

        strength_tokens = body["strengths"]
        if strength_tokens == ["-"]:
            strengths = None
        elif len(strength_tokens) == players:
            strengths = tuple(_number(t, "strengths") for t in strength_tokens)
        else:
            raise InputError(f"takes - or one strength per player ({players})", "strengths")
        over = bids is not None and (initiative is None or bool(order))
        if over != (strengths is not None):
            raise InputError("strengths are written exactly when the game is over (the "
                             "effects resolved, or nobody took the initiative)", "strengths")
        return cls(hands, deck, bids, initiative, drawn, order, strengths)

    def __str__(self) -> str:
        def cards(values: Iterable[int]) -> str:
            return " ".join(str(v) if v else "-" for v in values) or "-"

        if self.bids is None:
            bids = initiative = "?"
        else:
            bids = " ".join(map(str, self.bids))
            initiative = "-" if self.initiative is None else str(self.initiative)
        strengths = "-" if self.strengths is None else " ".join(map(str, self.strengths))
        return (f"hands {cards(self.hands)} | deck {cards(self.deck)} | bids {bids} | "
                f"initiative {initiative} | drawn {self.drawn or '-'} | "
                f"order {' '.join(self.order) or '-'} | strengths {strengths}")


@dataclass(frozen=True, slots=True)
class Action:
    """A chance event (``deal 3``, ``draw 4``) or one player's secret ``bid 1``."""

    kind: str  # deal, draw, bid
    value: int

    def __str__(self) -> str:
        return f"{self.kind} {self.value}"


HIDDEN = -1
"""In a :class:`View`, a card lying face down before another player."""


@dataclass(frozen=True, slots=True)
class View:
    """What one player sees of a game: everything but the others' face-down cards.

    ``unseen`` lists, ascending, the cards the player cannot place: the deck
    and the other players' face-down cards (the deck has no order to hide:
    cards are drawn one at a time).
    """

    player: int
    hands: tuple[int, ...]
    unseen: tuple[int, ...]
    deck_size: int
    bids: tuple[int, ...] | None
    initiative: int | None
    drawn: int
    order: tuple[str, ...]
    strengths: tuple[int, ...] | None

    def __str__(self) -> str:
        hands = " ".join("?" if v == HIDDEN else (str(v) if v else "-") for v in self.hands)
        unseen = " ".join(map(str, self.unseen)) or "-"
        bids = "?" if self.bids is None else " ".join(map(str, self.bids))
        return (f"player {self.player} sees hands {hands} | unseen {unseen} "
                f"({self.deck_size} in the deck) | bids {bids}")


PHASE_KINDS = {"deal": ("deal",), "bid": ("bid",), "draw": ("draw",), "order": ("order",),
               "over": ()}
PHASE_RULE = {"deal": "TG 1.2", "bid": "TG 2.1", "draw": "TG 3.1", "order": "TG 3.2",
              "over": "TG 4.1"}
VERBS = ("deal", "bid", "draw", "order")


def pay(hands: Sequence[int], bids: Sequence[int]) -> tuple[int, ...]:
    """Each player's strength before any effect: card minus bid (TG 2.3)."""
    return tuple(card - bid for card, bid in zip(hands, bids))


def resolve_effect(name: str, strength: int, drawn: int) -> int:
    return strength + drawn if name == "heal" else strength * 2


def verdict(strengths: Sequence[int], rules: Rules) -> Outcome:
    """Who wins with these final strengths (TG 4.1, TG 4.2); the scores are the strengths."""
    best = max(strengths)
    leaders = [seat for seat, strength in enumerate(strengths) if strength == best]
    scores = tuple(strengths)
    if len(leaders) == 1:
        return Outcome(f"p{leaders[0]} wins", frozenset(leaders), scores)
    if rules.shared_win:
        return Outcome("shared " + " ".join(f"p{seat}" for seat in leaders),
                       frozenset(leaders), scores)
    return Outcome("draw", frozenset(), scores)


# -- invariants ----------------------------------------------------------------------
def cards_once(state: State) -> str | None:
    cards = sorted([c for c in state.hands if c] + list(state.deck)
                   + ([state.drawn] if state.drawn else []))
    if cards != list(range(1, len(cards) + 1)):
        doubled = sorted({c for c in cards if cards.count(c) > 1})
        if doubled:
            return f"the card {doubled[0]} is in play twice"
        return f"the cards in play are {' '.join(map(str, cards))}, not 1 to {len(cards)}"
    return None


def bids_covered(state: State) -> str | None:
    if state.bids is None:
        return None
    for seat, (card, bid) in enumerate(zip(state.hands, state.bids)):
        if bid > min(MAX_BID, card):
            return f"player {seat} bid {bid} holding the {card}"
    return None


def initiative_to_top_bidder(state: State) -> str | None:
    if state.bids is None:
        return None
    top = max(state.bids)
    leaders = [seat for seat, bid in enumerate(state.bids) if bid == top]
    if state.initiative is None:
        if len(leaders) == 1:
            return f"player {leaders[0]} bid highest, yet nobody took the initiative"
        return None
    if state.initiative not in leaders:
        return f"player {state.initiative} took the initiative with a bid below {top}"
    # Whichever reading of a tie: the initiative never goes to a lower card among equals.
    best = max(leaders, key=lambda seat: state.hands[seat])
    if state.initiative != best:
        return (f"player {state.initiative} took the initiative from a tie that player "
                f"{best} (the higher card) wins")
    return None


def strengths_fit(state: State) -> str | None:
    if state.strengths is None:
        return None
    expected = list(pay(state.hands, state.bids))
    seat = state.initiative
    if seat is not None:
        # Worked out here from the two effects' definitions, not by the engine's code.
        base, drawn = expected[seat], state.drawn
        expected[seat] = (base + drawn) * 2 if state.order == ("heal", "rage") \
            else base * 2 + drawn
    if tuple(expected) != state.strengths:
        return (f"strengths {' '.join(map(str, state.strengths))}, but cards, bids and "
                f"effects give {' '.join(map(str, expected))}")
    return None


def cards_stay(before: State, action: Any, after: State, rules: Rules) -> str | None:
    for seat, (old, new) in enumerate(zip(before.hands, after.hands)):
        if old and old != new:
            return f"{action} changed player {seat}'s card from {old} to {new}"
    if not set(after.deck) <= set(before.deck):
        return f"{action} put a card back into the deck"
    return None


INVARIANTS = (
    Invariant("cards-once", ("TG 1.1", "TG 1.2"),
              "The cards in play are 1 to N, each once: in a hand, in the deck or drawn.",
              cards_once),
    Invariant("bids-covered", ("TG 2.1",), "No bid is above 2 or above the bidder's card.",
              bids_covered),
    Invariant("initiative-to-top-bidder", ("TG 2.2",),
              "Only a highest bidder takes the initiative; a single highest bidder always "
              "does.", initiative_to_top_bidder),
    Invariant("strengths-fit", ("TG 2.3", "TG 3.2"),
              "Final strengths are card minus bid, with the two effects applied in the "
              "chosen order for the player with the initiative.", strengths_fit),
)
TRANSITION_INVARIANTS = (
    TransitionInvariant("cards-stay", ("TG 1.2", "TG 3.1"),
                        "A dealt card never changes and no card goes back into the deck.",
                        cards_stay),
)


@functools.lru_cache(maxsize=1)
def phase_graph() -> nx.DiGraph:
    graph = nx.DiGraph(name="Toy Brawl")
    for name, kind, rules in (
        ("deal", "start", ("TG 1.2",)), ("bid", "decision", ("TG 2.1",)),
        ("reveal", "step", ("TG 2.2", "TG 2.3")), ("draw", "step", ("TG 3.1",)),
        ("order", "decision", ("TG 3.2",)), ("effects", "step", ("TG 3.2",)),
        ("showdown", "step", ("TG 4.1", "TG 4.2")), ("over", "terminal", ("TG 4.1",)),
    ):
        graph.add_node(name, kind=kind, rules=rules, label=name.title())
    graph.add_edges_from([("deal", "bid"), ("bid", "reveal"), ("reveal", "draw"),
                          ("reveal", "showdown"), ("draw", "order"), ("order", "effects"),
                          ("effects", "showdown"), ("showdown", "over")])
    return graph


# -- the game -------------------------------------------------------------------------
class ToyGame(Game[State, Any, Rules]):
    game_type = GameType(
        "toy", "Toy Brawl", MIN_PLAYERS, MAX_PLAYERS,
        # The deal and the draw are chance nodes, the cards are hidden until the
        # showdown, the bid is secret and simultaneous; a deal per player, then a bid,
        # a draw and an order.
        Chance.EXPLICIT, Information.IMPERFECT, simultaneous=True,
        longest_game=MAX_PLAYERS + 3, rulebook_file="toy-brawl.txt")
    rules_type = Rules
    setup_type = Setup
    summary = "A test game: hidden cards, a secret bid, a draw and two effects in order."

    presets = PRESETS
    rulebook = RULEBOOK
    ambiguities = AMBIGUITIES
    invariants = INVARIANTS
    transition_invariants = TRANSITION_INVARIANTS

    # -- setups -------------------------------------------------------------------
    def parse_setup(self, text: str) -> Setup:
        return Setup.parse(text)

    def example_setups(self, count: int) -> Iterable[Setup]:
        return [example_setup(index) for index in range(count)]

    def initial_state(self, setup: Setup, rules: Rules) -> State:
        return State.start(setup)

    def num_players(self, state: State) -> int:
        return state.players

    def max_length(self, state: State) -> int:
        """Deals left, then a bid, a draw and an order (a tied bid ends sooner)."""
        phase = self.phase(state)
        if phase == "deal":
            return state.hands.count(0) + 3
        return {"bid": 3, "draw": 2, "order": 1, "over": 0}[phase]

    # -- states ---------------------------------------------------------------------
    def parse_state(self, text: str) -> State:
        return State.parse(text)

    def phase(self, state: State) -> str:
        if 0 in state.hands:
            return "deal"
        if state.bids is None:
            return "bid"
        if state.strengths is not None:
            return "over"
        if not state.drawn:
            return "draw"
        return "order"

    def phase_graph(self) -> nx.DiGraph:
        return phase_graph()

    def current_player(self, state: State) -> int:
        phase = self.phase(state)
        if phase in ("deal", "draw"):
            return CHANCE
        if phase == "bid":
            return SIMULTANEOUS
        if phase == "order":
            return state.initiative
        return TERMINAL

    def players_to_act(self, state: State) -> tuple[int, ...]:
        if self.phase(state) == "bid":
            return tuple(range(state.players))
        return super().players_to_act(state)

    def outcome(self, state: State, rules: Rules) -> Outcome | None:
        if state.strengths is None:
            return None
        return verdict(state.strengths, rules)

    # -- hidden information -----------------------------------------------------------
    def observation(self, state: State, player: int) -> View:
        """The player's own card and everything public; others' cards until the showdown."""
        shown = state.strengths is not None
        hands = tuple(card if (shown or seat == player or not card) else HIDDEN
                      for seat, card in enumerate(state.hands))
        hidden = [card for card, seen in zip(state.hands, hands) if seen == HIDDEN]
        return View(player, hands, tuple(sorted(hidden + list(state.deck))),
                    len(state.deck), state.bids, state.initiative, state.drawn,
                    state.order, state.strengths)

    def format_observation(self, observation: View) -> str:
        return str(observation)

    def resample(self, state: State, player: int, rng) -> State:
        """The unseen cards dealt again to the other seats and the deck.

        Only deals that fit what the player saw are drawn: the revealed bids
        (no bid above its card) and who took the initiative after a tie.
        """
        seats = [seat for seat, seen in enumerate(self.observation(state, player).hands)
                 if seen == HIDDEN]
        if not seats:
            return state
        pool = sorted([state.hands[seat] for seat in seats] + list(state.deck))
        candidates = []
        for cards in itertools.permutations(pool, len(seats)):
            hands = list(state.hands)
            for seat, card in zip(seats, cards):
                hands[seat] = card
            left = list(pool)
            for card in cards:
                left.remove(card)
            candidate = dataclasses.replace(state, hands=tuple(hands), deck=tuple(left))
            if bids_covered(candidate) is None and initiative_to_top_bidder(candidate) is None:
                candidates.append(candidate)
        if not candidates:
            # A state the rules forbid (a broken variant's): nothing else is known to
            # look the same to the player.
            return state
        return rng.choice(candidates)

    # -- actions ----------------------------------------------------------------------
    def chance_outcomes(self, state: State, rules: Rules):
        phase = self.phase(state)
        if phase == "deal":
            return tuple((Action("deal", card), p) for card, p in draw_outcomes(state.deck))
        if phase == "draw":
            return tuple((Action("draw", card), p)
                         for card, p in draw_outcomes(self.draw_pool(state)))
        return ()

    def draw_pool(self, state: State) -> tuple[int, ...]:
        """The cards the middle draw comes from."""
        return state.deck

    def player_actions(self, state: State, rules: Rules, player: int) -> Sequence[Any]:
        if self.phase(state) == "bid":
            if not 0 <= player < state.players:
                return ()
            return tuple(Action("bid", bid)
                         for bid in range(min(MAX_BID, state.hands[player]) + 1))
        return super().player_actions(state, rules, player)

    def legal_actions(self, state: State, rules: Rules) -> Sequence[Any]:
        phase = self.phase(state)
        if phase == "bid":
            return self.joint_actions(state, rules)
        if phase == "order":
            return order_actions(EFFECTS)
        return ()

    def action_kind(self, action: Any) -> str:
        if isinstance(action, Joint):
            return "bid"
        if isinstance(action, ChooseOrder):
            return "order"
        return action.kind

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return VERBS

    def format_action(self, state: State, action: Any) -> str:
        if isinstance(action, Joint):
            return format_joint(action, lambda player, choice: str(choice))
        return str(action)

    # -- transitions --------------------------------------------------------------
    def resolve(self, state: State, action: Any, rules: Rules) -> Transition[State]:
        if action not in self.actions(state, rules):
            raise IllegalAction(self._illegal(state, action, rules),
                                self.format_action(state, action)
                                if isinstance(action, (Joint, ChooseOrder, Action))
                                else repr(action))
        if isinstance(action, Joint):
            return self._reveal(state, action, rules)
        if isinstance(action, ChooseOrder):
            return self._resolve_effects(state, action, rules)
        if action.kind == "deal":
            seat = state.hands.index(0)
            hands = list(state.hands)
            hands[seat] = action.value
            after = dataclasses.replace(state, hands=tuple(hands),
                                        deck=self._without(state.deck, action.value))
            return Transition(after, (Step("deal", ("TG 1.2",),
                                           f"deal player {seat} the {action.value}, face "
                                           "down"),))
        return self._draw(state, action.value)

    @staticmethod
    def _without(deck: tuple[int, ...], card: int) -> tuple[int, ...]:
        """The deck less ``card``; a card it lacks (a broken variant's draw) changes
        nothing, so that the invariants, not a crash, report the bug."""
        left = list(deck)
        if card in left:
            left.remove(card)
        return tuple(left)

    def _draw(self, state: State, card: int) -> Transition[State]:
        after = dataclasses.replace(state, drawn=card, deck=self._without(state.deck, card))
        return Transition(after, (Step("draw", ("TG 3.1",),
                                       f"player {state.initiative} draws the {card}, face "
                                       "up"),))

    def paid(self, hands: Sequence[int], bids: Sequence[int]) -> list[int]:
        """Strengths after paying the bids (TG 2.3)."""
        return list(pay(hands, bids))

    def _reveal(self, state: State, joint: Joint, rules: Rules) -> Transition[State]:
        bids = tuple(joint.of(seat).value for seat in range(state.players))
        top = max(bids)
        leaders = [seat for seat, bid in enumerate(bids) if bid == top]
        steps = [Step("bid", ("TG 2.1",), "the bids are revealed: " + ", ".join(
            f"player {seat} bids {bid}" for seat, bid in enumerate(bids)))]
        tied = " and ".join(map(str, leaders))
        if len(leaders) == 1:
            initiative = leaders[0]
            why = f"player {initiative} bids highest and takes the initiative"
        elif rules.tied_bids_cancel:
            initiative = None
            why = f"players {tied} tie at {top}: nobody takes the initiative"
        else:
            initiative = max(leaders, key=lambda seat: state.hands[seat])
            why = (f"players {tied} tie at {top}: player {initiative}, holding the higher "
                   "card, takes the initiative")
        strengths = self.paid(state.hands, bids)
        steps.append(Step("reveal", ("TG 2.2", "TG 2.3"), why + "; strengths "
                          + " ".join(map(str, strengths))))
        after = dataclasses.replace(state, bids=bids, initiative=initiative)
        if initiative is None:
            return self._showdown(after, strengths, rules, steps)
        return Transition(after, tuple(steps))

    def resolution_order(self, chosen: ChooseOrder) -> tuple[str, ...]:
        """The order the effects are resolved in: the one chosen (TG 3.2)."""
        return chosen.order

    def effect_steps(self, seat: int, chosen: ChooseOrder,
                     changes: list[tuple[str, int, int]], drawn: int) -> list[Step]:
        """The log of the order chosen and of each effect as it resolves."""
        steps = [Step("order", ("TG 3.2",),
                      f"player {seat} resolves {', then '.join(chosen.order)}")]
        for name, old, new in changes:
            how = f"{old} + {drawn}" if name == "heal" else f"{old} x 2"
            steps.append(Step("effects", ("TG 3.2",), f"{name}: strength {how} = {new}"))
        return steps

    def _resolve_effects(self, state: State, chosen: ChooseOrder,
                         rules: Rules) -> Transition[State]:
        seat = state.initiative
        strengths = self.paid(state.hands, state.bids)
        changes = []
        for name in self.resolution_order(chosen):
            old = strengths[seat]
            strengths[seat] = resolve_effect(name, old, state.drawn)
            changes.append((name, old, strengths[seat]))
        steps = self.effect_steps(seat, chosen, changes, state.drawn)
        after = dataclasses.replace(state, order=chosen.order)
        return self._showdown(after, strengths, rules, steps)

    def _showdown(self, state: State, strengths: list[int], rules: Rules,
                  steps: list[Step]) -> Transition[State]:
        after = dataclasses.replace(state, strengths=tuple(strengths))
        outcome = verdict(after.strengths, rules)
        tie = len(outcome.winners) != 1
        steps.append(Step("showdown", ("TG 4.1",) + (("TG 4.2",) if tie else ()),
                          f"cards {' '.join(map(str, after.hands))}, strengths "
                          f"{' '.join(map(str, after.strengths))}: {outcome.label}"))
        return Transition(after, tuple(steps))

    def _illegal(self, state: State, action: Any, rules: Rules) -> Illegal:
        phase = self.phase(state)
        if phase == "over":
            return Illegal(("TG 4.1",), "the game is over")
        kind = self.action_kind(action) if isinstance(
            action, (Joint, ChooseOrder, Action)) else "?"
        if kind not in PHASE_KINDS[phase]:
            wanted = " or ".join(PHASE_KINDS[phase])
            return Illegal((PHASE_RULE[phase],), f"the game is at {phase!r}: {wanted} comes next")
        if kind == "deal":
            return Illegal(("TG 1.2",), f"the {action.value} is not in the deck "
                                        f"({' '.join(map(str, state.deck)) or 'empty'})")
        if kind == "draw":
            return Illegal(("TG 3.1",), f"the {action.value} is not in the deck "
                                        f"({' '.join(map(str, state.deck)) or 'empty'})")
        if kind == "bid":
            if action.players != tuple(range(state.players)):
                return Illegal(("TG 2.1",), "every player bids, once")
            for seat, choice in action.choices:
                if choice not in self.player_actions(state, rules, seat):
                    return self._bid_too_high(state, seat, getattr(choice, "value", choice))
        return Illegal((PHASE_RULE[phase],), "not possible here")

    # -- reading actions ------------------------------------------------------------
    def parse_action(self, state: State, text: str, rules: Rules) -> Any:
        if not isinstance(text, str) or not text.split():
            raise InputError(f"{text!r} is not an action; actions are {', '.join(VERBS)}")
        words = text.split()
        verb = words[0].lower()
        if verb == "order":
            return self._parse_order(state, text, rules)
        if verb == "bid" or "&" in text:
            return self._parse_bids(state, text, rules)
        if verb not in ("deal", "draw"):
            raise InputError(f"{text!r}: {words[0]!r} is not an action; actions are "
                             f"{', '.join(VERBS)}")
        if len(words) > 2:
            raise InputError(f"{text!r}: {verb} takes one card at most")
        if len(words) == 2 and (len(words[1]) != 1 or words[1] not in "123456789"):
            raise InputError(f"{text!r}: {words[1]!r} is not a card (a digit 1-9)")
        value = int(words[1]) if len(words) == 2 else None
        candidates = [a for a in self.actions(state, rules)
                      if isinstance(a, Action) and a.kind == verb
                      and (value is None or a.value == value)]
        if len(candidates) == 1:
            return candidates[0]
        if candidates:
            raise AmbiguousAction(text, "which card comes",
                                  [self.format_action(state, a) for a in candidates])
        raise IllegalAction(self._illegal(state, Action(verb, value or 0), rules), text)

    def _parse_order(self, state: State, text: str, rules: Rules) -> Any:
        words = text.lower().split()
        if len(words) == 1:
            if self.phase(state) == "order":
                raise AmbiguousAction(text, "which order the effects resolve in",
                                      [str(a) for a in order_actions(EFFECTS)])
            chosen = ChooseOrder(EFFECTS)
        else:
            chosen = parse_order(" ".join(words), EFFECTS)
        if chosen in self.legal_actions(state, rules):
            return chosen
        raise IllegalAction(self._illegal(state, chosen, rules), text)

    def _parse_bids(self, state: State, text: str, rules: Rules) -> Any:
        players = tuple(range(state.players))
        pieces = [piece.strip() for piece in text.split("&")]
        if len(pieces) > len(players) or not all(pieces):
            split_joint(text, players)  # raises the InputError that says how to write it
        given: list[tuple[int, int | None]] = []
        for seat, piece in zip(players, pieces):
            words = piece.lower().split()
            if words[0] != "bid" or len(words) > 2:
                raise InputError(f"{text!r}: {piece!r} is not a bid; write 'bid N'",
                                 f"player {seat}")
            given.append((seat, _number(words[1], f"player {seat}") if len(words) == 2
                          else None))
        if self.phase(state) != "bid":
            raise IllegalAction(self._illegal(state, Joint(()), rules), text)
        for seat, value in given:
            if value is not None and Action("bid", value) not in self.player_actions(
                    state, rules, seat):
                raise IllegalAction(self._bid_too_high(state, seat, value), text)
        candidates = [joint for joint in self.legal_actions(state, rules)
                      if all(value is None or joint.of(seat).value == value
                             for seat, value in given)]
        if len(candidates) == 1:
            return candidates[0]
        if candidates:
            # A bid left out, or written without its number: the choice is open.
            named = {seat for seat, value in given if value is not None}
            open_seats = [str(seat) for seat in players if seat not in named]
            raise AmbiguousAction(
                text, f"what player{'s' if len(open_seats) > 1 else ''} "
                      f"{' and '.join(open_seats)} bid{'' if len(open_seats) > 1 else 's'}",
                [self.format_action(state, joint) for joint in candidates])
        raise IllegalAction(Illegal(("TG 2.1",), "no allowed combination of bids fits"), text)

    @staticmethod
    def _bid_too_high(state: State, seat: int, value: int) -> Illegal:
        card = state.hands[seat]
        return Illegal(("TG 2.1",), f"player {seat} holds the {card} and may bid 0 to "
                                    f"{min(MAX_BID, card)}, not {value}")


TOY = ToyGame()


def start_of(players: int, deck: int) -> State:
    """The first state of a game with this setup."""
    return TOY.initial_state(Setup(players, deck), DEFAULT_RULES)


# -- policies (a real game's live in analysis/<key>/policies.py) ---------------------------
class HighBid:
    """Bids all it may, and resolves heal before rage: adding the drawn card before
    doubling never gives less."""

    name = "high_bid"
    description = "the highest bid it may make; heal before rage"

    def choose(self, game, state, rules, player, rng):
        options = choices(game, state, rules, player)  # its own part of a joint choice
        if not options:
            raise ValueError("no legal action to choose from")
        if isinstance(options[0], ChooseOrder):
            return next(order for order in options if order.order[0] == "heal")
        return max(options, key=lambda action: action.value)


POLICIES: dict[str, Policy] = {"high_bid": HighBid(), **GENERIC_POLICIES}


# -- deliberately broken variants ----------------------------------------------------
class GhostDrawGame(ToyGame):
    """Bug: the middle draw comes from the whole deck, held cards included.

    Caught by the invariant ``cards-once`` (a card in play twice), first after
    ``deal 1, deal 2, bid 0 & bid 1, draw 1`` (4 actions).  The chance odds still
    sum to 1: only the invariant sees it.
    """

    def draw_pool(self, state):
        return tuple(range(1, len([c for c in state.hands if c]) + len(state.deck) + 1))


class BadOddsGame(ToyGame):
    """Bug: each card of the middle draw is given the odds of a full deck (1/N).

    The odds sum to less than 1; caught by the conformance check of chance nodes.
    """

    def chance_outcomes(self, state, rules):
        outcomes = super().chance_outcomes(state, rules)
        if self.phase(state) != "draw":
            return outcomes
        full = len(state.hands) + len(state.deck)
        return tuple((action, Fraction(1, full)) for action, _ in outcomes)


class UnpaidBidGame(ToyGame):
    """Bug: player 0's bid is never paid (the payment loop starts at seat 1).

    Breaks ``strengths-fit`` whenever player 0 bids.  From players 2, deck 3
    the shortest way is a tied bid ``bid 1 & bid 1`` (3 actions, straight to the
    showdown); the way that comes first in action order, ``bid 1 & bid 0`` and
    then a draw and an order, takes 5.
    """

    def paid(self, hands, bids):
        return [hands[0]] + [card - bid for card, bid in zip(hands[1:], bids[1:])]


class StuckOrderGame(ToyGame):
    """Bug: when the drawn card is higher than the drawer's own card, no order is
    offered (a deadlock in phase ``order``, first at depth 4)."""

    def legal_actions(self, state, rules):
        if self.phase(state) == "order" and state.drawn > state.hands[state.initiative]:
            return ()
        return super().legal_actions(state, rules)


class CardSwapGame(ToyGame):
    """Bug: a drawn card higher than the drawer's own is swapped into the hand.

    Every state is still a fair one (each card once, bids covered); only the
    transition invariant ``cards-stay`` sees the card change hands.
    """

    def _draw(self, state, card):
        transition = super()._draw(state, card)
        seat = state.initiative
        own = state.hands[seat]
        if card > own:
            hands = list(state.hands)
            hands[seat] = card
            swapped = dataclasses.replace(transition.state, hands=tuple(hands), drawn=own)
            return Transition(swapped, transition.steps)
        return transition


class OffGraphGame(ToyGame):
    """Bug in the phase graph: it lacks the ``reveal -> showdown`` edge a tied bid takes."""

    def phase_graph(self):
        graph = super().phase_graph().copy()
        graph.remove_edge("reveal", "showdown")
        return graph


class IgnoredOrderGame(ToyGame):
    """Bug: the effects always resolve heal first, whatever order was chosen.

    The state records the order chosen, so the invariant ``strengths-fit``
    catches it whenever ``order rage heal`` is chosen.
    """

    def resolution_order(self, chosen):
        return EFFECTS


class UnloggedOrderGame(ToyGame):
    """Bug: the log of the effects never says which order was chosen or which
    effect resolved: the state is right, but a judge cannot follow the ruling."""

    def effect_steps(self, seat, chosen, changes, drawn):
        return [Step("effects", ("TG 3.2",), f"player {seat}'s strength becomes "
                                             f"{changes[-1][2]}")]


class EndlessGame(ToyGame):
    """Bug: a tied bid is bid again (a loop the rules never end).

    The state after a tie is the state before the bid, so the breadth-first
    search merges it and sees nothing; random playouts run past ``max_length``.
    """

    def _reveal(self, state, joint, rules):
        bids = [joint.of(seat).value for seat in range(state.players)]
        if bids.count(max(bids)) > 1:
            return Transition(state, (
                Step("bid", ("TG 2.1",), "the bids are revealed: " + " ".join(map(str, bids))),
                Step("reveal", ("TG 2.2",), "a tie: everybody bids again")))
        return super()._reveal(state, joint, rules)

    def phase_graph(self):
        graph = super().phase_graph().copy()
        graph.add_edge("reveal", "bid")
        return graph


class PeekingBidGame(ToyGame):
    """Bug: a player may bid 2 only when someone else holds a lower card.

    The options depend on the other players' hidden cards; caught by the
    observation check (a resampled state, identical to the player, offers
    other bids).
    """

    def player_actions(self, state, rules, player):
        options = super().player_actions(state, rules, player)
        if self.phase(state) == "bid":
            own = state.hands[player]
            if not any(card < own for seat, card in enumerate(state.hands) if seat != player):
                options = tuple(a for a in options if a.value < 2)
        return options


class NoTiedBidsGame(ToyGame):
    """Bug: no two players may bid the same, so a player's options depend on the
    other's secret bid; caught because the legal joint actions are not every
    combination of the players' own options."""

    def legal_actions(self, state, rules):
        actions = super().legal_actions(state, rules)
        if self.phase(state) == "bid":
            return tuple(j for j in actions
                         if len({choice.value for _, choice in j.choices}) == len(j.choices))
        return actions


class CarelessResampleGame(ToyGame):
    """Bug: ``resample`` redraws the player's own card too, so the player could tell
    the resampled state apart (its observation differs)."""

    def resample(self, state, player, rng):
        if self.phase(state) == "over" or not state.hands[player]:
            return super().resample(state, player, rng)
        pool = [state.hands[player]] + list(state.deck)
        card = rng.choice(pool)
        hands = list(state.hands)
        hands[player] = card
        pool.remove(card)
        return dataclasses.replace(state, hands=tuple(hands), deck=tuple(sorted(pool)))


class FrozenResampleGame(ToyGame):
    """Bug: ``resample`` never redraws anything, so the check that legal actions
    depend on the observation alone would test nothing."""

    def resample(self, state, player, rng):
        return state


class EarlyVerdictGame(ToyGame):
    """Bug: ``outcome`` names a leader once the bids are revealed, before the end."""

    def outcome(self, state, rules):
        if state.bids is not None and state.strengths is None:
            return Outcome("p0 leads", frozenset({0}), pay(state.hands, state.bids))
        return super().outcome(state, rules)


class CrowdedSetupGame(ToyGame):
    """Bug: an example setup seats five, above ``max_players``."""

    def example_setups(self, count):
        setups = list(super().example_setups(count))
        if setups:
            crowded = object.__new__(Setup)  # slips past the setup's own validation
            object.__setattr__(crowded, "players", 5)
            object.__setattr__(crowded, "deck", 6)
            setups[-1] = crowded
        return setups


class DriftingSetupsGame(ToyGame):
    """Bug: the example setups continue where the last call stopped (a shared
    counter), so the same request gives other setups the second time."""

    def __init__(self) -> None:
        self._next = 0

    def example_setups(self, count):
        first, self._next = self._next, self._next + count
        return [example_setup(index) for index in range(first, first + count)]


# -- counting by hand ----------------------------------------------------------------------
def hand_counts(players: int, deck: int, tied_bids_cancel: bool = True) -> list[int]:
    """New distinct states at each depth from the start of a game, counted from the
    rules (not by running the engine).

    depth 1 .. players   the deal, card by card: deck!/(deck-k)! ordered deals
    depth players + 1    the bids: for each deal, every combination of bids
                         0..min(2, card); a tie for the highest bid ends the game
                         there when tied bids cancel
    depth players + 2    the draw: each bid that gave the initiative, times the
                         deck - players cards left
    depth players + 3    the order: two orders each, which give different states

    Every state has one parent (the deal is ordered by seat, the bids and the
    order are written into the state), so nothing merges.
    """
    counts = [1] + [math.perm(deck, k) for k in range(1, players + 1)]
    bid_states = contested = 0
    for hands in itertools.permutations(range(1, deck + 1), players):
        for bids in itertools.product(*(range(min(MAX_BID, card) + 1) for card in hands)):
            bid_states += 1
            if bids.count(max(bids)) == 1 or not tied_bids_cancel:
                contested += 1
    left = deck - players
    return counts + [bid_states, contested * left, contested * left * len(EFFECTS)]
