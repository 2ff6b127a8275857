"""What a page or another client reads: the reference lists (actions, moves, oracles,
content, odds) and a campaign's own (its state, timeline, moves, oracles, ruleset, a move's
panel, its exports). The JSON itself is built by :mod:`ironsworn.web.reads`; these add the
campaign's version, the page's HTML and the cache kept per version."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ironsworn.errors import InvalidValue
from ironsworn.web import reads, results
from ironsworn.web.server import for_page, int_param, json_response, table_of


async def actions_table(request: Request) -> Response:
    from ironsworn.web.actions import ACTIONS

    return json_response([a.to_json() for a in ACTIONS.values()])


# The rulebook's lists (moves, oracles, foes, truths, assets) follow from the library of packs
# alone: each answer is made and serialised once per library and ruleset, and sent as the
# bytes kept (a pack imported is another library: its answers are made again).
_KEPT: dict[tuple[str, ...], tuple[Any, Any, bytes]] = {}


def _kept_answer(key: tuple[str, ...], make: Callable[[], Any]) -> tuple[Any, bytes]:
    """The answer ``key`` and its JSON bytes: kept, or made by ``make`` for the current
    library."""
    library = reads.library()
    held = _KEPT.get(key)
    if held is None or held[0] is not library:
        made = make()
        held = _KEPT[key] = (library, made, json.dumps(made, ensure_ascii=False).encode("utf-8"))
    return held[1], held[2]


def _kept(key: tuple[str, ...], make: Callable[[], Any]) -> bytes:
    """The answer ``key`` as JSON bytes: kept, or made by ``make`` for the current library."""
    return _kept_answer(key, make)[1]


async def rulebook(key: tuple[str, ...], make: Callable[[], Any]) -> Response:
    """A list of the rulebook's as the kept bytes (made in a thread: a library's first load
    reads every pack)."""
    body = await asyncio.to_thread(_kept, key, make)
    return Response(body, media_type="application/json")


async def moves(request: Request) -> Response:
    ruleset = request.query_params.get("ruleset")
    return await rulebook(("moves", str(ruleset)), lambda: reads.moves(ruleset))


async def oracles(request: Request) -> Response:
    ruleset = request.query_params.get("ruleset")
    return await rulebook(("oracles", str(ruleset)), lambda: reads.oracles(ruleset))


async def content(request: Request) -> Response:
    kind, ruleset = request.path_params["kind"], request.query_params.get("ruleset")
    return await rulebook(("content", kind, str(ruleset)), lambda: reads.content(kind, ruleset))


async def campaign_oracles(request: Request) -> Response:
    """The oracle tables of the campaign's ruleset only (issue 11)."""
    table = table_of(request)
    ruleset = await table.call(reads.ruleset_of)
    return await rulebook(("oracles", ruleset), lambda: reads.oracles(ruleset))


async def campaign_ruleset(request: Request) -> Response:
    """The campaign's ruleset as the page draws it (:func:`ironsworn.table.describe.describe`):
    the page holds no game facts of its own. Kept with the version and the library (a content
    pack imported changes it: its progress moves)."""
    table = table_of(request)
    await table.check()
    version = table.version
    held: tuple[Any, bytes] | None = table.cache.get("ruleset")
    answer = await table.call(lambda store: _ruleset_read(store, table.name, held))
    if table.version == version:
        table.cache["ruleset"] = answer
    return Response(answer[1], media_type="application/json")


def _ruleset_read(store: Any, name: str, held: tuple[Any, bytes] | None) -> tuple[Any, bytes]:
    """On the campaign's worker: its ruleset described, as JSON bytes with the library they
    follow from (``held``, when of the current library)."""
    from ironsworn.table import Table as Context
    from ironsworn.table.describe import describe

    library = reads.library()
    if held is not None and held[0] is library:
        return held
    data = describe(Context(store, name))
    return library, json.dumps(data, ensure_ascii=False).encode("utf-8")


async def campaign_content(request: Request) -> Response:
    """Foes, truths, assets or regions of the campaign's ruleset only (issue 11); ``held=1``
    (assets only): the cards the campaign's characters hold, all the page's first draw needs
    of the deck (issue 24: a sixth of a classic deck's bytes for a character with three)."""
    table = table_of(request)
    kind = request.path_params["kind"]
    held = _flag(request, "held")
    if held and kind != "assets":
        raise InvalidValue(f"held is accepted for assets only (not {kind!r})")
    if held:
        await table.check()  # the cards held as of now (another process's writes seen)

    # One turn of the campaign's worker (its ruleset, the list kept, the cards held): each turn
    # more is a wait for that thread, which a loaded host makes long (a page's first reads).
    body = await table.call(lambda store: _content_read(store, kind, held))
    return Response(body, media_type="application/json")


