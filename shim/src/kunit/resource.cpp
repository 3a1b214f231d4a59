// SPDX-License-Identifier: GPL-2.0
// Test-managed resources: test->resources is a stack (a list_head, as in the kernel, so kernel
// code that walks it still works); kunit_cleanup() pops and releases it, last added first, when a
// case ends -- also after a failed assertion, which only leaves the case's own code. Actions are
// resources whose release runs a function.
#include <cstdlib>
#include <cstring>

#include <kunit/resource.h>
#include <kunit/test.h>

#include "shim/src/kunit/kunit.h"

namespace {

struct kunit_resource *resource_of(struct list_head *node)
{
	return reinterpret_cast<struct kunit_resource *>(reinterpret_cast<char *>(node) -
							 offsetof(struct kunit_resource, node));
}

void release(struct kunit_resource *res)
{
	if (res->free)
		res->free(res);
	if (res->should_kfree)
		kfree(res);
}

struct ActionContext {
	struct kunit_resource res;
	kunit_action_t *func;
	void *ctx;
};

void run_action(struct kunit_resource *res)
{
	auto *action = reinterpret_cast<ActionContext *>(res);
	action->func(action->ctx);
}

bool is_action(struct kunit *, struct kunit_resource *res, void *match)
{
	auto *want = static_cast<ActionContext *>(match);
	if (res->free != run_action)
		return false;
	auto *have = reinterpret_cast<ActionContext *>(res);
	return have->func == want->func && have->ctx == want->ctx;
}

// The resource kunit_add_action() made for (action, ctx), with a reference taken; or nullptr.
struct kunit_resource *find_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	ActionContext want{};
	want.func = action;
	want.ctx = ctx;
	return kunit_find_resource(test, is_action, &want);
}

// The resources list of a test that was zero-filled rather than kunit_init_test()ed.
void ensure_list(struct kunit *test)
{
	if (!test->resources.next)
		INIT_LIST_HEAD(&test->resources);
}

void kfree_action(void *p)
{
	kfree(p);
}

}  // namespace

extern "C" {

int __kunit_add_resource(struct kunit *test, kunit_resource_init_t init,
			 kunit_resource_free_t free, struct kunit_resource *res, void *data)
{
	res->free = free;
	atomic_set(&res->refcount, 1);
	if (init) {
		int err = init(res, data);
		if (err)
			return err;
	} else {
		res->data = data;
	}
	ensure_list(test);
	list_add_tail(&res->node, &test->resources);
	return 0;
}

void kunit_get_resource(struct kunit_resource *res)
{
	atomic_inc(&res->refcount);
}

void kunit_put_resource(struct kunit_resource *res)
{
	if (atomic_dec_and_test(&res->refcount))
		release(res);
}

void kunit_remove_resource(struct kunit *test, struct kunit_resource *res)
{
	list_del_init(&res->node);
	kunit_put_resource(res);
}

struct kunit_resource *kunit_alloc_and_get_resource(struct kunit *test,
						    kunit_resource_init_t init,
						    kunit_resource_free_t free,
						    gfp_t internal_gfp, void *context)
{
	auto *res = static_cast<struct kunit_resource *>(
		kzalloc(sizeof(struct kunit_resource), internal_gfp));
	if (!res)
		return nullptr;
	if (__kunit_add_resource(test, init, free, res, context)) {
		kfree(res);
		return nullptr;
	}
	res->should_kfree = true;
	kunit_get_resource(res);
	return res;
}

struct kunit_resource *kunit_find_resource(struct kunit *test, kunit_resource_match_t match,
					   void *match_data)
{
	ensure_list(test);
	for (struct list_head *n = test->resources.prev; n != &test->resources; n = n->prev) {
		struct kunit_resource *res = resource_of(n);
		if (match(test, res, match_data)) {
			kunit_get_resource(res);
			return res;
		}
	}
	return nullptr;
}

struct kunit_resource *kunit_find_named_resource(struct kunit *test, const char *name)
{
	return kunit_find_resource(test, kunit_resource_name_match, const_cast<char *>(name));
}

int kunit_destroy_resource(struct kunit *test, kunit_resource_match_t match, void *match_data)
{
	struct kunit_resource *res = kunit_find_resource(test, match, match_data);
	if (!res)
		return -ENOENT;
	kunit_remove_resource(test, res);
	kunit_put_resource(res);	// the reference kunit_find_resource() took
	return 0;
}

int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	auto *a = static_cast<ActionContext *>(kzalloc(sizeof(ActionContext), GFP_KERNEL));
	if (!a)
		return -ENOMEM;
	a->func = action;
	a->ctx = ctx;
	a->res.should_kfree = true;
	__kunit_add_resource(test, nullptr, run_action, &a->res, a);
	return 0;
}

int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action, void *ctx)
{
	int err = kunit_add_action(test, action, ctx);
	if (err)
		action(ctx);
	return err;
}

void kunit_remove_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	struct kunit_resource *res = find_action(test, action, ctx);
	if (!res)
		return;
	res->free = nullptr;	// forget it: released without running
	kunit_remove_resource(test, res);
	kunit_put_resource(res);
}

void kunit_release_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	struct kunit_resource *res = find_action(test, action, ctx);
	if (!res)
		return;
	kunit_remove_resource(test, res);
	kunit_put_resource(res);	// the last reference: runs the action
}

void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size, gfp_t gfp)
{
	size_t bytes;
	if (__builtin_mul_overflow(n, size, &bytes))
		return nullptr;
	void *data = kmalloc(bytes, gfp);
	if (!data)
		return nullptr;
	if (gfp & __GFP_ZERO)
		memset(data, 0, bytes);
	if (kunit_add_action_or_reset(test, kfree_action, data))
		return nullptr;
	return data;
}

void kunit_kfree(struct kunit *test, const void *ptr)
{
	if (ptr)
		kunit_release_action(test, kfree_action, const_cast<void *>(ptr));
}

void kunit_kfree_const(struct kunit *test, const void *x)
{
	kunit_kfree(test, x);
}

const char *kunit_kstrdup_const(struct kunit *test, const char *str, gfp_t gfp)
{
	return kunit_kstrdup(test, str, gfp);
}

void kunit_cleanup(struct kunit *test)
{
	ensure_list(test);
	// Not a list_for_each: releasing one resource may remove others.
	while (!list_empty(&test->resources))
		kunit_remove_resource(test, resource_of(test->resources.prev));
	kcshim::kunit::set_current_test(nullptr);
}

}  // extern "C"
