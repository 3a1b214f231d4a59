// SPDX-License-Identifier: GPL-2.0
// The relocatable (ET_REL) module loader, through kcshim_load_module(): absolute table addressing
// in the low 2 GiB, calls out of reach, outside tables copied within reach, modules using each
// other's exports, refusal of undefined symbols and damaged files, unload and reload, and the
// image announced to debuggers. The fixtures are described in fixture.h.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <dlfcn.h>
#include <elf.h>
#include <stdlib.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <kcshim/kcshim.h>

#include "tests/shim/module/relocatable/fixture.h"
#include "tests/support/kernel_api.h"
#include "tests/support/modules.h"

// GDB's JIT interface, as libkcshim defines it (gdb/jit.h): the images it announces.
extern "C" {
struct jit_code_entry {
	jit_code_entry *next_entry;
	jit_code_entry *prev_entry;
	const char *symfile_addr;
	std::uint64_t symfile_size;
};
struct jit_descriptor {
	std::uint32_t version;
	std::uint32_t action_flag;
	jit_code_entry *relevant_entry;
	jit_code_entry *first_entry;
};
extern jit_descriptor __jit_debug_descriptor;
}

namespace {

using kcshim::test::Desc;
using kcshim::test::Module;
using kcshim::test::module_bindings;
using kcshim::test::Shash;
using Digest = std::array<std::uint8_t, 8>;
using Bytes = std::vector<std::uint8_t>;

constexpr std::uintptr_t low_2gib = std::uintptr_t(1) << 31;

// Where the loader must place the image: x86-64 in the low 2 GiB (absolute 32-bit addressing);
// arm64 within adrp's +/-4 GiB of the shared-object module whose table it reaches.
void expect_in_reach(std::uintptr_t addr)
{
#if defined(__x86_64__)
	EXPECT_LT(addr, low_2gib);
#else
	auto table = reinterpret_cast<std::uintptr_t>(dlsym(RTLD_DEFAULT, "fixture_sbox"));
	ASSERT_NE(table, 0u) << "fixture_table.so is not loaded";
	std::uintptr_t distance = addr > table ? addr - table : table - addr;
	EXPECT_LT(distance, std::uintptr_t(1) << 32) << "fixture_sbox at " << table;
#endif
}

// fixture.h's walk, computed here from the table formulas.
Digest reference(const Digest &iv, const Bytes &msg)
{
	Digest h = iv;
	std::uint64_t count = 0;
	for (std::uint8_t b : msg) {
		unsigned int j = count++ & 7;
		h[j] = FIXTURE_ABS_TABLE(h[j] ^ b) ^ FIXTURE_SBOX(h[(j + 1) & 7]);
	}
	return h;
}

Digest abs_iv()
{
	Digest iv;
	for (unsigned int i = 0; i < iv.size(); i++)
		iv[i] = FIXTURE_SBOX(i);
	return iv;
}

Digest dep_iv()
{
	Digest iv;
	for (unsigned int i = 0; i < iv.size(); i++)
		iv[i] = FIXTURE_ABS_TABLE(i);
	return iv;
}

Bytes message(std::size_t len)
{
	Bytes m(len);
	for (std::size_t i = 0; i < len; i++)
		m[i] = static_cast<std::uint8_t>(i * 31 + len);
	return m;
}

const std::size_t lengths[] = {0, 1, 7, 8, 9, 63, 64, 65, 1000};

Bytes read_file(const std::string &path)
{
	std::ifstream in(path, std::ios::binary);
	return Bytes(std::istreambuf_iterator<char>(in), {});
}

bool has_driver(const char *driver)
{
	auto match = [](const struct kcshim_alg_info *info, void *arg) {
		return std::string(info->driver) == static_cast<const char *>(arg) ? 1 : 0;
	};
	return kcshim_for_each_alg(match, const_cast<char *>(driver)) == 1;
}

std::size_t driver_count()
{
	std::size_t n = 0;
	kcshim_for_each_alg([](const struct kcshim_alg_info *, void *arg) {
		++*static_cast<std::size_t *>(arg);
		return 0;
	}, &n);
	return n;
}

// The images the loader has announced to gdb, newest first.
std::vector<const jit_code_entry *> jit_entries()
{
	std::vector<const jit_code_entry *> out;
	for (const jit_code_entry *e = __jit_debug_descriptor.first_entry; e; e = e->next_entry)
		out.push_back(e);
	return out;
}

// Where a debugger reading entry's object file finds the symbol name: its section's sh_addr
// (set by the loader to the load address) plus its value. nullopt when the object has no such
// symbol.
std::optional<std::uintptr_t> jit_symbol(const jit_code_entry *entry, const std::string &name)
{
	const auto *base = reinterpret_cast<const std::uint8_t *>(entry->symfile_addr);
	const auto *eh = reinterpret_cast<const Elf64_Ehdr *>(base);
	const auto *sh = reinterpret_cast<const Elf64_Shdr *>(base + eh->e_shoff);
	for (unsigned int i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type != SHT_SYMTAB)
			continue;
		const auto *syms = reinterpret_cast<const Elf64_Sym *>(base + sh[i].sh_offset);
		const char *strtab = reinterpret_cast<const char *>(base + sh[sh[i].sh_link].sh_offset);
		for (std::size_t k = 0; k < sh[i].sh_size / sizeof(Elf64_Sym); k++)
			if (name == strtab + syms[k].st_name && syms[k].st_shndx != SHN_UNDEF &&
			    syms[k].st_shndx < eh->e_shnum)
				return sh[syms[k].st_shndx].sh_addr + syms[k].st_value;
	}
	return std::nullopt;
}

