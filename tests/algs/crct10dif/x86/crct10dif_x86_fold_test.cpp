// SPDX-License-Identifier: GPL-2.0
// The x86 folding cores themselves (algs/crct10dif/x86/crct10dif-x86-fold.c, compiled into this
// test, not taken from the library): for every whole-block length 16..4096 and 300 random ones up
// to 64 KiB, from random starting CRCs and misaligned, each core equals the CRC computed a bit at
// a time from its definition (polynomial 0x8bb7, MSB first), which shares no table or constant
// with it. The same test runs against a copy of the core with one folding distance planted
// wrong (tests/algs/crct10dif/CMakeLists.txt) and must fail there.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

extern "C" {
#include "crct10dif-x86.h"
}

namespace {

uint16_t crc_bitwise(uint16_t crc, const uint8_t *p, size_t len)
{
	while (len--) {
		crc ^= static_cast<uint16_t>(*p++ << 8);
		for (int i = 0; i < 8; i++)
			crc = static_cast<uint16_t>(crc & 0x8000 ? (crc << 1) ^ 0x8bb7 : crc << 1);
	}
	return crc;
}

using FoldFn = u16 (*)(u16 crc, const u8 *p, size_t len);

void expect_core_equals_bitwise(FoldFn fold)
{
	crct10dif_x86_init_consts();
	std::mt19937_64 rng(20261203);
	std::vector<uint8_t> buf(65536 + 64);
	for (auto &b : buf)
		b = static_cast<uint8_t>(rng());
	for (size_t n = 0; n < 256 + 300; n++) {
		size_t len = n < 256 ? 16 * (n + 1) : 16 * (1 + rng() % 4096);
		size_t misalign = rng() % 64;
		uint16_t init = static_cast<uint16_t>(rng());
		const uint8_t *p = buf.data() + misalign;
		ASSERT_EQ(fold(init, p, len), crc_bitwise(init, p, len))
			<< "len=" << len << " misalign=" << misalign << " init=" << init;
	}
}

TEST(KCSHIM_TEST_SUITE, PclmulCoreEqualsTheBitwiseCrc)
{
	if (!__builtin_cpu_supports("pclmul") || !__builtin_cpu_supports("ssse3"))
		GTEST_SKIP() << "no PCLMULQDQ";
	expect_core_equals_bitwise(crct10dif_pclmul_fold);
}

TEST(KCSHIM_TEST_SUITE, VpclmulCoreEqualsTheBitwiseCrc)
{
	if (!__builtin_cpu_supports("vpclmulqdq") || !__builtin_cpu_supports("avx512bw"))
		GTEST_SKIP() << "no VPCLMULQDQ with AVX-512BW";
	expect_core_equals_bitwise(crct10dif_vpclmul_fold);
}

}  // namespace
