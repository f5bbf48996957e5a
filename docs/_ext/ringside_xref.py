"""A bare name in a signature links to the object of the same game when several games have one.

Every game names its roles alike (``Rules``, ``State``, ``Move``), so an annotation
``rules: Rules`` in ``model.fightklub.turn`` matches ``model.clubfight.rules.Rules``
and ``model.fightklub.rules.Rules`` alike, and Sphinx warns that the reference is
ambiguous.  Among several matches this keeps those of the referring module's own
package (``model.fightklub``), the longest shared prefix winning.
"""

from __future__ import annotations

from sphinx.domains.python import PythonDomain


def _shared(a: str, b: str) -> int:
    count = 0
    for x, y in zip(a.split("."), b.split(".")):
        if x != y:
            break
        count += 1
    return count


class GamePythonDomain(PythonDomain):
    """The Python domain, preferring a game's own objects among ambiguous matches."""

    def find_obj(self, env, modname, classname, name, type, searchmode=0):
        matches = super().find_obj(env, modname, classname, name, type, searchmode)
        if len(matches) > 1 and modname:
            best = max(_shared(modname, full) for full, _ in matches)
            nearest = [match for match in matches if _shared(modname, match[0]) == best]
            if best >= 2 and len(nearest) < len(matches):
                return nearest
        return matches


def setup(app):
    app.add_domain(GamePythonDomain, override=True)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
