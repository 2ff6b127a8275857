"""The web table under attack (issue 19's hardening list), each attack kept as a bounded test:
slow clients, pathological Markdown, request ids, a database outage, odd input, invite links
and owner-only files. Speed itself is measured in benchmarks/web.py, not here: these tests
check that the defence is there and holds, with generous time bounds."""

from __future__ import annotations

import json
import logging
import socket
import stat
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE, STATS, client, live_server

# ------------------------------------------------------------------------------ helpers


def do(api: Any, action: str, body: Any, key: str | None = None, **extra: Any) -> Any:
    headers = {**CHANGE, **({"Idempotency-Key": key} if key else {})}
    return api.post(f"/api/c/t/actions/{action}", json=body, headers=headers, **extra)


def live_ops(api: Any) -> list[dict[str, Any]]:
    return [e for e in api.get("/api/c/t/timeline?last=200").json() if e["status"] == "live"]


class Captured(logging.Handler):
    """Everything the server's loggers write, as the bytes a log file would hold."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.size = 0
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = self.format(record)
        self.size += len(text.encode()) + 1
        if len(self.lines) < 200:
            self.lines.append(text)


# ---------------------------------------------------------------------- 1. slow clients


def trickle(port: int, count: int, seconds: float, stop: threading.Event) -> list[socket.socket]:
    """``count`` connections that each send a request's first line and then one header byte
    every ``seconds`` (never finishing), reconnecting when the server closes them."""
    sockets: list[socket.socket] = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET /api/c/t/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sockets.append(s)

    def drip() -> None:
        while not stop.is_set():
            for i, s in enumerate(sockets):
                try:
                    s.sendall(b"X")
                except OSError:
                    s.close()
                    try:
                        sockets[i] = socket.create_connection(("127.0.0.1", port), timeout=5)
                        sockets[i].sendall(b"GET / HTTP/1.1\r\nX-Slow: ")
                    except OSError:
                        pass
            stop.wait(seconds)

    threading.Thread(target=drip, daemon=True).start()
    return sockets


def test_slow_clients_neither_stop_a_player_nor_flood_the_log(home: Path) -> None:
    """300 connections trickling headers against a server that keeps 200: the guard closes
    the slow ones (deadline, then eviction) and a normal client's every request is answered."""
    captured = Captured()
    loggers = [logging.getLogger(n) for n in ("uvicorn", "uvicorn.error", "ironsworn.web")]
    for logger in loggers:
        logger.addHandler(captured)
    stop = threading.Event()
    sockets: list[socket.socket] = []
    try:
        with live_server("t", header_timeout=1.0, max_connections=200) as server:
            urllib.request.urlopen(f"{server.url}/api/c/t/state", timeout=30).read()
            sockets = trickle(server.port, 300, 0.2, stop)
            answered = []
            deadline = time.monotonic() + 60  # a bound, not a speed measure
            while len(answered) < 20 and time.monotonic() < deadline:
                with urllib.request.urlopen(f"{server.url}/api/c/t/state", timeout=10) as r:
                    answered.append(r.status)
                time.sleep(0.05)
            time.sleep(1.5)  # past the header deadline: the stragglers are closed too
            guard = server.guard
            assert answered == [200] * 20
            # Room was made for the player (the attackers, reconnecting, evict each other
            # before their deadline: the test below sees the deadline itself).
            assert guard.evicted > 0
            assert len(guard.open) <= 200
    finally:
        stop.set()
        for s in sockets:
            s.close()
        for logger in loggers:
            logger.removeHandler(captured)
    assert captured.size < 64 * 1024, captured.lines[:5]
    assert not any("Too many open files" in line for line in captured.lines)


