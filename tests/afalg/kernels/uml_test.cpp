// SPDX-License-Identifier: GPL-2.0
/* The embedded kernel itself: boot, channel transparency, clean shutdown. */
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <openssl/evp.h>

#include "afalg/endpoint/local_afalg.h"
#include "tests/afalg/shared_kernel.h"
#include "afalg/kernels/guest.h"
#include "afalg/kernels/uml.h"

using namespace kcshim::afalg;
using namespace std::chrono_literals;

namespace {

bool have_uml()
{
	return static_cast<bool>(find_uml());
}

} /* namespace */

TEST(Uml, MissingBinaryGivesInstallHint)
{
	GuestOptions opt;
	opt.uml_binary = "/nonexistent/linux.uml";
	auto k = make_uml_guest(opt);
	ASSERT_FALSE(k);
	EXPECT_EQ(k.err(), -ENOENT);
	EXPECT_NE(k.error().what.find("user-mode-linux"), std::string::npos) << k.error().what;
}

TEST(Uml, BootsServesAndPowersOff)
{
	if (!have_uml())
		GTEST_SKIP() << "user-mode-linux is not installed (apt-get install user-mode-linux kmod)";
	GuestOptions opt;
	opt.bridge_command = {KCSHIM_TEST_BRIDGE};
	/* a TMPDIR of its own, to see the work directory come and go */
	char tmpdir[] = "/tmp/kcshim-uml-test.XXXXXX";
	ASSERT_NE(::mkdtemp(tmpdir), nullptr);
	std::string old = std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "";
	::setenv("TMPDIR", tmpdir, 1);
	auto k = make_uml_guest(opt);
	if (old.empty())
		::unsetenv("TMPDIR");
	else
		::setenv("TMPDIR", old.c_str(), 1);
	ASSERT_TRUE(k) << describe(k.error());
	EXPECT_FALSE(std::filesystem::is_empty(tmpdir));
	auto ep = (*k)->start_bridge({"af_alg", "algif_hash", "algif_skcipher", "crypto_user"});
	ASSERT_TRUE(ep) << describe(ep.error()) << "\n" << ep.error().detail;
	std::printf("UML boot to ready: %lld ms\n", static_cast<long long>((*k)->boot_time().count()));
	EXPECT_EQ((*k)->describe(), "user-mode Linux " + (*k)->kernel_release());

	auto v = (*ep)->kernel_version();
	ASSERT_TRUE(v);
	EXPECT_NE(v->find("6."), std::string::npos) << *v;

	/* Every byte value, in both directions, through the raw console. */
	Bytes m(4096);
	for (size_t i = 0; i < m.size(); i++)
		m[i] = static_cast<std::uint8_t>(i);
	auto d = hash_oneshot(**ep, "sha512-generic", m);
	ASSERT_TRUE(d) << describe(d.error());
	Bytes want(64);
	unsigned int n = 0;
	EVP_Digest(m.data(), m.size(), want.data(), &n, EVP_sha512(), nullptr);
	EXPECT_EQ(*d, want);

	/* Autoload works: a module nobody loaded explicitly. */
	auto wp = hash_oneshot(**ep, "wp512", m);
	EXPECT_TRUE(wp) << describe(wp.error()) << "\n" << (*k)->console_tail();

	/* closing the channel powers the guest off; the work directory goes with it */
	ep->reset();
	EXPECT_EQ((*k)->shutdown(10s), 0) << "guest had to be killed:\n" << (*k)->console_tail();
	k->reset();
	EXPECT_TRUE(std::filesystem::is_empty(tmpdir)) << "a work directory was left behind";
	std::filesystem::remove(tmpdir);
}