// Every test starts with the shared-object table module loaded (fixture_abs.ko needs it) and a
// scratch directory for damaged copies of the fixtures.
class RelocatableModule : public testing::Test {
protected:
	void SetUp() override
	{
		kcshim_init();
		struct kcshim_module *m = nullptr;
		ASSERT_EQ(kcshim_load_module(FIXTURE_TABLE_SO, nullptr, &m), 0) << kcshim_last_error();
		table_.reset(m);
		std::string tmpl = testing::TempDir() + "kcshim-relocatable-XXXXXX";
		ASSERT_TRUE(mkdtemp(tmpl.data())) << tmpl;
		scratch_ = tmpl;
	}

	void TearDown() override
	{
		if (!scratch_.empty())
			std::filesystem::remove_all(scratch_);
	}

	// Loads path; fails the test (and returns null) when that fails.
	static Module load(const char *path)
	{
		struct kcshim_module *m = nullptr;
		int err = kcshim_load_module(path, nullptr, &m);
		EXPECT_EQ(err, 0) << path << ": " << kcshim_last_error();
		return Module(err ? nullptr : m);
	}

	// kcshim_load_module()'s error for path, which must not load; *why gets its message.
	static int load_error(const std::string &path, std::string *why)
	{
		struct kcshim_module *m = nullptr;
		int err = kcshim_load_module(path.c_str(), nullptr, &m);
		*why = kcshim_last_error();
		if (!err)
			kcshim_unload_module(m);
		return err;
	}

	// Writes bytes to the scratch directory as name; returns the path.
	std::string write(const std::string &name, const Bytes &bytes)
	{
		std::string path = scratch_ + "/" + name;
		std::ofstream out(path, std::ios::binary | std::ios::trunc);
		out.write(reinterpret_cast<const char *>(bytes.data()),
			  static_cast<std::streamsize>(bytes.size()));
		return path;
	}

	Module table_;
	std::string scratch_;
};

// Digests of each test length, whole and fed in 3-byte updates, against the reference.
void expect_digests(const char *alg, const char *driver, const Digest &iv)
{
	Shash tfm(crypto_alloc_shash(alg, 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get())) << alg << ": " << kcshim_last_error();
	EXPECT_STREQ(crypto_shash_driver_name(tfm.get()), driver);
	ASSERT_EQ(crypto_shash_digestsize(tfm.get()), 8u);
	for (std::size_t len : lengths) {
		Bytes msg = message(len);
		Digest want = reference(iv, msg);
		Bytes got = kcshim::test::digest(tfm.get(), msg);
		EXPECT_EQ(got, Bytes(want.begin(), want.end())) << alg << ", length " << len;

		Desc d(tfm.get());
		ASSERT_EQ(crypto_shash_init(d.get()), 0);
		for (std::size_t off = 0; off < len; off += 3) {
			auto n = static_cast<unsigned int>(std::min<std::size_t>(3, len - off));
			ASSERT_EQ(crypto_shash_update(d.get(), msg.data() + off, n), 0);
		}
		Digest split{};
		ASSERT_EQ(crypto_shash_final(d.get(), split.data()), 0);
		EXPECT_EQ(split, want) << alg << ", length " << len << " in 3-byte updates";
		// final's memset() (a call out of reach, through a trampoline) wiped the state
		const auto *ctx = static_cast<const std::uint8_t *>(shash_desc_ctx(d.get()));
		EXPECT_EQ(Bytes(ctx, ctx + sizeof(struct fixture_abs_ctx)),
			  Bytes(sizeof(struct fixture_abs_ctx), 0))
			<< alg << ", length " << len << ": state not wiped";
	}
}

