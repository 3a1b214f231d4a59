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

struct kcshim_module;

/*
 * Loads a driver module (.so): dlopen(), then its init calls in level order. With a suffix, every
 * driver it registers is renamed "<driver>@<suffix>", so two builds of one driver coexist.
 * Returns 0, -ENOENT (no such file), -ENOEXEC (not loadable; see kcshim_last_error()), -EEXIST
 * (a driver name collides), or the error of the module's init.
 */
int kcshim_load_module(const char *path, const char *suffix, struct kcshim_module **out);
/* Runs the module's exit calls and unloads it; -EBUSY while one of its drivers is in use. */
int kcshim_unload_module(struct kcshim_module *mod);
const char *kcshim_module_name(const struct kcshim_module *mod);

enum kcshim_alg_kind {
	KCSHIM_KIND_SHASH,
	KCSHIM_KIND_CIPHER,
	KCSHIM_KIND_SKCIPHER,
	KCSHIM_KIND_COMPRESS,	/* listed only: kcshim has no compression consumer API */
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
	bool instance;		/* made by a template: ecb(), cbc(), ctr() */
	unsigned int blocksize;
	unsigned int digestsize;	/* shash */
	unsigned int descsize;		/* shash */
	unsigned int statesize;		/* shash */
	unsigned int min_keysize;	/* cipher, skcipher */
	unsigned int max_keysize;
	unsigned int ivsize;		/* skcipher */
	unsigned int chunksize;
	unsigned int walksize;
	bool keyed;			/* shash with setkey */
};

/* Calls fn for every registered driver, newest first; stops at and returns fn's first nonzero. */
int kcshim_for_each_alg(int (*fn)(const struct kcshim_alg_info *info, void *arg), void *arg);

/* Creates the template instance for name (e.g. "cbc(cast5-generic)") if it does not exist yet. */
int kcshim_instantiate(const char *name);

/* One vector source's result for one driver. */
struct kcshim_selftest_result {
	const char *driver;
	const char *alg;		/* the suite's name: cra_name, or "ecb(name)" for a cipher */
	const char *source;		/* "own", "kernel-6.12", ... */
	unsigned int vectors;		/* vectors in the suite */
	unsigned int runs;		/* vector x configuration runs */
	bool passed;
	const char *message;		/* first failure, testmgr-style; "" when passed */
};

/*
 * Runs the self-tests of every driver whose cra_name or driver name is name (all when NULL),
 * against every registered vector source, calling fn per (driver, suite) result. A driver that
 * fails is excluded from lookups from then on. Returns the number of failing results, or -ENOENT
 * when name matches no driver.
 */
int kcshim_selftest(const char *name,
		    void (*fn)(const struct kcshim_selftest_result *res, void *arg), void *arg);

/* The driver's self-test state and first failure message, by exact driver name. */
enum kcshim_selftest_state kcshim_driver_selftest_state(const char *driver, const char **message);

/* Log lines (printk) go to fn instead of stderr; NULL restores stderr. */
void kcshim_set_log_handler(void (*fn)(int level, const char *line, void *arg), void *arg);

/* Loads a vectors module built from a kernel tree (see tools/kernel-vectors); 0 or -errno. */
int kcshim_load_vectors(const char *path);

#ifdef __cplusplus
}
#endif

#endif
