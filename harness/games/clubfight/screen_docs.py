"""The statistics page's "Screen" section: what ``ringside clubfight screen`` found, per variant.

Read at every build from ``results/clubfight/screens/<variant>/``: each
folder's ``summary.json`` (written by the screen: counts per slack class and
stage, the ids of the deals of slack 1 or less and the unknowns, the command)
gives the counts, their 95% Wilson intervals and the bound on the rate of
unwinnable deals; its ``deals.jsonl``, when the folder has it (a repository
checkout; a wheel ships only the summaries), adds each tight deal's clubs won
and lost with and each unknown's reason in words.  The section lists every
variant of the game, saying plainly which have no screen yet.

The unwinnable rate's upper bound counts every unknown deal as unwinnable:
the high end of the Wilson interval of ``(unwinnable + unknown) / deals``,
the same figure as the summary's ``unwinnable_wilson`` (the build fails when
the two disagree: a summary whose bound does not follow from its own counts
is not published).  A ``hunt.json`` beside them (the output of ``ringside
clubfight hunt --from-screen DIR --json``) adds what the hunt settled, and the
bound again with the hunt's unknowns (and the deals it did not reach) counted
as unwinnable.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Mapping

from model.core.errors import InputError

SCREENS = "screens"
"""The screens' folder in the game's results folder: one folder per variant."""
SUMMARY = "summary.json"
DEALS = "deals.jsonl"
HUNT = "hunt.json"
"""The JSON output of ``ringside clubfight hunt --from-screen`` on the folder, when
it was hunted: the page then says what the hunt settled."""
CLASS_WORDS = {
    "2+": "slack 2 or more (won with 11 clubs)",
    "1": "slack 1 (needs 12 clubs)",
    "0": "slack 0 (needs all 13 clubs)",
    "unwinnable": "lost with all 13 clubs (unwinnable)",
    "unknown": "unknown (a limit stopped it)",
}
"""The screen's classes (:data:`analysis.clubfight.screen.CLASSES`) as the page names them."""
TIGHT = ("unwinnable", "0", "1")
"""The classes whose every deal the page lists, tightest first."""
REASON_WORDS = {"budget": "out of the node budget",
                "check": "a proof of loss the checker did not re-derive (too large)"}
SHOWN_IDS = 30
"""At most this many ids of a group of unknowns are listed (the rest counted)."""


def variant_key(jokers: Any, rules: Any, overrides: Any) -> tuple:
    return (jokers, rules, json.dumps(overrides or {}, sort_keys=True))


def screen_data(results: Path, shown: Callable[[Path], str],
                variants: list[tuple[int, str]]) -> dict:
    """The section's data: one entry per variant of ``variants`` (``(jokers,
    preset)``), a screen or ``None``, then any other screen found (rule
    overrides), from the folders under ``results/screens``."""
    folder = results / SCREENS
    found: dict[tuple, dict] = {}
    if folder.is_dir():
        for summary_path in sorted(folder.glob(f"*/{SUMMARY}")):
            screen = read_screen(summary_path, shown)
            key = variant_key(screen["jokers"], screen["rules"], screen["rules_overrides"])
            if key in found:
                raise InputError(f"a second screen of {screen['name']} (the first is "
                                 f"{found[key]['folder']})", shown(summary_path))
            found[key] = screen
    entries = []
    for jokers, preset in variants:
        name = f"{jokers} Joker{'' if jokers == 1 else 's'}, {preset}"
        entries.append({"name": name, "screen": found.pop(variant_key(jokers, preset, {}),
                                                             None)})
    entries += [{"name": s["name"], "screen": s} for s in found.values()]
    screened = [e for e in entries if e["screen"] is not None]
    return {"any": bool(screened), "folder": shown(folder), "variants": entries,
            "missing": [e["name"] for e in entries if e["screen"] is None],
            "deals": sum(e["screen"]["deals_done"] for e in screened)}


