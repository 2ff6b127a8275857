"""Play mode with the Delve pack: ``/site`` and ``/threat`` make and show sites and threats, and
the delve moves play as any move (a real process, input piped in)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ironsworn_process import ironsworn as run
from shared_files import shared_file


def test_sites_and_threats_in_play_mode(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    assert run(home, "character", "new", "Asha", "--stats", "3,2,2,1,1").returncode == 0
    script = [
        "/site new The Barrow --theme ancient --domain barrow --rank dangerous",
        "/move delve the depths --stat wits --dice 5,2,3,45",
        "1",  # Find an Opportunity: gain insight, +1 momentum
        "/site show",
        "/vow Break the curse --rank dangerous",
        "/threat The Hollow King --vow curse --category roll --dice 3",
        "/site bogus",
    ]
    done = run(home, "play", stdin="".join(line + "\n" for line in script))
    assert done.returncode == 0, done.stderr
    out = done.stdout + done.stderr
    assert "site-1: The Barrow (dangerous site, Ancient Barrow; Asha)" in out
    assert "progress 8 ticks, score 2" in out
    assert "Asha: momentum 2 -> 3" in out
    assert "threat category rolled:" in out
    assert "Traceback" not in out
    listed = run(home, "track", "list", "--json")
    kinds = sorted(t["kind"] for t in json.loads(listed.stdout))
    assert kinds == ["site", "threat", "vow"]
    sheet = run(home, "sheet").stdout  # the sheet shows the sites and threats too
    assert "\n  sites:\n    site-1 " in sheet and "  The Barrow\n" in sheet
    assert "\n  threats:\n    threat-3 " in sheet and "  The Hollow King\n" in sheet


def test_rarities_in_play_mode_and_at_the_command_line(tmp_path: Path) -> None:
    """``/rarity list|show|buy`` and ``rarity``: bought with experience, shown on the sheet,
    then rolled as the rarity die of a move the augmented asset aids."""
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    made = run(home, "character", "new", "Asha", "--stats", "3,2,2,1,1", "--asset", "improviser")
    assert made.returncode == 0, made.stderr
    assert run(home, "adjust", "experience", "5").returncode == 0
    script = [
        "/rarity list",
        "/rarity show baldric",
        "/rarity buy artisan's gloves",
        "/rarity buy blackguard's baldric",
        "/move face danger --stat edge --asset improviser --dice 6,9,9",
        "/sheet",
    ]
    done = run(home, "play", stdin="".join(line + "\n" for line in script))
    assert done.returncode == 0, done.stderr
    out = done.stdout + done.stderr
    assert "Blackguard’s Baldric — augments Improviser, 4 experience" in out
    assert "augments Improviser; costs 4 experience" in out
    # The list reminds the player what a rarity does, not the engine's count of them.
    assert "Wield a Rarity: a move the asset aids rolls the rarity die in place of" in out
    assert "65 of 65" not in out and "reminder" not in out
    assert "Artisan’s Gloves augments Wright, and Asha has no Wright card" in out
    assert "Asha: experience spent 0 -> 4" in out
    assert "rarity die 6 + stat 3 = 9 vs 9 | 9: MISS — MATCH → an automatic STRONG HIT" in out
    assert "rarity: Blackguard’s Baldric (a move this asset aids rolls the rarity die)" in out
    assert "Traceback" not in out
    listed = run(home, "rarity", "list", "--json")
    assert [r["name"] for r in json.loads(listed.stdout)["held"]] == ["Blackguard’s Baldric"]
    bad = run(home, "rarity", "buy", "dragon egg")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    assert "rarity 'dragon egg' is unknown" in bad.stderr
    every = run(home, "rarity", "list", "--all", "--json")
    assert len(json.loads(every.stdout)["rarities"]) == 65


def test_denizens_and_sample_sites_at_the_command_line_and_in_play(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    assert run(home, "character", "new", "Asha", "--stats", "3,2,2,1,1").returncode == 0
    samples = run(home, "site", "list", "--samples")
    assert "Alva's Rest (dangerous Fortified Barrow)" in samples.stdout
    assert len(json.loads(run(home, "site", "list", "--samples", "--json").stdout)) == 20
    made = run(home, "site", "new", "--sample", "alva's rest")
    assert made.returncode == 0, made.stderr
    shown = run(home, "site", "show").stdout
    assert "94-95  rare         Alva (Wight)" in shown
    script = [
        "/site denizen --dice 95",
        "/site denizen --dice 45",
        "/site denizen nowhere",
    ]
    done = run(home, "play", stdin="".join(line + "\n" for line in script))
    out = done.stdout + done.stderr
    assert "Alva's Rest: denizens (95, rare): Alva (Wight)" in out
    assert "Alva's Rest: denizens (45, common): blank: choose or introduce a new denizen" in out
    assert "nowhere" in out and "error" in out
    assert "Traceback" not in out


def test_delves_oracles_are_listed_nested_as_in_the_book(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    listed = run(home, "oracle", "list").stdout.splitlines()
    at = listed.index("delve")
    tree = [line.split("  [")[0].rstrip() for line in listed[at:]]  # names, less the dice
    # Site Name > Place > Barrow, as Delve's oracles nest them.
    barrow = tree.index("      Barrow", tree.index("  Site Name"))
    assert tree[barrow - 1] == "    Place"
    assert "  Threat" in tree and "    Zealous Cult" in tree
    # The tables printed in a move's text, under the move.
    moves = tree.index("  Move tables")
    assert tree[moves + 1] == "    Delve the Depths"
    assert listed[moves + at + 2].startswith("      Edge ")
    flat = json.loads(run(home, "oracle", "list", "--json").stdout)  # the JSON stays flat
    assert {
        "id": "oracle_rollable:delve/site_name/place/barrow",
        "name": "Barrow",
        "dice": "1d100",
    } in flat


def test_delve_move_texts_read_as_words_in_play(tmp_path: Path) -> None:
    """The pack's Markdown is not shown: a move made tells its outcome without emphasis marks
    or the table it embeds (the engine rolls it); a move read shows that table's rows."""
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    assert run(home, "character", "new", "Asha", "--stats", "3,2,2,1,1").returncode == 0
    script = [
        "/site new The Barrow --theme ancient --domain barrow --rank dangerous",
        "/move delve the depths --stat wits --dice 5,2,9,45",
        "/move show delve the depths",
        "/move show reveal a danger",
    ]
    done = run(home, "play", stdin="".join(line + "\n" for line in script))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "On a weak hit, roll on the following table according to your stat." in out
    assert "Delve the Depths, wits (45): Mark progress." in out
    assert "Strong hit: On a strong hit, you delve deeper. Mark progress and Find an " in out
    assert "  Wits:\n      1-40  Mark progress and Reveal a Danger.\n" in out
    assert "  95-100  Roll twice more on this table." in out
    assert "__" not in out and "{{" not in out and "](" not in out


