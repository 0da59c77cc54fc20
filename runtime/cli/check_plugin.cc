// check_plugin: the conformance checks behind `solver --check-plugin` (see check_plugin.h).
//
// The checks, in the order printed (docs/writing-a-plugin.md explains each rule):
//   load              the host accepts the library: entry symbol, ABI major, table size,
//                     required functions
//   identity          name (matching lib<name>.so), version, summary and input help are set
//   empty-input       open() and count_levels() refuse an empty input with a message
//   garbage-input     no crash, hang or silent success-without-instance on garbage, on every
//                     prefix-cut and byte-flip of --input; parse errors point inside the input
//   open              the --input level opens; the instance info is complete and coherent
//   unknown-option    an unknown --option key is refused with SOLVER_ERR_OPTION
//   deterministic     expanding a state twice (fresh scratch, other memory contents, a second
//                     instance, the state at another address) gives the same children
//   canonical         initial() writes every byte; no two sampled states with different bytes
//                     are indistinguishable (same goal test, h and successors)
//   heuristic-agrees  the h emitted with a child equals heuristic() on it
//   hash              the emitted hash equals hash() of the child's bytes
//   sink-stop         expansion stops at once when the sink returns nonzero
//   consistent        h(s) <= cost + h(t) on every sampled edge (when claimed)
//   threads           expansion, heuristic, goal test and hash from many threads at once give
//                     the single-thread results
//   engines           the engines' answers (and the plugin's own solve) pass the verifier with
//                     the same cost; the optimal engines agree
//   format-buffer     format_solution keeps the buffer protocol (SOLVER_ERR_BUFFER + needed)
//   verifier-rejects  the verifier refuses corrupted answers (truncated, cut in half, junk
//                     appended, empty) and reads no byte past `length`
//   admissible        h never exceeds the true remaining cost (when claimed): exactly on the
//                     whole space when it is small, else on exhaustive searches near the goal
//                     and against the remaining cost along the engines' path
#include "cli/check_plugin.h"

#include "engines/engine.h"
#include "engines/problem.h"
#include "engines/search_control.h"
#include "host/plugin_host.h"
#include "host/services.h"
#include "sched/make_executor.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <poll.h>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <unordered_map>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace solver {
namespace {

// ---- configuration and the text protocol between a check child and the parent -------------

struct check_config {
    const solver_plugin* t = nullptr;
    std::string path;
    bool has_input = false;
    std::string input, source;
    std::uint32_t level = 1;
    std::vector<std::pair<std::string, std::string>> options;
    unsigned threads = 4;
    double time_limit = 10;                  // per engine run
    std::map<std::string, std::string> data;  // facts earlier groups learned (solution, cost)
};

std::string escape(const std::string& s) {
    std::string o;
    for (char c : s) {
        if (c == '\\') o += "\\\\";
        else if (c == '\n') o += "\\n";
        else if (c == '\t') o += "\\t";
        else o += c;
    }
    return o;
}
std::string unescape(const std::string& s) {
    std::string o;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) {
            char c = s[++i];
            o += c == 'n' ? '\n' : c == 't' ? '\t' : c;
        } else {
            o += s[i];
        }
    }
    return o;
}
// Printable one-line form of arbitrary bytes, for messages.
std::string printable(const std::string& s, std::size_t max = 40) {
    std::string o;
    for (std::size_t i = 0; i < s.size() && i < max; ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 32 && c < 127 && c != '"') o += char(c);
        else {
            char b[8];
            std::snprintf(b, sizeof b, "\\x%02x", c);
            o += b;
        }
    }
    if (s.size() > max) o += "...(" + std::to_string(s.size()) + " bytes)";
    return o;
}
std::string hex_of(const void* p, std::size_t n) {
    std::string o;
    const auto* b = static_cast<const unsigned char*>(p);
    char buf[4];
    for (std::size_t i = 0; i < n; ++i) {
        std::snprintf(buf, sizeof buf, "%02x", b[i]);
        o += buf;
    }
    return o;
}

// What a check child reports: lines "V name\tdetail" (V = P pass, F fail, S skip), "N note"
// (what it is doing now, for crash reports) and "D key\tvalue" (facts for later groups).
class reporter {
public:
    explicit reporter(int fd) : fd_(fd) {}
    void pass(const std::string& name, const std::string& detail) { line("P " + name + "\t" + flat(detail)); }
    void fail(const std::string& name, const std::string& detail) { line("F " + name + "\t" + flat(detail)); }
    void skip(const std::string& name, const std::string& detail) { line("S " + name + "\t" + flat(detail)); }
    void note(const std::string& what) { line("N " + flat(what)); }
    void data(const std::string& key, const std::string& value) { line("D " + key + "\t" + escape(value)); }

private:
    static std::string flat(std::string s) {
        for (char& ch : s)
            if (ch == '\n' || ch == '\t' || ch == '\r') ch = ' ';
        return s;
    }
    void line(std::string out) {
        out += '\n';
        const char* p = out.data();
        std::size_t left = out.size();
        while (left > 0) {
            ssize_t w = ::write(fd_, p, left);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) return;
            p += w;
            left -= std::size_t(w);
        }
    }
    int fd_;
};

struct verdict {
    char kind;  // 'P', 'F', 'S'
    std::string detail;
};

struct group_result {
    std::map<std::string, verdict> verdicts;
    std::map<std::string, std::string> data;
    std::string last_note;
    std::string died;  // why the child ended abnormally, or empty
};

const char* signal_name(int sig) {
    switch (sig) {
        case SIGSEGV: return "SIGSEGV (invalid memory access)";
        case SIGABRT: return "SIGABRT (abort: an assertion, an uncaught exception or a corrupted heap)";
        case SIGFPE: return "SIGFPE (arithmetic error, e.g. division by zero)";
        case SIGBUS: return "SIGBUS (bad memory access)";
        case SIGILL: return "SIGILL (illegal instruction)";
        case SIGKILL: return "SIGKILL";
        default: return "a signal";
    }
}

// Runs body in a forked child with a deadline and collects what it reports.
group_result run_group(const std::function<void(reporter&)>& body, double deadline_seconds) {
    group_result g;
    int fds[2];
    if (pipe(fds) != 0) {
        g.died = std::string("could not create a pipe: ") + std::strerror(errno);
        return g;
    }
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    pid_t pid = fork();
    if (pid < 0) {
        g.died = std::string("could not fork: ") + std::strerror(errno);
        ::close(fds[0]);
        ::close(fds[1]);
        return g;
    }
    if (pid == 0) {
        ::close(fds[0]);
        reporter r(fds[1]);
        try {
            body(r);
        } catch (const std::exception& e) {
            r.note(std::string("the checker caught an exception: ") + e.what());
            ::_exit(3);
        }
        ::_exit(0);
    }
    ::close(fds[1]);
    std::string buffer;
    auto start = std::chrono::steady_clock::now();
    bool timed_out = false;
    for (;;) {
        double left = deadline_seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (left <= 0) {
            timed_out = true;
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        int n = poll(&p, 1, int(std::min(left, 1.0) * 1000) + 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) continue;
        char buf[4096];
        ssize_t got = ::read(fds[0], buf, sizeof buf);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;  // the child closed its end (exited)
        buffer.append(buf, std::size_t(got));
    }
    if (timed_out) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    ::close(fds[0]);
    std::istringstream in(buffer);
    std::string l;
    while (std::getline(in, l)) {
        if (l.size() < 2) continue;
        char kind = l[0];
        std::string rest = l.substr(2);
        auto tab = rest.find('\t');
        std::string name = rest.substr(0, tab), detail = tab == std::string::npos ? "" : rest.substr(tab + 1);
        if (kind == 'N') g.last_note = rest;
        else if (kind == 'D') g.data[name] = unescape(detail);
        else if (kind == 'P' || kind == 'F' || kind == 'S') g.verdicts[name] = {kind, detail};
    }
    if (timed_out) {
        char b[64];
        std::snprintf(b, sizeof b, "did not finish within %.0f s (a hang?)", deadline_seconds);
        g.died = b;
    } else if (WIFSIGNALED(status)) {
        g.died = std::string("crashed with ") + signal_name(WTERMSIG(status));
    } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
        g.died = "the check process ended with exit code " + std::to_string(WEXITSTATUS(status));
    }
    return g;
}

// ---- calling the plugin --------------------------------------------------------------------

struct child {
    std::string bytes;
    std::uint32_t move, cost, h;
    std::uint64_t hash;
    bool operator==(const child& o) const {
        return bytes == o.bytes && move == o.move && cost == o.cost && h == o.h && hash == o.hash;
    }
};

struct capture {
    std::vector<child>* out;
    std::uint32_t state_size;
    bool keep_hash;
    int stop_after;  // emit returns nonzero after this many children (-1: never)
    int calls;
};

