// SPDX-License-Identifier: GPL-2.0
#include "afalg/guest/modprobe.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/module.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <unordered_set>

#include "afalg/guest/text.h"
#include "afalg/guest/unique_fd.h"

#ifndef MODULE_INIT_COMPRESSED_FILE
#define MODULE_INIT_COMPRESSED_FILE 4	/* Linux 5.17 */
#endif

namespace kcshim::guest {

/* A kernel's modules.dep is about 1 MB; a tree of text this big is not one. */
static constexpr size_t max_index_file = 64u << 20;

static int finit_module(int fd, const std::string &params, int flags)
{
	return syscall(SYS_finit_module, fd, params.c_str(), flags) < 0 ? -errno : 0;
}

/*
 * The initramfs carries uncompressed modules, but its modules.dep may still
 * name Debian's .ko.xz: the .ko beside it is then the one to load.  A
 * compressed file alone goes to the kernel to decompress (CONFIG_MODULE_DECOMPRESS).
 */
int load_module_file(const std::string &path, const std::string &params)
{
	for (std::string_view suffix : {".xz", ".zst", ".gz"}) {
		if (!path.ends_with(suffix))
			continue;
		UniqueFd ko(::open(path.substr(0, path.size() - suffix.size()).c_str(),
				   O_RDONLY | O_CLOEXEC));
		if (ko)
			return finit_module(ko.get(), params, 0);
		UniqueFd compressed(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
		if (!compressed)
			return -errno;
		return finit_module(compressed.get(), params, MODULE_INIT_COMPRESSED_FILE);
	}
	UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
	if (!fd)
		return -errno;
	return finit_module(fd.get(), params, 0);
}

std::string module_directory()
{
	struct utsname u {};
	uname(&u);
	const char *root = std::getenv("KCSHIM_INIT_ROOT");
	return std::string(root ? root : "") + "/lib/modules/" + u.release;
}

int read_module_index(const std::string &module_dir, ModuleIndex &index, std::string &unreadable)
{
	struct File {
		const char *name;
		bool optional;
		std::string text;
	} files[] = {{"modules.dep", false, {}},
		     {"modules.alias", true, {}},
		     {"modules.builtin", true, {}},
		     {"modules.builtin.modinfo", true, {}}};
	for (File &f : files) {
		std::string path = module_dir + "/" + f.name;
		int err = read_text_file(path, f.text, max_index_file);
		if (err == -ENOENT && f.optional)
			continue;
		if (err) {
			unreadable = path;
			return err;
		}
	}
	index.add_dep_file(std::move(files[0].text));
	index.add_alias_file(std::move(files[1].text));
	index.add_builtin_file(files[2].text);
	index.add_builtin_modinfo_file(std::move(files[3].text));
	return 0;
}

/* Loads @plan's steps not in @loaded, in order, adding each to it; stops at the first failure. */
static ModprobeResult load_steps(const LoadPlan &plan, const std::string &module_dir,
				 const std::string &params, const LoadModuleFn &load,
				 std::unordered_set<std::string> &loaded)
{
	for (const LoadStep &step : plan.steps) {
		if (loaded.contains(step.name))
			continue;
		std::string path = step.path.starts_with('/') ? step.path : module_dir + "/" + step.path;
		int err = load(path, step.requested ? params : std::string());
		if (err && err != -EEXIST)
			return {err, step.name};
		loaded.insert(step.name);
	}
	return {0, {}};
}

ModprobeResult modprobe(const ModuleIndex &index, const std::string &module_dir,
			std::string_view name, std::string_view params, const LoadModuleFn &load)
{
	LoadPlan plan;
	if (int err = index.plan(name, plan))
		return {err, plan.missing};
	const std::string requested_params(params);
	std::unordered_set<std::string> loaded;
	std::vector<std::string> targets;
	for (const LoadStep &step : plan.steps)
		if (step.requested)
			targets.push_back(step.name);
	if (targets.size() <= 1)
		return load_steps(plan, module_dir, requested_params, load, loaded);
	/*
	 * An alias for several modules (crypto-sha512: sha512_generic, sha512-arm64, sha512-ce):
	 * as with kmod, one the CPU refuses (ENODEV) does not keep the others from loading. The
	 * first failure is the result.
	 */
	ModprobeResult first{0, {}};
	for (const std::string &t : targets) {
		LoadPlan one;
		ModprobeResult r = index.plan(t, one) ? ModprobeResult{-ENOENT, t}
						      : load_steps(one, module_dir, requested_params, load, loaded);
		if (r.err && !first.err)
			first = r;
	}
	return first;
}

/* Only the first few: a garbled file must not flood a serial console. */
static constexpr size_t reported_bad_lines = 8;

void report_index_problems(const ModuleIndex &index, const std::string &module_dir,
			   const Reporter &report)
{
	const auto &bad = index.bad_lines();
	for (size_t i = 0; i < bad.size() && i < reported_bad_lines; i++)
		report(module_dir + "/" + bad[i].file + " line " + std::to_string(bad[i].line) +
		       ": " + bad[i].why);
	if (bad.size() > reported_bad_lines)
		report("... and " + std::to_string(bad.size() - reported_bad_lines) +
		       " more bad lines in " + module_dir);
}

void report_modprobe_failure(std::string_view name, const ModprobeResult &r, const Reporter &report)
{
	report("modprobe " + std::string(name) + ": " + errno_name(r.err));
	if (!r.module.empty() && normalize_module_name(r.module) != normalize_module_name(name))
		report("modprobe " + std::string(name) + ": failed loading " + r.module);
}

int modprobe_main(std::span<char *const> args, const std::string &module_dir,
		  const LoadModuleFn &load, const Reporter &report)
{
	bool quiet = false;
	size_t i = 1;
	for (; i < args.size() && args[i][0] == '-'; i++) {
		std::string_view opt = args[i];
		if (opt == "--") {
			i++;
			break;
		}
		if (opt == "-q" || opt == "--quiet") {
			quiet = true;
			continue;
		}
		report("modprobe: unknown option " + std::string(opt) +
		       "; usage: modprobe [-q] [--] NAME [PARAM=VALUE ...]");
		return 1;
	}
	if (i >= args.size()) {
		report("modprobe: no module name; usage: modprobe [-q] [--] NAME [PARAM=VALUE ...]");
		return 1;
	}
	std::string name = args[i];
	std::string params;
	for (i++; i < args.size(); i++) {
		params += params.empty() ? "" : " ";	/* not "literal" + string&&: gcc 12 -O3 -Wrestrict */
		params += args[i];
	}

	ModuleIndex index;
	std::string unreadable;
	int err = read_module_index(module_dir, index, unreadable);
	report_index_problems(index, module_dir, report);
	if (err && !quiet)
		report("cannot read " + unreadable + ": " + errno_name(err));
	ModprobeResult r = err ? ModprobeResult{err, {}}
			       : modprobe(index, module_dir, name, params, load);
	if (r.err && !quiet)
		report_modprobe_failure(name, r, report);
	return r.err ? 1 : 0;
}

} /* namespace kcshim::guest */
