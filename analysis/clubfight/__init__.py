"""Club Fight computed over its rules: the exact solver, the loss checker, slack, policies.

The rules live in :mod:`model.clubfight`; this package holds what is worked
out from them: the exact solver (:func:`solve`, :func:`fewest_left`) with its
compiled core, the independent loss checker (:func:`check_loss` of a
:class:`LossCertificate`) with its own compiled core, win certificates
replayed on the rules (:func:`replay_win`, :func:`certify_win`), a deal's
slack (:func:`analysis.clubfight.slack.slack`; the package attribute ``slack``
is that module) and the play policies (:data:`POLICIES`, :func:`play`).
The compiled cores are C sources beside the code, built on first use and
cached under ``~/.cache/ringside`` (``_native_build``).
"""

from analysis.clubfight.certify import CertificateError, Replay, certify_win, replay_win
from analysis.clubfight.losscheck import LossCertificate, LossCheck, check_loss
from analysis.clubfight.policies import POLICIES, Greedy, MonteCarlo, PlayResult, play
from analysis.clubfight.slack import SlackResult, with_clubs
from analysis.clubfight.solver import VERDICTS, FewestLeft, SolveResult, fewest_left, solve
from analysis.clubfight.techniques import ALL_TECHNIQUES, Techniques

__all__ = ["ALL_TECHNIQUES", "CertificateError", "FewestLeft", "Greedy", "LossCertificate",
           "LossCheck", "MonteCarlo", "POLICIES", "PlayResult", "Replay", "SlackResult",
           "SolveResult", "Techniques", "VERDICTS", "certify_win", "check_loss",
           "fewest_left", "play", "replay_win", "solve", "with_clubs"]
