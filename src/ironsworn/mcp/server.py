"""The MCP server of one campaign, built on the SDK's low-level ``Server``: the tools,
resources and prompts of :mod:`ironsworn.mcp`, and the stdio transport.

The low-level server is used (not the decorator one) because the tools are generated at run
time from the table API's operations, with schemas that depend on the campaign's state.
Everything that touches the campaign runs on its worker thread (:class:`ServedCampaign`).

Errors: a read of an unknown resource, or a prompt with a bad argument, is a JSON-RPC error
(``invalid params``) with the one-line message and the error's data; a tool called with bad
input answers with ``isError`` and the same line and data, so a model reads what to correct
(the protocol's advice for tool errors); nothing is changed either way.
"""

from __future__ import annotations

from typing import Any

import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from ironsworn import __version__
from ironsworn.errors import IronswornError
from ironsworn.mcp import prompts, resources
from ironsworn.mcp.errors import error_data, error_line
from ironsworn.mcp.served import ServedCampaign

INSTRUCTIONS = """\
This server is an Ironsworn table: the campaign's characters, tracks and journal, with the
rules engine that applies every move exactly. Call the tools to make moves and changes (the
server rolls the dice and records every roll); read the resources for the sheets, tracks,
the recent journal and log, a move's text or an oracle table. A move's result may carry a
pending decision (options with keys): answer it with choose, burn or decline. The prompts
begin_session, set_the_scene and pay_the_price describe how to guide a session by the book.
"""


def invalid(exc: IronswornError) -> MCPError:
    """A JSON-RPC ``invalid params`` error carrying the error's one line and data."""
    return MCPError(types.INVALID_PARAMS, error_line(exc), error_data(exc))


def build_server(served: ServedCampaign) -> Server[Any]:
    """The SDK server for ``served``: its handlers read and write through the worker."""
    from ironsworn.mcp import tools

    async def list_resources(
        _ctx: Any, _params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        found = await served.call(resources.listed)
        return types.ListResourcesResult(
            resources=[
                types.Resource(
                    uri=r.uri,
                    name=r.name,
                    title=r.title,
                    description=r.description,
                    mime_type=resources.JSON,
                )
                for r in found
            ]
        )

    async def list_templates(
        _ctx: Any, _params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(
            resource_templates=[
                types.ResourceTemplate(
                    uri_template=t.uri_template,
                    name=t.name,
                    title=t.title,
                    description=t.description,
                    mime_type=resources.JSON,
                )
                for t in resources.TEMPLATES
            ]
        )

    async def read_resource(
        _ctx: Any, params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        uri = str(params.uri)
        try:
            data = await served.call(lambda s: resources.read(s, uri))
        except IronswornError as exc:
            raise invalid(exc) from None
        return types.ReadResourceResult(
            contents=[
                types.TextResourceContents(
                    uri=uri, mime_type=resources.JSON, text=resources.text_of(data)
                )
            ]
        )

    async def list_prompts(
        _ctx: Any, _params: types.PaginatedRequestParams | None
    ) -> types.ListPromptsResult:
        return types.ListPromptsResult(
            prompts=[
                types.Prompt(
                    name=p.name,
                    title=p.title,
                    description=p.description,
                    arguments=[
                        types.PromptArgument(
                            name=a.name, description=a.description, required=a.required
                        )
                        for a in p.arguments
                    ],
                )
                for p in prompts.PROMPTS.values()
            ]
        )

    async def get_prompt(_ctx: Any, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        try:
            text = await served.call(lambda s: prompts.render(s, params.name, params.arguments))
        except IronswornError as exc:
            raise invalid(exc) from None
        prompt = prompts.PROMPTS[params.name]
        return types.GetPromptResult(
            description=prompt.description,
            messages=[
                types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))
            ],
        )

    async def list_tools(
        _ctx: Any, _params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        found = await served.call(tools.listed)
        return types.ListToolsResult(
            tools=[
                types.Tool(
                    name=t.name,
                    title=t.title,
                    description=t.description,
                    input_schema=t.input_schema,
                    annotations=types.ToolAnnotations(
                        title=t.title,
                        read_only_hint=t.read_only,
                        destructive_hint=t.destructive,
                        open_world_hint=False,
                    ),
                )
                for t in found
            ]
        )

    async def call_tool(_ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        arguments = dict(params.arguments or {})
        answer = await served.call(lambda s: tools.call(s, params.name, arguments))
        # An error's text is its one line (what a model reads first); its data stays structured.
        text = answer.data["error"] if answer.error else resources.text_of(answer.data)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)],
            structured_content=answer.data if isinstance(answer.data, dict) else None,
            is_error=answer.error,
        )

    return Server(
        "ironsworn",
        version=__version__,
        title=f"Ironsworn campaign {served.name}",
        instructions=INSTRUCTIONS,
        on_list_resources=list_resources,
        on_list_resource_templates=list_templates,
        on_read_resource=read_resource,
        on_list_prompts=list_prompts,
        on_get_prompt=get_prompt,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def serve_stdio(served: ServedCampaign) -> None:
    """Serve ``served`` on standard input and output until the client closes them."""
    from mcp.server.stdio import stdio_server

    server = build_server(served)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())
