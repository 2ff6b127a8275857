"""Helpers of the command-line tests: run the command line in process, fingerprint stored files."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from ironsworn.cli.main import main

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in process: its exit code, stdout and stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def fingerprint(home: Path) -> dict[str, str]:
    """Every file under ``home`` with its SHA-256, to show a refused command changed nothing."""
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(home.rglob("*"))
        if p.is_file()
    }
