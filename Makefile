# solver -- parallel state-space search with puzzle domains as plugins.
# One entry point; `make help` lists the targets. Sources are found by wildcard:
#   runtime/<part>/*.cc          -> $(BUILD)/libsolver_runtime.a (+ runtime/cli/main.cc -> solver)
#   plugins/<domain>/*.cc|*.c    -> $(BUILD)/plugins/lib<domain>.so (only include/ on the path)
#   tests/*.cc                   -> $(BUILD)/tests/unit_tests (doctest, linked with the runtime)
#   tests/<domain>/*.cc          -> $(BUILD)/tests/<domain>_tests (doctest, linked with the
#                                   plugin's own objects, to test its modules one by one)
#   tests/plugins/<name>/*.c|cc  -> $(BUILD)/tests/plugins/lib<name>.so (plugins for host tests)
#   tests/*_benchmark.cc         -> $(BUILD)/bench/<name> (make bench only)
#   tools/<domain>-*.cc          -> $(BUILD)/bench/<domain>-* (make tools and make bench; linked
#                                   with the domain's own objects)

SHELL := /bin/bash
# Build on every core unless the caller chose a job count (make -jN): `make test` compiles three
# build trees in CI, and a serial build left one of the two cores idle for most of it.
ifeq ($(filter -j%,$(MAKEFLAGS)),)
  MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif
CXX ?= g++
CC ?= gcc
PREFIX ?= /usr/local
SAN ?=
OMP ?=

# Debug information: full (-g) for the normal builds; line tables only (-g1) for the sanitizer
# builds, whose reports need no more than function, file and line. With -g, UndefinedBehavior-
# Sanitizer's check sites made the address build about 2.6 times slower to compile
# (plugins/sokoban/fess.cc: 15.6 s of CPU against 6.0 s with -g1), and the sanitizer builds are
# most of CI's time. `make test SAN=address DEBUGINFO=-g` for a build to step through in gdb.
ifeq ($(SAN),thread)
  BUILD ?= build-tsan
  SANFLAGS := -fsanitize=thread
  OPT := -O1
  DEBUGINFO ?= -g1
else ifeq ($(SAN),address)
  BUILD ?= build-asan
  # UndefinedBehaviorSanitizer without its null and alignment checks, which together made every
  # file about 1.5 times slower to compile (session 42: plugins/matchsticks/squares.cc 36.6 s of
  # CPU with them, 24.9 s without; either alone kept most of it): a null dereference still
  # faults and AddressSanitizer reports it with its stack, and x86 loads tolerate misalignment.
  SANFLAGS := -fsanitize=address,undefined -fno-sanitize=null,alignment -fno-omit-frame-pointer
  OPT := -O1
  DEBUGINFO ?= -g1
else ifneq ($(SAN),)
  $(error SAN must be thread or address, not '$(SAN)')
else ifeq ($(OMP),1)
  BUILD ?= build-omp
  OPT := -O2
else
  BUILD ?= build
  OPT := -O2
endif
DEBUGINFO ?= -g
# The sanitizer builds compile the doctest files (tests/**/*_test.cc) at -O0: their CHECKs'
# instrumented code was most of the AddressSanitizer build (the 84 test files 455 s of 730 s of
# compile CPU at -O1, 216 s at -O0), and the tests ran in the same CPU (178 s either way): the
# work they test is in the runtime and plugin objects, still at -O1 (ThreadSanitizer: 155 -> 129 s,
# its tests' run no slower). TEST_OPT=-O1 to change it. The other builds compile them at -O1 with
# line tables only (-g1): at -O2 -g they were 266 of the plain build's 425 s of compile CPU, 152 s
# at -O1 -g1, and `make test` ran 88.6 s against 84.3 s at -O2 (session 39; at -O0 cube_tests' own
# brute-force references took 77 s of CPU against 43 s, so not -O0 there). The runtime, plugins
# and tools keep -O2 -g.
ifneq ($(SAN),)
  TEST_OPT ?= -O0
else
  TEST_OPT ?= -O1 -g1
