# Reveille: build, test, run and package.
#
#   make run     install what is needed, build, and run the agent (a headless demo without a desktop)
#   make check   install what is needed, build, and run every test (what CI runs)
#   make deb     build reveille_<version>_amd64.deb

SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = .build/release
export REVEILLE_DATADIR ?= $(CURDIR)/data

.PHONY: all deps build build-tests test e2e check check-binaries check-man check-data check-deb run demo deb bench bench-docs hot-text clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product reveille
	$(SWIFT) build $(RELEASE_FLAGS) --product reveilled
	$(SWIFT) build $(RELEASE_FLAGS) --product reveille-waked

build-tests: deps
	$(SWIFT) build --build-tests

# Unit and integration tests. Each suite that needs a bus, a notification server or a sound
# server starts its own private one. One at a time: they start daemons and signal the process,
# and on two cores running them side by side only makes the servers slow to answer.
test: build-tests
	@mkdir -p build
	timeout 1200 $(SWIFT) test --skip-build --no-parallel 2>&1 | tee build/swift-test.log

# End-to-end tests: the release binaries in a private desktop session, driven as a user would.
e2e: build
	@mkdir -p build
	Tests/e2e/run.sh $(BIN) 2>&1 | tee build/e2e.log

# The release binaries carry no Foundation beyond FoundationEssentials and no ICU.
check-binaries: build
	@mkdir -p build
	Tests/e2e/check-binaries.sh $(BIN) 2>&1 | tee build/check-binaries.log

# The man pages render without warnings and name every subcommand and D-Bus member.
check-man: build
	@mkdir -p build
	Tests/packaging/check-man.sh $(BIN)/reveille 2>&1 | tee build/check-man.log

# The session files in data/ are valid and agree with each other, and every target declares
# in Package.swift the targets it imports.
check-data: deps
	scripts/install-deps.sh --with-packaging
	@mkdir -p build
	{ Tests/packaging/check-imports.py && Tests/packaging/check-data.sh; } 2>&1 | tee build/check-data.log

# Builds the .deb, installs it into a clean Debian 12 root, starts the agent there through
# D-Bus activation, and purges it again.
check-deb:
	scripts/install-deps.sh --with-packaging
	@mkdir -p build
	Tests/packaging/install-test.sh 2>&1 | tee build/check-deb.log

check: test e2e check-binaries check-man check-data check-deb
	@scripts/summary.sh

deb:
	scripts/install-deps.sh --with-packaging
	packaging/build-deb.sh

run: build
	scripts/run.sh $(BIN)

demo: build
	scripts/demo.sh $(BIN)

# Measures the release agent against floors measured in the same run (docs/benchmarks.md).
bench: build
	scripts/bench.sh $(BIN)

# Runs the bench and makes its report docs/benchmarks.md.
bench-docs: bench
	cp build/bench.md docs/benchmarks.md

# Profiles a day's use and rewrites Sources/reveilled/hot-text.order, the release link's layout
# of the agent's text (needs valgrind and perf; docs/performance.md, "Idle RSS").
hot-text:
	scripts/hot-text/profile.sh

clean:
	rm -rf .build build
