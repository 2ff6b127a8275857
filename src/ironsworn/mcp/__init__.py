"""The campaign over the Model Context Protocol: an AI guide or co-player at the same table.

``ironsworn mcp`` serves one campaign to an MCP client (a desktop AI app, an agent) over stdio,
or over the streamable HTTP transport with its HTTP option:

- **tools**: one per operation of the table API (:mod:`ironsworn.table`), their input schemas
  made from the operations' declared inputs (see :mod:`ironsworn.mcp.tools`);
- **resources**: the sheets, tracks, recent log and journal, the campaign's options, the moves'
  text and the oracle tables' rows (:mod:`ironsworn.mcp.resources`);
- **prompts**: beginning a session, setting the scene after a move, paying the price
  (:mod:`ironsworn.mcp.prompts`).

The server holds the dice (:mod:`ironsworn.mcp.served`). It writes to the same store as the
command line, play mode and the web table, so an open page sees a model's move as it is made.
The SDK (the ``mcp`` extra) is imported only by :mod:`ironsworn.mcp.server` and
:mod:`ironsworn.mcp.http`, when the command runs.
"""
