"""A real ``ironsworn`` process on a pseudo-terminal, and the same command as a script runs it
(the command line asks at a terminal: :mod:`ironsworn.cli.asking`, :mod:`ironsworn.cli.deciding`).
Waits have a generous deadline only so that a hang fails; nothing is timed."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

DEADLINE_S = 60.0


class Terminal:
    """One ``ironsworn`` command with a pty as its standard input, output and error."""

    def __init__(self, home: Path, *argv: str) -> None:
        master, slave = os.openpty()
        env = {**os.environ, "IRONSWORN_HOME": str(home), "TERM": "dumb"}
        env.pop("IRONSWORN_CAMPAIGN", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ironsworn", *argv],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.screen = ""
        self.seen = 0

    def expect(self, text: str) -> str:
        deadline = time.monotonic() + DEADLINE_S
        while True:
            found = self.screen.find(text, self.seen)
            if found >= 0:
                new = self.screen[self.seen : found + len(text)]
                self.seen = found + len(text)
                return new
            if time.monotonic() > deadline or not self._read(deadline - time.monotonic()):
                raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen[-2000:]}")

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: the command ended and closed the terminal
            return False
        self.screen += chunk.decode("utf-8", "replace").replace("\r", "")
        return bool(chunk)

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def wait(self) -> int:
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
    env = {**os.environ, "IRONSWORN_HOME": str(home)}
    env.pop("IRONSWORN_CAMPAIGN", None)
    return subprocess.run(
        [sys.executable, "-m", "ironsworn", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=DEADLINE_S,
    )
