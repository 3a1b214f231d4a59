/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel integer and endian types. The uapi <linux/types.h> (included first, so glibc headers that
 * pull in <linux/types.h> keep working) supplies __u8..__u64 and the __le/__be types.
 */
#ifndef _KCSHIM_LINUX_TYPES_H
#define _KCSHIM_LINUX_TYPES_H

#include_next <linux/types.h>
#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif
#include <sys/types.h>

typedef __u8 u8;
typedef __s8 s8;
typedef __u16 u16;
typedef __s16 s16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;
/* 6.2+ (older trees' crypto/b128ops.h has its own u128: kcshim build defines KCSHIM_NO_U128) */
#if defined(__SIZEOF_INT128__) && !defined(__cplusplus) && !defined(KCSHIM_NO_U128)
typedef unsigned __int128 u128;
typedef __int128 s128;
#endif

typedef u64 dma_addr_t;
typedef u64 phys_addr_t;
typedef u64 resource_size_t;
typedef unsigned int gfp_t;
typedef unsigned int fmode_t;
typedef unsigned long ulong;
typedef unsigned int uint;

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	s64 counter;
} atomic64_t;

typedef struct {
	atomic_t refs;
} refcount_t;

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

#define DECLARE_BITMAP(name, bits) unsigned long name[((bits) + 63) / 64]

#endif /* _KCSHIM_LINUX_TYPES_H */
