// SPDX-License-Identifier: GPL-2.0
#include "shim/src/crypto/generation.h"

#include <array>

#include <linux/module.h>
#include <linux/version.h>

#include "shim/src/module/module_loader.h"

namespace kcshim {

namespace {

// Oldest first; a version follows the last row at or below it.
constexpr std::array generations{
	Generation{KERNEL_VERSION(6, 1, 0), true, false, CRYPTO_ALG_TYPE_MASK},
	Generation{KERNEL_VERSION(6, 7, 0), true, false, 0xe},
	Generation{KERNEL_VERSION(6, 8, 0), false, false, 0xe},
	Generation{KERNEL_VERSION(6, 16, 0), false, true, 0xe},
};

}  // namespace

const Generation &generation_for(unsigned int linux_version)
{
	if (!linux_version)
		return generations.back();
	const Generation *g = &generations.front();
	for (const auto &row : generations)
		if (row.version <= linux_version)
			g = &row;
	return *g;
}

const Generation &generation_of(const crypto_alg *alg)
{
	const struct module *kmod = alg ? alg->cra_module : nullptr;
	if (!kmod) {
		if (Module *m = loading_module())
			kmod = m->kmod;
	}
	return generation_for(kmod ? kmod->linux_version : 0);
}

}  // namespace kcshim
