"""Files that are no puzzle picture get a message a member can act on, never a traceback."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from readers import sudoku
from readers.picture import MAX_BYTES, MIN_SIDE, PictureError, open_grey
from tests.readers.pictures import encoded, lined_grid, png_claiming_size


def refusal(data: bytes) -> str:
    with pytest.raises(PictureError) as caught:
        sudoku.read(data)
    return caught.value.message


def test_text_is_not_a_picture():
    message = refusal(b"53..7....6..195....98....6.8...6...34..8.3..17...2...6")
    assert "not a picture" in message
    assert "PNG" in message


def test_an_empty_file_is_refused():
    assert "empty" in refusal(b"")


def test_a_file_over_the_limit_states_the_limit():
    message = refusal(b"\x89PNG\r\n\x1a\n" + bytes(MAX_BYTES + 1))
    assert f"up to {MAX_BYTES // 2**20} MB" in message


def test_a_decompression_bomb_is_refused_before_decoding():
    message = refusal(png_claiming_size(60_000, 60_000))
    assert "million pixels" in message


def test_a_huge_picture_is_refused_by_its_header():
    message = refusal(png_claiming_size(10_000, 6_000))
    assert "10000x6000" in message
    assert "million pixels" in message


def test_a_tiny_picture_says_how_small_and_what_is_needed():
    message = refusal(encoded(Image.new("RGB", (60, 40), "white")))
    assert "60x40" in message
    assert f"{MIN_SIDE} pixels" in message


@pytest.mark.parametrize("fmt", ["GIF", "PNG"])
def test_an_animated_picture_is_refused(fmt):
    frames = [Image.new("RGB", (300, 300), colour) for colour in ("white", "black")]
    data = encoded(frames[0], fmt, save_all=True, append_images=frames[1:], duration=100)
    assert "animated" in refusal(data)


def test_a_jpeg_cut_short_is_called_damaged():
    photo = encoded(Image.effect_noise((400, 400), 60).convert("RGB"), "JPEG", quality=90)
    assert "damaged or cut short" in refusal(photo[: len(photo) // 2])


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "GIF", "WEBP"])
def test_a_picture_cut_short_in_its_header_is_called_damaged_not_another_kind(fmt):
    data = encoded(Image.new("RGB", (300, 300), "white"), fmt)
    message = refusal(data[:20])
    assert "damaged or cut short" in message and "not a picture" not in message


def test_a_file_of_another_kind_is_not_called_a_damaged_picture():
    assert "not a picture I can open" in refusal(b"%PDF-1.7\n" + bytes(400))


def test_a_photo_with_no_grid():
    image = Image.new("RGB", (640, 480), (200, 190, 170))
    pen = ImageDraw.Draw(image)
    pen.ellipse((100, 80, 400, 380), outline="black", width=6)
    pen.text((420, 200), "no puzzle here", fill="black")
    message = refusal(encoded(image, "JPEG"))
    assert "could not find a puzzle grid" in message
    assert "Example:" in message


def test_a_blank_page_has_no_grid():
    assert "could not find a puzzle grid" in refusal(encoded(Image.new("L", (500, 500), 255)))


@pytest.mark.parametrize("cells", [5, 7, 8])
def test_a_grid_of_an_unsupported_size_is_named(cells):
    message = refusal(lined_grid(cells))
    assert f"{cells}x{cells}" in message
    assert "4x4, 6x6, 9x9, 12x12 and 16x16" in message


def test_a_transparent_screenshot_is_read_on_white():
    image = Image.new("RGBA", (300, 200), (0, 0, 0, 0))
    grey = open_grey(encoded(image))
    assert grey.shape == (200, 300)
    assert grey.min() == 255


def test_a_big_photo_is_shrunk_to_the_working_size():
    grey = open_grey(encoded(Image.new("RGB", (4000, 3000), "white"), "JPEG"))
    assert max(grey.shape) <= 1600
    assert grey.shape[1] > grey.shape[0]


def test_a_sideways_photo_is_turned_by_its_exif_orientation():
    image = Image.new("RGB", (400, 200), "white")
    exif = image.getexif()
    exif[0x0112] = 6  # orientation: turn 90 degrees clockwise to view
    grey = open_grey(encoded(image, "JPEG", exif=exif))
    assert grey.shape == (400, 200)


def test_the_error_survives_the_worker_pool():
    import pickle

    with pytest.raises(PictureError) as caught:
        sudoku.read(b"not a picture")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert isinstance(copy, PictureError)
    assert copy.message == caught.value.message


def refused(data: bytes) -> PictureError:
    with pytest.raises(PictureError) as caught:
        sudoku.read(data)
    return caught.value


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "the picture is only 100x80 pixels, too small to read; it needs at least 120"),
        ("fr", "l'image ne fait que 100x80 pixels, trop petite pour être lue\u00a0; il faut"),
        ("es", "la imagen mide solo 100x80 píxeles, demasiado pequeña para leerla; necesita"),
        ("nl", "de afbeelding is maar 100x80 pixels, te klein om te lezen; er zijn minstens 120"),
    ],
)
def test_a_refusal_is_said_in_the_members_language(language, said):
    from puzzles.core import DISCORD

    message = refused(png_claiming_size(100, 80)).message_for(DISCORD, language)
    assert message.startswith(said)


def test_no_grid_is_said_in_french_with_what_to_send_instead():
    from puzzles.core import DISCORD

    blank = encoded(Image.new("L", (400, 300), 255))
    message = refused(blank).message_for(DISCORD, "fr")
    assert message.startswith("je n'ai pas trouvé de grille dans l'image.")
    assert "Exemple\u00a0: une photo prise bien d'en haut" in message