def read_screen(path: Path, shown: Callable[[Path], str]) -> dict:
    """One screen's figures for the page, from its ``summary.json`` (and its
    ``deals.jsonl`` beside it when there); a summary that does not read, or
    whose counts do not add up, is an :class:`InputError` naming the file."""
    from analysis.clubfight.screen import CLASSES
    from harness.games.clubfight.docs import command_lines, one_in, percent
    from harness.games.clubfight.survey_summary import wilson

    where = shown(path)
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise InputError(f"cannot read the screen's summary: {error}", where) from None
    header = summary.get("screen") if isinstance(summary, dict) else None
    if not isinstance(header, dict) or not all(
            type(header.get(key)) is int for key in ("jokers", "start", "deals")) \
            or not isinstance(header.get("rules"), str):
        raise InputError("is not a screen's summary (no screen header with jokers, start, "
                         "deals and rules)", where)
    classes = summary.get("classes")
    done = summary.get("deals_done")
    if not isinstance(classes, dict) or set(classes) != set(CLASSES) \
            or not all(type(v) is int and v >= 0 for v in classes.values()) \
            or type(done) is not int or sum(classes.values()) != done or done > header["deals"]:
        raise InputError(f"its classes ({', '.join(CLASSES)}) do not add up to its "
                         "deals_done", where)
    ids = summary.get("ids")
    if not isinstance(ids, dict) or any(
            not isinstance(ids.get(kind), list) or len(ids[kind]) != classes[kind]
            for kind in CLASSES[1:]):
        raise InputError("its ids do not match its classes' counts", where)
    bound = wilson(classes["unwinnable"] + classes["unknown"], done)[1] if done else 1.0
    stored = summary.get("unwinnable_wilson")
    if not (isinstance(stored, list) and len(stored) == 2
            and isinstance(stored[1], (int, float)) and abs(stored[1] - bound) < 1e-8):
        raise InputError(f"its unwinnable_wilson {stored!r} is not the Wilson bound of its "
                         f"counts (high end {bound:.9f}, unknowns counted as unwinnable)",
                         where)
    details = _deal_lines(path.with_name(DEALS), shown)
    hunt = _hunt(path.with_name(HUNT), shown, header, classes, done)
    jokers = header["jokers"]
    overrides = header.get("rules_overrides") or {}
    name = f"{jokers} Joker{'' if jokers == 1 else 's'}, {header['rules']}" + (
        " " + ", ".join(f"{k}={v}" for k, v in sorted(overrides.items())) if overrides else "")
    table = []
    for kind in CLASSES:
        # rounded as the summary rounds its bound: a low end of 1e-18 is 0%
        low, high = (round(end, 9) for end in (wilson(classes[kind], done) if done
                                               else (0.0, 1.0)))
        table.append([CLASS_WORDS[kind], f"{classes[kind]:,}",
                      percent(classes[kind] / done) if done else "",
                      f"{percent(low)} to {percent(high)}"])
    tight = []
    for kind in TIGHT:
        for deal_id in ids[kind]:
            tight.append({"id": deal_id, "class": kind, "words": CLASS_WORDS[kind],
                          **_tight_detail(details.get(deal_id))})
    # stage two's reasons are the first pass's: after a retry the deals' lines say them
    by_reason = {} if summary.get("retries") else \
        (summary.get("stage_two") or {}).get("unknown_by_reason") or {}
    unknown_groups = _unknown_groups(ids["unknown"], details)
    last = header["start"] + header["deals"] - 1
    return {
        "name": name, "folder": shown(path.parent), "source": where,
        "jokers": jokers, "rules": header["rules"], "rules_overrides": overrides,
        "range": f"CF{jokers}-{header['start']} to CF{jokers}-{last}",
        "deals": header["deals"], "deals_done": done,
        "complete": bool(summary.get("complete")) and done == header["deals"],
        "classes": classes, "table": table, "tight": tight,
        "unknown": classes["unknown"],
        "unknown_by_reason": [f"{n:,} {REASON_WORDS.get(r, r)}" for r, n in
                              by_reason.items() if isinstance(n, int) and n],
        "unknown_groups": unknown_groups, "has_details": bool(details),
        "unwinnable": classes["unwinnable"],
        "bound": percent(bound), "one_in": one_in(bound) if 0 < bound < 1 else None,
        "stage_one": summary.get("stage_one") or {},
        "passed": percent(summary["passed_fraction"])
        if isinstance(summary.get("passed_fraction"), (int, float)) else None,
        "width": _beams(header), "stage_two_nodes": header.get("stage_two_nodes"),
        "check_limit": header.get("check_limit"),
        "hunt": hunt, "retry": _retry(summary.get("retries"), where),
        "command": command_lines(summary["command"])
        if isinstance(summary.get("command"), str) else None,
    }


