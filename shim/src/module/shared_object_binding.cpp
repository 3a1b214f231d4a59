// SPDX-License-Identifier: GPL-2.0
#include "shim/src/module/shared_object_binding.h"

#include <dlfcn.h>
#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <map>

#include "shim/src/module/host_elf.h"
#include "shim/src/module/relocations.h"

namespace kcshim {

namespace {

using Ehdr = ElfW(Ehdr);
using Shdr = ElfW(Shdr);
using Phdr = ElfW(Phdr);
using Sym = ElfW(Sym);
using Word = std::uintptr_t;	// what a symbol-word relocation stores

// The file's tables, read by copy: its offsets need not be aligned for them (check_elf() has
// checked that every section and segment lies inside the file).
struct View {
	std::span<const std::uint8_t> file;

	template <typename T>
	T at(std::uint64_t off) const
	{
		T v;
		memcpy(&v, file.data() + off, sizeof(v));
		return v;
	}
	Ehdr header() const { return at<Ehdr>(0); }
	Shdr section(std::size_t i) const { return at<Shdr>(header().e_shoff + i * sizeof(Shdr)); }
	Phdr segment(std::size_t i) const { return at<Phdr>(header().e_phoff + i * sizeof(Phdr)); }
};

// The relocation at off, as a RELA (a REL's addend 0: it is in the word it relocates).
ElfW(Rela) read_relocation(const View &v, std::uint64_t off, bool rela)
{
	if (rela)
		return v.at<ElfW(Rela)>(off);
	const auto rel = v.at<ElfW(Rel)>(off);
	return {rel.r_offset, rel.r_info, 0};
}

// r_info's halves: ELF64_R_SYM/TYPE or ELF32_R_SYM/TYPE, by the host's class. (The st_info and
// st_other macros are the same for both classes.)
std::size_t relocation_symbol(std::uint64_t info)
{
	return host_class == ELFCLASS64 ? ELF64_R_SYM(info) : ELF32_R_SYM(info);
}

unsigned int relocation_type(std::uint64_t info)
{
	return host_class == ELFCLASS64 ? ELF64_R_TYPE(info) : ELF32_R_TYPE(info);
}

bool symbol_word(unsigned int type)
{
	switch (host_machine) {
	case EM_X86_64:
		return relocation::symbol_word_x86_64(type);
	case EM_AARCH64:
		return relocation::symbol_word_aarch64(type);
	default:
		return relocation::symbol_word_arm(type);
	}
}

// The dynamic symbol table: its symbols and their names.
struct Symbols {
	std::size_t index = 0;	// its section
	std::vector<Sym> syms;
	std::vector<std::string> names;
};

std::string read_symbols(const View &v, Symbols *out)
{
	const Ehdr eh = v.header();
	for (std::size_t i = 0; i < eh.e_shnum; i++) {
		const Shdr sh = v.section(i);
		if (sh.sh_type != SHT_DYNSYM)
			continue;
		if (sh.sh_entsize != sizeof(Sym) || sh.sh_link >= eh.e_shnum)
			return "bad dynamic symbol table";
		const Shdr strtab = v.section(sh.sh_link);
		if (strtab.sh_type != SHT_STRTAB)
			return "bad string table for dynamic symbols";
		out->index = i;
		for (std::size_t k = 0; k < sh.sh_size / sizeof(Sym); k++) {
			Sym s = v.at<Sym>(sh.sh_offset + k * sizeof(Sym));
			std::string name;
			if (s.st_name < strtab.sh_size) {
				const char *p = reinterpret_cast<const char *>(v.file.data()) +
						strtab.sh_offset + s.st_name;
				name.assign(p, strnlen(p, strtab.sh_size - s.st_name));
			}
			out->syms.push_back(s);
			out->names.push_back(std::move(name));
		}
		return {};
	}
	return "no dynamic symbol table";
}

// Where the module's words may be written: its writable segments, and the part of them that the
// dynamic loader made read-only after relocating it (rounded down to pages at both ends, as it
// does).
struct Memory {
	std::vector<std::pair<Word, Word>> writable;	// [start, end)
	Word relro_start = 0, relro_end = 0;

