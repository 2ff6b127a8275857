"""Playing with the keyboard alone in Chromium: after each action the focus is where the
player goes next, never dropped on the page's body (from where Tab starts at the top again).

A move opened from the list takes the focus to its panel (three dozen moves below it); a roll
that raises a decision takes it to the decision's first answer; an answer, gone with its box,
leaves it on the result; Escape closes Undo's and a deletion's confirmation and a question of
the table as their cancel buttons do, and the focus goes back to what opened them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from web_support import DESKTOP, PHONE, checked, home_server, new_campaign, open_page

expect.set_options(timeout=15_000)

FACE_DANGER = "move:classic/adventure/face_danger"
FOCUSED = """() => { const e = document.activeElement;
  return e === document.body || e === null ? 'body'
    : e.id ? `#${e.id}` : `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`; }"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(tmp_path_factory, "keyboard-home") as live:
        yield live


def focused(page: Any) -> str:
    """What has the focus: ``#id``, else ``tag.class.es``, or ``body`` when nothing has."""
    return str(page.evaluate(FOCUSED))


def press_on(page: Any, selector: str, key: str = "Enter") -> None:
    page.focus(selector)
    page.keyboard.press(key)


def open_face_danger(page: Any) -> None:
    press_on(page, f"button.move[data-move='{FACE_DANGER}']")
    page.wait_for_selector(f".move-panel[data-move='{FACE_DANGER}']")


def page_with_entry(server: Any, browser: Any, name: str, text: str) -> tuple[Any, str | None]:
    """A new campaign ``name`` (Asha) holding one journal entry ``text``, open on a desktop
    page; the page and the entry's seq on its timeline."""
    http = new_campaign(server, name, character={"name": "Asha"})
    made = http.post(f"/api/c/{name}/actions/journal", json={"text": text})
    assert made.status_code == 200, made.text
    http.close()
    page = open_page(browser, server, name, DESKTOP)
    return page, page.locator("#timeline li").first.get_attribute("data-seq")


