// SPDX-License-Identifier: GPL-2.0
// 32-bit arm: its modules are shared objects only (relocatable ones are x86-64 and arm64), so of
// relocations.h only the dynamic relocations the side rule rebinds, as the ARM ELF ABI names them.
#include "shim/src/module/relocations.h"

#include <elf.h>

namespace kcshim::relocation {

bool symbol_word_arm(unsigned int type)
{
	return type == R_ARM_ABS32 || type == R_ARM_GLOB_DAT || type == R_ARM_JUMP_SLOT;
}

}  // namespace kcshim::relocation