def _beams(header: dict) -> str:
    """Stage one's beams in words: one width (a screen of format 1 kept one), or several."""
    widths = header.get("widths") or ([header["width"]] if "width" in header else [])
    if len(widths) == 1:
        return f"a beam of width {widths[0]:,}"
    if not widths:
        return "a beam"
    return "beams of widths " + ", ".join(f"{w:,}" for w in widths[:-1]) + \
        f" and {widths[-1]:,}, each on the deals the narrower ones did not win"


def _retry(retries: Any, where: str) -> dict | None:
    """What ``--retry-unknown`` settled (the summary's ``retries``), in words for the
    page; ``None`` when the screen's unknowns were not retried."""
    if retries is None:
        return None
    beams = retries.get("beams", {}) if isinstance(retries, dict) else None
    classes = retries.get("classes") if isinstance(retries, dict) else None
    if not isinstance(beams, dict) or not isinstance(classes, dict):
        raise InputError("its retries (deals, classes, budgets, beams) do not read", where)
    deals, won, unknown = retries.get("deals"), beams.get("won", 0), classes.get("unknown")
    budgets, by_width = retries.get("budgets"), beams.get("won_by_width", {})
    if not all(type(n) is int and n >= 0 for n in (deals, won, unknown)) \
            or deals < won + unknown or not isinstance(budgets, list) \
            or not all(type(b) is int for b in budgets) or not isinstance(by_width, dict) \
            or not all(type(n) is int and str(width).isdigit()
                       for width, n in by_width.items()):
        raise InputError("its retries (deals, classes, budgets, beams) do not read", where)
    return {"deals": f"{deals:,}", "won": f"{won:,}" if by_width else None,
            "widths": ", ".join(f"{int(w):,}" for w in by_width),
            "by_width": ", ".join(f"{n:,} at {int(w):,}" for w, n in by_width.items()),
            "budgets": " or ".join(f"{b:,}" for b in budgets) if budgets else None,
            # what neither a beam won nor stayed unknown the node budget settled
            "by_nodes": f"{deals - won - unknown:,}", "rest": f"{deals - won:,}"}


def _deal_lines(path: Path, shown: Callable[[Path], str]) -> dict[str, dict]:
    """The screen's ``deals.jsonl`` by deal id (empty when the file is not there)."""
    if not path.is_file():
        return {}
    out = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the screen's deals: {error}", shown(path)) from None
    for number, line in enumerate(lines, start=1):
        try:
            record = json.loads(line)
        except ValueError as error:
            raise InputError(f"does not read as JSON: {error}",
                             f"{shown(path)}, line {number}") from None
        if not isinstance(record, dict) or not isinstance(record.get("id"), str) \
                or not isinstance(record.get("slack"), dict):
            raise InputError("is not a deal's line (id, class, slack)",
                             f"{shown(path)}, line {number}")
        out[record["id"]] = record
    return out


def _tight_detail(record: Mapping[str, Any] | None) -> dict:
    if record is None:
        return {"detail": None}
    slack = record["slack"]
    won, lost = slack.get("won_with"), slack.get("lost_with")
    parts = []
    if won is not None:
        parts.append(f"won with {won} clubs (the line replayed)")
    if lost is not None:
        parts.append(f"lost with {lost} (the proof re-derived by the checker)")
    if isinstance(slack.get("nodes"), int):
        parts.append(f"{slack['nodes']:,} solver nodes")
    return {"detail": "; ".join(parts) or None}


