/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_MUTEX_H
#define _KCSHIM_LINUX_MUTEX_H

#include <pthread.h>

struct mutex {
	pthread_mutex_t m;
};

#define DEFINE_MUTEX(name)	struct mutex name = { PTHREAD_MUTEX_INITIALIZER }
#define mutex_init(l)		pthread_mutex_init(&(l)->m, NULL)
#define mutex_lock(l)		pthread_mutex_lock(&(l)->m)
#define mutex_unlock(l)		pthread_mutex_unlock(&(l)->m)
#define mutex_trylock(l)	(pthread_mutex_trylock(&(l)->m) == 0)
#define mutex_destroy(l)	pthread_mutex_destroy(&(l)->m)

#endif
