"""The rules reference as its readers see it: the built site in a real browser.

The site (the run's one build, the ``reference_site`` fixture of
``tests/conftest.py``) is served over http on 127.0.0.1 (so that search works as
it does for users) and opened in headless Chromium driven by Playwright, at
1280 px and 400 px wide.  Checked here:

- the main pages (the landing page; each game's index, rules, phases,
  ambiguities, rulings index and checks pages, and its statistics and glossary
  pages where it has them; the coverage page; "Adding a game") do not overflow
  sideways at either width;
- every internal link and embedded file of every page resolves, anchors included;
- searching for "CF 4.3", or just "4.3" (typed into the search box), gives the
  rule CF 4.3 as the first result, named as such;
- every rule of the rules pages shows at least one example (a ruling about it),
  and reads: number, statement, examples, open points, then its checks folded away;
- every plot of the statistics pages renders (at least three of them).

A screenshot of each main page at each width (its top ``SHOT_HEIGHT`` pixels,
and one around the first thing that sticks out, if any) is saved under the
pytest temporary folder, in ``screenshots/``: the failure messages name it.

Browser: Chromium from the system (Debian's ``chromium`` package, as CI installs
it with apt), or Playwright's own download (``playwright install chromium``) if
there is one; set ``RINGSIDE_CHROMIUM`` to use another.  Without Playwright or
without a Chromium the browser tests are skipped, saying so.

To rerun them in seconds against a site built already (while working on its look):
``RINGSIDE_REFERENCE_SITE=DIR python -m pytest tests/test_site_browser.py`` after
``ringside docs --out DIR``.

Hooks: the markup of a rule on a game's rules page these tests rely on, as
``harness/docs/templates/rules.rst.jinja`` writes it.  A rule is the
``<section>`` that holds its anchor (``docs.rule_label``: ``rule-cf-4-3``), its
heading starting with the rule's number; inside it, in this order:

- ``.ringside-statement``: the statement, in our own words;
- ``.ringside-examples``: the examples, each a link to a ruling about the rule
  (``rulings/<name>.html``);
- ``.ringside-open-points``: the ambiguities the rule leaves open (only where it
  leaves one);
- ``details.ringside-checks``: every check of the rule, folded (a ``<details>``,
  closed when the page opens).
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import threading
from collections import deque
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.parse import parse_qs, unquote, urldefrag, urljoin, urlsplit
from urllib.request import urlopen

import pytest

from harness import docs, registry

WIDTHS = (1280, 400)
HEIGHT = 900
SHOT_HEIGHT = 2000
"""The window's height while the main pages are measured, so that their screenshots
(of the window) show the top 2000 px of each page: whole pages run to tens of
thousands of pixels and take seconds each."""
MIN_PLOTS = 3
SEARCHES = ("CF 4.3", "4.3", "cf4.3")
NORMALISED = {"cf4.3": "CF 4.3"}  # a number typed without its space is searched with it
SEARCHED_RULE = "CF 4.3"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]
"""``--no-sandbox``: CI runs as root; the rest keep Chromium off the network."""
TIMEOUT_MS = 20_000


# -- the browser, the server -------------------------------------------------------------------
def _chromium(playwright) -> str | None:
    """The Chromium to drive: RINGSIDE_CHROMIUM, the system's, or Playwright's own."""
    candidates = [os.environ.get("RINGSIDE_CHROMIUM"), "/usr/bin/chromium",
                  shutil.which("chromium"), shutil.which("chromium-browser")]
    try:
        candidates.append(playwright.chromium.executable_path)
    except Exception:  # noqa: BLE001 - no browser of its own downloaded
        pass
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip(
        "playwright.sync_api",
        reason="Playwright is not installed (pip install playwright; it is in the test extra)")
    with sync_api.sync_playwright() as playwright:
        executable = _chromium(playwright)
        if executable is None:
            pytest.skip("no Chromium to drive: install Debian's (apt-get install chromium), "
                        "or Playwright's (playwright install chromium), or set "
                        "RINGSIDE_CHROMIUM")
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site_url(reference_site):
    """``http://127.0.0.1:PORT/``, serving the built site on a free port."""
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(_Quiet, directory=str(reference_site)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def served(browser, site_url):
    """The browser first (skipped without one, before the site is built), then the site."""
    return browser, site_url


@pytest.fixture(scope="session")
def shots(tmp_path_factory) -> Path:
    """Where the screenshots go: ``screenshots/`` in the run's (or worker's) temporary folder."""
    return tmp_path_factory.mktemp("screenshots", numbered=False)


OPTIONAL_PAGES = ("statistics", "glossary", "rulebook")
"""A game's pages that are main pages where the game has them."""


def _main_pages(site: Path) -> list[str]:
    """The main pages, as paths from the site's root."""
    pages = ["index.html"]
    for key in registry.games():
        folder = f"{docs.GENERATED}/{key}"
        pages += [f"{folder}/{name}.html" for name in
                  ("index", "rules", "phases", "ambiguities", "rulings/index", "checks")]
        pages += [f"{folder}/{name}.html" for name in OPTIONAL_PAGES
                  if (site / folder / f"{name}.html").is_file()]
    return pages + [f"{docs.GENERATED}/coverage.html", "adding-a-game.html",
                    "bring-your-own-cards.html"]


def _shot_name(width: int, page: str, suffix: str = "") -> str:
    stem = page.removesuffix(".html").removeprefix(f"{docs.GENERATED}/").replace("/", "-")
    return f"{width}-{stem}{suffix}.png"


# -- no sideways overflow ----------------------------------------------------------------------
# The document's scrollWidth alone misses most of it: Furo hides the page's own overflow
# (html { overflow-x: hidden }) and, at narrow widths, makes its content column a box
# that scrolls sideways (.content { overflow-x: auto }).  So this measures that box too,
# and lists what sticks out: the outermost elements of the article whose box goes past
# the window's edges, unless a box of the article's own scrolls them (a wide table in its
# scrolling wrapper, a long line of code in its block: fine).
_WIDTHS = """() => {
  const box = document.querySelector('.content');
  return {scroll: document.documentElement.scrollWidth, window: window.innerWidth,
          content: box ? box.scrollWidth - box.clientWidth : 0,
          height: document.documentElement.scrollHeight};
}"""
_STICKING_OUT = """() => {
  const width = document.documentElement.clientWidth;
  const main = document.querySelector('[role=main]') || document.body;
  const out = new Set(), found = [];
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      [...el.classList].map(c => '.' + c).join('');
  const scrolled = (el) => {
    for (let up = el; up && up !== main.parentElement; up = up.parentElement)
      if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
    return false;
  };
  const report = (el, box, text) => {
    const path = [];
    for (let up = el; up && up !== main && path.length < 3; up = up.parentElement)
      path.unshift(name(up));
    found.push({element: path.join(' > '), left: Math.round(box.left),
                right: Math.round(box.right), top: Math.round(box.top + window.scrollY),
                text: text.trim().replace(/\\s+/g, ' ').slice(0, 60)});
  };
  const sticks = (box) => box.width && (box.right > width + 1 || box.left < -1);
  // Boxes (a wide table, a picture) ...
  for (const el of main.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (!sticks(box)) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.position === 'fixed') continue;
    if (scrolled(el.parentElement)) continue;
    out.add(el);
    if (!out.has(el.parentElement)) report(el, box, el.textContent || '');
  }
  // ... and text running out of its box (a long word, a long line of a board).
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim()) continue;
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    const el = node.parentElement;
    if (!sticks(box) || out.has(el) || scrolled(el)) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    out.add(el);
    report(el, box, node.data);
  }
  return found;
}"""


def _screenshot(page, path) -> None:
    """A screenshot for the person reading a failure, not part of what is asserted:
    Chromium sometimes refuses one on a loaded machine ("Unable to capture
    screenshot"), so it is tried three times and then left out rather than failing
    a page whose widths were measured."""
    from playwright.sync_api import Error

    for _ in range(3):
        try:
            page.screenshot(path=path)
            return
        except Error as error:
            if "capture screenshot" not in str(error):
                raise
            page.wait_for_timeout(500)


@pytest.mark.parametrize("width", WIDTHS)
def test_main_pages_do_not_overflow_sideways(served, reference_site, shots, width):
    browser, base = served
    context = browser.new_context(viewport={"width": width, "height": SHOT_HEIGHT})
    page = context.new_page()
    problems = []
    try:
        for path in _main_pages(reference_site):
            response = page.goto(base + path, wait_until="load")
            if response is None or not response.ok:
                problems.append(f"{path}: HTTP {response and response.status}")
                continue
            sizes = page.evaluate(_WIDTHS)
            inner, height = sizes["window"], sizes["height"]
            _screenshot(page, shots / _shot_name(width, path))
            sticking = page.evaluate(_STICKING_OUT)
            if sizes["scroll"] <= inner and sizes["content"] <= 1 and not sticking:
                continue
            lines = [f"{path}: scrollWidth {sizes['scroll']} px in a {inner} px window, "
                     f"content column {sizes['content']} px too wide (page {height} px tall)"]
            for item in sticking[:5]:
                lines.append(f"    {item['element']} spans x {item['left']}..{item['right']} "
                             f"at y {item['top']}: {item['text']!r}")
            if len(sticking) > 5:
                lines.append(f"    ... and {len(sticking) - 5} more")
            if sticking:
                page.evaluate("y => window.scrollTo({top: y, behavior: 'instant'})",
                              max(0, sticking[0]["top"] - 200))
                close_up = _shot_name(width, path, "-overflow")
                _screenshot(page, shots / close_up)
                lines.append(f"    close-up: {shots / close_up}")
            problems.append("\n".join(lines))
    finally:
        context.close()
    assert not problems, (f"pages wider than {width} px (screenshots in {shots}):\n"
                          + "\n".join(problems))


# -- every internal link -----------------------------------------------------------------------
class _Links(HTMLParser):
    """The ids (and names) of a page, and every address it refers to."""

    ATTRIBUTES = {"href", "src", "data", "poster", "xlink:href"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.refs: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (name == "name" and tag == "a"):
                self.ids.add(value)
            elif name in self.ATTRIBUTES:
                self.refs.append(value)
            elif name == "srcset":
                self.refs += [part.split()[0] for part in value.split(",") if part.strip()]

    handle_startendtag = handle_starttag


_CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)""")


def _fetch(url: str) -> tuple[int, str, bytes]:
    try:
        with urlopen(url, timeout=10) as response:
            return response.status, response.headers.get_content_type(), response.read()
    except HTTPError as error:
        return error.code, "", b""
    except URLError as error:
        return 0, str(error.reason), b""


def test_every_internal_link_resolves(site_url, reference_site):
    """Every page of the site (crawled from the landing page, and every HTML file
    built), and every address in it that points into the site: it exists, and so
    does the anchor (#id) it names.  Also the addresses inside the site's SVG
    files (the phase diagrams link to rules) and style sheets."""
    pages: dict[str, tuple[int, set[str] | None]] = {}   # url -> status, ids (HTML/SVG)
    refs: dict[str, set[str]] = {}                        # target url -> the pages citing it
    queue = deque([site_url + "index.html"])
    queue += [site_url + p.relative_to(reference_site).as_posix()
              for p in sorted(reference_site.rglob("*.html"))]

    def visit(url: str) -> None:
        if url in pages:
            return
        status, kind, body = _fetch(url)
        ids = None
        found: list[str] = []
        if status == 200 and kind in ("text/html", "image/svg+xml"):
            parser = _Links()
            parser.feed(body.decode("utf-8", "replace"))
            ids, found = parser.ids, parser.refs
        elif status == 200 and kind == "text/css":
            found = _CSS_URL.findall(body.decode("utf-8", "replace"))
        pages[url] = (status, ids)
        for ref in found:
            if ref.startswith(("data:", "mailto:", "javascript:", "about:")):
                continue
            target = urljoin(url, ref.strip())
            if not target.startswith(site_url):
                continue   # another site
            refs.setdefault(target, set()).add(url)
            address = urldefrag(target).url.split("?")[0]
            if address not in pages:
                queue.append(address)

    while queue:
        visit(queue.popleft())
    broken = []
    for target, citing in sorted(refs.items()):
        address, fragment = urldefrag(target)
        status, ids = pages[address.split("?")[0]]
        where = ", ".join(sorted(c.removeprefix(site_url) for c in citing)[:3])
        short = target.removeprefix(site_url)
        if status != 200:
            broken.append(f"{short} (HTTP {status or 'error'}), from {where}")
        elif fragment and fragment != "top" and ids is not None \
                and unquote(fragment) not in ids:
            broken.append(f"{short} (no such anchor), from {where}")
    assert len(pages) > 20, sorted(pages)
    assert not broken, f"{len(broken)} broken internal links:\n" + "\n".join(broken[:40])


# -- search ------------------------------------------------------------------------------------
def _results(page, base: str, query: str) -> list[dict]:
    """Search as a reader does: type into the search box of the landing page, press
    Enter, and read the results list of ``search.html?q=...`` once it is complete."""
    page.goto(base + "index.html")
    page.fill("input.sidebar-search", query)
    with page.expect_navigation():
        page.press("input.sidebar-search", "Enter")
    page.wait_for_load_state("domcontentloaded")
    assert parse_qs(urlsplit(page.url).query).get("q") == [NORMALISED.get(query, query)], \
        page.url
    page.wait_for_function(
        "() => (document.querySelector('#search-results .search-summary') || {}).textContent",
        timeout=TIMEOUT_MS)
    return page.eval_on_selector_all(
        "#search-results ul.search > li",
        "items => items.map(li => { const a = li.querySelector('a');"
        " return {href: a ? a.href : '', title: a ? a.textContent.trim() : '',"
        " text: li.textContent.trim().replace(/\\s+/g, ' ').slice(0, 100)}; })")


def _lands_on_rule(page, href: str, label: str) -> bool:
    """Whether an address opens the rule whose anchor is ``label``: on its game's rules
    page, at its anchor, its section or inside its section."""
    page.goto(href)
    return page.evaluate("""(label) => {
      const rule = document.getElementById(label);
      const id = decodeURIComponent(location.hash.slice(1));
      const target = id && document.getElementById(id);
      if (!rule || !target) return false;
      const section = (el) => el.tagName === 'SECTION' ? el : el.closest('section');
      return target === rule || section(target) === rule.closest('section');
    }""", label)


@pytest.mark.parametrize("query", SEARCHES)
def test_search_gives_the_rule_first(served, query):
    browser, base = served
    game = next(g for g in registry.games().values()
                if any(r.number == SEARCHED_RULE for r in g.rulebook))
    label = docs.rule_label(SEARCHED_RULE)
    context = browser.new_context(viewport={"width": 1280, "height": HEIGHT})
    page = context.new_page()
    try:
        results = _results(page, base, query)
        shown = "\n".join(f"  {i + 1}. {r['title']} <{r['href'].removeprefix(base)}>"
                          for i, r in enumerate(results[:5])) or "  (no results)"
        assert results, f"searching {query!r} finds nothing"
        first = results[0]
        # The reader must see that it is the rule (its title names it), and get there.
        named = re.search(rf"(?<![\w.]){re.escape(SEARCHED_RULE)}(?![\w]|\.\d)", first["title"])
        rules_page = f"{base}{docs.GENERATED}/{game.key}/rules.html"
        lands = first["href"].startswith(rules_page + "#") \
            and _lands_on_rule(page, first["href"], label)
        assert named and lands, (
            f"searching {query!r}: the first result is not shown as the rule {SEARCHED_RULE} "
            f"({'named' if named else 'not named'} in its title; it "
            f"{'opens' if lands else 'does not open'} the rule):\n{shown}")
    finally:
        context.close()


# -- the rules: examples first, checks folded --------------------------------------------------
_RULE_PARTS = """(labels) => labels.map(label => {
  const anchor = document.getElementById(label);
  if (!anchor) return {label, missing: true};
  const rule = anchor.tagName === 'SECTION' ? anchor : anchor.closest('section');
  const order = (el) => el ? [...rule.querySelectorAll('*')].indexOf(el) : -1;
  const heading = rule.querySelector('h1, h2, h3, h4, h5, h6');
  const statement = rule.querySelector('.ringside-statement');
  const examples = rule.querySelector('.ringside-examples');
  const open = rule.querySelector('.ringside-open-points');
  const checks = rule.querySelector('details.ringside-checks');
  // An example is a ruling (a scenario's page) or a data case on the checks page.
  const rulings = (el) => el ? el.querySelectorAll(
      'a[href*="rulings/"], a[href*="checks.html#case-"]').length : 0;
  return {label,
          heading: heading ? heading.textContent.replace('\\u00b6', '').trim() : '',
          statement: order(statement), examples: order(examples), open: order(open),
          checks: order(checks), checks_open: checks ? checks.open : null,
          example_links: rulings(examples), ruling_links: rulings(rule)};
})"""


def _rule_parts(served) -> dict[str, list[tuple[str, dict]]]:
    browser, base = served
    context = browser.new_context(viewport={"width": 1280, "height": HEIGHT})
    page = context.new_page()
    found = {}
    try:
        for key, game in registry.games().items():
            page.goto(f"{base}{docs.GENERATED}/{key}/rules.html")
            numbers = [rule.number for rule in game.rulebook]
            parts = page.evaluate(_RULE_PARTS, [docs.rule_label(n) for n in numbers])
            found[key] = list(zip(numbers, parts))
    finally:
        context.close()
    return found


@pytest.fixture(scope="module")
def rule_parts(served):
    return _rule_parts(served)


def test_every_rule_has_an_example(rule_parts):
    missing = []
    for key, rules in rule_parts.items():
        for number, part in rules:
            if part.get("missing"):
                missing.append(f"{key} {number}: no anchor #{part['label']} on the rules page")
            elif part["example_links"] < 1:
                where = ("no .ringside-examples block" if part["examples"] < 0
                         else "an empty .ringside-examples block")
                missing.append(f"{key} {number}: {where}; {part['ruling_links']} links to "
                               f"rulings elsewhere in its section")
    assert not missing, f"{len(missing)} rules show no example:\n" + "\n".join(missing)


def test_each_rule_reads_statement_examples_open_points_then_folded_checks(rule_parts):
    wrong = []
    for key, rules in rule_parts.items():
        for number, part in rules:
            if part.get("missing"):
                wrong.append(f"{key} {number}: no anchor #{part['label']}")
                continue
            problems = []
            if not part["heading"].startswith(number + " "):
                problems.append(f"heading {part['heading']!r}")
            if part["checks"] < 0:
                problems.append("checks not folded in a details.ringside-checks")
            elif part["checks_open"]:
                problems.append("checks unfolded when the page opens")
            sequence = [(name, part[name]) for name in ("statement", "examples", "open", "checks")]
            present = [(name, at) for name, at in sequence if at >= 0]
            if [name for name, _ in sorted(present, key=lambda p: p[1])] != \
                    [name for name, _ in present]:
                problems.append("order " + ", ".join(name for name, _ in
                                                     sorted(present, key=lambda p: p[1])))
            for name in ("statement", "examples"):
                if part[name] < 0:
                    problems.append(f"no .ringside-{name}")
            if problems:
                wrong.append(f"{key} {number}: " + "; ".join(problems))
    assert not wrong, f"{len(wrong)} rules out of shape:\n" + "\n".join(wrong)


# -- plots -------------------------------------------------------------------------------------
_FIGURES = """async () => {
  const figures = [...document.querySelectorAll(
      '[role=main] img, [role=main] object, [role=main] svg')]
    .filter(el => !(el.tagName.toLowerCase() === 'svg' && el.parentElement.closest('svg')));
  const found = [];
  for (const el of figures) {
    el.scrollIntoView();
    const tag = el.tagName.toLowerCase();
    const box = el.getBoundingClientRect();
    const item = {tag, what: el.getAttribute('src') || el.getAttribute('data') ||
                  el.getAttribute('aria-label') || el.id || '(inline svg)',
                  width: Math.round(box.width), height: Math.round(box.height), ok: false};
    if (tag === 'img') {
      try { await el.decode(); } catch (e) { item.error = String(e); }
      item.natural = [el.naturalWidth, el.naturalHeight];
      item.ok = el.complete && el.naturalWidth > 0 && el.naturalHeight > 0;
    } else if (tag === 'object') {
      for (let i = 0; i < 100 && !(el.contentDocument && el.contentDocument.readyState
                                   === 'complete'); i++)
        await new Promise(done => setTimeout(done, 50));
      const root = el.contentDocument && el.contentDocument.documentElement;
      item.root = root ? root.tagName : null;
      let size = [0, 0];
      if (root && root.getBBox) { const b = root.getBBox(); size = [b.width, b.height]; }
      item.natural = size.map(Math.round);
      item.ok = !!root && size[0] > 0 && size[1] > 0;
    } else {
      const b = el.getBBox();
      item.natural = [Math.round(b.width), Math.round(b.height)];
      item.ok = b.width > 0 && b.height > 0;
    }
    item.ok = item.ok && box.width > 0 && box.height > 0;
    found.push(item);
  }
  return found;
}"""


def test_every_plot_renders(served, reference_site):
    browser, base = served
    pages = [p for p in _main_pages(reference_site) if p.endswith("/statistics.html")]
    if not pages:
        pytest.skip("no game has a statistics page (no results/<game>/summary.json)")
    context = browser.new_context(viewport={"width": 1280, "height": HEIGHT})
    page = context.new_page()
    failed_loads: list[str] = []
    page.on("requestfailed", lambda request: failed_loads.append(request.url))
    page.on("response", lambda response: response.status >= 400
            and failed_loads.append(f"{response.url} (HTTP {response.status})"))
    plots, broken = 0, []
    try:
        for path in pages:
            page.goto(base + path, wait_until="load")
            for figure in page.evaluate(_FIGURES):
                plots += 1
                if not figure["ok"]:
                    broken.append(f"{path}: {figure}")
    finally:
        context.close()
    assert not failed_loads, "files that did not load:\n" + "\n".join(failed_loads)
    assert not broken, "plots that do not render:\n" + "\n".join(broken)
    assert plots >= MIN_PLOTS, (f"{plots} plots on the statistics pages ({', '.join(pages)}); "
                                f"at least {MIN_PLOTS} expected")
