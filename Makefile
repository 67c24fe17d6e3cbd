# Reveille: build, test, run and package.
#
#   make run     install what is needed, build, and run the agent (a headless demo without a desktop)
#   make check   install what is needed, build, and run every test (what CI runs)
#   make test-fast   the pure and core unit tests, for the edit-test loop
#   make deb     build reveille_<version>_amd64.deb
#   make pot     extract the messages into po/reveille.pot; make po merges it into po/*.po

SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = .build/release
export REVEILLE_DATADIR ?= $(CURDIR)/data
# The build tree's catalogues (make locale), as /usr/share/locale holds the installed ones.
export REVEILLE_LOCALEDIR ?= $(CURDIR)/build/locale

.PHONY: all deps deps-packaging build build-tests locale pot po po-lint test test-fast test-serial e2e e2e-shared e2e-alone check check-binaries check-man check-data check-po check-deb run demo deb bench bench-docs clean

all: build

# Inside `make check` each stage runs with BUILT=yes: the builds are stages of their own there,
# and a stage that built again would wait on SwiftPM's lock of .build while another compiles.
NEEDS_BUILD = $(if $(BUILT),,build)
NEEDS_TESTS = $(if $(BUILT),,build-tests)

deps:
	@scripts/install-deps.sh

# What the packaging checks need too (debhelper, lintian, debootstrap, groff, …).
deps-packaging:
	@scripts/install-deps.sh --with-packaging

# Every product (reveille, reveilled, reveille-waked) in one swift build: their modules compile
# side by side, where a build per product keeps one core idle most of the time.
build: deps locale
	$(SWIFT) build $(RELEASE_FLAGS)

build-tests: deps locale
	$(SWIFT) build --build-tests

# Every po/LL.po compiled to build/locale/LL/LC_MESSAGES/reveille.mo, where REVEILLE_LOCALEDIR
# points the tests (the package ships only the languages po/LINGUAS lists).
locale: deps
	@scripts/po/compile.sh build/locale

# The messages of every Message(...) call in Sources/ into po/reveille.pot (scripts/po/extract.py).
pot:
	scripts/po/extract.py

