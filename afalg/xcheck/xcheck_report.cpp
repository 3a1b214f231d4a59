// SPDX-License-Identifier: GPL-2.0
/*
 * xcheck: comparing and reporting (xcheck_detail.h): whether our side and
 * the kernel agree on a case, the reproducer block for a pair's first
 * mismatch, and which units (our drivers, and ecb/cbc/ctr over each block
 * cipher) are compared with which of the kernel's drivers.
 */
#include "afalg/xcheck/xcheck_detail.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <tuple>

#include <kcshim/kcshim.h>

namespace kcshim::afalg::xcheck::detail {

namespace {

/* Messages up to this size are printed in hex; longer ones go to a file. */
constexpr size_t hex_max = 256;

std::string hex(ByteView b)
{
	static const char d[] = "0123456789abcdef";
	std::string s;
	s.reserve(2 * b.size());
	for (auto c : b) {
		s += d[c >> 4];
		s += d[c & 15];
	}
	return s;
}

std::string errname(int err)
{
	const char *n = err ? strerrorname_np(-err) : nullptr;
	return n ? std::string("-") + n : std::to_string(err);
}

std::string show(int err, Stage stage, const Bytes &out, const Bytes &out_b, const BatchCase &c)
{
	if (err)
		return "error " + errname(err) + (stage != Stage::none ? std::string(" at ") + stage_name(stage) : "");
	std::string s = hex(out);
	if (c.op == BatchOp::hash_clone)
		return "digest_a " + s + "\n             digest_b " + hex(out_b);
	if (c.op == BatchOp::skcipher && !out_b.empty())
		return s + "\n             chained  " + hex(out_b);
	return s;
}

std::string splits_text(const std::vector<std::uint32_t> &s)
{
	std::string t = "[";
	for (size_t i = 0; i < s.size(); i++) {
		if (i)
			t += ' ';	/* not "literal" + string&&: gcc 12 -O3 -Wrestrict */
		t += std::to_string(s[i]);
	}
	return t + "]";
}

std::string message_text(const Bytes &m, const Options &opt, const std::string &tag)
{
	if (m.size() <= hex_max)
		return std::to_string(m.size()) + " bytes " + (m.empty() ? "(empty)" : hex(m));
	std::string dir = opt.repro_dir;
	if (dir.empty()) {
		const char *t = std::getenv("TMPDIR");
		dir = t && *t ? t : "/tmp";
	}
	std::string path = dir + "/kcshim-xcheck-" + tag + ".bin";
	std::ofstream f(path, std::ios::binary);
	f.write(reinterpret_cast<const char *>(m.data()), static_cast<std::streamsize>(m.size()));
	if (!f)
		return std::to_string(m.size()) + " bytes (could not write " + path + ")";
	return std::to_string(m.size()) + " bytes in " + path + " (sha256 " + hex(sha256(m)) + ")";
}

std::string file_tag(const std::string &s)
{
	std::string t;
	for (char c : s)
		t += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
	return t;
}

struct AlgInfo {
	std::string name, driver;
	kcshim_alg_kind kind;
	bool internal, instance, keyed, failed;
};

int collect(const struct kcshim_alg_info *i, void *arg)
{
	static_cast<std::vector<AlgInfo> *>(arg)->push_back(
		{i->name, i->driver, i->kind, i->internal, i->instance, i->keyed,
		 i->selftest == KCSHIM_SELFTEST_FAILED});
	return 0;
}

std::vector<Unit> our_units()
{
	std::vector<AlgInfo> algs;
	kcshim_for_each_alg(collect, &algs);
	std::vector<Unit> units;
	std::set<std::string> seen;
	for (const auto &a : algs) {
		if (a.internal || a.failed || a.instance || !seen.insert(a.driver).second)
			continue;
		if (a.kind == KCSHIM_KIND_SHASH) {
			units.push_back({true, a.driver, a.name, {}, {}, {a.name, a.driver}});
		} else if (a.kind == KCSHIM_KIND_CIPHER) {
			for (const char *m : {"ecb", "cbc", "ctr"}) {
				std::string mode = m;
				units.push_back({false, mode + "(" + a.driver + ")", mode + "(" + a.name + ")",
						 a.name, mode,
						 {a.name, a.driver, mode + "(" + a.name + ")",
						  mode + "(" + a.driver + ")"}});
			}
		} else {
			units.push_back({false, a.driver, a.name, {}, {}, {a.name, a.driver}});
		}
	}
	std::sort(units.begin(), units.end(),
		  [](const Unit &a, const Unit &b) { return std::tie(a.cra_name, a.ours) < std::tie(b.cra_name, b.ours); });
	return units;
}

} /* namespace */

bool same(const Ours &o, const BatchResult &k)
{
	if (o.err || k.err)
		return o.err == k.err;
	Bytes mine = o.out;
	if (k.out_hashed)
		mine = sha256(mine);
	return mine == k.out && o.out_b == k.out_b;
}

void reproducer(std::ostream &out, KernelEndpoint &ep, const Unit &u, const std::string &theirs,
		const std::string &kver, const Options &opt, std::uint64_t seed, size_t index,
		size_t total, const XCase &x, const Ours &o, const BatchResult &batched)
{
	const BatchCase &c = x.k;
	/* The batch may have only the SHA-256 of the kernel's output: ask for all of it. */
	BatchResult k = run_case(ep, theirs, c, UINT32_MAX);
	if (k.err != batched.err)
		k = batched;
	std::string tag = file_tag(u.ours) + "-vs-" + file_tag(theirs) + "-" + std::to_string(index);
	const char *op = c.op == BatchOp::hash ? "hash" : c.op == BatchOp::hash_clone ? "hash export/import"
			 : c.encrypt ? "encrypt" : "decrypt";

	out << "\nMISMATCH " << u.ours << " (kcshim) vs " << theirs << " (kernel " << kver;
	if (!opt.kernel_label.empty())
		out << ", " << opt.kernel_label;
	out << ")\n";
	out << "  case:      " << op << ", " << x.origin << " (case " << index + 1 << " of " << total
	    << "; replay: --seed 0x" << std::hex << seed << std::dec << " " << u.ours << ")\n";
	out << "  key:       " << (c.key ? std::to_string(c.key->size()) + " bytes " + hex(*c.key) : "none")
	    << "\n";
	if (c.op == BatchOp::skcipher)
		out << "  iv:        " << (c.iv.empty() ? "none" : hex(c.iv)) << "\n";
	out << "  message:   " << message_text(c.msg.bytes(), opt, tag) << "\n";
	out << "  splits:    " << splits_text(c.splits) << (c.op == BatchOp::hash_clone ? " (prefix)" : "")
	    << "\n";
	if (c.op == BatchOp::hash_clone) {
		out << "  suffix_a:  " << message_text(c.suffix_a.bytes(), opt, tag + "-a") << "\n";
		out << "  suffix_b:  " << message_text(c.suffix_b.bytes(), opt, tag + "-b") << "\n";
	}
	out << "  kcshim:    " << show(o.err, Stage::none, o.out, o.out_b, c) << "\n";
	out << "  kernel:    " << show(k.err, k.stage, k.out, k.out_b, c) << "\n";
	out << "  our path:  " << o.path << "\n\n";
}

/* The kernel's drivers to compare @u with. */
std::vector<std::string> kernel_drivers(const Unit &u, const std::vector<DriverInfo> &usable)
{
	std::vector<std::string> v;
	auto add = [&v](const std::string &d) {
		if (std::find(v.begin(), v.end(), d) == v.end())
			v.push_back(d);
	};
	for (const auto &d : usable) {
		if (u.hash && d.name == u.cra_name && (d.type == "shash" || d.type == "ahash"))
			add(d.driver);
		if (!u.hash && !u.mode.empty() && d.name == u.cipher && d.type == "cipher")
			add(u.mode + "(" + d.driver + ")");
		if (!u.hash && d.name == u.cra_name && d.is_skcipher())
			add(d.driver);
	}
	return v;
}

/* Bind each name once so the kernel loads its modules before we read /proc/crypto. */
void load_in_kernel(KernelEndpoint &ep, const std::vector<Unit> &units)
{
	std::set<std::string> done;
	for (const auto &u : units) {
		if (!done.insert(u.cra_name).second)
			continue;
		if (u.hash) {
			(void)hash_oneshot(ep, u.cra_name, {});
		} else {
			Bytes key(16);
			(void)skcipher_oneshot(ep, u.cra_name, true, key, {}, {});
		}
	}
}

std::vector<Unit> selected_units(const Options &opt)
{
	std::vector<Unit> units;
	for (auto &u : our_units()) {
		bool want = opt.algs.empty();
		for (const auto &a : opt.algs)
			want = want || u.names.count(a);
		if (want)
			units.push_back(std::move(u));
	}
	return units;
}

} /* namespace kcshim::afalg::xcheck::detail */
