/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_STDDEF_H
#define _KCSHIM_LINUX_STDDEF_H

#include <stddef.h>

#define sizeof_field(TYPE, MEMBER)	sizeof((((TYPE *)0)->MEMBER))
/* The offset of the first byte after MEMBER. */
#define offsetofend(TYPE, MEMBER)	(offsetof(TYPE, MEMBER) + sizeof_field(TYPE, MEMBER))

#endif
