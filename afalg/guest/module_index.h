/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What depmod wrote about a kernel's modules, and the order modprobe loads
 * a name in.  Pure text in, plans out: no file or kernel access here, so the
 * host's tests drive it (tests/afalg/guest/guest_init_test.cpp).
 *
 * The files, in /lib/modules/<release>/:
 *   modules.dep            "kernel/crypto/sha3-ce.ko: kernel/crypto/sha3_generic.ko ..."
 *   modules.alias          "alias crypto-sha3-256 sha3_generic" (the alias is a glob; lines
 *                          of another form are ignored, not reported: the file is only
 *                          scanned, see ModuleIndex)
 *   modules.builtin        "kernel/crypto/sha256_generic.ko": built into the kernel
 *   modules.builtin.modinfo  built-in modules' modinfo, NUL-separated
 *                          "sha256_generic.alias=crypto-sha256" (depmod writes their
 *                          aliases only in binary, modules.builtin.alias.bin)
 *
 * Module names compare with '-' and '_' the same, as the kernel's do.
 * Errors: negative errno.
 */
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace kcshim::guest {

/* "sha3-ce" -> "sha3_ce": the spelling the kernel registers modules under. */
std::string normalize_module_name(std::string_view name);

/* "kernel/crypto/sha3-ce.ko.xz" -> "sha3_ce". */
std::string module_name_from_path(std::string_view path);

/* A line an index file should not have; it is skipped. */
struct BadLine {
	std::string file;	/* "modules.dep", ... */
	unsigned int line;	/* from 1 */
	std::string why;
};

struct LoadStep {
	std::string name;	/* normalized */
	std::string path;	/* as modules.dep has it: relative to the modules directory */
	bool requested;		/* one of the modules NAME stands for: it gets the parameters */
};

struct LoadPlan {
	std::vector<LoadStep> steps;	/* dependencies before their users, each module once */
	std::string missing;		/* with -ENOENT: the module no file knows */
};

/*
 * The index keeps a copy of each file's text and points into it, and only
 * scans modules.alias when a name is looked up: a kernel's has some 25000
 * lines, and the modprobe personality reads it on every request_module()
 * the kernel makes, under TCG.
 */
class ModuleIndex {
public:
	ModuleIndex() = default;
	ModuleIndex(ModuleIndex &&) = default;
	ModuleIndex &operator=(ModuleIndex &&) = default;
	ModuleIndex(const ModuleIndex &) = delete;
	ModuleIndex &operator=(const ModuleIndex &) = delete;

	/* Each takes a file's whole text. */
	void add_dep_file(std::string text);
	void add_alias_file(std::string text);
	void add_builtin_file(std::string_view text);
	void add_builtin_modinfo_file(std::string text);

	const std::vector<BadLine> &bad_lines() const { return bad_; }
	bool has_module(std::string_view name) const;
	bool is_builtin(std::string_view name) const;

	/*
	 * The modules NAME stands for, as modprobe looks them up: a module of
	 * that name, else a built-in one (TARGETS empty: nothing to load), else
	 * every module whose alias glob matches NAME (built-in matches only:
	 * TARGETS empty).  Returns 0, or -ENOENT when nothing matches.
	 */
	int resolve(std::string_view name, std::vector<std::string> &targets) const;

	/*
	 * resolve() and the load order of its modules with their dependencies,
	 * deepest first.  Returns 0 (PLAN.steps empty when all are built in), or
	 * -ENOENT with PLAN.missing set when a module NAME stands for has no
	 * modules.dep line or NAME matches nothing.
	 */
	int plan(std::string_view name, LoadPlan &plan) const;

private:
	struct Module {
		std::string_view path;
		std::string_view deps;	/* the .ko paths after the ':' */
	};
	struct BuiltinAlias {
		std::string_view pattern;	/* as written */
		size_t literal;			/* how much of PATTERN comes before a glob character */
	};

	std::string_view keep(std::string &&text);
	void visit(const std::string &name, std::string_view path_if_unlisted,
		   const std::unordered_set<std::string> &requested,
		   std::unordered_set<std::string> &seen, LoadPlan &plan) const;

	std::deque<std::string> texts_;	/* what the views below point into; a deque never moves them */
	std::unordered_map<std::string, Module> modules_;
	std::vector<std::string_view> alias_texts_;
	std::vector<BuiltinAlias> builtin_aliases_;
	std::unordered_set<std::string> builtin_;
	std::vector<BadLine> bad_;
};

} /* namespace kcshim::guest */
