"""The move panel as a new player met it in Chromium (web30): Starforged's Endure Harm shows the
odds of the roll after the harm, if you resist; Discover a Site with no site asks for the new
site in the move's form; Strike's only fight and Aid Your Ally's only ally are chosen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from web_support import (
    DESKTOP,
    NARROW_PHONE,
    PLACEHOLDER_FITS,
    axe_violations,
    home_server,
    new_campaign,
    open_page,
    shot,
)

from shared_files import DELVE_DATASWORN

expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with home_server(
        tmp_path_factory, "move-form-home", starforged=True, packs=[DELVE_DATASWORN]
    ) as live:
        yield live


def open_move(page: Any, move: str) -> Any:
    page.click(f"button.move[data-move='{move}']")
    panel = page.locator(f".move-panel[data-move='{move}']")
    expect(panel).to_be_visible()
    return panel


def test_starforged_endure_harm_shows_the_roll_if_you_resist(server: Any, browser: Any) -> None:
    http = new_campaign(server, "sf-endure", "starforged", character={"starship": "Vesper"})
    page = open_page(browser, server, "sf-endure", DESKTOP, "Kira")
    panel = open_move(page, "move:starforged/suffer/endure_harm")
    page.fill("input[name='read:amount']", "2")
    page.press("input[name='read:amount']", "Tab")
    health = panel.locator(".stat-option[data-stat=health]")
    # Health 5, 2 harm: the roll is +3 (33.2 % strong at momentum +2), if Kira resists.
    expect(health).to_contain_text("health 5 → 3")
    expect(health).to_contain_text("strong 33.2%")
    expect(panel.locator(".assumes")).to_contain_text(
        "odds if you resist the harm; you may press on (no roll) instead"
    )
    expect(panel.locator(".before-roll.unsure")).to_have_count(0)
    shot(page, "sf-endure-harm-panel")
    assert axe_violations(page) == []
    # Her own dice typed: rolled, so she resists (not refused as dice left over): +3.
    page.fill(".move-form input[name=dice]", "5,2,9")
    page.click(".move-form button[type=submit]")
    expect(page.locator("#result .roll")).to_contain_text("5 + 3 = 8")
    expect(page.locator("#error")).to_be_hidden()
    assert http.get("/api/c/sf-endure/state").json()["characters"][0]["health"] == 3
    page.locator("#pending button[data-answer=decline]").click()
    # Random dice: the move asks, once the harm is taken.
    page.fill(".move-form input[name=dice]", "")
    page.click(".move-form button[type=submit]")
    expect(page.locator("#pending .decision")).to_contain_text("resist the harm?")
    assert page.errors == []
    page.context.close()


def test_discover_a_site_asks_for_the_new_site(server: Any, browser: Any) -> None:
    http = new_campaign(server, "discover", character={"name": "Edda"})
    page = open_page(browser, server, "discover", DESKTOP, "Edda")
    panel = open_move(page, "move:delve/delve/discover_a_site")
    site = panel.locator("fieldset.new-site")
    expect(site).to_contain_text("The new site")
    site.locator("input[name='site:name']").fill("The Sunken Barrow")
    site.locator("select[name='site:theme']").select_option("Ancient")
    site.locator("select[name='site:domain']").select_option("Barrow")
    site.locator("select[name='site:rank']").select_option("dangerous")
    site.locator("input[name='site:objective']").fill("the lost crown")
    shot(page, "discover-a-site-panel")
    assert axe_violations(page) == []
    panel.locator("button[type=submit]").click()
    expect(page.locator("#result")).to_contain_text("Discover a Site")
    expect(page.locator("#tracks .site").first).to_contain_text("Ancient Barrow")
    expect(page.locator("#error")).to_be_hidden()
    # A site under way: the form asks no more.
    expect(site).to_have_count(0)
    tracks = http.get("/api/c/discover/state").json()["tracks"]
    assert [(t["kind"], t["name"], t["rank"]) for t in tracks] == [
        ("site", "The Sunken Barrow", "dangerous")
    ]
    assert tracks[0]["objective"] == "the lost crown"
    assert page.errors == []
    page.context.close()


def test_discover_a_site_asks_what_its_form_left_out(server: Any, browser: Any) -> None:
    """A theme left out is asked (as the site operation asks it), and the move follows."""
    http = new_campaign(server, "discover-asked", character={"name": "Edda"})
    page = open_page(browser, server, "discover-asked", DESKTOP, "Edda")
    panel = open_move(page, "move:delve/delve/discover_a_site")
    panel.locator("select[name='site:domain']").select_option("Ruin")
    panel.locator("select[name='site:rank']").select_option("troublesome")
    panel.locator("button[type=submit]").click()
    theme = page.locator("#asked[data-input=theme]")
    expect(theme).to_be_visible()
    theme.locator("select").select_option("Haunted")
    theme.get_by_role("button", name="Send").click()
    expect(page.locator("#result")).to_contain_text("Discover a Site")
    expect(page.locator("#tracks")).to_contain_text("Haunted Ruin")
    log = http.get("/api/c/discover-asked/timeline").json()
    assert [e["kind"] for e in log][-2:] in (["site", "move"], ["move", "site"])
    assert page.errors == []
    page.context.close()


def test_strike_takes_the_only_fight_and_aid_the_only_ally(server: Any, browser: Any) -> None:
    http = new_campaign(server, "defaults", character={})
    http.post("/api/c/defaults/actions/track", json={"kind": "fight", "text": "the wyvern",
                                                      "rank": "formidable"})  # fmt: skip
    page = open_page(browser, server, "defaults", DESKTOP, "Kira")
    for move in ("move:classic/combat/strike", "move:classic/combat/clash"):
        panel = open_move(page, move)
        track = panel.locator("select[name='read:track']")
        expect(track).to_have_value("fight-1")
        assert track.locator("option").all_inner_texts() == ["the wyvern (fight)"]
    shot(page, "strike-the-only-fight")
    # Enter the Fray may begin another fight: none chosen, and left out it says what it means.
    fray = open_move(page, "move:classic/combat/enter_the_fray")
    expect(fray.locator("select[name='read:track']")).to_have_value("")
    expect(fray.locator("select[name='read:track'] option").first).to_have_text(
        "your fight, or a new one"
    )
    open_move(page, "move:classic/combat/clash")
    page.fill(".move-form input[name=dice]", "6,1,1")
    page.click(".move-form button[type=submit]")
    expect(page.locator("#result")).to_contain_text("Clash")
    expect(page.locator("#asked")).to_be_hidden()
    more = {"name": "Bo", "stats": "edge=1,heart=2,iron=3,shadow=1,wits=2"}
    assert http.post("/api/c/defaults/actions/character", json=more).status_code == 200
    panel = open_move(page, "move:classic/relationship/aid_your_ally")
    ally = panel.locator("select[name='read:ally']")
    expect(ally).to_have_value("Bo")
    shot(page, "aid-your-ally-the-only-ally")
    assert axe_violations(page) == []
    assert page.errors == []
    page.context.close()


def test_the_dice_typed_are_emptied_once_the_move_is_made(server: Any, browser: Any) -> None:
    """The dice typed were that roll's: they stayed in the field, and the next Roll rolled
    them again (where random dice were meant). Refused, they stay to be put right."""
    new_campaign(server, "dice-typed", character={})
    page = open_page(browser, server, "dice-typed", DESKTOP, "Kira")
    open_move(page, "move:classic/adventure/face_danger")
    dice = page.locator(".move-form input[name=dice]")
    dice.fill("6,1,1,4")
    page.click(".move-form button[type=submit]")
    expect(page.locator("#error")).to_contain_text("left over")
    expect(dice).to_have_value("6,1,1,4")
    dice.fill("6,1,1")
    page.click(".move-form button[type=submit]")
    expect(page.locator("#result .roll")).to_contain_text("6 + 3 = 9")
    expect(dice).to_have_value("")
    assert page.errors == []
    page.context.close()


def test_withstand_damage_shows_the_vehicle_s_integrity_after_the_damage(
    server: Any, browser: Any
) -> None:
    """Withstand Damage's panel had no stat to show (it rolls the vehicle's integrity): it
    shows the command vehicle's integrity after the damage, chosen as the vehicle."""
    new_campaign(server, "sf-damage", "starforged", character={"starship": "Vesper"})
    page = open_page(browser, server, "sf-damage", DESKTOP, "Kira")
    panel = open_move(page, "move:starforged/suffer/withstand_damage")
    page.fill("input[name='read:amount']", "2")
    page.press("input[name='read:amount']", "Tab")
    integrity = panel.locator(".stat-option").first
    expect(integrity).to_contain_text("vehicle integrity 5 → 3")
    expect(integrity).to_contain_text("strong 33.2%")
    expect(panel.locator("select[name='read:vehicle']")).to_have_value("Vesper")
    expect(panel.locator(".assumes")).to_contain_text("odds if you resist the damage")
    shot(page, "sf-withstand-damage-panel")
    assert axe_violations(page) == []
    assert page.errors == []
    page.context.close()


