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
//
// This file: test_vs_generic(), finding the generic driver to compare with, and what the other
// files share of it (extra_tests.h); the random cases are in extra_random.cpp, the comparisons in
// extra_hash.cpp, extra_cipher.cpp and extra_aead.cpp.
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <crypto/aead.h>
#include <crypto/algapi.h>
#include <crypto/hash.h>
#include <crypto/internal/cipher.h>
#include <crypto/skcipher.h>

#include "shim/src/module/module_loader.h"
#include "shim/src/crypto/selftest/extra_tests.h"
#include "shim/src/crypto/selftest/manager.h"
#include "shim/src/crypto/tfm.h"

namespace kcshim::selftest {

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

namespace {

constexpr unsigned int cases_per_iteration = 8;	// testmgr runs fuzz_iterations * 8

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
	// The vectors' generic_driver first, then <cra_name>-generic: 7.x's testmgr names library
	// drivers (sha512-lib) that only a module of that tree registers, where kcshim's own
	// generic driver keeps the name the kernel used before.
	std::vector<std::string> bases;
	for (const kcshim_vector_suite *s : suites_for(alg))
		if (s->generic_driver && std::find(bases.begin(), bases.end(), s->generic_driver) ==
						 bases.end())
			bases.push_back(s->generic_driver);
	if (std::string named = with_generic(alg, "-generic", "");
	    std::find(bases.begin(), bases.end(), named) == bases.end())
		bases.push_back(named);
	std::vector<std::string> candidates;
	if (!generic_suffix.empty()) {
		// the same driver from the module built without arch code, then its generic
		std::string own = driver;
		if (e->module && !e->module->suffix.empty())
			for (size_t at; (at = own.find("@" + e->module->suffix)) != std::string::npos;)
				own.erase(at, e->module->suffix.size() + 1);
		candidates.push_back(with_generic(own, "", "@" + generic_suffix));
		for (const std::string &base : bases)
			candidates.push_back(with_generic(base, "", "@" + generic_suffix));
	}
	if (e->module && !e->module->suffix.empty())
		for (const std::string &base : bases)
			candidates.push_back(with_generic(base, "", "@" + e->module->suffix));
	candidates.insert(candidates.end(), bases.begin(), bases.end());

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
using ShashPtr = std::unique_ptr<struct crypto_shash, ShashFree>;
using SkcipherPtr = std::unique_ptr<struct crypto_skcipher, SkcipherFree>;
using CipherPtr = std::unique_ptr<struct crypto_cipher, CipherFree>;
using AeadPtr = std::unique_ptr<struct crypto_aead, AeadFree>;

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
