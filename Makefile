# boardapp: `make run` installs everything into .venv and opens the board;
# `make test` installs everything into .venv and runs the whole test suite headless.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

run: $(STAMP)
	@sh packaging/ensure-qt-libs.sh $(VENV)
	$(BIN)/boardapp

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check boardapp rulesets tests benchmarks

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run.py

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build *.egg-info
