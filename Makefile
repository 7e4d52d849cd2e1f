# LayoutBench: the two commands a new user runs (see README.md).
#
#   make bench   the main job: release build, then `bench run --suite stackviews` (every
#                backend, sizes 10 to 10,000) writing Results/scratch/stackviews-<UTC time>.json
#   make smoke   the smoke suite (one small case of every workload), into Results/scratch/
#   make gate    the CI performance gate: the smoke cases of the committed baseline run now
#                and judged against it (docs/comparing.md); make gate-baseline re-records it
#   make test    every test: unit, property (seeded), CLI, in a debug build with the
#                tableau invariant checks on, then `make oracles`, the peer, engine and
#                sweep tests, and `make fuzz`
#   make fuzz    the seeded mutation fuzzer (Benchmarks/fuzz/): mutated systems, scenes and
#                results files through the debug bench's commands; fails on an internal
#                error, a crash, a hang or an answer that breaks a required constraint,
#                each failure saved with a replay.sh under $(SCRATCH)/fuzz-failures/
#   make oracles the external oracles: every backend of the debug bench, and Cassowary's
#                core alone (cassowary:core), against HiGHS (lexicographic) and
#                kiwisolver, on Benchmarks/systems/ and on seeded random systems
#                (Benchmarks/oracles/, Benchmarks/README.md)
#   make notebooks  the notebooks' unit tests, the check of Results/current/INDEX.md, then
#                every Notebooks/*.ipynb executed headless on Results/current/ into
#                .build/notebooks/*.html (Notebooks/README.md)
#   make engines the outside engines (docs/engines.md): kiwi in C++, against the
#                headers of kiwisolver's source distribution (PyPI); cassowary-rs in Rust,
#                from Debian's packaged crates (apt); yoga in C++, against the pyyoga
#                wheel's libyogacore.a (PyPI); taffy's stretchable into .venv (PyPI)
#   make peers   kiwisolver as a peer: `bench run --engine kiwisolver` on a suite, its
#                exported workloads through kiwisolver, answers checked against cassowary,
#                into Results/scratch/<suite>-<UTC time>.json (Benchmarks/README.md)
#
# Results/scratch/ is ignored by git: these targets never replace a committed result. To
# keep a run, move its file into Results/ or pass an output (RUN_ARGS="--out FILE",
# PEER_ARGS="--out FILE").
#
# All do their own set-up: they need the Swift toolchain of this machine kind and python3;
# `make setup` installs Debian's libjemalloc-dev (the allocator whose statistics give the
# allocation counts, docs/measurement.md) through apt-get when pkg-config cannot find it,
# and Debian's chromium (the report rendering test screenshots the HTML report headless)
# when it is not on PATH, unless LAYOUTBENCH_SKIP_BROWSER=1;
# `make oracles` and `make peers` create .venv with the pinned requirements of
# Benchmarks/oracles/ and Benchmarks/engines/kiwisolver/ (PyPI), again only when one of those files
# changes; `make notebooks` adds Notebooks/requirements.txt to the same .venv the same
# way. SCRATCH=DIR builds in DIR instead of .build.

SWIFT ?= swift
PYTHON ?= python3
SCRATCH ?= .build
RELEASE_BENCH := $(SCRATCH)/release/bench
WORK := $(SCRATCH)/bench-work
VENV := .venv
ORACLES := Benchmarks/oracles
KIWI_ENGINE := Benchmarks/engines/kiwisolver
ENGINE_SDK := Benchmarks/engines/sdk
REQUIREMENTS := $(ORACLES)/requirements.txt $(KIWI_ENGINE)/requirements.txt Benchmarks/engines/requirements.txt
VENV_STAMP := $(VENV)/.requirements.stamp
ORACLE_RANDOM ?= 200
ORACLE_SEED ?= 1
# Tuned Cassowary backends the oracles check beside the default ones (docs/accelerations.md).
ORACLE_TUNINGS ?= core
NOTEBOOKS := Notebooks
NOTEBOOK_STAMP := $(VENV)/.notebooks-requirements.stamp
NOTEBOOK_OUT := $(SCRATCH)/notebooks
NOTEBOOK_TIMEOUT ?= 600

.PHONY: bench smoke gate gate-base-bench gate-baseline test test-times build release setup clean oracles notebooks notebooks-strip peers peer-tests engines engine-tests sweep-test fuzz

