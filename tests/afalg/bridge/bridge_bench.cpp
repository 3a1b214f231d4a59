// SPDX-License-Identifier: GPL-2.0
/*
 * bridge_bench: AF_ALG operations per second through the kernel endpoint
 * (local AF_ALG, or the UML guest through the bridge) for one hash.
 *
 *   bridge_bench [ALG] [SECONDS] [SIZE...]     default: sha3-256 2 256 8192
 *
 * Two rows per size:
 *   single  one HASH request per operation: through the bridge each is a
 *           full round trip with the message on the wire, so small sizes
 *           measure the channel, not the algorithm;
 *   batch   BATCH requests of 256 one-shot cases each (batch.h): messages
 *           are generated on both ends, one round trip per 256 operations.
 */
#include <chrono>
#include <cstdio>
#include <string>

#include "tests/afalg/shared_kernel.h"

using namespace kcshim::afalg;

int main(int argc, char **argv)
{
	std::string alg = argc > 1 ? argv[1] : "sha3-256";
	double secs = argc > 2 ? std::stod(argv[2]) : 2.0;
	std::vector<size_t> sizes;
	for (int i = 3; i < argc; i++)
		sizes.push_back(std::stoul(argv[i]));
	if (sizes.empty())
		sizes = {256, 8192};

	auto t0 = std::chrono::steady_clock::now();
	std::string why;
	bool skip = false;
	KernelEndpoint *ep = test::kernel(why, skip);
	if (!ep) {
		std::fprintf(stderr, "bridge_bench: %s\n", why.c_str());
		return skip ? 77 : 2;
	}
	auto ready = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
	auto kv = ep->kernel_version();
	std::printf("kernel %s via %s, ready after %.2f s\n", kv ? kv->c_str() : "?",
		    test::kernel_description().c_str(), ready);

	for (size_t size : sizes) {
		Bytes m(size, 0xa5);
		long ops = 0;
		auto start = std::chrono::steady_clock::now();
		double el = 0;
		do {
			auto r = hash_oneshot(*ep, alg, m);
			if (!r) {
				std::fprintf(stderr, "bridge_bench: %s\n", describe(r.error()).c_str());
				return 1;
			}
			ops++;
			el = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
		} while (el < secs);
		std::printf("%-12s %6zu B  single  %8.0f ops/s  %8.3f MB/s  (%ld ops in %.2f s)\n",
			    alg.c_str(), size, ops / el, ops * size / el / 1e6, ops, el);

		BatchRequest req{alg, 64, {}};
		for (std::uint64_t i = 0; i < 256; i++) {
			BatchCase c;
			c.msg = {i + 1, static_cast<std::uint32_t>(size)};
			c.splits = {static_cast<std::uint32_t>(size)};
			req.cases.push_back(c);
		}
		ops = 0;
		start = std::chrono::steady_clock::now();
		do {
			auto r = ep->batch(req, std::chrono::steady_clock::now() + std::chrono::seconds(10));
			if (!r || r->empty() || (*r)[0].err) {
				std::fprintf(stderr, "bridge_bench: batch failed: %s\n",
					     r ? "case error" : describe(r.error()).c_str());
				return 1;
			}
			ops += static_cast<long>(r->size());
			el = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
		} while (el < secs);
		std::printf("%-12s %6zu B  batch   %8.0f ops/s  %8.3f MB/s  (%ld ops in %.2f s)\n",
			    alg.c_str(), size, ops / el, ops * size / el / 1e6, ops, el);
	}
	return 0;
}