int capture_emit(void* ctx, const void* state, std::uint32_t move, std::uint32_t cost, std::uint32_t h, std::uint64_t hash) {
    auto* c = static_cast<capture*>(ctx);
    ++c->calls;
    if (c->out)
        c->out->push_back({std::string(static_cast<const char*>(state), c->state_size), move, cost, h, c->keep_hash ? hash : 0});
    return c->stop_after >= 0 && c->calls >= c->stop_after ? 1 : 0;
}

// Scribbles over the stack below the caller so that a plugin reading uninitialized locals
// sees different garbage on different calls.
__attribute__((noinline)) void dirty_stack(unsigned char pattern) {
    volatile unsigned char area[32768];
    for (std::size_t i = 0; i < sizeof area; ++i) area[i] = pattern;
}

struct instance_handle {
    const solver_plugin* t = nullptr;
    solver_instance* inst = nullptr;
    instance_handle() = default;
    instance_handle(const instance_handle&) = delete;
    instance_handle& operator=(const instance_handle&) = delete;
    ~instance_handle() {
        if (inst) t->close(inst);
    }
};

struct open_result {
    solver_status status = SOLVER_OK;
    std::string message;
    std::uint32_t line = 0, column = 0;
};

// The options of the command line plus `extra`.
open_result open_text(const check_config& c, const std::string& text, std::uint32_t level, const solver_services* sv,
                      instance_handle& h, const std::vector<std::pair<std::string, std::string>>& extra = {},
                      bool with_options = true) {
    std::vector<solver_option> opts;
    if (with_options)
        for (const auto& kv : c.options) opts.push_back({kv.first.c_str(), kv.second.c_str()});
    for (const auto& kv : extra) opts.push_back({kv.first.c_str(), kv.second.c_str()});
    char msg[1024] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    h.t = c.t;
    h.inst = nullptr;
    // The text lives in its own exact-size buffer so a read past `length` is a read past the end.
    std::vector<char> buf(text.begin(), text.end());
    const char* p = buf.empty() ? "" : buf.data();
    open_result r;
    r.status = c.t->open(p, buf.size(), c.source.empty() ? "<check>" : c.source.c_str(), level, opts.data(),
                         opts.size(), sv, &h.inst, &err);
    r.message = msg;
    r.line = err.line;
    r.column = err.column;
    if (r.status != SOLVER_OK && h.inst) {
        // A failed open must not hand out an instance; close it so nothing leaks.
        c.t->close(h.inst);
        h.inst = nullptr;
    }
    return r;
}

const char* status_name(solver_status s) {
    switch (s) {
        case SOLVER_OK: return "SOLVER_OK";
        case SOLVER_ERR_PARSE: return "SOLVER_ERR_PARSE";
        case SOLVER_ERR_OPTION: return "SOLVER_ERR_OPTION";
        case SOLVER_ERR_NO_MEMORY: return "SOLVER_ERR_NO_MEMORY";
        case SOLVER_ERR_STOPPED: return "SOLVER_ERR_STOPPED";
        case SOLVER_ERR_INVALID: return "SOLVER_ERR_INVALID";
        case SOLVER_ERR_BUFFER: return "SOLVER_ERR_BUFFER";
        case SOLVER_ERR_UNSUPPORTED: return "SOLVER_ERR_UNSUPPORTED";
        case SOLVER_ERR_UNSOLVABLE: return "SOLVER_ERR_UNSOLVABLE";
        case SOLVER_ERR_INTERNAL: return "SOLVER_ERR_INTERNAL";
    }
    return "an unknown status";
}

// The runtime side a plugin sees while a check runs.
struct check_runtime {
    std::unique_ptr<executor> exec;
    search_control control;
    std::unique_ptr<runtime_services> services;
    check_runtime(unsigned threads, double time_limit)
        : control(time_limit, physical_memory_bytes() / 4) {
        executor_options eo;
        eo.threads = threads;
        eo.kind = threads <= 1 ? "sequential" : "";
        exec = make_executor(eo);
        services = std::make_unique<runtime_services>(*exec, control, default_cache_dir(), true);
    }
};

// An opened --input level with one scratch, and a breadth-first sample of its states.
struct sampled {
    const solver_plugin* t = nullptr;
    instance_handle handle;
    const solver_instance_info* info = nullptr;
    std::uint32_t ss = 0, flags = 0;
    solver_scratch* scratch = nullptr;
    std::vector<std::string> states;              // distinct states in BFS order
    std::vector<std::vector<child>> children;     // captured expansions (first `keep` states)
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> edges;  // (child index, cost)
    std::vector<std::uint32_t> depth;
    std::unordered_map<std::string, std::uint32_t> index;
    bool complete = false;  // the whole reachable space (without dead children) was explored
    std::string error;      // why sampling could not run

    ~sampled() {
        if (scratch) t->scratch_free(scratch);
    }
    bool has_hash() const { return (flags & SOLVER_HAS_HASH) && t->hash; }

    solver_status expand(const std::string& s, std::vector<child>& out, solver_scratch* sc = nullptr, int stop_after = -1,
                         int* calls = nullptr) {
        out.clear();
        capture cap{&out, ss, has_hash(), stop_after, 0};
        solver_sink sink{&cap, capture_emit};
        solver_status st = t->expand(handle.inst, sc ? sc : scratch, s.data(), &sink);
        if (calls) *calls = cap.calls;
        return st;
    }
};

// Opens the --input level and explores up to `limit` states breadth-first, keeping the full
// children of the first `keep`. Returns false (with s.error) when that is impossible.
bool open_and_sample(const check_config& c, const solver_services* sv, sampled& s, std::size_t limit, std::size_t keep,
                     reporter* r = nullptr) {
    s.t = c.t;
    open_result o = open_text(c, c.input, c.level, sv, s.handle);
    if (o.status != SOLVER_OK) {
        s.error = std::string("the --input level does not open: ") + status_name(o.status) + ": " + o.message;
        return false;
    }
    s.info = c.t->info(s.handle.inst);
    if (!s.info || s.info->state_size == 0) {
        s.error = "the instance has no info or a state size of 0";
        return false;
    }
    s.ss = s.info->state_size;
    s.flags = s.info->flags;
    s.scratch = c.t->scratch_create(s.handle.inst);
    if (!s.scratch) {
        s.error = "scratch_create returned NULL";
        return false;
    }
    std::string init(s.ss, '\0');
    solver_status st = c.t->initial(s.handle.inst, s.scratch, &init[0]);
    if (st != SOLVER_OK) {
        s.error = std::string("initial() failed with ") + status_name(st);
        return false;
    }
    if (r) r->note("exploring states breadth-first from the initial state");
    s.states.push_back(init);
    s.index.emplace(init, 0);
    s.depth.push_back(0);
    std::vector<child> kids;
    std::size_t head = 0;
    for (; head < s.states.size(); ++head) {
        std::string cur = s.states[head];
        st = s.expand(cur, kids);
        if (st != SOLVER_OK) {
            s.error = "expand() of sampled state #" + std::to_string(head) + " failed with " + status_name(st);
            return false;
        }
        s.edges.emplace_back();
        for (const auto& k : kids) {
            if (k.h == SOLVER_H_DEAD) continue;
            auto it = s.index.find(k.bytes);
            std::uint32_t id;
            if (it == s.index.end()) {
                if (s.states.size() >= limit) continue;
                id = std::uint32_t(s.states.size());
                s.states.push_back(k.bytes);
                s.index.emplace(k.bytes, id);
                s.depth.push_back(s.depth[head] + 1);
            } else {
                id = it->second;
            }
            s.edges.back().push_back({id, k.cost});
        }
        if (head < keep) s.children.push_back(kids);
        if (s.states.size() >= limit && head + 1 >= keep) {
            ++head;
            break;
        }
    }
    s.complete = head == s.states.size() && s.states.size() < limit;
    // Keep exactly the states that were expanded.
    s.states.resize(std::min(s.states.size(), std::max<std::size_t>(head, 1)));
    return true;
}

std::string describe_difference(const std::vector<child>& a, const std::vector<child>& b, std::uint32_t ss) {
    if (a.size() != b.size())
        return std::to_string(a.size()) + " children the first time, " + std::to_string(b.size()) + " the second";
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] == b[i]) continue;
        std::string where = "child " + std::to_string(i + 1) + ": ";
        if (a[i].bytes != b[i].bytes) {
            std::size_t k = 0;
            while (k < ss && a[i].bytes[k] == b[i].bytes[k]) ++k;
            char buf[96];
            std::snprintf(buf, sizeof buf, "state byte %zu is 0x%02x one time and 0x%02x the other", k,
                          (unsigned char)a[i].bytes[k], (unsigned char)b[i].bytes[k]);
            return where + buf;
        }
        if (a[i].move != b[i].move) return where + "move id " + std::to_string(a[i].move) + " vs " + std::to_string(b[i].move);
        if (a[i].cost != b[i].cost) return where + "cost " + std::to_string(a[i].cost) + " vs " + std::to_string(b[i].cost);
        if (a[i].h != b[i].h) return where + "h " + std::to_string(a[i].h) + " vs " + std::to_string(b[i].h);
        return where + "hash " + std::to_string(a[i].hash) + " vs " + std::to_string(b[i].hash);
    }
    return "no difference";
}