endif
# The doctest main (the framework's implementation) is compiled at TEST_OPT too: at -O1 under
# AddressSanitizer it alone took 35 s of compile (session 42). DOCTEST_CONFIG_SUPER_FAST_ASSERTS
# for every test object: an assertion is a call, not a try block around a result builder, which
# made a test file about a quarter quicker to compile (tests/sokoban/corraldead_test.cc 11.1 ->
# 8.3 s of CPU in the address build). A failing CHECK or REQUIRE fails the same way; an exception
# thrown inside an assertion's expression now ends its test case, as a failure, instead of
# failing only that assertion.
TEST_DEFS := -DDOCTEST_CONFIG_SUPER_FAST_ASSERTS

ifeq ($(OMP),1)
  OMPFLAGS := -fopenmp -DSOLVER_OMP=1
endif

WARN := -Wall -Wextra -Wshadow -Wno-missing-field-initializers
CXXFLAGS += -std=c++17 $(OPT) $(DEBUGINFO) $(WARN) -pthread -fPIC $(SANFLAGS) $(OMPFLAGS)
CFLAGS += -std=c99 $(OPT) $(DEBUGINFO) $(WARN) -fPIC $(SANFLAGS)
LDFLAGS += -pthread $(SANFLAGS) $(OMPFLAGS)
RUNTIME_CPPFLAGS := -Iinclude -Iruntime -DBOOST_DLL_USE_STD_FS -DSOLVER_INSTALL_PREFIX='"$(PREFIX)"' -MMD -MP
PLUGIN_CPPFLAGS := -Iinclude -MMD -MP
PLUGIN_FLAGS := -fvisibility=hidden
PLUGIN_CXXFLAGS := $(PLUGIN_FLAGS) -fvisibility-inlines-hidden
LIBS := -lboost_program_options -ldl

