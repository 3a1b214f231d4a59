/* SPDX-License-Identifier: GPL-2.0 */
/* The uapi header (reached from glibc and uapi asm/byteorder.h too), then the kernel's names. */
#include_next <linux/byteorder/little_endian.h>
#include <asm/byteorder.h>
