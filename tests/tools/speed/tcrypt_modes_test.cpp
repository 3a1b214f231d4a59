// SPDX-License-Identifier: GPL-2.0
#include <gtest/gtest.h>

#include "tools/speed/error.h"
#include "tools/speed/tcrypt_modes.h"

namespace kcshim::speed {
namespace {

TcryptParams parse(std::vector<std::string> args)
{
	return parse_tcrypt_params(args);
}

TEST(TcryptModes, ParsesModuleParameters)
{
	TcryptParams p = parse({"mode=300", "sec=2", "alg=sha512", "klen=16", "num_mb=4"});
	EXPECT_EQ(p.mode, 300);
	EXPECT_EQ(p.sec, 2u);
	EXPECT_EQ(p.alg, "sha512");
	EXPECT_EQ(p.klen, 16u);
	EXPECT_EQ(p.num_mb, 4u);
}

TEST(TcryptModes, RejectsBadParameters)
{
	EXPECT_THROW(parse({"sec=-1"}), Error);
	EXPECT_THROW(parse({"klen=4097"}), Error);
	EXPECT_THROW(parse({"mode=abc"}), Error);
	EXPECT_THROW(parse({"speed=1"}), Error);
	EXPECT_THROW(parse({"mode"}), Error);
}

TEST(TcryptModes, Mode209IsSixCast5Runs)
{
	auto steps = tcrypt_steps(parse({"mode=209"}));
	ASSERT_EQ(steps.size(), 6u);
	EXPECT_EQ(steps[2].alg, "cbc(cast5)");
	EXPECT_TRUE(steps[2].encrypt);
	EXPECT_FALSE(steps[3].encrypt);
	EXPECT_FALSE(steps[0].async);
	EXPECT_TRUE(tcrypt_steps(parse({"mode=506"}))[0].async);
}

TEST(TcryptModes, HashModesAndTheirAsyncTwins)
{
	EXPECT_EQ(tcrypt_steps(parse({"mode=323"}))[0].alg, "sha3-256");
	EXPECT_EQ(tcrypt_steps(parse({"mode=419"}))[0].alg, "sha3-256");
	EXPECT_TRUE(tcrypt_steps(parse({"mode=419"}))[0].async);
	EXPECT_EQ(tcrypt_steps(parse({"mode=320"}))[0].alg, "crct10dif");
	EXPECT_EQ(tcrypt_steps(parse({"mode=300", "alg=sha384"}))[0].alg, "sha384");
	EXPECT_THROW(tcrypt_steps(parse({"mode=300"})), Error);
	EXPECT_THROW(tcrypt_steps(parse({"mode=9999"})), Error);
}

// 7.3's tcrypt.c has no crct10dif modes: crct10dif left the crypto API for lib/crc.
TEST(TcryptModes, Crct10difModesAreNotIn73)
{
	TcryptParams v73;
	v73.version = KernelVersion::v7_3;
	EXPECT_THROW(tcrypt_steps(parse_tcrypt_params(std::vector<std::string>{"mode=320"}, v73)), Error);
	EXPECT_THROW(tcrypt_steps(parse_tcrypt_params(std::vector<std::string>{"mode=47"}, v73)), Error);
	EXPECT_EQ(tcrypt_steps(parse_tcrypt_params(std::vector<std::string>{"mode=209"}, v73)).size(), 6u);
}

TEST(TcryptModes, SpeedModesOfAnAlgorithm)
{
	using v = std::vector<int>;
	EXPECT_EQ(speed_modes_of("cast5", false, KernelVersion::v6_12), v{209});
	EXPECT_EQ(speed_modes_of("cbc(cast5)", true, KernelVersion::v6_12), v{506});
	EXPECT_EQ(speed_modes_of("sha3-256", false, KernelVersion::v6_12), v{323});
	EXPECT_EQ(speed_modes_of("crct10dif", false, KernelVersion::v6_12), v{320});
	EXPECT_EQ(speed_modes_of("crct10dif", false, KernelVersion::v7_3), v{});
	EXPECT_EQ(speed_modes_of("aes", false, KernelVersion::v7_3), v{});
}

TEST(TcryptModes, SelfTestModes)
{
	auto steps = tcrypt_steps(parse({"mode=14"}));
	ASSERT_EQ(steps.size(), 3u);
	EXPECT_EQ(steps[0].kind, StepKind::selftest);
	EXPECT_EQ(tcrypt_steps(parse({"mode=51"}))[0].alg, "sha3-512");
}

}  // namespace
}  // namespace kcshim::speed
