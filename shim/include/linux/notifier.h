/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_NOTIFIER_H
#define _KCSHIM_LINUX_NOTIFIER_H

#include <linux/errno.h>
#include <linux/rwsem.h>
#include <linux/types.h>

struct notifier_block;
typedef int (*notifier_fn_t)(struct notifier_block *nb, unsigned long action, void *data);

struct notifier_block {
	notifier_fn_t notifier_call;
	struct notifier_block *next;
	int priority;
};

#define NOTIFY_DONE		0x0000
#define NOTIFY_OK		0x0001
#define NOTIFY_STOP_MASK	0x8000
#define NOTIFY_BAD		(NOTIFY_STOP_MASK | 0x0002)
#define NOTIFY_STOP		(NOTIFY_OK | NOTIFY_STOP_MASK)

/* A chain whose callbacks may sleep: calls share the lock, changes take it alone. */
struct blocking_notifier_head {
	struct rw_semaphore rwsem;
	struct notifier_block *head;
};

#define BLOCKING_NOTIFIER_INIT(name)	{ .rwsem = __RWSEM_INITIALIZER((name).rwsem), .head = NULL }
#define BLOCKING_NOTIFIER_HEAD(name)	struct blocking_notifier_head name = BLOCKING_NOTIFIER_INIT(name)

/* Inserted before the first block of lower priority, so higher priorities are called first. */
static inline int blocking_notifier_chain_register(struct blocking_notifier_head *nh,
						   struct notifier_block *nb)
{
	struct notifier_block **at;

	down_write(&nh->rwsem);
	for (at = &nh->head; *at && (*at)->priority >= nb->priority; at = &(*at)->next)
		;
	nb->next = *at;
	*at = nb;
	up_write(&nh->rwsem);
	return 0;
}

/* -ENOENT when nb is not on the chain. */
static inline int blocking_notifier_chain_unregister(struct blocking_notifier_head *nh,
						     struct notifier_block *nb)
{
	struct notifier_block **at;
	int err = -ENOENT;

	down_write(&nh->rwsem);
	for (at = &nh->head; *at; at = &(*at)->next) {
		if (*at == nb) {
			*at = nb->next;
			err = 0;
			break;
		}
	}
	up_write(&nh->rwsem);
	return err;
}

/* Calls each block in turn until one returns NOTIFY_STOP_MASK; the last one's result. */
static inline int blocking_notifier_call_chain(struct blocking_notifier_head *nh,
					       unsigned long val, void *v)
{
	int ret = NOTIFY_DONE;
	struct notifier_block *nb;

	down_read(&nh->rwsem);
	for (nb = nh->head; nb; nb = nb->next) {
		ret = nb->notifier_call(nb, val, v);
		if (ret & NOTIFY_STOP_MASK)
			break;
	}
	up_read(&nh->rwsem);
	return ret;
}

#endif
