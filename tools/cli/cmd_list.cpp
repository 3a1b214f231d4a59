// SPDX-License-Identifier: GPL-2.0
// kcshim list: every registered driver, in /proc/crypto's format (crypto/proc.c and each type's
// .show), newest first as the kernel lists them.
#include <algorithm>
#include <array>
#include <cstdio>

#include <string>
#include <vector>

#include <kcshim/kcshim.h>
#include <kcshim/patch_sites.h>

#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"

namespace kcshim::cli::list_command {
namespace {

const char *selftest_text(kcshim_selftest_state s)
{
	switch (s) {
	case KCSHIM_SELFTEST_PASSED:
		return "passed";
	case KCSHIM_SELFTEST_FAILED:
		return "failed";
	default:
		return "unknown";
	}
}

int print_alg(const kcshim_alg_info *a, void *arg)
{
	bool all = *static_cast<bool *>(arg);
	if (a->internal && !all)
		return 0;
	printf("name         : %s\n", a->name);
	printf("driver       : %s\n", a->driver);
	printf("module       : %s\n", a->module);
	printf("priority     : %d\n", a->priority);
	printf("refcnt       : %u\n", a->refcnt);
	printf("selftest     : %s\n", selftest_text(a->selftest));
	printf("internal     : %s\n", a->internal ? "yes" : "no");
	switch (a->kind) {
	case KCSHIM_KIND_CIPHER:
		printf("type         : cipher\n");
		printf("blocksize    : %u\n", a->blocksize);
		printf("min keysize  : %u\n", a->min_keysize);
		printf("max keysize  : %u\n", a->max_keysize);
		break;
	case KCSHIM_KIND_SHASH:
		printf("type         : shash\n");
		printf("blocksize    : %u\n", a->blocksize);
		printf("digestsize   : %u\n", a->digestsize);
		break;
	case KCSHIM_KIND_COMPRESS:
		printf("type         : compression\n");
		break;
	case KCSHIM_KIND_SKCIPHER:
	case KCSHIM_KIND_LSKCIPHER: {
		bool linear = a->kind == KCSHIM_KIND_LSKCIPHER;
		printf("type         : %s\n", linear ? "lskcipher" : "skcipher");
		if (!linear)
			printf("async        : %s\n", (a->flags & 0x80) ? "yes" : "no");
		printf("blocksize    : %u\n", a->blocksize);
		printf("min keysize  : %u\n", a->min_keysize);
		printf("max keysize  : %u\n", a->max_keysize);
		printf("ivsize       : %u\n", a->ivsize);
		printf("chunksize    : %u\n", a->chunksize);
		if (linear)
			printf("statesize    : %u\n", a->statesize);
		else
			printf("walksize     : %u\n", a->walksize);
		break;
	}
	case KCSHIM_KIND_AEAD:	// crypto_aead_show()
		printf("type         : aead\n");
		printf("async        : %s\n", (a->flags & 0x80) ? "yes" : "no");
		printf("blocksize    : %u\n", a->blocksize);
		printf("ivsize       : %u\n", a->ivsize);
		printf("maxauthsize  : %u\n", a->maxauthsize);
		printf("geniv        : <none>\n");
		break;
	}
	printf("\n");
	return 0;
}

// --libs: which implementation each library picked, from its static calls and static keys.
int print_patch_sites()
{
	struct Row {
		std::string module, kind, name, choice;
	};
	std::vector<Row> rows;
	kcshim_for_each_patch_site(
		[](const kcshim_patch_site *s, void *arg) {
			auto *rows = static_cast<std::vector<Row> *>(arg);
			std::string choice;
			if (s->is_call) {
				choice = s->target ? s->target : "NULL";
				if (s->changed && s->initial && choice != s->initial)
					choice += std::string(" (default ") + s->initial + ")";
				else
					choice += " (the default)";
			} else {
				choice = s->enabled ? "on" : "off";
				if (!s->changed)
					choice += " (the default)";
			}
			rows->push_back({s->module, s->is_call ? "static call" : "static key", s->name,
					 choice});
		},
		&rows);
	if (rows.empty()) {
		printf("no static calls or static keys: load a library module with -m\n");
		return 0;
	}
	size_t w_mod = 6, w_name = 4;
	for (const auto &r : rows) {
		w_mod = std::max(w_mod, r.module.size());
		w_name = std::max(w_name, r.name.size());
	}
	printf("%-*s  %-11s  %-*s  %s\n", int(w_mod), "module", "kind", int(w_name), "name", "chosen");
	for (const auto &r : rows)
		printf("%-*s  %-11s  %-*s  %s\n", int(w_mod), r.module.c_str(), r.kind.c_str(),
		       int(w_name), r.name.c_str(), r.choice.c_str());
	return 0;
}

// --modules: each loaded module, and what its undefined symbols are bound to: a module of which
// side, or the shim and the process (counted).
int print_modules()
{
	using Row = std::array<std::string, 3>;
	struct Tables {
		std::vector<Row> modules{{"module", "file", "kind"}};
		std::vector<Row> bindings{{"module", "symbol", "bound to"}};
	} t;
	kcshim_for_each_module(
		[](const kcshim_module_info *m, void *arg) {
			auto *t = static_cast<Tables *>(arg);
			t->modules.push_back({m->name, m->path,
					      std::string(m->relocatable ? "relocatable"
									 : "shared object") +
						      ", " + std::to_string(m->nr_exports) + " exports"});
			size_t elsewhere = 0;
			for (size_t i = 0; i < m->nr_imports; i++) {
				if (m->imports[i].from)
					t->bindings.push_back({m->name, m->imports[i].symbol,
							       m->imports[i].from});
				else
					elsewhere++;
			}
			t->bindings.push_back({m->name, std::to_string(elsewhere) + " symbols",
					       "the shim and the process"});
			return 0;
		},
		&t);
	if (t.modules.size() == 1) {
		printf("no modules: load one with -m MODULE.so[@SUFFIX]\n");
		return 0;
	}
	auto print = [](const std::vector<Row> &rows) {
		size_t w0 = 0, w1 = 0;
		for (const Row &r : rows) {
			w0 = std::max(w0, r[0].size());
			w1 = std::max(w1, r[1].size());
		}
		for (const Row &r : rows)
			printf("%-*s  %-*s  %s\n", int(w0), r[0].c_str(), int(w1), r[1].c_str(),
			       r[2].c_str());
	};
	print(t.modules);
	printf("\n");
	print(t.bindings);
	return 0;
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand("list", "List every registered driver, as /proc/crypto does");
	auto all = std::make_shared<bool>(false);
	auto templates = std::make_shared<std::vector<std::string>>();
	auto libs = std::make_shared<bool>(false);
	auto modules = std::make_shared<bool>(false);
	sub->add_flag("--internal", *all, "Include internal drivers");
	sub->add_flag("--libs", *libs,
		      "List the libraries' static calls and static keys: which implementation "
		      "each chose (try with --no-cpu)");
	sub->add_flag("--modules", *modules,
		      "List the loaded modules and what each one's undefined symbols are bound to: "
		      "a module of its side, or the shim");
	sub->add_option("--instantiate", *templates,
			"Instantiate templates first, e.g. cbc(cast5)")->type_name("NAME");
	add_arch_options(sub);
	out.emplace_back(sub, [all, templates, libs, modules] {
		if (*libs)
			return print_patch_sites();
		if (*modules)
			return print_modules();
		for (const auto &t : *templates) {
			int err = kcshim_instantiate(t.c_str());
			if (err && err != -EEXIST)
				return fail("cannot instantiate " + t + ": " + errno_text(err));
		}
		kcshim_for_each_alg(print_alg, all.get());
		return 0;
	});
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::list_command
