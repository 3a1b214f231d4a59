/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The completion callback's argument (<linux/crypto.h>, included by it, not by drivers): the
 * request itself up to 6.2, the request's data from 6.3 on. kcshim completes every request
 * before it returns, so it never calls one; code of both generations compiles without
 * incompatible-pointer errors (GCC 14 makes them errors).
 */
#ifndef _KCSHIM_GENERATION_COMPLETION_H
#define _KCSHIM_GENERATION_COMPLETION_H

#include <linux/version.h>

struct crypto_async_request;

/*
 * __kcshim_completion_req: what a callback gets; __kcshim_completion_arg(areq): that, for the
 * request areq; __kcshim_completion_data(req): the data set with the callback (crypto_req_done()).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
typedef void *__kcshim_completion_req;
#define __kcshim_completion_arg(areq) ((areq)->data)
#define __kcshim_completion_data(req) (req)
#else
typedef struct crypto_async_request *__kcshim_completion_req;
#define __kcshim_completion_arg(areq) (areq)
#define __kcshim_completion_data(req) ((req)->data)
#endif

typedef void (*crypto_completion_t)(__kcshim_completion_req req, int err);

#endif
