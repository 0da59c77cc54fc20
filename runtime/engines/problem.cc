#include "engines/problem.h"

namespace solver {

std::uint64_t hash_bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    auto mix = [](std::uint64_t a, std::uint64_t b) {
        unsigned __int128 r = static_cast<unsigned __int128>(a) * b;
        return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
    };
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ (n * 0xa0761d6478bd642full);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        h = mix(h ^ w, 0xe7037ed1a0b428dbull);
    }
    if (i < n) {
        std::uint64_t w = 0;
        std::memcpy(&w, p + i, n - i);
        h = mix(h ^ w, 0x8ebc6af09c88c6e3ull);
    }
    return mix(h, 0x589965cc75374cc3ull);
}

problem::problem(const solver_plugin& table, solver_instance* instance) : table_(table), instance_(instance) {
    const solver_instance_info* info = table_.info(instance_);
    if (!info) throw plugin_call_error("the plugin returned no instance info");
    if (!SOLVER_HAS_FIELD(info, solver_instance_info, flags))
        throw plugin_call_error("the plugin's instance info is too small (" + std::to_string(info->struct_size) + " bytes)");
    state_size_ = info->state_size;
    flags_ = info->flags;
    if (state_size_ == 0) throw plugin_call_error("the plugin reports a state size of 0 bytes");
    if (SOLVER_HAS_FIELD(info, solver_instance_info, default_engine) && info->default_engine)
        default_engine_ = info->default_engine;
    if (SOLVER_HAS_FIELD(info, solver_instance_info, default_weight) && info->default_weight >= 1.0)
        default_weight_ = info->default_weight;
    if (SOLVER_HAS_FIELD(info, solver_instance_info, cost_unit) && info->cost_unit) cost_unit_ = info->cost_unit;
    if (cost_unit_.empty()) cost_unit_ = "moves";
    if (SOLVER_HAS_FIELD(info, solver_instance_info, description) && info->description)
        description_ = info->description;
    if (SOLVER_HAS_FIELD(info, solver_instance_info, max_cost) && info->max_cost) max_cost_ = info->max_cost;
    prepare_workers(1);
}

problem::~problem() {
    for (auto* s : scratches_)
        if (s) table_.scratch_free(s);
    table_.close(instance_);
}

void problem::prepare_workers(unsigned workers) {
    while (scratches_.size() < workers) {
        solver_scratch* s = table_.scratch_create(instance_);
        if (!s) throw plugin_call_error("the plugin could not create scratch buffers (out of memory)");
        scratches_.push_back(s);
    }
}

void problem::prepare_workers(executor& ex) {
    const unsigned n = ex.concurrency();
    if (scratches_.size() >= n) return;
    scratches_.resize(n, nullptr);  // before the workers start: each writes only its own slot
    ex.run_on_all([this](unsigned w) {
        if (!scratches_[w]) scratches_[w] = table_.scratch_create(instance_);  // [thread-safe]
    });
    // After the join (which orders the workers' writes before these reads).
    for (auto* s : scratches_)
        if (!s) throw plugin_call_error("the plugin could not create scratch buffers (out of memory)");
}

void problem::check(solver_status s, const char* what) {
    if (s != SOLVER_OK)
        throw plugin_call_error(std::string("the plugin's ") + what + " failed with status " + std::to_string(s));
}

void problem::initial(unsigned worker, void* out) {
    std::memset(out, 0, state_size_);
    check(table_.initial(instance_, scratches_[worker], out), "initial");
}

std::uint64_t problem::path_cost(unsigned worker, const std::vector<std::uint8_t>& states,
                                 const std::vector<std::uint32_t>& moves) {
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::uint8_t* from = states.data() + i * state_size_;
        const std::uint8_t* to = from + state_size_;
        std::uint64_t best = UINT64_MAX;
        expand(worker, from, [&](const void* child, std::uint32_t move, std::uint32_t cost, std::uint32_t, std::uint64_t) {
            if (move == moves[i] && cost < best && std::memcmp(child, to, state_size_) == 0) best = cost;
            return true;
        });
        if (best == UINT64_MAX)
            throw plugin_call_error("internal error: step " + std::to_string(i + 1) +
                                    " of the path found is not a successor of the state before it");
        total += best;
    }
    return total;
}

std::string problem::format_solution(const std::vector<std::uint8_t>& states, const std::vector<std::uint32_t>& moves) {
    std::vector<char> buf(4096);
    char msg[512] = {0};
    for (int attempt = 0; attempt < 3; ++attempt) {
        solver_error err{msg, sizeof msg, 0, 0};
        std::size_t needed = 0;
        solver_status s = table_.format_solution(instance_, states.data(), moves.data(), moves.size(), buf.data(),
                                                 buf.size(), &needed, &err);
        if (s == SOLVER_OK) return std::string(buf.data());
        if (s == SOLVER_ERR_BUFFER && needed > buf.size()) {
            buf.resize(needed);
            continue;
        }
        throw plugin_call_error(std::string("the plugin could not format the solution: ") + msg);
    }
    throw plugin_call_error("the plugin kept asking for a larger solution buffer");
}

std::string problem::verify(const std::string& solution, std::uint64_t& cost, bool* supported) {
    char msg[512] = {0};
    solver_error err{msg, sizeof msg, 0, 0};
    cost = 0;
    if (supported) *supported = true;
    solver_status s = table_.verify_solution(instance_, solution.data(), solution.size(), &cost, &err);
    if (s == SOLVER_OK) return "";
    if (s == SOLVER_ERR_UNSUPPORTED && supported) {
        *supported = false;
        return "";
    }
    std::string why = msg[0] ? msg : "rejected without a reason";
    if (err.column) why = "at character " + std::to_string(err.column) + ": " + why;
    return why;
}

}  // namespace solver
