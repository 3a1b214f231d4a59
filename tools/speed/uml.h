// SPDX-License-Identifier: GPL-2.0
// A small launcher for Debian's user-mode Linux: boots linux.uml with the host's / as a hostfs
// root, runs one shell script as init, and powers off. We use it to load the kernel's own
// tcrypt.ko. The guest runs as the invoking user over the host's files, so the script only
// writes inside the private directory the launcher creates (and removes).
#pragma once

#include <chrono>
#include <string>

#include "tcrypt_modes.h"

namespace kcshim::speed {

struct UmlResult {
	std::string kernel_release;	// "6.1.176"
	std::string log;		// the guest's dmesg after the run
	int insmod_status = 0;		// insmod's exit status (tcrypt always fails with -EAGAIN)
};

// The release of the installed UML modules (/usr/lib/uml/modules/<release>); throws Error when
// user-mode-linux is not installed.
std::string uml_release();

// Boots UML, modprobes what the mode needs, runs `insmod tcrypt.ko <params>` and returns the log.
// Kills the guest (its process group) after timeout. Throws Error when the guest cannot start,
// times out, or tcrypt.ko is missing.
UmlResult run_tcrypt_in_uml(const TcryptParams &p, const std::string &uml_binary,
			    std::chrono::seconds timeout);

}  // namespace kcshim::speed
