/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What side_provider.c exports and side_consumer.c uses: a function, a table and a pointer, so
 * that the consumer reaches the provider through each kind of binding a module has (a PLT slot, a
 * GOT slot, an absolute pointer in its data). Each provider build says which side it is.
 */
#ifndef _SIDE_FIXTURE_H
#define _SIDE_FIXTURE_H

#include <linux/types.h>

/* SIDE_VALUE of the provider build: 1 "before", 2 "after", 7 unsuffixed */
u32 side_fixture_value(void);
extern const u32 side_fixture_table[2];

#endif
