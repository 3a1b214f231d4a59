/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_FIPS_H
#define _KCSHIM_LINUX_FIPS_H
#define fips_enabled 0
#endif
