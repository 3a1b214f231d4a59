// SPDX-License-Identifier: GPL-2.0
// The driver registry: crypto/algapi.c's registration checks and crypto/api.c's lookup rules.
//
// Errors are negative errno values, as at the C ABI; nothing here throws across it.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <kcshim/kcshim.h>
#include <linux/crypto.h>

namespace kcshim {

struct Module;

struct AlgEntry {
	crypto_alg *alg = nullptr;
	kcshim_alg_kind kind = KCSHIM_KIND_SHASH;
	Module *module = nullptr;		// nullptr: built in
	uint64_t seq = 0;			// registration order; the newest wins priority ties
	std::atomic<unsigned> users{0};		// tfms and template instances built on it
	bool dead = false;			// unregistered; freed when the last user goes
	bool instance = false;
	AlgEntry *inner = nullptr;		// the cipher a built-in template's instance is built
						// on, pinned by the registry until the instance dies
	std::vector<AlgEntry *> spawns;		// what a module template's instance is built on
						// (its spawns pin them until inst->free drops them)
	struct crypto_template *tmpl = nullptr;	// the module template that made the instance
	std::function<void()> destroy;		// frees a template instance's memory
	kcshim_selftest_state selftest = KCSHIM_SELFTEST_UNTESTED;
	std::string selftest_message;
};

// The type bits and the type mask crypto_find_alg() gives a lookup of kind (the frontend's type
// and maskset), set in *type and added to *mask: the type attribute a template's create() checks.
void type_bits(kcshim_alg_kind kind, uint32_t *type, uint32_t *mask);

// The kinds a lookup by name alone tries, in this order (crypto_has_alg(), crypto_alg_mod_lookup()).
inline constexpr std::array<kcshim_alg_kind, 4> name_lookup_kinds = {
	KCSHIM_KIND_SHASH, KCSHIM_KIND_CIPHER, KCSHIM_KIND_SKCIPHER, KCSHIM_KIND_AEAD};

// What a lookup may return: the kind of tfm asked for and the caller's type/mask filter.
struct LookupKey {
	std::string_view name;
	kcshim_alg_kind kind;
	uint32_t type = 0;
	uint32_t mask = 0;
};

class Registry {
public:
	static Registry &get();
	// At exit: frees the template instances still registered (the registry owns them).
	~Registry();

	// Checks (crypto_check_alg), names a nameless driver "<name>-generic", renames for a module
	// suffix, rejects collisions (-EEXIST), inserts and self-tests the driver.
	int add(crypto_alg *alg, kcshim_alg_kind kind, AlgEntry **out = nullptr);
	// Removes alg and, first, every template instance built on it (crypto_remove_spawns()).
	void remove(crypto_alg *alg);
	// In use: pinned by a tfm, or by anything but the template instances that go with it.
	bool in_use(AlgEntry *e);

	// The driver lookup would return, pinned (users + 1); nullptr and *err = -ENOENT if none.
	// Template names ("cbc(cast5)") are instantiated on demand.
	AlgEntry *lookup(const LookupKey &key, int *err);
	// Pins a specific entry (the self-test manager tests exactly the driver it registered).
	void pin(AlgEntry *e);
	// Pins e if it is still registered; false, and no pin, for a dead entry or nullptr.
	bool pin_if_live(AlgEntry *e);
	// The live entry of alg, pinned; nullptr if alg is not (or no longer) registered.
	AlgEntry *pin_live(const crypto_alg *alg);
	void release(AlgEntry *e);

	AlgEntry *find(const crypto_alg *alg);
	AlgEntry *find_driver(std::string_view driver);
	// Live entries, newest first; the caller must not keep them past a module unload.
	std::vector<AlgEntry *> snapshot();
	std::vector<AlgEntry *> entries_of(const Module *mod);
	void set_selftest(AlgEntry *e, kcshim_selftest_state state, std::string message);

	std::recursive_mutex &mutex() { return mu_; }

private:
	AlgEntry *best_match(const LookupKey &key);
	void remove_entry(AlgEntry *e);
	std::vector<AlgEntry *> dependants(const AlgEntry *e);
	void reap(AlgEntry *e);

	std::recursive_mutex mu_;
	std::vector<std::unique_ptr<AlgEntry>> entries_;
	uint64_t next_seq_ = 1;
	bool exiting_ = false;	// the destructor runs: releases no longer reap
};

// Kind of a crypto_alg from its type bits.
kcshim_alg_kind kind_of(const crypto_alg *alg);

// Thread-local detail for kcshim_last_error().
void set_last_error(std::string message);

}  // namespace kcshim
