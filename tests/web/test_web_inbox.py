"""A listening page's inbox (issue 24): the changes published for it, in order, taken one at
a time or all at once; a page waiting for one wakes when it comes; a wait cancelled (a page
gone) leaves the inbox usable."""

from __future__ import annotations

import asyncio

import pytest

from ironsworn.web.tables import Change, Inbox


def test_changes_come_out_in_order_one_at_a_time_or_all_at_once() -> None:
    inbox = Inbox()
    assert inbox.empty() and inbox.qsize() == 0 and inbox.take() == []
    with pytest.raises(asyncio.QueueEmpty):
        inbox.get_nowait()
    first, second = Change(1, 1), Change(2, 2)
    inbox.put_nowait(first)
    inbox.put_nowait(None)  # a keep-alive
    inbox.put_nowait(second)
    assert inbox.qsize() == 3
    assert inbox.get_nowait() is first
    assert inbox.take() == [None, second]
    assert inbox.empty()


def test_a_waiting_page_wakes_when_a_change_comes_and_a_cancelled_wait_leaves_no_trace() -> None:
    async def scenario() -> list[Change | None]:
        inbox = Inbox()
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(inbox.get(), 0.01)  # nothing came: the wait is cancelled
        waiting = asyncio.ensure_future(inbox.get())
        await asyncio.sleep(0)
        assert not waiting.done()
        inbox.put_nowait(Change(1, 1))
        inbox.put_nowait(Change(2, 2))  # while the page has not run yet
        got = [await waiting, await inbox.get()]
        assert inbox.empty()
        return got

    got = asyncio.run(scenario())
    assert [c.version for c in got if c is not None] == [1, 2]
