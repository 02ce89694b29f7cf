"""`puzzlebot playground` and `puzzlebot run --or-playground` (what `make run` runs) on the
command line; the browser tests run the latter without a token all the way to the page."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from bot.cli import EXIT_BAD_INPUT, main


@pytest.mark.parametrize("port", ["70000", "-1", "eighty", "80.5"])
@pytest.mark.parametrize("command", [["playground"], ["run", "--or-playground"]])
def test_a_port_that_is_no_port_is_refused_with_the_right_form(capsys, command, port):
    assert main([*command, "--port", port]) == EXIT_BAD_INPUT
    said = capsys.readouterr().err
    assert "--port: must be a port number from 1 to 65535 (or 0 for a free one)" in said
    assert repr(port) in said


def test_a_port_in_use_is_said_at_once_with_what_to_do():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
        done = subprocess.run(
            [sys.executable, "-m", "bot", "playground", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=120,
            env=environment,
        )
    assert done.returncode == EXIT_BAD_INPUT, done.stderr[-2000:]
    assert f"could not serve the playground on port {port}" in done.stderr
    assert "choose another with --port" in done.stderr
    assert "Traceback" not in done.stderr


def test_run_without_a_token_still_stops_when_the_playground_is_not_asked_for(capsys, monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == EXIT_BAD_INPUT
    assert "no Discord token" in capsys.readouterr().err
