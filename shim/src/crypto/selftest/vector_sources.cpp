// SPDX-License-Identifier: GPL-2.0
// Vector sources: built-in ("own") ones register from constructors; a kernel tree's vectors come
// as a module exporting kcshim_vector_sources() (see tools/kernel-vectors).
#include <dlfcn.h>
#include <elf.h>
#include <unistd.h>

#include <algorithm>
#include <mutex>
#include <vector>

#include <kcshim/kcshim.h>

#include "shim/src/module/elf_file.h"
#include "shim/src/crypto/registry.h"
#include "shim/src/crypto/selftest/manager.h"

namespace kcshim::selftest {

namespace {

// Never destroyed: a source's destructor (KCSHIM_OWN_VECTORS) may unregister it at exit, after
// this file's statics would have been.
std::mutex &sources_mu()
{
	static auto *mu = new std::mutex;
	return *mu;
}

std::vector<const kcshim_vector_source *> &source_list()
{
	static auto *list = new std::vector<const kcshim_vector_source *>;
	return *list;
}

}  // namespace

std::vector<const kcshim_vector_source *> sources()
{
	std::lock_guard lock(sources_mu());
	return source_list();
}

}  // namespace kcshim::selftest

extern "C" {

int kcshim_register_vector_source(const struct kcshim_vector_source *src)
{
	std::lock_guard lock(kcshim::selftest::sources_mu());
	auto &list = kcshim::selftest::source_list();
	if (std::find(list.begin(), list.end(), src) != list.end())
		return -EEXIST;
	list.push_back(src);
	return 0;
}

void kcshim_unregister_vector_source(const struct kcshim_vector_source *src)
{
	std::lock_guard lock(kcshim::selftest::sources_mu());
	std::erase(kcshim::selftest::source_list(), src);
}

int kcshim_load_vectors(const char *path)
{
	// checked before dlopen() maps it: a truncated file is an error, not a SIGBUS
	std::vector<std::uint8_t> file;
	std::uint16_t type = 0;
	std::string why = kcshim::check_module_file(path, &file, &type);
	if (why.empty() && type != ET_DYN)
		why = "not a shared object";
	if (!why.empty()) {
		kcshim::set_last_error("cannot load vectors: " + std::string(path) + ": " + why);
		return access(path, F_OK) ? -ENOENT : -ENOEXEC;
	}
	void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		kcshim::set_last_error(std::string("cannot load vectors: ") + dlerror());
		return -ENOEXEC;
	}
	using get_fn = const struct kcshim_vector_source *(*)(void);
	auto get = reinterpret_cast<get_fn>(dlsym(handle, "kcshim_vector_source"));
	if (!get) {
		kcshim::set_last_error(std::string(path) + ": no kcshim_vector_source()");
		dlclose(handle);
		return -ENOEXEC;
	}
	// The vectors stay mapped for the life of the process: drivers' results refer to them.
	return kcshim_register_vector_source(get());
}

}  // extern "C"
