// SPDX-License-Identifier: GPL-2.0
// Reads tcrypt output back into TcryptLines: kcshim's own, or a kernel log (dmesg with or without
// "[ time] " stamps, 6.1's split result lines). Each line is matched with the kernel's own format
// string through sscanf, so anything that parses here has tcrypt's shape.
#pragma once

#include <string_view>
#include <vector>

#include "tools/speed/tcrypt_run.h"

namespace kcshim::speed {

// secs is the run's sec= (a hash line prints only opers/sec; bcount is rebuilt as opers * secs).
std::vector<TcryptLine> parse_tcrypt_log(std::string_view log, unsigned int secs);

// What a line prints as its rate, the number both sides of a comparison are read in:
// hash opers/sec (bcount / secs) or cipher operations per second; cycles per operation in
// cycles mode (cycles / 8 for hash, (cycles + 4) / 8 for cipher).
double printed_rate(const TcryptLine &l);

}  // namespace kcshim::speed
