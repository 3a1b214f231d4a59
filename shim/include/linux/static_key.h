/* SPDX-License-Identifier: GPL-2.0 */
/* Static keys as plain flags: the branch costs a load instead of a patched jump. */
#ifndef _KCSHIM_LINUX_STATIC_KEY_H
#define _KCSHIM_LINUX_STATIC_KEY_H

#include <linux/types.h>

struct static_key_true {
	bool enabled;
};
struct static_key_false {
	bool enabled;
};

#define DEFINE_STATIC_KEY_TRUE(name)		struct static_key_true name = { true }
#define DEFINE_STATIC_KEY_FALSE(name)		struct static_key_false name = { false }
#define DEFINE_STATIC_KEY_TRUE_RO(name)		DEFINE_STATIC_KEY_TRUE(name)
#define DEFINE_STATIC_KEY_FALSE_RO(name)	DEFINE_STATIC_KEY_FALSE(name)
#define DECLARE_STATIC_KEY_TRUE(name)		extern struct static_key_true name
#define DECLARE_STATIC_KEY_FALSE(name)		extern struct static_key_false name
#define static_branch_likely(key)		(__atomic_load_n(&(key)->enabled, __ATOMIC_RELAXED))
#define static_branch_unlikely(key)		(__atomic_load_n(&(key)->enabled, __ATOMIC_RELAXED))
#define static_branch_enable(key)		__atomic_store_n(&(key)->enabled, true, __ATOMIC_RELAXED)
#define static_branch_disable(key)		__atomic_store_n(&(key)->enabled, false, __ATOMIC_RELAXED)
#define static_key_enabled(key)			static_branch_likely(key)
#define static_call(name)			name

#endif
