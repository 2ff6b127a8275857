"""Helpers of the web table's tests: an in-process client, a real server on a free loopback port,
and Debian's Chromium driven by Playwright.

Chromium is the system package (``/usr/bin/chromium``; ``.ci/run`` installs it). Where it is
missing the browser tests are skipped, except under ``IRONSWORN_REQUIRE_SHARED`` (CI), where
they fail: a browser test must never be skipped silently there.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from shared_files import STARFORGED_DATASWORN, shared_file

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHANGE = {"X-Ironsworn-Request": "1"}
STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


AXE_DIR = Path(__file__).resolve().parent / "axe"  # package.json: axe-core, for tests only
AXE_SCRIPT = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"


def axe_script() -> str:
    """axe-core's script, installed with npm into tests/web/axe when missing. Without npm the
    accessibility tests are skipped, except under ``IRONSWORN_REQUIRE_SHARED`` (CI): they fail."""
    if not AXE_SCRIPT.exists():
        npm = shutil.which("npm")
        if npm is None:
            reason = f"the accessibility tests need npm to install axe-core into {AXE_DIR}"
            if os.environ.get("IRONSWORN_REQUIRE_SHARED", "") not in ("", "0"):
                pytest.fail(f"{reason} (IRONSWORN_REQUIRE_SHARED is set)", pytrace=False)
            pytest.skip(reason)
        command = "ci" if (AXE_DIR / "package-lock.json").exists() else "install"
        subprocess.run(
            [npm, command, "--no-audit", "--no-fund", "--prefix", str(AXE_DIR)],
            check=True,
            capture_output=True,
            timeout=600,
        )
    return AXE_SCRIPT.read_text(encoding="utf-8")


def require_chromium() -> None:
    """Skip without Chromium, or fail where browser tests are required (CI)."""
    if CHROMIUM.exists():
        return
    reason = f"the browser tests need Debian's chromium at {CHROMIUM}"
    if os.environ.get("IRONSWORN_REQUIRE_SHARED", "") not in ("", "0"):
        pytest.fail(f"{reason} (IRONSWORN_REQUIRE_SHARED is set)", pytrace=False)
    pytest.skip(reason)


def client(app: Any, host: str = "127.0.0.1", **options: Any) -> Any:
    """Starlette's test client on ``app`` with the client address ``host`` (``options``: the
    test client's own, such as ``raise_server_exceptions``)."""
    import warnings

    from starlette.testclient import TestClient

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # newer Starlette prefers another HTTP package
        return TestClient(app, base_url="http://127.0.0.1:8484", client=(host, 50000), **options)


class LiveServer:
    """A uvicorn server on a thread, bound to a free loopback port."""

    def __init__(
        self, home: str, *, loopback: bool = True, tables: Any = None, **guard: Any
    ) -> None:
        """``tables``: the server's open campaigns (default: the data home's); ``guard``: the
        connection guard's settings (header_timeout, max_connections)."""
        import uvicorn

        from ironsworn.web.app import create_app
        from ironsworn.web.guard import server_config

        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1024)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        # The configuration 'ironsworn serve' runs with (its connection guard included).
        config = server_config(create_app(home, loopback=loopback, tables=tables), **guard)
        self.guard = config.guard  # type: ignore[attr-defined]
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


@contextmanager
def live_server(
    home: str, *, loopback: bool = True, tables: Any = None, **guard: Any
) -> Iterator[LiveServer]:
    server = LiveServer(home, loopback=loopback, tables=tables, **guard).start()
    try:
        yield server
    finally:
        server.stop()


