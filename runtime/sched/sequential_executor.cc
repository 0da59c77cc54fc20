// sequential_executor: the reference executor. Everything runs on the calling thread, in the
// order it was spawned; used for --threads 1 comparisons and as the behavioural model the
// parallel executors are tested against.
#include "sched/executor.h"

#include <deque>
#include <exception>

namespace solver {
namespace {

class sequential_group final : public task_group {
public:
    void spawn(std::function<void(unsigned)> fn) override { queue_.push_back(std::move(fn)); }
    void wait() override {
        std::exception_ptr first;
        while (!queue_.empty()) {
            auto fn = std::move(queue_.front());
            queue_.pop_front();
            try {
                fn(0);
            } catch (...) {
                if (!first) first = std::current_exception();
            }
        }
        if (first) std::rethrow_exception(first);
    }

private:
    std::deque<std::function<void(unsigned)>> queue_;
};

class sequential_executor final : public executor {
public:
    unsigned concurrency() const override { return 1; }
    const char* name() const override { return "sequential"; }
    void parallel_for(std::uint64_t first, std::uint64_t last, std::uint64_t grain,
                      const std::function<void(std::uint64_t, std::uint64_t, unsigned)>& body) override {
        if (grain == 0) grain = 1;
        for (std::uint64_t b = first; b < last;) {
            std::uint64_t e = (last - b > grain) ? b + grain : last;
            body(b, e, 0);
            b = e;
        }
    }
    void run_on_all(const std::function<void(unsigned)>& fn) override { fn(0); }
    std::unique_ptr<task_group> make_group() override { return std::make_unique<sequential_group>(); }
};

}  // namespace

std::unique_ptr<executor> make_sequential_executor() { return std::make_unique<sequential_executor>(); }

}  // namespace solver
