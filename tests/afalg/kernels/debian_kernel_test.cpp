// SPDX-License-Identifier: GPL-2.0
/*
 * afalg/kernels/debian_kernel.h against Debian's archive (label "kernel"):
 * real downloads into a shared cache, $KCSHIM_DEBIAN_KERNEL_CACHE or the
 * build tree's debian-kernels/.  A test skips when the archive cannot be
 * reached; ctest runs these in parallel processes, which the cache's lock
 * serialises.
 */
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "afalg/kernels/debian_kernel.h"
#include "afalg/kernels/debian_packages.h"
#include "afalg/kernels/initramfs.h"

namespace kcshim::afalg {
namespace {

namespace fs = std::filesystem;

fs::path cache_dir()
{
	if (const char *env = std::getenv("KCSHIM_DEBIAN_KERNEL_CACHE"); env && *env)
		return env;
	return KCSHIM_TEST_KERNEL_CACHE;
}

std::string read_all(const fs::path &p)
{
	std::stringstream s;
	s << std::ifstream(p, std::ios::binary).rdbuf();
	return s.str();
}

/* Fetches, printing the progress on failure; skips the test when offline. */
#define FETCH(var, arch, version)                                                            \
	std::ostringstream var##_progress;                                                   \
	auto var = fetch_debian_kernel({arch, version, cache_dir(), ""}, &var##_progress);   \
	if (!var && var.err() == -ENETUNREACH)                                               \
		GTEST_SKIP() << var.error().what;                                            \
	ASSERT_TRUE(var) << describe(var.error()) << "\n" << var##_progress.str()

size_t compressed_modules(const fs::path &moddir)
{
	size_t n = 0;
	for (auto &e : fs::recursive_directory_iterator(moddir)) {
		auto ext = e.path().extension();
		n += ext == ".xz" || ext == ".zst" || ext == ".gz";
	}
	return n;
}

TEST(DebianKernel, Arm64Of61HasSha3Ce)
{
	FETCH(k, "arm64", "6.1");
	EXPECT_EQ(k->arch, "arm64");
	EXPECT_EQ(k->suite, "bookworm");
	EXPECT_EQ(k->package_version.rfind("6.1.", 0), 0u) << k->package_version;
	EXPECT_EQ(k->release.rfind("6.1.0-", 0), 0u) << k->release;
	EXPECT_EQ(k->release.substr(k->release.size() - 6), "-arm64") << k->release;
	/* An uncompressed arm64 Image: "ARM\x64" at 56. */
	std::string head = read_all(k->image).substr(0, 64);
	ASSERT_EQ(head.size(), 64u) << k->image;
	EXPECT_EQ(head.substr(56, 4), std::string("ARM\x64", 4)) << k->image;
	fs::path moddir = k->root / "lib/modules" / k->release;
	std::string dep = read_all(moddir / "modules.dep");
	EXPECT_NE(dep.find("kernel/arch/arm64/crypto/sha3-ce.ko: kernel/crypto/sha3_generic.ko"),
		  std::string::npos);
	EXPECT_TRUE(fs::exists(moddir / "modules.alias"));
	EXPECT_TRUE(fs::exists(moddir / "modules.builtin"));
	EXPECT_EQ(compressed_modules(moddir), 0u);
}

TEST(DebianKernel, X86NewestIsTheNewestListed)
{
	std::ostringstream lp;
	auto versions = available_versions({"x86_64", "", cache_dir(), ""}, &lp);
	if (!versions && versions.err() == -ENETUNREACH)
		GTEST_SKIP() << versions.error().what;
	ASSERT_TRUE(versions) << describe(versions.error()) << "\n" << lp.str();
	ASSERT_FALSE(versions->empty());
	FETCH(k, "x86_64", "");
	EXPECT_EQ(k->arch, "x86_64");
	EXPECT_EQ(major_minor(upstream_version(k->package_version)), versions->back())
		<< k->package_version;
	EXPECT_EQ(k->release.substr(k->release.size() - 6), "-amd64") << k->release;
	/* A bzImage: "HdrS" at 0x202. */
	std::string head = read_all(k->image).substr(0, 0x210);
	ASSERT_EQ(head.size(), 0x210u) << k->image;
	EXPECT_EQ(head.substr(0x202, 4), "HdrS") << k->image;
	fs::path moddir = k->root / "lib/modules" / k->release;
	std::string dep = read_all(moddir / "modules.dep");
	EXPECT_NE(dep.find("kernel/crypto/"), std::string::npos);
	EXPECT_NE(dep.find(".ko:"), std::string::npos);
	EXPECT_EQ(dep.find(".ko.xz"), std::string::npos);
	EXPECT_EQ(compressed_modules(moddir), 0u);
}

TEST(DebianKernel, SecondFetchComesFromTheCacheWithoutApt)
{
	FETCH(first, "arm64", "6.1");
	FETCH(second, "arm64", "6.1");
	EXPECT_TRUE(second->from_cache) << second_progress.str();
	EXPECT_EQ(second_progress.str().find("running"), std::string::npos) << second_progress.str();
	EXPECT_NE(second_progress.str().find("cached"), std::string::npos) << second_progress.str();
	EXPECT_EQ(second->root, first->root);
	EXPECT_EQ(second->image, first->image);
	EXPECT_EQ(second->release, first->release);
	EXPECT_EQ(second->package_version, first->package_version);
}

TEST(DebianKernel, UnknownVersionListsTheAvailableOnes)
{
	std::ostringstream progress;
	auto k = fetch_debian_kernel({"arm64", "6.5", cache_dir(), ""}, &progress);
	ASSERT_FALSE(k);
	if (k.err() == -ENETUNREACH)
		GTEST_SKIP() << k.error().what;
	EXPECT_EQ(k.err(), -ENOENT) << describe(k.error());
	const std::string &what = k.error().what;
	EXPECT_EQ(what.rfind("no Debian arm64 kernel 6.5; available: 6.1, ", 0), 0u) << what;
	EXPECT_EQ(what.find('\n'), std::string::npos) << what;
}

TEST(DebianKernel, BadRequestsFailBeforeAnyDownload)
{
	auto a = fetch_debian_kernel({"riscv64", "", cache_dir(), ""}, nullptr);
	ASSERT_FALSE(a);
	EXPECT_EQ(a.err(), -EINVAL);
	auto v = fetch_debian_kernel({"arm64", "6", cache_dir(), ""}, nullptr);
	ASSERT_FALSE(v);
	EXPECT_EQ(v.err(), -EINVAL);
	EXPECT_NE(v.error().what.find("'6'"), std::string::npos) << v.error().what;
}

TEST(DebianKernel, UnreachableMirrorIsOneLine)
{
	fs::path dir = fs::temp_directory_path() / ("kcshim-offline-" + std::to_string(::getpid()));
	fs::remove_all(dir);
	auto k = fetch_debian_kernel({"arm64", "6.1", dir, "http://127.0.0.1:9/debian"}, nullptr);
	ASSERT_FALSE(k);
	EXPECT_EQ(k.err(), -ENETUNREACH) << describe(k.error());
	EXPECT_EQ(k.error().what.rfind("cannot reach Debian's archive (http://127.0.0.1:9/debian): ",
				       0),
		  0u)
		<< k.error().what;
	EXPECT_EQ(k.error().what.find('\n'), std::string::npos) << k.error().what;
	/* Nothing that a later run could take for a kernel. */
	for (auto &e : fs::directory_iterator(dir))
		EXPECT_TRUE(e.path().filename() == "apt" || e.path().filename() == ".lock-arm64")
			<< e.path();
	fs::remove_all(dir);
}

TEST(DebianKernel, Arm64BaseInitramfsCarriesTheCryptoModules)
{
	FETCH(k, "arm64", "6.1");
	fs::path work = fs::temp_directory_path() / ("kcshim-initrd-" + std::to_string(::getpid()));
	fs::remove_all(work);
	fs::create_directories(work);
	std::ofstream(work / "init") << "stand-in init";
	std::ofstream(work / "bridge") << "stand-in bridge";
	std::ostringstream progress;
	auto a = base_initramfs(*k, work / "init", work / "bridge", work / "out", &progress);
	ASSERT_TRUE(a) << describe(a.error());
	std::cout << progress.str();
	auto mods = initramfs_modules(read_all(k->root / "lib/modules" / k->release / "modules.dep"));
	for (auto want : {"kernel/arch/arm64/crypto/sha3-ce.ko", "kernel/crypto/sha3_generic.ko",
			  "kernel/crypto/af_alg.ko", "kernel/crypto/algif_hash.ko",
			  "kernel/drivers/char/virtio_console.ko",
			  "kernel/drivers/virtio/virtio_mmio.ko"})
		EXPECT_NE(std::find(mods.begin(), mods.end(), want), mods.end()) << want;
	EXPECT_LT(fs::file_size(*a), 20u << 20);
	fs::remove_all(work);
}

} /* namespace */
} /* namespace kcshim::afalg */
