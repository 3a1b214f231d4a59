/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LocalAfalg: the KernelEndpoint of the kernel this process runs on, through
 * libkcapi (kcapi_glue.h) plus one raw AF_ALG call for accept()-cloning.
 * Works wherever socket(AF_ALG) works and crypto_user is loaded.
 */
#pragma once

#include <chrono>

#include "afalg/endpoint/kernel_endpoint.h"

namespace kcshim::afalg {

class LocalAfalg final : public KernelEndpoint {
public:
	/* @timeout bounds every call; on expiry it fails with -ETIMEDOUT. */
	explicit LocalAfalg(std::chrono::milliseconds timeout = std::chrono::seconds(10));

	/*
	 * Can this process use AF_ALG?  0 if yes, else -EAFNOSUPPORT (no AF_ALG
	 * in this kernel) or another -errno from socket(AF_ALG).
	 */
	static int probe();

	/*
	 * Empty, or why AF_ALG here answers only some names: from 7.x on,
	 * /proc/sys/crypto/af_alg_restrict 1 (the default) binds an allowlist
	 * (sha512, hmac(sha256), ...) and fails every other name, driver names
	 * included, with ENOENT; 2 binds nothing.
	 */
	static std::string restriction();

	Result<std::vector<DriverInfo>> list() override;
	Result<Bytes> hash(std::string_view alg, std::optional<ByteView> key,
			   std::span<const ByteView> pieces) override;
	Result<HashCloneResult> hash_clone(std::string_view alg, std::optional<ByteView> key,
					   std::span<const ByteView> prefix,
					   ByteView suffix_a, ByteView suffix_b) override;
	Result<SkcipherResult> skcipher(std::string_view alg, bool encrypt, ByteView key,
					ByteView iv, std::span<const ByteView> pieces) override;
	/* Also -EINVAL/limit when duration_ms is over half of @timeout. */
	Result<SpeedResult> speed(const SpeedRequest &q) override;
	Result<std::string> kernel_version() override;

private:
	std::chrono::milliseconds timeout_;
};

} /* namespace kcshim::afalg */