std::uint64_t digest(const std::vector<child>& kids) {
    std::uint64_t h = 1469598103934665603ull;
    auto mixin = [&](const void* p, std::size_t n) {
        const auto* b = static_cast<const unsigned char*>(p);
        for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
    };
    for (const auto& k : kids) {
        mixin(k.bytes.data(), k.bytes.size());
        mixin(&k.move, sizeof k.move);
        mixin(&k.cost, sizeof k.cost);
        mixin(&k.h, sizeof k.h);
        mixin(&k.hash, sizeof k.hash);
    }
    return h;
}

void set_malloc_perturb(int value) {
#if defined(__GLIBC__) && defined(M_PERTURB)
    mallopt(M_PERTURB, value);
#else
    (void)value;
#endif
}

constexpr std::size_t sample_limit = 4000;

// ---- the groups of checks --------------------------------------------------------------------

std::string library_stem(const std::string& path) {
    std::string f = path.substr(path.find_last_of('/') + 1);
    if (f.rfind("lib", 0) == 0) f = f.substr(3);
    auto dot = f.find(".so");
    if (dot != std::string::npos) f = f.substr(0, dot);
    return f;
}

void check_identity(const check_config& c, reporter& r) {
    const solver_plugin& t = *c.t;
    std::vector<std::string> missing;
    if (!t.name || !*t.name) missing.push_back("name");
    if (!t.version || !*t.version) missing.push_back("version");
    if (!t.summary || !*t.summary) missing.push_back("summary");
    if (!t.input_help || !*t.input_help) missing.push_back("input_help");
    if (!t.options_help) missing.push_back("options_help (\"\" when there are no options)");
    if (!missing.empty()) {
        std::string m;
        for (auto& x : missing) m += (m.empty() ? "" : ", ") + x;
        r.fail("identity", "empty or NULL: " + m);
        return;
    }
    std::string stem = library_stem(c.path);
    if (stem != t.name) {
        r.fail("identity", "the table says name '" + std::string(t.name) + "' but the file is lib" + stem +
                               ".so: a bare --plugin " + t.name + " would not find it");
        return;
    }
    r.pass("identity", std::string("'") + t.name + "' version " + t.version);
}

// Open on an input that must be refused or survived; returns "" when the behaviour is
// acceptable, else why not.
std::string judge_open(const check_config& c, const std::string& text, bool must_refuse, const solver_services* sv) {
    instance_handle h;
    open_result o = open_text(c, text, 1, sv, h);
    // Lines in the text, and the longest line, for "the position is inside the input".
    std::uint32_t lines = 1, longest = 0, cur = 0;
    for (char ch : text) {
        if (ch == '\n') {
            ++lines;
            longest = std::max(longest, cur);
            cur = 0;
        } else {
            ++cur;
        }
    }
    longest = std::max(longest, cur);
    if (o.status == SOLVER_OK) {
        if (!h.inst) return "open() returned SOLVER_OK but no instance";
        if (must_refuse) return "open() accepted it (SOLVER_OK) instead of SOLVER_ERR_PARSE with a message";
        const solver_instance_info* info = c.t->info(h.inst);
        if (!info || info->state_size == 0) return "open() accepted it but the instance has no info or a 0-byte state";
        solver_scratch* sc = c.t->scratch_create(h.inst);
        if (!sc) return "open() accepted it but scratch_create returned NULL";
        std::string st(info->state_size, '\0');
        solver_status s = c.t->initial(h.inst, sc, &st[0]);
        if (s == SOLVER_OK) {
            capture cap{nullptr, info->state_size, false, -1, 0};
            solver_sink sink{&cap, capture_emit};
            c.t->expand(h.inst, sc, st.data(), &sink);
            c.t->heuristic(h.inst, sc, st.data());
            c.t->is_goal(h.inst, st.data());
        }
        c.t->scratch_free(sc);
        return "";
    }
    if (o.status == SOLVER_ERR_UNSOLVABLE || o.status == SOLVER_ERR_NO_MEMORY || o.status == SOLVER_ERR_UNSUPPORTED) {
        if (o.message.empty()) return std::string("open() returned ") + status_name(o.status) + " without a message";
        return "";
    }
    if (o.status != SOLVER_ERR_PARSE && o.status != SOLVER_ERR_OPTION)
        return std::string("open() returned ") + status_name(o.status) + " (expected SOLVER_ERR_PARSE for bad input)";
    if (o.message.empty()) return std::string("open() returned ") + status_name(o.status) + " without a message";
    if (o.status == SOLVER_ERR_PARSE && (o.line > lines || (o.line && o.column > longest + 2)))
        return "the parse error points at line " + std::to_string(o.line) + " column " + std::to_string(o.column) +
               ", outside the input (" + std::to_string(lines) + " lines, the longest " + std::to_string(longest) +
               " characters): " + o.message;
    return "";
}

void check_empty_input(const check_config& c, reporter& r) {
    check_runtime rt(1, 0);
    const solver_services* sv = rt.services->table();
    {
        r.note("open() on an empty input");
        std::string why = judge_open(c, "", true, sv);
        if (why.empty() && c.t->count_levels) {
            r.note("count_levels() on an empty input");
            char msg[512] = {0};
            solver_error err{msg, sizeof msg, 0, 0};
            std::uint32_t n = 0;
            solver_status s = c.t->count_levels("", 0, &n, &err);
            if (s == SOLVER_OK && n == 0) why = "count_levels() returned SOLVER_OK with 0 levels (expected an error or >= 1)";
            else if (s != SOLVER_OK && !msg[0]) why = std::string("count_levels() returned ") + status_name(s) + " without a message";
        }
        if (why.empty()) r.pass("empty-input", "refused with a message");
        else r.fail("empty-input", why);
    }
}

void check_garbage_input(const check_config& c, reporter& r) {
    check_runtime rt(1, 0);
    const solver_services* sv = rt.services->table();
    std::vector<std::pair<std::string, std::string>> cases = {
        {"whitespace only", " \n\t\n  "},
        {"a NUL byte", std::string("\0", 1)},
        {"binary bytes", std::string("\x01\xff\xfe\x80\x00\x7f\x1b[2J", 10)},
        {"invalid UTF-8 and control characters", "\xc3\x28\xa0\xa1\x07\x08\r\n\r"},
        {"a huge number", "99999999999999999999999999999999999999 -99999999999999999999"},
        {"negative and signed numbers", "-1 -2 +3 -0 4e9"},
        {"punctuation", "#$@.*+!?;:,()[]{}<>|\\/\"'`~%^&=_"},
        {"a 1 MB line", std::string(1 << 20, '9')},
        {"100000 short lines", [] {
             std::string s;
             for (int i = 0; i < 100000; ++i) s += "1\n";
             return s;
         }()},
    };
    std::mt19937_64 rng(20261121);
    for (int i = 0; i < 8; ++i) {
        std::string s(std::size_t(1 + rng() % 200), '\0');
        for (auto& ch : s) ch = char(rng() % 256);
        cases.push_back({"random bytes #" + std::to_string(i + 1), s});
    }
    if (c.has_input) {
        const std::string& in = c.input;
        // Cuts at a spread of lengths, and single-byte changes at spread positions.
        std::size_t cuts = std::min<std::size_t>(in.size(), 24);
        for (std::size_t k = 1; k <= cuts; ++k) {
            std::size_t len = in.size() * k / (cuts + 1);
            cases.push_back({"--input cut to " + std::to_string(len) + " bytes", in.substr(0, len)});
        }
        const char repl[] = {'\0', 'X', '9', '-', ' ', '\n', '#', '\x7f'};
        std::size_t flips = std::min<std::size_t>(in.size(), 24);
        for (std::size_t k = 0; k < flips; ++k) {
            std::size_t pos = in.size() * k / flips;
            std::string m = in;
            m[pos] = repl[k % sizeof repl];
            if (m == in) continue;
            cases.push_back({"--input with byte " + std::to_string(pos) + " changed to " + printable(std::string(1, repl[k % sizeof repl])),
                             m});
        }
        cases.push_back({"--input twice in a row", in + "\n" + in});
        cases.push_back({"--input with trailing junk", in + "\n#?!"});
    }
    std::size_t tried = 0;
    for (const auto& cs : cases) {
        r.note("open() on " + cs.first);
        std::string why = judge_open(c, cs.second, false, sv);
        if (!why.empty()) {
            r.fail("garbage-input", cs.first + ": " + why);
            return;
        }
        if (c.t->count_levels) {
            r.note("count_levels() on " + cs.first);
            char msg[512] = {0};
            solver_error err{msg, sizeof msg, 0, 0};
            std::uint32_t n = 0;
            std::vector<char> buf(cs.second.begin(), cs.second.end());
            solver_status s = c.t->count_levels(buf.empty() ? "" : buf.data(), buf.size(), &n, &err);
            if (s == SOLVER_OK && n == 0) {
                r.fail("garbage-input", cs.first + ": count_levels() returned SOLVER_OK with 0 levels");
                return;
            }
            if (s != SOLVER_OK && !msg[0]) {
                r.fail("garbage-input", cs.first + ": count_levels() returned " + status_name(s) + " without a message");
                return;
            }
        }
        ++tried;
    }
    r.pass("garbage-input", std::to_string(tried) + " bad inputs survived (garbage" +
                                std::string(c.has_input ? ", cuts and byte changes of --input" : "") +
                                "), errors with messages inside the input");
}

