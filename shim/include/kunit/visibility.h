/* SPDX-License-Identifier: GPL-2.0 */
/* Symbols a test reaches in the code it tests: KUnit is always "enabled" in kcshim. */
#ifndef _KUNIT_VISIBILITY_H
#define _KUNIT_VISIBILITY_H

#define VISIBLE_IF_KUNIT
#define EXPORT_SYMBOL_IF_KUNIT(symbol)

#endif
