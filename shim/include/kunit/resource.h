/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-managed resources and deferred actions: whatever a test adds is released when the case
 * ends -- passed, failed, skipped or stopped by an assertion -- last added first, so a resource
 * may rely on every one added before it.
 */
#ifndef _KUNIT_RESOURCE_H
#define _KUNIT_RESOURCE_H

#include <kunit/test.h>

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/slab.h>

struct kunit_resource;

typedef int (*kunit_resource_init_t)(struct kunit_resource *, void *);
typedef void (*kunit_resource_free_t)(struct kunit_resource *);

/*
 * One resource: data is the test's, free() releases it. Found again with kunit_find_resource()
 * (which takes a reference: kunit_put_resource() drops it).
 */
struct kunit_resource {
	void *data;
	const char *name;
	kunit_resource_free_t free;

	/* private: internal use only. */
	atomic_t refcount;
	struct list_head node;
	bool should_kfree;
};

__KCSHIM_BEGIN_DECLS
/*
 * Initialises res (init(res, context) when init is set; its error is returned and nothing is
 * added) and adds it to test. Returns 0 or init's error.
 */
int __kunit_add_resource(struct kunit *test, kunit_resource_init_t init,
			 kunit_resource_free_t free, struct kunit_resource *res, void *data);
/* Takes res off test and drops the test's reference (which frees it when it was the last). */
void kunit_remove_resource(struct kunit *test, struct kunit_resource *res);
void kunit_get_resource(struct kunit_resource *res);
void kunit_put_resource(struct kunit_resource *res);
__KCSHIM_END_DECLS

static inline int kunit_add_resource(struct kunit *test, kunit_resource_init_t init,
				     kunit_resource_free_t free, struct kunit_resource *res,
				     void *data)
{
	res->should_kfree = false;
	return __kunit_add_resource(test, init, free, res, data);
}

__KCSHIM_BEGIN_DECLS
struct kunit_resource *kunit_find_named_resource(struct kunit *test, const char *name);
/* Allocates a resource (gfp), runs init(res, context), adds it; NULL on failure. */
struct kunit_resource *kunit_alloc_and_get_resource(struct kunit *test,
						    kunit_resource_init_t init,
						    kunit_resource_free_t free,
						    gfp_t internal_gfp, void *context);
__KCSHIM_END_DECLS

static inline int kunit_add_named_resource(struct kunit *test, kunit_resource_init_t init,
					   kunit_resource_free_t free,
					   struct kunit_resource *res, const char *name,
					   void *data)
{
	struct kunit_resource *existing;

	if (!name)
		return -EINVAL;

	existing = kunit_find_named_resource(test, name);
	if (existing) {
		kunit_put_resource(existing);
		return -EEXIST;
	}

	res->name = name;
	res->should_kfree = false;

	return __kunit_add_resource(test, init, free, res, data);
}

/* kunit_alloc_and_get_resource() without the reference: returns the data, NULL on failure. */
static inline void *kunit_alloc_resource(struct kunit *test, kunit_resource_init_t init,
					 kunit_resource_free_t free, gfp_t internal_gfp,
					 void *context)
{
	struct kunit_resource *res;

	res = kunit_alloc_and_get_resource(test, init, free, internal_gfp, context);
	if (!res)
		return NULL;
	kunit_put_resource(res);
	return res->data;
}

typedef bool (*kunit_resource_match_t)(struct kunit *test, struct kunit_resource *res,
				       void *match_data);

static inline bool kunit_resource_name_match(struct kunit *test, struct kunit_resource *res,
					     void *match_name)
{
	return res->name && strcmp(res->name, (const char *)match_name) == 0;
}

__KCSHIM_BEGIN_DECLS
/* The most recently added resource that match() accepts, with a reference taken; or NULL. */
struct kunit_resource *kunit_find_resource(struct kunit *test, kunit_resource_match_t match,
					   void *match_data);
/* Finds, removes and releases one resource; -ENOENT when none matches. */
int kunit_destroy_resource(struct kunit *test, kunit_resource_match_t match, void *match_data);
__KCSHIM_END_DECLS

static inline int kunit_destroy_named_resource(struct kunit *test, const char *name)
{
	return kunit_destroy_resource(test, kunit_resource_name_match, (void *)name);
}

/* An action: a function of one pointer, run when the case ends (or when released). */
typedef void (kunit_action_t)(void *);

/* Defines wrapper(void *) calling orig(arg_type), to be used as an action. */
#define KUNIT_DEFINE_ACTION_WRAPPER(wrapper, orig, arg_type)	\
	static void wrapper(void *in)				\
	{							\
		arg_type arg = (arg_type)in;			\
		orig(arg);					\
	}

__KCSHIM_BEGIN_DECLS
/* Defers action(ctx) to the end of the case. 0, or -ENOMEM (the action is not run then). */
int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx);
/* As kunit_add_action(), but runs action(ctx) at once when it cannot be deferred. */
int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action, void *ctx);
/* Forgets the most recent deferred action(ctx) without running it. */
void kunit_remove_action(struct kunit *test, kunit_action_t *action, void *ctx);
/* Runs the most recent deferred action(ctx) now, and forgets it. */
void kunit_release_action(struct kunit *test, kunit_action_t *action, void *ctx);
__KCSHIM_END_DECLS

#endif
