// SPDX-License-Identifier: GPL-2.0
/*
 * A module that others use, as cast5_generic is for cast5-avx: built once per side with its own
 * SIDE_VALUE, as a patch's before and after would differ.
 */
#include <linux/export.h>
#include <linux/module.h>

#include "side_fixture.h"

u32 side_fixture_value(void)
{
	return SIDE_VALUE;
}
EXPORT_SYMBOL_GPL(side_fixture_value);

const u32 side_fixture_table[2] = { SIDE_VALUE * 10, SIDE_VALUE * 100 };
EXPORT_SYMBOL_GPL(side_fixture_table);

MODULE_LICENSE("GPL");
