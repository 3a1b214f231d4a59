// SPDX-License-Identifier: GPL-2.0
// Debian's real kernels under qemu as references (label kernel). One guest boot per run of this
// binary, the guest named by the environment (tests/afalg/CMakeLists.txt registers one ctest per
// guest):
//   KCSHIM_TEST_KERNEL   vm:arm64, vm:x86_64[:VERSION]
//   KCSHIM_TEST_CPU      qemu's CPU model for arm64 (max, cortex-a53)
//   KCSHIM_TEST_EXPECT   kernel drivers that must be among the compared pairs (comma-separated)
//   KCSHIM_TEST_ABSENT   kernel drivers that must not (the CPU lacks their instructions)
// Seeds: KCSHIM_TEST_SEED=<n> replays a run (the seed is printed).
#include <cstdlib>
#include <iostream>
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <kcshim/kcshim.h>

#include "afalg/kernels/guest.h"
#include "afalg/kernels/kernel_choice.h"
#include "afalg/xcheck/xcheck.h"

namespace kcshim::afalg {
namespace {

std::string env(const char *name)
{
	const char *v = std::getenv(name);
	return v ? v : "";
}

std::vector<std::string> env_list(const char *name)
{
	std::vector<std::string> out;
	std::istringstream in(env(name));
	for (std::string s; std::getline(in, s, ',');)
		if (!s.empty())
			out.push_back(s);
	return out;
}

class VmKernel : public ::testing::Environment {
public:
	void SetUp() override
	{
		kcshim_init();
		KernelChoice k;
		k.kernel = env("KCSHIM_TEST_KERNEL");
		k.cpu = env("KCSHIM_TEST_CPU");
		k.progress = &std::cout;
		k.algorithms = xcheck::kernel_algorithms({});
		if (k.kernel.empty()) {
			why_ = "KCSHIM_TEST_KERNEL names no guest (e.g. vm:arm64)";
			return;
		}
		auto opened = open_kernel(k);
		if (!opened) {
			why_ = k.kernel + ": " + describe(opened.error()) + "\n" + opened.error().detail;
			return;
		}
		kernel_ = std::move(*opened);
		std::printf("guest: %s, boot %lld ms\n", kernel_->label().c_str(),
			    static_cast<long long>(kernel_->boot_time().count()));
	}
	void TearDown() override { kernel_.reset(); }

	static inline VmKernel *env_ = nullptr;
	std::unique_ptr<OpenKernel> kernel_;
	std::string why_;
};

const int registered = [] {
	VmKernel::env_ = new VmKernel;	// gtest owns it
	::testing::AddGlobalTestEnvironment(VmKernel::env_);
	return 0;
}();

#define NEED_GUEST(k)                                                  \
	OpenKernel *k = VmKernel::env_->kernel_.get();                 \
	ASSERT_NE(k, nullptr) << VmKernel::env_->why_

std::uint64_t test_seed()
{
	if (const char *s = std::getenv("KCSHIM_TEST_SEED"))
		return std::strtoull(s, nullptr, 0);
	std::random_device rd;
	return (std::uint64_t(rd()) << 32) | rd() | 1;
}

xcheck::Options options(std::vector<std::string> algs, const OpenKernel &k)
{
	xcheck::Options o;
	o.algs = std::move(algs);
	o.seed = test_seed();
	o.iterations = 200;	// every pair also gets the exhaustive length sweep
	o.max_len = 4096;	// emulated: keep the random messages short
	o.kernel_label = k.label();
	return o;
}

TEST(VmXcheck, EverySeedDriverMatchesTheKernels)
{
	NEED_GUEST(k);
	auto opt = options({}, *k);
	std::ostringstream out;
	xcheck::Report rep;
	int rc = xcheck::run(k->endpoint(), opt, out, &rep);
	std::printf("%s", out.str().c_str());
	EXPECT_EQ(rc, 0) << "seed 0x" << std::hex << rep.seed;
	std::set<std::string> theirs;
	for (const auto &p : rep.pairs) {
		EXPECT_EQ(p.mismatches, 0u) << p.ours << " vs " << p.theirs;
		theirs.insert(p.theirs);
	}
	for (const auto &d : env_list("KCSHIM_TEST_EXPECT"))
		EXPECT_TRUE(theirs.contains(d)) << d << " is not among the kernel's compared drivers";
	for (const auto &d : env_list("KCSHIM_TEST_ABSENT"))
		EXPECT_FALSE(theirs.contains(d)) << d << " was compared, but this CPU lacks it";
}

TEST(VmXcheck, FindsThePlantedBug)
{
	NEED_GUEST(k);
	struct kcshim_module *mod = nullptr;
	ASSERT_EQ(kcshim_load_module(KCSHIM_PLANTED_MODULE, nullptr, &mod), 0) << kcshim_last_error();
	auto opt = options({"sha3-256-planted"}, *k);
	opt.iterations = 20;	// the bug is in the exhaustive sweep (length 100)
	std::ostringstream out;
	xcheck::Report rep;
	int rc = xcheck::run(k->endpoint(), opt, out, &rep);
	std::printf("%s", out.str().c_str());
	EXPECT_EQ(kcshim_unload_module(mod), 0);
	EXPECT_EQ(rc, xcheck::exit_mismatch) << out.str();
	ASSERT_FALSE(rep.pairs.empty());
	for (const auto &p : rep.pairs) {
		EXPECT_EQ(p.ours, "sha3-256-planted");
		EXPECT_EQ(p.theirs.rfind("sha3-256-", 0), 0u) << p.theirs;
		EXPECT_GE(p.mismatches, 2u) << p.theirs;
	}
	EXPECT_NE(out.str().find("message:   100 bytes "), std::string::npos) << out.str();
}

}  // namespace
}  // namespace kcshim::afalg
