"""Every `puzzlebot` command the README and docs/ show works as shown, and so does every
example `puzzlebot kinds` prints, pasted into a shell at the repository root."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PUZZLEBOT = re.compile(r"^(?:\.venv/bin/)?puzzlebot(?:\s|$)")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def code_blocks(page: Path) -> list[tuple[str, list[str]]]:
    """(info string, lines) of every fenced code block of a Markdown page."""
    blocks, current = [], None
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if current is None:
                current = (line[3:].strip(), [])
            else:
                blocks.append(current)
                current = None
        elif current is not None:
            current[1].append(line)
    return blocks


def shown_commands() -> list[tuple[str, str]]:
    """(page, line) for every `puzzlebot ...` line of a page's shell code blocks."""
    return [
        (page.relative_to(ROOT).as_posix(), line.strip())
        for page in PAGES
        for info, lines in code_blocks(page)
        if info in ("sh", "bash", "shell")
        for line in lines
        if PUZZLEBOT.match(line.strip())
    ]


def shown_sessions() -> list[tuple[str, str, str]]:
    """(page, command, output) for each `$ puzzlebot ...` prompt shown with what it prints."""
    return [
        (page.name, lines[0][2:], "\n".join(lines[1:]).strip())
        for page in PAGES
        for info, lines in code_blocks(page)
        if not info and lines and lines[0].startswith("$ puzzlebot ")
    ]


def run_in_process(line: str) -> tuple[int, str, str]:
    """Run a shown command line through the CLI in this process (the word lists load once)."""
    argv = shlex.split(line, comments=True)[1:]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:  # --help exits through argparse
            code = exit_.code or 0
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def in_a_scratch_copy(tmp_path, monkeypatch):
    """The commands run where examples/ is at hand, and write their pictures elsewhere."""
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_readme_shows_commands_for_every_cli_verb():
    verbs = {shlex.split(line)[1] for _, line in shown_commands() if len(shlex.split(line)) > 1}
    assert {"solve", "check", "hint", "generate", "kinds"} <= verbs


@pytest.mark.parametrize(("page", "line"), shown_commands(), ids=lambda value: value[:60])
def test_a_shown_command_runs_and_says_something(page, line, in_a_scratch_copy):
    code, out, err = run_in_process(line)
    assert code == 0, f"{page}: {line}\n{err}"
    assert out.strip(), f"{page}: {line} printed nothing"
    assert "Traceback" not in out + err
    words = shlex.split(line, comments=True)
    if "--image" in words:
        picture = in_a_scratch_copy / words[words.index("--image") + 1]
        assert picture.read_bytes().startswith(PNG_SIGNATURE), f"{page}: {line}"
        assert f"Picture written to {picture.name}" in out


@pytest.mark.parametrize(("page", "line", "output"), shown_sessions())
def test_a_shown_session_prints_what_the_page_says(page, line, output):
    code, out, err = run_in_process(line)
    assert (out + err).strip() == output, f"{page}: {line}"
    assert code == (2 if output.startswith("puzzlebot: ") else 0)


def kinds_examples() -> list[str]:
    code, out, _ = run_in_process("puzzlebot kinds")
    assert code == 0
    return [line.split(": ", 1)[1] for line in out.splitlines() if ": puzzlebot " in line]


def test_every_example_puzzlebot_kinds_prints_pastes_into_a_shell():
    examples = kinds_examples()
    assert len(examples) >= 7
    environment = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }

    def paste(example: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["bash", "-c", example],
            cwd=ROOT,
            env=environment,
            capture_output=True,
            text=True,
            timeout=120,
        )

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(paste, examples))
    for example, result in zip(examples, results, strict=True):
        assert result.returncode == 0, f"{example}\n{result.stderr}"
        assert result.stdout.strip() and "Traceback" not in result.stderr, example
