// SPDX-License-Identifier: GPL-2.0
// The extra self-tests (testmgr's CONFIG_CRYPTO_MANAGER_EXTRA_TESTS: test_hash_vs_generic_impl,
// test_skcipher_vs_generic_impl, test_aead_vs_generic_impl and test_aead_inauthentic_inputs):
// random vectors are computed by the generic driver of the same algorithm and run through the
// driver under test under random configurations, with the checks of the vector suites
// (configs.h). Outputs and errors must be equal; an AEAD must also refuse inauthentic inputs.
//
// As testmgr: 8 x fuzz_iterations cases per driver; lengths up to two pages less the poison,
// biased to short ones and powers of two; keys of the maximum size, one case in four of a random
// size (errors must then match); bytes all equal, ascending or random, sometimes with bits or
// bytes flipped; configurations with up to eight chunks at random offsets (page ends, alignmask-
// relative), final/finup/digest, export + import and SIMD off per chunk, in place (one or two
// scatterlists) or out of place, misaligned IV and key. A driver is compared with the generic
// driver of its cra_name ("cbc(cast5)" -> "cbc(cast5-generic)", or the vectors' generic_driver);
// the generic driver itself is skipped.
//
// kcshim's additions: the cases come from a seed, so a run replays; one length in eight is a
// multiple of the block size, or one byte either side (SHA-3's 136-byte rate is no power of two);
// a driver from a module loaded with a suffix is compared with the generic driver of the same
// suffix first; the output IV must equal the generic's where the algorithm's vectors define one
// (cbc, ctr); single-block ciphers, which testmgr leaves out, are compared too, block by block in
// or out of place at random misalignments, as their vectors are run. An AEAD without a generic
// driver (testmgr's gcm_base(), rfc4106() and the other AEAD templates are not in kcshim) is
// reported as not compared, tested by its vectors only; testmgr would still run the inauthentic
// inputs on it, kcshim runs them only after a comparison.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include <crypto/aead.h>
#include <crypto/algapi.h>
#include <crypto/hash.h>
#include <crypto/internal/cipher.h>
#include <crypto/internal/hash.h>
#include <crypto/skcipher.h>
#include <linux/mm.h>
#include <linux/scatterlist.h>

#include "shim/src/module/module_loader.h"
#include "shim/src/crypto/selftest/configs.h"
#include "shim/src/crypto/selftest/manager.h"
#include "shim/src/crypto/tfm.h"

