// work_stealing_pool: see the header for the contract. Layout of this file: tasks and task-group
// state, the pool internals (impl: workers, work search, parking), then the executor methods.
//
// Parking protocol (an event count): a worker that found no work reads `epoch_`, increments
// `sleepers_`, issues a seq_cst fence and looks for work (and its exit condition) once more;
// only then it blocks on the condition variable until `epoch_` changes. Whoever makes work
// available (a push, an injected task, a mailbox entry, a group reaching zero, stop) first
// publishes it, then fences and reads `sleepers_`; if anyone may sleep it bumps `epoch_` and
// notifies under the mutex. The two fences form a Dekker pair: either the sleeper's re-check
// sees the new work, or the publisher sees the sleeper and wakes it. Bumping epoch_ before
// taking the mutex, and the sleeper re-reading epoch_ under it, closes the window between the
// re-check and the wait, so a wake-up is never lost.
#include "sched/work_stealing_pool.h"

#include "sched/chase_lev_deque.h"
#include "sched/make_executor.h"
#include "sched/spin_wait.h"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <system_error>

namespace solver {
namespace {


std::uint64_t now_ns() {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count());
}

// A counter with a single writer at a time (its worker), read by stats() from anywhere.
inline void bump(std::atomic<std::uint64_t>& c, std::uint64_t by = 1) {
    c.store(c.load(std::memory_order_relaxed) + by, std::memory_order_relaxed);
}

// Completion state shared by the tasks of one group (a task_group, one parallel_for call, one
// run_on_all call). The waiter owns it; tasks touch it only before their final decrement.
struct group_state {
    // Tasks spawned and not yet finished. Incremented (relaxed) by the spawner before the task
    // is published; a nested spawn happens inside a running task of the group, which still
    // counts, so the counter cannot reach zero early. Decremented acq_rel by the finishing
    // task: release publishes the task's effects (and a recorded exception), the waiter's
    // acquire load of zero receives them.
    std::atomic<std::int64_t> pending{0};
    std::atomic<bool> failed{false};  // a hint for parallel_for to skip unstarted chunks
    std::mutex error_mutex;
    std::exception_ptr error;

    void record(std::exception_ptr e) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::move(e);
        failed.store(true, std::memory_order_relaxed);
    }
    // Waiter only, after pending reached zero: rethrow the first exception, and reset so that a
    // task_group can be reused after wait().
    void rethrow_if_failed() {
        std::exception_ptr e;
        {
            std::lock_guard<std::mutex> lock(error_mutex);
            e = std::move(error);
            error = nullptr;
            failed.store(false, std::memory_order_relaxed);
        }
        if (e) std::rethrow_exception(e);
    }
};

struct task {
    explicit task(group_state* g) : group(g) {}
    virtual ~task() = default;
    virtual void run(unsigned worker) = 0;
    group_state* const group;
};

struct function_task final : task {
    function_task(group_state* g, std::function<void(unsigned)> f) : task(g), fn(std::move(f)) {}
    void run(unsigned worker) override { fn(worker); }
    std::function<void(unsigned)> fn;
};

// One run_on_all call: workers 1..N-1 find it in their mailbox.
struct broadcast {
    const std::function<void(unsigned)>* fn = nullptr;
    std::atomic<unsigned> remaining{0};  // same protocol as group_state::pending
    group_state errors;
};

struct alignas(64) worker_slot {
    chase_lev_deque<task*> deque{256};
    // run_on_all hands its function to worker k here. Release store by the caller / acq_rel
    // exchange by the worker: the broadcast object's fields are visible to the worker.
    std::atomic<broadcast*> mailbox{nullptr};
    std::atomic<std::uint64_t> tasks{0}, steals{0}, idle_ns{0}, parks{0};
    // Start (now_ns) of the idle period in progress, 0 when busy: stats() adds the open period,
    // so a parked worker's idle time is current when read.
    std::atomic<std::uint64_t> idle_since{0};
    std::uint64_t rng = 0;  // owner only (worker 0: whoever holds the caller slot)
    pthread_t thread{};
    bool started = false;
};

