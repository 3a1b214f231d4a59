/* SPDX-License-Identifier: GPL-2.0 */
/* Kernels before 6.12 include the unaligned helpers from here. */
#include <linux/unaligned.h>