// The instance checks that share one sample: open, unknown-option, deterministic, canonical,
// heuristic-agrees, hash, sink-stop, consistent.
void check_instance(const check_config& c, reporter& r) {
    check_runtime rt(1, 0);
    const solver_services* sv = rt.services->table();
    const solver_plugin& t = *c.t;
    sampled s;
    r.note("opening the --input level");
    set_malloc_perturb(0x5a);
    if (!open_and_sample(c, sv, s, sample_limit, sample_limit, &r)) {
        r.fail("open", s.error);
        for (const char* n : {"unknown-option", "deterministic", "canonical", "heuristic-agrees", "hash", "consistent", "sink-stop"})
            r.skip(n, "the --input level does not open");
        return;
    }
    // open: the info
    {
        const solver_instance_info* in = s.info;
        std::string why;
        if (SOLVER_ABI_MAJOR_OF(in->abi_version) != SOLVER_ABI_MAJOR)
            why = "info.abi_version is " + std::to_string(in->abi_version >> 16) + "." + std::to_string(in->abi_version & 0xffff);
        else if (!SOLVER_HAS_FIELD(in, solver_instance_info, description))
            why = "info.struct_size " + std::to_string(in->struct_size) + " is smaller than ABI 1.0's info";
        else if ((in->flags & SOLVER_HAS_HASH) && !t.hash)
            why = "info.flags has SOLVER_HAS_HASH but the table's hash is NULL";
        else if ((in->flags & SOLVER_HAS_GOAL_WEIGHT) && !t.goal_weight)
            why = "info.flags has SOLVER_HAS_GOAL_WEIGHT but the table's goal_weight is NULL";
        else if ((in->flags & SOLVER_HAS_SOLVE) && !(SOLVER_HAS_FIELD(&t, solver_plugin, solve) && t.solve))
            why = "info.flags has SOLVER_HAS_SOLVE but the table's solve is NULL";
        else if ((in->flags & SOLVER_SOLVE_ONLY) && !(in->flags & SOLVER_HAS_SOLVE))
            why = "info.flags claims SOLVER_SOLVE_ONLY without SOLVER_HAS_SOLVE";
        else if ((in->flags & SOLVER_H_CONSISTENT) && !(in->flags & SOLVER_H_ADMISSIBLE))
            why = "info.flags claims SOLVER_H_CONSISTENT without SOLVER_H_ADMISSIBLE";
        else if (in->default_weight != 0 && !(in->default_weight >= 1.0))
            why = "info.default_weight " + std::to_string(in->default_weight) + " is below 1";
        else if (in->default_engine && *in->default_engine && std::string(in->default_engine) != "solve") {
            try {
                make_engine(in->default_engine);
            } catch (const std::invalid_argument& e) {
                why = std::string("info.default_engine: ") + e.what();
            }
        }
        if (why.empty() && t.info(s.handle.inst) != in) why = "info() returned another pointer the second time";
        if (why.empty())
            r.pass("open", std::string(in->description ? in->description : "(no description)") + "; " +
                               std::to_string(s.ss) + "-byte states; sampled " + std::to_string(s.states.size()) +
                               (s.complete ? " states (the whole reachable space)" : " states breadth-first"));
        else
            r.fail("open", why);
    }
    // unknown-option
    {
        r.note("open() with an unknown option");
        instance_handle h;
        open_result o = open_text(c, c.input, c.level, sv, h, {{"check_plugin_no_such_option", "1"}});
        if (o.status == SOLVER_ERR_OPTION && !o.message.empty())
            r.pass("unknown-option", "refused: " + o.message);
        else if (o.status == SOLVER_ERR_OPTION)
            r.fail("unknown-option", "refused with SOLVER_ERR_OPTION but without a message");
        else
            r.fail("unknown-option", std::string("--option check_plugin_no_such_option=1 gave ") + status_name(o.status) +
                                         " (expected SOLVER_ERR_OPTION naming the key)");
    }
    // deterministic: again in reverse order, fresh scratch, other malloc contents, dirty stack,
    // the state at another address; then a second instance.
    {
        r.note("expanding every sampled state a second time");
        set_malloc_perturb(0xa5);
        solver_scratch* sc2 = t.scratch_create(s.handle.inst);
        std::string why;
        std::vector<child> again;
        std::vector<char> moved(s.ss + 64);
        for (std::size_t i = s.children.size(); i-- > 0 && why.empty();) {
            std::memcpy(moved.data() + 8 * (1 + i % 4), s.states[i].data(), s.ss);
            std::string at(moved.data() + 8 * (1 + i % 4), s.ss);
            dirty_stack(static_cast<unsigned char>(0x33 + i));
            solver_status st = s.expand(at, again, sc2 ? sc2 : s.scratch);
            if (st != SOLVER_OK) why = "the second expansion of sampled state #" + std::to_string(i) + " failed with " + status_name(st);
            else if (!(again == s.children[i]))
                why = "sampled state #" + std::to_string(i) + " (depth " + std::to_string(s.depth[i]) +
                      ") expanded twice: " + describe_difference(s.children[i], again, s.ss);
        }
        if (sc2) t.scratch_free(sc2);
        if (why.empty()) {
            r.note("opening the --input level a second time");
            sampled s2;
            if (!open_and_sample(c, sv, s2, std::min<std::size_t>(s.states.size(), 200), 200)) why = "second open: " + s2.error;
            else if (s2.states[0] != s.states[0]) {
                std::size_t k = 0;
                while (k < s.ss && s2.states[0][k] == s.states[0][k]) ++k;
                why = "a second instance of the same input has another initial state (byte " + std::to_string(k) + " differs)";
            } else {
                for (std::size_t i = 0; i < s2.children.size() && i < s.children.size() && why.empty(); ++i)
                    if (!(s2.children[i] == s.children[i]))
                        why = "a second instance of the same input expands sampled state #" + std::to_string(i) +
                              " differently: " + describe_difference(s.children[i], s2.children[i], s.ss);
            }
        }
        set_malloc_perturb(0);
        if (why.empty())
            r.pass("deterministic", std::to_string(s.children.size()) + " states expanded again (fresh scratch, other "
                                    "memory contents, another address, a second instance): identical children");
        else
            r.fail("deterministic", why);
    }
    // canonical
    {
        r.note("checking that states are canonical");
        std::string why;
        std::string a(s.ss, '\0'), b(s.ss, '\xff');
        t.initial(s.handle.inst, s.scratch, &a[0]);
        t.initial(s.handle.inst, s.scratch, &b[0]);
        if (a != b) {
            std::size_t k = 0;
            while (k < s.ss && a[k] == b[k]) ++k;
            why = "initial() leaves byte " + std::to_string(k) + " of the state unwritten (it keeps what the buffer held)";
        }
        if (why.empty()) {
            // States that the search cannot tell apart should be one state: same goal test, h
            // and non-empty successor list, different bytes.
            std::unordered_map<std::uint64_t, std::size_t> seen;
            for (std::size_t i = 0; i < s.children.size() && why.empty(); ++i) {
                if (s.children[i].empty()) continue;
                std::vector<child> kids = s.children[i];
                for (auto& k : kids) k.hash = 0;
                std::uint64_t d = digest(kids) ^ (std::uint64_t(t.is_goal(s.handle.inst, s.states[i].data()) != 0) << 63) ^
                                  (std::uint64_t(t.heuristic(s.handle.inst, s.scratch, s.states[i].data())) * 0x9e3779b97f4a7c15ull);
                auto ins = seen.emplace(d, i);
                if (!ins.second) {
                    std::size_t j = ins.first->second;
                    std::size_t k = 0;
                    while (k < s.ss && s.states[i][k] == s.states[j][k]) ++k;
                    why = "sampled states #" + std::to_string(j) + " and #" + std::to_string(i) + " differ only in byte " +
                          std::to_string(k) + " yet have the same goal test, heuristic and successors: a field that "
                          "is not part of the position (e.g. the last move) makes one position look like two";
                }
            }
        }
        if (why.empty())
            r.pass("canonical", "initial() writes every byte; no two of " + std::to_string(s.children.size()) +
                                    " sampled states are indistinguishable");
        else
            r.fail("canonical", why);
    }
    // heuristic-agrees, hash, consistent (over every sampled edge)
    {
        r.note("comparing emitted h and hash with heuristic() and hash()");
        std::string why_h, why_hash, why_cons;
        std::size_t edges = 0;
        std::unordered_map<std::uint64_t, std::string> by_hash;
        std::size_t distinct = 0, collisions = 0;
        for (std::size_t i = 0; i < s.children.size(); ++i) {
            std::uint32_t hp = t.heuristic(s.handle.inst, s.scratch, s.states[i].data());
            if (s.has_hash()) {
                std::uint64_t hv = t.hash(s.handle.inst, s.states[i].data());
                auto ins = by_hash.emplace(hv, s.states[i]);
                ++distinct;
                if (!ins.second && ins.first->second != s.states[i]) ++collisions;
            }
            for (const auto& k : s.children[i]) {
                ++edges;
                std::uint32_t hc = t.heuristic(s.handle.inst, s.scratch, k.bytes.data());
                if (why_h.empty() && k.h != hc && k.h != SOLVER_H_DEAD)
                    why_h = "a child of sampled state #" + std::to_string(i) + " (move " + std::to_string(k.move) +
                            ") is emitted with h = " + std::to_string(k.h) + " but heuristic() on it says " + std::to_string(hc);
                if (s.has_hash() && why_hash.empty()) {
                    std::uint64_t hv = t.hash(s.handle.inst, k.bytes.data());
                    if (hv != k.hash)
                        why_hash = "a child of sampled state #" + std::to_string(i) + " (move " + std::to_string(k.move) +
                                   ") is emitted with hash " + std::to_string(k.hash) + " but hash() of its bytes is " +
                                   std::to_string(hv);
                }
                if ((s.flags & SOLVER_H_CONSISTENT) && why_cons.empty() && hp != SOLVER_H_DEAD && k.h != SOLVER_H_DEAD &&
                    std::uint64_t(hp) > std::uint64_t(k.cost) + k.h)
                    why_cons = "sampled state #" + std::to_string(i) + " has h = " + std::to_string(hp) + " but its child by move " +
                               std::to_string(k.move) + " costs " + std::to_string(k.cost) + " and has h = " + std::to_string(k.h);
            }
        }
        if (why_h.empty()) r.pass("heuristic-agrees", std::to_string(edges) + " children: emitted h = heuristic(child)");
        else r.fail("heuristic-agrees", why_h);
        if (!s.has_hash()) r.skip("hash", "no SOLVER_HAS_HASH: the runtime hashes the state bytes itself");
        else if (!why_hash.empty()) r.fail("hash", why_hash);
        else if (distinct > 100 && collisions * 2 > distinct)
            r.fail("hash", std::to_string(collisions) + " of " + std::to_string(distinct) +
                               " distinct sampled states share a hash with another: the hash ignores part of the state");
        else r.pass("hash", std::to_string(edges) + " children: emitted hash = hash(child bytes); " + std::to_string(collisions) +
                                " collisions among " + std::to_string(distinct) + " states");
        if (!(s.flags & SOLVER_H_CONSISTENT)) r.skip("consistent", "the plugin does not claim SOLVER_H_CONSISTENT");
        else if (why_cons.empty()) r.pass("consistent", std::to_string(edges) + " edges: h(s) <= cost + h(child)");
        else r.fail("consistent", why_cons);
    }
    // sink-stop
    {
        r.note("asking expand() to stop after the first child");
        std::string why;
        std::size_t tried = 0;
        std::vector<child> got;
        for (std::size_t i = 0; i < s.children.size() && tried < 200 && why.empty(); ++i) {
            if (s.children[i].size() < 2) continue;
            ++tried;
            int calls = 0;
            solver_status st = s.expand(s.states[i], got, nullptr, 1, &calls);
            if (st != SOLVER_OK) why = std::string("expand() returned ") + status_name(st) + " after the sink asked it to stop (expected SOLVER_OK)";
            else if (calls != 1)
                why = "the sink returned nonzero on the first child of sampled state #" + std::to_string(i) +
                      " but expand() emitted " + std::to_string(calls - 1) + " more";
        }
        if (!why.empty()) r.fail("sink-stop", why);
        else if (tried == 0) r.skip("sink-stop", "no sampled state has two or more children");
        else r.pass("sink-stop", std::to_string(tried) + " expansions stopped after the first child");
    }
}

