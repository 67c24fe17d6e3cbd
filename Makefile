# Reveille: build, test, run and package.
#
#   make run     install what is needed, build, and run the agent (a headless demo without a desktop)
#   make check   install what is needed, build, and run every test (what CI runs)
#   make deb     build reveille_<version>_amd64.deb

SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = .build/release
export REVEILLE_DATADIR ?= $(CURDIR)/data

.PHONY: all deps build build-tests test e2e check check-binaries check-man check-deb run demo deb bench clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product reveille
	$(SWIFT) build $(RELEASE_FLAGS) --product reveilled

build-tests: deps
	$(SWIFT) build --build-tests

# Unit and integration tests. Each suite that needs a bus, a notification server or a sound
# server starts its own private one.
test: build-tests
	$(SWIFT) test --skip-build

# End-to-end tests: the release binaries in a private desktop session, driven as a user would.
e2e: build
	Tests/e2e/run.sh $(BIN)

# The release binaries carry no Foundation beyond FoundationEssentials and no ICU.
check-binaries: build
	Tests/e2e/check-binaries.sh $(BIN)

check: test e2e check-binaries

run: build
	scripts/run.sh $(BIN)

demo: build
	scripts/demo.sh $(BIN)

bench: build
	scripts/bench.sh $(BIN)

clean:
	rm -rf .build build
