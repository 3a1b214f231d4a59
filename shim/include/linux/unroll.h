/* SPDX-License-Identifier: GPL-2.0 */
/* Loop unrolling hints (6.13): a pragma before a loop; UNROLL(n, MACRO, args) repeats MACRO. */
#ifndef _KCSHIM_LINUX_UNROLL_H
#define _KCSHIM_LINUX_UNROLL_H

#include <linux/args.h>
#include <linux/stringify.h>

#ifdef __clang__
#define __kcshim_unroll(n)	_Pragma(__stringify(clang loop unroll_count(n)))
#define unrolled_full		_Pragma("clang loop unroll(full)")
#define unrolled_none		_Pragma("clang loop unroll(disable)")
#define unrolled		_Pragma("clang loop unroll(enable)")
#else
#define __kcshim_unroll(n)	_Pragma(__stringify(GCC unroll n))
#define unrolled_full		_Pragma("GCC unroll 65534")
#define unrolled_none		_Pragma("GCC unroll 1")
#define unrolled		_Pragma("GCC unroll 8")
#endif
#define unrolled_count(n)	__kcshim_unroll(n)

#define UNROLL(N, MACRO, args...)	CONCATENATE(__KCSHIM_UNROLL_, N)(MACRO, args)
#define __KCSHIM_UNROLL_0(MACRO, args...)
#define __KCSHIM_UNROLL_1(MACRO, args...) __KCSHIM_UNROLL_0(MACRO, args) MACRO(0, args)
#define __KCSHIM_UNROLL_2(MACRO, args...) __KCSHIM_UNROLL_1(MACRO, args) MACRO(1, args)
#define __KCSHIM_UNROLL_3(MACRO, args...) __KCSHIM_UNROLL_2(MACRO, args) MACRO(2, args)
#define __KCSHIM_UNROLL_4(MACRO, args...) __KCSHIM_UNROLL_3(MACRO, args) MACRO(3, args)
#define __KCSHIM_UNROLL_5(MACRO, args...) __KCSHIM_UNROLL_4(MACRO, args) MACRO(4, args)
#define __KCSHIM_UNROLL_6(MACRO, args...) __KCSHIM_UNROLL_5(MACRO, args) MACRO(5, args)
#define __KCSHIM_UNROLL_7(MACRO, args...) __KCSHIM_UNROLL_6(MACRO, args) MACRO(6, args)
#define __KCSHIM_UNROLL_8(MACRO, args...) __KCSHIM_UNROLL_7(MACRO, args) MACRO(7, args)
#define __KCSHIM_UNROLL_9(MACRO, args...) __KCSHIM_UNROLL_8(MACRO, args) MACRO(8, args)
#define __KCSHIM_UNROLL_10(MACRO, args...) __KCSHIM_UNROLL_9(MACRO, args) MACRO(9, args)
#define __KCSHIM_UNROLL_11(MACRO, args...) __KCSHIM_UNROLL_10(MACRO, args) MACRO(10, args)
#define __KCSHIM_UNROLL_12(MACRO, args...) __KCSHIM_UNROLL_11(MACRO, args) MACRO(11, args)
#define __KCSHIM_UNROLL_13(MACRO, args...) __KCSHIM_UNROLL_12(MACRO, args) MACRO(12, args)
#define __KCSHIM_UNROLL_14(MACRO, args...) __KCSHIM_UNROLL_13(MACRO, args) MACRO(13, args)
#define __KCSHIM_UNROLL_15(MACRO, args...) __KCSHIM_UNROLL_14(MACRO, args) MACRO(14, args)
#define __KCSHIM_UNROLL_16(MACRO, args...) __KCSHIM_UNROLL_15(MACRO, args) MACRO(15, args)
#define __KCSHIM_UNROLL_17(MACRO, args...) __KCSHIM_UNROLL_16(MACRO, args) MACRO(16, args)
#define __KCSHIM_UNROLL_18(MACRO, args...) __KCSHIM_UNROLL_17(MACRO, args) MACRO(17, args)
#define __KCSHIM_UNROLL_19(MACRO, args...) __KCSHIM_UNROLL_18(MACRO, args) MACRO(18, args)
#define __KCSHIM_UNROLL_20(MACRO, args...) __KCSHIM_UNROLL_19(MACRO, args) MACRO(19, args)
#define __KCSHIM_UNROLL_21(MACRO, args...) __KCSHIM_UNROLL_20(MACRO, args) MACRO(20, args)
#define __KCSHIM_UNROLL_22(MACRO, args...) __KCSHIM_UNROLL_21(MACRO, args) MACRO(21, args)
#define __KCSHIM_UNROLL_23(MACRO, args...) __KCSHIM_UNROLL_22(MACRO, args) MACRO(22, args)
#define __KCSHIM_UNROLL_24(MACRO, args...) __KCSHIM_UNROLL_23(MACRO, args) MACRO(23, args)
#define __KCSHIM_UNROLL_25(MACRO, args...) __KCSHIM_UNROLL_24(MACRO, args) MACRO(24, args)
#define __KCSHIM_UNROLL_26(MACRO, args...) __KCSHIM_UNROLL_25(MACRO, args) MACRO(25, args)
#define __KCSHIM_UNROLL_27(MACRO, args...) __KCSHIM_UNROLL_26(MACRO, args) MACRO(26, args)
#define __KCSHIM_UNROLL_28(MACRO, args...) __KCSHIM_UNROLL_27(MACRO, args) MACRO(27, args)
#define __KCSHIM_UNROLL_29(MACRO, args...) __KCSHIM_UNROLL_28(MACRO, args) MACRO(28, args)
#define __KCSHIM_UNROLL_30(MACRO, args...) __KCSHIM_UNROLL_29(MACRO, args) MACRO(29, args)
#define __KCSHIM_UNROLL_31(MACRO, args...) __KCSHIM_UNROLL_30(MACRO, args) MACRO(30, args)
#define __KCSHIM_UNROLL_32(MACRO, args...) __KCSHIM_UNROLL_31(MACRO, args) MACRO(31, args)

#endif
