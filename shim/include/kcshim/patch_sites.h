/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static keys and static calls ("patch sites": where the kernel patches code at run time to pick
 * an implementation). The kernel headers linux/static_key.h and linux/static_call.h define them on
 * top of this; kcshim keeps a list of every site, with the module that owns it, so a tool can show
 * which implementation each library chose (`kcshim list --libs`).
 */
#ifndef _KCSHIM_PATCH_SITES_H
#define _KCSHIM_PATCH_SITES_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

struct static_key;

/* A static call: the current target, the site's name, and the target's name as written. */
struct static_call_key {
	void *func;
	const char *name;
	const char *func_name;
};

/* Announce a site when its module loads (the header's constructors call these). */
void kcshim_static_key_register(struct static_key *key);
void kcshim_static_call_register(struct static_call_key *key);
/* Change a site and remember what it was set to. */
void kcshim_static_key_set(struct static_key *key, int enabled);
void kcshim_static_call_update(struct static_call_key *key, void *func, const char *func_name);
/* static_call_cond()'s target for a NULL call. */
void __kcshim_static_call_nop(void);

/* One site as kcshim_for_each_patch_site() reports it. */
struct kcshim_patch_site {
	const char *module;	/* "kernel" for kcshim's own */
	const char *name;
	bool is_call;
	const char *target;	/* a call's current target name, or NULL for a NULL call */
	const char *initial;	/* the target it was defined with */
	bool enabled;		/* a key's state */
	bool changed;		/* set (a key) or updated (a call) since it was announced */
};
/*
 * Calls fn for every site of every loaded module, in the order they were announced. The strings
 * in *site are valid only during the call: copy what you keep.
 */
void kcshim_for_each_patch_site(void (*fn)(const struct kcshim_patch_site *site, void *arg),
				void *arg);

#ifdef __cplusplus
}
#endif

#endif
