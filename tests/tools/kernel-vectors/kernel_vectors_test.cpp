// SPDX-License-Identifier: GPL-2.0
// The kernel's own testmgr vectors against our drivers. tools/kernel-vectors builds
// kvectors-<version>.so from Debian's linux-source-6.1 and -6.12 (crypto/testmgr.h, compiled
// against the shim headers; the suites follow each tree's alg_test_descs[]); here every one of our
// drivers must pass every vector of its cra_name under the self-test manager's configurations, and
// the vector counts must be those the trees hold.
//
// KCSHIM_KVECTORS_DIR names the directory holding the modules (CTest sets it to the build dir);
// the build says which generations it makes (KCSHIM_KVECTORS_VERSIONS, comma-separated). A
// missing module fails the test when the build makes it and its linux-source package is installed
// (the build is broken), and skips it otherwise.
#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <kcshim/kcshim.h>
#include <kcshim/testvec.h>

namespace {

const char *const kVersions[] = {"6.1", "6.12"};

struct Result {
	std::string driver, alg, source, message;
	unsigned int vectors, runs;
	bool passed;
};

std::string module_path(const std::string &version)
{
	const char *dir = getenv("KCSHIM_KVECTORS_DIR");
	return std::string(dir ? dir : ".") + "/kvectors-" + version + ".so";
}

bool version_built(const std::string &version)
{
	std::string padded = std::string(",") + KCSHIM_KVECTORS_VERSIONS + ",";
	return padded.find(std::string(",") + version + ",") != std::string::npos;
}

bool package_installed(const std::string &version)
{
	return std::filesystem::exists("/usr/src/linux-source-" + version + ".tar.xz");
}

// Skips the test when the version's module cannot exist; fails when it should and does not.
#define REQUIRE_MODULE(version)                                                                   \
	do {                                                                                      \
		if (!std::filesystem::exists(module_path(version))) {                             \
			if (!version_built(version))                                              \
				GTEST_SKIP() << "this build makes no " << (version)                 \
					     << " vectors (KCSHIM_KERNEL_VECTOR_VERSIONS)";         \
			if (!package_installed(version))                                          \
				GTEST_SKIP() << "linux-source-" << (version) << " not installed";   \
			FAIL() << module_path(version) << " missing although linux-source-"     \
			       << (version) << " is installed: build the kernel-vectors target"; \
		}                                                                                 \
	} while (0)

int collect_cipher(const kcshim_alg_info *a, void *arg)
{
	if (a->kind == KCSHIM_KIND_CIPHER && !a->internal)
		static_cast<std::vector<std::string> *>(arg)->push_back(a->driver);
	return 0;
}

void on_result(const kcshim_selftest_result *r, void *arg)
{
	static_cast<std::vector<Result> *>(arg)->push_back(
		{r->driver, r->alg, r->source, r->message, r->vectors, r->runs, r->passed});
}

// Loads every available module, makes ecb/cbc/ctr of every cipher (as `kcshim selftest` does) and
// runs the self-tests once for the whole process.
const std::vector<Result> &results()
{
	static const std::vector<Result> all = [] {
		kcshim_init();
		for (const char *v : kVersions) {
			std::string path = module_path(v);
			if (std::filesystem::exists(path)) {
				int err = kcshim_load_vectors(path.c_str());
				EXPECT_EQ(err, 0) << path << ": " << kcshim_last_error();
			}
		}
		std::vector<std::string> ciphers;
		kcshim_for_each_alg(collect_cipher, &ciphers);
		for (const auto &c : ciphers)
			for (const char *mode : {"ecb", "cbc", "ctr"})
				kcshim_instantiate((std::string(mode) + "(" + c + ")").c_str());
		std::vector<Result> out;
		kcshim_selftest(nullptr, on_result, &out);
		return out;
	}();
	return all;
}

int collect_driver(const kcshim_alg_info *a, void *arg)
{
	static_cast<std::set<std::string> *>(arg)->insert(a->driver);
	return 0;
}

std::set<std::string> registered_drivers()
{
	results();	// the templates' instances exist from then on
	std::set<std::string> drivers;
	kcshim_for_each_alg(collect_driver, &drivers);
	return drivers;
}

// Our drivers and the kernel suites they answer to, with the vector count of each suite as read
// from the trees' crypto/testmgr.h (the same in 6.1 and 6.12).
struct Expected {
	const char *driver;
	const char *suite;
	unsigned int vectors_6_1;
	unsigned int vectors_6_12;
};

const Expected kExpected[] = {
	{"sha3-224-generic", "sha3-224", 4, 4},
	{"sha3-256-generic", "sha3-256", 4, 4},
	{"sha3-384-generic", "sha3-384", 4, 4},
	{"sha3-512-generic", "sha3-512", 4, 4},
	{"sha384-generic", "sha384", 6, 6},
	{"sha512-generic", "sha512", 6, 6},
	{"crct10dif-generic", "crct10dif", 5, 5},	// removed from the crypto API in 6.15
	{"cast5-generic", "ecb(cast5)", 4, 4},		// single-block, as alg_test_cipher
	{"ecb(cast5-generic)", "ecb(cast5)", 4, 4},
	{"cbc(cast5-generic)", "cbc(cast5)", 1, 1},
	{"ctr(cast5-generic)", "ctr(cast5)", 2, 2},
};

struct DriverCase {
	const char *version;
	Expected e;
	unsigned int vectors() const
	{
		return std::string(version) == "6.1" ? e.vectors_6_1 : e.vectors_6_12;
	}
};

std::vector<DriverCase> driver_cases()
{
	std::vector<DriverCase> cases;
	for (const char *v : kVersions)
		for (const auto &e : kExpected)
			cases.push_back({v, e});
	return cases;
}

std::string case_name(const std::string &version, const std::string &what)
{
	std::string s = "kernel_" + version + "_" + what;
	for (char &c : s)
		if (!isalnum(static_cast<unsigned char>(c)))
			c = '_';
	return s;
}

class DriverVectors : public ::testing::TestWithParam<DriverCase> {};

TEST_P(DriverVectors, PassesEveryKernelVectorOfItsName)
{
	const DriverCase &c = GetParam();
	REQUIRE_MODULE(c.version);
	ASSERT_TRUE(registered_drivers().count(c.e.driver))
		<< c.e.driver << " is not registered (its init call failed or it is not built)";
	std::string source = std::string("kernel-") + c.version;
	const Result *found = nullptr;
	for (const auto &r : results())
		if (r.driver == c.e.driver && r.alg == c.e.suite && r.source == source)
			found = &r;
	ASSERT_TRUE(found) << "no " << source << " suite " << c.e.suite << " ran for "
			   << c.e.driver;
	EXPECT_EQ(found->vectors, c.vectors()) << source << " " << c.e.suite;
	EXPECT_GE(found->runs, found->vectors) << "vectors were skipped";
	EXPECT_TRUE(found->passed) << found->message;
}

INSTANTIATE_TEST_SUITE_P(Kernel, DriverVectors, ::testing::ValuesIn(driver_cases()),
			 [](const auto &info) {
				 return case_name(info.param.version, info.param.e.driver);
			 });

class TreeVectors : public ::testing::TestWithParam<const char *> {};

// Whatever else is registered (a colleague's new driver, a loaded module) passes its kernel
// vectors too: the suites come from alg_test_descs[], not from a list of ours.
TEST_P(TreeVectors, EveryRegisteredDriverPassesItsKernelSuites)
{
	REQUIRE_MODULE(GetParam());
	std::string source = std::string("kernel-") + GetParam();
	std::map<std::string, unsigned int> vectors_per_driver;
	for (const auto &r : results()) {
		if (r.source != source)
			continue;
		vectors_per_driver[r.driver] += r.vectors;
		EXPECT_TRUE(r.passed) << r.driver << " " << r.alg << ": " << r.message;
	}
	std::string listing;
	for (const auto &[driver, n] : vectors_per_driver)
		listing += " " + driver + "=" + std::to_string(n);
	RecordProperty("drivers", listing);
	printf("drivers with %s vectors:%s\n", source.c_str(), listing.c_str());
	auto registered = registered_drivers();
	for (const auto &e : kExpected) {
		if (registered.count(e.driver)) {
			EXPECT_TRUE(vectors_per_driver.count(e.driver))
				<< e.driver << " ran no " << source << " suite";
		}
	}
}

// The module itself: named after the tree's Makefile, holding every hash and cipher suite of
// alg_test_descs[] (so far more than our algorithms), each with the tree's vector count.
TEST_P(TreeVectors, ModuleHoldsTheTreesHashCipherAndAeadSuites)
{
	REQUIRE_MODULE(GetParam());
	std::string path = module_path(GetParam());
	void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
	ASSERT_TRUE(handle) << dlerror();
	using get_fn = const kcshim_vector_source *(*)();
	auto get = reinterpret_cast<get_fn>(dlsym(handle, "kcshim_vector_source"));
	ASSERT_TRUE(get);
	const kcshim_vector_source *src = get();
	EXPECT_EQ(std::string(src->name), std::string("kernel-") + GetParam());
	EXPECT_GT(src->nsuites, 100u);

	std::map<std::string, const kcshim_vector_suite *> by_alg;
	for (unsigned int i = 0; i < src->nsuites; i++)
		by_alg[src->suites[i].alg] = &src->suites[i];
	for (const auto &e : kExpected) {
		ASSERT_TRUE(by_alg.count(e.suite)) << e.suite;
		DriverCase c{GetParam(), e};
		EXPECT_EQ(by_alg[e.suite]->count, c.vectors()) << e.suite;
		bool cipher = std::string(e.suite).find('(') != std::string::npos;
		EXPECT_EQ(by_alg[e.suite]->kind, cipher ? KCSHIM_SUITE_CIPHER : KCSHIM_SUITE_HASH)
			<< e.suite;
	}
	// not hard-coded: suites of algorithms kcshim has no driver for come along
	for (const char *other : {"hmac(sha512)", "sha256", "cbc(aes)", "xts(aes)"})
		EXPECT_TRUE(by_alg.count(other)) << other;
	// the conversion kept the fields: the first sha512 vector is the empty message
	auto *sha512 = static_cast<const kcshim_hash_vec *>(by_alg["sha512"]->vecs);
	EXPECT_EQ(sha512[0].psize, 0u);
	EXPECT_EQ(static_cast<unsigned char>(sha512[0].digest[0]), 0xcfu);
	auto *cbc = static_cast<const kcshim_cipher_vec *>(by_alg["cbc(cast5)"]->vecs);
	EXPECT_EQ(cbc[0].klen, 16u);
	EXPECT_EQ(cbc[0].len, 496u);
	EXPECT_TRUE(cbc[0].iv && cbc[0].iv_out);
	// AEAD suites: gcm(aes)'s first vector is the empty message's tag under a zero key; the
	// rfc4106/rfc4543 suites carry testmgr's flags, and rfc4543's inauthentic vector its novrfy
	ASSERT_TRUE(by_alg.count("gcm(aes)"));
	EXPECT_EQ(by_alg["gcm(aes)"]->kind, KCSHIM_SUITE_AEAD);
	EXPECT_FALSE(by_alg["gcm(aes)"]->aad_iv || by_alg["gcm(aes)"]->einval_allowed);
	auto *gcm = static_cast<const kcshim_aead_vec *>(by_alg["gcm(aes)"]->vecs);
	EXPECT_EQ(gcm[0].klen, 16u);
	EXPECT_EQ(gcm[0].alen + gcm[0].plen, 0u);
	EXPECT_EQ(gcm[0].clen, 16u);
	EXPECT_EQ(static_cast<unsigned char>(gcm[0].ctext[0]), 0x58u);
	for (const char *ipsec : {"rfc4106(gcm(aes))", "rfc4543(gcm(aes))"}) {
		ASSERT_TRUE(by_alg.count(ipsec)) << ipsec;
		EXPECT_TRUE(by_alg[ipsec]->aad_iv && by_alg[ipsec]->einval_allowed) << ipsec;
	}
	const kcshim_vector_suite *rfc4543 = by_alg["rfc4543(gcm(aes))"];
	auto *v4543 = static_cast<const kcshim_aead_vec *>(rfc4543->vecs);
	EXPECT_EQ(std::count_if(v4543, v4543 + rfc4543->count, [](auto &v) { return v.novrfy; }), 1);
	// the handle stays open: the self-test results may point into it
}

INSTANTIATE_TEST_SUITE_P(Kernel, TreeVectors, ::testing::ValuesIn(kVersions),
			 [](const auto &info) { return case_name(info.param, "tree"); });

}  // namespace