struct tls_context {
    work_stealing_pool::impl* pool = nullptr;
    unsigned index = 0;
};
thread_local tls_context tls;
}  // namespace

struct work_stealing_pool::impl {
    explicit impl(const work_stealing_pool_options& o)
        : n(o.threads ? o.threads : online_cpus()), pin(o.pin), spin_rounds(o.spin_rounds), spin_ns(o.spin_ns) {
        if (n == 0) n = 1;
        workers.reserve(n);
        for (unsigned w = 0; w < n; ++w) {
            workers.emplace_back(new worker_slot);
            workers.back()->rng = 0x9E3779B97F4A7C15ull * (w + 1);
        }
        if (pin) pin_cpus = affinity_cpus();
        for (unsigned w = 1; w < n; ++w) {
            auto* arg = new start_arg{this, w};
            int rc = pthread_create(&workers[w]->thread, nullptr, &impl::thread_main, arg);
            if (rc != 0) {
                delete arg;
                shutdown();
                throw std::system_error(rc, std::generic_category(),
                                        "work_stealing_pool: pthread_create for worker " + std::to_string(w));
            }
            workers[w]->started = true;
        }
    }

    ~impl() { shutdown(); }

    void shutdown() {
        // Seq_cst store: the exit condition is published before wake_all's fence (see the
        // parking protocol at the top of the file).
        stop.store(true, std::memory_order_seq_cst);
        wake_all();
        for (unsigned w = 1; w < n; ++w)
            if (workers[w]->started) {
                pthread_join(workers[w]->thread, nullptr);
                workers[w]->started = false;
            }
        // Tasks left behind belong to groups nobody waited for (a contract violation); free them.
        for (auto& slot : workers)
            while (auto t = slot->deque.pop()) delete *t;
        std::lock_guard<std::mutex> lock(inject_mutex);
        for (task* t : injected) delete t;
        injected.clear();
    }

    struct start_arg {
        impl* pool;
        unsigned index;
    };

    static void* thread_main(void* p) {
        auto* arg = static_cast<start_arg*>(p);
        impl* self = arg->pool;
        unsigned w = arg->index;
        delete arg;
        char name[16];
        std::snprintf(name, sizeof name, "solver-w%u", w);
        pthread_setname_np(pthread_self(), name);  // best effort: only a debugging aid
        if (!self->pin_cpus.empty()) {
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(self->pin_cpus[w % self->pin_cpus.size()], &set);
            pthread_setaffinity_np(pthread_self(), sizeof set, &set);  // best effort as well
        }
        tls = {self, w};
        // Acquire: pairs with the seq_cst store in shutdown().
        self->help_until(w, [self] { return self->stop.load(std::memory_order_acquire); });
        tls = {};
        return nullptr;
    }

    static std::vector<int> affinity_cpus() {
        std::vector<int> cpus;
        cpu_set_t set;
        CPU_ZERO(&set);
        if (sched_getaffinity(0, sizeof set, &set) == 0)
            for (int c = 0; c < CPU_SETSIZE; ++c)
                if (CPU_ISSET(c, &set)) cpus.push_back(c);
        return cpus;
    }

    int self_index() const { return tls.pool == this ? static_cast<int>(tls.index) : -1; }

    // ---- publishing work and waking ---------------------------------------------------------

    // The task's group counter has already been incremented.
    void submit(task* t) {
        int w = self_index();
        if (w >= 0) {
            workers[static_cast<unsigned>(w)]->deque.push(t);
        } else {
            std::lock_guard<std::mutex> lock(inject_mutex);
            injected.push_back(t);
            // Relaxed: a hint read before taking the mutex; ordered for sleepers by wake_one's fence.
            injected_count.store(injected.size(), std::memory_order_relaxed);
        }
        wake_one();
    }

    void wake_one() { wake(false); }
    void wake_all() { wake(true); }

