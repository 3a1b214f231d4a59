/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kcshim's own API: start-up, modules, the driver listing and self-tests. Drivers and consumers use
 * the kernel's API (linux/, crypto/ headers); tools use this on top. Every function returning int
 * returns 0 or a negative errno, as the kernel does; kcshim_last_error() then says more.
 */
#ifndef _KCSHIM_KCSHIM_H
#define _KCSHIM_KCSHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Runs the built-in drivers' init calls (once; later calls return at once). Always 0. */
int kcshim_init(void);

/* The calling thread's message for the last failure (empty when none). */
const char *kcshim_last_error(void);

/*
 * Makes a CPU feature, named as /proc/cpuinfo names it ("avx2", "pclmulqdq"; arm64 "pmull"),
 * absent for every later check, with the features that depend on it (no "avx" means no "avx2"),
 * so drivers and libraries initialised afterwards take their fallbacks. -ENOENT: unknown name.
 */
int kcshim_cpu_mask_named(const char *name);

struct kcshim_module;

/*
 * Loads a driver module (.so, or a relocatable object): maps it, binds it by side (below), then
 * runs its init calls in level order. With a suffix, every driver it registers is renamed
 * "<driver>@<suffix>", so two builds of one driver coexist. Returns 0, -ENOENT (no such file),
 * -ENOEXEC (not loadable, or a symbol it needs is undefined or only on another side; see
 * kcshim_last_error()), -EEXIST (a driver name collides), or the error of the module's init.
 */
int kcshim_load_module(const char *path, const char *suffix, struct kcshim_module **out);
/*
 * Runs the module's exit calls and unloads it; -EBUSY while one of its drivers is in use or a
 * loaded module is bound to one of its symbols.
 */
int kcshim_unload_module(struct kcshim_module *mod);
const char *kcshim_module_name(const struct kcshim_module *mod);

/*
 * Binding by side. A module loaded with a suffix binds its undefined symbols to the modules loaded
 * before it with the same suffix, then to those loaded without one, then to the shim and the
 * process -- never to a module of another suffix, so "-m before.so@before -m after.so@after"
 * tests each side's drivers over that side's code, in any load order. A module loaded without a
 * suffix binds to unsuffixed modules, then to the shim. kcshim_load_module() fails with -ENOEXEC,
 * naming the symbol and both sides, when a symbol is exported only by a module of another side.
 */

/* One undefined symbol of a module and what it was bound to. */
struct kcshim_module_import {
	const char *symbol;
	const char *from;	/* the exporting module, "name" or "name@suffix"; NULL: the shim or
				 * the process (libkcshim, libc), or a weak symbol left 0 */
};

/* A loaded module. Strings and arrays live until the callback returns. */
struct kcshim_module_info {
	const char *name;	/* "name" or "name@suffix": its THIS_MODULE name, else its file's stem */
	const char *suffix;	/* "" when loaded without one */
	const char *path;	/* as given to kcshim_load_module() */
	bool relocatable;	/* an ET_REL object, mapped by kcshim's loader; else a shared object */
	size_t nr_exports;	/* its global definitions, which later modules may bind to */
	const struct kcshim_module_import *imports;	/* its undefined symbols, in its symbol
							 * table's order */
	size_t nr_imports;
};

/*
 * Calls fn for every loaded module, in load order; stops at and returns fn's first nonzero. fn
 * must not load or unload modules.
 */
int kcshim_for_each_module(int (*fn)(const struct kcshim_module_info *info, void *arg), void *arg);

enum kcshim_alg_kind {
	KCSHIM_KIND_SHASH,
	KCSHIM_KIND_CIPHER,
	KCSHIM_KIND_SKCIPHER,
	KCSHIM_KIND_COMPRESS,	/* listed only: kcshim has no compression consumer API */
	KCSHIM_KIND_LSKCIPHER,	/* linear skcipher (kernel 6.7+); also reachable as an skcipher */
	KCSHIM_KIND_AEAD,	/* authenticated encryption with associated data */
};

enum kcshim_selftest_state {
	KCSHIM_SELFTEST_UNTESTED,
	KCSHIM_SELFTEST_PASSED,
	KCSHIM_SELFTEST_FAILED,
};

/* One registered driver, as /proc/crypto shows it. Strings live as long as the driver. */
struct kcshim_alg_info {
	const char *name;
	const char *driver;
	const char *module;
	int priority;
	unsigned int refcnt;
	uint32_t flags;
	enum kcshim_alg_kind kind;
	enum kcshim_selftest_state selftest;
	bool internal;
	bool instance;		/* made by a template: ecb(), cbc(), ctr(), or a module's */
	unsigned int blocksize;
	unsigned int digestsize;	/* shash */
	unsigned int descsize;		/* shash */
	unsigned int statesize;		/* shash, lskcipher */
	unsigned int min_keysize;	/* cipher, skcipher, lskcipher */
	unsigned int max_keysize;
	unsigned int ivsize;		/* skcipher, lskcipher, aead */
	unsigned int chunksize;		/* skcipher, lskcipher, aead */
	unsigned int walksize;
	bool keyed;			/* shash with setkey */
	unsigned int maxauthsize;	/* aead */
};

/* Calls fn for every registered driver, newest first; stops at and returns fn's first nonzero. */
int kcshim_for_each_alg(int (*fn)(const struct kcshim_alg_info *info, void *arg), void *arg);

