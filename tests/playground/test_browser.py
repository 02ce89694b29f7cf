"""The playground in a real browser: Debian's chromium, driven through its chromedriver, on
the page `puzzlebot playground` serves (the real bot against the built-in local Discord
server, in its own process). `make test` installs chromium when it is missing (as root)."""

from __future__ import annotations

import io
import os
import random
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageStat
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait

from puzzles import get_kind
from renderers import draw

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
# A closed machine: no sandbox (root in a container), no GPU, nothing fetched in the background.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,1000",
)
START_TIMEOUT = 180  # the worker pool warms up and the word lists load before the page is up
LOADED = "return arguments[0].complete && arguments[0].naturalWidth"
REPLY_TIMEOUT = 60  # generous: CI machines are slow
BOX = "vro wal eth bdi"


@pytest.fixture(scope="module")
def playground_url(tmp_path_factory) -> Iterator[str]:
    """`puzzlebot run --or-playground` (what `make run` runs) in its own process, without a
    token: it says so and opens the playground; the address it prints."""
    log = tmp_path_factory.mktemp("playground") / "stderr.log"
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    with open(log, "w") as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "bot", "run", "--or-playground"],
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            env=environment,
        )
        watchdog = threading.Timer(START_TIMEOUT, process.kill)
        watchdog.start()
        url, said = None, ""
        for line in process.stdout:
            said += line
            found = re.search(r"Playground: (http://127\.0\.0\.1:\d+/)", line)
            if found:
                url = found.group(1)
                break
        watchdog.cancel()
        if url is None:
            process.kill()
            pytest.fail(f"the playground printed no address; its log:\n{log.read_text()[-3000:]}")
        try:
            assert "No Discord token" in said, said
            yield url
        finally:
            process.send_signal(signal.SIGINT)
            try:
                assert process.wait(timeout=30) == 0, log.read_text()[-3000:]
            finally:
                process.kill()


@pytest.fixture(scope="module")
def browser(tmp_path_factory) -> Iterator[WebDriver]:
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not os.access(path, os.X_OK)]
    if missing:
        pytest.fail(
            f"{', '.join(missing)} missing: apt-get install chromium chromium-driver "
            "(`make test` does it when run as root)"
        )
    options = Options()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