    void wake(bool all) {
        // Seq_cst fence: the publisher's half of the Dekker pair (publish; fence; read sleepers_).
        detail::seq_cst_fence();
        // Relaxed: ordered by the fence above.
        if (sleepers.load(std::memory_order_relaxed) == 0) return;
        // Seq_cst RMW: a sleeper that read the old epoch under the mutex is already waiting (we
        // take the mutex below before notifying); one that reads it later sees the new value.
        epoch.fetch_add(1, std::memory_order_seq_cst);
        { std::lock_guard<std::mutex> lock(park_mutex); }
        if (all)
            park_cv.notify_all();
        else
            park_cv.notify_one();
    }

    // ---- finding and running work -------------------------------------------------------------

    static std::uint64_t next_random(std::uint64_t& s) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return s;
    }

    task* find_task(unsigned w) {
        worker_slot& me = *workers[w];
        if (auto t = me.deque.pop()) return *t;
        if (n > 1) {
            // Randomized victim order: start at a random worker, visit every other one once.
            unsigned start = static_cast<unsigned>(next_random(me.rng) % n);
            for (unsigned i = 0; i < n; ++i) {
                unsigned v = start + i;
                if (v >= n) v -= n;
                if (v == w) continue;
                task* t = nullptr;
                for (int attempt = 0; attempt < 4; ++attempt) {
                    steal_status st = workers[v]->deque.try_steal(t);
                    if (st == steal_status::success) {
                        bump(me.steals);
                        return t;
                    }
                    if (st == steal_status::empty) break;
                    cpu_pause();  // lost a race: the victim still had work, try it again
                }
            }
        }
        // Relaxed hint; the mutex orders the queue itself.
        if (injected_count.load(std::memory_order_relaxed) != 0) {
            std::lock_guard<std::mutex> lock(inject_mutex);
            if (!injected.empty()) {
                task* t = injected.front();
                injected.pop_front();
                injected_count.store(injected.size(), std::memory_order_relaxed);
                return t;
            }
        }
        return nullptr;
    }

    // For the parking re-check (after the sleeper's fence): may anything be runnable for w?
    bool has_work(unsigned w) const {
        // Relaxed loads, ordered by the caller's seq_cst fence (the sleeper's half of the pair).
        if (w != 0 && workers[w]->mailbox.load(std::memory_order_relaxed) != nullptr) return true;
        if (injected_count.load(std::memory_order_relaxed) != 0) return true;
        for (const auto& slot : workers)
            if (!slot->deque.empty()) return true;
        return false;
    }

    bool any_work() const {
        if (injected_count.load(std::memory_order_relaxed) != 0) return true;
        for (const auto& slot : workers)
            if (!slot->deque.empty() || slot->mailbox.load(std::memory_order_relaxed) != nullptr) return true;
        return false;
    }

    void execute(task* t, unsigned w) {
        group_state* g = t->group;
        try {
            t->run(w);
        } catch (...) {
            g->record(std::current_exception());
        }
        delete t;  // captured state dies before the group can be seen complete
        bump(workers[w]->tasks);
        // Acq_rel: see group_state::pending. After this decrement g may be gone (its waiter may
        // return at once), so only pool members are touched below.
        if (g->pending.fetch_sub(1, std::memory_order_acq_rel) == 1) wake_all();
    }

    void run_broadcast(unsigned w) {
        // Acq_rel exchange: acquire pairs with run_on_all's release store of the mailbox.
        broadcast* b = workers[w]->mailbox.exchange(nullptr, std::memory_order_acq_rel);
        if (!b) return;
        try {
            (*b->fn)(w);
        } catch (...) {
            b->errors.record(std::current_exception());
        }
        // Acq_rel: as group_state::pending; b may be gone after this.
        if (b->remaining.fetch_sub(1, std::memory_order_acq_rel) == 1) wake_all();
    }

    // The scheduling loop of worker w: run tasks until done() holds; spin briefly, then park,
    // when there is nothing to do. Used by the pthreads (done = stop) and by every waiting call.
    template <class Done>
    void help_until(unsigned w, const Done& done) {
        worker_slot& me = *workers[w];
        std::uint64_t idle_start = 0;
        unsigned fails = 0;
        bool parked = false;
        auto end_idle = [&] {
            if (idle_start) {
                // Relaxed: statistics only; stats() tolerates a torn pair (it retries).
                // An idle period that began before reset_stats() counts from the reset on.
                bump(me.idle_ns, now_ns() - std::max(idle_start, stats_reset_ns.load(std::memory_order_relaxed)));
                me.idle_since.store(0, std::memory_order_relaxed);
                idle_start = 0;
            }
        };
        while (!done()) {
            if (w != 0 && me.mailbox.load(std::memory_order_relaxed) != nullptr) {
                end_idle();
                run_broadcast(w);
                fails = 0;
                continue;
            }
            if (task* t = find_task(w)) {
                end_idle();
                execute(t, w);
                fails = 0;
                continue;
            }
            if (!idle_start) {
                idle_start = now_ns();
                me.idle_since.store(idle_start, std::memory_order_relaxed);
            }
            if (++fails <= spin_rounds || now_ns() - idle_start < spin_ns) {
                if (fails % 16 == 0)
                    sched_yield();  // on a shared machine, let the thread we wait for run
                else
                    cpu_pause();
                continue;
            }
            park(w, done);
            parked = true;
            fails = 0;
        }
        end_idle();
        // A wake_one() meant for new work may have woken us just as our own wait ended, and we
        // are leaving without looking: pass the wake-up on if work is visible, so it is not lost.
        if (parked && !stop.load(std::memory_order_relaxed) && any_work()) wake_one();
    }

    template <class Done>
    void park(unsigned w, const Done& done) {
        // Seq_cst: read the epoch before announcing ourselves (see the protocol at the top).
        std::uint64_t e = epoch.load(std::memory_order_seq_cst);
        sleepers.fetch_add(1, std::memory_order_seq_cst);
        // Seq_cst fence: the sleeper's half of the Dekker pair (announce; fence; re-check).
        detail::seq_cst_fence();
        if (!done() && !has_work(w)) {
            bump(workers[w]->parks);
            std::unique_lock<std::mutex> lock(park_mutex);
            // Relaxed under the mutex: wake() bumps the epoch before taking this mutex.
            while (epoch.load(std::memory_order_relaxed) == e) park_cv.wait(lock);
        }
        // Relaxed: a stale count only costs a publisher one unneeded notify.
        sleepers.fetch_sub(1, std::memory_order_relaxed);
    }

    // ---- the caller slot: an outside thread acting as worker 0 --------------------------------

    class caller_scope {
    public:
        explicit caller_scope(impl& p) : pool_(p) {
            if (tls.pool == &p) return;  // already a worker of this pool (nested call)
            p.caller_mutex.lock();
            saved_ = tls;
            tls = {&p, 0};
            entered_ = true;
        }
        ~caller_scope() {
            if (entered_) {
                tls = saved_;
                pool_.caller_mutex.unlock();
            }
        }
        caller_scope(const caller_scope&) = delete;
        caller_scope& operator=(const caller_scope&) = delete;
        unsigned worker() const { return tls.index; }

    private:
        impl& pool_;
        tls_context saved_;
        bool entered_ = false;
    };

    // ---- parallel_for: recursive binary splitting -----------------------------------------

    using body_fn = std::function<void(std::uint64_t, std::uint64_t, unsigned)>;

    struct range_task final : task {
        range_task(group_state* g, impl* p, const body_fn* b, std::uint64_t gr, std::uint64_t lo, std::uint64_t hi)
            : task(g), pool(p), body(b), grain(gr), begin(lo), end(hi) {}
        void run(unsigned worker) override { pool->split_and_run(*group, *body, grain, begin, end, worker); }
        impl* pool;
        const body_fn* body;
        std::uint64_t grain, begin, end;
    };

    // Hand the upper half to the deque until the piece is within the grain, then run it. The
    // halves left in the deque are what thieves take (the largest first: FIFO at the top).
    void split_and_run(group_state& g, const body_fn& body, std::uint64_t grain, std::uint64_t b, std::uint64_t e,
                       unsigned w) {
        while (e - b > grain) {
            if (g.failed.load(std::memory_order_relaxed)) return;
            std::uint64_t mid = b + (e - b) / 2;
            task* t = new range_task(&g, this, &body, grain, mid, e);
            g.pending.fetch_add(1, std::memory_order_relaxed);
            submit(t);
            e = mid;
        }
        if (!g.failed.load(std::memory_order_relaxed)) body(b, e, w);
    }

    unsigned n;
    bool pin;
    unsigned spin_rounds;
    std::uint64_t spin_ns;
    std::vector<int> pin_cpus;
    std::vector<std::unique_ptr<worker_slot>> workers;

    std::mutex caller_mutex;  // held by the outside thread acting as worker 0

    std::mutex inject_mutex;  // tasks spawned by threads outside the pool
    std::deque<task*> injected;
    std::atomic<std::size_t> injected_count{0};

    // now_ns() of the last reset_stats() (0: never). relaxed: statistics only.
    std::atomic<std::uint64_t> stats_reset_ns{0};

    alignas(64) std::atomic<std::uint64_t> epoch{0};
    std::atomic<unsigned> sleepers{0};
    std::mutex park_mutex;
    std::condition_variable park_cv;
    std::atomic<bool> stop{false};
};

