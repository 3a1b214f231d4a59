// SPDX-License-Identifier: GPL-2.0
/*
 * afalg/kernels/debian_packages.h: version order, request matching and the
 * package picked, on listings shaped like apt-cache's (arm64, 2026-12).
 */
#include <gtest/gtest.h>

#include "afalg/kernels/debian_packages.h"

namespace kcshim::afalg {
namespace {

/* `apt-cache madison` over the arm64 names, an excerpt; one line is a Sources line. */
constexpr const char *madison = R"(linux-image-6.1.0-47-arm64 |  6.1.170-3 | http://deb.debian.org/debian bookworm/main arm64 Packages
linux-image-6.1.0-50-arm64 |  6.1.176-1 | http://deb.debian.org/debian bookworm/main arm64 Packages
linux-image-6.1.0-50-rt-arm64 |  6.1.176-1 | http://deb.debian.org/debian bookworm/main arm64 Packages
linux-image-6.1.0-50-arm64-unsigned |  6.1.176-1 | http://deb.debian.org/debian bookworm/main arm64 Packages
linux-image-6.12.90+deb12-arm64 | 6.12.90-1~bpo12+1 | http://deb.debian.org/debian bookworm-backports/main arm64 Packages
linux-image-6.12.90+deb12.1-arm64 | 6.12.90-2~bpo12+1 | http://deb.debian.org/debian bookworm-backports/main arm64 Packages
linux-image-6.12.117+deb13-arm64 | 6.12.117-1 | http://deb.debian.org/debian trixie/main arm64 Packages
linux-image-6.12.117+deb13-arm64-16k | 6.12.117-1 | http://deb.debian.org/debian trixie/main arm64 Packages
linux-image-6.12.117+deb13-cloud-arm64 | 6.12.117-1 | http://deb.debian.org/debian trixie/main arm64 Packages
linux-image-7.2.6+deb13-arm64 | 7.2.6-1~bpo13+1 | http://deb.debian.org/debian trixie-backports/main arm64 Packages
linux-image-7.2.12+deb13-arm64 | 7.2.12-1~bpo13+1 | http://deb.debian.org/debian trixie-backports/main arm64 Packages
linux-image-7.2.13+deb14-arm64 |   7.2.13-1 | http://deb.debian.org/debian sid/main arm64 Packages
linux-image-7.3.4+deb13-arm64 | 7.3.4-1~bpo13+1 | http://deb.debian.org/debian trixie-backports/main arm64 Packages
linux-signed-arm64 | 7.3.4+1~bpo13+1 | http://deb.debian.org/debian trixie-backports/main Sources
)";

/* `apt-cache show` of sid's 7.2 amd64 image: a meta package. */
constexpr const char *meta_stanza = R"(Package: linux-image-7.2.13+deb14-amd64
Source: linux-signed-amd64 (7.2.13+1)
Version: 7.2.13-1
Installed-Size: 15
Architecture: amd64
Depends: dracut | initramfs-tools (>= 0.120+deb8u2) | linux-initramfs-tool, linux-base-7.2.13+deb14-amd64 (= 7.2.13-1), linux-binary-7.2.13+deb14-amd64 (= 7.2.13-1),
 linux-modules-7.2.13+deb14-amd64 (= 7.2.13-1)
Pre-Depends: linux-base (>= 4.17~)
Description: Linux 7.2.13 for 64-bit PCs
Size: 1884

Package: linux-image-7.2.13+deb14-amd64
Version: 7.2.12-1
Depends: linux-base-7.2.12+deb14-amd64 (= 7.2.12-1)
)";

/* bookworm's 6.1 image: the files themselves. */
constexpr const char *plain_stanza = R"(Package: linux-image-6.1.0-50-arm64
Version: 6.1.176-1
Replaces: linux-image-6.1.0-50-arm64-unsigned
Depends: kmod, linux-base (>= 4.3~), initramfs-tools (>= 0.120+deb8u2) | linux-initramfs-tool
Built-Using: linux (= 6.1.176-1)
Size: 59515068
)";

