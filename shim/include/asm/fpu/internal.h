/* SPDX-License-Identifier: GPL-2.0 */
#include <asm/fpu/api.h>
