// SPDX-License-Identifier: GPL-2.0
// Not a test: sha512-neon against sha512-generic in MB/s, hashing 8 KiB updates for about a second
// of thread CPU time each (the `kcshim speed` CLI is not cross-built). Under qemu-arm the numbers
// are the emulator's, not the hardware's: only their ratio says something, and little.
// Usage: qemu-arm -cpu cortex-a8 -L / sha512_neon_bench [SECONDS]
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <vector>

#include <crypto/hash.h>
#include <kcshim/kcshim.h>
#include <linux/err.h>

namespace {

double cpu_seconds()
{
	timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// MB/s (10^6 bytes) of 8 KiB updates into one descriptor, or a negative number on failure.
double measure(const char *driver, double seconds)
{
	struct crypto_shash *tfm = crypto_alloc_shash(driver, 0, 0);
	if (IS_ERR(tfm)) {
		std::fprintf(stderr, "%s: %s\n", driver, kcshim_last_error());
		return -1;
	}
	const size_t size = (sizeof(struct shash_desc) + crypto_shash_descsize(tfm) + 63) & ~size_t(63);
	std::unique_ptr<void, decltype(&std::free)> mem(std::aligned_alloc(64, size), &std::free);
	auto *desc = static_cast<struct shash_desc *>(mem.get());
	desc->tfm = tfm;
	std::vector<u8> buf(8192, 0x5a), out(crypto_shash_digestsize(tfm));
	double bytes = 0, start = cpu_seconds(), elapsed;
	crypto_shash_init(desc);
	do {
		for (int i = 0; i < 16; i++)
			crypto_shash_update(desc, buf.data(), static_cast<unsigned int>(buf.size()));
		bytes += 16.0 * static_cast<double>(buf.size());
		elapsed = cpu_seconds() - start;
	} while (elapsed < seconds);
	crypto_shash_final(desc, out.data());
	crypto_free_shash(tfm);
	return bytes / elapsed / 1e6;
}

}  // namespace

int main(int argc, char **argv)
{
	const double seconds = argc > 1 ? std::atof(argv[1]) : 1.0;
	kcshim_init();
	const double neon = measure("sha512-neon", seconds);
	const double generic = measure("sha512-generic", seconds);
	if (neon < 0 || generic < 0)
		return 1;
	std::printf("sha512-neon     %8.2f MB/s\nsha512-generic  %8.2f MB/s\nratio           %8.2f\n",
		    neon, generic, neon / generic);
	return 0;
}
