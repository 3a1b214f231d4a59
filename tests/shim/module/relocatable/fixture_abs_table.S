/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fixture_abs_table (fixture.h), the module's own constant table, for either architecture's
 * assembly (fixture_abs_asm.S, fixture_abs_asm_arm64.S) to reach as kernel assembly reaches its
 * tables.
 */
#include <linux/linkage.h>

#include "fixture.h"

.section .rodata, "a"
.p2align 6
SYM_DATA_START(fixture_abs_table)
	.set i, 0
	.rept 256
	.byte FIXTURE_ABS_TABLE(i)
	.set i, i + 1
	.endr
SYM_DATA_END(fixture_abs_table)