@pytest.mark.parametrize(("viewport", "label"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_a_move_a_decision_and_its_answer_keep_the_focus_where_play_goes_on(
    server: Any, browser: Any, viewport: dict[str, int], label: str
) -> None:
    name = f"keys-{label}"
    new_campaign(server, name, character={"name": "Asha"}).close()
    page = open_page(browser, server, name, viewport)
    open_face_danger(page)
    # The move's name has the focus; the next Tab is the form's first field.
    expect(page.locator(".move-panel h3")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator(".move-form input[name=stat]").first).to_be_focused()
    # A strong hit raises no decision: the Roll button keeps the focus (the panel drawn again).
    page.fill(".move-form input[name=dice]", "6,1,2")
    press_on(page, ".move-form button[type=submit]")
    expect(page.locator("#result .move-result")).to_contain_text("STRONG HIT")
    expect(page.locator(".move-form button[type=submit]")).to_be_focused()
    # A weak hit asks which cost: its first answer has the focus, above the panel.
    page.fill(".move-form input[name=dice]", "4,3,9")
    press_on(page, ".move-form button[type=submit]")
    expect(page.locator("#pending .decision .answers button").first).to_be_focused()
    checked(page, f"keyboard-decision-{label}")
    # Answered with Enter, the decision's box goes: the focus is on its result, not the body.
    page.keyboard.press("Enter")
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.locator("#result .move-result")).to_be_focused()
    assert focused(page) != "body"
    checked(page, f"keyboard-answered-{label}")
    page.context.close()


def test_escape_closes_the_confirmations_and_gives_the_focus_back(
    server: Any, browser: Any
) -> None:
    page, seq = page_with_entry(server, browser, "keys-confirm", "We ride at dawn.")
    # Undo asks first: Escape keeps the operation, and the focus is back on Undo.
    press_on(page, "#undo")
    expect(page.locator("#confirm-undo")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#confirm")).to_be_hidden()
    expect(page.locator("#undo")).to_be_focused()
    # Its "Keep it" does the same.
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#confirm")).to_be_hidden()
    expect(page.locator("#undo")).to_be_focused()
    # Deleting an entry asks too: Escape keeps it, the focus back on its delete button.
    press_on(page, f"#timeline [data-delete='{seq}']")
    expect(page.locator("#confirm-delete")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#confirm")).to_be_hidden()
    expect(page.locator(f"#timeline [data-delete='{seq}']")).to_be_focused()
    # Nothing was taken back.
    expect(page.locator("#timeline li").first).to_have_attribute("data-seq", str(seq))
    # Undone with Enter, the focus stays on Undo.
    press_on(page, "#undo")
    page.keyboard.press("Enter")
    expect(page.locator(f"#timeline li[data-seq='{seq}']")).to_have_class(re.compile(r"\bundone\b"))
    expect(page.locator("#undo")).to_be_focused()
    assert page.errors == []
    page.context.close()


def test_escape_cancels_a_question_and_the_focus_goes_back_to_the_move(
    server: Any, browser: Any
) -> None:
    new_campaign(server, "keys-question", character={"name": "Asha"}).close()
    page = open_page(browser, server, "keys-question", DESKTOP)
    fray = "move:classic/combat/enter_the_fray"
    press_on(page, f"button.move[data-move='{fray}']")
    page.wait_for_selector(f".move-panel[data-move='{fray}']")
    # No fight yet: the table asks for the foe, its field focused.
    press_on(page, ".move-form button[type=submit]")
    expect(page.locator("#asked input").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#asked")).to_be_hidden()
    expect(page.locator(".move-form button[type=submit]")).to_be_focused()
    # Asked again and answered: the question goes, the focus is on the result.
    page.keyboard.press("Enter")
    expect(page.locator("#asked input").first).to_be_focused()
    page.keyboard.type("Wolf")
    page.keyboard.press("Enter")
    expect(page.locator("#asked")).to_be_hidden()
    expect(page.locator("#result .move-result")).to_contain_text("Enter the Fray")
    assert focused(page) != "body"
    assert page.errors == []
    page.context.close()


def test_the_sheet_and_a_track_keep_the_focus_on_the_control_pressed(
    server: Any, browser: Any
) -> None:
    http = new_campaign(server, "keys-sheet", character={"name": "Asha"})
    vow = {"kind": "vow", "text": "Find the ferry", "rank": "dangerous"}
    assert http.post("/api/c/keys-sheet/actions/track", json=vow).status_code == 200
    http.close()
    page = open_page(browser, server, "keys-sheet", DESKTOP)
    # Each press redraws the sheet (or the tracks): the same control keeps the focus, so
    # the next Enter or Tab goes on from it, not from the top of the page.
    momentum = "#sheet .pips[aria-label=momentum] button[data-value='5']"
    pressed = [
        ("#sheet button[data-stat=wits][data-step='1']", "#sheet .stats li:has-text('wits')", "2"),
        (momentum, "#sheet .pips[aria-label=momentum] [aria-pressed=true]", "+5"),
        ("#tracks button.small:has-text('mark progress')", "#tracks .score", "score 2"),
    ]  # fmt: skip
    for selector, changed, now in pressed:
        control = page.locator(selector).first
        press_on(page, selector)
        expect(page.locator(changed).first).to_contain_text(now)
        expect(control).to_be_focused()
    assert page.errors == []
    page.context.close()


def test_editing_a_journal_entry_closes_with_escape_and_gives_the_focus_back(
    server: Any, browser: Any
) -> None:
    page, seq = page_with_entry(server, browser, "keys-journal", "The ford is quiet.")
    edit = page.locator(f"#timeline [data-edit='{seq}']")
    press_on(page, f"#timeline [data-edit='{seq}']")
    expect(page.locator("#timeline textarea.edit-text")).to_be_focused()
    # Escape leaves the entry as it was, the focus back on its edit button.
    page.keyboard.press("Escape")
    expect(page.locator("#timeline textarea")).to_have_count(0)
    expect(edit).to_be_focused()
    # Edited and saved from the keyboard: the new words, the focus on the edit button again.
    page.keyboard.press("Enter")
    page.keyboard.press("End")
    page.keyboard.type(" Too quiet.")
    page.keyboard.press("Tab")  # Save
    page.keyboard.press("Enter")
    expect(page.locator(f"#timeline li[data-seq='{seq}']")).to_contain_text("Too quiet.")
    expect(page.locator("#timeline textarea")).to_have_count(0)
    expect(page.locator(f"#timeline [data-edit='{seq}']")).to_be_focused()
    assert page.errors == []
    page.context.close()