def test_develop_your_relationship_says_what_it_rolls_on_each_connection(
    server: Any, browser: Any
) -> None:
    """Develop Your Relationship rolls +the connection's rank once you share a bond, and
    without one marks progress and rolls nothing: its panel drew an empty "Roll +" and no
    odds. It says both, each connection by name, with the odds of the roll."""
    http = new_campaign(server, "sf-develop", "starforged", character={"starship": "Vesper"})
    for name, rank in (("Sola", "dangerous"), ("Dax", "troublesome")):
        body = {"kind": "connection", "text": name, "rank": rank, "role": "pilot"}
        assert http.post("/api/c/sf-develop/actions/track", json=body).status_code == 200
    sola = {"track": "Sola", "ticks": 40}
    assert http.post("/api/c/sf-develop/actions/progress", json=sola).status_code == 200
    bond = {"move": "forge a bond", "track": "Sola", "dice": "1,2"}
    assert http.post("/api/c/sf-develop/actions/move", json=bond).status_code == 200
    assert (
        http.post("/api/c/sf-develop/actions/choose", json={"keys": ["bolster"]}).status_code == 200
    )
    page = open_page(browser, server, "sf-develop", DESKTOP, "Kira")
    panel = open_move(page, "move:starforged/connection/develop_your_relationship")
    rolls = panel.locator(".stat-choice")
    expect(rolls.locator("legend")).to_have_text(
        "Roll + the connection's rank, once you share a bond"
    )
    # Sola, bonded and dangerous: +2 (23.2 % strong at momentum +2).
    expect(rolls.locator(".stat-option", has_text="Sola")).to_contain_text("(dangerous) +2")
    expect(rolls.locator(".stat-option", has_text="Sola")).to_contain_text("strong 23.2%")
    expect(rolls.locator(".stat-option", has_text="Dax")).to_contain_text(
        "no bond yet: marks progress (troublesome: 3 boxes a mark), no roll"
    )
    shot(page, "sf-develop-your-relationship-panel")
    assert axe_violations(page) == []
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(
    ("ruleset", "viewport", "label"),
    [("classic", DESKTOP, "desktop"), ("starforged", DESKTOP, "desktop"),
     ("classic", NARROW_PHONE, "phone"), ("starforged", NARROW_PHONE, "phone")],
)  # fmt: skip
def test_every_move_s_own_words_fields_say_whole_what_they_ask(
    server: Any, browser: Any, ruleset: str, viewport: dict[str, int], label: str
) -> None:
    """Each field of a move panel for the player's own words says what it asks whole: Enter
    the Fray's foe ("Enter the Fray with no fight yet: the foe (a foe's name, or yo"), Make a
    Connection's and Forge a Bond's "whom: a bond's or a connection's person or community
    (Swear an Iron Vow: ...", Swear an Iron Vow's vow and a journey's destination were cut
    at a desktop's width."""
    name = f"fields-{ruleset}-{label}"
    extra = {"starship": "Vesper"} if ruleset == "starforged" else {}
    new_campaign(server, name, ruleset, character=extra)
    page = open_page(browser, server, name, viewport, "Kira")
    cut: list[str] = []
    for move in page.eval_on_selector_all("button.move", "els => els.map((e) => e.dataset.move)"):
        open_move(page, move)
        for field in page.locator(".move-form .reads input[placeholder]").all():
            if not field.evaluate(PLACEHOLDER_FITS):
                cut.append(f"{move}: {field.get_attribute('placeholder')}")
    assert cut == []
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("typed", ["asked", "typed-last"])
def test_withstand_damage_with_own_dice_and_the_damage_asked_rolls_them(
    server: Any, browser: Any, typed: str
) -> None:
    """Own dice typed for Withstand Damage are rolled as the panel says ("your own dice
    typed: you resist the damage"): with the damage left empty, asked and answered (the
    answer was refused, 'dice: 3 value(s) left over, not rolled'), or typed last and Roll
    pressed at once (the panel drawn before the damage was typed went without the answer)."""
    name = f"sf-own-dice-{typed}"
    http = new_campaign(server, name, "starforged", character={"starship": "Vesper"})
    page = open_page(browser, server, name, DESKTOP, "Kira")
    panel = open_move(page, "move:starforged/suffer/withstand_damage")
    page.fill(".move-form input[name=dice]", "6,1,2")
    if typed == "typed-last":
        page.fill("input[name='read:amount']", "2")
        page.click(".move-form button[type=submit]")
    else:
        page.click(".move-form button[type=submit]")
        page.locator("#asked button", has_text="serious").click()
    expect(page.locator("#result .roll")).to_contain_text("6 + 3 = 9")
    expect(page.locator("#error")).to_be_hidden()
    shot(page, f"sf-withstand-own-dice-{typed}")
    vehicle = http.get(f"/api/c/{name}/state").json()["vehicle"]
    assert vehicle["integrity"] == 3
    expect(panel).to_be_visible()
    assert page.errors == []
    page.context.close()


