/* SPDX-License-Identifier: GPL-2.0 */
/* Reader-writer semaphores, over a POSIX rwlock (readers share, a writer excludes). */
#ifndef _KCSHIM_LINUX_RWSEM_H
#define _KCSHIM_LINUX_RWSEM_H

#include <pthread.h>

struct rw_semaphore {
	pthread_rwlock_t l;
};

#define __RWSEM_INITIALIZER(name)	{ PTHREAD_RWLOCK_INITIALIZER }
#define DECLARE_RWSEM(name)		struct rw_semaphore name = __RWSEM_INITIALIZER(name)
#define init_rwsem(sem)			pthread_rwlock_init(&(sem)->l, NULL)
#define down_read(sem)			pthread_rwlock_rdlock(&(sem)->l)
#define down_read_trylock(sem)		(pthread_rwlock_tryrdlock(&(sem)->l) == 0)
#define up_read(sem)			pthread_rwlock_unlock(&(sem)->l)
#define down_write(sem)			pthread_rwlock_wrlock(&(sem)->l)
#define down_write_trylock(sem)		(pthread_rwlock_trywrlock(&(sem)->l) == 0)
#define up_write(sem)			pthread_rwlock_unlock(&(sem)->l)

#endif
