"""Shared plumbing of the command line: the parser, output, and the one-line error rule.

Every user mistake ends as one line on stderr (``ironsworn: error: ...``) and exit code 2,
without a traceback and before anything is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ironsworn.errors import IronswornError, NotFound

EXIT_USAGE = 2


class UsageError(IronswornError):
    """Raised by the parser instead of printing usage and exiting."""


class CliParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def fail(message: str) -> int:
    """Print a one-line error to stderr and return the usage exit code."""
    sys.stderr.write(f"ironsworn: error: {message}\n")
    return EXIT_USAGE


def run_command(parser: CliParser, argv: Sequence[str]) -> int:
    """Parse ``argv`` and run the chosen command's ``func``, turning user errors into exit 2."""
    try:
        args = parser.parse_args(argv)
        func: Callable[[argparse.Namespace], int | None] | None = getattr(args, "func", None)
        if func is None:
            parser.print_help()
            return 0
        return func(args) or 0
    except NotFound as exc:
        message = str(exc)
        if exc.candidates:
            message += "; closest: " + ", ".join(exc.candidates)
        return fail(message)
    except IronswornError as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def common_options(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add the options every command takes (``--json``)."""
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def campaign_options(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add ``--campaign PATH`` to a command that reads or writes a campaign."""
    parser.add_argument(
        "--campaign",
        metavar="PATH",
        help="campaign file (default: $IRONSWORN_CAMPAIGN or the current campaign)",
    )
    return parser


def emit(args: argparse.Namespace, data: Any, text: str | Callable[[], str]) -> None:
    """Print ``data`` as JSON with ``--json``, else the human text."""
    if getattr(args, "json", False):
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write((text() if callable(text) else text).rstrip("\n") + "\n")


def parse_int(value: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """Parse an integer option, naming ``what`` and the accepted range when it is bad."""
    accepted = _range_words(low, high)
    try:
        number = int(value.strip())
    except ValueError:
        raise UsageError(f"{what} {value!r} is not a whole number ({accepted})") from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise UsageError(f"{what} {number} is out of range ({accepted})")
    return number


def _range_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"accepted: {low} to {high}"
    if low is not None:
        return f"accepted: {low} or more"
    if high is not None:
        return f"accepted: {high} or less"
    return "accepted: a whole number"


def int_list(value: str, what: str) -> list[int]:
    """Parse ``"4,5,8"`` into integers (range checks are the caller's)."""
    parts = [p for p in value.replace(" ", "").split(",")]
    if not parts or any(p == "" for p in parts):
        raise UsageError(f"{what} {value!r} is not a comma-separated list of numbers")
    out: list[int] = []
    for part in parts:
        try:
            out.append(int(part))
        except ValueError:
            raise UsageError(f"{what} {value!r}: {part!r} is not a whole number") from None
    return out
