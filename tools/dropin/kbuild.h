// SPDX-License-Identifier: GPL-2.0
// What Kbuild decides before it compiles a file, read from the tree itself: which configuration
// symbols a module turns on (Kconfig's select and default), and which objects, per-object flags
// and generated assembly a directory's Makefile gives a module under that configuration. Enough
// of both languages for the kernel's crypto/, lib/crypto/, lib/crc/ and arch/*/crypto/ files:
// select [if], depends on, default y [if] with && || ! ( ); ifeq/ifneq/ifdef/ifndef/else/endif,
// obj-$(CONFIG_X) += m.o, m-y/m-objs/m-$(CONFIG_X) += a.o, CFLAGS_a.o += ..., simple variables,
// and perlasm rules (`$(obj)/x.S: $(src)/x.pl` with `$(call cmd,perlasm)`).
//
// Errors are values: functions return what they could read; a missing file reads as empty.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace kcshim::dropin {

namespace fs = std::filesystem;

// A file's contents; empty when it cannot be read.
std::string read_text(const fs::path &p);

// A Makefile's or Kconfig file's logical lines: continuations joined, '#' comments dropped;
// recipe lines keep their leading tab. A missing file has none.
std::vector<std::string> logical_lines(const fs::path &file);

// @s without its leading blanks and its trailing blanks and carriage return.
std::string trim(const std::string &s);

// The machine a module is built for, from the compiler's own predefined macros.
struct Target {
	std::string srcarch;		// the kernel's $(SRCARCH): "x86", "arm64", "arm"
	std::set<std::string> symbols;	// configuration symbols every build for it has (no CONFIG_)
};
// What an architecture's own Kconfig says of every build of it ("arm64": ARM64, 64BIT,
// KERNEL_MODE_NEON, ...); empty for one kcshim does not build for.
std::set<std::string> arch_symbols(std::string_view srcarch);
// cc -dM -E with the force-included config header (and the shim's headers it includes): its
// CONFIG_* macros and the architecture; srcarch is empty when the compiler could not tell.
Target target_of(const std::string &cc, const fs::path &config_header, const fs::path &include_dir);

// A set of configuration symbols that are on (names without CONFIG_).
class Config {
public:
	bool on(std::string_view symbol) const;
	void set(const std::string &symbol) { on_.insert(strip(symbol)); }
	// For "could this be built for the target": a symbol that is no architecture's (CRC_T10DIF,
	// CRYPTO_SIMD, ...) counts as on, as a build would select it; only the target decides.
	void assume_non_arch_on() { optimistic_ = true; }
	const std::set<std::string> &symbols() const { return on_; }
	// int and hex symbols (CRYPTO_LIB_POLY1305_RSIZE): their values, as autoconf.h has them.
	// A symbol with a value is no bool, even where the target's config header defined it.
	void set_value(const std::string &symbol, const std::string &value)
	{
		on_.erase(strip(symbol));
		values_[strip(symbol)] = value;
	}
	const std::map<std::string, std::string> &values() const { return values_; }
	static std::string strip(std::string_view symbol);

private:
	std::set<std::string> on_;
	std::map<std::string, std::string> values_;
	bool optimistic_ = false;
};

// The configuration of a build that wants these symbols (a driver's CONFIG_CRYPTO_SHA512) in
// this tree: the target's symbols, everything the wanted ones select (transitively, where the
// select's condition holds), then every symbol whose `default y [if ...]` holds and whose
// dependencies are met -- the *_ARCH symbols that put a library's arch code in.
// Symbols in off stay off whatever selects or defaults them (kcshim build --config X=n).
Config configure(const fs::path &tree, const Target &target, const std::vector<std::string> &wanted,
		 const std::set<std::string> &off = {});

// The symbols symbol's `depends on` lines name, except under '!': what a build that wants it
// turns on so that it can be built, as kunit.py's *_ENABLE_ALL_FOR_KUNIT do for the test suites
// (CRC_KUNIT_TEST depends on CRC7 || CRC16 || ...: every CRC it can test).
std::set<std::string> dependency_symbols(const fs::path &tree, const std::string &symbol);

// The symbols symbol selects, whatever the selects' conditions: the libraries a driver asks for
// (CRYPTO_SHA3 selects CRYPTO_LIB_SHA3), for what-uses-this questions (kcshim patch-check).
std::set<std::string> selected_symbols(const fs::path &tree, const std::string &symbol);

// Whether symbol's `depends on` lines hold under config (true for a symbol no Kconfig defines).
bool dependencies_hold(const fs::path &tree, const std::string &symbol, const Config &config);

// A generated source: `perl script.pl ... > output.S`, as the Makefile's cmd_perlasm* says.
struct GeneratedSource {
	fs::path script;		// absolute
	std::string command;		// shell command, $< and $@ still to be filled in
};

// A directory's Makefile evaluated under a configuration.
struct Makefile {
	fs::path dir;
	// obj-$(CONFIG_X) += m.o: the module's name and the symbol building it ("" for obj-y)
	std::vector<std::pair<std::string, std::string>> modules;
	// m-y / m-objs: each module's objects, dir-relative without ".o" ("x86/sha512-avx2-asm")
	std::map<std::string, std::vector<std::string>> objects;
	// CFLAGS_a.o / AFLAGS_a.o: extra flags per object
	std::map<std::string, std::vector<std::string>> flags;
	// dir-relative "x86/poly1305-x86_64-cryptogams.S" made by a perlasm rule; a target with a
	// '%' is a pattern rule ($(obj)/%-core.S: $(src)/%-armv8.pl): see generator_of()
	std::map<std::string, GeneratedSource> generated;
	// objects compiled from a C file of another name ($(obj)/aes-glue-%.o: $(src)/aes-glue.c):
	// the dir-relative object (a pattern when it has a '%') and its source, absolute
	std::map<std::string, fs::path> compiled_from;

	// The objects of module m (m itself when it is a one-object module).
	std::vector<std::string> objects_of(const std::string &module) const;
	// The modules an object belongs to: composites first, then a one-object module of its own.
	std::vector<std::string> modules_of(const std::string &object) const;
	// The symbol that builds module m, or "" when none does (or obj-y).
	std::string symbol_of(const std::string &module) const;
	// The rule making dir-relative file ("sha512-core.S"): its exact rule, else a pattern
	// rule's with the stem put in the script's '%'; nullopt when no rule makes it.
	std::optional<GeneratedSource> generator_of(const std::string &file) const;
	// The C file a rule compiles object (no ".o") from; empty when none does.
	fs::path compiled_from_of(const std::string &object) const;
};
Makefile read_makefile(const fs::path &dir, const Config &config, const Target &target);

// The module source belongs to for this target and the symbol building it ("sha512" and
// "CRYPTO_SHA512" for crypto/sha512.c): of the modules listing it in its directory's Makefile,
// the first whose symbol's dependencies the target meets (twofish_glue.c is in twofish-i586,
// which needs !64BIT, and in twofish-x86_64). Empty strings when none.
std::pair<std::string, std::string> module_building(const fs::path &tree, const fs::path &source,
						    const Target &target);

}  // namespace kcshim::dropin
