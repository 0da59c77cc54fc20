// omp_executor: see the header. Compiled only in OpenMP builds (make OMP=1).
#ifdef _OPENMP

#include "sched/omp_executor.h"

#include <omp.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace solver {
namespace {

class omp_executor;

// The executor whose parallel region the calling thread is in (nullptr: none).
thread_local const omp_executor* tls_region_owner = nullptr;

// Marks the calling team thread as inside `ex`'s region for the lifetime of the guard.
class region_guard {
public:
    explicit region_guard(const omp_executor* ex) : saved_(tls_region_owner) { tls_region_owner = ex; }
    ~region_guard() { tls_region_owner = saved_; }
    region_guard(const region_guard&) = delete;
    region_guard& operator=(const region_guard&) = delete;

private:
    const omp_executor* saved_;
};

// First exception of one call or group; no exception may leave an OpenMP construct.
struct error_slot {
    std::mutex mutex;
    std::exception_ptr error;
    std::atomic<bool> failed{false};
    void record(std::exception_ptr e) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = std::move(e);
        failed.store(true, std::memory_order_relaxed);
    }
    void rethrow_if_failed() {
        std::exception_ptr e;
        {
            std::lock_guard<std::mutex> lock(mutex);
            e = std::move(error);
            error = nullptr;
            failed.store(false, std::memory_order_relaxed);
        }
        if (e) std::rethrow_exception(e);
    }
};

inline unsigned worker_id() { return static_cast<unsigned>(omp_get_thread_num()); }

// ---- per-worker statistics ----------------------------------------------------------------------
// A team thread is busy while it runs a chunk, a task or run_on_all's function (the outermost
// one: nested work runs inside it and is already counted) and idle for the rest of the regions
// it is in: waiting at barriers, looking for tasks. A region_clock per team thread adds
// (region time - busy time) to the thread's idle counter when the thread leaves the region.

inline std::uint64_t now_ns() {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count());
}

thread_local unsigned tls_busy_depth = 0;
thread_local std::uint64_t tls_busy_ns = 0;

// Padded: each team thread writes its own line. relaxed: statistics, read after the region's
// join (exact then) or as a snapshot.
struct alignas(64) omp_worker_counters {
    std::atomic<std::uint64_t> tasks{0};
    std::atomic<std::uint64_t> idle_ns{0};
};

inline void bump(std::atomic<std::uint64_t>& c, std::uint64_t by) {
    c.store(c.load(std::memory_order_relaxed) + by, std::memory_order_relaxed);  // single writer
}

// Around one unit of work (chunk, task, run_on_all function) on the calling team thread.
class busy_scope {
public:
    explicit busy_scope(omp_worker_counters* counters) {
        if (tls_busy_depth++ == 0) start_ = now_ns();
        if (counters) bump(counters[worker_id()].tasks, 1);
    }
    ~busy_scope() {
        if (--tls_busy_depth == 0) tls_busy_ns += now_ns() - start_;
    }
    busy_scope(const busy_scope&) = delete;
    busy_scope& operator=(const busy_scope&) = delete;

private:
    std::uint64_t start_ = 0;
};

// For the lifetime of one team thread's part of a parallel region.
class region_clock {
public:
    explicit region_clock(omp_worker_counters* counters)
        : counters_(counters), start_(now_ns()), busy_at_start_(tls_busy_ns) {}
    ~region_clock() {
        const std::uint64_t total = now_ns() - start_, busy = tls_busy_ns - busy_at_start_;
        if (total > busy) bump(counters_[worker_id()].idle_ns, total - busy);
    }
    region_clock(const region_clock&) = delete;
    region_clock& operator=(const region_clock&) = delete;

private:
    omp_worker_counters* counters_;
    std::uint64_t start_, busy_at_start_;
};

class omp_group;

class omp_executor final : public executor {
public:
    explicit omp_executor(unsigned threads)
        : n_(threads ? threads : static_cast<unsigned>(omp_get_max_threads())) {
        if (n_ == 0) n_ = 1;
        counters_.reset(new omp_worker_counters[n_]);
    }
    std::vector<worker_stats> stats() const override {
        std::vector<worker_stats> out(n_);
        for (unsigned w = 0; w < n_; ++w) {
            out[w].tasks = counters_[w].tasks.load(std::memory_order_relaxed);
            out[w].idle_ns = counters_[w].idle_ns.load(std::memory_order_relaxed);
        }
        return out;
    }
    void reset_stats() override {
        for (unsigned w = 0; w < n_; ++w) {
            counters_[w].tasks.store(0, std::memory_order_relaxed);
            counters_[w].idle_ns.store(0, std::memory_order_relaxed);
        }
    }
    omp_worker_counters* counters() const { return counters_.get(); }
    unsigned concurrency() const override { return n_; }
    const char* name() const override { return "openmp"; }
    bool in_region() const { return tls_region_owner == this; }

