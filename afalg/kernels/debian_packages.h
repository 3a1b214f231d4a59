/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which of Debian's kernel packages a request means: pure functions over what
 * apt-cache prints, so the choice can be tested on a canned listing.
 *
 * Debian's bootable kernels are versioned packages linux-image-<abi>-<flavour>
 * ("linux-image-6.1.0-50-arm64", "linux-image-7.2.13+deb14-amd64"); the
 * flavour is the Debian architecture's plain one (arm64, amd64).  Variants
 * (-rt, -cloud, -16k, -dbg, -unsigned) are never picked.  A request names the
 * upstream version: "6.1" (major.minor: the newest 6.1.x), "7.2.13" (exactly)
 * or "" (the newest there is).
 */
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kcshim::afalg {

/* One version of a binary package in one suite, as `apt-cache madison` lists it. */
struct DebianPackage {
	std::string name;	/* "linux-image-6.1.0-50-arm64" */
	std::string version;	/* "6.1.176-1" */
	std::string suite;	/* "bookworm" */
};

/* kcshim's architecture name to Debian's: arm64 -> arm64, x86_64 -> amd64; "" if unknown. */
std::string debian_arch(std::string_view arch);

/* dpkg's ordering of package versions: <0, 0, >0 as @a sorts before, with, after @b. */
int compare_debian_versions(std::string_view a, std::string_view b);

/* The kernel's upstream version in a package version: "7.3.4-1~bpo13+1" -> "7.3.4". */
std::string upstream_version(std::string_view package_version);

/* "6.1.176" -> "6.1"; "" when there are not two numbers. */
std::string major_minor(std::string_view upstream);

/* "", "6.1" or "7.2.13": a version a request may name. */
bool valid_version_request(std::string_view request);

/* Does @upstream ("6.1.176") satisfy @request ("" / "6.1" / "6.1.176")? */
bool version_matches(std::string_view upstream, std::string_view request);

/* linux-image-<abi>-<flavour> with a plain numeric ABI and exactly @flavour. */
bool is_kernel_image_name(std::string_view name, std::string_view flavour);

/* Package names from `apt-cache search --names-only`'s "name - description" lines. */
std::vector<std::string> parse_search_names(std::string_view text);

/* `apt-cache madison`'s "name | version | URL suite/component arch Packages" lines. */
std::vector<DebianPackage> parse_madison(std::string_view text);

/*
 * The image package a request means: the newest version (dpkg order) among
 * @flavour's kernel images matching @request; on a tie, the one listed
 * first.  nullopt when none matches.
 */
std::optional<DebianPackage> pick_kernel_image(const std::vector<DebianPackage> &packages,
					       std::string_view flavour, std::string_view request);

/* The major.minor versions of @flavour's kernel images, oldest first: {"6.1", "6.12", "7.2"}. */
std::vector<std::string> kernel_versions(const std::vector<DebianPackage> &packages,
					 std::string_view flavour);

/* The upstream versions of @flavour's kernel images matching @request, oldest first. */
std::vector<std::string> kernel_releases(const std::vector<DebianPackage> &packages,
					 std::string_view flavour, std::string_view request);

/*
 * The packages an `apt-cache show` stanza's Depends pins to exactly @version
 * ("linux-modules-7.2.13+deb14-amd64 (= 7.2.13-1)"): where a meta image
 * package keeps its files.  Alternatives ("a | b") are never followed.
 */
std::vector<std::string> same_version_depends(std::string_view stanza, std::string_view version);

/*
 * One line saying no kernel matches: "no Debian arm64 kernel 6.5; available:
 * 6.1, 6.12, 7.2", or for a missing x.y.z of a known x.y, "no Debian arm64
 * kernel 7.2.7; available 7.2: 7.2.6, 7.2.13".
 */
std::string missing_kernel_message(std::string_view arch, std::string_view request,
				   const std::vector<DebianPackage> &packages,
				   std::string_view flavour);

/* A field of an `apt-cache show` stanza ("Size"), continuation lines joined; "" if absent. */
std::string stanza_field(std::string_view stanza, std::string_view field);

} /* namespace kcshim::afalg */