class Page:
    """The playground's page as a member uses it."""

    def __init__(self, driver: WebDriver, url: str):
        self.driver = driver
        driver.get(url)
        self.wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#members input"))

    def wait_for(self, found, timeout: float = REPLY_TIMEOUT):
        def check(driver):
            try:
                return found()
            except StaleElementReferenceException:  # redrawn meanwhile: look again
                return None

        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(check)
        except TimeoutException:
            shown = "\n---\n".join(m.text for m in self.messages()[-4:])
            raise AssertionError(
                f"not on the page after {timeout} s; the last messages:\n{shown}\n"
                f"composer: {self.error()!r}; clock: {self.element('clock-note').text!r}"
            ) from None

    def element(self, element_id: str) -> WebElement:
        return self.driver.find_element(By.ID, element_id)

    def act_as(self, name: str) -> None:
        self.driver.find_element(By.ID, f"member-{name}").click()

    def open_channel(self, name: str) -> None:
        self.driver.find_element(By.ID, f"channel-{name}").click()

    @property
    def composer(self) -> WebElement:
        return self.driver.find_element(By.ID, "command")

    def suggestions(self) -> list[str]:
        items = self.driver.find_elements(By.CSS_SELECTOR, "#suggestions li .label")
        return [item.text for item in items]

    def suggested_descriptions(self) -> list[str]:
        items = self.driver.find_elements(By.CSS_SELECTOR, "#suggestions li .description")
        return [item.text for item in items]

    def choose_language(self, locale: str) -> None:
        """The acting member's Discord language, as the sidebar's menu sets it."""
        Select(self.element("language")).select_by_value(locale)

    def type_and_suggest(self, text: str) -> list[str]:
        """Type, and the suggestions once they are there."""
        self.composer.send_keys(text)
        return self.wait_for(self.suggestions)

    def send(self, command: str) -> None:
        self.composer.clear()
        self.composer.send_keys(command, Keys.ENTER)
        self.wait_for(lambda: self.composer.get_attribute("value") == "" or self.error())

    def error(self) -> str:
        box = self.driver.find_element(By.ID, "composer-error")
        return box.text if box.is_displayed() else ""

    def messages(self) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, "#messages .message")

    def message_with(self, text: str, *, newest: bool = True) -> WebElement:
        """The (newest) message whose text holds `text`, once it is shown."""

        def found():
            matching = [m for m in self.messages() if text in m.text]
            return (matching[-1] if newest else matching[0]) if matching else None

        return self.wait_for(found)

    def picture_in(self, text: str) -> WebElement:
        """The picture of the newest message holding `text`, once the browser has loaded it."""

        def loaded():
            images = self.message_with(text).find_elements(By.CSS_SELECTOR, "img")
            return next((i for i in images if self.driver.execute_script(LOADED, i)), None)

        return self.wait_for(loaded)

    def natural_size(self, image: WebElement) -> tuple[int, int]:
        return tuple(
            self.driver.execute_script(
                "return [arguments[0].naturalWidth, arguments[0].naturalHeight]", image
            )
        )

    def press(self, text: str, label: str) -> None:
        """Press the button `label` under the newest message holding `text`."""

        def button():
            buttons = self.message_with(text).find_elements(By.CSS_SELECTOR, "button")
            return next((b for b in buttons if b.text == label), None)

        self.wait_for(button).click()

    def fill_modal(self, fields: dict[str, str]) -> None:
        dialog = self.wait_for(lambda: self.driver.find_element(By.ID, "modal"))
        self.wait_for(lambda: dialog.get_attribute("open") is not None)
        for name, value in fields.items():
            box = self.driver.find_element(By.ID, f"modal-input-{name}")
            box.clear()
            box.send_keys(value)
        self.driver.find_element(By.ID, "modal-submit").click()
        self.wait_for(lambda: dialog.get_attribute("open") is None)

    def screenshot_shows(self, image: WebElement, path: Path) -> None:
        """Save a screenshot, and check the picture is really drawn on it where it is: not
        the page's plain background, but a drawing of many tones."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", image)
        self.driver.save_screenshot(str(path))
        ratio = self.driver.execute_script("return window.devicePixelRatio") or 1
        box = self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            " return [r.left, r.top, r.right, r.bottom]",
            image,
        )
        with Image.open(path) as shot:
            part = shot.convert("RGB").crop(tuple(round(v * ratio) for v in box))
        assert part.width > 100 and part.height > 100, (part.size, path)
        colours = part.getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 16, f"a flat picture on {path}"
        assert max(ImageStat.Stat(part).stddev) > 20, f"nothing drawn on {path}"


def solution_of(kind_name: str, text: str):
    kind = get_kind(kind_name)
    puzzle = kind.parse(text)
    return puzzle, kind.solve(puzzle)


def test_solve_letter_boxed_with_autocomplete_and_see_the_answer_and_its_picture(
    playground_url, browser, screenshots
):
    page = Page(browser, playground_url)
    # The empty channel says what to try first.
    page.wait_for(lambda: "Type / to see the commands" in page.element("messages").text)
    browser.save_screenshot(str(screenshots / "welcome.png"))
    page.act_as("alice")
    # The command, its subcommand and its options are offered from the tree the bot synced.
    assert "/solve" in page.type_and_suggest("/so")
    page.composer.send_keys(Keys.TAB)
    assert "/solve letterboxed" in page.type_and_suggest("lett")
    page.composer.send_keys(Keys.TAB)
    # The puzzle may be left out (a picture can stand in for it), so it is offered first.
    assert page.wait_for(page.suggestions)[0] == "puzzle:"
    page.composer.send_keys(Keys.TAB)
    # The puzzle option completes from the bot itself (an autocomplete interaction).
    assert any(s.startswith("example:") for s in page.wait_for(page.suggestions))
    page.composer.send_keys(BOX, Keys.ENTER)

    puzzle, solution = solution_of("letterboxed", BOX)
    answer = solution.text().splitlines()[0]
    assert "used /solve letterboxed" in page.message_with(answer).text
    picture = page.picture_in(answer)
    assert (
        page.natural_size(picture)
        == Image.open(io.BytesIO(draw("letterboxed", puzzle, solution))).size
    )
    assert "VRO WAL ETH BDI" in picture.get_attribute("alt")
    page.screenshot_shows(picture, screenshots / "letterboxed.png")

    # A spoiler stays hidden until clicked.
    page.send(f"/solve letterboxed {BOX} spoiler:True")
    spoilers = page.wait_for(lambda: page.messages()[-1].find_elements(By.CSS_SELECTOR, ".spoiler"))
    hidden = spoilers[0]
    assert "revealed" not in hidden.get_attribute("class")
    assert hidden.value_of_css_property("color") == "rgba(0, 0, 0, 0)"
    hidden.click()
    assert "revealed" in hidden.get_attribute("class")

    # A bad puzzle is answered privately: only the member who typed it sees it.
    page.send("/solve letterboxed vro wal eth bdo")
    private = page.message_with("appears twice")
    assert "Only you can see this" in private.text
    page.act_as("bob")
    page.wait_for(lambda: not [m for m in page.messages() if "appears twice" in m.text])


def test_the_playground_in_french(playground_url, browser, screenshots):
    """A member whose Discord is in French is shown the commands in French, the bot is told
    so with each interaction, and the bot's private reply to a mistake is in French."""
    page = Page(browser, playground_url)
    page.act_as("alice")
    page.choose_language("fr")
    try:
        page.composer.clear()
        page.composer.send_keys("/so")
        page.wait_for(
            lambda: "Résous un jeu et dessine la réponse" in page.suggested_descriptions()
        )
        page.composer.send_keys(Keys.TAB, "ladder ")
        # "required · " and the option's description (WebDriver reads a no-break space as a
        # space).
        page.wait_for(
            lambda: any("le jeu, p. ex. cold warm" in d for d in page.suggested_descriptions())
        )
        browser.save_screenshot(str(screenshots / "french-commands.png"))
        page.composer.clear()
        page.send("/solve ladder cold warmer")  # a ladder's two words have one length
        reply = page.message_with("used /solve ladder")
        assert "Only you can see this" in reply.text
        # WebDriver reads a no-break space as a space.
        assert "COLD a 4 lettres mais WARMER en a 6" in reply.text
        assert "Exemple : cold warm" in reply.text.replace("\u00a0", " ")
        invoked = reply.find_element(By.CSS_SELECTOR, ".invoked")
        assert invoked.get_attribute("data-locale") == "fr"
        # Another member keeps their own language.
        page.act_as("bob")
        assert Select(page.element("language")).first_selected_option.text == "English"
    finally:
        page.act_as("alice")
        page.choose_language("en-US")


