// SPDX-License-Identifier: GPL-2.0
// The kernel's own tcrypt.ko in Debian's user-mode Linux, booted by afalg's UmlGuest (the one
// UML launcher). The guest runs as the invoking user over the host's files, so the script only
// writes inside the guest's private work directory (removed afterwards).
#pragma once

#include <chrono>
#include <string>

#include "tcrypt_modes.h"

namespace kcshim::speed {

struct UmlResult {
	std::string kernel_release;	// "6.1.176"
	std::string log;		// the guest's dmesg after the run
	int insmod_status = 0;		// modprobe's exit status (tcrypt always fails with -EAGAIN)
};

// The release of the installed UML modules (/usr/lib/uml/modules/<release>); throws Error when
// user-mode-linux or its tcrypt.ko is not installed.
std::string uml_release();

// Boots UML, loads tcrypt.ko with the mode's parameters (the drivers it requests autoload) and
// returns the log. Kills the guest after timeout. Throws Error when the guest cannot start,
// times out, or tcrypt.ko is missing.
UmlResult run_tcrypt_in_uml(const TcryptParams &p, const std::string &uml_binary,
			    std::chrono::seconds timeout);

}  // namespace kcshim::speed
