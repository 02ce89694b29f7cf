"""Discord's documented limits, checked the way Discord's API would (400 Invalid Form Body).

Each check returns a list of readable problems; an empty list means Discord would accept it.
Only the limits a bot is likely to trip are modelled, not every rule of the API.
"""

from __future__ import annotations

import math
from typing import Any

import regex

from .roles import allowed_mentions_problems

# https://discord.com/developers/docs/interactions/application-commands#application-command-naming
# (with the unicode flag: regex knows scripts, \p{sc=Deva}, as re does not).
NAME = regex.compile(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, NUMBER = 3, 4, 10
MAX_STRING_LENGTH = 6000  # min_length 0-6000 and max_length 1-6000, on STRING options only
MAX_CONTENT = 2000
MAX_FILES = 10
MAX_EMBEDS = 10
MAX_FILE_BYTES = 10 * 1024 * 1024  # the attachment_size_limit the fake server announces
# Discord reads these on a command only: a subcommand or group cannot have its own.
TOP_LEVEL_ONLY = ("default_member_permissions", "dm_permission", "contexts", "nsfw")
ADMINISTRATOR = 1 << 3


def may_use(required: str | int | None, granted: int) -> bool:
    """Whether a member with `granted` permissions sees a command with these
    default_member_permissions: None is everyone, "0" administrators only, otherwise every
    bit named (Administrator grants them all). Per-server overrides are not modelled."""
    if required is None or granted & ADMINISTRATOR:
        return True
    needed = int(required)
    return needed != 0 and granted & needed == needed


def command_problems(command: dict[str, Any]) -> list[str]:
    """Problems with one application command payload (as sent to PUT .../commands)."""
    name = command.get("name", "")
    where = f"command {name!r}"
    problems = _name_problems(name, where, chat_input=command.get("type", 1) == 1)
    if command.get("type", 1) == 1:
        problems += _description_problems(command.get("description"), where)
        problems += _options_problems(command.get("options") or [], where, depth=0)
    size = command_characters(command)
    if size > COMMAND_CHARACTERS:
        problems.append(f"{where} holds {size:,} characters; the limit is {COMMAND_CHARACTERS:,}")
    return problems


# https://discord.com/developers/docs/interactions/application-commands#limits: "the
# combined sum of characters for all name, description, and value properties in a command,
# its subcommands and groups, and options and choices" is at most 8,000; #slash-commands:
# "When localization fields are present, only the longest localization for each field
# (including the default value) is counted towards the size limit."
COMMAND_CHARACTERS = 8000


def command_characters(command: dict[str, Any]) -> int:
    """The characters of a command that count toward Discord's 8,000, each name and
    description at its longest localization."""
    own = _longest(command, "name") + _longest(command, "description")
    choices = sum(
        _longest(choice, "name") + len(str(choice.get("value") or ""))
        for choice in command.get("choices") or []
    )
    return own + choices + sum(command_characters(o) for o in command.get("options") or [])


def _longest(item: dict[str, Any], field: str) -> int:
    texts = [item.get(field) or "", *(item.get(f"{field}_localizations") or {}).values()]
    return max(len(str(text)) for text in texts)


def commands_problems(commands: list[dict[str, Any]]) -> list[str]:
    """Problems with a whole bulk-overwrite list (per-command problems plus duplicates)."""
    problems: list[str] = []
    if len([c for c in commands if c.get("type", 1) == 1]) > 100:
        problems.append("more than 100 slash commands")
    seen: set[tuple[str, int]] = set()
    for command in commands:
        key = (command.get("name", ""), command.get("type", 1))
        if key in seen:
            problems.append(f"command {key[0]!r} is defined twice")
        seen.add(key)
        problems += command_problems(command)
    return problems


def _name_problems(name: str, where: str, *, chat_input: bool = True) -> list[str]:
    if not chat_input:
        return [] if 1 <= len(name) <= 32 else [f"{where}: name must be 1-32 characters"]
    if not NAME.match(name):
        return [f"{where}: name must be 1-32 letters, digits, '-' or '_'"]
    if name != name.lower():
        return [f"{where}: name must be lower case"]
    return []


def _description_problems(description: Any, where: str) -> list[str]:
    if not isinstance(description, str) or not 1 <= len(description) <= 100:
        return [f"{where}: description must be 1-100 characters, got {description!r}"]
    return []


def _options_problems(options: list[dict[str, Any]], where: str, *, depth: int) -> list[str]:
    problems: list[str] = []
    if len(options) > 25:
        problems.append(f"{where}: more than 25 options")
    names = [option.get("name") for option in options]
    if len(names) != len(set(names)):
        problems.append(f"{where}: duplicate option names {names}")
    kinds = {option.get("type") in (SUBCOMMAND, GROUP) for option in options}
    if len(kinds) > 1:
        problems.append(f"{where}: subcommands cannot be mixed with other options")
    seen_optional = False
    for option in options:
        option_where = f"{where} option {option.get('name')!r}"
        problems += [
            f"{option_where}: {key} belongs to top-level commands only (subcommands inherit it)"
            for key in TOP_LEVEL_ONLY
            if key in option
        ]
        problems += _name_problems(option.get("name", ""), option_where)
        problems += _description_problems(option.get("description"), option_where)
        kind = option.get("type")
        if kind in (SUBCOMMAND, GROUP):
            if depth >= 2 or (kind == GROUP and depth >= 1):
                problems.append(f"{option_where}: subcommands nested too deeply")
            problems += _options_problems(
                option.get("options") or [], option_where, depth=depth + 1
            )
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(f"{option_where}: required options must come before optional ones")
        else:
            seen_optional = True
        choices = option.get("choices") or []
        if len(choices) > 25:
            problems.append(f"{option_where}: more than 25 choices")
        if choices and option.get("autocomplete"):
            problems.append(f"{option_where}: autocomplete cannot be combined with choices")
        problems += _choices_problems(choices, option_where)
        problems += _bounds_problems(option, option_where)
    return problems


def _bounds_problems(option: dict[str, Any], where: str) -> list[str]:
    """min_value/max_value belong to INTEGER and NUMBER options, min_length/max_length
    (0-6000 and 1-6000) to STRING ones, as Discord's option structure documents."""
    problems = []
    kind = option.get("type")
    low, high = option.get("min_value"), option.get("max_value")
    if (low is not None or high is not None) and kind not in (INTEGER, NUMBER):
        problems.append(f"{where}: min_value/max_value are for integer and number options")
    if low is not None and high is not None and low > high:
        problems.append(f"{where}: min_value {low} is above max_value {high}")
    shortest, longest = option.get("min_length"), option.get("max_length")
    if (shortest is not None or longest is not None) and kind != STRING:
        problems.append(f"{where}: min_length/max_length are for string options")
    if shortest is not None and not 0 <= shortest <= MAX_STRING_LENGTH:
        problems.append(f"{where}: min_length must be 0-{MAX_STRING_LENGTH}, got {shortest}")
    if longest is not None and not 1 <= longest <= MAX_STRING_LENGTH:
        problems.append(f"{where}: max_length must be 1-{MAX_STRING_LENGTH}, got {longest}")
    return problems


def option_value_problem(declared: dict[str, Any], value: Any) -> str | None:
    """Why Discord's client would not send `value` for this synced option (a choice not
    offered, a number outside min_value..max_value, text outside min_length..max_length),
    or None when it would."""
    name, kind = declared.get("name"), declared.get("type")
    choices = [choice.get("value") for choice in declared.get("choices") or []]
    if choices and value not in choices:
        return f"option {name!r} offers only {choices}, not {value!r}"
    if kind in (INTEGER, NUMBER):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"option {name!r} takes a number, not {value!r}"
        if kind == INTEGER and value != int(value):
            return f"option {name!r} takes a whole number, not {value!r}"
        if not math.isfinite(value):
            return f"option {name!r} takes a finite number, not {value!r}"
        low, high = declared.get("min_value"), declared.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            return f"option {name!r} takes {low}..{high}, not {value!r}"
    if kind == STRING:
        if not isinstance(value, str):
            return f"option {name!r} takes text, not {value!r}"
        shortest = declared.get("min_length", 0)
        longest = declared.get("max_length", MAX_STRING_LENGTH)
        if not shortest <= len(value) <= longest:
            return f"option {name!r} takes {shortest}-{longest} characters, not {len(value):,}"
    return None


def _choices_problems(choices: list[dict[str, Any]], where: str) -> list[str]:
    problems = []
    for choice in choices:
        if not 1 <= len(str(choice.get("name", ""))) <= 100:
            problems.append(f"{where}: choice name must be 1-100 characters: {choice!r}")
        value = choice.get("value")
        if isinstance(value, str) and not 1 <= len(value) <= 100:
            problems.append(f"{where}: choice value must be 1-100 characters: {choice!r}")
    return problems


def autocomplete_problems(data: dict[str, Any]) -> list[str]:
    choices = data.get("choices")
    if not isinstance(choices, list):
        return ["autocomplete result needs a list of choices"]
    problems = ["more than 25 autocomplete choices"] if len(choices) > 25 else []
    return problems + _choices_problems(choices, "autocomplete")


def message_problems(
    data: dict[str, Any], file_sizes: list[int], *, editing: bool = False
) -> list[str]:
    """Problems with a message body (create or edit), given the sizes of its uploaded files."""
    problems: list[str] = []
    content = data.get("content") or ""
    if len(content) > MAX_CONTENT:
        problems.append(f"content is {len(content)} characters; the limit is {MAX_CONTENT}")
    if len(data.get("embeds") or []) > MAX_EMBEDS:
        problems.append(f"more than {MAX_EMBEDS} embeds")
    problems += embeds_problems(data.get("embeds") or [])
    problems += attachments_problems(data.get("attachments") or [])
    problems += message_components_problems(data.get("components") or [])
    if len(file_sizes) > MAX_FILES:
        problems.append(f"{len(file_sizes)} files; the limit is {MAX_FILES}")
    problems += [
        f"a {size}-byte file exceeds the {MAX_FILE_BYTES}-byte upload limit"
        for size in file_sizes
        if size > MAX_FILE_BYTES
    ]
    empty = not (
        content
        or data.get("embeds")
        or file_sizes
        or data.get("components")
        or data.get("poll")
        or data.get("sticker_ids")
    )
    if empty and not editing:
        problems.append("cannot send an empty message")
    return problems + allowed_mentions_problems(data)


# Embed limits: https://discord.com/developers/docs/resources/message#embed-object-embed-limits
EMBED_TITLE, EMBED_DESCRIPTION, EMBED_FIELDS = 256, 4096, 25
FIELD_NAME, FIELD_VALUE, EMBED_FOOTER, EMBED_AUTHOR = 256, 1024, 2048, 256
EMBEDS_TOTAL = 6000  # every title, description, field, footer and author of the message


def embed_characters(embed: dict[str, Any]) -> int:
    """The characters of one embed that count toward the 6,000 of a message."""
    fields = embed.get("fields") or []
    return sum(
        len(text or "")
        for text in (
            embed.get("title"),
            embed.get("description"),
            (embed.get("footer") or {}).get("text"),
            (embed.get("author") or {}).get("name"),
            *(field.get("name") for field in fields),
            *(field.get("value") for field in fields),
        )
    )


def embeds_problems(embeds: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    for number, embed in enumerate(embeds, start=1):
        where = f"embed {number}"
        problems += _too_long(embed.get("title"), EMBED_TITLE, f"{where} title")
        problems += _too_long(embed.get("description"), EMBED_DESCRIPTION, f"{where} description")
        problems += _too_long(
            (embed.get("footer") or {}).get("text"), EMBED_FOOTER, f"{where} footer"
        )
        problems += _too_long(
            (embed.get("author") or {}).get("name"), EMBED_AUTHOR, f"{where} author"
        )
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            problems.append(f"{where} has {len(fields)} fields; the limit is {EMBED_FIELDS}")
        for index, field in enumerate(fields, start=1):
            if not field.get("name") or not field.get("value"):
                problems.append(f"{where} field {index} needs a name and a value")
            problems += _too_long(field.get("name"), FIELD_NAME, f"{where} field {index} name")
            problems += _too_long(field.get("value"), FIELD_VALUE, f"{where} field {index} value")
    total = sum(embed_characters(embed) for embed in embeds)
    if total > EMBEDS_TOTAL:
        problems.append(f"the embeds hold {total:,} characters; the limit is {EMBEDS_TOTAL:,}")
    return problems


def _too_long(text: Any, limit: int, what: str) -> list[str]:
    if isinstance(text, str) and len(text) > limit:
        return [f"{what} is {len(text):,} characters; the limit is {limit:,}"]
    return []


# https://discord.com/developers/docs/resources/message#attachment-object: description 1-1024
ATTACHMENT_DESCRIPTION = 1024


def attachments_problems(attachments: list[dict[str, Any]]) -> list[str]:
    return [
        problem
        for number, attachment in enumerate(attachments, start=1)
        for problem in _too_long(
            attachment.get("description"),
            ATTACHMENT_DESCRIPTION,
            f"attachment {number} description",
        )
    ]


# Components: https://discord.com/developers/docs/components/reference (action row, button,
# string select, text input) and https://discord.com/developers/docs/resources/message
# ("components": up to 5 action rows in a message without the components v2 flag).
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18
SELECTS = (3, 5, 6, 7, 8)
MAX_ROWS, MAX_BUTTONS_PER_ROW, CUSTOM_ID, BUTTON_LABEL = 5, 5, 100, 80
SELECT_OPTIONS, SELECT_PLACEHOLDER = 25, 150
TEXT_INPUT_VALUE, TEXT_INPUT_PLACEHOLDER = 4000, 100
LINK = 5  # a link button has a url and no custom_id


def message_components_problems(rows: list[dict[str, Any]]) -> list[str]:
    """Problems with a message's legacy components: rows, buttons, selects, custom ids."""
    problems: list[str] = []
    if len(rows) > MAX_ROWS:
        problems.append(f"{len(rows)} action rows; a message has at most {MAX_ROWS}")
    items = []
    for number, row in enumerate(rows, start=1):
        inner = row.get("components") or []
        if row.get("type") != ACTION_ROW:
            continue  # components v2 layouts are not modelled
        buttons = [item for item in inner if item.get("type") == BUTTON]
        if len(buttons) > MAX_BUTTONS_PER_ROW:
            problems.append(f"row {number} has {len(buttons)} buttons; the limit is 5")
        if any(item.get("type") in SELECTS for item in inner) and len(inner) > 1:
            problems.append(f"row {number}: a select menu fills its row alone")
        items += inner
    problems += _custom_id_problems(items)
    for item in items:
        where = f"component {item.get('custom_id') or item.get('label')!r}"
        if item.get("type") == BUTTON:
            problems += _too_long(item.get("label"), BUTTON_LABEL, f"{where} label")
        if item.get("type") in SELECTS:
            problems += _too_long(
                item.get("placeholder"), SELECT_PLACEHOLDER, f"{where} placeholder"
            )
            options = item.get("options") or []
            if len(options) > SELECT_OPTIONS:
                problems.append(f"{where} has {len(options)} options; the limit is 25")
    return problems


def _custom_id_problems(items: list[dict[str, Any]]) -> list[str]:
    """Every interactive component has a custom_id of 1-100 characters, unique in its message
    or modal (a link button has none)."""
    problems: list[str] = []
    seen: set[str] = set()
    for item in items:
        if item.get("type") == BUTTON and item.get("style") == LINK:
            continue
        custom_id = item.get("custom_id")
        if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= CUSTOM_ID:
            problems.append(f"custom_id must be 1-{CUSTOM_ID} characters: {custom_id!r}")
        elif custom_id in seen:
            problems.append(f"custom_id {custom_id!r} is used twice")
        seen.add(str(custom_id))
    return problems


def modal_problems(modal: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    if not 1 <= len(modal.get("title") or "") <= 45:
        problems.append(f"modal title must be 1-45 characters: {modal.get('title')!r}")
    if not 1 <= len(modal.get("custom_id") or "") <= 100:
        problems.append("modal custom_id must be 1-100 characters")
    rows = modal.get("components") or []
    if not 1 <= len(rows) <= 5:
        problems.append(f"a modal needs 1-5 components, got {len(rows)}")
    inputs = []
    for row in rows:
        inner = row.get("components") or ([row["component"]] if "component" in row else [])
        label = row.get("label")  # a Label (type 18) carries the label outside the input
        for item in inner:
            item_label = label if label is not None else item.get("label")
            if item.get("type") == TEXT_INPUT:
                inputs.append(item)
                if not 1 <= len(item_label or "") <= 45:
                    problems.append(f"text input label must be 1-45 characters: {item_label!r}")
                problems += text_input_problems(item)
    return problems + _custom_id_problems(inputs)


def text_inputs_in_rows(modal: dict[str, Any]) -> bool:
    """Whether a modal puts a text input in an action row, the deprecated shape: "Text
    Inputs in Action Rows are deprecated; use a Label"
    (https://discord.com/developers/docs/components/reference#text-input)."""
    return any(
        item.get("type") == TEXT_INPUT
        for row in modal.get("components") or []
        if row.get("type") == ACTION_ROW
        for item in row.get("components") or []
    )


def text_input_problems(item: dict[str, Any]) -> list[str]:
    """A text input's own limits (components reference, "Text Input"): max_length at most
    4,000, a placeholder up to 100, and a prefilled value within both."""
    where = f"text input {item.get('custom_id')!r}"
    longest = item.get("max_length", TEXT_INPUT_VALUE)
    problems = [] if longest <= TEXT_INPUT_VALUE else [f"{where}: max_length is at most 4000"]
    problems += _too_long(item.get("placeholder"), TEXT_INPUT_PLACEHOLDER, f"{where} placeholder")
    problems += _too_long(item.get("value"), min(longest, TEXT_INPUT_VALUE), f"{where} value")
    return problems
