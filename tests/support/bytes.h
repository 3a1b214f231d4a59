// SPDX-License-Identifier: GPL-2.0
// Byte strings for the tests: hex in and out, random messages and random places to split them.
// The generator is the caller's, seeded from support/seed.h, so a failure replays.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace kcshim_test {

using Bytes = std::vector<std::uint8_t>;

inline std::string hex(std::span<const std::uint8_t> b)
{
	static const char digits[] = "0123456789abcdef";
	std::string s;

	for (auto c : b) {
		s += digits[c >> 4];
		s += digits[c & 15];
	}
	return s;
}

// The bytes of an even-length hex string (a trailing odd digit is ignored).
inline Bytes unhex(const std::string &s)
{
	Bytes out;

	for (std::size_t i = 0; i + 1 < s.size(); i += 2)
		out.push_back(static_cast<std::uint8_t>(std::stoul(s.substr(i, 2), nullptr, 16)));
	return out;
}

inline Bytes random_bytes(std::mt19937_64 &rng, std::size_t n)
{
	Bytes b(n);

	for (auto &c : b)
		c = static_cast<std::uint8_t>(rng());
	return b;
}

// n random cut points 0 <= c0 <= c1 <= ... <= len, so some pieces are empty.
inline std::vector<std::size_t> random_cuts(std::mt19937_64 &rng, std::size_t len, std::size_t n)
{
	std::vector<std::size_t> cuts(n);

	for (auto &c : cuts)
		c = len ? rng() % (len + 1) : 0;
	std::sort(cuts.begin(), cuts.end());
	return cuts;
}

// "[c0,c1,...]", for a failure message.
inline std::string cuts_str(const std::vector<std::size_t> &cuts)
{
	// appended piece by piece: gcc 12 -O3 warns -Wrestrict on ("," or "") + std::string
	std::string s = "[";

	for (auto c : cuts) {
		if (s.size() > 1)
			s += ',';
		s += std::to_string(c);
	}
	return s + "]";
}

}  // namespace kcshim_test