def _content_read(store: Any, kind: str, held: bool) -> bytes:
    """On the campaign's worker: the content ``kind`` of its ruleset as JSON bytes (kept per
    library); ``held``: the asset cards its characters hold."""
    ruleset = reads.ruleset_of(store)
    cards, body = _kept_answer(("content", kind, ruleset), lambda: reads.content(kind, ruleset))
    if not held:
        return body
    ids = reads.held_assets(store)
    return json.dumps([c for c in cards if c["id"] in ids], ensure_ascii=False).encode()


def _flag(request: Request, name: str) -> bool:
    """Whether the query sets ``name`` (``name=1``; absent: not set)."""
    value = request.query_params.get(name)
    if value is None:
        return False
    if value != "1":
        shown = value if len(value) <= 24 else value[:20] + "…"
        raise InvalidValue(
            f"{name} {shown!r} is not accepted (accepted: {name}=1, or leave it out)"
        )
    return True


async def odds(request: Request) -> Response:
    return json_response(
        reads.odds(
            int_param(request, "stat", 0, 5, None),
            int_param(request, "adds", 0, 10, 0),
            int_param(request, "momentum", -6, 10, 0),
            int_param(request, "debilities", 0, 8, 0),
        )
    )


async def state(request: Request) -> Response:
    return json_response(await _state_answer(request, table_of(request)))


async def _state_answer(request: Request, table: Any) -> dict[str, Any]:
    """The campaign's state as ``/state`` answers it (the page's: the state pages follow)."""
    role = request.scope.get("state", {}).get("role", "guide")
    if for_page(request):
        # The state the pages follow, as the last change left it (kept by the table from the
        # first page's read on: each change is then sent as a patch of it). Read with its
        # version at one moment (nothing awaited between), so the page's base is exact.
        await table.follow()
        page = table.page
        if page is not None:
            extra = {"version": table.version, "head": table.head, "role": role}
            return {**page, **extra, "epoch": table.epoch}
    await table.check()
    version, head = table.version, table.head
    data: dict[str, Any] | None = table.cache.get("state")
    if data is None:
        data = await table.call(lambda store: reads.campaign_state(store, table.name))
        if table.version == version:
            table.cache["state"] = data
    answer = {**data, "version": version, "head": head, "role": role, "epoch": table.epoch}
    if for_page(request):
        answer["pending"] = results.decision(answer.get("pending"))
    return answer


async def first_reads(request: Request) -> Response:
    """What the page reads first, in one answer (issue 24): ``{"state", "ruleset", "assets",
    "npcs", "moves", "timeline"}``, each as its own read answers it (``state?page=1``,
    ``ruleset``, ``content/assets?held=1``, ``content/npcs``, ``moves?brief=1``,
    ``timeline?last=LAST``). One request and one turn of the campaign's worker in place of six
    of each: on a loaded host each was a wait for a connection and for a thread."""
    table = table_of(request)
    last = int_param(request, "last", 1, reads.TIMELINE_MAX, reads.TIMELINE_DEFAULT)
    state = await _state_answer(request, table)
    version, kept = table.version, f"timeline:{last}:None"
    held: tuple[Any, bytes] | None = table.cache.get("ruleset")
    timeline: list[Any] | None = table.cache.get(kept)

    def read(store: Any) -> tuple[tuple[Any, bytes], list[Any], list[bytes]]:
        described = _ruleset_read(store, table.name, held)
        told = timeline if timeline is not None else reads.timeline(store, last, None)
        lists = [
            _content_read(store, "assets", True),
            _content_read(store, "npcs", False),
            _moves_read(store, True),
        ]
        return described, told, lists

    described, told, (assets, npcs, moves) = await table.call(read)
    if table.version == version:
        table.cache["ruleset"] = described
        table.cache[kept] = told
    parts = (
        (b"state", json.dumps(state, ensure_ascii=False).encode("utf-8")),
        (b"ruleset", described[1]),
        (b"assets", assets),
        (b"npcs", npcs),
        (b"moves", moves),
        (b"timeline", json.dumps(told, ensure_ascii=False).encode("utf-8")),
    )
    body = b"{" + b",".join(b'"' + key + b'":' + part for key, part in parts) + b"}"
    return Response(body, media_type="application/json")


