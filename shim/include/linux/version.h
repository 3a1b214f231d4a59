/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel generation a file is compiled for. `kcshim build` reads it from the tree's Makefile
 * (VERSION, PATCHLEVEL, SUBLEVEL) and passes -DKCSHIM_LINUX_VERSION_CODE; code built without a
 * tree (kcshim itself, our own drivers) gets the newest generation the shim emulates. The shim's
 * headers pick with it where 6.x and 7.x differ; the core reads each module's value through
 * struct module (shim/src/crypto/generation.h).
 */
#ifndef _KCSHIM_LINUX_VERSION_H
#define _KCSHIM_LINUX_VERSION_H

#define KERNEL_VERSION(a, b, c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))

#ifdef KCSHIM_LINUX_VERSION_CODE
#define LINUX_VERSION_CODE	KCSHIM_LINUX_VERSION_CODE
#else
#define LINUX_VERSION_CODE	KERNEL_VERSION(7, 3, 0)
#endif
#define LINUX_VERSION_MAJOR	(LINUX_VERSION_CODE >> 16)
#define LINUX_VERSION_PATCHLEVEL	((LINUX_VERSION_CODE >> 8) & 0xff)
#define LINUX_VERSION_SUBLEVEL	(LINUX_VERSION_CODE & 0xff)

#endif
