// SPDX-License-Identifier: GPL-2.0
// Whether this process runs on the CPU it was built for or under qemu's user-mode emulation (an
// arm64 kcshim run from an x86-64 host with qemu-aarch64). Under emulation every figure measures
// qemu's translation of the code, not the architecture's hardware: the speed tools and kcshim kunit's benchmarks say so
// wherever they print one.
#pragma once

#include <string>

namespace kcshim::cross {

// "" on the hardware the program was built for; otherwise what runs it, e.g. "qemu-user: an arm64
// program on an x86-64 host's CPU (AMD EPYC)".
std::string user_mode_emulation();

// The CPU /proc/cpuinfo names ("AMD EPYC"; an arm's "CPU implementer 0x41, part 0xd03"), for
// reports that state where they were measured; "unknown" when it names none.
std::string cpu_model_name();

// The line the tables and tcrypt runs print first under emulation ("" on hardware).
std::string emulation_note(const std::string &emulation);

}  // namespace kcshim::cross
