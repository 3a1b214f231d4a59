// SPDX-License-Identifier: GPL-2.0
// The relocatable-module (ET_REL) loader: random and mutated objects (seeded with real ones)
// are parsed, laid out, resolved and relocated into the low 2 GiB -- or refused with a line --
// and unloaded. The module's own code never runs (RelocatableModule::Code::not_run): what a
// module's constructors do is the module's business, not the loader's.
#include <cstdlib>
#include <vector>

#include "shim/src/module/module_binding.h"
#include "shim/src/module/relocatable_module.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	using kcshim::RelocatableModule;
	// bound as a module loaded without a suffix and with no other module is: to the process
	static const kcshim::SideResolver side("", {});
	auto resolve = [](const std::string &name, bool weak, std::uintptr_t *address) {
		kcshim::Import import;
		std::string why = side.resolve(name, weak, &import);
		*address = import.address;
		return why;
	};
	std::string why;
	auto mod = RelocatableModule::load("fuzz.ko", std::vector<std::uint8_t>(data, data + size),
					   resolve, &why, RelocatableModule::Code::not_run);
	if (!mod && why.empty())
		abort();	// a refusal must say why
	if (mod)
		(void)mod->symbol("__this_module");
	return 0;
}
