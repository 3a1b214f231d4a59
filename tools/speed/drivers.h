// SPDX-License-Identifier: GPL-2.0
// Which drivers implement an algorithm: every registered, non-internal driver whose cra_name is
// the name (built-in, accelerated variants, modules loaded with -m, renamed "<driver>@SUFFIX").
// For a template name such as "cbc(cast5)" the instances over every cast5 cipher driver are
// made first, as the kernel would make them on demand.
#pragma once

#include <string>
#include <vector>

namespace kcshim::speed {

enum class AlgKind { hash, skcipher };

struct Drivers {
	AlgKind kind;
	std::vector<std::string> names;	// highest priority first
};

// Throws Error "unknown algorithm: NAME" when no driver implements it.
Drivers find_drivers(const std::string &cra_name);

// The cra_name of an exact driver name (template instances included); throws Error if unknown.
std::string cra_name_of(const std::string &driver);

// The default baseline: the "-generic" driver (the kernel's C reference) if there is one.
std::string default_baseline(const std::vector<std::string> &drivers);

}  // namespace kcshim::speed