/*
 * Creates the template instance for name (e.g. "cbc(cast5-generic)", "xts(aes)") if it does not
 * exist yet, with a module's template of that name (crypto_register_template()) or kcshim's own
 * ecb, cbc, ctr; made without a type first, then as an skcipher, an AEAD, a shash, for a template
 * that makes one type only and refuses the others (essiv). 0 when made; -EEXIST when it exists; -ENOENT when name is no template name, no
 * template has its name or what it names does not exist; the template's error otherwise
 * (-EINVAL for an inner algorithm it cannot take).
 */
int kcshim_instantiate(const char *name);

/* What a result row reports (see struct kcshim_selftest_result). */
enum kcshim_selftest_row {
	KCSHIM_ROW_VECTORS,		/* one vector source's suite */
	KCSHIM_ROW_EXTRA,		/* the extra tests: random cases compared with the generic driver */
	KCSHIM_ROW_NOT_COMPARED,	/* extra tests not run: no generic driver to compare with */
	KCSHIM_ROW_IS_GENERIC,		/* extra tests not run: the driver is the generic driver */
};

/*
 * One vector source's result for one driver, or its extra tests' (row says which). Extra-test rows
 * come only from kcshim_selftest_with() with fuzz_iterations set, after the driver's vector rows:
 *   KCSHIM_ROW_EXTRA: source "vs <generic driver>", vectors = random cases, runs = case x
 *     direction runs; passed and message as for a suite.
 *   KCSHIM_ROW_NOT_COMPARED: source "vs <generic driver looked for>", vectors = runs = 0, passed
 *     false (nothing was shown to be right) but not counted as a failure; message says why
 *     ("no generic driver sha1-generic to compare with").
 *   KCSHIM_ROW_IS_GENERIC: vectors = runs = 0, passed true, message says so.
 */
struct kcshim_selftest_result {
	const char *driver;
	const char *alg;		/* the suite's name: cra_name, or "ecb(name)" for a cipher;
					 * extra tests: the cra_name */
	const char *source;		/* "own", "kernel-6.12", ...; "vs <driver>" for extra tests */
	unsigned int vectors;		/* vectors in the suite */
	unsigned int runs;		/* vector x configuration runs */
	bool passed;
	const char *message;		/* first failure, testmgr-style; "" when passed */
	enum kcshim_selftest_row row;
};

/*
 * Runs the self-tests of every driver whose cra_name or driver name is name (all when NULL),
 * against every registered vector source, calling fn per (driver, suite) result. A driver that
 * fails is excluded from lookups from then on. Returns the number of failing results, or -ENOENT
 * when name matches no driver.
 */
int kcshim_selftest(const char *name,
		    void (*fn)(const struct kcshim_selftest_result *res, void *arg), void *arg);

/*
 * What kcshim_selftest_with() runs beyond the vector suites. Registration never runs the extra
 * tests (they take a while); only a caller that asks does.
 *   fuzz_iterations: testmgr's fuzz_iterations (its default is 100); each driver gets 8 x this
 *     many random cases, as in testmgr. 0: no extra tests.
 *   seed: where the random cases come from; the same seed gives the same cases for a driver,
 *     whatever else is tested, so a failure replays. Failure messages end with it.
 */
struct kcshim_selftest_options {
	unsigned int fuzz_iterations;
	uint64_t seed;
	/*
	 * NULL, or the suffix of a module holding the generic drivers: "<generic>@<suffix>" is then
	 * tried first. For a library's driver that is its own generic (7.x's sha512-lib), load the
	 * same file built without the library's arch code with this suffix.
	 */
	const char *generic_suffix;
};

/*
 * kcshim_selftest(), then for every driver whose vector suites passed, the extra tests of
 * testmgr's CONFIG_CRYPTO_MANAGER_EXTRA_TESTS: random messages, keys and IVs computed by the
 * generic driver of the same algorithm, run through the driver under random configurations
 * (splits, offsets, final/finup/digest, export/import, SIMD off, in and out of place); outputs and
 * errors must be equal. Shash and skcipher drivers are compared as testmgr does, single-block
 * ciphers block by block (in or out of place, misaligned); internal drivers only through the
 * public driver wrapping them (they get no row). The generic driver is the one of the cra_name
 * with "-generic" on each innermost name ("cbc(cast5)" -> "cbc(cast5-generic)", or the vectors'
 * generic_driver); for a driver from a module loaded with a suffix, "<generic>@<suffix>" first.
 * A failure excludes the driver from lookups, as a vector failure does. opts NULL: no extra tests.
 * Returns the number of failing rows (KCSHIM_ROW_NOT_COMPARED rows are not failures), or -ENOENT
 * when name matches no driver.
 */
int kcshim_selftest_with(const char *name, const struct kcshim_selftest_options *opts,
			 void (*fn)(const struct kcshim_selftest_result *res, void *arg),
			 void *arg);

/* The driver's self-test state and first failure message, by exact driver name. */
enum kcshim_selftest_state kcshim_driver_selftest_state(const char *driver, const char **message);

/* Log lines (printk) go to fn instead of stderr; NULL restores stderr. */
void kcshim_set_log_handler(void (*fn)(int level, const char *line, void *arg), void *arg);

/*
 * fn sees every tfm's memory (front end, context, alignment slack: size bytes at mem) after it
 * has been wiped and just before it is freed, as a test of what a freed tfm leaves behind; NULL
 * removes it. Not for concurrent use with allocations: set it before, clear it after.
 */
void kcshim_set_tfm_free_hook(void (*fn)(const void *mem, size_t size, void *arg), void *arg);

/* Loads a vectors module built from a kernel tree (see tools/kernel-vectors); 0 or -errno. */
int kcshim_load_vectors(const char *path);

#ifdef __cplusplus
}
#endif

#endif
