// SPDX-License-Identifier: GPL-2.0
// What the guest init's tests (tests/afalg/guest/*_test.cpp) share: a fake module loader, a
// temporary directory, and a crypto corner of a kernel as depmod writes its modules.dep and
// modules.alias.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "afalg/guest/modprobe.h"
#include "afalg/guest/module_index.h"

namespace fs = std::filesystem;

namespace kcshim_test::guest_fixtures {

using namespace kcshim::guest;

// What a LoadModuleFn was asked to load, in order, and what it answers.
struct FakeLoader {
	struct Call {
		std::string path, params;
	};
	std::vector<Call> calls;
	std::map<std::string, int> answers;	// by path; 0 when absent

	LoadModuleFn fn()
	{
		return [this](const std::string &path, const std::string &params) {
			calls.push_back({path, params});
			auto it = answers.find(path);
			return it == answers.end() ? 0 : it->second;
		};
	}
	std::vector<std::string> paths() const
	{
		std::vector<std::string> p;
		for (const Call &c : calls)
			p.push_back(c.path);
		return p;
	}
};

inline std::vector<std::string> step_names(const LoadPlan &plan)
{
	std::vector<std::string> names;
	for (const LoadStep &s : plan.steps)
		names.push_back(s.name);
	return names;
}

inline std::string joined(const std::vector<std::string> &v)
{
	std::string s;
	for (const std::string &x : v)
		s += (s.empty() ? "" : " ") + x;
	return s;
}

/* The order plan() loads @module in, from a modules.dep text; "plan failed: <e>" if it fails. */
inline std::string load_order(const char *modules_dep, const char *module)
{
	ModuleIndex index;
	index.add_dep_file(modules_dep);
	LoadPlan plan;
	if (int e = index.plan(module, plan))
		return "plan failed: " + std::to_string(e);
	return joined(step_names(plan));
}

class TempDir {
public:
	TempDir()
	{
		std::string pattern = (fs::temp_directory_path() / "kcshim-guest-init-XXXXXX").string();
		if (!mkdtemp(pattern.data()))
			throw std::runtime_error("mkdtemp failed");
		path_ = pattern;
	}
	~TempDir() { fs::remove_all(path_); }
	const fs::path &path() const { return path_; }

	void write(const fs::path &relative, std::string_view text) const
	{
		fs::create_directories((path_ / relative).parent_path());
		std::ofstream(path_ / relative) << text;
	}

private:
	fs::path path_;
};

// A crypto corner of a kernel as depmod writes it: every line lists the whole closure, the
// deepest last.
inline constexpr const char *crypto_dep =
	"kernel/arch/arm64/crypto/sha3-ce.ko: kernel/crypto/sha3_generic.ko\n"
	"kernel/crypto/sha3_generic.ko:\n"
	"kernel/crypto/xts.ko:\n"
	"kernel/crypto/algif_hash.ko: kernel/crypto/af_alg.ko\n"
	"kernel/crypto/algif_skcipher.ko: kernel/crypto/af_alg.ko\n"
	"kernel/crypto/af_alg.ko:\n"
	"kernel/crypto/tcrypt.ko: kernel/crypto/crypto_user.ko kernel/crypto/crypto_algapi.ko "
	"kernel/crypto/crypto.ko\n"
	"kernel/crypto/crypto_user.ko: kernel/crypto/crypto_algapi.ko kernel/crypto/crypto.ko\n"
	"kernel/crypto/crypto_algapi.ko: kernel/crypto/crypto.ko\n"
	"kernel/crypto/crypto.ko:\n";
inline constexpr const char *crypto_alias =
	"# Aliases extracted from modules themselves.\n"
	"alias crypto-sha3-256 sha3_generic\n"
	"alias crypto-sha3-256 sha3_ce\n"
	"alias crypto-sha3-256-generic sha3_generic\n"
	"alias crypto-xts xts\n"
	"alias algif-hash algif_hash\n"
	"alias net-pf-38 af_alg\n";

inline ModuleIndex crypto_index()
{
	ModuleIndex index;
	index.add_dep_file(crypto_dep);
	index.add_alias_file(crypto_alias);
	return index;
}

}  // namespace kcshim_test::guest_fixtures