std::vector<DebianPackage> listing()
{
	return parse_madison(madison);
}

TEST(DebianVersions, DpkgOrder)
{
	struct {
		const char *a, *b;
		int sign;
	} cases[] = {
		{"6.1.176-1", "6.1.170-3", 1},
		{"6.12.10-1", "6.12.9-1", 1},
		{"7.3.4-1~bpo13+1", "7.3.4-1", -1},	/* a backport sorts before the release */
		{"6.12.90-2~bpo12+1", "6.12.90-1~bpo12+1", 1},
		{"7.3~rc4-1~exp1", "7.3-1", -1},
		{"1:1.0-1", "2.0-1", 1},		/* the epoch first */
		{"1.0a-1", "1.0-1", 1},
		{"1.0+b1", "1.0", 1},
		{"6.1.176-1", "6.1.176-1", 0},
		{"7.2.13-1", "7.2.9-1", 1},
	};
	for (auto &c : cases) {
		int got = compare_debian_versions(c.a, c.b);
		EXPECT_EQ((got > 0) - (got < 0), c.sign) << c.a << " vs " << c.b;
		int back = compare_debian_versions(c.b, c.a);
		EXPECT_EQ((back > 0) - (back < 0), -c.sign) << c.b << " vs " << c.a;
	}
}

TEST(DebianVersions, UpstreamAndMajorMinor)
{
	EXPECT_EQ(upstream_version("6.1.176-1"), "6.1.176");
	EXPECT_EQ(upstream_version("7.3.4-1~bpo13+1"), "7.3.4");
	EXPECT_EQ(upstream_version("1:7.2.13-1"), "7.2.13");
	EXPECT_EQ(upstream_version("7.3~rc4-1~exp1"), "7.3");
	EXPECT_EQ(major_minor("6.12.117"), "6.12");
	EXPECT_EQ(major_minor("7"), "");
	EXPECT_EQ(debian_arch("x86_64"), "amd64");
	EXPECT_EQ(debian_arch("arm64"), "arm64");
	EXPECT_EQ(debian_arch("riscv64"), "");
}

TEST(DebianVersions, RequestsMatchMajorMinorOrExactly)
{
	EXPECT_TRUE(version_matches("6.1.176", "6.1"));
	EXPECT_FALSE(version_matches("6.12.90", "6.1"));	/* not a string prefix */
	EXPECT_TRUE(version_matches("7.2.13", "7.2.13"));
	EXPECT_FALSE(version_matches("7.2.13", "7.2.1"));
	EXPECT_TRUE(version_matches("7.3.4", ""));
	for (auto ok : {"", "6.1", "7.2.13", "6.12"})
		EXPECT_TRUE(valid_version_request(ok)) << ok;
	for (auto bad : {"6", "6.1.2.3", "6.1a", "v6.1", "6.01", "latest", "6.1."})
		EXPECT_FALSE(valid_version_request(bad)) << bad;
}

TEST(DebianPackages, OnlyPlainFlavourImages)
{
	for (auto yes : {"linux-image-6.1.0-50-arm64", "linux-image-7.2.13+deb14-arm64",
			 "linux-image-6.12.90+deb12.1-arm64"})
		EXPECT_TRUE(is_kernel_image_name(yes, "arm64")) << yes;
	for (auto no : {"linux-image-6.1.0-50-rt-arm64", "linux-image-6.1.0-50-cloud-arm64",
			"linux-image-6.1.0-50-arm64-unsigned", "linux-image-6.1.0-50-arm64-dbg",
			"linux-image-6.12.117+deb13-arm64-16k", "linux-image-arm64",
			"linux-image-6.1.0-50-amd64", "linux-headers-6.1.0-50-arm64",
			"linux-image-7.2.13+deb14-rt-arm64"})
		EXPECT_FALSE(is_kernel_image_name(no, "arm64")) << no;
}