# po/reveille.pot merged into each po/LL.po: new messages come untranslated, changed ones fuzzy.
po: pot
	@for file in po/*.po; do [ -f "$$file" ] || continue; \
	    echo "msgmerge $$file"; msgmerge --quiet --update --backup=none "$$file" po/reveille.pot; done

# Every literal handed to a user-facing sink without Message (scripts/po/extract.py's SINKS).
po-lint:
	scripts/po/extract.py --lint --list

# Unit and integration tests, in two runs of the one test binary. The pure and core suites
# (FAST_SUITES: no daemon, no signal to the whole process, no child but their own) run in
# parallel. Every other suite starts a private bus, notification server or sound server, or
# signals the whole process (SignalWatchTests), so they run in a process of their own, one test
# at a time. A new test target runs in that serial pass until it is named here.
# ReveilleCLITests is not among them: its CaptchaTerminalTests drive a real pseudo-terminal, and a
# parallel run on a loaded machine has kept one from reading its Ctrl-C within its time limit.
FAST_SUITES = ReveilleTimeTests|ReveilleTextTests|GettextTests|ReveilleDomainTests|ReveilleCoreTests|SystemSupportTests|CryptTests|QRCodeTests|ReveilleAPITests|ReveilleAgentTests|SQLiteTests
FAST_FILTER = ^($(FAST_SUITES))\.
# Swift Testing runs a process's tests in parallel unless told --no-parallel.
SWIFT_TEST = timeout 1200 $(SWIFT) test --skip-build

test: $(NEEDS_TESTS)
	@status=0; \
	$(MAKE) --no-print-directory BUILT=yes test-fast || status=1; \
	$(MAKE) --no-print-directory BUILT=yes test-serial || status=1; \
	exit $$status

# The edit-test loop: the pure and core suites, in well under a minute once built.
test-fast: $(NEEDS_TESTS)
	@mkdir -p build
	$(SWIFT_TEST) --filter '$(FAST_FILTER)' 2>&1 | tee build/test-fast.log

test-serial: $(NEEDS_TESTS)
	@mkdir -p build
	$(SWIFT_TEST) --no-parallel --skip '$(FAST_FILTER)' 2>&1 | tee build/test-serial.log

# End-to-end tests: the release binaries in a private desktop session, driven as a user would.
e2e: $(NEEDS_BUILD)
	@mkdir -p build
	Tests/e2e/run.sh $(BIN) 2>&1 | tee build/e2e.log

# The two parts of e2e, which make check runs apart: the tests that run two at a time, and
# those that run alone (Tests/e2e/run.sh says which).
e2e-shared: $(NEEDS_BUILD)
	@mkdir -p build
	Tests/e2e/run.sh --shared $(BIN) 2>&1 | tee build/e2e-shared.log

e2e-alone: $(NEEDS_BUILD)
	@mkdir -p build
	Tests/e2e/run.sh --alone $(BIN) 2>&1 | tee build/e2e-alone.log

# The release binaries carry no Foundation beyond FoundationEssentials and no ICU.
check-binaries: $(NEEDS_BUILD)
	@mkdir -p build
	Tests/e2e/check-binaries.sh $(BIN) 2>&1 | tee build/check-binaries.log

# The man pages render without warnings and name every subcommand and D-Bus member.
check-man: $(NEEDS_BUILD)
	@mkdir -p build
	Tests/packaging/check-man.sh $(BIN)/reveille 2>&1 | tee build/check-man.log

# The session files in data/ are valid and agree with each other, and every target declares
# in Package.swift the targets it imports.
check-data: deps deps-packaging
	@mkdir -p build
	{ Tests/packaging/check-imports.py && Tests/packaging/check-data.sh; } 2>&1 | tee build/check-data.log

# The translations: po/reveille.pot is fresh, no user-facing literal bypasses Message (once
# po/STRICT exists), every language of po/LINGUAS is complete and keeps the placeholders, and
# the scripts that check all this fail on the fixtures they should fail on. A few seconds.
check-po: deps
	@mkdir -p build
	Tests/packaging/check-po.sh 2>&1 | tee build/check-po.log

# Builds the .deb, installs it into a clean Debian 12 root, starts the agent there through
# D-Bus activation, and purges it again.
check-deb: deps deps-packaging
	@mkdir -p build
	Tests/packaging/install-test.sh 2>&1 | tee build/check-deb.log

# Every test, each stage's time and failures, and all tests added up (scripts/summary.sh). A
# stage runs even when one before it failed (one that needs a failed build fails too), and
# make fails at the end if any stage did.
#
# On two cores the stages overlap where they do not compete. The Debian root for check-deb is
# made (debootstrap, mostly waiting on the network) while the release build compiles. Then the
# end-to-end tests that may run side by side (e2e-shared, two at a time, mostly waiting on
# timers) run beside the debug build, the pure and core suites and the packaging checks, which
# run at nice 19 so that the end-to-end tests get the processors whenever they want them; their
# output is shown once they are done. Last, with nothing beside them, come the suites that
# start daemons (test-serial) and the end-to-end tests that assert timings (e2e-alone).
BESIDE_E2E = build-tests test-fast check-binaries check-man check-data check-po check-deb
CHECK_STAGES = deps-packaging build e2e-shared $(BESIDE_E2E) test-serial e2e-alone
CHECK_LOGS = $(foreach stage,$(CHECK_STAGES),build/$(stage).log) build/stages.txt build/beside-e2e.log build/debian-root.log

# $(call stage,NAME): runs `make NAME` and appends "NAME STATUS SECONDS STARTED" to
# build/stages.txt, STARTED in seconds since the check began ($$began).
stage = t=$$(date +%s); s=0; $(MAKE) --no-print-directory BUILT=yes $(1) || s=$$?; \
	echo "$(1) $$s $$(($$(date +%s) - t)) $$((t - began))" >>build/stages.txt

check:
	@mkdir -p build
	@rm -f $(CHECK_LOGS)
	@began=$$(date +%s); \
	$(call stage,deps-packaging); \
	nice -n 19 Tests/packaging/install-test.sh --root-only >build/debian-root.log 2>&1 & root=$$!; \
	$(call stage,build); \
	( $(call stage,e2e-shared) ) & e2e=$$!; \
	( renice -n 19 -p $$BASHPID >/dev/null; for name in $(BESIDE_E2E); do $(call stage,$$name); done ) \
	    >build/beside-e2e.log 2>&1; \
	wait $$e2e || true; \
	echo "==== beside e2e-shared: $(BESIDE_E2E)"; \
	cat build/beside-e2e.log; \
	$(call stage,test-serial); \
	$(call stage,e2e-alone); \
	wait $$root || true; \
	scripts/summary.sh $$began

deb: deps deps-packaging
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

clean:
	rm -rf .build build
