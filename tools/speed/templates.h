// SPDX-License-Identifier: GPL-2.0
// The speed templates of the kernel's crypto/tcrypt.c and tcrypt.h, as facts read from the trees
// (tools/kernel-tree/prepare 6.1|6.12|7.3): the hash (block, update) pairs, the cipher block sizes and
// the key-size lists. A template line is what tcrypt prints one "test N" line for.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kcshim::speed {

// The kernel tree whose tcrypt.c we reproduce; it decides block sizes, printk details and which
// modes exist (7.x dropped crct10dif's, 47 and 320, with crct10dif's shash).
enum class KernelVersion { v6_1, v6_12, v7_3 };

// Parses "6.1" / "6.12" / "7.3"; throws Error otherwise.
KernelVersion parse_kernel_version(std::string_view text);
const char *kernel_version_name(KernelVersion v);

struct HashSpeed {
	unsigned int blen;	// bytes hashed per operation
	unsigned int plen;	// bytes per update; plen == blen means one digest() call
};

// generic_hash_speed_template: 22 lines, test 0..21 (identical in 6.1 and 6.12).
std::span<const HashSpeed> generic_hash_speed_template();

// tcrypt.c's block_sizes[] for skcipher speed tests (before round_up to the cipher's block size).
std::span<const unsigned int> cipher_block_sizes(KernelVersion v);

// tcrypt.h key-size templates by name ("speed_template_8_16" -> {8, 16}), in bytes.
std::span<const unsigned int> speed_key_template(std::string_view name);

// One cipher template line: tcrypt's running index i, key size and (rounded) block size.
struct CipherSpeed {
	unsigned int test;
	unsigned int keysize;	// bytes
	unsigned int blen;	// round_up(block size, cipher block size), as 6.x tcrypt does
};

// The lines test_skcipher_speed() prints for one direction: keysizes outer, block sizes inner.
std::vector<CipherSpeed> cipher_speed_lines(KernelVersion v, std::span<const unsigned int> keysizes,
					    unsigned int cipher_blocksize);

// TVMEMSIZE * PAGE_SIZE: the largest buffer tcrypt's speed tests use.
inline constexpr unsigned int tvmem_size = 4 * 4096;

}  // namespace kcshim::speed
