/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Loading a module by name with its dependencies, for the job file's
 * `modprobe` and for the init's modprobe personality (the kernel's
 * request_module() runs `/sbin/modprobe -q -- NAME`, a link to /init).
 *
 * The module loader is a parameter so the host's tests can watch what would
 * be loaded without loading anything.  Errors: negative errno.
 */
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "afalg/guest/module_index.h"

namespace kcshim::guest {

/* Loads the module file at PATH with PARAMS: 0, or a negative errno (finit_module's). */
using LoadModuleFn = std::function<int(const std::string &path, const std::string &params)>;

/* Takes one diagnostic line, without the "kcshim-init: " prefix or a newline. */
using Reporter = std::function<void(std::string_view line)>;

/* The kernel's loader: finit_module() on PATH, or on the uncompressed .ko beside a .ko.xz. */
int load_module_file(const std::string &path, const std::string &params);

/* $KCSHIM_INIT_ROOT/lib/modules/<uname -r>; the variable is for tests only. */
std::string module_directory();

/*
 * Reads modules.dep, and modules.alias, modules.builtin and
 * modules.builtin.modinfo if they exist, from MODULE_DIR into INDEX.
 * Returns 0, or the negative errno of the first file that could not be
 * read (-ENOENT: no modules.dep), whose path goes into UNREADABLE.
 */
int read_module_index(const std::string &module_dir, ModuleIndex &index, std::string &unreadable);

struct ModprobeResult {
	int err;		/* 0, or the negative errno of the first failure */
	std::string module;	/* with an error: the module that failed or no file knows, if any */
};

/*
 * Loads what NAME stands for (ModuleIndex::plan) from MODULE_DIR, deepest
 * first, stopping at the first failure.  PARAMS ("key=value ...") go only to
 * the modules NAME stands for, not to their dependencies.  A module already
 * loaded (-EEXIST) counts as loaded.
 */
ModprobeResult modprobe(const ModuleIndex &index, const std::string &module_dir,
			std::string_view name, std::string_view params, const LoadModuleFn &load);

/* INDEX's bad lines (the first few), one line each. */
void report_index_problems(const ModuleIndex &index, const std::string &module_dir,
			   const Reporter &report);

/*
 * "modprobe NAME: ENODEV", and "modprobe NAME: failed loading MODULE" when
 * the module that failed is not NAME itself (a dependency, an alias's match).
 */
void report_modprobe_failure(std::string_view name, const ModprobeResult &r, const Reporter &report);

/*
 * The personality: `modprobe [-q|--quiet] [--] NAME [PARAM=VALUE ...]`.
 * Returns the exit status: 0 loaded, 1 not (or a usage error).  REPORT gets
 * the reason unless -q, and the index's bad lines always.
 */
int modprobe_main(std::span<char *const> args, const std::string &module_dir,
		  const LoadModuleFn &load, const Reporter &report);

} /* namespace kcshim::guest */
