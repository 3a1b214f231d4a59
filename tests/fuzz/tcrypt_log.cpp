// SPDX-License-Identifier: GPL-2.0
// tcrypt output read back (kcshim's own, or a kernel's dmesg from user-mode Linux): any text
// parses, and what a line yields can be printed as a rate without dividing by zero. The first
// byte picks sec= (0: cycles mode).
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "tools/speed/tcrypt_parse.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	if (size < 1)
		return 0;
	unsigned int secs = data[0] % 4;
	std::string_view log(reinterpret_cast<const char *>(data + 1), size - 1);
	for (const auto &l : kcshim::speed::parse_tcrypt_log(log, secs)) {
		double rate = kcshim::speed::printed_rate(l);
		if (std::isnan(rate) || rate < 0)
			abort();
	}
	return 0;
}
