// SPDX-License-Identifier: GPL-2.0
// build_module(): overlay, parallel compiles with a per-object cache, the module link, and the
// check link against libkcshim that names undefined symbols. build_planned() is one build, as the
// list of its steps; what the steps share is a Build.
//
// Errors inside this file are values: a failed step returns false and has written its
// diagnostics to the caller's stream.
#include <algorithm>
#include <atomic>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "tools/dropin/build_internal.h"

namespace kcshim::dropin {

namespace {

struct Job {
	fs::path source;
	fs::path object;
	std::vector<std::string> argv;
	int status = 0;
	bool cached = false;
};

// What the steps of one build share: the tree, where the module goes, and the result so far.
struct Build {
	fs::path tree;
	fs::path output;
	std::string modname;		// KBUILD_MODNAME
	fs::path work;			// work_dir(): objects, logs, what is generated
	fs::path overlay;
	fs::path generated;
	std::string srcarch;		// the kernel's $(SRCARCH) the module is built for
	BuildResult res;
};

// The module's links: the check links against libkcshim (a shared object, or an executable for a
// relocatable module), the links of either form, and what the cache records of them.
struct Links {
	fs::path check_out;
	std::vector<std::string> objects;
	std::vector<std::string> shared_check, exec_check, shared_link, relocatable_link;
	std::string deps_record;
	bool must_relocate = false;