RUNTIME_SRCS := $(filter-out runtime/cli/main.cc,$(wildcard runtime/*/*.cc))
RUNTIME_OBJS := $(RUNTIME_SRCS:%.cc=$(BUILD)/obj/%.o)
# A plugin is a folder of plugins/ holding at least one source file.
PLUGIN_NAMES := $(sort $(notdir $(patsubst %/,%,$(dir $(wildcard plugins/*/*.cc plugins/*/*.c)))))
PLUGIN_LIBS := $(PLUGIN_NAMES:%=$(BUILD)/plugins/lib%.so)
# The test files whose every test case runs on the calling thread alone (no thread, no process
# started: the plain run's record, tests/doctest_main/main.cc). The thread build leaves them out,
# since a race needs two threads (session 43: 104 of its 318 s of compile CPU besides the cube's),
# and the plain `make test` fails if one of them holds a test case that started a thread or a
# process. tests/cube's run on TestServices, whose parallel_for and task groups run on the calling
# thread; the cube's pool searches and table builds run under ThreadSanitizer end to end in
# CubeE2E, RowBfs on real threads in tests/cube/row_bfs_threads.cc.
ONE_THREAD_TEST_SRCS := tests/cube/%_test.cc tests/ewn/%_test.cc tests/matchsticks/%_test.cc \
	tests/astar_engine_test.cc tests/plugin_guard_test.cc tests/report_test.cc tests/sokoban_checker_test.cc \
	$(addprefix tests/sokoban/,backward_early36_test.cc backward_guard37_test.cc backward_stall35_test.cc \
	best_dump40_test.cc corral_test.cc deadsquares_test.cc dupskip40_test.cc fess1_test.cc fess_box46_test.cc fess_cpu39_test.cc \
	fess_goals_test.cc fess_open_test.cc fess_owe_test.cc fess_plan_test.cc fess_seal_test.cc \
	fess_strand_test.cc fess_test.cc floods_test.cc freeze_test.cc frozengoals_test.cc heuristic_test.cc huge_alloc_test.cc \
	localdead_test.cc macros_test.cc matching_test.cc options_test.cc ordering_test.cc packing_side_test.cc \
	packpath_test.cc parse_test.cc roomfill_test.cc search_test.cc solution_test.cc solve_test.cc \
	speed34_test.cc state_store_test.cc zeroed_test.cc)
ifeq ($(SAN),thread)
  NOT_BUILT_TEST_SRCS := $(ONE_THREAD_TEST_SRCS)
endif
TEST_SRCS := $(filter-out %_benchmark.cc $(NOT_BUILT_TEST_SRCS),$(wildcard tests/*.cc))
TEST_OBJS := $(TEST_SRCS:%.cc=$(BUILD)/obj/%.o)
DOMAIN_TEST_NAMES := $(filter $(PLUGIN_NAMES),$(notdir $(patsubst %/,%,$(dir $(wildcard tests/*/)))))
DOMAIN_TEST_BINS := $(DOMAIN_TEST_NAMES:%=$(BUILD)/tests/%_tests)
TEST_PLUGIN_NAMES := $(notdir $(patsubst %/,%,$(dir $(wildcard tests/plugins/*/))))
TEST_PLUGIN_LIBS := $(TEST_PLUGIN_NAMES:%=$(BUILD)/tests/plugins/lib%.so)
BENCH_SRCS := $(wildcard tests/*_benchmark.cc)
BENCH_BINS := $(BENCH_SRCS:tests/%_benchmark.cc=$(BUILD)/bench/%)
TOOL_BINS := $(patsubst tools/%.cc,$(BUILD)/bench/%,$(foreach p,$(PLUGIN_NAMES),$(wildcard tools/$(p)-*.cc)))

DEPS_STAMP := $(BUILD)/.deps-ok

.PHONY: all deps test demo bench tools clean install help check-header
.DEFAULT_GOAL := all

all: $(BUILD)/solver $(PLUGIN_LIBS)

help:
	@echo "make                 build $(BUILD)/solver and the plugins in $(BUILD)/plugins"
	@echo "make test            build and run every test (doctest); SAN=thread|address for sanitizers;"
	@echo "                     TEST_ARGS='-tce=SokobanE2E*' passes doctest filters to every test binary"
	@echo "                     (sanitizer builds: -g1, line tables, DEBUGINFO=-g for full debug information;"
	@echo "                     the test files at -O0, elsewhere at -O1 -g1; TEST_OPT='-O2 -g' to change it;"
	@echo "                     SAN=address adds UBSan without its null and alignment checks; SAN=thread"
	@echo "                     leaves out ONE_THREAD_TEST_SRCS, the test files that run on one thread);"
	@echo "                     the plain run records each test case's threads in $(BUILD)/tests/thread-record.tsv"
	@echo "make demo            build and solve a sample of each shipped domain"
	@echo "make bench           benchmarks, tables and plots under $(BUILD)/bench (slow, not part of test)"
	@echo "make tools           the domains' drivers and probes (tools/<domain>-*.cc) into $(BUILD)/bench"
	@echo "make OMP=1           the same sources on the OpenMP executor, into build-omp/"
	@echo "make install PREFIX=DIR   bin/solver, lib/solver/plugins, include/solver/plugin.h, lib/pkgconfig/solver-plugin.pc,"
	@echo "                     share/man/man1/solver.1, share/doc/solver (README, plugin guide, plugin-example)"
	@echo "make deps            install missing Debian packages (as root) or name them"
	@echo "make clean           remove build directories"

# ---- dependencies: Debian packages, installed when root, otherwise named in one line ----------
deps: $(DEPS_STAMP)
$(DEPS_STAMP):
	@bash tools/bootstrap.sh
	@mkdir -p $(BUILD) && touch $@

# ---- the runtime and the host program -------------------------------------------------------
$(BUILD)/obj/runtime/%.o: runtime/%.cc | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(RUNTIME_CPPFLAGS) $(CXXFLAGS) -c $< -o $@

$(BUILD)/libsolver_runtime.a: $(RUNTIME_OBJS)
	@mkdir -p $(@D)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/solver: $(BUILD)/obj/runtime/cli/main.o $(BUILD)/libsolver_runtime.a
	$(CXX) $(LDFLAGS) $^ -o $@ $(LIBS)

# ---- plugins: only include/ on the include path, only the entry symbol exported --------------
$(BUILD)/obj/plugins/%.o: plugins/%.cc | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(PLUGIN_CPPFLAGS) $(CXXFLAGS) $(PLUGIN_CXXFLAGS) -c $< -o $@
$(BUILD)/obj/plugins/%.o: plugins/%.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(PLUGIN_CPPFLAGS) $(CFLAGS) $(PLUGIN_FLAGS) -c $< -o $@

plugin_objs = $(patsubst %.c,$(BUILD)/obj/%.o,$(patsubst %.cc,$(BUILD)/obj/%.o,$(wildcard plugins/$(1)/*.cc plugins/$(1)/*.c)))

define PLUGIN_RULE
$(BUILD)/plugins/lib$(1).so: $(call plugin_objs,$(1)) tools/plugin.map
	@mkdir -p $$(@D)
	$(CXX) -shared $(LDFLAGS) -Wl,--version-script=tools/plugin.map $(call plugin_objs,$(1)) -o $$@
endef
$(foreach p,$(PLUGIN_NAMES),$(eval $(call PLUGIN_RULE,$(p))))

# ---- tests --------------------------------------------------------------------------------
$(BUILD)/obj/tests/%.o: tests/%.cc | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(RUNTIME_CPPFLAGS) -Itests $(TEST_DEFS) $(CXXFLAGS) $(if $(filter %_test.cc tests/doctest_main/main.cc,$<),$(TEST_OPT)) -c $< -o $@
$(BUILD)/obj/tests/%.o: tests/%.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(PLUGIN_CPPFLAGS) $(CFLAGS) $(PLUGIN_FLAGS) -c $< -o $@

$(BUILD)/tests/unit_tests: $(TEST_OBJS) $(BUILD)/obj/tests/doctest_main/main.o $(BUILD)/libsolver_runtime.a
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) $^ -o $@ $(LIBS)

# A domain's test binary: tests/<domain>/*.cc, but under ThreadSanitizer without the
# ONE_THREAD_TEST_SRCS.
domain_test_srcs = $(filter-out $(NOT_BUILT_TEST_SRCS),$(wildcard tests/$(1)/*.cc))
define DOMAIN_TEST_RULE
$(BUILD)/tests/$(1)_tests: $(patsubst %.cc,$(BUILD)/obj/%.o,$(call domain_test_srcs,$(1))) $(BUILD)/obj/tests/doctest_main/main.o $(call plugin_objs,$(1))
	@mkdir -p $$(@D)
	$(CXX) $(LDFLAGS) $$^ -o $$@ $(LIBS)
endef
$(foreach d,$(DOMAIN_TEST_NAMES),$(eval $(call DOMAIN_TEST_RULE,$(d))))

test_plugin_objs = $(patsubst %.c,$(BUILD)/obj/%.o,$(patsubst %.cc,$(BUILD)/obj/%.o,$(wildcard tests/plugins/$(1)/*.cc tests/plugins/$(1)/*.c)))
define TEST_PLUGIN_RULE
$(BUILD)/tests/plugins/lib$(1).so: $(call test_plugin_objs,$(1))
	@mkdir -p $$(@D)
	$(CXX) -shared $(LDFLAGS) $$^ -o $$@
endef
$(foreach p,$(TEST_PLUGIN_NAMES),$(eval $(call TEST_PLUGIN_RULE,$(p))))

# ---- tools: the domains' drivers and probes (make tools; each file's header says what it does) --
# tools/<domain>-<name>.cc -> $(BUILD)/bench/<domain>-<name>, linked with the domain's own
# objects, as its tests are; ewn-bruteforce also with the tests' independent EWN checker,
# sokoban-replay with the independent Sokoban checker.
$(BUILD)/obj/tools/%.o: tools/%.cc | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(PLUGIN_CPPFLAGS) -Itests $(CXXFLAGS) -DDOCTEST_CONFIG_DISABLE -c $< -o $@

define TOOL_RULE
$(BUILD)/bench/$(1)-%: $(BUILD)/obj/tools/$(1)-%.o $(call plugin_objs,$(1))
	@mkdir -p $$(@D)
	$(CXX) $(LDFLAGS) $$^ -o $$@
endef
$(foreach p,$(PLUGIN_NAMES),$(eval $(call TOOL_RULE,$(p))))
$(BUILD)/bench/ewn-bruteforce: $(BUILD)/obj/tests/ewn_checker.o
$(BUILD)/bench/sokoban-replay: $(BUILD)/obj/tests/sokoban_checker.o
# cube-nx builds the N table on the runtime's work-stealing pool.
$(BUILD)/bench/cube-nx: $(BUILD)/libsolver_runtime.a
$(BUILD)/obj/tools/cube-nx.o: PLUGIN_CPPFLAGS += -Iruntime
.PRECIOUS: $(BUILD)/obj/tools/%.o

# The public header must compile as plain C99 with pedantic warnings.
check-header: $(BUILD)/obj/header_c99.o
$(BUILD)/obj/header_c99.o: include/solver/plugin.h
	@mkdir -p $(@D)
	printf '#include <solver/plugin.h>\nint solver_header_c99_check;\n' | $(CC) -std=c99 -pedantic -Wall -Wextra -Werror -Iinclude -x c -c - -o $@

# The plain build also compiles the tools (about 12 s of CPU), so that a change to a domain that
# breaks one of its drivers fails here and not in the next session that needs it.
ifeq ($(SAN),)
  TEST_TOOLS := $(TOOL_BINS)
endif
# The run records, per test case, the threads and processes it started in
# $(BUILD)/tests/thread-record.tsv (tests/doctest_main/main.cc; empty in the sanitizer builds,
# which do not count): CI's ThreadSanitizer step skips the test cases that never had a second
# thread in the plain run (.ci/run).
test: all check-header $(BUILD)/tests/unit_tests $(DOMAIN_TEST_BINS) $(TEST_PLUGIN_LIBS) $(TEST_TOOLS)
	@SOLVER_BUILD_DIR=$(BUILD) SOLVER_TEST_THREAD_LOG=$(BUILD)/tests/thread-record.tsv TEST_ARGS='$(TEST_ARGS)' \
		bash tools/run-tests.sh $(BUILD)/tests/unit_tests $(DOMAIN_TEST_BINS)
ifeq ($(SAN),)
	@awk -F'\t' -v files=" $(filter $(ONE_THREAD_TEST_SRCS),$(wildcard tests/*.cc tests/*/*.cc)) " \
		'($$2 > 0 || $$3 > 0) && index(files, " " $$5 " ") { print "make test: " $$5 " is in the Makefile'"'"'s ONE_THREAD_TEST_SRCS, but its test case \"" $$1 "\" started " $$2 " threads and " $$3 " processes: take the file out of the list"; bad = 1 } END { exit bad }' \
		$(BUILD)/tests/thread-record.tsv
endif

# ---- demo, bench, install -------------------------------------------------------------------
demo: all
	@bash tools/demo.sh $(BUILD)

$(BUILD)/bench/%: $(BUILD)/obj/tests/%_benchmark.o $(BUILD)/libsolver_runtime.a
	@mkdir -p $(@D)
	$(CXX) $(LDFLAGS) $^ -o $@ $(LIBS)

tools: all $(TOOL_BINS)

bench: all $(BENCH_BINS) $(TOOL_BINS)
	@bash tools/bench.sh $(BUILD)

# The version and ABI the installed pkg-config file states, read from their one definition.
VERSION := $(shell sed -n 's/^\#define SOLVER_VERSION "\(.*\)"/\1/p' runtime/cli/main.cc)
ABI := $(shell sed -n 's/^\#define SOLVER_ABI_MAJOR \([0-9]*\)/\1/p' include/solver/plugin.h).$(shell sed -n 's/^\#define SOLVER_ABI_MINOR \([0-9]*\)/\1/p' include/solver/plugin.h)
EXAMPLE_FILES := $(wildcard tools/plugin-example/*.c tools/plugin-example/*.sh tools/plugin-example/Makefile tools/plugin-example/README.md)
DOCDIR := $(PREFIX)/share/doc/solver

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/solver/plugins $(DESTDIR)$(PREFIX)/include/solver \
	    $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(DOCDIR)/plugin-example/puzzles
	install -m 755 $(BUILD)/solver $(DESTDIR)$(PREFIX)/bin/solver
	install -m 644 $(PLUGIN_LIBS) $(DESTDIR)$(PREFIX)/lib/solver/plugins/
	install -m 644 include/solver/plugin.h $(DESTDIR)$(PREFIX)/include/solver/plugin.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@ABI@|$(ABI)|' tools/solver-plugin.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/solver-plugin.pc
	install -m 644 docs/solver.1 $(DESTDIR)$(PREFIX)/share/man/man1/solver.1
	install -m 644 README.md CHANGELOG.md docs/writing-a-plugin.md $(DESTDIR)$(DOCDIR)/
	install -m 644 $(EXAMPLE_FILES) $(DESTDIR)$(DOCDIR)/plugin-example/
	install -m 644 tools/plugin-example/puzzles/* $(DESTDIR)$(DOCDIR)/plugin-example/puzzles/

clean:
	rm -rf build build-omp build-tsan build-asan

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