    void parallel_for(std::uint64_t first, std::uint64_t last, std::uint64_t grain,
                      const std::function<void(std::uint64_t, std::uint64_t, unsigned)>& body) override {
        if (first >= last) return;
        if (grain == 0) grain = 1;
        const std::uint64_t chunks = (last - first + grain - 1) / grain;
        error_slot errors;
        auto chunk = [&](std::uint64_t c) {
            if (errors.failed.load(std::memory_order_relaxed)) return;  // skip after a failure
            std::uint64_t b = first + c * grain;
            std::uint64_t e = (last - b > grain) ? b + grain : last;
            busy_scope busy(counters());
            try {
                body(b, e, worker_id());
            } catch (...) {
                errors.record(std::current_exception());
            }
        };
        if (in_region()) {
            // Nested inside running work: tasks of the enclosing team; taskloop's implicit
            // taskgroup waits for the chunks (and anything they spawn).
#pragma omp taskloop grainsize(1)
            for (std::uint64_t c = 0; c < chunks; ++c) chunk(c);
        } else if (n_ == 1 || chunks == 1) {
            for (std::uint64_t c = 0; c < chunks; ++c) chunk(c);  // worker 0 is the caller
        } else {
            const omp_executor* self = this;
#pragma omp parallel num_threads(n_)
            {
                region_guard guard(self);
                region_clock clock(self->counters());  // destroyed after the loop's barrier
#pragma omp for schedule(dynamic, 1)
                for (std::uint64_t c = 0; c < chunks; ++c) chunk(c);
            }
        }
        errors.rethrow_if_failed();
    }

    void run_on_all(const std::function<void(unsigned)>& fn) override {
        if (in_region())
            throw std::logic_error("omp_executor::run_on_all called from inside its own parallel work; "
                                   "call it from outside");
        error_slot errors;
        std::atomic<int> team{0};
        const omp_executor* self = this;
        const int want = static_cast<int>(n_);
#pragma omp parallel num_threads(n_)
        {
            region_guard guard(self);
            region_clock clock(self->counters());
            // Every team thread sees the same team size, so either all run fn or none does.
            if (omp_get_num_threads() == want) {
                busy_scope busy(self->counters());
                try {
                    fn(worker_id());
                } catch (...) {
                    errors.record(std::current_exception());
                }
            } else if (omp_get_thread_num() == 0) {
                team.store(omp_get_num_threads(), std::memory_order_relaxed);
            }
            // Those done first wait here for the others: idle time, counted before the clock
            // stops (the region's own closing barrier would come after it).
#pragma omp barrier
        }
        if (int got = team.load(std::memory_order_relaxed))
            throw std::runtime_error("omp_executor::run_on_all: OpenMP granted " + std::to_string(got) +
                                     " threads, " + std::to_string(want) +
                                     " needed (check OMP_THREAD_LIMIT / OMP_DYNAMIC)");
        errors.rethrow_if_failed();
    }

    std::unique_ptr<task_group> make_group() override;

private:
    unsigned n_;
    std::unique_ptr<omp_worker_counters[]> counters_;
};

class omp_group final : public task_group {
public:
    explicit omp_group(omp_executor& ex) : ex_(ex) {}
    ~omp_group() override {
        try {
            wait();
        } catch (...) {
            // dropped: nobody waited for it
        }
    }

    void spawn(std::function<void(unsigned)> fn) override {
        if (ex_.in_region()) {
            launch(new std::function<void(unsigned)>(std::move(fn)));
        } else {
            // Outside any region: collected, and run by wait() in one parallel region.
            std::lock_guard<std::mutex> lock(mutex_);
            buffered_.push_back(std::move(fn));
        }
    }

    void wait() override {
        if (ex_.in_region()) {
            for (auto& fn : take_buffered()) launch(new std::function<void(unsigned)>(std::move(fn)));
            // Waits for the tasks this task created; each group task in turn waits for its own
            // children before it finishes (see launch), so this covers all descendants.
#pragma omp taskwait
            // Tasks spawned into this group from elsewhere (another worker's context) are not
            // our children: wait for the counter as well.
            while (pending_.load(std::memory_order_acquire) != 0) {
#pragma omp taskyield
            }
        } else {
            for (;;) {
                std::vector<std::function<void(unsigned)>> batch = take_buffered();
                if (batch.empty()) break;
                omp_group* self = this;
                const omp_executor* ex = &ex_;
#pragma omp parallel num_threads(ex_.concurrency())
                {
                    region_guard guard(ex);
                    region_clock clock(ex->counters());
#pragma omp single
                    for (auto& fn : batch) self->launch(new std::function<void(unsigned)>(std::move(fn)));
                    // The barrier at the end of single completes every task (before the clock
                    // stops, at the end of this block).
                }
            }
        }
        errors_.rethrow_if_failed();
    }

private:
    std::vector<std::function<void(unsigned)>> take_buffered() {
        std::lock_guard<std::mutex> lock(mutex_);
        std::vector<std::function<void(unsigned)>> out;
        out.swap(buffered_);
        return out;
    }

    // Inside a region: run *f as an OpenMP task.
    void launch(std::function<void(unsigned)>* f) {
        // Relaxed increment: ordered before the task's decrement by the task creation itself.
        pending_.fetch_add(1, std::memory_order_relaxed);
        omp_group* self = this;
#pragma omp task firstprivate(self, f)
        {
            {
                busy_scope busy(self->ex_.counters());
                try {
                    (*f)(worker_id());
                } catch (...) {
                    self->errors_.record(std::current_exception());
                }
            }
            delete f;
            // Children spawned by this task (into this group or another) finish before it does,
            // so a taskwait in an ancestor covers the whole spawn tree.
#pragma omp taskwait
            // Release: the task's effects are visible to the waiter's acquire load.
            self->pending_.fetch_sub(1, std::memory_order_acq_rel);
        }
    }

    omp_executor& ex_;
    std::mutex mutex_;
    std::vector<std::function<void(unsigned)>> buffered_;
    std::atomic<std::int64_t> pending_{0};
    error_slot errors_;
};

std::unique_ptr<task_group> omp_executor::make_group() { return std::make_unique<omp_group>(*this); }

}  // namespace

std::unique_ptr<executor> make_omp_executor(unsigned threads) { return std::make_unique<omp_executor>(threads); }

}  // namespace solver

#endif  // _OPENMP