def test_withstand_damage_odds_follow_the_vehicle_chosen(server: Any, browser: Any) -> None:
    """Withstand Damage on a vehicle that is not the command vehicle: choosing it changed
    nothing on the panel (the odds stayed the command vehicle's); they are the chosen one's."""
    http = new_campaign(server, "sf-skiff", "starforged", character={"starship": "Vesper"})
    skiff = {"name": "Skiff", "incidental": True, "integrity": 3}
    assert http.post("/api/c/sf-skiff/actions/vehicle", json=skiff).status_code == 200
    page = open_page(browser, server, "sf-skiff", DESKTOP, "Kira")
    panel = open_move(page, "move:starforged/suffer/withstand_damage")
    page.fill("input[name='read:amount']", "2")
    page.press("input[name='read:amount']", "Tab")
    integrity = panel.locator(".stat-option").first
    expect(integrity).to_contain_text("vehicle integrity 5 → 3")
    panel.locator("select[name='read:vehicle']").select_option("Skiff")
    # Integrity 3, 2 damage: +1 (15.2 % strong at momentum +2), the skiff kept chosen.
    expect(integrity).to_contain_text("vehicle integrity 3 → 1")
    expect(integrity).to_contain_text("strong 15.2%")
    expect(panel.locator("select[name='read:vehicle']")).to_have_value("Skiff")
    expect(page.locator("input[name='read:amount']")).to_have_value("2")
    shot(page, "sf-withstand-damage-skiff")
    # The skiff left behind (on another page): the panel opened again is the command vehicle's,
    # with no error for the vehicle chosen before.
    gone = {"name": "Skiff", "incidental": True, "remove": True}
    assert http.post("/api/c/sf-skiff/actions/vehicle", json=gone).status_code == 200
    panel = open_move(page, "move:starforged/suffer/withstand_damage")
    expect(panel.locator("select[name='read:vehicle']")).to_have_value("Vesper")
    expect(page.locator("#error")).to_be_hidden()
    assert http.post("/api/c/sf-skiff/actions/vehicle", json=skiff).status_code == 200
    panel = open_move(page, "move:starforged/suffer/withstand_damage")
    page.fill("input[name='read:amount']", "2")
    page.press("input[name='read:amount']", "Tab")
    panel.locator("select[name='read:vehicle']").select_option("Skiff")
    expect(integrity).to_contain_text("vehicle integrity 3 → 1")
    # The roll is the one shown: 6 + 1 on the skiff.
    page.fill(".move-form input[name=dice]", "6,1,1")
    page.click(".move-form button[type=submit]")
    expect(page.locator("#result .roll")).to_contain_text("6 + 1 = 7")
    assert page.errors == []
    page.context.close()


