"""A survey's configuration: the deals, rules, limits, policies and slack it asks for.

The header of a results file is :meth:`SurveyConfig.header`; a file resumes
or is reused only under the same configuration (:mod:`.survey_file`).
"""

from __future__ import annotations

from dataclasses import dataclass

from model.core.errors import InputError
from harness.games.clubfight.commands import DealRangeConfig

FORMAT = 1
"""The version of the results file's layout."""


@dataclass(frozen=True)
class SurveyConfig(DealRangeConfig):
    """What decides a survey's results (the file's header says it).

    ``policies`` pairs each policy name with the number of deals (from the
    first of the range) it plays.  ``rules_name`` and ``rules_overrides``
    name ``rules`` for people and files.
    """

    max_nodes: int | None = None
    timeout: float | None = None
    policies: tuple[tuple[str, int], ...] = ()
    seed: int = 0
    slack_deals: int = 0
    slack_max_nodes: int | None = None
    slack_check_limit: int | None = None
    slack_check_every: int = 1

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.max_nodes is not None and self.max_nodes < 1:
            raise InputError(f"must be at least 1, not {self.max_nodes}", "--max-nodes")
        if self.timeout is not None and not self.timeout > 0:
            raise InputError(f"must be a positive number of seconds, not {self.timeout}",
                             "--timeout")
        from analysis.clubfight.policies import POLICIES

        names = [name for name, _ in self.policies]
        for name, count in self.policies:
            if name not in POLICIES:
                raise InputError(f"unknown policy {name!r}; policies are "
                                 f"{', '.join(POLICIES)}", "--policies")
            if count < 0:
                raise InputError(f"{name}: the number of deals must not be negative",
                                 "--policies")
        if len(set(names)) != len(names):
            raise InputError("a policy is named twice", "--policies")
        if type(self.slack_deals) is not int or self.slack_deals < 0:
            raise InputError(f"must be a whole number from 0, not {self.slack_deals}",
                             "--slack")
        for limit, option, what in ((self.slack_max_nodes, "--slack-max-nodes", "a slack budget"),
                                    (self.slack_check_limit, "--slack-check-limit",
                                     "a check limit")):
            if limit is None:
                continue
            if limit < 1:
                raise InputError(f"must be at least 1, not {limit}", option)
            if not self.slack_deals:
                raise InputError(f"{what} needs --slack N, the deals to compute the slack of",
                                 option)
        if type(self.slack_check_every) is not int or self.slack_check_every < 1:
            raise InputError(f"must be a whole number from 1, not {self.slack_check_every}",
                             "--slack-check-every")
        if self.slack_check_every != 1 and not self.slack_deals:
            raise InputError("a check sample needs --slack N, the deals to compute the slack "
                             "of", "--slack-check-every")

    @property
    def numbers(self) -> range:
        return range(self.start, self.start + self.deals)

    def policy_deals(self, name: str) -> int:
        return min(self.deals, dict(self.policies)[name])

    def policies_for(self, number: int) -> tuple[str, ...]:
        """The policies that play deal ``number``."""
        return tuple(name for name, count in self.policies
                     if number < self.start + min(self.deals, count))

    @property
    def slack_count(self) -> int:
        """How many deals (the first of the range) get their slack computed."""
        return min(self.deals, self.slack_deals)

    def slack_limits(self) -> tuple[int, int]:
        """``(node budget, check limit)`` of each deal's slack: the ones given, else
        the slack module's defaults (recorded in the header either way)."""
        from analysis.clubfight.limits import DEFAULT_MAX_NODES
        from analysis.clubfight.slack import default_check_limit

        return (DEFAULT_MAX_NODES if self.slack_max_nodes is None else self.slack_max_nodes,
                default_check_limit() if self.slack_check_limit is None
                else self.slack_check_limit)

    def slack_for(self, number: int) -> bool:
        """Whether deal ``number``'s line carries its slack."""
        return number < self.start + self.slack_count

    def slack_checked(self, number: int) -> bool:
        """Whether the checker re-derives the losses of deal ``number``'s slack."""
        return number % self.slack_check_every == 0

    def header(self) -> dict:
        survey = {
            "format": FORMAT, "jokers": self.jokers, "start": self.start,
            "deals": self.deals, "rules": self.rules_name,
            "rules_overrides": dict(sorted(self.rules_overrides.items())),
            "max_nodes": self.max_nodes, "timeout": self.timeout,
            "policies": {name: self.policy_deals(name) for name, _ in self.policies},
            "seed": self.seed,
        }
        if self.slack_count:
            # Only when asked for: the header of a survey without slack stays
            # what it was, so the files written before slack existed resume.
            budget, check_limit = self.slack_limits()
            survey["slack"] = {"deals": self.slack_count, "max_nodes": budget,
                               "check_limit": check_limit}
            if self.slack_check_every != 1:
                # Only when sampled: files written before the sample existed resume.
                survey["slack"]["check_every"] = self.slack_check_every
        return {"survey": survey}


def parse_policies(text: str | None, deals: int) -> tuple[tuple[str, int], ...]:
    """``"greedy,mc:1000"`` -> (("greedy", deals), ("mc", 1000)).

    ``NAME:N`` plays the policy on the first N deals of the survey only.
    """
    if not text:
        return ()
    found = []
    for item in text.split(","):
        name, sep, count = item.strip().partition(":")
        if not name:
            raise InputError(f"{text!r}: an empty policy name", "--policies")
        if sep:
            try:
                number = int(count)
            except ValueError:
                raise InputError(f"{item!r}: after the colon, a number of deals",
                                 "--policies") from None
            if number < 0:
                raise InputError(f"{item!r}: the number of deals must not be negative",
                                 "--policies")
        else:
            number = deals
        found.append((name.strip().lower(), min(number, deals)))
    return tuple(found)
