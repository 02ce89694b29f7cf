"""argparse in the reader's language: the command line's usage, its help and its usage errors.

argparse says its own words ("usage:", the -h help, "expected one argument"...) through
Python's gettext, which follows the system's locale and has no French or Spanish of ours.
So the parser is built in the language asked (bot/cli.py reads --lang before building it):
its help flag, usage prefix and section titles come from our catalogue, and each usage
error argparse words in English is read back by its pattern (the wording of Python 3.11's
argparse) and said again from our catalogue. A wording not known here (another Python's)
is shown as argparse gave it, in English, never lost.
"""

from __future__ import annotations

import argparse
import functools
import re
from collections.abc import Callable

from puzzles.i18n import ENGLISH, Message, _, render


class UsageError(Exception):
    """A command line argparse could not read; reported (as text or JSON) instead of exiting."""

    def __init__(self, message: str, usage: str):
        super().__init__(message)
        self.message, self.usage = message, usage


class UsageFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help layout, with the usage line's prefix in the parser's language."""

    def __init__(self, prog: str, language: str = ENGLISH, **settings):
        super().__init__(prog, **settings)
        self.language = language

    def add_usage(self, usage, actions, groups, prefix=None):
        if prefix is None:
            # Translators: begins the line showing how the command is typed; keep the space.
            prefix = render(_("usage: "), self.language)
        super().add_usage(usage, actions, groups, prefix)


class TranslatedParser(argparse.ArgumentParser):
    """An ArgumentParser that speaks `language` (its subcommands too, when added with
    `language=`) and raises its usage errors as UsageError instead of exiting."""

    def __init__(self, *args, language: str = ENGLISH, **kwargs):
        self.language = language
        formatter = functools.partial(UsageFormatter, language=language)
        super().__init__(*args, add_help=False, formatter_class=formatter, **kwargs)
        # argparse names its two sections itself, with gettext: named again in ours.
        # Translators: a heading of the help, which argparse follows with ":" (in French,
        # end it with a no-break space so that the colon is spaced).
        self._positionals.title = self.text(_("positional arguments"))
        # Translators: a heading of the help, which argparse follows with ":" (in French,
        # end it with a no-break space so that the colon is spaced).
        self._optionals.title = self.text(_("options"))
        self.add_argument(
            "-h", "--help", action="help", help=self.text(_("show this help message and exit"))
        )

    def text(self, said: Message | str) -> str:
        return render(said, self.language)

    def add_argument(self, *args, **kwargs):
        # A help is shown as it is written: argparse would read a "%" in it ("50 %") as a
        # placeholder of its own.
        if isinstance(kwargs.get("help"), str):
            kwargs["help"] = kwargs["help"].replace("%", "%%")
        return super().add_argument(*args, **kwargs)

    def error(self, message: Message | str):  # type: ignore[override]
        if isinstance(message, str):
            message = argparse_said(message)
        raise UsageError(self.text(message), self.format_usage())


def argparse_said(text: str) -> Message | str:
    """An error argparse worded in English, as our Message; the text itself when its
    wording is not one of ARGPARSE_ERRORS."""
    for pattern, message in ARGPARSE_ERRORS:
        found = pattern.fullmatch(text)
        if found:
            return message(**found.groupdict())
    return text


def about_argument(flag: str, problem: Message | str) -> Message:
    """A problem with one argument (argparse's, read back, or ours)."""
    if isinstance(problem, str):
        problem = argparse_said(problem)
    # Translators: {flag} is an option (--seed) or an argument's name (kind, COMMAND);
    # {problem} is one of argparse's errors, translated too.
    return _("argument {flag}: {problem}", flag=flag, problem=problem)


def invalid_choice(value: str, choices: str) -> Message:
    """A value that is not one of the choices; both quoted as argparse quotes them."""
    return _("invalid choice: {value} (choose from {choices})", value=value, choices=choices)


# The errors argparse can give this command line, by its English wording (gettext ids of
# Python 3.11's argparse) with ours for each; the names in a pattern are its parameters.
# Values argparse quotes ('nope') are kept quoted as it quoted them.
ARGPARSE_ERRORS: tuple[tuple[re.Pattern[str], Callable[..., Message]], ...] = tuple(
    (re.compile(pattern, re.DOTALL), message)
    for pattern, message in (
        (r"argument (?P<flag>.+?): (?P<problem>.+)", about_argument),
        (r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)", invalid_choice),
        (r"expected one argument", lambda: _("expected one argument")),
        (
            r"ignored explicit argument (?P<value>.+)",
            # Translators: a flag that takes no value was given one, as in --json=yes.
            lambda value: _("ignored explicit argument {value}", value=value),
        ),
        (
            r"the following arguments are required: (?P<names>.+)",
            lambda names: _("the following arguments are required: {names}", names=names),
        ),
        (
            r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)",
            lambda option, matches: _(
                "ambiguous option: {option} could match {matches}", option=option, matches=matches
            ),
        ),
    )
)
