"""Reading a request's body (issue 24): a body that came whole with its head (uvicorn's cycle
says so) is taken at once, with no deadline armed; one still coming is read under the
deadline (408 when too slow); either way past the limit is refused, and a client gone is a
disconnect."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.requests import ClientDisconnect, Request

from ironsworn.web import server
from ironsworn.web.server import TooLarge, TooSlow, read_body


class Cycle:
    """What uvicorn's request cycle shows: whether more body is to come, and its receive."""

    def __init__(self, messages: list[dict[str, Any]], more_body: bool) -> None:
        self.messages = list(messages)
        self.more_body = more_body

    async def receive(self) -> dict[str, Any]:
        if not self.messages:
            await asyncio.sleep(10)  # a client that sends no more
        return self.messages.pop(0)


def request(receive: Any) -> Request:
    return Request({"type": "http", "method": "POST", "headers": []}, receive)


def test_a_whole_body_is_taken_without_a_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_deadline(_delay: float) -> Any:
        raise AssertionError("a deadline was armed")

    monkeypatch.setattr(server.asyncio, "timeout", no_deadline)
    cycle = Cycle([{"type": "http.request", "body": b'{"a": 1}', "more_body": False}], False)
    assert asyncio.run(read_body(request(cycle.receive), 100)) == b'{"a": 1}'
    big = Cycle([{"type": "http.request", "body": b"x" * 101, "more_body": False}], False)
    with pytest.raises(TooLarge):
        asyncio.run(read_body(request(big.receive), 100))
    gone = Cycle([{"type": "http.disconnect"}], False)
    with pytest.raises(ClientDisconnect):
        asyncio.run(read_body(request(gone.receive), 100))


def test_a_body_still_coming_is_read_under_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    parts = [
        {"type": "http.request", "body": b'{"a": ', "more_body": True},
        {"type": "http.request", "body": b"1}", "more_body": False},
    ]
    assert asyncio.run(read_body(request(Cycle(parts, True).receive), 100)) == b'{"a": 1}'

    async def plain(messages: list[dict[str, Any]] = [*parts]) -> dict[str, Any]:  # noqa: B006
        return messages.pop(0)  # a receive that says nothing of what is to come

    assert asyncio.run(read_body(request(plain), 100)) == b'{"a": 1}'
    monkeypatch.setattr(server, "BODY_TIMEOUT_S", 0.05)
    slow = Cycle([parts[0]], True)
    with pytest.raises(TooSlow):
        asyncio.run(read_body(request(slow.receive), 100))
