"""Attachment options (option type 11): a file a member attaches to a slash command.

Discord uploads the file first; the interaction then carries the attachment's snowflake as
the option's value and the attachment itself under ``data.resolved.attachments`` (id,
filename, size, url, proxy_url, content_type), and the bot fetches the bytes from that URL
(https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-type,
https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-resolved-data-structure).
Here ``server.upload(...)`` plays the member's upload: the attachment it returns is passed
as the option's value, and its URL is served on the loopback like the bot's own files (Discord
serves it from its CDN: https://discord.com/developers/docs/reference#image-formatting-cdn-endpoints).

Discord's size limit holds for a member's upload as for any file: 10 MiB by default, more
only with Nitro or a boosted server (https://discord.com/developers/docs/reference#uploading-files;
the interaction says it as ``attachment_size_limit``,
https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object).
A bigger file never reaches the bot: Discord's client refuses it before the command is sent.
"""

from __future__ import annotations

import mimetypes
from typing import Any

from .models import StoredAttachment, snowflake
from .validation import MAX_FILE_BYTES

ATTACHMENT = 11  # the option type


class UploadTooLarge(ValueError):
    """A member's file over Discord's upload limit, refused before any command is sent."""


# A member with Nitro may upload up to 500 MiB (the same docs page: "may be higher for users
# depending on their Nitro status").
NITRO_FILE_BYTES = 500 * 1024 * 1024


def upload_refusal(filename: str, size: int, *, nitro: bool = False) -> str | None:
    """Why Discord would not take this file from a member, or None when it would."""
    limit = NITRO_FILE_BYTES if nitro else MAX_FILE_BYTES
    if size <= limit:
        return None
    return (
        f"{filename} is {size / 2**20:.1f} MB; Discord takes files up to "
        f"{limit // 2**20} MB{'' if nitro else ' (more only with Nitro or a boosted server)'}"
    )


class AttachmentOptionsArea:
    """The member's uploads: files attached to slash commands, served at their URL."""

    url: str
    uploads: dict[int, StoredAttachment]

    def upload(
        self, filename: str, data: bytes, content_type: str | None = None, *, nitro: bool = False
    ) -> StoredAttachment:
        """A file as the member's client uploads it for an attachment option: pass the
        returned attachment as the option's value in ``send_slash_command``. The content
        type is what the client sends, by default guessed from the file name, as Discord's
        client does (so a text file named .png is sent as image/png). A file over Discord's
        size limit (a member's with `nitro`) raises UploadTooLarge, as the client refuses it."""
        refused = upload_refusal(filename, len(data), nitro=nitro)
        if refused is not None:
            raise UploadTooLarge(refused)
        attachment_id = snowflake()
        attachment = StoredAttachment(
            id=attachment_id,
            filename=filename,
            data=data,
            content_type=content_type
            or mimetypes.guess_type(filename)[0]
            or "application/octet-stream",
            url=f"{self.url}/attachments/0/{attachment_id}/{filename}",
        )
        self.uploads[attachment_id] = attachment
        return attachment

    def uploaded(self, attachment_id: int) -> StoredAttachment | None:
        return self.uploads.get(attachment_id)


def attachment_payload(attachment: StoredAttachment) -> dict[str, Any]:
    """The attachment as ``resolved.attachments`` holds it: a command's upload is
    ephemeral (Discord keeps it only for the interaction)."""
    return {**attachment.payload(), "ephemeral": True}
