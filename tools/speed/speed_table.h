// SPDX-License-Identifier: GPL-2.0
// The text view of a SpeedReport: one row per template line, per driver MB/s and cycles/byte,
// and for every driver but the baseline its speed ratio against the baseline; kernel:* columns
// (MB/s only) come with a note that they include syscall cost.
#pragma once

#include <string>

#include "tools/speed/report.h"

namespace kcshim::speed {

std::string speed_table(const SpeedReport &r);

}  // namespace kcshim::speed
