// SPDX-License-Identifier: GPL-2.0
#include <gtest/gtest.h>

#include "tools/speed/tcrypt_format.h"
#include "tools/speed/tcrypt_parse.h"

namespace kcshim::speed {
namespace {

// The shape of a 6.1 kernel log (user-mode Linux 6.1.176, tcrypt.ko mode=323 sec=1): digest-path
// results on their own line, printk timestamps.
constexpr const char *kLinux61Log =
	"[   19.220000] \n"
	"[   19.220000] testing speed of async sha3-256 (sha3-256-generic)\n"
	"[   19.230000] tcrypt: test  0 (   16 byte blocks,   16 bytes per update,   1 updates): \n"
	"[   20.230000] 2130937 opers/sec,  34094992 bytes/sec\n"
	"[   20.230000] tcrypt: test  1 (   64 byte blocks,   16 bytes per update,   4 updates): "
	"621363 opers/sec,  39767232 bytes/sec\n";

TEST(TcryptParse, ReadsLinux61KernelLog)
{
	auto lines = parse_tcrypt_log(kLinux61Log, 1);
	ASSERT_EQ(lines.size(), 2u);
	EXPECT_EQ(lines[0].algo, "sha3-256");
	EXPECT_EQ(lines[0].driver, "sha3-256-generic");
	EXPECT_EQ(lines[0].test, 0u);
	EXPECT_EQ(printed_rate(lines[0]), 2130937);	// wider than "%6u"
	EXPECT_EQ(lines[1].plen, 16u);
	EXPECT_EQ(printed_rate(lines[1]), 621363);
}

TEST(TcryptParse, RoundTripsOurCipherOutput)
{
	std::string log = tcrypt::cipher_header(KernelVersion::v6_12, false, "cbc(cast5)",
						"cbc(cast5-generic)", false);
	CipherSpeed s{3, 8, 256};
	log += tcrypt::cipher_line(s) + tcrypt::cipher_jiffies(s, 4242, 2);
	auto lines = parse_tcrypt_log(log, 2);
	ASSERT_EQ(lines.size(), 1u);
	EXPECT_TRUE(lines[0].cipher);
	EXPECT_FALSE(lines[0].encrypt);
	EXPECT_EQ(lines[0].driver, "cbc(cast5-generic)");
	EXPECT_EQ(lines[0].keysize, 8u);
	EXPECT_EQ(lines[0].bcount, 4242u);
	EXPECT_EQ(printed_rate(lines[0]), 2121);
}

TEST(TcryptParse, RoundTripsCyclesMode)
{
	HashSpeed s{1024, 256};
	std::string log = tcrypt::hash_header(KernelVersion::v6_12, "sha512", "sha512-generic") +
			  tcrypt::hash_line(7, s) + tcrypt::hash_cycles(s, 8 * 4321);
	auto lines = parse_tcrypt_log(log, 0);
	ASSERT_EQ(lines.size(), 1u);
	EXPECT_EQ(lines[0].test, 7u);
	EXPECT_EQ(printed_rate(lines[0]), 4321);
}

}  // namespace
}  // namespace kcshim::speed