def launch_chromium(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


@contextmanager
def data_home(home: Path) -> Iterator[None]:
    """IRONSWORN_HOME set to ``home`` and no IRONSWORN_CAMPAIGN for a module's live server;
    both put back as they were after (a module fixture cannot use ``monkeypatch``)."""
    saved = {k: os.environ.get(k) for k in ("IRONSWORN_HOME", "IRONSWORN_CAMPAIGN")}
    os.environ["IRONSWORN_HOME"] = str(home)
    os.environ.pop("IRONSWORN_CAMPAIGN", None)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@contextmanager
def chromium_browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright, closed after."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


# The widths every browser test plays at: a desktop window and a phone (and the narrowest
# phone issue 19 names, 360 px).
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
NARROW_PHONE = {"width": 360, "height": 740}


@contextmanager
def home_server(
    tmp_path_factory: Any, label: str, *, starforged: bool = False, packs: Sequence[str] = ()
) -> Iterator[LiveServer]:
    """A module's live server on loopback over a fresh data home (``label`` names its
    folder), for the browser tests; skips (or fails under CI) without Chromium. ``packs`` are
    files of ``../shared/`` (Datasworn) imported in that home first, as a player imports them;
    ``starforged`` imports the Starforged file. Either skips without ``../shared/``."""
    require_chromium()
    home = tmp_path_factory.mktemp(label)
    with data_home(home):
        wanted = ([STARFORGED_DATASWORN] if starforged else []) + list(packs)
        if not wanted:
            with live_server("home") as live:
                yield live
            return
        from ironsworn.content import clear_cache, import_pack

        files = [shared_file(name) for name in wanted]
        clear_cache()
        for file in files:
            import_pack(file)
        clear_cache()
        try:
            with live_server("home") as live:
                yield live
        finally:
            clear_cache()


AXE_TAGS = ["wcag2a", "wcag2aa"]


def axe_violations(page: Any) -> list[str]:
    """axe-core's WCAG 2 A and AA violations on the page as it is now, one line each (its
    rule, impact, help and the first elements). The page's context must bypass the page's
    content security policy (``bypass_csp=True``: axe is the test's own script)."""
    page.add_script_tag(content=axe_script())
    found = page.evaluate(
        """async (tags) => {
            const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
            return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} -- ` +
                v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | '));
        }""",
        AXE_TAGS,
    )
    return list(found)


def open_table(browser: Any, url: str, viewport: dict[str, int], *, seat: str | None = None) -> Any:
    """A campaign's page (``url``) in a new context at ``viewport``, ready, its script errors
    gathered in ``page.errors``; axe may be injected (the context bypasses the page's CSP).
    With ``seat`` the page sits as that character (the seat the page keeps per campaign)."""
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    context.set_default_timeout(20_000)  # a loaded machine is slow
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    # What the browser itself says is wrong with the page (an invalid pattern attribute):
    # not the line it logs for every answer of 4xx, which a question is (docs/api.md).
    page.console_errors = []
    page.on(
        "console",
        lambda message: (
            page.console_errors.append(message.text)
            if message.type == "error" and not message.text.startswith("Failed to load resource")
            else None
        ),
    )
    if seat is not None:
        name = url.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
        page.add_init_script(f"localStorage.setItem('seat:{name}', {seat!r})")
    page.goto(url)
    page.wait_for_selector("body[data-ready=yes]")
    return page


def open_page(
    browser: Any, server: Any, name: str, viewport: dict[str, int], seat: str | None = None
) -> Any:
    """Campaign ``name``'s page on ``server`` (see ``open_table``)."""
    return open_table(browser, f"{server.url}/c/{name}", viewport, seat=seat)


def shot(page: Any, name: str, *, full_page: bool = False) -> None:
    """A screenshot of the page as it is now, ``screenshots/NAME.png``, to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


def checked(page: Any, name: str, *, full_page: bool = False, columns: bool = False) -> None:
    """A screenshot (``name``), then what every screen must keep: no WCAG 2 A/AA violation,
    no horizontal scrolling, never a literal null or undefined, no script error; with
    ``columns`` nothing drawn past the side of its column either."""
    shot(page, name, full_page=full_page)
    if columns:
        assert spills(page) == []
    assert axe_violations(page) == []
    assert overflow(page) == 0
    shown = page.inner_text("body")
    assert "null" not in shown and "undefined" not in shown
    assert page.errors == []
    assert page.console_errors == []


def new_campaign(
    server: Any, name: str, ruleset: str | None = None, character: dict[str, Any] | None = None
) -> Any:
    """A campaign ``name`` made through the API (of ``ruleset`` when given), with a character
    when ``character`` is given (its fields over Kira with STATS): an httpx client on the
    server, sending the change header."""
    import httpx

    http = httpx.Client(base_url=server.url, headers=CHANGE, timeout=10)
    body = {"name": name} if ruleset is None else {"name": name, "ruleset": ruleset}
    made = http.post("/api/campaigns", json=body)
    assert made.status_code == 201, made.text
    if character is not None:
        fields = {"name": "Kira", "stats": STATS, **character}
        answer = http.post(f"/api/c/{name}/actions/character", json=fields)
        assert answer.status_code == 200, answer.text
    return http


@contextmanager
def hosted_server(tmp_path_factory: Any, label: str) -> Iterator[LiveServer]:
    """A table served to others (tokens needed: not loopback-trusted) on loopback for the
    test, home campaign ``t``, its tokens in ``live.tokens``."""
    require_chromium()
    home = tmp_path_factory.mktemp(label)
    with data_home(home), live_server("t", loopback=False) as live:
        from ironsworn.web.access import campaign_tokens

        live.tokens = campaign_tokens("t")
        yield live


def spills(page: Any) -> list[str]:
    """What is drawn past the side of its column (a card's stat box, a table's cell): each
    element outside its section's box, shown, not folded away in a closed details."""
    found: list[str] = page.evaluate(
        """() => { const out = [];
          for (const section of document.querySelectorAll('main > section')) {
            const box = section.getBoundingClientRect();
            for (const el of section.querySelectorAll('*')) {
              const r = el.getBoundingClientRect();
              if (!r.width || !r.height || el.offsetParent === null) continue;
              if (el.closest('details:not([open])') && !el.closest('summary')) continue;
              if (r.right > box.right + 0.5 || r.left < box.left - 0.5)
                out.push(`${section.id}: <${el.tagName.toLowerCase()} class="${el.className}"> ` +
                  `${el.textContent.trim().slice(0, 30)}`);
            }
          }
          return out.slice(0, 8); }"""
    )
    return found


# Whether a field's placeholder fits inside it, measured in the field's own font.
PLACEHOLDER_FITS = """(el) => {
  const style = getComputedStyle(el);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return pen.measureText(el.placeholder).width <= room + 1;
}"""


def overflow(page: Any) -> int:
    """How many pixels the page is wider than its window (0: no horizontal scrolling)."""
    width: int = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return width
