# LayoutBench: the two commands a new user runs (see README.md).
#
#   make bench   the main job: release build, then solve the formats.md example and the
#                kiwi-anchor stack chain at 100 and 1,000 views with timings and counters
#   make test    every test: unit, property (seeded), CLI, in a debug build with the
#                tableau invariant checks on
#
# Both do their own set-up: they only need the Swift toolchain of this machine kind and
# python3 (stdlib only, for the system generator).

SWIFT ?= swift
PYTHON ?= python3
RELEASE_BENCH := .build/release/bench
WORK := .build/bench-work

.PHONY: bench test build release setup clean

setup:
	@command -v $(SWIFT) >/dev/null || { echo "error: swift not found (expected Swift 6.3 at /opt/swift)"; exit 2; }
	@command -v $(PYTHON) >/dev/null || { echo "error: python3 not found"; exit 2; }

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product bench

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test

bench: release
	@mkdir -p $(WORK)
	$(PYTHON) Benchmarks/systems/stack_chain.py 100 > $(WORK)/chain-100.json
	$(PYTHON) Benchmarks/systems/stack_chain.py 1000 > $(WORK)/chain-1000.json
	@echo "== formats.md section 1 example"
	$(RELEASE_BENCH) solve Benchmarks/systems/formats-example.json
	@for n in 100 1000; do \
	  echo "== stack chain, $$n views (Benchmarks/systems/stack_chain.py)"; \
	  $(RELEASE_BENCH) solve $(WORK)/chain-$$n.json --stats > $(WORK)/chain-$$n.solution.json || exit $$?; \
	done
	@echo "solutions written to $(WORK)/"

clean:
	rm -rf .build
