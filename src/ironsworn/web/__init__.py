"""The web table: ``ironsworn serve``, a Starlette app that plays campaigns in a browser.

Modules, one concept each:

- :mod:`~ironsworn.web.tables`   one open campaign per process (its shared store, the worker
  that owns the store, the change marker, the pages listening);
- :mod:`~ironsworn.web.workers`  the few threads every open campaign's worker runs on, each
  campaign's calls one at a time, in order;
- :mod:`~ironsworn.web.actions`  every state-changing action: the table API's operations
  (:mod:`ironsworn.table`), their questions raised as 400s that carry the question;
- :mod:`~ironsworn.web.reads`    the JSON the page reads (state, timeline, moves, oracles, odds);
- :mod:`~ironsworn.web.access`   who may do what: loopback, tokens, seats, the Origin check;
- :mod:`~ironsworn.web.app`      the routing table, the security headers, static files;
- :mod:`~ironsworn.web.server`   what every route shares: the campaigns, a request's seat,
  parameters and body, a JSON answer;
- :mod:`~ironsworn.web.campaigns` the page, the campaign list, new and imported campaigns,
  content packs uploaded;
- :mod:`~ironsworn.web.views`    the read endpoints (state, timeline, moves, panels, exports);
- :mod:`~ironsworn.web.acting`   one action per request, a player's own undo, request ids;
- :mod:`~ironsworn.web.stream`   the event stream (each change as a patch);
- :mod:`~ironsworn.web.errors`   every failure as one JSON line with its status;
- :mod:`~ironsworn.web.markdown` journal text to safe HTML.

The server holds the truth: a page sends an operation, the server runs the engine and appends
the events, and every page of that campaign hears the new sequence and re-reads the state.
Starlette and uvicorn are imported only by these modules, so other commands stay fast.
"""