	bool relro(Word p) const { return p >= relro_start && p + sizeof(Word) <= relro_end; }
	bool may_write(Word p) const
	{
		for (auto [start, end] : writable)
			if (p >= start && end - start >= sizeof(Word) && p <= end - sizeof(Word))
				return true;
		return relro(p);
	}
};

Memory memory_of(const View &v, Word base)
{
	Memory m;
	const Word page = static_cast<Word>(sysconf(_SC_PAGESIZE));
	for (std::size_t i = 0; i < v.header().e_phnum; i++) {
		const Phdr ph = v.segment(i);
		Word start = base + ph.p_vaddr, end = start + ph.p_memsz;
		if (ph.p_type == PT_LOAD && (ph.p_flags & PF_W))
			m.writable.emplace_back(start, end);
		if (ph.p_type == PT_GNU_RELRO) {
			m.relro_start = start / page * page;
			m.relro_end = end / page * page;
		}
	}
	return m;
}

// One word to rewrite: at where, to hold word.
struct Patch {
	Word where, word;
};

std::string write_patches(const Memory &mem, const std::vector<Patch> &patches)
{
	bool relro = false;
	for (const Patch &p : patches)
		relro |= mem.relro(p.where);
	void *start = reinterpret_cast<void *>(mem.relro_start);
	const std::size_t len = mem.relro_end - mem.relro_start;
	if (relro && mprotect(start, len, PROT_READ | PROT_WRITE))
		return std::string("cannot open its read-only relocations: ") + strerror(errno);
	for (const Patch &p : patches)
		memcpy(reinterpret_cast<void *>(p.where), &p.word, sizeof(Word));
	if (relro && mprotect(start, len, PROT_READ))
		return std::string("cannot close its read-only relocations: ") + strerror(errno);
	return {};
}

}  // namespace

std::string bind_shared_object(void *handle, std::span<const std::uint8_t> file,
			       const SideResolver &resolver, Exports *exports,
			       std::vector<Import> *imports)
{
	struct link_map *map = nullptr;
	if (dlinfo(handle, RTLD_DI_LINKMAP, &map) || !map)
		return std::string("cannot find where it is mapped: ") + dlerror();
	const Word base = map->l_addr;
	const View v{file};
	Symbols symbols;
	if (std::string why = read_symbols(v, &symbols); !why.empty())
		return why;

	// Its definitions, and for each undefined symbol: where the rule binds it, and where the
	// dynamic loader did (the first definition in the global scope, as dlsym() finds it).
	struct Rebind {
		Word loader, rule;
	};
	std::map<std::size_t, Rebind> rebind;	// by symbol index
	for (std::size_t i = 1; i < symbols.syms.size(); i++) {
		const Sym &s = symbols.syms[i];
		const std::string &name = symbols.names[i];
		const unsigned int bind = ELF64_ST_BIND(s.st_info);
		const unsigned int visibility = ELF64_ST_VISIBILITY(s.st_other);
		if (name.empty() || ELF64_ST_TYPE(s.st_info) == STT_TLS ||
		    (bind != STB_GLOBAL && bind != STB_WEAK))
			continue;
		if (s.st_shndx != SHN_UNDEF) {
			if (visibility == STV_DEFAULT || visibility == STV_PROTECTED)
				exports->emplace(name, s.st_shndx == SHN_ABS ? s.st_value
									   : base + s.st_value);
			continue;
		}
		Import import;
		if (std::string why = resolver.resolve(name, bind == STB_WEAK, &import); !why.empty())
			return why;
		const Word loader = reinterpret_cast<Word>(dlsym(RTLD_DEFAULT, name.c_str()));
		if (import.address != loader)
			rebind[i] = {loader, import.address};
		imports->push_back(std::move(import));
	}
	if (rebind.empty())
		return {};

	// Every relocation against a rebound symbol: a word the dynamic loader set to its binding
	// plus the addend (a RELA's, or for REL the one the word held before), now the rule's.
	const Memory mem = memory_of(v, base);
	std::vector<Patch> patches;
	const Ehdr eh = v.header();
	for (std::size_t i = 0; i < eh.e_shnum; i++) {
		const Shdr sh = v.section(i);
		const bool rela = sh.sh_type == SHT_RELA;
		if ((!rela && sh.sh_type != SHT_REL) || sh.sh_link != symbols.index)
			continue;
		const std::size_t size = rela ? sizeof(ElfW(Rela)) : sizeof(ElfW(Rel));
		if (sh.sh_entsize != size)
			return "bad relocation section " + std::to_string(i);
		for (std::size_t k = 0; k < sh.sh_size / size; k++) {
			const ElfW(Rela) r = read_relocation(v, sh.sh_offset + k * size, rela);
			auto it = rebind.find(relocation_symbol(r.r_info));
			if (it == rebind.end())
				continue;
			const std::string &name = symbols.names[it->first];
			const unsigned int type = relocation_type(r.r_info);
			const Word where = base + r.r_offset;
			if (!symbol_word(type))
				return "relocation type " + std::to_string(type) + " against " + name +
				       " cannot be rebound to its side";
			if (!mem.may_write(where))
				return "relocation against " + name + " outside its writable segments";
			Word word;
			memcpy(&word, reinterpret_cast<const void *>(where), sizeof(word));
			const Word addend = rela ? static_cast<Word>(r.r_addend) : word - it->second.loader;
			if (word != it->second.loader + addend)
				return "the dynamic loader bound " + name + " other than expected";
			patches.push_back({where, it->second.rule + addend});
		}
	}
	return write_patches(mem, patches);
}

}  // namespace kcshim
