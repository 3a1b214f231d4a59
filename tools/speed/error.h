// SPDX-License-Identifier: GPL-2.0
// kcshim_speed reports failures by throwing speed::Error whose what() is one complete sentence
// for the user ("unknown algorithm: foo"); the CLI prints it as "kcshim: <what>" and exits 1.
// Kernel-API calls inside return -errno as the kernel does; the layer converts at its edge.
#pragma once

#include <stdexcept>
#include <string>

namespace kcshim::speed {

class Error : public std::runtime_error {
public:
	using std::runtime_error::runtime_error;
};

// "-22 (Invalid argument)" for a negative errno.
std::string errno_string(int err);

}  // namespace kcshim::speed
