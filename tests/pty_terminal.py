"""A real ``ironsworn`` process on a pseudo-terminal, and the same command as a script runs it.

The command line asks at a terminal (:mod:`ironsworn.cli.asking`, :mod:`ironsworn.cli.deciding`)
and play mode runs prompt_toolkit there, so both are driven here by keystrokes. The child gets
the pty as its controlling terminal, as a shell would give it: Ctrl-C and Ctrl-D arrive as the
keys a player presses, and SIGINT is a real signal. The screen is read back with the escape
sequences removed. Waits have a generous deadline only so that a hang fails instead of blocking
the suite; nothing is timed.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

DEADLINE_S = 60.0
ESCAPES = re.compile(
    rb"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: cursor moves, colours, modes
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: window title
    rb"|\x1b[@-Z\\-_=>]"  # two-byte escapes
    rb"|\r"
)


def _take_terminal() -> None:
    # In the child, after setsid(): make the pty (its stdin) the controlling terminal.
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _environment(home: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "IRONSWORN_HOME": str(home), **extra}
    env.pop("IRONSWORN_CAMPAIGN", None)  # the test's own home decides the campaign
    return env


class Terminal:
    """``ironsworn ARGV`` on a pty; :meth:`expect` reads the screen up to some text.

    ``term`` is the terminal type the child sees: ``dumb`` for one-shot commands (plain
    prompts), ``xterm`` for play mode's line editor.
    """

    def __init__(
        self, home: Path, *argv: str, term: str = "dumb", columns: int | None = None
    ) -> None:
        master, slave = os.openpty()
        # A wide screen, so no line a test looks for is wrapped (``columns``: a screen that
        # wide, for a test of what is wrapped).
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns or 200, 0, 0))
        # Nobody answers prompt_toolkit's cursor-position requests on this pty.
        env = _environment(home, TERM=term, PROMPT_TOOLKIT_NO_CPR="1")
        if columns is not None:
            env["COLUMNS"] = str(columns)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ironsworn", *argv],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            preexec_fn=_take_terminal,
        )
        os.close(slave)
        self.master = master
        self.raw = b""
        self.seen = 0  # how much of the cleaned screen text earlier expects consumed

    @property
    def screen(self) -> str:
        # Cleaned from the raw bytes each time: an escape sequence may span two reads.
        return ESCAPES.sub(b"", self.raw).decode("utf-8", "replace")

    def send(self, keys: str) -> None:
        """Type ``keys`` as they are (play mode's tests type their own ``\\r``)."""
        os.write(self.master, keys.encode())

    def send_line(self, line: str) -> None:
        """Type ``line`` and Enter."""
        self.send(line + "\n")

    def expect(self, text: str) -> str:
        """Read until ``text`` appears after what earlier calls consumed; returns the new text."""
        deadline = time.monotonic() + DEADLINE_S
        while True:
            screen = self.screen
            found = screen.find(text, self.seen)
            if found >= 0:
                new = screen[self.seen : found + len(text)]
                self.seen = found + len(text)
                return new
            if time.monotonic() > deadline or not self._read(deadline - time.monotonic()):
                raise AssertionError(f"{text!r} never appeared; the screen ends:\n{screen[-2000:]}")

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: the child ended and closed the terminal
            return False
        self.raw += chunk
        return bool(chunk)

    def wait(self) -> int:
        """The child's exit code, draining the pty so it never blocks writing its last lines."""
        deadline = time.monotonic() + DEADLINE_S
        while self.process.poll() is None and time.monotonic() < deadline:
            self._read(0.1)
        while self._read(0.05):
            pass
        return self.process.wait(timeout=1)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


def script(home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``ironsworn ARGV`` as a script runs it: standard input and output not a terminal."""
    return subprocess.run(
        [sys.executable, "-m", "ironsworn", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=_environment(home),
        timeout=DEADLINE_S,
    )
