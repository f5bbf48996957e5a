"""The games ringside knows, each with the parts it registers.

A game's harness package (``harness/games/<key>/__init__.py``) defines
``PARTS``: a :class:`GameParts` naming the rules model, a function giving the
proof obligations, a function adding the game's subcommands, and where its
data lives under the data root (scenarios, results).  Discovery scans the
``harness.games`` package, so adding a game means adding its package, and no
module names another game.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from model.core.errors import InputError
from model.core.game import Game
from harness.drawing import Drawing


def _no_obligations() -> tuple:
    return ()


def _no_cases() -> tuple:
    return ()


@dataclass(frozen=True, slots=True)
class DataCase:
    """One data-driven check of a game: a case file that the game's own checker runs.

    For what the game's state machine does not replay as a scenario: a deck
    list held against the deck rules, a cost paid from a pool.  ``run`` does
    the check and returns its failures, one line each (none: it passed); it
    raises :class:`~model.core.errors.InputError` when the case file itself
    cannot be read.  ``ringside check`` runs every case and counts it for its
    ``rules``, like a scenario.
    """

    id: str
    claim: str
    rules: tuple[str, ...]
    run: Callable[[], Sequence[str]]


@dataclass(frozen=True, slots=True)
class DocsContext:
    """What a game's ``docs_pages`` hook is given: where the data lies.

    ``root`` is the data root the site is built from (a checkout, or the
    files inside the wheel); ``results`` the folder of committed results, one
    sub-folder per game (``results/`` under the root unless the build was
    told otherwise, with the Sphinx setting ``ringside_results``).
    """

    game: Game
    root: Path
    results: Path

    @property
    def game_results(self) -> Path:
        """This game's results folder: ``results/<key>/``."""
        return self.results / self.game.key

    def shown(self, path: Path) -> str:
        """``path`` as a page shows it: relative to the root when under it, else its name."""
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return path.name


@dataclass(frozen=True, slots=True)
class DocsPage:
    """One extra page of a game's rules reference, rendered from a template.

    The page is ``generated/<key>/<name>`` and its game's front page lists it
    as ``title`` (after the pages every game has, before the code).
    ``template`` names a Jinja2 template: one of the core's
    (``harness/docs/templates/``) or, with ``templates`` set, one in that
    folder of the game's own, which may use the core's macros
    (``_macros.rst.jinja``).  The
    template gets ``data`` and ``report``, the game's checks as run for the
    build.  ``reproduce`` lines (reStructuredText) are added to the landing
    page's list of how to reproduce every figure.  ``files`` are text files
    written beside the page (``generated/<key>/<file name>``): figures drawn
    at build time (SVG), say, which the page shows with ``.. figure:: <name>``.
    """

    name: str
    title: str
    template: str
    data: Mapping[str, Any] = field(default_factory=dict)
    templates: Path | None = None
    reproduce: tuple[str, ...] = ()
    files: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class UserData:
    """The data files a game takes from its user, beside what ringside ships.

    ``option`` is the option's name on every command that takes the game's
    decks, characters or sets (``cards`` is ``--cards FILE``) and the scenario
    key naming such files; ``kind`` the kind of input file
    (:data:`analysis.inputs.KINDS`); ``what`` says in a few words what a file
    gives; ``load`` takes the paths and returns the game played with the shipped
    data and theirs, read by the same loader as the shipped files (it raises
    :class:`~model.core.errors.InputError` naming the file and line of a fault).
    """

    option: str
    kind: str
    what: str
    load: Callable[[Sequence[str]], Game]