def test_solve_sudoku_in_a_text_box(playground_url, browser, screenshots):
    page = Page(browser, playground_url)
    page.act_as("bob")
    grid = get_kind("sudoku").generate(random.Random(3), "easy").text()
    page.send("/solve sudoku")
    page.fill_modal({"puzzle": grid})
    # Typing goes on in the composer once the text box is closed, as in Discord.
    assert browser.switch_to.active_element.get_attribute("id") == "command"
    _, solution = solution_of("sudoku", grid)
    first_row = solution.text().splitlines()[0]
    assert "used /solve sudoku" in page.message_with(first_row).text
    page.screenshot_shows(page.picture_in(first_row), screenshots / "sudoku.png")


def test_solve_a_sudoku_photo_attached_with_the_file_picker(playground_url, browser, screenshots):
    """A newspaper photo (a training photo of the corpus, never a held-out one) picked with
    the composer's file picker, uploaded as Discord's client uploads it, and solved."""
    from bench.readers import photo_split, photo_truth, truth_text
    from tests.bot.test_cli_pictures import training_photo

    photo = training_photo("image1")
    assert photo.stem in photo_split(photo.parent)[0]
    page = Page(browser, playground_url)
    page.act_as("alice")
    page.element("attach").send_keys(str(photo))
    page.wait_for(lambda: "image1.jpg" in page.element("attached").text)
    page.send("/solve sudoku")
    assert not page.error()
    shown = page.message_with("I read from your picture")
    assert "used /solve sudoku" in shown.text
    assert code_block(shown) == truth_text(photo_truth(photo.with_suffix(".dat")))
    # Read exactly: answered at once, or, where the classifier doubts a cell (which ones
    # depends on its weights), the cells named and Solve answering as read.
    if "I'm not sure of" in shown.text:
        assert re.search(r"I'm not sure of \d+ cells?, shaded: r\dc\d", shown.text)
        page.press("I read from your picture", "Solve")
    solved = get_kind("sudoku").solve(get_kind("sudoku").parse(code_block(shown)))
    first_row = solved.text().splitlines()[0]
    page.message_with(first_row)
    page.screenshot_shows(page.picture_in(first_row), screenshots / "sudoku-photo.png")
    assert not page.element("attached").is_displayed()  # sent with the command, then gone


def code_block(message: WebElement) -> str:
    return message.find_element(By.CSS_SELECTOR, "pre").text