namespace kcshim::selftest {

namespace {

constexpr unsigned int cases_per_iteration = 8;	// testmgr runs fuzz_iterations * 8
constexpr unsigned int max_divisions = 8;		// testmgr's XBUFSIZE
constexpr unsigned int max_data_size = 2 * PAGE_SIZE - poison_len;

// testmgr's prandom helpers over a seeded generator (the same sequence on every host).
class Rng {
public:
	explicit Rng(uint64_t seed) : gen_(seed) {}
	uint32_t next() { return static_cast<uint32_t>(gen_() >> 32); }
	uint32_t below(uint32_t ceil) { return next() % ceil; }
	uint32_t inclusive(uint32_t floor, uint32_t ceil) { return floor + below(ceil - floor + 1); }
	bool boolean() { return below(2); }
	uint8_t byte() { return static_cast<uint8_t>(next()); }

private:
	std::mt19937_64 gen_;
};

// A length in [0, max_len], mostly short.
unsigned int random_length(Rng &rng, unsigned int max_len, unsigned int blocksize)
{
	unsigned int len = rng.below(max_len + 1);
	switch (rng.below(4)) {
	case 0:
		len %= 64;
		break;
	case 1:
		len %= 256;
		break;
	case 2:
		len %= 1024;
		break;
	default:
		break;
	}
	if (len && rng.below(4) == 0)
		len = std::bit_floor(len);
	if (blocksize > 1 && rng.below(8) == 0) {
		unsigned int around = blocksize * rng.below(17) + rng.below(3);
		len = std::clamp(around, 1u, max_len + 1) - 1;	// k blocks, -1, +0 or +1
	}
	return len;
}

// Sometimes flips some bits, sometimes some bytes.
void mutate(Rng &rng, std::span<uint8_t> buf)
{
	size_t size = buf.size();
	if (rng.below(4) == 0) {
		size_t flips = std::min<size_t>(size_t(1) << rng.below(8), size * 8);
		for (size_t i = 0; i < flips; i++) {
			uint32_t bit = rng.below(static_cast<uint32_t>(size * 8));
			buf[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
		}
	}
	if (rng.below(4) == 0) {
		size_t flips = std::min<size_t>(size_t(1) << rng.below(8), size);
		for (size_t i = 0; i < flips; i++)
			buf[rng.below(static_cast<uint32_t>(size))] ^= 0xff;
	}
}

// Random bytes, a quarter of the time one repeated byte, an eighth ascending by a step.
void random_bytes(Rng &rng, std::span<uint8_t> buf)
{
	if (buf.empty())
		return;
	switch (rng.below(8)) {
	case 0:
	case 1: {
		uint32_t pick = rng.below(4);
		uint8_t b = pick == 0 ? 0x00 : pick == 1 ? 0xff : rng.byte();
		std::fill(buf.begin(), buf.end(), b);
		mutate(rng, buf);
		break;
	}
	case 2: {
		uint8_t step = rng.byte();
		uint8_t b = rng.byte();
		for (auto &c : buf) {
			c = b;
			b = static_cast<uint8_t>(b + step);
		}
		mutate(rng, buf);
		break;
	}
	default:
		for (auto &c : buf)
			c = rng.byte();
	}
}

// Up to max_divisions chunks adding up to 100%, described as testmgr does:
// "<flush>37.50%@+12, 62.50%@alignmask+4090".
std::vector<Division> random_divisions(Rng &rng, bool flushes, bool may_nosimd, std::string &name)
{
	std::vector<Division> divs;
	unsigned int remaining = 10000;
	name += "[";
	while (remaining) {
		Division d{};
		if (divs.size() + 1 == max_divisions || rng.boolean())
			d.proportion = remaining;
		else if (rng.below(4) == 0)
			d.proportion = (remaining + 1) / 2;
		else
			d.proportion = rng.inclusive(1, remaining);

		if (rng.below(4) == 0)
			d.offset = rng.inclusive(PAGE_SIZE - 128, PAGE_SIZE - 1);
		else if (rng.boolean())
			d.offset = rng.below(32);
		else
			d.offset = rng.below(PAGE_SIZE);
		d.offset_relative_to_alignmask = rng.below(8) == 0;

		if (flushes) {
			uint32_t kind = rng.below(4);
			d.flush = kind == 0 ? Flush::reimport : kind == 1 ? Flush::flush : Flush::none;
		}
		d.nosimd = d.flush != Flush::none && may_nosimd && rng.boolean();

		if (d.flush != Flush::none)
			name += std::string("<") + (d.flush == Flush::flush ? "flush" : "reimport") +
				(d.nosimd ? ",nosimd" : "") + ">";
		char pct[32];
		snprintf(pct, sizeof(pct), "%u.%02u%%@", d.proportion / 100, d.proportion % 100);
		name += pct;
		name += (d.offset_relative_to_alignmask ? "alignmask+" : "+") + std::to_string(d.offset);
		remaining -= d.proportion;
		name += remaining ? ", " : "]";
		divs.push_back(d);
	}
	return divs;
}

// SIMD off for the request and for setkey, each half the time where the request cannot sleep
// (testmgr turns SIMD off only there).
template <typename Config>
void random_nosimd(Rng &rng, Config &cfg, bool may_sleep)
{
	if (may_sleep)
		return;
	cfg.nosimd = rng.boolean();
	cfg.nosimd_setkey = rng.boolean();
	cfg.name += cfg.nosimd ? " nosimd" : "";
	cfg.name += cfg.nosimd_setkey ? " nosimd_setkey" : "";
}

template <typename Config>
void random_key_offset(Rng &rng, Config &cfg)
{
	if (rng.boolean()) {
		cfg.key_offset = rng.inclusive(1, MAX_ALGAPI_ALIGNMASK);
		cfg.name += " key_offset=" + std::to_string(cfg.key_offset);
	}
}

// testmgr's generate_random_testvec_config, the parts a hash uses.
HashConfig random_hash_config(Rng &rng)
{
	HashConfig cfg;
	cfg.name = "random:";
	bool may_sleep = rng.boolean();
	switch (rng.below(4)) {
	case 0:
		cfg.fin = Finalization::final;
		cfg.name += " use_final";
		break;
	case 1:
		cfg.fin = Finalization::finup;
		cfg.name += " use_finup";
		break;
	default:
		cfg.fin = Finalization::digest;
		cfg.name += " use_digest";
		break;
	}
	random_nosimd(rng, cfg, may_sleep);
	cfg.name += " src_divs=";
	cfg.divs = random_divisions(rng, cfg.fin != Finalization::digest, !may_sleep, cfg.name);
	random_key_offset(rng, cfg);
	return cfg;
}

// testmgr's generate_random_testvec_config, the parts an skcipher uses.
CipherConfig random_skcipher_config(Rng &rng)
{
	CipherConfig cfg;
	cfg.name = "random:";
	switch (rng.below(4)) {
	case 0:
	case 1:
		cfg.inplace = Inplace::out_of_place;
		break;
	case 2:
		cfg.inplace = Inplace::one_sglist;
		cfg.name += " inplace_one_sglist";
		break;
	default:
		cfg.inplace = Inplace::two_sglists;
		cfg.name += " inplace_two_sglists";
		break;
	}
	cfg.may_sleep = rng.boolean();
	cfg.name += cfg.may_sleep ? " may_sleep" : "";
	random_nosimd(rng, cfg, cfg.may_sleep);
	cfg.name += " src_divs=";
	cfg.src_divs = random_divisions(rng, false, false, cfg.name);
	if (cfg.inplace == Inplace::out_of_place && rng.boolean()) {
		cfg.name += " dst_divs=";
		cfg.dst_divs = random_divisions(rng, false, false, cfg.name);
	}
	if (rng.boolean()) {
		cfg.iv_offset = rng.inclusive(1, MAX_ALGAPI_ALIGNMASK);
		cfg.name += " iv_offset=" + std::to_string(cfg.iv_offset);
	}
	random_key_offset(rng, cfg);
	return cfg;
}

// A single-block cipher's: in or out of place, each buffer at a random misalignment.
CipherConfig random_block_cipher_config(Rng &rng)
{
	CipherConfig cfg;
	cfg.name = "random:";
	cfg.inplace = rng.boolean() ? Inplace::one_sglist : Inplace::out_of_place;
	cfg.name += cfg.inplace == Inplace::one_sglist ? " inplace" : "";
	random_nosimd(rng, cfg, rng.boolean());
	auto offset = [&](const char *what) {
		Division d{10000, rng.below(MAX_ALGAPI_ALIGNMASK + 1)};
		d.offset_relative_to_alignmask = rng.below(8) == 0;
		cfg.name += std::string(" ") + what + "=" +
			    (d.offset_relative_to_alignmask ? "alignmask+" : "") +
			    std::to_string(d.offset);
		return std::vector<Division>{d};
	};
	cfg.src_divs = offset("src_offset");
	if (cfg.inplace == Inplace::out_of_place)
		cfg.dst_divs = offset("dst_offset");
	random_key_offset(rng, cfg);
	return cfg;
}

// The vector suites of alg (a cra_name) in every source.
std::vector<const kcshim_vector_suite *> suites_for(std::string_view alg)
{
	std::vector<const kcshim_vector_suite *> out;
	for (const kcshim_vector_source *src : sources())
		for (unsigned int i = 0; i < src->nsuites; i++)
			if (alg == src->suites[i].alg)
				out.push_back(&src->suites[i]);
	return out;
}

// Appends "-generic" and the suffix to every innermost name: "cbc(cast5)" -> "cbc(cast5-generic)",
// and the suffix alone to a name already built that way ("cbc(cast5-generic)" -> "...@x)"). A
// template's parameter that is no driver with the suffix keeps its name: it names no driver
// ("ghash-lib" in "gcm_base(ctr(aes-lib),ghash-lib)" is gcm's library, not a module's).
std::string with_generic(std::string_view name, std::string_view generic, std::string_view suffix)
{
	std::string out;
	size_t i = 0;
	while (i <= name.size()) {
		size_t end = name.find_first_of("(),", i);
		if (end == std::string_view::npos)
			end = name.size();
		std::string_view piece = name.substr(i, end - i);
		out += piece;
		bool template_name = end < name.size() && name[end] == '(';
		bool param = i > 0 && (name[i - 1] == '(' || name[i - 1] == ',');
		std::string suffixed = std::string(piece) + std::string(generic) + std::string(suffix);
		if (end > i && !template_name) {
			out += generic;
			if (!param || suffix.empty() || Registry::get().find_driver(suffixed))
				out += suffix;
		}
		if (end < name.size())
			out += name[end];
		i = end + 1;
	}
	return out;
}

// The generic driver to compare with: found (pinned), the driver itself, or neither.
struct Generic {
	std::string name;		// the one found, or the one looked for
	AlgEntry *entry = nullptr;
	bool is_self = false;
	bool made = false;		// a template instance the lookup made
	std::string why_missing;
};

// Removes, when it goes, a template instance the comparison made ("ecb(cast5-x)"), so the tests
// leave the registry as they found it and a module's cipher is not kept in use by an instance.
// Declared before the tfms on the instance, so it goes after them.
class MadeInstance {
public:
	MadeInstance(std::string driver, bool made) : driver_(std::move(driver)), made_(made) {}
	~MadeInstance()
	{
		AlgEntry *e = made_ ? Registry::get().find_driver(driver_) : nullptr;
		if (e && e->instance)
			Registry::get().remove(e->alg);
	}
	MadeInstance(const MadeInstance &) = delete;
	MadeInstance &operator=(const MadeInstance &) = delete;

private:
	std::string driver_;
	bool made_;
};

// alg is e's cra_name, driver its driver name.
Generic find_generic(const AlgEntry *e, const std::string &alg, const std::string &driver,
		     kcshim_alg_kind kind, const std::string &generic_suffix)
{
	std::string base = with_generic(alg, "-generic", "");
	for (const kcshim_vector_suite *s : suites_for(alg))
		if (s->generic_driver)
			base = s->generic_driver;
	std::vector<std::string> candidates;
	if (!generic_suffix.empty()) {
		// the same driver from the module built without arch code, then its generic
		std::string own = driver;
		if (e->module && !e->module->suffix.empty())
			for (size_t at; (at = own.find("@" + e->module->suffix)) != std::string::npos;)
				own.erase(at, e->module->suffix.size() + 1);
		candidates.push_back(with_generic(own, "", "@" + generic_suffix));
		candidates.push_back(with_generic(base, "", "@" + generic_suffix));
	}
	if (e->module && !e->module->suffix.empty())
		candidates.push_back(with_generic(base, "", "@" + e->module->suffix));
	candidates.push_back(base);

	for (const std::string &name : candidates) {
		if (name == driver)
			return {name, nullptr, true, false, ""};
		if (name.size() >= CRYPTO_MAX_ALG_NAME)
			continue;
		bool existed = Registry::get().find_driver(name) != nullptr;
		int err;
		AlgEntry *g = Registry::get().lookup({name, kind, 0, 0}, &err);
		if (g && name == g->alg->cra_driver_name)
			return {name, g, false, !existed, ""};
		if (g)
			Registry::get().release(g);
	}
	Generic missing{candidates.back(), nullptr, false, false, ""};
	AlgEntry *failed = Registry::get().find_driver(missing.name);
	if (failed && failed->selftest == KCSHIM_SELFTEST_FAILED)
		missing.why_missing = "generic driver " + missing.name + " failed its self-tests";
	else
		missing.why_missing = "no generic driver " + missing.name;
	if (candidates.size() > 1)
		missing.why_missing += " (nor " + candidates.front() + ")";
	missing.why_missing += " to compare with";
	return missing;
}

struct ShashFree {
	void operator()(struct crypto_shash *t) const { crypto_free_shash(t); }
};
struct SkcipherFree {
	void operator()(struct crypto_skcipher *t) const { crypto_free_skcipher(t); }
};
struct CipherFree {
	void operator()(struct crypto_cipher *t) const { crypto_free_cipher(t); }
};
struct AeadFree {
	void operator()(struct crypto_aead *t) const { crypto_free_aead(t); }
};
struct RequestFree {
	void operator()(struct skcipher_request *r) const { skcipher_request_free(r); }
	void operator()(struct aead_request *r) const { aead_request_free(r); }
};
using ShashPtr = std::unique_ptr<struct crypto_shash, ShashFree>;
using SkcipherPtr = std::unique_ptr<struct crypto_skcipher, SkcipherFree>;
using CipherPtr = std::unique_ptr<struct crypto_cipher, CipherFree>;
using AeadPtr = std::unique_ptr<struct crypto_aead, AeadFree>;
using RequestPtr = std::unique_ptr<struct skcipher_request, RequestFree>;
using AeadRequestPtr = std::unique_ptr<struct aead_request, RequestFree>;

struct Property {
	const char *what;
	unsigned int mine, generic;
};

// testmgr's consistency checks before any case: false (and r failed) on the first difference.
bool properties_match(SuiteResult &r, const char *type, const char *driver, const char *generic,
		      std::initializer_list<Property> props)
{
	for (const Property &p : props) {
		if (p.mine == p.generic)
			continue;
		r.passed = false;
		r.message = std::string("alg: ") + type + ": " + p.what + " for " + driver + " (" +
			    std::to_string(p.mine) + ") doesn't match generic impl " + generic + " (" +
			    std::to_string(p.generic) + ")";
		return false;
	}
	return true;
}

std::string replay(const ExtraOptions &opt, unsigned int i, unsigned int cases)
{
	return "; seed " + std::to_string(opt.seed) + ", case " + std::to_string(i + 1) + " of " +
	       std::to_string(cases);
}

// Encryption, then decryption of case i; false (and r failed) on a failure.
template <typename RunOne>
bool run_both_directions(SuiteResult &r, const ExtraOptions &opt, unsigned int i, RunOne run_one)
{
	for (bool enc : {true, false}) {
		std::string msg = run_one(enc);
		r.runs++;
		if (!msg.empty()) {
			r.passed = false;
			r.message = msg + replay(opt, i, r.vectors);
			return false;
		}
	}
	return true;
}

// A random hash vector, its digest (or errors) from the generic driver.
struct RandomHashVec {
	std::vector<uint8_t> key, plaintext, digest;
	kcshim_hash_vec vec{};
	std::string name;

	RandomHashVec(unsigned int maxkeysize, unsigned int digestsize)
		: key(maxkeysize), plaintext(max_data_size), digest(digestsize)
	{
	}

	void generate(Rng &rng, struct crypto_shash *generic)
	{
		vec = {};
		vec.psize = random_length(rng, max_data_size, crypto_shash_blocksize(generic));
		random_bytes(rng, {plaintext.data(), vec.psize});
		if (!key.empty()) {
			vec.ksize = static_cast<unsigned int>(key.size());
			if (rng.below(4) == 0)
				vec.ksize = rng.inclusive(1, vec.ksize);
			random_bytes(rng, {key.data(), vec.ksize});
			vec.setkey_error = crypto_shash_setkey(generic, key.data(), vec.ksize);
		}
		if (!vec.setkey_error)
			vec.digest_error = crypto_shash_tfm_digest(generic, plaintext.data(),
								   vec.psize, digest.data());
		vec.key = reinterpret_cast<const char *>(key.data());
		vec.plaintext = reinterpret_cast<const char *>(plaintext.data());
		vec.digest = reinterpret_cast<const char *>(digest.data());
		name = "\"random: psize=" + std::to_string(vec.psize) +
		       " ksize=" + std::to_string(vec.ksize) + "\"";
	}
};

// The longest key in alg's vectors: testmgr's maxkeysize (0: tested unkeyed).
unsigned int max_hash_keysize(const std::string &alg)
{
	unsigned int max = 0;
	for (const kcshim_vector_suite *s : suites_for(alg)) {
		if (s->kind != KCSHIM_SUITE_HASH)
			continue;
		auto *vecs = static_cast<const kcshim_hash_vec *>(s->vecs);
		for (unsigned int i = 0; i < s->count; i++)
			max = std::max(max, vecs[i].ksize);
	}
	return max;
}

void hash_vs_generic(SuiteResult &r, struct crypto_shash *tfm, struct crypto_shash *generic,
		     const ExtraOptions &opt)
{
	unsigned int ds = crypto_shash_digestsize(tfm);
	if (!properties_match(r, "hash", crypto_shash_driver_name(tfm),
			      crypto_shash_driver_name(generic),
			      {{"digestsize", ds, crypto_shash_digestsize(generic)},
			       {"blocksize", crypto_shash_blocksize(tfm),
				crypto_shash_blocksize(generic)}}))
		return;

	Rng rng(opt.seed);
	RandomHashVec v(max_hash_keysize(r.alg), ds);
	for (unsigned int i = 0; i < r.vectors; i++) {
		v.generate(rng, generic);
		HashConfig cfg = random_hash_config(rng);
		std::string msg = test_hash_vec_cfg(tfm, v.vec, v.name, cfg);
		r.runs++;
		if (!msg.empty()) {
			r.passed = false;
			r.message = msg + replay(opt, i, r.vectors);
			return;
		}
	}
}

// A random cipher vector: testmgr's generate_random_cipher_testvec. start() makes the key (which
// the generic driver's setkey may refuse), the IV and the plaintext; the caller encrypts with the
// generic driver and finish()es.
struct RandomCipherVec {
	std::vector<uint8_t> key, iv, iv_out, ptext, ctext;
	kcshim_cipher_vec vec{};
	std::string name;

	RandomCipherVec(unsigned int maxkeysize, unsigned int ivsize)
		: key(maxkeysize), iv(ivsize), iv_out(ivsize), ptext(max_data_size),
		  ctext(max_data_size)
	{
	}

	// whole_blocks: a single-block cipher's length, rounded down to its blocks.
	template <typename Setkey>
	void start(Rng &rng, unsigned int blocksize, bool whole_blocks, Setkey setkey)
	{
		vec = {};
		vec.klen = static_cast<unsigned int>(key.size());
		if (rng.below(4) == 0)
			vec.klen = rng.below(vec.klen + 1);
		random_bytes(rng, {key.data(), vec.klen});
		vec.setkey_error = setkey(key.data(), vec.klen);
		random_bytes(rng, iv);
		vec.len = random_length(rng, max_data_size, blocksize);
		if (whole_blocks)
			vec.len -= vec.len % blocksize;
		random_bytes(rng, {ptext.data(), vec.len});
	}

	void finish(bool have_iv_out)
	{
		vec.key = reinterpret_cast<const char *>(key.data());
		vec.iv = reinterpret_cast<const char *>(iv.data());
		vec.iv_out = have_iv_out ? reinterpret_cast<const char *>(iv_out.data()) : nullptr;
		vec.ptext = reinterpret_cast<const char *>(ptext.data());
		vec.ctext = reinterpret_cast<const char *>(ctext.data());
		name = "\"random: len=" + std::to_string(vec.len) +
		       " klen=" + std::to_string(vec.klen) + "\"";
	}
};

// True when alg's vectors say what IV a request leaves behind (cbc, ctr).
bool defines_iv_out(const std::string &alg)
{
	for (const kcshim_vector_suite *s : suites_for(alg)) {
		if (s->kind != KCSHIM_SUITE_CIPHER)
			continue;
		auto *vecs = static_cast<const kcshim_cipher_vec *>(s->vecs);
		for (unsigned int i = 0; i < s->count; i++)
			if (vecs[i].iv_out)
				return true;
	}
	return false;
}

void skcipher_vs_generic(SuiteResult &r, struct crypto_skcipher *tfm,
			 struct crypto_skcipher *generic, const ExtraOptions &opt)
{
	if (!properties_match(r, "skcipher", crypto_skcipher_driver_name(tfm),
			      crypto_skcipher_driver_name(generic),
			      {{"min keysize", crypto_skcipher_min_keysize(tfm),
				crypto_skcipher_min_keysize(generic)},
			       {"max keysize", crypto_skcipher_max_keysize(tfm),
				crypto_skcipher_max_keysize(generic)},
			       {"ivsize", crypto_skcipher_ivsize(tfm), crypto_skcipher_ivsize(generic)},
			       {"blocksize", crypto_skcipher_blocksize(tfm),
				crypto_skcipher_blocksize(generic)}}))
		return;

	RequestPtr req(skcipher_request_alloc(generic, GFP_KERNEL));
	bool check_iv_out = defines_iv_out(r.alg) && crypto_skcipher_ivsize(generic);
	Rng rng(opt.seed);
	RandomCipherVec v(crypto_skcipher_max_keysize(generic), crypto_skcipher_ivsize(generic));
	for (unsigned int i = 0; i < r.vectors; i++) {
		v.start(rng, crypto_skcipher_blocksize(generic), false,
			[&](const u8 *key, unsigned int klen) {
				return crypto_skcipher_setkey(generic, key, klen);
			});
		if (!v.vec.setkey_error) {
			struct scatterlist src, dst;
			sg_init_one(&src, v.ptext.data(), v.vec.len);
			sg_init_one(&dst, v.ctext.data(), v.vec.len);
			std::copy(v.iv.begin(), v.iv.end(), v.iv_out.begin());
			skcipher_request_set_callback(req.get(), 0, nullptr, nullptr);
			skcipher_request_set_crypt(req.get(), &src, &dst, v.vec.len,
						   v.iv.empty() ? nullptr : v.iv_out.data());
			v.vec.crypt_error = crypto_skcipher_encrypt(req.get());
			if (v.vec.crypt_error)	// an invalid length: decryption must refuse it too
				std::fill(v.ctext.begin(), v.ctext.begin() + v.vec.len, 0);
		}
		v.finish(check_iv_out && !v.vec.setkey_error && !v.vec.crypt_error);
		CipherConfig cfg = random_skcipher_config(rng);
		if (!run_both_directions(r, opt, i, [&](bool enc) {
			    return test_skcipher_vec_cfg(tfm, v.vec, v.name, cfg, enc);
		    }))
			return;
	}
}

void cipher_vs_generic(SuiteResult &r, struct crypto_cipher *tfm, struct crypto_cipher *generic,
		       const ExtraOptions &opt)
{
	const struct cipher_alg *mine = crypto_cipher_alg(tfm);
	const struct cipher_alg *theirs = crypto_cipher_alg(generic);
	unsigned int bs = crypto_cipher_blocksize(generic);
	if (!properties_match(r, "cipher", crypto_tfm_alg_driver_name(crypto_cipher_tfm(tfm)),
			      crypto_tfm_alg_driver_name(crypto_cipher_tfm(generic)),
			      {{"min keysize", mine->cia_min_keysize, theirs->cia_min_keysize},
			       {"max keysize", mine->cia_max_keysize, theirs->cia_max_keysize},
			       {"blocksize", crypto_cipher_blocksize(tfm), bs}}))
		return;

	Rng rng(opt.seed);
	RandomCipherVec v(theirs->cia_max_keysize, 0);
	for (unsigned int i = 0; i < r.vectors; i++) {
		v.start(rng, bs, true, [&](const u8 *key, unsigned int klen) {
			return crypto_cipher_setkey(generic, key, klen);
		});
		for (unsigned int k = 0; !v.vec.setkey_error && k < v.vec.len; k += bs)
			crypto_cipher_encrypt_one(generic, v.ctext.data() + k, v.ptext.data() + k);
		v.finish(false);
		CipherConfig cfg = random_block_cipher_config(rng);
		if (!run_both_directions(r, opt, i, [&](bool enc) {
			    return test_cipher_vec_cfg(tfm, v.vec, v.name, cfg, enc);
		    }))
			return;
	}
}

// testmgr's MIN_COLLISION_FREE_AUTHSIZE: a tag this long is not forged by chance.
constexpr unsigned int min_collision_free_authsize = 8;

// What an AEAD's suites say (testmgr's aead_test_suite flags, from any source) and the longest
// key in their vectors, testmgr's maxkeysize.
struct AeadSuiteFlags {
	bool einval_allowed = false, aad_iv = false;
	unsigned int maxkeysize = 0;
};

AeadSuiteFlags aead_suite_flags(const std::string &alg)
{
	AeadSuiteFlags f;
	for (const kcshim_vector_suite *s : suites_for(alg)) {
		if (s->kind != KCSHIM_SUITE_AEAD)
			continue;
		f.einval_allowed |= s->einval_allowed;
		f.aad_iv |= s->aad_iv;
		auto *vecs = static_cast<const kcshim_aead_vec *>(s->vecs);
		for (unsigned int i = 0; i < s->count; i++)
			f.maxkeysize = std::max(f.maxkeysize, vecs[i].klen);
	}
	return f;
}

// A random AEAD vector: testmgr's generate_random_aead_testvec and generate_aead_message, the
// message encrypted by the tfm given (the generic driver; for the inauthentic inputs the driver
// itself). Inauthentic vectors (novrfy) are random ciphertexts, or authentic ones with a bit of
// the associated data, the ciphertext or the tag flipped.
struct RandomAeadVec {
	std::vector<uint8_t> key, iv, assoc, ptext, ctext;
	kcshim_aead_vec vec{};
	std::string name;

	RandomAeadVec(unsigned int maxkeysize, unsigned int ivsize)
		: key(maxkeysize), iv(ivsize), assoc(max_data_size), ptext(max_data_size),
		  ctext(max_data_size)
	{
	}

	void generate(Rng &rng, struct crypto_aead *tfm, const AeadSuiteFlags &flags,
		      bool prefer_inauthentic)
	{
		unsigned int maxdatasize = max_data_size;

		vec = {};
		vec.klen = static_cast<unsigned int>(key.size());
		if (rng.below(4) == 0)
			vec.klen = rng.below(vec.klen + 1);
		random_bytes(rng, {key.data(), vec.klen});
		vec.setkey_error = crypto_aead_setkey(tfm, key.data(), vec.klen);
		random_bytes(rng, iv);

		unsigned int authsize = crypto_aead_maxauthsize(tfm);
		if (rng.below(4) == 0)
			authsize = rng.below(authsize + 1);
		if (prefer_inauthentic && authsize < min_collision_free_authsize)
			authsize = min_collision_free_authsize;
		maxdatasize -= authsize;
		vec.setauthsize_error = crypto_aead_setauthsize(tfm, authsize);

		unsigned int total = random_length(rng, maxdatasize, 1);
		vec.alen = rng.below(4) == 0 ? 0 : random_length(rng, total, 1);
		vec.plen = total - vec.alen;
		vec.clen = vec.plen + authsize;
		if (!vec.setkey_error && !vec.setauthsize_error)
			message(rng, tfm, authsize, flags, prefer_inauthentic);

		vec.key = reinterpret_cast<const char *>(key.data());
		vec.iv = reinterpret_cast<const char *>(iv.data());
		vec.assoc = reinterpret_cast<const char *>(assoc.data());
		vec.ptext = reinterpret_cast<const char *>(ptext.data());
		vec.ctext = reinterpret_cast<const char *>(ctext.data());
		name = "\"random: alen=" + std::to_string(vec.alen) + " plen=" +
		       std::to_string(vec.plen) + " authsize=" + std::to_string(authsize) +
		       " klen=" + std::to_string(vec.klen) + " novrfy=" +
		       std::to_string(vec.novrfy) + "\"";
	}

private:
	void message(Rng &rng, struct crypto_aead *tfm, unsigned int authsize,
		     const AeadSuiteFlags &flags, bool prefer_inauthentic)
	{
		bool inauthentic = authsize >= min_collision_free_authsize &&
				   (prefer_inauthentic || rng.below(4) == 0);
		unsigned int aad_tail = flags.aad_iv ? static_cast<unsigned int>(iv.size()) : 0;

		random_bytes(rng, {assoc.data(), vec.alen});
		if (aad_tail && vec.alen >= aad_tail)	// both IV copies agree, as testmgr makes them
			std::copy(iv.begin(), iv.end(), assoc.begin() + vec.alen - aad_tail);
		if (inauthentic && rng.boolean()) {
			random_bytes(rng, {ctext.data(), vec.clen});
		} else {
			random_bytes(rng, {ptext.data(), vec.plen});
			vec.crypt_error = encrypt(tfm);
			if (vec.crypt_error || !inauthentic)
				return;
			mutate(rng, authsize, aad_tail);
		}
		vec.novrfy = true;
		if (flags.einval_allowed)
			vec.crypt_error = -EINVAL;
	}

	// assoc || ptext through tfm into ctext, the output's associated data dropped.
	int encrypt(struct crypto_aead *tfm)
	{
		struct scatterlist src[2], dst;
		unsigned int n = 0;

		sg_init_table(src, 2);
		if (vec.alen)
			sg_set_buf(&src[n++], assoc.data(), vec.alen);
		if (vec.plen)
			sg_set_buf(&src[n++], ptext.data(), vec.plen);
		std::vector<uint8_t> out(vec.alen + vec.clen);
		sg_init_one(&dst, out.data(), static_cast<unsigned int>(out.size()));
		std::vector<uint8_t> ivcopy = iv;
		AeadRequestPtr req(aead_request_alloc(tfm, GFP_KERNEL));
		if (!req)
			return -ENOMEM;
		aead_request_set_callback(req.get(), 0, nullptr, nullptr);
		aead_request_set_crypt(req.get(), src, &dst, vec.plen, ivcopy.data());
		aead_request_set_ad(req.get(), vec.alen);
		int err = crypto_aead_encrypt(req.get());
		if (!err)
			std::copy(out.begin() + vec.alen, out.end(), ctext.begin());
		return err;
	}

	// testmgr's mutate_aead_message: a bit of the associated data (not its trailing IV copy),
	// then perhaps also one of the tag or of anywhere in the ciphertext, flipped.
	void mutate(Rng &rng, unsigned int authsize, unsigned int aad_tail)
	{
		auto flip = [&](uint8_t *buf, unsigned int len) {
			uint32_t bit = rng.below(len * 8);
			buf[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
		};
		if (rng.boolean() && vec.alen > aad_tail) {
			flip(assoc.data(), vec.alen - aad_tail);
			if (rng.boolean())
				return;
		}
		if (rng.boolean())
			flip(ctext.data() + vec.plen, authsize);
		else
			flip(ctext.data(), vec.clen);
	}
};

// test_aead_vs_generic_impl, then test_aead_inauthentic_inputs: r.vectors cases each.
void aead_vs_generic(SuiteResult &r, struct crypto_aead *tfm, struct crypto_aead *generic,
		     const ExtraOptions &opt)
{
	if (!properties_match(r, "aead", crypto_aead_driver_name(tfm),
			      crypto_aead_driver_name(generic),
			      {{"maxauthsize", crypto_aead_maxauthsize(tfm),
				crypto_aead_maxauthsize(generic)},
			       {"ivsize", crypto_aead_ivsize(tfm), crypto_aead_ivsize(generic)},
			       {"blocksize", crypto_aead_blocksize(tfm),
				crypto_aead_blocksize(generic)}}))
		return;

	AeadSuiteFlags flags = aead_suite_flags(r.alg);
	Rng rng(opt.seed);
	RandomAeadVec v(flags.maxkeysize, crypto_aead_ivsize(generic));
	auto run = [&](unsigned int i, bool enc) {
		CipherConfig cfg = random_skcipher_config(rng);
		std::string msg = test_aead_vec_cfg(tfm, v.vec, v.name, cfg, enc);
		r.runs++;
		if (!msg.empty()) {
			r.passed = false;
			r.message = msg + replay(opt, i, r.vectors);
		}
		return msg.empty();
	};
	for (unsigned int i = 0; i < r.vectors; i++) {
		v.generate(rng, generic, flags, false);
		if (!v.vec.novrfy && !run(i, true))
			return;
		if ((!v.vec.crypt_error || v.vec.novrfy) && !run(i, false))
			return;
	}
	// the driver's own messages, made inauthentic, must not decrypt (ten tries to make one)
	for (unsigned int i = 0; i < r.vectors; i++) {
		for (int tries = 0; tries < 10; tries++) {
			v.generate(rng, tfm, flags, true);
			if (v.vec.novrfy)
				break;
		}
		if (v.vec.novrfy && !run(i, false))
			return;
	}
}

}  // namespace

std::optional<SuiteResult> test_vs_generic(AlgEntry *e, const ExtraOptions &opt)
{
	const crypto_alg *alg = e->alg;
	if (alg->cra_flags & CRYPTO_ALG_INTERNAL)
		return std::nullopt;	// tested through the public driver wrapping it, as testmgr does
	// an lskcipher is compared through the skcipher API, as testmgr does, with any skcipher or
	// lskcipher generic driver
	kcshim_alg_kind kind = e->kind == KCSHIM_KIND_LSKCIPHER ? KCSHIM_KIND_SKCIPHER : e->kind;
	if (kind != KCSHIM_KIND_SHASH && kind != KCSHIM_KIND_SKCIPHER &&
	    kind != KCSHIM_KIND_CIPHER && kind != KCSHIM_KIND_AEAD)
		return std::nullopt;
	std::string name = alg->cra_name;
	std::string driver = alg->cra_driver_name;

	SuiteResult r;
	r.alg = name;
	Generic g = find_generic(e, name, driver, kind, opt.generic_suffix);
	r.source = "vs " + g.name;
	if (g.is_self) {
		r.row = KCSHIM_ROW_IS_GENERIC;
		r.message = driver + " is the generic driver: nothing to compare with";
		return r;
	}
	if (!g.entry) {
		r.row = KCSHIM_ROW_NOT_COMPARED;
		r.passed = false;
		r.message = g.why_missing;
		if (kind == KCSHIM_KIND_AEAD)
			r.message += " (kcshim has no AEAD templates): tested by its vectors only";
		return r;
	}
	r.row = KCSHIM_ROW_EXTRA;
	r.vectors = opt.fuzz_iterations * cases_per_iteration;
	MadeInstance generic_instance(g.name, g.made);

	// Each allocation takes over its driver's pin, or drops it on failure.
	int err = 0, generic_err = 0;
	auto allocated = [&](bool mine, bool generic) {
		if (!mine || !generic) {
			r.passed = false;
			r.message = "alg: " + driver + ": cannot allocate " + (mine ? g.name : driver) +
				    " for the comparison: " + std::to_string(mine ? generic_err : err);
		}
		return mine && generic;
	};
	Registry::get().pin(e);
	if (kind == KCSHIM_KIND_SHASH) {
		ShashPtr tfm(alloc_shash_for(e, &err));
		ShashPtr generic(alloc_shash_for(g.entry, &generic_err));
		if (allocated(tfm != nullptr, generic != nullptr))
			hash_vs_generic(r, tfm.get(), generic.get(), opt);
	} else if (kind == KCSHIM_KIND_SKCIPHER) {
		SkcipherPtr tfm(alloc_skcipher_for(e, &err));
		SkcipherPtr generic(alloc_skcipher_for(g.entry, &generic_err));
		if (allocated(tfm != nullptr, generic != nullptr))
			skcipher_vs_generic(r, tfm.get(), generic.get(), opt);
	} else if (kind == KCSHIM_KIND_AEAD) {
		AeadPtr tfm(alloc_aead_for(e, &err));
		AeadPtr generic(alloc_aead_for(g.entry, &generic_err));
		if (allocated(tfm != nullptr, generic != nullptr))
			aead_vs_generic(r, tfm.get(), generic.get(), opt);
	} else {
		CipherPtr tfm(alloc_cipher_for(e, &err));
		CipherPtr generic(alloc_cipher_for(g.entry, &generic_err));
		if (allocated(tfm != nullptr, generic != nullptr))
			cipher_vs_generic(r, tfm.get(), generic.get(), opt);
	}
	return r;
}

}  // namespace kcshim::selftest