def test_every_page_offers_to_swear_the_inciting_incident(server: Any, browser: Any) -> None:
    """The offer to Swear an Iron Vow on the inciting incident showed only on the page that
    made the character (it lived in that browser's storage); every page of the campaign shows
    it from the server's state, the guide's seat naming whose vow it is, until it is sworn on
    any page."""
    new_campaign(server, "swear-coop")
    maker = open_page(browser, server, "swear-coop", DESKTOP)
    other = open_page(browser, server, "swear-coop", DESKTOP)
    maker.click("#tabs button[data-tab=create]")
    maker.fill("form.create input[name=name]", "Asha")
    for i, value in enumerate(["3", "2", "2", "1", "1"]):
        maker.locator("form.create .stat-picks select").nth(i).select_option(value)
    maker.fill("form.create input[name=incident]", "Find my sister")
    maker.click("form.create button[type=submit]")
    expect(maker.locator(".swear-offer")).to_contain_text("“Find my sister”")
    for page in (maker, other):
        expect(page.locator("#tracks .track button.swear")).to_have_count(1)
    # (The tracks' form asks nothing of it: a vow made there is sworn with the move.)
    expect(maker.locator("form.new-track [name=unsworn]")).to_have_count(0)
    other.click("#tabs button[data-tab=create]")
    expect(other.locator(".swear-offer")).to_contain_text(
        "Asha’s inciting incident, “Find my sister”, is a vow: swear it now."
    )
    # A third page, playing Asha, says it is hers.
    hers = open_page(browser, server, "swear-coop", DESKTOP, "Asha")
    hers.click("#tabs button[data-tab=create]")
    expect(hers.locator(".swear-offer")).to_contain_text("Your inciting incident")
    shot(hers, "swear-offer-on-every-page")
    assert axe_violations(hers) == []
    # Sworn on the other page: no page offers it any more.
    other.click(".swear-offer button.swear")
    expect(other.locator(".move-panel h3")).to_contain_text("Swear an Iron Vow")
    # On the vow chosen, a new vow's words are not asked (they went unheeded); with none, they are
    words = other.locator(".move-form [data-option=vow]")
    expect(words).to_be_hidden()
    other.select_option(".move-form select[name='read:track']", "")
    expect(words).to_be_visible()
    other.select_option(".move-form select[name='read:track']", label="Find my sister (vow)")
    expect(words).to_be_hidden()
    other.select_option(".move-form select[name='read:with']", "none")
    other.fill(".move-form input[name=dice]", "6,1,2")
    other.click(".move-form button[type=submit]")
    expect(other.locator("#result .roll")).to_contain_text("STRONG HIT")
    for page in (maker, other, hers):
        expect(page.locator("#tracks button.swear")).to_have_count(0)
    expect(maker.locator(".swear-offer")).to_be_hidden()
    expect(hers.locator(".swear-offer")).to_be_hidden()
    # A vow started in the tracks' form is sworn with the move too: offered on every page.
    hers.select_option("form.new-track select[name=kind]", "vow")
    hers.fill("form.new-track input[name=text]", "Guard the pass")
    hers.select_option("form.new-track select[name=rank]", "troublesome")
    hers.click("form.new-track button[type=submit]")
    for page in (maker, other, hers):
        guard = page.locator(".track", has_text="Guard the pass")
        expect(guard.locator("button.swear")).to_have_count(1)
    for page in (maker, other, hers):
        assert page.errors == []
        page.context.close()


