"""The one error type that user input can raise.

Every parser and loader in ringside raises :class:`InputError` for bad input:
malformed cards, deals, positions, scenario files, unknown rule numbers.  The
command line turns it into a single line and exit code 2; anything else that
escapes is a bug in ringside, not in the input.
"""

from __future__ import annotations


class InputError(ValueError):
    """Bad input, with the place it was found.

    ``where`` names the input (a file, a command-line argument, a field) and
    ``what`` says what is wrong with it in one sentence.

    >>> error = InputError("'7X' is not a card", "slot 3")
    >>> error
    InputError("slot 3: '7X' is not a card")
    >>> error.what, error.where, isinstance(error, ValueError)
    ("'7X' is not a card", 'slot 3', True)
    >>> raise error
    Traceback (most recent call last):
        ...
    model.core.errors.InputError: slot 3: '7X' is not a card
    """

    def __init__(self, what: str, where: str | None = None) -> None:
        self.what = what
        self.where = where
        super().__init__(f"{where}: {what}" if where else what)

    def at(self, where: str) -> "InputError":
        """The same error, located inside ``where`` (outermost place first).

        >>> str(InputError("'7X' is not a card", "deal").at("scenarios/clubfight/x.toml"))
        "scenarios/clubfight/x.toml: deal: '7X' is not a card"
        """
        inner = f"{where}: {self.where}" if self.where else where
        return InputError(self.what, inner)
