/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The freestanding runtime of the big-endian runner (be_runtime.c): the few things libc and the
 * shim's C++ core would otherwise provide, for a static aarch64_be program with no libc.
 *
 * The drivers register exactly as they do in libkcshim: their init calls and vector tables are
 * queued from ELF constructors, which the runtime runs before be_main(). crypto_register_*()
 * and kcshim_register_vector_source() only record what they are given in be_registry; nothing is
 * self-tested or looked up by priority here, the runner drives every callback itself.
 */
#ifndef _KCSHIM_BE_RUNTIME_H
#define _KCSHIM_BE_RUNTIME_H

#include <linux/compiler.h>
#include <linux/types.h>

struct shash_alg;
struct crypto_alg;
struct kcshim_vector_source;

#define BE_MAX_ALGS	32
#define BE_MAX_SOURCES	16

struct be_registry {
	struct shash_alg *shash[BE_MAX_ALGS];
	unsigned int nshash;
	struct crypto_alg *cipher[BE_MAX_ALGS];
	unsigned int ncipher;
	const struct kcshim_vector_source *sources[BE_MAX_SOURCES];
	unsigned int nsources;
	unsigned int ninitcalls;
	bool full;		/* something did not fit in a table above */
};

extern struct be_registry be_registry;

/* Runs the queued init calls in level order; returns how many returned an error. */
int be_run_initcalls(void);

/* The value of environment variable @name, or NULL. */
const char *be_getenv(const char *name);

/* Parses a decimal or 0x-prefixed hexadecimal number; false if @s is not one. */
bool be_parse_u64(const char *s, u64 *val);

/* 64 bits from the getrandom() system call; 0 if it fails. */
u64 be_random_u64(void);

/*
 * Formatted output to stdout, buffered until be_flush() or exit: %s %c %d %u %x with the l and
 * ll modifiers, a field width, and the '-' and '0' flags.
 */
void be_printf(const char *fmt, ...) __printf(1, 2);
void be_flush(void);

/* The runner's entry point; its return value is the exit status. */
int be_main(void);

#endif
