// spin_wait: the pause-then-yield backoff of the runtime's short spin loops (a heap lock of the
// multi-queue, a slot being published in the visited table, a lost steal in the pool).
//
// Contract: header-only, no state beyond the caller's counter. cpu_pause() is one CPU pause hint.
// spin_backoff(spins) pauses for the first 64 calls with the same counter, then yields the core
// on every call: the thread we wait for may be descheduled, since the cores are shared with
// other processes (and with our own other workers when --threads exceeds the cores).
#pragma once

#include <atomic>
#include <thread>

namespace solver {

inline void cpu_pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    std::atomic_signal_fence(std::memory_order_seq_cst);
#endif
}

inline void spin_backoff(unsigned& spins) {
    if (++spins < 64) cpu_pause();
    else std::this_thread::yield();
}

}  // namespace solver
