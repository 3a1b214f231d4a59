/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KCSHIM_LINUX_HIGHMEM_H
#define _KCSHIM_LINUX_HIGHMEM_H

#include <linux/mm.h>

#define kmap(page)			page_address(page)
#define kunmap(page)			do { } while (0)
#define kmap_atomic(page)		page_address(page)
#define kunmap_atomic(addr)		do { } while (0)
#define kmap_local_page(page)		page_address(page)
#define kunmap_local(addr)		do { } while (0)

#endif
