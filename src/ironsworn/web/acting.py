"""Acting on a campaign: one operation per request, a player's undo limited to its own
character's operation, and a request id that makes a retry apply once."""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ironsworn.errors import CampaignError, InvalidValue
from ironsworn.web import results
from ironsworn.web.access import Forbidden
from ironsworn.web.server import for_page, json_body, json_response, seat_of, table_of

REQUEST_ID_HEADER = "idempotency-key"
REQUEST_ID = re.compile(r"[!-~]{1,128}")  # printable ASCII, no spaces


async def act(request: Request) -> Response:
    from ironsworn.web.actions import READ_ONLY_UNLESS_KEPT, Context, run_action

    table = table_of(request)
    name = request.path_params["action"]
    seat = seat_of(request) if name != "character" else None
    body = await json_body(request)

    player = request.scope.get("state", {}).get("role", "guide") == "player"

    def run(store: Any) -> Any:
        if player and name in ("undo", "redo"):
            own_operation(store, name, seat)
        # The turn's content library: loaded once for every write of a group.
        data = run_action(Context(store, table.name, seat, _library=table.library()), name, body)
        # What each effect changed, named for the page from the campaign as it is now.
        if not for_page(request) or not results.targets(data):
            return data
        return results.labelled(data, store.state(to_read=True))

    keeps = isinstance(body, dict) and body.get("keep")
    request_id = request.headers.get(REQUEST_ID_HEADER)
    if name in READ_ONLY_UNLESS_KEPT and not keeps:
        data = await table.call(run)
    elif request_id is not None:
        if not REQUEST_ID.fullmatch(request_id):
            raise InvalidValue(
                f"{REQUEST_ID_HEADER} {request_id[:40]!r} is not a request id (accepted: 1 to "
                "128 printable characters, no spaces)"
            )
        replayed, data = await table.write(lambda store: once(store, request_id, run))
        if replayed:
            return json_response(
                results.result(data) if for_page(request) else data,
                headers={"x-ironsworn-version": str(table.version), "x-ironsworn-replayed": "1"},
            )
    else:
        data = await table.write(run)
    shown = results.result(data) if for_page(request) else data
    return json_response(shown, headers={"x-ironsworn-version": str(table.version)})


def own_operation(store: Any, verb: str, seat: str | None) -> None:
    """A player's page undoes (or redoes) only its own character's operation; the guide any.
    The store's undo is a stack: the operation on top must be the player's."""
    if verb == "undo":
        op = store.last_operation()
    else:
        # Redo restores the most recently undone operation: the first undone after the live.
        op = next((o for o in store.operations(include_undone=True) if o.status == "undone"), None)
    if op is not None and op.character != seat:
        from ironsworn.campaign.journal import Narrator, entries

        whose = f"{op.character}'s" if op.character else "the table's"
        # As the timeline tells it ("Wayfarer integrity 5 → 4"), not the stored summary's
        # "vehicle:integrity 5 -> 4"; a long journal entry by its start.
        (told,) = entries([op], Narrator(store.state())) or [{"mechanics": op.summary}]
        what = str(told["mechanics"] or told["text"] or op.kind)
        what = what if len(what) <= 80 else what[:79] + "…"
        raise Forbidden(
            f"{verb}: the last operation is {whose} (#{op.seq} {what}); a player's page "
            f"may {verb} only {seat}'s own (the guide may {verb} any)"
        )


def once(store: Any, request_id: str, run: Any) -> tuple[bool, Any]:
    """Run an action carrying a request id once: ``(True, first answer)`` for a retry."""
    known = store.request(request_id)
    if known is not None:
        head, answer = known
        if answer is not None:
            return True, json.loads(answer)
        # Applied, but the process stopped before its answer was kept.
        return True, {"replayed": True, "head": head, "note": "applied before; answer lost"}
    store.request_id = request_id
    try:
        data = run(store)
        # The write that kept the id took it (a write rolled back gives it back).
        recorded = store.request_id is None
    finally:
        store.request_id = None
    if recorded:
        # The write is done: failing to keep its answer must not turn it into an error (a
        # retry would then be told it was applied, without the answer).
        with contextlib.suppress(CampaignError):
            store.answer_request(request_id, json.dumps(data, ensure_ascii=False))
    return False, data