	std::string record_of(const std::vector<std::string> &check,
			      const std::vector<std::string> &link) const
	{
		return render(check) + "\n" + render(link) + "\n" + deps_record;
	}
};

// The check link's outcome: the form the module takes and what the linker said.
struct CheckLink {
	bool relocatable = false;
	const std::vector<std::string> *check = nullptr;
	int status = 0;
	std::string text;
};

}  // namespace

// The tree is a kernel tree and the shim's headers are where opts says.
static bool check_inputs(const BuildOptions &opts, const fs::path &tree, std::ostream &diag)
{
	if (!fs::is_directory(tree / "include")) {
		diag << "kcshim: " << opts.kernel_tree.string() << " is not a kernel tree (no include/)\n";
		return false;
	}
	if (!fs::is_regular_file(opts.shim.include_dir / "linux" / "crypto.h")) {
		diag << "kcshim: no shim headers at " << opts.shim.include_dir.string()
		     << " (set KCSHIM_INCLUDE_DIR)\n";
		return false;
	}
	return true;
}

// Names the module and its work folder, makes the overlay, and generates what the sources
// include or are compiled from: the headers a kernel build makes and the perlasm outputs.
static bool prepare_work(const BuildOptions &opts, const SourcePlan &plan, Build &b,
			 std::ostream &diag)
{
	// Default name: the composite module the first file is part of (sha1-ssse3.so for
	// sha1_ssse3_glue.c), else the file's own.
	const std::string &composite = plan.module;
	std::string default_name = composite.empty() ? opts.files.front().stem().string() : composite;
	fs::path output = opts.output.empty() ? fs::path(default_name + ".so") : opts.output;
	b.output = fs::absolute(output).lexically_normal();
	b.res.output = b.output;
	b.modname = opts.module_name.empty() ? b.output.stem().string() : opts.module_name;
	std::replace(b.modname.begin(), b.modname.end(), '-', '_');
	b.work = work_dir(b.output);
	fs::create_directories(b.work);
	b.overlay = prepare_overlay(b.tree, opts.shim.include_dir, b.work);
	b.generated = b.work / "generated";
	b.srcarch = plan.target.srcarch;
	return generate_headers(plan.sources, b.generated, diag) &&
	       generate_perlasm(plan, b.work / "perlasm", diag);
}

// The command every source is compiled with, before its own flags.
static std::vector<std::string> compile_flags(const BuildOptions &opts, const SourcePlan &plan,
					      const Build &b)
{
	const fs::path &tree = b.tree;
	// Flags: kernel C (gnu11, no strict aliasing/overflow), the module's identity, the shim's
	// headers ahead of the overlay; .S files also get __ASSEMBLY__.
	std::vector<std::string> common = {
		opts.cc, "-std=gnu11", "-O2", "-g", "-fPIC", "-fno-strict-aliasing",
		"-fno-strict-overflow", "-fno-delete-null-pointer-checks", "-fno-common",
		// as Kbuild's: perlasm output keeps OpenSSL's userspace includes under !__KERNEL__
		"-D__KERNEL__", "-DMODULE", "-DKBUILD_MODNAME=\"" + b.modname + "\"",
		"-Werror=implicit-function-declaration", "-Werror=implicit-int",
		"-include", (opts.shim.dropin_dir / "include" / "kcshim_dropin_config.h").string(),
		"-I" + opts.shim.include_dir.string(), "-I" + b.overlay.string(),
		"-I" + b.generated.string(),
		// __FILE__ tree-relative, as Kbuild has it: KUnit's and WARN's messages name
		// lib/crypto/tests/x.c, not where the tree was extracted
		"-fmacro-prefix-map=" + tree.string() + "/=",
	};
	// What the tree's own headers decide that the shim's cannot know: 6.1's crypto/b128ops.h
	// has its own u128, 6.2+ has linux/types.h's.
	if (read_text(tree / "include/linux/types.h").find("u128;") == std::string::npos)
		common.push_back("-DKCSHIM_NO_U128");
	// 6.19+ compiles with the Microsoft extension that includes a tagged struct anonymously
	// (struct aes_key { struct aes_enckey; ... }), as the tree's Makefile says.
	if (read_text(tree / "Makefile").find("CONFIG_CC_MS_EXTENSIONS") != std::string::npos) {
		common.push_back("-fms-extensions");
		if (opts.cc.find("clang") != std::string::npos)
			common.push_back("-Wno-microsoft-anon-tag");
	}
	// What the arch's Makefile adds (arch/arm/Makefile: ARM state unless CONFIG_THUMB2_KERNEL,
	// which Debian's armhf kernel leaves off, and the architecture level its .S files test).
	if (plan.target.srcarch == "arm")
		for (const char *f : {"-marm", "-D__LINUX_ARM_ARCH__=7"})
			common.push_back(f);
	// The generation the shim's headers and core follow for this module (linux/version.h).
	if (plan.version_code)
		common.push_back("-DKCSHIM_LINUX_VERSION_CODE=" + std::to_string(plan.version_code));
	for (const auto &d : plan.defines)
		common.push_back("-D" + d);
	for (const auto &d : opts.defines)
		common.push_back("-D" + d);
	for (const auto &f : opts.shim.sanitize_flags)
		common.push_back(f);
	for (const auto &f : opts.cflags)
		common.push_back(f);
	return common;
}

// One job per source: its object in the work folder (a repeated stem numbered) and its command.
static std::vector<Job> plan_jobs(const SourcePlan &plan, const Build &b,
				  const std::vector<std::string> &common)
{
	const std::vector<fs::path> &sources = plan.sources;
	const fs::path &work = b.work;
	std::vector<Job> jobs;
	std::set<std::string> stems;
	for (const auto &src : sources) {
		Job j;
		j.source = src;
		std::string stem = src.stem().string();
		for (int n = 2; stems.contains(stem); n++)
			stem = src.stem().string() + "." + std::to_string(n);
		stems.insert(stem);
		j.object = work / (stem + ".o");
		j.argv = common;
		std::string base = src.stem().string();
		std::replace(base.begin(), base.end(), '-', '_');
		j.argv.push_back("-DKBUILD_BASENAME=\"" + base + "\"");
		if (src.extension() == ".S")
			j.argv.push_back("-D__ASSEMBLY__");
		// arch/arm/Makefile's KBUILD_AFLAGS: every .S gets the unified-syntax helpers
		if (src.extension() == ".S" && plan.target.srcarch == "arm")
			for (const char *f : {"-include", "asm/unified.h"})
				j.argv.push_back(f);
		if (auto f = plan.flags.find(src.string()); f != plan.flags.end())
			j.argv.insert(j.argv.end(), f->second.begin(), f->second.end());
		// a perlasm output is compiled from the work folder, beside its own directory
		fs::path input = src;
		if (plan.generated.contains(src.string())) {
			input = work / "perlasm" / src.filename();
			j.argv.push_back("-I" + src.parent_path().string());
		}
		for (const std::string &a : {std::string("-MMD"), std::string("-MF"),
					     fs::path(j.object).replace_extension(".d").string(),
					     std::string("-c"), input.string(), std::string("-o"),
					     j.object.string()})
			j.argv.push_back(a);
		jobs.push_back(std::move(j));
	}
	return jobs;
}

// Compiles what is not cached, up to opts.jobs at once; a compile's output goes to its .log.
static void compile(const BuildOptions &opts, std::vector<Job> &jobs, std::ostream &diag)
{
	unsigned int width = opts.jobs ? opts.jobs : std::max(1u, std::thread::hardware_concurrency());
	std::atomic<size_t> next{0};
	std::mutex out_mu;
	auto worker = [&] {
		for (size_t i; (i = next++) < jobs.size();) {
			Job &j = jobs[i];
			std::string cmd = render(j.argv);
			if (up_to_date(j.object, cmd)) {
				j.cached = true;
				continue;
			}
			if (opts.verbose) {
				std::lock_guard lock(out_mu);
				diag << cmd << "\n";
			}
			fs::path log = fs::path(j.object).replace_extension(".log");
			j.status = run(j.argv, log);
			if (j.status == 0)
				write_text(fs::path(j.object).concat(".cmd"), cmd);
			else
				fs::remove(j.object);
		}
	};
	std::vector<std::thread> threads;
	for (unsigned int t = 0; t < std::min<size_t>(width, jobs.size()); t++)
		threads.emplace_back(worker);
	for (auto &t : threads)
		t.join();
}

// Passes the compilers' diagnostics on (with all_warnings, a cached object's too, as its
// compile left them); false, with the shim gaps they show, if one failed.
static bool check_compiles(const std::vector<Job> &jobs, bool all_warnings, Build &b,
			   std::ostream &diag)
{
	bool compiled = true;
	for (const Job &j : jobs) {
		if (j.cached && !all_warnings)
			continue;
		std::string log = read_text(fs::path(j.object).replace_extension(".log"));
		diag << log;
		if (j.cached)
			continue;
		if (j.status) {
			compiled = false;
			find_gaps(log, b.overlay, b.res.gaps);
		}
	}
	if (!compiled) {
		for (const auto &g : b.res.gaps)
			diag << "kcshim: " << g << "\n";
		diag << "kcshim: " << b.output.filename().string() << ": compile failed\n";
		return false;
	}
	return true;
}

// The check link names every symbol that neither the module, the shim nor a --depends
// module defines. A module is a shared object linked without libkcshim (it binds to the
// process's copy at load time) and with -Bsymbolic (its own calls stay inside) -- unless its
// code addresses data absolutely (kernel assembly may: modules live in the kernel's top
// 2 GiB), which no shared object can hold. Then it is a relocatable object, as a kernel .ko
// is, which kcshim's loader places in the low 2 GiB (shim/src/module/relocatable_module.h).
static Links link_commands(const BuildOptions &opts, const Build &b, const std::vector<Job> &jobs)
{
	Links l;
	std::vector<std::string> &objects = l.objects;
	for (const Job &j : jobs)
		objects.push_back(j.object.string());
	// Links that make something the process runs take the sanitizers' runtime flags.
	auto sanitized = [&](std::vector<std::string> argv) {
		argv.insert(argv.begin() + 1, opts.shim.sanitize_flags.begin(),
			    opts.shim.sanitize_flags.end());
		return argv;
	};
	auto with_objects = [&](std::vector<std::string> argv, std::vector<std::string> tail) {
		argv.insert(argv.end(), objects.begin(), objects.end());
		argv.insert(argv.end(), tail.begin(), tail.end());
		return argv;
	};
	l.check_out = b.work / "check.out";
	const fs::path &check_out = l.check_out, &output = b.output;
	// -Bsymbolic as the module's own link: its code may reach its own globals PC-relative
	// (arm64's adrp to crypto_aes_sbox, which lib/crypto/aes.c links in beside it).
	l.shared_check = with_objects(
		sanitized({opts.cc, "-shared", "-fPIC", "-Wl,-Bsymbolic", "-Wl,-z,defs", "-o",
			   check_out.string()}),
		{opts.shim.library.string(), "-lm"});
	// An executable takes absolute relocations; -e 0 as it is never run.
	l.exec_check = with_objects(
		sanitized({opts.cc, "-no-pie", "-nostartfiles", "-Wl,-e,0", "-o", check_out.string()}),
		{opts.shim.library.string(), "-lm"});
	l.shared_link = with_objects(
		sanitized({opts.cc, "-shared", "-fPIC", "-Wl,-Bsymbolic", "-o", output.string()}),
		{"-lm"});
	l.relocatable_link = with_objects(
		{opts.cc, "-r", "-nostdlib", "-o", output.string()}, {});
	for (const auto &d : opts.depends)
		l.deps_record += fs::absolute(d).string() + "\n";
	// A module using a relocatable module's symbols must be relocatable too: only kcshim's
	// loader, not dlopen(), resolves against an ET_REL module (camellia-aesni-avx on
	// camellia-x86_64's assembly).
	l.must_relocate = opts.relocatable || std::any_of(opts.depends.begin(),
							  opts.depends.end(),
							  is_relocatable_file);
	return l;
}

// Either form may be the cached one: true when it is. Else the stale record goes.
static bool cached_link(Build &b, const Links &l)
{
	for (bool rel : {false, true}) {
		if (l.must_relocate && !rel)
			continue;
		if (up_to_date_link(b.output, l.record_of(rel ? l.exec_check : l.shared_check,
							  rel ? l.relocatable_link : l.shared_link),
				    l.objects)) {
			b.res.ok = true;
			b.res.relocatable = rel;
			return true;
		}
	}
	fs::remove(link_record(b.output));
	return false;
}

// Runs a link step with its output into <work>/<name>.log, which text gets.
static int run_logged(const BuildOptions &opts, const Build &b, const std::vector<std::string> &argv,
		      const std::string &name, std::string *text, std::ostream &diag)
{
	if (opts.verbose)
		diag << render(argv) << "\n";
	fs::path log = b.work / (name + ".log");
	int status = run(argv, log);
	*text = read_text(log);
	return status;
}

// Reports a failed link with the gaps it showed, and removes the output.
static void link_failed(Build &b, const std::string &text, std::vector<std::string> gaps,
			std::ostream &diag)
{
	diag << text;
	for (const auto &g : gaps)
		diag << "kcshim: " << g << "\n";
	b.res.gaps.insert(b.res.gaps.end(), gaps.begin(), gaps.end());
	diag << "kcshim: " << b.output.filename().string() << ": link failed\n";
	fs::remove(b.output);
}

// The check link: as a shared object, unless the module must be (or its code makes it) a
// relocatable one, which is checked as an executable.
static CheckLink check_link(const BuildOptions &opts, const Build &b, const Links &l,
			    std::ostream &diag)
{
	CheckLink c;
	std::string &text = c.text;
	bool relocatable = l.must_relocate;
	const std::vector<std::string> *check = &l.shared_check;
	int status = relocatable ? 1 : run_logged(opts, b, l.shared_check, "check", &text, diag);
	if (status && (relocatable || text.find("can not be used when making a shared object") !=
						  std::string::npos)) {
		relocatable = true;
		check = &l.exec_check;
		status = run_logged(opts, b, l.exec_check, "check", &text, diag);
	}
	c.relocatable = relocatable;
	c.check = check;
	c.status = status;
	return c;
}

// Sorts the undefined symbols of a failed check link (text): true when none is a gap.
static bool undefined_allowed(const BuildOptions &opts, Build &b, const std::string &text,
			      std::ostream &diag)
{
	// Undefined symbols a --depends module defines are fine; the rest are gaps, or
	// notes under --allow-undefined.
	std::set<std::string> provided;
	for (const auto &d : opts.depends)
		if (!defined_symbols(d, provided, diag)) {
			link_failed(b, "", {}, diag);
			return false;
		}
	std::vector<std::string> gaps, all;
	find_gaps(text, b.overlay, all);
	static const std::string prefix = "shim gap: undefined symbol ";
	auto symbol_of = [](const std::string &gap) {
		std::string sym = gap.starts_with(prefix) ? gap.substr(prefix.size()) : "";
		return sym.substr(0, sym.find(' '));
	};
	// A symbol the tree exports is no shim gap: a companion is missing (a renamed
	// copy of a driver has none from the table).
	std::set<std::string> undefined;
	for (const auto &g : all)
		if (!symbol_of(g).empty())
			undefined.insert(symbol_of(g));
	const auto exporters = exporting_files(b.tree, undefined, b.srcarch);
	std::map<fs::path, std::string> missing;	// a companion file: its symbols
	for (const auto &g : all) {
		std::string sym = symbol_of(g);
		if (!sym.empty() && provided.contains(sym))
			continue;
		if (!sym.empty() && opts.allow_undefined) {
			diag << "kcshim: note: undefined symbol " << sym
			     << " (expected from another module)\n";
			continue;
		}
		if (auto it = exporters.find(sym); it != exporters.end()) {
			std::string &syms = missing[it->second];
			if (!syms.empty())
				syms += ' ';
			syms += sym;
			continue;
		}
		gaps.push_back(g);
	}
	// An export of the arch's code is another module's (sha512-arm64 for sha512-ce): load
	// that module first, as the kernel would; a crypto/ or lib/ one is a part of this one.
	for (const auto &[file, syms] : missing)
		gaps.push_back("undefined symbols " + syms + " are exported by " +
			       file.string() + ", not missing from the shim: " +
			       (*file.begin() == "arch"
					? "build it into a module (kcshim build --kernel-tree TREE " +
						  file.string() + ") and add --depends MODULE.so"
					: "add --extra " + file.string()));
	if (!gaps.empty() || all.empty()) {
		link_failed(b, text, gaps, diag);
		return false;
	}
	return true;
}

// Links the module in the form the check link chose, and records the commands for the cache.
static void link_module(const BuildOptions &opts, Build &b, const Links &l, const CheckLink &c,
			std::ostream &diag)
{
	std::string text;
	const std::vector<std::string> &link = c.relocatable ? l.relocatable_link : l.shared_link;
	if (run_logged(opts, b, link, "link", &text, diag))
		return link_failed(b, text, {}, diag);
	if (c.relocatable)
		diag << "kcshim: note: " << b.output.filename().string()
		     << ": its code addresses symbols no shared object can (absolutely, or "
			"PC-relative in another module); built as a relocatable module (ET_REL), "
			"loaded by kcshim's own loader like a kernel .ko\n";
	fs::remove(l.check_out);
	write_text(link_record(b.output), l.record_of(*c.check, link));
	b.res.ok = true;
	b.res.relocatable = c.relocatable;
}

// One build of a planned module: compile what is not cached, check the link, link.
static BuildResult build_planned(const BuildOptions &opts, const SourcePlan &plan,
				 std::ostream &diag)
{
	Build b;
	b.tree = fs::absolute(opts.kernel_tree).lexically_normal();
	if (!check_inputs(opts, b.tree, diag))
		return b.res;
	b.res.sources = plan.sources;
	if (!prepare_work(opts, plan, b, diag))
		return b.res;
	const std::vector<std::string> common = compile_flags(opts, plan, b);
	if (!generate_asm_offsets(plan, b.tree, common, b.generated, diag))
		return b.res;
	std::vector<Job> jobs = plan_jobs(plan, b, common);
	compile(opts, jobs, diag);
	if (!check_compiles(jobs, opts.all_warnings, b, diag))
		return b.res;
	const Links links = link_commands(opts, b, jobs);
	if (cached_link(b, links))
		return b.res;
	const CheckLink check = check_link(opts, b, links, diag);
	if (check.status && !undefined_allowed(opts, b, check.text, diag))
		return b.res;
	link_module(opts, b, links, check, diag);
	return b.res;
}

BuildResult build_module(const BuildOptions &opts, std::ostream &diag)
{
	SourcePlan plan;
	if (!plan_sources(opts, plan, diag))
		return {};
	// Symbols a file uses that neither its configuration's libraries nor the shim define are
	// looked up among the tree's exported symbols (chacha_block_generic is built into every
	// kernel; a renamed copy of cast5_generic.c has no Makefile line selecting cast_common.c).
	for (int round = 0;; round++) {
		std::ostringstream out;
		BuildResult res = build_planned(opts, plan, out);
		// "shim gap: undefined symbol X in the shim", "undefined symbols X Y are exported by F"
		std::vector<std::string> undefined;
		static const std::regex gap(R"(^(?:shim gap: undefined symbol (\S+) in the shim|)"
					    R"(undefined symbols (.+) are exported by ))");
		std::smatch m;
		for (const auto &g : res.gaps) {
			if (!std::regex_search(g, m, gap))
				continue;
			std::istringstream words(m[1].matched ? m[1].str() : m[2].str());
			for (std::string w; words >> w;)
				undefined.push_back(w);
		}
		std::vector<std::string> notes;
		if (res.ok || undefined.empty() || round == 3 || !opts.companions ||
		    !plan_exporters(fs::absolute(opts.kernel_tree).lexically_normal(), undefined,
				    plan, notes)) {
			diag << out.str();
			return res;
		}
		for (const auto &n : notes)
			diag << "kcshim: note: " << n << "\n";
	}
}

}  // namespace kcshim::dropin