// Many threads expand the sample at once and must get the single-thread results.
void check_threads(const check_config& c, reporter& r) {
    check_runtime rt(1, 0);
    sampled s;
    r.note("opening and sampling");
    if (!open_and_sample(c, rt.services->table(), s, 1000, 1000, &r)) {
        r.fail("threads", s.error);
        return;
    }
    const solver_plugin& t = *c.t;
    std::vector<std::uint64_t> ref(s.children.size());
    std::vector<std::uint32_t> ref_h(s.children.size());
    std::vector<int> ref_goal(s.children.size());
    for (std::size_t i = 0; i < s.children.size(); ++i) {
        ref[i] = digest(s.children[i]);
        ref_h[i] = t.heuristic(s.handle.inst, s.scratch, s.states[i].data());
        ref_goal[i] = t.is_goal(s.handle.inst, s.states[i].data()) != 0;
    }
    const unsigned n = std::max(4u, c.threads);
    const std::size_t per_thread = std::max<std::size_t>(20000 / n, 2 * s.children.size());
    std::atomic<unsigned> ready{0};
    std::atomic<std::size_t> mismatches{0};
    std::vector<std::string> first(n);
    r.note("expanding from " + std::to_string(n) + " threads at once");
    std::vector<std::thread> pool;
    for (unsigned w = 0; w < n; ++w) {
        pool.emplace_back([&, w] {
            solver_scratch* sc = t.scratch_create(s.handle.inst);  // [thread-safe]: concurrently
            // Start together so the expansions overlap (acq_rel: a plain rendezvous counter).
            ready.fetch_add(1, std::memory_order_acq_rel);
            while (ready.load(std::memory_order_acquire) < n) std::this_thread::yield();
            std::vector<child> kids;
            for (std::size_t k = 0; k < per_thread; ++k) {
                std::size_t i = (k * 7 + w * 131) % s.children.size();
                capture cap{&kids, s.ss, s.has_hash(), -1, 0};
                kids.clear();
                solver_sink sink{&cap, capture_emit};
                solver_status st = sc ? t.expand(s.handle.inst, sc, s.states[i].data(), &sink) : SOLVER_ERR_NO_MEMORY;
                std::string bad;
                if (!sc) bad = "scratch_create returned NULL on a worker thread";
                else if (st != SOLVER_OK) bad = std::string("expand() returned ") + status_name(st);
                else if (digest(kids) != ref[i])
                    bad = "thread " + std::to_string(w) + " expanding sampled state #" + std::to_string(i) + ": " +
                          describe_difference(s.children[i], kids, s.ss);
                else if (t.heuristic(s.handle.inst, sc, s.states[i].data()) != ref_h[i])
                    bad = "thread " + std::to_string(w) + ": heuristic() of sampled state #" + std::to_string(i) + " differs";
                else if ((t.is_goal(s.handle.inst, s.states[i].data()) != 0) != (ref_goal[i] != 0))
                    bad = "thread " + std::to_string(w) + ": is_goal() of sampled state #" + std::to_string(i) + " differs";
                if (!bad.empty()) {
                    // Relaxed: only a count, read after the joins (which order everything).
                    if (mismatches.fetch_add(1, std::memory_order_relaxed) == 0 || first[w].empty()) first[w] = bad;
                    if (!sc) break;
                }
            }
            if (sc) t.scratch_free(sc);
        });
    }
    for (auto& th : pool) th.join();
    std::size_t bad = mismatches.load(std::memory_order_relaxed);
    if (bad == 0) {
        r.pass("threads", std::to_string(n) + " threads x " + std::to_string(per_thread) +
                              " expansions at once: the single-thread children, h and goal tests");
    } else {
        std::string why;
        for (auto& f : first)
            if (!f.empty()) {
                why = f;
                break;
            }
        r.fail("threads", std::to_string(bad) + " of " + std::to_string(n * per_thread) +
                              " concurrent calls disagree with one thread (shared mutable state outside the scratch?); first: " + why);
    }
}

struct engine_answer {
    std::string engine;
    search_outcome outcome = search_outcome::error;
    std::uint64_t cost = 0;
    std::string text, note;
    std::vector<std::uint8_t> states;
    std::vector<std::uint32_t> moves;
};

engine_answer run_engine(const check_config& c, const std::string& name, double weight, unsigned threads) {
    engine_answer a;
    a.engine = name;
    check_runtime rt(threads, c.time_limit);
    instance_handle h;
    open_result o = open_text(c, c.input, c.level, rt.services->table(), h);
    if (o.status != SOLVER_OK) {
        a.note = std::string("open failed: ") + status_name(o.status);
        return a;
    }
    solver_instance* inst = h.inst;
    h.inst = nullptr;  // the problem owns it now
    problem prob(*c.t, inst);
    if (name == "solve") {
        char msg[1024] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        std::uint64_t cost = 0;
        solver_status st = c.t->solve(prob.instance(), rt.services->table(), &cost, &err);
        a.text = rt.services->take_output();
        while (!a.text.empty() && a.text.back() == '\n') a.text.pop_back();
        if (st == SOLVER_OK) {
            a.outcome = search_outcome::solved;
            a.cost = cost;
        } else if (st == SOLVER_ERR_UNSOLVABLE) {
            a.outcome = search_outcome::unsolvable;
        } else if (st == SOLVER_ERR_STOPPED || st == SOLVER_ERR_NO_MEMORY) {
            a.outcome = search_outcome::limit;
            a.note = msg;
        } else {
            a.note = std::string("solve() returned ") + status_name(st) + ": " + msg;
        }
        return a;
    }
    engine_options eo;
    eo.weight = weight;
    eo.exec = rt.exec.get();
    eo.control = &rt.control;
    search_result res = make_engine(name)->run(prob, eo);
    a.outcome = res.outcome;
    a.cost = res.cost;
    a.note = res.message;
    if (res.outcome == search_outcome::solved) {
        a.states = res.path_states;
        a.moves = res.moves;
        a.text = prob.format_solution(res.path_states, res.moves);
    }
    return a;
}