def test_daily_puzzle_set_up_played_and_on_the_leaderboard(playground_url, browser, screenshots):
    page = Page(browser, playground_url)
    # Setting up is shown only to a member who may manage the server.
    page.act_as("alice")
    assert "/puzzle-settings" not in page.type_and_suggest("/puzzle")
    page.composer.clear()
    page.act_as("morgan")
    page.send(
        "/puzzle-settings setup channel:#puzzles time:09:00 timezone:Europe/London "
        "kinds:letterboxed"
    )
    status = page.message_with("09:00 Europe/London")
    assert "Only you can see this" in status.text

    browser.find_element(By.ID, "clock-next-post").click()
    page.wait_for(lambda: "posted" in browser.find_element(By.ID, "clock-note").text, 180)
    page.open_channel("puzzles")
    page.message_with("nobody has played yet")  # the post says what it is, not the puzzle

    # Bob presses Play, reads the puzzle in his private reply, and answers in the text box.
    page.act_as("bob")
    page.press("Press Play", "Play")
    opened = page.message_with("Your timer is running")
    assert "Only you can see this" in opened.text
    number = re.search(r"Letter Boxed #(\d+)", opened.text).group(1)
    puzzle_text = code_block(opened)
    _, solution = solution_of("letterboxed", puzzle_text)
    page.press("Your timer is running", "Answer")
    page.fill_modal({"answer": " ".join(solution.words)})
    assert "100 points" in page.message_with("Solved Letter Boxed").text

    page.send("/leaderboard period:today")
    board = page.picture_in("used /leaderboard")  # one picture, its alt text the table
    assert "1. Bob, 100 pts" in board.get_attribute("alt")
    page.screenshot_shows(board, screenshots / "leaderboard.png")

    # The end of the day: the answer is posted for everyone.
    browser.find_element(By.ID, "clock-end-day").click()
    closed = page.message_with(f"Letter Boxed #{number} has closed")
    assert "1 played, 1 solved" in closed.text and "1. Bob, 100 points" in closed.text
    page.picture_in(f"Letter Boxed #{number} has closed")  # the answer drawn in, a spoiler
    page.act_as("alice")
    page.wait_for(lambda: not [m for m in page.messages() if "Solved Letter Boxed" in m.text])


# Markup a bot (or a member's text it echoes) could carry into a message, each trying to run
# a script or to link elsewhere than a web page.
INJECTED = [
    "[x](http://a/<@1>)",
    '[x](http://a/" onmouseover="window.ran=1)',
    '<img src=x onerror="window.ran=1">',
    "[click](javascript:window.ran=1)",
    "[click](data:text/html,<script>window.ran=1</script>)",
    "**[x](https://a/</help:1>)** ||<@1> `<b>`||",
    '</daily status:1> and </solve" onmouseover="window.ran=1:2>',
]
DRAW_ALL = """
const box = document.createElement("div");
box.id = "drawn-markup";
arguments[0].forEach((text, index) => box.append(markdown(text, "content", "k" + index)));
const script = "javascript:window.ran=1";
box.append(drawComponent({type: 2, style: 5, label: "go", url: script}, {id: "1"}, "b"));
box.append(drawComponent({type: 13, file: {url: script}}, {id: "1"}, "f"));
document.body.append(box);
for (const node of box.querySelectorAll("*")) node.dispatchEvent(new MouseEvent("mouseover"));
"""


def test_injected_markup_never_runs_and_links_only_to_web_pages(playground_url, browser):
    Page(browser, playground_url)
    browser.execute_script(DRAW_ALL, INJECTED)
    box = browser.find_element(By.ID, "drawn-markup")
    assert not box.find_elements(By.CSS_SELECTOR, "img, script, [onerror], [onmouseover]")
    links = box.find_elements(By.CSS_SELECTOR, "a")
    hrefs = [link.get_attribute("href") for link in links]
    assert all(re.match(r"https?://", href or "") for href in hrefs if href), hrefs
    assert [link.text for link in links if link.get_attribute("href")] == ["x", "x"]
    assert browser.execute_script("return window.ran === undefined ? null : window.ran") is None
    # A command mention is drawn as the command, as Discord draws it.
    commands = [c.text for c in box.find_elements(By.CSS_SELECTOR, ".mention.command")]
    assert commands == ["/daily status"]


def test_help_draws_command_mentions_as_commands(playground_url, browser):
    page = Page(browser, playground_url)
    page.act_as("alice")
    page.send("/help")
    # Looked up afresh each time: the "thinking..." message is redrawn when the help arrives,
    # and an element found before that would never show it.
    page.wait_for(
        lambda: page.message_with("used /help").find_elements(By.CSS_SELECTOR, ".mention.command")
    )
    shown = page.message_with("used /help")
    assert "</" not in shown.text
    named = [c.text for c in shown.find_elements(By.CSS_SELECTOR, ".mention.command")]
    assert "/daily status" in named and all(n.startswith("/") for n in named)


