"""What a move's result and a pending decision carry to the page besides their data: the
rules' text as safe HTML (``*_html`` fields beside the text), so the page shows **battered**,
links and tables as the book does, and never a raw ``[Pay the Price](move:...)``."""

from __future__ import annotations

from typing import Any

from ironsworn.web.markdown import rules_html, rules_inline

JsonDict = dict[str, Any]


def decision(pending: JsonDict | None) -> JsonDict | None:
    """A pending decision with ``prompt_html`` and each option's ``html`` (inline: an option
    is drawn inside its button)."""
    if not isinstance(pending, dict):
        return pending
    out = dict(pending)
    if isinstance(out.get("prompt"), str):
        out["prompt_html"] = rules_inline(out["prompt"])
    out["options"] = [
        {**o, "html": rules_inline(o["text"])} if isinstance(o.get("text"), str) else o
        for o in out.get("options") or []
    ]
    return out


def result(data: Any) -> Any:
    """An action's answer with ``text_html`` on it and its chained moves, and its decisions'
    HTML (an answer that is not a move's result is returned as it is)."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    if isinstance(out.get("text"), str):
        out["text_html"] = rules_html(out["text"])
    if isinstance(out.get("chain"), list):
        out["chain"] = [result(step) for step in out["chain"]]
    if isinstance(out.get("pending"), list):
        out["pending"] = [decision(p) for p in out["pending"]]
    return out


def panel(data: JsonDict) -> JsonDict:
    """A move panel with its outcomes' text as HTML (``outcomes_html``)."""
    outcomes = data.get("outcomes")
    if isinstance(outcomes, dict):
        data["outcomes_html"] = {
            k: rules_html(v) for k, v in outcomes.items() if isinstance(v, str)
        }
    return data
