/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Device tables a module declares for autoloading (MODULE_DEVICE_TABLE). kcshim loads what it is
 * told to, so the tables are only declared: arm64 drivers list the CPU features they need.
 */
#ifndef _KCSHIM_LINUX_MOD_DEVICETABLE_H
#define _KCSHIM_LINUX_MOD_DEVICETABLE_H

#include <linux/types.h>

/* MODULE_DEVICE_TABLE(cpu, ...): an entry per feature, ended by an empty one */
struct cpu_feature {
	__u16 feature;
};

#endif