def test_strike_without_initiative_says_so_before_the_roll(server: Any, browser: Any) -> None:
    """A play-through missed Enter the Fray, then opened Strike: its odds were shown, and only
    the roll said Kira has no initiative. The panel says so first (Clash is the move then);
    End the Fight the same."""
    http = new_campaign(server, "no-initiative", character={})
    fight = {"kind": "fight", "text": "Raiders", "rank": "dangerous"}
    assert http.post("/api/c/no-initiative/actions/track", json=fight).status_code == 200
    page = open_page(browser, server, "no-initiative", DESKTOP, "Kira")
    panel = open_move(page, "move:classic/combat/strike")
    expect(panel.locator(".refused")).to_have_text(
        "Not now: Kira does not have initiative: Strike is made with it (without: Clash)"
    )
    shot(page, "strike-without-initiative")
    assert axe_violations(page) == []
    panel = open_move(page, "move:classic/combat/clash")
    expect(panel.locator(".stat-option").first).to_be_visible()
    expect(panel.locator(".refused")).to_have_count(0)
    # End the Fight, a progress move, before a strong hit on a decisive action: said too.
    panel = open_move(page, "move:classic/combat/end_the_fight")
    expect(panel.locator(".refused")).to_contain_text(
        "Not now: End the Fight can only follow a strong hit in this fight"
    )
    assert page.errors == []
    page.context.close()


