/* SPDX-License-Identifier: GPL-2.0 */
/* Parser for /proc/crypto: blank-line separated "key : value" blocks. */
#pragma once

#include <string_view>
#include <vector>

#include "afalg/endpoint/kernel_endpoint.h"

namespace kcshim::afalg {

/*
 * Parse the text of /proc/crypto.  Unknown keys are ignored, malformed lines
 * skipped, so a newer kernel's extra fields never break the listing.
 */
std::vector<DriverInfo> parse_proc_crypto(std::string_view text);

/* Read and parse /proc/crypto; -errno/setup if it cannot be read. */
Result<std::vector<DriverInfo>> read_proc_crypto(const char *path = "/proc/crypto");

} /* namespace kcshim::afalg */
