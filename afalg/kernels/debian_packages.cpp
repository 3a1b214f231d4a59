// SPDX-License-Identifier: GPL-2.0
#include "afalg/kernels/debian_packages.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "afalg/guest/text.h"

namespace kcshim::afalg {

using guest::trim;

namespace {

bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::vector<std::string_view> lines(std::string_view text)
{
	std::vector<std::string_view> out;
	while (!text.empty()) {
		size_t nl = text.find('\n');
		out.push_back(text.substr(0, nl));
		if (nl == std::string_view::npos)
			break;
		text.remove_prefix(nl + 1);
	}
	return out;
}

/*
 * dpkg's weight of a non-digit character: '~' before the end of the string,
 * the end before letters, letters before the rest.
 */
int char_order(char c)
{
	if (c == '~')
		return -1;
	if (is_alpha(c))
		return c;
	return c + 256;
}

/*
 * dpkg's comparison of one part (upstream or revision): non-digit runs by
 * char_order(), digit runs as numbers.
 */
int compare_part(std::string_view a, std::string_view b)
{
	size_t i = 0, j = 0;
	while (i < a.size() || j < b.size()) {
		while ((i < a.size() && !is_digit(a[i])) || (j < b.size() && !is_digit(b[j]))) {
			int ca = i < a.size() && !is_digit(a[i]) ? char_order(a[i]) : 0;
			int cb = j < b.size() && !is_digit(b[j]) ? char_order(b[j]) : 0;
			if (ca != cb)
				return ca < cb ? -1 : 1;
			i++;
			j++;
		}
		while (i < a.size() && a[i] == '0')
			i++;
		while (j < b.size() && b[j] == '0')
			j++;
		int first = 0;
		while (i < a.size() && is_digit(a[i]) && j < b.size() && is_digit(b[j])) {
			if (!first)
				first = a[i] - b[j];
			i++;
			j++;
		}
		if (i < a.size() && is_digit(a[i]))
			return 1;
		if (j < b.size() && is_digit(b[j]))
			return -1;
		if (first)
			return first < 0 ? -1 : 1;
	}
	return 0;
}

struct Version {
	unsigned long epoch = 0;
	std::string_view upstream, revision;
};

Version split_version(std::string_view v)
{
	Version out;
	if (size_t colon = v.find(':'); colon != std::string_view::npos) {
		out.epoch = std::stoul(std::string(v.substr(0, colon)));
		v.remove_prefix(colon + 1);
	}
	if (size_t dash = v.rfind('-'); dash != std::string_view::npos) {
		out.revision = v.substr(dash + 1);
		v = v.substr(0, dash);
	}
	out.upstream = v;
	return out;
}

/* "6.1.176" -> {6, 1, 176}; stops at the first non-numeric part. */
std::vector<unsigned long> numbers(std::string_view v)
{
	std::vector<unsigned long> out;
	while (!v.empty() && is_digit(v.front())) {
		unsigned long n = 0;
		while (!v.empty() && is_digit(v.front())) {
			n = n * 10 + static_cast<unsigned long>(v.front() - '0');
			v.remove_prefix(1);
		}
		out.push_back(n);
		if (v.empty() || v.front() != '.')
			break;
		v.remove_prefix(1);
	}
	return out;
}

/* Sorts "6.12" after "6.1" and before "7.2". */
bool numeric_less(const std::string &a, const std::string &b)
{
	return numbers(a) < numbers(b);
}

} /* namespace */

std::string debian_arch(std::string_view arch)
{
	if (arch == "arm64" || arch == "aarch64")
		return "arm64";
	if (arch == "x86_64" || arch == "amd64")
		return "amd64";
	return {};
}

int compare_debian_versions(std::string_view a, std::string_view b)
{
	Version va = split_version(a), vb = split_version(b);
	if (va.epoch != vb.epoch)
		return va.epoch < vb.epoch ? -1 : 1;
	if (int c = compare_part(va.upstream, vb.upstream))
		return c;
	return compare_part(va.revision, vb.revision);
}

std::string upstream_version(std::string_view package_version)
{
	std::string_view up = split_version(package_version).upstream;
	size_t end = 0;
	while (end < up.size() && (is_digit(up[end]) || up[end] == '.'))
		end++;
	while (end > 0 && up[end - 1] == '.')
		end--;
	return std::string(up.substr(0, end));
}

std::string major_minor(std::string_view upstream)
{
	auto n = numbers(upstream);
	if (n.size() < 2)
		return {};
	return std::to_string(n[0]) + "." + std::to_string(n[1]);
}

bool valid_version_request(std::string_view request)
{
	if (request.empty())
		return true;
	auto n = numbers(request);
	if (n.size() != 2 && n.size() != 3)
		return false;
	/* Nothing but the numbers and their dots. */
	std::string back;
	for (size_t i = 0; i < n.size(); i++) {
		if (i)
			back += '.';
		back += std::to_string(n[i]);	/* not "." + string&&: gcc 12 -O3 -Wrestrict */
	}
	return back == request;
}

bool version_matches(std::string_view upstream, std::string_view request)
{
	if (request.empty())
		return true;
	auto want = numbers(request), have = numbers(upstream);
	if (want.size() == 2)
		return have.size() >= 2 && have[0] == want[0] && have[1] == want[1];
	if (want.size() == 3)
		return have == want;
	return false;
}

bool is_kernel_image_name(std::string_view name, std::string_view flavour)
{
	constexpr std::string_view prefix = "linux-image-";
	if (flavour.empty() || name.size() <= prefix.size() + flavour.size() + 1 ||
	    name.substr(0, prefix.size()) != prefix ||
	    name.substr(name.size() - flavour.size()) != flavour ||
	    name[name.size() - flavour.size() - 1] != '-')
		return false;
	std::string_view abi = name.substr(prefix.size(),
					   name.size() - prefix.size() - flavour.size() - 1);
	if (!is_digit(abi.front()))
		return false;
	/*
	 * "6.1.0-50", "7.2.13+deb14", "6.12.90+deb12.1": letters only in a
	 * +suffix, "-" only before digits (so no -rt, -cloud).
	 */
	bool in_suffix = false;
	for (size_t i = 0; i < abi.size(); i++) {
		char c = abi[i];
		if (c == '+')
			in_suffix = true;
		else if (c == '-')
			in_suffix = false;
		if (c == '-' && (i + 1 == abi.size() || !is_digit(abi[i + 1])))
			return false;
		if (is_alpha(c) && !in_suffix)
			return false;
		if (!is_digit(c) && !is_alpha(c) && c != '.' && c != '+' && c != '-' && c != '~')
			return false;
	}
	return true;
}

std::vector<std::string> parse_search_names(std::string_view text)
{
	std::vector<std::string> out;
	for (auto line : lines(text)) {
		size_t sep = line.find(" - ");
		std::string_view name = trim(line.substr(0, sep));
		if (!name.empty() && name.find(' ') == std::string_view::npos)
			out.emplace_back(name);
	}
	return out;
}

std::vector<DebianPackage> parse_madison(std::string_view text)
{
	std::vector<DebianPackage> out;
	for (auto line : lines(text)) {
		size_t a = line.find('|');
		size_t b = a == std::string_view::npos ? a : line.find('|', a + 1);
		if (b == std::string_view::npos)
			continue;
		DebianPackage p;
		p.name = trim(line.substr(0, a));
		p.version = trim(line.substr(a + 1, b - a - 1));
		/* " http://deb.debian.org/debian bookworm/main arm64 Packages" */
		std::istringstream where{std::string(line.substr(b + 1))};
		std::vector<std::string> words;
		for (std::string w; where >> w;)
			words.push_back(w);
		if (words.size() < 3 || words.back() != "Packages" || p.name.empty() ||
		    p.version.empty())
			continue;
		p.suite = words[1].substr(0, words[1].find('/'));
		out.push_back(std::move(p));
	}
	return out;
}

std::optional<DebianPackage> pick_kernel_image(const std::vector<DebianPackage> &packages,
					       std::string_view flavour, std::string_view request)
{
	std::optional<DebianPackage> best;
	for (const auto &p : packages) {
		if (!is_kernel_image_name(p.name, flavour) ||
		    !version_matches(upstream_version(p.version), request))
			continue;
		if (!best || compare_debian_versions(p.version, best->version) > 0)
			best = p;
	}
	return best;
}

std::vector<std::string> kernel_versions(const std::vector<DebianPackage> &packages,
					 std::string_view flavour)
{
	std::vector<std::string> out;
	for (const auto &p : packages)
		if (is_kernel_image_name(p.name, flavour))
			if (auto mm = major_minor(upstream_version(p.version)); !mm.empty())
				out.push_back(mm);
	std::sort(out.begin(), out.end(), numeric_less);
	out.erase(std::unique(out.begin(), out.end()), out.end());
	return out;
}

std::vector<std::string> kernel_releases(const std::vector<DebianPackage> &packages,
					 std::string_view flavour, std::string_view request)
{
	std::vector<std::string> out;
	for (const auto &p : packages) {
		std::string up = upstream_version(p.version);
		if (is_kernel_image_name(p.name, flavour) && version_matches(up, request))
			out.push_back(up);
	}
	std::sort(out.begin(), out.end(), numeric_less);
	out.erase(std::unique(out.begin(), out.end()), out.end());
	return out;
}

std::string stanza_field(std::string_view stanza, std::string_view field)
{
	std::string value;
	bool in = false;
	for (auto line : lines(stanza)) {
		if (in && !line.empty() && (line.front() == ' ' || line.front() == '\t')) {
			value += " ";
			value += trim(line);
			continue;
		}
		if (in || trim(line).empty())
			break;	/* the field ended, or the stanza did */
		if (line.size() > field.size() && line.substr(0, field.size()) == field &&
		    line[field.size()] == ':') {
			value = trim(line.substr(field.size() + 1));
			in = true;
		}
	}
	return value;
}

std::vector<std::string> same_version_depends(std::string_view stanza, std::string_view version)
{
	std::vector<std::string> out;
	std::string depends = stanza_field(stanza, "Depends");
	std::string_view rest = depends;
	while (!rest.empty()) {
		size_t comma = rest.find(',');
		std::string_view item = trim(rest.substr(0, comma));
		rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
		if (item.find('|') != std::string_view::npos)
			continue;
		size_t paren = item.find('(');
		if (paren == std::string_view::npos)
			continue;
		std::string_view name = trim(item.substr(0, paren));
		name = name.substr(0, name.find(':'));
		std::string_view rel = item.substr(paren + 1);
		rel = trim(rel.substr(0, rel.find(')')));
		if (rel.substr(0, 1) != "=" || rel.substr(0, 2) == "==")
			continue;
		if (trim(rel.substr(1)) == version)
			out.emplace_back(name);
	}
	return out;
}

std::string missing_kernel_message(std::string_view arch, std::string_view request,
				   const std::vector<DebianPackage> &packages, std::string_view flavour)
{
	std::string what = "no Debian " + std::string(arch) + " kernel " +
			   (request.empty() ? std::string("at all") : std::string(request));
	auto versions = kernel_versions(packages, flavour);
	if (versions.empty())
		return what + "; the package lists have none";
	std::string mm = major_minor(request);
	if (request != mm && std::find(versions.begin(), versions.end(), mm) != versions.end()) {
		std::string list;
		for (auto &r : kernel_releases(packages, flavour, mm))
			list += (list.empty() ? "" : ", ") + r;
		return what + "; available " + mm + ": " + list;
	}
	std::string list;
	for (auto &v : versions)
		list += (list.empty() ? "" : ", ") + v;
	return what + "; available: " + list;
}

} /* namespace kcshim::afalg */
