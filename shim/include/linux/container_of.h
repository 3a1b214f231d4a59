/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_CONTAINER_OF_H
#define _KCSHIM_LINUX_CONTAINER_OF_H

#include <stddef.h>

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define container_of_const(ptr, type, member) container_of(ptr, type, member)

#endif
