/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xcheck's private parts (xcheck.h is the public face): the types and
 * helpers its files share.
 *
 *   our_side.cpp       how kcshim's side runs a case (shash, skcipher)
 *   case_plan.cpp      the fixed and random cases of one driver pair
 *   xcheck_report.cpp  comparing, the reproducer, which units to compare
 *   xcheck.cpp         kernel_algorithms(), run(), run_with_kernel()
 *
 * Convention: kernel failures are Result errors from the endpoint;
 * kcshim's side returns -errno as the kernel API does.
 */
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include <crypto/hash.h>
#include <crypto/skcipher.h>

#include "afalg/xcheck/xcheck.h"

namespace kcshim::afalg::xcheck::detail {

/* splitmix64 over a seed: the same seed, the same cases. */
class Rng {
public:
	explicit Rng(std::uint64_t seed) : s_(seed) {}
	std::uint64_t next() { return splitmix64(s_); }
	std::uint64_t below(std::uint64_t n) { return n ? next() % n : 0; }
	bool one_in(unsigned int n) { return below(n) == 0; }
	Bytes bytes(size_t n) { return gen_bytes(next(), n); }

private:
	std::uint64_t s_;
};

enum class HashPath : std::uint8_t { digest, final, finup };

/* One case: what the kernel runs (k) and how our side runs the same. */
struct XCase {
	BatchCase k;
	std::string origin;
	HashPath path = HashPath::final;
	int reimport_after = -1;	/* export+import after this piece (our side) */
	bool inplace = false;
	unsigned int src_off = 0;	/* misalignment of our buffers */
	unsigned int dst_off = 0;
};

/* What our side made of a case. */
struct Ours {
	int err = 0;
	Bytes out;
	Bytes out_b;
	std::string path;	/* how our side ran it, for reports */
};

struct ShashFree {
	void operator()(struct crypto_shash *t) const { crypto_free_shash(t); }
};
using Shash = std::unique_ptr<struct crypto_shash, ShashFree>;

struct SkcipherFree {
	void operator()(struct crypto_skcipher *t) const { crypto_free_skcipher(t); }
};
using Skcipher = std::unique_ptr<struct crypto_skcipher, SkcipherFree>;

/* ---- our side (our_side.cpp) ---- */

/* Allocate our driver @name; a setup error if kcshim has none. */
Result<Shash> alloc_shash(const std::string &name);
Result<Skcipher> alloc_skcipher(const std::string &name);

/* Run case @x on our driver @driver (our_side.cpp). */
Ours our_hash(const std::string &driver, const XCase &x);
Ours our_skcipher(const std::string &driver, const XCase &x);

/* One of our drivers to compare, and what selects it (xcheck_report.cpp lists them). */
struct Unit {
	bool hash = true;
	std::string ours;		/* driver to allocate on our side */
	std::string cra_name;		/* "sha3-256", "cbc(cast5)" */
	std::string cipher;		/* modes: the block cipher's cra_name */
	std::string mode;		/* modes: "ecb", "cbc", "ctr" */
	std::set<std::string> names;	/* what selects it on the command line */
};

/* ---- case plans (case_plan.cpp) ---- */

struct HashShape {
	unsigned int bs, ds;
	bool keyed;
};

struct CipherShape {
	unsigned int bs, chunk, ivsize, min_key, max_key;
};

/*
 * One driver pair's cases: the fixed ones, then --iterations random ones,
 * made a batch at a time from the same Rng (so a seed replays the same
 * sequence), because a long run cannot hold them all in memory.
 */
class CasePlan {
public:
	CasePlan(bool hash, const HashShape &h, const CipherShape &c, const Options &opt, Rng r);

	std::uint64_t total() const { return fixed_.size() + std::uint64_t(opt_.iterations); }

	/*
	 * The next cases (at most @n) from index @at on, which is the first
	 * case not handed out yet; empty when done.
	 */
	std::vector<XCase> next(std::uint64_t at, size_t n);

private:
	bool hash_;
	HashShape h_;
	CipherShape c_;
	const Options &opt_;
	Rng r_;
	std::vector<XCase> fixed_;
};

/* ---- comparing and reporting (xcheck_report.cpp) ---- */

/* Did our side and the kernel agree (on the SHA-256 when that is all the kernel sent)? */
bool same(const Ours &o, const BatchResult &k);

/* Print the reproducer block for the first mismatch of a driver pair. */
void reproducer(std::ostream &out, KernelEndpoint &ep, const Unit &u, const std::string &theirs,
		const std::string &kver, const Options &opt, std::uint64_t seed, size_t index,
		size_t total, const XCase &x, const Ours &o, const BatchResult &batched);

/* The kernel's drivers to compare @u with. */
std::vector<std::string> kernel_drivers(const Unit &u, const std::vector<DriverInfo> &usable);

/* Bind each name once so the kernel loads its modules before we read /proc/crypto. */
void load_in_kernel(KernelEndpoint &ep, const std::vector<Unit> &units);

/* Our units (drivers, and ecb/cbc/ctr over each block cipher) that @opt selects. */
std::vector<Unit> selected_units(const Options &opt);

} /* namespace kcshim::afalg::xcheck::detail */