@dataclass(frozen=True, slots=True)
class GameParts:
    """Everything the harness needs of one game.

    ``obligations`` is called when the proofs run (importing z3 only then);
    ``cases`` gives the game's data-driven checks (:class:`DataCase`);
    ``commands`` adds the ``ringside <key> ...`` subcommands to an argparse
    sub-parser collection; ``docs_pages`` is the rules reference's hook for
    pages of the game's own (statistics, hunts ...): called at every docs
    build with a :class:`DocsContext`, it returns :class:`DocsPage` values,
    which the generator renders beside the pages every game has.  It reads
    its data (committed results, say) itself and raises
    :class:`~model.core.errors.InputError` when that data cannot be read.
    ``policies`` gives the game's own play policies by name (each a
    :class:`model.core.policy.Policy`), beside the two every game has, for
    ``ringside play``.  ``drawing`` is how the rules reference draws the
    game's positions: a :class:`~harness.drawing.Drawing` subclass, or
    ``"package.module:Name"`` naming one (imported on first use); the base
    class, the default, draws none (the notation is shown).  ``data`` says
    which files of its own a user may bring (:class:`UserData`), if any.
    """

    game_source: Game | str
    obligations: Callable[[], Sequence[Any]] = _no_obligations
    cases: Callable[[], Sequence[DataCase]] = _no_cases
    commands: Callable[[Any], None] | None = None
    docs_pages: Callable[[DocsContext], Sequence[DocsPage]] | None = None
    policies: Callable[[], Mapping[str, Any]] | None = None
    extra: dict = field(default_factory=dict)
    drawing_source: type[Drawing] | str = Drawing
    data: UserData | None = None
    key_name: str = ""
    title_text: str = ""
    _loaded: list = field(default_factory=list, repr=False, compare=False)

    def __init__(self, game: Game | str, *, key: str = "", title: str = "",
                 obligations=_no_obligations, cases=_no_cases, commands=None,
                 docs_pages=None, policies=None, extra=None,
                 drawing: type[Drawing] | str = Drawing, data: UserData | None = None
                 ) -> None:
        """``game`` is the rules model, or ``"package.module:NAME"`` naming it, which is
        imported only when first used (then ``key`` must be given), so that listing the
        games and their commands imports no game's rules."""
        if isinstance(game, str):
            if not key:
                raise TypeError(f"GameParts({game!r}) names its game lazily: give key= too")
            module, colon, name = game.partition(":")
            if not colon or not module or not name:
                raise ValueError(f"{game!r} is not 'package.module:NAME'")
        elif key and key != game.key:
            raise ValueError(f"key {key!r} is not the game's own key {game.key!r}")
        if isinstance(drawing, str):
            module, colon, name = drawing.partition(":")
            if not colon or not module or not name:
                raise ValueError(f"drawing={drawing!r} is not 'package.module:Name'")
        elif not (isinstance(drawing, type) and issubclass(drawing, Drawing)):
            raise TypeError(f"drawing={drawing!r} is not a Drawing subclass")
        set_ = object.__setattr__
        set_(self, "game_source", game)
        set_(self, "key_name", key or game.key)
        set_(self, "title_text", title or ("" if isinstance(game, str) else game.title))
        set_(self, "obligations", obligations)
        set_(self, "cases", cases)
        set_(self, "commands", commands)
        set_(self, "docs_pages", docs_pages)
        set_(self, "policies", policies)
        set_(self, "extra", {} if extra is None else extra)
        set_(self, "drawing_source", drawing)
        set_(self, "data", data)
        set_(self, "_loaded", [])

    @property
    def key(self) -> str:
        return self.key_name

    @property
    def title(self) -> str:
        """The game's title (given at registration, or read from the game)."""
        return self.title_text or self.game.title

    @property
    def game(self) -> Game:
        """The rules model (imported on first use when registered by name)."""
        if isinstance(self.game_source, Game):
            return self.game_source
        if not self._loaded:
            module, _, name = self.game_source.partition(":")
            game = getattr(importlib.import_module(module), name)
            if not isinstance(game, Game):
                raise TypeError(f"{self.game_source} is not a Game")
            if game.key != self.key_name:
                raise TypeError(f"{self.game_source} has key {game.key!r}, registered "
                                f"as {self.key_name!r}")
            self._loaded.append(game)
        return self._loaded[0]

    @property
    def drawing_type(self) -> type[Drawing]:
        """The game's :class:`~harness.drawing.Drawing` class (imported on first use
        when registered by name)."""
        if not isinstance(self.drawing_source, str):
            return self.drawing_source
        module, _, name = self.drawing_source.partition(":")
        found = getattr(importlib.import_module(module), name)
        if not (isinstance(found, type) and issubclass(found, Drawing)):
            raise TypeError(f"{self.drawing_source} is not a Drawing subclass")
        return found

    @property
    def drawing(self) -> Drawing:
        """How the rules reference draws this game's positions: its drawing of
        :attr:`game`."""
        return self.drawing_of(self.game)

    def drawing_of(self, game: Game) -> Drawing:
        """The game's drawing class made for ``game`` (the registered game, or one
        derived from it, as a test's variant of the rules)."""
        return self.drawing_type(game)


def lazy(target: str) -> Callable[..., Any]:
    """``"package.module:name"`` as a function that imports the module only when
    called: it calls ``name`` with the arguments given, or, when ``name`` is not
    callable (a tuple of obligations, say), returns it.

    So a game's package names its parts without importing them: z3, matplotlib and
    the commands load only when a run needs them::

        PARTS = GameParts(game=GAME, obligations=lazy("proofs.toy:OBLIGATIONS"),
                          commands=lazy("harness.games.toy.commands:register"))
    """
    module_name, colon, name = target.partition(":")
    if not colon or not module_name or not name:
        raise ValueError(f"{target!r} is not 'package.module:name'")

    def load(*args: Any) -> Any:
        value = getattr(importlib.import_module(module_name), name)
        return value(*args) if callable(value) else value

    load.__qualname__ = load.__name__ = f"lazy({target!r})"
    return load


_registered: dict[str, GameParts] = {}
"""Parts registered at run time (tests, plug-ins), beside the discovered ones."""


@lru_cache(maxsize=1)
def _discovered() -> dict[str, GameParts]:
    import harness.games

    found: dict[str, GameParts] = {}
    for info in sorted(pkgutil.iter_modules(harness.games.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"harness.games.{info.name}")
        parts = getattr(module, "PARTS", None)
        if not isinstance(parts, GameParts):
            raise TypeError(f"harness.games.{info.name} defines no PARTS (a GameParts)")
        if parts.key in found:
            raise TypeError(f"two game packages register the key {parts.key!r}")
        found[parts.key] = parts
    return found


def all_parts() -> dict[str, GameParts]:
    """Every game's parts, by key: the discovered ones, then any registered."""
    return {**_discovered(), **_registered}


def games() -> dict[str, Game]:
    """Every game's rules model, by key."""
    return {key: parts.game for key, parts in all_parts().items()}


def parts_of(key: str) -> GameParts:
    try:
        return all_parts()[key]
    except KeyError:
        raise InputError(f"unknown game {key!r}; games: {', '.join(all_parts())}") from None


def get_game(key: str) -> Game:
    return parts_of(key).game


def register(parts: GameParts) -> None:
    """Add a game at run time (a plug-in, or a test's toy game)."""
    _registered[parts.key] = parts


def unregister(key: str) -> None:
    _registered.pop(key, None)