// engines + format-buffer: run each applicable engine, verify its answer, compare the costs.
void check_engines(check_config& c, reporter& r) {
    const solver_plugin& t = *c.t;
    std::uint32_t flags = 0;
    std::string default_engine;
    double default_weight = 1;
    {
        check_runtime rt(1, 0);
        instance_handle h;
        if (open_text(c, c.input, c.level, rt.services->table(), h).status != SOLVER_OK) {
            r.fail("engines", "the --input level does not open");
            return;
        }
        const solver_instance_info* in = t.info(h.inst);
        flags = in->flags;
        if (in->default_engine) default_engine = in->default_engine;
        if (in->default_weight >= 1) default_weight = in->default_weight;
    }
    const bool admissible = flags & SOLVER_H_ADMISSIBLE;
    struct plan {
        std::string engine;
        double weight;
        unsigned threads;
        bool optimal;
    };
    std::vector<plan> plans;
    if ((flags & SOLVER_HAS_SOLVE) && SOLVER_HAS_FIELD(&t, solver_plugin, solve) && t.solve) plans.push_back({"solve", 0, c.threads, false});
    const bool solve_only = flags & SOLVER_SOLVE_ONLY;  // the runtime's engines are refused
    if (!solve_only && admissible) {
        plans.push_back({"astar", 1, 1, true});
        plans.push_back({"astar", 1, c.threads, true});
        plans.push_back({"hda", 1, c.threads, true});
        plans.push_back({"ida", 1, c.threads, true});
    } else if (!solve_only) {
        plans.push_back({"astar", default_weight, c.threads, false});
    }
    const bool already = default_engine == "astar" || (admissible && (default_engine == "hda" || default_engine == "ida"));
    if (!solve_only && !default_engine.empty() && default_engine != "solve" && default_engine != "count" && !already)
        plans.push_back({default_engine, default_weight, c.threads, false});
    std::vector<std::string> lines, problems;
    std::uint64_t optimum = UINT64_MAX;
    bool any_verified = false, unsupported = false;
    engine_answer best;
    for (const auto& p : plans) {
        std::string label = p.engine + (p.engine == "solve" ? "" : " " + std::to_string(p.threads) + "t");
        r.note("running " + label);
        engine_answer a;
        try {
            a = run_engine(c, p.engine, p.weight, p.threads);
        } catch (const std::exception& e) {
            problems.push_back(label + ": " + e.what());
            continue;
        }
        if (a.outcome == search_outcome::limit) {
            lines.push_back(label + ": no answer within " + std::to_string(int(c.time_limit)) + " s");
            continue;
        }
        if (a.outcome == search_outcome::unsolvable) {
            lines.push_back(label + ": unsolvable");
            if (optimum != UINT64_MAX && p.optimal) problems.push_back(label + " says unsolvable but another engine solved it");
            continue;
        }
        if (a.outcome != search_outcome::solved) {
            problems.push_back(label + ": " + (a.note.empty() ? "error" : a.note));
            continue;
        }
        // Verify with a fresh instance, as the runtime does.
        check_runtime rt(1, 0);
        instance_handle h;
        open_text(c, c.input, c.level, rt.services->table(), h);
        char msg[512] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        std::uint64_t vcost = 0;
        std::vector<char> text(a.text.begin(), a.text.end());
        solver_status st = t.verify_solution(h.inst, text.empty() ? "" : text.data(), text.size(), &vcost, &err);
        if (st == SOLVER_ERR_UNSUPPORTED) {
            unsupported = true;
            lines.push_back(label + ": " + std::to_string(a.cost) + " (not a replayable path)");
            continue;
        }
        if (st != SOLVER_OK) {
            problems.push_back(label + " found a solution the verifier rejects (" + status_name(st) + ": " + msg + "): " +
                               printable(a.text, 80));
            continue;
        }
        if (p.engine != "solve" && vcost != a.cost) {
            problems.push_back(label + ": the search found cost " + std::to_string(a.cost) + " but the verifier counts " +
                               std::to_string(vcost));
            continue;
        }
        any_verified = true;
        lines.push_back(label + ": " + std::to_string(a.cost) + " verified");
        if (p.optimal) {
            if (optimum == UINT64_MAX) optimum = a.cost;
            else if (optimum != a.cost)
                problems.push_back("the optimal engines disagree: " + std::to_string(optimum) + " vs " + label + " " +
                                   std::to_string(a.cost) + " (an inadmissible heuristic or a bug)");
        }
        // The answer the later checks use: a generic engine's path (optimal first), else solve's.
        const bool generic = p.engine != "solve";
        if (best.outcome != search_outcome::solved || (generic && best.engine == "solve")) best = a;
    }
    std::string summary;
    for (auto& l : lines) summary += (summary.empty() ? "" : "; ") + l;
    if (!problems.empty()) r.fail("engines", problems.front() + (summary.empty() ? "" : " [" + summary + "]"));
    else if (!any_verified && !unsupported) r.skip("engines", "no engine answered within the time limit: give a smaller --input [" + summary + "]");
    else r.pass("engines", summary);
    if (any_verified) {
        r.data("solution", best.text);
        r.data("cost", std::to_string(best.cost));
        if (optimum != UINT64_MAX) r.data("optimum", std::to_string(optimum));
        if (!best.moves.empty()) {
            r.data("path_states", hex_of(best.states.data(), best.states.size()));
            r.data("path_moves", std::to_string(best.moves.size()));
        }
    }
    if (unsupported && !any_verified) r.data("unsupported", "1");
    // format-buffer, on the path the engines found
    if (best.outcome != search_outcome::solved || best.engine == "solve") {
        r.skip("format-buffer", "no path from a generic engine to format");
        return;
    }
    check_runtime rt(1, 0);
    instance_handle h;
    open_text(c, c.input, c.level, rt.services->table(), h);
    char msg[512] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    std::size_t needed = 0;
    char tiny[1] = {'\x7e'};
    r.note("format_solution with a too small buffer");
    solver_status st = t.format_solution(h.inst, best.states.data(), best.moves.data(), best.moves.size(), tiny, 0, &needed, &err);
    std::string why;
    if (st != SOLVER_ERR_BUFFER)
        why = std::string("format_solution with capacity 0 returned ") + status_name(st) + " (expected SOLVER_ERR_BUFFER)";
    else if (tiny[0] != '\x7e')
        why = "format_solution with capacity 0 wrote into the buffer";
    else if (needed < best.text.size() + 1)
        why = "format_solution asks for " + std::to_string(needed) + " bytes but the text needs " + std::to_string(best.text.size() + 1);
    else {
        std::vector<char> buf(needed + 16, '\x7e');
        err.line = err.column = 0;
        st = t.format_solution(h.inst, best.states.data(), best.moves.data(), best.moves.size(), buf.data(), needed, &needed, &err);
        if (st != SOLVER_OK) why = std::string("format_solution with the capacity it asked for returned ") + status_name(st);
        else if (std::strlen(buf.data()) + 1 > needed) why = "format_solution wrote no NUL within the capacity";
        else if (std::string(buf.data()) != best.text) why = "format_solution gave another text the second time";
        else
            for (std::size_t k = needed; k < buf.size(); ++k)
                if (buf[k] != '\x7e') {
                    why = "format_solution wrote past the capacity";
                    break;
                }
    }
    if (why.empty()) r.pass("format-buffer", "SOLVER_ERR_BUFFER with needed = " + std::to_string(needed) + ", then the same text");
    else r.fail("format-buffer", why);
}

