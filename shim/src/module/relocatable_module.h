// SPDX-License-Identifier: GPL-2.0
// Relocatable modules (ELF ET_REL, what `ld -r` makes and what a kernel .ko is), loaded the way
// the kernel's module loader loads them: sections laid out in one mapping, relocations applied
// here, each undefined symbol resolved by the caller (the module loader's side rule,
// module_binding.h).
//
// Why: kernel assembly may address its constant tables absolutely (`vmovdqa .Lbswap_mask, %xmm0`,
// an R_X86_64_32S relocation). The kernel can, since modules live in the top 2 GiB; a shared
// object cannot, so `kcshim build` makes such modules relocatable and this loader maps them in the
// low 2 GiB (MAP_32BIT), where a sign-extended 32-bit address reaches them. Calls out of range
// (into libkcshim, libc) go through trampolines, and address loads of outside symbols through
// a GOT built here -- what ld would have done for a shared object.
//
// The image is announced to debuggers through GDB's JIT interface, so `break cast5_ecb_enc_16way`
// and backtraces work as for a dlopen()ed module, and its .eh_frame is registered for unwinders.
//
// Errors are values: load() returns nullptr and sets *error to one line naming what failed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace kcshim {

class RelocatableModule {
public:
	// Whether the module's code runs: its constructors at load, destructors at unload.
	// not_run is for testing the loader alone (tests/fuzz): the loader's job ends at a
	// relocated mapping, and what a module's own code does is the module's business.
	enum class Code { run, not_run };

	// Where an undefined symbol of the module binds: "" and *address (0 for a weak symbol
	// that nothing defines), or why it cannot be bound.
	using Resolve = std::function<std::string(const std::string &name, bool weak,
						  std::uintptr_t *address)>;

	// Loads file, the contents of the ET_REL file at path (named in errors and for
	// debuggers): maps it, resolves its undefined symbols with resolve, relocates it, and
	// runs its constructors (which queue the module's init calls).
	static std::unique_ptr<RelocatableModule> load(const std::string &path,
						       std::vector<std::uint8_t> file,
						       const Resolve &resolve, std::string *error,
						       Code code = Code::run);

	// Its global and weak definitions by name: what modules loaded after it may bind to.
	const std::unordered_map<std::string, std::uintptr_t> &exports() const;

	// The address of a symbol this module defines (global or weak), or nullptr.
	void *symbol(const std::string &name) const;

	// Runs the destructors and unmaps the image; the caller has run the module's exit calls
	// and made sure that no module bound to its symbols is still loaded.
	~RelocatableModule();
	RelocatableModule(const RelocatableModule &) = delete;
	RelocatableModule &operator=(const RelocatableModule &) = delete;

	struct Image;

private:
	explicit RelocatableModule(std::unique_ptr<Image> image);
	std::unique_ptr<Image> image_;
};

}  // namespace kcshim
