/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Exports. Modules are built with default visibility and bound with -Bsymbolic, so what a module
 * exports is reachable from modules loaded after it while its own calls stay inside it (two builds
 * of one driver can be loaded side by side). Nothing else is needed here.
 */
#ifndef _KCSHIM_LINUX_EXPORT_H
#define _KCSHIM_LINUX_EXPORT_H

#define __kcshim_nothing	extern int __kcshim_unused_declaration
#define EXPORT_SYMBOL(sym)		__kcshim_nothing
#define EXPORT_SYMBOL_GPL(sym)		__kcshim_nothing
#define EXPORT_SYMBOL_NS(sym, ns)	__kcshim_nothing
#define EXPORT_SYMBOL_NS_GPL(sym, ns)	__kcshim_nothing
#define EXPORT_SYMBOL_FOR_MODULES(sym, mods) __kcshim_nothing
#define THIS_MODULE_EXPORTS_NOTHING

#endif
