// SPDX-License-Identifier: GPL-2.0
/* Compile test: a kernel-style file that includes every shim header and uses their core API. */
#include <asm/byteorder.h>
#include <asm/cpufeature.h>
#include <asm/simd.h>
#include <asm/unaligned.h>
#if defined(__x86_64__)
#include <asm/cpu_device_id.h>
#include <asm/cpufeatures.h>
#include <asm/fpu/api.h>
#endif
#if defined(__aarch64__)
#include <asm/hwcap.h>
#include <asm/neon.h>
#endif
#include <crypto/aead.h>
#include <crypto/algapi.h>
#include <crypto/hash.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/cipher.h>
#include <crypto/internal/hash.h>
#include <crypto/internal/simd.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <crypto/skcipher.h>
#include <crypto/utils.h>
#include <kunit/resource.h>
#include <kunit/run-in-irq-context.h>
#include <kunit/test-bug.h>
#include <kunit/test.h>
#include <kunit/visibility.h>
#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/cache.h>
#include <linux/completion.h>
#include <linux/compiler.h>
#include <linux/cpufeature.h>
#include <linux/crypto.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/fips.h>
#include <linux/highmem.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/linkage.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/numa.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/random.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/rwsem.h>
#include <linux/scatterlist.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stddef.h>
#include <linux/log2.h>
#include <linux/string.h>
#include <linux/timex.h>
#include <linux/types.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

static DEFINE_PER_CPU(u64, test_counter);

int all_headers_use(void);

int all_headers_use(void)
{
	u8 buf[16] = { 0 };
	u64 v = rol64(0x0123456789abcdefULL, 8);

	const u32 *cp = (const u32 *)(buf + 3);

	put_unaligned_le64(v, buf + 1);
	/* get_unaligned() of a const pointer: the kernel's form must compile warning-free */
	v += get_unaligned(cp);
	this_cpu_write(test_counter, get_unaligned_be64(buf + 1));
	BUILD_BUG_ON(sizeof(u32) != 4);
	memzero_explicit(buf, sizeof(buf));
	/* 7.x: allocations sized by their type, the GFP flags optional */
	u64 *obj = kzalloc_obj(*obj);
	struct aead_request *req = kmalloc_obj(struct aead_request, GFP_ATOMIC);

	kfree(obj);
	aead_request_free(req);
	return min_t(int, ARRAY_SIZE(buf), 8) + (int)cpu_to_be32(1) * 0 +
	       (int)(this_cpu_read(test_counter) & 0) + !!crypto_simd_usable();
}
