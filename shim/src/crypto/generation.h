// SPDX-License-Identifier: GPL-2.0
// Kernel generations: where the crypto API's rules changed between the trees kcshim serves (6.1,
// 6.12, 7.x), one table, read here and nowhere else. A driver follows the rules of the generation
// its module was compiled for (struct module's linux_version, from the tree's Makefile); built-in
// drivers and modules without a version follow the newest.
#pragma once

#include <linux/crypto.h>

namespace kcshim {

struct Generation {
	unsigned int version;		// LINUX_VERSION_CODE the rules start at
	bool hash_alignmask;		// shash drivers may set cra_alignmask (gone in 6.8)
	bool hash_zero_desc;		// the API wipes the desc after finup/digest (6.16)
	// the type mask of an skcipher lookup: 0xf, then 0xe from 6.7, when lskciphers (type 4)
	// became skciphers too; a template's create() reads its own type from type & mask
	uint32_t skcipher_type_mask;
};

// The rules for a driver: its module's generation, else the loading module's, else the newest.
const Generation &generation_of(const crypto_alg *alg);
// The rules of one LINUX_VERSION_CODE.
const Generation &generation_for(unsigned int linux_version);

}  // namespace kcshim
