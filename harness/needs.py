"""Options that mean something only with another: declared on a command's parser with
:func:`needs`, checked by :func:`check_needs` once the command line is read
(``harness.cli.main``), so a value that would be silently ignored is refused in one line."""

from __future__ import annotations

import argparse

from model.core.errors import InputError


def needs(parser: argparse.ArgumentParser, option: str, other: str, why: str = "", *,
          excludes: bool = False) -> None:
    """Declare that the argument ``option`` (its ``dest``) means nothing without the
    argument ``other`` (or, with ``excludes``, nothing beside it), so a command line
    giving it alone is refused in one line (:func:`check_needs`) instead of the value
    being silently ignored.  ``why`` ends the message."""
    declared = getattr(parser, "ringside_needs", ())
    parser.ringside_needs = (*declared, (option, other, why, excludes))  # type: ignore


def _action_of(parser: argparse.ArgumentParser, dest: str) -> argparse.Action:
    return next(action for action in parser._actions if action.dest == dest)


def _given(parser: argparse.ArgumentParser, args: argparse.Namespace, dest: str) -> bool:
    value = getattr(args, dest, None)
    return value not in (None, False, [], ()) and value != _action_of(parser, dest).default


def _flag(action: argparse.Action) -> str:
    return action.option_strings[-1] if action.option_strings else action.dest.replace("_", " ")


def check_needs(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse an argument given without the one it needs (or with one it excludes), as
    :func:`needs` declared them on the command's ``parser``."""
    for option, other, why, excludes in getattr(parser, "ringside_needs", ()):
        if _given(parser, args, option) and _given(parser, args, other) == excludes:
            flag, other_flag = _flag(_action_of(parser, option)), \
                _flag(_action_of(parser, other))
            said = (f"means nothing beside {other_flag}" if excludes
                    else f"means nothing without {other_flag}")
            raise InputError(said + (f": {why}" if why else ""), flag)
