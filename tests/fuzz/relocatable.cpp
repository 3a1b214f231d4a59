// SPDX-License-Identifier: GPL-2.0
// The relocatable-module (ET_REL) loader: random and mutated objects (seeded with real ones)
// are parsed, laid out, resolved and relocated into the low 2 GiB -- or refused with a line --
// and unloaded. The module's own code never runs (RelocatableModule::Code::not_run): what a
// module's constructors do is the module's business, not the loader's.
#include <cstdlib>
#include <vector>

#include "relocatable_module.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	using kcshim::RelocatableModule;
	std::string why;
	auto mod = RelocatableModule::load("fuzz.ko", std::vector<std::uint8_t>(data, data + size),
					   &why, RelocatableModule::Code::not_run);
	if (!mod && why.empty())
		abort();	// a refusal must say why
	if (mod)
		(void)mod->symbol("__this_module");
	return 0;
}
