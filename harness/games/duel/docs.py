"""The duel's pages of its own in the rules reference: the resolution order and the odds.

Registered as ``docs_pages`` in the game's parts.  Both pages are computed at every
build from the model, never copied: the resolution page lists the steps A to E with
their rules and the z3 obligations about their order (``proofs.duel``), the odds page
computes the exact odds of every pair of shipped characters (``analysis.duel.odds``)
and draws them with matplotlib (:mod:`.plots`).
"""

from __future__ import annotations

from pathlib import Path

from harness.registry import DocsContext, DocsPage

TEMPLATES = Path(__file__).resolve().parent / "templates"

STEPS = (("A", "step_a"), ("B", "step_b"), ("C", "step_c"), ("D", "step_d"), ("E", "step_e"))


def resolution_data(game) -> dict:
    from proofs.duel import OBLIGATIONS

    graph = game.phase_graph()
    steps = []
    for letter, node in STEPS:
        data = graph.nodes[node]
        steps.append([letter, data["label"].split(". ", 1)[-1],
                      ", ".join(data["rules"]),
                      " ".join(game.rulebook.get(data["rules"][0]).statement.split())])
    order = [[o.id, o.claim, "proved for every value" if o.expected == "proved"
              else "z3 finds a round where it changes who is defeated"]
             for o in OBLIGATIONS if o.id in ("DU-P5", "DU-P6", "DU-P7", "DU-P8")]
    return {"heading": f"{game.title}: the order of Resolution", "steps": steps,
            "order": order}


def odds_data(game) -> tuple[dict, dict]:
    from harness.games.duel import plots
    from harness.games.duel.commands import odds_data as compute
    rules = game.default_rules
    chars = list(game.characters.values())
    pairs = [(a, b) for i, a in enumerate(chars) for b in chars[i + 1:]]
    results = [(a, b, compute(a, b, rules)) for a, b in pairs]
    singles = {}
    for a, b, data in results:
        singles.setdefault(a.key, (a, data["base"]["A"], data["critical"]["A"]))
        singles.setdefault(b.key, (b, data["base"]["B"], data["critical"]["B"]))
    single_rows = [[c.name, c.power.words, f"{c.critical[0]}-{c.critical[1]}", crit,
                    f"{c.power.minimum}"] for c, _, crit in singles.values()]
    pair_rows = []
    duel_rows = []
    for a, b, data in results:
        roles, duel = data["aggressor"], data["duel"]
        pair_rows.append([f"{a.name} (A) vs {b.name} (B)", roles["A"], roles["B"], roles["tie"],
                          _short(duel["A"]), _short(duel["B"])])
        if duel["A"] is not None:
            duel_rows.append((f"{a.name} vs {b.name}", _float(duel["A"]), _float(duel["B"])))
    from harness.games.duel.commands import ODDS_POLICIES
    from analysis.duel.odds import policy_odds

    policy_rows = []
    # The mirror matches too: the small example characters meet themselves there, and
    # that is where a chain over whole hands stays small enough to be exact.
    for a, b in pairs + [(c, c) for c in chars]:
        for policy in ODDS_POLICIES[1:]:
            odds = policy_odds(a, b, rules, policy)
            policy_rows.append([f"{a.name} (A) vs {b.name} (B)", policy,
                                "not computed" if odds.first is None else
                                _short(f"{odds.first.numerator}/{odds.first.denominator}"),
                                "not computed" if odds.second is None else
                                _short(f"{odds.second.numerator}/{odds.second.denominator}"),
                                odds.method])
    files = {
        "duel-bases.svg": plots.svg(plots.bases_figure(
            [(c.name, base) for c, base, _ in singles.values()])),
        "duel-clash.svg": plots.svg(plots.clash_figure(
            [(f"{a.name} vs {b.name}", data["clash_damage"]) for a, b, data in results])),
        "duel-wins.svg": plots.svg(plots.duel_figure(duel_rows)),
    }
    from analysis.duel.odds import METHOD

    method = f"an exact {METHOD}"
    return ({"heading": f"{game.title}: exact odds", "singles": single_rows,
             "pairs": pair_rows, "method": method, "policies": policy_rows, "rules": game.describe_rules(rules),
             "figures": sorted(files)}, files)


def _float(text: str) -> float:
    numerator, denominator = map(int, text.split("/"))
    return numerator / denominator


def _short(text: str | None) -> str:
    if text is None:
        return "not computed"
    if len(text) <= 15:
        return text
    return f"{100 * _float(text):.3f}% (exact: ``ringside duel odds --json``)"


def docs_pages(context: DocsContext) -> list[DocsPage]:
    game = context.game
    odds, files = odds_data(game)
    return [
        DocsPage("resolution", "Resolution order", "duel_resolution.rst.jinja",
                 resolution_data(game), templates=TEMPLATES),
        DocsPage("odds", "Exact odds", "duel_odds.rst.jinja", odds, templates=TEMPLATES,
                 files=files, reproduce=(
                     "The duel's odds: ``ringside duel odds A B --json`` for each pair of "
                     "shipped characters (``ringside duel characters``).",)),
    ]
