"""Journal text and the rules' text to HTML that is safe to put in a page, in bounded time.

Markdown (CommonMark, with pipe tables) with raw HTML off, so ``<script>`` or
``<img onerror=...>`` typed in an entry is shown as text; markdown-it's link check refuses
``javascript:``, ``vbscript:``, ``file:`` and ``data:`` links; images are off (a journal line
must not make the page fetch anything). Links open with ``rel="noopener noreferrer nofollow"``.

**Bounded.** markdown-it's inline parser rescans the rest of a paragraph from each opening
delimiter (``[``, ``*``, ``(``...) that finds no partner, so its time grows with the number of
delimiters times the paragraph's length: 200,000 ``[`` took 2.2 s, on every read of the
timeline. :func:`render` measures that product first, in one pass, and an entry whose sum of
it over its paragraphs passes :data:`WORK_LIMIT` is shown as plain text (escaped, paragraphs
and line breaks kept), which takes time linear in its length; so is an entry with more than
:data:`SPECIALS_LIMIT` characters that Markdown's rules examine (lines, ``&``, ``#``...).
Real prose stays well below both (this project's README, as one entry, is about half the work
limit). Rendered entries are remembered (:data:`CACHE_SIZE`): each text is rendered once.
"""

from __future__ import annotations

import html
import re
from functools import cache, lru_cache
from typing import Any

# Delimiters whose partner markdown-it looks for further on in the paragraph.
DELIMITERS = frozenset("[]()*_~`<>!\\#")
WORK_LIMIT = 400_000  # delimiters x characters, summed over paragraphs (~0.2 s at worst)
# Every character Markdown's block or inline rules look at twice (lines, entities, headings,
# list markers, tables): each costs up to 70 microseconds, so their count is bounded too.
SPECIALS = DELIMITERS | frozenset("&#-+=|:>\n")
SPECIALS_LIMIT = 5_000
CACHE_SIZE = 4096
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


@cache
def _renderer() -> Any:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "breaks": True, "linkify": False})
    md.disable("image")
    md.enable("table")  # the rules' text has pipe tables (Pay the Price, the oracles)

    def link_open(renderer: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
        tokens[idx].attrSet("rel", "noopener noreferrer nofollow")
        rendered: str = renderer.renderToken(tokens, idx, options, env)
        return rendered

    md.add_render_rule("link_open", link_open)
    return md


def work(text: str) -> int:
    """The inline parser's worst case for ``text``: delimiters times characters, summed over
    its paragraphs."""
    return sum(
        sum(block.count(c) for c in DELIMITERS) * len(block) for block in _BLANK_LINE.split(text)
    )


def plain(text: str) -> str:
    """``text`` as escaped HTML paragraphs with its line breaks (no Markdown)."""
    paragraphs = [p.strip("\n") for p in _BLANK_LINE.split(text.replace("\r\n", "\n"))]
    return "".join(
        "<p>" + html.escape(p).replace("\n", "<br />\n") + "</p>\n" for p in paragraphs if p
    )


@lru_cache(maxsize=CACHE_SIZE)
def render(text: str) -> str:
    """``text`` (Markdown) as safe HTML; as plain text when Markdown would take too long."""
    if sum(text.count(c) for c in SPECIALS) > SPECIALS_LIMIT or work(text) > WORK_LIMIT:
        return plain(text)
    rendered: str = _renderer().render(text)
    return rendered


# A rules link, as content writes it: [Pay the Price](move:classic/fate/pay_the_price), or as
# Datasworn 0.2 writes it in the Starforged file: [Action](datasworn:oracle_rollable:...).
_RULES_LINK = re.compile(
    r"\]\((?:datasworn:)?((?:move|asset|oracle_rollable|oracle_collection):[^)\s]*)\)"
)


def rules_html(text: str) -> str:
    """A move's outcome, a decision's option or a note (the rules' Markdown) as safe HTML; a
    link to a move, asset or oracle becomes one to ``#move:...`` (the page opens it)."""
    return render(_RULES_LINK.sub(r"](#\1)", text))


_RULES_LINK_WHOLE = re.compile(
    r"\[([^\]]*)\]\((?:datasworn:)?(?:move|asset|oracle_rollable|oracle_collection):[^)\s]*\)"
)


def rules_inline(text: str) -> str:
    """A line of the rules (a decision's prompt or option, drawn inside a button) as inline
    HTML: emphasis kept, a rules link shown as its name (no link inside a button)."""
    text = _RULES_LINK_WHOLE.sub(r"\1", text)
    if sum(text.count(c) for c in SPECIALS) > SPECIALS_LIMIT or work(text) > WORK_LIMIT:
        return html.escape(text)
    rendered: str = _renderer().renderInline(text)
    return rendered
