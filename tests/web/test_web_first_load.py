"""The page's first load (issue 24): every module of the first screen asked for at once (the
tabs shown later import theirs when opened), the first reads only what the first screen draws,
the page's files and the rulebook's lists kept as the bytes sent, the campaign's ruleset kept
with its version."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE, STATS

STATIC = files("ironsworn.web").joinpath("static")


def static_imports(text: str) -> list[str]:
    """What a module imports as it loads: import ... from "./x.js"; import "./x.js"."""
    return re.findall(r'^import (?:[^;]*? from )?"\./([a-z]+\.js)";', text, re.MULTILINE)


def lazy_imports(text: str) -> list[str]:
    """The modules a module's text imports when it runs: import("./x.js")."""
    return re.findall(r'\bimport\("\./([a-z]+\.js)"\)', text)


def imports_of(*modules: str, lazy: bool = True) -> set[str]:
    """The modules ``modules`` import (``./x.js``), and theirs, by file name (``lazy``: those
    imported when they run too)."""
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = STATIC.joinpath(name).read_text(encoding="utf-8")
        todo += static_imports(text) + (lazy_imports(text) if lazy else [])
    return seen


def test_the_page_asks_for_every_module_it_runs_at_once() -> None:
    """index.html names every module the first screen runs (its script or a module preload:
    app.js, the page it imports, and theirs), so none waits for the module importing it to
    arrive first; and names no module it does not run. The tabs shown later import theirs
    when opened (not preloaded), and those import only modules the first screen has."""
    html = STATIC.joinpath("index.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script type="module"[^>]* src="/static/([a-z]+\.js)"', html)
    preloaded = re.findall(r'<link rel="modulepreload" href="/static/([a-z]+\.js)">', html)
    assert scripts == ["app.js"]
    first = imports_of("app.js", "page.js", lazy=False)
    assert sorted(scripts + preloaded) == sorted(first)
    assert len(set(preloaded)) == len(preloaded)
    page = STATIC.joinpath("page.js").read_text(encoding="utf-8")
    tabs = set(lazy_imports(page))
    assert tabs == {"world.js", "creation.js", "campaigns.js"}
    assert not tabs & first
    assert imports_of(*tabs, lazy=False) - tabs <= first
    run = imports_of("app.js")
    on_disk = {p.name for p in STATIC.iterdir() if p.name.endswith(".js")}
    assert run == on_disk == first | tabs


def test_the_entry_asks_for_the_first_reads_before_the_page_is_here() -> None:
    """app.js imports first.js alone (it runs as soon as the two are here) and the page
    after."""
    assert imports_of("first.js") == {"first.js"}
    entry = STATIC.joinpath("app.js").read_text(encoding="utf-8")
    assert re.findall(r'^import "\./([a-z]+\.js)";', entry, re.MULTILINE) == ["first.js"]
    assert re.findall(r'\bimport\("\./([a-z]+\.js)"\)', entry) == ["page.js"]


def test_the_first_reads_are_those_the_page_makes() -> None:
    """first.js takes the parts of its first read under the addresses live.js, core.js and
    moves.js read them by (a read asked for under another is read twice): the state, the
    ruleset, the asset cards held, the foes, the moves' names, the latest timeline; not the
    truths (the World tab reads them when opened)."""
    first = STATIC.joinpath("first.js").read_text(encoding="utf-8")
    parts = first.split("const FIRST_PARTS = {")[1].split("};")[0]
    reads = dict(re.findall(r"(\w+): `\$\{BASE\}/([^`]+)`", parts))
    assert reads == {
        "state": "state?page=1",
        "ruleset": "ruleset",
        "assets": "content/assets?held=1",
        "npcs": "content/npcs",
        "moves": "moves?brief=1",
        "timeline": "timeline?last=${TIMELINE}",
    }
    code = "".join(
        STATIC.joinpath(name).read_text(encoding="utf-8")
        for name in ("live.js", "core.js", "moves.js")
    )
    for read in reads.values():
        assert f"`${{BASE}}/{read}`" in code, read


def test_the_campaign_page_names_its_first_read_as_a_preload(api: Any) -> None:
    """The page of a campaign names its first read as a preload, by the address first.js asks
    for it (the browser asks for it while it reads the page; first.js's request takes the
    answer), with no header of its own (first.js sends none with it either)."""
    from ironsworn.web.campaigns import FIRST_READ

    first = STATIC.joinpath("first.js").read_text(encoding="utf-8")
    timeline = re.search(r"const TIMELINE = (\d+);", first)
    assert timeline is not None
    asked = re.findall(r"const FIRST_READ = `\$\{BASE\}/([^`]+)`;", first)
    assert [a.replace("${TIMELINE}", timeline.group(1)) for a in asked] == [FIRST_READ]
    assert re.findall(r"fetch\(([^;]*?)\)\n", first) == [
        'FIRST_READ, { credentials: "same-origin" }'
    ]
    page = api.get("/c/t").text
    links = re.findall(r'<link rel="preload" as="fetch" crossorigin href="([^"]+)">', page)
    assert links == [f"/api/c/t/{FIRST_READ}"]
    assert "first reads" not in page  # the place held for it, filled
    # (a campaign that exists: an unknown one has no page)
    assert api.post("/api/campaigns", json={"name": "other-one"}, headers=CHANGE).is_success
    other = api.get("/c/other-one").text
    assert f"/api/c/other-one/{FIRST_READ}" in other and "/api/c/t/" not in other
    assert page.replace("/c/t/", "/c/other-one/") == other


def test_the_first_read_is_the_reads_it_stands_for(api: Any) -> None:
    """``first?page=1&last=N``: the state (as the page reads it), the ruleset, the asset cards
    held, the foes, the moves' names and the latest N of the timeline, each as its own read
    answers it; its refusals are theirs."""
    for name, assets in (("Asha", ["hawk:1=Kestrel"]), ("Bo", [])):
        made = api.post(
            "/api/c/t/actions/character",
            json={"name": name, "stats": STATS, "assets": assets},
            headers=CHANGE,
        )
        assert made.status_code == 200, made.text
    api.post("/api/c/t/actions/journal", json={"text": "The *saga* begins."}, headers=CHANGE)
    first = api.get("/api/c/t/first?page=1&last=3")
    assert first.status_code == 200 and first.headers["content-type"] == "application/json"
    parts = first.json()
    assert parts == {
        "state": api.get("/api/c/t/state?page=1").json(),
        "ruleset": api.get("/api/c/t/ruleset").json(),
        "assets": api.get("/api/c/t/content/assets?held=1").json(),
        "npcs": api.get("/api/c/t/content/npcs").json(),
        "moves": api.get("/api/c/t/moves?brief=1").json(),
        "timeline": api.get("/api/c/t/timeline?last=3").json(),
    }
    assert [c["id"] for c in parts["assets"]] == ["asset:classic/companion/hawk"]
    assert len(parts["timeline"]) == 3
    refused = api.get("/api/c/t/first?last=0")
    assert refused.status_code == 400
    assert "last 0 is out of range" in refused.json()["error"]


def test_page_1_in_the_query_asks_as_the_page() -> None:
    """``page=1`` asks as the ``X-Ironsworn-Page`` header does (a preload has no header): the
    answers the page reads (a decision's words as HTML)."""
    from starlette.requests import Request

    from ironsworn.web.server import for_page

    def asks(query: bytes, headers: list[tuple[bytes, bytes]]) -> bool:
        scope = {"type": "http", "method": "GET", "query_string": query, "headers": headers}
        return for_page(Request(scope))

    page = [(b"x-ironsworn-page", b"1")]
    assert asks(b"", page) and asks(b"page=1", []) and asks(b"last=1&page=1", [])
    assert not asks(b"", []) and not asks(b"page=0", []) and not asks(b"page=yes", [])


# ------------------------------------------------------------------------------ page files


def test_a_page_file_is_sent_with_its_type_and_tag_and_not_again_when_held(api: Any) -> None:
    for name, media in (
        ("app.js", "text/javascript; charset=utf-8"),
        ("app.css", "text/css; charset=utf-8"),
        ("index.html", "text/html; charset=utf-8"),
    ):
        answer = api.get(f"/static/{name}")
        assert answer.status_code == 200
        assert answer.headers["content-type"] == media
        assert answer.content == STATIC.joinpath(name).read_bytes()
        assert answer.headers["last-modified"].endswith(" GMT")
        tag = answer.headers["etag"]
        held = api.get(f"/static/{name}", headers={"if-none-match": tag})
        assert (held.status_code, held.content, held.headers["etag"]) == (304, b"", tag)
        other = api.get(f"/static/{name}", headers={"if-none-match": '"another"'})
        assert other.status_code == 200 and other.content == answer.content


def test_a_page_file_is_asked_again_at_each_load(api: Any) -> None:
    """The page names its modules without a version: a browser must ask again (a 304 while
    the tag holds), never keep one by its own guess of freshness, or a page reloaded after
    an upgrade of the package runs an old module beside new ones."""
    for name in ("app.js", "core.js", "app.css", "index.html"):
        answer = api.get(f"/static/{name}")
        assert answer.headers["cache-control"] == "no-cache", name
        held = api.get(f"/static/{name}", headers={"if-none-match": answer.headers["etag"]})
        assert held.status_code == 304


@pytest.mark.parametrize(
    "path", ["/static/nope.js", "/static/", "/static/.hidden", "/static/a/b.js"]
)
def test_a_page_file_that_is_not_there_is_a_json_404(api: Any, path: str) -> None:
    answer = api.get(path)
    assert answer.status_code == 404
    assert answer.json() == {"error": f"no such page or endpoint: {path}"}


def test_a_page_file_is_read_once(tmp_path: Path) -> None:
    """Kept from its first request: the file is not read again (the package's files do not
    change while the server runs)."""
    from ironsworn.web.page_files import PageFiles

    (tmp_path / "x.js").write_text("one", encoding="utf-8")
    kept = PageFiles(tmp_path)
    first = kept.get("x.js")
    (tmp_path / "x.js").write_text("two", encoding="utf-8")
    again = kept.get("x.js")
    assert first is not None and again is first and first.body == b"one"
    assert kept.get("../x.js") is None and kept.get("y.js") is None


# -------------------------------------------------------------------------- the rulebook


def test_a_rulebook_list_is_made_once_per_library(monkeypatch: pytest.MonkeyPatch) -> None:
    from ironsworn.web import reads, views

    made: list[int] = []

    def make() -> list[int]:
        made.append(1)
        return [len(made)]

    library = object()
    monkeypatch.setattr(reads, "library", lambda: library)
    monkeypatch.setattr(views, "_KEPT", {})
    assert views._kept(("test",), make) == b"[1]"
    assert views._kept(("test",), make) == b"[1]"
    assert len(made) == 1
    library = object()  # a pack imported: another library
    assert views._kept(("test",), make) == b"[2]"


def test_the_rulebook_lists_are_the_same_read_after_read(api: Any) -> None:
    for path in (
        "/api/c/t/moves",
        "/api/c/t/oracles",
        "/api/c/t/content/assets",
        "/api/c/t/content/npcs",
        "/api/content/truths?ruleset=classic",
        "/api/moves",
    ):
        first, again = api.get(path), api.get(path)
        assert first.status_code == 200 and first.headers["content-type"] == "application/json"
        assert first.content == again.content and first.json()


def test_a_content_kind_is_not_taken_for_a_list_of_the_same_name(api: Any) -> None:
    """The kept answers are keyed apart: /api/content/moves is no kind of content, even after
    /api/moves was read."""
    assert api.get("/api/moves").status_code == 200
    refused = api.get("/api/content/moves")
    assert refused.status_code == 400
    assert "content 'moves' is unknown" in refused.json()["error"]


def test_the_ruleset_is_kept_with_the_version_and_told_again_after_a_change(api: Any) -> None:
    from ironsworn.campaign.registry import campaign_path
    from ironsworn.campaign.store import CampaignStore
    from ironsworn.table import Table
    from ironsworn.table.describe import describe

    first = api.get("/api/c/t/ruleset")
    assert first.status_code == 200
    assert api.get("/api/c/t/ruleset").content == first.content
    made = api.post(
        "/api/c/t/actions/character", json={"name": "Asha", "stats": STATS}, headers=CHANGE
    )
    assert made.status_code == 200, made.text
    with CampaignStore.open(campaign_path("t")) as store:
        fresh = describe(Table(store, "t"))
    assert api.get("/api/c/t/ruleset").json() == fresh


# ---------------------------------------------------------------------- the first reads


@pytest.mark.parametrize("page", [True, False], ids=["page", "client"])
def test_the_cards_held_are_the_cards_the_characters_hold(api: Any, page: bool) -> None:
    """``content/assets?held=1``: the cards of the deck the campaign's characters hold, as the
    deck has them (the page's first read; the deck is read when the picker opens)."""
    headers = {"X-Ironsworn-Page": "1"} if page else {}
    held = "/api/c/t/content/assets?held=1"
    assert api.get(held, headers=headers).json() == []
    for name, assets in (("Asha", ["hawk:1=Kestrel", "swordmaster"]), ("Bo", ["archer"])):
        made = api.post(
            "/api/c/t/actions/character",
            json={"name": name, "stats": STATS, "assets": assets},
            headers=CHANGE,
        )
        assert made.status_code == 200, made.text
    state = api.get("/api/c/t/state", headers=headers).json()
    ids = {a["id"] for c in state["characters"] for a in c["assets"]}
    assert len(ids) == 3
    deck = api.get("/api/c/t/content/assets").json()
    answer = api.get(held, headers=headers)
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    assert answer.json() == [card for card in deck if card["id"] in ids]
    assert len(answer.content) * 10 < len(api.get("/api/c/t/content/assets").content)


def test_the_moves_brief_are_the_moves_names_categories_and_triggers(api: Any) -> None:
    full = api.get("/api/c/t/moves").json()
    brief = api.get("/api/c/t/moves?brief=1")
    assert brief.status_code == 200 and brief.headers["content-type"] == "application/json"
    assert brief.json() == [
        {"id": m["id"], "name": m["name"], "category": m["category"], "trigger": m["trigger"]}
        for m in full
    ]
    assert api.get("/api/c/t/moves?brief=1").content == brief.content  # kept


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/api/c/t/content/assets?held=yes", "held 'yes' is not accepted (accepted: held=1"),
        ("/api/c/t/content/assets?held=", "held '' is not accepted (accepted: held=1"),
        ("/api/c/t/content/npcs?held=1", "held is accepted for assets only (not 'npcs')"),
        ("/api/c/t/moves?brief=0", "brief '0' is not accepted (accepted: brief=1"),
    ],
)
def test_held_and_brief_take_1_or_nothing(api: Any, path: str, message: str) -> None:
    refused = api.get(path)
    assert refused.status_code == 400
    assert message in refused.json()["error"]
