// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/speed_run.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <memory>
#include <optional>

#include <sched.h>

#include "tools/speed/cipher_bench.h"
#include "tools/speed/drivers.h"
#include "tools/cross/emulation.h"
#include "tools/speed/error.h"
#include "tools/speed/hash_bench.h"
#include "tools/speed/measure.h"
#include "tools/speed/openssl_bench.h"
#include "tools/speed/progress.h"
#include "tools/speed/stats.h"
#include "tools/speed/templates.h"

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

// One driver ready to run any line: a hash or a skcipher bench, or a kernel driver behind an
// endpoint.
class Subject {
public:
	struct Kernel {
		afalg::KernelEndpoint *ep;
		std::string driver;		// cra_driver_name in that kernel
		unsigned int blocksize;
		std::optional<afalg::Bytes> key;
	};

	Subject(Kernel k, AlgKind kind, const SpeedOptions &o)
		: kernel_(std::move(k)), kind_(kind), decrypt_(o.decrypt), keysize_(o.keysize)
	{
	}

	Subject(std::unique_ptr<OpensslBench> openssl, AlgKind kind, const SpeedOptions &o)
		: openssl_(std::move(openssl)), kind_(kind), decrypt_(o.decrypt), keysize_(o.keysize)
	{
	}

	Subject(const std::string &driver, AlgKind kind, const SpeedOptions &o) : kind_(kind)
	{
		if (kind == AlgKind::hash)
			hash_ = std::make_unique<HashBench>(driver);
		else
			// async drivers too: a named driver is what the user asked for, and the
			// SIMD wrappers the kernel marks async (cbc-cast5-avx) complete in the caller
			// here, so the time measured is the driver's own
			cipher_ = std::make_unique<CipherBench>(driver, true);
		decrypt_ = o.decrypt;
		keysize_ = o.keysize;
	}

	// Bytes one operation at this line processes (cipher lengths round up to whole blocks).
	unsigned int bytes(const Line &l) const
	{
		if (kind_ == AlgKind::hash)
			return l.block;
		unsigned int bs = std::max(1u, kernel_	 ? kernel_->blocksize
					       : openssl_ ? openssl_->blocksize()
							  : cipher_->blocksize());
		return (l.block + bs - 1) / bs * bs;
	}

