// SPDX-License-Identifier: GPL-2.0
// The extra self-tests' random cases (extra_tests.cpp says what the tests are): testmgr's
// prandom lengths and bytes, and its generate_random_testvec_config for hashes, skciphers and
// single-block ciphers, drawn from the seeded Rng so a run replays.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <string>
#include <vector>

#include <crypto/algapi.h>
#include <linux/mm.h>

#include "shim/src/crypto/selftest/extra_tests.h"

namespace kcshim::selftest {

namespace {

constexpr unsigned int max_divisions = 8;		// testmgr's XBUFSIZE

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

}  // namespace

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

}  // namespace kcshim::selftest
