// SPDX-License-Identifier: GPL-2.0
#include "speed_run.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include <sched.h>

#include "cipher_bench.h"
#include "drivers.h"
#include "error.h"
#include "hash_bench.h"
#include "measure.h"
#include "progress.h"
#include "stats.h"
#include "templates.h"

namespace kcshim::speed {
namespace {

struct Line {
	unsigned int test, block, update;
};

std::vector<Line> lines_for(const SpeedOptions &o, AlgKind kind)
{
	std::vector<Line> lines;
	if (!o.sizes.empty()) {
		unsigned int i = 0;
		for (unsigned int s : o.sizes) {
			if (!s || s > tvmem_size - o.keysize)
				throw Error("block size " + std::to_string(s) + " outside 1.." +
					    std::to_string(tvmem_size - o.keysize));
			lines.push_back({i++, s, s});
		}
	} else if (kind == AlgKind::hash) {
		unsigned int i = 0;
		for (const HashSpeed &s : generic_hash_speed_template())
			lines.push_back({i++, s.blen, s.plen});
	} else {
		// Rounded to the cipher block size per driver at measurement time.
		unsigned int i = 0;
		for (unsigned int b : cipher_block_sizes(KernelVersion::v6_12))
			lines.push_back({i++, b, b});
	}
	return lines;
}

// One driver ready to run any line: a hash or a skcipher bench.
class Subject {
public:
	Subject(const std::string &driver, AlgKind kind, const SpeedOptions &o)
	{
		if (kind == AlgKind::hash)
			hash_ = std::make_unique<HashBench>(driver);
		else
			cipher_ = std::make_unique<CipherBench>(driver, false);
		decrypt_ = o.decrypt;
		keysize_ = o.keysize;
	}

	// Bytes one operation at this line processes (cipher lengths round up to whole blocks).
	unsigned int bytes(const Line &l) const
	{
		if (hash_)
			return l.block;
		unsigned int bs = std::max(1u, cipher_->blocksize());
		return (l.block + bs - 1) / bs * bs;
	}

	int measure(const Line &l, double sec, const CycleCounter &cc, Sample &out)
	{
		auto len = std::chrono::duration_cast<std::chrono::nanoseconds>(
			std::chrono::duration<double>(sec));
		if (hash_) {
			HashSpeed s{l.block, l.update};
			return run_for([&] { return hash_->op(s); }, len, cc, out);
		}
		CipherSpeed s{l.test, keysize_, bytes(l)};
		int err = cipher_->prepare(s);
		if (err)
			return err;
		return run_for([&] { return cipher_->op(!decrypt_); }, len, cc, out);
	}

private:
	std::unique_ptr<HashBench> hash_;
	std::unique_ptr<CipherBench> cipher_;
	bool decrypt_ = false;
	unsigned int keysize_ = 16;
};

void pin_to(int cpu)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		throw Error("cannot pin to CPU " + std::to_string(cpu) + ": " + errno_string(-errno));
}

}  // namespace

SpeedReport run_speed(const SpeedOptions &o)
{
	if (o.sec <= 0)
		throw Error("--sec must be positive");
	if (o.repeat < 1)
		throw Error("--repeat must be at least 1");
	if (o.pin >= 0)
		pin_to(o.pin);	// before the Deadline threads exist, so they inherit it
	Drivers found = find_drivers(o.alg);
	std::vector<std::string> drivers = o.drivers.empty() ? found.names : o.drivers;
	for (const std::string &d : drivers)
		if (std::find(found.names.begin(), found.names.end(), d) == found.names.end())
			throw Error(d + " is not a driver of " + o.alg + " (drivers: " + [&] {
				std::string all;
				for (const std::string &n : found.names)
					all += (all.empty() ? "" : ", ") + n;
				return all;
			}() + ")");

	SpeedReport r;
	r.alg = o.alg;
	r.kind = found.kind == AlgKind::hash ? "hash" : "skcipher";
	r.sec = o.sec;
	r.repeat = o.repeat;
	r.drivers = drivers;
	r.baseline = o.baseline.empty() ? default_baseline(drivers) : o.baseline;
	if (std::find(drivers.begin(), drivers.end(), r.baseline) == drivers.end())
		throw Error("baseline " + r.baseline + " is not among the drivers measured");
	CycleCounter cc;
	r.counter = cc.describe();
	r.core_cycles = cc.core_cycles();

	std::vector<std::unique_ptr<Subject>> subjects;
	for (const std::string &d : drivers)
		subjects.push_back(std::make_unique<Subject>(d, found.kind, o));
	std::vector<Line> lines = lines_for(o, found.kind);
	for (const Line &l : lines)
		r.rows.push_back({l.test, l.block, l.update, {}});

	unsigned int steps = o.repeat * static_cast<unsigned int>(lines.size() * drivers.size());
	Progress progress(steps, steps * o.sec);
	for (unsigned int rep = 0; rep < o.repeat; rep++) {
		for (size_t li = 0; li < lines.size(); li++) {
			for (size_t di = 0; di < drivers.size(); di++) {
				Sample s;
				int err = subjects[di]->measure(lines[li], o.sec, cc, s);
				if (err)
					throw Error(drivers[di] + " failed at block " +
						    std::to_string(lines[li].block) + ": " +
						    errno_string(err));
				double bytes = double(s.ops) * subjects[di]->bytes(lines[li]);
				SpeedPoint &p = r.rows[li].results[drivers[di]];
				p.runs_mb_per_s.push_back(s.seconds > 0 ? bytes / s.seconds / 1e6 : 0);
				p.runs_cycles_per_byte.push_back(bytes > 0 ? double(s.cycles) / bytes : 0);
				progress.step(drivers[di] + " " + std::to_string(lines[li].block) + "/" +
					      std::to_string(lines[li].update));
			}
		}
	}
	for (SpeedRow &row : r.rows) {
		for (auto &[driver, p] : row.results) {
			p.mb_per_s = median(p.runs_mb_per_s);
			p.cycles_per_byte = median(p.runs_cycles_per_byte);
			p.spread = spread(p.runs_mb_per_s);
		}
		// A cipher row reports the length actually processed (1420 -> 1424 for 8-byte blocks).
		if (found.kind == AlgKind::skcipher)
			row.block = row.update = subjects.front()->bytes({row.test, row.block, row.update});
	}
	return r;
}

std::vector<std::string> noisy_lines(const SpeedReport &r)
{
	std::vector<std::string> out;
	for (const SpeedRow &row : r.rows)
		for (const auto &[driver, p] : row.results)
			if (p.spread > noisy_spread)
				out.push_back(std::to_string(row.block) + "/" + std::to_string(row.update) +
					      " " + driver + " (" +
					      std::to_string(static_cast<int>(p.spread * 100 + 0.5)) + "%)");
	return out;
}

}  // namespace kcshim::speed