namespace {

class ws_group final : public task_group {
public:
    explicit ws_group(work_stealing_pool::impl& pool) : pool_(pool) {}
    ~ws_group() override {
        try {
            wait();
        } catch (...) {
            // An exception nobody waited for: dropped, like a detached future's.
        }
    }
    void spawn(std::function<void(unsigned)> fn) override {
        task* t = new function_task(&state_, std::move(fn));
        state_.pending.fetch_add(1, std::memory_order_relaxed);
        pool_.submit(t);
    }
    void wait() override {
        {
            work_stealing_pool::impl::caller_scope scope(pool_);
            // Acquire: pairs with the finishing tasks' acq_rel decrements.
            pool_.help_until(scope.worker(), [this] { return state_.pending.load(std::memory_order_acquire) == 0; });
        }
        state_.rethrow_if_failed();
    }

private:
    work_stealing_pool::impl& pool_;
    group_state state_;
};

}  // namespace

// ---- work_stealing_pool ------------------------------------------------------------------------

work_stealing_pool::work_stealing_pool(const work_stealing_pool_options& options)
    : impl_(std::make_unique<impl>(options)) {}

work_stealing_pool::work_stealing_pool(unsigned threads, bool pin)
    : work_stealing_pool(work_stealing_pool_options{threads, pin}) {}

