"""Localized application commands: the rules a command's localizations must keep, the error
Discord answers when one breaks them, and a command as a client of one locale is shown it.

Discord's reference: https://discord.com/developers/docs/interactions/application-commands#localization
(the `name_localizations` and `description_localizations` dictionaries, "Values follow the same
restrictions as name / description"), #locale-fallbacks, #retrieving-localized-commands, and
https://discord.com/developers/docs/reference#locales for the locales a dictionary may name.

One bad localization fails the whole bulk overwrite: nothing is stored, and the 400 names
the command by its index in the list, then the path to the field and the locale, as Discord
does (discord.py's CommandSyncFailure reads that path back to the command and parameter).
"""

from __future__ import annotations

import copy
from typing import Any, NamedTuple

from .validation import NAME

# https://discord.com/developers/docs/reference#locales
LOCALES = (
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko",
)  # fmt: skip
# #locale-fallbacks: a locale missing from a dictionary shows its fallback's text, if any.
FALLBACKS = {"en-US": "en-GB", "en-GB": "en-US", "es-419": "es-ES"}
SUBCOMMAND, GROUP = 1, 2
NAME_LENGTH, TEXT_LENGTH = 32, 100  # names; descriptions and choice names


class FormError(NamedTuple):
    """One error of an Invalid Form Body: where (keys from the body's top), code, message."""

    path: tuple[str, ...]
    code: str
    message: str

    def __str__(self) -> str:
        return f"{'.'.join(self.path)}: {self.message}"


def localized(item: dict[str, Any], field: str, locale: str) -> Any:
    """What a client of `locale` is shown for `field` ("name" or "description"): its own
    localization, else its fallback's, else the default."""
    localizations = item.get(f"{field}_localizations") or {}
    for candidate in (locale, FALLBACKS.get(locale)):
        if candidate in localizations:
            return localizations[candidate]
    return item.get(field)


def in_locale(command: dict[str, Any], locale: str) -> dict[str, Any]:
    """The command as a client of `locale` lists it: every name, description and choice name
    in that locale (GET .../commands answers these as name_localized/description_localized)."""
    shown = copy.deepcopy(command)
    _localize(shown, locale)
    return shown


def _localize(item: dict[str, Any], locale: str) -> None:
    """In place, on a copy: it keeps its dictionaries, so each field is read from itself."""
    for field in ("name", "description"):
        if item.get(field) is not None:
            item[field] = localized(item, field, locale)
    for choice in item.get("choices") or []:
        choice["name"] = localized(choice, "name", locale)
    for option in item.get("options") or []:
        _localize(option, locale)


def command_errors(command: dict[str, Any]) -> list[FormError]:
    """Every localization of one command (its options, subcommands and choices) that Discord
    would refuse (its size, each field at its longest localization, is validation's)."""
    slash = command.get("type", 1) == 1
    errors = _item_errors(command, (), slash_name=slash)
    return errors + _options_errors(command.get("options") or [], ("options",))


def _options_errors(options: list[dict[str, Any]], path: tuple[str, ...]) -> list[FormError]:
    errors: list[FormError] = []
    for index, option in enumerate(options):
        where = (*path, str(index))
        errors += _item_errors(option, where, slash_name=True)
        for number, choice in enumerate(option.get("choices") or []):
            errors += _choice_errors(choice, (*where, "choices", str(number)))
        if option.get("type") in (SUBCOMMAND, GROUP):
            errors += _options_errors(option.get("options") or [], (*where, "options"))
    errors += _duplicate_names(options, path)
    return errors


def _item_errors(item: dict[str, Any], path: tuple[str, ...], *, slash_name: bool) -> list:
    errors = _unknown_locales(item, path)
    for locale, name in (item.get("name_localizations") or {}).items():
        where = (*path, "name_localizations", locale)
        errors += _name_errors(name, where) if slash_name else _length_errors(name, where, 32)
    for locale, text in (item.get("description_localizations") or {}).items():
        errors += _length_errors(text, (*path, "description_localizations", locale), TEXT_LENGTH)
    return errors


def _choice_errors(choice: dict[str, Any], path: tuple[str, ...]) -> list[FormError]:
    errors = _unknown_locales(choice, path)
    for locale, name in (choice.get("name_localizations") or {}).items():
        errors += _length_errors(name, (*path, "name_localizations", locale), TEXT_LENGTH)
    return errors


def _unknown_locales(item: dict[str, Any], path: tuple[str, ...]) -> list[FormError]:
    # Discord validates a dictionary's keys as an enum: "Value must be one of (...)".
    return [
        FormError((*path, field, locale), "BASE_TYPE_CHOICES", f"Value must be one of {LOCALES}.")
        for field in ("name_localizations", "description_localizations")
        for locale in item.get(field) or {}
        if locale not in LOCALES
    ]


def _name_errors(name: Any, path: tuple[str, ...]) -> list[FormError]:
    """#application-command-naming: letters, digits, '-', '_', and lower case where a letter
    has a lower case (a slash command's and an option's name, in every locale)."""
    length = _length_errors(name, path, NAME_LENGTH)
    if length:
        return length
    if not NAME.match(name) or name != name.lower():
        return [FormError(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")]
    return []


def _length_errors(text: Any, path: tuple[str, ...], longest: int) -> list[FormError]:
    if isinstance(text, str) and 1 <= len(text) <= longest:
        return []
    message = f"Must be between 1 and {longest} in length."
    return [FormError(path, "BASE_TYPE_BAD_LENGTH", message)]


def _duplicate_names(options: list[dict[str, Any]], path: tuple[str, ...]) -> list[FormError]:
    """Option names are unique within their list in every locale: a French client would
    otherwise be shown two options of one name. The error is on the later option's name in
    that locale (Discord does not document this code; discord.py reads an error only under
    an option's index, never on the list itself)."""
    locales = {locale for o in options for locale in o.get("name_localizations") or {}}
    errors = []
    for locale in sorted(locales):
        seen: set[str] = set()
        for index, option in enumerate(options):
            name = localized(option, "name", locale)
            if name in seen:
                where = (*path, str(index), "name_localizations", locale)
                message = f"Option name {name!r} is already used in this command ({locale})"
                errors.append(
                    FormError(where, "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME", message)
                )
            seen.add(name)
    return errors


def form_errors(errors: list[FormError]) -> dict[str, Any]:
    """Discord's `errors` object: each key of each error's path (a list's index as a
    string, a bulk overwrite's command first), ending in an `_errors` list of {code, message}."""
    tree: dict[str, Any] = {}
    for error in errors:
        node = tree
        for key in error.path:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": error.code, "message": error.message})
    return tree
