// SPDX-License-Identifier: GPL-2.0
/*
 * xcheck (xcheck.h).  Convention: kernel failures are Result errors from the
 * endpoint; kcshim's side returns -errno as the kernel API does; run()
 * turns both into an exit code and never throws.
 *
 * This file drives the pairs; the parts are in xcheck_detail.h: our side
 * (our_side.cpp), the cases (case_plan.cpp), comparing and reporting
 * (xcheck_report.cpp).
 */
#include "afalg/xcheck/xcheck.h"

#include <chrono>
#include <iomanip>
#include <random>
#include <set>

#include <crypto/hash.h>
#include <crypto/skcipher.h>

#include "afalg/protocol/auth.h"
#include "afalg/endpoint/local_afalg.h"
#include "afalg/remote/remote_endpoint.h"
#include "afalg/xcheck/xcheck_detail.h"

namespace kcshim::afalg::xcheck {

using namespace detail;	/* the parts shared with the other files */

namespace {

using clock = std::chrono::steady_clock;

/* Outputs up to this size come back whole from the kernel; longer ones as SHA-256. */
constexpr std::uint32_t full_max = 64;
/* Cases handed to KernelEndpoint::batch() at once. */
constexpr size_t batch_chunk = 1024;

std::uint64_t fnv1a(const std::string &s)
{
	std::uint64_t h = 0xcbf29ce484222325ull;
	for (unsigned char c : s)
		h = (h ^ c) * 0x100000001b3ull;
	return h;
}

} /* namespace */

std::vector<std::string> kernel_algorithms(const Options &opt)
{
	std::set<std::string> names;
	for (const Unit &u : selected_units(opt)) {
		names.insert(u.cra_name);
		if (!u.cipher.empty())
			names.insert(u.cipher);
	}
	return {names.begin(), names.end()};
}

int run(KernelEndpoint &ep, const Options &opt, std::ostream &out, Report *report)
{
	Report local;
	Report &rep = report ? *report : local;
	auto t0 = clock::now();

	std::uint64_t seed = opt.seed;
	if (!seed) {
		std::random_device rd;
		seed = (std::uint64_t(rd()) << 32) | rd();
	}
	rep.seed = seed;
	if (opt.max_len > proto::Limits{}.max_gen_len) {
		out << "xcheck: --max-len is at most " << proto::Limits{}.max_gen_len << "\n";
		return exit_setup;
	}

	std::vector<Unit> units = selected_units(opt);
	for (const auto &a : opt.algs) {
		bool found = false;
		for (const auto &u : units)
			found = found || u.names.count(a);
		if (!found) {
			out << "xcheck: no kcshim driver matches " << a << " (see kcshim list)\n";
			return exit_setup;
		}
	}

	auto kver = ep.kernel_version();
	std::string version = kver ? *kver : "?";
	load_in_kernel(ep, units);
	auto listing = ep.list();
	if (!listing) {
		out << "xcheck: cannot list the kernel's drivers: " << describe(listing.error()) << "\n";
		return exit_setup;
	}
	auto usable = usable_drivers(*listing);

	out << "xcheck: kernel " << version << (opt.kernel_label.empty() ? "" : " (" + opt.kernel_label + ")")
	    << ", seed 0x" << std::hex << seed << std::dec << ", " << opt.iterations
	    << " random cases per pair after its fixed ones (every length to 4 blocks + 1, every "
	       "key size), max length "
	    << opt.max_len << "\n";

	int rc = exit_equal;
	for (const auto &u : units) {
		auto theirs = kernel_drivers(u, usable);
		if (theirs.empty()) {
			rep.skipped.push_back(u.ours + ": the kernel has no " + u.cra_name);
			out << "  " << std::left << std::setw(28) << u.ours << " skipped: the kernel has no "
			    << u.cra_name << "\n";
			continue;
		}
		/* Our side's shape drives the plan; a kernel that disagrees shows up as mismatches. */
		HashShape hs{};
		CipherShape cs{};
		if (u.hash) {
			auto t = alloc_shash(u.ours);
			if (!t) {
				out << "xcheck: " << describe(t.error()) << "\n";
				return exit_setup;
			}
			hs = {crypto_shash_blocksize(t->get()), crypto_shash_digestsize(t->get()), false};
			/* keyed: the shim marks such tfms as needing a key */
			hs.keyed = crypto_shash_get_flags(t->get()) & CRYPTO_TFM_NEED_KEY;
		} else {
			auto t = alloc_skcipher(u.ours);
			if (!t) {
				out << "xcheck: " << describe(t.error()) << "\n";
				return exit_setup;
			}
			struct crypto_skcipher *s = t->get();
			cs = {crypto_skcipher_blocksize(s), crypto_skcipher_chunksize(s),
			      crypto_skcipher_ivsize(s), crypto_skcipher_min_keysize(s),
			      crypto_skcipher_max_keysize(s)};
		}

		for (const auto &k : theirs) {
			auto p0 = clock::now();
			CasePlan plan(u.hash, hs, cs, opt, Rng(seed ^ fnv1a(u.ours + "|" + k)));
			PairSummary sum{u.ours, k, 0, 0, 0};
			bool reported = false;

			/* what the kernel has not answered yet: cases at, at + 1, ... */
			std::vector<XCase> chunk;
			for (std::uint64_t at = 0; at < plan.total();) {
				BatchRequest req{k, full_max, {}};
				for (XCase &x : plan.next(at + chunk.size(), batch_chunk - chunk.size()))
					chunk.push_back(std::move(x));
				for (const XCase &x : chunk)
					req.cases.push_back(x.k);
				auto res = ep.batch(req, clock::now() + std::chrono::seconds(20));
				if (!res || res->empty() || res->size() > chunk.size()) {
					out << "xcheck: kernel " << k << ": "
					    << (res ? std::string("bad batch reply") : describe(res.error())) << "\n";
					return exit_setup;
				}
				for (size_t j = 0; j < res->size(); j++) {
					const XCase &x = chunk[j];
					Ours o = u.hash ? our_hash(u.ours, x) : our_skcipher(u.ours, x);
					sum.cases++;
					if (same(o, (*res)[j]))
						continue;
					sum.mismatches++;
					if (!reported) {
						reported = true;
						reproducer(out, ep, u, k, version, opt, seed, at + j, plan.total(), x, o,
							   (*res)[j]);
					}
				}
				chunk.erase(chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(res->size()));
				at += res->size();
			}
			sum.seconds = std::chrono::duration<double>(clock::now() - p0).count();
			if (sum.mismatches)
				rc = exit_mismatch;
			out << "  " << std::left << std::setw(28) << u.ours << " vs kernel " << std::setw(28) << k
			    << std::right << std::setw(7) << sum.cases << " cases " << std::setw(6)
			    << sum.mismatches << " mismatches " << std::fixed << std::setprecision(1)
			    << std::setw(7) << sum.seconds << " s\n";
			out.unsetf(std::ios::fixed);
			out.flush();
			rep.pairs.push_back(sum);
		}
	}
	rep.seconds = std::chrono::duration<double>(clock::now() - t0).count();
	unsigned long cases = 0, bad = 0;
	for (const auto &p : rep.pairs) {
		cases += p.cases;
		bad += p.mismatches;
	}
	out << "xcheck: " << rep.pairs.size() << " driver pairs, " << cases << " cases, " << bad
	    << " mismatches, " << rep.skipped.size() << " skipped, " << std::fixed << std::setprecision(1)
	    << rep.seconds << " s\n";
	out.unsetf(std::ios::fixed);
	if (rep.pairs.empty()) {
		out << "xcheck: nothing to compare: the kernel has none of these algorithms\n";
		return exit_nothing;
	}
	return rc;
}

int run_with_kernel(const KernelChoice &k, const Options &opt_in, std::ostream &out, Report *report)
{
	auto t0 = clock::now();
	KernelChoice with_algs = k;
	with_algs.algorithms = kernel_algorithms(opt_in);
	auto kernel = open_kernel(with_algs);
	if (!kernel) {
		out << "xcheck: " << kernel.error().what << "\n";
		return kernel_unreachable(kernel.error()) ? exit_nothing : exit_setup;
	}
	if ((*kernel)->boot_time().count())
		out << "xcheck: booted " << (*kernel)->label() << " in "
		    << std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - t0).count()
		    << " ms\n";
	Options opt = opt_in;
	opt.kernel_label = (*kernel)->label();
	return run((*kernel)->endpoint(), opt, out, report);
}

} /* namespace kcshim::afalg::xcheck */