work_stealing_pool::~work_stealing_pool() = default;

unsigned work_stealing_pool::concurrency() const { return impl_->n; }

void work_stealing_pool::parallel_for(std::uint64_t first, std::uint64_t last, std::uint64_t grain,
                                      const std::function<void(std::uint64_t, std::uint64_t, unsigned)>& body) {
    if (first >= last) return;
    if (grain == 0) grain = 1;  // as the sequential executor
    if (impl_->n > 1 && last - first > grain && impl_->self_index() < 0) {
        // Called from outside the pool (an engine's layer loop): every worker is free, so the
        // chunks are dealt by one shared counter, as OpenMP's schedule(dynamic) does, instead of
        // binary splitting (no task objects, no deque traffic, no steals; the flat loops of
        // layered BFS were 8% slower than the OpenMP build with splitting). Nested calls, from
        // inside tasks, keep the splitting below: only it composes with other queued work.
        // relaxed fetch_add: the counter only deals out disjoint ranges; the chunks' effects are
        // published to the caller by run_on_all's join.
        // Chunk numbers, not indices, so that nothing overflows near the top of the range.
        const std::uint64_t chunks = (last - first - 1) / grain + 1;
        std::atomic<std::uint64_t> next{0};
        std::atomic<bool> failed{false};  // relaxed hint: skip unstarted chunks after a throw
        run_on_all([&](unsigned w) {
            try {
                for (;;) {
                    if (failed.load(std::memory_order_relaxed)) return;
                    const std::uint64_t c = next.fetch_add(1, std::memory_order_relaxed);
                    if (c >= chunks) return;
                    const std::uint64_t b = first + c * grain;
                    body(b, last - b > grain ? b + grain : last, w);
                }
            } catch (...) {
                failed.store(true, std::memory_order_relaxed);
                throw;  // run_on_all keeps the first exception and rethrows it after the join
            }
        });
        return;
    }
    impl::caller_scope scope(*impl_);
    const unsigned w = scope.worker();
    if (impl_->n == 1 || last - first <= grain) {
        for (std::uint64_t b = first; b < last;) {
            std::uint64_t e = (last - b > grain) ? b + grain : last;
            body(b, e, w);
            b = e;
        }
        return;
    }
    group_state g;
    try {
        impl_->split_and_run(g, body, grain, first, last, w);
    } catch (...) {
        g.record(std::current_exception());
    }
    impl_->help_until(w, [&g] { return g.pending.load(std::memory_order_acquire) == 0; });
    g.rethrow_if_failed();
}