def _unknown_groups(ids: list[str], details: dict[str, dict]) -> list[dict]:
    """The unknowns grouped by their reason in words (with ``deals.jsonl``), or
    one group of ids without reasons (without it)."""
    groups: dict[str, list[str]] = {}
    for deal_id in ids:
        record = details.get(deal_id)
        reason = (record or {}).get("slack", {}).get("reason") if record else None
        groups.setdefault(reason if isinstance(reason, str) else "", []).append(deal_id)
    return [{"reason": reason[:1].upper() + reason[1:] if reason else None, "count": len(members),
             "ids": members[:SHOWN_IDS], "more": max(0, len(members) - SHOWN_IDS)}
            for reason, members in sorted(groups.items(), key=lambda kv: -len(kv[1]))]


def _hunt(path: Path, shown: Callable[[Path], str], header: dict, classes: dict,
          deals: int) -> dict | None:
    """What the hunt from this screen settled (``None`` without ``hunt.json``)."""
    from harness.games.clubfight.docs import command_lines, one_in, percent
    from harness.games.clubfight.survey_summary import wilson

    if not path.is_file():
        return None
    where = shown(path)
    try:
        hunt = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise InputError(f"cannot read the hunt's results: {error}", where) from None
    tight = sum(classes[kind] for kind in ("unwinnable", "0", "1", "unknown"))
    fields = ("screen_deals", "candidates", "done", "max_nodes")
    if not isinstance(hunt, dict) or not all(type(hunt.get(f)) is int for f in fields) \
            or not isinstance(hunt.get("classes"), dict) \
            or not all(isinstance(hunt.get(f), list)
                       for f in ("unwinnable", "tightest", "unknown", "looser")):
        raise InputError("is not the JSON of `ringside clubfight hunt --from-screen`", where)
    if (hunt.get("jokers"), hunt.get("rules"), hunt.get("rules_overrides") or {}) != (
            header["jokers"], header["rules"], header.get("rules_overrides") or {}) \
            or hunt["screen_deals"] != tight:
        raise InputError(f"is the hunt of another screen (its {hunt['screen_deals']:,} deals "
                         f"of slack 1 or less or unknown against this screen's {tight:,})",
                         where)
    left = hunt["screen_deals"] - hunt["done"]
    lost = len(hunt["unwinnable"])
    bound = wilson(lost + len(hunt["unknown"]) + left, deals)[1] if deals else 1.0
    settled = []
    for line in hunt["unwinnable"] + hunt["tightest"]:
        slack = line.get("slack") or {}
        words = (CLASS_WORDS["unwinnable"] if line.get("class") == "unwinnable" else
                 f"slack {line.get('class')}: won with {slack.get('won_with')} clubs, lost "
                 f"with {slack.get('lost_with')}")
        certificate = line.get("certificate") or {}
        if certificate.get("written"):
            words += (f"; certificate {Path(str(certificate.get('file'))).name} "
                      f"({certificate.get('verify')} by the verifier)")
        elif certificate:
            words += f"; no certificate ({certificate.get('reason')})"
        settled.append({"id": str(line.get("id")), "words": words,
                        "searched": bool(line.get("searched"))})
    reasons: dict[str, int] = {}
    for line in hunt["unknown"]:
        reason = str((line.get("slack") or {}).get("reason") or "no reason given")
        reasons[reason] = reasons.get(reason, 0) + 1
    return {"command": command_lines(hunt["command"]) if isinstance(hunt.get("command"), str)
            else None, "source": where, "max_nodes": hunt["max_nodes"],
            "taken": hunt["candidates"], "done": hunt["done"], "left": left,
            "looser": len(hunt["looser"]), "unknown": len(hunt["unknown"]),
            "unknown_reasons": [f"{n:,} {r}" for r, n in reasons.items()],
            "settled": settled, "lost": lost,
            "bound": percent(bound), "one_in": one_in(bound) if 0 < bound < 1 else None}
