// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/tcrypt_modes.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <map>

#include "tools/speed/error.h"

namespace kcshim::speed {
namespace {

// kstrtouint/kstrtoint semantics: base auto-detected, the whole string must parse.
long long parse_number(const std::string &name, const std::string &value, bool is_signed)
{
	if (value.empty() || (!is_signed && value[0] == '-'))
		throw Error(name + "=" + value + ": not an unsigned integer");
	errno = 0;
	char *end = nullptr;
	long long v = strtoll(value.c_str(), &end, 0);
	if (errno || *end || v > (is_signed ? INT_MAX : UINT_MAX) || v < (is_signed ? INT_MIN : 0))
		throw Error(name + "=" + value + ": not " +
			    (is_signed ? "an integer" : "an unsigned integer"));
	return v;
}

// Hash speed modes: 3xx is test_hash_speed (sync), 4xx test_ahash_speed (async).
const std::map<int, const char *> &hash_modes()
{
	static const std::map<int, const char *> modes{
		{305, "sha384"}, {306, "sha512"}, {320, "crct10dif"},
		{322, "sha3-224"}, {323, "sha3-256"}, {324, "sha3-384"}, {325, "sha3-512"},
		{405, "sha384"}, {406, "sha512"},
		{418, "sha3-224"}, {419, "sha3-256"}, {420, "sha3-384"}, {421, "sha3-512"},
	};
	return modes;
}

// Self-test modes: tcrypt_test(alg) for each name.
const std::map<int, std::vector<const char *>> &selftest_modes()
{
	static const std::map<int, std::vector<const char *>> modes{
		{11, {"sha384"}},
		{12, {"sha512"}},
		{14, {"ecb(cast5)", "cbc(cast5)", "ctr(cast5)"}},
		{47, {"crct10dif"}},
		{48, {"sha3-224"}},
		{49, {"sha3-256"}},
		{50, {"sha3-384"}},
		{51, {"sha3-512"}},
	};
	return modes;
}

}  // namespace

TcryptParams parse_tcrypt_params(std::span<const std::string> args, TcryptParams p)
{
	for (const std::string &arg : args) {
		size_t eq = arg.find('=');
		if (eq == std::string::npos)
			throw Error("bad parameter '" + arg + "' (expected NAME=VALUE, e.g. mode=323)");
		std::string name = arg.substr(0, eq), value = arg.substr(eq + 1);
		if (name == "mode")
			p.mode = static_cast<int>(parse_number(name, value, true));
		else if (name == "sec")
			p.sec = static_cast<unsigned int>(parse_number(name, value, false));
		else if (name == "alg")
			p.alg = value;
		else if (name == "klen")
			p.klen = static_cast<unsigned int>(parse_number(name, value, false));
		else if (name == "num_mb")
			p.num_mb = static_cast<unsigned int>(parse_number(name, value, false));
		else if (name == "type" || name == "mask")
			parse_number(name, value, false);	// only mode=0 alg= uses them
		else
			throw Error("unknown parameter '" + name +
				    "' (tcrypt takes mode, sec, alg, type, mask, num_mb, klen)");
	}
	// tcrypt keys a hash with tvmem[0]: one page. A longer klen would read past it.
	if (p.klen > 4096)
		throw Error("klen=" + std::to_string(p.klen) +
			    ": larger than tcrypt's key buffer (4096 bytes)");
	return p;
}

std::vector<TcryptStep> tcrypt_steps(const TcryptParams &p)
{
	// crct10dif left the crypto API in 7.x (lib/crc only): its tcrypt modes went with it
	if (p.version == KernelVersion::v7_3 && (p.mode == 47 || p.mode == 320))
		throw Error("mode=" + std::to_string(p.mode) + " is not in 7.3's tcrypt.c (crct10dif "
			    "is a library there, no longer a crypto API hash)");
	std::vector<TcryptStep> steps;
	if (auto it = selftest_modes().find(p.mode); it != selftest_modes().end()) {
		for (const char *alg : it->second)
			steps.push_back({.kind = StepKind::selftest, .alg = alg});
		return steps;
	}
	if (auto it = hash_modes().find(p.mode); it != hash_modes().end()) {
		steps.push_back({.kind = StepKind::hash_speed, .alg = it->second,
				 .async = p.mode >= 400});
		return steps;
	}
	if (p.mode == 300 || p.mode == 400) {
		if (p.alg.empty())
			throw Error("mode=" + std::to_string(p.mode) +
				    " needs alg=NAME (without it the kernel runs every hash speed test)");
		steps.push_back({.kind = StepKind::hash_speed, .alg = p.alg, .async = p.mode == 400});
		return steps;
	}
	if (p.mode == 209 || p.mode == 506) {
		for (const char *alg : {"ecb(cast5)", "cbc(cast5)", "ctr(cast5)"})
			for (bool enc : {true, false})
				steps.push_back({.kind = StepKind::cipher_speed,
						 .alg = alg,
						 .async = p.mode == 506,
						 .encrypt = enc,
						 .key_template = "speed_template_8_16"});
		return steps;
	}
	throw Error("unknown mode " + std::to_string(p.mode) + " (kcshim covers " +
		    covered_modes() + ")");
}

std::string covered_modes()
{
	return "11, 12, 14, 47-51, 209, 300 (alg=), 305, 306, 320, 322-325, 400 (alg=), 405, 406, "
	       "418-421, 506";
}

std::optional<std::string> TcryptStep::wrapper_of(const std::string &name) const
{
	if (alg == name)
		return "";
	const std::string wrapped = "(" + name + ")";
	if (alg.ends_with(wrapped))
		return alg.substr(0, alg.size() - wrapped.size());
	return std::nullopt;
}

std::vector<int> speed_modes_of(const std::string &alg, bool async, KernelVersion version)
{
	const auto times = [&](const TcryptStep &step) {
		return step.kind != StepKind::selftest && step.async == async &&
		       step.wrapper_of(alg).has_value();
	};
	std::vector<int> candidates = {209, 506};	// the cipher modes covered
	for (const auto &[mode, hash] : hash_modes())
		candidates.push_back(mode);
	std::vector<int> modes;
	for (int mode : candidates) {
		TcryptParams p;
		p.mode = mode;
		p.version = version;
		try {
			const auto steps = tcrypt_steps(p);
			if (std::any_of(steps.begin(), steps.end(), times))
				modes.push_back(mode);
		} catch (const Error &) {
			// not in this generation's tcrypt.c
		}
	}
	std::sort(modes.begin(), modes.end());
	return modes;
}

}  // namespace kcshim::speed
