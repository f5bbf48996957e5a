"""Club Fight computed over its rules: the exact solver, the loss checker, slack, policies.

The rules live in :mod:`model.clubfight`; this package holds what is worked
out from them: the exact solver (:func:`solve`, :func:`fewest_left`) with its
compiled core, the independent loss checker (:func:`check_loss` of a
:class:`LossCertificate`) with its own compiled core, win certificates
replayed on the rules (:func:`replay_win`, :func:`certify_win`), a deal's
slack (:func:`analysis.clubfight.slack.slack`; the package attribute ``slack``
is that module) and the play policies (:data:`POLICIES`, :func:`play`).
The compiled cores are C sources beside the code, built by the install as
optional extensions, else on first use into ``~/.cache/ringside``
(``_native_build``).
"""

import importlib

_HOMES = {
    "certify": ("CertificateError", "Replay", "certify_win", "replay_win"),
    "losscheck": ("LossCertificate", "LossCheck", "check_loss"),
    "policies": ("POLICIES", "Greedy", "MonteCarlo", "PlayResult", "play"),
    "slack": ("SlackResult", "with_clubs"),
    "solver": ("VERDICTS", "FewestLeft", "SolveResult", "fewest_left", "solve"),
    "techniques": ("ALL_TECHNIQUES", "Techniques"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = sorted(_HOME_OF)


def __getattr__(name: str):
    # The solver and checker take a tenth of a second to import; a command that only
    # deals or moves never needs them, so each name loads its module when first asked.
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
