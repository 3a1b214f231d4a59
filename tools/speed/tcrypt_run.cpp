// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/tcrypt_run.h"

#include <chrono>
#include <map>

#include <kcshim/kcshim.h>

#include "tools/speed/cipher_bench.h"
#include "tools/cross/emulation.h"
#include "tools/speed/error.h"
#include "tools/speed/hash_bench.h"
#include "tools/speed/measure.h"
#include "tools/speed/tcrypt_format.h"

namespace kcshim::speed {
namespace {

std::chrono::nanoseconds seconds(unsigned int secs)
{
	return std::chrono::seconds(secs);
}

// Says once, before the first result, whether the CPU is emulated (qemu-user) and in cycles mode
// which counter the cycles come from.
class CounterNote {
public:
	CounterNote(const TcryptParams &p, const CycleCounter &cc, const TextSink &out)
		: pending_(true), cycles_(!p.sec), cc_(cc), out_(out) {}
	void operator()()
	{
		if (!pending_)
			return;
		std::string emulation = cross::user_mode_emulation();
		if (!emulation.empty())
			out_("kcshim: " + cross::emulation_note(emulation));
		if (cycles_)
			out_("kcshim: cycle counter: " + cc_.describe() + "\n");
		pending_ = false;
	}

private:
	bool pending_, cycles_;
	const CycleCounter &cc_;
	const TextSink &out_;
};

void hash_speed(const TcryptParams &p, const TcryptStep &step, const CycleCounter &cc,
		const TextSink &out, CounterNote &note, TcryptRun &run)
{
	HashBench bench(step.alg);
	note();
	out(tcrypt::hash_header(p.version, step.alg, bench.driver()));
	unsigned int i = 0;
	for (const HashSpeed &s : generic_hash_speed_template()) {
		bench.setkey(p.klen);
		out(tcrypt::hash_line(i, s));
		Sample sample;
		auto op = [&] { return bench.op(s); };
		int err = p.sec ? run_for(op, seconds(p.sec), cc, sample) : run_cycles(op, cc, sample);
		if (err) {
			out(std::string(tcrypt::prefix) + "hashing failed ret=" + std::to_string(err) + "\n");
			break;
		}
		TcryptLine line{.algo = step.alg, .driver = bench.driver(), .cipher = false,
				.test = i, .blen = s.blen, .plen = s.plen, .secs = p.sec};
		if (p.sec) {
			line.bcount = sample.ops;
			out(tcrypt::hash_jiffies(p.version, s, static_cast<unsigned int>(sample.ops), p.sec));
		} else {
			line.cycles = sample.cycles;
			out(tcrypt::hash_cycles(s, static_cast<unsigned long>(sample.cycles)));
		}
		run.lines.push_back(line);
		i++;
	}
}

void cipher_speed(const TcryptParams &p, const TcryptStep &step, const CycleCounter &cc,
		  const TextSink &out, CounterNote &note, TcryptRun &run)
{
	CipherBench bench(step.alg, step.async);
	note();
	out(tcrypt::cipher_header(p.version, step.async, step.alg, bench.driver(), step.encrypt));
	const char *e = step.encrypt ? "encryption" : "decryption";
	for (const CipherSpeed &s : cipher_speed_lines(p.version, speed_key_template(step.key_template),
						       bench.blocksize())) {
		out(tcrypt::cipher_line(s));
		int err = bench.prepare(s);
		if (err) {
			out(tcrypt::op_failed("setkey", bench.flags()));
			return;
		}
		Sample sample;
		auto op = [&] { return bench.op(step.encrypt); };
		err = p.sec ? run_for(op, seconds(p.sec), cc, sample) : run_cycles(op, cc, sample);
		if (err) {
			out(tcrypt::op_failed(e, bench.flags()));
			return;
		}
		TcryptLine line{.algo = step.alg, .driver = bench.driver(), .cipher = true,
				.encrypt = step.encrypt, .test = s.test, .blen = s.blen, .plen = s.blen,
				.keysize = s.keysize, .secs = p.sec};
		if (p.sec) {
			line.bcount = sample.ops;
			out(tcrypt::cipher_jiffies(s, static_cast<unsigned int>(sample.ops), p.sec));
		} else {
			line.cycles = sample.cycles;
			out(tcrypt::cipher_cycles(s, static_cast<unsigned long>(sample.cycles)));
		}
		run.lines.push_back(line);
	}
}

// Per driver: passed when every vector source passed; the first failure's message otherwise.
struct DriverVerdict {
	std::string alg;
	bool passed = true;
	std::string message;
};

void on_selftest(const kcshim_selftest_result *r, void *arg)
{
	auto &verdicts = *static_cast<std::map<std::string, DriverVerdict> *>(arg);
	DriverVerdict &v = verdicts[r->driver];
	v.alg = r->alg;
	if (!r->passed && v.passed) {
		v.passed = false;
		v.message = r->message;
	}
}

void selftest(const TcryptStep &step, const TextSink &out, TcryptRun &run)
{
	// Template instances exist only once asked for, as crypto_alloc_*() would make them.
	if (step.alg.find('(') != std::string::npos) {
		int err = kcshim_instantiate(step.alg.c_str());
		if (err && err != -EEXIST)
			throw Error(err == -ENOENT ? "unknown algorithm: " + step.alg
						   : "cannot instantiate " + step.alg + ": " +
							     errno_string(err));
	}
	std::map<std::string, DriverVerdict> verdicts;
	int ret = kcshim_selftest(step.alg.c_str(), on_selftest, &verdicts);
	if (ret == -ENOENT)
		throw Error("unknown algorithm: " + step.alg);
	if (verdicts.empty()) {
		out(tcrypt::selftest_none(step.alg, step.alg));
		return;
	}
	// testmgr is silent on success unless in FIPS mode; we print its FIPS-mode "passed" line so
	// a run says what it tested.
	for (const auto &[driver, v] : verdicts) {
		if (v.passed) {
			out(tcrypt::selftest_passed(driver, step.alg));
			continue;
		}
		if (!v.message.empty())
			out(v.message + (v.message.back() == '\n' ? "" : "\n"));
		out(tcrypt::selftest_failed(step.alg, driver, -EINVAL));
		run.failed = true;
	}
}

struct DriverLookup {
	const std::string &driver;
	std::string name;	// its cra_name, once found
};

// p.driver: the steps of its algorithm, run through it -- by its own name where the step names
// its algorithm (an skcipher "cbc(cast5)", a hash), inside the step's template where the step
// wraps it (a cipher's "cbc(cast5)" becomes "cbc(cast5-generic@after)").
std::vector<TcryptStep> through_driver(const TcryptParams &p, std::vector<TcryptStep> steps)
{
	DriverLookup lookup{p.driver, ""};
	kcshim_for_each_alg(
		[](const kcshim_alg_info *info, void *arg) {
			auto *l = static_cast<DriverLookup *>(arg);
			if (l->driver != info->driver)
				return 0;
			l->name = info->name;
			return 1;
		},
		&lookup);
	if (lookup.name.empty())
		throw Error("unknown driver: " + p.driver);
	std::vector<TcryptStep> out;
	for (TcryptStep step : steps) {
		const auto wrapper = step.wrapper_of(lookup.name);
		if (!wrapper)
			continue;
		step.alg = wrapper->empty() ? p.driver : *wrapper + "(" + p.driver + ")";
		out.push_back(std::move(step));
	}
	if (out.empty())
		throw Error("mode=" + std::to_string(p.mode) + " times nothing of " + p.driver + " (" +
			    lookup.name + ")");
	return out;
}

}  // namespace

TcryptRun run_tcrypt(const TcryptParams &p, const TextSink &out)
{
	std::vector<TcryptStep> steps = tcrypt_steps(p);
	kcshim_init();
	if (!p.driver.empty())
		steps = through_driver(p, std::move(steps));
	if (p.version == KernelVersion::v7_3 && p.num_mb == 0)
		out(tcrypt::num_mb_forced());
	TcryptRun run;
	CycleCounter cc;
	CounterNote note(p, cc, out);
	for (const TcryptStep &step : steps) {
		switch (step.kind) {
		case StepKind::hash_speed:
			hash_speed(p, step, cc, out, note, run);
			break;
		case StepKind::cipher_speed:
			cipher_speed(p, step, cc, out, note, run);
			break;
		case StepKind::selftest:
			selftest(step, out, run);
			break;
		}
	}
	if (run.failed)
		out(tcrypt::tests_failed());
	return run;
}

}  // namespace kcshim::speed
