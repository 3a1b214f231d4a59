/* SPDX-License-Identifier: GPL-2.0 */
#include <asm/byteorder.h>
