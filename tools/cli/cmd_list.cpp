// SPDX-License-Identifier: GPL-2.0
// kcshim list: every registered driver, in /proc/crypto's format (crypto/proc.c and each type's
// .show), newest first as the kernel lists them.
#include <cstdio>

#include <kcshim/kcshim.h>

#include "command.h"

namespace kcshim::cli {
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
		printf("type         : skcipher\n");
		printf("async        : %s\n", (a->flags & 0x80) ? "yes" : "no");
		printf("blocksize    : %u\n", a->blocksize);
		printf("min keysize  : %u\n", a->min_keysize);
		printf("max keysize  : %u\n", a->max_keysize);
		printf("ivsize       : %u\n", a->ivsize);
		printf("chunksize    : %u\n", a->chunksize);
		printf("walksize     : %u\n", a->walksize);
		break;
	}
	printf("\n");
	return 0;
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand("list", "List every registered driver, as /proc/crypto does");
	auto all = std::make_shared<bool>(false);
	auto templates = std::make_shared<std::vector<std::string>>();
	sub->add_flag("--internal", *all, "Include internal drivers");
	sub->add_option("--instantiate", *templates,
			"Instantiate templates first, e.g. cbc(cast5)")->type_name("NAME");
	out.emplace_back(sub, [all, templates] {
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
}  // namespace kcshim::cli
