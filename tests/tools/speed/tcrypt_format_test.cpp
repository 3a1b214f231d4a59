// SPDX-License-Identifier: GPL-2.0
// Our tcrypt lines, read back with the kernel's own format strings (crypto/tcrypt.c, 6.12) via
// sscanf: every field must come back, and re-printing the fields with the same format must give
// the identical bytes.
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "tools/speed/tcrypt_format.h"

namespace kcshim::speed {
namespace {

// The kernel's formats, pr_fmt included ("tcrypt: " on pr_info lines).
constexpr const char *kHashLine =
	"tcrypt: test%3u (%5u byte blocks,%5u bytes per update,%4u updates): ";
constexpr const char *kHashJiffies = "%6u opers/sec, %9lu bytes/sec\n";
constexpr const char *kHashCycles = "%6lu cycles/operation, %4lu cycles/byte\n";
constexpr const char *kCipherLine = "tcrypt: test %u (%d bit key, %d byte blocks): ";
constexpr const char *kCipherJiffies = "%d operations in %d seconds (%llu bytes)\n";
constexpr const char *kCipherCycles = "1 operation in %lu cycles (%d bytes)\n";

std::string print(const char *fmt, auto... args)
{
	char buf[256];
	snprintf(buf, sizeof(buf), fmt, args...);
	return buf;
}

TEST(TcryptFormat, HashLinesParseBackWithKernelFormat)
{
	for (unsigned int i = 0; i < generic_hash_speed_template().size(); i++) {
		const HashSpeed &s = generic_hash_speed_template()[i];
		std::string line = tcrypt::hash_line(i, s);
		unsigned int t, b, p, u;
		ASSERT_EQ(sscanf(line.c_str(), kHashLine, &t, &b, &p, &u), 4) << line;
		EXPECT_EQ(t, i);
		EXPECT_EQ(b, s.blen);
		EXPECT_EQ(p, s.plen);
		EXPECT_EQ(u, s.blen / s.plen);
		EXPECT_EQ(line, print(kHashLine, t, b, p, u)) << "test " << i;
	}
}

TEST(TcryptFormat, HashJiffiesMatchesKernelArithmetic)
{
	HashSpeed s{256, 64};
	std::string text = tcrypt::hash_jiffies(KernelVersion::v6_12, s, 1001, 2);
	unsigned int ops;
	unsigned long bytes;
	ASSERT_EQ(sscanf(text.c_str(), kHashJiffies, &ops, &bytes), 2) << text;
	EXPECT_EQ(ops, 500u);			// bcount / secs, integer division
	EXPECT_EQ(bytes, 1001ul * 256 / 2);	// ((long)bcount * blen) / secs
	EXPECT_EQ(text, print(kHashJiffies, ops, bytes));
}

TEST(TcryptFormat, HashCyclesMatchesKernelArithmetic)
{
	HashSpeed s{64, 64};
	std::string text = tcrypt::hash_cycles(s, 8 * 1000 + 7);
	EXPECT_EQ(text, print(kHashCycles, 1000ul, 8007ul / (8 * 64)));
}

TEST(TcryptFormat, HashHeaderPerVersion)
{
	EXPECT_EQ(tcrypt::hash_header(KernelVersion::v6_12, "sha3-256", "sha3-256-generic"),
		  "tcrypt: testing speed of async sha3-256 (sha3-256-generic)\n");
	// 6.1: printk(KERN_INFO "\ntesting speed of async %s (%s)\n"), no pr_fmt.
	EXPECT_EQ(tcrypt::hash_header(KernelVersion::v6_1, "sha3-256", "sha3-256-generic"),
		  "\ntesting speed of async sha3-256 (sha3-256-generic)\n");
}

TEST(TcryptFormat, Linux61DigestResultStartsNewLine)
{
	HashSpeed digest{64, 64}, split{64, 16};
	EXPECT_EQ(tcrypt::hash_jiffies(KernelVersion::v6_1, digest, 10, 1)[0], '\n');
	EXPECT_NE(tcrypt::hash_jiffies(KernelVersion::v6_1, split, 10, 1)[0], '\n');
	EXPECT_NE(tcrypt::hash_jiffies(KernelVersion::v6_12, digest, 10, 1)[0], '\n');
}

TEST(TcryptFormat, CipherLinesParseBackWithKernelFormat)
{
	CipherSpeed s{7, 16, 1424};
	std::string line = tcrypt::cipher_line(s) + tcrypt::cipher_jiffies(s, 12345, 1);
	unsigned int t;
	int bits, blen, ops, secs;
	unsigned long long bytes;
	ASSERT_EQ(sscanf(line.c_str(), (std::string(kCipherLine) + kCipherJiffies).c_str(), &t, &bits,
			 &blen, &ops, &secs, &bytes),
		  6)
		<< line;
	EXPECT_EQ(t, 7u);
	EXPECT_EQ(bits, 128);
	EXPECT_EQ(blen, 1424);
	EXPECT_EQ(ops, 12345);
	EXPECT_EQ(bytes, 12345ull * 1424);
	EXPECT_EQ(line, print(kCipherLine, t, bits, blen) + print(kCipherJiffies, ops, secs, bytes));

	std::string cyc = tcrypt::cipher_cycles(s, 8 * 100 + 3);
	EXPECT_EQ(cyc, print(kCipherCycles, (803ul + 4) / 8, 1424));
}

TEST(TcryptFormat, CipherHeaderPerVersion)
{
	EXPECT_EQ(tcrypt::cipher_header(KernelVersion::v6_12, false, "cbc(cast5)",
					"cbc(cast5-generic)", true),
		  "tcrypt: testing speed of sync cbc(cast5) (cbc(cast5-generic)) encryption\n");
	EXPECT_EQ(tcrypt::cipher_header(KernelVersion::v6_1, true, "ecb(cast5)",
					"ecb(cast5-generic)", false),
		  "tcrypt: \ntesting speed of async ecb(cast5) (ecb(cast5-generic)) decryption\n");
}

}  // namespace
}  // namespace kcshim::speed
