// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/tcrypt_modes.h"

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

}  // namespace kcshim::speed