void work_stealing_pool::run_on_all(const std::function<void(unsigned)>& fn) {
    if (impl_->self_index() >= 0)
        throw std::logic_error("work_stealing_pool::run_on_all called from inside one of its own workers; "
                               "call it from outside the pool");
    impl::caller_scope scope(*impl_);
    const unsigned n = impl_->n;
    if (n == 1) {
        fn(0);
        return;
    }
    broadcast b;
    b.fn = &fn;
    b.remaining.store(n - 1, std::memory_order_relaxed);
    // Release: the broadcast's fields are visible to the worker's acq_rel exchange.
    for (unsigned w = 1; w < n; ++w) impl_->workers[w]->mailbox.store(&b, std::memory_order_release);
    impl_->wake_all();
    try {
        fn(0);
    } catch (...) {
        b.errors.record(std::current_exception());
    }
    impl_->help_until(0, [&b] { return b.remaining.load(std::memory_order_acquire) == 0; });
    b.errors.rethrow_if_failed();
}

std::unique_ptr<task_group> work_stealing_pool::make_group() { return std::make_unique<ws_group>(*impl_); }

std::vector<worker_stats> work_stealing_pool::stats() const {
    std::vector<worker_stats> out;
    out.reserve(impl_->n);
    for (const auto& s : impl_->workers) {
        worker_stats st;
        st.tasks = s->tasks.load(std::memory_order_relaxed);
        st.steals = s->steals.load(std::memory_order_relaxed);
        // The closed idle periods plus the one in progress; retry if the worker closed or opened
        // one between the loads.
        for (;;) {
            std::uint64_t since = s->idle_since.load(std::memory_order_relaxed);
            const std::uint64_t reset = impl_->stats_reset_ns.load(std::memory_order_relaxed);
            std::uint64_t closed = s->idle_ns.load(std::memory_order_relaxed);
            std::uint64_t now = now_ns();
            if (s->idle_since.load(std::memory_order_relaxed) != since) continue;
            if (since && since < reset) since = reset;  // the open period counts from the reset on
            st.idle_ns = closed + (since && now > since ? now - since : 0);
            break;
        }
        st.parks = s->parks.load(std::memory_order_relaxed);
        out.push_back(st);
    }
    return out;
}

void work_stealing_pool::reset_stats() {
    impl_->stats_reset_ns.store(now_ns(), std::memory_order_relaxed);
    for (auto& s : impl_->workers) {
        s->tasks.store(0, std::memory_order_relaxed);
        s->steals.store(0, std::memory_order_relaxed);
        s->idle_ns.store(0, std::memory_order_relaxed);
        s->parks.store(0, std::memory_order_relaxed);
    }
}

int work_stealing_pool::current_worker() const { return impl_->self_index(); }

}  // namespace solver