TEST(DebianPackages, ParsesMadisonAndSearch)
{
	auto p = listing();
	ASSERT_EQ(p.size(), 13u);	/* the Sources line is not a binary package */
	EXPECT_EQ(p[1].name, "linux-image-6.1.0-50-arm64");
	EXPECT_EQ(p[1].version, "6.1.176-1");
	EXPECT_EQ(p[1].suite, "bookworm");
	EXPECT_EQ(p[12].suite, "trixie-backports");
	auto names = parse_search_names(
		"linux-image-6.1.0-50-arm64 - Linux 6.1 for 64-bit ARMv8 machines (signed)\n"
		"linux-image-7.3.4+deb13-arm64 - Linux 7.3.4 for 64-bit ARMv8 machines\n");
	EXPECT_EQ(names, (std::vector<std::string>{"linux-image-6.1.0-50-arm64",
						   "linux-image-7.3.4+deb13-arm64"}));
}

TEST(DebianPackages, PicksTheNewestMatchingImage)
{
	auto p = listing();
	auto v61 = pick_kernel_image(p, "arm64", "6.1");
	ASSERT_TRUE(v61);
	EXPECT_EQ(v61->name, "linux-image-6.1.0-50-arm64");
	EXPECT_EQ(v61->version, "6.1.176-1");
	EXPECT_EQ(v61->suite, "bookworm");

	auto v612 = pick_kernel_image(p, "arm64", "6.12");
	ASSERT_TRUE(v612);
	EXPECT_EQ(v612->name, "linux-image-6.12.117+deb13-arm64");

	auto v72 = pick_kernel_image(p, "arm64", "7.2");	/* sid's 7.2.13 beats trixie-backports' */
	ASSERT_TRUE(v72);
	EXPECT_EQ(v72->name, "linux-image-7.2.13+deb14-arm64");
	EXPECT_EQ(v72->suite, "sid");

	auto exact = pick_kernel_image(p, "arm64", "7.2.6");
	ASSERT_TRUE(exact);
	EXPECT_EQ(exact->version, "7.2.6-1~bpo13+1");

	auto newest = pick_kernel_image(p, "arm64", "");
	ASSERT_TRUE(newest);
	EXPECT_EQ(newest->name, "linux-image-7.3.4+deb13-arm64");

	EXPECT_FALSE(pick_kernel_image(p, "arm64", "6.5"));
	EXPECT_FALSE(pick_kernel_image(p, "amd64", "6.1"));
}

TEST(DebianPackages, ListsVersionsForTheErrorMessage)
{
	auto p = listing();
	EXPECT_EQ(kernel_versions(p, "arm64"),
		  (std::vector<std::string>{"6.1", "6.12", "7.2", "7.3"}));
	EXPECT_EQ(kernel_releases(p, "arm64", "7.2"),
		  (std::vector<std::string>{"7.2.6", "7.2.12", "7.2.13"}));
	EXPECT_EQ(missing_kernel_message("arm64", "6.5", p, "arm64"),
		  "no Debian arm64 kernel 6.5; available: 6.1, 6.12, 7.2, 7.3");
	EXPECT_EQ(missing_kernel_message("arm64", "7.2.7", p, "arm64"),
		  "no Debian arm64 kernel 7.2.7; available 7.2: 7.2.6, 7.2.12, 7.2.13");
	EXPECT_EQ(missing_kernel_message("x86_64", "6.1", p, "amd64"),
		  "no Debian x86_64 kernel 6.1; the package lists have none");
}

TEST(DebianPackages, MetaImageLeadsToItsSameVersionPackages)
{
	EXPECT_EQ(same_version_depends(meta_stanza, "7.2.13-1"),
		  (std::vector<std::string>{"linux-base-7.2.13+deb14-amd64",
					    "linux-binary-7.2.13+deb14-amd64",
					    "linux-modules-7.2.13+deb14-amd64"}));
	EXPECT_TRUE(same_version_depends(plain_stanza, "6.1.176-1").empty());
	EXPECT_EQ(stanza_field(meta_stanza, "Size"), "1884");	/* the first stanza only */
	EXPECT_EQ(stanza_field(plain_stanza, "Size"), "59515068");
	EXPECT_EQ(stanza_field(plain_stanza, "Recommends"), "");
}

} /* namespace */
} /* namespace kcshim::afalg */
