// SPDX-License-Identifier: GPL-2.0
#include "shim/src/module/elf_file.h"

#include "shim/src/module/host_elf.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace kcshim {

namespace {

// The host's ELF class: what the dynamic loader maps (ElfW, from <link.h>).
using Ehdr = ElfW(Ehdr);
using Shdr = ElfW(Shdr);
using Phdr = ElfW(Phdr);
constexpr const char *host_class_name = host_class == ELFCLASS64 ? "64-bit" : "32-bit";

// A module is a few MiB at most; a bigger file is not one.
constexpr std::uint64_t max_module_size = std::uint64_t(1) << 30;

struct File {
	std::span<const std::uint8_t> bytes;

	bool contains(std::uint64_t off, std::uint64_t len) const
	{
		return off <= bytes.size() && len <= bytes.size() - off;
	}
	// The entry at off, copied out: the file's offsets need not be aligned for it.
	template <typename T>
	T at(std::uint64_t off) const
	{
		T v;
		memcpy(&v, bytes.data() + off, sizeof(v));
		return v;
	}
	std::string extent(std::uint64_t off, std::uint64_t len) const
	{
		// appended piece by piece: gcc 12 -O3 warns -Wrestrict on "[" + std::string
		std::string s = "[";
		s += std::to_string(off) + ", +" + std::to_string(len) + ") of a ";
		s += std::to_string(bytes.size()) + "-byte file";
		return s;
	}
};

std::string check_sections(const File &f, const Ehdr &eh)
{
	if (!eh.e_shoff && !eh.e_shnum)
		return {};
	if (eh.e_shentsize != sizeof(Shdr))
		return "bad section header table: entry size " + std::to_string(eh.e_shentsize);
	std::uint64_t len = std::uint64_t(eh.e_shnum) * sizeof(Shdr);
	if (!f.contains(eh.e_shoff, len))
		return "bad section header table: " + f.extent(eh.e_shoff, len) +
		       " (truncated or corrupt)";
	if (eh.e_shnum && eh.e_shstrndx >= eh.e_shnum)
		return "bad section header table: name table index " + std::to_string(eh.e_shstrndx);
	for (unsigned int i = 0; i < eh.e_shnum; i++) {
		auto sh = f.at<Shdr>(eh.e_shoff + i * sizeof(Shdr));
		if (sh.sh_type != SHT_NOBITS && !f.contains(sh.sh_offset, sh.sh_size))
			return "section " + std::to_string(i) + " lies outside the file: " +
			       f.extent(sh.sh_offset, sh.sh_size) + " (truncated or corrupt)";
	}
	return {};
}

std::string check_segments(const File &f, const Ehdr &eh)
{
	if (!eh.e_phnum)
		return "no program headers";
	if (eh.e_phentsize != sizeof(Phdr))
		return "bad program header table: entry size " + std::to_string(eh.e_phentsize);
	std::uint64_t len = std::uint64_t(eh.e_phnum) * sizeof(Phdr);
	if (!f.contains(eh.e_phoff, len))
		return "bad program header table: " + f.extent(eh.e_phoff, len) +
		       " (truncated or corrupt)";
	for (unsigned int i = 0; i < eh.e_phnum; i++) {
		auto ph = f.at<Phdr>(eh.e_phoff + i * sizeof(Phdr));
		if (ph.p_type == PT_NULL)
			continue;
		if (!f.contains(ph.p_offset, ph.p_filesz))
			return "segment " + std::to_string(i) + " lies outside the file: " +
			       f.extent(ph.p_offset, ph.p_filesz) + " (truncated or corrupt)";
		if (ph.p_type == PT_LOAD && ph.p_filesz > ph.p_memsz)
			return "segment " + std::to_string(i) + " has more bytes in the file than in memory";
	}
	return {};
}

}  // namespace

std::string read_module_file(const std::string &path, std::vector<std::uint8_t> *out)
{
	int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return strerror(errno);
	struct FdCloser {
		int fd;
		~FdCloser() { close(fd); }
	} closer{fd};
	struct stat st;
	if (fstat(fd, &st))
		return strerror(errno);
	if (S_ISDIR(st.st_mode))
		return "is a directory";
	if (!S_ISREG(st.st_mode))
		return "not a regular file";
	if (st.st_size == 0)
		return "empty file";
	if (std::uint64_t(st.st_size) > max_module_size)
		return "too large for a module (" + std::to_string(st.st_size) + " bytes)";
	out->resize(st.st_size);
	std::size_t got = 0;
	while (got < out->size()) {
		ssize_t n = read(fd, out->data() + got, out->size() - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return strerror(errno);
		if (n == 0)
			break;
		got += n;
	}
	out->resize(got);	// a file that shrank meanwhile is checked as it was read
	return {};
}

std::string check_elf(std::span<const std::uint8_t> bytes, std::uint16_t *type)
{
	File f{bytes};
	if (bytes.size() < SELFMAG || memcmp(bytes.data(), ELFMAG, SELFMAG))
		return "not an ELF file";
	if (bytes.size() < sizeof(Ehdr))
		return "truncated: " + std::to_string(bytes.size()) + " bytes, shorter than an ELF header";
	auto eh = f.at<Ehdr>(0);
	if (eh.e_ident[EI_CLASS] != host_class || eh.e_ident[EI_DATA] != ELFDATA2LSB)
		return std::string("not a ") + host_class_name + " little-endian ELF file";
	if (eh.e_machine != host_machine)
		return "built for another machine (e_machine " + std::to_string(eh.e_machine) + ")";
	if (eh.e_type != ET_DYN && eh.e_type != ET_REL)
		return "neither a shared object nor a relocatable object (e_type " +
		       std::to_string(eh.e_type) + ")";
	if (std::string why = check_sections(f, eh); !why.empty())
		return why;
	if (eh.e_type == ET_DYN)
		if (std::string why = check_segments(f, eh); !why.empty())
			return why;
	*type = eh.e_type;
	return {};
}

std::string check_module_file(const std::string &path, std::vector<std::uint8_t> *bytes,
			      std::uint16_t *type)
{
	std::string why = read_module_file(path, bytes);
	return why.empty() ? check_elf(*bytes, type) : why;
}

}  // namespace kcshim
