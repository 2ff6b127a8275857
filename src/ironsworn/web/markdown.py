"""Journal text to HTML that is safe to put in a page.

Markdown (CommonMark) with raw HTML off, so ``<script>`` or ``<img onerror=...>`` typed in an
entry is shown as text; markdown-it's link check refuses ``javascript:``, ``vbscript:``,
``file:`` and ``data:`` links; images are off (a journal line must not make the page fetch
anything). Links open with ``rel="noopener noreferrer nofollow"``.
"""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def _renderer() -> Any:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "breaks": True, "linkify": False})
    md.disable("image")

    def link_open(renderer: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
        tokens[idx].attrSet("rel", "noopener noreferrer nofollow")
        rendered: str = renderer.renderToken(tokens, idx, options, env)
        return rendered

    md.add_render_rule("link_open", link_open)
    return md


def render(text: str) -> str:
    """``text`` (Markdown) as safe HTML."""
    html: str = _renderer().render(text)
    return html
