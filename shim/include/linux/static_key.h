/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static keys as flags: a branch costs a load instead of a patched jump. Each key is announced to
 * kcshim when its module loads (a constructor), so `kcshim list --libs` can say which way a
 * library's code went and what a masked CPU feature changed.
 */
#ifndef _KCSHIM_LINUX_STATIC_KEY_H
#define _KCSHIM_LINUX_STATIC_KEY_H

#include <linux/types.h>
#include <kcshim/patch_sites.h>

struct static_key {
	int enabled;
	const char *name;
};
struct static_key_true {
	struct static_key key;
};
struct static_key_false {
	struct static_key key;
};

#define STATIC_KEY_INIT_TRUE	{ .enabled = 1 }
#define STATIC_KEY_INIT_FALSE	{ .enabled = 0 }

/* The definition, then a constructor announcing it (a trailing ';' ends the function). */
#define __KCSHIM_DEFINE_KEY(_type, _key, _on)					\
	struct _type _key = { { _on, #_key } };					\
	__attribute__((constructor)) static void __kcshim_key_##_key(void)	\
	{									\
		kcshim_static_key_register(&_key.key);				\
	}									\
	struct __kcshim_key_##_key##_semicolon

#define DEFINE_STATIC_KEY_TRUE(name)		__KCSHIM_DEFINE_KEY(static_key_true, name, 1)
#define DEFINE_STATIC_KEY_FALSE(name)		__KCSHIM_DEFINE_KEY(static_key_false, name, 0)
#define DEFINE_STATIC_KEY_TRUE_RO(name)		DEFINE_STATIC_KEY_TRUE(name)
#define DEFINE_STATIC_KEY_FALSE_RO(name)	DEFINE_STATIC_KEY_FALSE(name)
#define DECLARE_STATIC_KEY_TRUE(name)		extern struct static_key_true name
#define DECLARE_STATIC_KEY_FALSE(name)		extern struct static_key_false name

/* Works on all three key types: struct static_key is the first member of the other two. */
#define __kcshim_key(x)			((struct static_key *)(x))
#define static_key_enabled(x)		(__atomic_load_n(&__kcshim_key(x)->enabled, __ATOMIC_RELAXED) > 0)
#define static_branch_likely(x)		static_key_enabled(x)
#define static_branch_unlikely(x)	static_key_enabled(x)
#define static_branch_enable(x)		kcshim_static_key_set(__kcshim_key(x), 1)
#define static_branch_disable(x)	kcshim_static_key_set(__kcshim_key(x), 0)
#define static_key_enable(x)		static_branch_enable(x)
#define static_key_disable(x)		static_branch_disable(x)
#define static_branch_enable_cpuslocked(x)	static_branch_enable(x)
#define static_branch_disable_cpuslocked(x)	static_branch_disable(x)

#endif
