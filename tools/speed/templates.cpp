// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/templates.h"

#include <array>
#include <cstring>

#include "tools/speed/error.h"

namespace kcshim::speed {

std::string errno_string(int err)
{
	return std::to_string(err) + " (" + std::strerror(err < 0 ? -err : err) + ")";
}

KernelVersion parse_kernel_version(std::string_view text)
{
	if (text == "6.1")
		return KernelVersion::v6_1;
	if (text == "6.12")
		return KernelVersion::v6_12;
	if (text == "7.3")
		return KernelVersion::v7_3;
	throw Error("unsupported kernel version " + std::string(text) + " (use 6.1, 6.12 or 7.3)");
}

const char *kernel_version_name(KernelVersion v)
{
	switch (v) {
	case KernelVersion::v6_1:
		return "6.1";
	case KernelVersion::v6_12:
		return "6.12";
	case KernelVersion::v7_3:
		break;
	}
	return "7.3";
}

std::span<const HashSpeed> generic_hash_speed_template()
{
	// crypto/tcrypt.h, generic_hash_speed_template, without the {0, 0} terminator.
	static constexpr std::array<HashSpeed, 22> lines{{
		{16, 16},
		{64, 16}, {64, 64},
		{256, 16}, {256, 64}, {256, 256},
		{1024, 16}, {1024, 256}, {1024, 1024},
		{2048, 16}, {2048, 256}, {2048, 1024}, {2048, 2048},
		{4096, 16}, {4096, 256}, {4096, 1024}, {4096, 4096},
		{8192, 16}, {8192, 256}, {8192, 1024}, {8192, 4096}, {8192, 8192},
	}};
	return lines;
}

std::span<const unsigned int> cipher_block_sizes(KernelVersion v)
{
	// crypto/tcrypt.c block_sizes[]: the same list in 6.1, 6.12 and 7.3 (5.x had
	// {16, 64, 256, 1024, 1472, 8192}); kept per version so a tree that changes it is one line.
	static constexpr std::array<unsigned int, 7> v6_1{16, 64, 128, 256, 1024, 1420, 4096};
	static constexpr std::array<unsigned int, 7> v6_12{16, 64, 128, 256, 1024, 1420, 4096};
	if (v == KernelVersion::v6_1)
		return v6_1;
	return v6_12;
}

std::span<const unsigned int> speed_key_template(std::string_view name)
{
	static constexpr std::array<unsigned int, 1> t8{8};
	static constexpr std::array<unsigned int, 2> t8_16{8, 16};
	static constexpr std::array<unsigned int, 2> t16_32{16, 32};
	if (name == "speed_template_8")
		return t8;
	if (name == "speed_template_8_16")
		return t8_16;
	if (name == "speed_template_16_32")
		return t16_32;
	throw Error("unknown key-size template " + std::string(name));
}

std::vector<CipherSpeed> cipher_speed_lines(KernelVersion v, std::span<const unsigned int> keysizes,
					    unsigned int cipher_blocksize)
{
	std::vector<CipherSpeed> out;
	unsigned int bsize = cipher_blocksize ? cipher_blocksize : 1;
	unsigned int i = 0;
	for (unsigned int k : keysizes)
		for (unsigned int b : cipher_block_sizes(v))
			out.push_back({i++, k, (b + bsize - 1) / bsize * bsize});
	return out;
}

}  // namespace kcshim::speed