	int measure(const Line &l, double sec, const CycleCounter &cc, Sample &out)
	{
		auto len = std::chrono::duration_cast<std::chrono::nanoseconds>(
			std::chrono::duration<double>(sec));
		if (kernel_)
			return measure_kernel(l, sec, out);
		if (openssl_ && kind_ == AlgKind::hash) {
			HashSpeed s{l.block, l.update};
			return run_for([&] { return openssl_->hash_op(s); }, len, cc, out);
		}
		if (openssl_) {
			unsigned int n = bytes(l);
			return run_for([&] { return openssl_->cipher_op(n, !decrypt_); }, len, cc, out);
		}
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
	int measure_kernel(const Line &l, double sec, Sample &out)
	{
		afalg::SpeedRequest q;
		q.alg = kernel_->driver;
		q.skcipher = kind_ == AlgKind::skcipher;
		q.encrypt = !decrypt_;
		q.key = kernel_->key;
		q.block = bytes(l);
		q.update = q.skcipher ? q.block : l.update;
		q.duration_ms = static_cast<std::uint32_t>(
			std::clamp(sec * 1000, 1.0, double(afalg::max_speed_ms)));
		auto r = kernel_->ep->speed(q);
		if (!r)
			throw Error("kernel:" + kernel_->driver + " failed at block " +
				    std::to_string(l.block) + ": " + afalg::describe(r.error()));
		out.ops = r->ops;
		out.seconds = double(r->ns) / 1e9;
		out.cycles = 0;
		return 0;
	}

	std::optional<Kernel> kernel_;
	std::unique_ptr<OpensslBench> openssl_;
	std::unique_ptr<HashBench> hash_;
	std::unique_ptr<CipherBench> cipher_;
	AlgKind kind_ = AlgKind::hash;
	bool decrypt_ = false;
	unsigned int keysize_ = 16;
};

afalg::Bytes test_key(unsigned int size)
{
	afalg::Bytes key(size);
	for (unsigned int i = 0; i < size; i++)
		key[i] = static_cast<std::uint8_t>(0x11 * (i + 1));
	return key;
}

// The kernel's usable drivers of @o.alg, highest priority first.  Binding the name once makes
// the kernel load its modules, so they are in /proc/crypto when we read it.
std::vector<Subject::Kernel> kernel_drivers(const SpeedOptions &o, AlgKind kind)
{
	afalg::KernelEndpoint &ep = *o.kernel;
	std::optional<afalg::Bytes> key;
	if (kind == AlgKind::hash) {
		auto r = afalg::hash_oneshot(ep, o.alg, {});
		if (r.err() == -ENOKEY)
			key = test_key(o.keysize);	// a keyed hash such as hmac(sha256)
	} else {
		key = test_key(o.keysize);
		(void)afalg::skcipher_oneshot(ep, o.alg, true, *key, {}, {});
	}
	auto listing = ep.list();
	if (!listing)
		throw Error("cannot list the kernel's drivers: " + afalg::describe(listing.error()));
	std::vector<afalg::DriverInfo> found;
	for (const afalg::DriverInfo &d : afalg::usable_drivers(*listing))
		if (d.name == o.alg && (kind == AlgKind::skcipher) == d.is_skcipher())
			found.push_back(d);
	if (found.empty())
		throw Error("the kernel (" + o.kernel_label + ") has no usable driver of " + o.alg);
	std::stable_sort(found.begin(), found.end(),
			 [](const auto &a, const auto &b) { return a.priority > b.priority; });
	std::vector<Subject::Kernel> out;
	for (const afalg::DriverInfo &d : found)
		out.push_back({o.kernel, d.driver, d.blocksize, key});
	return out;
}

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
	const std::string openssl_column = openssl_prefix + o.alg;
	// libcrypto's own code for the algorithm: a column of every run over all drivers where it
	// has the algorithm, or asked for by name
	std::unique_ptr<OpensslBench> openssl;
	if (o.drivers.empty() || std::ranges::count(o.drivers, openssl_column)) {
		unsigned int digestsize =
			found.kind == AlgKind::hash ? HashBench(found.names.front()).digestsize() : 0;
		openssl = OpensslBench::make(o.alg, found.kind, o.keysize, digestsize);
		if (!openssl && !o.drivers.empty())
			throw Error("OpenSSL's libcrypto has no " + o.alg);
	}
	std::erase(drivers, openssl_column);
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
	r.statistic = o.best ? "best" : "median";
	r.drivers = drivers;
	r.baseline = o.baseline.empty() ? default_baseline(drivers) : o.baseline;
	std::vector<std::unique_ptr<Subject>> subjects;
	for (const std::string &d : drivers)
		subjects.push_back(std::make_unique<Subject>(d, found.kind, o));
	if (openssl) {
		drivers.push_back(openssl_column);
		subjects.push_back(std::make_unique<Subject>(std::move(openssl), found.kind, o));
		r.drivers = drivers;
	}
	if (o.kernel) {
		auto kver = o.kernel->kernel_version();
		r.kernel = o.kernel_label + (kver ? " " + *kver : std::string());
		for (Subject::Kernel &k : kernel_drivers(o, found.kind)) {
			drivers.push_back(std::string(kernel_prefix) + k.driver);
			subjects.push_back(std::make_unique<Subject>(std::move(k), found.kind, o));
		}
		r.drivers = drivers;
	}
	if (std::find(drivers.begin(), drivers.end(), r.baseline) == drivers.end())
		throw Error("baseline " + r.baseline + " is not among the drivers measured");
	CycleCounter cc;
	r.counter = cc.describe();
	r.emulation = cross::user_mode_emulation();
	r.core_cycles = cc.core_cycles();

	std::vector<Line> lines = lines_for(o, found.kind);
	for (const Line &l : lines)
		r.rows.push_back({l.test, l.block, l.update, {}});

	unsigned int steps = o.repeat * static_cast<unsigned int>(lines.size() * drivers.size());
	Progress progress(steps, steps * o.sec);
	for (unsigned int rep = 0; rep < o.repeat; rep++) {
		for (size_t li = 0; li < lines.size(); li++) {
			// Each repeat starts the line with the next driver: the first of a line runs
			// just after a change of buffer size and may find the clock still ramping, and
			// no driver should be first every time.
			for (size_t step = 0; step < drivers.size(); step++) {
				size_t di = (step + rep) % drivers.size();
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
			p.mb_per_s = o.best ? maximum(p.runs_mb_per_s) : median(p.runs_mb_per_s);
			p.cycles_per_byte = o.best ? minimum(p.runs_cycles_per_byte)
						   : median(p.runs_cycles_per_byte);
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

// What a noisy run should try that this one did not; "" when it did all of it. The best of many
// short runs does not move with the spread of the others (interference only slows a run), so a
// pinned --best run of 20 or more repeats gets no warning.
std::string noise_advice(const SpeedOptions &s)
{
	std::vector<std::string> tries;
	if (s.pin < 0)
		tries.push_back("--pin CPU");
	if (!s.best)
		tries.push_back("--best");
	if (s.repeat < 20)
		tries.push_back("more --repeat (20 or more)");
	if (tries.empty())
		return "";
	std::string advice = "try " + tries.front();
	for (size_t i = 1; i < tries.size(); i++)
		advice += (i + 1 == tries.size() ? " and " : ", ") + tries[i];
	return advice;
}

}  // namespace kcshim::speed
