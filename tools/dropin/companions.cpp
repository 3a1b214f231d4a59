// SPDX-License-Identifier: GPL-2.0
// The companion-file table: what else a driver file needs linked into its module, as the tree's
// Makefiles would pull it in (a library object or a *_common.c another config symbol builds).
// Each entry lists alternatives, tree-relative, first existing wins: files move between releases.
#include <array>
#include <string_view>

#include "dropin.h"

namespace kcshim::dropin {

namespace {

struct Companion {
	std::string_view driver;	// the driver's file name
	std::string_view needs;		// "a|b": the first of a, b that the tree has
};

constexpr std::array table{
	Companion{"sha1_generic.c", "lib/crypto/sha1.c|lib/sha1.c"},
	Companion{"sha256_generic.c", "lib/crypto/sha256.c"},
	Companion{"cast5_generic.c", "crypto/cast_common.c"},
	Companion{"cast6_generic.c", "crypto/cast_common.c"},
	Companion{"blowfish_generic.c", "crypto/blowfish_common.c"},
	Companion{"twofish_generic.c", "crypto/twofish_common.c"},
	Companion{"ghash-generic.c", "lib/crypto/gf128mul.c|crypto/gf128mul.c"},
	Companion{"polyval-generic.c", "lib/crypto/gf128mul.c|crypto/gf128mul.c"},
	Companion{"crct10dif_generic.c", "crypto/crct10dif_common.c|lib/crc-t10dif.c"},
	Companion{"aes_generic.c", "lib/crypto/aes.c"},
	Companion{"aes_ti.c", "lib/crypto/aes.c"},
	Companion{"des_generic.c", "lib/crypto/des.c"},
	Companion{"sm3_generic.c", "lib/crypto/sm3.c|crypto/sm3.c"},
	Companion{"sm4_generic.c", "lib/crypto/sm4.c|crypto/sm4.c"},
	Companion{"poly1305_generic.c", "lib/crypto/poly1305-donna64.c"},
	Companion{"poly1305_generic.c", "lib/crypto/poly1305.c"},
	Companion{"nhpoly1305.c", "lib/crypto/poly1305-donna64.c"},
	Companion{"xxhash_generic.c", "lib/xxhash.c"},
	Companion{"crc32_generic.c", "lib/crc32.c"},
	Companion{"crc32c_generic.c", "lib/crc32.c"},
	Companion{"crc64_rocksoft_generic.c", "lib/crc64.c"},
	// x86 glue over its assembly (tier 2); the generic fallbacks they call come via --extra.
	Companion{"sha1_ssse3_glue.c", "arch/x86/crypto/sha1_ssse3_asm.S"},
	Companion{"sha1_ssse3_glue.c", "arch/x86/crypto/sha1_avx2_x86_64_asm.S"},
	Companion{"sha1_ssse3_glue.c", "arch/x86/crypto/sha1_ni_asm.S"},
	Companion{"sha256_ssse3_glue.c", "arch/x86/crypto/sha256-ssse3-asm.S"},
	Companion{"sha256_ssse3_glue.c", "arch/x86/crypto/sha256-avx-asm.S"},
	Companion{"sha256_ssse3_glue.c", "arch/x86/crypto/sha256-avx2-asm.S"},
	Companion{"sha256_ssse3_glue.c", "arch/x86/crypto/sha256_ni_asm.S"},
	Companion{"sha512_ssse3_glue.c", "arch/x86/crypto/sha512-ssse3-asm.S"},
	Companion{"sha512_ssse3_glue.c", "arch/x86/crypto/sha512-avx-asm.S"},
	Companion{"sha512_ssse3_glue.c", "arch/x86/crypto/sha512-avx2-asm.S"},
	Companion{"crct10dif-pclmul_glue.c", "arch/x86/crypto/crct10dif-pcl-asm_64.S"},
	Companion{"crc32-pclmul_glue.c", "arch/x86/crypto/crc32-pclmul_asm.S"},
	Companion{"crc32c-intel_glue.c", "arch/x86/crypto/crc32c-pcl-intel-asm_64.S"},
	Companion{"cast5_avx_glue.c", "arch/x86/crypto/cast5-avx-x86_64-asm_64.S"},
	Companion{"cast6_avx_glue.c", "arch/x86/crypto/cast6-avx-x86_64-asm_64.S"},
	Companion{"serpent_avx2_glue.c", "arch/x86/crypto/serpent-avx2-asm_64.S"},
	Companion{"twofish_avx_glue.c", "arch/x86/crypto/twofish-avx-x86_64-asm_64.S"},
};

}  // namespace

std::vector<fs::path> companions_for(const fs::path &tree, const fs::path &driver)
{
	std::vector<fs::path> out;
	std::string name = driver.filename().string();
	for (const Companion &c : table) {
		if (c.driver != name)
			continue;
		std::string_view rest = c.needs;
		while (!rest.empty()) {
			size_t bar = rest.find('|');
			fs::path candidate(std::string(rest.substr(0, bar)));
			if (fs::exists(tree / candidate)) {
				out.push_back(candidate);
				break;
			}
			rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
		}
	}
	return out;
}

}  // namespace kcshim::dropin