async def timeline(request: Request) -> Response:
    table = table_of(request)
    last = int_param(request, "last", 1, reads.TIMELINE_MAX, reads.TIMELINE_DEFAULT)
    before = None
    if "before" in request.query_params:
        before = int_param(request, "before", 1, None, None)
    await table.check()
    version, key = table.version, f"timeline:{last}:{before}"
    data: list[Any] | None = table.cache.get(key)
    if data is None:
        data = await table.call(lambda store: reads.timeline(store, last, before))
        if table.version == version:
            table.cache[key] = data
    return json_response(data)


async def campaign_moves(request: Request) -> Response:
    """The moves of the campaign's ruleset; ``brief=1``: each move's id, name, category and
    trigger only (what the page lists and names them by; a move's panel reads the rest)."""
    table = table_of(request)
    brief = _flag(request, "brief")

    # One turn of the campaign's worker, as campaign_content.
    body = await table.call(lambda store: _moves_read(store, brief))
    return Response(body, media_type="application/json")


def _moves_read(store: Any, brief: bool) -> bytes:
    """On the campaign's worker: its ruleset's moves as JSON bytes (kept per library)."""
    ruleset, packs = reads.ruleset_of(store), reads.campaign_packs(store)
    # (kept per ruleset and chosen expansions: a Starforged campaign that plays the Sundered
    # Isles lists their moves, one beside it in the same home does not)
    if brief:
        key = ("moves", ruleset, *packs, "brief")
        return _kept(key, lambda: reads.moves_brief(ruleset, packs))
    return _kept(("moves", ruleset, *packs), lambda: reads.moves(ruleset, packs))


async def move_panel(request: Request) -> Response:
    """The move panel; its odds count the adds the engine will make by itself (a dry run on a
    copy of the state, so it is kept for the campaign's version)."""
    from ironsworn.web.roll_odds import with_automatic_adds

    table = table_of(request)
    move = request.path_params["move"]
    character = request.query_params.get("character") or None
    # The move's amount as the player set it (Endure Harm's harm): its odds are at the health
    # left after it. Absent: the engine's default.
    amount = int_param(request, "amount", 0, 10, None) if "amount" in request.query_params else None
    # The vehicle chosen (Withstand Damage): its odds are those of that vehicle's integrity.
    vehicle = request.query_params.get("vehicle") or None
    await table.check()
    version, key = table.version, f"panel:{move}:{character}:{amount}:{vehicle}"
    data: dict[str, Any] | None = table.cache.get(key)
    if data is None:

        def read(store: Any) -> dict[str, Any]:
            found = reads.move_panel(store, move, character, vehicle)
            state, library = store.state(), reads.library()
            panel = with_automatic_adds(found, state, library, amount, vehicle)
            return results.panel(panel, library)

        data = await table.call(read)
        if table.version == version:
            table.cache[key] = data
    return json_response(data)


async def export_campaign(request: Request) -> Response:
    table = table_of(request)
    kind = request.path_params["kind"]
    from ironsworn.campaign import export
    from ironsworn.table import Table as At
    from ironsworn.table import operation

    def exported(args: dict[str, Any]) -> Any:
        # The table's export operation, on the campaign's worker thread.
        return table.call(lambda s: operation("export").call(At(s, table.name), args))

    if kind == "markdown":
        # ?mechanics=0: the story and the sheets only.
        plain = request.query_params.get("mechanics") in ("0", "no", "off", "false")
        answer = await exported({"kind": "markdown", "mechanics": False if plain else None})
        text = answer["text"]
        media, suffix = "text/markdown; charset=utf-8", "md"
    elif kind == "json":
        text = export.dumps((await exported({"kind": "json"}))["document"])
        media, suffix = "application/json", "json"
    elif kind == "iron-vault":
        from ironsworn.campaign.ironvault.export import zip_folder

        # A zip of the campaign folder, to unpack inside an Obsidian vault.
        files = (await exported({"kind": "iron_vault"}))["files"]
        data = zip_folder(files, table.name)
        disposition = f'attachment; filename="{table.name}-iron-vault.zip"'
        return Response(
            data, media_type="application/zip", headers={"content-disposition": disposition}
        )
    else:
        raise InvalidValue(f"export {kind!r} is unknown (accepted: markdown, json, iron-vault)")
    disposition = f'attachment; filename="{table.name}.{suffix}"'
    return Response(text, media_type=media, headers={"content-disposition": disposition})