# $(call apt-install,PACKAGES,WHY): a shell fragment installing Debian packages with
# apt-get, through sudo when not root; exits 2 saying what to run when it cannot.
apt-install = \
	if [ "$$(id -u)" -eq 0 ]; then sudo=; \
	elif command -v sudo >/dev/null; then sudo=sudo; \
	else echo "error: $(1) missing and installing needs root or sudo; run as root: apt-get install -y $(1)"; exit 2; fi; \
	echo "installing $(1) ($(2))"; \
	$$sudo apt-get update -q && \
	$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(1) || \
	{ echo "error: apt-get could not install $(1); install it by hand"; exit 2; }

setup:
	@command -v $(SWIFT) >/dev/null || { echo "error: swift not found (expected Swift 6.3 at /opt/swift)"; exit 2; }
	@command -v $(PYTHON) >/dev/null || { echo "error: python3 not found"; exit 2; }
	@if ! { command -v pkg-config >/dev/null && pkg-config --exists jemalloc; }; then \
	  $(call apt-install,libjemalloc-dev pkg-config,jemalloc gives the allocation counts); \
	  pkg-config --exists jemalloc || { echo "error: libjemalloc-dev is installed but pkg-config cannot find jemalloc.pc"; exit 2; }; \
	fi
	@if [ "$$LAYOUTBENCH_SKIP_BROWSER" != 1 ] && ! command -v chromium >/dev/null; then \
	  $(call apt-install,chromium,the report test screenshots bench report's HTML in headless Chromium); \
	fi

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product bench --scratch-path $(SCRATCH)

# Prints how long each part took at the end; `make test-times` breaks the tests down by
# target. Long sweeps run only with LAYOUTBENCH_LONG_TESTS=1 (docs/testing.md).
test: setup
	@start=$$(date +%s.%N); \
	span() { awk "BEGIN { printf \"%.0f s\", $$2 - $$1 }"; }; \
	$(SWIFT) build --scratch-path $(SCRATCH) --build-tests || exit $$?; built=$$(date +%s.%N); \
	$(SWIFT) test --scratch-path $(SCRATCH) || exit $$?; tested=$$(date +%s.%N); \
	$(MAKE) --no-print-directory oracles || exit $$?; checked=$$(date +%s.%N); \
	$(MAKE) --no-print-directory peer-tests || exit $$?; peered=$$(date +%s.%N); \
	$(MAKE) --no-print-directory engine-tests || exit $$?; engined=$$(date +%s.%N); \
	$(MAKE) --no-print-directory sweep-test || exit $$?; swept=$$(date +%s.%N); \
	$(MAKE) --no-print-directory fuzz || exit $$?; finished=$$(date +%s.%N); \
	echo "make test: build $$(span $$start $$built), swift test $$(span $$built $$tested)," \
	  "oracles $$(span $$tested $$checked), peer tests $$(span $$checked $$peered)," \
	  "engine tests $$(span $$peered $$engined), sweep test $$(span $$engined $$swept)," \
	  "fuzz $$(span $$swept $$finished), total $$(span $$start $$finished)"

# Where the time of `make test` goes: the build, each test target alone, the oracles and
# the peer tests, as a table (Tests/test-times.sh).
test-times: setup
	SWIFT=$(SWIFT) SCRATCH=$(SCRATCH) Tests/test-times.sh

# The virtual environment, (re)installed when a requirements file is newer than the stamp.
$(VENV_STAMP): $(REQUIREMENTS)
	@test -x $(VENV)/bin/python || { echo "creating $(VENV)"; $(PYTHON) -m venv $(VENV); }
	@echo "installing $(REQUIREMENTS) into $(VENV)"
	@$(VENV)/bin/pip install --quiet --disable-pip-version-check $(addprefix -r ,$(REQUIREMENTS))
	@touch $@

oracles: setup
	@start=$$(date +%s.%N); status=0; \
	$(MAKE) -s --no-print-directory $(VENV_STAMP) || exit $$?; \
	$(SWIFT) build --scratch-path $(SCRATCH) --product bench || exit $$?; \
	echo "== oracle self-tests ($(ORACLES)/tests)"; \
	$(VENV)/bin/python -m unittest discover -s $(ORACLES)/tests -t $(ORACLES) || status=$$?; \
	echo "== oracles: Benchmarks/systems/ and --random $(ORACLE_RANDOM) --seed $(ORACLE_SEED)"; \
	LAYOUTBENCH_CASSOWARY_TUNING=$(ORACLE_TUNINGS) $(VENV)/bin/python $(ORACLES)/check.py --bench $(SCRATCH)/debug/bench \
	  --work $(SCRATCH)/oracle-work --failures $(SCRATCH)/oracle-failures \
	  Benchmarks/systems/ --random $(ORACLE_RANDOM) --seed $(ORACLE_SEED) || status=$$?; \
	echo "make oracles: $$(awk "BEGIN { printf \"%.1f\", $$(date +%s.%N) - $$start }") s, exit status $$status"; \
	exit $$status

# The notebooks' packages join the oracles' in .venv. Both files go to one pip call so
# that pins the two share (numpy, kiwisolver) must agree or the install fails.
$(NOTEBOOK_STAMP): $(NOTEBOOKS)/requirements.txt $(ORACLES)/requirements.txt
	@test -x $(VENV)/bin/python || { echo "creating $(VENV)"; $(PYTHON) -m venv $(VENV); }
	@echo "installing $(NOTEBOOKS)/requirements.txt into $(VENV)"
	@$(VENV)/bin/pip install --quiet --disable-pip-version-check \
	  -r $(ORACLES)/requirements.txt -r $(NOTEBOOKS)/requirements.txt
	@touch $@

# Needs no Swift: the notebooks read the committed Results/current/. Fails when a test
# fails, when Results/current/INDEX.md is stale, a document cites a Results/ path that does
# not exist or a file there is cited by none (results_index.py --check), or when a cell
# raises (nbconvert stops there). MPLBACKEND=Agg keeps the tests headless; the notebooks
# draw inline (also non-interactive). JUPYTER_PLATFORM_DIRS opts in to the directory layout
# jupyter_core otherwise warns about on every start; the kernel talks over a Unix socket in
# NOTEBOOK_OUT (an absolute path: the kernel starts in Notebooks/), not unencrypted TCP,
# which it warns about.
notebooks:
	@command -v $(PYTHON) >/dev/null || { echo "error: python3 not found"; exit 2; }
	@start=$$(date +%s.%N); \
	$(MAKE) -s --no-print-directory $(NOTEBOOK_STAMP) || exit $$?; \
	echo "== notebook library tests ($(NOTEBOOKS)/tests)"; \
	MPLBACKEND=Agg $(VENV)/bin/python -m unittest discover -s $(NOTEBOOKS)/tests -t $(NOTEBOOKS) || exit $$?; \
	echo "== the index of Results/current ($(NOTEBOOKS)/results_index.py --check)"; \
	$(VENV)/bin/python $(NOTEBOOKS)/results_index.py --results Results/current --check || exit $$?; \
	mkdir -p $(NOTEBOOK_OUT); \
	for notebook in $(NOTEBOOKS)/*.ipynb; do \
	  echo "== executing $$notebook"; \
	  MPLBACKEND=Agg JUPYTER_PLATFORM_DIRS=1 $(VENV)/bin/jupyter nbconvert --to html --execute \
	    --ExecutePreprocessor.timeout=$(NOTEBOOK_TIMEOUT) --output-dir $(NOTEBOOK_OUT) \
	    --KernelManager.transport=ipc --KernelManager.ip=$(abspath $(NOTEBOOK_OUT))/kernel-ipc "$$notebook" || exit $$?; \
	done; \
	echo "make notebooks: $$(awk "BEGIN { printf \"%.1f\", $$(date +%s.%N) - $$start }") s, HTML in $(NOTEBOOK_OUT)/"

# Notebooks are committed without outputs (reviewable diffs); run this before committing
# one that was saved with outputs. The notebooks' tests check it.
notebooks-strip: $(NOTEBOOK_STAMP)
	JUPYTER_PLATFORM_DIRS=1 $(VENV)/bin/jupyter nbconvert --clear-output --inplace $(NOTEBOOKS)/*.ipynb

# The peer tests: the engine SDK's (Benchmarks/engines/sdk/tests, docs/engines.md); the
# kiwisolver engine's (its mappings on systems worked out by hand, then `bench run --engine`
# of the debug bench on exported workloads, answers checked against cassowary's);
# Benchmarks/pool_runs.py's.
peer-tests: setup
	@$(MAKE) -s --no-print-directory $(VENV_STAMP)
	$(SWIFT) build --scratch-path $(SCRATCH) --product bench
	$(VENV)/bin/python -m unittest discover -s $(ENGINE_SDK)/tests -t $(ENGINE_SDK)
	LAYOUTBENCH_BENCH=$(SCRATCH)/debug/bench $(VENV)/bin/python -m unittest discover -s $(KIWI_ENGINE)/tests -t $(KIWI_ENGINE)
	LAYOUTBENCH_BENCH=$(SCRATCH)/debug/bench $(VENV)/bin/python -m unittest discover -s Benchmarks/tests -t Benchmarks

# The native outside engines (docs/engines.md, Benchmarks/engines/*/build/): kiwi in C++
# against the headers of kiwisolver's source distribution (PyPI, the version
# Benchmarks/engines/kiwisolver/requirements.txt pins), downloaded into $(ENGINE_SOURCES) once.
ENGINE_SOURCES := $(SCRATCH)/engine-sources
KIWI_VERSION := $(shell sed -n 's/^kiwisolver==//p' $(KIWI_ENGINE)/requirements.txt)
KIWI_HEADERS := $(ENGINE_SOURCES)/kiwisolver-$(KIWI_VERSION)
CXX ?= g++
ENGINE_CXXFLAGS := -O2 -std=c++17 -Wall -Wextra

