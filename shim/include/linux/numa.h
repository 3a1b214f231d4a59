/* SPDX-License-Identifier: GPL-2.0 */
/* A process has one memory node: every *_node() allocation takes NUMA_NO_NODE's path. */
#ifndef _KCSHIM_LINUX_NUMA_H
#define _KCSHIM_LINUX_NUMA_H

#define MAX_NUMNODES	1
#define NUMA_NO_NODE	(-1)

#endif