// The verifier must refuse corrupted answers and respect `length`.
void check_verifier(const check_config& c, reporter& r) {
    auto sol = c.data.find("solution");
    if (c.data.count("unsupported")) {
        r.skip("verifier-rejects", "the plugin's answers are not replayable paths (verify_solution says SOLVER_ERR_UNSUPPORTED)");
        return;
    }
    if (sol == c.data.end()) {
        r.skip("verifier-rejects", "no verified answer from the engines to corrupt");
        return;
    }
    const std::string& good = sol->second;
    const solver_plugin& t = *c.t;
    check_runtime rt(1, 0);
    instance_handle h;
    open_text(c, c.input, c.level, rt.services->table(), h);
    auto verify = [&](const std::string& text, std::size_t length, std::uint64_t& cost, std::string& msg_out) {
        char msg[512] = {0};
        solver_error err{msg, sizeof msg, 0, 0};
        std::vector<char> buf(text.begin(), text.end());
        cost = 0;
        solver_status st = t.verify_solution(h.inst, buf.empty() ? "" : buf.data(), length, &cost, &err);
        msg_out = msg;
        return st;
    };
    std::uint64_t cost = 0;
    std::string msg;
    std::vector<std::pair<std::string, std::string>> bad;
    // Is the initial state a goal? Then the empty answer is right and there is nothing to cut.
    solver_scratch* sc = t.scratch_create(h.inst);
    const solver_instance_info* in = t.info(h.inst);
    std::string init(in->state_size, '\0');
    t.initial(h.inst, sc, &init[0]);
    bool initial_goal = t.is_goal(h.inst, init.data()) != 0;
    t.scratch_free(sc);
    if (!initial_goal) bad.push_back({"the empty answer", ""});
    std::size_t last = good.find_last_not_of(" \t\r\n");
    if (last != std::string::npos && !initial_goal) {
        bad.push_back({"the answer without its last character", good.substr(0, last)});
        if (last >= 3) bad.push_back({"the first half of the answer", good.substr(0, (last + 1) / 2)});
    }
    bad.push_back({"the answer with junk appended", good + " #?\x01"});
    bad.push_back({"junk alone", "#?\x01\xff"});
    r.note("verifying corrupted answers");
    for (const auto& b : bad) {
        solver_status st = verify(b.second, b.second.size(), cost, msg);
        if (st == SOLVER_OK) {
            r.fail("verifier-rejects", "the verifier accepts " + b.first + " (\"" + printable(b.second, 60) + "\") with cost " +
                                           std::to_string(cost));
            return;
        }
        if (st != SOLVER_ERR_INVALID) {
            r.fail("verifier-rejects", "the verifier returns " + std::string(status_name(st)) + " for " + b.first +
                                           " (expected SOLVER_ERR_INVALID)");
            return;
        }
        if (msg.empty()) {
            r.fail("verifier-rejects", "the verifier rejects " + b.first + " without saying why");
            return;
        }
    }
    // `length` is the end: bytes after it must not matter.
    std::string padded = good + "XYZ#\x01";
    solver_status st = verify(padded, good.size(), cost, msg);
    if (st != SOLVER_OK) {
        r.fail("verifier-rejects", "the verifier rejects the right answer when bytes follow it past `length` (it reads past "
                                   "length or needs a NUL): " + msg);
        return;
    }
    r.pass("verifier-rejects", std::to_string(bad.size()) + " corrupted answers refused with reasons; nothing read past length");
}

// A compact breadth-first exploration for the exhaustive admissibility check: states in one
// flat buffer (reserved up front, so the index's string_views into it stay valid), edges as
// (child index, cost) in one array.
struct flat_graph {
    std::uint32_t ss = 0;
    std::size_t limit = 0;
    std::vector<char> bytes;
    std::unordered_map<std::string_view, std::uint32_t> index;
    std::vector<std::size_t> edge_begin;  // edges of state i: [edge_begin[i], edge_begin[i+1])
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    std::vector<std::uint32_t> depth;
    bool complete = false;
    std::size_t size() const { return depth.size(); }
    const char* state(std::size_t i) const { return bytes.data() + i * ss; }
    bool add(const char* st, std::uint32_t d, std::uint32_t& id) {
        auto it = index.find(std::string_view(st, ss));
        if (it != index.end()) {
            id = it->second;
            return true;
        }
        if (size() >= limit) return false;
        id = std::uint32_t(size());
        bytes.insert(bytes.end(), st, st + ss);
        index.emplace(std::string_view(bytes.data() + std::size_t(id) * ss, ss), id);
        depth.push_back(d);
        return true;
    }
};

// Stops (incomplete) at `limit` states or after `seconds`.
flat_graph explore_flat(sampled& s, std::size_t limit, double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    flat_graph g;
    g.ss = s.ss;
    g.limit = std::max<std::size_t>(1, std::min(limit, (std::size_t(64) << 20) / s.ss));
    g.bytes.reserve(g.limit * s.ss);
    g.index.reserve(g.limit);
    std::uint32_t id = 0;
    g.add(s.states[0].data(), 0, id);
    struct ctx_t {
        flat_graph* g;
        std::uint32_t depth;
        bool overflow;
    } ctx{&g, 0, false};
    solver_sink sink{&ctx, [](void* c, const void* st, std::uint32_t, std::uint32_t cost, std::uint32_t h, std::uint64_t) -> int {
                         auto* x = static_cast<ctx_t*>(c);
                         if (h == SOLVER_H_DEAD) return 0;
                         std::uint32_t child = 0;
                         if (x->g->add(static_cast<const char*>(st), x->depth + 1, child)) x->g->edges.push_back({child, cost});
                         else x->overflow = true;
                         return 0;
                     }};
    std::size_t head = 0;
    for (; head < g.size(); ++head) {
        g.edge_begin.push_back(g.edges.size());
        ctx.depth = g.depth[head];
        if (s.t->expand(s.handle.inst, s.scratch, g.state(head), &sink) != SOLVER_OK) break;
        if (ctx.overflow) break;
        if (head % 1024 == 1023 && std::chrono::steady_clock::now() > deadline) {
            ctx.overflow = true;
            break;
        }
    }
    g.complete = !ctx.overflow && head == g.size();
    g.edge_begin.push_back(g.edges.size());
    return g;
}

