# boardapp: `make run` installs everything into .venv and opens the board;
# `make test` installs everything into .venv and runs the whole test suite headless;
# `make soak` tries damaged files and maps, kills during saves, tamperings by email and
# random whole games of every ruleset (see benchmarks/soak.py).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench soak bundle bundle-test install-desktop clean messages catalogues

run: $(STAMP) catalogues
	@sh packaging/ensure-qt-libs.sh $(VENV)
	$(BIN)/boardapp

test: $(STAMP) catalogues
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check boardapp rulesets tests benchmarks

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py

# Damaged game files and maps, kills during saves, tamperings by email, random whole games;
# prints the figures, fails on a traceback, a hang, a lost save, a tampering accepted or a
# failed game. `make soak SOAK_ARGS=--full` runs the full counts (2,000 files).
soak: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/soak.py $(SOAK_ARGS)

# A standalone program in one folder, dist/boardapp/ (PyInstaller; see packaging/README.md),
# and its smoke test: the bundle, run offscreen, opens each game, plays, saves and reopens it.
bundle: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bundle]'
	$(BIN)/python packaging/catalogues.py compile
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/boardapp.spec

bundle-test: bundle
	dist/boardapp/boardapp --version
	QT_QPA_PLATFORM=offscreen dist/boardapp/boardapp selftest

# The menu entry, icons and the game-file type for the current user, starting .venv's boardapp.
install-desktop: $(STAMP)
	BOARDAPP_EXEC="$(abspath $(BIN)/boardapp)" sh packaging/install-desktop.sh

# Translations (README, "Translations"): `make messages` updates every .po from the code
# and prints the share translated; `make catalogues` compiles them (.mo, not committed).
messages: $(STAMP)
	$(BIN)/python packaging/catalogues.py extract

catalogues: $(STAMP)
	$(BIN)/python packaging/catalogues.py compile

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build dist *.egg-info
