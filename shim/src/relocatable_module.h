// SPDX-License-Identifier: GPL-2.0
// Relocatable modules (ELF ET_REL, what `ld -r` makes and what a kernel .ko is), loaded the way
// the kernel's module loader loads them: sections laid out in one mapping, relocations applied
// here, symbols resolved against earlier modules and then the process.
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
#include <memory>
#include <string>
#include <vector>

namespace kcshim {

class RelocatableModule {
public:
	// Whether the module's code runs: its constructors at load, destructors at unload.
	// not_run is for testing the loader alone (tests/fuzz): the loader's job ends at a
	// relocated mapping, and what a module's own code does is the module's business.
	enum class Code { run, not_run };

	// Loads file, the contents of the ET_REL file at path (named in errors and for
	// debuggers): maps, resolves and relocates it, and runs its constructors (which queue the
	// module's init calls).
	static std::unique_ptr<RelocatableModule> load(const std::string &path,
						       std::vector<std::uint8_t> file,
						       std::string *error, Code code = Code::run);

	// The address of a symbol this module defines (global or weak), or nullptr.
	void *symbol(const std::string &name) const;

	// True while a later relocatable module is bound to this one's symbols: as the kernel
	// refuses to unload a module others use, the caller refuses with -EBUSY.
	bool in_use() const;

	// Runs the destructors and gives up the image (unmapped once no later module is bound
	// to it); the caller has run the module's exit calls.
	~RelocatableModule();
	RelocatableModule(const RelocatableModule &) = delete;
	RelocatableModule &operator=(const RelocatableModule &) = delete;

	struct Image;

private:
	explicit RelocatableModule(std::unique_ptr<Image> image);
	std::unique_ptr<Image> image_;
};

}  // namespace kcshim