LOAD_EMOJI = r"""
const done = arguments[arguments.length - 1];
document.fonts.load('16px "Playground Emoji"', "\u{1F441}").then(
  (faces) => done(faces.map((face) => face.status)), () => done("failed"));
"""


def test_the_page_brings_its_own_emoji_font(playground_url, browser):
    Page(browser, playground_url)
    assert browser.execute_async_script(LOAD_EMOJI) == ["loaded"]


def letter_boxed_answer(puzzle_text: str) -> list[str]:
    _, solution = solution_of("letterboxed", puzzle_text)
    return list(solution.words)


def answer_in_box(page: Page, puzzle: str, answer: str) -> None:
    page.press(puzzle, "Answer")
    page.fill_modal({"answer": answer})


def test_alice_and_bob_race_from_the_post_to_the_placings(playground_url, browser, screenshots):
    page = Page(browser, playground_url)
    page.open_channel("general")
    page.act_as("alice")
    # Time enough for bob to join before the start on a slow machine.
    page.send("/race kind:letterboxed start_in:30 minutes:5")
    page.message_with("Your race is posted")
    # The scoreboard, as it reads before the start and while the race runs (the players'
    # private copies of the puzzle carry the race's title too).
    board, board_running = "Press Join to race", "press My puzzle if yours"
    assert "Race: Letter Boxed" in page.message_with(board).text

    # The countdown counts down on the page, as Discord's relative times do.
    def countdown() -> str:
        return page.message_with(board).find_element(By.CSS_SELECTOR, "[data-relative]").text

    first = page.wait_for(lambda: re.fullmatch(r"in \d+ seconds?", countdown()) and countdown())
    page.wait_for(lambda: countdown() != first, 5)

    page.act_as("bob")
    page.press(board, "Join")
    assert "Only you can see this" in page.message_with("You're in").text
    page.wait_for(lambda: "2 players" in page.message_with(board).text)

    # At the start each player's puzzle comes privately; Bob tries a wrong answer first.
    running = "the clock is running"
    puzzle = code_block(page.message_with(running))
    words = letter_boxed_answer(puzzle)
    answer_in_box(page, running, words[0] + " " + words[0])
    assert "Not yet (wrong try 1)" in page.message_with("Not yet").text
    page.wait_for(lambda: "Bob: solving, 1 wrong try" in page.message_with(board_running).text)
    answer_in_box(page, running, " ".join(words))
    assert "after 1 wrong try" in page.message_with("Finished in").text

    # Alice dismisses her copy, and gets it again from My puzzle under the scoreboard.
    page.act_as("alice")
    page.message_with(running).find_element(By.CSS_SELECTOR, "button.dismiss").click()
    page.press(board_running, "My puzzle")
    assert code_block(page.message_with(running)) == puzzle
    answer_in_box(page, running, " ".join(words))
    page.message_with("Finished in")

    placings = page.message_with("is over.")
    lines = placings.text.splitlines()
    assert re.search(r"^1\. Bob: finished in .*, 1 wrong try", placings.text, re.M), lines
    assert re.search(r"^2\. Alice: finished in ", placings.text, re.M), lines
    assert words[0].upper() in code_block(placings).upper()  # the solution, for everyone
    browser.save_screenshot(str(screenshots / "race.png"))
    # The scoreboard says it is over, and its buttons are gone.
    over = page.message_with("The race is over")
    assert not over.find_elements(By.CSS_SELECTOR, "button.component")


def test_a_co_op_thread_opens_from_the_sidebar_and_takes_guesses(playground_url, browser):
    page = Page(browser, playground_url)
    page.open_channel("general")
    page.act_as("alice")
    page.send("/together cryptogram")
    page.message_with("join in the thread below")
    thread = page.wait_for(lambda: browser.find_elements(By.ID, "thread-Co-op Cryptogram"))[0]
    thread.click()
    assert page.element("channel-name").text == "Co-op Cryptogram"
    board = "Fill it in together"
    page.picture_in(board)  # the puzzle, drawn, with how to play
    page.act_as("bob")
    page.send("/guess A=A")
    said = page.message_with("A=A")
    assert "Bob used /guess" in said.text.replace("↱ ", "")
    # A hint under the board is for the whole group: alice sees it in the thread.
    page.press(board, "Hint (costs points)")
    page.act_as("alice")
    assert "Hints used: 1" in page.message_with("Hint for Bob").text
    # The channel does not show what was said in its thread.
    page.open_channel("general")
    page.message_with("join in the thread below")
    assert not [m for m in page.messages() if "used /guess" in m.text]