def test_the_failure_track_is_named_as_the_book_names_it(tmp_path: Path) -> None:
    """Mark Your Failure's tick is told on the failure track (kept as a legacy track, which a
    classic player never hears of), in play and in the story exported."""
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    assert run(home, "character", "new", "Asha", "--stats", "3,2,2,1,1").returncode == 0
    # (Asha delves a site: the failure track is kept by a character who plays Delve)
    script = [
        "/site new The Barrow --theme ancient --domain barrow --rank dangerous",
        "/move face danger --stat wits --dice 1,9,9",
        "1",
    ]
    done = run(home, "play", stdin="".join(line + "\n" for line in script))
    assert done.returncode == 0, done.stderr
    assert "  Asha: failure track 0 -> 1\n" in done.stdout
    story = run(home, "export", "markdown")
    assert "- Asha's failure track: 0 → 1 tick\n" in story.stdout  # (one tick: not "1 ticks")
    assert "legacy" not in done.stdout + story.stdout


def test_a_threat_left_without_its_vow_and_category_asks_them_with_choices(
    tmp_path: Path,
) -> None:
    """/threat NAME asks which vow and which category, each with the choices numbered (they
    were asked as open text, "a threat category, or roll", naming none of the categories); the
    one-shot command names the choices and the flag."""
    from play_support import make_kai, run_script

    from ironsworn.content import clear_cache, import_pack

    import_pack(shared_file("reference/datasworn/delve.json"))
    clear_cache()
    path = tmp_path / "c.sqlite"
    make_kai(path)
    sworn = run_script(path, ["/vow Break the curse --rank dangerous"])
    assert sworn.code == 0, sworn.err
    done = run_script(path, ["/threat The Hollow King", "1", "zzz", "2"], interactive=True)
    assert done.code == 0, done.err
    assert "   1. vow-1  Break the curse: dangerous vow, score 0" in done.out
    assert "   2. Cursed Site" in done.out and "  10. roll" in done.out
    assert "error: 'zzz' is not one of the options (accepted: 1-10 or Burgeoning Conflict" in (
        done.err
    )
    assert "  new threat: The Hollow King (dangerous)" in done.out
    home = tmp_path / "home"
    bare = run(home, "threat", "new", "The Pale Queen", "--vow", "vow-1", "--campaign", str(path))
    assert bare.returncode == 2 and bare.stderr.count("\n") == 1
    assert "(accepted: Burgeoning Conflict, Cursed Site," in bare.stderr
    assert "give it with --category" in bare.stderr