TEST_F(RelocatableModule, AbsoluteTablesAndOutsideCalls)
{
	Module abs = load(FIXTURE_ABS_KO);
	ASSERT_TRUE(abs);
	EXPECT_STREQ(kcshim_module_name(abs.get()), "fixture_abs");
	EXPECT_TRUE(has_driver("fixture-abs-asm"));
	expect_digests("fixture-abs", "fixture-abs-asm", abs_iv());
}

TEST_F(RelocatableModule, ImageInLow2GiBAndAnnouncedToDebuggers)
{
	std::size_t before = jit_entries().size();
	Module abs = load(FIXTURE_ABS_KO);
	ASSERT_TRUE(abs);
	auto entries = jit_entries();
	ASSERT_EQ(entries.size(), before + 1);
	EXPECT_EQ(__jit_debug_descriptor.version, 1u);
	EXPECT_EQ(__jit_debug_descriptor.relevant_entry, entries.front());

	// The debugger's view: the module's own table and function where the loader put them, low.
	auto table = jit_symbol(entries.front(), "fixture_abs_table");
	auto update = jit_symbol(entries.front(), "fixture_abs_update_asm");
	ASSERT_TRUE(table && update);
	expect_in_reach(*table);
	expect_in_reach(*update);
	const auto *t = reinterpret_cast<const std::uint8_t *>(*table);
	for (unsigned int i = 0; i < 256; i++)
		ASSERT_EQ(t[i], FIXTURE_ABS_TABLE(i)) << "fixture_abs_table[" << i << "] at " << *table;

	// The driver's structure (.data) and callbacks (.text) are in the same image.
	Shash tfm(crypto_alloc_shash("fixture-abs", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
	struct shash_alg *alg = crypto_shash_alg(tfm.get());
	expect_in_reach(reinterpret_cast<std::uintptr_t>(alg));
	expect_in_reach(reinterpret_cast<std::uintptr_t>(alg->update));
	tfm.reset();

	abs.reset();
	EXPECT_EQ(jit_entries().size(), before) << "the image is still announced after unload";
	EXPECT_EQ(__jit_debug_descriptor.action_flag, 2u);
}

TEST_F(RelocatableModule, SecondModuleUsesFirstModulesExports)
{
	Module abs = load(FIXTURE_ABS_KO);
	ASSERT_TRUE(abs);
	Module dep = load(FIXTURE_DEP_KO);
	ASSERT_TRUE(dep);
	expect_digests("fixture-dep", "fixture-dep-rel", dep_iv());
	expect_digests("fixture-abs", "fixture-abs-asm", abs_iv());
}

// As for shared-object modules (glibc keeps a library mapped while a later one is bound to it):
// unloading the first module takes its drivers away, but its code and data stay mapped for the
// second, and no module loaded afterwards binds to it.
// As the kernel refuses to unload a module another one uses, the first module is busy while the
// second is bound to it; once the second is gone, the first unloads and takes its memory along.
TEST_F(RelocatableModule, FirstModuleIsBusyWhileSecondUsesIt)
{
	std::size_t images = jit_entries().size();
	struct kcshim_module *abs = nullptr;
	ASSERT_EQ(kcshim_load_module(FIXTURE_ABS_KO, nullptr, &abs), 0) << kcshim_last_error();
	Module first(abs);
	Module dep = load(FIXTURE_DEP_KO);
	ASSERT_TRUE(dep);
	EXPECT_EQ(kcshim_unload_module(abs), -EBUSY);
	EXPECT_THAT(kcshim_last_error(), testing::HasSubstr("in use by a module loaded after it"));
	EXPECT_TRUE(has_driver("fixture-abs-asm"));
	expect_digests("fixture-dep", "fixture-dep-rel", dep_iv());
	EXPECT_EQ(jit_entries().size(), images + 2);

	dep.reset();
	first.reset();
	EXPECT_FALSE(has_driver("fixture-abs-asm"));
	EXPECT_EQ(jit_entries().size(), images);
	std::string why;
	EXPECT_EQ(load_error(FIXTURE_DEP_KO, &why), -ENOEXEC);
	EXPECT_THAT(why, testing::HasSubstr("undefined symbol fixture_abs_"));
}

// Two builds of one driver side by side, as `kcshim speed` compares them: each instance binds
// to its own definitions, and each driver gets its suffix.
TEST_F(RelocatableModule, TwoInstancesWithSuffixes)
{
	struct kcshim_module *a = nullptr, *b = nullptr;
	ASSERT_EQ(kcshim_load_module(FIXTURE_ABS_KO, "one", &a), 0) << kcshim_last_error();
	Module first(a);
	ASSERT_EQ(kcshim_load_module(FIXTURE_ABS_KO, "two", &b), 0) << kcshim_last_error();
	Module second(b);
	expect_digests("fixture-abs-asm@one", "fixture-abs-asm@one", abs_iv());
	expect_digests("fixture-abs-asm@two", "fixture-abs-asm@two", abs_iv());
	first.reset();
	EXPECT_FALSE(has_driver("fixture-abs-asm@one"));
	expect_digests("fixture-abs-asm@two", "fixture-abs-asm@two", abs_iv());
}

// module "name@suffix" -> the modules its symbols named fixture_abs_* are bound to
std::map<std::string, std::set<std::string>> fixture_abs_providers()
{
	std::map<std::string, std::set<std::string>> out;
	for (const auto &[module, symbols] : module_bindings())
		for (const auto &[symbol, from] : symbols)
			if (symbol.starts_with("fixture_abs_"))
				out[module].insert(from);
	return out;
}

// Before/after with relocatable modules: each side's second module binds to its own side's first,
// whichever side was loaded first; one that only the other side provides for is refused.
TEST_F(RelocatableModule, EachSideBindsToItsOwnFirstModule)
{
	for (bool one_first : {true, false}) {
		std::vector<Module> loaded;
		for (const char *side : one_first ? std::vector{"one", "two"} : std::vector{"two", "one"}) {
			for (const char *path : {FIXTURE_ABS_KO, FIXTURE_DEP_KO}) {
				struct kcshim_module *m = nullptr;
				ASSERT_EQ(kcshim_load_module(path, side, &m), 0) << kcshim_last_error();
				loaded.emplace_back(m);
			}
		}
		auto providers = fixture_abs_providers();
		EXPECT_EQ(providers["fixture_dep@one"], std::set<std::string>{"fixture_abs@one"});
		EXPECT_EQ(providers["fixture_dep@two"], std::set<std::string>{"fixture_abs@two"});
		expect_digests("fixture-dep-rel@two", "fixture-dep-rel@two", dep_iv());
		while (!loaded.empty())
			loaded.pop_back();	// the second modules first
	}

	struct kcshim_module *abs = nullptr;
	ASSERT_EQ(kcshim_load_module(FIXTURE_ABS_KO, "one", &abs), 0) << kcshim_last_error();
	Module first(abs);
	struct kcshim_module *dep = nullptr;
	EXPECT_EQ(kcshim_load_module(FIXTURE_DEP_KO, "two", &dep), -ENOEXEC);
	EXPECT_THAT(kcshim_last_error(),
		    testing::ContainsRegex("symbol fixture_abs_[a-z_]+ is exported only by "
					   "fixture_abs@one \\(another side\\)"));
	EXPECT_FALSE(has_driver("fixture-dep-rel@two"));
}

TEST_F(RelocatableModule, SecondModuleWithoutFirstIsEnoexec)
{
	std::string why;
	EXPECT_EQ(load_error(FIXTURE_DEP_KO, &why), -ENOEXEC);
	EXPECT_THAT(why, testing::ContainsRegex(
				 "undefined symbol fixture_abs_(table|update_asm|final_asm)"));
	EXPECT_FALSE(has_driver("fixture-dep-rel"));

	// and once the first is there, it loads
	Module abs = load(FIXTURE_ABS_KO);
	ASSERT_TRUE(abs);
	Module dep = load(FIXTURE_DEP_KO);
	EXPECT_TRUE(dep);
	EXPECT_TRUE(has_driver("fixture-dep-rel"));
}

TEST_F(RelocatableModule, UndefinedSymbolIsEnoexecAndRegistersNothing)
{
	std::size_t drivers = driver_count();
	std::size_t images = jit_entries().size();
	std::string why;
	EXPECT_EQ(load_error(FIXTURE_UNDEF_KO, &why), -ENOEXEC);
	EXPECT_THAT(why, testing::HasSubstr("undefined symbol fixture_nobody_defines_this"));
	EXPECT_THAT(why, testing::HasSubstr("fixture_undef.ko"));
	EXPECT_EQ(driver_count(), drivers);
	EXPECT_FALSE(has_driver("fixture-undef-rel"));
	EXPECT_EQ(jit_entries().size(), images);
}

TEST_F(RelocatableModule, TruncatedFileIsEnoexec)
{
	Bytes file = read_file(FIXTURE_ABS_KO);
	ASSERT_GT(file.size(), sizeof(Elf64_Ehdr));
	std::size_t drivers = driver_count();
	for (std::size_t len : {std::size_t(0), std::size_t(16), sizeof(Elf64_Ehdr) - 1,
				sizeof(Elf64_Ehdr), file.size() / 2, file.size() - 1}) {
		std::string path = write("fixture_abs.ko", Bytes(file.begin(), file.begin() + len));
		std::string why;
		EXPECT_EQ(load_error(path, &why), -ENOEXEC) << "truncated to " << len << " bytes";
		EXPECT_THAT(why, testing::HasSubstr("cannot load module")) << len << " bytes";
	}
	EXPECT_EQ(driver_count(), drivers);
}

// One way to damage the file: a name for failure messages, the change, and a word the refusal
// must contain.
struct Damage {
	const char *what;
	std::function<void(Elf64_Ehdr &, Elf64_Shdr *)> apply;
	const char *expect;
};

// The index of the first section of type, or 0.
unsigned int find_section(const Elf64_Ehdr &eh, const Elf64_Shdr *sh, std::uint32_t type)
{
	for (unsigned int i = 1; i < eh.e_shnum; i++)
		if (sh[i].sh_type == type)
			return i;
	return 0;
}

TEST_F(RelocatableModule, DamagedSectionHeadersAreEnoexec)
{
	const Bytes file = read_file(FIXTURE_ABS_KO);
	ASSERT_GT(file.size(), sizeof(Elf64_Ehdr));
	const std::uint64_t size = file.size();
	const std::vector<Damage> damages = {
		{"e_shoff past the end", [&](auto &eh, auto *) { eh.e_shoff = size; },
		 "section header table"},
		{"e_shoff cutting the table", [&](auto &eh, auto *) { eh.e_shoff = size - 64; },
		 "section header table"},
		{"e_shoff wrapping around", [](auto &eh, auto *) { eh.e_shoff = ~std::uint64_t(0) - 7; },
		 "section header table"},
		{"e_shoff misaligned", [](auto &eh, auto *) { eh.e_shoff += 1; },
		 "section header table"},
		{"e_shoff into the ELF header", [](auto &eh, auto *) { eh.e_shoff = 8; },
		 "cannot load module"},
		{"e_shnum past the table", [](auto &eh, auto *) { eh.e_shnum += 1000; },
		 "section header table"},
		{"e_shentsize", [](auto &eh, auto *) { eh.e_shentsize = 32; }, "section header table"},
		{"e_shstrndx out of range", [](auto &eh, auto *) { eh.e_shstrndx = eh.e_shnum; },
		 "section header table"},
		{"e_machine",
		 [](auto &eh, auto *) {
			 eh.e_machine = eh.e_machine == EM_AARCH64 ? EM_X86_64 : EM_AARCH64;
		 },
		 "another machine"},
		{"symbol table past the end",
		 [&](auto &eh, auto *sh) { sh[find_section(eh, sh, SHT_SYMTAB)].sh_size = size; },
		 "outside the file"},
		{"symbol table entry size",
		 [](auto &eh, auto *sh) { sh[find_section(eh, sh, SHT_SYMTAB)].sh_entsize = 1; },
		 "symbol table"},
		{"symbol table's sh_link out of range",
		 [](auto &eh, auto *sh) { sh[find_section(eh, sh, SHT_SYMTAB)].sh_link = eh.e_shnum; },
		 "symbol table"},
		{"string table NOBITS past the end",
		 [&](auto &eh, auto *sh) {
			 Elf64_Shdr &st = sh[sh[find_section(eh, sh, SHT_SYMTAB)].sh_link];
			 st.sh_type = SHT_NOBITS;
			 st.sh_offset = size << 20;
		 },
		 "string table"},
		{"section names NOBITS past the end",
		 [&](auto &eh, auto *sh) {
			 sh[eh.e_shstrndx].sh_type = SHT_NOBITS;
			 sh[eh.e_shstrndx].sh_offset = size << 20;
		 },
		 "string table"},
		{"relocation entry size",
		 [](auto &eh, auto *sh) { sh[find_section(eh, sh, SHT_RELA)].sh_entsize = 1; },
		 "relocation"},
		{"relocation section past the end",
		 [&](auto &eh, auto *sh) { sh[find_section(eh, sh, SHT_RELA)].sh_offset = size; },
		 "outside the file"},
		{"relocations' target section out of range",
		 [](auto &eh, auto *sh) { sh[find_section(eh, sh, SHT_RELA)].sh_info = eh.e_shnum; },
		 "relocation"},
		{"section alignment beyond a page",
		 [](auto &eh, auto *sh) {
			 sh[find_section(eh, sh, SHT_PROGBITS)].sh_addralign = std::uint64_t(1) << 62;
		 },
		 "alignment"},
		{"NOBITS section of 2^64 - 4 KiB",
		 [](auto &eh, auto *sh) {
			 unsigned int i = find_section(eh, sh, SHT_PROGBITS);
			 sh[i].sh_type = SHT_NOBITS;
			 sh[i].sh_flags = SHF_ALLOC | SHF_WRITE;
			 sh[i].sh_size = ~std::uint64_t(0) - 4095;
		 },
		 "size"},
	};

	const auto &intact = *reinterpret_cast<const Elf64_Ehdr *>(file.data());
	ASSERT_LE(intact.e_shoff + std::uint64_t(intact.e_shnum) * sizeof(Elf64_Shdr), size);
	std::size_t drivers = driver_count();
	for (const Damage &d : damages) {
		Bytes copy = file;
		d.apply(*reinterpret_cast<Elf64_Ehdr *>(copy.data()),
			reinterpret_cast<Elf64_Shdr *>(copy.data() + intact.e_shoff));
		std::string path = write("fixture_abs.ko", copy);
		std::string why;
		EXPECT_EQ(load_error(path, &why), -ENOEXEC) << d.what;
		EXPECT_THAT(why, testing::HasSubstr(d.expect)) << d.what;
	}
	EXPECT_EQ(driver_count(), drivers);
	EXPECT_FALSE(has_driver("fixture-abs-asm"));
}

TEST_F(RelocatableModule, UnloadBusyThenReload)
{
	struct kcshim_module *abs = nullptr;
	ASSERT_EQ(kcshim_load_module(FIXTURE_ABS_KO, nullptr, &abs), 0) << kcshim_last_error();
	Shash tfm(crypto_alloc_shash("fixture-abs", 0, 0));
	ASSERT_FALSE(IS_ERR(tfm.get())) << kcshim_last_error();
	EXPECT_EQ(kcshim_unload_module(abs), -EBUSY);
	EXPECT_THAT(kcshim_last_error(), testing::HasSubstr("fixture-abs-asm"));
	// still mapped and working while refused
	Bytes msg = message(100);
	Digest want = reference(abs_iv(), msg);
	EXPECT_EQ(kcshim::test::digest(tfm.get(), msg), Bytes(want.begin(), want.end()));
	tfm.reset();
	ASSERT_EQ(kcshim_unload_module(abs), 0);
	EXPECT_FALSE(has_driver("fixture-abs-asm"));
	struct crypto_shash *gone = crypto_alloc_shash("fixture-abs", 0, 0);
	EXPECT_TRUE(IS_ERR(gone));
	if (!IS_ERR(gone))
		crypto_free_shash(gone);

	// and back again, twice, with the same results
	for (int round = 0; round < 2; round++) {
		Module again = load(FIXTURE_ABS_KO);
		ASSERT_TRUE(again) << "round " << round;
		EXPECT_TRUE(has_driver("fixture-abs-asm"));
		expect_digests("fixture-abs", "fixture-abs-asm", abs_iv());
	}
	EXPECT_FALSE(has_driver("fixture-abs-asm"));
}

}  // namespace
