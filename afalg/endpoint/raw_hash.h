/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Thin raw AF_ALG hash, used only where libkcapi cannot express the
 * operation: accept() on an op socket with MSG_MORE pending clones the
 * partial hash state (the kernel's export/import), and libkcapi has no call
 * for that.  Error convention: -errno with the Stage of the failing syscall.
 */
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "afalg/endpoint/syscall_deadline.h"
#include "afalg/endpoint/kernel_endpoint.h"

namespace kcshim::afalg {

Result<HashCloneResult> raw_hash_clone(std::string_view alg, std::optional<ByteView> key,
				       std::span<const ByteView> prefix, ByteView suffix_a,
				       ByteView suffix_b, const Deadline &deadline);

} /* namespace kcshim::afalg */