def test_names_of_several_words_after_a_site_or_threat_flag_need_no_quotes(
    tmp_path: Path,
) -> None:
    """A domain, an objective, a sample site, a vow or a threat category of several words is
    read whole (``--domain frozen cavern``), as a name after --foe is: the second word was
    'unrecognized arguments'."""
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    assert run(home, "character", "new", "Asha", "--stats", "3,2,2,1,1").returncode == 0
    made = run(
        home, "site", "new", "Cold", "Hollow", "--theme", "ancient", "--domain", "frozen",
        "cavern", "--rank", "troublesome", "--objective", "the", "lost", "sword",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "Cold Hollow (troublesome site, Ancient Frozen cavern; Asha; objective: the lost " in (
        made.stdout
    )
    sample = run(home, "site", "new", "--sample", "alva's", "rest")
    assert sample.returncode == 0 and "Alva's Rest (dangerous site, Fortified Barrow" in (
        sample.stdout
    )
    script = [
        "/vow Break the curse --rank dangerous",
        "/threat The Hollow King --vow break the curse --category cursed site",
    ]
    done = run(home, "play", stdin="".join(line + "\n" for line in script))
    assert done.returncode == 0 and "error" not in done.stdout + done.stderr
    threat = next(t for t in json.loads(run(home, "track", "list", "--json").stdout) if (
        t["kind"] == "threat"
    ))  # fmt: skip
    assert (threat["name"], threat["category"]) == (
        "The Hollow King",
        "oracle_rollable:delve/threat/cursed_site",
    )


def test_a_threats_track_is_told_as_its_menace(tmp_path: Path) -> None:
    """Advance a Threat's "mark menace" is told as the threat's menace, in play and in the
    story (was its 'progress', a vow's word)."""
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    assert run(home, "character", "new", "Asha", "--stats", "3,2,2,1,1").returncode == 0
    script = [
        "/vow Break the curse --rank dangerous",
        "/threat The Hollow King --vow vow-1 --category cursed site",
        "/move advance a threat --dice 50",  # 31-70: mark menace
    ]
    done = run(home, "play", stdin="".join(line + "\n" for line in script))
    assert done.returncode == 0, done.stderr
    assert "  threat: The Hollow King menace 0 -> 8 ticks (2 boxes)\n" in done.stdout
    story = run(home, "export", "markdown").stdout
    assert "- The Hollow King: menace 0 → 8 ticks (2 boxes)\n" in story
    assert "Hollow King: progress" not in done.stdout + story


@pytest.mark.parametrize("interactive", [True, False], ids=["terminal", "piped"])
def test_discover_a_site_with_no_site_asks_the_new_sites_name_theme_domain_and_rank(
    tmp_path: Path, interactive: bool
) -> None:
    """Discover a Site is the move that makes a site ("choose the theme and domain ..., and
    give it a rank"): with none, /move asks what /site new asks, then makes the move on it
    (it was refused: "has no active site track: create one first"). Piped input answers
    each question in turn as a terminal's does (the theme was an error once the name was
    read, and the lines after it journal entries)."""
    from play_support import make_kai, run_script

    from ironsworn.content import clear_cache, import_pack

    import_pack(shared_file("reference/datasworn/delve.json"))
    clear_cache()
    path = tmp_path / "c.sqlite"
    make_kai(path)
    answers = ["The Sunken Barrow", "ancient", "barrow", "dangerous"]
    done = run_script(path, ["/move discover a site", *answers], interactive=interactive)
    assert done.code == 0, done.err
    assert "error" not in done.err and "journal #" not in done.out
    assert "Discover a Site: the new site's name" in done.out
    assert "Discover a Site: what is the theme of the site The Sunken Barrow?" in done.out
    assert "  new site: The Sunken Barrow (dangerous)" in done.out
    # One status line, after the move (the site's creation showed one too, just before it).
    assert done.out.split("  new site:", 1)[1].count("Kai: health 5") == 1
    assert "Discover a Site\n  · The Sunken Barrow: Delve the Depths to explore it" in done.out
    again = run_script(path, ["/move discover a site"], interactive=True)  # now it has one
    assert "/site new" not in again.out and "The Sunken Barrow: Delve the Depths" in again.out


def test_improviser_is_offered_on_delves_check_your_gear(tmp_path: Path) -> None:
    """Play mode offers the abilities that fit the campaign's own move: Delve's Check Your
    Gear (a classic campaign's), not Starforged's move of the same name, which no classic
    card acts on (Improviser 1 was never offered)."""
    from play_support import run_script

    from ironsworn.cli.main import main
    from ironsworn.content import clear_cache, import_pack

    import_pack(shared_file("reference/datasworn/delve.json"))
    clear_cache()
    path = tmp_path / "c.sqlite"
    made = ["character", "new", "Asha", "--stats", "3,2,2,1,1", "--asset", "improviser"]
    assert main([*made, "--campaign", str(path)]) == 0
    script = ["/move check your gear --dice 4,1,2", "1"]
    done = run_script(path, script, interactive=True)
    assert done.code == 0, done.err
    assert "Asha — Check Your Gear: does an ability fit the fiction?" in done.out
    assert "   1. improviser:1  Improviser 1: when making do with a clever solution" in done.out
    # +wits (1) instead of +supply (5); +1 momentum of the move, +1 of the card
    assert "Check Your Gear (+wits)\n  · Improviser 1: rolls +wits, +1 momentum on a hit\n" in (
        done.out
    )
    assert "  Asha: momentum 2 -> 3\n  Asha: momentum 3 -> 4\n" in done.out


def test_a_sites_cards_show_their_rolls_as_the_book_prints_them(tmp_path: Path) -> None:
    """``site show`` prints a card row of one roll as that roll (99, 100), not as '99-99'."""
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    assert run(home, "character", "new", "Asha", "--stats", "3,2,2,1,1").returncode == 0
    made = run(home, "site", "new", "--sample", "alva's rest")
    assert made.returncode == 0, made.stderr
    shown = run(home, "site", "show").stdout
    assert "\n     1-4  Camp or quarters\n" in shown
    assert "\n      99  You transition into a new theme\n" in shown
    assert "\n     100  You transition into a new domain\n" in shown
    assert "99-99" not in shown and "100-100" not in shown


def test_learning_from_failures_in_play_names_the_asset_discarded(tmp_path: Path) -> None:
    """/failure sets the track; Learn from Your Failures' strong hit, adjust your approach:
    the answer leads straight to the asset asked (no "nothing changed" between), the hawk
    is named by the name its player gave it ("Keen"), told as it leaves the sheet, and the
    story tells the choices in the options' words."""
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    made = run(home, "character", "new", "Asha", "--stats", "3,2,2,1,1", "--asset", "hawk:1=Keen")
    assert made.returncode == 0, made.stderr
    script = ["/failure 24", "/move learn from your failures --dice 1,2", "adjust", "Keen"]
    done = run(home, "play", stdin="".join(line + "\n" for line in script))
    assert done.returncode == 0, done.stderr
    assert "error" not in done.stderr, done.stderr
    out = done.stdout
    assert "  Asha: failure track 0 -> 24\n" in out
    assert "nothing changed" not in out
    assert "  Asha loses the asset Hawk “Keen”\n" in out
    assert "· Hawk is discarded: +2 experience" in out
    story = run(home, "export", "markdown").stdout
    assert (
        "*chose “adjust your approach: discard an asset, 2 experience a marked ability”*" in story
    )
    assert "chose Hawk “Keen”" in story