def test_the_guide_starts_a_track_for_the_characters_chosen(server: Any, browser: Any) -> None:
    """The guide's page at a table of two: the tracks' form was refused ("there are several
    characters; name one (character)") with no way to name one; it asks whose track it is,
    the sheet shown chosen, and a fight may be the party's."""
    http = new_campaign(server, "guide-tracks", character={})
    more = {"name": "Bo", "stats": "edge=1,heart=2,iron=3,shadow=1,wits=2"}
    assert http.post("/api/c/guide-tracks/actions/character", json=more).status_code == 200
    page = open_page(browser, server, "guide-tracks", DESKTOP)
    form = page.locator("form.new-track")
    whose = form.locator("fieldset.whose")
    expect(whose.locator("input[value=Kira]")).to_be_checked()
    expect(whose.locator("input[value=Bo]")).not_to_be_checked()
    form.locator("select[name=kind]").select_option("fight")
    form.locator("input[name=text]").fill("Raiders")
    form.locator("select[name=rank]").select_option("dangerous")
    whose.locator("input[value=Bo]").check()
    shot(page, "guide-whose-track")
    assert axe_violations(page) == []
    form.locator("button[type=submit]").click()
    expect(page.locator("#tracks article.track")).to_contain_text("Raiders")
    expect(page.locator("#error")).to_be_hidden()
    (fight,) = http.get("/api/c/guide-tracks/state").json()["tracks"]
    assert (fight["name"], fight["characters"]) == ("Raiders", ["Kira", "Bo"])
    # A character's page starts its own, as before: no choice of whose.
    kira = open_page(browser, server, "guide-tracks", DESKTOP, "Kira")
    expect(kira.locator("form.new-track fieldset.whose")).to_have_count(0)
    assert page.errors == [] and kira.errors == []
    page.context.close()
    kira.context.close()


def test_each_stat_says_when_the_move_rolls_it(server: Any, browser: Any) -> None:
    """Enter the Fray rolls +heart facing off, +shadow against an unaware foe, +wits ambushed:
    each stat of the panel says so in the move's words (a new player was offered heart,
    shadow and wits with nothing saying which fits). A move of one stat says nothing more."""
    new_campaign(server, "when-stats", character={})
    page = open_page(browser, server, "when-stats", NARROW_PHONE, "Kira")
    panel = open_move(page, "move:classic/combat/enter_the_fray")
    whens = panel.locator(".stat-option .stat-when")
    expect(whens).to_have_text(
        [
            "facing off against your foe",
            "moving into position against an unaware foe, or striking without warning",
            "ambushed",
        ],
        use_inner_text=True,
    )
    expect(panel.locator(".stat-option").nth(2)).to_contain_text("wits 1 ambushed")
    shot(page, "when-stats-enter-the-fray")
    assert axe_violations(page) == []
    panel = open_move(page, "move:classic/adventure/gather_information")
    expect(panel.locator(".stat-option")).to_have_count(1)
    expect(panel.locator(".stat-when")).to_have_count(0)
    page.context.close()
