"""The web table: ``ironsworn serve``, a Starlette app that plays campaigns in a browser.

Modules, one concept each:

- :mod:`~ironsworn.web.tables`   one open campaign per process (its shared store, a worker
  thread that owns the store, the change marker, the pages listening);
- :mod:`~ironsworn.web.actions`  every state-changing action: the table API's operations
  (:mod:`ironsworn.table`), their questions raised as 400s that carry the question;
- :mod:`~ironsworn.web.reads`    the JSON the page reads (state, timeline, moves, oracles, odds);
- :mod:`~ironsworn.web.access`   who may do what: loopback, tokens, seats, the Origin check;
- :mod:`~ironsworn.web.app`      the routing table, errors, the event stream, static files;
- :mod:`~ironsworn.web.markdown` journal text to safe HTML.

The server holds the truth: a page sends an operation, the server runs the engine and appends
the events, and every page of that campaign hears the new sequence and re-reads the state.
Starlette and uvicorn are imported only by these modules, so other commands stay fast.
"""