def test_a_connection_that_sends_nothing_is_closed_after_the_header_deadline(home: Path) -> None:
    with live_server("t", header_timeout=0.5) as server:
        quiet = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        half = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        half.sendall(b"GET /api/c/t/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        try:
            assert quiet.recv(100) == b""  # closed by the server, without an answer
            assert half.recv(100) == b""
        finally:
            quiet.close()
            half.close()
        assert server.guard.timed_out == 2


def test_a_request_head_past_the_limit_is_refused_and_closed(home: Path) -> None:
    """A client cannot make the server hold an endless request head within its deadline: a
    head past 16 KiB is answered 400 and the connection closed; a big one under it is served,
    and a request that keeps its connection alive is still served after it."""
    from ironsworn.web.guard import HEADER_LIMIT

    with live_server("t") as server:
        big = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        try:
            big.sendall(b"GET /api/c/t/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
            for _ in range(HEADER_LIMIT // 1024 + 4):  # a kilobyte at a time, never ended
                try:
                    big.sendall(b"a" * 1024)
                except OSError:
                    break  # closed by the server
                time.sleep(0.005)
            answer = b""
            while chunk := big.recv(65536):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 400"), answer[:80]
        finally:
            big.close()
        fits = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        try:
            filler = b"X-Fill: " + b"a" * (HEADER_LIMIT // 2) + b"\r\n"
            request = b"GET /api/c/t/state HTTP/1.1\r\nHost: 127.0.0.1\r\n" + filler + b"\r\n"
            fits.sendall(request)
            assert read_answer(fits).startswith(b"HTTP/1.1 200")
            fits.sendall(request)  # the same connection, kept alive: counted afresh
            assert read_answer(fits).startswith(b"HTTP/1.1 200")
        finally:
            fits.close()


def read_answer(sock: socket.socket) -> bytes:
    """One whole HTTP answer with a Content-Length (the connection stays open after it)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(65536)
    return head


def test_idle_keep_alive_connections_outlive_the_clients_own_and_make_room(home: Path) -> None:
    """A server that closed idle connections as early as its clients do raced them (a client
    reusing one as it closed got a ReadError under load): the server keeps them longer than
    httpx's own expiry. Idle ones are the first closed when the connection limit is reached,
    so keeping them longer never locks a new player out."""
    import httpx

    with live_server("t", max_connections=20) as server:
        assert server.server.config.timeout_keep_alive > httpx.Limits().keepalive_expiry
        idle = []
        try:
            for _ in range(20):
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
                sock.sendall(b"GET /api/c/t/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                assert read_answer(sock).startswith(b"HTTP/1.1 200")
                idle.append(sock)
            with urllib.request.urlopen(f"{server.url}/api/c/t/state", timeout=30) as answer:
                assert answer.status == 200  # a new player gets in
            assert server.guard.evicted >= 1
            assert idle[0].recv(100) == b""  # the longest idle was closed to make room
        finally:
            for sock in idle:
                sock.close()


# ------------------------------------------------------------------ 2. pathological Markdown


@pytest.mark.parametrize(
    "text",
    [
        "[" * 200_000,
        "[a](" * 50_000,
        "*a" * 100_000,
        "a\n" * 100_000,
        "&amp;" * 50_000,
        "#" * 200_000,
        "- " * 100_000,
        "\n\n".join(["[" * 1000] * 200),
    ],
    ids=["brackets", "links", "emphasis", "lines", "entities", "hashes", "lists", "paragraphs"],
)
def test_pathological_markdown_is_shown_as_plain_text(text: str) -> None:
    from ironsworn.web.markdown import render

    rendered = render(text)
    assert "<a " not in rendered and "<em>" not in rendered and "<li>" not in rendered
    assert rendered.startswith("<p>")
    assert text.strip().splitlines()[0][:20].replace("&", "&amp;") in rendered


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("**battered**", "<strong>battered</strong>"),
        ("[Pay the Price](https://example.org)", 'rel="noopener noreferrer nofollow"'),
        ("<script>alert(1)</script>", "&lt;script&gt;"),
        ("a\nb", "<br />"),
    ],
)
def test_ordinary_markdown_is_still_rendered(text: str, html: str) -> None:
    from ironsworn.web.markdown import render

    assert html in render(text)


def test_ten_pathological_entries_are_read_and_written_beside(api: Any) -> None:
    """The attack: ten entries of 200,000 '[' used to hold every read of the campaign 31.8 s."""
    for _ in range(10):
        assert do(api, "journal", {"text": "[" * 200_000}).status_code == 200
    started = time.monotonic()
    page = api.get("/api/c/t/timeline?last=20")
    assert page.status_code == 200
    assert do(api, "journal", {"text": "after"}).status_code == 200
    assert time.monotonic() - started < 30  # a bound against the hang, not a speed figure
    htmls = [e["html"] for e in page.json() if e.get("html")]
    assert len(htmls) == 10 and all(h.startswith("<p>[[[[") for h in htmls)


# --------------------------------------------------------------------------- 3. request ids


def test_a_retry_with_the_same_request_id_applies_once_and_gets_the_same_answer(
    api: Any,
) -> None:
    first = do(api, "journal", {"text": "the bridge falls"}, key="req-1")
    again = do(api, "journal", {"text": "the bridge falls"}, key="req-1")
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert again.headers["x-ironsworn-replayed"] == "1"
    assert "x-ironsworn-replayed" not in first.headers
    assert [e["text"] for e in live_ops(api)].count("the bridge falls") == 1
    other = do(api, "journal", {"text": "the bridge falls"}, key="req-2")
    assert other.status_code == 200 and "x-ironsworn-replayed" not in other.headers
    assert [e["text"] for e in live_ops(api)].count("the bridge falls") == 2


def test_a_request_id_survives_a_restart(home: Path) -> None:
    from ironsworn.web.app import create_app

    with client(create_app("t")) as api:
        first = do(api, "character", {"name": "Asha", "stats": STATS}, key="create-asha")
        assert first.status_code == 200
    with client(create_app("t")) as api:  # a new server process would read the same file
        again = do(api, "character", {"name": "Asha", "stats": STATS}, key="create-asha")
        assert again.status_code == 200 and again.json() == first.json()
        assert again.headers["x-ironsworn-replayed"] == "1"
        assert [c["name"] for c in api.get("/api/c/t/state").json()["characters"]] == ["Asha"]


def test_a_refused_write_keeps_no_record_of_its_id(api: Any) -> None:
    refused = do(api, "adjust", {"character": "Nobody", "meter": "health", "delta": -1}, key="k")
    assert refused.status_code in (400, 404, 409)
    assert "x-ironsworn-replayed" not in refused.headers
    # The same id on a write that works now applies: nothing was recorded by the refusal.
    assert do(api, "character", {"name": "Asha", "stats": STATS}, key="k").status_code == 200
    assert "x-ironsworn-replayed" not in do(api, "journal", {"text": "x"}, key="k2").headers


def test_a_write_rolled_back_in_the_store_records_no_request(home: Path) -> None:
    from ironsworn.campaign.store import CampaignStore

    with CampaignStore.open(home / "c.iron", create=True) as store:
        store.request_id = "gone"
        with pytest.raises(RuntimeError), store.write() as tx:
            tx.append("journal", [{"type": "journal", "text": "never"}])
            raise RuntimeError("refused")
        assert store.request("gone") is None
        store.request_id = "kept"
        store.journal_add("kept")
        assert store.request("kept") == (1, None)
        store.answer_request("kept", '{"ok": true}')
        assert store.request("kept") == (1, '{"ok": true}')


def test_a_write_rolled_back_gives_its_request_id_to_the_next(home: Path) -> None:
    """An action whose first write fails at its commit, after recording the request id (the
    failure caught), and whose next write is kept: the kept write carries the id, so a retry
    applies nothing again."""
    import sqlite3

    from ironsworn.campaign.store import CampaignStore
    from ironsworn.errors import CampaignError
    from ironsworn.web.acting import once

    def run(store: Any) -> int:
        commit = store._commit

        def failing() -> None:
            store._commit = commit
            raise sqlite3.OperationalError("disk I/O error")

        store._commit = failing
        with pytest.raises(CampaignError, match="disk I/O error"):
            store.journal_add("never")
        seq: int = store.journal_add("kept").seq
        return seq

    with CampaignStore.open(home / "c.iron", create=True) as store:
        assert once(store, "req", run) == (False, 1)
        assert store.request("req") == (1, "1")
        assert once(store, "req", run) == (True, 1)  # the retry: its first answer
        assert [op.summary for op in store.operations()] == ["kept"]


def test_a_requests_table_made_by_a_rolled_back_step_is_looked_for_again(home: Path) -> None:
    """The first write carrying a request id makes the campaign's requests table: rolled back
    with its step (the group's first, or one after a kept write), the table is gone too, and
    the next read of a request id finds none instead of failing."""
    from ironsworn.campaign.store import CampaignStore

    def carried_then_refused(store: Any) -> None:
        store.request_id = "gone"
        store.journal_add("never")
        raise RuntimeError("refused after writing")

    with CampaignStore.open(home / "c.iron", create=True) as store:
        for kept_before in (False, True):
            with store.group():
                if kept_before:
                    store.step(lambda s: s.journal_add("kept"))
                with pytest.raises(RuntimeError):
                    store.step(carried_then_refused)
            store.request_id = None
            assert store.request("gone") is None
        store.request_id = "now"
        store.journal_add("carried")
        assert store.request("now") == (2, None)
        assert store.request("gone") is None
        assert [op.summary for op in store.operations()] == ["kept", "carried"]


@pytest.mark.parametrize("key", ["", "a b", "x" * 129, "é"])
def test_a_malformed_request_id_is_refused(api: Any, key: str) -> None:
    response = api.post(
        "/api/c/t/actions/journal",
        json={"text": "x"},
        headers={**CHANGE, "Idempotency-Key": key.encode("utf-8")},
    )
    assert response.status_code == 400 and "Idempotency-Key" in response.json()["error"].title()
    assert live_ops(api) == []


# -------------------------------------------------------------------- 4. a database outage


def test_a_database_outage_is_a_503_naming_no_address(postgres_server: Any) -> None:
    import psycopg

    from ironsworn.web.app import create_app
    from ironsworn.web.tables import Tables

    url = postgres_server.create_database("outage")
    name = urllib.parse.urlsplit(url).path.lstrip("/")
    with client(create_app("t", tables=Tables(database=url))) as api:
        assert do(api, "journal", {"text": "before"}, key="o1").status_code == 200
        with psycopg.connect(postgres_server.url(), autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false')
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            try:
                for response in (
                    api.get("/api/c/t/state"),
                    do(api, "journal", {"text": "during"}, key="o2"),
                    api.get("/api/campaigns"),
                ):
                    assert response.status_code == 503, response.text
                    message = response.json()["error"]
                    assert "database cannot be reached" in message
                    for secret in ("postgres", postgres_server.folder.name, name, "host="):
                        assert secret not in message
                    assert response.headers["retry-after"]
            finally:
                admin.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true')
        # Back: the same request id applies once.
        assert do(api, "journal", {"text": "during"}, key="o2").status_code == 200
        replay = do(api, "journal", {"text": "during"}, key="o2")
        assert replay.headers["x-ironsworn-replayed"] == "1"
        assert sorted(e["text"] for e in live_ops(api)) == ["before", "during"]


# ---------------------------------------------------------------------------- 5. odd input


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nests too deeply"),
        (b'{"text": ' + b"1" * 5000 + b"}", "out of range"),
        (b'{"delta": ' + b"9" * 5000 + b', "meter": "health"}', "out of range"),
        (b"\xff\xfe", "not JSON"),
    ],
    ids=["nested arrays", "5,000 digits", "5,000 digits in adjust", "not UTF-8"],
)
def test_odd_action_bodies_are_a_json_400(api: Any, body: bytes, words: str) -> None:
    response = api.post("/api/c/t/actions/journal", content=body, headers=CHANGE)
    assert response.status_code == 400
    assert words in response.json()["error"] and "Traceback" not in response.text
    assert len(response.json()["error"]) <= 400


@pytest.mark.parametrize(
    ("action", "body", "words"),
    [
        ("character", {"name": "Z\x00ed", "stats": STATS}, "U+0000 (a control character)"),
        ("character", {"name": "Kai\x1b[2J", "stats": STATS}, "U+001B (a control character)"),
        ("character", {"name": "\u202eZed", "stats": STATS}, "U+202E (a text-direction"),
        ("track", {"kind": "vow", "text": "red\x1b[31m", "rank": "dangerous"}, "U+001B"),
        ("track", {"kind": "vow", "text": "\u2066back", "rank": "dangerous"}, "U+2066"),
        ("person", {"name": "Elda\x07"}, "U+0007 (a control character)"),
        ("character", {"name": "Zed", "stats": STATS, "assets": ["hawk:1=Kes\x07trel"]},
         "U+0007 (a control character)"),
    ],
    ids=["NUL in a name", "terminal escape", "right-to-left override", "escape in a vow",
         "isolate in a vow", "bell in a person's name", "bell in a companion's name"],
)  # fmt: skip
def test_a_name_with_a_control_character_is_a_400_and_nothing_is_stored(
    api: Any, action: str, body: dict[str, Any], words: str
) -> None:
    # One player's name is shown on every screen: a terminal's escape or a text-direction
    # override in it would act on the other players' terminals and log lines.
    assert do(api, "character", {"name": "Asha", "stats": STATS}).status_code == 200
    before = api.get("/api/c/t/timeline?last=200").json()
    response = do(api, action, body)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert words in error and "accepted:" in error and "\n" not in error
    assert api.get("/api/c/t/timeline?last=200").json() == before
    # Letters of any script, marks and emoji (joined by a zero-width joiner) are names.
    fine = {"character": {"name": "Ōkami 🗡️ أمير 👩‍🚀", "stats": STATS},
            "track": {"kind": "vow", "text": "Rescue أمير 👩‍🚀", "rank": "dangerous"},
            "person": {"name": "Ōkami 👩‍🚀"}}[action]  # fmt: skip
    assert do(api, action, fine).status_code == 200


@pytest.mark.parametrize(
    "query",
    [f"before={10**26}", "before=" + "9" * 5000, "last=" + "9" * 5000, "before=1e3", "last=-0x1"],
)
def test_odd_timeline_queries_are_a_json_400(api: Any, query: str) -> None:
    response = api.get(f"/api/c/t/timeline?{query}")
    assert response.status_code == 400, response.text
    assert response.headers["content-type"] == "application/json"
    assert len(response.json()["error"]) <= 400


def test_an_unforeseen_fault_is_a_json_500(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ironsworn.web import reads
    from ironsworn.web.app import create_app

    def broken(*args: Any) -> Any:
        raise ZeroDivisionError("inside")

    monkeypatch.setattr(reads, "odds", broken)
    with client(create_app("t"), raise_server_exceptions=False) as api:
        response = api.get("/api/odds?stat=2")
    assert response.status_code == 500
    assert response.json()["error"].startswith("the table failed on this request")
    assert "inside" not in response.text


# ------------------------------------------------------------------------- 6. invite links


@pytest.fixture
def hosted(home: Path) -> Any:
    from ironsworn.web.app import create_app

    with client(create_app("t", loopback=False), host="192.0.2.10") as test_client:
        yield test_client


def test_a_campaign_the_guide_creates_opens_with_the_guides_cookie(hosted: Any) -> None:
    from ironsworn.web.access import campaign_tokens

    guide = campaign_tokens("t")["guide"]
    hosted.cookies.set("ironsworn_token_t", guide)
    made = hosted.post("/api/campaigns", json={"name": "second"}, headers=CHANGE)
    assert made.status_code == 201, made.text
    invites = made.json()["invites"]
    assert set(invites) == {"player", "guide"}
    cookie = made.headers["set-cookie"].lower()
    assert "ironsworn_token_second=" in cookie and "samesite=strict" in cookie
    assert hosted.get("/api/c/second/state").json()["role"] == "guide"
    # A player invited to the second campaign loads the page's files and its table.
    player = invites["player"].split("token=", 1)[1]
    hosted.cookies.clear()
    assert hosted.get(invites["player"]).status_code == 200
    assert hosted.get("/static/app.js").status_code == 200
    assert hosted.get("/api/c/second/state").json()["role"] == "player"
    # ... and nothing of the first campaign.
    assert hosted.get("/api/c/t/state").status_code == 403
    hosted.cookies.clear()
    assert hosted.get("/static/app.js").status_code == 401
    hosted.cookies.set("ironsworn_token_second", player + "x")
    assert hosted.get("/static/app.js").status_code == 403


# ----------------------------------------------------------------------- 7. owner-only files


def test_token_and_campaign_files_are_owner_only(hosted: Any, home: Path) -> None:
    from ironsworn.campaign.registry import campaign_path
    from ironsworn.web.access import campaign_tokens, tokens_file

    campaign_tokens("t")
    hosted.cookies.set("ironsworn_token_t", campaign_tokens("t")["guide"])
    assert do(hosted, "journal", {"text": "x"}).status_code == 200
    made = [tokens_file(), campaign_path("t")]
    made += [Path(str(campaign_path("t")) + s) for s in ("-wal", "-shm")]
    for path in made:
        if path.exists():
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert tokens_file().exists() and campaign_path("t").exists()


def test_answers_to_odd_input_are_json_even_from_the_live_server(home: Path) -> None:
    with live_server("t") as server:
        request = urllib.request.Request(
            f"{server.url}/api/c/t/actions/journal",
            data=b"[" * 100_000,
            headers={"X-Ironsworn-Request": "1"},
            method="POST",
        )
        try:
            urllib.request.urlopen(request, timeout=30)
        except urllib.error.HTTPError as exc:
            assert exc.code == 400
            assert "error" in json.loads(exc.read())
        else:
            pytest.fail("a body of 100,000 '[' was accepted")


class FakeConnection:
    """A connection as the guard sees it: dropping it leaves the guard's sets."""

    def __init__(self, guard: Any) -> None:
        self.guard = guard
        self.dropped = False

    def drop(self) -> None:
        self.dropped = True
        self.guard.waiting.pop(self, None)
        self.guard.open.discard(self)


@pytest.mark.parametrize(
    ("waiting", "admitted", "evicted", "refused"),
    [
        (2, True, 1, 0),  # one waiting for headers is closed to make room
        (0, False, 0, 1),  # every open one is busy: the newcomer is refused
    ],
)
def test_the_guard_never_counts_more_than_its_limit(
    waiting: int, admitted: bool, evicted: int, refused: int
) -> None:
    """Room is made before a newcomer is counted: another thread reading the open set never
    sees more than the limit (a test once read 201 of 200 in that moment)."""
    from ironsworn.web.guard import Guard

    guard = Guard(header_timeout=1.0, max_connections=2)
    first, second = FakeConnection(guard), FakeConnection(guard)
    for connection in (first, second):
        assert guard.admit(connection)  # type: ignore[arg-type]
    for connection in (first, second)[:waiting]:
        guard.waiting[connection] = None  # type: ignore[index]
    seen: list[int] = []
    first.drop = lambda: (seen.append(len(guard.open)), FakeConnection.drop(first))  # type: ignore[method-assign]
    newcomer = FakeConnection(guard)
    assert guard.admit(newcomer) is admitted  # type: ignore[arg-type]
    assert (guard.evicted, guard.refused) == (evicted, refused)
    assert len(guard.open) == 2 and (newcomer in guard.open) is admitted
    assert all(count <= 2 for count in seen)
    assert first.dropped is bool(evicted)
