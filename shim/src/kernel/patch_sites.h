// SPDX-License-Identifier: GPL-2.0
// The list of static keys and static calls (kcshim/patch_sites.h). A site announced while a
// module is being mapped (its constructors run inside dlopen() or the relocatable loader) is
// pending until the loader adopts it for that module; the rest belong to kcshim itself.
#pragma once

namespace kcshim {

struct Module;

// Sites announced since the last call become the module's.
void adopt_patch_sites(Module *mod);
// The module's sites are forgotten (it is being unloaded): their memory goes with it.
void drop_patch_sites(const Module *mod);

}  // namespace kcshim