// admissible: h <= the true remaining cost.
void check_admissible(const check_config& c, reporter& r) {
    check_runtime rt(1, 0);
    const solver_plugin& t = *c.t;
    sampled s;
    constexpr std::size_t exhaustive_limit = 200000;
    if (!open_and_sample(c, rt.services->table(), s, 1, 0, &r)) {
        r.fail("admissible", s.error);
        return;
    }
    if (!(s.flags & SOLVER_H_ADMISSIBLE)) {
        r.skip("admissible", "the plugin does not claim SOLVER_H_ADMISSIBLE");
        return;
    }
    r.note("exploring the state space for exact distances");
    flat_graph fg = explore_flat(s, exhaustive_limit, c.time_limit);
    auto h_of = [&](const std::string& st) { return t.heuristic(s.handle.inst, s.scratch, st.data()); };
    // Exact distance to the nearest goal by uniform-cost search from `start`, within a budget.
    auto exact_distance = [&](const std::string& start, std::size_t budget, std::uint64_t& d) -> bool {
        using item = std::pair<std::uint64_t, std::string>;
        std::priority_queue<item, std::vector<item>, std::greater<item>> open;
        std::unordered_map<std::string, std::uint64_t> g;
        open.push({0, start});
        g[start] = 0;
        std::vector<child> kids;
        std::size_t expanded = 0;
        while (!open.empty()) {
            auto [gv, st] = open.top();
            open.pop();
            if (g[st] < gv) continue;
            if (t.is_goal(s.handle.inst, st.data())) {
                d = gv;
                return true;
            }
            if (++expanded > budget) return false;
            s.expand(st, kids);
            for (const auto& k : kids) {
                if (k.h == SOLVER_H_DEAD) continue;
                std::uint64_t ng = gv + k.cost;
                auto it = g.find(k.bytes);
                if (it == g.end() || ng < it->second) {
                    g[k.bytes] = ng;
                    open.push({ng, k.bytes});
                }
            }
        }
        d = UINT64_MAX;
        return true;  // exhausted: no goal
    };
    if (fg.complete) {
        // Whole space: exact distances by a backward Dijkstra over the recorded edges.
        std::size_t n = fg.size();
        std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> back(n);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t e = fg.edge_begin[i]; e < fg.edge_begin[i + 1]; ++e)
                back[fg.edges[e].first].push_back({std::uint32_t(i), fg.edges[e].second});
        std::vector<std::uint64_t> dist(n, UINT64_MAX);
        using item = std::pair<std::uint64_t, std::uint32_t>;
        std::priority_queue<item, std::vector<item>, std::greater<item>> pq;
        for (std::size_t i = 0; i < n; ++i)
            if (t.is_goal(s.handle.inst, fg.state(i))) {
                dist[i] = 0;
                pq.push({0, std::uint32_t(i)});
            }
        while (!pq.empty()) {
            auto [d, v] = pq.top();
            pq.pop();
            if (d > dist[v]) continue;
            for (auto [u, cost] : back[v])
                if (d + cost < dist[u]) {
                    dist[u] = d + cost;
                    pq.push({dist[u], u});
                }
        }
        std::size_t checked = 0;
        for (std::size_t i = 0; i < n; ++i) {
            std::uint32_t hv = t.heuristic(s.handle.inst, s.scratch, fg.state(i));
            if (hv == SOLVER_H_DEAD) {
                if (dist[i] != UINT64_MAX) {
                    r.fail("admissible", "state #" + std::to_string(i) + " is reported dead but reaches a goal in " + std::to_string(dist[i]));
                    return;
                }
                continue;
            }
            if (dist[i] == UINT64_MAX) continue;
            ++checked;
            if (hv > dist[i]) {
                r.fail("admissible", "state #" + std::to_string(i) + " (depth " + std::to_string(fg.depth[i]) + ") has h = " +
                                         std::to_string(hv) + " but reaches a goal in " + std::to_string(dist[i]) +
                                         " (exact, the whole space of " + std::to_string(n) + " states explored)");
                return;
            }
        }
        r.pass("admissible", "exact on all " + std::to_string(checked) + " states that reach a goal (the whole reachable space, " +
                                 std::to_string(n) + " states)");
        return;
    }
    // Large space: the engines' path gives upper bounds, exhaustive searches near its end
    // exact distances.
    auto ps = c.data.find("path_states");
    if (ps == c.data.end()) {
        r.skip("admissible", "the space has more than " + std::to_string(fg.size()) +
                                 " states and no engine found a path to check against");
        return;
    }
    std::vector<std::string> path;
    const std::string& hx = ps->second;
    for (std::size_t i = 0; i + 2 * s.ss <= hx.size(); i += 2 * s.ss) {
        std::string st(s.ss, '\0');
        for (std::size_t k = 0; k < s.ss; ++k) st[k] = char(std::stoi(hx.substr(i + 2 * k, 2), nullptr, 16));
        path.push_back(st);
    }
    // Remaining cost along the path: step costs by re-expansion.
    std::vector<std::uint64_t> remain(path.size(), 0);
    std::vector<child> kids;
    for (std::size_t i = path.size() - 1; i-- > 0;) {
        s.expand(path[i], kids);
        std::uint64_t best = UINT64_MAX;
        for (const auto& k : kids)
            if (k.bytes == path[i + 1]) best = std::min<std::uint64_t>(best, k.cost);
        remain[i] = remain[i + 1] + (best == UINT64_MAX ? 0 : best);
    }
    std::size_t exact = 0, bounded = 0;
    for (std::size_t i = 0; i < path.size(); ++i) {
        std::uint32_t hv = h_of(path[i]);
        if (hv != SOLVER_H_DEAD && hv > remain[i]) {
            r.fail("admissible", "state " + std::to_string(i) + " of the engines' path has h = " + std::to_string(hv) +
                                     " but the rest of the path costs only " + std::to_string(remain[i]));
            return;
        }
        ++bounded;
    }
    // Exhaustive searches from the last path states and their neighbours.
    r.note("exhaustive searches near the goal");
    std::vector<std::string> near;
    for (std::size_t i = path.size() > 8 ? path.size() - 8 : 0; i < path.size(); ++i) {
        near.push_back(path[i]);
        s.expand(path[i], kids);
        for (const auto& k : kids)
            if (k.h != SOLVER_H_DEAD) near.push_back(k.bytes);
    }
    for (const auto& st : near) {
        std::uint64_t d = 0;
        if (!exact_distance(st, 5000, d)) continue;
        std::uint32_t hv = h_of(st);
        if (hv == SOLVER_H_DEAD) {
            if (d != UINT64_MAX) {
                r.fail("admissible", "a state near the goal is reported dead but reaches a goal in " + std::to_string(d));
                return;
            }
            continue;
        }
        if (d == UINT64_MAX) continue;
        ++exact;
        if (hv > d) {
            r.fail("admissible", "a state near the goal has h = " + std::to_string(hv) + " but reaches a goal in " +
                                     std::to_string(d) + " (exact, uniform-cost search)");
            return;
        }
    }
    r.pass("admissible", "exact on " + std::to_string(exact) + " states near the goal, bounded by the path on " +
                             std::to_string(bounded) + " (more than the " + std::to_string(fg.size()) + " states explored in the limits)");
}

// ---- the driver ----------------------------------------------------------------------------

struct printer {
    int passed = 0, failed = 0, skipped = 0;
    void print(char kind, const std::string& name, const std::string& detail) {
        const char* word = kind == 'P' ? "PASS" : kind == 'F' ? "FAIL" : "SKIP";
        (kind == 'P' ? passed : kind == 'F' ? failed : skipped)++;
        char head[48];
        std::snprintf(head, sizeof head, "%s  %-17s", word, name.c_str());
        std::cout << head << " " << detail << "\n" << std::flush;
    }
};

void report_group(printer& out, const std::vector<std::string>& names, const group_result& g, check_config& c) {
    bool died_reported = false;
    for (const auto& n : names) {
        auto it = g.verdicts.find(n);
        if (it != g.verdicts.end()) {
            out.print(it->second.kind, n, it->second.detail);
        } else if (!g.died.empty() && !died_reported) {
            out.print('F', n, g.died + (g.last_note.empty() ? "" : " while " + g.last_note));
            died_reported = true;
        } else {
            out.print('F', n, "not run: the check process ended early" + (g.died.empty() ? std::string() : " (" + g.died + ")"));
        }
    }
    for (const auto& kv : g.data) c.data[kv.first] = kv.second;
}

}  // namespace

int run_check_plugin(const cli_options& o) {
    check_config c;
    c.threads = o.threads ? o.threads : std::max(4u, online_cpus());
    c.time_limit = o.time_limit > 0 ? o.time_limit : 10;
    c.level = o.level ? o.level : 1;
    c.options = o.plugin_options;
    if (!o.input.empty()) {
        std::ifstream f(o.input, std::ios::binary);
        if (!f) {
            std::cerr << "solver: error: cannot open input file '" << o.input << "' (--check-plugin takes --input FILE)\n";
            return 2;
        }
        c.input.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
        c.source = o.input;
        c.has_input = true;
    }
    printer out;
    std::cout << "check-plugin " << o.check_plugin;
    if (c.has_input) std::cout << " --input " << c.source << " (level " << c.level << ")";
    std::cout << ", " << c.threads << " threads, " << c.time_limit << " s per engine run\n";
    loaded_plugin plugin;
    try {
        plugin = loaded_plugin::load(o.check_plugin);
    } catch (const plugin_error& e) {
        if (resolve_plugin(o.check_plugin).empty()) {
            std::cerr << "solver: error: " << e.what() << "\n";
            return 2;
        }
        out.print('F', "load", e.what());
        std::cout << "0 passed, 1 failed, 0 skipped\n";
        return 1;
    }
    c.t = &plugin.table();
    c.path = plugin.path();
    {
        const solver_plugin& t = *c.t;
        out.print('P', "load", plugin.path() + ": ABI " + std::to_string(SOLVER_ABI_MAJOR_OF(t.abi_version)) + "." +
                                   std::to_string(SOLVER_ABI_MINOR_OF(t.abi_version)) + " (this solver speaks " +
                                   std::to_string(SOLVER_ABI_MAJOR) + "." + std::to_string(SOLVER_ABI_MINOR) + "), table " +
                                   std::to_string(t.struct_size) + " bytes, required functions present");
    }
    const double group_deadline = 60 + 8 * c.time_limit;
    {
        group_result g = run_group([&](reporter& r) { check_identity(c, r); }, 30);
        report_group(out, {"identity"}, g, c);
    }
    {
        report_group(out, {"empty-input"}, run_group([&](reporter& r) { check_empty_input(c, r); }, group_deadline), c);
        report_group(out, {"garbage-input"}, run_group([&](reporter& r) { check_garbage_input(c, r); }, group_deadline), c);
    }
    const std::vector<std::string> instance_checks = {"open", "unknown-option", "deterministic", "canonical",
                                                       "heuristic-agrees", "hash", "consistent", "sink-stop"};
    if (!c.has_input) {
        for (const auto& n : instance_checks) out.print('S', n, "needs --input FILE (a small instance)");
        for (const char* n : {"threads", "engines", "format-buffer", "verifier-rejects", "admissible"})
            out.print('S', n, "needs --input FILE (a small instance)");
    } else {
        group_result g = run_group([&](reporter& r) { check_instance(c, r); }, group_deadline);
        report_group(out, instance_checks, g, c);
        const bool opened = g.verdicts.count("open") && g.verdicts["open"].kind == 'P';
        if (!opened) {
            for (const char* n : {"threads", "engines", "format-buffer", "verifier-rejects", "admissible"})
                out.print('S', n, "the --input level does not open");
        } else {
            report_group(out, {"threads"}, run_group([&](reporter& r) { check_threads(c, r); }, group_deadline), c);
            report_group(out, {"engines", "format-buffer"}, run_group([&](reporter& r) { check_engines(c, r); }, group_deadline), c);
            report_group(out, {"verifier-rejects"}, run_group([&](reporter& r) { check_verifier(c, r); }, group_deadline), c);
            report_group(out, {"admissible"}, run_group([&](reporter& r) { check_admissible(c, r); }, group_deadline), c);
        }
    }
    std::cout << out.passed << " passed, " << out.failed << " failed, " << out.skipped << " skipped\n";
    return out.failed ? 1 : 0;
}

}  // namespace solver
