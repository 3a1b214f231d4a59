/* SPDX-License-Identifier: GPL-2.0 */
/* kmalloc and friends, backed by the C heap with the kernel's minimum alignment. */
#ifndef _KCSHIM_LINUX_SLAB_H
#define _KCSHIM_LINUX_SLAB_H

#include <linux/types.h>
#include <linux/gfp.h>
#include <linux/overflow.h>
#include <linux/compiler.h>
#include <linux/cache.h>

__KCSHIM_BEGIN_DECLS
void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *krealloc(const void *p, size_t new_size, gfp_t flags);
void kfree(const void *p);
/* Wipes the whole allocation before freeing it: what holds keys is freed this way. */
void kfree_sensitive(const void *p);
size_t ksize(const void *p);
void *kmemdup(const void *src, size_t len, gfp_t gfp);
char *kstrdup(const char *s, gfp_t gfp);
__KCSHIM_END_DECLS

#define kzfree(p)		kfree_sensitive(p)
#define kmalloc_array(n, size, flags)	kmalloc(array_size(n, size), flags)
#define kcalloc(n, size, flags)		kzalloc(array_size(n, size), flags)
#define kvmalloc(size, flags)		kmalloc(size, flags)
#define kvzalloc(size, flags)		kzalloc(size, flags)
#define kvfree(p)			kfree(p)
#define kvfree_sensitive(p, len)	kfree_sensitive(p)
#define kmalloc_node(s, f, n)		kmalloc(s, f)
#define kzalloc_node(s, f, n)		kzalloc(s, f)

/*
 * 7.x: allocations sized by their type. kmalloc_obj(*p) or kmalloc_obj(struct foo) is one object,
 * kmalloc_objs(*p, n) n of them; the GFP flags are optional (GFP_KERNEL). NULL on failure,
 * including a count whose size overflows.
 */
#define __kcshim_alloc_objs(alloc, gfp, type, count) \
	((type *)alloc(size_mul(sizeof(type), count), gfp))
#define kmalloc_obj(p, ...)	__kcshim_alloc_objs(kmalloc, default_gfp(__VA_ARGS__), typeof(p), 1)
#define kmalloc_objs(p, n, ...)	__kcshim_alloc_objs(kmalloc, default_gfp(__VA_ARGS__), typeof(p), n)
#define kzalloc_obj(p, ...)	__kcshim_alloc_objs(kzalloc, default_gfp(__VA_ARGS__), typeof(p), 1)
#define kzalloc_objs(p, n, ...)	__kcshim_alloc_objs(kzalloc, default_gfp(__VA_ARGS__), typeof(p), n)
#define kvmalloc_obj(p, ...)	kmalloc_obj(p, ##__VA_ARGS__)
#define kvzalloc_obj(p, ...)	kzalloc_obj(p, ##__VA_ARGS__)

/* vmalloc() and vfree() were reached through this header; drivers written so keep building */
#include <linux/vmalloc.h>
#include <linux/cleanup.h>

DEFINE_FREE(kfree, void *, if (!IS_ERR_OR_NULL(_T)) kfree(_T))
DEFINE_FREE(kfree_sensitive, void *, if (_T) kfree_sensitive(_T))

#endif