engines: Benchmarks/engines/kiwi/build/engine Benchmarks/engines/cassowary-rs/build/engine Benchmarks/engines/yoga/build/engine
	@$(MAKE) -s --no-print-directory $(VENV_STAMP)

$(KIWI_HEADERS)/kiwi/kiwi.h: $(KIWI_ENGINE)/requirements.txt
	@$(MAKE) -s --no-print-directory $(VENV_STAMP)
	@mkdir -p $(ENGINE_SOURCES)
	$(VENV)/bin/pip download --quiet --disable-pip-version-check --no-binary :all: --no-deps \
	  kiwisolver==$(KIWI_VERSION) -d $(ENGINE_SOURCES)
	tar -xzf $(ENGINE_SOURCES)/kiwisolver-$(KIWI_VERSION).tar.gz -C $(ENGINE_SOURCES)
	@touch $@

Benchmarks/engines/kiwi/build/engine: Benchmarks/engines/kiwi/engine.cpp $(wildcard $(ENGINE_SDK)/cpp/*.hpp) $(KIWI_HEADERS)/kiwi/kiwi.h
	@mkdir -p $(@D)
	$(CXX) $(ENGINE_CXXFLAGS) -I$(KIWI_HEADERS) -o $@ $<

# The fuzzer's own tests (fake benches that fail on purpose), then cases 0 to FUZZ_CASES - 1
# of FUZZ_SEED against the debug bench, one case per core at a time. Standard library only, so
# no venv. A case is one bench process (30-40 ms to start) and costs 47 ms of CPU on
# average, Python's included, so FUZZ_CASES=2000 is about 50 s on 2 quiet cores (1500 took
# 72 s with the machine's load average at 6.6). LAYOUTBENCH_LONG_TESTS=1 runs 20 times as
# many, and another FUZZ_SEED explores other cases. The failures folder is emptied first,
# so what it holds is this run's.
FUZZ_SEED ?= 1
FUZZ_CASES ?= 2000
FUZZ := Benchmarks/fuzz
fuzz: setup
	$(SWIFT) build --scratch-path $(SCRATCH) --product bench
	$(PYTHON) -m unittest discover -s $(FUZZ)/tests -t $(FUZZ)
	@rm -rf $(SCRATCH)/fuzz-failures
	$(PYTHON) $(FUZZ)/fuzz.py --bench $(SCRATCH)/debug/bench --seed $(FUZZ_SEED) --cases $(FUZZ_CASES) \
	  --work $(SCRATCH)/fuzz-work --failures $(SCRATCH)/fuzz-failures

# The GNU parallel recipe (Benchmarks/sweeps/parallel-sweep.sh, docs/running.md): three
# shards of a sweep merged must equal the sweep run whole, skips included.
sweep-test: setup
	@command -v parallel >/dev/null || { $(call apt-install,parallel,the sweep recipe runs shards with GNU parallel); }
	$(SWIFT) build --scratch-path $(SCRATCH) --product bench
	BENCH=$(SCRATCH)/debug/bench Benchmarks/sweeps/test-parallel-sweep.sh

# Yoga in C++ against the headers and libyogacore.a that the pyyoga wheel (PyPI) ships,
# downloaded with the venv's pip into $(ENGINE_SOURCES) once and unpacked with Python's
# zipfile. (The taffy engine is Python: its stretchable comes with the venv,
# Benchmarks/engines/requirements.txt.)
YOGA_VERSION := 0.1.0
YOGA_WHEEL := $(ENGINE_SOURCES)/pyyoga-$(YOGA_VERSION)

$(YOGA_WHEEL)/lib64/libyogacore.a:
	@$(MAKE) -s --no-print-directory $(VENV_STAMP)
	@mkdir -p $(ENGINE_SOURCES)
	$(VENV)/bin/pip download --quiet --disable-pip-version-check --only-binary :all: --no-deps \
	  pyyoga==$(YOGA_VERSION) -d $(ENGINE_SOURCES)
	$(VENV)/bin/python -c 'import glob, sys, zipfile; zipfile.ZipFile(glob.glob(sys.argv[1])[0]).extractall(sys.argv[2])' \
	  "$(ENGINE_SOURCES)/pyyoga-$(YOGA_VERSION)-*.whl" $(YOGA_WHEEL)
	@touch $@

Benchmarks/engines/yoga/build/engine: Benchmarks/engines/yoga/engine.cpp $(wildcard $(ENGINE_SDK)/cpp/*.hpp) $(YOGA_WHEEL)/lib64/libyogacore.a
	@mkdir -p $(@D)
	$(CXX) $(ENGINE_CXXFLAGS) -DPYYOGA_VERSION='"$(YOGA_VERSION)"' -I$(YOGA_WHEEL)/include -o $@ $< $(YOGA_WHEEL)/lib64/libyogacore.a

# The engines of `make engines` measured by the debug bench on small cases of the deep and
# stackviews suites, every answer checked against cassowary's (exit 1 on a difference),
# after the Rust SDK's own tests. (The C++ SDK's tests are CLI tests of `swift test`.) The
# flex engines (yoga, taffy) answer every stackviews workload they express within the
# float32 tolerance and skip the rest with the reason (docs/flexbox.md), so a broken
# mapping fails here.
ENGINE_TEST_ENGINES := kiwi,cassowary-rs,yoga,taffy
ENGINE_TEST_RUN := run --allow-debug --sizes 10 --repetitions 1 --warmup 0 --engine $(ENGINE_TEST_ENGINES) --out $(SCRATCH)/engine-tests.json
engine-tests: setup engines
	cd $(ENGINE_SDK)/rust && CARGO_TARGET_DIR=$(ENGINE_TARGET) $(CARGO) test --quiet
	$(SWIFT) build --scratch-path $(SCRATCH) --product bench
	@for suite in deep stackviews; do \
	  echo "engines $(ENGINE_TEST_ENGINES) on $$suite at 10 views"; \
	  $(SCRATCH)/debug/bench $(ENGINE_TEST_RUN) --suite $$suite > /dev/null 2> $(SCRATCH)/engine-tests.log \
	    || { cat $(SCRATCH)/engine-tests.log; exit 1; }; \
	done

# cassowary-rs and serde_json from Debian's packaged crates (Benchmarks/engines/.cargo
# points cargo at /usr/share/cargo/registry, offline).
RUST_CRATES := librust-cassowary-dev librust-serde-json-dev
ENGINE_TARGET := $(abspath $(SCRATCH))/engine-target
CARGO ?= cargo

Benchmarks/engines/cassowary-rs/build/engine: Benchmarks/engines/cassowary-rs/Cargo.toml Benchmarks/engines/cassowary-rs/src/main.rs \
    $(ENGINE_SDK)/rust/Cargo.toml $(ENGINE_SDK)/rust/src/lib.rs
	@if [ ! -d /usr/share/cargo/registry/cassowary-0.3.0 ] || [ ! -d /usr/share/cargo/registry/serde_json-1.0.87 ]; then \
	  $(call apt-install,$(RUST_CRATES),the cassowary-rs engine builds from Debian's crates); \
	fi
	@command -v $(CARGO) >/dev/null || { $(call apt-install,cargo,the cassowary-rs engine is Rust); }
	cd Benchmarks/engines/cassowary-rs && CARGO_TARGET_DIR=$(ENGINE_TARGET) $(CARGO) build --release --quiet
	@mkdir -p $(@D)
	cp $(ENGINE_TARGET)/release/engine $@

# kiwisolver as a peer: `bench run --suite SUITE --engine kiwisolver` with the release bench
# (the engine runs on .venv's Python, where kiwisolver is installed), into
# Results/scratch/<suite>-<UTC time>.json, for `bench report` to draw
# beside the Swift backends. PEER_ARGS adds bench run's options, e.g. PEER_ARGS="--sizes 10,100";
# PEER_ENGINE=kiwisolver-readd or kiwisolver-edit-all maps constant changes otherwise.
PEER_ARGS ?=
PEER_ENGINE ?= kiwisolver
peers: release
	@$(MAKE) -s --no-print-directory $(VENV_STAMP)
	$(RELEASE_BENCH) run --suite $(SUITE) --engine $(PEER_ENGINE) $(PEER_ARGS)

# The main job: the stackviews suite on every backend, sizes 10 to 10,000, into
# Results/scratch/ (docs/running.md). RUN_ARGS adds options, e.g. RUN_ARGS="--sizes 10,100 --repetitions 3".
SUITE ?= stackviews
RUN_ARGS ?=
bench: release
	$(RELEASE_BENCH) run --suite $(SUITE) $(RUN_ARGS)

# One small case of every workload on every backend, release build, into Results/scratch/
# (the runner and every workload still work end to end).
smoke: release
	$(RELEASE_BENCH) run --suite smoke --repetitions 3 --warmup 1 --time-budget 2

# The performance gate (docs/comparing.md): runs the baseline's cases now with its recorded
# settings, this build's processes interleaved with those of a build of the baseline's own
# revision, and fails (exit 1) on a deterministic figure that rose above the committed file
# or a confirmed timing regression of at least 5 % (GATE_MIN_SLOWDOWN) at p < 0.01 against
# the baseline's revision measured in the same run. 5 %, not bench gate's 10 %: measured by
# bench gate-trials, it detects a 10 % slowdown in every trial and failed no A/A trial
# after confirmation (docs/comparing.md, Results/current/gate-trials.json).
GATE_BASELINE := Benchmarks/baselines/smoke.json
GATE_SETTINGS := --suite smoke --repetitions 20 --processes 6 --warmup 3 --time-budget 5
GATE_MIN_SLOWDOWN := 0.05
GATE_BASE := $(SCRATCH)/gate-base
GATE_BASE_BENCH := $(GATE_BASE)/build/release/bench
gate: release gate-base-bench
	@mkdir -p $(WORK)
	$(RELEASE_BENCH) gate --baseline $(GATE_BASELINE) --base-bench $(GATE_BASE_BENCH) --min-slowdown $(GATE_MIN_SLOWDOWN) \
	  --out $(WORK)/gate-current.json

# The gate's same-run reference: a release bench built from the revision the baseline was
# recorded at (its environment.gitRevision), its sources taken with `git archive` into
# $(GATE_BASE)/src; built again only when that revision changes.
gate-base-bench: setup
	@rev=$$($(PYTHON) -c 'import json, sys; print(json.load(open(sys.argv[1]))["environment"].get("gitRevision") or "")' $(GATE_BASELINE)) || exit 2; \
	case "$$rev" in ""|*+dirty) echo "error: $(GATE_BASELINE) names no clean revision (environment.gitRevision '$$rev'): re-record it from a clean checkout (make gate-baseline) and commit it"; exit 2;; esac; \
	if [ "$$(cat $(GATE_BASE)/revision 2>/dev/null)" = "$$rev" ] && [ -x $(GATE_BASE_BENCH) ]; then exit 0; fi; \
	git cat-file -e "$$rev^{commit}" 2>/dev/null || { echo "error: $(GATE_BASELINE) was recorded at $$rev, which this clone lacks (a shallow clone? git fetch --unshallow)"; exit 2; }; \
	echo "building the baseline's revision $$rev into $(GATE_BASE)"; \
	rm -rf $(GATE_BASE)/src $(GATE_BASE)/revision && mkdir -p $(GATE_BASE)/src && \
	git archive "$$rev" | tar -x -C $(GATE_BASE)/src && \
	$(SWIFT) build -c release --product bench --package-path $(GATE_BASE)/src --scratch-path $(GATE_BASE)/build && \
	echo "$$rev" > $(GATE_BASE)/revision

# The only way the baseline changes: re-record it on a quiet machine from a clean checkout
# (the gate builds the revision it names), and commit it.
gate-baseline: release
	@git diff --quiet HEAD -- || { echo "error: uncommitted changes: commit them first, so the baseline names the revision that measured it"; exit 2; }
	@mkdir -p $(dir $(GATE_BASELINE))
	$(RELEASE_BENCH) run $(GATE_SETTINGS) --out $(GATE_BASELINE)

clean:
	rm -rf .build
