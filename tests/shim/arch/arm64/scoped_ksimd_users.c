// SPDX-License-Identifier: GPL-2.0
/*
 * scoped_ksimd() as lib/crc/arm64 and lib/crypto/arm64 write it (7.3): a block that returns from
 * inside the section, one that breaks out of it, and one that runs to its end.
 */
#include <asm/simd.h>

int scoped_ksimd_returns_from_inside(int value)
{
	scoped_ksimd()
		return value + 1;
	return 0;
}

int scoped_ksimd_breaks_out(int value)
{
	for (;;) {
		scoped_ksimd() {
			value++;
			break;
		}
		break;
	}
	return value;
}

int scoped_ksimd_runs_to_the_end(int value)
{
	scoped_ksimd()
		value++;
	return value;
}
