/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_RCUPDATE_H
#define _KCSHIM_LINUX_RCUPDATE_H

#include <linux/compiler.h>

#define rcu_read_lock()			do { } while (0)
#define rcu_read_unlock()		do { } while (0)
#define rcu_dereference(p)		READ_ONCE(p)
#define rcu_dereference_protected(p, c)	(p)
#define rcu_access_pointer(p)		READ_ONCE(p)
#define rcu_assign_pointer(p, v)	__atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define RCU_INIT_POINTER(p, v)		((p) = (v))
#define synchronize_rcu()		do { } while (0)

#endif
