# One command for the main job (`make run`: the bot on Discord with a token, else the playground in a
# browser), one for the whole test suite (`make test`).
# Each sets itself up: a local virtual environment with the project and its test extras.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run playground demo test test-floors lint browser bench lexicon clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "puzzlebot needs Python 3.11 or newer (found: $$($(PYTHON) --version))"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The Discord bot with DISCORD_TOKEN (or [discord] token in CONFIG); without one, the playground:
# the same bot against the built-in local Discord server, tried in a browser at the address it
# prints (PLAYGROUND_PORT=8765 for a fixed port). See the README.
CONFIG ?= $(wildcard config.toml)
PLAYGROUND_PORT ?= 0
run: $(STAMP)
	$(BIN)/puzzlebot run --or-playground --port $(PLAYGROUND_PORT) $(if $(CONFIG),--config $(CONFIG))

playground: $(STAMP)
	$(BIN)/puzzlebot playground --port $(PLAYGROUND_PORT) $(if $(CONFIG),--config $(CONFIG))

demo: $(STAMP)
	$(BIN)/puzzlebot solve letterboxed vro wal eth bdi --image letterboxed.png

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The playground's tests drive Debian's chromium through its chromedriver: installed here when
# missing (apt-get, as root, as on CI); anyone else is told the one command to run.
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver; \
		else \
			echo "The browser tests need Debian's chromium: sudo apt-get install chromium chromium-driver"; \
			exit 1; \
		fi; \
	fi

test: lint browser
	$(BIN)/python -m pytest

# The whole suite again with every dependency at the lowest version pyproject.toml allows
# (.ci/floors.py writes the pins), in a second environment; CI runs it after `make test`.
FLOORS_VENV ?= .venv-floors
test-floors: $(STAMP) browser
	rm -rf $(FLOORS_VENV)
	$(PYTHON) -m venv $(FLOORS_VENV)
	$(BIN)/python .ci/floors.py > $(FLOORS_VENV)/floors.txt
	$(FLOORS_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(FLOORS_VENV)/bin/python -m pip install --quiet --constraint $(FLOORS_VENV)/floors.txt -e '.[test]'
	cat $(FLOORS_VENV)/floors.txt
	$(FLOORS_VENV)/bin/python -m pytest -p no:cacheprovider

# Every benchmark against ../shared/corpora, one after another (tens of minutes in all).
BENCHMARKS := letterboxed letterboxed_languages lexicon_load word_quality sudoku sudoku_grading spelling cryptogram codeword \
	qless ladder bot daily daily_posting leaderboard_render render playground_memory readers \
	race_burst race_servers play_burst daily_export readers_codeword
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	for name in $(BENCHMARKS); do echo "== bench.$$name"; $(BIN)/python -m bench.$$name || exit 1; done

# Rebuilds the committed word lists (needs apt-get, npm, unmunch from Debian's hunspell-tools,
# and the network to the package registries); French and Spanish take several minutes each
# (spylls checks every form with Hunspell's lookup).
lexicon: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[lexicon-build]'
	$(BIN)/python scripts/build_lexicon.py
	$(BIN)/python scripts/build_lexicon.py --lang fr
	$(BIN)/python scripts/build_lexicon.py --lang es

clean:
	rm -rf $(VENV) $(FLOORS_VENV) .pytest_cache .ruff_cache build *.egg-info
